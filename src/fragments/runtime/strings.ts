/**
 * `System.String` members. Instance members take the receiver first and throw NullReferenceException when
 * it is null, as calling a member on a null string does; arguments that .NET rejects throw the .NET
 * exception with its message. A char argument or result is a code unit (a number).
 *
 * Default comparisons follow .NET, and differ per member: `==`, `Equals`, `Contains`, `Replace`, and the
 * char overloads are ordinal; `StartsWith(string)`, `EndsWith(string)`, `IndexOf(string)`, `CompareTo`
 * and `string.Compare` use the current (invariant) culture (culture.ts).
 *
 * Overloads share one helper where their parameters nest: optional trailing parameters in C#'s order
 * (`IndexOf(text, value, startIndex, count, comparison)`), with `undefined` for one an overload omits
 * before one it gives (`IndexOf(s, v, 0, undefined, StringComparison.Ordinal)`).
 */
import { isWhiteSpace, toLowerInvariant, toUpperInvariant } from './chars.js';
import {
  StringComparison,
  checkComparison,
  compareOrdinal,
  compareWith,
  endsWithWith,
  equalsWith,
  indexOfWith,
  lastIndexOfWith,
  startsWithWith,
} from './culture.js';
import {
  argument,
  argumentNull,
  argumentOutOfRange,
  indexOutOfRange,
  nullReference,
  type FragmentException,
} from './exceptions.js';

/** `StringSplitOptions` flags. */
export const StringSplitOptions = { None: 0, RemoveEmptyEntries: 1, TrimEntries: 2 } as const;

function receiver(text: string | null): string {
  if (text === null) throw nullReference();
  return text;
}

function required(value: string | null, parameter: string): string {
  if (value === null) throw argumentNull(parameter);
  return value;
}

/** The bounds check .NET applies to `startIndex` of IndexOf: 0 to Length inclusive. */
function checkStart(text: string, startIndex: number): void {
  if (startIndex < 0 || startIndex > text.length) {
    throw argumentOutOfRange(
      'startIndex',
      'Index was out of range. Must be non-negative and less than or equal to the size of the collection.',
    );
  }
}

function lastIndexOutOfRange(): FragmentException {
  return argumentOutOfRange(
    'startIndex',
    'Index was out of range. Must be non-negative and less than the size of the collection.',
  );
}

function checkCount(text: string, startIndex: number, count: number): void {
  if (count < 0 || count > text.length - startIndex) {
    throw argumentOutOfRange(
      'count',
      'Count must be positive and count must refer to a location within the string/array/collection.',
    );
  }
}

function isTrimmed(unit: number, trimChars: readonly number[] | null): boolean {
  return trimChars === null || trimChars.length === 0 ? isWhiteSpace(unit) : trimChars.includes(unit);
}

function trimRange(text: string, trimChars: readonly number[] | null, start: boolean, end: boolean): string {
  let first = 0;
  let last = text.length;
  if (start) while (first < last && isTrimmed(text.charCodeAt(first), trimChars)) first++;
  if (end) while (last > first && isTrimmed(text.charCodeAt(last - 1), trimChars)) last--;
  return first === 0 && last === text.length ? text : text.slice(first, last);
}

/** Separator matches at a position: the first separator of the list that matches there, as .NET splits. */
function separatorAt(text: string, at: number, separators: readonly string[]): number {
  for (const separator of separators) if (text.startsWith(separator, at)) return separator.length;
  return 0;
}

const WHITE_SPACE_SEPARATORS: readonly string[] = [];

/**
 * The core of every Split overload: `separators` are strings (chars become one-unit strings); an empty list
 * splits at white space, null does not split.
 */
