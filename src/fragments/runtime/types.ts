/**
 * How C# values look in the JavaScript the emitter generates, and the type codes of typed reads.
 *
 * | C# type                         | JavaScript value                                               |
 * |---------------------------------|----------------------------------------------------------------|
 * | bool                            | boolean                                                        |
 * | int, short, sbyte, byte, ushort | number, always an integer of the type's range (never -0)       |
 * | uint                            | number in [0, 2^32)                                            |
 * | char                            | number: the UTF-16 code unit (char is an integral type in C#)  |
 * | long, ulong                     | bigint in the type's range                                     |
 * | float                           | number, Math.fround'ed after every operation                   |
 * | double                          | number                                                         |
 * | decimal                         | Decimal (decimal.js), within .NET's 96-bit mantissa, scale 28  |
 * | string                          | string or null                                                 |
 * | DateTime                        | DateTimeValue { ticks: bigint, kind } (engine model), frozen   |
 * | DateTimeOffset                  | DateTimeOffsetValue { ticks: bigint, offsetMinutes }           |
 * | TimeSpan                        | bigint ticks                                                   |
 * | Guid                            | string, canonical lowercase hyphenated                          |
 * | enums (metric, DayOfWeek, ...)  | number (the underlying int)                                    |
 * | T[] (arrays), List<T>           | JavaScript array; float[] from a property is a Float32Array    |
 * | ReadOnlySpan<float>             | Float32Array (read-only by the checker's rules, never copied)  |
 * | element models, edge lists      | the views of models.ts and edge-groups.ts                      |
 * | IEnumerable<T>                  | any JavaScript Iterable<T> (lazy where LINQ is lazy)           |
 * | T? (nullable value type)        | the value or null                                              |
 * | object                          | null, a string, a reference-type value, or a `Boxed` value type |
 *
 * The emitter knows every expression's static type, so values carry no type at run time except when boxed.
 */
import type { DateTimeOffsetValue, DateTimeValue } from '../../engine/model/datetime-text.js';
import { Decimal } from 'decimal.js';
import { typeTag } from '../../engine/graph/property-store.js';

export type { DateTimeOffsetValue, DateTimeValue };

/**
 * Type codes of `TryGetProperty<T>` and boxing: the engine's property type tags, so an exact-type check
 * of a stored value is one integer compare. `Object` matches any stored type.
 */
export const ClrType = {
  Object: -1,
  String: typeTag('String'),
  Boolean: typeTag('Boolean'),
  Byte: typeTag('Byte'),
  SByte: typeTag('SByte'),
  Int16: typeTag('Int16'),
  UInt16: typeTag('UInt16'),
  Int32: typeTag('Int32'),
  UInt32: typeTag('UInt32'),
  Int64: typeTag('Int64'),
  UInt64: typeTag('UInt64'),
  Single: typeTag('Single'),
  Double: typeTag('Double'),
  Decimal: typeTag('Decimal'),
  Char: typeTag('Char'),
  DateTime: typeTag('DateTime'),
  DateTimeOffset: typeTag('DateTimeOffset'),
  TimeSpan: typeTag('TimeSpan'),
  Guid: typeTag('Guid'),
  /** float[]: a copy of the stored Single[] (a C# array is mutable; the store's must not be). */
  SingleArray: typeTag('Single[]'),
} as const;
export type ClrTypeName = keyof typeof ClrType;
export type ClrTypeCode = (typeof ClrType)[ClrTypeName];

const NAME_OF_CODE = new Map<number, ClrTypeName>(
  (Object.keys(ClrType) as ClrTypeName[]).map((name) => [ClrType[name], name]),
);

/** `System.Int32`, `System.Single[]`, ...: the name .NET messages use. */
export function clrFullName(code: number): string {
  const name = NAME_OF_CODE.get(code);
  if (name === undefined) throw new RangeError(`unknown type code ${code}`);
  return name === 'SingleArray' ? 'System.Single[]' : `System.${name}`;
}

/** The out-parameter cell: a C# `out` argument is passed as a cell the callee writes. */
export interface Out<T> {
  value: T;
}

/** One class for every cell, so reads and writes of `value` stay monomorphic. */
export class OutCell<T> implements Out<T> {
  constructor(public value: T) {}
}

/** A boxed value type (an `int` in an `object` variable): the type code keeps `is int` answerable. */
export class Boxed {
  constructor(
    readonly type: ClrTypeCode,
    readonly value: unknown,
  ) {}
}

export const TICKS_PER_MILLISECOND = 10_000n;
export const TICKS_PER_SECOND = 10_000_000n;
export const TICKS_PER_MINUTE = 600_000_000n;
export const TICKS_PER_HOUR = 36_000_000_000n;
export const TICKS_PER_DAY = 864_000_000_000n;
/** Ticks of 1970-01-01T00:00:00 (DateTime.UnixEpoch). */
export const UNIX_EPOCH_TICKS = 621_355_968_000_000_000n;

export const GUID_EMPTY = '00000000-0000-0000-0000-000000000000';
export const DECIMAL_ZERO = new Decimal(0);
export const DATETIME_MIN: DateTimeValue = Object.freeze({ ticks: 0n, kind: 'Unspecified' });
export const DATETIMEOFFSET_MIN: DateTimeOffsetValue = Object.freeze({ ticks: 0n, offsetMinutes: 0 });

/** A DateTime (frozen: values are immutable structs in C#, and views may share them). */
export function dateTime(ticks: bigint, kind: DateTimeValue['kind']): DateTimeValue {
  return Object.freeze({ ticks, kind });
}

/** `default(T)` of each type code: what a failed typed read leaves in its out cell. */
export function defaultOf(code: number): unknown {
  switch (code) {
    case ClrType.Boolean:
      return false;
    case ClrType.Byte:
    case ClrType.SByte:
    case ClrType.Int16:
    case ClrType.UInt16:
    case ClrType.Int32:
    case ClrType.UInt32:
    case ClrType.Single:
    case ClrType.Double:
    case ClrType.Char:
      return 0;
    case ClrType.Int64:
    case ClrType.UInt64:
    case ClrType.TimeSpan:
      return 0n;
    case ClrType.Decimal:
      return DECIMAL_ZERO;
    case ClrType.DateTime:
      return DATETIME_MIN;
    case ClrType.DateTimeOffset:
      return DATETIMEOFFSET_MIN;
    case ClrType.Guid:
      return GUID_EMPTY;
    default:
      // string, object, arrays: reference types
      return null;
  }
}
