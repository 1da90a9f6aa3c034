/**
 * DIJKSTRA's least-weight search with a hop bound, the building block of Yen's K-shortest paths (yen.ts).
 *
 * A label is (vertex, hops, weight) plus the step that made it. Labels leave a binary heap in ascending
 * (weight, hops, creation order); neighbour steps are made in ascending (edge id, direction) order, so ties
 * are settled the same way on every run (docs/paths.md, "Algorithms"). A label is dropped when another label
 * of its vertex with no more hops and no more weight was settled or pushed before it: its every extension is
 * matched by that one's. So `maxDepth` is enforced during the search exactly: a lighter route that needs too
 * many hops does not hide a heavier one that fits, because both survive as long as neither dominates. A
 * settled ancestor always dominates a later label of the same vertex, so every label's walk is loop-free.
 * `maxPathWeight` prunes a label heavier than the cap (inclusive).
 *
 * Weights are sums from the start vertex, step after step (`weight(label) = weight(pred) + step`), the
 * same additions the result's `totalWeight` makes, so ordering and reporting agree to the last bit.
 *
 * Vertex rules (docs/paths.md, "Which vertices the filters test"): the start is never tested by the vertex
 * filter; every vertex a step reaches, the target included, is.
 *
 * Vertices are handled by their dense numbers (dense.ts) throughout: labels, memo and per-vertex records;
 * paths are turned back into ids at the end (`vertexIds`).
 */
import { type Graph, topologyView, type TopologyView } from '../engine/index.js';
import { clampStep, type StepRules } from './rules.js';
import { ruleCallUnits, unitsPerCheck, type SearchTask, type WorkMeter } from './slices.js';
import { IntList, KeyList, StepCollector } from './steps.js';
import { DenseVertices } from './dense.js';
import {
  bannedStamp,
  bestHops,
  bestStamp,
  bestWeightSlot,
  memoStamp,
  recordWords,
  settledHops,
  settledStamp,
  weightSlots,
  type WeightedScratch,
} from './weighted-scratch.js';

/** One request's shared state: graph, rules, scratch and the memo of sorted, costed steps per vertex. */
export class WeightedRun {
  view: TopologyView;
  readonly size: number;
  /** The run's vertex numbering; its count is the live vertices when the run started. */
  readonly dense: DenseVertices;
  /** A hop bound of at least this never cuts a loop-free path. */
  readonly vertexCount: number;
  readonly runEpoch: number;
  private readonly collector = new StepCollector();
  private readonly keys = new KeyList();
  private readonly neighbours = new IntList();
  /** Least weights to the target (Yen, K > 1), once computed: spur searches prune with them. */
  toTarget: Float64Array | undefined;
  /** A plain search of this run broke maxDepth: later searches skip the plain pass. */
  hopsBind = false;
  /** Vertices banned by `banVertex` during the current spur search (cleared by the caller). */
  readonly banned = new IntList(16);
  // Labels of the current label search, reused between searches.
  labelVertex = new Int32Array(1024);
  labelHops = new Int32Array(1024);
  labelPred = new Int32Array(1024);
  labelKey = new Uint32Array(1024);
  labelWeight = new Float64Array(1024);
  labelStep = new Float64Array(1024);
  labelCount = 0;
  heap = new Int32Array(1024);
  /** The weight of each heap entry's label, beside it: comparisons read no label array for it. */
  heapWeight = new Float64Array(1024);
  heapSize = 0;

  constructor(
    readonly graph: Graph,
    readonly rules: StepRules,
    readonly meter: WorkMeter,
    readonly scratch: WeightedScratch,
    dense: DenseVertices,
  ) {
    this.view = topologyView(graph);
    this.size = graph.nextId;
    this.dense = dense;
    this.vertexCount = dense.count;
    this.runEpoch = scratch.startRun();
  }

  refresh(): void {
    this.view = topologyView(this.graph);
  }

