/**
 * Integer and binary floating-point text, read and written the way .NET (Core 3.0+) does with the invariant
 * culture. Every parser returns `undefined` when the text does not convert (overflow included); the caller
 * turns that into a `ValueError` naming the type.
 */

const CHAR_SPACE = 0x20;
const CHAR_TAB = 0x09;
const CHAR_CARRIAGE_RETURN = 0x0d;
const CHAR_PLUS = 0x2b;
const CHAR_MINUS = 0x2d;
const CHAR_ZERO = 0x30;

/**
 * Beyond this magnitude no integer type up to 32 bits can hold the value, so the scan may stop
 * accumulating (the text is an overflow whatever digits follow).
 */
const SMALL_INTEGER_SCAN_LIMIT = 2 ** 32;
/** Up to this many decimal digits an integer accumulates exactly in a double (2^53 has 16 digits). */
const EXACT_DOUBLE_DIGITS = 15;
/** 2^64 has 20 digits: longer digit runs (leading zeros aside) overflow without building a bigint. */
const MAX_64_BIT_DIGITS = 20;

/** .NET's parsing whitespace (`Number.IsWhite`): space and U+0009..U+000D, not the wider Unicode set. */
function isNetWhite(code: number): boolean {
  return code === CHAR_SPACE || (code >= CHAR_TAB && code <= CHAR_CARRIAGE_RETURN);
}

/** Position of the first non-white character from `start`. */
function skipWhiteForward(text: string, start: number): number {
  let i = start;
  while (i < text.length && isNetWhite(text.charCodeAt(i))) i++;
  return i;
}

/** One past the last non-white character before `end`. */
function skipWhiteBackward(text: string, start: number, end: number): number {
  let i = end;
  while (i > start && isNetWhite(text.charCodeAt(i - 1))) i--;
  return i;
}

/**
 * NumberStyles.Integer: optional surrounding whitespace and one leading sign, then ASCII digits only
 * (no decimal point, exponent, hex or group separators). Hand-scanned rather than a regex because
 * every integer property of every element read or written passes through here.
 */
export function parseSmallInteger(text: string, min: number, max: number): number | undefined {
  let i = skipWhiteForward(text, 0);
  const end = skipWhiteBackward(text, i, text.length);
  let negative = false;
  if (i < end) {
    const sign = text.charCodeAt(i);
    if (sign === CHAR_MINUS) {
      negative = true;
      i++;
    } else if (sign === CHAR_PLUS) {
      i++;
    }
  }
  if (i === end) return undefined;
  let magnitude = 0;
  for (; i < end; i++) {
    const digit = text.charCodeAt(i) - CHAR_ZERO;
    if (digit < 0 || digit > 9) return undefined;
    magnitude = magnitude * 10 + digit;
    if (magnitude > SMALL_INTEGER_SCAN_LIMIT) return undefined;
  }
  // `-0` is a valid spelling of zero, even for the unsigned types, and must not become a negative zero.
  if (magnitude === 0) return 0;
  const value = negative ? -magnitude : magnitude;
  return value < min || value > max ? undefined : value;
}

/** Same grammar as `parseSmallInteger`, read exactly as a bigint (Int64 and UInt64 exceed 2^53). */
export function parseBigInteger(text: string, min: bigint, max: bigint): bigint | undefined {
  let i = skipWhiteForward(text, 0);
  const end = skipWhiteBackward(text, i, text.length);
  let negative = false;
  if (i < end) {
    const sign = text.charCodeAt(i);
    if (sign === CHAR_MINUS) {
      negative = true;
      i++;
    } else if (sign === CHAR_PLUS) {
      i++;
    }
  }
  if (i === end) return undefined;
  while (i < end - 1 && text.charCodeAt(i) === CHAR_ZERO) i++;
  const digitsStart = i;
  let small = 0;
  for (; i < end; i++) {
    const digit = text.charCodeAt(i) - CHAR_ZERO;
    if (digit < 0 || digit > 9) return undefined;
    small = small * 10 + digit;
  }
  if (end - digitsStart > MAX_64_BIT_DIGITS) return undefined;
  const magnitude =
    end - digitsStart <= EXACT_DOUBLE_DIGITS ? BigInt(small) : BigInt(text.slice(digitsStart, end));
  const value = negative ? -magnitude : magnitude;
  return value < min || value > max ? undefined : value;
}

/**
 * NumberStyles.Float (whitespace, leading sign, digits, decimal point, exponent). The scalar Single and
 * Double parsers add AllowThousands, as .NET's `Double.Parse(string, IFormatProvider)` does: a group
 * separator may follow any integer digit. Components of a `Single[]` are comma-separated, so they use the
 * variant without separators. Groups: sign, integer digits, fraction digits, fraction-only digits, exponent.
 */
