/**
 * DateTime, DateTimeOffset, TimeSpan and Guid: the members users compare and compute by, and their
 * user-defined operators (which operators.ts resolves like C# does, before the predefined ones).
 *
 * Runtime key families:
 *   dateTime.<member>[.<overload>], dateTimeOffset.<member>, timeSpan.<member>, guid.<member>;
 *   constructors <type>.new.<overload>; operators <type>.op_<Name>[.<overload>] with .NET's operator
 *   method names (op_Addition, op_Subtraction, op_Equality, op_LessThan, op_UnaryNegation, ...);
 *   the implicit conversion dateTimeOffset.op_Implicit.
 *
 * Left out: format and culture overloads of ToString and Parse, ParseExact, the .NET 9 integer overloads
 * of TimeSpan.FromDays and its siblings (C# binds an int argument to them, the result type is the same).
 */
import type { MemberRow, SurfaceTable } from '../surface.js';

function comparisons(type: string, key: string): MemberRow[] {
  return [
    [`${key}.op_Equality`, `static bool operator ==(${type} left, ${type} right)`],
    [`${key}.op_Inequality`, `static bool operator !=(${type} left, ${type} right)`],
    [`${key}.op_LessThan`, `static bool operator <(${type} left, ${type} right)`],
    [`${key}.op_GreaterThan`, `static bool operator >(${type} left, ${type} right)`],
    [`${key}.op_LessThanOrEqual`, `static bool operator <=(${type} left, ${type} right)`],
    [`${key}.op_GreaterThanOrEqual`, `static bool operator >=(${type} left, ${type} right)`],
  ];
}

const DATE_TIME: SurfaceTable = {
  type: 'DateTime',
  members: [
    ['dateTime.new.ymd', 'new(int year, int month, int day)'],
    ['dateTime.new.ymdhms', 'new(int year, int month, int day, int hour, int minute, int second)'],
    [
      'dateTime.new.ymdhmsKind',
      'new(int year, int month, int day, int hour, int minute, int second, DateTimeKind kind)',
    ],
    [
      'dateTime.new.ymdhmsms',
      'new(int year, int month, int day, int hour, int minute, int second, int millisecond)',
    ],
    ['dateTime.new.ticks', 'new(long ticks)'],
    ['dateTime.new.ticksKind', 'new(long ticks, DateTimeKind kind)'],
    ['dateTime.now', 'static DateTime Now { get; }'],
    ['dateTime.utcNow', 'static DateTime UtcNow { get; }'],
    ['dateTime.today', 'static DateTime Today { get; }'],
    ['dateTime.minValue', 'static readonly DateTime MinValue'],
    ['dateTime.maxValue', 'static readonly DateTime MaxValue'],
    ['dateTime.unixEpoch', 'static readonly DateTime UnixEpoch'],
    ['dateTime.parse', 'static DateTime Parse(string s)'],
    ['dateTime.tryParse', 'static bool TryParse(string s, out DateTime result)'],
    ['dateTime.compare', 'static int Compare(DateTime t1, DateTime t2)'],
    ['dateTime.daysInMonth', 'static int DaysInMonth(int year, int month)'],
    ['dateTime.isLeapYear', 'static bool IsLeapYear(int year)'],
    ['dateTime.specifyKind', 'static DateTime SpecifyKind(DateTime value, DateTimeKind kind)'],
    ['dateTime.year', 'int Year { get; }'],
    ['dateTime.month', 'int Month { get; }'],
    ['dateTime.day', 'int Day { get; }'],
    ['dateTime.hour', 'int Hour { get; }'],
    ['dateTime.minute', 'int Minute { get; }'],
    ['dateTime.second', 'int Second { get; }'],
    ['dateTime.millisecond', 'int Millisecond { get; }'],
    ['dateTime.ticks', 'long Ticks { get; }'],
    ['dateTime.date', 'DateTime Date { get; }'],
    ['dateTime.dayOfWeek', 'DayOfWeek DayOfWeek { get; }'],
    ['dateTime.dayOfYear', 'int DayOfYear { get; }'],
    ['dateTime.timeOfDay', 'TimeSpan TimeOfDay { get; }'],
    ['dateTime.kind', 'DateTimeKind Kind { get; }'],
    ['dateTime.add', 'DateTime Add(TimeSpan value)'],
    ['dateTime.addDays', 'DateTime AddDays(double value)'],
    ['dateTime.addHours', 'DateTime AddHours(double value)'],
    ['dateTime.addMinutes', 'DateTime AddMinutes(double value)'],
    ['dateTime.addSeconds', 'DateTime AddSeconds(double value)'],
    ['dateTime.addMilliseconds', 'DateTime AddMilliseconds(double value)'],
    ['dateTime.addTicks', 'DateTime AddTicks(long value)'],
    ['dateTime.addMonths', 'DateTime AddMonths(int months)'],
    ['dateTime.addYears', 'DateTime AddYears(int value)'],
    ['dateTime.subtract.dateTime', 'TimeSpan Subtract(DateTime value)'],
    ['dateTime.subtract.timeSpan', 'DateTime Subtract(TimeSpan value)'],
    ['dateTime.toUniversalTime', 'DateTime ToUniversalTime()'],
    ['dateTime.toLocalTime', 'DateTime ToLocalTime()'],
    ['dateTime.compareTo', 'int CompareTo(DateTime value)'],
    ['dateTime.equals', 'bool Equals(DateTime value)'],
    ['dateTime.toString', 'string ToString()'],
    ['dateTime.op_Addition', 'static DateTime operator +(DateTime d, TimeSpan t)'],
    ['dateTime.op_Subtraction', 'static TimeSpan operator -(DateTime d1, DateTime d2)'],
    ['dateTime.op_Subtraction.timeSpan', 'static DateTime operator -(DateTime d, TimeSpan t)'],
    ...comparisons('DateTime', 'dateTime'),
  ],
};

