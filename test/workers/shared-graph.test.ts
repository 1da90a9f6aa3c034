import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, topologyView } from '../../src/index.js';
import { WorkerPool, openSharedGraph, shareGraph, type SharedGraph } from '../../src/workers/index.js';
import { seededRandom } from '../support/seeded-random.js';

const testTasks = {
  'await-removal': new URL('./tasks/await-removal.js', import.meta.url),
  'checked-passes': new URL('./tasks/checked-passes.js', import.meta.url),
};

function sharedFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

async function raised(flag: Int32Array): Promise<void> {
  while (Atomics.load(flag, 0) === 0) await Atomics.waitAsync(flag, 0, 0).value;
}

async function addRandomEdges(engine: Engine, count: number, random: () => number, types = ['a', 'b', 'c']) {
  const vertices = engine.graph.nextId;
  const live: number[] = [];
  for (let id = 0; id < vertices; id++) if (engine.graph.isVertex(id)) live.push(id);
  for (let done = 0; done < count; done += 5_000) {
    await engine.createEdges(
      Array.from({ length: Math.min(5_000, count - done) }, () => ({
        sourceVertex: live[Math.floor(random() * live.length)],
        targetVertex: live[Math.floor(random() * live.length)],
        edgePropertyId: types[Math.floor(random() * types.length)],
      })),
    );
  }
}

async function randomEngine(vertices: number, edges: number, seed: number): Promise<Engine> {
  const engine = new Engine();
  await engine.createVertices(
    Array.from({ length: vertices }, (_, i) => ({ label: i % 4 === 0 ? 'L' : null })),
  );
  await addRandomEdges(engine, edges, seededRandom(seed));
  return engine;
}

/** Out-edges and the sum of their neighbour ids, read on the main thread through the engine's reads. */
function mainThreadOutEdges(engine: Engine): { edges: number; neighborIdSum: number } {
  let edges = 0;
  let neighborIdSum = 0;
  for (let id = 0; id < engine.graph.nextId; id++) {
    const vertex = engine.getVertex(id);
    if (vertex === null || vertex === undefined) continue;
    for (const targets of Object.values(vertex.outEdges ?? {})) {
      for (const edge of targets) {
        const target = engine.getEdge(edge)!.targetVertex;
        edges++;
        neighborIdSum += target;
      }
    }
  }
  return { edges, neighborIdSum };
}

