/**
 * C# integer and floating-point arithmetic, and the numeric conversions between them, over the value
 * representation of types.ts. Everything is unchecked, as C# is by default:
 *
 * - int: wraps modulo 2^32 (`int.MaxValue + 1 == int.MinValue`); `/` truncates toward zero; `/` and `%`
 *   by zero throw DivideByZeroException; `int.MinValue / -1` and `int.MinValue % -1` throw
 *   OverflowException, as .NET does on x64 even unchecked.
 * - uint, long, ulong: the same rules at their width; long and ulong are bigints.
 * - byte, sbyte, short, ushort, char: C# promotes them to int before any operator, so they only need the
 *   narrowing casts (`toByte(x)` ... ) the emitter applies on assignment and explicit casts.
 * - float: every result rounded to float32 (`Math.fround`); a double rounding of the exact double result
 *   is exact for +, -, *, / and %, so this equals IEEE float32 arithmetic.
 * - double: JavaScript numbers as they are (division by zero gives an infinity or NaN, no exception).
 *
 * Operators JavaScript already gets right need no helper, and the emitter writes them inline:
 * int `& | ^ ~ << >>` and comparisons; long/ulong `& | ^` and comparisons; long `~`; double everything;
 * `(a + b) | 0` and friends may be inlined too, since they need no global.
 *
 * Conversions from float and double to integer types saturate (NaN gives 0), as .NET 9 does for int,
 * uint, long and ulong and .NET 11 extends to the 8- and 16-bit types; C# leaves the unchecked result
 * unspecified, and saturation is the deterministic choice .NET settled on.
 */
import { arithmeticOverflow, divideByZero } from './exceptions.js';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const UINT32_MAX = 4294967295;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;
/** Integers of magnitude up to 2^53 convert to double exactly. */
const EXACT_DOUBLE_LIMIT = 2n ** 53n;
const SINGLE_MANTISSA_BITS = 24;

// ---- int ----

export const int32 = {
  add: (a: number, b: number): number => (a + b) | 0,
  sub: (a: number, b: number): number => (a - b) | 0,
  mul: (a: number, b: number): number => Math.imul(a, b),
  div(a: number, b: number): number {
    if (b === 0) throw divideByZero();
    if (b === -1 && a === INT32_MIN) throw arithmeticOverflow();
    return (a / b) | 0;
  },
  rem(a: number, b: number): number {
    if (b === 0) throw divideByZero();
    if (b === -1 && a === INT32_MIN) throw arithmeticOverflow();
    // `| 0` turns JavaScript's -0 (from `-4 % 2`) into the int 0.
    return (a % b) | 0;
  },
  neg: (a: number): number => -a | 0,
  /** `x++`, `x--` and compound assignment use add/sub with 1; shifts mask the count (`n & 31`) natively. */
} as const;

// ---- uint ----

export const uint32 = {
  add: (a: number, b: number): number => (a + b) >>> 0,
  sub: (a: number, b: number): number => (a - b) >>> 0,
  mul: (a: number, b: number): number => Math.imul(a, b) >>> 0,
  div(a: number, b: number): number {
    if (b === 0) throw divideByZero();
    return Math.floor(a / b);
  },
  rem(a: number, b: number): number {
    if (b === 0) throw divideByZero();
    return a % b;
  },
  not: (a: number): number => ~a >>> 0,
  and: (a: number, b: number): number => (a & b) >>> 0,
  or: (a: number, b: number): number => (a | b) >>> 0,
  xor: (a: number, b: number): number => (a ^ b) >>> 0,
  shl: (a: number, count: number): number => (a << count) >>> 0,
  shr: (a: number, count: number): number => a >>> count,
} as const;

// ---- long ----