function splitCore(
  text: string,
  separators: readonly string[] | null,
  count: number,
  options: number,
): string[] {
  if (count < 0) throw argumentOutOfRange('count', 'Count cannot be less than zero.');
  if (options < 0 || options > 3) throw argument(`Value of flags is invalid.`, 'options');
  const removeEmpty = (options & StringSplitOptions.RemoveEmptyEntries) !== 0;
  const trim = (options & StringSplitOptions.TrimEntries) !== 0;
  const result: string[] = [];
  if (count === 0) return result;
  const add = (entry: string): void => {
    const value = trim ? trimRange(entry, null, true, true) : entry;
    if (!removeEmpty || value.length > 0) result.push(value);
  };
  if (separators === null) {
    add(text);
    return result;
  }
  const byWhiteSpace = separators.length === 0;
  let start = 0;
  for (let at = 0; at < text.length && result.length < count - 1;) {
    const width = byWhiteSpace
      ? isWhiteSpace(text.charCodeAt(at))
        ? 1
        : 0
      : separatorAt(text, at, separators);
    if (width === 0) {
      at++;
      continue;
    }
    add(text.slice(start, at));
    at += width;
    start = at;
  }
  // The rest is one entry; with RemoveEmptyEntries, leading separators of the rest are skipped as .NET does.
  let rest = text.slice(start);
  if (removeEmpty && result.length === count - 1 && start < text.length) {
    let skip = 0;
    while (skip < rest.length) {
      const width = byWhiteSpace
        ? isWhiteSpace(rest.charCodeAt(skip))
          ? 1
          : 0
        : separatorAt(rest, skip, separators);
      if (width === 0) break;
      skip += width;
    }
    rest = rest.slice(skip);
  }
  add(rest);
  return result;
}

const MAX_COUNT = 2147483647;

/** Units of `text` from `at` that a match of `value` under `comparison` covers (at least one). */
function matchedLength(text: string, value: string, at: number, comparison: number): number {
  for (let end = at + 1; end <= text.length; end++) {
    if (equalsWith(text.slice(at, end), value, comparison)) return end - at;
  }
  return Math.max(1, value.length);
}

