import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { parseDecimalText } from '../../../src/engine/model/decimal-text.js';
import { parseDateTimeText } from '../../../src/engine/model/datetime-text.js';
import { ClrType, FragmentException } from '../../../src/fragments/runtime/index.js';
import { align, formatWith } from '../../../src/fragments/runtime/format.js';

const T = ClrType;
const when = parseDateTimeText('2022-10-29T10:13:20.1234567Z')!;

describe('default ToString of every type', () => {
  it('prints numbers, booleans and chars as .NET does under the invariant culture', () => {
    assert.equal(formatWith(42, T.Int32), '42');
    assert.equal(formatWith(-7, T.SByte), '-7');
    assert.equal(formatWith(2n ** 63n - 1n, T.Int64), '9223372036854775807');
    assert.equal(formatWith(0.1 + 0.2, T.Double), '0.30000000000000004');
    assert.equal(formatWith(1e16, T.Double), '10000000000000000');
    assert.equal(formatWith(1e17, T.Double), '1E+17');
    assert.equal(formatWith(-0, T.Double), '-0');
    assert.equal(formatWith(NaN, T.Double), 'NaN');
    assert.equal(formatWith(Math.fround(0.1), T.Single), '0.1');
    assert.equal(formatWith(true, T.Boolean), 'True');
    assert.equal(formatWith(0x41, T.Char), 'A');
    assert.equal(formatWith(null, T.String), '');
  });

  it('keeps a parsed decimal scale and prints dates in the invariant G pattern', () => {
    assert.equal(formatWith(parseDecimalText('12.50'), T.Decimal), '12.50');
    assert.equal(formatWith(new Decimal('0.3'), T.Decimal), '0.3');
    assert.equal(formatWith(when, T.DateTime), '10/29/2022 10:13:20');
    assert.equal(
      formatWith({ ticks: when.ticks, offsetMinutes: -90 }, T.DateTimeOffset),
      '10/29/2022 10:13:20 -01:30',
    );
    assert.equal(formatWith(36_000_000_000n + 1n, T.TimeSpan), '01:00:00.0000001');
    assert.equal(
      formatWith('0f8fad5b-d9cb-469f-a165-70867728950e', T.Guid),
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
  });
});

describe('standard numeric format strings', () => {
  it('F, N, D, X, E, P, C, G and R', () => {
    assert.equal(formatWith(3.14159, T.Double, 'F2'), '3.14');
    assert.equal(formatWith(2.675, T.Double, 'F2'), '2.67', 'the exact binary value is below the tie');
    assert.equal(formatWith(0.125, T.Double, 'F2'), '0.13', 'a true tie rounds away from zero');
    assert.equal(formatWith(-0.001, T.Double, 'F2'), '-0.00');
    assert.equal(formatWith(42, T.Int32, 'F'), '42.00');
    assert.equal(formatWith(1234567.891, T.Double, 'N0'), '1,234,568');
    assert.equal(formatWith(-1234.5, T.Double, 'N1'), '-1,234.5');
    assert.equal(formatWith(7, T.Int32, 'D3'), '007');
    assert.equal(formatWith(-7, T.Int32, 'D3'), '-007');
    assert.equal(formatWith(255, T.Int32, 'X'), 'FF');
    assert.equal(formatWith(255, T.Int32, 'x4'), '00ff');
    assert.equal(formatWith(-1, T.Int32, 'X'), 'FFFFFFFF');
    assert.equal(formatWith(-1, T.Int16, 'X'), 'FFFF');
    assert.equal(formatWith(-1n, T.Int64, 'X'), 'FFFFFFFFFFFFFFFF');
    assert.equal(formatWith(1234.5678, T.Double, 'E2'), '1.23E+003');
    assert.equal(formatWith(0.00012, T.Double, 'e'), '1.200000e-004');
    assert.equal(formatWith(0.256, T.Double, 'P1'), '25.6 %');
    assert.equal(formatWith(-1234.5, T.Double, 'C'), '(¤1,234.50)');
    assert.equal(formatWith(123.456, T.Double, 'G4'), '123.5');
    assert.equal(formatWith(0.0000123, T.Double, 'G3'), '1.23E-05');
    assert.equal(formatWith(12345678, T.Int32, 'G3'), '1.23E+07');
    assert.equal(formatWith(0.1, T.Double, 'R'), '0.1');
    assert.equal(formatWith(new Decimal('2.345'), T.Decimal, 'F2'), '2.35');
    assert.equal(formatWith(12345n, T.Int64, 'N0'), '12,345');
  });

  it('refuses D and X for non-integers and unknown letters with FormatException', () => {
    for (const [value, type, format] of [
      [1.5, T.Double, 'D'],
      [1.5, T.Double, 'X'],
      [1, T.Int32, 'Q'],
      [1, T.Int32, 'R'],
    ] as const) {
      assert.throws(
        () => formatWith(value, type, format),
        (error: unknown) => error instanceof FragmentException && error.name === 'FormatException',
      );
    }
  });
});

describe('numeric format properties', () => {
  it('R and the default text of a double read back as the same double (property)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        assert.ok(Object.is(Number(formatWith(value, T.Double, 'R')), value));
        assert.ok(Object.is(Number(formatWith(value, T.Double)), value));
      }),
    );
  });

  it('F2 of a double is its exact value rounded half away from zero (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (value) => {
        const text = formatWith(value, T.Double, 'F2');
        const exact = new Decimal(value.toPrecision(17));
        assert.ok(Math.abs(Number(text) - Number(exact.toFixed(2))) <= 0.01, `${value}: ${text}`);
        assert.match(text, /^-?\d+\.\d\d$/);
      }),
    );
  });
});