export const int64 = {
  add: (a: bigint, b: bigint): bigint => BigInt.asIntN(64, a + b),
  sub: (a: bigint, b: bigint): bigint => BigInt.asIntN(64, a - b),
  mul: (a: bigint, b: bigint): bigint => BigInt.asIntN(64, a * b),
  div(a: bigint, b: bigint): bigint {
    if (b === 0n) throw divideByZero();
    if (b === -1n && a === INT64_MIN) throw arithmeticOverflow();
    return a / b;
  },
  rem(a: bigint, b: bigint): bigint {
    if (b === 0n) throw divideByZero();
    if (b === -1n && a === INT64_MIN) throw arithmeticOverflow();
    return a % b;
  },
  neg: (a: bigint): bigint => BigInt.asIntN(64, -a),
  /** The count is an int, masked to 0-63 as C# does. */
  shl: (a: bigint, count: number): bigint => BigInt.asIntN(64, a << BigInt(count & 63)),
  shr: (a: bigint, count: number): bigint => a >> BigInt(count & 63),
} as const;

// ---- ulong ----

export const uint64 = {
  add: (a: bigint, b: bigint): bigint => BigInt.asUintN(64, a + b),
  sub: (a: bigint, b: bigint): bigint => BigInt.asUintN(64, a - b),
  mul: (a: bigint, b: bigint): bigint => BigInt.asUintN(64, a * b),
  div(a: bigint, b: bigint): bigint {
    if (b === 0n) throw divideByZero();
    return a / b;
  },
  rem(a: bigint, b: bigint): bigint {
    if (b === 0n) throw divideByZero();
    return a % b;
  },
  not: (a: bigint): bigint => BigInt.asUintN(64, ~a),
  shl: (a: bigint, count: number): bigint => BigInt.asUintN(64, a << BigInt(count & 63)),
  shr: (a: bigint, count: number): bigint => a >> BigInt(count & 63),
} as const;

// ---- float ----

export const single = {
  add: (a: number, b: number): number => Math.fround(a + b),
  sub: (a: number, b: number): number => Math.fround(a - b),
  mul: (a: number, b: number): number => Math.fround(a * b),
  div: (a: number, b: number): number => Math.fround(a / b),
  rem: (a: number, b: number): number => Math.fround(a % b),
  /** A float literal or a double narrowed to float (explicit cast, or an int widened to float). */
  round: (a: number): number => Math.fround(a),
} as const;

/** `Comparer<double>.Default` / `double.CompareTo`: NaN first and equal to itself. */
export function compareFloats(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (a === b) return 0;
  const aNaN = a !== a;
  return aNaN === (b !== b) ? 0 : aNaN ? -1 : 1;
}

/** `double`/`float` statics and the members that differ from the operators. */
export const floating = {
  IsNaN: (a: number): boolean => a !== a,
  IsInfinity: (a: number): boolean => a === Infinity || a === -Infinity,
  IsPositiveInfinity: (a: number): boolean => a === Infinity,
  IsNegativeInfinity: (a: number): boolean => a === -Infinity,
  IsFinite: (a: number): boolean => Number.isFinite(a),
  /** `a.Equals(b)`: NaN equals NaN, unlike `==`. */
  Equals: (a: number, b: number): boolean => a === b || (a !== a && b !== b),
  CompareTo: compareFloats,
} as const;

/** `CompareTo` of the integer types (numbers or bigints) and char: -1, 0 or 1. */
export function compareIntegers<T extends number | bigint>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---- conversions ----

/** A long or ulong as float, rounded once to nearest-even (Number() then fround could round twice). */
function bigintToSingle(value: bigint): number {
  if (value >= -EXACT_DOUBLE_LIMIT && value <= EXACT_DOUBLE_LIMIT) return Math.fround(Number(value));
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const shift = magnitude.toString(2).length - SINGLE_MANTISSA_BITS;
  const bigShift = BigInt(shift);
  let kept = magnitude >> bigShift;
  const dropped = magnitude - (kept << bigShift);
  const half = 1n << (bigShift - 1n);
  if (dropped > half || (dropped === half && (kept & 1n) === 1n)) kept++;
  const result = Number(kept) * 2 ** shift;
  return Math.fround(negative ? -result : result);
}

