/**
 * Transactions whose ids are resolved on the writer (Engine.submitResolving, used by bulk import): the
 * resolver sees the id the first created element gets, whatever is queued before it; a failing resolver
 * rolls back only its transaction; and the id-space generation changes exactly when ids stop holding.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, EngineError, type WriteOperation } from '../../src/index.js';

describe('transactions resolved on the writer', () => {
  it('patch their own ids from the first created id, even behind queued writes', async () => {
    const engine = new Engine();
    await engine.createVertex();
    const edge = { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'e' };
    const operations: WriteOperation[] = [
      { kind: 'createVertex', input: {} },
      { kind: 'createVertex', input: {} },
      { kind: 'createEdge', input: edge },
      { kind: 'setEmbedding', id: 2, name: 'v', vector: new Float32Array([1]) },
    ];
    const seen: number[] = [];
    const queued = engine.createVertices([{}, {}, {}]); // submitted first: applies first
    const resolved = engine.submitResolving(operations, (firstId) => {
      seen.push(firstId);
      edge.sourceVertex += firstId;
      edge.targetVertex += firstId;
      (operations[3] as { id: number }).id += firstId;
    });
    await queued;
    const { createdIds } = await resolved;
    assert.deepEqual(seen, [4]);
    assert.deepEqual(createdIds, [4, 5, 6]);
    assert.deepEqual([engine.edgeSource(6), engine.edgeTarget(6)], [4, 5]);
    assert.deepEqual(Array.from(engine.graph.embeddings.read(6, 'v')!.vector), [1]);
  });

  it('roll back alone when the resolver throws; the writer goes on', async () => {
    const engine = new Engine();
    const failing = engine.submitResolving([{ kind: 'createVertex', input: {} }], () => {
      throw new Error('no ids');
    });
    const next = engine.createVertex();
    await assert.rejects(
      failing,
      (error: unknown) => error instanceof EngineError && error.code === 'WRITER_FAULT',
    );
    assert.equal(await next, 0);
    const refused = engine.submitResolving([{ kind: 'createVertex', input: {} }], () => {
      throw new EngineError('IMPORT_INTERRUPTED', 'moved');
    });
    await assert.rejects(
      refused,
      (error: unknown) => error instanceof EngineError && error.code === 'IMPORT_INTERRUPTED',
    );
    assert.equal(engine.vertexCount, 1);
  });

  it('a compaction hold lets waste grow to its ratio, then queues one compaction when released', async () => {
    const engine = new Engine();
    const vertices = await engine.createVertices(Array.from({ length: 2000 }, () => ({})));
    // Growing records leave blocks behind: enough edges to pass the usual waste threshold many times.
    const grow = async (rounds: number) => {
      for (let round = 0; round < rounds; round++) {
        await engine.createEdges(
          vertices.map((source, i) => ({
            sourceVertex: source,
            targetVertex: vertices[(i * 7 + round) % 2000],
            edgePropertyId: 'e',
          })),
        );
      }
    };
    const release = engine.holdCompaction(Infinity);
    const pool = engine.graph.adjacencyPool;
    await grow(300);
    assert.equal(engine.graph.adjacencyPool, pool, 'no compaction while held without bound');
    assert.ok(
      pool.wastedWords > pool.liveWords * 0.5 && pool.wastedWords >= 1 << 20,
      'the usual ratio would have compacted',
    );
    release();
    release(); // idempotent
    await engine.flush();
    await engine.flush();
    assert.notEqual(engine.graph.adjacencyPool, pool, 'one compaction after the release');
    assert.ok(engine.graph.adjacencyPool.wastedWords < pool.wastedWords);
  });

  it('see the id-space generation change on a clear and a renumbering trim, not on other writes', async () => {
    const engine = new Engine();
    const generation = () => engine.graph.idSpaceGeneration;
    const start = generation();
    const [a] = await engine.createVertices([{}, {}, {}]);
    await engine.setProperty(a, 'k', { type: 'Int32', value: 1 });
    await engine.trim(); // nothing removed: nothing renumbered
    assert.equal(generation(), start);
    await engine.removeElement(a);
    await engine.trim();
    assert.equal(generation(), start + 1);
    await engine.clear();
    assert.equal(generation(), start + 2);
  });
});
