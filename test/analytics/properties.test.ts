/**
 * The five kernels against textbook references (test/analytics/support.ts) on small random graphs built
 * through the engine: labels, three edge types, parallel edges, self-loops, dangling vertices, removals,
 * random scopes (label, edge type, direction) and knobs. PageRank within a tight tolerance, the rest exactly.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { AnalyticsAlgorithm, AnalyticsKnobs, AnalyticsOutcome } from '../../src/analytics/index.js';
import {
  buildGraph,
  countingClock,
  reference,
  runKernel,
  stopAfter,
  valuesOf,
  type Expected,
  type GraphSpec,
  type ScopeSpec,
} from './support.js';

const pageRankTolerance = 1e-12;

export function graphSpecs(maxVertices: number, maxEdges: number): fc.Arbitrary<GraphSpec> {
  const counts = fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 9, arbitrary: fc.integer({ min: 2, max: maxVertices }) },
  );
  return counts.chain((vertexCount) => {
    const vertex = fc.integer({ min: 0, max: Math.max(0, vertexCount - 1) });
    const edge = fc.record({ from: vertex, to: vertex, type: fc.constantFrom('a', 'a', 'b', 'c') });
    return fc.record({
      labels: fc.array(fc.constantFrom('P', 'P', 'P', 'Q', null), {
        minLength: vertexCount,
        maxLength: vertexCount,
      }),
      // Parallel edges and self-loops come often from so few endpoints; the duplicates make more.
      edges:
        vertexCount === 0
          ? fc.constant([])
          : fc
              .array(edge, { maxLength: maxEdges, size: 'max' })
              .chain((edges) => fc.subarray(edges).map((again) => [...edges, ...again])),
      removedVertices: fc.uniqueArray(fc.integer({ min: 0, max: maxVertices }), { maxLength: 2 }),
      removedEdges: fc.uniqueArray(fc.integer({ min: 0, max: 2 * maxEdges }), { maxLength: 4 }),
    });
  });
}

/** A value of `often` most of the time, a rare one now and then, or none (the key left out) half the time. */
function sometimes<T>(often: T, rare: readonly T[]): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: fc.constant(often) },
    { weight: 1, arbitrary: fc.constantFrom(...rare) },
  );
}

export const scopes: fc.Arbitrary<ScopeSpec> = fc
  .record({
    vertexLabel: sometimes('P', ['Q', 'Absent']),
    edgePropertyId: sometimes('a', ['b', 'c', 'absent']),
    direction: fc.constantFrom(undefined, 'out' as const, 'in' as const, 'both' as const),
  })
  .map((scope) => {
    const defined = Object.entries(scope).filter(([, value]) => value !== undefined);
    return Object.fromEntries(defined) as ScopeSpec;
  });

const knobs: fc.Arbitrary<AnalyticsKnobs> = fc.record(
  {
    dampingFactor: fc.constantFrom(0, 0.5, 0.85, 1),
    epsilon: fc.constantFrom(1e-3, 1e-6, 1e-9, 0),
    maxIterations: fc.integer({ min: 0, max: 30 }),
  },
  { requiredKeys: [] },
);

const algorithms: AnalyticsAlgorithm[] = ['PAGERANK', 'WCC', 'LABELPROPAGATION', 'DEGREE', 'TRIANGLECOUNT'];

