/**
 * Element embeddings: per element, at most one float32 vector per name, with an optional provider stamp.
 *
 * Storage: per name, one `VectorSet` per dimension in use (names may hold vectors of several
 * dimensions, docs/vectors.md), so every vector lives in the kernel's memory at 4 x its
 * padded dimension bytes plus 12 bytes of slot bookkeeping and 4 bytes per id of the id space per
 * (name, dimension). A vector index bound to a name reads the set of its dimension directly: the
 * projection costs no copy and is always current.
 *
 * Mutations here never validate (the transaction layer checks names and vectors first) and each returns
 * what its undo needs. Invariant: an element has a stamp under a name only while it has a vector there.
 *
 * Checkpoints read the store through a pin (`pin`, taken with the writer held): the pin sees the
 * embeddings as they were at that moment, however the store changes afterwards, without copying them up
 * front (copy on write: the first write to an (element, name) after the pin keeps what was there for the
 * pin; a trim, which renumbers in place, copies what the pin still reads from the live store).
 */
import { VectorSet } from '../vectors/set.js';
import { EmbeddingPin, type Preimage } from './pin.js';

export { EmbeddingPin } from './pin.js';

export interface StoredEmbedding {
  name: string;
  vector: Float32Array;
  /** Provider stamp (`model[@version]#dimension#metric`), null for a caller-supplied vector. */
  model: string | null;
}

/** What an (element, name) held before a write: the vector (a copy) and stamp, or nothing. */
export type PreviousEmbedding = { vector: Float32Array; model: string | null } | undefined;

/** One name's vectors, by dimension, and its stamps. */
export class NamedEmbeddings {
  readonly sets = new Map<number, VectorSet>();
  readonly stamps = new Map<number, string>();

  setHolding(id: number): VectorSet | undefined {
    for (const set of this.sets.values()) if (set.has(id)) return set;
    return undefined;
  }

  get size(): number {
    let size = 0;
    for (const set of this.sets.values()) size += set.size;
    return size;
  }
}

export class EmbeddingStore {
  private byName = new Map<string, NamedEmbeddings>();
  private readonly pins = new Set<EmbeddingPin>();

  /** Names with at least one vector, in first-use order. */
  names(): string[] {
    return [...this.byName.keys()];
  }

  /** The vector as a view into the kernel's memory, valid until the next write; undefined when absent. */
  get(id: number, name: string): Float32Array | undefined {
    return this.byName.get(name)?.setHolding(id)?.view(id);
  }

  has(id: number, name: string): boolean {
    return this.byName.get(name)?.setHolding(id) !== undefined;
  }

  /** The stamp, null for a caller-supplied vector, undefined when the element has no such embedding. */
  model(id: number, name: string): string | null | undefined {
    const named = this.byName.get(name);
    if (named === undefined || named.setHolding(id) === undefined) return undefined;
    return named.stamps.get(id) ?? null;
  }

  /** A copy of the element's embedding of that name. */
  read(id: number, name: string): StoredEmbedding | undefined {
    const named = this.byName.get(name);
    const vector = named?.setHolding(id)?.get(id);
    if (named === undefined || vector === undefined) return undefined;
    return { name, vector, model: named.stamps.get(id) ?? null };
  }

