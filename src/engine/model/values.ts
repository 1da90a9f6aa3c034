/**
 * Typed property values: the 18 scalar types of the wire plus `Single[]` (embeddings; docs/elements.md).
 *
 * A value crosses the wire as text plus a type name; inside the engine it is a `TypedValue`, which keeps
 * the declared type exactly (Int64 as bigint, Decimal exact, dates in 100-ns ticks).
 *
 * Semantics follow .NET (Core 3.0+) with the invariant culture, as the ancestor service behaves; the
 * per-type text rules live in the sibling `*-text.ts` modules and are documented there.
 */
// The named export: under NodeNext the default import of decimal.js types as its module namespace.
import type { Decimal } from 'decimal.js';
import {
  formatDateTime,
  formatDateTimeInvariantGeneral,
  formatDateTimeOffset,
  formatTimeSpan,
  parseDateTimeOffsetText,
  parseDateTimeText,
  parseTimeSpanText,
  utcTicksOf,
} from './datetime-text.js';
import { formatDecimal, parseDecimalText } from './decimal-text.js';
import { parseGuidText } from './guid-text.js';
import {
  formatDouble,
  formatSingle,
  parseBigInteger,
  parseDoubleText,
  parseSingleText,
  parseSmallInteger,
} from './numeric-text.js';

export const SCALAR_TYPES = [
  'String',
  'Boolean',
  'Byte',
  'SByte',
  'Int16',
  'UInt16',
  'Int32',
  'UInt32',
  'Int64',
  'UInt64',
  'Single',
  'Double',
  'Decimal',
  'Char',
  'DateTime',
  'DateTimeOffset',
  'TimeSpan',
  'Guid',
] as const;

export type ScalarType = (typeof SCALAR_TYPES)[number];
/** `Single[]` is accepted only in bulk files and embeddings (docs/elements.md); never by `resolveTypeName`. */
export type ValueType = ScalarType | 'Single[]';

export type DateTimeKind = 'Unspecified' | 'Utc' | 'Local';

export type TypedValue =
  | { type: 'String'; value: string }
  | { type: 'Boolean'; value: boolean }
  | { type: 'Byte' | 'SByte' | 'Int16' | 'UInt16' | 'Int32' | 'UInt32' | 'Single' | 'Double'; value: number }
  | { type: 'Int64' | 'UInt64'; value: bigint }
  | { type: 'Decimal'; value: Decimal }
  /** exactly one UTF-16 code unit */
  | { type: 'Char'; value: string }
  /** ticks: 100-ns units since 0001-01-01T00:00:00 (as .NET DateTime.Ticks) */
  | { type: 'DateTime'; value: { ticks: bigint; kind: DateTimeKind } }
  /** ticks: the local clock time in 100-ns units since 0001-01-01; offsetMinutes: the zone offset */
  | { type: 'DateTimeOffset'; value: { ticks: bigint; offsetMinutes: number } }
  /** ticks: signed 100-ns units */
  | { type: 'TimeSpan'; value: bigint }
  /** canonical lowercase hyphenated form */
  | { type: 'Guid'; value: string }
  | { type: 'Single[]'; value: Float32Array };

/** The types whose `value` is a JavaScript number. */
export type NumberValueType = Extract<TypedValue, { value: number }>['type'];

/** `NumberValueType` at run time (`satisfies` keeps the list complete). */
export const NUMBER_VALUE_TYPES: ReadonlySet<string> = new Set(
  Object.keys({
    Byte: true,
    SByte: true,
    Int16: true,
    UInt16: true,
    Int32: true,
    UInt32: true,
    Single: true,
    Double: true,
  } satisfies Record<NumberValueType, true>),
);

/** Raised when a type name is unknown or a text does not convert; `message` names the type and the text. */
export class ValueError extends Error {
  override readonly name = 'ValueError';
}

/** Longest slice of an offending text quoted in a `ValueError` message, so problem bodies stay small. */
const MAX_ERROR_TEXT_CHARS = 200;

type SmallIntegerType = 'Byte' | 'SByte' | 'Int16' | 'UInt16' | 'Int32' | 'UInt32';
type BigIntegerType = 'Int64' | 'UInt64';

const SMALL_INTEGER_RANGES: Record<SmallIntegerType, readonly [min: number, max: number]> = {
  Byte: [0, 255],
  SByte: [-128, 127],
  Int16: [-32_768, 32_767],
  UInt16: [0, 65_535],
  Int32: [-2_147_483_648, 2_147_483_647],
  UInt32: [0, 4_294_967_295],
};

const BIG_INTEGER_RANGES: Record<BigIntegerType, readonly [min: bigint, max: bigint]> = {
  Int64: [-(2n ** 63n), 2n ** 63n - 1n],
  UInt64: [0n, 2n ** 64n - 1n],
};