export const str = {
  Empty: '',

  Length: (text: string | null): number => receiver(text).length,
  /** The indexer `text[i]`: IndexOutOfRangeException outside [0, Length). */
  charAt(text: string | null, index: number): number {
    const value = receiver(text);
    if (index < 0 || index >= value.length) throw indexOutOfRange();
    return value.charCodeAt(index);
  },

  // ---- equality and ordering ----

  /** `a.Equals(b)` (ordinal); the static `string.Equals(a, b)` is `equalsStatic`. */
  Equals: (text: string | null, value: string | null): boolean => receiver(text) === value,
  EqualsWith(text: string | null, value: string | null, comparison: number): boolean {
    const self = receiver(text);
    checkComparison(comparison);
    return value !== null && equalsWith(self, value, comparison);
  },
  equalsStatic(a: string | null, b: string | null, comparison: number = StringComparison.Ordinal): boolean {
    checkComparison(comparison);
    if (a === null || b === null) return a === b;
    return equalsWith(a, b, comparison);
  },
  /** `a.CompareTo(b)`: culture order; every string is after null. */
  CompareTo(text: string | null, value: string | null): number {
    const self = receiver(text);
    return value === null ? 1 : compareWith(self, value, StringComparison.CurrentCulture);
  },
  /** `string.Compare(a, b[, comparison])`; null sorts first. */
  compare(a: string | null, b: string | null, comparison: number = StringComparison.CurrentCulture): number {
    checkComparison(comparison);
    if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
    return compareWith(a, b, comparison);
  },
  /** `string.Compare(a, b, bool ignoreCase)`. */
  compareIgnoreCase: (a: string | null, b: string | null, ignoreCase: boolean): number =>
    str.compare(
      a,
      b,
      ignoreCase ? StringComparison.CurrentCultureIgnoreCase : StringComparison.CurrentCulture,
    ),
  compareOrdinal(a: string | null, b: string | null): number {
    if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
    return compareOrdinal(a, b);
  },

  // ---- searching ----

  Contains: (text: string | null, value: string | null): boolean =>
    receiver(text).includes(required(value, 'value')),
  ContainsWith(text: string | null, value: string | null, comparison: number): boolean {
    const self = receiver(text);
    checkComparison(comparison);
    return indexOfWith(self, required(value, 'value'), 0, self.length, comparison) >= 0;
  },
  ContainsChar: (text: string | null, value: number): boolean =>
    receiver(text).includes(String.fromCharCode(value)),
  ContainsCharWith(text: string | null, value: number, comparison: number): boolean {
    return str.ContainsWith(text, String.fromCharCode(value), comparison);
  },
  /** `StartsWith(string[, comparison])`: culture-sensitive without a comparison, as .NET. */
  StartsWith(
    text: string | null,
    value: string | null,
    comparison: number = StringComparison.CurrentCulture,
  ): boolean {
    const self = receiver(text);
    checkComparison(comparison);
    return startsWithWith(self, required(value, 'value'), comparison);
  },
  StartsWithChar: (text: string | null, value: number): boolean => {
    const self = receiver(text);
    return self.length > 0 && self.charCodeAt(0) === value;
  },
  EndsWith(
    text: string | null,
    value: string | null,
    comparison: number = StringComparison.CurrentCulture,
  ): boolean {
    const self = receiver(text);
    checkComparison(comparison);
    return endsWithWith(self, required(value, 'value'), comparison);
  },
  EndsWithChar: (text: string | null, value: number): boolean => {
    const self = receiver(text);
    return self.length > 0 && self.charCodeAt(self.length - 1) === value;
  },
  /** `IndexOf(char[, startIndex[, count]])`: ordinal. */
  IndexOfChar(text: string | null, value: number, startIndex = 0, count?: number): number {
    const self = receiver(text);
    checkStart(self, startIndex);
    const length = count ?? self.length - startIndex;
    checkCount(self, startIndex, length);
    const end = startIndex + length;
    for (let i = startIndex; i < end; i++) if (self.charCodeAt(i) === value) return i;
    return -1;
  },
  /** `IndexOf(string[, startIndex[, count]][, comparison])`: culture-sensitive unless told otherwise. */
  IndexOf(
    text: string | null,
    value: string | null,
    startIndex = 0,
    count?: number,
    comparison: number = StringComparison.CurrentCulture,
  ): number {
    const self = receiver(text);
    const needle = required(value, 'value');
    checkStart(self, startIndex);
    const length = count ?? self.length - startIndex;
    checkCount(self, startIndex, length);
    checkComparison(comparison);
    return indexOfWith(self, needle, startIndex, length, comparison);
  },
  IndexOfAny(text: string | null, anyOf: readonly number[] | null, startIndex = 0): number {
    const self = receiver(text);
    if (anyOf === null) throw argumentNull('anyOf');
    checkStart(self, startIndex);
    for (let i = startIndex; i < self.length; i++) if (anyOf.includes(self.charCodeAt(i))) return i;
    return -1;
  },
  /** `LastIndexOf(char[, startIndex])`: searches backwards from `startIndex` (default the last char). */
  LastIndexOfChar(text: string | null, value: number, startIndex?: number): number {
    const self = receiver(text);
    const from = startIndex ?? self.length - 1;
    if (self.length > 0 && (from < 0 || from >= self.length)) throw lastIndexOutOfRange();
    return self.lastIndexOf(String.fromCharCode(value), from);
  },
  /** `LastIndexOf(string[, startIndex][, comparison])`: a match must end at or before `startIndex`. */
  LastIndexOf(
    text: string | null,
    value: string | null,
    startIndex?: number,
    comparison: number = StringComparison.CurrentCulture,
  ): number {
    const self = receiver(text);
    const needle = required(value, 'value');
    checkComparison(comparison);
    if (startIndex === undefined) return lastIndexOfWith(self, needle, comparison);
    if (self.length > 0 && (startIndex < 0 || startIndex >= self.length)) throw lastIndexOutOfRange();
    return lastIndexOfWith(self.slice(0, startIndex + 1), needle, comparison);
  },

  // ---- new strings ----

  Substring(text: string | null, startIndex: number, length?: number): string {
    const self = receiver(text);
    if (startIndex < 0) throw argumentOutOfRange('startIndex', 'StartIndex cannot be less than zero.');
    if (startIndex > self.length) {
      throw argumentOutOfRange('startIndex', 'startIndex cannot be larger than length of string.');
    }
    if (length === undefined) return self.slice(startIndex);
    if (length < 0) throw argumentOutOfRange('length', 'Length cannot be less than zero.');
    if (startIndex > self.length - length) {
      throw argumentOutOfRange('length', 'Index and length must refer to a location within the string.');
    }
    return self.slice(startIndex, startIndex + length);
  },
  /** `Trim()` (white space) or `Trim(params char[])`. */
  Trim: (text: string | null, trimChars: readonly number[] | null = null): string =>
    trimRange(receiver(text), trimChars, true, true),
  TrimStart: (text: string | null, trimChars: readonly number[] | null = null): string =>
    trimRange(receiver(text), trimChars, true, false),
  TrimEnd: (text: string | null, trimChars: readonly number[] | null = null): string =>
    trimRange(receiver(text), trimChars, false, true),
  /** `ToUpper()`, `ToUpperInvariant()`: the current culture is the invariant one. */
  ToUpper: (text: string | null): string => toUpperInvariant(receiver(text)),
  ToLower: (text: string | null): string => toLowerInvariant(receiver(text)),
  /** `Replace(string, string)`: ordinal, every occurrence; a null replacement removes. */
  Replace(text: string | null, oldValue: string | null, newValue: string | null): string {
    const self = receiver(text);
    const old = required(oldValue, 'oldValue');
    if (old.length === 0) throw argument('String cannot be of zero length.', 'oldValue');
    return self.split(old).join(newValue ?? '');
  },
  /** `Replace(string, string, StringComparison)`: every occurrence under the comparison. */
  ReplaceWith(
    text: string | null,
    oldValue: string | null,
    newValue: string | null,
    comparison: number,
  ): string {
    const self = receiver(text);
    const old = required(oldValue, 'oldValue');
    if (old.length === 0) throw argument('String cannot be of zero length.', 'oldValue');
    checkComparison(comparison);
    if (comparison === StringComparison.Ordinal) return self.split(old).join(newValue ?? '');
    let result = '';
    let from = 0;
    for (;;) {
      const at = indexOfWith(self, old, from, self.length - from, comparison);
      if (at < 0) break;
      result += self.slice(from, at) + (newValue ?? '');
      // The match may span more units than `old` (ignorables, decompositions): skip what matched.
      from = at + matchedLength(self, old, at, comparison);
    }
    return result + self.slice(from);
  },
  ReplaceChar(text: string | null, oldChar: number, newChar: number): string {
    return receiver(text).split(String.fromCharCode(oldChar)).join(String.fromCharCode(newChar));
  },
  Insert(text: string | null, startIndex: number, value: string | null): string {
    const self = receiver(text);
    const inserted = required(value, 'value');
    if (startIndex < 0 || startIndex > self.length) {
      throw argumentOutOfRange(
        'startIndex',
        'Index was out of range. Must be non-negative and less than or equal to the size of the collection.',
      );
    }
    return self.slice(0, startIndex) + inserted + self.slice(startIndex);
  },
  Remove(text: string | null, startIndex: number, count?: number): string {
    const self = receiver(text);
    if (startIndex < 0) throw argumentOutOfRange('startIndex', 'StartIndex cannot be less than zero.');
    if (count === undefined) {
      if (startIndex >= self.length) {
        throw argumentOutOfRange('startIndex', 'startIndex must be less than length of string.');
      }
      return self.slice(0, startIndex);
    }
    if (count < 0) throw argumentOutOfRange('count', 'Count cannot be less than zero.');
    if (count > self.length - startIndex) {
      throw argumentOutOfRange('count', 'Index and count must refer to a location within the string.');
    }
    return self.slice(0, startIndex) + self.slice(startIndex + count);
  },
  PadLeft(text: string | null, totalWidth: number, paddingChar = 0x20): string {
    const self = receiver(text);
    if (totalWidth < 0) throw argumentOutOfRange('totalWidth', 'Non-negative number required.');
    return self.padStart(totalWidth, String.fromCharCode(paddingChar));
  },
  PadRight(text: string | null, totalWidth: number, paddingChar = 0x20): string {
    const self = receiver(text);
    if (totalWidth < 0) throw argumentOutOfRange('totalWidth', 'Non-negative number required.');
    return self.padEnd(totalWidth, String.fromCharCode(paddingChar));
  },
  ToCharArray(text: string | null): number[] {
    const self = receiver(text);
    const units = new Array<number>(self.length);
    for (let i = 0; i < self.length; i++) units[i] = self.charCodeAt(i);
    return units;
  },

  // ---- Split ----

  /** `Split(params char[] separator)`, `Split(char[], options)`, `Split(char[], count, options)`. */
  SplitChars(
    text: string | null,
    separators: readonly number[] | null,
    count = MAX_COUNT,
    options: number = StringSplitOptions.None,
  ): string[] {
    const self = receiver(text);
    const list =
      separators === null || separators.length === 0
        ? WHITE_SPACE_SEPARATORS
        : separators.map((unit) => String.fromCharCode(unit));
    return splitCore(self, list, count, options);
  },
  /** `Split(string separator[, count], options)`: a null or empty separator does not split. */
  SplitString(
    text: string | null,
    separator: string | null,
    count = MAX_COUNT,
    options: number = StringSplitOptions.None,
  ): string[] {
    const self = receiver(text);
    // No separator leaves the whole text as one entry (options still apply).
    return splitCore(self, separator === null || separator.length === 0 ? null : [separator], count, options);
  },
  /** `Split(string[] separators[, count], options)`: empty separators are ignored; none splits at white space. */
  SplitStrings(
    text: string | null,
    separators: readonly (string | null)[] | null,
    count = MAX_COUNT,
    options: number = StringSplitOptions.None,
  ): string[] {
    const self = receiver(text);
    const list = (separators ?? []).filter((s): s is string => s !== null && s.length > 0);
    return splitCore(self, list.length === 0 ? WHITE_SPACE_SEPARATORS : list, count, options);
  },

  // ---- statics ----

  IsNullOrEmpty: (text: string | null): boolean => text === null || text.length === 0,
  IsNullOrWhiteSpace(text: string | null): boolean {
    if (text === null) return true;
    for (let i = 0; i < text.length; i++) if (!isWhiteSpace(text.charCodeAt(i))) return false;
    return true;
  },
  /** `string.Concat` of strings (null counts as empty), and the `+` of strings. */
  concat(...parts: readonly (string | null)[]): string {
    let result = '';
    for (const part of parts) if (part !== null) result += part;
    return result;
  },
  /** `string.Concat(IEnumerable<string>)`. */
  concatAll(values: Iterable<string | null> | null): string {
    if (values === null) throw argumentNull('values');
    let result = '';
    for (const value of values) if (value !== null) result += value;
    return result;
  },
  /** `string.Join(separator, values)` of strings; the emitter maps other element types with ToString first. */
  join(separator: string | null, values: Iterable<string | null> | null): string {
    if (values === null) throw argumentNull('values');
    const glue = separator ?? '';
    let result = '';
    let first = true;
    for (const value of values) {
      if (!first) result += glue;
      first = false;
      if (value !== null) result += value;
    }
    return result;
  },
  joinChar: (separator: number, values: Iterable<string | null> | null): string =>
    str.join(String.fromCharCode(separator), values),
  /** `string.Join<T>(separator, values)` and `Join(separator, params object[])`: each value's text first. */
  joinMapped<T>(separator: string | null, values: Iterable<T> | null, toText: (value: T) => string): string {
    if (values === null) throw argumentNull('values');
    const texts: string[] = [];
    for (const value of values) texts.push(value === null || value === undefined ? '' : toText(value));
    return str.join(separator, texts);
  },
} as const;