  /**
   * Memoises the steps of dense vertex `vertex` (once per run): admitted by the edge-type, edge and vertex
   * filters, in ascending (edge id, direction), each with its clamped cost and its neighbour's dense
   * number; untraversable costs and vertices created after the run started are left out.
   */
  memoise(vertex: number): void {
    const scratch = this.scratch;
    const records = scratch.records;
    const record = vertex * recordWords;
    if (records[record + memoStamp] === this.runEpoch) return;
    const rules = this.rules;
    const keys = this.keys;
    const neighbours = this.neighbours;
    const dense = this.dense;
    this.collector.collect(this.view, rules, dense.ids[vertex], this.size, undefined, keys, neighbours);
    const count = keys.length;
    scratch.reserveSteps(count);
    const start = scratch.stepKeys.length;
    const stepKeys = scratch.stepKeys.values;
    const stepNeighbours = scratch.stepNeighbours.values;
    const stepCosts = scratch.stepCosts;
    const vertexFilter = rules.hasVertexFilter;
    const constant = rules.constantCosts;
    const constantCost = rules.constantStepCost;
    const edgeCost = rules.edgeCostFunction;
    const vertexCost = rules.vertexCostConstant;
    // An edge-weight search: the edge cost called directly, the constant vertex cost added inline.
    const edgeWeighted = !constant && edgeCost !== undefined && vertexCost !== undefined;
    let at = start;
    for (let i = 0; i < count; i++) {
      const key = keys.values[i];
      const w = neighbours.values[i];
      const d = dense.indexOf(w);
      if (d < 0) continue;
      if (vertexFilter && !rules.vertexAllowed(w)) continue;
      const cost = constant
        ? constantCost
        : edgeWeighted
          ? clampStep(edgeCost(Math.floor(key / 2)) + vertexCost)
          : rules.stepCost(Math.floor(key / 2), w);
      if (cost !== cost) continue; // NaN: not traversable
      stepKeys[at] = key;
      stepNeighbours[at] = d;
      stepCosts[at] = cost;
      at++;
    }
    scratch.stepKeys.length = at;
    scratch.stepNeighbours.length = at;
    this.meter.units += count + 8 + (edgeWeighted ? count * ruleCallUnits : 0);
    records[record + memoStamp] = this.runEpoch;
    scratch.memoStart[vertex] = start;
    scratch.memoCount[vertex] = at - start;
  }

  newLabel(vertex: number, hops: number, weight: number, pred: number, key: number, step: number): number {
    const label = this.labelCount;
    if (label === this.labelVertex.length) this.growLabels();
    this.labelVertex[label] = vertex;
    this.labelHops[label] = hops;
    this.labelWeight[label] = weight;
    this.labelPred[label] = pred;
    this.labelKey[label] = key;
    this.labelStep[label] = step;
    this.labelCount = label + 1;
    return label;
  }

  private growLabels(): void {
    const capacity = this.labelVertex.length * 2;
    const grow = <T extends Int32Array | Uint32Array | Float64Array>(array: T, make: (n: number) => T): T => {
      const grown = make(capacity);
      grown.set(array);
      return grown;
    };
    this.labelVertex = grow(this.labelVertex, (n) => new Int32Array(n));
    this.labelHops = grow(this.labelHops, (n) => new Int32Array(n));
    this.labelPred = grow(this.labelPred, (n) => new Int32Array(n));
    this.labelKey = grow(this.labelKey, (n) => new Uint32Array(n));
    this.labelWeight = grow(this.labelWeight, (n) => new Float64Array(n));
    this.labelStep = grow(this.labelStep, (n) => new Float64Array(n));
  }

  /** Between labels of equal weight: fewer hops first, then the one created first. */
  private tieBefore(a: number, b: number): boolean {
    const ha = this.labelHops[a];
    const hb = this.labelHops[b];
    return ha !== hb ? ha < hb : a < b;
  }

