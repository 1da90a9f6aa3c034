/**
 * BLS on hand-built graphs whose every fewest-hop path is known (docs/paths.md, "Algorithms"): directions,
 * parallel edges, cycles, self-loops, ties and their order, maxDepth and maxResults, the filter rules on end
 * and intermediate vertices, and the empty answers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPathsSync } from '../../src/paths/find.js';
import type { PathQuery } from '../../src/paths/model.js';
import { buildGraph, routes, vertexRoutes } from './support.js';

const bls = (query: PathQuery = {}): PathQuery => ({ algorithm: 'BLS', ...query });

describe('BLS', () => {
  it('walks an edge with its direction as 1 and against it as 0, hop ends in walking order', async () => {
    // 0 -> 1 <- 2 -> 3: the path 0..3 walks edge 5 against its stored direction.
    const engine = await buildGraph(4, [
      { from: 0, to: 1 },
      { from: 2, to: 1 },
      { from: 2, to: 3 },
    ]);
    const paths = findPathsSync(engine, 0, 3, bls());
    assert.deepEqual(paths, [
      {
        pathElements: [
          { sourceVertexId: 0, targetVertexId: 1, edgeId: 4, edgePropertyId: 'e', direction: 1, weight: 0 },
          { sourceVertexId: 1, targetVertexId: 2, edgeId: 5, edgePropertyId: 'e', direction: 0, weight: 0 },
          { sourceVertexId: 2, targetVertexId: 3, edgeId: 6, edgePropertyId: 'e', direction: 1, weight: 0 },
        ],
        totalWeight: 0,
      },
    ]);
    // The same path walked the other way.
    assert.deepEqual(routes(findPathsSync(engine, 3, 0, bls())), ['6< 5> 4<']);
  });

  it('gives each parallel edge its own path, in ascending edge id then direction', async () => {
    const engine = await buildGraph(2, [
      { from: 1, to: 0, type: 'b' },
      { from: 0, to: 1, type: 'a' },
      { from: 0, to: 1, type: 'b' },
    ]);
    const paths = findPathsSync(engine, 0, 1, bls());
    assert.deepEqual(routes(paths), ['2<', '3>', '4>']);
    assert.deepEqual(
      paths.map((p) => p.pathElements[0].edgePropertyId),
      ['b', 'a', 'b'],
    );
  });

  it('returns only the fewest-hop paths: every route around a cycle of that length, none longer', async () => {
    // A square 0-1-2-3-0 and a long detour 0-4-5-2.
    const engine = await buildGraph(6, [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
      { from: 3, to: 0 },
      { from: 0, to: 4 },
      { from: 4, to: 5 },
      { from: 5, to: 2 },
    ]);
    assert.deepEqual(vertexRoutes(findPathsSync(engine, 0, 2, bls())), [
      [0, 1, 2],
      [0, 3, 2],
    ]);
  });

  it('never takes a self-loop', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 0 },
      { from: 0, to: 1 },
      { from: 1, to: 1 },
      { from: 1, to: 2 },
    ]);
    assert.deepEqual(routes(findPathsSync(engine, 0, 2, bls())), ['4> 6>']);
  });

  it('orders tied paths by their step sequences and cuts them at maxResults', async () => {
    // Three middles, each reached by two parallel edges from 0 and one edge to 4: six 2-hop paths.
    const edges = [];
    for (const middle of [1, 2, 3]) edges.push({ from: 0, to: middle }, { from: middle, to: 0 });
    for (const middle of [3, 2, 1]) edges.push({ from: middle, to: 4 });
    const engine = await buildGraph(5, edges);
    const all = routes(findPathsSync(engine, 0, 4, bls()));
    assert.deepEqual(all, ['5> 13>', '6< 13>', '7> 12>', '8< 12>', '9> 11>', '10< 11>']);
    assert.deepEqual(routes(findPathsSync(engine, 0, 4, bls({ maxResults: 4 }))), all.slice(0, 4));
    assert.deepEqual(routes(findPathsSync(engine, 0, 4, bls({ maxResults: 1 }))), all.slice(0, 1));
  });

  it('enforces maxDepth: a path of exactly maxDepth edges is found, one edge more is not', async () => {
    const engine = await buildGraph(4, [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
    ]);
    assert.deepEqual(findPathsSync(engine, 0, 3, bls({ maxDepth: 2 })), []);
    assert.deepEqual(routes(findPathsSync(engine, 0, 3, bls({ maxDepth: 3 }))), ['4> 5> 6>']);
    assert.equal(findPathsSync(engine, 0, 3, bls()).length, 1, 'default maxDepth 7');
    assert.deepEqual(findPathsSync(engine, 0, 1, bls({ maxDepth: 0 })), [], 'maxDepth 0 finds nothing');
  });

  it('applies the default maxDepth of 7', async () => {
    const chain = Array.from({ length: 8 }, (_, i) => ({ from: i, to: i + 1 }));
    const engine = await buildGraph(9, chain);
    assert.equal(findPathsSync(engine, 0, 7, bls()).length, 1);
    assert.deepEqual(findPathsSync(engine, 0, 8, bls()), []);
    assert.equal(findPathsSync(engine, 0, 8, bls({ maxDepth: 8 })).length, 1);
  });

  it('answers [] for the same vertex twice, a missing or removed vertex, an edge id, maxResults 0, an unknown algorithm', async () => {
    const engine = await buildGraph(3, [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ]);
    assert.deepEqual(findPathsSync(engine, 1, 1, bls()), []);
    assert.deepEqual(findPathsSync(engine, 0, 99, bls()), []);
    assert.deepEqual(findPathsSync(engine, -1, 2, bls()), []);
    assert.deepEqual(findPathsSync(engine, 0, 3, bls()), [], 'id 3 is an edge');
    assert.deepEqual(findPathsSync(engine, 0, 2, bls({ maxResults: 0 })), []);
    assert.deepEqual(findPathsSync(engine, 0, 2, { algorithm: 'bls' }), [], 'names match exactly');
    assert.deepEqual(findPathsSync(engine, 0, 2, { algorithm: 'ASTAR' }), []);
    assert.equal(findPathsSync(engine, 0, 2, { algorithm: null }).length, 1, 'null means BLS');
    await engine.removeElement(2);
    assert.deepEqual(findPathsSync(engine, 0, 2, bls()), []);
  });

  describe('vertex filter on end vertices: tested only for a one-hop path', () => {
    const only = (...passing: number[]) => ({ vertexFilter: (v: number) => passing.includes(v) });

    it('never tests either end of a path of two or more hops', async () => {
      const engine = await buildGraph(3, [
        { from: 0, to: 1 },
        { from: 1, to: 2 },
      ]);
      assert.deepEqual(routes(findPathsSync(engine, 0, 2, bls(only(1)))), ['3> 4>']);
      assert.deepEqual(findPathsSync(engine, 0, 2, bls(only(0, 2))), [], 'the intermediate vertex must pass');
    });

    it('finds a one-hop path when the target passes, at any maxDepth', async () => {
      const engine = await buildGraph(2, [{ from: 0, to: 1 }]);
      assert.equal(findPathsSync(engine, 0, 1, bls({ ...only(1), maxDepth: 1 })).length, 1);
      assert.equal(findPathsSync(engine, 0, 1, bls({ ...only(1), maxDepth: 2 })).length, 1);
    });

    it('with maxDepth 1 a one-hop path needs the target to pass; from maxDepth 2 the start passing is enough', async () => {
      const engine = await buildGraph(2, [{ from: 0, to: 1 }]);
      assert.deepEqual(findPathsSync(engine, 0, 1, bls({ ...only(0), maxDepth: 1 })), []);
      assert.equal(findPathsSync(engine, 0, 1, bls({ ...only(0), maxDepth: 2 })).length, 1);
      assert.deepEqual(
        findPathsSync(engine, 0, 1, bls({ ...only(), maxDepth: 7 })),
        [],
        'neither end passes',
      );
    });

    it('falls back to a longer path when the one-hop path is not admitted', async () => {
      // 0 - 1 directly, and 0 - 2 - 1: only 2 passes, so the two-hop path is the fewest-hop admitted one.
      const engine = await buildGraph(3, [
        { from: 0, to: 1 },
        { from: 0, to: 2 },
        { from: 2, to: 1 },
      ]);
      assert.deepEqual(routes(findPathsSync(engine, 0, 1, bls(only(2)))), ['4> 5>']);
    });

    it('routes around an intermediate vertex that fails', async () => {
      const engine = await buildGraph(5, [
        { from: 0, to: 1 },
        { from: 1, to: 4 },
        { from: 0, to: 2 },
        { from: 2, to: 3 },
        { from: 3, to: 4 },
      ]);
      assert.deepEqual(vertexRoutes(findPathsSync(engine, 0, 4, bls())), [[0, 1, 4]]);
      assert.deepEqual(vertexRoutes(findPathsSync(engine, 0, 4, bls(only(2, 3)))), [[0, 2, 3, 4]]);
    });
  });

  describe('edge filters', () => {
    it('drop edges of refused types and refused edges; the type filter is asked first, once per type', async () => {
      const engine = await buildGraph(3, [
        { from: 0, to: 1, type: 'road' },
        { from: 0, to: 1, type: 'rail' },
        { from: 1, to: 2, type: 'road' },
        { from: 1, to: 2, type: 'road' },
      ]);
      const typesAsked: string[] = [];
      const edgesAsked: number[] = [];
      const paths = findPathsSync(
        engine,
        0,
        2,
        bls({
          edgePropertyFilter: (type) => {
            typesAsked.push(type);
            return type === 'road';
          },
          edgeFilter: (edge) => {
            edgesAsked.push(edge);
            return edge !== 6;
          },
        }),
      );
      assert.deepEqual(routes(paths), ['3> 5>']);
      assert.deepEqual([...new Set(typesAsked)].sort(), ['rail', 'road']);
      assert.equal(typesAsked.length, 2, 'each type asked once');
      assert.ok(!edgesAsked.includes(4), 'the rail edge never reaches the edge filter');
    });
  });

  it('finds every path through a hub whose adjacency spans several work slices', async () => {
    // 0 and 1 share 5000 middles: 5000 two-hop paths; the expansion of 0 pauses inside its adjacency.
    const middles = 5000;
    const edges = [];
    for (let m = 0; m < middles; m++) edges.push({ from: 0, to: 2 + m }, { from: 2 + m, to: 1 });
    const engine = await buildGraph(2 + middles, edges);
    const filtered = findPathsSync(engine, 0, 1, bls({ edgeFilter: () => true }));
    assert.equal(filtered.length, middles);
    assert.deepEqual(
      filtered.map((path) => path.pathElements[0].targetVertexId),
      Array.from({ length: middles }, (_, m) => 2 + m),
    );
    assert.deepEqual(findPathsSync(engine, 0, 1, bls()), filtered);
  });
});