/** Truncates a float or double toward zero and clamps it into [min, max]; NaN gives 0. */
function saturate(value: number, min: number, max: number): number {
  if (value !== value) return 0;
  if (value <= min) return min;
  if (value >= max) return max;
  return Math.trunc(value) + 0; // `+ 0` turns -0 into 0
}

/**
 * Explicit (and implicit) numeric conversions, named by the source representation:
 * - `toX(n)`: from an integer held in a number (sbyte, byte, short, ushort, char, int, uint);
 * - `bigToX(n)`: from long or ulong;
 * - `realToX(n)`: from float or double (saturating, see the module comment).
 * Decimal conversions live in decimal.ts. A widening that needs no work (int to double, ...) has no helper.
 */
export const cast = {
  toSByte: (a: number): number => (a << 24) >> 24,
  toByte: (a: number): number => a & 0xff,
  toInt16: (a: number): number => (a << 16) >> 16,
  toUInt16: (a: number): number => a & 0xffff,
  toChar: (a: number): number => a & 0xffff,
  toInt32: (a: number): number => a | 0,
  toUInt32: (a: number): number => a >>> 0,
  toInt64: (a: number): bigint => BigInt(a),
  toUInt64: (a: number): bigint => BigInt.asUintN(64, BigInt(a)),
  toSingle: (a: number): number => Math.fround(a),

  bigToSByte: (a: bigint): number => Number(BigInt.asIntN(8, a)),
  bigToByte: (a: bigint): number => Number(BigInt.asUintN(8, a)),
  bigToInt16: (a: bigint): number => Number(BigInt.asIntN(16, a)),
  bigToUInt16: (a: bigint): number => Number(BigInt.asUintN(16, a)),
  bigToChar: (a: bigint): number => Number(BigInt.asUintN(16, a)),
  bigToInt32: (a: bigint): number => Number(BigInt.asIntN(32, a)),
  bigToUInt32: (a: bigint): number => Number(BigInt.asUintN(32, a)),
  bigToInt64: (a: bigint): bigint => BigInt.asIntN(64, a),
  bigToUInt64: (a: bigint): bigint => BigInt.asUintN(64, a),
  bigToSingle: bigintToSingle,
  /** Correctly rounded (nearest, ties to even), as .NET converts. */
  bigToDouble: (a: bigint): number => Number(a),

  realToSByte: (a: number): number => saturate(a, -128, 127),
  realToByte: (a: number): number => saturate(a, 0, 255),
  realToInt16: (a: number): number => saturate(a, -32768, 32767),
  realToUInt16: (a: number): number => saturate(a, 0, 65535),
  realToChar: (a: number): number => saturate(a, 0, 65535),
  realToInt32: (a: number): number => saturate(a, INT32_MIN, INT32_MAX),
  realToUInt32: (a: number): number => saturate(a, 0, UINT32_MAX),
  realToInt64(a: number): bigint {
    if (a !== a) return 0n;
    // 2^63 is exactly representable; every double at or beyond it saturates.
    if (a >= 9223372036854775808) return INT64_MAX;
    if (a <= -9223372036854775808) return INT64_MIN;
    return BigInt(Math.trunc(a));
  },
  realToUInt64(a: number): bigint {
    if (a !== a || a <= 0) return 0n;
    if (a >= 18446744073709551616) return UINT64_MAX;
    return BigInt(Math.trunc(a));
  },
  realToSingle: (a: number): number => Math.fround(a),
} as const;

/** Range limits the other helpers share. */
export const limits = {
  INT32_MIN,
  INT32_MAX,
  UINT32_MAX,
  INT64_MIN,
  INT64_MAX,
  UINT64_MAX,
} as const;
