import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import {
  SCALAR_TYPES,
  ValueError,
  compareValues,
  convertibleText,
  formatValue,
  fullTypeName,
  parseValue,
  resolveTypeName,
  valuesEqual,
  type TypedValue,
  type ValueType,
} from '../../../src/engine/model/values.js';

const MAX_DATETIME_TICKS = 3_155_378_975_999_999_999n;
const TICKS_PER_MINUTE = 600_000_000n;
const DECIMAL_MAX = 2n ** 96n - 1n;
/** decimal.js rounds arithmetic to 20 digits by default; the reference below needs exact products. */
const ExactDecimal = Decimal.clone({ precision: 200 });

/** Reads and formats in one step: the read text of what `text` parses to. */
function roundTrip(type: ValueType, text: string): string {
  return formatValue(parseValue(type, text));
}

function rejects(type: ValueType, text: string): void {
  assert.throws(
    () => parseValue(type, text),
    ValueError,
    `${type} ${JSON.stringify(text)} should not convert`,
  );
}

/** Structural identity, stricter than `valuesEqual`: kinds, offsets, scales, signed zeros all match. */
function assertIdentical(actual: TypedValue, expected: TypedValue): void {
  assert.equal(actual.type, expected.type);
  switch (expected.type) {
    case 'Single':
    case 'Double':
      assert.ok(Object.is(actual.value, expected.value), `${String(actual.value)} is not ${expected.value}`);
      return;
    case 'Decimal':
      assert.ok((actual.value as Decimal).eq(expected.value));
      assert.equal(formatValue(actual), formatValue(expected));
      return;
    case 'Single[]': {
      const a = actual.value as Float32Array;
      assert.equal(a.length, expected.value.length);
      expected.value.forEach((x, i) => assert.ok(Object.is(a[i], x), `component ${i}: ${a[i]} is not ${x}`));
      return;
    }
    default:
      assert.deepEqual(actual.value, expected.value);
  }
}

describe('type names', () => {
  it('accepts full names, short names and C# aliases case-insensitively', () => {
    for (const type of SCALAR_TYPES) {
      assert.equal(resolveTypeName(`System.${type}`), type);
      assert.equal(resolveTypeName(type.toUpperCase()), type);
      assert.equal(resolveTypeName(`system.${type.toLowerCase()}`), type);
    }
    const aliases: Record<string, string> = {
      string: 'String',
      bool: 'Boolean',
      byte: 'Byte',
      sbyte: 'SByte',
      short: 'Int16',
      ushort: 'UInt16',
      int: 'Int32',
      uint: 'UInt32',
      long: 'Int64',
      ulong: 'UInt64',
      float: 'Single',
      double: 'Double',
      decimal: 'Decimal',
      char: 'Char',
    };
    for (const [alias, type] of Object.entries(aliases)) {
      assert.equal(resolveTypeName(alias), type);
      assert.equal(resolveTypeName(alias.toUpperCase()), type);
    }
  });

  it('does not resolve Single[] or unknown names', () => {
    for (const name of [
      'System.Single[]',
      'Single[]',
      'float[]',
      'System.Object',
      'integer',
      '',
      ' int',
      'Int32 ',
    ]) {
      assert.equal(resolveTypeName(name), undefined, name);
    }
  });

  it('writes full names, System.Single[] included', () => {
    assert.equal(fullTypeName('Int32'), 'System.Int32');
    assert.equal(fullTypeName('DateTimeOffset'), 'System.DateTimeOffset');
    assert.equal(fullTypeName('Single[]'), 'System.Single[]');
  });
});

