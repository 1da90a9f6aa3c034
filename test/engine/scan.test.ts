import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, ScanOperator, isEngineError, type TypedValue } from '../../src/index.js';

const int = (value: number): TypedValue => ({ type: 'Int32', value });
const text = (value: string): TypedValue => ({ type: 'String', value });

async function fixture() {
  const engine = new Engine();
  const ids = await engine.createVertices([
    {
      label: 'a',
      properties: [
        { key: 'n', value: int(1) },
        { key: 'name', value: text('Acme Corp') },
      ],
    },
    { label: 'b', properties: [{ key: 'n', value: int(2) }] },
    { label: 'a', properties: [{ key: 'n', value: int(3) }] },
    { label: 'a', properties: [{ key: 'n', value: { type: 'Int64', value: 2n } }] },
    { label: 'a' },
  ]);
  const edge = await engine.createEdge({
    sourceVertex: ids[0],
    targetVertex: ids[1],
    edgePropertyId: 'k',
    label: 'a',
    properties: [{ key: 'n', value: int(2) }],
  });
  return { engine, ids, edge };
}

describe('full-graph property scans', () => {
  it('applies all six operators to values of the literal type, ascending ids', async () => {
    const { engine } = await fixture();
    const scan = (operator: ScanOperator) =>
      engine.scanProperty('n', operator, int(2), { resultType: 'Both' });
    assert.deepEqual(scan(ScanOperator.Equals), [1, 5]);
    assert.deepEqual(scan(ScanOperator.Greater), [2]);
    assert.deepEqual(scan(ScanOperator.GreaterOrEquals), [1, 2, 5]);
    assert.deepEqual(scan(ScanOperator.Lower), [0]);
    assert.deepEqual(scan(ScanOperator.LowerOrEquals), [0, 1, 5]);
    assert.deepEqual(
      scan(ScanOperator.NotEquals),
      [0, 2],
      'the Int64 value and the element without n never match',
    );
  });

  it('restricts hits by result type and exact label', async () => {
    const { engine } = await fixture();
    assert.deepEqual(engine.scanProperty('n', ScanOperator.Equals, int(2), { resultType: 'Vertices' }), [1]);
    assert.deepEqual(engine.scanProperty('n', ScanOperator.Equals, int(2), { resultType: 'Edges' }), [5]);
    assert.deepEqual(
      engine.scanProperty('n', ScanOperator.Equals, int(2), { resultType: 'Both', label: 'a' }),
      [5],
    );
    assert.deepEqual(
      engine.scanProperty('n', ScanOperator.Equals, int(2), { resultType: 'Both', label: 'A' }),
      [],
    );
    assert.deepEqual(engine.scanProperty('missing', ScanOperator.Equals, int(2), { resultType: 'Both' }), []);
  });

  it('orders strings linguistically (a < A < b < B) for ordered operators', async () => {
    const engine = new Engine();
    await engine.createVertices(
      ['a', 'A', 'b', 'B'].map((s) => ({ properties: [{ key: 's', value: text(s) }] })),
    );
    assert.deepEqual(
      engine.scanProperty('s', ScanOperator.Greater, text('A'), { resultType: 'Vertices' }),
      [2, 3],
    );
    assert.deepEqual(
      engine.scanProperty('s', ScanOperator.Equals, text('a'), { resultType: 'Vertices' }),
      [0],
    );
  });

  it('finds text anywhere in property values ignoring case, never in reserved keys', async () => {
    const { engine } = await fixture();
    assert.deepEqual(engine.scanAllProperties('acme', { resultType: 'Both' }), [0]);
    assert.deepEqual(engine.scanAllProperties('2', { resultType: 'Both' }), [1, 3, 5]);
    assert.deepEqual(engine.scanAllProperties('2', { resultType: 'Edges' }), [5]);
    assert.throws(
      () => engine.scanAllProperties('  ', { resultType: 'Both' }),
      (e) => isEngineError(e, 'INVALID_INPUT'),
    );
  });
});

describe('sliced scans', () => {
  it('find exactly what the one-pass scans find, across slice boundaries', async () => {
    const engine = new Engine();
    const count = 250_000;
    for (let start = 0; start < count; start += 50_000) {
      await engine.createVertices(
        Array.from({ length: 50_000 }, (_, i) =>
          (start + i) % 7 === 0 ? { properties: [{ key: 'n', value: int(start + i) }] } : {},
        ),
      );
    }
    const literal = int(100_000);
    const filter = { resultType: 'Both' } as const;
    const sliced = await engine.scanPropertySliced('n', ScanOperator.Greater, literal, filter);
    assert.deepEqual(sliced, engine.scanProperty('n', ScanOperator.Greater, literal, filter));
    assert.equal(sliced.length, Math.floor((count - 1) / 7) - Math.floor(100_000 / 7));
    const text = await engine.scanAllPropertiesSliced('99', filter);
    assert.deepEqual(text, engine.scanAllProperties('99', filter));
    await assert.rejects(engine.scanAllPropertiesSliced(' ', filter), (e) =>
      isEngineError(e, 'INVALID_INPUT'),
    );
  });
});