const FLOAT_TEXT = /^[\t-\r ]*([+-]?)(?:([0-9]+)(?:\.([0-9]*))?|\.([0-9]+))(?:[eE]([+-]?[0-9]+))?[\t-\r ]*$/;
const FLOAT_TEXT_WITH_GROUPS =
  /^[\t-\r ]*([+-]?)(?:([0-9][0-9,]*)(?:\.([0-9]*))?|\.([0-9]+))(?:[eE]([+-]?[0-9]+))?[\t-\r ]*$/;
const GROUP_SEPARATORS = /,/g;
/**
 * The invariant culture's symbols, matched case-insensitively after trimming, with the sign forms .NET
 * Core 3.0+ accepts (`+Infinity`, `+NaN`, `-NaN`). The invariant culture has no `∞` symbol.
 */
const FLOAT_SYMBOL_TEXT = /^\s*([+-]?)(infinity|nan)\s*$/i;

function parseFloatSymbol(text: string): number | undefined {
  const match = FLOAT_SYMBOL_TEXT.exec(text);
  if (match === null) return undefined;
  if (match[2].length === 3) return NaN;
  return match[1] === '-' ? -Infinity : Infinity;
}

/**
 * A Double as .NET Core 3.0+ reads it: correctly rounded, and out-of-range magnitudes become ±Infinity
 * (or ±0) instead of an overflow error. JavaScript's `Number` does the correctly rounded conversion once
 * the regex has vetted the grammar (it would accept hex and other forms the regex rejects).
 */
export function parseDoubleText(text: string, allowGroups = true): number | undefined {
  const match = (allowGroups ? FLOAT_TEXT_WITH_GROUPS : FLOAT_TEXT).exec(text);
  if (match === null) return parseFloatSymbol(text);
  return Number(match[2] !== undefined && match[2].includes(',') ? text.replace(GROUP_SEPARATORS, '') : text);
}

// Scratch views for bit-level work on floats; module-level so the hot path allocates nothing.
const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);
const F64 = new Float64Array(1);
const U64 = new BigUint64Array(F64.buffer);
/** 2^128: where the float32 range would continue past its largest finite value, for midpoint arithmetic. */
const FLOAT32_OVERFLOW_MAGNITUDE = 2 ** 128;
const DOUBLE_MANTISSA_BITS = 52n;
const DOUBLE_EXPONENT_MASK = 0x7ffn;
const DOUBLE_EXPONENT_BIAS = 1075;

/** The float32 next to a non-negative float32 `magnitude`, one step up or down (bit increment). */
function adjacentFloat32(magnitude: number, up: boolean): number {
  F32[0] = magnitude;
  U32[0] = up ? U32[0] + 1 : U32[0] - 1;
  return F32[0];
}

/**
 * Exact decimal digits of a positive finite double (`value` = 0.digits × 10^point), no trailing zeros.
 * A float32 midpoint has at most a few hundred digits, so this stays small whatever the input text.
 */
function exactDecimalOf(value: number): { digits: string; point: number } {
  F64[0] = value;
  const bits = U64[0];
  const exponent2 = Number((bits >> DOUBLE_MANTISSA_BITS) & DOUBLE_EXPONENT_MASK) - DOUBLE_EXPONENT_BIAS;
  const mantissa = (bits & ((1n << DOUBLE_MANTISSA_BITS) - 1n)) | (1n << DOUBLE_MANTISSA_BITS);
  // m × 2^-k = m × 5^k × 10^-k
  const text =
    exponent2 >= 0
      ? (mantissa << BigInt(exponent2)).toString()
      : (mantissa * 5n ** BigInt(-exponent2)).toString();
  const point = text.length + (exponent2 >= 0 ? 0 : exponent2);
  let end = text.length;
  while (end > 1 && text.charCodeAt(end - 1) === CHAR_ZERO) end--;
  return { digits: text.slice(0, end), point };
}

/**
 * Sign of (0.`digits` × 10^`point`) − `value` for significant `digits` (no leading or trailing zeros) and
 * a positive finite double. Compares digit strings, never multiplies, so a text of a million digits
 * costs a scan rather than a big-number product.
 */
function compareDecimalWithDouble(digits: string, point: number, value: number): number {
  const exact = exactDecimalOf(value);
  if (point !== exact.point) return point > exact.point ? 1 : -1;
  // Neither string has trailing zeros, so when one is a prefix of the other the longer one is larger.
  return digits === exact.digits ? 0 : digits > exact.digits ? 1 : -1;
}

