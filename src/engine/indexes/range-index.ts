/**
 * RangeIndex: typed keys in order (capabilities `equality`, `range`). Keys live in one sorted block list
 * per value type (key-stores.ts), numeric ones as plain doubles, so every ordered operator and every
 * bounded range is two O(log n) seeks (its first key and the key past its end) plus a walk over the k
 * keys' ids between them, which reads no key at all. Mixed key types are allowed and simply never meet:
 * a literal of one type sees only keys of that type. NaN sorts before every other float (.NET order).
 *
 * A walk in slices pauses after every `sliceKeys` keys and resumes by seeking past the last key it
 * visited (and seeking its end again), so keys added or removed while it was paused never derail it.
 */
import { ScanOperator } from '../graph/scan.js';
import type { TypedValue, ValueType } from '../model/values.js';
import { OrderedKeyStore } from './key-stores.js';
import { KeyedIndexBase, drain, visitIds, type Ids } from './keyed-index.js';
import type { SortKey } from './keys.js';
import type { IdVisitor, IndexCapability, IndexPlugin, OrderedIndex } from '../tx/index-plugin.js';

const capabilities: readonly IndexCapability[] = ['equality', 'range'];
const magic = 'SKXR';

/**
 * A bound of a walk, as `SortedBlocks.seek` takes it: true for the keys before the bound. Null: the
 * start (as a lower bound) or the end (as an upper bound) of the keys.
 */
type Bound = ((key: SortKey) => boolean) | null;

export class RangeIndex extends KeyedIndexBase implements OrderedIndex {
  readonly pluginType = 'RangeIndex';
  readonly capabilities = capabilities;
  private readonly ordered: OrderedKeyStore;

  constructor(id: string) {
    const store = new OrderedKeyStore();
    super(id, store, magic);
    this.ordered = store;
  }

  static deserialize(id: string, payload: Uint8Array): RangeIndex {
    return new RangeIndex(id).load(payload);
  }

  /** `deserialize` in steps (see `KeyedIndex.loadSteps`). */
  static deserializeSteps(id: string, payload: Uint8Array): Generator<void, RangeIndex> {
    return new RangeIndex(id).loadSteps(payload);
  }

  override *scanSlices(
    operator: ScanOperator,
    literal: TypedValue,
    visit: IdVisitor,
    sliceKeys: number,
  ): Generator<void> {
    const run = this.ordered.ofType(literal.type);
    if (run === undefined) return;
    if (operator === ScanOperator.Equals) {
      yield* super.scanSlices(operator, literal, visit, sliceKeys);
      return;
    }
    const { compare, compareForScan } = run.order;
    const bound = run.order.sortKey(literal);
    const type = literal.type;
    switch (operator) {
      case ScanOperator.NotEquals:
        yield* this.walk(type, null, (key) => compare(key, bound) < 0, visit, sliceKeys);
        yield* this.walk(type, (key) => compare(key, bound) <= 0, null, visit, sliceKeys);
        return;
      case ScanOperator.Greater:
        yield* this.walk(type, (key) => compareForScan(key, bound) <= 0, null, visit, sliceKeys);
        return;
      case ScanOperator.GreaterOrEquals:
        yield* this.walk(type, (key) => compareForScan(key, bound) < 0, null, visit, sliceKeys);
        return;
      case ScanOperator.Lower:
        yield* this.walk(type, null, (key) => compareForScan(key, bound) < 0, visit, sliceKeys);
        return;
      case ScanOperator.LowerOrEquals:
        yield* this.walk(type, null, (key) => compareForScan(key, bound) <= 0, visit, sliceKeys);
        return;
    }
  }

  range(
    left: TypedValue,
    right: TypedValue,
    includeLeft: boolean,
    includeRight: boolean,
    visit: IdVisitor,
  ): void {
    drain(this.rangeSlices(left, right, includeLeft, includeRight, visit, Infinity));
  }

  *rangeSlices(
    left: TypedValue,
    right: TypedValue,
    includeLeft: boolean,
    includeRight: boolean,
    visit: IdVisitor,
    sliceKeys: number,
  ): Generator<void> {
    if (left.type !== right.type) return;
    const run = this.ordered.ofType(left.type);
    if (run === undefined) return;
    const { order } = run;
    const { compareForScan } = order;
    const low = order.sortKey(left);
    const high = order.sortKey(right);
    yield* this.walk(
      left.type,
      includeLeft ? (key) => compareForScan(key, low) < 0 : (key) => compareForScan(key, low) <= 0,
      includeRight ? (key) => compareForScan(key, high) <= 0 : (key) => compareForScan(key, high) < 0,
      visit,
      sliceKeys,
    );
  }

  /**
   * Visits the ids of the keys of `type` from `from` up to `to`, pausing after every `sliceKeys` keys;
   * after a pause it seeks past the last key visited and seeks `to` again.
   */
  private *walk(
    type: ValueType,
    from: Bound,
    to: Bound,
    visit: IdVisitor,
    sliceKeys: number,
  ): Generator<void> {
    const step = (ids: Ids) => visitIds(ids, visit);
    let run = this.ordered.ofType(type);
    if (run === undefined) return;
    let start = from === null ? { block: 0, offset: 0 } : run.blocks.seek(from);
    for (;;) {
      const end = to === null ? run.blocks.end : run.blocks.seek(to);
      const last = run.blocks.forEachValue(start, end, step, sliceKeys);
      if (last === undefined) return;
      yield;
      run = this.ordered.ofType(type);
      if (run === undefined) return;
      const { compare } = run.order;
      start = run.blocks.seek((key) => compare(key, last) <= 0);
    }
  }
}

/** Options are ignored (docs/indexes.md, Routes). */
export const rangeIndexPlugin: IndexPlugin = {
  pluginType: 'RangeIndex',
  capabilities,
  creatableOverInterface: true,
  create: (id) => new RangeIndex(id),
  deserialize: (id, payload) => RangeIndex.deserialize(id, payload),
  deserializeSteps: (id, payload) => RangeIndex.deserializeSteps(id, payload),
};
