/**
 * Properties of every element, as records in a Float64 block pool, plus each element's modification date.
 *
 * Record layout (Float64 words):
 *   [0] size class + property count * classModulus (the block pool's header word, shared)
 *   [1] modification date, Unix seconds, or -1
 *   [2..] pairs [keyId * typeTagCount + typeTag, value]
 * Sharing word 0 keeps a three-property record at exactly eight words (64 bytes).
 * Numbers, booleans and chars are stored inline; strings, bigints, decimals, dates and vectors live in a
 * side table and the pair holds their slot. Pairs are sorted by key id so lookups stop early.
 *
 * The per-element record column is created on the first property write, so a graph without properties
 * pays nothing for it. An element without a record was never modified: its modification date is its
 * creation date.
 */
import { BlockPool, classModulus } from '../storage/block-pool.js';
import { SharedColumn } from '../storage/shared-column.js';
import { SCALAR_TYPES, type TypedValue, type ValueType } from '../model/values.js';

const valueTypes: readonly ValueType[] = [...SCALAR_TYPES, 'Single[]'];
export const typeTagCount = 32;
/** Words per (key and type, value) pair of a record. */
export const pairWords = 2;
const tagOf = new Map<ValueType, number>(valueTypes.map((type, tag) => [type, tag]));

const recordHeaderWords = 2;
const noModification = -1;

function countAt(view: Float64Array, record: number): number {
  return Math.floor(view[record] / classModulus);
}

function setCountAt(view: Float64Array, record: number, count: number): void {
  view[record] = (view[record] % classModulus) + count * classModulus;
}

/** Types whose value is a plain number and can live inline in the record. */
const inlineTags = new Set(
  (
    ['Boolean', 'Byte', 'SByte', 'Int16', 'UInt16', 'Int32', 'UInt32', 'Single', 'Double', 'Char'] as const
  ).map((type) => tagOf.get(type)!),
);
const booleanTag = tagOf.get('Boolean')!;
const charTag = tagOf.get('Char')!;

export function typeTag(type: ValueType): number {
  return tagOf.get(type)!;
}

/** The value type of a type tag. */
export function typeOfTag(tag: number): ValueType {
  return valueTypes[tag];
}

/** Whether values of the tag live inline in the record (see `inlineAt`) rather than in the side table. */
export function isInlineTag(tag: number): boolean {
  return inlineTags.has(tag);
}

export interface StoredProperty {
  keyId: number;
  value: TypedValue;
}

/** What an element's properties were, so a rolled-back removal can restore them exactly. */
export interface PropertySnapshot {
  readonly modificationDate: number;
  readonly properties: readonly StoredProperty[];
}

/** The snapshot of an element without a property record. */
const noSnapshot: PropertySnapshot = Object.freeze({ modificationDate: noModification, properties: [] });

/** The side table as a checkpoint snapshot saw it: see `PropertyStore.pinSideValues`. */
export interface PinnedSideValues {
  readonly values: readonly unknown[];
  /** Ends the pin; idempotent. */
  release(): void;
}

export class PropertyStore {
  private pool = new BlockPool(Float64Array);
  private recordColumn: SharedColumn<Int32ArrayConstructor> | null = null;
  private sideValues: unknown[] = [];
  private freeSideSlots: number[] = [];
  /** Open pins (see `pinSideValues`), and the slots freed while any was open. */
  private sidePins = 0;
  private deferredSideSlots: number[] = [];

  /** Record offset + 1 for the element, 0 when it has none. */
  private recordOf(id: number): number {
    const column = this.recordColumn;
    if (column === null || id >= column.length) return 0;
    return column.view[id];
  }

  private columnFor(id: number): SharedColumn<Int32ArrayConstructor> {
    if (this.recordColumn === null) this.recordColumn = new SharedColumn(Int32Array, 0);
    this.recordColumn.ensureLength(id + 1);
    return this.recordColumn;
  }

  count(id: number): number {
    const record = this.recordOf(id) - 1;
    return record < 0 ? 0 : countAt(this.pool.column.view, record);
  }

  /** Unix seconds of the last change, or -1 when the element was never modified. */
  modificationDate(id: number): number {
    const record = this.recordOf(id) - 1;
    return record < 0 ? noModification : this.pool.column.view[record + 1];
  }

