/**
 * What the keyed index types (dictionary, range, regular expression) share: a store of key entries, each
 * a typed key with the ids of the elements under it, and the reverse membership (element to its entries)
 * that makes removing or purging an element cost its own memberships rather than a pass over the keys.
 *
 * Rules (CONTRACT 1.10): adding the same (key, element) pair twice is idempotent; a second key gives the
 * element a second membership; removing an element removes all of its memberships; removing a key
 * removes it for every element. A key that is left without elements is removed.
 */
import { ScanOperator } from '../graph/scan.js';
import { readValue, writeValue } from '../durability/wal/value-codec.js';
import type { TypedValue, ValueType } from '../model/values.js';
import { readPayload, startPayload, type ByteReader } from './codec.js';
import { compareForScan, isIndexableKey, keysEqual } from './keys.js';
import { IndexFormatError, type IdVisitor, type IndexCapability, type KeyedIndex } from './plugin.js';

/** A key and the elements indexed under it: one id, or a set once there are several. */
export interface KeyEntry {
  readonly key: TypedValue;
  ids: number | Set<number>;
}

/** Where a keyed index keeps its entries: a hash (equality only) or an order (equality and range). */
export interface KeyStore {
  readonly size: number;
  find(key: TypedValue): KeyEntry | undefined;
  /** The entry for `key`, created empty (`ids` -1) when absent. */
  findOrAdd(key: TypedValue): KeyEntry;
  delete(entry: KeyEntry): void;
  forEach(visit: (entry: KeyEntry) => void): void;
  /**
   * The entries of keys of `type` for a scan that may pause: an iteration paused while the store changes
   * goes on over the current content (a key added meanwhile may or may not be seen, one removed is not).
   */
  entriesOfType(type: ValueType): Iterable<KeyEntry>;
  clear(): void;
  /** Rebuilds from entries read back from a payload, in the order `forEach` gave them. */
  load(entries: KeyEntry[]): void;
}

/** An entry with no element yet (`findOrAdd` makes one; the index fills it at once). */
export const noElement = -1;

/** Runs an iterator to its end; answers its return value. */
export function drain<T>(iterator: Iterator<void, T>): T {
  for (;;) {
    const step = iterator.next();
    if (step.done === true) return step.value;
  }
}

export function visitIds(entry: KeyEntry, visit: IdVisitor): void {
  const ids = entry.ids;
  if (typeof ids === 'number') visit(ids);
  else for (const id of ids) visit(id);
}

function entryHas(entry: KeyEntry, id: number): boolean {
  const ids = entry.ids;
  return typeof ids === 'number' ? ids === id : ids.has(id);
}

function entrySize(entry: KeyEntry): number {
  const ids = entry.ids;
  return typeof ids === 'number' ? (ids === noElement ? 0 : 1) : ids.size;
}

/** Adds `id` to an entry it is not in. */
function entryAdd(entry: KeyEntry, id: number): void {
  const ids = entry.ids;
  if (typeof ids !== 'number') ids.add(id);
  else entry.ids = ids === noElement ? id : new Set([ids, id]);
}

/** Removes `id` from an entry it is in; true when the entry is now empty. */
function entryRemove(entry: KeyEntry, id: number): boolean {
  const ids = entry.ids;
  if (typeof ids === 'number') {
    entry.ids = noElement;
    return true;
  }
  ids.delete(id);
  if (ids.size === 1) entry.ids = ids.values().next().value as number;
  return false;
}

/** Does `key operator literal` hold, typed (other types never match)? */
export function keyMatches(operator: ScanOperator, key: TypedValue, literal: TypedValue): boolean {
  if (key.type !== literal.type) return false;
  switch (operator) {
    case ScanOperator.Equals:
      return keysEqual(key, literal);
    case ScanOperator.NotEquals:
      return !keysEqual(key, literal);
    case ScanOperator.Greater:
      return compareForScan(key, literal) > 0;
    case ScanOperator.GreaterOrEquals:
      return compareForScan(key, literal) >= 0;
    case ScanOperator.Lower:
      return compareForScan(key, literal) < 0;
    case ScanOperator.LowerOrEquals:
      return compareForScan(key, literal) <= 0;
  }
}

/** Payload version of the keyed formats (shared body; each type has its own magic). */
const keyedFormatVersion = 1;

export abstract class KeyedIndexBase implements KeyedIndex {
  abstract readonly pluginType: string;
  abstract readonly capabilities: readonly IndexCapability[];
  readonly embeddingName = null;
  readonly model = null;
  /** Element id to its entry (one key) or entries (several). */
  private members = new Map<number, KeyEntry | KeyEntry[]>();
  private pairs = 0;

  protected constructor(
    readonly id: string,
    protected readonly store: KeyStore,
    /** Four letters heading this type's payload. */
    private readonly magic: string,
  ) {}

  get keyCount(): number {
    return this.store.size;
  }

  get valueCount(): number {
    return this.pairs;
  }

  /** Scalar keys; a type may narrow it (RegExIndex: strings only). */
  accepts(key: TypedValue): boolean {
    return isIndexableKey(key);
  }

  add(elementId: number, key: TypedValue): boolean {
    // A key of a kind this index does not hold is ignored, and the add still answers true (CONTRACT 1.10).
    if (!this.accepts(key)) return true;
    const entry = this.store.findOrAdd(key);
    if (entryHas(entry, elementId)) return true;
    entryAdd(entry, elementId);
    this.link(elementId, entry);
    this.pairs++;
    return true;
  }

  removeElement(elementId: number): boolean {
    this.purge(elementId);
    return true;
  }

