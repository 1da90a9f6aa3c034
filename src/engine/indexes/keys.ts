/**
 * Index keys are typed values, compared exactly as properties are (src/engine/model/values.ts):
 *
 * - Keys of different types are different keys: an Int32 5 and an Int64 5 never meet, and a scan literal
 *   only ever finds keys of its own type ("a typed read of a different stored type behaves as absent").
 * - Equality is .NET `Equals`: NaN equals NaN, 0 equals -0, Decimal by value (1.0 equals 1.00), DateTime
 *   by ticks (the kind is ignored), DateTimeOffset by UTC instant, strings ordinally (case-sensitive).
 *   Equal keys are one key; the first one added is the one kept (and serialized).
 * - Order is `compareValues`: strings by the ICU root collation (`a` < `A` < `b`), floats with NaN first.
 *   Two strings the collation calls equal yet ordinally different are different keys: the index orders
 *   them by the collation and then ordinally, so every run of collation-equal keys is contiguous.
 *
 * `Single[]` values are not keys (not comparable): `isIndexableKey` says so, and backfill skips them.
 */
import type { Decimal } from 'decimal.js';
import { utcTicksOf } from '../model/datetime-text.js';
import { compareValues, type ScalarType, type TypedValue, type ValueType } from '../model/values.js';

/** A primitive that identifies a key within its type under `Map`'s SameValueZero (NaN = NaN, 0 = -0). */
export type HashKey = string | number | bigint | boolean;

export function isIndexableKey(value: TypedValue): value is TypedValue & { type: ScalarType } {
  return value.type !== 'Single[]';
}

/** The identity of `key` among keys of its type: equal keys (see the module comment) get equal hashes. */
export function hashKey(key: TypedValue): HashKey {
  switch (key.type) {
    case 'Decimal':
      // decimal.js keeps digits without trailing zeros, so equal values print alike; -0 prints as 0.
      return key.value.toString();
    case 'DateTime':
      return key.value.ticks;
    case 'DateTimeOffset':
      return utcTicksOf(key.value);
    case 'Single[]':
      throw new TypeError('a Single[] value is not an index key');
    default:
      return key.value;
  }
}

const ordinal = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order of an index over keys of one type: `compareValues`, refined ordinally for strings so that it
 * is total and agrees with key equality (zero exactly when the keys are equal).
 */
export function compareKeys(a: TypedValue, b: TypedValue): number {
  const order = compareValues(a, b);
  if (order !== 0 || a.type !== 'String') return order;
  return ordinal(a.value, b.value as string);
}

/**
 * The order the scan operators compare by (`compareValues`): coarser than `compareKeys` for strings
 * (collation-equal strings compare 0), identical otherwise. `compareKeys` refines it, so a sorted run
 * of keys is sorted under it too and can be binary-searched with it.
 */
export const compareForScan = compareValues;

/** Exact key equality (zero under `compareKeys`), for keys of the same type. */
export function keysEqual(a: TypedValue, b: TypedValue): boolean {
  return a.type === b.type && compareKeys(a, b) === 0;
}

/**
 * What a key sorts by within its type: the typed value's own `value` (a number, bigint, string, boolean,
 * Decimal, or the DateTime/DateTimeOffset record), so `{ type, value: sortKey }` gives the key back
 * exactly. Numeric keys are plain numbers, which an ordered index stores unboxed.
 */
export type SortKey = TypedValue['value'];

/** The key of `type` whose sort key is `sortKey` (the inverse of `KeyOrder.sortKey`). */
export function keyOf(type: ValueType, sortKey: SortKey): TypedValue {
  return { type, value: sortKey } as TypedValue;
}

/**
 * How the keys of one type are ordered, on sort keys: `compare` is `compareKeys` (total, zero exactly
 * for equal keys), `compareForScan` the scan operators' order.
 */
export interface KeyOrder {
  sortKey(key: TypedValue): SortKey;
  compare(a: SortKey, b: SortKey): number;
  compareForScan(a: SortKey, b: SortKey): number;
}

/** .NET `CompareTo` of floating point: NaN first, equal to itself; -0 equals 0. */
function compareFloats(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  const aNaN = a !== a;
  return aNaN === (b !== b) ? 0 : aNaN ? -1 : 1;
}

function comparePrimitive(a: SortKey, b: SortKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const ownValue = (key: TypedValue): SortKey => key.value;

const numberOrder: KeyOrder = {
  sortKey: ownValue,
  compare: compareFloats as KeyOrder['compare'],
  compareForScan: compareFloats as KeyOrder['compare'],
};

const primitiveOrder: KeyOrder = {
  sortKey: ownValue,
  compare: comparePrimitive,
  compareForScan: comparePrimitive,
};

const byUtcTicks = (key: SortKey) => utcTicksOf(key as { ticks: bigint; offsetMinutes: number });
const byTicks = (key: SortKey) => (key as { ticks: bigint }).ticks;
const orderBy =
  (of: (key: SortKey) => bigint): KeyOrder['compare'] =>
  (a, b) =>
    comparePrimitive(of(a), of(b));

const dateTimeOrder: KeyOrder = {
  sortKey: ownValue,
  compare: orderBy(byTicks),
  compareForScan: orderBy(byTicks),
};

const dateTimeOffsetOrder: KeyOrder = {
  sortKey: ownValue,
  compare: orderBy(byUtcTicks),
  compareForScan: orderBy(byUtcTicks),
};

const stringCollator = new Intl.Collator('und');

const stringOrder: KeyOrder = {
  sortKey: ownValue,
  compare: (a, b) => {
    const order = stringCollator.compare(a as string, b as string);
    return order !== 0 ? Math.sign(order) : comparePrimitive(a, b);
  },
  compareForScan: (a, b) => Math.sign(stringCollator.compare(a as string, b as string)),
};

const decimalOrder: KeyOrder = {
  sortKey: ownValue,
  compare: (a, b) => (a as Decimal).cmp(b as Decimal),
  compareForScan: (a, b) => (a as Decimal).cmp(b as Decimal),
};

/** The order of keys of `type` (the same as `compareKeys` / `compareForScan` on typed values). */
export function keyOrderFor(type: ValueType): KeyOrder {
  switch (type) {
    case 'Byte':
    case 'SByte':
    case 'Int16':
    case 'UInt16':
    case 'Int32':
    case 'UInt32':
    case 'Single':
    case 'Double':
      return numberOrder;
    case 'Boolean':
    case 'Int64':
    case 'UInt64':
    case 'TimeSpan':
    case 'Char':
    case 'Guid':
      return primitiveOrder;
    case 'DateTime':
      return dateTimeOrder;
    case 'DateTimeOffset':
      return dateTimeOffsetOrder;
    case 'String':
      return stringOrder;
    case 'Decimal':
      return decimalOrder;
    case 'Single[]':
      throw new TypeError('a Single[] value is not an index key');
  }
}
