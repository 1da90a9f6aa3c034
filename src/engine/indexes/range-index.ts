/**
 * RangeIndex: typed keys in order (capabilities `equality`, `range`). Keys live in one sorted block list
 * per value type (key-stores.ts), so every ordered operator and every bounded range is one O(log n)
 * seek plus a walk over the k keys it returns. Mixed key types are allowed and simply never meet: a
 * literal of one type sees only keys of that type. NaN sorts before every other float (.NET order).
 */
import { ScanOperator } from '../graph/scan.js';
import type { TypedValue } from '../model/values.js';
import { OrderedKeyStore } from './key-stores.js';
import { KeyedIndexBase, visitIds, type KeyEntry } from './keyed-index.js';
import { compareForScan, keysEqual } from './keys.js';
import type { IdVisitor, IndexCapability, IndexPlugin, OrderedIndex } from './plugin.js';

const capabilities: readonly IndexCapability[] = ['equality', 'range'];
const magic = 'SKXR';

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

  override scan(operator: ScanOperator, literal: TypedValue, visit: IdVisitor): void {
    const entries = this.ordered.ofType(literal.type);
    if (entries === undefined) return;
    const all = (entry: KeyEntry) => visitIds(entry, visit);
    switch (operator) {
      case ScanOperator.Equals:
        super.scan(operator, literal, visit);
        return;
      case ScanOperator.NotEquals:
        entries.forEach((entry) => {
          if (!keysEqual(entry.key, literal)) visitIds(entry, visit);
        });
        return;
      case ScanOperator.Greater:
        entries.forEachFrom(
          entries.seek((entry) => compareForScan(entry.key, literal) <= 0),
          all,
        );
        return;
      case ScanOperator.GreaterOrEquals:
        entries.forEachFrom(
          entries.seek((entry) => compareForScan(entry.key, literal) < 0),
          all,
        );
        return;
      case ScanOperator.Lower:
        entries.forEachFrom({ block: 0, offset: 0 }, (entry) => {
          if (compareForScan(entry.key, literal) >= 0) return false;
          visitIds(entry, visit);
        });
        return;
      case ScanOperator.LowerOrEquals:
        entries.forEachFrom({ block: 0, offset: 0 }, (entry) => {
          if (compareForScan(entry.key, literal) > 0) return false;
          visitIds(entry, visit);
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
    if (left.type !== right.type) return;
    const entries = this.ordered.ofType(left.type);
    if (entries === undefined) return;
    const start = includeLeft
      ? entries.seek((entry) => compareForScan(entry.key, left) < 0)
      : entries.seek((entry) => compareForScan(entry.key, left) <= 0);
    entries.forEachFrom(start, (entry) => {
      const order = compareForScan(entry.key, right);
      if (includeRight ? order > 0 : order >= 0) return false;
      visitIds(entry, visit);
    });
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
