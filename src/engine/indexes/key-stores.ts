/**
 * The two key stores of the keyed indexes. Both keep one sub-store per value type, so a typed literal
 * only ever meets keys of its own type and no comparison crosses types.
 *
 * - `HashKeyStore`: `Map`s per type keyed by `hashKey` (equality in O(1)); each slot keeps the first key
 *   added (equal keys may differ in representation: 1.0 and 1.00) and the ids. A type's keys are spread
 *   over `hashShards` maps by a hash of their own: a `Map` grows by rebuilding its whole table at once,
 *   which past a million keys holds the event loop for tens of milliseconds; a shard rebuilds a sliver.
 *   The shards take unequal shares of the keys (from one to two times the smallest), so they do not all
 *   reach their next size, and rebuild, within the same few thousand keys.
 * - `OrderedKeyStore`: a `SortedBlocks` per type, sort keys in `compareKeys` order beside the ids
 *   (equality in O(log n), ordered seeks in O(log n), walks in O(log n + k) reading no object per key
 *   while keys have one element).
 *
 * Both capture their content for a checkpoint in O(types) or O(blocks), copying on write afterwards
 * (`KeyStore.capture`).
 */
import type { TypedValue, ValueType } from '../model/values.js';
import {
  hasId,
  loadStepItems,
  withId,
  withoutId,
  writableIds,
  type Ids,
  type KeyIds,
  type KeyStore,
  type KeyStoreCapture,
} from './keyed-index.js';
import { CopyOnWrite } from './copy-on-write.js';
import { hashKey, keyOf, keyOrderFor, type HashKey, type KeyOrder, type SortKey } from './keys.js';
import { IndexFormatError } from '../tx/index-plugin.js';
import { SortedBlocks, defaultMaxBlockItems } from './sorted-blocks.js';

interface Slot {
  readonly key: TypedValue;
  ids: Ids;
  /** Creation order in the store: a type's map holds its slots by ascending `seq` (insertion order). */
  readonly seq: number;
}

/** The keys of one type: `hashShards` maps, a key in the one `shardOf` its hash picks. */
interface TypeShards {
  readonly maps: Map<HashKey, Slot>[];
  size: number;
}

type TypeMaps = Map<ValueType, TypeShards>;

/** Maps per type in a `HashKeyStore`. */
export const hashShards = 64;
const tableBits = 10;

/** Shard of each of the 1,024 values of a hash's top bits: shard `s` has a share in proportion to 2^(s/64). */
const shardTable = ((): Uint8Array => {
  const table = new Uint8Array(1 << tableBits);
  let total = 0;
  for (let shard = 0; shard < hashShards; shard++) total += 2 ** (shard / hashShards);
  let cumulative = 0;
  let at = 0;
  for (let shard = 0; shard < hashShards; shard++) {
    cumulative += 2 ** (shard / hashShards);
    const end = shard === hashShards - 1 ? table.length : Math.round((cumulative / total) * table.length);
    for (; at < end; at++) table[at] = shard;
  }
  return table;
})();

/** The shard of a key's hash: Fibonacci hashing of its integer bits, or of the last characters of its text. */
export function shardOf(hash: HashKey): number {
  switch (typeof hash) {
    case 'number':
      return Number.isInteger(hash) ? shardOfBits(hash | 0) : shardOfText(String(hash));
    case 'bigint': {
      const low = Number(BigInt.asUintN(32, hash));
      const high = Number(BigInt.asUintN(32, hash >> 32n));
      return shardOfBits(low ^ Math.imul(high, 0x85ebca6b));
    }
    case 'string':
      return shardOfText(hash);
    default:
      return hash ? 1 : 0;
  }
}

function shardOfBits(bits: number): number {
  return shardTable[Math.imul(bits, 0x9e3779b1) >>> (32 - tableBits)];
}