describe('custom numeric format strings', () => {
  it('handles 0, #, grouping, percent, literals and sections', () => {
    assert.equal(formatWith(1234.5, T.Double, '0.00'), '1234.50');
    assert.equal(formatWith(1234.5, T.Double, '#,##0.0'), '1,234.5');
    assert.equal(formatWith(0.5, T.Double, '0.##'), '0.5');
    assert.equal(formatWith(2, T.Int32, '0.##'), '2');
    assert.equal(formatWith(0.25, T.Double, '0%'), '25%');
    assert.equal(formatWith(1234, T.Int32, '00-00'), '12-34');
    assert.equal(formatWith(5, T.Int32, '000'), '005');
    assert.equal(formatWith(-5, T.Int32, '0;(0)'), '(5)');
    assert.equal(formatWith(0, T.Int32, '0;(0);zero'), 'zero');
    assert.equal(formatWith(-2.5, T.Double, '0.0'), '-2.5');
    assert.equal(formatWith(42, T.Int32, "'n='0"), 'n=42');
  });
});

describe('date and time format strings', () => {
  it('standard and custom DateTime patterns', () => {
    assert.equal(formatWith(when, T.DateTime, 'yyyy-MM-dd'), '2022-10-29');
    assert.equal(formatWith(when, T.DateTime, 'o'), '2022-10-29T10:13:20.1234567Z');
    assert.equal(formatWith(when, T.DateTime, 's'), '2022-10-29T10:13:20');
    assert.equal(formatWith(when, T.DateTime, 'd'), '10/29/2022');
    assert.equal(formatWith(when, T.DateTime, 'D'), 'Saturday, 29 October 2022');
    assert.equal(formatWith(when, T.DateTime, 'ddd, MMM d HH:mm:ss.fff tt'), 'Sat, Oct 29 10:13:20.123 AM');
    assert.equal(formatWith(when, T.DateTime, 'hh:mm K'), '10:13 Z');
    assert.equal(formatWith(when, T.DateTime, "yyyy'年'"), '2022年');
  });

  it('TimeSpan formats c, g, G and custom', () => {
    const span = 1n * 864_000_000_000n + 2n * 36_000_000_000n + 3n * 600_000_000n + 4n * 10_000_000n + 5n;
    assert.equal(formatWith(span, T.TimeSpan, 'c'), '1.02:03:04.0000005');
    assert.equal(formatWith(span, T.TimeSpan, 'g'), '1:2:03:04.0000005');
    assert.equal(formatWith(span, T.TimeSpan, 'G'), '1:02:03:04.0000005');
    assert.equal(formatWith(span, T.TimeSpan, "d'd 'hh'h'"), '1d 02h');
    assert.equal(formatWith(-span, T.TimeSpan, 'c'), '-1.02:03:04.0000005');
  });

  it('Guid formats and alignment of interpolation holes', () => {
    const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    assert.equal(formatWith(guid, T.Guid, 'N'), '0f8fad5bd9cb469fa16570867728950e');
    assert.equal(formatWith(guid, T.Guid, 'B'), `{${guid}}`);
    assert.equal(align('ab', 5), '   ab');
    assert.equal(align('ab', -5), 'ab   ');
  });
});