function assertMatches(outcome: AnalyticsOutcome, expected: Expected, label: string): void {
  assert.ok(outcome.usable, `${label}: usable`);
  const values = valuesOf(outcome);
  assert.deepEqual(
    [...values.keys()],
    [...expected.values.keys()].sort((a, b) => a - b),
    `${label}: the in-scope vertices`,
  );
  assert.equal(outcome.vertexCount, expected.values.size, `${label}: vertexCount`);
  assert.equal(outcome.iterationsRun, expected.iterationsRun, `${label}: iterationsRun`);
  assert.equal(outcome.converged, expected.converged, `${label}: converged`);
  assert.equal(outcome.budgetExhausted, false, `${label}: budgetExhausted`);
  if (outcome.algorithm === 'PAGERANK') {
    let sum = 0;
    for (const [id, value] of values) {
      const want = expected.values.get(id)!;
      assert.ok(Math.abs(value - want) <= pageRankTolerance, `${label}: score of ${id}: ${value} vs ${want}`);
      sum += value;
    }
    if (values.size > 0) assert.ok(Math.abs(sum - 1) < 1e-9, `${label}: scores sum to 1, got ${sum}`);
    assert.deepEqual(outcome.statistics, {});
  } else {
    assert.deepEqual(values, expected.values, `${label}: values`);
    assert.deepEqual(outcome.statistics, expected.statistics, `${label}: statistics`);
  }
}

describe('analytics kernels against textbook references', () => {
  for (const algorithm of algorithms) {
    it(`${algorithm} equals its reference on random graphs, scopes and knobs`, async () => {
      await fc.assert(
        fc.asyncProperty(graphSpecs(9, 18), scopes, knobs, async (spec, scope, knobValues) => {
          const { engine, model } = await buildGraph(spec);
          const outcome = runKernel(engine, algorithm, scope, knobValues);
          assertMatches(outcome, reference(algorithm, model, scope, knobValues), algorithm);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('every kernel is deterministic: the same graph and request give the same outcome', async () => {
    await fc.assert(
      fc.asyncProperty(graphSpecs(9, 18), scopes, knobs, async (spec, scope, knobValues) => {
        const { engine } = await buildGraph(spec);
        for (const algorithm of algorithms) {
          assert.deepEqual(
            runKernel(engine, algorithm, scope, knobValues),
            runKernel(engine, algorithm, scope, knobValues),
          );
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('analytics budget: a clock that stops after k checks', () => {
  it('iterative kernels stopped after a full round give that round count of a run capped there', async () => {
    await fc.assert(
      fc.asyncProperty(
        graphSpecs(9, 18),
        scopes,
        fc.constantFrom('PAGERANK' as const, 'LABELPROPAGATION' as const),
        fc.nat(40),
        async (spec, scope, algorithm, k) => {
          const { engine, model } = await buildGraph(spec);
          const knobValues: AnalyticsKnobs = { epsilon: 0, maxIterations: 30 };
          const clock = countingClock();
          const full = runKernel(engine, algorithm, scope, knobValues, clock.shouldStop);
          const stopped = runKernel(engine, algorithm, scope, knobValues, stopAfter(k));
          assert.ok(full.usable);
          if (k >= clock.calls()) {
            assert.deepEqual(stopped, full, 'a clock that never fired changes nothing');
            return;
          }
          if (!stopped.usable) return; // stopped before one full round
          assert.equal(stopped.budgetExhausted, true);
          assert.equal(stopped.converged, false);
          assert.ok(stopped.iterationsRun >= 1 && stopped.iterationsRun < full.iterationsRun);
          const capped = { ...knobValues, maxIterations: stopped.iterationsRun };
          const expected = reference(algorithm, model, scope, capped);
          const values = valuesOf(stopped);
          for (const [id, want] of expected.values) {
            assert.ok(Math.abs(values.get(id)! - want) <= pageRankTolerance, `${algorithm}: value of ${id}`);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('single-pass kernels stopped at any check give no usable result, and a full result otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(
        graphSpecs(9, 18),
        scopes,
        fc.constantFrom('WCC' as const, 'DEGREE' as const, 'TRIANGLECOUNT' as const),
        fc.nat(8),
        async (spec, scope, algorithm, k) => {
          const { engine } = await buildGraph(spec);
          const clock = countingClock();
          const full = runKernel(engine, algorithm, scope, {}, clock.shouldStop);
          const stopped = runKernel(engine, algorithm, scope, {}, stopAfter(k));
          if (k < clock.calls()) assert.deepEqual(stopped, { usable: false, algorithm });
          else assert.deepEqual(stopped, full);
        },
      ),
      { numRuns: 150 },
    );
  });
});
