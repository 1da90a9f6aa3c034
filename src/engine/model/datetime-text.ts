/**
 * DateTime, DateTimeOffset and TimeSpan text over .NET ticks (100-ns units; dates count from
 * 0001-01-01T00:00:00 in the proleptic Gregorian calendar). Parsers return `undefined` when the text does
 * not convert; the caller raises the `ValueError`.
 */
import type { DateTimeKind } from './values.js';

const TICKS_PER_SECOND = 10_000_000;
const TICKS_PER_MINUTE_BIG = 600_000_000n;
const TICKS_PER_SECOND_BIG = 10_000_000n;
const TICKS_PER_DAY_BIG = 864_000_000_000n;
const SECONDS_PER_DAY = 86_400;
/** DateTime.MaxValue.Ticks: 9999-12-31T23:59:59.9999999. */
export const MAX_DATETIME_TICKS = 3_155_378_975_999_999_999n;
/** TimeSpan is a signed 64-bit tick count. */
export const MIN_TIMESPAN_TICKS = -(2n ** 63n);
export const MAX_TIMESPAN_TICKS = 2n ** 63n - 1n;
/** DateTimeOffset allows zone offsets up to ±14:00, in whole minutes. */
export const MAX_OFFSET_MINUTES = 14 * 60;
/** Ticks carry seven fraction-of-second digits. */
const FRACTION_DIGITS = 7;

const DAYS_PER_400_YEARS = 146_097;
const DAYS_PER_100_YEARS = 36_524;
const DAYS_PER_4_YEARS = 1_461;
const DAYS_PER_YEAR = 365;
const DAYS_BEFORE_MONTH = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
const DAYS_BEFORE_MONTH_LEAP = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335, 366];

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Days from 0001-01-01 to the given date (all parts already range-checked). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = year - 1;
  const table = isLeapYear(year) ? DAYS_BEFORE_MONTH_LEAP : DAYS_BEFORE_MONTH;
  return y * 365 + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) + table[month - 1] + day - 1;
}

export interface CivilTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 to 9,999,999 ticks within the second */
  fraction: number;
}