const CSHARP_ALIASES: Record<string, ScalarType> = {
  string: 'String',
  bool: 'Boolean',
  byte: 'Byte',
  sbyte: 'SByte',
  short: 'Int16',
  ushort: 'UInt16',
  int: 'Int32',
  uint: 'UInt32',
  long: 'Int64',
  ulong: 'UInt64',
  float: 'Single',
  double: 'Double',
  decimal: 'Decimal',
  char: 'Char',
};

/** Every accepted spelling, lowercased: full name, short name, C# alias. */
const TYPE_NAMES: ReadonlyMap<string, ScalarType> = new Map<string, ScalarType>([
  ...SCALAR_TYPES.map((t): [string, ScalarType] => [t.toLowerCase(), t]),
  ...SCALAR_TYPES.map((t): [string, ScalarType] => [`system.${t.toLowerCase()}`, t]),
  ...Object.entries(CSHARP_ALIASES),
]);

/** `Boolean.Parse`: `true`/`false` in any case, surrounding whitespace and NULs ignored. */
const BOOLEAN_TEXT = /^[\s\0]*(?:(true)|false)[\s\0]*$/i;

/** String ordering is linguistic (ICU root collation: `a` < `A` < `b` < `B`), built once. */
const STRING_COLLATOR = new Intl.Collator('und');

/** Case-insensitive lookup of the full name, short name or C# alias; `System.Single[]` is not a scalar. */
export function resolveTypeName(name: string): ScalarType | undefined {
  return TYPE_NAMES.get(name.toLowerCase());
}

export function fullTypeName(type: ValueType): string {
  return `System.${type}`;
}

function invalid(type: ValueType, text: string): ValueError {
  const quoted = text.length > MAX_ERROR_TEXT_CHARS ? `${text.slice(0, MAX_ERROR_TEXT_CHARS)}...` : text;
  return new ValueError(`The value '${quoted}' is not a valid ${fullTypeName(type)}`);
}

/** Brackets of the read form of `Single[]`; bulk files write the components without them. */
const SINGLE_ARRAY_BRACKETS = /^\s*\[(.*)\]\s*$/s;

function parseSingleArray(text: string): Float32Array | undefined {
  const bracketed = SINGLE_ARRAY_BRACKETS.exec(text);
  const inner = bracketed === null ? text : bracketed[1];
  if (inner.trim() === '') return new Float32Array(0);
  const parts = inner.split(',');
  const result = new Float32Array(parts.length);
  for (let i = 0; i < parts.length; i++) {
    const component = parseSingleText(parts[i], false);
    if (component === undefined) return undefined;
    result[i] = component;
  }
  return result;
}

function formatSingleArray(values: Float32Array): string {
  let text = '[';
  for (let i = 0; i < values.length; i++) text += (i === 0 ? '' : ',') + formatSingle(values[i]);
  return `${text}]`;
}

/**
 * Converts wire text to a typed value, or throws `ValueError` naming the type and the text.
 * The `*-text.ts` modules document each grammar.
 */
