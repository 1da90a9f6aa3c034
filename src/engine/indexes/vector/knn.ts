/**
 * Exact k-nearest-neighbour search over a `VectorSet`: every vector is scored by the kernel (no
 * approximation), block by block into the segment's scratch, and a bounded top-k heap per query keeps the
 * best. Several queries share one pass: each block of vectors is read from memory once for all of them.
 *
 * Rules (docs/vectors.md, Metrics): best score first (highest for Cosine and DotProduct, lowest for L2),
 * ties by ascending element id, non-finite scores skipped, and the candidate filter (live element, kind,
 * label) applied before top-k selection, so k qualifying elements come back whenever k exist.
 *
 * A scan can run at once (`search`) or in slices that yield the event loop (`searchSliced`), for servers:
 * elements written while a sliced scan runs may or may not be seen, but a vector that lives unchanged
 * throughout is scored exactly once (slots never move, set.ts).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { edgeKindBase, kindVertex, type Graph } from '../../graph/graph.js';
import { vectorNorm } from '../../vectors/kernel.js';
import { higherIsBetter, type VectorMetric } from '../../vectors/metric.js';
import {
  blockBytes,
  maxBlockVectors,
  maxQueriesPerPass,
  queriesBytes,
  queriesOffset,
  scoresCapacity,
  scoresOffset,
  type Segment,
  type VectorSet,
} from '../../vectors/set.js';
import { TopK } from '../../vectors/top-k.js';

export type KnnKind = 'vertex' | 'edge' | 'any';

export interface KnnFilter {
  /** Default `any`. */
  kind?: KnnKind;
  /** Exact, case-sensitive label; unlabelled elements never match. Undefined: any label. */
  label?: string;
}

export interface KnnHit {
  graphElementId: number;
  /** The float32 score. */
  score: number;
}

/** Vectors scored per kernel call (per query in the pass): large enough to amortise the call. */
const blockVectors = 4096;
/** Bytes of vectors a sliced scan reads between two yields: about 5 ms at the memory-read roof. */
export const sliceBytes = 24 * 2 ** 20;

/** Accepts an element id as a candidate: live, of the wanted kind and label. */
type Candidate = (id: number) => boolean;

function candidateFilter(graph: Graph, filter: KnnFilter): Candidate {
  const kind = filter.kind ?? 'any';
  let labelSlot = 0;
  if (filter.label !== undefined) {
    const labelId = graph.labelNames.find(filter.label);
    if (labelId < 0) return () => false;
    labelSlot = labelId + 1;
  }
  return (id) => {
    if (!graph.exists(id)) return false;
    const type = graph.kindType.view[id];
    if (kind === 'vertex' ? type !== kindVertex : kind === 'edge' ? type < edgeKindBase : false) return false;
    return labelSlot === 0 || graph.labelSlotOf(id) === labelSlot;
  };
}

/** One pass over a set answering up to `maxQueriesPerPass` queries; `step` advances it. */
class Pass {
  private readonly heaps: TopK[];
  /** 1 when higher scores are better, -1 for L2: heap keys are `sign * score`, higher always better. */
  private readonly sign: number;
  /** Cosine: each query's norm (float32), for the score's epilogue. */
  private readonly queryNorms: Float64Array;
  /** Vectors scored per kernel call. */
  private readonly blockSize: number;
  /** Vectors the kernel scores against every query before moving on (kept in the L1 cache). */
  private readonly kernelBlock: number;
  /** Next slot to score. */
  private next = 0;
  /** The segment whose scratch holds the queries. */
  private placed: Segment | undefined;

  constructor(
    private readonly set: VectorSet,
    private readonly metric: VectorMetric,
    private readonly queries: readonly Float32Array[],
    k: number,
    private readonly accept: Candidate,
  ) {
    this.heaps = queries.map(() => new TopK(k));
    this.sign = higherIsBetter(metric) ? 1 : -1;
    this.queryNorms = Float64Array.from(queries, (query) => (metric === 'Cosine' ? vectorNorm(query) : 0));
    this.blockSize = Math.min(blockVectors, Math.floor(scoresCapacity / queries.length));
    this.kernelBlock = Math.max(1, Math.min(maxBlockVectors, Math.floor(blockBytes / set.strideBytes)));
  }

  get done(): boolean {
    const set = this.set;
    return (
      this.next >= set.slotCount || set.segments[Math.floor(this.next / set.slotsPerSegment)] === undefined
    );
  }

