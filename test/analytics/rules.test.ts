/**
 * One hand-worked case per rule of docs/analytics.md, "Algorithms": scope, each algorithm's handling of
 * direction, parallel edges, self-loops and dangling vertices, convergence and caps, the budget clock's
 * check points, and the rows a route answers from a result.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  partitionMembers,
  partitionRows,
  topScoreRows,
  type AnalyticsOutcome,
  type PartitionResult,
  type ScoreResult,
} from '../../src/analytics/index.js';
import { buildGraph, countingClock, runKernel, stopAfter, valuesOf, type GraphSpec } from './support.js';

type EdgeList = [number, number, string?][];

/** A graph of unlabelled (or labelled) vertices 0..n-1 and the edges given, type 'a' unless named. */
async function graph(labels: number | (string | null)[], edges: EdgeList, removed: Partial<GraphSpec> = {}) {
  const spec: GraphSpec = {
    labels: typeof labels === 'number' ? Array.from({ length: labels }, () => null) : labels,
    edges: edges.map(([from, to, type]) => ({ from, to, type: type ?? 'a' })),
    removedVertices: removed.removedVertices ?? [],
    removedEdges: removed.removedEdges ?? [],
  };
  return (await buildGraph(spec)).engine;
}

function scores(outcome: AnalyticsOutcome): number[] {
  return [...valuesOf(outcome).values()];
}

function close(actual: number[], expected: number[]): void {
  assert.equal(actual.length, expected.length);
  actual.forEach((value, index) =>
    assert.ok(Math.abs(value - expected[index]) < 1e-12, `${value} vs ${expected}`),
  );
}

function scoreResult(outcome: AnalyticsOutcome): ScoreResult {
  assert.ok(outcome.usable && outcome.kind === 'scores');
  return outcome;
}

function partitionResult(outcome: AnalyticsOutcome): PartitionResult {
  assert.ok(outcome.usable && outcome.kind === 'partitions');
  return outcome;
}

describe('analytics scope', () => {
  it('a label scope is the induced subgraph: only edges between two vertices of that label count', async () => {
    const engine = await graph(
      ['P', 'P', 'Q', null],
      [
        [0, 1],
        [1, 2],
        [2, 0],
        [3, 0],
      ],
    );
    const outcome = runKernel(engine, 'DEGREE', { vertexLabel: 'P' });
    assert.deepEqual(
      valuesOf(outcome),
      new Map([
        [0, 1],
        [1, 1],
      ]),
    );
    assert.equal(outcome.usable && outcome.vertexCount, 2);
  });

  it('an edge-type scope keeps only edges of that type; without one every type counts', async () => {
    const engine = await graph(3, [
      [0, 1, 'a'],
      [0, 1, 'b'],
      [1, 2, 'c'],
    ]);
    assert.deepEqual(scores(runKernel(engine, 'DEGREE', { edgePropertyId: 'b' })), [1, 1, 0]);
    assert.deepEqual(scores(runKernel(engine, 'DEGREE', {})), [2, 3, 1]);
  });

  it('removed vertices and edges are skipped', async () => {
    const engine = await graph(
      4,
      [
        [0, 1],
        [1, 2],
        [2, 3],
      ],
      { removedVertices: [3], removedEdges: [0] },
    );
    const outcome = runKernel(engine, 'DEGREE', {});
    assert.deepEqual(
      valuesOf(outcome),
      new Map([
        [0, 0],
        [1, 1],
        [2, 1],
      ]),
    );
  });

  it('a label or edge type the graph never had gives an empty scope: no vertices, zero iterations', async () => {
    const engine = await graph(['P', 'P'], [[0, 1]]);
    for (const algorithm of ['PAGERANK', 'WCC', 'LABELPROPAGATION', 'DEGREE', 'TRIANGLECOUNT'] as const) {
      const outcome = runKernel(engine, algorithm, { vertexLabel: 'Nobody' });
      assert.ok(outcome.usable);
      assert.equal(outcome.vertexCount, 0);
      assert.equal(outcome.iterationsRun, 0);
      assert.equal(outcome.converged, true);
    }
    assert.deepEqual(scores(runKernel(engine, 'DEGREE', { edgePropertyId: 'nothing' })), [0, 0]);
  });
});

