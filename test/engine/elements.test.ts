import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, addSampleGraph } from '../../src/index.js';

const text = (value: string) => ({ type: 'String' as const, value });
const int = (value: number) => ({ type: 'Int32' as const, value });

describe('elements and adjacency', () => {
  it('reads a vertex with sorted properties, grouped edges and null for an empty direction', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([
      {
        label: 'person',
        creationDate: 100,
        properties: [
          { key: 'zeta', value: int(1) },
          { key: 'alpha', value: text('x') },
        ],
      },
      {},
    ]);
    const e1 = await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
    const e2 = await engine.createEdge({
      sourceVertex: a,
      targetVertex: b,
      edgePropertyId: 'trusts',
      label: 't',
    });
    const e3 = await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
    const vertex = engine.getVertex(a)!;
    assert.deepEqual(
      vertex.properties.map((p) => p.key),
      ['alpha', 'zeta'],
    );
    assert.deepEqual(vertex.outEdges, { knows: [e1, e3], trusts: [e2] });
    assert.equal(vertex.inEdges, null);
    assert.equal(vertex.creationDate, 100);
    assert.equal(vertex.modificationDate, 100);
    const edge = engine.getEdge(e2)!;
    assert.deepEqual(
      { source: edge.sourceVertex, target: edge.targetVertex, type: edge.edgePropertyId, label: edge.label },
      { source: a, target: b, type: 'trusts', label: 't' },
    );
  });

  it('answers undefined for a read of the wrong kind or a missing id', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([{}, {}]);
    const e = await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'k' });
    assert.equal(engine.getVertex(e), undefined);
    assert.equal(engine.getEdge(a), undefined);
    assert.equal(engine.getElement(77), undefined);
    assert.equal(engine.getElement(-1), undefined);
  });

  it('removes a vertex with all its edges, a self-loop once, and drops emptied groups', async () => {
    const engine = new Engine();
    const [a, b, c] = await engine.createVertices([{}, {}, {}]);
    await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'k' });
    await engine.createEdge({ sourceVertex: c, targetVertex: a, edgePropertyId: 'k' });
    await engine.createEdge({ sourceVertex: a, targetVertex: a, edgePropertyId: 'self' });
    const keep = await engine.createEdge({ sourceVertex: b, targetVertex: c, edgePropertyId: 'k' });
    await engine.removeElement(a);
    assert.equal(engine.vertexCount, 2);
    assert.equal(engine.edgeCount, 1);
    assert.equal(engine.getVertex(b)?.inEdges, null);
    assert.deepEqual(engine.getVertex(b)?.outEdges, { k: [keep] });
    assert.equal(engine.getVertex(c)?.outEdges, null);
    assert.deepEqual(engine.edgeTypes(b, 'in'), []);
  });

  it('keeps the modification date on a no-op write and moves it on a change, never before creation', async () => {
    let now = 1_000;
    const engine = new Engine({ clockSeconds: () => now });
    const v = await engine.createVertex({ creationDate: 5_000, properties: [{ key: 'k', value: int(1) }] });
    now = 2_000;
    await engine.setProperty(v, 'k', int(1));
    assert.equal(engine.getVertex(v)?.modificationDate, 5_000, 'equal value: no change');
    await engine.setProperty(v, 'k', { type: 'Int64', value: 1n });
    assert.equal(engine.getVertex(v)?.modificationDate, 5_000, 'clamped to the creation date');
    now = 9_000;
    await engine.removeProperty(v, 'absent');
    assert.equal(engine.getVertex(v)?.modificationDate, 5_000, 'absent-key removal: no change');
    await engine.removeProperty(v, 'k');
    assert.equal(engine.getVertex(v)?.modificationDate, 9_000);
    assert.deepEqual(engine.getVertex(v)?.properties, []);
  });

  it('replaces a property whatever its old type and reads it back in the stored type', async () => {
    const engine = new Engine();
    const v = await engine.createVertex({ properties: [{ key: 'k', value: text('x') }] });
    await engine.setProperty(v, 'k', { type: 'UInt64', value: 18446744073709551615n });
    assert.deepEqual(engine.getVertex(v)?.properties, [
      { key: 'k', value: { type: 'UInt64', value: 18446744073709551615n } },
    ]);
  });

  it('applies several property writes on several elements as one transaction', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([{ properties: [{ key: 'stale', value: int(1) }] }, {}]);
    await engine.writeProperties([
      { id: a, key: 'ip', value: text('10.0.0.9') },
      { id: a, key: 'stale', remove: true },
      { id: b, key: 'n', value: int(1) },
      { id: b, key: 'n', value: int(2) },
      { id: 99, key: 'n', value: int(3) },
    ]);
    assert.deepEqual(engine.getVertex(a)?.properties, [{ key: 'ip', value: text('10.0.0.9') }]);
    assert.deepEqual(engine.getVertex(b)?.properties, [{ key: 'n', value: int(2) }], 'later writes win');
  });

  it('answers degrees per direction and per group, and undefined for a missing vertex', async () => {
    const engine = new Engine();
    const { vertices, edges } = await addSampleGraph(engine);
    const [alice, bob, , , trent] = vertices;
    assert.equal(engine.degree(alice, 'out'), 2);
    assert.equal(engine.degree(alice, 'in'), 2);
    assert.equal(engine.degree(alice, 'in', 'attacks'), 2);
    assert.equal(engine.degree(alice, 'in', 'nope'), 0);
    assert.equal(engine.degree(999, 'in'), undefined);
    assert.deepEqual(engine.edgeIds(trent, 'in', 'trusts'), [edges[1], edges[2]]);
    assert.equal(engine.edgeIds(trent, 'out', 'trusts'), undefined);
    assert.deepEqual(engine.edgeTypes(bob, 'in')?.sort(), ['attacks', 'communicatesWith']);
    assert.equal(engine.edgeSource(edges[0]), alice);
    assert.equal(engine.edgeTarget(edges[0]), bob);
    assert.equal(engine.edgeSource(alice), undefined);
  });

  it('builds the sample graph with ids 0 to 4 for the people and 5 to 10 for the edges in an empty namespace', async () => {
    const engine = new Engine();
    const { vertices, edges } = await addSampleGraph(engine);
    assert.deepEqual(vertices, [0, 1, 2, 3, 4]);
    assert.deepEqual(edges, [5, 6, 7, 8, 9, 10]);
    assert.deepEqual(engine.getVertex(4)?.inEdges, { trusts: [6, 7] });
    assert.equal(engine.getVertex(4)?.outEdges, null);
    assert.equal(engine.getEdge(6)?.label, 'trusts');
    assert.equal(engine.getEdge(5)?.label, null);
  });

  it('pages the graph in ascending id order with independent bounds, clamped', async () => {
    const engine = new Engine();
    await addSampleGraph(engine);
    const page = engine.getGraphPage(3);
    assert.deepEqual(
      page.vertices.map((v) => v.id),
      [0, 1, 2],
    );
    assert.deepEqual(
      page.edges.map((e) => e.id),
      [5, 6, 7],
    );
    const empty = engine.getGraphPage(-4);
    assert.deepEqual(empty, { vertices: [], edges: [] });
  });

  it('reads a batch in request order, once per id, listing what was not found', async () => {
    const engine = new Engine();
    await addSampleGraph(engine);
    await engine.removeElement(9);
    const read = engine.getElements([6, 2, 6, 9, 500, -1]);
    assert.deepEqual(
      read.elements.map((e) => [e.id, e.kind]),
      [
        [6, 'edge'],
        [2, 'vertex'],
      ],
    );
    assert.deepEqual(read.notFound, [9, 500, -1]);
    assert.throws(() => engine.getElements(new Array(100_001).fill(0)), /at most 100000/);
  });
});

describe('property writes of equal but not identical values', () => {
  it('replace a value whose text differs even where .NET equality calls them equal', async () => {
    const { parseValue, formatValue } = await import('../../src/index.js');
    const engine = new Engine();
    const v = await engine.createVertex();
    for (const [type, first, second] of [
      ['DateTime', '0001-01-01T00:00:00.0000001Z', '0001-01-01T00:00:00.0000001'],
      ['Decimal', '1.0', '1.00'],
      ['DateTimeOffset', '2026-08-09T10:00:00.0000000+02:00', '2026-08-09T08:00:00.0000000+00:00'],
      ['Double', '0', '-0'],
    ] as const) {
      await engine.setProperty(v, type, parseValue(type, first));
      await engine.setProperty(v, type, parseValue(type, second));
      const stored = engine.getVertex(v)!.properties.find((p) => p.key === type)!.value;
      assert.equal(formatValue(stored), formatValue(parseValue(type, second)), type);
    }
  });
});
