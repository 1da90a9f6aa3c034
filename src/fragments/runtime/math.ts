/**
 * `System.Math` for fragments. Overloads are separate helpers named by the C# parameter type the checker
 * resolved (`absInt32`, `absDouble`, ...); float overloads share the double helpers where the result is
 * the same number (Abs, Max, Min, Sign, Clamp of float values are already float values).
 *
 * Differences from JavaScript's Math that matter, all following .NET (Core 3.0+, IEEE 754-2019):
 * `Round` rounds half to even by default and takes a `MidpointRounding`; `Pow(1, NaN)` and
 * `Pow(-1, ±Infinity)` are 1; `Abs(int.MinValue)` and `Sign(NaN)` throw; `Log(a, base)` has its own
 * special cases; `Clamp` rejects min > max.
 */
import { Decimal } from 'decimal.js';
import { argument, argumentOutOfRange, negateMinValue, notANumber } from './exceptions.js';
import { limits } from './semantics.js';
import { formatDouble } from '../../engine/index.js';
import { decimalScale, withDecimalScale } from '../../engine/model/decimal-text.js';

/** `MidpointRounding`: an enum, so its underlying int at run time. */
export const MidpointRounding = {
  ToEven: 0,
  AwayFromZero: 1,
  ToZero: 2,
  ToNegativeInfinity: 3,
  ToPositiveInfinity: 4,
} as const;

/** Largest magnitude `Round(x, digits)` scales; beyond it every double is already an integer at 15 digits. */
const DOUBLE_ROUND_LIMIT = 1e16;
const MAX_DOUBLE_ROUND_DIGITS = 15;
const MAX_DECIMAL_ROUND_DIGITS = 28;
const POWERS_OF_TEN = Array.from({ length: MAX_DOUBLE_ROUND_DIGITS + 1 }, (_, i) => Number(`1e${i}`));

const DECIMAL_ROUNDING_OF_MODE = [
  Decimal.ROUND_HALF_EVEN,
  Decimal.ROUND_HALF_UP, // decimal.js "half up" rounds away from zero
  Decimal.ROUND_DOWN,
  Decimal.ROUND_FLOOR,
  Decimal.ROUND_CEIL,
] as const;

function checkMode(mode: number): void {
  if (!Number.isInteger(mode) || mode < 0 || mode > MidpointRounding.ToPositiveInfinity) {
    throw argument(`The value '${mode}' is not valid for this usage of the type MidpointRounding.`, 'mode');
  }
}

/** Nearest integer, ties to even; keeps the sign of zero (`Round(-0.4)` is -0). */
function roundHalfEven(value: number): number {
  if (!Number.isFinite(value)) return value;
  const floor = Math.floor(value);
  const fraction = value - floor; // exact for doubles
  let result = fraction > 0.5 ? floor + 1 : fraction < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  if (result === 0 && (value < 0 || Object.is(value, -0))) result = -0;
  return result;
}

function roundWithMode(value: number, mode: number): number {
  switch (mode) {
    case MidpointRounding.ToEven:
      return roundHalfEven(value);
    case MidpointRounding.AwayFromZero: {
      const truncated = Math.trunc(value);
      const fraction = value - truncated;
      return Math.abs(fraction) >= 0.5 ? truncated + Math.sign(fraction) : truncated;
    }
    case MidpointRounding.ToZero:
      return Math.trunc(value);
    case MidpointRounding.ToNegativeInfinity:
      return Math.floor(value);
    default:
      return Math.ceil(value);
  }
}

const BITS = new DataView(new ArrayBuffer(8));
const MANTISSA_BITS = 52;
const EXPONENT_BIAS = 1075;
/** A 55-bit integer converts to double with one correct rounding when its lowest bit is sticky. */
const ROUNDING_BITS = 55;

/** A finite double as an exact integer times a power of two. */
function exactParts(value: number): [mantissa: bigint, exponent: number] {
  BITS.setFloat64(0, value);
  const high = BITS.getUint32(0);
  const low = BITS.getUint32(4);
  const biased = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  if (biased !== 0) mantissa |= 1n << BigInt(MANTISSA_BITS);
  if (high >>> 31 === 1) mantissa = -mantissa;
  return [mantissa, (biased === 0 ? 1 : biased) - EXPONENT_BIAS];
}

/** `Math.FusedMultiplyAdd(a, b, c)`: a * b + c rounded once (exact integer arithmetic on the parts). */
function fusedMultiplyAdd(a: number, b: number, c: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || !Number.isFinite(c)) return a * b + c;
  const [ma, ea] = exactParts(a);
  const [mb, eb] = exactParts(b);
  const [mc, ec] = exactParts(c);
  let product = ma * mb;
  let exponent = ea + eb;
  let addend = mc;
  if (ec < exponent) {
    product <<= BigInt(exponent - ec);
    exponent = ec;
  } else addend <<= BigInt(ec - exponent);
  let sum = product + addend;
  if (sum === 0n) return a * b + c; // the sign of an exact zero follows IEEE addition
  const negative = sum < 0n;
  if (negative) sum = -sum;
  const excess = sum.toString(2).length - ROUNDING_BITS;
  if (excess > 0) {
    const dropped = sum & ((1n << BigInt(excess)) - 1n);
    sum = (sum >> BigInt(excess)) | (dropped === 0n ? 0n : 1n);
    exponent += excess;
  }
  const result = Number(sum) * 2 ** exponent;
  return negative ? -result : result;
}

function clampError(min: string, max: string): never {
  throw argument(`'${min}' cannot be greater than ${max}.`);
}

