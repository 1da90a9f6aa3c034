/**
 * Date and time format strings under the invariant culture: `DateTime.ToString(format)`,
 * `DateTimeOffset.ToString(format)`, `TimeSpan.ToString(format)` and interpolation holes such as
 * `{when:yyyy-MM-dd}`. Standard single-letter formats expand to the invariant culture's patterns; custom
 * patterns support .NET's specifiers (`yyyy`, `MM`, `MMMM`, `dd`, `ddd`, `HH`, `hh`, `mm`, `ss`, `fff`,
 * `FFF`, `tt`, `K`, `zzz`, quoted literals, `\` escapes, `%` for a lone specifier).
 */
import {
  civilFromTicks,
  formatDateTime,
  formatDateTimeInvariantGeneral,
  formatDateTimeOffset,
  formatTimeSpan,
  utcTicksOf,
} from '../../engine/model/datetime-text.js';
import { format as formatError } from './exceptions.js';
import {
  TICKS_PER_DAY,
  TICKS_PER_HOUR,
  TICKS_PER_MINUTE,
  TICKS_PER_SECOND,
  type DateTimeOffsetValue,
  type DateTimeValue,
} from './types.js';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The invariant culture's standard patterns (DateTimeFormatInfo.InvariantInfo). */
const STANDARD_PATTERNS: Record<string, string> = {
  d: 'MM/dd/yyyy',
  D: 'dddd, dd MMMM yyyy',
  f: 'dddd, dd MMMM yyyy HH:mm',
  F: 'dddd, dd MMMM yyyy HH:mm:ss',
  g: 'MM/dd/yyyy HH:mm',
  G: 'MM/dd/yyyy HH:mm:ss',
  m: 'MMMM dd',
  M: 'MMMM dd',
  r: "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'",
  R: "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'",
  s: "yyyy'-'MM'-'dd'T'HH':'mm':'ss",
  t: 'HH:mm',
  T: 'HH:mm:ss',
  u: "yyyy'-'MM'-'dd HH':'mm':'ss'Z'",
  U: 'dddd, dd MMMM yyyy HH:mm:ss',
  y: 'yyyy MMMM',
  Y: 'yyyy MMMM',
};

function invalid(): never {
  throw formatError('Input string was not in a correct format.');
}

/**
 * A literal in a custom format string: a quoted run (`'...'` or `"..."`) or one escaped character (`\\x`).
 * Returns its text and the index just past it; an unterminated quote or a trailing backslash is invalid.
 */
function readLiteral(format: string, at: number): { text: string; next: number } {
  const c = format[at];
  if (c === '\\') {
    if (at + 1 >= format.length) invalid();
    return { text: format[at + 1], next: at + 2 };
  }
  const end = format.indexOf(c, at + 1);
  if (end < 0) invalid();
  return { text: format.slice(at + 1, end), next: end + 1 };
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function formatOffsetMinutes(minutes: number, specifier: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const magnitude = Math.abs(minutes);
  const hours = Math.floor(magnitude / 60);
  if (specifier === 1) return `${sign}${hours}`;
  if (specifier === 2) return `${sign}${pad(hours, 2)}`;
  return `${sign}${pad(hours, 2)}:${pad(magnitude % 60, 2)}`;
}

/** Length of the run of `c` starting at `i`. */
function runLength(pattern: string, i: number): number {
  let end = i;
  while (end < pattern.length && pattern[end] === pattern[i]) end++;
  return end - i;
}

/** Renders a custom pattern for a clock time `ticks`, with the kind or offset `K`/`z` describe. */
function renderCustom(
  pattern: string,
  ticks: bigint,
  zone: { kind: DateTimeValue['kind'] } | { offsetMinutes: number },
): string {
  const civil = civilFromTicks(ticks);
  const fraction = pad(civil.fraction, 7);
  let result = '';
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i];
    const n = runLength(pattern, i);
    switch (c) {
      case 'y':
        result += n <= 2 ? pad(civil.year % 100, n) : pad(civil.year, n);
        break;
      case 'M':
        result +=
          n <= 2
            ? pad(civil.month, n)
            : n === 3
              ? MONTH_NAMES[civil.month - 1].slice(0, 3)
              : MONTH_NAMES[civil.month - 1];
        break;
      case 'd': {
        const dayOfWeek = Number((ticks / TICKS_PER_DAY + 1n) % 7n);
        result +=
          n <= 2 ? pad(civil.day, n) : n === 3 ? DAY_NAMES[dayOfWeek].slice(0, 3) : DAY_NAMES[dayOfWeek];
        break;
      }
      case 'H':
        result += pad(civil.hour, Math.min(n, 2));
        break;
      case 'h':
        result += pad(civil.hour % 12 === 0 ? 12 : civil.hour % 12, Math.min(n, 2));
        break;
      case 'm':
        result += pad(civil.minute, Math.min(n, 2));
        break;
      case 's':
        result += pad(civil.second, Math.min(n, 2));
        break;
      case 'f':
        if (n > 7) invalid();
        result += fraction.slice(0, n);
        break;
      case 'F': {
        if (n > 7) invalid();
        const digits = fraction.slice(0, n).replace(/0+$/, '');
        // A `.` just written before an empty F run is dropped, as .NET does.
        if (digits === '' && result.endsWith('.')) result = result.slice(0, -1);
        result += digits;
        break;
      }
      case 't':
        result += (civil.hour < 12 ? 'AM' : 'PM').slice(0, n === 1 ? 1 : 2);
        break;
      case 'K':
        if ('offsetMinutes' in zone) result += formatOffsetMinutes(zone.offsetMinutes, 3);
        else result += zone.kind === 'Utc' ? 'Z' : zone.kind === 'Local' ? '+00:00' : '';
        break;
      case 'z':
        result += formatOffsetMinutes('offsetMinutes' in zone ? zone.offsetMinutes : 0, Math.min(n, 3));
        break;
      case 'g':
        result += 'A.D.';
        break;
      case ':':
      case '/':
        result += c.repeat(n);
        break;
      case "'":
      case '"':
      case '\\': {
        const literal = readLiteral(pattern, i);
        result += literal.text;
        i = literal.next;
        continue;
      }
      case '%':
        i += 1;
        continue;
      default:
        result += c.repeat(n);
    }
    i += n;
  }
  return result;
}

