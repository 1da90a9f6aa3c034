/**
 * `Convert.ToX` and the `Parse`/`TryParse` statics of the numeric types, `bool` and `char`.
 *
 * Unlike casts (semantics.ts), `Convert` rounds floating-point and decimal values half to even and checks
 * every range (OverflowException). Parsing uses the engine's invariant grammars (values.ts `parseValue`),
 * so a fragment parses a number exactly as a typed property write does.
 */
import type { Decimal } from 'decimal.js';
import { parseValue, type ScalarType, type TypedValue } from '../../engine/index.js';
import { decimal as decimals } from './decimal.js';
import { argumentNull, conversionOverflow, format } from './exceptions.js';
import { formatWith } from './format.js';
import { math } from './math.js';
import { Boxed, ClrType, clrFullName, defaultOf, type DateTimeValue, type Out } from './types.js';
import { FragmentException } from './exceptions.js';
import { cast } from './semantics.js';
import { dateTimes } from './time.js';

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

/** The `Convert.ToX` targets: the scalar types plus DateTime and String. */
export type ConvertTarget =
  | SmallInteger
  | 'Boolean'
  | 'Char'
  | 'Int64'
  | 'UInt64'
  | 'Single'
  | 'Double'
  | 'Decimal'
  | 'String'
  | 'DateTime';

function invalidConversion(from: number, to: string): FragmentException {
  const fromName = clrFullName(from).slice('System.'.length);
  return new FragmentException('InvalidCastException', `Invalid cast from '${fromName}' to '${to}'.`);
}

const SMALL_INTEGERS = new Set<string>(Object.keys(RANGES));
const INTEGER_CODES = new Set<number>([
  ClrType.SByte,
  ClrType.Byte,
  ClrType.Int16,
  ClrType.UInt16,
  ClrType.Int32,
  ClrType.UInt32,
]);

/**
 * `Convert.ToX(value)` for every overload: `target` names X, `source` is the static type code of `value`
 * (`ClrType.Object` dispatches on the run-time type of the boxed value). Booleans convert to 1 and 0,
 * floating and decimal values round half to even, every range is checked (OverflowException), strings
 * parse with the invariant culture (a null string gives default(X)), and conversions .NET does not define
 * (a char to double, a DateTime to int, ...) are InvalidCastException.
 */
export function convertTo(target: ConvertTarget, value: unknown, source: number): unknown {
  if (source === ClrType.Object) {
    if (value === null)
      return target === 'String'
        ? ''
        : target === 'DateTime'
          ? dateTimes.MinValue
          : defaultOf(ClrType[target]);
    if (value instanceof Boxed) return convertTo(target, value.value, value.type);
    if (typeof value === 'string') return convertTo(target, value, ClrType.String);
    throw new FragmentException('InvalidCastException', 'Object must implement IConvertible.');
  }
  if (target === 'String') return source === ClrType.String ? value : convert.toString(value, source);
  if (source === ClrType.String) {
    const text = value as string | null;
    if (target === 'DateTime') return text === null ? dateTimes.MinValue : dateTimes.Parse(text);
    if (target === 'Char') {
      if (text === null) throw argumentNull('value');
      if (text.length !== 1) throw format('String must be exactly one character long.');
      return text.charCodeAt(0);
    }
    return convert.fromString(text, target);
  }
  if (target === 'DateTime') {
    if (source === ClrType.DateTime) return value as DateTimeValue;
    throw invalidConversion(source, 'DateTime');
  }
  if (source === ClrType.DateTime) throw invalidConversion(source, target);
  if (target === 'Boolean') return toBoolean(value, source);
  if (source === ClrType.Boolean) return convertTo(target, value ? 1 : 0, ClrType.Int32);
  if (source === ClrType.Char) {
    if (target === 'Single' || target === 'Double' || target === 'Decimal')
      throw invalidConversion(source, target);
    return convertTo(target, value, ClrType.Int32);
  }
  if (target === 'Char') {
    if (source === ClrType.Single || source === ClrType.Double || source === ClrType.Decimal) {
      throw invalidConversion(source, 'Char');
    }
    const code = typeof value === 'bigint' ? value : BigInt(value as number);
    if (code < 0n || code > 65535n) {
      throw new FragmentException(
        'OverflowException',
        'Value was either too large or too small for a character.',
      );
    }
    return Number(code);
  }
  return toNumber(target, value, source);
}

function toBoolean(value: unknown, source: number): boolean {
  if (source === ClrType.Boolean) return value as boolean;
  if (source === ClrType.Char) throw invalidConversion(source, 'Boolean');
  if (source === ClrType.Decimal) return !(value as Decimal).isZero();
  if (typeof value === 'bigint') return value !== 0n;
  return value !== 0; // NaN is true, as .NET
}

function toNumber(target: ConvertTarget, value: unknown, source: number): unknown {
  const isBig = source === ClrType.Int64 || source === ClrType.UInt64;
  const isReal = source === ClrType.Single || source === ClrType.Double;
  const isDecimal = source === ClrType.Decimal;
  if (SMALL_INTEGERS.has(target)) {
    const type = target as SmallInteger;
    if (isBig) return convert.bigToInteger(value as bigint, type);
    if (isReal) return convert.realToInteger(value as number, type);
    if (isDecimal) return convert.decimalToInteger(value as Decimal, type);
    return convert.integerToInteger(value as number, type);
  }
  if (target === 'Int64' || target === 'UInt64') {
    const signed = target === 'Int64';
    if (isBig) return convert.bigToInt64(value as bigint, signed);
    if (isReal) return convert.realToInt64(value as number, signed);
    if (isDecimal) return convert.decimalToInt64(value as Decimal, signed);
    return convert.integerToInt64(value as number, signed);
  }
  if (target === 'Decimal') {
    if (isBig) return decimals.fromBig(value as bigint);
    if (source === ClrType.Single) return decimals.fromSingle(value as number);
    if (source === ClrType.Double) return decimals.fromDouble(value as number);
    if (isDecimal) return value;
    return decimals.fromInt(value as number);
  }
  // Single and Double
  let result: number;
  if (isBig)
    result = target === 'Single' ? cast.bigToSingle(value as bigint) : cast.bigToDouble(value as bigint);
  else if (isDecimal) result = decimals.toDouble(value as Decimal);
  else if (INTEGER_CODES.has(source) || isReal) result = value as number;
  else throw invalidConversion(source, target);
  return target === 'Single' ? Math.fround(result) : result;
}
