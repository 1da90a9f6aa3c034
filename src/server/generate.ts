/**
 * Random graph generation for `GET /generate` (docs/generation.md): vertices first, then each vertex's
 * out-edges, every element through the writer as a `CreateBatch` of at most `generateBatchRows` rows, so
 * a generated graph is logged and durable like any write. Building a batch stops early once
 * `generateSliceMilliseconds` have passed, and each batch's commit is awaited before the next is built,
 * so the event loop is never held for long.
 *
 * Targets of one vertex are distinct and never the vertex itself, drawn among the vertices this call
 * created: uniformly (Floyd's sampling, exactly k draws), or preferentially, each draw picking vertex j
 * with probability proportional to (in-degree of j from the edges this call generated so far + 1).
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { CreateBatch, type Engine } from '../index.js';

export type GenerateDistribution = 'uniform' | 'preferential';

/** Most vertices one call creates. */
export const maxGenerateNodeCount = 10_000_000;
/** Most edges one call creates (node count times the capped edge count). */
export const maxGenerateEdges = 100_000_000;
/** Rows (elements) of one writer transaction. */
export const generateBatchRows = 10_000;
/** Longest run of batch building between two yields to the event loop. */
export const generateSliceMilliseconds = 20;
/** Consecutive refused preferential draws after which a vertex's targets are drawn by the exact method. */
const maxRejectedDraws = 64;
/** The edge type of every generated edge. */
export const generatedEdgeType = 'A';

export interface GenerateResult {
  verticesCreated: number;
  edgesCreated: number;
}

/** Out-edges per vertex a call with these counts makes: `edgeCount`, capped to the other vertices. */
export function cappedEdgeCount(nodeCount: number, edgeCount: number): number {
  return Math.max(0, Math.min(edgeCount, nodeCount - 1));
}

function randomBelow(bound: number): number {
  return Math.floor(Math.random() * bound);
}

/**
 * Picks each vertex's targets (as indexes into the call's vertices). `next(into)` fills `into` with the
 * next vertex's targets and answers how many; sources are visited in creation order.
 */
class TargetPicker {
  /** `chosen[j] === stamp`: j is already a target of the current source. */
  private readonly chosen: Int32Array;
  private stamp = 0;
  /** Preferential: every vertex once plus one entry per generated edge's target (a draw is proportional to in-degree + 1). */
  private readonly urn: Int32Array | null;
  private urnLength: number;
  private readonly inDegree: Int32Array | null;

  constructor(
    private readonly nodeCount: number,
    private readonly perVertex: number,
    distribution: GenerateDistribution,
  ) {
    this.chosen = new Int32Array(nodeCount);
    if (distribution === 'preferential') {
      this.urn = new Int32Array(nodeCount + nodeCount * perVertex);
      for (let j = 0; j < nodeCount; j++) this.urn[j] = j;
      this.inDegree = new Int32Array(nodeCount);
    } else {
      this.urn = null;
      this.inDegree = null;
    }
    this.urnLength = nodeCount;
  }

  targetsOf(source: number, into: Int32Array): number {
    this.stamp++;
    this.chosen[source] = this.stamp;
    const count = this.urn === null ? this.uniform(source, into) : this.preferential(source, into);
    if (this.urn !== null && this.inDegree !== null) {
      for (let at = 0; at < count; at++) {
        this.urn[this.urnLength++] = into[at];
        this.inDegree[into[at]]++;
      }
    }
    return count;
  }

  /** Floyd's algorithm over the other `nodeCount - 1` vertices: k distinct picks in k draws. */
  private uniform(source: number, into: Int32Array): number {
    const others = this.nodeCount - 1;
    let count = 0;
    for (let j = others - this.perVertex; j < others; j++) {
      const drawn = randomBelow(j + 1);
      const candidate = this.chosen[this.vertexOf(drawn, source)] === this.stamp ? j : drawn;
      const vertex = this.vertexOf(candidate, source);
      this.chosen[vertex] = this.stamp;
      into[count++] = vertex;
    }
    return count;
  }