  get(id: number, keyId: number): TypedValue | undefined {
    const record = this.recordOf(id) - 1;
    if (record < 0) return undefined;
    const view = this.pool.column.view;
    const end = record + recordHeaderWords + countAt(view, record) * 2;
    for (let at = record + recordHeaderWords; at < end; at += 2) {
      const key = Math.floor(view[at] / typeTagCount);
      if (key === keyId) return this.decode(view[at] - key * typeTagCount, view[at + 1]);
      if (key > keyId) return undefined;
    }
    return undefined;
  }

  // ---- allocation-free reads: pair offsets into the record pool, for hot loops (fragment views) ----
  // An offset is valid until the next property write anywhere in the store (a write may move records).

  /** Offset of the pair holding `keyId` on element `id`, or -1. */
  locate(id: number, keyId: number): number {
    const record = this.recordOf(id) - 1;
    if (record < 0) return -1;
    const view = this.pool.column.view;
    const end = record + recordHeaderWords + countAt(view, record) * 2;
    // Words are keyId * typeTagCount + tag with tag < typeTagCount: a range test finds the key without a
    // division per pair, and pairs sorted by key are sorted by word.
    const low = keyId * typeTagCount;
    const high = low + typeTagCount;
    for (let at = record + recordHeaderWords; at < end; at += 2) {
      const word = view[at];
      if (word >= high) return -1;
      if (word >= low) return at;
    }
    return -1;
  }

  /** Offset of the element's first pair, or -1 when it has no property; pairs are `pairWords` apart. */
  firstPair(id: number): number {
    const record = this.recordOf(id) - 1;
    return record < 0 || countAt(this.pool.column.view, record) === 0 ? -1 : record + recordHeaderWords;
  }

  keyIdAt(pair: number): number {
    return Math.floor(this.pool.column.view[pair] / typeTagCount);
  }

  /** The type tag (see `typeTag`) of the pair at `pair`. */
  tagAt(pair: number): number {
    const word = this.pool.column.view[pair];
    return word - Math.floor(word / typeTagCount) * typeTagCount;
  }

  /** `tagAt` for a pair whose key id is known (from `locate`): no division. */
  tagOf(pair: number, keyId: number): number {
    return this.pool.column.view[pair] - keyId * typeTagCount;
  }

  /** The inline payload of the pair: the number itself, 1/0 for a Boolean, the code unit of a Char. */
  inlineAt(pair: number): number {
    return this.pool.column.view[pair + 1];
  }

  /** The side value of a pair whose type is not inline (string, bigint, Decimal, dates, Single[]). */
  sideAt(pair: number): unknown {
    return this.sideValues[this.pool.column.view[pair + 1]];
  }

  list(id: number): StoredProperty[] {
    const record = this.recordOf(id) - 1;
    if (record < 0) return [];
    const view = this.pool.column.view;
    const count = countAt(view, record);
    const result = new Array<StoredProperty>(count);
    for (let i = 0; i < count; i++) {
      const at = record + recordHeaderWords + i * 2;
      const keyId = Math.floor(view[at] / typeTagCount);
      result[i] = { keyId, value: this.decode(view[at] - keyId * typeTagCount, view[at + 1]) };
    }
    return result;
  }

  /** Calls `visit(id, value)` for every element in [startId, endId) holding `keyId`, in ascending id order. */
  forEachWithKey(
    keyId: number,
    startId: number,
    endId: number,
    visit: (id: number, value: TypedValue) => void,
  ): void {
    const column = this.recordColumn;
    if (column === null) return;
    const records = column.view;
    const last = Math.min(endId, records.length);
    const view = this.pool.column.view;
    for (let id = startId; id < last; id++) {
      const record = records[id] - 1;
      if (record < 0) continue;
      const end = record + recordHeaderWords + countAt(view, record) * 2;
      for (let at = record + recordHeaderWords; at < end; at += 2) {
        const key = Math.floor(view[at] / typeTagCount);
        if (key === keyId) {
          visit(id, this.decode(view[at] - key * typeTagCount, view[at + 1]));
          break;
        }
        if (key > keyId) break;
      }
    }
  }

