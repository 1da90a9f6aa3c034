import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { scorePair, vectorNorm } from '../../../src/engine/vectors/kernel.js';
import { referenceScore } from '../../../src/engine/vectors/reference.js';
import { VectorSet } from '../../../src/engine/vectors/set.js';
import { search } from '../../../src/engine/indexes/vector/knn.js';
import { vectorMetrics, type VectorMetric } from '../../../src/engine/vectors/metric.js';
import { Graph } from '../../../src/engine/graph/graph.js';
import { seededRandom } from './support.js';

/** The float32 bit pattern, so that -0 and +0 (and NaN payloads) are told apart. */
function bits(value: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setFloat32(0, value);
  return view.getUint32(0);
}

function assertSameFloat32(actual: number, expected: number, message?: string): void {
  if (Number.isNaN(expected)) assert.ok(Number.isNaN(actual), message);
  else assert.equal(bits(actual), bits(expected), `${message ?? ''}: ${actual} !== ${expected}`);
}

const float32 = fc.float({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });

describe('the scoring kernel', () => {
  it('scores every metric bit-identically to its JavaScript statement of the summation order', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 70 })
          .chain((dimension) =>
            fc.tuple(
              fc.constantFrom(...vectorMetrics),
              fc.array(float32, { minLength: dimension, maxLength: dimension }),
              fc.array(float32, { minLength: dimension, maxLength: dimension }),
            ),
          ),
        ([metric, query, vector]) => {
          assertSameFloat32(scorePair(metric, query, vector), referenceScore(metric, query, vector), metric);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('computes the textbook values on small vectors', () => {
    assert.equal(scorePair('DotProduct', [1, 2, 3], [4, 5, 6]), 32);
    assert.equal(scorePair('L2', [0, 0], [3, 4]), 5);
    assert.equal(scorePair('Cosine', [1, 0], [0, 1]), 0);
    assert.equal(scorePair('Cosine', [2, 0, 0, 0, 0], [5, 0, 0, 0, 0]), 1);
    assert.ok(Number.isNaN(scorePair('Cosine', [1, 0], [0, 0])));
    assert.equal(vectorNorm([3, 4]), 5);
    assert.equal(vectorNorm([0, 0, 0]), 0);
  });

  it('gives the scan and the pair scorer the same bits for the same pair, for every metric and dimension', () => {
    const random = seededRandom(7);
    const graph = new Graph();
    for (const dimension of [1, 3, 4, 5, 15, 16, 17, 63, 64, 65, 384, 768]) {
      const set = new VectorSet(dimension);
      const vectors: Float32Array[] = [];
      for (let id = 0; id < 50; id++) {
        graph.addVertex(0, null, []);
        const vector = Float32Array.from({ length: dimension }, () => random() * 2 - 1);
        vectors.push(vector);
        set.put(id, vector);
      }
      const query = Float32Array.from({ length: dimension }, () => random() * 2 - 1);
      for (const metric of vectorMetrics as readonly VectorMetric[]) {
        const [hits] = search(graph, set, metric, [query], 50);
        assert.equal(hits.length, 50);
        for (const hit of hits) {
          assertSameFloat32(
            hit.score,
            scorePair(metric, query, vectors[hit.graphElementId]),
            `${metric} ${dimension}`,
          );
        }
      }
      graph.clear();
    }
  });
});