  heapPush(label: number): void {
    if (this.heapSize === this.heap.length) {
      const grown = new Int32Array(this.heap.length * 2);
      grown.set(this.heap);
      this.heap = grown;
      const weights = new Float64Array(this.heap.length);
      weights.set(this.heapWeight);
      this.heapWeight = weights;
    }
    const heap = this.heap;
    const heapWeight = this.heapWeight;
    const weight = this.labelWeight[label];
    let at = this.heapSize++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = heapWeight[parent];
      if (above < weight || (above === weight && !this.tieBefore(label, heap[parent]))) break;
      heap[at] = heap[parent];
      heapWeight[at] = above;
      at = parent;
    }
    heap[at] = label;
    heapWeight[at] = weight;
  }

  /** Takes the first label: least weight, then fewest hops, then created first. */
  heapPop(): number {
    const heap = this.heap;
    const heapWeight = this.heapWeight;
    const top = heap[0];
    const size = --this.heapSize;
    const last = heap[size];
    const lastWeight = heapWeight[size];
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      let childWeight = heapWeight[child];
      const right = child + 1;
      if (right < size) {
        const rightWeight = heapWeight[right];
        if (
          rightWeight < childWeight ||
          (rightWeight === childWeight && this.tieBefore(heap[right], heap[child]))
        ) {
          child = right;
          childWeight = rightWeight;
        }
      }
      if (childWeight > lastWeight || (childWeight === lastWeight && !this.tieBefore(heap[child], last)))
        break;
      heap[at] = heap[child];
      heapWeight[at] = childWeight;
      at = child;
    }
    if (size > 0) {
      heap[at] = last;
      heapWeight[at] = lastWeight;
    }
    return top;
  }
}

/**
 * `toTarget` values are sums added in another order than a forward search adds the same steps, so they may
 * exceed the forward sum by rounding; shrunk by this factor they stay below it (the error of a sum of n
 * doubles is under n * 2^-53 of it).
 */
const lowerBoundShrink = 1 - 1e-9;

/** A path a label search found: its vertices, step keys and step weights, and the cumulative weights. */
export interface WeightedPath {
  /** hops + 1 dense vertex numbers in walking order. */
  readonly vertices: Int32Array;
  readonly keys: Uint32Array;
  readonly weights: Float64Array;
  /** `prefix[i]`: the weight of the first i steps (sums from the start), `prefix[hops]` the total. */
  readonly prefix: Float64Array;
}

export interface LabelSearch {
  /** Dense numbers. */
  readonly start: number;
  readonly target: number;
  /** Steps already taken before `start` (Yen's root) and their weight. */
  readonly startHops: number;
  readonly startWeight: number;
  /** Most steps of the whole path, root included. */
  readonly maxHops: number;
  /** Inclusive cap on the whole path's weight. */
  readonly maxWeight: number;
  /** Vertices that may not be entered are marked (`bannedStamp`) with this search's epoch. */
  readonly epoch: number;
  /** Step keys that may not leave `start` (Yen: the next steps of known paths sharing the root). */
  readonly bannedFirstSteps?: ReadonlySet<number>;
}

/**
 * The least-weight path from `start` to `target` within the bounds (the steps from `start` on), or
 * undefined when none exists.
 *
 * The hop bound costs work only when it binds: keeping a vertex's labels by hops as well as weight can
 * settle a vertex several times. So the search first runs as plain Dijkstra (one label per vertex, hops
 * ignored); its path is the least weight with any number of hops, hence also within the bound when it
 * fits (ties in weight go to fewer hops in both). Only when it does not fit does the hop-aware search run.
 */
export function* labelSearch(run: WeightedRun, search: LabelSearch): SearchTask<WeightedPath | undefined> {
  const unbounded = search.maxHops >= run.vertexCount - 1;
  if (!unbounded && run.hopsBind) return yield* settle(run, search, false);
  const free = yield* settle(run, search, true);
  if (unbounded || free === undefined || search.startHops + free.keys.length <= search.maxHops) return free;
  // The bound binds here; for the rest of the run (Yen's spur searches) go hop-aware at once.
  run.hopsBind = true;
  return yield* settle(run, search, false);
}