  /**
   * Gives an element without a record one with room for `count` properties, so setting them does not move
   * it from size class to size class (each move leaves a freed block behind). A new element's properties
   * are known at once: a bulk batch sizes each record before it fills it.
   */
  reserve(id: number, count: number): void {
    const column = this.columnFor(id);
    if (column.view[id] !== 0) return;
    const record = this.pool.allocate(recordHeaderWords + count * 2);
    const view = this.pool.column.view;
    setCountAt(view, record, 0);
    view[record + 1] = noModification;
    column.view[id] = record + 1;
  }

  /** Adds or replaces one property. The caller decides whether the write is a no-op. */
  set(id: number, keyId: number, value: TypedValue): void {
    const tag = tagOf.get(value.type)!;
    const encoded = this.encode(tag, value);
    const column = this.columnFor(id);
    let record = column.view[id] - 1;
    if (record < 0) {
      record = this.pool.allocate(recordHeaderWords + 2);
      const view = this.pool.column.view;
      setCountAt(view, record, 0);
      view[record + 1] = noModification;
      column.view[id] = record + 1;
    }
    let view = this.pool.column.view;
    const count = countAt(view, record);
    const start = record + recordHeaderWords;
    let slot = 0;
    while (slot < count && Math.floor(view[start + slot * 2] / typeTagCount) < keyId) slot++;
    if (slot < count && Math.floor(view[start + slot * 2] / typeTagCount) === keyId) {
      this.releaseValue(view[start + slot * 2], view[start + slot * 2 + 1]);
      view[start + slot * 2] = keyId * typeTagCount + tag;
      view[start + slot * 2 + 1] = encoded;
      return;
    }
    if (recordHeaderWords + (count + 1) * 2 > this.pool.capacityOf(record)) {
      const moved = this.pool.allocate(recordHeaderWords + (count + 1) * 2);
      view = this.pool.column.view;
      view.copyWithin(moved + 1, record + 1, start + count * 2);
      this.pool.free(record);
      record = moved;
      column.view[id] = record + 1;
    }
    const at = record + recordHeaderWords + slot * 2;
    view.copyWithin(at + 2, at, record + recordHeaderWords + count * 2);
    view[at] = keyId * typeTagCount + tag;
    view[at + 1] = encoded;
    setCountAt(view, record, count + 1);
  }

  /** Removes one property; answers whether it existed. */
  remove(id: number, keyId: number): boolean {
    const record = this.recordOf(id) - 1;
    if (record < 0) return false;
    const view = this.pool.column.view;
    const count = countAt(view, record);
    const start = record + recordHeaderWords;
    for (let slot = 0; slot < count; slot++) {
      const at = start + slot * 2;
      if (Math.floor(view[at] / typeTagCount) === keyId) {
        this.releaseValue(view[at], view[at + 1]);
        view.copyWithin(at, at + 2, start + count * 2);
        setCountAt(view, record, count - 1);
        return true;
      }
    }
    return false;
  }

  setModificationDate(id: number, seconds: number): void {
    const column = this.columnFor(id);
    let record = column.view[id] - 1;
    if (record < 0) {
      record = this.pool.allocate(recordHeaderWords + 2);
      setCountAt(this.pool.column.view, record, 0);
      column.view[id] = record + 1;
    }
    this.pool.column.view[record + 1] = seconds;
  }

  snapshot(id: number): PropertySnapshot {
    // Most removed edges have no record: one shared snapshot instead of two objects each (a removal of
    // a million edges keeps a snapshot per edge until it commits).
    if (this.recordOf(id) === 0) return noSnapshot;
    return { modificationDate: this.modificationDate(id), properties: this.list(id) };
  }

  /** Drops every property of the element and its record. */
  release(id: number): void {
    const record = this.recordOf(id) - 1;
    if (record < 0) return;
    const view = this.pool.column.view;
    const count = countAt(view, record);
    for (let i = 0; i < count; i++) {
      const at = record + recordHeaderWords + i * 2;
      this.releaseValue(view[at], view[at + 1]);
    }
    this.pool.free(record);
    this.recordColumn!.view[id] = 0;
  }

  restore(id: number, snapshot: PropertySnapshot): void {
    this.release(id);
    for (const { keyId, value } of snapshot.properties) this.set(id, keyId, value);
    if (snapshot.modificationDate !== noModification) this.setModificationDate(id, snapshot.modificationDate);
  }

