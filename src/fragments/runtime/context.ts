/**
 * `TraversalContext`, the `context` variable every fragment sees: the request's semantic block, if any.
 * Without a semantic block the context is empty: `HasQueryVector` false, `TrySimilarity` false, an empty
 * `QueryVector`.
 *
 * Scoring is pluggable, and defaults to the vector index's shared kernel: the semantic rules require a
 * traversal's score to be bit-identical to the vector scan's, which holds because both run the same
 * WebAssembly kernel with the same summation order (src/engine/vectors/wasm/kernel-module.ts).
 */
import type { ElementView } from './models.js';
import { OutCell, type Out } from './types.js';
import { argument, nullReference } from './exceptions.js';
import { scorePairByCode } from '../../engine/vectors/kernel.js';

/** `VectorDistanceMetric`: an enum, so a number at run time (its underlying int). */
export const VectorDistanceMetric = { Cosine: 0, DotProduct: 1, L2: 2 } as const;
export type VectorDistanceMetricName = keyof typeof VectorDistanceMetric;
export type VectorDistanceMetricCode = (typeof VectorDistanceMetric)[VectorDistanceMetricName];

const METRIC_NAMES: readonly VectorDistanceMetricName[] = ['Cosine', 'DotProduct', 'L2'];

/** The enum member's name (`Metric.ToString()`); the number itself for a value outside the enum, as .NET. */
export function metricName(metric: number): string {
  return METRIC_NAMES[metric] ?? String(metric);
}

/**
 * Scores `vector` against `query` (same length, checked by the caller): Cosine similarity, dot product,
 * or Euclidean (L2) distance. May return a non-finite number; the context treats that as no score.
 */
export type SimilarityKernel = (
  metric: VectorDistanceMetricCode,
  query: Float32Array,
  vector: Float32Array,
) => number;

/**
 * The shared kernel (src/engine/vectors/kernel.ts): the WebAssembly SIMD kernel the vector index scans
 * with, so a traversal's score is bit-identical to the vector scan's for the same pair.
 */
export const sharedSimilarityKernel: SimilarityKernel = scorePairByCode;

export interface SemanticOptions {
  /** The query vector, already embedded when the request gave text. */
  queryVector: Float32Array;
  /** Default `default`. */
  embeddingName?: string;
  /** Default Cosine. */
  metric?: VectorDistanceMetricName;
  /** Default: the shared kernel (see the module comment). */
  kernel?: SimilarityKernel;
}

const EMPTY_VECTOR = new Float32Array(0);

export class TraversalContext {
  readonly HasQueryVector: boolean;
  /** `ReadOnlySpan<float> QueryVector`: empty without a semantic block. */
  readonly QueryVector: Float32Array;
  readonly EmbeddingName: string;
  /** A `VectorDistanceMetric` value. */
  readonly Metric: VectorDistanceMetricCode;
  private readonly kernel: SimilarityKernel;
  /** Receives the element's embedding; no fragment code runs between its write and its read. */
  private readonly embedding = new OutCell<Float32Array>(EMPTY_VECTOR);

  /** Without options: the empty context of a request with no semantic block. */
  constructor(semantic?: SemanticOptions) {
    this.HasQueryVector = semantic !== undefined;
    this.QueryVector = semantic?.queryVector ?? EMPTY_VECTOR;
    this.EmbeddingName = semantic?.embeddingName ?? 'default';
    this.Metric = VectorDistanceMetric[semantic?.metric ?? 'Cosine'];
    this.kernel = semantic?.kernel ?? sharedSimilarityKernel;
  }

  /**
   * `TrySimilarity(AGraphElementModel, out float score)`: the element's `EmbeddingName` embedding scored
   * against the query; false (score 0) without a query, without that embedding, at another dimension, or
   * when the score is not finite.
   */
  TrySimilarity(element: ElementView | null, score: Out<number>): boolean {
    score.value = 0;
    if (!this.HasQueryVector) return false;
    if (element === null) throw nullReference();
    if (!element.TryGetEmbedding(this.EmbeddingName, this.embedding)) return false;
    const vector = this.embedding.value;
    this.embedding.value = EMPTY_VECTOR;
    if (vector.length !== this.QueryVector.length) return false;
    const value = Math.fround(this.kernel(this.Metric, this.QueryVector, vector));
    if (!Number.isFinite(value)) return false;
    score.value = value;
    return true;
  }
}

/** The empty context (no semantic block); immutable, so one instance serves every request. */
export const EMPTY_TRAVERSAL_CONTEXT = new TraversalContext();

function asFloat32(span: ArrayLike<number>): Float32Array {
  return span instanceof Float32Array ? span : Float32Array.from(span);
}

/**
 * `VectorMath` of the vector-index namespace: the scoring kernel as fragments call it directly, the same
 * kernel `TrySimilarity` uses.
 */
export class VectorMath {
  constructor(private readonly kernel: SimilarityKernel = sharedSimilarityKernel) {}

  /** `VectorMath.Score(a, b, metric)`: ArgumentException when the lengths differ. */
  Score(a: ArrayLike<number>, b: ArrayLike<number>, metric: number): number {
    if (a.length !== b.length) throw argument('The vectors must have the same length.');
    return Math.fround(this.kernel(metric as VectorDistanceMetricCode, asFloat32(a), asFloat32(b)));
  }

  /** `VectorMath.TryScore(out float score, a, b, metric)`: false (score 0) on a length mismatch, empty vectors or a non-finite score. */
  TryScore(a: ArrayLike<number>, b: ArrayLike<number>, metric: number, score: Out<number>): boolean {
    score.value = 0;
    if (a.length !== b.length || a.length === 0) return false;
    const value = Math.fround(this.kernel(metric as VectorDistanceMetricCode, asFloat32(a), asFloat32(b)));
    if (!Number.isFinite(value)) return false;
    score.value = value;
    return true;
  }
}