const DATE_TIME_OFFSET: SurfaceTable = {
  type: 'DateTimeOffset',
  members: [
    ['dateTimeOffset.new.dateTime', 'new(DateTime dateTime)'],
    ['dateTimeOffset.new.dateTimeOffset', 'new(DateTime dateTime, TimeSpan offset)'],
    ['dateTimeOffset.now', 'static DateTimeOffset Now { get; }'],
    ['dateTimeOffset.utcNow', 'static DateTimeOffset UtcNow { get; }'],
    ['dateTimeOffset.minValue', 'static readonly DateTimeOffset MinValue'],
    ['dateTimeOffset.maxValue', 'static readonly DateTimeOffset MaxValue'],
    ['dateTimeOffset.unixEpoch', 'static readonly DateTimeOffset UnixEpoch'],
    ['dateTimeOffset.parse', 'static DateTimeOffset Parse(string input)'],
    ['dateTimeOffset.tryParse', 'static bool TryParse(string input, out DateTimeOffset result)'],
    ['dateTimeOffset.fromUnixTimeSeconds', 'static DateTimeOffset FromUnixTimeSeconds(long seconds)'],
    [
      'dateTimeOffset.fromUnixTimeMilliseconds',
      'static DateTimeOffset FromUnixTimeMilliseconds(long milliseconds)',
    ],
    ['dateTimeOffset.dateTime', 'DateTime DateTime { get; }'],
    ['dateTimeOffset.utcDateTime', 'DateTime UtcDateTime { get; }'],
    ['dateTimeOffset.offset', 'TimeSpan Offset { get; }'],
    ['dateTimeOffset.year', 'int Year { get; }'],
    ['dateTimeOffset.month', 'int Month { get; }'],
    ['dateTimeOffset.day', 'int Day { get; }'],
    ['dateTimeOffset.hour', 'int Hour { get; }'],
    ['dateTimeOffset.minute', 'int Minute { get; }'],
    ['dateTimeOffset.second', 'int Second { get; }'],
    ['dateTimeOffset.ticks', 'long Ticks { get; }'],
    ['dateTimeOffset.dayOfWeek', 'DayOfWeek DayOfWeek { get; }'],
    ['dateTimeOffset.add', 'DateTimeOffset Add(TimeSpan timeSpan)'],
    ['dateTimeOffset.addDays', 'DateTimeOffset AddDays(double days)'],
    ['dateTimeOffset.addHours', 'DateTimeOffset AddHours(double hours)'],
    ['dateTimeOffset.addMinutes', 'DateTimeOffset AddMinutes(double minutes)'],
    ['dateTimeOffset.addSeconds', 'DateTimeOffset AddSeconds(double seconds)'],
    ['dateTimeOffset.toUnixTimeSeconds', 'long ToUnixTimeSeconds()'],
    ['dateTimeOffset.toUnixTimeMilliseconds', 'long ToUnixTimeMilliseconds()'],
    ['dateTimeOffset.toUniversalTime', 'DateTimeOffset ToUniversalTime()'],
    ['dateTimeOffset.compareTo', 'int CompareTo(DateTimeOffset other)'],
    ['dateTimeOffset.equals', 'bool Equals(DateTimeOffset other)'],
    ['dateTimeOffset.toString', 'string ToString()'],
    ['dateTimeOffset.op_Implicit', 'static implicit operator DateTimeOffset(DateTime dateTime)'],
    [
      'dateTimeOffset.op_Addition',
      'static DateTimeOffset operator +(DateTimeOffset dateTimeOffset, TimeSpan timeSpan)',
    ],
    [
      'dateTimeOffset.op_Subtraction',
      'static TimeSpan operator -(DateTimeOffset left, DateTimeOffset right)',
    ],
    [
      'dateTimeOffset.op_Subtraction.timeSpan',
      'static DateTimeOffset operator -(DateTimeOffset dateTimeOffset, TimeSpan timeSpan)',
    ],
    ...comparisons('DateTimeOffset', 'dateTimeOffset'),
  ],
};