  /** Moves the record of `from` to `to` (trim renumbering; `to` <= `from`, `to` holds nothing). */
  move(from: number, to: number): void {
    const record = this.recordOf(from);
    if (record === 0 || from === to) return;
    const column = this.recordColumn!;
    column.view[to] = record;
    column.view[from] = 0;
  }

  /**
   * Installs a record column built elsewhere under new ids (a trim in slices, trim-sliced.ts): `column[id]`
   * holds what `recordOffsets` held for the element's old id. The records themselves do not move.
   */
  replaceRecordOffsets(column: SharedColumn<Int32ArrayConstructor> | null): void {
    this.recordColumn = column;
  }

  /** Forgets ids at and above `endId` after a trim (their records have moved below). */
  truncate(endId: number): void {
    const column = this.recordColumn;
    if (column !== null && endId < column.length) column.view.fill(0, endId);
  }

  get committedBytes(): number {
    return this.pool.committedBytes + (this.recordColumn?.byteLength ?? 0);
  }

  reset(): void {
    this.pool.reset();
    this.recordColumn = null;
    // New arrays rather than truncation: a pinned snapshot keeps reading the old side table.
    this.sideValues = [];
    this.freeSideSlots = [];
    this.deferredSideSlots = [];
  }

  // ---- checkpoints: raw access for the snapshot copy (writer held) and the loader (a fresh store) ----

  /** The record pool. */
  get recordPool(): BlockPool<Float64ArrayConstructor> {
    return this.pool;
  }

  /** Per element: record offset + 1, or 0 for none; null before the first property write. */
  get recordOffsets(): SharedColumn<Int32ArrayConstructor> | null {
    return this.recordColumn;
  }

  /** The record column, covering at least `length` ids (the loader). */
  ensureRecordOffsets(length: number): SharedColumn<Int32ArrayConstructor> {
    return this.columnFor(length - 1);
  }

  /** Stores a side value in a new slot and answers the slot (the loader fills a fresh store). */
  addSideValue(value: unknown): number {
    this.sideValues.push(value);
    return this.sideValues.length - 1;
  }

  /**
   * Keeps every side value referenced at this moment where it is until `release`: slots freed meanwhile
   * are neither cleared nor reused, so a snapshot taken with the writer held can read the values of its
   * copied records later, while writes continue, without copying the side table.
   */
  pinSideValues(): PinnedSideValues {
    this.sidePins++;
    const values = this.sideValues;
    let open = true;
    return {
      values,
      release: () => {
        if (!open) return;
        open = false;
        if (--this.sidePins > 0) return;
        for (const slot of this.deferredSideSlots) {
          this.sideValues[slot] = undefined;
          this.freeSideSlots.push(slot);
        }
        this.deferredSideSlots = [];
      },
    };
  }

  /** Takes over `other`'s content (installing a loaded graph); `other` must not be used afterwards. */
  adopt(other: PropertyStore): void {
    this.pool = other.pool;
    this.recordColumn = other.recordColumn;
    this.sideValues = other.sideValues;
    this.freeSideSlots = other.freeSideSlots;
    this.deferredSideSlots = [];
  }

  private encode(tag: number, value: TypedValue): number {
    if (inlineTags.has(tag)) {
      if (tag === booleanTag) return value.value ? 1 : 0;
      if (tag === charTag) return (value.value as string).charCodeAt(0);
      return value.value as number;
    }
    const slot = this.freeSideSlots.pop();
    if (slot === undefined) {
      this.sideValues.push(value.value);
      return this.sideValues.length - 1;
    }
    this.sideValues[slot] = value.value;
    return slot;
  }

  private releaseValue(keyTag: number, encoded: number): void {
    const tag = keyTag % typeTagCount;
    if (inlineTags.has(tag)) return;
    if (this.sidePins > 0) {
      this.deferredSideSlots.push(encoded);
      return;
    }
    this.sideValues[encoded] = undefined;
    this.freeSideSlots.push(encoded);
  }

  private decode(tag: number, encoded: number): TypedValue {
    const type = valueTypes[tag];
    if (tag === booleanTag) return { type: 'Boolean', value: encoded === 1 };
    if (tag === charTag) return { type: 'Char', value: String.fromCharCode(encoded) };
    if (inlineTags.has(tag)) return { type, value: encoded } as TypedValue;
    return { type, value: this.sideValues[encoded] } as TypedValue;
  }
}
