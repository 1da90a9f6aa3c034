/**
 * The three vector metrics (docs/vectors.md, Metrics) and what follows from each: the score's direction, whether a
 * zero-norm vector can be scored, and the dimension limits every vector obeys.
 */

export const vectorMetrics = ['Cosine', 'DotProduct', 'L2'] as const;
export type VectorMetric = (typeof vectorMetrics)[number];

/** Smallest and largest vector dimension (docs/vectors.md). */
export const minVectorDimension = 1;
export const maxVectorDimension = 4096;

export function isVectorMetric(value: unknown): value is VectorMetric {
  return value === 'Cosine' || value === 'DotProduct' || value === 'L2';
}

/** Cosine similarity and the inner product rank higher first; the Euclidean distance lower first. */
export function higherIsBetter(metric: VectorMetric): boolean {
  return metric !== 'L2';
}

/** Only Cosine divides by the norms, so only Cosine refuses a zero-norm vector. */
export function rejectsZeroNorm(metric: VectorMetric): boolean {
  return metric === 'Cosine';
}

/** Why `vector` cannot be stored or queried, or undefined when it can: non-empty, at most 4096, finite. */
export function vectorProblem(vector: ArrayLike<number>): string | undefined {
  if (vector.length < minVectorDimension) return 'the vector is empty';
  if (vector.length > maxVectorDimension) {
    return `the vector has ${vector.length} components, more than the ${maxVectorDimension} allowed`;
  }
  for (let i = 0; i < vector.length; i++) {
    if (!Number.isFinite(vector[i])) return `component ${i} of the vector is not a finite number`;
  }
  return undefined;
}

/**
 * The components as float32, each rounded with Math.fround. A number beyond the float32 range becomes an
 * infinity, so run `vectorProblem` on the result, not only on the input.
 */
export function toFloat32(components: ArrayLike<number>): Float32Array {
  return components instanceof Float32Array ? components : Float32Array.from(components as ArrayLike<number>);
}
