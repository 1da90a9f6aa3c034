/**
 * GraphCopy (src/engine/graph/copy.ts): copy ids in copy order, `copyIdOf` for copied, skipped and
 * out-of-range ids, the refusal of an edge copied before its endpoints, and names interned afresh.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, GraphCopy, type TypedValue } from '../../../src/index.js';
import { readElement } from '../../../src/engine/graph/read.js';

/** Vertices 0-2, edges 3 (0 -> 1, knows) and 4 (1 -> 2, likes); vertex 2 and edge 4 carry properties. */
async function source(): Promise<Engine> {
  const engine = new Engine();
  await engine.createVertices([
    { label: 'a' },
    { label: 'b' },
    { label: 'c', properties: [{ key: 'k', value: { type: 'Int32', value: 1 } }] },
  ]);
  await engine.createEdges([
    { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows' },
    {
      sourceVertex: 1,
      targetVertex: 2,
      edgePropertyId: 'likes',
      properties: [
        {
          key: 'at',
          value: { type: 'DateTimeOffset', value: { ticks: 638_000_000_000_000_000n, offsetMinutes: 60 } },
        },
      ],
    },
  ]);
  return engine;
}

describe('GraphCopy', () => {
  it('numbers copies in the order they are made and answers copyIdOf for copied ids only', async () => {
    const engine = await source();
    const copy = new GraphCopy(engine.graph);
    assert.equal(copy.copyVertex(2), 0);
    assert.equal(copy.copyVertex(1), 1);
    assert.equal(copy.copyEdge(4), 2);
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((id) => copy.copyIdOf(id)),
      [-1, 1, 0, -1, 2],
    );
    // Ids outside the source's id space, as the source stood when the copy began, were never copied.
    assert.equal(copy.copyIdOf(-1), -1);
    assert.equal(copy.copyIdOf(5), -1);
    assert.equal(copy.copyIdOf(2 ** 31 - 2), -1);
    const edge = readElement(copy.target, 2);
    assert.ok(edge?.kind === 'edge');
    assert.deepEqual([edge.sourceVertex, edge.targetVertex, edge.edgePropertyId], [1, 0, 'likes']);
  });

  it('refuses an edge whose endpoints are not both copied yet, and copies nothing for it', async () => {
    const engine = await source();
    const copy = new GraphCopy(engine.graph);
    assert.throws(() => copy.copyEdge(3), /edge 3 copied before its endpoints/);
    copy.copyVertex(0);
    assert.throws(() => copy.copyEdge(3), /edge 3 copied before its endpoints/);
    assert.equal(copy.copyIdOf(3), -1);
    assert.deepEqual([copy.target.nextId, copy.target.vertexCount, copy.target.edgeCount], [1, 1, 0]);
    copy.copyVertex(1);
    assert.equal(copy.copyEdge(3), 2);
  });

  it('interns labels, edge types and property keys afresh: the copy knows only the names of what it holds', async () => {
    const engine = await source();
    const copy = new GraphCopy(engine.graph);
    copy.copyVertex(1);
    copy.copyVertex(2);
    copy.copyEdge(4);
    assert.equal(copy.target.labelNames.find('a'), -1);
    assert.equal(copy.target.edgeTypes.find('knows'), -1);
    assert.deepEqual([copy.target.edgeTypes.size, copy.target.propertyKeys.size], [1, 2], 'likes; k and at');
    assert.deepEqual(readElement(copy.target, 1)?.properties, readElement(engine.graph, 2)?.properties);
  });

  it('clones object property values: a change in place on either side does not reach the other', async () => {
    const engine = await source();
    const copy = new GraphCopy(engine.graph);
    copy.copyVertex(1);
    copy.copyVertex(2);
    copy.copyEdge(4);
    const sourceKey = engine.graph.propertyKeys.find('at');
    const copyKey = copy.target.propertyKeys.find('at');
    const inSource = engine.graph.properties.get(4, sourceKey) as Extract<
      TypedValue,
      { type: 'DateTimeOffset' }
    >;
    const inCopy = copy.target.properties.get(2, copyKey) as Extract<TypedValue, { type: 'DateTimeOffset' }>;
    assert.notEqual(inSource.value, inCopy.value);
    inSource.value.offsetMinutes = -120;
    assert.equal(
      (copy.target.properties.get(2, copyKey) as Extract<TypedValue, { type: 'DateTimeOffset' }>).value
        .offsetMinutes,
      60,
    );
  });
});
