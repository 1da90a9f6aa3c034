/**
 * `DateTime`, `TimeSpan`, `DateTimeOffset` and `Guid` members fragments compare and compute with.
 * Representation (types.ts): DateTime `{ ticks, kind }`, DateTimeOffset `{ ticks, offsetMinutes }` (ticks
 * of the clock time), TimeSpan bigint ticks, Guid canonical lowercase text.
 *
 * The host's time zone is never consulted (as in the engine's model): local time is UTC, so `Now` equals
 * `UtcNow` with kind Local, and ToLocalTime/ToUniversalTime only change the kind.
 *
 * Comparisons: DateTime by ticks, kind ignored (as .NET's operators); DateTimeOffset by UTC instant;
 * TimeSpan and Guid by value. The emitter may compare `a.ticks < b.ticks` (and bigint TimeSpans, Guid
 * strings) inline; `compare` helpers exist for CompareTo.
 */
import { randomUUID } from 'node:crypto';
import {
  MAX_DATETIME_TICKS,
  civilFromTicks,
  daysFromCivil,
  isLeapYear,
  MAX_OFFSET_MINUTES,
  parseDateTimeText,
  parseDateTimeOffsetText,
  parseTimeSpanText,
  utcTicksOf,
} from '../../engine/model/datetime-text.js';
import { parseGuidText } from '../../engine/model/guid-text.js';
import { argument, argumentOutOfRange, format, negateMinValue, FragmentException } from './exceptions.js';
import { cast, limits } from './semantics.js';
import {
  GUID_EMPTY,
  TICKS_PER_DAY,
  TICKS_PER_HOUR,
  TICKS_PER_MILLISECOND,
  TICKS_PER_MINUTE,
  TICKS_PER_SECOND,
  UNIX_EPOCH_TICKS,
  dateTime,
  type DateTimeOffsetValue,
  type DateTimeValue,
  type Out,
} from './types.js';

type Kind = DateTimeValue['kind'];

/** `DateTimeKind` as its underlying int. */
export const DateTimeKind = { Unspecified: 0, Utc: 1, Local: 2 } as const;
const KIND_NAMES: readonly Kind[] = ['Unspecified', 'Utc', 'Local'];

/** `DayOfWeek`: Sunday is 0. */
export const DayOfWeek = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
} as const;

/** 0001-01-01 through 9999-12-31. */
const MAX_DAYS = 3_652_059;
const MAX_MONTHS_ADDED = 120_000;
const MAX_YEARS_ADDED = 10_000;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function unrepresentable(): FragmentException {
  return argumentOutOfRange(
    'value',
    'The added or subtracted value results in an un-representable DateTime.',
  );
}

function timeSpanTooLong(): FragmentException {
  return new FragmentException('OverflowException', 'TimeSpan overflowed because the duration is too long.');
}

function nowTicks(): bigint {
  return UNIX_EPOCH_TICKS + BigInt(Date.now()) * TICKS_PER_MILLISECOND;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
}

function withTicks(value: DateTimeValue, ticks: bigint): DateTimeValue {
  if (ticks < 0n || ticks > MAX_DATETIME_TICKS) throw unrepresentable();
  return dateTime(ticks, value.kind);
}

/** .NET 7+ `AddDays`/`AddHours`/...: whole units and the fraction's ticks, each truncated. */
function addUnits(
  value: DateTimeValue,
  amount: number,
  maxUnits: number,
  ticksPerUnit: bigint,
): DateTimeValue {
  if (Math.abs(amount) > maxUnits) throw argumentOutOfRange('value', 'Value to add was out of range.');
  const whole = Math.trunc(amount);
  const fraction = amount - whole;
  const ticks = cast.realToInt64(whole) * ticksPerUnit + cast.realToInt64(fraction * Number(ticksPerUnit));
  return withTicks(value, value.ticks + ticks);
}

function addMonths(value: DateTimeValue, months: number, parameter: string): DateTimeValue {
  const civil = civilFromTicks(value.ticks);
  const index = civil.month - 1 + months;
  const year = civil.year + Math.floor(index / 12);
  const month = (((index % 12) + 12) % 12) + 1;
  if (year < 1 || year > 9999) {
    throw argumentOutOfRange(
      parameter,
      'The added or subtracted value results in an un-representable DateTime.',
    );
  }
  const day = Math.min(civil.day, daysInMonth(year, month));
  const timeOfDay = value.ticks % TICKS_PER_DAY;
  return dateTime(BigInt(daysFromCivil(year, month, day)) * TICKS_PER_DAY + timeOfDay, value.kind);
}