/** Significant digits of digit text and its decimal point position (0.digits × 10^point), for non-zero text. */
function significantDigits(
  integerDigits: string,
  fractionDigits: string,
  exponent: number,
): [string, number] {
  const all = integerDigits + fractionDigits;
  let first = 0;
  while (first < all.length && all.charCodeAt(first) === CHAR_ZERO) first++;
  let end = all.length;
  while (end > first && all.charCodeAt(end - 1) === CHAR_ZERO) end--;
  return [all.slice(first, end), all.length - first + exponent - fractionDigits.length];
}

/**
 * A Single, correctly rounded from the decimal text as .NET Core 3.0+ does. Rounding to double first and
 * then to float32 (`Math.fround(Number(text))`) is wrong exactly when the double lands on a float32
 * midpoint that the decimal text itself does not sit on; that case is settled by an exact comparison.
 */
export function parseSingleText(text: string, allowGroups = true): number | undefined {
  const match = (allowGroups ? FLOAT_TEXT_WITH_GROUPS : FLOAT_TEXT).exec(text);
  if (match === null) return parseFloatSymbol(text);
  const grouped = match[2] !== undefined && match[2].includes(',');
  const double = Number(grouped ? text.replace(GROUP_SEPARATORS, '') : text);
  const single = Math.fround(double);
  if (single === double || Number.isNaN(double)) return single;

  const magnitude = Math.abs(double);
  const rounded = Math.abs(single);
  const other = adjacentFloat32(rounded, rounded < magnitude);
  const low = Math.min(rounded, other);
  const high = Math.max(rounded, other);
  const midpoint = (low + (high === Infinity ? FLOAT32_OVERFLOW_MAGNITUDE : high)) / 2;
  if (magnitude !== midpoint) return single;

  const integerDigits = match[2] === undefined ? '' : match[2].replace(GROUP_SEPARATORS, '');
  const fractionDigits = match[3] ?? match[4] ?? '';
  const exponent = match[5] === undefined ? 0 : Number(match[5]);
  const [digits, point] = significantDigits(integerDigits, fractionDigits, exponent);
  const side = compareDecimalWithDouble(digits, point, midpoint);
  if (side === 0) return single; // a true tie: fround already rounded it to even
  const chosen = side > 0 ? high : low;
  return double < 0 ? -chosen : chosen;
}

/**
 * .NET's "G" layout of shortest round-trip digits (`Number.FormatGeneral`): fixed notation unless the
 * decimal exponent reaches the type's round-trip digit count (17 for Double, 9 for Single, or the digit
 * count if larger) or drops below -4; then `d.dddE+XX` with at least two exponent digits.
 * `scale` is the position of the decimal point relative to the first digit (exponent + 1).
 */
