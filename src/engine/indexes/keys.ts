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
import { utcTicksOf } from '../model/datetime-text.js';
import { compareValues, type ScalarType, type TypedValue } from '../model/values.js';

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