  /** Index `i` among the vertices other than `source`. */
  private vertexOf(i: number, source: number): number {
    return i < source ? i : i + 1;
  }

  private preferential(source: number, into: Int32Array): number {
    const urn = this.urn as Int32Array;
    let count = 0;
    let rejected = 0;
    while (count < this.perVertex) {
      const vertex = urn[randomBelow(this.urnLength)];
      if (this.chosen[vertex] === this.stamp) {
        // The source and its chosen targets hold most of the weight: finish with the exact method.
        if (++rejected >= maxRejectedDraws) return this.weightedRest(into, count);
        continue;
      }
      rejected = 0;
      this.chosen[vertex] = this.stamp;
      into[count++] = vertex;
    }
    return count;
  }

  /**
   * The remaining draws at once, with the distribution of successive draws without replacement: the
   * candidates with the largest `u^(1/w)` keys (Efraimidis and Spirakis), w = in-degree + 1.
   */
  private weightedRest(into: Int32Array, count: number): number {
    const inDegree = this.inDegree as Int32Array;
    const wanted = this.perVertex - count;
    const keyed: { vertex: number; key: number }[] = [];
    for (let j = 0; j < this.nodeCount; j++) {
      if (this.chosen[j] === this.stamp) continue;
      keyed.push({ vertex: j, key: Math.log(Math.random()) / (inDegree[j] + 1) });
    }
    keyed.sort((a, b) => b.key - a.key);
    for (let at = 0; at < wanted && at < keyed.length; at++) {
      const vertex = keyed[at].vertex;
      this.chosen[vertex] = this.stamp;
      into[count++] = vertex;
    }
    return count;
  }
}

/** Commits the batch and resets it for the next rows; answers the created ids. */
async function commit(engine: Engine, batch: CreateBatch): Promise<number[]> {
  if (batch.isEmpty) return [];
  const { createdIds } = await engine.submitCreates(batch);
  batch.reset();
  return createdIds;
}

/**
 * Appends `nodeCount` unlabelled vertices and, from each, `cappedEdgeCount(nodeCount, edgeCount)` edges of
 * type `A` to distinct other vertices of this call. A batch that rolls back rejects with its writer's
 * error; the batches committed before it stay.
 */
export async function generateGraph(
  engine: Engine,
  nodeCount: number,
  edgeCount: number,
  distribution: GenerateDistribution,
): Promise<GenerateResult> {
  const perVertex = cappedEdgeCount(nodeCount, edgeCount);
  const ids = new Int32Array(nodeCount);
  const batch = new CreateBatch();
  let created = 0;
  while (created < nodeCount) {
    const rows = Math.min(generateBatchRows, nodeCount - created);
    for (let row = 0; row < rows; row++) batch.addVertex(undefined, null);
    const batchIds = await commit(engine, batch);
    for (const id of batchIds) ids[created++] = id;
    await yieldToLoop();
  }

  const picker = new TargetPicker(nodeCount, perVertex, distribution);
  const targets = new Int32Array(perVertex);
  let edgesCreated = 0;
  let source = 0;
  while (source < nodeCount && perVertex > 0) {
    const sliceStarted = performance.now();
    while (
      source < nodeCount &&
      batch.count + perVertex <= Math.max(generateBatchRows, perVertex) &&
      performance.now() - sliceStarted < generateSliceMilliseconds
    ) {
      const count = picker.targetsOf(source, targets);
      for (let at = 0; at < count; at++) {
        batch.addEdge(ids[source], ids[targets[at]], generatedEdgeType, undefined, null);
      }
      source++;
    }
    edgesCreated += (await commit(engine, batch)).length;
    await yieldToLoop();
  }
  return { verticesCreated: created, edgesCreated };
}
