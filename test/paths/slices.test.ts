/**
 * How a search shares the event loop and stops (src/paths/slices.ts, find.ts): it yields between slices,
 * a deadline or an aborted signal stops it with PathBudgetExhausted, and writes that land between slices
 * never leave a removed edge in the answer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPaths } from '../../src/paths/find.js';
import { PathBudgetExhausted } from '../../src/paths/model.js';
import type { Engine } from '../../src/index.js';
import { buildGraph } from './support.js';

/** 0 and 1 joined through `middles` two-hop routes (vertex ids 2..),. */
async function fan(middles: number): Promise<Engine> {
  const edges = [];
  for (let m = 0; m < middles; m++) edges.push({ from: 0, to: 2 + m }, { from: 2 + m, to: 1 });
  return buildGraph(2 + middles, edges);
}

describe('searches in slices', () => {
  it('yields the event loop while a long search runs', async () => {
    const engine = await fan(20_000);
    let turns = 0;
    let searching = true;
    const count = () => {
      turns++;
      if (searching) setImmediate(count);
    };
    setImmediate(count);
    const paths = await findPaths(engine, 0, 1, { algorithm: 'DIJKSTRA', maxResults: 50 }, { sliceMs: 0 });
    searching = false;
    assert.equal(paths.length, 50);
    assert.ok(turns > 1, `the loop turned ${turns} times during the search`);
  });

  it('stops with PathBudgetExhausted (deadline) once the deadline has passed', async () => {
    const engine = await fan(20_000);
    await assert.rejects(
      findPaths(engine, 0, 1, {}, { deadlineMs: performance.now(), budgetSeconds: 0 }),
      (error: unknown) => error instanceof PathBudgetExhausted && error.reason === 'deadline',
    );
  });

  it('stops with PathBudgetExhausted (aborted) when its signal aborts', async () => {
    const engine = await fan(20_000);
    const controller = new AbortController();
    setImmediate(() => controller.abort());
    await assert.rejects(
      findPaths(
        engine,
        0,
        1,
        { algorithm: 'DIJKSTRA', maxResults: 1000 },
        { signal: controller.signal, sliceMs: 0 },
      ),
      (error: unknown) => error instanceof PathBudgetExhausted && error.reason === 'aborted',
    );
  });

  it('never answers a path whose edge was removed while the search yielded', async () => {
    const engine = await fan(20_000);
    // Remove a spread of middles' edges while the search runs.
    const removed = new Set<number>();
    for (let m = 0; m < 20_000; m += 97) removed.add(20_002 + 2 * m + 1);
    const removal = engine.removeElements([...removed]);
    const paths = await findPaths(engine, 0, 1, {}, { sliceMs: 0 });
    await removal;
    assert.ok(paths.length > 0);
    for (const path of paths) {
      for (const step of path.pathElements) {
        assert.ok(!removed.has(step.edgeId), `edge ${step.edgeId} was removed`);
        assert.ok(engine.graph.isEdge(step.edgeId));
      }
    }
  });
});
