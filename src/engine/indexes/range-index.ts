/**
 * RangeIndex: typed keys in order (capabilities `equality`, `range`). Keys live in one sorted block list
 * per value type (key-stores.ts), numeric ones as plain doubles, so every ordered operator and every
 * bounded range is one O(log n) seek plus a walk over the k keys it returns. Mixed key types are allowed
 * and simply never meet: a literal of one type sees only keys of that type. NaN sorts before every other
 * float (.NET order).
 *
 * A walk in slices pauses after every `sliceKeys` keys and resumes by seeking past the last key it
 * visited, so keys added or removed while it was paused never derail it.
 */
import { ScanOperator } from '../graph/scan.js';
import type { TypedValue, ValueType } from '../model/values.js';
import { OrderedKeyStore, type OrderedRun } from './key-stores.js';
import { KeyedIndexBase, drain, visitIds, type Ids } from './keyed-index.js';
import type { SortKey } from './keys.js';
import type { IdVisitor, IndexCapability, IndexPlugin, OrderedIndex } from './plugin.js';
import type { BlockPosition } from './sorted-blocks.js';

const capabilities: readonly IndexCapability[] = ['equality', 'range'];
const magic = 'SKXR';
const start: BlockPosition = { block: 0, offset: 0 };
const fromStart = (): BlockPosition => start;

/** Visits one key of a walk; false stops the walk (the key is past its end). */
type KeyStep = (ids: Ids, key: SortKey) => boolean;

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
    const every: KeyStep = (ids) => {
      visitIds(ids, visit);
      return true;
    };
    switch (operator) {
      case ScanOperator.NotEquals:
        yield* this.walk(literal.type, fromStart, sliceKeys, (ids, key) => {
          if (compare(key, bound) !== 0) visitIds(ids, visit);
          return true;
        });
        return;
      case ScanOperator.Greater:
        yield* this.walk(
          literal.type,
          ({ blocks }) => blocks.seek((key) => compareForScan(key, bound) <= 0),
          sliceKeys,
          every,
        );
        return;
      case ScanOperator.GreaterOrEquals:
        yield* this.walk(
          literal.type,
          ({ blocks }) => blocks.seek((key) => compareForScan(key, bound) < 0),
          sliceKeys,
          every,
        );
        return;
      case ScanOperator.Lower:
        yield* this.walk(literal.type, fromStart, sliceKeys, (ids, key) => {
          if (compareForScan(key, bound) >= 0) return false;
          visitIds(ids, visit);
          return true;
        });
        return;
      case ScanOperator.LowerOrEquals:
        yield* this.walk(literal.type, fromStart, sliceKeys, (ids, key) => {
          if (compareForScan(key, bound) > 0) return false;
          visitIds(ids, visit);
          return true;
        });
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
      ({ blocks }) =>
        includeLeft
          ? blocks.seek((key) => compareForScan(key, low) < 0)
          : blocks.seek((key) => compareForScan(key, low) <= 0),
      sliceKeys,
      (ids, key) => {
        const toHigh = compareForScan(key, high);
        if (includeRight ? toHigh > 0 : toHigh >= 0) return false;
        visitIds(ids, visit);
        return true;
      },
    );
  }

  /**
   * Walks the keys of `type` from `first` while `step` answers true, pausing after every `sliceKeys`
   * keys; after a pause it seeks past the last key visited.
   */
  private *walk(
    type: ValueType,
    first: (run: OrderedRun) => BlockPosition,
    sliceKeys: number,
    step: KeyStep,
  ): Generator<void> {
    let run = this.ordered.ofType(type);
    if (run === undefined) return;
    let position = first(run);
    for (;;) {
      let counted = 0;
      let stopped = false;
      let last: SortKey | undefined;
      run.blocks.forEachFrom(position, (ids, key) => {
        if (!step(ids, key)) {
          stopped = true;
          return false;
        }
        last = key;
        return ++counted < sliceKeys;
      });
      if (stopped || counted < sliceKeys) return;
      yield;
      run = this.ordered.ofType(type);
      if (run === undefined) return;
      const { compare } = run.order;
      const after = last!;
      position = run.blocks.seek((key) => compare(key, after) <= 0);
    }
  }
}

/** Options are ignored (CONTRACT 1.10). */
export const rangeIndexPlugin: IndexPlugin = {
  pluginType: 'RangeIndex',
  capabilities,
  creatableOverInterface: true,
  create: (id) => new RangeIndex(id),
  deserialize: (id, payload) => RangeIndex.deserialize(id, payload),
};
