/**
 * The two key stores of the keyed indexes. Both keep one sub-store per value type, so a typed literal
 * only ever meets keys of its own type and no comparison crosses types.
 *
 * - `HashKeyStore`: a `Map` per type keyed by `hashKey` (equality in O(1)); each slot keeps the first key
 *   added (equal keys may differ in representation: 1.0 and 1.00) and the ids.
 * - `OrderedKeyStore`: a `SortedBlocks` per type, sort keys in `compareKeys` order beside the ids
 *   (equality in O(log n), ordered seeks in O(log n), walks in O(log n + k) reading no object per key
 *   while keys have one element).
 */
import type { TypedValue, ValueType } from '../model/values.js';
import { loadStepItems, withId, withoutId, type Ids, type KeyIds, type KeyStore } from './keyed-index.js';
import { hashKey, keyOf, keyOrderFor, type HashKey, type KeyOrder, type SortKey } from './keys.js';
import { IndexFormatError } from './plugin.js';
import { SortedBlocks } from './sorted-blocks.js';

interface Slot {
  readonly key: TypedValue;
  ids: Ids;
}

export class HashKeyStore implements KeyStore {
  private byType = new Map<ValueType, Map<HashKey, Slot>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  find(key: TypedValue): Ids | undefined {
    return this.byType.get(key.type)?.get(hashKey(key))?.ids;
  }

  add(key: TypedValue, id: number): boolean {
    let slots = this.byType.get(key.type);
    if (slots === undefined) this.byType.set(key.type, (slots = new Map()));
    const hash = hashKey(key);
    const slot = slots.get(hash);
    if (slot === undefined) {
      slots.set(hash, { key, ids: id });
      this.count++;
      return true;
    }
    const ids = withId(slot.ids, id);
    if (ids === undefined) return false;
    slot.ids = ids;
    return true;
  }

  remove(key: TypedValue, id: number): boolean {
    const slots = this.byType.get(key.type);
    const hash = hashKey(key);
    const slot = slots?.get(hash);
    if (slot === undefined) return false;
    const ids = withoutId(slot.ids, id);
    if (ids === undefined) return false;
    if (ids === null) this.deleteSlot(key.type, slots!, hash);
    else slot.ids = ids;
    return true;
  }

  removeKey(key: TypedValue): Ids | undefined {
    const slots = this.byType.get(key.type);
    const hash = hashKey(key);
    const slot = slots?.get(hash);
    if (slot === undefined) return undefined;
    this.deleteSlot(key.type, slots!, hash);
    return slot.ids;
  }

  forEach(visit: (key: TypedValue, ids: Ids) => void): void {
    for (const slots of this.byType.values()) for (const slot of slots.values()) visit(slot.key, slot.ids);
  }

  /** Live: follows the type's `Map` iterator, which survives changes made while it is paused. */
  *entriesOfType(type: ValueType): Iterable<KeyIds> {
    const slots = this.byType.get(type);
    if (slots === undefined) return;
    for (const slot of slots.values()) yield [slot.key, slot.ids];
  }

  clear(): void {
    this.byType = new Map();
    this.count = 0;
  }

  *loadSteps(entries: readonly KeyIds[]): Generator<void> {
    this.clear();
    let done = 0;
    for (const [key, ids] of entries) {
      if (++done % loadStepItems === 0) yield;
      let slots = this.byType.get(key.type);
      if (slots === undefined) this.byType.set(key.type, (slots = new Map()));
      const hash = hashKey(key);
      if (slots.has(hash)) throw new IndexFormatError('a key appears twice');
      slots.set(hash, { key, ids });
    }
    this.count = entries.length;
  }

  private deleteSlot(type: ValueType, slots: Map<HashKey, Slot>, hash: HashKey): void {
    slots.delete(hash);
    this.count--;
    if (slots.size === 0) this.byType.delete(type);
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
    if (run === undefined) this.byType.set(key.type, (run = newRun(key.type)));
    const sortKey = run.order.sortKey(key);
    const position = run.blocks.locate(sortKey);
    if (position === undefined) {
      run.blocks.insert(sortKey, id);
      this.count++;
      return true;
    }
    const ids = withId(run.blocks.valueAt(position), id);
    if (ids === undefined) return false;
    run.blocks.setValueAt(position, ids);
    return true;
  }

  remove(key: TypedValue, id: number): boolean {
    const run = this.byType.get(key.type);
    if (run === undefined) return false;
    const position = run.blocks.locate(run.order.sortKey(key));
    if (position === undefined) return false;
    const ids = withoutId(run.blocks.valueAt(position), id);
    if (ids === undefined) return false;
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
      const { order } = newRun(type);
      const sortKeys = new Array<SortKey>(group.length);
      for (let i = 0; i < group.length; i++) {
        if (i > 0 && i % loadStepItems === 0) yield;
        sortKeys[i] = order.sortKey(group[i][0]);
        if (i > 0 && order.compare(sortKeys[i - 1], sortKeys[i]) >= 0) {
          throw new IndexFormatError('keys must ascend strictly within each type');
        }
      }
      const ids = group.map(([, held]) => held);
      this.byType.set(type, { type, order, blocks: SortedBlocks.fromSorted(sortKeys, ids, order.compare) });
    }
    this.count = entries.length;
  }

  private removeAt(run: OrderedRun, position: { block: number; offset: number }): Ids {
    const ids = run.blocks.removeAt(position);
    this.count--;
    if (run.blocks.size === 0) this.byType.delete(run.type);
    return ids;
  }
}

function newRun(type: ValueType): OrderedRun {
  const order = keyOrderFor(type);
  return { type, order, blocks: new SortedBlocks<SortKey, Ids>(order.compare) };
}
