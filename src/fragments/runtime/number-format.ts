/**
 * .NET numeric format strings under the invariant culture (`x.ToString("F2")`, `$"{x:N0}"`).
 *
 * Standard formats: C, D, E, F, G, N, P, R, X (either case) with an optional precision. Floating-point
 * values format their exact binary value, rounded half away from zero, as .NET Core 3.0 and later do;
 * decimals round half away from zero too; the sign of a negative value that rounds to zero is kept
 * ("-0.00"). Custom formats (`0`, `#`, `.`, `,`, `%`, `‰`, `E0`, sections separated by `;`, quoted and
 * escaped literals) see a double rounded to 15 significant digits first and a float to 7, as .NET does.
 *
 * Invariant culture: `.` decimal point, `,` group separator in groups of 3, `¤` currency with negative
 * pattern `(¤n)`, percent pattern `n %`, `NaN`, `Infinity`, `-Infinity`.
 */
import { Decimal } from 'decimal.js';
import { formatDouble, formatSingle } from '../../engine/index.js';
import { formatDecimal } from '../../engine/model/decimal-text.js';
import { format as formatError } from './exceptions.js';

/** What a number is, for formatting: the representation decides how exact digits are obtained. */
export const NumberRepresentation = {
  /** An integer type held in a number (sbyte ... uint); `bits` gives X its width. */
  Integer: 0,
  /** long or ulong */
  BigInteger: 1,
  Single: 2,
  Double: 3,
  Decimal: 4,
} as const;
export type NumberRepresentation = (typeof NumberRepresentation)[keyof typeof NumberRepresentation];

const DEFAULT_DECIMALS = 2;
const DEFAULT_EXPONENT_DECIMALS = 6;
/** JavaScript's toFixed/toExponential/toPrecision accept up to 100 digits. */
const MAX_PRECISION = 100;
const DOUBLE_CUSTOM_FORMAT_DIGITS = 15;
const SINGLE_CUSTOM_FORMAT_DIGITS = 7;
const STANDARD_FORMAT = /^([A-Za-z])(\d{0,9})$/;
const HALF_AWAY = Decimal.ROUND_HALF_UP;
/** Exact decimal digits for any value formatting may see (doubles have up to 767 significant digits). */
const Exact = Decimal.clone({ precision: 1000, rounding: HALF_AWAY, toExpNeg: -9e15, toExpPos: 9e15 });

function invalidFormat(): never {
  throw formatError('Format specifier was invalid.');
}

/** Inserts `,` every three digits of an integer digit string. */
function group(digits: string): string {
  let result = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) result += ',';
    result += digits[i];
  }
  return result;
}

function withGroups(fixed: string): string {
  const point = fixed.indexOf('.');
  return point < 0 ? group(fixed) : group(fixed.slice(0, point)) + fixed.slice(point);
}

/** `1.5e+3` (JavaScript) to `1.500000E+003` (.NET E format: at least three exponent digits). */
function dotnetExponent(jsExponential: string, upper: boolean, minExponentDigits: number): string {
  const [mantissa, exponent] = jsExponential.split('e');
  const sign = exponent.startsWith('-') ? '-' : '+';
  const digits = exponent.replace(/^[+-]/, '').padStart(minExponentDigits, '0');
  return `${mantissa}${upper ? 'E' : 'e'}${sign}${digits}`;
}

/** A finite value's magnitude as an exact Decimal plus its sign (negative zero counts as negative). */
function exactMagnitude(
  value: number | bigint | Decimal,
  representation: NumberRepresentation,
): [Exact: Decimal, negative: boolean] {
  if (typeof value === 'bigint') return [new Exact((value < 0n ? -value : value).toString()), value < 0n];
  if (typeof value === 'number') {
    const negative = value < 0 || Object.is(value, -0);
    const magnitude = Math.abs(value);
    if (representation === NumberRepresentation.Integer || magnitude >= 2 ** 53) {
      return [new Exact(BigInt(magnitude).toString()), negative];
    }
    // The exact binary value: toPrecision with enough digits is exact for any double.
    return [new Exact(magnitudeDigits(magnitude)), negative];
  }
  return [new Exact(value.abs()), value.isNeg()];
}