/** One label search: `plain` settles each vertex once and ignores the hop bound. */
function* settle(
  run: WeightedRun,
  search: LabelSearch,
  plain: boolean,
): SearchTask<WeightedPath | undefined> {
  const scratch = run.scratch;
  const { start, target, maxWeight, bannedFirstSteps } = search;
  const maxHops = plain ? 0x7fffffff : search.maxHops;
  // Each pass has its own epoch: the second must not see the first's settled labels.
  const epoch = plain ? search.epoch : scratch.nextEpoch();
  if (!plain) copyBans(run, search.epoch, epoch);
  const { records, weights } = scratch;
  const toTarget = run.toTarget;
  // The cap with room for the rounding of a forward sum: only what is clearly heavier is pruned.
  const pruneAbove = maxWeight + Math.abs(maxWeight) * 1e-12;
  run.labelCount = 0;
  run.heapSize = 0;
  run.heapPush(run.newLabel(start, search.startHops, search.startWeight, -1, 0, 0));
  const meter = run.meter;
  // Plain: one label per vertex (any settled or pushed label dominates, whatever its hops).
  const anyHops = plain ? 0x7fffffff : 0;
  while (run.heapSize > 0) {
    if (meter.units >= unitsPerCheck) {
      meter.units = 0;
      yield;
      run.refresh();
    }
    const label = run.heapPop();
    const vertex = run.labelVertex[label];
    const hops = run.labelHops[label];
    const record = vertex * recordWords;
    if (records[record + settledStamp] === epoch && records[record + settledHops] <= hops + anyHops) continue;
    records[record + settledStamp] = epoch;
    records[record + settledHops] = hops;
    if (vertex === target) return pathOf(run, label, search.startHops);
    if (hops >= maxHops) continue;
    run.memoise(vertex);
    const weight = run.labelWeight[label];
    const from = scratch.memoStart[vertex];
    const to = from + scratch.memoCount[vertex];
    const keys = scratch.stepKeys.values;
    const neighbours = scratch.stepNeighbours.values;
    const costs = scratch.stepCosts;
    const nextHops = hops + 1;
    const limitHops = nextHops + anyHops;
    meter.units += to - from + 1;
    for (let i = from; i < to; i++) {
      const w = neighbours[i];
      const other = w * recordWords;
      if (w === start || records[other + bannedStamp] === epoch) continue;
      if (records[other + settledStamp] === epoch && records[other + settledHops] <= limitHops) continue;
      const nextWeight = weight + costs[i];
      if (!(nextWeight <= maxWeight)) continue;
      // No path through w can come in under the cap: its least weight from w on is known (Yen).
      if (toTarget !== undefined && nextWeight + toTarget[w] * lowerBoundShrink > pruneAbove) continue;
      const pushed = records[other + bestStamp] === epoch;
      const best = w * weightSlots + bestWeightSlot;
      if (pushed && records[other + bestHops] <= limitHops && weights[best] <= nextWeight) continue;
      const key = keys[i];
      if (bannedFirstSteps !== undefined && vertex === start && bannedFirstSteps.has(key)) continue;
      run.heapPush(run.newLabel(w, nextHops, nextWeight, label, key, costs[i]));
      if (!pushed || nextWeight < weights[best]) {
        records[other + bestStamp] = epoch;
        records[other + bestHops] = nextHops;
        weights[best] = nextWeight;
      }
    }
  }
  return undefined;
}

/**
 * The least weight from every vertex to `target` (dense numbers; +Infinity where unreached), for Yen's
 * spur searches to prune with: a plain Dijkstra backwards from the target, a step u -> v costing what the
 * forward search charges for it (`stepCost(edge, v)`), up to `maxWeight`. It reads the forward memo of
 * each vertex to find its neighbours, so it sees exactly the steps the forward searches can take.
 */