describe('conversion errors', () => {
  it('names the type and the text in the message', () => {
    assert.throws(() => parseValue('Byte', '999'), {
      name: 'ValueError',
      message: "The value '999' is not a valid System.Byte",
    });
  });

  it('shortens a very long offending text in the message', () => {
    assert.throws(
      () => parseValue('Int32', 'x'.repeat(10_000)),
      (error: unknown) =>
        error instanceof ValueError &&
        error.message.length < 300 &&
        /^The value 'x+\.\.\.' is not a valid System\.Int32$/.test(error.message),
    );
  });

  it('raises only ValueError, whatever the text, for every type', () => {
    const types: ValueType[] = [...SCALAR_TYPES, 'Single[]'];
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.string({ unit: 'binary', maxLength: 40 }), (type, text) => {
        try {
          parseValue(type, text);
        } catch (e) {
          assert.ok(e instanceof ValueError, String(e));
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('integers', () => {
  it('accepts surrounding whitespace and one leading sign', () => {
    assert.equal(roundTrip('Int32', ' 42 '), '42');
    assert.equal(roundTrip('Int32', '\t+7\n'), '7');
    assert.equal(roundTrip('Int32', '-0'), '0');
    assert.equal(roundTrip('Int16', '-300'), '-300');
    assert.equal(roundTrip('Int32', '0000042'), '42');
  });

  it('reads -0 as zero even for unsigned types', () => {
    const value = parseValue('UInt32', '-0');
    assert.ok(Object.is(value.value, 0));
    assert.equal(roundTrip('UInt64', '-0'), '0');
  });

  it('rejects decimal points, exponents, hex, group separators and inner whitespace', () => {
    for (const text of ['1.0', '1e3', '0x10', '1,000', '1 000', '- 1', '+-1', '', ' ', '+', '٣', '1_000']) {
      rejects('Int32', text);
      rejects('Int64', text);
    }
  });

  it('rejects values outside the exact range of each type', () => {
    const limits: [ValueType, string, string, string, string][] = [
      ['Byte', '0', '255', '-1', '256'],
      ['SByte', '-128', '127', '-129', '128'],
      ['Int16', '-32768', '32767', '-32769', '32768'],
      ['UInt16', '0', '65535', '-1', '65536'],
      ['Int32', '-2147483648', '2147483647', '-2147483649', '2147483648'],
      ['UInt32', '0', '4294967295', '-1', '4294967296'],
      ['Int64', '-9223372036854775808', '9223372036854775807', '-9223372036854775809', '9223372036854775808'],
      ['UInt64', '0', '18446744073709551615', '-1', '18446744073709551616'],
    ];
    for (const [type, min, max, below, above] of limits) {
      assert.equal(roundTrip(type, min), min);
      assert.equal(roundTrip(type, max), max);
      rejects(type, below);
      rejects(type, above);
      rejects(type, `${max}000000000000000000000`);
    }
  });

  // How long these reads take, beside converting the digits, is measured by bench/value-parse.ts.
  it('rejects a run of a million digits as an overflow and reads past a million leading zeros', () => {
    rejects('Int64', '9'.repeat(1_000_000));
    rejects('UInt64', '1'.repeat(1_000_000));
    assert.equal(roundTrip('Int64', `${'0'.repeat(1_000_000)}42`), '42');
  });

  it('keeps Int64 and UInt64 exact beyond 2^53', () => {
    assert.deepEqual(parseValue('Int64', '-9007199254740993'), { type: 'Int64', value: -9007199254740993n });
    assert.equal(roundTrip('UInt64', '18446744073709551615'), '18446744073709551615');
    assert.equal(roundTrip('Int64', '  +9007199254740993 '), '9007199254740993');
  });
});

describe('Double', () => {
  it('reads invariant text: sign, decimal point, exponent, whitespace, group separators', () => {
    assert.equal(parseValue('Double', '0.8').value, 0.8);
    assert.equal(parseValue('Double', ' -1.5e3 ').value, -1500);
    assert.equal(parseValue('Double', '.5').value, 0.5);
    assert.equal(parseValue('Double', '5.').value, 5);
    assert.equal(parseValue('Double', '1E-2').value, 0.01);
    assert.equal(parseValue('Double', '1,000.25').value, 1000.25);
    for (const text of ['', '.', 'e5', '1e', '0x10', ',1', '1.2.3', '1 2', '1,5e', '- 1', '∞', 'Inf']) {
      rejects('Double', text);
    }
  });

  it('reads the invariant symbols for NaN and infinities, in any case', () => {
    assert.ok(Number.isNaN(parseValue('Double', 'NaN').value));
    assert.ok(Number.isNaN(parseValue('Double', ' nan ').value));
    assert.ok(Number.isNaN(parseValue('Double', '-NaN').value));
    assert.equal(parseValue('Double', 'Infinity').value, Infinity);
    assert.equal(parseValue('Double', '+infinity').value, Infinity);
    assert.equal(parseValue('Double', '-INFINITY').value, -Infinity);
  });

  it('reads an out-of-range magnitude as infinity or zero, as .NET Core 3.0+ does', () => {
    assert.equal(parseValue('Double', '1e400').value, Infinity);
    assert.equal(parseValue('Double', '-1e400').value, -Infinity);
    assert.ok(Object.is(parseValue('Double', '-1e-400').value, -0));
  });

  it('writes the shortest round-trip text', () => {
    assert.equal(roundTrip('Double', '0.8'), '0.8');
    assert.equal(formatValue({ type: 'Double', value: 0.1 + 0.2 }), '0.30000000000000004');
    assert.equal(formatValue({ type: 'Double', value: 1 / 3 }), '0.3333333333333333');
    assert.equal(formatValue({ type: 'Double', value: -60 }), '-60');
  });

  it('switches to exponent notation from 1E+17 and below 1E-04', () => {
    const cases: [number, string][] = [
      [1e14, '100000000000000'],
      [1e15, '1000000000000000'],
      [1e16, '10000000000000000'],
      [1e17, '1E+17'],
      [1e20, '1E+20'],
      [123456789012345678, '1.2345678901234568E+17'],
      [1.7976931348623157e308, '1.7976931348623157E+308'],
      [0.0001, '0.0001'],
      [0.00012345, '0.00012345'],
      [0.00001, '1E-05'],
      [-1.5e-7, '-1.5E-07'],
      [5e-324, '5E-324'],
    ];
    for (const [value, text] of cases) assert.equal(formatValue({ type: 'Double', value }), text);
  });

  it('writes -0, NaN and the infinities as .NET does', () => {
    assert.equal(formatValue({ type: 'Double', value: -0 }), '-0');
    assert.equal(formatValue({ type: 'Double', value: 0 }), '0');
    assert.equal(formatValue({ type: 'Double', value: NaN }), 'NaN');
    assert.equal(formatValue({ type: 'Double', value: Infinity }), 'Infinity');
    assert.equal(formatValue({ type: 'Double', value: -Infinity }), '-Infinity');
  });
});

describe('Single', () => {
  it('rounds to float32', () => {
    assert.equal(parseValue('Single', '0.1').value, Math.fround(0.1));
    assert.equal(parseValue('Single', '16777217').value, 16777216);
    assert.equal(parseValue('Single', '3.5e38').value, Infinity);
    assert.equal(parseValue('Single', '1e-46').value, 0);
  });

  it('rounds the decimal text once, not through a double first', () => {
    // The double nearest to this text is the midpoint between 1 and the next float32, so
    // Math.fround(Number(text)) would round down to 1; the text itself lies above the midpoint.
    assert.equal(parseValue('Single', '1.00000005960464477539062500001').value, 1 + 2 ** -23);
    assert.equal(parseValue('Single', '1.000000059604644775390625').value, 1);
    assert.equal(parseValue('Single', '1.00000005960464477539062499999').value, 1);
    assert.equal(parseValue('Single', '1.000000178813934326171875').value, 1 + 2 ** -22);
  });

  // How long this read takes is measured by bench/value-parse.ts.
  it('settles a text of 200,000 digits on the side of the midpoint its last digit puts it', () => {
    const text = `1.000000059604644775390625${'0'.repeat(200_000)}1`;
    assert.equal(parseValue('Single', text).value, 1 + 2 ** -23);
    assert.equal(parseValue('Single', `${text.slice(0, -1)}`).value, 1);
  });

  it('writes the shortest text that reads back as the same float32', () => {
    assert.equal(formatValue({ type: 'Single', value: Math.fround(0.1) }), '0.1');
    assert.equal(formatValue({ type: 'Single', value: Math.fround(0.3) }), '0.3');
    assert.equal(formatValue({ type: 'Single', value: Math.fround(-0.5) }), '-0.5');
    assert.equal(formatValue({ type: 'Single', value: Math.fround(123456789) }), '123456790');
    assert.equal(formatValue({ type: 'Single', value: Math.fround(1 / 3) }), '0.33333334');
    assert.equal(formatValue({ type: 'Single', value: 1 + 2 ** -23 }), '1.0000001');
    assert.equal(formatValue({ type: 'Single', value: 2 ** -149 }), '1E-45');
    assert.equal(formatValue({ type: 'Single', value: Math.fround(3.4028234663852886e38) }), '3.4028235E+38');
  });

  it('switches to exponent notation from 1E+09 and below 1E-04', () => {
    assert.equal(formatValue({ type: 'Single', value: 1e8 }), '100000000');
    assert.equal(formatValue({ type: 'Single', value: 1e9 }), '1E+09');
    assert.equal(formatValue({ type: 'Single', value: Math.fround(0.0001) }), '0.0001');
    assert.equal(formatValue({ type: 'Single', value: Math.fround(0.00001) }), '1E-05');
    assert.equal(formatValue({ type: 'Single', value: -0 }), '-0');
  });

  it('picks, among the shortest candidates, one that reads back (powers of two included)', () => {
    // A reference that simply tries each length in turn, with the candidate just above for powers of two.
    const readsBack = (text: string, m: number) => parseValue('Single', text).value === m;
    const reference = (f: number): number => {
      const m = Math.abs(f);
      for (let p = 1; p <= 9; p++) {
        const c = m.toPrecision(p);
        if (readsBack(c, m)) return Number(c);
        const e = m.toExponential(p - 1);
        const at = e.indexOf('e');
        const up = `${BigInt(e.slice(0, at).replace('.', '')) + 1n}e${Number(e.slice(at + 1)) - (p - 1)}`;
        if (Number(c) < m && readsBack(up, m)) return Number(up);
      }
      return m;
    };
    const powersOfTwo = Array.from({ length: 276 }, (_, i) => 2 ** (i - 149));
    for (const f of powersOfTwo) {
      const text = formatValue({ type: 'Single', value: f });
      assert.equal(Number(text.replace('E', 'e')), reference(f), `2^${Math.log2(f)}: ${text}`);
    }
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (f) => {
        const text = formatValue({ type: 'Single', value: f });
        assert.equal(Math.abs(Number(text.replace('E', 'e'))), reference(f));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('Decimal', () => {
  it('reads exactly, beyond double precision', () => {
    assert.equal(roundTrip('Decimal', '1.25'), '1.25');
    assert.equal(roundTrip('Decimal', '0.1'), '0.1');
    assert.equal(roundTrip('Decimal', '79228162514264337593543950335'), '79228162514264337593543950335');
    assert.equal(roundTrip('Decimal', '-7.9228162514264337593543950335'), '-7.9228162514264337593543950335');
  });

  it('keeps the scale it was written with', () => {
    assert.equal(roundTrip('Decimal', '1.250'), '1.250');
    assert.equal(roundTrip('Decimal', '0.00'), '0.00');
    assert.equal(roundTrip('Decimal', '100'), '100');
    assert.equal(roundTrip('Decimal', '-0.0'), '0.0');
  });

  it('accepts whitespace, a leading or trailing sign and group separators, but no exponent', () => {
    assert.equal(roundTrip('Decimal', ' +1,234.5 '), '1234.5');
    assert.equal(roundTrip('Decimal', '5-'), '-5');
    assert.equal(roundTrip('Decimal', '.5'), '0.5');
    assert.equal(roundTrip('Decimal', '5.'), '5');
    for (const text of ['1e5', '1E-2', '-5-', '', '.', ',5', 'NaN', 'Infinity', '0x1', '- 5'])
      rejects('Decimal', text);
  });

  it('rejects a magnitude over 79228162514264337593543950335', () => {
    rejects('Decimal', '79228162514264337593543950336');
    rejects('Decimal', '-79228162514264337593543950336');
    rejects('Decimal', '79228162514264337593543950335.5');
    rejects('Decimal', '100000000000000000000000000000');
  });

  it('rounds digits beyond what fits half to even', () => {
    assert.equal(roundTrip('Decimal', '0.00000000000000000000000000005'), '0.0000000000000000000000000000');
    assert.equal(roundTrip('Decimal', '0.00000000000000000000000000015'), '0.0000000000000000000000000002');
    assert.equal(roundTrip('Decimal', '0.000000000000000000000000000051'), '0.0000000000000000000000000001');
    assert.equal(
      roundTrip('Decimal', '1.23456789012345678901234567890123'),
      '1.2345678901234567890123456789',
    );
    assert.equal(roundTrip('Decimal', '79228162514264337593543950334.5'), '79228162514264337593543950334');
    assert.equal(roundTrip('Decimal', '7922816251426433759354395033.55'), '7922816251426433759354395034');
  });

  it('equals by value, whatever the scale', () => {
    assert.ok(valuesEqual(parseValue('Decimal', '1.0'), parseValue('Decimal', '1.00')));
    assert.ok(!valuesEqual(parseValue('Decimal', '1.0'), parseValue('Decimal', '1.01')));
  });

  it('rounds like a reference built on decimal.js', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: 35 });
    fc.assert(
      fc.property(digits, digits, fc.boolean(), (integer, fraction, negative) => {
        fc.pre(integer.length + fraction.length > 0);
        const text = `${negative ? '-' : ''}${integer}${fraction === '' ? '' : `.${fraction}`}`;
        const exact = new ExactDecimal(`${negative ? '-' : ''}${integer || '0'}.${fraction || '0'}`);
        // Largest scale (up to 28 and the written one) whose truncated mantissa fits in 96 bits.
        let scale = Math.min(fraction.length, 28);
        const mantissaAt = (s: number) =>
          BigInt(exact.abs().times(new ExactDecimal(10).pow(s)).floor().toFixed());
        while (scale >= 0 && mantissaAt(scale) > DECIMAL_MAX) scale--;
        let expected: string | undefined;
        if (scale >= 0) {
          const rounded = exact.toDecimalPlaces(scale, Decimal.ROUND_HALF_EVEN);
          const fits = BigInt(rounded.abs().times(new ExactDecimal(10).pow(scale)).toFixed()) <= DECIMAL_MAX;
          expected = fits ? rounded.toFixed(scale).replace(/^-(?=[0.]*$)/, '') : undefined;
          if (!fits && scale > 0)
            expected = exact.toDecimalPlaces(scale - 1, Decimal.ROUND_HALF_EVEN).toFixed(scale - 1);
        }
        if (expected === undefined) rejects('Decimal', text);
        else assert.equal(roundTrip('Decimal', text), expected, text);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('Boolean, Char and String', () => {
  it('reads true and false in any case, with surrounding whitespace', () => {
    assert.equal(parseValue('Boolean', 'true').value, true);
    assert.equal(parseValue('Boolean', ' FALSE ').value, false);
    assert.equal(parseValue('Boolean', 'True').value, true);
    for (const text of ['yes', '1', '0', 'tru', 'true false', '']) rejects('Boolean', text);
  });

  it('writes True and False capitalised', () => {
    assert.equal(roundTrip('Boolean', 'true'), 'True');
    assert.equal(roundTrip('Boolean', 'false'), 'False');
  });

  it('reads a Char only from exactly one UTF-16 code unit', () => {
    assert.equal(roundTrip('Char', 'x'), 'x');
    assert.equal(roundTrip('Char', ' '), ' ');
    assert.equal(roundTrip('Char', '\ud83d'), '\ud83d');
    for (const text of ['', 'ab', '😀']) rejects('Char', text);
  });

  it('keeps a String exactly as sent', () => {
    for (const text of ['', ' padded ', 'Ünïcödé 😀', '42']) assert.equal(roundTrip('String', text), text);
  });
});

describe('typed equality', () => {
  it('never equates values of different types', () => {
    assert.ok(!valuesEqual(parseValue('Int32', '1'), parseValue('Int64', '1')));
    assert.ok(!valuesEqual(parseValue('Single', '0.5'), parseValue('Double', '0.5')));
    assert.ok(!valuesEqual(parseValue('String', 'x'), parseValue('Char', 'x')));
  });

  it('treats NaN as equal to NaN and 0 as equal to -0, as .NET Equals does', () => {
    assert.ok(valuesEqual(parseValue('Double', 'NaN'), parseValue('Double', 'NaN')));
    assert.ok(valuesEqual(parseValue('Single', 'NaN'), parseValue('Single', '-nan')));
    assert.ok(valuesEqual(parseValue('Double', '0'), parseValue('Double', '-0')));
  });

  it('compares strings ordinally for equality', () => {
    assert.ok(!valuesEqual(parseValue('String', 'a'), parseValue('String', 'A')));
    assert.ok(valuesEqual(parseValue('String', 'a'), parseValue('String', 'a')));
  });
});

describe('ordering', () => {
  it('orders strings linguistically: a < A < b < B', () => {
    const sorted = ['B', 'b', 'A', 'a'].map((s) => parseValue('String', s)).sort(compareValues);
    assert.deepEqual(
      sorted.map((v) => v.value),
      ['a', 'A', 'b', 'B'],
    );
  });

  it('sorts NaN first among floating-point values, equal to itself', () => {
    const values = ['1', 'NaN', '-Infinity', '-1'].map((s) => parseValue('Double', s)).sort(compareValues);
    assert.deepEqual(values.map(formatValue), ['NaN', '-Infinity', '-1', '1']);
    assert.equal(compareValues(parseValue('Double', 'NaN'), parseValue('Double', 'NaN')), 0);
    assert.equal(compareValues(parseValue('Double', '0'), parseValue('Double', '-0')), 0);
  });

  it('orders numbers, booleans, chars, decimals and durations by value', () => {
    const pairs: [ValueType, string, string][] = [
      ['Int32', '-5', '3'],
      ['Int64', '9007199254740992', '9007199254740993'],
      ['UInt64', '18446744073709551614', '18446744073709551615'],
      ['Decimal', '1.05', '1.1'],
      ['Boolean', 'false', 'true'],
      ['Char', 'A', 'a'],
      ['TimeSpan', '-1', '00:00:00.0000001'],
      ['DateTime', '2026-08-09T10:00:00Z', '2026-08-09T10:00:01'],
      ['Single', '-0.5', '0.25'],
    ];
    for (const [type, low, high] of pairs) {
      assert.equal(
        compareValues(parseValue(type, low), parseValue(type, high)),
        -1,
        `${type} ${low} < ${high}`,
      );
      assert.equal(
        compareValues(parseValue(type, high), parseValue(type, low)),
        1,
        `${type} ${high} > ${low}`,
      );
      assert.equal(compareValues(parseValue(type, low), parseValue(type, low)), 0, `${type} ${low} = ${low}`);
    }
    assert.equal(compareValues(parseValue('Decimal', '1.0'), parseValue('Decimal', '1.000')), 0);
  });

  it('refuses to compare values of different types', () => {
    assert.throws(() => compareValues(parseValue('Int32', '1'), parseValue('Int64', '1')), ValueError);
  });
});

describe('convertible text for the all-properties scan', () => {
  it('renders booleans, numbers, strings and chars like the read text', () => {
    assert.equal(convertibleText(parseValue('Boolean', 'true')), 'True');
    assert.equal(convertibleText(parseValue('Double', '1e20')), '1E+20');
    assert.equal(convertibleText(parseValue('Single', '0.1')), '0.1');
    assert.equal(convertibleText(parseValue('Decimal', '1.250')), '1.250');
    assert.equal(convertibleText(parseValue('UInt64', '18446744073709551615')), '18446744073709551615');
    assert.equal(convertibleText(parseValue('String', 'Acme Corp')), 'Acme Corp');
    assert.equal(convertibleText(parseValue('Char', 'q')), 'q');
  });

  it('renders DateTime as MM/dd/yyyy HH:mm:ss', () => {
    assert.equal(convertibleText(parseValue('DateTime', '2026-08-09T07:05:03.9Z')), '08/09/2026 07:05:03');
    assert.equal(convertibleText(parseValue('DateTime', '0001-01-01')), '01/01/0001 00:00:00');
  });

  it('skips Guid, TimeSpan, DateTimeOffset and Single[]', () => {
    assert.equal(convertibleText(parseValue('Guid', '2f1c4b6a-9d33-4f7e-9a11-6b2c8d5e4f30')), undefined);
    assert.equal(convertibleText(parseValue('TimeSpan', '01:00')), undefined);
    assert.equal(convertibleText(parseValue('DateTimeOffset', '2026-08-09T10:00:00+02:00')), undefined);
    assert.equal(convertibleText(parseValue('Single[]', '[1]')), undefined);
  });
});

describe('round-trip law: the read text parses back to the identical value', () => {
  const law = (arbitrary: fc.Arbitrary<TypedValue>, numRuns = 1000) =>
    fc.assert(
      fc.property(arbitrary, (value) => assertIdentical(parseValue(value.type, formatValue(value)), value)),
      { numRuns },
    );

  it('holds for String and Char', () => {
    law(fc.string({ unit: 'binary' }).map((value): TypedValue => ({ type: 'String', value })));
    law(
      fc
        .integer({ min: 0, max: 0xffff })
        .map((c): TypedValue => ({ type: 'Char', value: String.fromCharCode(c) })),
    );
  });

  it('holds for Boolean', () => {
    law(
      fc.boolean().map((value): TypedValue => ({ type: 'Boolean', value })),
      10,
    );
  });

  it('holds for every integer type', () => {
    const small: [TypedValue['type'], number, number][] = [
      ['Byte', 0, 255],
      ['SByte', -128, 127],
      ['Int16', -32768, 32767],
      ['UInt16', 0, 65535],
      ['Int32', -2147483648, 2147483647],
      ['UInt32', 0, 4294967295],
    ];
    for (const [type, min, max] of small) {
      law(fc.integer({ min, max }).map((value) => ({ type, value }) as TypedValue));
    }
    law(fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n).map((value): TypedValue => ({ type: 'Int64', value })));
    law(fc.bigInt(0n, 2n ** 64n - 1n).map((value): TypedValue => ({ type: 'UInt64', value })));
  });

  it('holds for Double, NaN, infinities and -0 included', () => {
    law(
      fc.double().map((value): TypedValue => ({ type: 'Double', value })),
      5000,
    );
  });

  it('holds for Single, subnormals included', () => {
    law(
      fc.float().map((value): TypedValue => ({ type: 'Single', value })),
      5000,
    );
  });

  it('holds for Decimal, scale included', () => {
    const decimalText = fc
      .tuple(fc.bigInt(0n, DECIMAL_MAX), fc.integer({ min: 0, max: 28 }), fc.boolean())
      .map(([mantissa, scale, negative]) => {
        const digits = mantissa.toString().padStart(scale + 1, '0');
        const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
        return negative && mantissa !== 0n ? `-${text}` : text;
      });
    fc.assert(
      fc.property(decimalText, (text) => {
        const value = parseValue('Decimal', text);
        assert.equal(formatValue(value), text);
        assertIdentical(parseValue('Decimal', formatValue(value)), value);
      }),
      { numRuns: 2000 },
    );
  });

  it('holds for DateTime in the Unspecified and Utc kinds', () => {
    law(
      fc
        .tuple(fc.bigInt(0n, MAX_DATETIME_TICKS), fc.constantFrom('Unspecified' as const, 'Utc' as const))
        .map(([ticks, kind]): TypedValue => ({ type: 'DateTime', value: { ticks, kind } })),
    );
  });

  it('holds for DateTimeOffset, clock time and offset both', () => {
    law(
      fc
        .integer({ min: -840, max: 840 })
        .chain((offsetMinutes) => {
          const shift = BigInt(offsetMinutes) * TICKS_PER_MINUTE;
          const min = shift > 0n ? shift : 0n;
          const max = shift < 0n ? MAX_DATETIME_TICKS + shift : MAX_DATETIME_TICKS;
          return fc.bigInt(min, max).map((ticks) => ({ ticks, offsetMinutes }));
        })
        .map((value): TypedValue => ({ type: 'DateTimeOffset', value })),
    );
  });

  it('holds for TimeSpan over the whole signed 64-bit range', () => {
    law(fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n).map((value): TypedValue => ({ type: 'TimeSpan', value })));
  });

  it('holds for Guid', () => {
    law(
      fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes): TypedValue => {
        const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
        const value = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
        return { type: 'Guid', value };
      }),
    );
  });

  it('holds for Single[]', () => {
    law(fc.float32Array({ maxLength: 20 }).map((value): TypedValue => ({ type: 'Single[]', value })));
  });
});
