/**
 * `char` members and the per-character rules strings are built from: .NET's white space, the invariant
 * simple case mapping (one UTF-16 unit to one, never `ß` to `SS`: .NET changes case character by
 * character), and Unicode category tests. A char is its UTF-16 code unit (a number, types.ts).
 */

/** Code units 0-127 map by arithmetic; the rest through tables built on first use (rarely needed). */
const ASCII_LIMIT = 0x80;
const BMP_SIZE = 0x10000;

let upperTable: Uint16Array | null = null;
let lowerTable: Uint16Array | null = null;

/**
 * Simple mapping of every BMP unit: JavaScript's full mapping when it yields one unit, else the unit
 * itself (ß stays ß in upper case, as in .NET), except that a multi-unit lower case keeps its first unit
 * (U+0130 İ lowers to `i`, its simple mapping).
 */
function buildTable(upper: boolean): Uint16Array {
  const table = new Uint16Array(BMP_SIZE);
  for (let unit = 0; unit < BMP_SIZE; unit++) {
    // Lone surrogates map to themselves.
    if (unit >= 0xd800 && unit <= 0xdfff) {
      table[unit] = unit;
      continue;
    }
    const text = String.fromCharCode(unit);
    const mapped = upper ? text.toUpperCase() : text.toLowerCase();
    table[unit] = mapped.length === 1 ? mapped.charCodeAt(0) : upper ? unit : mapped.charCodeAt(0);
  }
  return table;
}

export function toUpperUnit(unit: number): number {
  if (unit < ASCII_LIMIT) return unit >= 0x61 && unit <= 0x7a ? unit - 0x20 : unit;
  upperTable ??= buildTable(true);
  return upperTable[unit];
}

export function toLowerUnit(unit: number): number {
  if (unit < ASCII_LIMIT) return unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit;
  lowerTable ??= buildTable(false);
  return lowerTable[unit];
}

/** A supplementary code point's simple mapping (Deseret, Osage, ...): one code point to one. */
function mapCodePoint(codePoint: number, upper: boolean): number {
  const text = String.fromCodePoint(codePoint);
  const mapped = upper ? text.toUpperCase() : text.toLowerCase();
  const result = mapped.codePointAt(0)!;
  return mapped.length === text.length && result > 0xffff ? result : codePoint;
}

function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= ASCII_LIMIT) return true;
  return false;
}

/** `ToUpperInvariant` (and `ToUpper`: the current culture is the invariant one). */
export function toUpperInvariant(text: string): string {
  return hasNonAscii(text) ? mapString(text, true) : text.toUpperCase();
}

export function toLowerInvariant(text: string): string {
  return hasNonAscii(text) ? mapString(text, false) : text.toLowerCase();
}

function mapString(text: string, upper: boolean): string {
  let result = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        result += String.fromCodePoint(
          mapCodePoint(((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000, upper),
        );
        i++;
        continue;
      }
    }
    result += String.fromCharCode(upper ? toUpperUnit(unit) : toLowerUnit(unit));
  }
  return result;
}

/** `char.IsWhiteSpace`: Unicode White_Space (Zs, Zl, Zp, U+0009-U+000D, U+0085). */
export function isWhiteSpace(unit: number): boolean {
  if (unit < 0x100) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || unit === 0x85 || unit === 0xa0;
  return (
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000
  );
}

const LETTER = /^\p{L}$/u;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const NUMBER = /^\p{N}$/u;
const UPPER = /^\p{Lu}$/u;
const LOWER = /^\p{Ll}$/u;
const PUNCTUATION = /^\p{P}$/u;
const SYMBOL = /^\p{S}$/u;
const SEPARATOR = /^\p{Z}$/u;
const CONTROL = /^\p{Cc}$/u;

function test(pattern: RegExp, unit: number): boolean {
  return pattern.test(String.fromCharCode(unit));
}

/** `char` statics; each takes the code unit. */
export const char = {
  IsWhiteSpace: isWhiteSpace,
  IsDigit: (c: number): boolean => (c < ASCII_LIMIT ? c >= 0x30 && c <= 0x39 : test(DECIMAL_DIGIT, c)),
  IsLetter: (c: number): boolean =>
    c < ASCII_LIMIT ? (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a : test(LETTER, c),
  IsLetterOrDigit: (c: number): boolean => char.IsLetter(c) || char.IsDigit(c),
  IsNumber: (c: number): boolean => test(NUMBER, c),
  IsUpper: (c: number): boolean => (c < ASCII_LIMIT ? c >= 0x41 && c <= 0x5a : test(UPPER, c)),
  IsLower: (c: number): boolean => (c < ASCII_LIMIT ? c >= 0x61 && c <= 0x7a : test(LOWER, c)),
  IsPunctuation: (c: number): boolean => test(PUNCTUATION, c),
  IsSymbol: (c: number): boolean => test(SYMBOL, c),
  IsSeparator: (c: number): boolean => test(SEPARATOR, c),
  IsControl: (c: number): boolean => test(CONTROL, c),
  IsSurrogate: (c: number): boolean => c >= 0xd800 && c <= 0xdfff,
  IsAscii: (c: number): boolean => c < ASCII_LIMIT,
  IsAsciiDigit: (c: number): boolean => c >= 0x30 && c <= 0x39,
  IsAsciiLetter: (c: number): boolean => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a,
  ToUpper: toUpperUnit,
  ToLower: toLowerUnit,
  ToUpperInvariant: toUpperUnit,
  ToLowerInvariant: toLowerUnit,
  CompareTo: (a: number, b: number): number => a - b,
  Equals: (a: number, b: number): boolean => a === b,
  /** `char.ToString()`, and a char in string concatenation or interpolation. */
  ToString: (c: number): string => String.fromCharCode(c),
  /** `char.GetNumericValue`: the digit's value, -1 for a non-numeric char (ASCII digits and Nd). */
  GetNumericValue(c: number): number {
    if (c >= 0x30 && c <= 0x39) return c - 0x30;
    if (!test(DECIMAL_DIGIT, c)) return -1;
    // Decimal digits come in runs of ten starting at a zero.
    let zero = c;
    while (test(DECIMAL_DIGIT, zero - 1) && c - zero < 9) zero--;
    return c - zero;
  },
} as const;
