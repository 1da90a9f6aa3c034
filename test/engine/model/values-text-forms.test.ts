import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ValueError,
  compareValues,
  formatValue,
  parseValue,
  valuesEqual,
  type ValueType,
} from '../../../src/engine/model/values.js';

// Text forms of the structured types: Guid, TimeSpan, DateTime, DateTimeOffset and Single[]. The
// round-trip law for them lives with the other types in values.test.ts.

const MAX_DATETIME_TICKS = 3_155_378_975_999_999_999n;

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

describe('Guid', () => {
  const canonical = '2f1c4b6a-9d33-4f7e-9a11-6b2c8d5e4f30';

  it('reads the N, D, B, P and X forms in any case and stores lowercase hyphenated', () => {
    for (const text of [
      canonical,
      canonical.toUpperCase(),
      '2f1c4b6a9d334f7e9a116b2c8d5e4f30',
      `{${canonical}}`,
      `(${canonical.toUpperCase()})`,
      ` ${canonical} `,
      '{0x2f1c4b6a,0x9d33,0x4f7e,{0x9a,0x11,0x6b,0x2c,0x8d,0x5e,0x4f,0x30}}',
      '{ 0x2F1C4B6A, 0x9d33, 0x4f7e, { 0x9a, 0x11, 0x6b, 0x2c, 0x8d, 0x5e, 0x4f, 0x30 } }',
    ]) {
      assert.deepEqual(parseValue('Guid', text), { type: 'Guid', value: canonical }, text);
    }
    assert.equal(
      roundTrip('Guid', '{0x1,0x2,0x3,{0x4,0x5,0x6,0x7,0x8,0x9,0xa,0xb}}'),
      '00000001-0002-0003-0405-060708090a0b',
    );
  });

  it('rejects malformed forms', () => {
    for (const text of [
      '',
      canonical.slice(1),
      `{${canonical})`,
      `(${canonical}`,
      canonical.replace(/-/g, '_'),
      'g'.repeat(32),
      `${canonical}0`,
    ]) {
      rejects('Guid', text);
    }
  });

  it('orders by .NET field order, which the canonical text sorts in', () => {
    const a = parseValue('Guid', '00000001-0000-0000-0000-000000000000');
    const b = parseValue('Guid', '0000000a-0000-0000-0000-000000000000');
    const c = parseValue('Guid', '10000000-0000-0000-0000-000000000000');
    assert.equal(compareValues(a, b), -1);
    assert.equal(compareValues(b, c), -1);
    assert.equal(compareValues(c, c), 0);
  });
});

describe('TimeSpan', () => {
  it('reads the constant and general forms', () => {
    const cases: [string, string][] = [
      ['01:30:00', '01:30:00'],
      ['01:30', '01:30:00'],
      ['1:2:3', '01:02:03'],
      ['1.02:03:04.5', '1.02:03:04.5000000'],
      ['1.02:03', '1.02:03:00'],
      ['3', '3.00:00:00'],
      ['-3', '-3.00:00:00'],
      ['00:00:00.0000001', '00:00:00.0000001'],
      ['-00:00:00.0000001', '-00:00:00.0000001'],
      ['  -1.23:59:59.9999999 ', '-1.23:59:59.9999999'],
      ['0', '00:00:00'],
      ['10675199.02:48:05.4775807', '10675199.02:48:05.4775807'],
      ['-10675199.02:48:05.4775808', '-10675199.02:48:05.4775808'],
    ];
    for (const [text, read] of cases) assert.equal(roundTrip('TimeSpan', text), read, text);
  });

  it('stores signed ticks', () => {
    assert.deepEqual(parseValue('TimeSpan', '01:30'), { type: 'TimeSpan', value: 54_000_000_000n });
    assert.deepEqual(parseValue('TimeSpan', '-00:00:01'), { type: 'TimeSpan', value: -10_000_000n });
  });

  it('rejects out-of-range parts and malformed text', () => {
    for (const text of [
      '24:00',
      '00:60',
      '00:00:60',
      '00:00:00.12345678',
      '10675199.02:48:05.4775808',
      '10675200',
      '+01:00',
      '1.02',
      '01:',
      ':30',
      '1.02:03:04.',
      'P1D',
      '',
    ]) {
      rejects('TimeSpan', text);
    }
  });
});

