/**
 * A pin of the embedding store (`EmbeddingStore.pin`): the embeddings as they were when it was taken,
 * readable while writes go on, without a copy up front. The store keeps, on the first write to an
 * (element, name) after the pin, what was there (`preimages`); the pin reads a preimage where there is one
 * and the live store elsewhere. A trim renumbers the live store in place, so the store first copies into
 * the pin everything it still reads there (`materialized`); a clear or an installed graph replaces the
 * store's name map, and the pin keeps reading the old one, which nobody changes any more.
 *
 * Listing is stepwise (`rangeSteps`): a checkpoint lists a partition's embeddings in steps that let the
 * event loop turn; an element written during a pause has a preimage from then on, which `vector` and
 * `model` read, so whatever a listing saw stays readable as it was at the pin.
 */
import type { NamedEmbeddings } from './store.js';

/** What an (element, name) held when a pin was taken: a copy of the vector and stamp, or null for nothing. */
export type Preimage = { readonly vector: Float32Array; readonly model: string | null } | null;

/** One name's embeddings of an id range at a pin's cut: ids by dimension (ascending). */
export interface PinnedRange {
  name: string;
  groups: { dimension: number; ids: number[] }[];
}

/** Ids or preimages visited between two pauses of `rangeSteps`. */
export const pinStepItems = 16_384;

export class EmbeddingPin {
  /** Per name, the (element, preimage) pairs of elements written since the pin. */
  readonly preimages = new Map<string, Map<number, Preimage>>();
  /** Every pinned embedding is in `preimages`: the live store is no longer read. */
  materialized = false;
  released = false;

  constructor(
    /** The store's name map when the pin was taken; after a clear or an adopt nobody changes it any more. */
    readonly source: Map<string, NamedEmbeddings>,
    /** Ids at or above it were not elements at the pin: their embeddings are of no interest. */
    readonly idLimit: number,
    private readonly onRelease: (pin: EmbeddingPin) => void,
  ) {}

  /**
   * Names (ordinal order) and ids with an embedding at the pin in [idStart, idEnd), in steps: the
   * generator pauses after every `pinStepItems` items visited and returns the ranges. A trim meanwhile
   * (the pin materialized) makes it start over from the copies.
   */
  *rangeSteps(idStart: number, idEnd: number): Generator<void, PinnedRange[]> {
    for (;;) {
      const materialized = this.materialized;
      const ranges = yield* this.collect(idStart, Math.min(idEnd, this.idLimit), materialized);
      if (this.materialized === materialized) return ranges;
    }
  }

  /** `rangeSteps` without pausing: for a small range (a few thousand ids). */
  range(idStart: number, idEnd: number): PinnedRange[] {
    const steps = this.rangeSteps(idStart, idEnd);
    for (;;) {
      const step = steps.next();
      if (step.done === true) return step.value;
    }
  }

  private *collect(idStart: number, end: number, materialized: boolean): Generator<void, PinnedRange[]> {
    const names = new Set<string>(this.preimages.keys());
    if (!materialized) for (const name of this.source.keys()) names.add(name);
    const ranges: PinnedRange[] = [];
    for (const name of [...names].sort()) {
      const byDimension = new Map<number, { ids: number[]; sorted: boolean }>();
      // Ids listed from the live store: a write after that gives them a preimage, not a second listing.
      const listed = new Uint8Array(Math.max(0, end - idStart));
      const named = materialized ? undefined : this.source.get(name);
      for (const set of named === undefined ? [] : [...named.sets.values()]) {
        const group = { ids: [] as number[], sorted: true };
        for (let from = idStart; from < end; from += pinStepItems) {
          const to = Math.min(end, from + pinStepItems);
          // Read afresh after every pause: an element written meanwhile has its preimage now.
          const written = this.preimages.get(name);
          for (const id of set.idsInRange(from, to)) {
            if (written?.has(id) === true) continue;
            group.ids.push(id);
            listed[id - idStart] = 1;
          }
          if (to < end) {
            yield;
            if (this.materialized !== materialized) return [];
          }
        }
        if (group.ids.length > 0) byDimension.set(set.dimension, group);
      }
      const written = this.preimages.get(name);
      let visited = 0;
      // A copy: preimages recorded during a pause below are of ids listed already.
      for (const [id, preimage] of written === undefined ? [] : [...written]) {
        if (preimage !== null && id >= idStart && id < end && listed[id - idStart] === 0) {
          const dimension = preimage.vector.length;
          let group = byDimension.get(dimension);
          if (group === undefined) {
            group = { ids: [], sorted: true };
            byDimension.set(dimension, group);
          }
          group.ids.push(id);
          group.sorted = false;
        }
        if (++visited % pinStepItems === 0) yield;
      }
      if (byDimension.size === 0) continue;
      const groups = [...byDimension]
        .sort((a, b) => a[0] - b[0])
        .map(([dimension, group]) => ({
          dimension,
          ids: group.sorted ? group.ids : group.ids.sort((a, b) => a - b),
        }));
      ranges.push({ name, groups });
    }
    return ranges;
  }

  /** The pinned vector of an element `rangeSteps` listed (valid until the event loop turns). */
  vector(name: string, id: number): Float32Array {
    const written = this.preimages.get(name)?.get(id);
    if (written !== undefined) return written!.vector;
    return this.source.get(name)!.setHolding(id)!.view(id)!;
  }

  /** The pinned stamp of an element `rangeSteps` listed: null for a caller-supplied vector. */
  model(name: string, id: number): string | null {
    const written = this.preimages.get(name)?.get(id);
    if (written !== undefined) return written!.model;
    return this.source.get(name)!.stamps.get(id) ?? null;
  }

  /** Ends the pin; idempotent. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.preimages.clear();
    this.onRelease(this);
  }
}
