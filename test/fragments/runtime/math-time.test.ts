import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import { FragmentException } from '../../../src/fragments/runtime/index.js';
import { MidpointRounding, math } from '../../../src/fragments/runtime/math.js';
import {
  DayOfWeek,
  dateTimeOffsets,
  dateTimes,
  guids,
  timeSpans,
} from '../../../src/fragments/runtime/time.js';
import { OutCell } from '../../../src/fragments/runtime/types.js';

const throwsDotNet = (fn: () => unknown, name: string, message?: string) =>
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof FragmentException, `expected a ${name}, got ${String(error)}`);
    assert.equal(error.name, name);
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });

describe('Math', () => {
  it('rounds half to even by default (banker rounding)', () => {
    assert.equal(math.round(0.5), 0);
    assert.equal(math.round(1.5), 2);
    assert.equal(math.round(2.5), 2);
    assert.equal(math.round(-2.5), -2);
    assert.ok(Object.is(math.round(-0.4), -0));
    assert.equal(math.round(2.6), 3);
  });

  it('rounds to digits and by MidpointRounding as .NET does', () => {
    assert.equal(math.round(2.345, 2), 2.35, 'scaled first, as .NET does: 2.345 * 100 is 234.50000000000003');
    assert.equal(math.round(1.005, 2), 1, '1.005 is below the tie in binary');
    assert.equal(math.round(2.5, 0, MidpointRounding.AwayFromZero), 3);
    assert.equal(math.round(-2.5, 0, MidpointRounding.AwayFromZero), -3);
    assert.equal(math.round(2.7, 0, MidpointRounding.ToZero), 2);
    assert.equal(math.round(-2.1, 0, MidpointRounding.ToNegativeInfinity), -3);
    assert.equal(math.round(2.1, 0, MidpointRounding.ToPositiveInfinity), 3);
    throwsDotNet(() => math.round(1, 16), 'ArgumentOutOfRangeException');
    throwsDotNet(() => math.round(1, 0, 7), 'ArgumentException');
    assert.equal(math.roundDecimal(new Decimal('2.345'), 2).toFixed(), '2.34');
    assert.equal(math.roundDecimal(new Decimal('2.345'), 2, MidpointRounding.AwayFromZero).toFixed(), '2.35');
  });

  it('computes FusedMultiplyAdd with one rounding', () => {
    const a = 1 + 2 ** -30;
    // a * a = 1 + 2^-29 + 2^-60: the 2^-60 is lost when the product is rounded before the addition.
    assert.equal(math.fusedMultiplyAdd(a, a, -1), 2 ** -29 + 2 ** -60);
    assert.equal(a * a - 1, 2 ** -29);
    assert.equal(math.fusedMultiplyAdd(2, 3, 4), 10);
    assert.equal(math.fusedMultiplyAdd(Infinity, 0, 1), NaN);
  });

  it('follows .NET where JavaScript differs', () => {
    assert.equal(math.pow(1, NaN), 1);
    assert.equal(math.pow(-1, Infinity), 1);
    assert.equal(math.pow(2, 10), 1024);
    throwsDotNet(() => math.absInt32(-2147483648), 'OverflowException');
    throwsDotNet(() => math.absInt64(-(2n ** 63n)), 'OverflowException');
    assert.equal(math.absInt32(-5), 5);
    throwsDotNet(() => math.signDouble(NaN), 'ArithmeticException');
    assert.equal(math.signDouble(-0.1), -1);
    assert.equal(math.logBase(8, 2), 3);
    assert.ok(Number.isNaN(math.logBase(8, 1)));
    assert.equal(math.clamp(5, 1, 3), 3);
    throwsDotNet(() => math.clamp(1, 3, 1), 'ArgumentException', "'3' cannot be greater than 1.");
    assert.equal(math.maxBig(3n, 7n), 7n);
    assert.ok(Number.isNaN(math.maxDouble(NaN, 1)));
    assert.equal(math.ieeeRemainder(10, 3), 1);
    assert.equal(math.ieeeRemainder(11, 3), -1);
    assert.equal(math.PI, Math.PI);
  });
});

