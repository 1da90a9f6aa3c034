/**
 * Task `traverse-out`: follows every outgoing edge of every live vertex, whatever its type, `iterations`
 * times, and answers per iteration the edges followed and the seconds it took (the traversal benchmark's
 * figures). It reads the shared graph in place; every offset it follows is bounds-checked against the
 * captured lengths, because concurrent writes can make a record look torn (docs/workers.md).
 */
import { performance } from 'node:perf_hooks';
import type { GraphColumns } from '../columns.js';
import { cancelPollIds, type TaskContext } from '../task.js';

/** Iterations one job may ask for: the result holds two float64 per iteration. */
export const maxTraverseOutIterations = 1_000_000;

export interface TraverseOutParameters {
  /** Passes over the whole graph, 1..maxTraverseOutIterations. */
  iterations: number;
}

export interface TraverseOutResult {
  /** Passes completed (all of them unless the job was cancelled, in which case nobody reads this). */
  iterationsRun: number;
  /** Per pass: the out-edges followed. */
  edgesPerIteration: Float64Array;
  /** Per pass: its duration in seconds. */
  secondsPerIteration: Float64Array;
  /** The sum of the neighbour ids the first pass reached (a checksum that keeps the reads live). */
  neighborIdSum: number;
}

/** Words of `vertexBits` between two polls of the cancellation flag. */
const wordsPerPoll = cancelPollIds >>> 5;
const recordHeaderWords = 2;
const groupHeaderWords = 2;
const pairWords = 2;

/** Scratch for the second answer of `traverseOnce`, so a pass allocates nothing. */
const neighborSum = new Float64Array(1);

/** One pass: answers the edges followed (and their neighbour-id sum in `neighborSum`), or -1 when cancelled. */
export function traverseOnce(graph: GraphColumns, cancelled: () => boolean): number {
  const { endId, first, pool, vertexBits } = graph;
  const poolLength = pool.length;
  const words = Math.min(vertexBits.length, (endId + 31) >>> 5);
  let edges = 0;
  let sum = 0;
  for (let word = 0; word < words; word++) {
    if (word % wordsPerPoll === 0 && cancelled()) return -1;
    let bits = vertexBits[word];
    while (bits !== 0) {
      const lowest = bits & -bits;
      const vertex = (word << 5) | (31 - Math.clz32(lowest));
      bits ^= lowest;
      if (vertex >= endId) break;
      const record = first[vertex];
      if (record < 0 || record + recordHeaderWords > poolLength) continue;
      let end = record + recordHeaderWords + pool[record + 1];
      if (end > poolLength) end = poolLength;
      for (let group = record + recordHeaderWords; group + groupHeaderWords <= end;) {
        const count = pool[group + 1];
        const pairsEnd = group + groupHeaderWords + count * pairWords;
        // A torn record can hold any count: stop at one that would not advance or would overrun.
        if (count <= 0 || pairsEnd > end) break;
        for (let at = group + groupHeaderWords + 1; at < pairsEnd; at += pairWords) {
          const neighbor = pool[at];
          if (neighbor >= 0 && neighbor < endId) {
            edges++;
            sum += neighbor;
          }
        }
        group = pairsEnd;
      }
    }
  }
  neighborSum[0] = sum;
  return edges;
}

export function run(parameters: TraverseOutParameters, context: TaskContext): TraverseOutResult {
  const iterations = parameters?.iterations;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > maxTraverseOutIterations) {
    throw new RangeError(
      `traverse-out: iterations must be an integer from 1 to ${maxTraverseOutIterations}, not ${String(iterations)}`,
    );
  }
  const graph = context.graph;
  if (graph === null) throw new TypeError('traverse-out: the job names no graph');
  const edgesPerIteration = new Float64Array(iterations);
  const secondsPerIteration = new Float64Array(iterations);
  let neighborIdSum = 0;
  let done = 0;
  for (; done < iterations; done++) {
    const started = performance.now();
    const edges = traverseOnce(graph, () => context.cancelled());
    if (edges < 0) break;
    secondsPerIteration[done] = (performance.now() - started) / 1000;
    edgesPerIteration[done] = edges;
    if (done === 0) neighborIdSum = neighborSum[0];
  }
  return {
    iterationsRun: done,
    edgesPerIteration: edgesPerIteration.subarray(0, done),
    secondsPerIteration: secondsPerIteration.subarray(0, done),
    neighborIdSum,
  };
}