/** Exact decimal expansion of a finite non-negative double below 2^53. */
function magnitudeDigits(magnitude: number): string {
  if (magnitude === 0) return '0';
  // A double below 2^53 has at most 1074 fraction bits: scale to an integer and divide exactly.
  let scale = 0;
  let scaled = magnitude;
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    scale++;
  }
  return new Exact(BigInt(scaled).toString()).div(new Exact(2).pow(scale)).toFixed();
}

function nonFinite(value: number): string | undefined {
  if (value !== value) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return undefined;
}

/** The default `ToString()` of a number of this representation. */
export function defaultNumberText(
  value: number | bigint | Decimal,
  representation: NumberRepresentation,
): string {
  switch (representation) {
    case NumberRepresentation.Single:
      return formatSingle(value as number);
    case NumberRepresentation.Double:
      return formatDouble(value as number);
    case NumberRepresentation.Decimal:
      return formatDecimal(value as Decimal);
    default:
      return String(value);
  }
}

/**
 * `value.ToString(format)` for a number. `bits` is the width of an integer type (8, 16, 32, 64), used by X
 * for the two's complement of negative values.
 */
export function formatNumber(
  value: number | bigint | Decimal,
  representation: NumberRepresentation,
  format: string | null,
  bits = 32,
): string {
  if (format === null || format.length === 0) return defaultNumberText(value, representation);
  if (typeof value === 'number' && representation >= NumberRepresentation.Single) {
    const special = nonFinite(value);
    if (special !== undefined) return special;
  }
  const standard = STANDARD_FORMAT.exec(format);
  if (standard === null) return formatCustom(value, representation, format);
  const letter = standard[1];
  const precision = standard[2] === '' ? undefined : Number(standard[2]);
  if (precision !== undefined && precision > MAX_PRECISION) invalidFormat();
  const isInteger = representation <= NumberRepresentation.BigInteger;
  switch (letter) {
    case 'D':
    case 'd': {
      if (!isInteger) invalidFormat();
      const negative = typeof value === 'bigint' ? value < 0n : (value as number) < 0;
      const digits = String(negative ? -(value as number) : value).replace('-', '');
      return (negative ? '-' : '') + digits.padStart(precision ?? 0, '0');
    }
    case 'X':
    case 'x': {
      if (!isInteger) invalidFormat();
      const unsigned = BigInt.asUintN(bits, BigInt(value as number | bigint));
      const hex = unsigned.toString(16).padStart(precision ?? 0, '0');
      return letter === 'X' ? hex.toUpperCase() : hex;
    }
    case 'R':
    case 'r':
      if (isInteger) invalidFormat();
      return defaultNumberText(value, representation);
    case 'G':
    case 'g':
      return formatGeneral(value, representation, precision, letter === 'G');
    default:
      break;
  }
  const [magnitude, negative] = exactMagnitude(value, representation);
  const sign = negative ? '-' : '';
  switch (letter) {
    case 'F':
    case 'f':
      return sign + magnitude.toFixed(precision ?? DEFAULT_DECIMALS, HALF_AWAY);
    case 'N':
    case 'n':
      return sign + withGroups(magnitude.toFixed(precision ?? DEFAULT_DECIMALS, HALF_AWAY));
    case 'E':
    case 'e':
      return (
        sign +
        dotnetExponent(
          magnitude.toExponential(precision ?? DEFAULT_EXPONENT_DECIMALS, HALF_AWAY),
          letter === 'E',
          3,
        )
      );
    case 'P':
    case 'p':
      return `${sign}${withGroups(magnitude.times(100).toFixed(precision ?? DEFAULT_DECIMALS, HALF_AWAY))} %`;
    case 'C':
    case 'c': {
      const text = `¤${withGroups(magnitude.toFixed(precision ?? DEFAULT_DECIMALS, HALF_AWAY))}`;
      return negative ? `(${text})` : text;
    }
    default:
      return invalidFormat();
  }
}