describe('DateTime', () => {
  it('keeps no designator as Unspecified wall-clock ticks', () => {
    const value = parseValue('DateTime', '2026-08-09T10:00:00');
    assert.deepEqual(value, {
      type: 'DateTime',
      value: { ticks: 639_218_664_000_000_000n, kind: 'Unspecified' },
    });
    assert.equal(formatValue(value), '2026-08-09T10:00:00.0000000');
  });

  it('keeps Z as Utc', () => {
    const value = parseValue('DateTime', '2026-08-09T10:00:00Z');
    assert.equal((value.value as { kind: string }).kind, 'Utc');
    assert.equal(formatValue(value), '2026-08-09T10:00:00.0000000Z');
  });

  it('converts an explicit offset to the UTC instant, marked Utc', () => {
    assert.equal(roundTrip('DateTime', '2026-08-09T10:00:00+02:00'), '2026-08-09T08:00:00.0000000Z');
    assert.equal(roundTrip('DateTime', '2026-08-09T23:30:00-05:30'), '2026-08-10T05:00:00.0000000Z');
    rejects('DateTime', '0001-01-01T00:00:00+01:00');
    rejects('DateTime', '9999-12-31T23:59:59-01:00');
  });

  it('accepts date only, minutes only, a space separator and one to seven fraction digits', () => {
    assert.equal(roundTrip('DateTime', '2026-08-09'), '2026-08-09T00:00:00.0000000');
    assert.equal(roundTrip('DateTime', '2026-08-09 10:00'), '2026-08-09T10:00:00.0000000');
    assert.equal(roundTrip('DateTime', '2026-08-09T10:00:00.5'), '2026-08-09T10:00:00.5000000');
    assert.equal(roundTrip('DateTime', '2026-08-09T10:00:00.1234567Z'), '2026-08-09T10:00:00.1234567Z');
  });

  it('covers years 1 to 9999 in the proleptic Gregorian calendar', () => {
    assert.deepEqual(parseValue('DateTime', '0001-01-01').value, { ticks: 0n, kind: 'Unspecified' });
    assert.deepEqual(parseValue('DateTime', '9999-12-31T23:59:59.9999999').value, {
      ticks: MAX_DATETIME_TICKS,
      kind: 'Unspecified',
    });
    assert.equal(roundTrip('DateTime', '2000-02-29'), '2000-02-29T00:00:00.0000000');
    assert.equal(roundTrip('DateTime', '2024-12-31T23:59:59'), '2024-12-31T23:59:59.0000000');
  });

  it('rejects impossible dates and times and other layouts', () => {
    for (const text of [
      '0000-01-01',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-08-09T24:00',
      '2026-08-09T10:60',
      '2026-08-09T10:00:60',
      '2026-08-09T10:00:00.12345678',
      '2026-08-09T10:00:00+15:00',
      '2026-8-9',
      '08/09/2026',
      '2026-08-09T10',
      '',
    ]) {
      rejects('DateTime', text);
    }
  });

  it('writes a Local value with the +00:00 offset', () => {
    assert.equal(
      formatValue({ type: 'DateTime', value: { ticks: 0n, kind: 'Local' } }),
      '0001-01-01T00:00:00.0000000+00:00',
    );
  });

  it('equals by ticks whatever the kind', () => {
    assert.ok(
      valuesEqual(
        parseValue('DateTime', '2026-08-09T10:00:00'),
        parseValue('DateTime', '2026-08-09T10:00:00Z'),
      ),
    );
  });
});

describe('DateTimeOffset', () => {
  it('keeps the clock time and the offset', () => {
    const value = parseValue('DateTimeOffset', '2026-08-09T10:00:00+02:00');
    assert.deepEqual(value.value, { ticks: 639_218_664_000_000_000n, offsetMinutes: 120 });
    assert.equal(formatValue(value), '2026-08-09T10:00:00.0000000+02:00');
    assert.equal(
      roundTrip('DateTimeOffset', '2026-08-09T10:00:00.25-09:30'),
      '2026-08-09T10:00:00.2500000-09:30',
    );
  });

  it('reads no designator and Z as offset zero', () => {
    assert.equal(roundTrip('DateTimeOffset', '2026-08-09T10:00:00'), '2026-08-09T10:00:00.0000000+00:00');
    assert.equal(roundTrip('DateTimeOffset', '2026-08-09T10:00:00Z'), '2026-08-09T10:00:00.0000000+00:00');
  });

  it('limits offsets to ±14:00 and the UTC instant to the DateTime range', () => {
    assert.equal(
      roundTrip('DateTimeOffset', '2026-08-09T10:00:00-14:00'),
      '2026-08-09T10:00:00.0000000-14:00',
    );
    rejects('DateTimeOffset', '2026-08-09T10:00:00+14:01');
    rejects('DateTimeOffset', '0001-01-01T00:00:00+00:01');
    rejects('DateTimeOffset', '9999-12-31T23:59:59-00:01');
  });

  it('equals and orders by UTC instant', () => {
    const a = parseValue('DateTimeOffset', '2026-08-09T10:00:00+02:00');
    const b = parseValue('DateTimeOffset', '2026-08-09T08:00:00Z');
    const c = parseValue('DateTimeOffset', '2026-08-09T09:00:00+00:00');
    assert.ok(valuesEqual(a, b));
    assert.equal(compareValues(a, b), 0);
    assert.equal(compareValues(a, c), -1);
  });
});

describe('Single[]', () => {
  it('reads the bracketed read form and the bracket-less bulk form', () => {
    for (const text of ['[0.1,-0.5]', '0.1,-0.5', ' [ 0.1 , -0.5 ] ']) {
      const value = parseValue('Single[]', text);
      assert.deepEqual(Array.from(value.value as Float32Array), [Math.fround(0.1), -0.5]);
      assert.equal(formatValue(value), '[0.1,-0.5]');
    }
  });

  it('reads [] and the empty string as an empty array', () => {
    for (const text of ['[]', '']) {
      const value = parseValue('Single[]', text);
      assert.ok(value.value instanceof Float32Array);
      assert.equal((value.value as Float32Array).length, 0);
      assert.equal(formatValue(value), '[]');
    }
  });

  it('rejects empty components, group separators and unbalanced brackets', () => {
    for (const text of ['[1,,2]', '[1,]', ',', '[0.1', '0.1]', '[[0.1]]', '[1;2]', '[a]'])
      rejects('Single[]', text);
  });

  it('equals element-wise', () => {
    assert.ok(valuesEqual(parseValue('Single[]', '[1,2]'), parseValue('Single[]', '1,2.0')));
    assert.ok(!valuesEqual(parseValue('Single[]', '[1,2]'), parseValue('Single[]', '[1,2,3]')));
    assert.ok(!valuesEqual(parseValue('Single[]', '[1,2]'), parseValue('Single[]', '[1,3]')));
  });
});
