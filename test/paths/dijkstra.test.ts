/**
 * DIJKSTRA on hand-built graphs whose K least-weight paths are known (docs/paths.md, "Algorithms"): the cost
 * rules, K-shortest order and its ties, parallel edges, the inclusive weight cap, clamped and untraversable
 * costs, maxDepth during the search, and which vertices the filter tests.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPathsSync } from '../../src/paths/find.js';
import type { PathQuery } from '../../src/paths/model.js';
import { buildGraph, routes, vertexRoutes } from './support.js';

const dijkstra = (query: PathQuery = {}): PathQuery => ({ algorithm: 'DIJKSTRA', ...query });

/** Edge costs by edge id. */
const costs = (byEdge: Record<number, number>) => ({ edgeCost: (edge: number) => byEdge[edge] ?? 1 });

describe('DIJKSTRA', () => {
  it('with no costs each edge costs 1 and each vertex 0: the weight counts hops', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 1 },
      { from: 2, to: 1 },
    ]);
    assert.deepEqual(findPathsSync(engine, 0, 2, dijkstra()), [
      {
        pathElements: [
          { sourceVertexId: 0, targetVertexId: 1, edgeId: 3, edgePropertyId: 'e', direction: 1, weight: 1 },
          { sourceVertexId: 1, targetVertexId: 2, edgeId: 4, edgePropertyId: 'e', direction: 0, weight: 1 },
        ],
        totalWeight: 2,
      },
    ]);
  });

  it('charges edge cost plus the cost of the vertex each step reaches (never the start)', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    const [path] = findPathsSync(
      engine,
      0,
      2,
      dijkstra({ edgeCost: (e) => (e === 3 ? 0.5 : 2), vertexCost: (v) => [100, 10, 1][v] }),
    );
    assert.deepEqual(
      path.pathElements.map((step) => step.weight),
      [10.5, 3],
    );
    assert.equal(path.totalWeight, 13.5);
  });

  it('returns the K least-weight loop-free paths in non-decreasing weight order', async () => {
    // 0 -> 3 by five routes: direct (10), via 1 (2 + 2), via 2 (1 + 5), via 1 and 2 (2 + 1 + 5), via 2
    // and 1 (1 + 1 + 2).
    const engine = await buildGraph(4, [
      { from: 0, to: 3 }, // 4: 10
      { from: 0, to: 1 }, // 5: 2
      { from: 1, to: 3 }, // 6: 2
      { from: 0, to: 2 }, // 7: 1
      { from: 2, to: 3 }, // 8: 5
      { from: 1, to: 2 }, // 9: 1
    ]);
    const weights = costs({ 4: 10, 5: 2, 6: 2, 7: 1, 8: 5, 9: 1 });
    const paths = findPathsSync(engine, 0, 3, dijkstra({ ...weights, maxResults: 10 }));
    // Two routes weigh 4: the one with fewer hops comes first.
    assert.deepEqual(
      paths.map((p) => [vertexRoutes([p])[0], p.totalWeight]),
      [
        [[0, 1, 3], 4],
        [[0, 2, 1, 3], 4],
        [[0, 2, 3], 6],
        [[0, 1, 2, 3], 8],
        [[0, 3], 10],
      ],
    );
    assert.deepEqual(
      findPathsSync(engine, 0, 3, dijkstra({ ...weights, maxResults: 1 })).map((p) => p.totalWeight),
      [4],
      'K = 1 is the single least-weight path',
    );
  });

  it('gives each parallel edge its own path and settles equal weights by hops, then step sequence', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 2 }, // 3
      { from: 2, to: 0 }, // 4
      { from: 0, to: 1 }, // 5
      { from: 1, to: 2 }, // 6
    ]);
    const paths = findPathsSync(engine, 0, 2, dijkstra({ ...costs({ 3: 2, 4: 2 }), maxResults: 5 }));
    assert.deepEqual(routes(paths), ['3>', '4<', '5> 6>']);
    assert.deepEqual(
      paths.map((p) => p.totalWeight),
      [2, 2, 2],
    );
  });

  it('includes a path whose weight equals maxPathWeight and excludes anything heavier', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 2 },
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    const query = dijkstra({ ...costs({ 3: 3, 4: 1.25, 5: 1.25 }), maxResults: 5 });
    assert.deepEqual(
      findPathsSync(engine, 0, 2, { ...query, maxPathWeight: 2.5 }).map((p) => p.totalWeight),
      [2.5],
    );
    assert.deepEqual(
      findPathsSync(engine, 0, 2, { ...query, maxPathWeight: 3 }).map((p) => p.totalWeight),
      [2.5, 3],
    );
    assert.deepEqual(findPathsSync(engine, 0, 2, { ...query, maxPathWeight: 2.4999 }), []);
  });

  it('clamps a negative step cost to 0', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 0, to: 2 },
    ]);
    const [best] = findPathsSync(
      engine,
      0,
      2,
      dijkstra({ edgeCost: (e) => (e === 3 ? -5 : e === 5 ? 0.75 : 0.5), vertexCost: 0 }),
    );
    assert.deepEqual(
      best.pathElements.map((step) => step.weight),
      [0, 0.5],
    );
    assert.equal(best.totalWeight, 0.5);
  });

  it('never steps across a NaN or infinite cost', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 2 },
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    const paths = findPathsSync(
      engine,
      0,
      2,
      dijkstra({
        edgeCost: (e) => (e === 3 ? Number.NaN : e === 4 ? Number.POSITIVE_INFINITY : 1),
        maxResults: 5,
      }),
    );
    assert.deepEqual(paths, []);
  });

  it('enforces maxDepth during the search: a lighter route with too many hops does not hide one that fits', async () => {
    // 0-1-2-3 costs 3 in 3 hops; 0-3 costs 100 in one hop.
    const engine = await buildGraph(4, [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
      { from: 0, to: 3 },
    ]);
    const weights = costs({ 7: 100 });
    assert.deepEqual(vertexRoutes(findPathsSync(engine, 0, 3, dijkstra({ ...weights, maxResults: 1 }))), [
      [0, 1, 2, 3],
    ]);
    assert.deepEqual(
      vertexRoutes(findPathsSync(engine, 0, 3, dijkstra({ ...weights, maxResults: 1, maxDepth: 2 }))),
      [[0, 3]],
    );
    // The same inside a path: reaching 2 cheaply takes two hops, the one-hop way costs more.
    const inner = await buildGraph(4, [
      { from: 0, to: 1 }, // 4: 1
      { from: 1, to: 2 }, // 5: 1
      { from: 0, to: 2 }, // 6: 10
      { from: 2, to: 3 }, // 7: 1
    ]);
    const innerWeights = costs({ 6: 10 });
    assert.deepEqual(
      vertexRoutes(findPathsSync(inner, 0, 3, dijkstra({ ...innerWeights, maxDepth: 2, maxResults: 3 }))),
      [[0, 2, 3]],
    );
    assert.deepEqual(findPathsSync(inner, 0, 3, dijkstra({ maxDepth: 0 })), []);
  });

  describe('vertex filter: every vertex a step reaches, never the start', () => {
    it('never tests the start vertex', async () => {
      const engine = await buildGraph(3, [
        { from: 0, to: 1 },
        { from: 1, to: 2 },
      ]);
      assert.equal(findPathsSync(engine, 0, 2, dijkstra({ vertexFilter: (v) => v !== 0 })).length, 1);
    });

    it('tests the target like every vertex a step reaches: a target that fails is unreachable', async () => {
      const engine = await buildGraph(2, [{ from: 0, to: 1 }]);
      assert.deepEqual(findPathsSync(engine, 0, 1, dijkstra({ vertexFilter: (v) => v !== 1 })), []);
    });

    it('tests intermediate vertices', async () => {
      const engine = await buildGraph(4, [
        { from: 0, to: 1 },
        { from: 1, to: 3 },
        { from: 0, to: 2 },
        { from: 2, to: 3 },
      ]);
      assert.deepEqual(
        vertexRoutes(findPathsSync(engine, 0, 3, dijkstra({ vertexFilter: (v) => v !== 1, maxResults: 5 }))),
        [[0, 2, 3]],
      );
    });
  });

  it('applies the edge-type and edge filters to every step', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 2, type: 'rail' },
      { from: 0, to: 1, type: 'road' },
      { from: 1, to: 2, type: 'road' },
      { from: 1, to: 2, type: 'road' },
    ]);
    const paths = findPathsSync(
      engine,
      0,
      2,
      dijkstra({ edgePropertyFilter: (type) => type === 'road', edgeFilter: (e) => e !== 5, maxResults: 9 }),
    );
    assert.deepEqual(routes(paths), ['4> 6>']);
  });
});