/** G with a precision: that many significant digits, scientific when the exponent is <= -5 or >= precision. */
function formatGeneral(
  value: number | bigint | Decimal,
  representation: NumberRepresentation,
  precision: number | undefined,
  upper: boolean,
): string {
  if (precision === undefined || precision === 0) {
    const text = defaultNumberText(value, representation);
    return upper ? text : text.replace('E', 'e');
  }
  const [magnitude, negative] = exactMagnitude(value, representation);
  if (magnitude.isZero()) return '0';
  const rounded = new Exact(magnitude.toPrecision(precision, HALF_AWAY));
  const exponent = rounded.e;
  const sign = negative ? '-' : '';
  if (exponent > -5 && exponent < precision) return sign + rounded.toFixed();
  const mantissa = rounded.toExponential().split('e');
  return sign + dotnetExponent(`${mantissa[0]}e${mantissa[1]}`, upper, 2);
}

// ---- custom formats ----

interface Section {
  /** The pattern with quotes resolved into literal tokens. */
  tokens: Token[];
  integerZeros: number;
  fractionZeros: number;
  fractionPlaces: number;
  grouping: boolean;
  /** Power of ten the value is multiplied by: +2 per %, +3 per ‰, -3 per scaling comma. */
  scale: number;
  exponent: { upper: boolean; alwaysSign: boolean; minDigits: number } | null;
}

type Token =
  | { kind: 'digit'; zero: boolean; part: 'integer' | 'fraction' }
  | { kind: 'point' }
  | { kind: 'exponent' }
  | { kind: 'literal'; text: string };

function splitSections(format: string): string[] {
  const sections: string[] = [];
  let current = '';
  let quote = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (quote !== '') {
      if (c === quote) quote = '';
      current += c;
    } else if (c === '\\' && i + 1 < format.length) {
      current += c + format[++i];
    } else if (c === '"' || c === "'") {
      quote = c;
      current += c;
    } else if (c === ';') {
      sections.push(current);
      current = '';
    } else current += c;
  }
  sections.push(current);
  return sections;
}

function parseSection(pattern: string): Section {
  const tokens: Token[] = [];
  const section: Section = {
    tokens,
    integerZeros: 0,
    fractionZeros: 0,
    fractionPlaces: 0,
    grouping: false,
    scale: 0,
    exponent: null,
  };
  let inFraction = false;
  let firstZero = -1;
  let integerPlaceholders = 0;
  let pendingCommas = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '0' || c === '#') {
      if (!inFraction && pendingCommas > 0 && integerPlaceholders > 0) section.grouping = true;
      pendingCommas = 0;
      if (inFraction) {
        section.fractionPlaces++;
        if (c === '0') section.fractionZeros = section.fractionPlaces;
      } else {
        if (c === '0' && firstZero < 0) firstZero = integerPlaceholders;
        integerPlaceholders++;
      }
      tokens.push({ kind: 'digit', zero: c === '0', part: inFraction ? 'fraction' : 'integer' });
    } else if (c === '.' && !inFraction) {
      section.scale -= 3 * pendingCommas;
      pendingCommas = 0;
      inFraction = true;
      tokens.push({ kind: 'point' });
    } else if (c === ',' && !inFraction) {
      pendingCommas++;
    } else if (c === '%') {
      section.scale += 2;
      tokens.push({ kind: 'literal', text: '%' });
    } else if (c === '‰') {
      section.scale += 3;
      tokens.push({ kind: 'literal', text: '‰' });
    } else if ((c === 'E' || c === 'e') && /^[+-]?0/.test(pattern.slice(i + 1))) {
      let j = i + 1;
      const alwaysSign = pattern[j] === '+';
      if (pattern[j] === '+' || pattern[j] === '-') j++;
      let minDigits = 0;
      while (pattern[j] === '0') {
        minDigits++;
        j++;
      }
      section.exponent = { upper: c === 'E', alwaysSign, minDigits };
      tokens.push({ kind: 'exponent' });
      i = j - 1;
    } else if (c === '\\' && i + 1 < pattern.length) {
      tokens.push({ kind: 'literal', text: pattern[++i] });
    } else if (c === '"' || c === "'") {
      const end = pattern.indexOf(c, i + 1);
      const stop = end < 0 ? pattern.length : end;
      tokens.push({ kind: 'literal', text: pattern.slice(i + 1, stop) });
      i = stop;
    } else {
      tokens.push({ kind: 'literal', text: c });
    }
  }
  if (!inFraction) section.scale -= 3 * pendingCommas;
  section.integerZeros = firstZero < 0 ? 0 : integerPlaceholders - firstZero;
  return section;
}