export function* distancesToTarget(
  run: WeightedRun,
  target: number,
  maxWeight: number,
): SearchTask<Float64Array> {
  const dense = run.dense;
  const distance = new Float64Array(dense.count).fill(Number.POSITIVE_INFINITY);
  const done = new Uint8Array(dense.count);
  let heapVertex = new Int32Array(1024);
  let heapWeight = new Float64Array(1024);
  let size = 0;
  const push = (vertex: number, weight: number): void => {
    if (size === heapVertex.length) {
      const vertices = new Int32Array(size * 2);
      vertices.set(heapVertex);
      heapVertex = vertices;
      const weights = new Float64Array(size * 2);
      weights.set(heapWeight);
      heapWeight = weights;
    }
    let at = size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (heapWeight[parent] <= weight) break;
      heapVertex[at] = heapVertex[parent];
      heapWeight[at] = heapWeight[parent];
      at = parent;
    }
    heapVertex[at] = vertex;
    heapWeight[at] = weight;
  };
  const rules = run.rules;
  const scratch = run.scratch;
  const meter = run.meter;
  distance[target] = 0;
  push(target, 0);
  while (size > 0) {
    if (meter.units >= unitsPerCheck) {
      meter.units = 0;
      yield;
      run.refresh();
    }
    const vertex = heapVertex[0];
    const weight = heapWeight[0];
    const lastVertex = heapVertex[--size];
    const lastWeight = heapWeight[size];
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && heapWeight[child + 1] < heapWeight[child]) child++;
      if (heapWeight[child] >= lastWeight) break;
      heapVertex[at] = heapVertex[child];
      heapWeight[at] = heapWeight[child];
      at = child;
    }
    heapVertex[at] = lastVertex;
    heapWeight[at] = lastWeight;
    if (done[vertex] === 1) continue;
    done[vertex] = 1;
    run.memoise(vertex);
    const from = scratch.memoStart[vertex];
    const to = from + scratch.memoCount[vertex];
    const vertexId = dense.ids[vertex];
    meter.units += (to - from) * 2 + 1;
    for (let i = from; i < to; i++) {
      const u = scratch.stepNeighbours.values[i];
      if (done[u] === 1) continue;
      // The forward step u -> vertex: the edge's cost plus the cost of arriving at `vertex`.
      const step = rules.stepCost(Math.floor(scratch.stepKeys.values[i] / 2), vertexId);
      if (step !== step) continue;
      const next = weight + step;
      if (next < distance[u] && next <= maxWeight) {
        distance[u] = next;
        push(u, next);
      }
    }
  }
  return distance;
}

/** Marks dense vertex `vertex` as not to be entered during the search of `epoch`. */
export function banVertex(run: WeightedRun, vertex: number, epoch: number): void {
  run.scratch.records[vertex * recordWords + bannedStamp] = epoch;
  run.banned.push(vertex);
}

/** The bans of the search of `from` also hold for `to` (its second, hop-aware pass). */
function copyBans(run: WeightedRun, from: number, to: number): void {
  const records = run.scratch.records;
  for (let i = 0; i < run.banned.length; i++) {
    const record = run.banned.values[i] * recordWords;
    if (records[record + bannedStamp] === from) records[record + bannedStamp] = to;
  }
}

/** The ids of dense vertex numbers. */
export function vertexIds(run: WeightedRun, vertices: Int32Array): Int32Array {
  const ids = new Int32Array(vertices.length);
  for (let i = 0; i < vertices.length; i++) ids[i] = run.dense.ids[vertices[i]];
  return ids;
}

/** The path of a settled target label, from the search's start. */
function pathOf(run: WeightedRun, label: number, startHops: number): WeightedPath {
  const hops = run.labelHops[label] - startHops;
  const vertices = new Int32Array(hops + 1);
  const keys = new Uint32Array(hops);
  const weights = new Float64Array(hops);
  const prefix = new Float64Array(hops + 1);
  let at = label;
  for (let i = hops; i > 0; i--) {
    vertices[i] = run.labelVertex[at];
    keys[i - 1] = run.labelKey[at];
    weights[i - 1] = run.labelStep[at];
    prefix[i] = run.labelWeight[at];
    at = run.labelPred[at];
  }
  vertices[0] = run.labelVertex[at];
  prefix[0] = run.labelWeight[at];
  return { vertices, keys, weights, prefix };
}