/** A TimeSpan from a tick count computed in double, as .NET's `IntervalFromDoubleTicks`. */
function timeSpanFromDoubleTicks(ticks: number): bigint {
  if (ticks !== ticks || ticks > 9223372036854775807 || ticks < -9223372036854775808) throw timeSpanTooLong();
  return ticks >= 9223372036854775807 ? limits.INT64_MAX : BigInt(Math.trunc(ticks));
}

function timeSpanFrom(value: number, ticksPerUnit: bigint): bigint {
  if (value !== value) throw argument('TimeSpan does not accept floating point Not-a-Number values.');
  return timeSpanFromDoubleTicks(value * Number(ticksPerUnit));
}

function checkedSpan(ticks: bigint): bigint {
  if (ticks < limits.INT64_MIN || ticks > limits.INT64_MAX) throw timeSpanTooLong();
  return ticks;
}

function compareBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const dateTimes = {
  MinValue: dateTime(0n, 'Unspecified'),
  MaxValue: dateTime(MAX_DATETIME_TICKS, 'Unspecified'),
  UnixEpoch: dateTime(UNIX_EPOCH_TICKS, 'Utc'),
  now: (): DateTimeValue => dateTime(nowTicks(), 'Local'),
  utcNow: (): DateTimeValue => dateTime(nowTicks(), 'Utc'),
  today(): DateTimeValue {
    const ticks = nowTicks();
    return dateTime(ticks - (ticks % TICKS_PER_DAY), 'Local');
  },

  /** `new DateTime(year, month, day[, hour, minute, second[, millisecond]][, kind])`. */
  create(
    year: number,
    month: number,
    day: number,
    hour = 0,
    minute = 0,
    second = 0,
    millisecond = 0,
    kind = 0,
  ): DateTimeValue {
    if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
      throw argumentOutOfRange(
        undefined,
        'Year, Month, and Day parameters describe an un-representable DateTime.',
      );
    }
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
      throw argumentOutOfRange(
        undefined,
        'Hour, Minute, and Second parameters describe an un-representable DateTime.',
      );
    }
    if (millisecond < 0 || millisecond > 999) {
      throw argumentOutOfRange('millisecond', 'Valid values are between 0 and 999, inclusive.');
    }
    const seconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
    return dateTime(
      BigInt(seconds) * TICKS_PER_SECOND + BigInt(millisecond) * TICKS_PER_MILLISECOND,
      KIND_NAMES[kind] ?? 'Unspecified',
    );
  },
  /** `new DateTime(long ticks[, kind])`. */
  fromTicks(ticks: bigint, kind = 0): DateTimeValue {
    if (ticks < 0n || ticks > MAX_DATETIME_TICKS) {
      throw argumentOutOfRange(
        'ticks',
        'Ticks must be between DateTime.MinValue.Ticks and DateTime.MaxValue.Ticks.',
      );
    }
    return dateTime(ticks, KIND_NAMES[kind] ?? 'Unspecified');
  },
  DaysInMonth(year: number, month: number): number {
    if (month < 1 || month > 12) throw argumentOutOfRange('month', 'Month must be between one and twelve.');
    if (year < 1 || year > 9999) throw argumentOutOfRange('year', 'Year must be between 1 and 9999.');
    return daysInMonth(year, month);
  },
  IsLeapYear(year: number): boolean {
    if (year < 1 || year > 9999) throw argumentOutOfRange('year', 'Year must be between 1 and 9999.');
    return isLeapYear(year);
  },
  /** `DateTime.Parse(text)`: the round-trip ISO grammar the engine accepts. */
  Parse(text: string | null): DateTimeValue {
    if (text === null) throw argument('Value cannot be null.', 's');
    const parsed = parseDateTimeText(text);
    if (parsed === undefined) throw format(`String '${text}' was not recognized as a valid DateTime.`);
    return dateTime(parsed.ticks, parsed.kind);
  },
  TryParse(text: string | null, result: Out<DateTimeValue>): boolean {
    const parsed = text === null ? undefined : parseDateTimeText(text);
    result.value = parsed === undefined ? dateTimes.MinValue : dateTime(parsed.ticks, parsed.kind);
    return parsed !== undefined;
  },

  Year: (d: DateTimeValue): number => civilFromTicks(d.ticks).year,
  Month: (d: DateTimeValue): number => civilFromTicks(d.ticks).month,
  Day: (d: DateTimeValue): number => civilFromTicks(d.ticks).day,
  Hour: (d: DateTimeValue): number => Number((d.ticks / TICKS_PER_HOUR) % 24n),
  Minute: (d: DateTimeValue): number => Number((d.ticks / TICKS_PER_MINUTE) % 60n),
  Second: (d: DateTimeValue): number => Number((d.ticks / TICKS_PER_SECOND) % 60n),
  Millisecond: (d: DateTimeValue): number => Number((d.ticks / TICKS_PER_MILLISECOND) % 1000n),
  Ticks: (d: DateTimeValue): bigint => d.ticks,
  Kind: (d: DateTimeValue): number => KIND_NAMES.indexOf(d.kind),
  /** 0001-01-01 was a Monday. */
  DayOfWeek: (d: DateTimeValue): number => Number((d.ticks / TICKS_PER_DAY + 1n) % 7n),
  DayOfYear(d: DateTimeValue): number {
    const civil = civilFromTicks(d.ticks);
    return daysFromCivil(civil.year, civil.month, civil.day) - daysFromCivil(civil.year, 1, 1) + 1;
  },
  Date: (d: DateTimeValue): DateTimeValue => dateTime(d.ticks - (d.ticks % TICKS_PER_DAY), d.kind),
  TimeOfDay: (d: DateTimeValue): bigint => d.ticks % TICKS_PER_DAY,

  AddTicks: (d: DateTimeValue, ticks: bigint): DateTimeValue => withTicks(d, d.ticks + ticks),
  AddMilliseconds: (d: DateTimeValue, value: number): DateTimeValue =>
    addUnits(d, value, MAX_DAYS * 86_400_000, TICKS_PER_MILLISECOND),
  AddSeconds: (d: DateTimeValue, value: number): DateTimeValue =>
    addUnits(d, value, MAX_DAYS * 86_400, TICKS_PER_SECOND),
  AddMinutes: (d: DateTimeValue, value: number): DateTimeValue =>
    addUnits(d, value, MAX_DAYS * 1440, TICKS_PER_MINUTE),
  AddHours: (d: DateTimeValue, value: number): DateTimeValue =>
    addUnits(d, value, MAX_DAYS * 24, TICKS_PER_HOUR),
  AddDays: (d: DateTimeValue, value: number): DateTimeValue => addUnits(d, value, MAX_DAYS, TICKS_PER_DAY),
  AddMonths(d: DateTimeValue, months: number): DateTimeValue {
    if (months < -MAX_MONTHS_ADDED || months > MAX_MONTHS_ADDED) {
      throw argumentOutOfRange('months', 'Months value must be between +/-120000.');
    }
    return addMonths(d, months, 'months');
  },
  AddYears(d: DateTimeValue, years: number): DateTimeValue {
    if (years < -MAX_YEARS_ADDED || years > MAX_YEARS_ADDED) {
      throw argumentOutOfRange('years', 'Years value must be between +/-10000.');
    }
    return addMonths(d, years * 12, 'years');
  },
  /** `d.Add(span)` and `d + span`. */
  Add: (d: DateTimeValue, span: bigint): DateTimeValue => withTicks(d, d.ticks + span),
  /** `d.Subtract(span)` and `d - span`. */
  SubtractSpan: (d: DateTimeValue, span: bigint): DateTimeValue => withTicks(d, d.ticks - span),
  /** `a.Subtract(b)` and `a - b`: a TimeSpan, kinds ignored. */
  Subtract: (a: DateTimeValue, b: DateTimeValue): bigint => a.ticks - b.ticks,
  ToUniversalTime: (d: DateTimeValue): DateTimeValue => (d.kind === 'Utc' ? d : dateTime(d.ticks, 'Utc')),
  ToLocalTime: (d: DateTimeValue): DateTimeValue => (d.kind === 'Local' ? d : dateTime(d.ticks, 'Local')),
  SpecifyKind: (d: DateTimeValue, kind: number): DateTimeValue =>
    dateTime(d.ticks, KIND_NAMES[kind] ?? 'Unspecified'),

  compare: (a: DateTimeValue, b: DateTimeValue): number => compareBig(a.ticks, b.ticks),
  equals: (a: DateTimeValue, b: DateTimeValue): boolean => a.ticks === b.ticks,
} as const;

