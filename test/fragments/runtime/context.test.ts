import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EMPTY_TRAVERSAL_CONTEXT,
  TraversalContext,
  VectorDistanceMetric,
  metricName,
  sharedSimilarityKernel,
} from '../../../src/fragments/runtime/index.js';
import { emitted, runtimeFixture } from './helpers.js';

describe('TraversalContext', () => {
  it('is empty without a semantic block: no query vector, no similarity', async () => {
    const { rt, alice } = await runtimeFixture();
    const score = rt.out(7);
    assert.equal(EMPTY_TRAVERSAL_CONTEXT.HasQueryVector, false);
    assert.equal(EMPTY_TRAVERSAL_CONTEXT.QueryVector.length, 0);
    assert.equal(EMPTY_TRAVERSAL_CONTEXT.EmbeddingName, 'default');
    assert.equal(EMPTY_TRAVERSAL_CONTEXT.Metric, VectorDistanceMetric.Cosine);
    assert.equal(EMPTY_TRAVERSAL_CONTEXT.TrySimilarity(rt.vertex(alice), score), false);
    assert.equal(score.value, 0);
  });

  it('scores Cosine, DotProduct and L2 in float32 against the element embedding', async () => {
    const { rt, alice, bob } = await runtimeFixture();
    const queryVector = new Float32Array([0.6, 0.8, 0]);
    const score = rt.out(0);
    const cosine = new TraversalContext({ queryVector });
    assert.equal(cosine.TrySimilarity(rt.vertex(bob), score), true);
    assert.equal(score.value, Math.fround(1));
    assert.equal(cosine.TrySimilarity(rt.vertex(alice), score), true);
    assert.equal(score.value, Math.fround(0.6));
    const dot = new TraversalContext({ queryVector, metric: 'DotProduct' });
    assert.equal(dot.TrySimilarity(rt.vertex(alice), score), true);
    assert.equal(score.value, Math.fround(0.6));
    const l2 = new TraversalContext({ queryVector, metric: 'L2' });
    assert.equal(l2.TrySimilarity(rt.vertex(bob), score), true);
    assert.equal(score.value, 0);
    assert.equal(l2.TrySimilarity(rt.vertex(alice), score), true);
    assert.equal(
      score.value,
      Math.fround(Math.sqrt(Math.fround(Math.fround(0.4 * 0.4) + Math.fround(0.8 * 0.8)))),
    );
    assert.equal(metricName(l2.Metric), 'L2');
  });

  it('gives no score without an embedding, at another dimension, or when the score is not finite', async () => {
    const { rt, alice, isolated } = await runtimeFixture();
    const score = rt.out(0);
    const context = new TraversalContext({ queryVector: new Float32Array([1, 0]) });
    assert.equal(context.TrySimilarity(rt.vertex(alice), score), false, 'dimension 3 against 2');
    const same = new TraversalContext({ queryVector: new Float32Array([1, 0, 0]) });
    assert.equal(same.TrySimilarity(rt.vertex(isolated), score), false, 'no embedding');
    const infinite = new TraversalContext({
      queryVector: new Float32Array([1, 0, 0]),
      kernel: () => Infinity,
    });
    assert.equal(infinite.TrySimilarity(rt.vertex(alice), score), false);
    const named = new TraversalContext({ queryVector: new Float32Array([1, 0, 0]), embeddingName: 'other' });
    assert.equal(named.TrySimilarity(rt.vertex(alice), score), false);
  });

  it('takes a pluggable kernel and rounds its score to float32', async () => {
    const { rt, alice } = await runtimeFixture();
    const calls: number[] = [];
    const context = new TraversalContext({
      queryVector: new Float32Array([1, 2, 3]),
      metric: 'DotProduct',
      kernel: (metric, query, vector) => {
        calls.push(metric, query.length, vector.length);
        return 0.1;
      },
    });
    const score = rt.out(0);
    assert.equal(context.TrySimilarity(rt.vertex(alice), score), true);
    assert.equal(score.value, Math.fround(0.1));
    assert.deepEqual(calls, [VectorDistanceMetric.DotProduct, 3, 3]);
  });

  it('is what emitted code closes over as `context`', async () => {
    const { rt, alice, bob } = await runtimeFixture();
    const context = new TraversalContext({ queryVector: new Float32Array([0, 1, 0]) });
    const cost = emitted<(v: unknown) => number>(
      rt,
      context,
      'const c0 = rt.out(0); return (v) => { rt.enter(); return context.HasQueryVector && context.TrySimilarity(v, c0) ? 1 - c0.value : 1000; };',
    );
    assert.equal(cost(rt.vertex(alice)), 1);
    assert.ok(Math.abs(cost(rt.vertex(bob)) - 0.2) < 1e-6);
  });

  it('exposes the kernel as VectorMath.Score and TryScore', async () => {
    const { rt } = await runtimeFixture();
    const score = rt.out(1);
    assert.equal(rt.vectorMath.Score([3, 4], new Float32Array([3, 4]), VectorDistanceMetric.DotProduct), 25);
    assert.equal(rt.vectorMath.TryScore([1, 0], [0, 1], VectorDistanceMetric.L2, score), true);
    assert.equal(score.value, Math.fround(Math.SQRT2));
    assert.equal(rt.vectorMath.TryScore([1], [1, 2], VectorDistanceMetric.Cosine, score), false);
    assert.equal(score.value, 0);
    assert.equal(
      rt.vectorMath.TryScore([0, 0], [1, 0], VectorDistanceMetric.Cosine, score),
      false,
      'NaN is no score',
    );
    assert.throws(() => rt.vectorMath.Score([1], [1, 2], VectorDistanceMetric.Cosine), {
      name: 'ArgumentException',
    });
  });

  it('shared kernel: cosine of orthogonal vectors is 0, of a zero vector NaN', () => {
    assert.equal(sharedSimilarityKernel(0, new Float32Array([1, 0]), new Float32Array([0, 1])), 0);
    assert.ok(Number.isNaN(sharedSimilarityKernel(0, new Float32Array([1, 0]), new Float32Array([0, 0]))));
  });
});