describe('DateTime', () => {
  const d = dateTimes.create(2024, 2, 29, 13, 45, 30, 250, 1);

  it('reads its parts', () => {
    assert.equal(dateTimes.Year(d), 2024);
    assert.equal(dateTimes.Month(d), 2);
    assert.equal(dateTimes.Day(d), 29);
    assert.equal(dateTimes.Hour(d), 13);
    assert.equal(dateTimes.Minute(d), 45);
    assert.equal(dateTimes.Second(d), 30);
    assert.equal(dateTimes.Millisecond(d), 250);
    assert.equal(dateTimes.DayOfWeek(d), DayOfWeek.Thursday);
    assert.equal(dateTimes.DayOfYear(d), 60);
    assert.equal(dateTimes.Kind(d), 1);
    assert.deepEqual(dateTimes.Date(d), dateTimes.create(2024, 2, 29, 0, 0, 0, 0, 1));
  });

  it('adds units, months and years as .NET does', () => {
    assert.equal(dateTimes.Day(dateTimes.AddDays(d, 1)), 1);
    assert.equal(dateTimes.Hour(dateTimes.AddHours(d, -14)), 23);
    assert.deepEqual(
      dateTimes.AddYears(d, 1),
      dateTimes.create(2025, 2, 28, 13, 45, 30, 250, 1),
      'clamped to Feb 28',
    );
    assert.equal(dateTimes.Month(dateTimes.AddMonths(d, -3)), 11);
    assert.equal(dateTimes.AddDays(d, 0.5).ticks - d.ticks, 432_000_000_000n);
    throwsDotNet(() => dateTimes.AddYears(dateTimes.MaxValue, 1), 'ArgumentOutOfRangeException');
    throwsDotNet(() => dateTimes.AddDays(dateTimes.MinValue, -1), 'ArgumentOutOfRangeException');
    throwsDotNet(
      () => dateTimes.create(2023, 2, 29),
      'ArgumentOutOfRangeException',
      'Year, Month, and Day parameters describe an un-representable DateTime.',
    );
  });

  it('subtracts to a TimeSpan and compares by ticks, kind ignored', () => {
    const a = dateTimes.create(2024, 1, 1);
    const b = dateTimes.create(2024, 1, 2, 6, 0, 0, 0, 1);
    const span = dateTimes.Subtract(b, a);
    assert.equal(timeSpans.TotalDays(span), 1.25);
    assert.equal(timeSpans.Days(span), 1);
    assert.equal(timeSpans.Hours(span), 6);
    assert.equal(dateTimes.compare(a, b), -1);
    assert.equal(dateTimes.equals(dateTimes.create(2024, 1, 1, 0, 0, 0, 0, 1), a), true);
    assert.ok(dateTimes.utcNow().ticks > b.ticks);
    assert.deepEqual(dateTimes.SubtractSpan(b, span), dateTimes.create(2024, 1, 1, 0, 0, 0, 0, 1));
  });

  it('parses the round-trip form and refuses others with FormatException', () => {
    assert.deepEqual(
      dateTimes.Parse('2024-02-29T13:45:30Z'),
      dateTimes.create(2024, 2, 29, 13, 45, 30, 0, 1),
    );
    throwsDotNet(() => dateTimes.Parse('yesterday'), 'FormatException');
    const cell = new OutCell(dateTimes.MaxValue);
    assert.equal(dateTimes.TryParse('nope', cell), false);
    assert.deepEqual(cell.value, dateTimes.MinValue);
  });
});

describe('TimeSpan, DateTimeOffset and Guid', () => {
  it('builds TimeSpans from doubles and checks overflow', () => {
    assert.equal(timeSpans.FromHours(1.5), 54_000_000_000n);
    assert.equal(timeSpans.FromMilliseconds(0.5), 5_000n);
    assert.equal(timeSpans.TotalHours(timeSpans.FromMinutes(90)), 1.5);
    assert.equal(timeSpans.create(1, 2, 3, 4), timeSpans.FromSeconds(93784));
    throwsDotNet(
      () => timeSpans.FromDays(1e20),
      'OverflowException',
      'TimeSpan overflowed because the duration is too long.',
    );
    throwsDotNet(() => timeSpans.FromDays(NaN), 'ArgumentException');
    throwsDotNet(() => timeSpans.Add(timeSpans.MaxValue, 1n), 'OverflowException');
    assert.equal(timeSpans.Duration(-5n), 5n);
    assert.equal(timeSpans.Multiply(10n, 2.5), 25n);
    assert.equal(timeSpans.Minutes(-timeSpans.FromSeconds(90)), -1, 'components keep the sign');
  });

  it('compares DateTimeOffsets by instant', () => {
    const utc = dateTimeOffsets.Parse('2024-01-01T12:00:00Z');
    const plusOne = dateTimeOffsets.Parse('2024-01-01T13:00:00+01:00');
    assert.equal(dateTimeOffsets.equals(utc, plusOne), true);
    assert.equal(dateTimeOffsets.Offset(plusOne), timeSpans.FromHours(1));
    assert.equal(dateTimeOffsets.ToUnixTimeSeconds(utc), 1704110400n);
    assert.deepEqual(dateTimeOffsets.UtcDateTime(plusOne), dateTimes.create(2024, 1, 1, 12, 0, 0, 0, 1));
  });

  it('builds, shifts and reads DateTimeOffsets', () => {
    const local = dateTimeOffsets.create(dateTimes.create(2024, 1, 1, 13, 0, 0), timeSpans.FromHours(1));
    assert.equal(dateTimeOffsets.Hour(local), 13);
    assert.equal(dateTimeOffsets.Hour(dateTimeOffsets.ToUniversalTime(local)), 12);
    assert.equal(dateTimeOffsets.Day(dateTimeOffsets.AddHours(local, 12)), 2);
    assert.equal(dateTimeOffsets.Subtract(dateTimeOffsets.AddDays(local, 1), local), timeSpans.FromDays(1));
    throwsDotNet(
      () => dateTimeOffsets.create(dateTimes.create(2024, 1, 1, 0, 0, 0, 0, 1), timeSpans.FromHours(1)),
      'ArgumentException',
    );
    throwsDotNet(
      () => dateTimeOffsets.create(dateTimes.create(2024, 1, 1), timeSpans.FromHours(15)),
      'ArgumentOutOfRangeException',
    );
    assert.equal(dateTimeOffsets.fromDateTime(dateTimes.create(2024, 1, 1)).offsetMinutes, 0);
    assert.equal(timeSpans.Parse('1.02:03:04.5'), timeSpans.create(1, 2, 3, 4, 500));
    throwsDotNet(() => timeSpans.Parse('soon'), 'FormatException');
  });

  it('parses Guids to the canonical form and orders them as .NET does', () => {
    assert.equal(
      guids.Parse('{0F8FAD5B-D9CB-469F-A165-70867728950E}'),
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    throwsDotNet(() => guids.Parse('nope'), 'FormatException', 'Unrecognized Guid format.');
    assert.equal(guids.Empty, '00000000-0000-0000-0000-000000000000');
    assert.equal(guids.compare(guids.Empty, guids.NewGuid()), -1);
  });
});
