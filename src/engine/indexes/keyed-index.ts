/**
 * What the keyed index types (dictionary, range, regular expression) share: a store of keys, each with
 * the ids of the elements under it, and the reverse membership (element to the keys it is under) that
 * makes removing or purging an element cost its own memberships rather than a pass over the keys.
 *
 * Rules (docs/indexes.md, Routes): adding the same (key, element) pair twice is idempotent; a second key gives the
 * element a second membership; removing an element removes all of its memberships; removing a key
 * removes it for every element. A key that is left without elements is removed.
 */
import { ScanOperator } from '../graph/scan.js';
import { readValue, writeValue } from '../codec/value-codec.js';
import type { TypedValue, ValueType } from '../model/values.js';
import {
  joinParts,
  payloadPartBytes,
  readPayloadSteps,
  startPayload,
  takePart,
  type ByteReader,
} from './codec.js';
import { compareForScan, isIndexableKey, keysEqual } from './keys.js';
import {
  IndexFormatError,
  type IdVisitor,
  type IndexCapability,
  type IndexCapture,
  type KeyedIndex,
} from '../tx/index-plugin.js';
import type { CopyOnWrite } from './copy-on-write.js';
import { writeIdSetSteps } from './id-lists.js';
import { PagedIdMap } from './paged-id-map.js';

/**
 * The elements under one key: the id itself while there is one (a small integer, stored unboxed beside
 * the key, so a scan reads no object per key), a set once there are several.
 */
export type Ids = number | Set<number>;

/** A key and its elements, as stores hand them out for whole-store passes. */
export type KeyIds = readonly [key: TypedValue, ids: Ids];

/** Where a keyed index keeps its keys: a hash (equality only) or an order (equality and range). */
export interface KeyStore {
  /** Distinct keys. */
  readonly size: number;
  /** The elements under `key`. */
  find(key: TypedValue): Ids | undefined;
  /** Adds the pair; false when it was there. */
  add(key: TypedValue, id: number): boolean;
  /** Removes the pair, and the key when no element is left under it; false when the pair was absent. */
  remove(key: TypedValue, id: number): boolean;
  /** Removes a key; the elements that were under it, or undefined when absent. */
  removeKey(key: TypedValue): Ids | undefined;
  /** Every key with its elements, type by type, each type's keys in the store's order. */
  forEach(visit: (key: TypedValue, ids: Ids) => void): void;
  /**
   * The keys of `type` for a scan that may pause: an iteration paused while the store changes goes on
   * over the current content (a key added meanwhile may or may not be seen, one removed is not).
   */
  entriesOfType(type: ValueType): Iterable<KeyIds>;
  clear(): void;
  /**
   * Replaces the content with `entries`, given as `forEach` gives them (distinct keys, non-empty ids), in
   * steps: pauses after every `loadStepItems` entries.
   */
  loadSteps(entries: readonly KeyIds[]): Generator<void>;
  /**
   * The content as it is now, in O(types) or O(key blocks) (copy-on-write.ts): its entries, read later,
   * are those of this moment whatever changes meanwhile, until it is released.
   */
  capture(): KeyStoreCapture;
}

/** A key store's content at `KeyStore.capture`. */
export interface KeyStoreCapture {
  /** Distinct keys at the capture. */
  readonly size: number;
  /**
   * Every key at the capture with its elements, each once, each type's keys in the store's order. Read
   * lazily: the caller may pause between two entries while the store changes. The id sets handed out
   * are the capture's: never changed.
   */
  entries(): Generator<KeyIds, void>;
  /** Ends the capture (the store stops keeping what it saw); idempotent. */
  release(): void;
}

/** Runs an iterator to its end; answers its return value. */
export function drain<T>(iterator: Iterator<void, T>): T {
  for (;;) {
    const step = iterator.next();
    if (step.done === true) return step.value;
  }
}

export function visitIds(ids: Ids, visit: IdVisitor): void {
  if (typeof ids === 'number') visit(ids);
  else for (const id of ids) visit(id);
}

export function idCount(ids: Ids): number {
  return typeof ids === 'number' ? 1 : ids.size;
}

export function hasId(ids: Ids, id: number): boolean {
  return typeof ids === 'number' ? ids === id : ids.has(id);
}

