/**
 * System.Decimal text: `Decimal.Parse` with NumberStyles.Number and the invariant culture, and
 * `decimal.ToString()`. A .NET decimal is a 96-bit integer mantissa with a scale of 0 to 28, and it keeps
 * its scale: `1.250` reads back as `1.250`, while `1.25` and `1.250` are equal values.
 *
 * decimal.js drops trailing zeros, so the scale of a parsed value that has them is remembered beside the
 * (immutable) Decimal instance in a WeakMap. A Decimal made elsewhere (arithmetic, a literal) has no entry
 * and formats with the digits it has.
 */
// The named export: under NodeNext the default import of decimal.js types as its module namespace.
import { Decimal } from 'decimal.js';

/** Largest mantissa: 2^96 - 1 = 79228162514264337593543950335. */
const DECIMAL_MAX_MANTISSA = 2n ** 96n - 1n;
/** What .NET keeps when rounding `DECIMAL_MAX_MANTISSA` up: 2^96 / 10, rounded, with one less scale. */
const DECIMAL_MANTISSA_AFTER_CARRY = 7922816251426433759354395034n;
/** A mantissa of 2^96 - 1 has 29 digits; up to 28 any digit string fits. */
const DECIMAL_ALWAYS_FITTING_DIGITS = 28;
const DECIMAL_MAX_MANTISSA_DIGITS = 29;
export const DECIMAL_MAX_SCALE = 28;

/**
 * NumberStyles.Number: surrounding whitespace, one sign leading or trailing, group separators after the
 * first integer digit, a decimal point; no exponent. Groups: leading sign, integer digits, fraction
 * digits, trailing sign. The trailing sign sits in an optional group with its own whitespace: two
 * adjacent whitespace runs around an optional sign would make a failing match backtrack quadratically.
 */
const DECIMAL_TEXT = /^[\t-\r ]*([+-]?)([0-9][0-9,]*)?(?:\.([0-9]*))?[\t-\r ]*(?:([+-])[\t-\r ]*)?$/;
const GROUP_SEPARATORS = /,/g;
const CHAR_ZERO = 0x30;
const CHAR_FIVE = 0x35;

const DECIMAL_SCALES = new WeakMap<Decimal, number>();

/**
 * Builds the Decimal for `mantissa` × 10^-scale (`mantissa`: digits without leading zeros, empty for
 * zero) and remembers the scale when the text has trailing zeros.
 */
function decimalFromMantissa(negative: boolean, mantissa: string, scale: number): Decimal {
  let text = mantissa === '' ? '0' : mantissa;
  if (scale > 0) {
    if (text.length <= scale) text = '0'.repeat(scale - text.length + 1) + text;
    text = `${text.slice(0, text.length - scale)}.${text.slice(text.length - scale)}`;
  }
  const value = new Decimal(negative && mantissa !== '' ? `-${text}` : text);
  if (scale > 0 && text.charCodeAt(text.length - 1) === CHAR_ZERO) DECIMAL_SCALES.set(value, scale);
  return value;
}

function hasNonZeroDigit(digits: string, from: number): boolean {
  for (let i = from; i < digits.length; i++) if (digits.charCodeAt(i) !== CHAR_ZERO) return true;
  return false;
}

/**
 * `Decimal.Parse(text, NumberStyles.Number, invariant)`. Digits beyond what fits (scale over 28, or a
 * mantissa over 2^96 - 1) are rounded half to even, as .NET's `NumberToDecimal` does; an integer part
 * that does not fit is an overflow (`undefined`).
 */
export function parseDecimalText(text: string): Decimal | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) return undefined;
  const [, leadingSign, integerRaw = '', fraction = '', trailingSign = ''] = match;
  if (leadingSign !== '' && trailingSign !== '') return undefined;
  if (integerRaw === '' && fraction === '') return undefined;
  const negative = leadingSign === '-' || trailingSign === '-';
  const integer = integerRaw.includes(',') ? integerRaw.replace(GROUP_SEPARATORS, '') : integerRaw;

  const all = integer + fraction;
  let first = 0;
  while (first < all.length && all.charCodeAt(first) === CHAR_ZERO) first++;
  const significant = all.slice(first);
  const scale = fraction.length;
  if (significant.length === 0) return decimalFromMantissa(false, '', Math.min(scale, DECIMAL_MAX_SCALE));
  if (significant.length <= DECIMAL_ALWAYS_FITTING_DIGITS && scale <= DECIMAL_MAX_SCALE) {
    return decimalFromMantissa(negative, significant, scale);
  }

  // Significant digits left of the decimal point (negative: leading zeros after the point).
  const integerDigits = significant.length - scale;
  if (integerDigits > DECIMAL_MAX_MANTISSA_DIGITS) return undefined;
  let kept = Math.min(significant.length, integerDigits + DECIMAL_MAX_SCALE);
  let mantissa = kept > 0 ? BigInt(significant.slice(0, kept)) : 0n;
  if (mantissa > DECIMAL_MAX_MANTISSA) {
    if (kept <= integerDigits) return undefined;
    kept--;
    mantissa = BigInt(significant.slice(0, kept));
  }
  if (kept >= 0 && kept < significant.length) {
    const next = significant.charCodeAt(kept);
    const roundUp =
      next > CHAR_FIVE ||
      (next === CHAR_FIVE && (hasNonZeroDigit(significant, kept + 1) || (mantissa & 1n) === 1n));
    if (roundUp) mantissa++;
    if (mantissa > DECIMAL_MAX_MANTISSA) {
      if (kept <= integerDigits) return undefined;
      mantissa = DECIMAL_MANTISSA_AFTER_CARRY;
      kept--;
    }
  }
  return decimalFromMantissa(negative, mantissa === 0n ? '' : mantissa.toString(), kept - integerDigits);
}

/** The scale of a decimal: the one it was parsed or given with, else the digits it has after the point. */
export function decimalScale(value: Decimal): number {
  return DECIMAL_SCALES.get(value) ?? value.decimalPlaces();
}

/**
 * Gives `value` the scale .NET arithmetic would (trailing zeros kept, as `1.10m + 1m` is `2.10`), for
 * values computed outside this module; a scale at or below the digits it has changes nothing.
 */
export function withDecimalScale(value: Decimal, scale: number): Decimal {
  if (scale > value.decimalPlaces() && scale <= DECIMAL_MAX_SCALE) DECIMAL_SCALES.set(value, scale);
  return value;
}

/**
 * `decimal.ToString()`: plain digits, never an exponent, the parsed scale kept (trailing zeros), and no
 * sign on a zero (.NET prints a negative zero as `0`).
 */
export function formatDecimal(value: Decimal): string {
  const scale = DECIMAL_SCALES.get(value);
  const text = scale === undefined ? value.toFixed() : value.toFixed(scale);
  return value.isZero() && text.charCodeAt(0) === 0x2d ? text.slice(1) : text;
}
