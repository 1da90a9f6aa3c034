/**
 * What a kernel hands back: plain typed arrays and scalars, so a worker can post it as it is.
 */
import type { AnalyticsColumns, AnalyticsScope, ShouldStop, ScopeVertices } from './columns.js';

export type AnalyticsAlgorithm = 'PAGERANK' | 'WCC' | 'LABELPROPAGATION' | 'DEGREE' | 'TRIANGLECOUNT';

/** The built-in algorithms, in the order they are listed. */
export const analyticsAlgorithms: readonly AnalyticsAlgorithm[] = [
  'PAGERANK',
  'WCC',
  'LABELPROPAGATION',
  'DEGREE',
  'TRIANGLECOUNT',
];

/** Algorithms whose per-vertex value is a number; the others give each vertex a partition id. */
export const scoreAlgorithms: readonly AnalyticsAlgorithm[] = ['PAGERANK', 'DEGREE', 'TRIANGLECOUNT'];

export function isAnalyticsAlgorithm(name: string): name is AnalyticsAlgorithm {
  return (analyticsAlgorithms as readonly string[]).includes(name);
}

/** Optional tuning of a run; absent or 0 `maxIterations` is the algorithm's default. */
export interface AnalyticsKnobs {
  readonly dampingFactor?: number;
  readonly epsilon?: number;
  readonly maxIterations?: number;
}

export interface AnalyticsInput {
  readonly columns: AnalyticsColumns;
  readonly scope: AnalyticsScope;
  readonly knobs?: AnalyticsKnobs;
  readonly shouldStop: ShouldStop;
}

interface ResultBase {
  readonly usable: true;
  readonly algorithm: AnalyticsAlgorithm;
  /** The id snapshot the arrays are sized to. */
  readonly endId: number;
  /** Per id: 1 when the vertex took part. */
  readonly inScope: Uint8Array;
  /** How many vertices took part. */
  readonly vertexCount: number;
  readonly converged: boolean;
  readonly iterationsRun: number;
  /** True when the budget stopped an iterative run and the values are its last completed iteration's. */
  readonly budgetExhausted: boolean;
  readonly statistics: Readonly<Record<string, number>>;
}

export interface ScoreResult extends ResultBase {
  readonly kind: 'scores';
  /** Per id: the vertex's value (0 outside the scope). */
  readonly scores: Float64Array;
}

export interface PartitionResult extends ResultBase {
  readonly kind: 'partitions';
  /** Per id: the vertex's partition id, itself a member's vertex id (-1 outside the scope). */
  readonly partitions: Int32Array;
}

export type AnalyticsResult = ScoreResult | PartitionResult;

/** The budget stopped the run before it had anything to give (the route answers 408). */
export interface NoUsableResult {
  readonly usable: false;
  readonly algorithm: AnalyticsAlgorithm;
}

export type AnalyticsOutcome = AnalyticsResult | NoUsableResult;

export function noUsableResult(algorithm: AnalyticsAlgorithm): NoUsableResult {
  return { usable: false, algorithm };
}

/** Spreads per-dense-index values to per-id values. */
export function scoresById(vertices: ScopeVertices, dense: Float64Array): Float64Array {
  const { idOf, endId } = vertices;
  const scores = new Float64Array(endId);
  for (let k = 0; k < idOf.length; k++) scores[idOf[k]] = dense[k];
  return scores;
}

/** Spreads per-dense-index partition indices (dense indices themselves) to per-id partition ids. */
export function partitionsById(vertices: ScopeVertices, denseLabel: Int32Array): Int32Array {
  const { idOf, endId } = vertices;
  const partitions = new Int32Array(endId).fill(-1);
  for (let k = 0; k < idOf.length; k++) partitions[idOf[k]] = idOf[denseLabel[k]];
  return partitions;
}

/** How many distinct values `denseLabel` holds (each a dense index below its length). */
export function distinctCount(denseLabel: Int32Array): number {
  const seen = new Uint8Array(denseLabel.length);
  let count = 0;
  for (let k = 0; k < denseLabel.length; k++) {
    const label = denseLabel[k];
    if (seen[label] === 0) {
      seen[label] = 1;
      count++;
    }
  }
  return count;
}

/** Iteration caps and knob defaults (the route checks requests against the same bounds). */
export const maxAnalyticsIterations = 10_000;
export const defaultPageRankIterations = 100;
export const defaultLabelPropagationIterations = 20;
export const defaultDampingFactor = 0.85;
export const defaultEpsilon = 1e-6;

/** `maxIterations` resolved: absent or 0 is the default; out-of-range is the caller's error. */
export function iterationsOf(knobs: AnalyticsKnobs | undefined, fallback: number): number {
  const asked = knobs?.maxIterations ?? 0;
  if (asked === 0) return fallback;
  if (!Number.isInteger(asked) || asked < 0 || asked > maxAnalyticsIterations) {
    throw new RangeError(`maxIterations must be an integer in [0, ${maxAnalyticsIterations}], got ${asked}`);
  }
  return asked;
}