describe('graphs shared with workers', () => {
  const pool = new WorkerPool({ workers: 2, tasks: testTasks });
  after(() => pool.close());

  it('captures the live columns themselves, not copies, each within its committed length', async () => {
    const engine = await randomEngine(300, 1_000, 1);
    const shared = shareGraph(engine.graph);
    const view = topologyView(engine.graph);
    assert.equal(shared.endId, engine.graph.nextId);
    assert.equal(shared.kindType.buffer, view.kindType.buffer);
    assert.equal(shared.pool.buffer, view.pool.buffer);
    assert.equal(shared.labels.buffer, engine.graph.labels.view.buffer);
    assert.equal(shared.kindType.length, shared.endId);
    assert.equal(shared.vertexBits.length, (shared.endId + 31) >>> 5);
    const opened = openSharedGraph(shared);
    assert.equal(opened.first.buffer, view.first.buffer);
    assert.equal(opened.pool.length, view.pool.length);
    assert.equal(opened.labels[0], view.kindType[0] === 1 ? 1 : 0, 'vertex 0 carries the label L (slot 1)');
  });

  it('refuses a descriptor whose lengths exceed its buffers', () => {
    const engine = new Engine();
    const shared = shareGraph(engine.graph);
    const forged: SharedGraph = {
      ...shared,
      pool: { ...shared.pool, length: shared.pool.buffer.byteLength + 1 },
    };
    assert.throws(() => openSharedGraph(forged), /the shared graph column 'pool' claims \d+ elements/);
    assert.throws(() => openSharedGraph({ ...shared, endId: 1 }), /'kindType' holds 0 ids, below endId 1/);
  });

  it("counts the same out-edges and neighbour ids in a worker as the engine's reads on the main thread", async () => {
    const engine = await randomEngine(2_000, 12_000, 2);
    for (let id = 0; id < 2_000; id += 17) await engine.removeElement(id);
    const expected = mainThreadOutEdges(engine);
    assert.equal(expected.edges, engine.graph.edgeCount);
    const result = await pool.run('traverse-out', {
      graph: shareGraph(engine.graph),
      parameters: { iterations: 4 },
    });
    assert.deepEqual(
      [...result.edgesPerIteration],
      [expected.edges, expected.edges, expected.edges, expected.edges],
    );
    assert.equal(result.neighborIdSum, expected.neighborIdSum);
  });

  it("sees a write the main thread makes after the job started: the worker reads the graph's own buffer", async () => {
    const engine = await randomEngine(100, 300, 3);
    const started = sharedFlag();
    const job = pool.run<{ kindBefore: number; kindAfter: number }>('await-removal', {
      graph: shareGraph(engine.graph),
      parameters: { started, id: 42 },
      deadlineMilliseconds: 60_000,
    });
    await raised(started);
    await engine.removeElement(42);
    assert.deepEqual(await job, { kindBefore: 1, kindAfter: 0 });
  });

  it('keeps a worker on the buffers it was given after a clear: every pass counts the graph as captured', async () => {
    const engine = await randomEngine(1_000, 5_000, 4);
    const started = sharedFlag();
    const stop = sharedFlag();
    const job = pool.run<{ edgesPerPass: number[] }>('checked-passes', {
      graph: shareGraph(engine.graph),
      parameters: { started, stop },
      deadlineMilliseconds: 120_000,
    });
    await raised(started);
    await engine.clear();
    await engine.createVertices(Array.from({ length: 3_000 }, () => ({})));
    await addRandomEdges(engine, 20_000, seededRandom(5));
    Atomics.store(stop, 0, 1);
    const { edgesPerPass } = await job;
    assert.ok(edgesPerPass.length >= 1);
    assert.ok(
      edgesPerPass.every((edges) => edges === 5_000),
      'the cleared graph lives on for the worker',
    );
  });

  for (let round = 0; round < 3; round++) {
    it(`never crashes or reads outside its captured lengths while writes, a compaction, a trim and a clear race it (round ${round})`, async () => {
      const random = seededRandom(100 + round);
      const engine = await randomEngine(4_000, 20_000, 10 + round);
      const shared = shareGraph(engine.graph);
      const poolWordsAtCapture = shared.pool.length;
      const started = sharedFlag();
      const stop = sharedFlag();
      const checked = pool.run<{ edgesPerPass: number[] }>('checked-passes', {
        graph: shared,
        parameters: { started, stop },
        deadlineMilliseconds: 300_000,
      });
      const plain = pool.run('traverse-out', { graph: shared, parameters: { iterations: 200 } });
      await raised(started);
      // Growth in place and past the pool's first reservation (the pool moves to a new buffer).
      await engine.createVertices(Array.from({ length: 2_000 }, () => ({})));
      await addRandomEdges(engine, 250_000, random);
      assert.notEqual(topologyView(engine.graph).pool.buffer, shared.pool.buffer, 'the pool moved meanwhile');
      // Removals rewrite records in place; a compaction rewrites every record offset and swaps the pool.
      const doomed = Array.from({ length: 1_500 }, () => Math.floor(random() * engine.graph.nextId)).filter(
        (id) => engine.graph.exists(id),
      );
      await engine.removeElements([...new Set(doomed)]);
      await engine.compact();
      await engine.trim();
      await addRandomEdges(engine, 10_000, random);
      await engine.clear();
      await engine.createVertices(Array.from({ length: 500 }, () => ({})));
      await addRandomEdges(engine, 2_000, random);
      Atomics.store(stop, 0, 1);
      const { edgesPerPass } = await checked;
      const traversed = await plain;
      assert.ok(edgesPerPass.length >= 1);
      // A torn record may overlap another vertex's, so a pass can count words twice; it stays an integer,
      // bounded by every captured vertex reading the whole captured pool.
      const bound = (shared.endId * poolWordsAtCapture) / 2;
      for (const edges of [...edgesPerPass, ...traversed.edgesPerIteration]) {
        assert.ok(
          Number.isInteger(edges) && edges >= 0 && edges <= bound,
          `a pass counts 0..${bound}, not ${edges}`,
        );
      }
      assert.equal(edgesPerPass[0], 20_000, 'the first pass ran before any racing write');
    });
  }
});
