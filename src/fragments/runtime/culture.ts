/**
 * String comparison under each `StringComparison`. The service's current culture is the invariant one
 * (ICU root collation, as .NET on ICU), so CurrentCulture and InvariantCulture behave alike.
 *
 * - Ordinal: UTF-16 code units. OrdinalIgnoreCase: code units after the invariant simple upper-casing.
 * - Culture ordering (Compare, CompareTo, OrderBy of strings): `Intl.Collator('und')`, case-sensitive
 *   (`a` < `A` < `b`), or at accent strength for IgnoreCase.
 * - Culture matching (StartsWith, EndsWith, IndexOf of strings): exact for text of printable ASCII, where
 *   ICU's matches are the ordinal ones. Other text is matched on a key: canonical decomposition (NFD) with
 *   ICU's completely ignorable characters removed (controls other than \t-\r, format characters such as
 *   the soft hyphen and zero-width joiners, variation selectors), case-folded for IgnoreCase; a match may
 *   neither split a character nor leave a combining mark after it. This follows ICU's answers for
 *   accents, ignorables and case; it differs where ICU collation treats distinct characters as equal at
 *   tertiary strength or uses contractions (ICU never matches "\n" inside "\r\n"; the key does).
 */
import { toUpperUnit } from './chars.js';
import { argument } from './exceptions.js';

/** `StringComparison`: an enum, so its underlying int at run time. */
export const StringComparison = {
  CurrentCulture: 0,
  CurrentCultureIgnoreCase: 1,
  InvariantCulture: 2,
  InvariantCultureIgnoreCase: 3,
  Ordinal: 4,
  OrdinalIgnoreCase: 5,
} as const;

const CASE_SENSITIVE_COLLATOR = new Intl.Collator('und');
const CASE_INSENSITIVE_COLLATOR = new Intl.Collator('und', { sensitivity: 'accent' });

export function checkComparison(comparison: number): void {
  if (!Number.isInteger(comparison) || comparison < 0 || comparison > StringComparison.OrdinalIgnoreCase) {
    throw argument('The string comparison type passed in is currently not supported.', 'comparisonType');
  }
}

export function isOrdinal(comparison: number): boolean {
  return comparison >= StringComparison.Ordinal;
}

/** IgnoreCase variants are the odd members of the enum. */
export function ignoresCase(comparison: number): boolean {
  return (comparison & 1) === 1;
}

// ---- ordering ----