function formatGeneral(negative: boolean, digits: string, scale: number, roundTripDigits: number): string {
  const maxDigits = Math.max(digits.length, roundTripDigits);
  const sign = negative ? '-' : '';
  if (scale > maxDigits || scale < -3) {
    const exponent = scale - 1;
    const magnitude = exponent < 0 ? -exponent : exponent;
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissa}E${exponent < 0 ? '-' : '+'}${magnitude < 10 ? '0' : ''}${magnitude}`;
  }
  if (scale <= 0) return `${sign}0.${'0'.repeat(-scale)}${digits}`;
  if (digits.length <= scale) return `${sign}${digits}${'0'.repeat(scale - digits.length)}`;
  return `${sign}${digits.slice(0, scale)}.${digits.slice(scale)}`;
}

/** Reformats JavaScript's `String(x)` of a positive finite non-zero double in the .NET "G" layout. */
function reformatJsNumberText(negative: boolean, jsText: string, roundTripDigits: number): string {
  const e = jsText.indexOf('e');
  const mantissa = e < 0 ? jsText : jsText.slice(0, e);
  const exponent = e < 0 ? 0 : Number(jsText.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const allDigits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  let first = 0;
  while (first < allDigits.length - 1 && allDigits.charCodeAt(first) === CHAR_ZERO) first++;
  let last = allDigits.length;
  while (last > first + 1 && allDigits.charCodeAt(last - 1) === CHAR_ZERO) last--;
  const scale = (dot < 0 ? mantissa.length : dot) + exponent - first;
  return formatGeneral(negative, allDigits.slice(first, last), scale, roundTripDigits);
}

/** .NET `MaxRoundTripDigits`: shortest output switches to exponent notation from this decimal exponent. */
const DOUBLE_ROUND_TRIP_DIGITS = 17;
const SINGLE_ROUND_TRIP_DIGITS = 9;
/** Between these magnitudes JavaScript's and .NET's shortest texts are identical (both fixed notation). */
const DOUBLE_FIXED_NOTATION_MIN = 1e-4;
const DOUBLE_FIXED_NOTATION_LIMIT = 1e17;

/**
 * `double.ToString()` of .NET Core 3.0+: the shortest text that round-trips (the same digits as
 * JavaScript's `String(x)`, which also picks the closest among the shortest), laid out by `formatGeneral`:
 * `1E+17` but `10000000000000000` for 1e16, `0.0001` but `1E-05`, and `-0`, `NaN`, `Infinity`,
 * `-Infinity` as the invariant culture spells them.
 */
export function formatDouble(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const text = String(value);
  const magnitude = value < 0 ? -value : value;
  if (
    (magnitude >= DOUBLE_FIXED_NOTATION_MIN && magnitude < DOUBLE_FIXED_NOTATION_LIMIT) ||
    !Number.isFinite(value)
  ) {
    return text;
  }
  return reformatJsNumberText(value < 0, value < 0 ? text.slice(1) : text, DOUBLE_ROUND_TRIP_DIGITS);
}

function isPowerOfTwoFloat32(magnitude: number): boolean {
  F32[0] = magnitude;
  return (U32[0] & 0x7fffff) === 0;
}

/** Powers of ten a double holds exactly (up to 10^22), so one multiply or divide rounds correctly. */
const EXACT_POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
const MAX_EXACT_POWER_OF_TEN = EXACT_POWERS_OF_TEN.length - 1;
/** Nine-digit mantissas lie in [10^8, 10^9). */
const NINE_DIGITS_MIN = 1e8;
const NINE_DIGITS_LIMIT = 1e9;
/**
 * A scaled product is trusted to round to the right integer unless its fraction lies this close to one
 * half: the product carries at most half an ulp of error (under 6e-8 below 10^9).
 */
const ROUNDING_MARGIN = 1e-6;

/** magnitude × 10^power, correctly rounded while the power of ten is exact; NaN otherwise. */
function scaleByPowerOfTen(magnitude: number, power: number): number {
  if (power >= 0) return power <= MAX_EXACT_POWER_OF_TEN ? magnitude * EXACT_POWERS_OF_TEN[power] : NaN;
  return -power <= MAX_EXACT_POWER_OF_TEN ? magnitude / EXACT_POWERS_OF_TEN[-power] : NaN;
}

// The nine-digit rounding of the value being formatted, as an integer and a decimal exponent
// (value ≈ nineDigits × 10^(nineExponent - 8)). Module state instead of a returned object: this runs for
// every component of every embedding that is read.
let nineDigits = 0;
let nineExponent = 0;

/**
 * Sets `nineDigits`/`nineExponent` to `magnitude` rounded to nine significant digits: by one exact-power
 * scaling when that is unambiguous, else through `toExponential` (exact but slower).
 */
function roundToNineDigits(magnitude: number): void {
  let exponent = Math.floor(Math.log10(magnitude));
  let scaled = scaleByPowerOfTen(magnitude, SINGLE_ROUND_TRIP_DIGITS - 1 - exponent);
  if (scaled < NINE_DIGITS_MIN) {
    exponent--;
    scaled = scaleByPowerOfTen(magnitude, SINGLE_ROUND_TRIP_DIGITS - 1 - exponent);
  } else if (scaled >= NINE_DIGITS_LIMIT) {
    exponent++;
    scaled = scaleByPowerOfTen(magnitude, SINGLE_ROUND_TRIP_DIGITS - 1 - exponent);
  }
  const whole = Math.floor(scaled);
  const fraction = scaled - whole;
  if (scaled >= NINE_DIGITS_MIN && scaled < NINE_DIGITS_LIMIT && Math.abs(fraction - 0.5) > ROUNDING_MARGIN) {
    const rounded = fraction > 0.5 ? whole + 1 : whole;
    nineDigits = rounded === NINE_DIGITS_LIMIT ? NINE_DIGITS_MIN : rounded;
    nineExponent = rounded === NINE_DIGITS_LIMIT ? exponent + 1 : exponent;
    return;
  }
  const text = magnitude.toExponential(SINGLE_ROUND_TRIP_DIGITS - 1);
  const e = text.indexOf('e');
  nineDigits = Number(text.slice(0, 1) + text.slice(2, e));
  nineExponent = Number(text.slice(e + 1));
}

/**
 * The digits of `magnitude` rounded to `precision` significant digits, in units of
 * 10^(nineExponent + 1 - precision) (so a carry gives 10^precision), derived from the nine-digit
 * rounding with integer arithmetic. Rounding twice equals rounding once except when the nine digits sit
 * exactly on the shorter length's tie; then `toExponential` decides.
 */
function digitsAt(magnitude: number, precision: number): number {
  const divisor = EXACT_POWERS_OF_TEN[SINGLE_ROUND_TRIP_DIGITS - precision];
  const quotient = Math.floor(nineDigits / divisor);
  const rest = nineDigits - quotient * divisor;
  const half = divisor / 2;
  if (rest !== half) return rest > half ? quotient + 1 : quotient;
  const text = magnitude.toExponential(precision - 1);
  const e = text.indexOf('e');
  const digits = Number(text.slice(0, e).replace('.', ''));
  return Number(text.slice(e + 1)) > nineExponent ? digits * 10 : digits;
}

/** The double nearest to digits × 10^exponent10, as `Number` of its text would give. */
function candidateDouble(digits: number, exponent10: number): number {
  const scaled = scaleByPowerOfTen(digits, exponent10);
  return scaled === scaled ? scaled : Number(`${digits}e${exponent10}`);
}

/**
 * Whether digits × 10^exponent10 reads back as the float32 `magnitude`. `low` and `high` are the
 * midpoints to the neighbouring floats (exact doubles): strictly between them the answer is certain; on a
 * midpoint only the exact decimal value can tell.
 */
function roundTrips(
  digits: number,
  exponent10: number,
  magnitude: number,
  low: number,
  high: number,
): boolean {
  const double = candidateDouble(digits, exponent10);
  if (double > low && double < high) return true;
  return (
    (double === low || double === high) && parseSingleText(`${digits}e${exponent10}`, false) === magnitude
  );
}

function formatDigits(negative: boolean, digits: number, exponent10: number): string {
  const text = String(digits);
  let end = text.length;
  while (end > 1 && text.charCodeAt(end - 1) === CHAR_ZERO) end--;
  return formatGeneral(negative, text.slice(0, end), text.length + exponent10, SINGLE_ROUND_TRIP_DIGITS);
}

/**
 * `float.ToString()` of .NET Core 3.0+: the shortest decimal that reads back as the same float32 (so
 * `Math.fround(0.1)` gives `0.1`, not the double's `0.10000000149011612`), the closest to the value among
 * the shortest, exponent notation from 1E+09 and below 1E-04.
 *
 * Outside powers of two the rounding interval is symmetric, and the correctly rounded candidate at one
 * more digit is at least as close as the one before, so "fits at this length" is monotonic in the length
 * and a binary search over 1..9 digits (9 always fit) finds the shortest. A power of two has an interval
 * narrower below than above: at some length the correctly rounded candidate (below) may miss while the one
 * just above it fits, and monotonicity fails, so its lengths are tried in turn.
 */
export function formatSingle(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  if (!Number.isFinite(value)) return String(value);
  const negative = value < 0;
  const magnitude = negative ? -value : value;
  const below = adjacentFloat32(magnitude, false);
  const above = adjacentFloat32(magnitude, true);
  const low = (magnitude + below) / 2;
  const high = (magnitude + (above === Infinity ? FLOAT32_OVERFLOW_MAGNITUDE : above)) / 2;
  roundToNineDigits(magnitude);

  if (isPowerOfTwoFloat32(magnitude)) {
    for (let precision = 1; precision < SINGLE_ROUND_TRIP_DIGITS; precision++) {
      const digits = digitsAt(magnitude, precision);
      const exponent10 = nineExponent + 1 - precision;
      if (roundTrips(digits, exponent10, magnitude, low, high)) {
        return formatDigits(negative, digits, exponent10);
      }
      const up = digits + 1;
      if (
        candidateDouble(digits, exponent10) < magnitude &&
        roundTrips(up, exponent10, magnitude, low, high)
      ) {
        return formatDigits(negative, up, exponent10);
      }
    }
    return formatDigits(negative, nineDigits, nineExponent + 1 - SINGLE_ROUND_TRIP_DIGITS);
  }

  let fitting = SINGLE_ROUND_TRIP_DIGITS;
  let fittingDigits = nineDigits;
  let missing = 0;
  while (fitting - missing > 1) {
    const precision = (fitting + missing) >> 1;
    const digits = digitsAt(magnitude, precision);
    if (roundTrips(digits, nineExponent + 1 - precision, magnitude, low, high)) {
      fitting = precision;
      fittingDigits = digits;
    } else {
      missing = precision;
    }
  }
  return formatDigits(negative, fittingDigits, nineExponent + 1 - fitting);
}
