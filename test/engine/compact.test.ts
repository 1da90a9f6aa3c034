import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, topologyView } from '../../src/index.js';
import { compactAdjacency } from '../../src/engine/graph/compact.js';

function xorshift(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

async function randomGraph(vertexCount: number, edgeCount: number) {
  const engine = new Engine();
  const random = xorshift(7);
  await engine.createVertices(Array.from({ length: vertexCount }, () => ({})));
  const types = ['a', 'b', 'c'];
  for (let done = 0; done < edgeCount; done += 1000) {
    await engine.createEdges(
      Array.from({ length: Math.min(1000, edgeCount - done) }, () => ({
        sourceVertex: Math.floor(random() * vertexCount),
        targetVertex: Math.floor(random() * vertexCount),
        edgePropertyId: types[Math.floor(random() * 3)],
      })),
    );
  }
  return engine;
}

describe('adjacency compaction', () => {
  it('changes no read, packs records in vertex order and gives back wasted words', async () => {
    const engine = await randomGraph(2_000, 20_000);
    for (let id = 3_000; id < 6_000; id += 7) await engine.removeElement(id);
    const before = engine.getGraphPage(100_000);
    const wastedBefore = engine.graph.adjacencyPool.wastedWords;
    await engine.compact();
    assert.deepEqual(engine.getGraphPage(100_000), before);
    assert.ok(engine.graph.adjacencyPool.wastedWords < wastedBefore / 4, 'most waste is gone');
    const view = topologyView(engine.graph);
    let previous = -1;
    for (let v = 0; v < 2_000; v++) {
      if (view.first[v] < 0) continue;
      assert.ok(view.first[v] > previous, 'out-records ascend with the vertex id');
      previous = view.first[v];
    }
    const v = await engine.createVertex();
    await engine.createEdge({ sourceVertex: 0, targetVertex: v, edgePropertyId: 'a' });
    assert.ok(engine.getVertex(0)?.outEdges?.a.includes(v + 1), 'the compacted pool accepts new edges');
  });

  it('yields between slices by copied words too: a few hub vertices are not copied in one piece', async () => {
    // 32 vertices, 600,000 edges: 600,000 pairs (1.2 million words) per direction in 32 records.
    const engine = new Engine();
    await engine.createVertices(Array.from({ length: 32 }, () => ({})));
    for (let done = 0; done < 600_000; done += 10_000) {
      await engine.createEdges(
        Array.from({ length: 10_000 }, (_, i) => ({
          sourceVertex: (done + i) % 32,
          targetVertex: (done + i * 3) % 32,
          edgePropertyId: 'a',
        })),
      );
    }
    let yields = 0;
    await compactAdjacency(engine.graph, () => {
      yields++;
      return new Promise((resolve) => setImmediate(resolve));
    });
    assert.ok(yields >= 2, `expected a yield per million words copied, got ${yields}`);
    assert.equal(engine.getVertex(0)?.outEdges?.a.length, 18_750, 'the hub keeps every edge');
  });

  it('holds writes submitted during a compaction and applies them after it, in order', async () => {
    const engine = await randomGraph(500, 5_000);
    const compaction = engine.compact();
    const created = engine.createVertex({ label: 'after' });
    const read = engine.getVertex(0);
    assert.ok(read, 'reads continue while the compaction is queued or running');
    await compaction;
    assert.equal(engine.getVertex(await created)?.label, 'after');
  });

  it('leaves the graph readable and writable after trim, which compacts too', async () => {
    const engine = await randomGraph(300, 3_000);
    for (let id = 0; id < 300; id += 3) await engine.removeElement(id);
    await engine.trim();
    await engine.flush();
    const page = engine.getGraphPage(100_000);
    for (const edge of page.edges) {
      assert.ok(engine.getVertex(edge.sourceVertex)?.outEdges?.[edge.edgePropertyId].includes(edge.id));
      assert.ok(engine.getVertex(edge.targetVertex)?.inEdges?.[edge.edgePropertyId].includes(edge.id));
    }
  });
});
