/** Helpers of the vector tests: a seeded generator and a double-precision brute-force kNN. */

export { seededRandom } from '../../support/seeded-random.js';

export type Metric = 'Cosine' | 'DotProduct' | 'L2';

/** The score in double precision, computed independently of the kernel. */
export function exactScore(metric: Metric, query: ArrayLike<number>, vector: ArrayLike<number>): number {
  let dot = 0;
  let queryNorm = 0;
  let vectorNorm = 0;
  let distance = 0;
  for (let i = 0; i < query.length; i++) {
    dot += query[i] * vector[i];
    queryNorm += query[i] * query[i];
    vectorNorm += vector[i] * vector[i];
    distance += (query[i] - vector[i]) ** 2;
  }
  if (metric === 'DotProduct') return dot;
  if (metric === 'L2') return Math.sqrt(distance);
  return dot / Math.sqrt(queryNorm * vectorNorm);
}

export interface Scored {
  id: number;
  score: number;
}

/** Every candidate scored in double precision, best first, ties by ascending id; non-finite dropped. */
export function bruteForce(
  metric: Metric,
  query: ArrayLike<number>,
  candidates: ReadonlyMap<number, ArrayLike<number>>,
  k: number,
): Scored[] {
  const higher = metric !== 'L2';
  return [...candidates]
    .map(([id, vector]) => ({ id, score: exactScore(metric, query, vector) }))
    .filter(({ score }) => Number.isFinite(score))
    .sort((a, b) => (a.score !== b.score ? (higher ? b.score - a.score : a.score - b.score) : a.id - b.id))
    .slice(0, k);
}
