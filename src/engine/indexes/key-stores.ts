/**
 * The two key stores of the keyed indexes. Both keep one sub-store per value type, so a typed literal
 * only ever meets keys of its own type and no comparison crosses types.
 *
 * - `HashKeyStore`: a `Map` per type keyed by `hashKey` (equality in O(1)).
 * - `OrderedKeyStore`: a `SortedBlocks` per type in `compareKeys` order (equality in O(log n), ordered
 *   seeks in O(log n), scans in O(log n + k)).
 */
import type { ValueType, TypedValue } from '../model/values.js';
import type { KeyEntry, KeyStore } from './keyed-index.js';
import { noElement } from './keyed-index.js';
import { hashKey, keyOrderFor, type HashKey, type KeyOrder, type SortKey } from './keys.js';
import { IndexFormatError } from './plugin.js';
import { SortedBlocks } from './sorted-blocks.js';

export class HashKeyStore implements KeyStore {
  private byType = new Map<ValueType, Map<HashKey, KeyEntry>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  find(key: TypedValue): KeyEntry | undefined {
    return this.byType.get(key.type)?.get(hashKey(key));
  }

  findOrAdd(key: TypedValue): KeyEntry {
    let entries = this.byType.get(key.type);
    if (entries === undefined) {
      entries = new Map();
      this.byType.set(key.type, entries);
    }
    const hash = hashKey(key);
    let entry = entries.get(hash);
    if (entry === undefined) {
      entry = { key, ids: noElement };
      entries.set(hash, entry);
      this.count++;
    }
    return entry;
  }

  delete(entry: KeyEntry): void {
    const entries = this.byType.get(entry.key.type);
    if (entries?.delete(hashKey(entry.key)) === true) {
      this.count--;
      if (entries.size === 0) this.byType.delete(entry.key.type);
    }
  }

  forEach(visit: (entry: KeyEntry) => void): void {
    for (const entries of this.byType.values()) for (const entry of entries.values()) visit(entry);
  }

  /** A live `Map` iterator: it survives changes made while it is paused. */
  entriesOfType(type: ValueType): Iterable<KeyEntry> {
    return this.byType.get(type)?.values() ?? [];
  }

  clear(): void {
    this.byType = new Map();
    this.count = 0;
  }

  load(entries: KeyEntry[]): void {
    this.clear();
    for (const entry of entries) {
      let byHash = this.byType.get(entry.key.type);
      if (byHash === undefined) this.byType.set(entry.key.type, (byHash = new Map()));
      const hash = hashKey(entry.key);
      if (byHash.has(hash)) throw new IndexFormatError('a key appears twice');
      byHash.set(hash, entry);
    }
    this.count = entries.length;
  }
}

/** The keys of one type in an ordered store: their order and the sorted blocks of (sort key, entry). */
export interface OrderedRun {
  readonly order: KeyOrder;
  readonly blocks: SortedBlocks<SortKey, KeyEntry>;
}

export class OrderedKeyStore implements KeyStore {
  private byType = new Map<ValueType, OrderedRun>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The keys of `type`, if any. */
  ofType(type: ValueType): OrderedRun | undefined {
    return this.byType.get(type);
  }

  find(key: TypedValue): KeyEntry | undefined {
    const run = this.byType.get(key.type);
    return run?.blocks.get(run.order.sortKey(key));
  }

  findOrAdd(key: TypedValue): KeyEntry {
    let run = this.byType.get(key.type);
    if (run === undefined) {
      const order = keyOrderFor(key.type);
      run = { order, blocks: new SortedBlocks(order.compare) };
      this.byType.set(key.type, run);
    }
    const before = run.blocks.size;
    const entry = run.blocks.getOrInsert(run.order.sortKey(key), () => ({ key, ids: noElement }));
    if (run.blocks.size !== before) this.count++;
    return entry;
  }

  delete(entry: KeyEntry): void {
    const run = this.byType.get(entry.key.type);
    if (run === undefined || run.blocks.remove(run.order.sortKey(entry.key)) === undefined) return;
    this.count--;
    if (run.blocks.size === 0) this.byType.delete(entry.key.type);
  }

  forEach(visit: (entry: KeyEntry) => void): void {
    for (const run of this.byType.values()) run.blocks.forEach(visit);
  }

  /** A copy: block positions do not survive changes, so a paused walk must not hold one. */
  entriesOfType(type: ValueType): Iterable<KeyEntry> {
    const entries: KeyEntry[] = [];
    this.byType.get(type)?.blocks.forEach((entry) => void entries.push(entry));
    return entries;
  }

  clear(): void {
    this.byType = new Map();
    this.count = 0;
  }

  load(entries: KeyEntry[]): void {
    this.clear();
    const grouped = new Map<ValueType, KeyEntry[]>();
    for (const entry of entries) {
      let group = grouped.get(entry.key.type);
      if (group === undefined) grouped.set(entry.key.type, (group = []));
      group.push(entry);
    }
    for (const [type, group] of grouped) {
      const order = keyOrderFor(type);
      const sortKeys = group.map((entry) => order.sortKey(entry.key));
      for (let i = 1; i < sortKeys.length; i++) {
        if (order.compare(sortKeys[i - 1], sortKeys[i]) >= 0) {
          throw new IndexFormatError('keys must ascend strictly within each type');
        }
      }
      this.byType.set(type, { order, blocks: SortedBlocks.fromSorted(sortKeys, group, order.compare) });
    }
    this.count = entries.length;
  }
}