/** Splits non-negative ticks into calendar parts (the cycle arithmetic of .NET's `GetDatePart`). */
export function civilFromTicks(ticks: bigint): CivilTime {
  let n = Number(ticks / TICKS_PER_DAY_BIG);
  const timeOfDay = Number(ticks % TICKS_PER_DAY_BIG);
  const y400 = Math.floor(n / DAYS_PER_400_YEARS);
  n -= y400 * DAYS_PER_400_YEARS;
  let y100 = Math.floor(n / DAYS_PER_100_YEARS);
  if (y100 === 4) y100 = 3; // the last day of a 400-year cycle
  n -= y100 * DAYS_PER_100_YEARS;
  const y4 = Math.floor(n / DAYS_PER_4_YEARS);
  n -= y4 * DAYS_PER_4_YEARS;
  let y1 = Math.floor(n / DAYS_PER_YEAR);
  if (y1 === 4) y1 = 3; // the last day of a leap year
  n -= y1 * DAYS_PER_YEAR;
  const year = y400 * 400 + y100 * 100 + y4 * 4 + y1 + 1;
  const table = isLeapYear(year) ? DAYS_BEFORE_MONTH_LEAP : DAYS_BEFORE_MONTH;
  let month = 1;
  while (n >= table[month]) month++;
  const seconds = Math.floor(timeOfDay / TICKS_PER_SECOND);
  return {
    year,
    month,
    day: n - table[month - 1] + 1,
    hour: Math.floor(seconds / 3600),
    minute: Math.floor(seconds / 60) % 60,
    second: seconds % 60,
    fraction: timeOfDay % TICKS_PER_SECOND,
  };
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function pad4(n: number): string {
  return String(n).padStart(4, '0');
}

function pad7(n: number): string {
  return String(n).padStart(FRACTION_DIGITS, '0');
}

/** Fraction text of up to seven digits as ticks (`5` is half a second). */
function fractionTicks(digits: string): number {
  return Number(digits.padEnd(FRACTION_DIGITS, '0'));
}

/**
 * The round-trip ("o") grammar, accepted a little more widely as .NET's parser does: a space instead of
 * `T`, the time optional (midnight), the seconds optional, one to seven fraction digits, and a zone that is
 * `Z` or `±hh:mm` (also `±hhmm`, `±hh`). Groups: year, month, day, hour, minute, second, fraction, `Z`,
 * offset sign, offset hours, offset minutes.
 */
const ISO_DATE_TIME_TEXT =
  /^\s*(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?\s*$/;

type Zone = { kind: 'none' } | { kind: 'utc' } | { kind: 'offset'; minutes: number };

interface IsoParts {
  /** the clock time as written, in ticks */
  ticks: bigint;
  zone: Zone;
}

function parseIsoParts(text: string): IsoParts | undefined {
  const m = ISO_DATE_TIME_TEXT.exec(text);
  if (m === null) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
    return undefined;
  }
  const table = isLeapYear(year) ? DAYS_BEFORE_MONTH_LEAP : DAYS_BEFORE_MONTH;
  if (day > table[month] - table[month - 1]) return undefined;
  const days = daysFromCivil(year, month, day);
  const seconds = days * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
  const ticks = BigInt(seconds) * TICKS_PER_SECOND_BIG + BigInt(m[7] === undefined ? 0 : fractionTicks(m[7]));

  let zone: Zone = { kind: 'none' };
  if (m[8] !== undefined) {
    zone = { kind: 'utc' };
  } else if (m[9] !== undefined) {
    const offsetHours = Number(m[10]);
    const offsetMinutes = m[11] === undefined ? 0 : Number(m[11]);
    if (offsetMinutes > 59) return undefined;
    const minutes = offsetHours * 60 + offsetMinutes;
    if (minutes > MAX_OFFSET_MINUTES) return undefined;
    zone = { kind: 'offset', minutes: m[9] === '-' ? -minutes : minutes };
  }
  return { ticks, zone };
}

export interface DateTimeValue {
  ticks: bigint;
  kind: DateTimeKind;
}

/**
 * DateTime in round-trip style: no designator keeps the wall-clock ticks as 'Unspecified', `Z` gives
 * 'Utc'. An explicit offset is where .NET would convert to the server's local time ('Local'); Skein does
 * not depend on the host's zone, so it converts to the UTC instant and marks it 'Utc' (the same instant,
 * and it reads back unchanged).
 */
export function parseDateTimeText(text: string): DateTimeValue | undefined {
  const parts = parseIsoParts(text);
  if (parts === undefined) return undefined;
  switch (parts.zone.kind) {
    case 'none':
      return { ticks: parts.ticks, kind: 'Unspecified' };
    case 'utc':
      return { ticks: parts.ticks, kind: 'Utc' };
    case 'offset': {
      const utc = parts.ticks - BigInt(parts.zone.minutes) * TICKS_PER_MINUTE_BIG;
      return utc < 0n || utc > MAX_DATETIME_TICKS ? undefined : { ticks: utc, kind: 'Utc' };
    }
  }
}

export interface DateTimeOffsetValue {
  ticks: bigint;
  offsetMinutes: number;
}

/**
 * DateTimeOffset in the same grammar. No designator means offset zero (not the host's zone, see
 * `parseDateTimeText`); both the clock time and the UTC instant must lie within the DateTime range.
 */
export function parseDateTimeOffsetText(text: string): DateTimeOffsetValue | undefined {
  const parts = parseIsoParts(text);
  if (parts === undefined) return undefined;
  const offsetMinutes = parts.zone.kind === 'offset' ? parts.zone.minutes : 0;
  const utc = parts.ticks - BigInt(offsetMinutes) * TICKS_PER_MINUTE_BIG;
  if (utc < 0n || utc > MAX_DATETIME_TICKS) return undefined;
  return { ticks: parts.ticks, offsetMinutes };
}

/** `yyyy-MM-ddTHH:mm:ss.fffffff`, the body of the "o" format. */
function formatIsoClock(ticks: bigint): string {
  const t = civilFromTicks(ticks);
  return `${pad4(t.year)}-${pad2(t.month)}-${pad2(t.day)}T${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}.${pad7(t.fraction)}`;
}

function formatOffset(offsetMinutes: number): string {
  const magnitude = offsetMinutes < 0 ? -offsetMinutes : offsetMinutes;
  return `${offsetMinutes < 0 ? '-' : '+'}${pad2(Math.floor(magnitude / 60))}:${pad2(magnitude % 60)}`;
}

/**
 * `DateTime.ToString("o")`: seven fraction digits always, `Z` for 'Utc'. 'Local' (never produced by
 * the parser) would carry the host's offset in .NET; Skein treats local time as UTC and writes `+00:00`.
 */
export function formatDateTime(value: DateTimeValue): string {
  const clock = formatIsoClock(value.ticks);
  if (value.kind === 'Utc') return `${clock}Z`;
  return value.kind === 'Local' ? `${clock}+00:00` : clock;
}

/** `DateTimeOffset.ToString("o")`: the clock time and `±hh:mm` (`+00:00` for zero). */
export function formatDateTimeOffset(value: DateTimeOffsetValue): string {
  return formatIsoClock(value.ticks) + formatOffset(value.offsetMinutes);
}

/** `Convert.ToString(DateTime, invariant)`: the invariant "G" pattern `MM/dd/yyyy HH:mm:ss`. */
export function formatDateTimeInvariantGeneral(ticks: bigint): string {
  const t = civilFromTicks(ticks);
  return `${pad2(t.month)}/${pad2(t.day)}/${pad4(t.year)} ${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}`;
}

/** UTC instant of a DateTimeOffset, in ticks: what equality and ordering compare. */
export function utcTicksOf(value: DateTimeOffsetValue): bigint {
  return value.ticks - BigInt(value.offsetMinutes) * TICKS_PER_MINUTE_BIG;
}

/** TimeSpan limits of .NET's parser: whole days up to TimeSpan.MaxValue's, the clock parts in range. */
const MAX_TIMESPAN_DAYS = 10_675_199;
const MAX_HOURS = 23;
const MAX_MINUTES = 59;
const MAX_SECONDS = 59;

/**
 * `TimeSpan.Parse(text, invariant)`: `[ws][-]{ d | [d.]hh:mm[:ss[.fffffff]] }[ws]`, hours 0-23, minutes
 * and seconds 0-59, one to seven fraction digits, a bare integer counting days. Groups: sign, bare days,
 * days, hours, minutes, seconds, fraction.
 */
const TIMESPAN_TEXT = /^\s*(-)?(?:(\d+)|(?:(\d+)\.)?(\d+):(\d+)(?::(\d+)(?:\.(\d+))?)?)\s*$/;

export function parseTimeSpanText(text: string): bigint | undefined {
  const m = TIMESPAN_TEXT.exec(text);
  if (m === null) return undefined;
  const days = Number(m[2] ?? m[3] ?? 0);
  if (days > MAX_TIMESPAN_DAYS) return undefined;
  let ticks = BigInt(days) * TICKS_PER_DAY_BIG;
  if (m[4] !== undefined) {
    const hours = Number(m[4]);
    const minutes = Number(m[5]);
    const seconds = m[6] === undefined ? 0 : Number(m[6]);
    if (hours > MAX_HOURS || minutes > MAX_MINUTES || seconds > MAX_SECONDS) return undefined;
    const fraction = m[7];
    if (fraction !== undefined && fraction.length > FRACTION_DIGITS) return undefined;
    const clockTicks =
      (hours * 3600 + minutes * 60 + seconds) * TICKS_PER_SECOND +
      (fraction === undefined ? 0 : fractionTicks(fraction));
    ticks += BigInt(clockTicks);
  }
  if (m[1] !== undefined) ticks = -ticks;
  return ticks < MIN_TIMESPAN_TICKS || ticks > MAX_TIMESPAN_TICKS ? undefined : ticks;
}

/** TimeSpan "c" format: `[-][d.]hh:mm:ss[.fffffff]`, the fraction only when not zero. */
export function formatTimeSpan(ticks: bigint): string {
  const negative = ticks < 0n;
  const magnitude = negative ? -ticks : ticks;
  const days = magnitude / TICKS_PER_DAY_BIG;
  const timeOfDay = Number(magnitude % TICKS_PER_DAY_BIG);
  const seconds = Math.floor(timeOfDay / TICKS_PER_SECOND);
  const fraction = timeOfDay % TICKS_PER_SECOND;
  const clock = `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}`;
  return `${negative ? '-' : ''}${days === 0n ? '' : `${days}.`}${clock}${fraction === 0 ? '' : `.${pad7(fraction)}`}`;
}
