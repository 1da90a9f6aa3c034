/**
 * Shared pieces of the checkpoint tests: temporary directories, typed values of every type, and an
 * element-by-element comparison of two engines that sees what a client sees (ids, labels, dates, typed
 * values exactly, adjacency with its group order) plus the id space (next id, counts).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { formatValue, parseValue, type Engine, type TypedValue } from '../../../../src/index.js';

export async function withDirectory<T>(work: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'skein-checkpoint-'));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A value's exact identity: its type, its read text, and its raw form (sign of zero, DateTime kind, ...). */
function valueIdentity(value: TypedValue): string {
  const raw = JSON.stringify(value.value, (_key, inner: unknown) => {
    if (typeof inner === 'bigint') return `${inner}n`;
    if (typeof inner === 'number') return Object.is(inner, -0) ? '-0' : Number.isNaN(inner) ? 'NaN' : inner;
    if (inner instanceof Float32Array) return [...inner].map((x) => (Object.is(x, -0) ? '-0' : String(x)));
    return inner;
  });
  return `${value.type}|${formatValue(value)}|${raw}`;
}

/** What a client can observe of element `id`, as text (object key order kept: it is the group order). */
export function elementText(engine: Engine, id: number): string {
  return JSON.stringify(engine.getElement(id) ?? null, (key, inner: unknown) => {
    if (key === 'value' && inner !== null && typeof inner === 'object' && 'type' in inner) {
      return valueIdentity(inner as TypedValue);
    }
    return inner;
  });
}

export function assertSameGraph(actual: Engine, expected: Engine, context = ''): void {
  assert.equal(actual.nextId, expected.nextId, `next id ${context}`);
  assert.equal(actual.vertexCount, expected.vertexCount, `vertex count ${context}`);
  assert.equal(actual.edgeCount, expected.edgeCount, `edge count ${context}`);
  for (let id = 0; id < expected.nextId; id++) {
    assert.equal(elementText(actual, id), elementText(expected, id), `element ${id} ${context}`);
  }
  for (const name of ['labelNames', 'edgeTypes', 'propertyKeys'] as const) {
    const names = (engine: Engine) =>
      Array.from({ length: engine.graph[name].size }, (_, i) => engine.graph[name].nameOf(i));
    assert.deepEqual(names(actual), names(expected), `interned ${name} ${context}`);
  }
}

const int = (min: number, max: number) => fc.integer({ min, max });
const odd = fc.constantFrom('a', 'Z', ' ', 'é', '\u0000', '\ud800', '\udfff', '😀', '中');

/** A typed value of every type the engine stores: the 18 scalars (edge cases included) and Single[]. */
export const typedValue: fc.Arbitrary<TypedValue> = fc.oneof(
  fc
    .oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: odd, maxLength: 6 }))
    .map((value): TypedValue => ({ type: 'String', value })),
  fc.boolean().map((value): TypedValue => ({ type: 'Boolean', value })),
  int(0, 255).map((value): TypedValue => ({ type: 'Byte', value })),
  int(-128, 127).map((value): TypedValue => ({ type: 'SByte', value })),
  int(-32768, 32767).map((value): TypedValue => ({ type: 'Int16', value })),
  int(0, 65535).map((value): TypedValue => ({ type: 'UInt16', value })),
  int(-(2 ** 31), 2 ** 31 - 1).map((value): TypedValue => ({ type: 'Int32', value })),
  int(0, 2 ** 32 - 1).map((value): TypedValue => ({ type: 'UInt32', value })),
  fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n).map((value): TypedValue => ({ type: 'Int64', value })),
  fc.bigInt(0n, 2n ** 64n - 1n).map((value): TypedValue => ({ type: 'UInt64', value })),
  fc.float().map((value): TypedValue => ({ type: 'Single', value })),
  fc.double().map((value): TypedValue => ({ type: 'Double', value })),
  fc
    .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{1,12}$/), fc.stringMatching(/^[0-9]{0,10}$/))
    .map(([negative, whole, fraction]): TypedValue =>
      parseValue('Decimal', `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`),
    ),
  fc.constant<TypedValue>({ type: 'Decimal', value: new Decimal('1.0000000000000000000000000000000001') }),
  int(0, 0xffff).map((code): TypedValue => ({ type: 'Char', value: String.fromCharCode(code) })),
  fc
    .tuple(
      fc.bigInt(0n, 3_155_378_975_999_999_999n),
      fc.constantFrom('Unspecified', 'Utc', 'Local') as fc.Arbitrary<'Utc'>,
    )
    .map(([ticks, kind]): TypedValue => ({ type: 'DateTime', value: { ticks, kind } })),
  fc
    .tuple(
      fc.bigInt(504_911_232_000_000_000n, 3_155_378_975_999_999_999n - 504_911_232_000_000_000n),
      int(-840, 840),
    )
    .map(([ticks, offsetMinutes]): TypedValue => ({
      type: 'DateTimeOffset',
      value: { ticks, offsetMinutes },
    })),
  fc.bigInt(-(2n ** 63n), 2n ** 63n - 1n).map((value): TypedValue => ({ type: 'TimeSpan', value })),
  fc.uuid().map((value): TypedValue => ({ type: 'Guid', value: value.toLowerCase() })),
  fc
    .array(fc.float(), { maxLength: 6 })
    .map((values): TypedValue => ({ type: 'Single[]', value: Float32Array.from(values) })),
);