/**
 * `ids` as a value the store may change in place: a set an open capture shares is copied (and the copy
 * adopted). Copying costs the set's size, once per key per capture.
 */
export function writableIds(ids: Ids, cow: CopyOnWrite): Ids {
  if (typeof ids === 'number' || cow.owns(ids)) return ids;
  return cow.adopt(new Set(ids));
}

/** `ids` with `id` added, or undefined when it was there already (a set is changed in place). */
export function withId(ids: Ids, id: number): Ids | undefined {
  if (typeof ids === 'number') return ids === id ? undefined : new Set([ids, id]);
  if (ids.has(id)) return undefined;
  ids.add(id);
  return ids;
}

/**
 * `ids` without `id`: the remaining ids, null when none remain, undefined when `id` was not there (a set
 * is changed in place; one left with a single id becomes that id).
 */
export function withoutId(ids: Ids, id: number): Ids | null | undefined {
  if (typeof ids === 'number') return ids === id ? null : undefined;
  if (!ids.delete(id)) return undefined;
  return ids.size === 1 ? (ids.values().next().value as number) : ids;
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
/** Keys read, or memberships linked, between two pauses of a stepwise load (a few milliseconds). */
export const loadStepItems = 16_384;
/** Keys and memberships encoded between two pauses of a capture's encoding (a few milliseconds). */
export const encodeStepItems = 16_384;

export abstract class KeyedIndexBase implements KeyedIndex {
  abstract readonly pluginType: string;
  abstract readonly capabilities: readonly IndexCapability[];
  readonly embeddingName = null;
  readonly model = null;
  /** Element id to the key it is under, or the keys (several). */
  private members = new PagedIdMap<TypedValue | TypedValue[]>();
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
    // A key of a kind this index does not hold is ignored, and the add still answers true (docs/indexes.md).
    if (!this.accepts(key)) return true;
    if (this.store.add(key, elementId)) {
      this.link(elementId, key);
      this.pairs++;
    }
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
    if (Array.isArray(held)) {
      for (const key of held) if (this.store.remove(key, elementId)) this.pairs--;
    } else if (this.store.remove(held, elementId)) this.pairs--;
  }

  removeKey(key: TypedValue): boolean {
    if (!isIndexableKey(key)) return false;
    const ids = this.store.removeKey(key);
    if (ids === undefined) return false;
    visitIds(ids, (elementId) => this.unlink(elementId, key));
    this.pairs -= idCount(ids);
    return true;
  }

  renumber(renumbering: Int32Array): void {
    const entries: KeyIds[] = [];
    this.store.forEach((key, ids) => {
      let renamed: Ids | undefined;
      visitIds(ids, (elementId) => {
        const to = elementId < renumbering.length ? renumbering[elementId] : -1;
        if (to >= 0) renamed = renamed === undefined ? to : (withId(renamed, to) ?? renamed);
      });
      if (renamed !== undefined) entries.push([key, renamed]);
    });
    drain(this.install(entries));
  }

  clearEntries(): void {
    this.store.clear();
    this.members = new PagedIdMap();
    this.pairs = 0;
  }

  scan(operator: ScanOperator, literal: TypedValue, visit: IdVisitor): void {
    if (operator === ScanOperator.Equals) {
      // The hot path (a lookup per request): no generator.
      const ids = isIndexableKey(literal) ? this.store.find(literal) : undefined;
      if (ids !== undefined) visitIds(ids, visit);
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
      const ids = this.store.find(literal);
      if (ids !== undefined) visitIds(ids, visit);
      return;
    }
    let seen = 0;
    for (const [key, ids] of this.store.entriesOfType(literal.type)) {
      if (keyMatches(operator, key, literal)) visitIds(ids, visit);
      if (++seen === sliceKeys) {
        seen = 0;
        yield;
      }
    }
  }

  /**
   * Payload: magic, version, key count, then per key the key (the log's typed-value codec), its element
   * count and its element ids ascending as deltas. Encoded from a capture, in one piece.
   */
  serialize(): Uint8Array {
    const captured = this.store.capture();
    try {
      return joinParts(drain(this.encodeSteps(captured)));
    } finally {
      captured.release();
    }
  }

  /** The content now (`KeyStore.capture`); `serialize`'s bytes of this moment come from its `encodeSteps`. */
  capture(): IndexCapture {
    const captured = this.store.capture();
    return { encodeSteps: () => this.encodeSteps(captured), release: captured.release };
  }

  /**
   * `serialize` of a capture, in parts: pauses after every `encodeStepItems` keys and memberships, each
   * pause ending a part.
   */
  private *encodeSteps(captured: KeyStoreCapture): Generator<void, Uint8Array[]> {
    const parts: Uint8Array[] = [];
    const out = startPayload(this.magic, keyedFormatVersion, payloadPartBytes);
    out.varUint(captured.size);
    let keys = 0;
    let work = 0;
    for (const [key, ids] of captured.entries()) {
      writeValue(out, key);
      keys++;
      if (typeof ids === 'number') {
        out.varUint(1);
        out.varUint(ids);
        work += 1;
      } else {
        out.varUint(ids.size);
        yield* writeIdSetSteps(out, ids, encodeStepItems);
        work += ids.size;
      }
      if (work >= encodeStepItems) {
        work = 0;
        takePart(out, parts);
        yield;
      }
    }
    if (keys !== captured.size) {
      throw new Error(`${this.pluginType} '${this.id}': captured ${captured.size} keys, read back ${keys}`);
    }
    takePart(out, parts);
    return parts;
  }

  /** Fills this (empty) index from a payload `serialize` wrote. */
  protected load(payload: Uint8Array): this {
    return drain(this.loadSteps(payload));
  }

  /**
   * `load` in steps: pauses after every `loadStepItems` keys read or memberships linked, so a load into a
   * serving process can let the event loop turn (the key store itself is built in one piece).
   */
  protected *loadSteps(payload: Uint8Array): Generator<void, this> {
    const entries = yield* readPayloadSteps(
      payload,
      this.magic,
      keyedFormatVersion,
      `${this.pluginType} '${this.id}'`,
      (input) => this.readEntries(input),
    );
    yield* this.install(entries);
    return this;
  }

  /** Replaces the content with `entries` (as `KeyStore.load` takes them) and rebuilds the memberships. */
  private *install(entries: readonly KeyIds[]): Generator<void> {
    yield* this.store.loadSteps(entries);
    this.members = new PagedIdMap();
    this.pairs = 0;
    let linked = 0;
    for (const [key, ids] of entries) {
      visitIds(ids, (elementId) => this.link(elementId, key));
      const count = idCount(ids);
      this.pairs += count;
      linked += count;
      if (linked >= loadStepItems) {
        linked = 0;
        yield;
      }
    }
  }

  private *readEntries(input: ByteReader): Generator<void, KeyIds[]> {
    const count = input.varUint();
    const entries: KeyIds[] = [];
    for (let i = 0; i < count; i++) {
      if (i > 0 && i % loadStepItems === 0) yield;
      const key = readValue(input);
      if (!this.accepts(key))
        throw new IndexFormatError(`a ${key.type} key cannot be in a ${this.pluginType}`);
      const size = input.varUint();
      if (size === 0) throw new IndexFormatError('a key without elements');
      let ids: Ids | undefined;
      let elementId = 0;
      for (let j = 0; j < size; j++) {
        const delta = input.varUint();
        if (j > 0 && delta === 0) throw new IndexFormatError('element ids must ascend');
        elementId += delta;
        if (elementId > 0x7fffffff) throw new IndexFormatError(`element id ${elementId} is out of range`);
        ids = ids === undefined ? elementId : withId(ids, elementId);
      }
      entries.push([key, ids!]);
    }
    return entries;
  }

  private link(elementId: number, key: TypedValue): void {
    const held = this.members.get(elementId);
    if (held === undefined) this.members.set(elementId, key);
    else if (Array.isArray(held)) held.push(key);
    else this.members.set(elementId, [held, key]);
  }

  /** Forgets that `elementId` is under `key` (or a key equal to it). */
  private unlink(elementId: number, key: TypedValue): void {
    const held = this.members.get(elementId);
    if (held === undefined) return;
    if (!Array.isArray(held)) {
      if (keysEqual(held, key)) this.members.delete(elementId);
      return;
    }
    const at = held.findIndex((candidate) => keysEqual(candidate, key));
    if (at >= 0) held.splice(at, 1);
    if (held.length === 1) this.members.set(elementId, held[0]);
  }
}
