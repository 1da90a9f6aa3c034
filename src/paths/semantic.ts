/**
 * The `semantic` block of path (and subgraph) requests (docs/paths.md, "The semantic block"): the query
 * vector a traversal scores element embeddings against, and the two code-free rules it can install.
 *
 * - `minScore` installs a vertex filter: a vertex passes when its `embeddingName` embedding scores at
 *   least `minScore` (Cosine, DotProduct) or at most `minScore` (L2, a distance).
 * - `costBySimilarity` (paths only) installs a vertex cost: 1 minus the score under Cosine, the distance
 *   under L2; DotProduct has no non-negative mapping and is refused. A vertex without a score has no cost,
 *   so the block also installs the filter "has a score" unless `minScore` already filters.
 *
 * Scores come from `TraversalContext.TrySimilarity`, the vector index's shared kernel (bit-identical to the
 * vector scan); a missing embedding, another dimension or a non-finite score never matches. The same
 * context is the `context` every fragment of the request sees. Embedding `queryText` is the caller's job
 * (the provider), before `bindSemantic` runs.
 */
import {
  EngineError,
  defaultEmbeddingName,
  isEmbeddingName,
  vectorNorm,
  isVectorMetric,
  maxVectorDimension,
  type VectorMetric,
} from '../engine/index.js';
import { TraversalContext, type VertexView, OutCell } from '../fragments/index.js';

/** The block as a request carries it (`queryText` already turned into `queryVector` by the caller). */
export interface SemanticBlock {
  readonly queryVector?: readonly number[] | null;
  readonly queryText?: string | null;
  readonly embeddingName?: string | null;
  readonly metric?: string | null;
  readonly minScore?: number | null;
  readonly costBySimilarity?: boolean | null;
}

/** A bound block: the request's context and the rules it installs, over vertex views. */
export interface BoundSemantic {
  readonly context: TraversalContext;
  readonly metric: VectorMetric;
  readonly embeddingName: string;
  readonly queryVector: Float32Array;
  /** From `minScore`, or "has a score" under `costBySimilarity`. */
  readonly vertexFilter?: (vertex: VertexView) => boolean;
  /** From `costBySimilarity`. */
  readonly vertexCost?: (vertex: VertexView) => number;
}

function invalid(message: string): EngineError {
  return new EngineError('INVALID_INPUT', message);
}

/**
 * Validates the block (every 400 of docs/paths.md, "The semantic block", except the slot conflicts, which
 * need the request's fragments) and binds it. `allowCost` is false on subgraphs.
 */
export function bindSemantic(block: SemanticBlock, options: { allowCost: boolean }): BoundSemantic {
  const components = block.queryVector;
  if (components === null || components === undefined || components.length === 0) {
    throw invalid('semantic.queryVector is required and must not be empty.');
  }
  if (components.length > maxVectorDimension) {
    throw invalid(
      `semantic.queryVector has ${components.length} components, more than the maximum dimension of ${maxVectorDimension}.`,
    );
  }
  const queryVector = Float32Array.from(components);
  for (let i = 0; i < queryVector.length; i++) {
    // A number past the float32 range becomes an infinity: as unusable as NaN.
    if (!Number.isFinite(queryVector[i])) {
      throw invalid(`semantic.queryVector component ${i} is not a finite float32 number.`);
    }
  }
  const embeddingName = block.embeddingName ?? defaultEmbeddingName;
  if (!isEmbeddingName(embeddingName)) {
    throw invalid(`'${embeddingName}' is not a valid embedding name: 1 to 64 of A-Z, a-z, 0-9, '_' and '-'.`);
  }
  const metric = block.metric ?? 'Cosine';
  if (!isVectorMetric(metric)) {
    throw invalid(`'${metric}' is not a valid semantic metric. Expected Cosine, DotProduct or L2.`);
  }
  if (metric === 'Cosine' && vectorNorm(queryVector) === 0) {
    throw invalid('semantic.queryVector must not be zero-norm under Cosine.');
  }
  const costBySimilarity = block.costBySimilarity === true;
  if (costBySimilarity && !options.allowCost) {
    throw invalid('semantic.costBySimilarity applies to path requests only.');
  }
  if (costBySimilarity && metric === 'DotProduct') {
    throw invalid(
      'semantic.costBySimilarity is not available under DotProduct: the dot product is unbounded and ' +
        'sign-indefinite, so it has no non-negative cost mapping.',
    );
  }
  const context = new TraversalContext({ queryVector, embeddingName, metric });
  const score = new OutCell(0);
  const bound: {
    -readonly [K in keyof BoundSemantic]: BoundSemantic[K];
  } = { context, metric, embeddingName, queryVector };
  const minScore = block.minScore;
  if (minScore !== null && minScore !== undefined) {
    bound.vertexFilter = scoreThreshold(bound, minScore);
  } else if (costBySimilarity) {
    bound.vertexFilter = (vertex) => context.TrySimilarity(vertex, score);
  }
  if (costBySimilarity) {
    // The filter above guarantees a score; without one the vertex is not traversable (NaN).
    bound.vertexCost =
      metric === 'Cosine'
        ? (vertex) => (context.TrySimilarity(vertex, score) ? 1 - score.value : Number.NaN)
        : (vertex) => (context.TrySimilarity(vertex, score) ? score.value : Number.NaN);
  }
  return bound;
}

/**
 * The filter a score threshold installs: a vertex passes when its embedding scores at least `minScore`
 * (Cosine, DotProduct) or at most `minScore` (L2, a distance). The request-level `minScore` and a subgraph
 * step's `semanticMinScore` both use it.
 */
export function scoreThreshold(
  bound: Pick<BoundSemantic, 'context' | 'metric'>,
  minScore: number,
): (vertex: VertexView) => boolean {
  const { context } = bound;
  const score = new OutCell(0);
  return bound.metric === 'L2'
    ? (vertex) => context.TrySimilarity(vertex, score) && score.value <= minScore
    : (vertex) => context.TrySimilarity(vertex, score) && score.value >= minScore;
}