const TIME_SPAN: SurfaceTable = {
  type: 'TimeSpan',
  members: [
    ['timeSpan.new.ticks', 'new(long ticks)'],
    ['timeSpan.new.hms', 'new(int hours, int minutes, int seconds)'],
    ['timeSpan.new.dhms', 'new(int days, int hours, int minutes, int seconds)'],
    ['timeSpan.new.dhmsms', 'new(int days, int hours, int minutes, int seconds, int milliseconds)'],
    ['timeSpan.zero', 'static readonly TimeSpan Zero'],
    ['timeSpan.minValue', 'static readonly TimeSpan MinValue'],
    ['timeSpan.maxValue', 'static readonly TimeSpan MaxValue'],
    [null, 'const long TicksPerMillisecond = 10000'],
    [null, 'const long TicksPerSecond = 10000000'],
    [null, 'const long TicksPerMinute = 600000000'],
    [null, 'const long TicksPerHour = 36000000000'],
    [null, 'const long TicksPerDay = 864000000000'],
    ['timeSpan.fromDays', 'static TimeSpan FromDays(double value)'],
    ['timeSpan.fromHours', 'static TimeSpan FromHours(double value)'],
    ['timeSpan.fromMinutes', 'static TimeSpan FromMinutes(double value)'],
    ['timeSpan.fromSeconds', 'static TimeSpan FromSeconds(double value)'],
    ['timeSpan.fromMilliseconds', 'static TimeSpan FromMilliseconds(double value)'],
    ['timeSpan.fromTicks', 'static TimeSpan FromTicks(long value)'],
    ['timeSpan.parse', 'static TimeSpan Parse(string s)'],
    ['timeSpan.tryParse', 'static bool TryParse(string s, out TimeSpan result)'],
    ['timeSpan.compare', 'static int Compare(TimeSpan t1, TimeSpan t2)'],
    ['timeSpan.days', 'int Days { get; }'],
    ['timeSpan.hours', 'int Hours { get; }'],
    ['timeSpan.minutes', 'int Minutes { get; }'],
    ['timeSpan.seconds', 'int Seconds { get; }'],
    ['timeSpan.milliseconds', 'int Milliseconds { get; }'],
    ['timeSpan.ticks', 'long Ticks { get; }'],
    ['timeSpan.totalDays', 'double TotalDays { get; }'],
    ['timeSpan.totalHours', 'double TotalHours { get; }'],
    ['timeSpan.totalMinutes', 'double TotalMinutes { get; }'],
    ['timeSpan.totalSeconds', 'double TotalSeconds { get; }'],
    ['timeSpan.totalMilliseconds', 'double TotalMilliseconds { get; }'],
    ['timeSpan.add', 'TimeSpan Add(TimeSpan ts)'],
    ['timeSpan.subtract', 'TimeSpan Subtract(TimeSpan ts)'],
    ['timeSpan.duration', 'TimeSpan Duration()'],
    ['timeSpan.negate', 'TimeSpan Negate()'],
    ['timeSpan.compareTo', 'int CompareTo(TimeSpan value)'],
    ['timeSpan.equals', 'bool Equals(TimeSpan obj)'],
    ['timeSpan.toString', 'string ToString()'],
    ['timeSpan.op_UnaryNegation', 'static TimeSpan operator -(TimeSpan t)'],
    ['timeSpan.op_UnaryPlus', 'static TimeSpan operator +(TimeSpan t)'],
    ['timeSpan.op_Addition', 'static TimeSpan operator +(TimeSpan t1, TimeSpan t2)'],
    ['timeSpan.op_Subtraction', 'static TimeSpan operator -(TimeSpan t1, TimeSpan t2)'],
    ['timeSpan.op_Multiply', 'static TimeSpan operator *(TimeSpan timeSpan, double factor)'],
    ['timeSpan.op_Multiply.factorFirst', 'static TimeSpan operator *(double factor, TimeSpan timeSpan)'],
    ['timeSpan.op_Division', 'static TimeSpan operator /(TimeSpan timeSpan, double divisor)'],
    ['timeSpan.op_Division.timeSpan', 'static double operator /(TimeSpan t1, TimeSpan t2)'],
    ...comparisons('TimeSpan', 'timeSpan'),
  ],
};

const GUID: SurfaceTable = {
  type: 'Guid',
  members: [
    ['guid.new.string', 'new(string g)'],
    ['guid.empty', 'static readonly Guid Empty'],
    ['guid.newGuid', 'static Guid NewGuid()'],
    ['guid.parse', 'static Guid Parse(string input)'],
    ['guid.tryParse', 'static bool TryParse(string input, out Guid result)'],
    ['guid.compareTo', 'int CompareTo(Guid value)'],
    ['guid.equals', 'bool Equals(Guid g)'],
    ['guid.toString', 'string ToString()'],
    // Public since .NET 7 (Guid implements IComparisonOperators), so `a < b` compiles on Guids.
    ...comparisons('Guid', 'guid'),
  ],
};

export const TIME_SURFACE: readonly SurfaceTable[] = [DATE_TIME, DATE_TIME_OFFSET, TIME_SPAN, GUID];