export function parseValue(type: ValueType, text: string): TypedValue {
  switch (type) {
    case 'String':
      return { type, value: text };
    case 'Boolean': {
      const match = BOOLEAN_TEXT.exec(text);
      if (match === null) throw invalid(type, text);
      return { type, value: match[1] !== undefined };
    }
    case 'Byte':
    case 'SByte':
    case 'Int16':
    case 'UInt16':
    case 'Int32':
    case 'UInt32': {
      const [min, max] = SMALL_INTEGER_RANGES[type];
      const value = parseSmallInteger(text, min, max);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'Int64':
    case 'UInt64': {
      const [min, max] = BIG_INTEGER_RANGES[type];
      const value = parseBigInteger(text, min, max);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'Single': {
      const value = parseSingleText(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'Double': {
      const value = parseDoubleText(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'Decimal': {
      const value = parseDecimalText(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'Char':
      if (text.length !== 1) throw invalid(type, text);
      return { type, value: text };
    case 'DateTime': {
      const value = parseDateTimeText(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'DateTimeOffset': {
      const value = parseDateTimeOffsetText(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'TimeSpan': {
      const value = parseTimeSpanText(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'Guid': {
      const value = parseGuidText(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    case 'Single[]': {
      const value = parseSingleArray(text);
      if (value === undefined) throw invalid(type, text);
      return { type, value };
    }
    default:
      throw new ValueError(`Unknown type '${String(type)}'`);
  }
}

/** The read text (docs/elements.md, Typed values); `parseValue` of it gives back an identical value. */
export function formatValue(value: TypedValue): string {
  switch (value.type) {
    case 'String':
    case 'Char':
    case 'Guid':
      return value.value;
    case 'Boolean':
      return value.value ? 'True' : 'False';
    case 'Byte':
    case 'SByte':
    case 'Int16':
    case 'UInt16':
    case 'Int32':
    case 'UInt32':
    case 'Int64':
    case 'UInt64':
      return String(value.value);
    case 'Single':
      return formatSingle(value.value);
    case 'Double':
      return formatDouble(value.value);
    case 'Decimal':
      return formatDecimal(value.value);
    case 'DateTime':
      return formatDateTime(value.value);
    case 'DateTimeOffset':
      return formatDateTimeOffset(value.value);
    case 'TimeSpan':
      return formatTimeSpan(value.value);
    case 'Single[]':
      return formatSingleArray(value.value);
  }
}

/** .NET `Equals` of floating point: NaN equals NaN, and 0 equals -0. */
function floatEquals(a: number, b: number): boolean {
  return a === b || (a !== a && b !== b);
}

/** .NET `CompareTo` of floating point: NaN sorts before everything and equals itself. */
function compareFloats(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  const aNaN = a !== a;
  return aNaN === (b !== b) ? 0 : aNaN ? -1 : 1;
}

function compareOrdered<T extends number | bigint | string>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Typed equality (.NET `Equals`): values of different types are never equal (an Int32 never equals an
 * Int64); NaN equals NaN; Decimal by numeric value (1.0 equals 1.00); DateTime by ticks, kind ignored;
 * DateTimeOffset by UTC instant; Single[] element by element.
 */
export function valuesEqual(a: TypedValue, b: TypedValue): boolean {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'Single':
    case 'Double':
      return floatEquals(a.value, b.value as number);
    case 'Decimal':
      return a.value.eq(b.value as Decimal);
    case 'DateTime':
      return a.value.ticks === (b.value as { ticks: bigint }).ticks;
    case 'DateTimeOffset':
      return utcTicksOf(a.value) === utcTicksOf(b.value as { ticks: bigint; offsetMinutes: number });
    case 'Single[]': {
      const x = a.value;
      const y = b.value as Float32Array;
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (!floatEquals(x[i], y[i])) return false;
      return true;
    }
    default:
      return a.value === b.value;
  }
}

/**
 * Ordering of two values of the same type (negative, zero, positive); `ValueError` when the types
 * differ. Strings in linguistic order, Guids in .NET's field order (which their canonical text sorts in),
 * DateTimeOffset by UTC instant, Single[] element by element then by length.
 */
export function compareValues(a: TypedValue, b: TypedValue): number {
  if (a.type !== b.type) {
    throw new ValueError(`Cannot compare a ${fullTypeName(a.type)} with a ${fullTypeName(b.type)}`);
  }
  switch (a.type) {
    case 'String': {
      const order = STRING_COLLATOR.compare(a.value, b.value as string);
      return order < 0 ? -1 : order > 0 ? 1 : 0;
    }
    case 'Boolean':
      return Number(a.value) - Number(b.value as boolean);
    case 'Single':
    case 'Double':
      return compareFloats(a.value, b.value as number);
    case 'Decimal':
      return a.value.cmp(b.value as Decimal);
    case 'DateTime':
      return compareOrdered(a.value.ticks, (b.value as { ticks: bigint }).ticks);
    case 'DateTimeOffset':
      return compareOrdered(
        utcTicksOf(a.value),
        utcTicksOf(b.value as { ticks: bigint; offsetMinutes: number }),
      );
    case 'Single[]': {
      const x = a.value;
      const y = b.value as Float32Array;
      const common = Math.min(x.length, y.length);
      for (let i = 0; i < common; i++) {
        const order = compareFloats(x[i], y[i]);
        if (order !== 0) return order;
      }
      return compareOrdered(x.length, y.length);
    }
    default:
      // integers (number or bigint), Char by code unit, Guid by canonical text, TimeSpan ticks
      return compareOrdered(a.value, b.value as typeof a.value);
  }
}

/**
 * The invariant "convertible" text the all-properties text scan searches (docs/elements.md): like the read
 * text except DateTime as `MM/dd/yyyy HH:mm:ss`; Guid, TimeSpan, DateTimeOffset and Single[] are not
 * searched (`undefined`).
 */
export function convertibleText(value: TypedValue): string | undefined {
  switch (value.type) {
    case 'DateTime':
      return formatDateTimeInvariantGeneral(value.value.ticks);
    case 'Guid':
    case 'TimeSpan':
    case 'DateTimeOffset':
    case 'Single[]':
      return undefined;
    default:
      return formatValue(value);
  }
}