function customDigits(
  value: number | bigint | Decimal,
  representation: NumberRepresentation,
): [Decimal, boolean] {
  if (typeof value === 'number' && representation >= NumberRepresentation.Single) {
    const digits =
      representation === NumberRepresentation.Single
        ? SINGLE_CUSTOM_FORMAT_DIGITS
        : DOUBLE_CUSTOM_FORMAT_DIGITS;
    return [new Exact(Math.abs(value).toPrecision(digits)), value < 0];
  }
  return exactMagnitude(value, representation);
}

function formatCustom(
  value: number | bigint | Decimal,
  representation: NumberRepresentation,
  format: string,
): string {
  const [magnitude, negative] = customDigits(value, representation);
  const patterns = splitSections(format);
  let chosen = parseSection(patterns[0]);
  let useSign = negative;
  if (negative && patterns.length >= 2 && patterns[1] !== '') {
    chosen = parseSection(patterns[1]);
    useSign = false;
  }
  let text = renderSection(chosen, magnitude);
  if (patterns.length >= 3 && /^[0.]*$/.test(text.replace(/[^0-9.]/g, '')) && patterns[2] !== '') {
    return renderSection(parseSection(patterns[2]), new Exact(0));
  }
  if (useSign && /[1-9]/.test(text)) text = `-${text}`;
  return text;
}

function renderSection(section: Section, magnitude: Decimal): string {
  let scaled = magnitude.times(new Exact(10).pow(section.scale));
  let exponentValue = 0;
  if (section.exponent !== null && !scaled.isZero()) {
    const integerPlaces =
      section.tokens.filter((t) => t.kind === 'digit' && t.part === 'integer').length || 1;
    exponentValue = scaled.e - (integerPlaces - 1);
    scaled = scaled.div(new Exact(10).pow(exponentValue));
  }
  const fixed = scaled.toFixed(section.fractionPlaces, HALF_AWAY);
  const point = fixed.indexOf('.');
  let integerDigits = point < 0 ? fixed : fixed.slice(0, point);
  let fraction = point < 0 ? '' : fixed.slice(point + 1);
  while (fraction.length > section.fractionZeros && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  if (integerDigits === '0') integerDigits = '';
  integerDigits = integerDigits.padStart(section.integerZeros, '0');
  if (section.grouping) integerDigits = group(integerDigits);

  // Integer digits fill the integer placeholders from the right and extra digits go to the first one, so
  // literals between placeholders stay in place ("00-00"). Grouped digits all go to the first placeholder.
  const integerSlots = section.tokens.filter((t) => t.kind === 'digit' && t.part === 'integer').length;
  const leading = section.grouping
    ? integerDigits.length
    : Math.max(0, integerDigits.length - (integerSlots - 1));
  let result = '';
  let integerSeen = 0;
  let fractionIndex = 0;
  for (const token of section.tokens) {
    if (token.kind === 'literal') result += token.text;
    else if (token.kind === 'point') result += fraction.length > 0 ? '.' : '';
    else if (token.kind === 'exponent') {
      const e = section.exponent!;
      const sign = exponentValue < 0 ? '-' : e.alwaysSign ? '+' : '';
      result += (e.upper ? 'E' : 'e') + sign + String(Math.abs(exponentValue)).padStart(e.minDigits, '0');
    } else if (token.part === 'integer') {
      if (integerSeen === 0) result += integerDigits.slice(0, leading);
      else if (!section.grouping) {
        const index =
          leading + integerSeen - 1 - Math.max(0, integerSlots - 1 - (integerDigits.length - leading));
        if (index >= leading && index < integerDigits.length) result += integerDigits[index];
      }
      integerSeen++;
    } else {
      result += fraction[fractionIndex] ?? '';
      fractionIndex++;
    }
  }
  return result;
}
