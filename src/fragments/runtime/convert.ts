/**
 * `Convert.ToX` and the `Parse`/`TryParse` statics of the numeric types, `bool` and `char`.
 *
 * Unlike casts (semantics.ts), `Convert` rounds floating-point and decimal values half to even and checks
 * every range (OverflowException). Parsing uses the engine's invariant grammars (values.ts `parseValue`),
 * so a fragment parses a number exactly as a typed property write does.
 */
import type { Decimal } from 'decimal.js';
import { parseValue, type ScalarType, type TypedValue } from '../../engine/model/values.js';
import { decimal as decimals } from './decimal.js';
import { argumentNull, conversionOverflow, format } from './exceptions.js';
import { formatWith } from './format.js';
import { math } from './math.js';
import { ClrType, defaultOf, type Out } from './types.js';

const INTEGER_TEXT = /^\s*[+-]?\d+\s*$/;

const RANGES: Record<'SByte' | 'Byte' | 'Int16' | 'UInt16' | 'Int32' | 'UInt32', [number, number]> = {
  SByte: [-128, 127],
  Byte: [0, 255],
  Int16: [-32768, 32767],
  UInt16: [0, 65535],
  Int32: [-2147483648, 2147483647],
  UInt32: [0, 4294967295],
};
type SmallInteger = keyof typeof RANGES;

/** The runtime representation of a parsed value (a Char becomes its code unit). */
function runtimeValue(parsed: TypedValue): unknown {
  return parsed.type === 'Char' ? parsed.value.charCodeAt(0) : parsed.value;
}

function parseOrThrow(type: ScalarType, text: string | null): unknown {
  if (text === null) throw argumentNull('s');
  try {
    return runtimeValue(parseValue(type, text));
  } catch {
    if (INTEGER_TEXT.test(text) && type !== 'Boolean' && type !== 'Char' && type !== 'Guid') {
      throw conversionOverflow(type);
    }
    if (type === 'Boolean') throw format(`String '${text}' was not recognized as a valid Boolean.`);
    if (type === 'Char') throw format('String must be exactly one character long.');
    throw format(`The input string '${text}' was not in a correct format.`);
  }
}

/** `T.Parse(s)` for the scalar types (Guid and DateTime have theirs in time.ts). */
export function parse(type: ScalarType, text: string | null): unknown {
  return parseOrThrow(type, text);
}

/** `T.TryParse(s, out T)`: false with default(T) when the text does not convert. */
export function tryParse(type: ScalarType, text: string | null, result: Out<unknown>): boolean {
  if (text !== null) {
    try {
      result.value = runtimeValue(parseValue(type, text));
      return true;
    } catch {
      // falls through to the default
    }
  }
  result.value = defaultOf(ClrType[type]);
  return false;
}

function checkedInteger(value: number, type: SmallInteger): number {
  const [min, max] = RANGES[type];
  if (value !== value || value < min || value > max) throw conversionOverflow(type);
  return value + 0;
}

function checkedBig(value: bigint, signed: boolean): bigint {
  const [min, max] = signed ? [-(2n ** 63n), 2n ** 63n - 1n] : [0n, 2n ** 64n - 1n];
  if (value < min || value > max) throw conversionOverflow(signed ? 'Int64' : 'UInt64');
  return value;
}

/**
 * `Convert` members by source representation: `fromReal` (float, double: rounded half to even, then
 * range-checked), `fromInteger` (any integer in a number: range-checked), `fromBig`, `fromDecimal`
 * (rounded half to even), `fromBool`, and the string overloads (`Parse`, with a null string giving 0).
 */
export const convert = {
  realToInteger: (value: number, type: SmallInteger): number => checkedInteger(math.round(value), type),
  integerToInteger: (value: number, type: SmallInteger): number => checkedInteger(value, type),
  bigToInteger: (value: bigint, type: SmallInteger): number => {
    const [min, max] = RANGES[type];
    if (value < BigInt(min) || value > BigInt(max)) throw conversionOverflow(type);
    return Number(value);
  },
  decimalToInteger: (value: Decimal, type: SmallInteger): number =>
    checkedInteger(math.roundDecimal(value).toNumber(), type),
  boolToInteger: (value: boolean): number => (value ? 1 : 0),

  realToInt64(value: number, signed = true): bigint {
    const rounded = math.round(value);
    if (!Number.isFinite(rounded)) throw conversionOverflow(signed ? 'Int64' : 'UInt64');
    // Doubles at or beyond 2^63 (2^64) are out of range; BigInt of a double is exact.
    return checkedBig(BigInt(rounded), signed);
  },
  integerToInt64: (value: number, signed = true): bigint => checkedBig(BigInt(value), signed),
  bigToInt64: (value: bigint, signed = true): bigint => checkedBig(value, signed),
  decimalToInt64: (value: Decimal, signed = true): bigint =>
    checkedBig(BigInt(math.roundDecimal(value).toFixed()), signed),

  /** `Convert.ToDouble` of decimal is the cast; of integers and floats a widening. */
  decimalToDouble: (value: Decimal): number => decimals.toDouble(value),
  boolToDouble: (value: boolean): number => (value ? 1 : 0),

  /** `Convert.ToBoolean` of a number: true when not zero. */
  numberToBoolean: (value: number): boolean => value !== 0,
  bigToBoolean: (value: bigint): boolean => value !== 0n,

  /** `Convert.ToString(value)`: the value's `ToString()`; a null string or object gives "". */
  toString: (value: unknown, code: number): string => formatWith(value, code),

  /** `Convert.ToInt32(string)` and friends: `Parse`, except that null converts to 0. */
  fromString(text: string | null, type: ScalarType): unknown {
    return text === null ? defaultOf(ClrType[type]) : parseOrThrow(type, text);
  },
} as const;