  purge(elementId: number): void {
    const held = this.members.get(elementId);
    if (held === undefined) return;
    this.members.delete(elementId);
    if (Array.isArray(held)) for (const entry of held) this.leave(entry, elementId);
    else this.leave(held, elementId);
  }

  removeKey(key: TypedValue): boolean {
    if (!isIndexableKey(key)) return false;
    const entry = this.store.find(key);
    if (entry === undefined) return false;
    visitIds(entry, (elementId) => this.unlink(elementId, entry));
    this.pairs -= entrySize(entry);
    this.store.delete(entry);
    return true;
  }

  renumber(renumbering: Int32Array): void {
    this.members = new Map();
    this.pairs = 0;
    const emptied: KeyEntry[] = [];
    this.store.forEach((entry) => {
      const old = entry.ids;
      entry.ids = noElement;
      const move = (elementId: number) => {
        const renamed = elementId < renumbering.length ? renumbering[elementId] : -1;
        if (renamed < 0 || entryHas(entry, renamed)) return;
        entryAdd(entry, renamed);
        this.link(renamed, entry);
        this.pairs++;
      };
      if (typeof old === 'number') move(old);
      else for (const elementId of old) move(elementId);
      if (entry.ids === noElement) emptied.push(entry);
    });
    for (const entry of emptied) this.store.delete(entry);
  }

  clearEntries(): void {
    this.store.clear();
    this.members = new Map();
    this.pairs = 0;
  }

  scan(operator: ScanOperator, literal: TypedValue, visit: IdVisitor): void {
    if (operator === ScanOperator.Equals) {
      // The hot path (a lookup per request): no generator.
      const entry = isIndexableKey(literal) ? this.store.find(literal) : undefined;
      if (entry !== undefined) visitIds(entry, visit);
      return;
    }
    drain(this.scanSlices(operator, literal, visit, Infinity));
  }

  /** Equality is one lookup; the other operators walk the keys of the literal's type. */
  *scanSlices(
    operator: ScanOperator,
    literal: TypedValue,
    visit: IdVisitor,
    sliceKeys: number,
  ): Generator<void> {
    if (!isIndexableKey(literal)) return;
    if (operator === ScanOperator.Equals) {
      const entry = this.store.find(literal);
      if (entry !== undefined) visitIds(entry, visit);
      return;
    }
    let seen = 0;
    for (const entry of this.store.entriesOfType(literal.type)) {
      if (keyMatches(operator, entry.key, literal)) visitIds(entry, visit);
      if (++seen === sliceKeys) {
        seen = 0;
        yield;
      }
    }
  }

  /**
   * Payload: magic, version, entry count, then per entry its key (the log's typed-value codec), its
   * element count and its ids ascending as deltas.
   */
  serialize(): Uint8Array {
    const out = startPayload(this.magic, keyedFormatVersion, 64 + this.store.size * 16);
    out.varUint(this.store.size);
    const ids: number[] = [];
    this.store.forEach((entry) => {
      writeValue(out, entry.key);
      ids.length = 0;
      visitIds(entry, (elementId) => ids.push(elementId));
      ids.sort((a, b) => a - b);
      out.varUint(ids.length);
      let previous = 0;
      for (const elementId of ids) {
        out.varUint(elementId - previous);
        previous = elementId;
      }
    });
    return out.toBuffer();
  }

  /** Fills this (empty) index from a payload `serialize` wrote. */
  protected load(payload: Uint8Array): this {
    const entries = readPayload(
      payload,
      this.magic,
      keyedFormatVersion,
      `${this.pluginType} '${this.id}'`,
      (input) => this.readEntries(input),
    );
    this.store.load(entries);
    for (const entry of entries) {
      visitIds(entry, (elementId) => {
        this.link(elementId, entry);
        this.pairs++;
      });
    }
    return this;
  }

  private readEntries(input: ByteReader): KeyEntry[] {
    const count = input.varUint();
    const entries: KeyEntry[] = [];
    for (let i = 0; i < count; i++) {
      const key = readValue(input);
      if (!this.accepts(key))
        throw new IndexFormatError(`a ${key.type} key cannot be in a ${this.pluginType}`);
      const size = input.varUint();
      if (size === 0) throw new IndexFormatError('a key without elements');
      const entry: KeyEntry = { key, ids: noElement };
      let elementId = 0;
      for (let j = 0; j < size; j++) {
        const delta = input.varUint();
        if (j > 0 && delta === 0) throw new IndexFormatError('element ids must ascend');
        elementId += delta;
        if (elementId > 0x7fffffff) throw new IndexFormatError(`element id ${elementId} is out of range`);
        entryAdd(entry, elementId);
      }
      entries.push(entry);
    }
    return entries;
  }

  private link(elementId: number, entry: KeyEntry): void {
    const held = this.members.get(elementId);
    if (held === undefined) this.members.set(elementId, entry);
    else if (Array.isArray(held)) held.push(entry);
    else this.members.set(elementId, [held, entry]);
  }

  private unlink(elementId: number, entry: KeyEntry): void {
    const held = this.members.get(elementId);
    if (held === entry) this.members.delete(elementId);
    else if (Array.isArray(held)) {
      held.splice(held.indexOf(entry), 1);
      if (held.length === 1) this.members.set(elementId, held[0]);
    }
  }

  /** `elementId` leaves `entry` (its membership record is already gone). */
  private leave(entry: KeyEntry, elementId: number): void {
    this.pairs--;
    if (entryRemove(entry, elementId)) this.store.delete(entry);
  }
}