export const timeSpans = {
  Zero: 0n,
  MaxValue: limits.INT64_MAX,
  MinValue: limits.INT64_MIN,
  TicksPerMillisecond: TICKS_PER_MILLISECOND,
  TicksPerSecond: TICKS_PER_SECOND,
  TicksPerMinute: TICKS_PER_MINUTE,
  TicksPerHour: TICKS_PER_HOUR,
  TicksPerDay: TICKS_PER_DAY,

  FromDays: (value: number): bigint => timeSpanFrom(value, TICKS_PER_DAY),
  FromHours: (value: number): bigint => timeSpanFrom(value, TICKS_PER_HOUR),
  FromMinutes: (value: number): bigint => timeSpanFrom(value, TICKS_PER_MINUTE),
  FromSeconds: (value: number): bigint => timeSpanFrom(value, TICKS_PER_SECOND),
  FromMilliseconds: (value: number): bigint => timeSpanFrom(value, TICKS_PER_MILLISECOND),
  FromTicks: (ticks: bigint): bigint => ticks,
  /** `new TimeSpan(hours, minutes, seconds)`, `(days, hours, minutes, seconds[, milliseconds])`. */
  create(days: number, hours: number, minutes: number, seconds: number, milliseconds = 0): bigint {
    const total =
      ((BigInt(days) * 24n + BigInt(hours)) * 60n + BigInt(minutes)) * 60n * 1000n +
      BigInt(seconds) * 1000n +
      BigInt(milliseconds);
    const ticks = total * TICKS_PER_MILLISECOND;
    if (ticks < limits.INT64_MIN || ticks > limits.INT64_MAX) {
      throw argumentOutOfRange(undefined, 'TimeSpan overflowed because the duration is too long.');
    }
    return ticks;
  },

  /** `TimeSpan.Parse(text)`: the invariant constant grammar (`[-][d.]hh:mm[:ss[.fffffff]]`, or days). */
  Parse(text: string | null): bigint {
    if (text === null) throw argument('Value cannot be null.', 'input');
    const parsed = parseTimeSpanText(text);
    if (parsed === undefined) throw format(`String '${text}' was not recognized as a valid TimeSpan.`);
    return parsed;
  },
  TryParse(text: string | null, result: Out<bigint>): boolean {
    const parsed = text === null ? undefined : parseTimeSpanText(text);
    result.value = parsed ?? 0n;
    return parsed !== undefined;
  },

  Days: (t: bigint): number => Number(t / TICKS_PER_DAY),
  Hours: (t: bigint): number => Number((t / TICKS_PER_HOUR) % 24n),
  Minutes: (t: bigint): number => Number((t / TICKS_PER_MINUTE) % 60n),
  Seconds: (t: bigint): number => Number((t / TICKS_PER_SECOND) % 60n),
  Milliseconds: (t: bigint): number => Number((t / TICKS_PER_MILLISECOND) % 1000n),
  Ticks: (t: bigint): bigint => t,
  TotalDays: (t: bigint): number => Number(t) / Number(TICKS_PER_DAY),
  TotalHours: (t: bigint): number => Number(t) / Number(TICKS_PER_HOUR),
  TotalMinutes: (t: bigint): number => Number(t) / Number(TICKS_PER_MINUTE),
  TotalSeconds: (t: bigint): number => Number(t) / Number(TICKS_PER_SECOND),
  TotalMilliseconds: (t: bigint): number => Number(t) / Number(TICKS_PER_MILLISECOND),

  /** `a + b`, `a.Add(b)`. */
  Add: (a: bigint, b: bigint): bigint => checkedSpan(a + b),
  Subtract: (a: bigint, b: bigint): bigint => checkedSpan(a - b),
  Negate(t: bigint): bigint {
    if (t === limits.INT64_MIN) throw negateMinValue();
    return -t;
  },
  Duration(t: bigint): bigint {
    if (t === limits.INT64_MIN) {
      throw new FragmentException(
        'OverflowException',
        'The duration cannot be returned for TimeSpan.MinValue because the absolute value of TimeSpan.MinValue exceeds the value of TimeSpan.MaxValue.',
      );
    }
    return t < 0n ? -t : t;
  },
  /** `span * factor` and `span / divisor` (rounded to the nearest tick, as .NET). */
  Multiply(t: bigint, factor: number): bigint {
    if (factor !== factor)
      throw argument('TimeSpan does not accept floating point Not-a-Number values.', 'factor');
    return timeSpanFromDoubleTicks(roundEven(Number(t) * factor));
  },
  Divide(t: bigint, divisor: number): bigint {
    if (divisor !== divisor)
      throw argument('TimeSpan does not accept floating point Not-a-Number values.', 'divisor');
    return timeSpanFromDoubleTicks(roundEven(Number(t) / divisor));
  },
  /** `a / b` of two spans: a double. */
  Ratio: (a: bigint, b: bigint): number => Number(a) / Number(b),
  compare: compareBig,
} as const;

function roundEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  return fraction > 0.5 ? floor + 1 : fraction < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
}

function offsetOf(value: DateTimeOffsetValue): bigint {
  return BigInt(value.offsetMinutes) * TICKS_PER_MINUTE;
}

function offsetValue(ticks: bigint, offsetMinutes: number): DateTimeOffsetValue {
  const utc = ticks - BigInt(offsetMinutes) * TICKS_PER_MINUTE;
  if (ticks < 0n || ticks > MAX_DATETIME_TICKS || utc < 0n || utc > MAX_DATETIME_TICKS) {
    throw argumentOutOfRange(
      'offset',
      'The UTC time represented when the offset is applied must be between year 0 and 10,000.',
    );
  }
  return Object.freeze({ ticks, offsetMinutes });
}

/** The same instant's clock time moved by `ticks`, keeping the offset (DateTimeOffset arithmetic). */
function shiftOffset(value: DateTimeOffsetValue, shifted: DateTimeValue): DateTimeOffsetValue {
  return offsetValue(shifted.ticks, value.offsetMinutes);
}

function clock(value: DateTimeOffsetValue): DateTimeValue {
  return dateTime(value.ticks, 'Unspecified');
}

export const dateTimeOffsets = {
  MinValue: Object.freeze({ ticks: 0n, offsetMinutes: 0 }) as DateTimeOffsetValue,
  MaxValue: Object.freeze({ ticks: MAX_DATETIME_TICKS, offsetMinutes: 0 }) as DateTimeOffsetValue,
  UnixEpoch: Object.freeze({ ticks: UNIX_EPOCH_TICKS, offsetMinutes: 0 }) as DateTimeOffsetValue,
  utcNow: (): DateTimeOffsetValue => offsetValue(nowTicks(), 0),
  now: (): DateTimeOffsetValue => offsetValue(nowTicks(), 0),
  /** `new DateTimeOffset(dateTime)` and the implicit conversion: offset 0 (local time is UTC here). */
  fromDateTime: (d: DateTimeValue): DateTimeOffsetValue => offsetValue(d.ticks, 0),
  /** `new DateTimeOffset(dateTime, offset)`: whole minutes within ±14:00; a UTC DateTime takes offset 0 only. */
  create(d: DateTimeValue, offset: bigint): DateTimeOffsetValue {
    if (offset % TICKS_PER_MINUTE !== 0n)
      throw argument('Offset must be specified in whole minutes.', 'offset');
    const minutes = Number(offset / TICKS_PER_MINUTE);
    if (Math.abs(minutes) > MAX_OFFSET_MINUTES) {
      throw argumentOutOfRange('offset', 'Offset must be within plus or minus 14 hours.');
    }
    if (d.kind === 'Utc' && minutes !== 0) {
      throw argument('The UTC Offset for Utc DateTime instances must be 0.', 'offset');
    }
    return offsetValue(d.ticks, minutes);
  },
  Parse(text: string | null): DateTimeOffsetValue {
    if (text === null) throw argument('Value cannot be null.', 'input');
    const parsed = parseDateTimeOffsetText(text);
    if (parsed === undefined) throw format(`String '${text}' was not recognized as a valid DateTime.`);
    return parsed;
  },
  TryParse(text: string | null, result: Out<DateTimeOffsetValue>): boolean {
    const parsed = text === null ? undefined : parseDateTimeOffsetText(text);
    result.value = parsed ?? dateTimeOffsets.MinValue;
    return parsed !== undefined;
  },
  FromUnixTimeSeconds: (seconds: bigint): DateTimeOffsetValue =>
    offsetValue(UNIX_EPOCH_TICKS + seconds * TICKS_PER_SECOND, 0),
  FromUnixTimeMilliseconds: (milliseconds: bigint): DateTimeOffsetValue =>
    offsetValue(UNIX_EPOCH_TICKS + milliseconds * TICKS_PER_MILLISECOND, 0),
  /** The clock time, kind Unspecified. */
  DateTime: clock,
  UtcDateTime: (d: DateTimeOffsetValue): DateTimeValue => dateTime(utcTicksOf(d), 'Utc'),
  LocalDateTime: (d: DateTimeOffsetValue): DateTimeValue => dateTime(utcTicksOf(d), 'Local'),
  Offset: (d: DateTimeOffsetValue): bigint => offsetOf(d),
  Ticks: (d: DateTimeOffsetValue): bigint => d.ticks,
  UtcTicks: (d: DateTimeOffsetValue): bigint => utcTicksOf(d),
  Year: (d: DateTimeOffsetValue): number => dateTimes.Year(clock(d)),
  Month: (d: DateTimeOffsetValue): number => dateTimes.Month(clock(d)),
  Day: (d: DateTimeOffsetValue): number => dateTimes.Day(clock(d)),
  Hour: (d: DateTimeOffsetValue): number => dateTimes.Hour(clock(d)),
  Minute: (d: DateTimeOffsetValue): number => dateTimes.Minute(clock(d)),
  Second: (d: DateTimeOffsetValue): number => dateTimes.Second(clock(d)),
  DayOfWeek: (d: DateTimeOffsetValue): number => dateTimes.DayOfWeek(clock(d)),
  Add: (d: DateTimeOffsetValue, span: bigint): DateTimeOffsetValue =>
    shiftOffset(d, dateTimes.Add(clock(d), span)),
  /** `a - span`. */
  SubtractSpan: (d: DateTimeOffsetValue, span: bigint): DateTimeOffsetValue =>
    shiftOffset(d, dateTimes.SubtractSpan(clock(d), span)),
  /** `a - b`: the TimeSpan between the two instants. */
  Subtract: (a: DateTimeOffsetValue, b: DateTimeOffsetValue): bigint => utcTicksOf(a) - utcTicksOf(b),
  AddDays: (d: DateTimeOffsetValue, value: number): DateTimeOffsetValue =>
    shiftOffset(d, dateTimes.AddDays(clock(d), value)),
  AddHours: (d: DateTimeOffsetValue, value: number): DateTimeOffsetValue =>
    shiftOffset(d, dateTimes.AddHours(clock(d), value)),
  AddMinutes: (d: DateTimeOffsetValue, value: number): DateTimeOffsetValue =>
    shiftOffset(d, dateTimes.AddMinutes(clock(d), value)),
  AddSeconds: (d: DateTimeOffsetValue, value: number): DateTimeOffsetValue =>
    shiftOffset(d, dateTimes.AddSeconds(clock(d), value)),
  ToUniversalTime: (d: DateTimeOffsetValue): DateTimeOffsetValue => offsetValue(utcTicksOf(d), 0),
  ToUnixTimeSeconds: (d: DateTimeOffsetValue): bigint =>
    floorDiv(utcTicksOf(d) - UNIX_EPOCH_TICKS, TICKS_PER_SECOND),
  ToUnixTimeMilliseconds: (d: DateTimeOffsetValue): bigint =>
    floorDiv(utcTicksOf(d) - UNIX_EPOCH_TICKS, TICKS_PER_MILLISECOND),
  compare: (a: DateTimeOffsetValue, b: DateTimeOffsetValue): number =>
    compareBig(utcTicksOf(a), utcTicksOf(b)),
  equals: (a: DateTimeOffsetValue, b: DateTimeOffsetValue): boolean => utcTicksOf(a) === utcTicksOf(b),
} as const;

function floorDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n ? quotient - 1n : quotient;
}

export const guids = {
  Empty: GUID_EMPTY,
  NewGuid: (): string => randomUUID(),
  Parse(text: string | null): string {
    if (text === null) throw argument('Value cannot be null.', 'input');
    const parsed = parseGuidText(text);
    if (parsed === undefined) throw format('Unrecognized Guid format.');
    return parsed;
  },
  TryParse(text: string | null, result: Out<string>): boolean {
    const parsed = text === null ? undefined : parseGuidText(text);
    result.value = parsed ?? GUID_EMPTY;
    return parsed !== undefined;
  },
  /** Canonical text sorts as .NET compares Guids (values.ts). */
  compare: (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0),
} as const;