function shardOfText(text: string): number {
  let hash = text.length;
  for (let i = Math.max(0, text.length - 12); i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return shardOfBits(hash);
}

function newShards(): TypeShards {
  return { maps: Array.from({ length: hashShards }, () => new Map<HashKey, Slot>()), size: 0 };
}

/**
 * A `HashKeyStore` at `capture`: its maps (every shard of every type, in order) and the slots they held
 * then (`seq` below `seqLimit`). It walks the live maps (a `Map` iteration survives changes); before a
 * slot it has not walked past
 * changes or leaves, the store hands it the slot's ids (`keep`), and the walk reads those instead, or, for
 * a slot gone from its map, after the map's walk. Slots made after the capture come last in their map,
 * where the walk stops. The id sets it reads are never changed (the store copies a shared set first).
 */
class HashCapture implements KeyStoreCapture {
  /** Per captured map: slots changed or removed before the walk passed them, with their ids then. */
  private readonly kept: Map<Slot, Ids>[];
  /** Where each type's first shard is in `maps`. */
  private readonly mapIndex = new Map<ValueType, number>();
  /** The walk is done with the maps before `walkMap` and, in that one, with the slots up to `walkSeq`. */
  private walkMap = 0;
  private walkSeq = -1;

  private readonly maps: Map<HashKey, Slot>[] = [];

  constructor(
    types: readonly (readonly [ValueType, TypeShards])[],
    private readonly seqLimit: number,
    readonly size: number,
    private readonly onRelease: (capture: HashCapture) => void,
  ) {
    for (const [type, shards] of types) {
      this.mapIndex.set(type, this.maps.length);
      this.maps.push(...shards.maps);
    }
    this.kept = this.maps.map(() => new Map());
  }

  /** Before `slot` (of a `type` map) changes or leaves its map. */
  keep(type: ValueType, slot: Slot): void {
    if (slot.seq >= this.seqLimit) return;
    // A slot older than the capture sits in the map its type and hash had then.
    const at = this.mapIndex.get(type)! + shardOf(hashKey(slot.key));
    if (at < this.walkMap || (at === this.walkMap && slot.seq <= this.walkSeq)) return;
    const kept = this.kept[at];
    if (!kept.has(slot)) kept.set(slot, slot.ids);
  }

  *entries(): Generator<KeyIds, void> {
    for (let at = 0; at < this.maps.length; at++) {
      this.walkMap = at;
      this.walkSeq = -1;
      const kept = this.kept[at];
      for (const slot of this.maps[at].values()) {
        if (slot.seq >= this.seqLimit) break;
        this.walkSeq = slot.seq;
        const ids = kept.get(slot);
        if (ids === undefined) yield [slot.key, slot.ids];
        else {
          kept.delete(slot);
          yield [slot.key, ids];
        }
      }
      this.walkSeq = Infinity;
      for (const [slot, ids] of kept) yield [slot.key, ids];
      kept.clear();
    }
    this.walkMap = this.maps.length;
  }

  readonly release = (): void => this.onRelease(this);
}

export class HashKeyStore implements KeyStore {
  private byType: TypeMaps = new Map();
  private count = 0;
  private nextSeq = 0;
  private readonly cow = new CopyOnWrite();
  private readonly captures = new Set<HashCapture>();

  get size(): number {
    return this.count;
  }

  find(key: TypedValue): Ids | undefined {
    const hash = hashKey(key);
    return this.byType.get(key.type)?.maps[shardOf(hash)].get(hash)?.ids;
  }

  add(key: TypedValue, id: number): boolean {
    let shards = this.byType.get(key.type);
    if (shards === undefined) this.byType.set(key.type, (shards = newShards()));
    const hash = hashKey(key);
    const slots = shards.maps[shardOf(hash)];
    const slot = slots.get(hash);
    if (slot === undefined) {
      slots.set(hash, { key, ids: id, seq: this.nextSeq++ });
      shards.size++;
      this.count++;
      return true;
    }
    if (hasId(slot.ids, id)) return false;
    this.beforeChange(key.type, slot);
    slot.ids = withId(writableIds(slot.ids, this.cow), id)!;
    return true;
  }

  remove(key: TypedValue, id: number): boolean {
    const shards = this.byType.get(key.type);
    const hash = hashKey(key);
    const slot = shards?.maps[shardOf(hash)].get(hash);
    if (slot === undefined || !hasId(slot.ids, id)) return false;
    this.beforeChange(key.type, slot);
    const ids = withoutId(writableIds(slot.ids, this.cow), id)!;
    if (ids === null) this.deleteSlot(key.type, shards!, hash);
    else slot.ids = ids;
    return true;
  }

  removeKey(key: TypedValue): Ids | undefined {
    const shards = this.byType.get(key.type);
    const hash = hashKey(key);
    const slot = shards?.maps[shardOf(hash)].get(hash);
    if (slot === undefined) return undefined;
    this.beforeChange(key.type, slot);
    this.deleteSlot(key.type, shards!, hash);
    return slot.ids;
  }

  forEach(visit: (key: TypedValue, ids: Ids) => void): void {
    for (const shards of this.byType.values()) {
      for (const slots of shards.maps) for (const slot of slots.values()) visit(slot.key, slot.ids);
    }
  }

  /** Live: follows each shard's `Map` iterator, which survives changes made while it is paused. */
  *entriesOfType(type: ValueType): Iterable<KeyIds> {
    const shards = this.byType.get(type);
    if (shards === undefined) return;
    for (const slots of shards.maps) for (const slot of slots.values()) yield [slot.key, slot.ids];
  }

  /** A fresh map: open captures go on reading the old one, which nothing changes any more. */
  clear(): void {
    this.byType = new Map();
    this.count = 0;
  }

  *loadSteps(entries: readonly KeyIds[]): Generator<void> {
    this.clear();
    let done = 0;
    for (const [key, ids] of entries) {
      if (++done % loadStepItems === 0) yield;
      let shards = this.byType.get(key.type);
      if (shards === undefined) this.byType.set(key.type, (shards = newShards()));
      const hash = hashKey(key);
      const slots = shards.maps[shardOf(hash)];
      if (slots.has(hash)) throw new IndexFormatError('a key appears twice');
      slots.set(hash, { key, ids, seq: this.nextSeq++ });
      shards.size++;
    }
    this.count = entries.length;
  }

  /** O(types): see `HashCapture`. */
  capture(): KeyStoreCapture {
    const endCopyOnWrite = this.cow.begin();
    const capture = new HashCapture([...this.byType], this.nextSeq, this.count, (released) => {
      if (this.captures.delete(released)) endCopyOnWrite();
    });
    this.captures.add(capture);
    return capture;
  }

  private beforeChange(type: ValueType, slot: Slot): void {
    for (const capture of this.captures) capture.keep(type, slot);
  }

  private deleteSlot(type: ValueType, shards: TypeShards, hash: HashKey): void {
    shards.maps[shardOf(hash)].delete(hash);
    this.count--;
    if (--shards.size === 0) this.byType.delete(type);
  }
}

/** The keys of one type in an ordered store: their order and the sorted blocks of (sort key, ids). */
export interface OrderedRun {
  readonly type: ValueType;
  readonly order: KeyOrder;
  readonly blocks: SortedBlocks<SortKey, Ids>;
}

export class OrderedKeyStore implements KeyStore {
  private byType = new Map<ValueType, OrderedRun>();
  private count = 0;
  /** Guards the blocks and id sets of open captures. */
  private readonly cow = new CopyOnWrite();

  get size(): number {
    return this.count;
  }

  /** The keys of `type`, if any. */
  ofType(type: ValueType): OrderedRun | undefined {
    return this.byType.get(type);
  }

  find(key: TypedValue): Ids | undefined {
    const run = this.byType.get(key.type);
    return run?.blocks.get(run.order.sortKey(key));
  }

  add(key: TypedValue, id: number): boolean {
    let run = this.byType.get(key.type);
    if (run === undefined) this.byType.set(key.type, (run = newRun(key.type, this.cow)));
    const sortKey = run.order.sortKey(key);
    const position = run.blocks.locate(sortKey);
    if (position === undefined) {
      run.blocks.insert(sortKey, id);
      this.count++;
      return true;
    }
    const held = run.blocks.valueAt(position);
    if (hasId(held, id)) return false;
    run.blocks.setValueAt(position, withId(writableIds(held, this.cow), id)!);
    return true;
  }

  remove(key: TypedValue, id: number): boolean {
    const run = this.byType.get(key.type);
    if (run === undefined) return false;
    const position = run.blocks.locate(run.order.sortKey(key));
    if (position === undefined) return false;
    const held = run.blocks.valueAt(position);
    if (!hasId(held, id)) return false;
    const ids = withoutId(writableIds(held, this.cow), id)!;
    if (ids === null) this.removeAt(run, position);
    else run.blocks.setValueAt(position, ids);
    return true;
  }

  removeKey(key: TypedValue): Ids | undefined {
    const run = this.byType.get(key.type);
    if (run === undefined) return undefined;
    const position = run.blocks.locate(run.order.sortKey(key));
    return position === undefined ? undefined : this.removeAt(run, position);
  }

  forEach(visit: (key: TypedValue, ids: Ids) => void): void {
    for (const { type, blocks } of this.byType.values()) {
      blocks.forEach((ids, sortKey) => visit(keyOf(type, sortKey), ids));
    }
  }

  /** A copy: block positions do not survive changes, so a paused walk must not hold one. */
  entriesOfType(type: ValueType): Iterable<KeyIds> {
    const entries: KeyIds[] = [];
    this.byType.get(type)?.blocks.forEach((ids, sortKey) => void entries.push([keyOf(type, sortKey), ids]));
    return entries;
  }

  clear(): void {
    this.byType = new Map();
    this.count = 0;
  }

  *loadSteps(entries: readonly KeyIds[]): Generator<void> {
    this.clear();
    const grouped = new Map<ValueType, KeyIds[]>();
    let done = 0;
    for (const entry of entries) {
      if (++done % loadStepItems === 0) yield;
      let group = grouped.get(entry[0].type);
      if (group === undefined) grouped.set(entry[0].type, (group = []));
      group.push(entry);
    }
    for (const [type, group] of grouped) {
      const order = keyOrderFor(type);
      const sortKeys = new Array<SortKey>(group.length);
      for (let i = 0; i < group.length; i++) {
        if (i > 0 && i % loadStepItems === 0) yield;
        sortKeys[i] = order.sortKey(group[i][0]);
        if (i > 0 && order.compare(sortKeys[i - 1], sortKeys[i]) >= 0) {
          throw new IndexFormatError('keys must ascend strictly within each type');
        }
      }
      const ids = group.map(([, held]) => held);
      const blocks = SortedBlocks.fromSorted(sortKeys, ids, order.compare, defaultMaxBlockItems, this.cow);
      this.byType.set(type, { type, order, blocks });
    }
    this.count = entries.length;
  }

  /** O(blocks): the lists of blocks are copied, the blocks and id sets shared (copy-on-write.ts). */
  capture(): KeyStoreCapture {
    const release = this.cow.begin();
    const runs = [...this.byType.values()].map(({ type, blocks }) => ({ type, frozen: blocks.capture() }));
    return {
      size: this.count,
      release,
      *entries() {
        for (const { type, frozen } of runs) {
          for (let b = 0; b < frozen.keys.length; b++) {
            const keys = frozen.keys[b];
            const values = frozen.values[b];
            for (let i = 0; i < keys.length; i++) yield [keyOf(type, keys[i]), values[i]];
          }
        }
      },
    };
  }

  private removeAt(run: OrderedRun, position: { block: number; offset: number }): Ids {
    const ids = run.blocks.removeAt(position);
    this.count--;
    if (run.blocks.size === 0) this.byType.delete(run.type);
    return ids;
  }
}

function newRun(type: ValueType, cow: CopyOnWrite): OrderedRun {
  const order = keyOrderFor(type);
  return { type, order, blocks: new SortedBlocks<SortKey, Ids>(order.compare, defaultMaxBlockItems, cow) };
}