  /** Scores slots until about `budgetBytes` of vectors were read or the set is exhausted. */
  step(budgetBytes: number): void {
    const set = this.set;
    const perSegment = set.slotsPerSegment;
    let budget = budgetBytes;
    // Another scan may have used the scratch while this one yielded: place the queries again.
    this.placed = undefined;
    while (this.next < set.slotCount && budget > 0) {
      const segmentIndex = Math.floor(this.next / perSegment);
      const segment = set.segments[segmentIndex];
      if (segment === undefined) break; // cleared while a sliced scan yielded
      if (this.placed !== segment) {
        this.placeQueries(segment.floats);
        this.placed = segment;
      }
      const segmentEnd = Math.min(set.slotCount, (segmentIndex + 1) * perSegment);
      const count = Math.min(this.blockSize, segmentEnd - this.next);
      const base = set.floatOffsetInSegment(this.next) * 4;
      const kernel = segment.kernel;
      // Cosine is the inner product divided by the norms (kernel-module.ts): the kernel computes the
      // products, `select` divides with the vectors' stored norms.
      const scoreBlock = this.metric === 'L2' ? kernel.scoreL2 : kernel.scoreDot;
      scoreBlock(queriesOffset, this.queries.length, base, count, set.chunks, scoresOffset, this.kernelBlock);
      this.select(segment.floats, this.next, count);
      this.next += count;
      budget -= count * set.strideBytes;
    }
  }

  results(): KnnHit[][] {
    return this.heaps.map((heap) =>
      heap.sorted().map(({ key, id }) => ({ graphElementId: id, score: key * this.sign })),
    );
  }

  private placeQueries(floats: Float32Array): void {
    const stride = this.set.strideFloats;
    this.queries.forEach((query, j) => {
      const start = (queriesOffset >>> 2) + j * stride;
      floats.set(query, start);
      floats.fill(0, start + query.length, start + stride);
    });
  }

  /** Offers the block's scores (slots `first` .. `first + count`) to the heaps. */
  private select(floats: Float32Array, first: number, count: number): void {
    const owners = this.set.owners;
    const norms = this.set.norms;
    const cosine = this.metric === 'Cosine';
    const queryNorms = this.queryNorms;
    const scores = floats.subarray(scoresOffset >>> 2, (scoresOffset >>> 2) + count * this.queries.length);
    const queryCount = this.queries.length;
    const sign = this.sign;
    const heaps = this.heaps;
    const f = Math.fround;
    for (let i = 0; i < count; i++) {
      const id = owners[first + i];
      if (id < 0) continue;
      const vectorNorm = norms[first + i];
      // The candidate filter runs at most once per vector, and only for a score that would enter.
      let verdict = 0;
      for (let j = 0; j < queryCount; j++) {
        let score = scores[i * queryCount + j];
        // float32 division of float32 operands, as the kernel's pairCosine divides.
        if (cosine) score = f(score / f(queryNorms[j] * vectorNorm));
        const key = sign * score;
        // NaN fails both comparisons; infinities fail the second.
        if (!(key - key === 0)) continue;
        const heap = heaps[j];
        if (!heap.accepts(key, id)) continue;
        if (verdict === 0) verdict = this.accept(id) ? 1 : -1;
        if (verdict < 0) break;
        heap.push(key, id);
      }
    }
  }
}

function passes(
  graph: Graph,
  set: VectorSet,
  metric: VectorMetric,
  queries: readonly Float32Array[],
  k: number,
  filter: KnnFilter,
): Pass[] {
  const accept = candidateFilter(graph, filter);
  const result: Pass[] = [];
  for (let start = 0; start < queries.length; start += maxQueriesPerPassFor(set)) {
    result.push(new Pass(set, metric, queries.slice(start, start + maxQueriesPerPassFor(set)), k, accept));
  }
  return result;
}

/** Queries whose padded vectors fit the scratch's query area, at most `maxQueriesPerPass`. */
function maxQueriesPerPassFor(set: VectorSet): number {
  return Math.max(1, Math.min(maxQueriesPerPass, Math.floor(queriesBytes / set.strideBytes)));
}

/**
 * The `k` best elements of `set` for each query (each of the set's dimension, validated by the caller),
 * best first. Synchronous: for large sets in a server, use `searchSliced`.
 */
export function search(
  graph: Graph,
  set: VectorSet,
  metric: VectorMetric,
  queries: readonly Float32Array[],
  k: number,
  filter: KnnFilter = {},
): KnnHit[][] {
  return passes(graph, set, metric, queries, k, filter).flatMap((pass) => {
    pass.step(Number.POSITIVE_INFINITY);
    return pass.results();
  });
}

/** `search` in slices of about `sliceBytes` of vectors, yielding the event loop between them. */
export async function searchSliced(
  graph: Graph,
  set: VectorSet,
  metric: VectorMetric,
  queries: readonly Float32Array[],
  k: number,
  filter: KnnFilter = {},
): Promise<KnnHit[][]> {
  const results: KnnHit[][] = [];
  for (const pass of passes(graph, set, metric, queries, k, filter)) {
    pass.step(sliceBytes);
    while (!pass.done) {
      await yieldToEventLoop();
      pass.step(sliceBytes);
    }
    results.push(...pass.results());
  }
  return results;
}
