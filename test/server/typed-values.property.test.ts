/**
 * Property: any value of any scalar type, written in its canonical text through
 * PUT /graphelement/{id}/{key}, reads back through GET /graphelement/{id} with the identical text and the
 * full type name, on a vertex and on an edge (docs/elements.md, Typed values: every read text parses back
 * to the identical value and type).
 *
 * Each generator produces canonical read texts only (the form the service writes), so equality of text
 * is the whole check. The floating-point generators stay inside the ranges where the shortest round-trip
 * text is plain notation; exponent layout is the value model's own unit tests' business.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SCALAR_TYPES, type ScalarType } from '../../src/index.js';
import { assertEmpty, describePrefix, prefixes, useServer } from '../support/server.js';

const TICKS_PER_SECOND = 10_000_000n;
const TICKS_PER_MS = 10_000n;
/** 0001-01-01 to 1970-01-01 in milliseconds. */
const EPOCH_OFFSET_MS = 62_135_596_800_000n;
/** DateTime.MaxValue.Ticks */
const MAX_DATE_TICKS = 3_155_378_975_999_999_999n;
const MAX_OFFSET_MINUTES = 14 * 60;
const TICKS_PER_MINUTE = 60n * TICKS_PER_SECOND;
const INT64_MAX = 2n ** 63n - 1n;

const pad = (value: bigint | number, width: number) => String(value).padStart(width, '0');

/** `yyyy-MM-ddTHH:mm:ss.fffffff` of ticks since 0001-01-01. */
function clockText(ticks: bigint): string {
  const iso = new Date(Number(ticks / TICKS_PER_MS - EPOCH_OFFSET_MS)).toISOString();
  return `${iso.slice(0, 19)}.${pad(ticks % TICKS_PER_SECOND, 7)}`;
}

/** TimeSpan "c" format: `[-][d.]hh:mm:ss[.fffffff]`. */
function timeSpanText(ticks: bigint): string {
  let rest = ticks < 0n ? -ticks : ticks;
  const fraction = rest % TICKS_PER_SECOND;
  rest /= TICKS_PER_SECOND;
  const seconds = rest % 60n;
  rest /= 60n;
  const minutes = rest % 60n;
  rest /= 60n;
  const hours = rest % 24n;
  const days = rest / 24n;
  return (
    (ticks < 0n ? '-' : '') +
    (days > 0n ? `${days}.` : '') +
    `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}` +
    (fraction > 0n ? `.${pad(fraction, 7)}` : '')
  );
}

/** A .NET decimal: 96-bit mantissa, scale 0..28, trailing zeros kept, zero unsigned. */
function decimalText(negative: boolean, mantissa: bigint, scale: number): string {
  const digits = mantissa.toString().padStart(scale + 1, '0');
  const point = digits.length - scale;
  const body = scale === 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative && mantissa !== 0n ? `-${body}` : body;
}

const signed = (magnitude: fc.Arbitrary<number>) =>
  fc.tuple(fc.boolean(), magnitude).map(([negative, value]) => String(negative ? -value : value));