/** `string.CompareOrdinal`: the difference of the first differing units, else of the lengths. */
export function compareOrdinal(a: string, b: string): number {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) {
    const difference = a.charCodeAt(i) - b.charCodeAt(i);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

export function compareOrdinalIgnoreCase(a: string, b: string): number {
  const common = Math.min(a.length, b.length);
  for (let i = 0; i < common; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    // .NET's ordinal casing maps supplementary letters as whole surrogate pairs (Deseret, Adlam, ...).
    if (isPairAt(a, i) && isPairAt(b, i)) {
      const upperA = upperPair(a, i);
      const upperB = upperPair(b, i);
      const difference =
        upperA.charCodeAt(0) - upperB.charCodeAt(0) || upperA.charCodeAt(1) - upperB.charCodeAt(1);
      if (difference !== 0) return difference;
      i++;
      continue;
    }
    const difference = toUpperUnit(x) - toUpperUnit(y);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

function isPairAt(text: string, i: number): boolean {
  const high = text.charCodeAt(i);
  const low = text.charCodeAt(i + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/** The simple upper case of the surrogate pair at `i`, when it stays one pair; else the pair itself. */
function upperPair(text: string, i: number): string {
  const pair = text.slice(i, i + 2);
  const upper = pair.toUpperCase();
  return upper.length === 2 ? upper : pair;
}

/** Culture order as -1, 0 or 1. */
export function compareCulture(a: string, b: string, ignoreCase: boolean): number {
  const order = (ignoreCase ? CASE_INSENSITIVE_COLLATOR : CASE_SENSITIVE_COLLATOR).compare(a, b);
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}

/** `string.Compare(a, b, comparison)` of non-null strings. */
export function compareWith(a: string, b: string, comparison: number): number {
  switch (comparison) {
    case StringComparison.Ordinal:
      return compareOrdinal(a, b);
    case StringComparison.OrdinalIgnoreCase:
      return compareOrdinalIgnoreCase(a, b);
    default:
      return compareCulture(a, b, ignoresCase(comparison));
  }
}

export function equalsWith(a: string, b: string, comparison: number): boolean {
  switch (comparison) {
    case StringComparison.Ordinal:
      return a === b;
    case StringComparison.OrdinalIgnoreCase:
      return a.length === b.length && compareOrdinalIgnoreCase(a, b) === 0;
    default:
      return compareCulture(a, b, ignoresCase(comparison)) === 0;
  }
}

// ---- ordinal matching ----

function upperOrdinal(text: string): string {
  let result = '';
  for (let i = 0; i < text.length; i++) result += String.fromCharCode(toUpperUnit(text.charCodeAt(i)));
  return result;
}

/** Index of `value` in `text[start, end)` under an ordinal comparison, or -1. */
function indexOfOrdinal(
  text: string,
  value: string,
  start: number,
  end: number,
  ignoreCase: boolean,
): number {
  const haystack = ignoreCase ? upperOrdinal(text.slice(0, end)) : text.slice(0, end);
  return haystack.indexOf(ignoreCase ? upperOrdinal(value) : value, start);
}

// ---- culture matching ----

/** Printable ASCII, where culture matching is ordinal. */
function isPlainAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20 || unit > 0x7e) return false;
  }
  return true;
}

const IGNORABLE = /^(?![\t\n\v\f\r])[\p{Cc}\p{Cf}\u{fe00}-\u{fe0f}]$/u;
const COMBINING_MARK = /^\p{M}$/u;

/** The matching key of a text and, per key unit, the index of the text unit it came from. */
interface MatchKey {
  key: string;
  /** `source[k]`: text index of key unit k; `source[key.length]` is the text's length. */
  source: number[];
  /** `boundary[k]`: key unit k starts a character of the text (not inside a decomposition). */
  boundary: boolean[];
}

function matchKey(text: string, ignoreCase: boolean): MatchKey {
  let key = '';
  const source: number[] = [];
  const boundary: boolean[] = [];
  for (let i = 0; i < text.length;) {
    const codePoint = text.codePointAt(i)!;
    const width = codePoint > 0xffff ? 2 : 1;
    const character = text.slice(i, i + width);
    if (!IGNORABLE.test(character)) {
      let piece = character.normalize('NFD');
      if (ignoreCase) piece = piece.toLowerCase();
      for (let k = 0; k < piece.length; k++) {
        source.push(i);
        boundary.push(k === 0);
      }
      key += piece;
    }
    i += width;
  }
  source.push(text.length);
  boundary.push(true);
  return { key, source, boundary };
}

/** Whether key units [start, end) form a match of whole characters with no mark attached after it. */
function isWholeMatch(text: MatchKey, start: number, end: number): boolean {
  return text.boundary[start] && text.boundary[end] && !COMBINING_MARK.test(text.key.charAt(end));
}

/** Culture `IndexOf` in `text[start, end)`, or -1. */
function indexOfCulture(
  text: string,
  value: string,
  start: number,
  end: number,
  ignoreCase: boolean,
): number {
  const region = text.slice(0, end);
  if (!ignoreCase && isPlainAscii(region) && isPlainAscii(value)) return region.indexOf(value, start);
  const haystack = matchKey(region, ignoreCase);
  const needle = matchKey(value, ignoreCase).key;
  let from = haystack.source.findIndex((index) => index >= start);
  if (needle.length === 0) return start;
  while (from >= 0 && from <= haystack.key.length) {
    const at = haystack.key.indexOf(needle, from);
    if (at < 0) return -1;
    if (isWholeMatch(haystack, at, at + needle.length)) return haystack.source[at];
    from = at + 1;
  }
  return -1;
}

function lastIndexOfCulture(text: string, value: string, ignoreCase: boolean): number {
  if (!ignoreCase && isPlainAscii(text) && isPlainAscii(value)) return text.lastIndexOf(value);
  const haystack = matchKey(text, ignoreCase);
  const needle = matchKey(value, ignoreCase).key;
  if (needle.length === 0) return text.length;
  for (let from = haystack.key.length - needle.length; from >= 0;) {
    const at = haystack.key.lastIndexOf(needle, from);
    if (at < 0) return -1;
    if (isWholeMatch(haystack, at, at + needle.length)) return haystack.source[at];
    from = at - 1;
  }
  return -1;
}

/** `IndexOf(string)` under `comparison` within `text[start, start + count)`. */
export function indexOfWith(
  text: string,
  value: string,
  start: number,
  count: number,
  comparison: number,
): number {
  const end = start + count;
  if (isOrdinal(comparison)) return indexOfOrdinal(text, value, start, end, ignoresCase(comparison));
  return indexOfCulture(text, value, start, end, ignoresCase(comparison));
}

export function lastIndexOfWith(text: string, value: string, comparison: number): number {
  // An empty value is found at the end, as .NET 5 and later answer.
  if (comparison === StringComparison.Ordinal) return text.lastIndexOf(value);
  if (comparison === StringComparison.OrdinalIgnoreCase)
    return upperOrdinal(text).lastIndexOf(upperOrdinal(value));
  return lastIndexOfCulture(text, value, ignoresCase(comparison));
}

export function startsWithWith(text: string, value: string, comparison: number): boolean {
  if (value.length === 0) return true;
  switch (comparison) {
    case StringComparison.Ordinal:
      return text.startsWith(value);
    case StringComparison.OrdinalIgnoreCase:
      return (
        value.length <= text.length && compareOrdinalIgnoreCase(text.slice(0, value.length), value) === 0
      );
    default: {
      const ignoreCase = ignoresCase(comparison);
      if (!ignoreCase && isPlainAscii(text) && isPlainAscii(value)) return text.startsWith(value);
      const haystack = matchKey(text, ignoreCase);
      const needle = matchKey(value, ignoreCase).key;
      return haystack.key.startsWith(needle) && isWholeMatch(haystack, 0, needle.length);
    }
  }
}

export function endsWithWith(text: string, value: string, comparison: number): boolean {
  if (value.length === 0) return true;
  switch (comparison) {
    case StringComparison.Ordinal:
      return text.endsWith(value);
    case StringComparison.OrdinalIgnoreCase:
      return (
        value.length <= text.length &&
        compareOrdinalIgnoreCase(text.slice(text.length - value.length), value) === 0
      );
    default: {
      const ignoreCase = ignoresCase(comparison);
      if (!ignoreCase && isPlainAscii(text) && isPlainAscii(value)) return text.endsWith(value);
      const haystack = matchKey(text, ignoreCase);
      const needle = matchKey(value, ignoreCase).key;
      const start = haystack.key.length - needle.length;
      return (
        start >= 0 && haystack.key.endsWith(needle) && isWholeMatch(haystack, start, haystack.key.length)
      );
    }
  }
}
