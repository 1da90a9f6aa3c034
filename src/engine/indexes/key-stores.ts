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
import { compareKeys, hashKey, type HashKey } from './keys.js';
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

const compareEntries = (a: KeyEntry, b: KeyEntry): number => compareKeys(a.key, b.key);

export class OrderedKeyStore implements KeyStore {
  private byType = new Map<ValueType, SortedBlocks<KeyEntry>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The sorted entries of keys of `type`, if any. */
  ofType(type: ValueType): SortedBlocks<KeyEntry> | undefined {
    return this.byType.get(type);
  }

  find(key: TypedValue): KeyEntry | undefined {
    return this.byType.get(key.type)?.get({ key, ids: noElement });
  }

  findOrAdd(key: TypedValue): KeyEntry {
    let entries = this.byType.get(key.type);
    if (entries === undefined) {
      entries = new SortedBlocks(compareEntries);
      this.byType.set(key.type, entries);
    }
    const before = entries.size;
    const entry = entries.insert({ key, ids: noElement });
    if (entries.size !== before) this.count++;
    return entry;
  }

  delete(entry: KeyEntry): void {
    const entries = this.byType.get(entry.key.type);
    if (entries?.remove(entry) === true) {
      this.count--;
      if (entries.size === 0) this.byType.delete(entry.key.type);
    }
  }

  forEach(visit: (entry: KeyEntry) => void): void {
    for (const entries of this.byType.values()) entries.forEach(visit);
  }

  clear(): void {
    this.byType = new Map();
    this.count = 0;
  }

  load(entries: KeyEntry[]): void {
    this.clear();
    const runs = new Map<ValueType, KeyEntry[]>();
    for (const entry of entries) {
      let run = runs.get(entry.key.type);
      if (run === undefined) runs.set(entry.key.type, (run = []));
      run.push(entry);
    }
    for (const [type, run] of runs) {
      for (let i = 1; i < run.length; i++) {
        if (compareEntries(run[i - 1], run[i]) >= 0) {
          throw new IndexFormatError('keys must ascend strictly within each type');
        }
      }
      this.byType.set(type, SortedBlocks.fromSorted(run, compareEntries));
    }
    this.count = entries.length;
  }
}