describe('PAGERANK', () => {
  it('one round: d * pushed + (1 - d) / n + d * danglingMass / n, along out-edges by default', async () => {
    const engine = await graph(2, [[0, 1]]);
    const outcome = runKernel(engine, 'PAGERANK', {}, { maxIterations: 1 });
    // 0 pushes 0.5 to 1; 1 is dangling and spreads its 0.5 over both.
    close(scores(outcome), [0.075 + 0.2125, 0.85 * 0.5 + 0.075 + 0.2125]);
    assert.equal(outcome.usable && outcome.converged, false);
  });

  it('direction in pushes rank along in-edges, both along both', async () => {
    const engine = await graph(2, [[0, 1]]);
    close(scores(runKernel(engine, 'PAGERANK', { direction: 'in' }, { maxIterations: 1 })), [0.7125, 0.2875]);
    close(scores(runKernel(engine, 'PAGERANK', { direction: 'both' }, { maxIterations: 1 })), [0.5, 0.5]);
  });

  it('parallel edges each carry rank and a self-loop feeds back', async () => {
    // 0 has out-degree 4 (two edges to 1, a self-loop, one to 2); 1 and 2 are dangling. d = 1 keeps it exact.
    const engine = await graph(3, [
      [0, 1],
      [0, 1],
      [0, 0],
      [0, 2],
    ]);
    const outcome = runKernel(engine, 'PAGERANK', {}, { dampingFactor: 1, maxIterations: 1 });
    const share = 1 / 3 / 4;
    const dangling = 2 / 3 / 3;
    close(scores(outcome), [share + dangling, 2 * share + dangling, share + dangling]);
  });

  it('converges below epsilon, scores sum to 1, statistics are empty', async () => {
    const engine = await graph(4, [
      [0, 1],
      [1, 2],
      [2, 0],
      [3, 0],
    ]);
    const outcome = runKernel(engine, 'PAGERANK', {});
    assert.ok(outcome.usable && outcome.converged && outcome.iterationsRun < 100);
    assert.ok(Math.abs(scores(outcome).reduce((a, b) => a + b, 0) - 1) < 1e-12);
    assert.deepEqual(outcome.usable && outcome.statistics, {});
  });

  it('maxIterations 0 is the default 100; a run that cannot converge stops there, converged false', async () => {
    const engine = await graph(2, [[0, 1]]);
    const outcome = runKernel(engine, 'PAGERANK', {}, { epsilon: 0, maxIterations: 0 });
    assert.equal(outcome.usable && outcome.iterationsRun, 100);
    assert.equal(outcome.usable && outcome.converged, false);
  });

  it('knobs out of range are refused with the knob named', async () => {
    const engine = await graph(2, [[0, 1]]);
    assert.throws(() => runKernel(engine, 'PAGERANK', {}, { maxIterations: 10_001 }), /maxIterations/);
    assert.throws(() => runKernel(engine, 'PAGERANK', {}, { dampingFactor: 1.5 }), /dampingFactor/);
    assert.throws(() => runKernel(engine, 'PAGERANK', {}, { epsilon: -1 }), /epsilon/);
  });
});

describe('WCC', () => {
  it('component id is the smallest member id, direction is ignored, ComponentCount counts them', async () => {
    const engine = await graph(6, [
      [3, 1],
      [1, 4],
      [5, 2],
    ]);
    for (const direction of ['out', 'in', 'both'] as const) {
      const outcome = runKernel(engine, 'WCC', { direction });
      assert.deepEqual(scores(outcome), [0, 1, 2, 1, 1, 2]);
      assert.deepEqual(outcome.usable && outcome.statistics, { ComponentCount: 3 });
      assert.equal(outcome.usable && outcome.iterationsRun, 1);
    }
  });
});

describe('LABELPROPAGATION', () => {
  it('the most frequent neighbour label wins, each parallel edge a vote, ties to the smallest label', async () => {
    // 0: two edges to 2, one to 1 -> 2; 3: one edge to 1 and one to 2 -> tie -> 1.
    const engine = await graph(4, [
      [0, 2],
      [0, 2],
      [0, 1],
      [3, 1],
      [3, 2],
    ]);
    const outcome = runKernel(engine, 'LABELPROPAGATION', { direction: 'out' }, { maxIterations: 1 });
    assert.deepEqual(scores(outcome), [2, 1, 2, 1]);
  });

  it('a self-loop does not vote and a vertex without in-scope neighbours keeps its label', async () => {
    const engine = await graph(3, [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 1],
      [2, 2],
    ]);
    const outcome = runKernel(engine, 'LABELPROPAGATION', {}, { maxIterations: 1 });
    assert.deepEqual(scores(outcome), [1, 0, 2]);
  });

  it('rounds are synchronous; the round without change ends the run and is counted', async () => {
    const engine = await graph(3, [
      [0, 1],
      [1, 2],
      [2, 0],
    ]);
    // Round 1 from [0,1,2]: [1,0,0]; round 2: [0,0,0]; round 3 changes nothing.
    const outcome = runKernel(engine, 'LABELPROPAGATION', {});
    assert.deepEqual(scores(outcome), [0, 0, 0]);
    assert.equal(outcome.usable && outcome.iterationsRun, 3);
    assert.equal(outcome.usable && outcome.converged, true);
    assert.deepEqual(outcome.usable && outcome.statistics, { CommunityCount: 1 });
  });

  it('an oscillating graph runs to the cap (default 20), converged false', async () => {
    const engine = await graph(2, [[0, 1]]);
    const outcome = runKernel(engine, 'LABELPROPAGATION', {});
    assert.equal(outcome.usable && outcome.iterationsRun, 20);
    assert.equal(outcome.usable && outcome.converged, false);
    assert.deepEqual(scores(outcome), [0, 1]);
  });
});

