/**
 * The `context` variable (TraversalContext): empty without a semantic block, and with one a query vector,
 * an embedding name and a metric; TrySimilarity against the elements' embeddings (false without an
 * embedding of that name, at another dimension, or for a non-finite score); VectorMath.
 *
 * Embeddings (sample-graph.ts): alice [1,0,0], bob [0.6,0.8,0], carol [0,0,1] (title [0,1,0]), acme [1,1,0],
 * dave [0,0,0] (cosine NaN), erin [1,0] (dimension 2), aliceKnowsBob [0,1,0]. Thresholds leave a margin,
 * so the expectations hold for any float32 kernel: with query [1,0,0] the cosines are alice 1, bob 0.6,
 * carol 0, acme 0.7071.
 */
import { ALL_VERTICES, type ConformanceCase, type SemanticCase } from './corpus.js';

const X: SemanticCase = { queryVector: [1, 0, 0] };
const Y: SemanticCase = { queryVector: [0, 1, 0] };
const Z: SemanticCase = { queryVector: [0, 0, 1] };

export const contextCases: readonly ConformanceCase[] = [
  {
    name: 'context: HasQueryVector with a semantic block',
    kind: 'VertexFilter',
    fragment: 'return v => context.HasQueryVector;',
    context: X,
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'context: HasQueryVector without a semantic block',
    kind: 'VertexFilter',
    fragment: 'return v => context.HasQueryVector;',
    expect: { passes: [] },
  },
  {
    name: 'context: empty context guards',
    kind: 'VertexFilter',
    fragment: 'return v => !context.HasQueryVector || context.TrySimilarity(v, out float s) && s > 0.5f;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'context: TrySimilarity is false without a semantic block',
    kind: 'VertexFilter',
    fragment: 'return v => context.TrySimilarity(v, out var s) || s != 0;',
    expect: { passes: [] },
  },
  {
    name: 'context: similarity above 0.9',
    kind: 'VertexFilter',
    fragment: 'return v => context.TrySimilarity(v, out float s) && s > 0.9f;',
    context: X,
    expect: { passes: ['alice'] },
  },
  {
    name: 'context: similarity above 0.5',
    kind: 'VertexFilter',
    fragment: 'return v => context.TrySimilarity(v, out var s) && s > 0.5f;',
    context: X,
    expect: { passes: ['alice', 'bob', 'acme'] },
  },
  {
    name: 'context: TrySimilarity needs a finite score at the same dimension',
    kind: 'VertexFilter',
    fragment: 'return v => context.TrySimilarity(v, out var s);',
    context: X,
    expect: { passes: ['alice', 'bob', 'carol', 'acme'] },
    note: 'dave: zero vector, cosine NaN; erin: dimension 2; the others have no embedding.',
  },
  {
    name: 'context: a named embedding',
    kind: 'VertexFilter',
    fragment:
      'return v => context.EmbeddingName == "title" && context.TrySimilarity(v, out var s) && s > 0.5f;',
    context: { queryVector: [0, 1, 0], embeddingName: 'title' },
    expect: { passes: ['carol'] },
  },
  {
    name: 'context: an embedding name no element has',
    kind: 'VertexFilter',
    fragment: 'return v => context.TrySimilarity(v, out var s);',
    context: { queryVector: [1, 0, 0], embeddingName: 'missing' },
    expect: { passes: [] },
  },
  {
    name: 'context: dot product',
    kind: 'VertexFilter',
    fragment:
      'return v => context.Metric == VectorDistanceMetric.DotProduct && context.TrySimilarity(v, out var s) && s >= 1f;',
    context: { queryVector: [1, 1, 0], metric: 'DotProduct' },
    expect: { passes: ['alice', 'bob', 'acme'] },
  },
  {
    name: 'context: L2 distance',
    kind: 'VertexFilter',
    fragment:
      'return v => context.Metric == VectorDistanceMetric.L2 && context.TrySimilarity(v, out var s) && s < 0.1f;',
    context: { queryVector: [0, 0, 1], metric: 'L2' },
    expect: { passes: ['carol'] },
  },
  {
    name: 'context: query vector length and components',
    kind: 'VertexFilter',
    fragment:
      'return v => context.QueryVector.Length == 3 && context.QueryVector[0] == 1f && !context.QueryVector.IsEmpty;',
    context: X,
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'context: empty query vector',
    kind: 'VertexFilter',
    fragment: 'return v => context.QueryVector.Length == 0 && context.EmbeddingName == "default";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'context: metric text',
    kind: 'VertexFilter',
    fragment: 'return v => context.Metric.ToString() == "Cosine";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'context: captured in a local',
    kind: 'VertexFilter',
    fragment: 'var semantic = context.HasQueryVector;\nreturn v => semantic && v.Id == 0;',
    context: X,
    expect: { passes: ['alice'] },
  },
  {
    name: 'context: similarity cost',
    kind: 'VertexCost',
    fragment: 'return v => context.TrySimilarity(v, out var s) ? 1 - s : 1000;',
    context: Z,
    expect: { costs: { alice: 1, bob: 1, carol: 0, acme: 1 }, otherwise: 1000 },
  },
  {
    name: 'context: similarity of edges and vertices',
    kind: 'GraphElementFilter',
    fragment: 'return el => context.TrySimilarity(el, out var s) && s > 0.5f;',
    context: Y,
    expect: { passes: ['bob', 'acme', 'aliceKnowsBob'] },
  },
  {
    name: 'context: similarity of an edge target',
    kind: 'EdgeFilter',
    fragment: 'return e => context.TrySimilarity(e.TargetVertex, out var s) && s > 0.5f;',
    context: X,
    expect: {
      passes: ['bobKnowsAlice', 'erinKnowsAlice', 'aliceKnowsBob', 'aliceWorksAtAcme', 'bobWorksAtAcme'],
    },
  },
  {
    name: 'context: VectorMath.Score with the context metric',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetEmbedding(out var e) && e.Length == context.QueryVector.Length && VectorMath.Score(e, context.QueryVector, context.Metric) > 0.5f;',
    context: X,
    expect: { passes: ['alice', 'bob', 'acme'] },
  },
  {
    name: 'context: VectorMath.TryScore',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetEmbedding(out var e) && VectorMath.TryScore(out var s, e, context.QueryVector, VectorDistanceMetric.DotProduct) && s > 0;',
    context: X,
    expect: { passes: ['alice', 'bob', 'acme'] },
    note: 'erin: lengths differ; carol and dave score 0.',
  },
  {
    name: 'context: lambda parameter named context shadows the method parameter',
    kind: 'VertexFilter',
    fragment: 'return context => context.Id == 11;',
    context: X,
    expect: { passes: ['ghost'] },
    note: 'C# 8 and later allow a lambda parameter to shadow an enclosing parameter.',
  },
];
