/** fast-check generators for the log codec's property tests: every value type, operations, transactions. */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatValue, parseValue, type TypedValue, type WriteOperation } from '../../../src/index.js';

const MAX_DATETIME_TICKS = 3_155_378_975_999_999_999n;
const TICKS_PER_MINUTE = 600_000_000n;
const DECIMAL_MAX = 2n ** 96n - 1n;

/** Any UTF-16 code unit sequence, lone surrogates included. */
export const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
});
/** Text a person would write, multi-byte UTF-8 included. */
export const unicodeText = fc.string({ unit: 'grapheme', maxLength: 80 });

const decimalValue = fc
  .tuple(fc.bigInt(0n, DECIMAL_MAX), fc.integer({ min: 0, max: 28 }), fc.boolean())
  .map(([mantissa, scale, negative]): TypedValue => {
    const digits = mantissa.toString().padStart(scale + 1, '0');
    const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return parseValue('Decimal', negative && mantissa !== 0n ? `-${text}` : text);
  });

const guidValue = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((bytes): TypedValue => {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const value = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { type: 'Guid', value };
});

const dateTimeOffsetValue = fc.integer({ min: -840, max: 840 }).chain((offsetMinutes) => {
  const shift = BigInt(offsetMinutes) * TICKS_PER_MINUTE;
  const min = shift > 0n ? shift : 0n;
  const max = shift < 0n ? MAX_DATETIME_TICKS + shift : MAX_DATETIME_TICKS;
  return fc
    .bigInt(min, max)
    .map((ticks): TypedValue => ({ type: 'DateTimeOffset', value: { ticks, offsetMinutes } }));
});

/** Every one of the 19 value types (the 18 scalars and Single[]), over each type's whole range. */
export const typedValue: fc.Arbitrary<TypedValue> = fc.oneof(
  fc.oneof(anyText, unicodeText).map((value): TypedValue => ({ type: 'String', value })),
  fc.boolean().map((value): TypedValue => ({ type: 'Boolean', value })),
  fc.integer({ min: 0, max: 255 }).map((value): TypedValue => ({ type: 'Byte', value })),
  fc.integer({ min: -128, max: 127 }).map((value): TypedValue => ({ type: 'SByte', value })),
  fc.integer({ min: -32768, max: 32767 }).map((value): TypedValue => ({ type: 'Int16', value })),
  fc.integer({ min: 0, max: 65535 }).map((value): TypedValue => ({ type: 'UInt16', value })),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((value): TypedValue => ({ type: 'Int32', value })),
  fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((value): TypedValue => ({ type: 'UInt32', value })),
  fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n).map((value): TypedValue => ({ type: 'Int64', value })),
  fc.bigInt(0n, 2n ** 64n - 1n).map((value): TypedValue => ({ type: 'UInt64', value })),
  fc.float().map((value): TypedValue => ({ type: 'Single', value })),
  fc.double().map((value): TypedValue => ({ type: 'Double', value })),
  decimalValue,
  fc
    .integer({ min: 0, max: 0xffff })
    .map((c): TypedValue => ({ type: 'Char', value: String.fromCharCode(c) })),
  fc
    .tuple(
      fc.bigInt(0n, MAX_DATETIME_TICKS),
      fc.constantFrom('Unspecified' as const, 'Utc' as const, 'Local' as const),
    )
    .map(([ticks, kind]): TypedValue => ({ type: 'DateTime', value: { ticks, kind } })),
  dateTimeOffsetValue,
  fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n).map((value): TypedValue => ({ type: 'TimeSpan', value })),
  guidValue,
  fc.float32Array({ maxLength: 20 }).map((value): TypedValue => ({ type: 'Single[]', value })),
);

/** Same type, same value bit for bit (NaN, -0 and Decimal scale included), same read text. */
export function assertIdentical(actual: TypedValue, expected: TypedValue): void {
  assert.equal(actual.type, expected.type);
  switch (expected.type) {
    case 'Single':
    case 'Double':
      assert.ok(Object.is(actual.value, expected.value), `${String(actual.value)} is not ${expected.value}`);
      break;
    case 'Single[]': {
      const a = actual.value as Float32Array;
      assert.equal(a.length, expected.value.length);
      expected.value.forEach((x, i) => assert.ok(Object.is(a[i], x), `component ${i}: ${a[i]} is not ${x}`));
      break;
    }
    case 'Decimal':
      break;
    default:
      assert.deepEqual(actual.value, expected.value);
  }
  assert.equal(formatValue(actual), formatValue(expected));
}

const id = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });
const key = fc.oneof(
  fc.constantFrom('name', 'age', 'κλειδί'),
  anyText.filter((k) => k.length > 0),
);
const label = fc.option(fc.oneof(fc.constantFrom('person', 'city'), anyText), { nil: null });
const creationDate = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const properties = fc.array(fc.record({ key, value: typedValue }), { maxLength: 4 });

/** The operations an element transaction may hold (clear and trim travel alone as markers). */
export const elementOperation: fc.Arbitrary<WriteOperation> = fc.oneof(
  fc
    .record({ creationDate, label, properties })
    .map((input): WriteOperation => ({ kind: 'createVertex', input })),
  fc
    .record({
      sourceVertex: id,
      targetVertex: id,
      edgePropertyId: fc.oneof(
        fc.constantFrom('knows', 'owns'),
        anyText.filter((t) => t.length > 0),
      ),
      creationDate,
      label,
      properties,
    })
    .map((input): WriteOperation => ({ kind: 'createEdge', input })),
  fc.record({ id, key, value: typedValue }).map((op): WriteOperation => ({ kind: 'setProperty', ...op })),
  fc.record({ id, key }).map((op): WriteOperation => ({ kind: 'removeProperty', ...op })),
  id.map((elementId): WriteOperation => ({ kind: 'removeElement', id: elementId })),
);