describe('DEGREE', () => {
  it('parallel edges count each; a self-loop counts once per direction walked', async () => {
    const engine = await graph(3, [
      [0, 0],
      [0, 1],
      [0, 1],
      [2, 0],
    ]);
    assert.deepEqual(scores(runKernel(engine, 'DEGREE', {})), [5, 2, 1]);
    assert.deepEqual(scores(runKernel(engine, 'DEGREE', { direction: 'out' })), [3, 0, 1]);
    assert.deepEqual(scores(runKernel(engine, 'DEGREE', { direction: 'in' })), [2, 2, 0]);
    const outcome = runKernel(engine, 'DEGREE', {});
    assert.deepEqual(outcome.usable && outcome.statistics, { Min: 1, Max: 5, Mean: 8 / 3 });
  });
});

describe('TRIANGLECOUNT', () => {
  it('counts triangles of the simple undirected view: parallel edges once, self-loops never', async () => {
    const engine = await graph(4, [
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 2],
      [2, 3],
    ]);
    const outcome = runKernel(engine, 'TRIANGLECOUNT', { direction: 'out' });
    assert.deepEqual(scores(outcome), [1, 1, 1, 0]);
    assert.deepEqual(outcome.usable && outcome.statistics, { TriangleCount: 1 });
  });

  it('K4 has four triangles, three at each vertex', async () => {
    const engine = await graph(4, [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    const outcome = runKernel(engine, 'TRIANGLECOUNT', {});
    assert.deepEqual(scores(outcome), [3, 3, 3, 3]);
    assert.deepEqual(outcome.usable && outcome.statistics, { TriangleCount: 4 });
  });
});

describe('analytics budget clock', () => {
  it('is asked at the first vertex of every pass and every 4096 vertices after', async () => {
    const engine = await graph(10_000, [[0, 1]]);
    const clock = countingClock();
    runKernel(engine, 'PAGERANK', {}, { maxIterations: 1 }, clock.shouldStop);
    // Scope pass, adjacency pass and one round, each over 10,000 vertices: checks at 0, 4096 and 8192.
    assert.equal(clock.calls(), 9);
  });

  it('an iterative run stopped in its first round has no usable result; later, the last full round', async () => {
    const engine = await graph(10_000, [[0, 1]]);
    const knobs = { maxIterations: 2, epsilon: 0 };
    assert.deepEqual(runKernel(engine, 'PAGERANK', {}, knobs, stopAfter(8)), {
      usable: false,
      algorithm: 'PAGERANK',
    });
    const oneRound = runKernel(engine, 'PAGERANK', {}, { maxIterations: 1, epsilon: 0 });
    for (const calls of [9, 10, 11]) {
      const stopped = runKernel(engine, 'PAGERANK', {}, knobs, stopAfter(calls));
      assert.ok(stopped.usable && stopped.budgetExhausted && !stopped.converged);
      assert.equal(stopped.iterationsRun, 1);
      assert.deepEqual(valuesOf(stopped), valuesOf(oneRound));
    }
    const full = runKernel(engine, 'PAGERANK', {}, knobs, stopAfter(12));
    assert.ok(full.usable && !full.budgetExhausted && full.iterationsRun === 2);
  });

  it('a single-pass algorithm stopped anywhere has no usable result', async () => {
    const engine = await graph(10_000, [[0, 1]]);
    assert.deepEqual(runKernel(engine, 'WCC', {}, {}, stopAfter(5)), { usable: false, algorithm: 'WCC' });
    assert.ok(runKernel(engine, 'WCC', {}, {}, stopAfter(6)).usable);
  });
});

describe('analytics rows', () => {
  it('top scores: score descending, ascending id on ties, offset and maxResults page them', async () => {
    const engine = await graph(5, [
      [0, 1],
      [2, 1],
      [3, 4],
      [1, 4],
    ]);
    const result = scoreResult(runKernel(engine, 'DEGREE', {}));
    // Degrees: 0:1, 1:3, 2:1, 3:1, 4:2.
    assert.deepEqual(topScoreRows(result, 10), [
      { vertexId: 1, score: 3 },
      { vertexId: 4, score: 2 },
      { vertexId: 0, score: 1 },
      { vertexId: 2, score: 1 },
      { vertexId: 3, score: 1 },
    ]);
    assert.deepEqual(topScoreRows(result, 2, 2), [
      { vertexId: 0, score: 1 },
      { vertexId: 2, score: 1 },
    ]);
    assert.deepEqual(topScoreRows(result, 0), []);
  });

  it('partitions: size descending, ascending id on ties; members ascending', async () => {
    const engine = await graph(7, [
      [4, 5],
      [5, 6],
      [1, 2],
    ]);
    const result = partitionResult(runKernel(engine, 'WCC', {}));
    assert.deepEqual(partitionRows(result, 10), [
      { partitionId: 4, size: 3 },
      { partitionId: 1, size: 2 },
      { partitionId: 0, size: 1 },
      { partitionId: 3, size: 1 },
    ]);
    assert.deepEqual(partitionRows(result, 1, 1), [{ partitionId: 1, size: 2 }]);
    assert.deepEqual([...partitionMembers(result, 4)], [4, 5, 6]);
    assert.deepEqual([...partitionMembers(result, 5)], []);
  });
});
