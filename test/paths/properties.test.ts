/**
 * BLS and DIJKSTRA against a brute-force enumerator of every loop-free path, on small random graphs with
 * parallel edges, self-loops, two edge types, random filters and random (also negative) costs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { findPaths, findPathsSync } from '../../src/paths/find.js';
import type { PathRules } from '../../src/paths/model.js';
import {
  asBrute,
  buildGraph,
  dijkstraCandidates,
  expectedBls,
  type BrutePath,
  type EdgeSpec,
} from './support.js';

interface Scenario {
  readonly vertexCount: number;
  readonly edges: EdgeSpec[];
  readonly from: number;
  readonly to: number;
  readonly maxDepth: number;
  readonly maxResults: number;
  /** Per vertex: passes the vertex filter (undefined: no filter). */
  readonly vertexPasses?: boolean[];
  /** Per edge index: passes the edge filter. */
  readonly edgePasses?: boolean[];
  readonly allowedType?: 'a' | 'b';
  readonly edgeCosts?: number[];
  readonly vertexCosts?: number[];
  readonly maxPathWeight?: number;
}

/** Up to `maxVertices` vertices and `maxEdges` edges (ids of edges follow the vertices). */
function scenarios(maxVertices: number, maxEdges: number, maxDepths: number): fc.Arbitrary<Scenario> {
  return fc.integer({ min: 2, max: maxVertices }).chain((vertexCount) => {
    const vertex = fc.integer({ min: 0, max: vertexCount - 1 });
    const edge = fc.record({ from: vertex, to: vertex, type: fc.constantFrom('a', 'b') });
    return fc.record({
      vertexCount: fc.constant(vertexCount),
      edges: fc.array(edge, { maxLength: maxEdges }),
      from: vertex,
      to: vertex,
      maxDepth: fc.integer({ min: 0, max: maxDepths }),
      maxResults: fc.integer({ min: 0, max: 12 }),
      vertexPasses: fc.option(fc.array(fc.boolean(), { minLength: vertexCount, maxLength: vertexCount }), {
        nil: undefined,
      }),
      edgePasses: fc.option(fc.array(fc.boolean(), { minLength: maxEdges, maxLength: maxEdges }), {
        nil: undefined,
      }),
      allowedType: fc.option(fc.constantFrom('a' as const, 'b' as const), { nil: undefined }),
      edgeCosts: fc.option(
        fc.array(fc.oneof(fc.integer({ min: -2, max: 6 }), fc.constantFrom(0.1, 0.2, 0.7, 1.5)), {
          minLength: maxEdges,
          maxLength: maxEdges,
        }),
        { nil: undefined },
      ),
      vertexCosts: fc.option(
        fc.array(fc.oneof(fc.integer({ min: -1, max: 3 }), fc.constantFrom(0.3, 2.25)), {
          minLength: vertexCount,
          maxLength: vertexCount,
        }),
        { nil: undefined },
      ),
      maxPathWeight: fc.option(fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constant(3.3)), {
        nil: undefined,
      }),
    });
  });
}

/** Small dense graphs (parallel edges, self-loops, short paths), and larger sparse ones under tight depths. */
const scenario: fc.Arbitrary<Scenario> = fc.oneof(scenarios(7, 14, 6), scenarios(9, 18, 4));

function rulesOf(s: Scenario): PathRules {
  const edgeIndex = (edgeId: number) => edgeId - s.vertexCount;
  return {
    ...(s.vertexPasses === undefined ? {} : { vertexFilter: (v: number) => s.vertexPasses![v] }),
    ...(s.edgePasses === undefined ? {} : { edgeFilter: (e: number) => s.edgePasses![edgeIndex(e)] }),
    ...(s.allowedType === undefined ? {} : { edgePropertyFilter: (type: string) => type === s.allowedType }),
    ...(s.edgeCosts === undefined ? {} : { edgeCost: (e: number) => s.edgeCosts![edgeIndex(e)] }),
    ...(s.vertexCosts === undefined ? {} : { vertexCost: (v: number) => s.vertexCosts![v] }),
  };
}

function signature(path: BrutePath): string {
  return path.steps.map((step) => `${step.edge}:${step.direction}`).join(',');
}

describe('paths against a brute-force enumerator', () => {
  it('BLS returns exactly the admissible fewest-hop paths, in step order, up to maxResults', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const engine = await buildGraph(s.vertexCount, s.edges);
        const rules = rulesOf(s);
        const found = findPathsSync(engine, s.from, s.to, {
          ...rules,
          algorithm: 'BLS',
          maxDepth: s.maxDepth,
          maxResults: s.maxResults,
        }).map(asBrute);
        const expected = expectedBls(engine, s.from, s.to, s.maxDepth, s.maxResults, rules);
        assert.deepEqual(found, expected);
      }),
      { numRuns: 400 },
    );
  });

  it('DIJKSTRA returns the K least weights of all loop-free paths within the caps, in order, each path valid', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const engine = await buildGraph(s.vertexCount, s.edges);
        const rules = rulesOf(s);
        const found = findPathsSync(engine, s.from, s.to, {
          ...rules,
          algorithm: 'DIJKSTRA',
          maxDepth: s.maxDepth,
          maxResults: s.maxResults,
          maxPathWeight: s.maxPathWeight,
        }).map(asBrute);
        const candidates = dijkstraCandidates(
          engine,
          s.from,
          s.to,
          s.maxDepth,
          s.maxPathWeight ?? Number.POSITIVE_INFINITY,
          rules,
        );
        const expectedCount = Math.min(s.maxResults, candidates.length);
        assert.equal(found.length, expectedCount, 'how many paths');
        assert.deepEqual(
          found.map((path) => path.total),
          candidates.slice(0, expectedCount).map((path) => path.total),
          'the K least weights in order',
        );
        const bySignature = new Map(candidates.map((path) => [signature(path), path]));
        const seen = new Set<string>();
        for (const path of found) {
          const key = signature(path);
          assert.ok(!seen.has(key), `path ${key} returned twice`);
          seen.add(key);
          assert.deepEqual(path, bySignature.get(key), `path ${key} is a loop-free path with these weights`);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the sliced search answers what the one-turn search answers', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, fc.constantFrom('BLS', 'DIJKSTRA'), async (s, algorithm) => {
        const engine = await buildGraph(s.vertexCount, s.edges);
        const query = { ...rulesOf(s), algorithm, maxDepth: s.maxDepth, maxResults: s.maxResults };
        assert.deepEqual(
          await findPaths(engine, s.from, s.to, query, { sliceMs: 0 }),
          findPathsSync(engine, s.from, s.to, query),
        );
      }),
      { numRuns: 100 },
    );
  });
});
