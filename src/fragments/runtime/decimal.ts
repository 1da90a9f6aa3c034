/**
 * System.Decimal arithmetic over decimal.js values. A .NET decimal is a 96-bit integer mantissa scaled by
 * 10^-0..10^-28; every result is the exact result rounded to fit that representation, half to even
 * (banker's rounding), and a result whose integer part does not fit is an OverflowException.
 *
 * Computation runs in a private decimal.js clone with enough precision to be exact before the final fit
 * (a product of two 29-digit mantissas has 58 digits), so the global Decimal configuration never matters.
 *
 * The scale (trailing zeros) follows .NET where it is simple: literals and parsed values keep theirs, a
 * sum or difference takes the larger scale of its operands (`1.10m + 1m` prints `2.10`), a product the sum
 * of the scales, `Math.Round` the smaller of the value's and the requested digits. A quotient or remainder
 * has the digits its value needs (.NET's `1.00m / 2m` prints `0.50`, ours `0.5`). Values and comparisons
 * never depend on the scale; only text does.
 */
import { Decimal } from 'decimal.js';
import { decimalScale, parseDecimalText, withDecimalScale } from '../../engine/model/decimal-text.js';
import { conversionOverflow, divideByZero } from './exceptions.js';

/** Digits of an exact product or sum of two decimals, with room to spare. */
const EXACT_PRECISION_DIGITS = 80;
const Exact = Decimal.clone({
  precision: EXACT_PRECISION_DIGITS,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
/** Division: truncated at this many digits, with a separate exactness check for the final rounding. */
const Truncating = Exact.clone({ rounding: Decimal.ROUND_DOWN });

const MAX_SCALE = 28;
/** 2^96 - 1, the largest mantissa. */
const MAX_MANTISSA = new Exact('79228162514264337593543950335');
/** Digits of the largest mantissa. */
const MAX_MANTISSA_DIGITS = 29;
const DOUBLE_POWERS_OF_TEN = Array.from({ length: MAX_SCALE + 1 }, (_, i) => Number(`1e${i}`));
const TWO_TO_64 = 18446744073709551616;
const LOW_64_MASK = 2n ** 64n - 1n;
/** Significant digits .NET keeps converting double and float to decimal. */
const DOUBLE_TO_DECIMAL_DIGITS = 15;
const SINGLE_TO_DECIMAL_DIGITS = 7;

export const DECIMAL_MAX_VALUE = new Decimal('79228162514264337593543950335');
export const DECIMAL_MIN_VALUE = DECIMAL_MAX_VALUE.neg();

function overflow(): never {
  throw conversionOverflow('Decimal');
}

/**
 * Rounds an exact value to the decimal representation: the largest scale (up to 28) whose mantissa fits
 * 96 bits, half to even; `inexactTie` says the value lies just above a tie (a truncated quotient), so a
 * tie rounds away from zero.
 */
function fit(exact: Decimal, inexactTie = false): Decimal {
  if (exact.isZero()) return new Decimal(0);
  const magnitude = exact.abs();
  const integerDigits = magnitude.e + 1; // decimal.js exponent: position of the first digit
  let scale = Math.min(MAX_SCALE, MAX_MANTISSA_DIGITS - integerDigits);
  if (scale < 0) overflow();
  for (;;) {
    const scaled = magnitude.times(new Exact(10).pow(scale));
    let mantissa = scaled.toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN);
    if (inexactTie && scaled.minus(scaled.floor()).eq(0.5)) mantissa = scaled.ceil();
    if (mantissa.lte(MAX_MANTISSA)) {
      const result = mantissa.div(new Exact(10).pow(scale));
      return new Decimal(exact.isNeg() ? result.neg() : result);
    }
    if (scale === 0) overflow();
    scale--;
  }
}

function exact(value: Decimal): Decimal {
  return new Exact(value);
}

/** `result` with `scale` when the exact result kept all its digits (a rounded result has no trailing zeros). */
function scaled(result: Decimal, exactResult: Decimal, scale: number): Decimal {
  return result.eq(exactResult) ? withDecimalScale(result, scale) : result;
}

export const decimal = {
  add(a: Decimal, b: Decimal): Decimal {
    const sum = exact(a).plus(b);
    return scaled(fit(sum), sum, Math.max(decimalScale(a), decimalScale(b)));
  },
  sub(a: Decimal, b: Decimal): Decimal {
    const difference = exact(a).minus(b);
    return scaled(fit(difference), difference, Math.max(decimalScale(a), decimalScale(b)));
  },
  mul(a: Decimal, b: Decimal): Decimal {
    const product = exact(a).times(b);
    return scaled(fit(product), product, decimalScale(a) + decimalScale(b));
  },
  div(a: Decimal, b: Decimal): Decimal {
    if (b.isZero()) throw divideByZero();
    const quotient = new Truncating(a).div(b);
    return fit(quotient, !quotient.times(b).eq(a));
  },
  /** Remainder with the dividend's sign (truncated division), as C#. */
  rem(a: Decimal, b: Decimal): Decimal {
    if (b.isZero()) throw divideByZero();
    return fit(exact(a).mod(b));
  },
  neg: (a: Decimal): Decimal => withDecimalScale(a.neg(), decimalScale(a)),
  /** The scale .NET would print with (decimal-text.ts keeps it beside the value). */
  scaleOf: decimalScale,
  compare: (a: Decimal, b: Decimal): number => a.cmp(b),
  eq: (a: Decimal, b: Decimal): boolean => a.eq(b),
  lt: (a: Decimal, b: Decimal): boolean => a.lt(b),
  le: (a: Decimal, b: Decimal): boolean => a.lte(b),
  gt: (a: Decimal, b: Decimal): boolean => a.gt(b),
  ge: (a: Decimal, b: Decimal): boolean => a.gte(b),

  /** A decimal literal's digits (`12.50` of `12.50m`, its scale kept), rounded to fit as the compiler does. */
  parse: (text: string): Decimal => parseDecimalText(text) ?? fit(new Exact(text)),
  fromInt: (value: number): Decimal => new Decimal(value),
  fromBig: (value: bigint): Decimal => new Decimal(value.toString()),
  /** `(decimal)double`: 15 significant digits, as .NET; NaN, infinities and |x| >= 2^96 overflow. */
  fromDouble: (value: number): Decimal => fromReal(value, DOUBLE_TO_DECIMAL_DIGITS),
  /** `(decimal)float`: 7 significant digits. */
  fromSingle: (value: number): Decimal => fromReal(value, SINGLE_TO_DECIMAL_DIGITS),

  /** `(double)decimal`, computed as .NET does (low 64 bits + high 32 bits * 2^64, over 10^scale). */
  toDouble: decimalToDouble,
  toSingle: (value: Decimal): number => Math.fround(decimalToDouble(value)),
  /** Explicit conversions to integer types truncate toward zero and always check the range. */
  toSByte: (value: Decimal): number => toSmall(value, -128, 127, 'SByte'),
  toByte: (value: Decimal): number => toSmall(value, 0, 255, 'Byte'),
  toInt16: (value: Decimal): number => toSmall(value, -32768, 32767, 'Int16'),
  toUInt16: (value: Decimal): number => toSmall(value, 0, 65535, 'UInt16'),
  toChar: (value: Decimal): number => toSmall(value, 0, 65535, 'Char'),
  toInt32: (value: Decimal): number => toSmall(value, -2147483648, 2147483647, 'Int32'),
  toUInt32: (value: Decimal): number => toSmall(value, 0, 4294967295, 'UInt32'),
  toInt64: (value: Decimal): bigint => toBig(value, -(2n ** 63n), 2n ** 63n - 1n, 'Int64'),
  toUInt64: (value: Decimal): bigint => toBig(value, 0n, 2n ** 64n - 1n, 'UInt64'),
} as const;

function fromReal(value: number, digits: number): Decimal {
  if (!Number.isFinite(value) || Math.abs(value) >= 79228162514264337593543950335) overflow();
  if (value === 0) return new Decimal(0);
  return fit(new Exact(value.toPrecision(digits)));
}

function decimalToDouble(value: Decimal): number {
  if (value.isZero()) return value.isNeg() ? -0 : 0;
  // Mantissa and scale of the shortest representation (decimal.js keeps no trailing zeros).
  const digits = value.abs().toFixed();
  const point = digits.indexOf('.');
  const scale = point < 0 ? 0 : digits.length - point - 1;
  const mantissa = BigInt(point < 0 ? digits : digits.slice(0, point) + digits.slice(point + 1));
  const low = Number(mantissa & LOW_64_MASK);
  const high = Number(mantissa >> 64n);
  const result = (low + high * TWO_TO_64) / DOUBLE_POWERS_OF_TEN[scale];
  return value.isNeg() ? -result : result;
}

function toSmall(value: Decimal, min: number, max: number, typeName: string): number {
  const truncated = value.trunc();
  if (truncated.lt(min) || truncated.gt(max)) throw conversionOverflow(typeName);
  return truncated.toNumber() + 0;
}

function toBig(value: Decimal, min: bigint, max: bigint, typeName: string): bigint {
  const truncated = BigInt(value.trunc().toFixed());
  if (truncated < min || truncated > max) throw conversionOverflow(typeName);
  return truncated;
}