  /** Every embedding of the element (copies), by name (ordinal). */
  list(id: number): StoredEmbedding[] {
    const result: StoredEmbedding[] = [];
    for (const name of this.byName.keys()) {
      const embedding = this.read(id, name);
      if (embedding !== undefined) result.push(embedding);
    }
    return result.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Reserved entries the element shows among its properties: one per embedding plus one per stamp. */
  entryCount(id: number): number {
    let count = 0;
    for (const named of this.byName.values()) {
      if (named.setHolding(id) === undefined) continue;
      count += named.stamps.has(id) ? 2 : 1;
    }
    return count;
  }

  /** Vectors stored under `name` at `dimension` (the members of an index bound to it), if any. */
  vectorsOf(name: string, dimension: number): VectorSet | undefined {
    return this.byName.get(name)?.sets.get(dimension);
  }

  /** Every name with its vector sets (one per dimension) and stamps: the checkpoint's view (checkpoint.ts). */
  groups(): { name: string; sets: VectorSet[]; stamps: ReadonlyMap<number, string> }[] {
    return [...this.byName].map(([name, named]) => ({
      name,
      sets: [...named.sets.values()],
      stamps: named.stamps,
    }));
  }

  /** Vectors stored under `name`, every dimension. */
  countOf(name: string): number {
    return this.byName.get(name)?.size ?? 0;
  }

  /** Adds or replaces the element's embedding; answers what was there before. */
  set(id: number, name: string, vector: Float32Array, model: string | null): PreviousEmbedding {
    if (this.pins.size > 0) this.keepForPins(id, name);
    let named = this.byName.get(name);
    if (named === undefined) {
      named = new NamedEmbeddings();
      this.byName.set(name, named);
    }
    const holding = named.setHolding(id);
    const previous: PreviousEmbedding =
      holding === undefined ? undefined : { vector: holding.get(id)!, model: named.stamps.get(id) ?? null };
    if (holding !== undefined && holding.dimension !== vector.length) this.deleteFrom(named, holding, id);
    let target = named.sets.get(vector.length);
    if (target === undefined) {
      target = new VectorSet(vector.length);
      named.sets.set(vector.length, target);
    }
    target.put(id, vector);
    if (model === null) named.stamps.delete(id);
    else named.stamps.set(id, model);
    return previous;
  }

  /** Makes room for `count` more vectors of `name` at `dimension` (a loader; see `VectorSet.reserve`). */
  reserve(name: string, dimension: number, count: number): void {
    let named = this.byName.get(name);
    if (named === undefined) {
      named = new NamedEmbeddings();
      this.byName.set(name, named);
    }
    let set = named.sets.get(dimension);
    if (set === undefined) {
      set = new VectorSet(dimension);
      named.sets.set(dimension, set);
    }
    set.reserve(count);
  }

  /** Removes the element's embedding of that name; answers what was there (undefined: nothing). */
  remove(id: number, name: string): PreviousEmbedding {
    if (this.pins.size > 0) this.keepForPins(id, name);
    const named = this.byName.get(name);
    const holding = named?.setHolding(id);
    if (named === undefined || holding === undefined) return undefined;
    const previous = { vector: holding.get(id)!, model: named.stamps.get(id) ?? null };
    named.stamps.delete(id);
    this.deleteFrom(named, holding, id);
    if (named.sets.size === 0) this.byName.delete(name);
    return previous;
  }

  /** Puts back what `set` or `remove` answered. */
  restore(id: number, name: string, previous: PreviousEmbedding): void {
    if (previous === undefined) this.remove(id, name);
    else this.set(id, name, previous.vector, previous.model);
  }

  /** Removes every embedding of the element (it is being removed); answers them for an undo. */
  takeAll(id: number): StoredEmbedding[] {
    if (this.byName.size === 0) return noEmbeddings;
    const taken = this.list(id);
    for (const { name } of taken) this.remove(id, name);
    return taken;
  }

  /** Puts back what `takeAll` answered. */
  restoreAll(id: number, taken: readonly StoredEmbedding[]): void {
    for (const { name, vector, model } of taken) this.set(id, name, vector, model);
  }

  /** Applies a trim's renumbering (old id to new id, -1 for removed). */
  renumber(renumbering: Int32Array): void {
    for (const pin of this.pins) if (pin.source === this.byName) this.materialize(pin);
    for (const named of this.byName.values()) {
      for (const set of named.sets.values()) set.renumber(renumbering);
      const stamps = [...named.stamps];
      named.stamps.clear();
      for (const [id, model] of stamps) {
        const to = id < renumbering.length ? renumbering[id] : -1;
        if (to >= 0) named.stamps.set(to, model);
      }
    }
  }

  /** Drops every embedding. */
  clear(): void {
    this.byName = new Map();
  }

  /** Takes over `other`'s embeddings (installing a loaded graph); `other` must not be used afterwards. */
  adopt(other: EmbeddingStore): void {
    this.byName = other.byName;
  }

  /** Bytes committed by the vector sets. */
  get committedBytes(): number {
    let bytes = 0;
    for (const named of this.byName.values())
      for (const set of named.sets.values()) bytes += set.committedBytes;
    return bytes;
  }

  /**
   * Pins the current embeddings (with the writer held, so the store does not change meanwhile): see
   * `EmbeddingPin`. `idLimit` is the graph's next id: later elements are of no interest to the pin.
   */
  pin(idLimit: number): EmbeddingPin {
    const pin = new EmbeddingPin(this.byName, idLimit, (released) => this.pins.delete(released));
    this.pins.add(pin);
    return pin;
  }

  /** Before the first write to (id, name) since each open pin: keeps what the pin must still see. */
  private keepForPins(id: number, name: string): void {
    let kept: Preimage | undefined;
    for (const pin of this.pins) {
      // A pin of a map a clear or an adopt replaced reads that map, which nobody changes any more.
      if (pin.source !== this.byName || pin.materialized || id >= pin.idLimit) continue;
      let written = pin.preimages.get(name);
      if (written === undefined) {
        written = new Map();
        pin.preimages.set(name, written);
      }
      if (written.has(id)) continue;
      kept ??= this.preimageOf(id, name);
      written.set(id, kept);
    }
  }

  private preimageOf(id: number, name: string): Preimage {
    const named = this.byName.get(name);
    const vector = named?.setHolding(id)?.get(id);
    return vector === undefined ? null : { vector, model: named!.stamps.get(id) ?? null };
  }

  /** Copies every embedding the pin still reads from the live store (a trim is about to renumber it). */
  private materialize(pin: EmbeddingPin): void {
    if (pin.materialized) return;
    for (const [name, named] of this.byName) {
      let written = pin.preimages.get(name);
      for (const set of named.sets.values()) {
        for (const id of set.idsInRange(0, pin.idLimit)) {
          if (written?.has(id) === true) continue;
          if (written === undefined) {
            written = new Map();
            pin.preimages.set(name, written);
          }
          written.set(id, { vector: set.get(id)!, model: named.stamps.get(id) ?? null });
        }
      }
    }
    pin.materialized = true;
  }

  private deleteFrom(named: NamedEmbeddings, set: VectorSet, id: number): void {
    set.delete(id);
    if (set.size === 0) named.sets.delete(set.dimension);
  }
}

const noEmbeddings: StoredEmbedding[] = [];