/** `DateTime.ToString(format)`; null or empty is `ToString()`: the invariant `G` pattern. */
export function formatDateTimeWith(value: DateTimeValue, format: string | null): string {
  if (format === null || format.length === 0) return formatDateTimeInvariantGeneral(value.ticks);
  if (format === 'o' || format === 'O') return formatDateTime(value);
  const standard = format.length === 1 ? STANDARD_PATTERNS[format] : undefined;
  if (format.length === 1 && standard === undefined) invalid();
  return renderCustom(standard ?? format, value.ticks, value);
}

/** `DateTimeOffset.ToString(format)`; the default is `G` followed by the offset. */
export function formatDateTimeOffsetWith(value: DateTimeOffsetValue, format: string | null): string {
  if (format === null || format.length === 0) {
    return `${formatDateTimeInvariantGeneral(value.ticks)} ${formatOffsetMinutes(value.offsetMinutes, 3)}`;
  }
  if (format === 'o' || format === 'O') return formatDateTimeOffset(value);
  if (format === 'u') return renderCustom(STANDARD_PATTERNS.u, utcTicksOf(value), value);
  if (format === 'r' || format === 'R') return renderCustom(STANDARD_PATTERNS.r, utcTicksOf(value), value);
  const standard = format.length === 1 ? STANDARD_PATTERNS[format] : undefined;
  if (format.length === 1 && standard === undefined) invalid();
  return renderCustom(standard ?? format, value.ticks, value);
}

/**
 * `TimeSpan.ToString(format)`: `c` (and null) is the constant form, `g` the short general form, `G` the
 * long one; custom patterns take `d`, `h`, `m`, `s`, `f`, `F` and literals (which .NET requires quoted).
 */
export function formatTimeSpanWith(ticks: bigint, format: string | null): string {
  if (format === null || format.length === 0 || format === 'c' || format === 't' || format === 'T') {
    return formatTimeSpan(ticks);
  }
  const negative = ticks < 0n;
  const magnitude = negative ? -ticks : ticks;
  const days = magnitude / TICKS_PER_DAY;
  const hours = Number((magnitude / TICKS_PER_HOUR) % 24n);
  const minutes = Number((magnitude / TICKS_PER_MINUTE) % 60n);
  const seconds = Number((magnitude / TICKS_PER_SECOND) % 60n);
  const fraction = pad(Number(magnitude % TICKS_PER_SECOND), 7);
  if (format === 'g' || format === 'G') {
    const shortForm = format === 'g';
    const dayPart = shortForm && days === 0n ? '' : `${days}:`;
    const fractionPart = shortForm
      ? /^0+$/.test(fraction)
        ? ''
        : `.${fraction.replace(/0+$/, '')}`
      : `.${fraction}`;
    return `${negative ? '-' : ''}${dayPart}${shortForm ? hours : pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${fractionPart}`;
  }
  let result = '';
  for (let i = 0; i < format.length;) {
    const c = format[i];
    const n = runLength(format, i);
    switch (c) {
      case 'd':
        result += String(days).padStart(n, '0');
        break;
      case 'h':
        result += pad(hours, Math.min(n, 2));
        break;
      case 'm':
        result += pad(minutes, Math.min(n, 2));
        break;
      case 's':
        result += pad(seconds, Math.min(n, 2));
        break;
      case 'f':
        result += fraction.slice(0, Math.min(n, 7));
        break;
      case 'F':
        result += fraction.slice(0, Math.min(n, 7)).replace(/0+$/, '');
        break;
      case "'":
      case '"':
      case '\\': {
        const literal = readLiteral(format, i);
        result += literal.text;
        i = literal.next;
        continue;
      }
      case '%':
        i += 1;
        continue;
      default:
        invalid();
    }
    i += n;
  }
  return result;
}