const textOf: Record<ScalarType, fc.Arbitrary<string>> = {
  String: fc.string({ unit: 'binary', maxLength: 24 }),
  Boolean: fc.constantFrom('True', 'False'),
  Byte: fc.integer({ min: 0, max: 255 }).map(String),
  SByte: fc.integer({ min: -128, max: 127 }).map(String),
  Int16: fc.integer({ min: -32768, max: 32767 }).map(String),
  UInt16: fc.integer({ min: 0, max: 65535 }).map(String),
  Int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map(String),
  UInt32: fc.integer({ min: 0, max: 2 ** 32 - 1 }).map(String),
  Int64: fc.bigInt({ min: -(2n ** 63n), max: INT64_MAX }).map(String),
  UInt64: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String),
  // Integers up to 2^24 and quarters up to 2^14 are exact float32s whose shortest text is their own.
  Single: fc.oneof(
    fc.integer({ min: -(2 ** 24), max: 2 ** 24 }).map(String),
    fc.integer({ min: -(2 ** 16), max: 2 ** 16 }).map((quarters) => String(quarters / 4)),
  ),
  // In [1e-4, 1e16] JavaScript's shortest round-trip text and .NET's are the same plain digits.
  Double: fc.oneof(
    fc.integer().map(String),
    signed(fc.double({ min: 1e-4, max: 1e16, noNaN: true, noDefaultInfinity: true })),
  ),
  Decimal: fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 2n ** 96n - 1n }), fc.integer({ min: 0, max: 28 }))
    .map(([negative, mantissa, scale]) => decimalText(negative, mantissa, scale)),
  // One UTF-16 unit; lone surrogates are left out because JSON text cannot carry them faithfully.
  Char: fc
    .oneof(fc.integer({ min: 0, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0xffff }))
    .map((code) => String.fromCharCode(code)),
  DateTime: fc
    .tuple(fc.bigInt({ min: 0n, max: MAX_DATE_TICKS }), fc.boolean())
    .map(([ticks, utc]) => clockText(ticks) + (utc ? 'Z' : '')),
  // The clock time and the UTC instant both stay in range whatever the offset.
  DateTimeOffset: fc
    .tuple(
      fc.bigInt({
        min: BigInt(MAX_OFFSET_MINUTES) * TICKS_PER_MINUTE,
        max: MAX_DATE_TICKS - BigInt(MAX_OFFSET_MINUTES) * TICKS_PER_MINUTE,
      }),
      fc.integer({ min: -MAX_OFFSET_MINUTES, max: MAX_OFFSET_MINUTES }),
    )
    .map(([ticks, offset]) => {
      const magnitude = Math.abs(offset);
      const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(magnitude / 60), 2)}:${pad(magnitude % 60, 2)}`;
      return clockText(ticks) + zone;
    }),
  TimeSpan: fc.bigInt({ min: -INT64_MAX, max: INT64_MAX }).map(timeSpanText),
  Guid: fc.uuid(),
};

const aliases: Partial<Record<ScalarType, string>> = {
  String: 'string',
  Boolean: 'bool',
  Byte: 'byte',
  SByte: 'sbyte',
  Int16: 'short',
  UInt16: 'ushort',
  Int32: 'int',
  UInt32: 'uint',
  Int64: 'long',
  UInt64: 'ulong',
  Single: 'float',
  Double: 'double',
  Decimal: 'decimal',
  Char: 'char',
};

/** Every accepted spelling of a type name: full, short, either in other case, the C# alias. */
function typeNameOf(type: ScalarType): fc.Arbitrary<string> {
  const alias = aliases[type];
  return fc.constantFrom(
    `System.${type}`,
    type,
    `system.${type.toLowerCase()}`,
    type.toUpperCase(),
    ...(alias === undefined ? [] : [alias]),
  );
}

const keyArbitrary = fc.constantFrom('value', 'other key', 'ключ', 'a/b');

interface WireProperty {
  propertyId: string;
  fullQualifiedTypeName: string;
  propertyValue: string;
}

for (const prefix of prefixes) {
  describe(`typed values, property-based: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    for (const type of SCALAR_TYPES) {
      it(`any ${type} text written to a vertex and an edge reads back identical in text and type`, async () => {
        const { client } = fixture;
        const [vertex] = await client.vertices({});
        const [edge] = await client.edges({
          sourceVertex: vertex,
          targetVertex: vertex,
          edgePropertyId: 'loop',
        });
        await fc.assert(
          fc.asyncProperty(textOf[type], typeNameOf(type), keyArbitrary, async (text, typeName, key) => {
            for (const id of [vertex, edge]) {
              const path = `/graphelement/${id}/${encodeURIComponent(key)}`;
              const written = await client.put(`${path}?waitForCompletion=true`, {
                propertyValue: text,
                fullQualifiedTypeName: typeName,
              });
              assertEmpty(written, 202);
              const { properties } = await client.read<{ properties: WireProperty[] }>(`/graphelement/${id}`);
              const read = properties.find((property) => property.propertyId === key);
              assert.deepEqual(read, {
                propertyId: key,
                fullQualifiedTypeName: `System.${type}`,
                propertyValue: text,
              });
            }
          }),
          { numRuns: 50 },
        );
      });
    }
  });
}
