import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, type WriteOperation } from '../../src/index.js';
import { trimGraph } from '../../src/engine/graph/trim.js';
import { trimGraphInSlices } from '../../src/engine/graph/trim-sliced.js';
import { groupHeaderWords, pairWords } from '../../src/engine/graph/adjacency.js';
import { seededRandom } from '../support/seeded-random.js';

const int = (value: number) => ({ type: 'Int32' as const, value });
const text = (value: string) => ({ type: 'String' as const, value });

/**
 * A graph with labels (on early ids only, so the label column ends before the id space), properties on
 * some elements, embeddings, edges of three types, then removals (vertices with their edges, single edges)
 * and later property writes: the same history for the same seed.
 */
async function history(seed: number): Promise<Engine> {
  let clock = 1_700_000_000;
  const engine = new Engine({ clockSeconds: () => clock++ });
  const random = seededRandom(seed);
  const vertexCount = 300;
  await engine.submit(
    Array.from({ length: vertexCount }, (_, i): WriteOperation => ({
      kind: 'createVertex',
      input: {
        creationDate: 1_000 + i,
        label: i < 120 && i % 3 === 0 ? `l${i % 4}` : null,
        properties: i % 5 === 0 ? [{ key: 'n', value: int(i) }] : [],
      },
    })),
  );
  const types = ['a', 'b', 'c'];
  const edges = await engine.createEdges(
    Array.from({ length: 2_000 }, (_, i) => ({
      sourceVertex: Math.floor(random() * vertexCount),
      targetVertex: Math.floor(random() * vertexCount),
      edgePropertyId: types[Math.floor(random() * 3)],
      creationDate: 5_000 + i,
      properties: i % 7 === 0 ? [{ key: 'w', value: text(`edge ${i}`) }] : [],
    })),
  );
  const embeddings: WriteOperation[] = [];
  for (let id = 0; id < vertexCount; id += 4) {
    embeddings.push({ kind: 'setEmbedding', id, name: 'e', vector: new Float32Array([id, 1, 2]) });
  }
  await engine.submit(embeddings);
  const removals = new Set<number>();
  for (let i = 0; i < 60; i++) removals.add(Math.floor(random() * vertexCount));
  for (let i = 0; i < 300; i++) removals.add(edges[Math.floor(random() * edges.length)]);
  for (const id of removals) await engine.removeElement(id);
  for (let id = 1; id < vertexCount; id += 11) {
    if (engine.getVertex(id) !== undefined) await engine.setProperty(id, 'late', int(id));
  }
  return engine;
}

/** Everything a read can see of the graph, adjacency pairs (edge, neighbour) and embeddings included. */
function observe(engine: Engine) {
  const { graph } = engine;
  const pool = graph.adjacencyPool.column.view;
  const pairs = (direction: typeof graph.out, vertex: number): number[][] => {
    const groups: number[][] = [];
    direction.forEachGroup(vertex, (typeId, group, count) => {
      const list = [typeId];
      for (let at = group + groupHeaderWords; at < group + groupHeaderWords + count * pairWords; at++) {
        list.push(pool[at]);
      }
      groups.push(list);
    });
    return groups;
  };
  const elements = [];
  for (let id = 0; id < graph.nextId; id++) {
    const element = engine.getElement(id);
    elements.push({
      element,
      modified: element === undefined ? undefined : graph.modificationDateOf(id),
      embeddings: graph.embeddings.list(id).map(({ name, vector }) => [name, [...vector]]),
      out: graph.isVertex(id) ? pairs(graph.out, id) : undefined,
      in: graph.isVertex(id) ? pairs(graph.in, id) : undefined,
    });
  }
  return {
    nextId: graph.nextId,
    vertexCount: graph.vertexCount,
    edgeCount: graph.edgeCount,
    page: engine.getGraphPage(1_000_000),
    elements,
  };
}

describe('trim in slices', () => {
  it('makes the graph the in-place trim makes, at any slice size', async () => {
    for (const [seed, idsPerSlice, recordsPerSlice, wordsPerSlice] of [
      [1, 1, 1, 1],
      [2, 7, 3, 5],
      [3, 64, 2 ** 30, 40],
      [4, 2 ** 30, 2 ** 30, 2 ** 30],
    ]) {
      const reference = await history(seed);
      const sliced = await history(seed);
      assert.deepEqual(observe(sliced), observe(reference), 'the same history');
      const expected = trimGraph(reference.graph);
      const renumbering = await trimGraphInSlices(sliced.graph, {
        yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
        idsPerSlice,
        recordsPerSlice,
        wordsPerSlice,
      });
      assert.deepEqual(renumbering, expected, `seed ${seed}`);
      assert.deepEqual(observe(sliced), observe(reference), `seed ${seed}`);
      // Both accept new elements the same way afterwards.
      for (const engine of [reference, sliced]) {
        const v = await engine.createVertex({ label: 'new' });
        await engine.createEdge({ sourceVertex: 0, targetVertex: v, edgePropertyId: 'a' });
        await engine.setProperty(v, 'n', int(-1));
      }
      assert.deepEqual(observe(sliced), observe(reference), `seed ${seed}, written after`);
    }
  });

  it('lets reads between slices see the graph as it was, then swaps in one step', async () => {
    const engine = await history(5);
    const reference = await history(5);
    const before = observe(engine);
    trimGraph(reference.graph);
    const after = observe(reference);
    const generation = engine.graph.idSpaceGeneration;
    let turns = 0;
    await trimGraphInSlices(engine.graph, {
      yieldToEventLoop: async () => {
        turns++;
        assert.deepEqual(observe(engine), before, `a read between slices (turn ${turns})`);
        assert.equal(engine.graph.idSpaceGeneration, generation);
        await new Promise((resolve) => setImmediate(resolve));
      },
      idsPerSlice: 50,
      recordsPerSlice: 20,
      wordsPerSlice: 200,
    });
    assert.ok(
      turns >= (2 * before.nextId) / 50,
      `slices of 50 ids yield at least once per 50 ids (${turns})`,
    );
    assert.deepEqual(observe(engine), after);
    assert.equal(engine.graph.idSpaceGeneration, generation + 1);
  });

  it('leaves a graph without tombstones as it is: same columns, same ids space generation', async () => {
    const engine = new Engine();
    await engine.createVertices([{ label: 'x' }, {}]);
    await engine.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'a' });
    const before = observe(engine);
    const kinds = engine.graph.kindType.view;
    const generation = engine.graph.idSpaceGeneration;
    const renumbering = await trimGraphInSlices(engine.graph, {
      yieldToEventLoop: () => new Promise((resolve) => setImmediate(resolve)),
    });
    assert.deepEqual([...renumbering], [0, 1, 2]);
    assert.equal(engine.graph.kindType.view, kinds);
    assert.equal(engine.graph.idSpaceGeneration, generation);
    assert.deepEqual(observe(engine), before);
  });

  it('a live trim leaves the adjacency packed: no compaction is due after it', async () => {
    const engine = await history(6);
    await engine.trim();
    assert.equal(engine.graph.adjacencyPool.wastedWords, 0);
  });
});
