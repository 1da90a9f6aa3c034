/**
 * How LINQ and sorting compare and match values of each C# type: `Comparer<T>.Default` as an `Order`
 * (OrderBy, Min, Max) and `EqualityComparer<T>.Default` as an `EqualityKey` (Distinct, Contains, GroupBy).
 * The emitter picks the one of the element's static type.
 */
import type { Decimal } from 'decimal.js';
import { utcTicksOf } from '../../engine/model/datetime-text.js';
import { compareCulture } from './culture.js';
import { compareFloats } from './semantics.js';
import { argument } from './exceptions.js';
import { isElementView, type ElementView } from './models.js';
import { Boxed, type DateTimeOffsetValue, type DateTimeValue } from './types.js';

export interface Order<T> {
  /** Negative, zero or positive, as `Comparer<T>.Default.Compare`. */
  compare(a: T, b: T): number;
  /**
   * Min and Max of a reference type (string) skip nulls and answer null for an empty sequence; of a value
   * type they throw on an empty sequence.
   */
  readonly nullable: boolean;
  /** float and double: Min answers NaN as soon as it sees one; Max answers NaN only when all are NaN. */
  readonly floating: boolean;
}

function compareOrdered<T extends number | bigint | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function valueOrder<T>(compare: (a: T, b: T) => number, floating = false): Order<T> {
  return { compare, nullable: false, floating };
}

export const orders = {
  /** Every integer type held in a number, and char. */
  Integer: valueOrder<number>(compareOrdered),
  /** long and ulong, and TimeSpan. */
  BigInteger: valueOrder<bigint>(compareOrdered),
  /** float and double. */
  Floating: valueOrder<number>(compareFloats, true),
  Decimal: valueOrder<Decimal>((a, b) => a.cmp(b)),
  Boolean: valueOrder<boolean>((a, b) => Number(a) - Number(b)),
  DateTime: valueOrder<DateTimeValue>((a, b) => compareOrdered(a.ticks, b.ticks)),
  DateTimeOffset: valueOrder<DateTimeOffsetValue>((a, b) => compareOrdered(utcTicksOf(a), utcTicksOf(b))),
  Guid: valueOrder<string>(compareOrdered),
  /** Culture order (`Comparer<string>.Default`), null first. */
  String: {
    compare(a: string | null, b: string | null): number {
      if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
      return compareCulture(a, b, false);
    },
    nullable: true,
    floating: false,
  } satisfies Order<string | null>,
  /**
   * `Comparer<T>.Default` of a reference type that does not implement IComparable (element models,
   * lists, `object`): the same reference (the same element, for views) is equal and null sorts first;
   * any other pair is .NET's ArgumentException. Min and Max skip nulls, as for strings.
   */
  Incomparable: {
    compare: compareIncomparable,
    nullable: true,
    floating: false,
  } satisfies Order<unknown>,
  /** The same for a struct without IComparable (KeyValuePair): Min and Max of none throw. */
  IncomparableValue: {
    compare: compareIncomparable,
    nullable: false,
    floating: false,
  } satisfies Order<unknown>,
  /**
   * `Comparer<T?>.Default` of a nullable value type: null before every value, the values by `order`.
   * Min and Max skip nulls and answer null when none is left, as their `T?` overloads do.
   */
  Nullable<T>(order: Order<T>): Order<T | null> {
    return {
      compare: (a, b) =>
        a === null || b === null ? (a === b ? 0 : a === null ? -1 : 1) : order.compare(a, b),
      nullable: true,
      floating: order.floating,
    };
  },
} as const;

function compareIncomparable(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (isElementView(a) && isElementView(b) && a.Id === b.Id && a.constructor === b.constructor) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  throw argument('At least one object must implement IComparable.');
}

/** Order of the reverse direction (OrderByDescending, ThenByDescending). */
export function descending<T>(order: Order<T>): Order<T> {
  return { compare: (a, b) => order.compare(b, a), nullable: order.nullable, floating: order.floating };
}

/**
 * Maps a value to a JavaScript value whose SameValueZero equality is the type's .NET equality, so a
 * `Set` or `Map` can do Distinct and GroupBy.
 * Keys accept null (the elements of a `T?` sequence), which only equals null.
 */
export type EqualityKey<T> = (value: T) => unknown;

const identity = <T>(value: T): unknown => value;

export const keys = {
  /** Numbers (NaN equals NaN, 0 equals -0, as .NET's Equals), bigints, strings (ordinal), booleans, Guids. */
  Identity: identity as EqualityKey<unknown>,
  Decimal: ((value: Decimal | null) =>
    value === null ? null : value.toFixed()) as EqualityKey<Decimal | null>,
  DateTime: ((value: DateTimeValue | null) =>
    value === null ? null : value.ticks) as EqualityKey<DateTimeValue | null>,
  DateTimeOffset: ((value: DateTimeOffsetValue | null) =>
    value === null ? null : utcTicksOf(value)) as EqualityKey<DateTimeOffsetValue | null>,
  /** Element models: one id space for vertices and edges, so the id identifies the element. */
  Element: ((value: ElementView | null) =>
    value === null ? null : value.Id) as EqualityKey<ElementView | null>,
  /** `object`: boxes by type and value, views by element, other references by identity. */
  Object(value: unknown): unknown {
    if (value instanceof Boxed) {
      const inner = value.value;
      const text =
        typeof inner === 'object' && inner !== null
          ? 'ticks' in inner
            ? String((inner as DateTimeValue).ticks)
            : (inner as Decimal).toFixed()
          : String(inner);
      return `${value.type}:${text}`;
    }
    if (isElementView(value)) return `element:${value.Id}`;
    return value;
  },
} as const;