export const math = {
  PI: Math.PI,
  E: Math.E,
  Tau: 2 * Math.PI,

  absInt32(value: number): number {
    if (value === limits.INT32_MIN) throw negateMinValue();
    return Math.abs(value);
  },
  absInt16(value: number): number {
    if (value === -32768) throw negateMinValue();
    return Math.abs(value);
  },
  absSByte(value: number): number {
    if (value === -128) throw negateMinValue();
    return Math.abs(value);
  },
  absInt64(value: bigint): bigint {
    if (value === limits.INT64_MIN) throw negateMinValue();
    return value < 0n ? -value : value;
  },
  absDouble: (value: number): number => Math.abs(value),
  absDecimal: (value: Decimal): Decimal => value.abs(),

  /** Max and Min of double and float: NaN if either is NaN, +0 above -0 (JavaScript agrees). */
  maxDouble: (a: number, b: number): number => Math.max(a, b),
  minDouble: (a: number, b: number): number => Math.min(a, b),
  /** Max and Min of any integer type held in a number. */
  maxInt: (a: number, b: number): number => (a >= b ? a : b),
  minInt: (a: number, b: number): number => (a <= b ? a : b),
  maxBig: (a: bigint, b: bigint): bigint => (a >= b ? a : b),
  minBig: (a: bigint, b: bigint): bigint => (a <= b ? a : b),
  maxDecimal: (a: Decimal, b: Decimal): Decimal => (a.gte(b) ? a : b),
  minDecimal: (a: Decimal, b: Decimal): Decimal => (a.lte(b) ? a : b),

  pow(x: number, y: number): number {
    if (x === 1 || (x === -1 && (y === Infinity || y === -Infinity))) return 1;
    return Math.pow(x, y);
  },
  sqrt: Math.sqrt,
  cbrt: Math.cbrt,
  exp: Math.exp,
  log: Math.log,
  /** `Math.Log(a, newBase)`. */
  logBase(a: number, newBase: number): number {
    if (a !== a) return a;
    if (newBase !== newBase) return newBase;
    if (newBase === 1) return NaN;
    if (a !== 1 && (newBase === 0 || newBase === Infinity)) return NaN;
    return Math.log(a) / Math.log(newBase);
  },
  log10: Math.log10,
  log2: Math.log2,
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  atan2: Math.atan2,
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  floor: Math.floor,
  ceiling: Math.ceil,
  truncate: Math.trunc,
  floorDecimal: (value: Decimal): Decimal => value.floor(),
  ceilingDecimal: (value: Decimal): Decimal => value.ceil(),
  truncateDecimal: (value: Decimal): Decimal => value.trunc(),
  /** The sign of a NaN is invisible to JavaScript, so a NaN `sign` counts as positive. */
  copySign: (magnitude: number, sign: number): number =>
    sign < 0 || Object.is(sign, -0) ? -Math.abs(magnitude) : Math.abs(magnitude),
  fusedMultiplyAdd,
  /** IEEE remainder: x - y * round-half-even(x / y). */
  ieeeRemainder(x: number, y: number): number {
    if (x !== x || y !== y || !Number.isFinite(x) || y === 0) return NaN;
    if (!Number.isFinite(y)) return x;
    const result = x - y * roundHalfEven(x / y);
    return result === 0 ? (x < 0 ? -0 : 0) : result;
  },

  /** `Math.Round(double[, digits][, mode])`: digits 0-15, half to even unless `mode` says otherwise. */
  round(value: number, digits = 0, mode: number = MidpointRounding.ToEven): number {
    if (!Number.isInteger(digits) || digits < 0 || digits > MAX_DOUBLE_ROUND_DIGITS) {
      throw argumentOutOfRange('digits', 'Rounding digits must be between 0 and 15, inclusive.');
    }
    checkMode(mode);
    if (digits === 0) return roundWithMode(value, mode);
    if (Math.abs(value) >= DOUBLE_ROUND_LIMIT) return value;
    const power = POWERS_OF_TEN[digits];
    return roundWithMode(value * power, mode) / power;
  },
  /** `Math.Round(decimal[, decimals][, mode])`: decimals 0-28. */
  roundDecimal(value: Decimal, decimals = 0, mode: number = MidpointRounding.ToEven): Decimal {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMAL_ROUND_DIGITS) {
      throw argumentOutOfRange('decimals', 'Decimal can only round to between 0 and 28 digits of precision.');
    }
    checkMode(mode);
    const rounded = value.toDecimalPlaces(decimals, DECIMAL_ROUNDING_OF_MODE[mode]);
    return withDecimalScale(rounded, Math.min(decimalScale(value), decimals));
  },

  /** `Math.Sign` of double or float: -1, 0 or 1; ArithmeticException for NaN. */
  signDouble(value: number): number {
    if (value !== value) throw notANumber();
    return value > 0 ? 1 : value < 0 ? -1 : 0;
  },
  signInt: (value: number): number => (value > 0 ? 1 : value < 0 ? -1 : 0),
  signBig: (value: bigint): number => (value > 0n ? 1 : value < 0n ? -1 : 0),
  signDecimal: (value: Decimal): number => value.cmp(0),

  /** `Math.Clamp` of numbers (any integer type, float, double). */
  clamp(value: number, min: number, max: number): number {
    if (min > max) clampError(formatDouble(min), formatDouble(max));
    return value < min ? min : value > max ? max : value;
  },
  clampBig(value: bigint, min: bigint, max: bigint): bigint {
    if (min > max) clampError(String(min), String(max));
    return value < min ? min : value > max ? max : value;
  },
  clampDecimal(value: Decimal, min: Decimal, max: Decimal): Decimal {
    if (min.gt(max)) clampError(min.toFixed(), max.toFixed());
    return value.lt(min) ? min : value.gt(max) ? max : value;
  },
} as const;
