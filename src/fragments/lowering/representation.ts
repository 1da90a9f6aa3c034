/**
 * How C# numeric values are held in JavaScript (runtime/types.ts), as lowering and the emitter both need
 * it: which conversions leave the JavaScript value unchanged, and the numeric keyword that stands for an
 * enum (its underlying type).
 */
import {
  STRING,
  enumUnderlyingType,
  isEnum,
  isInterface,
  numericKeyword,
  stripNullable,
  type Conversion,
  type CsType,
  type NumericKeyword,
} from '../types/index.js';

/** number (an integer of the keyword's range), bigint, float32-rounded number, number, Decimal. */
export type NumericRepresentation = 'integer' | 'bigint' | 'single' | 'double' | 'decimal';

export function representationOf(keyword: NumericKeyword): NumericRepresentation {
  switch (keyword) {
    case 'long':
    case 'ulong':
      return 'bigint';
    case 'float':
      return 'single';
    case 'double':
      return 'double';
    case 'decimal':
      return 'decimal';
    default:
      return 'integer';
  }
}

/** Ranges of the integral types held in numbers. */
export const NUMBER_RANGES: Readonly<Partial<Record<NumericKeyword, readonly [number, number]>>> = {
  sbyte: [-128, 127],
  byte: [0, 255],
  short: [-32768, 32767],
  ushort: [0, 65535],
  char: [0, 65535],
  int: [-2147483648, 2147483647],
  uint: [0, 4294967295],
};

/** The numeric keyword of a numeric type or of an enum's underlying type (nullable stripped). */
export function arithmeticKeyword(type: CsType): NumericKeyword | undefined {
  const underlying = stripNullable(type);
  if (underlying.kind === 'named' && isEnum(underlying))
    return numericKeyword(enumUnderlyingType(underlying));
  return numericKeyword(underlying);
}

/** Integers of magnitude up to 2^24 are exact in float32. */
const SINGLE_EXACT_KEYWORDS: ReadonlySet<NumericKeyword> = new Set([
  'sbyte',
  'byte',
  'short',
  'ushort',
  'char',
]);

/** A numeric (or enum) conversion that keeps the JavaScript value as it is. */
export function numericConversionKeepsValue(from: NumericKeyword, to: NumericKeyword): boolean {
  if (from === to) return true;
  const fromRepresentation = representationOf(from);
  const toRepresentation = representationOf(to);
  if (fromRepresentation === 'integer' && toRepresentation === 'integer') {
    const [fromMin, fromMax] = NUMBER_RANGES[from] ?? [0, -1];
    const [toMin, toMax] = NUMBER_RANGES[to] ?? [0, -1];
    return toMin <= fromMin && fromMax <= toMax;
  }
  if (toRepresentation === 'double')
    return fromRepresentation === 'integer' || fromRepresentation === 'single';
  if (toRepresentation === 'single') return SINGLE_EXACT_KEYWORDS.has(from);
  return false;
}

/**
 * A string seen as `IEnumerable<char>` (or another interface of its chars): the chars are numbers, so the
 * JavaScript string (whose iteration yields one-unit strings) must become a sequence of its code units.
 */
export function isStringAsChars(from: CsType, to: CsType): boolean {
  return from === STRING && isInterface(to);
}

/**
 * The conversion leaves the JavaScript value unchanged: identity, implicit reference conversions (but a
 * string to its chars' interfaces),
 * widening numeric conversions within one representation, enum to its underlying type, nullable
 * wrapping and lifting of such conversions.
 */
export function conversionKeepsValue(conversion: Conversion, from: CsType, to: CsType): boolean {
  switch (conversion.category) {
    case 'identity':
    case 'nullLiteral':
    case 'lambda':
      return true;
    case 'reference':
      return conversion.kind === 'implicit' && !isStringAsChars(from, to);
    case 'numeric':
    case 'enum': {
      const source = arithmeticKeyword(from);
      const target = arithmeticKeyword(to);
      return source !== undefined && target !== undefined && numericConversionKeepsValue(source, target);
    }
    case 'nullable': {
      const inner = conversion.underlying ?? { kind: 'identity', category: 'identity' };
      // An unwrap may throw (InvalidOperationException), so only wrapping and lifting keep the value.
      const unwraps = stripNullable(from) !== from && stripNullable(to) === to;
      return !unwraps && conversionKeepsValue(inner, stripNullable(from), stripNullable(to));
    }
    default:
      return false;
  }
}
