/**
 * BLS: bidirectional level-synchronous breadth-first search over both edge directions, returning every
 * fewest-hop path between two vertices (spec part 2 "Path finding" rules 1, 2; CONTRACT 2.1), up to
 * `maxResults`, in ascending order of their step sequences (edge id, then direction, step by step). All
 * weights are 0; costs and `maxPathWeight` are ignored.
 *
 * Which vertices the vertex filter tests (CONTRACT 2.1, reproduced because it decides whether a path
 * exists): both end vertices are seeds of the two searches, so on a path of two or more hops neither end is
 * tested, only the intermediate vertices. A one-hop path (an admitted edge between the ends) is found when
 * the target passes, or, with `maxDepth` 2 or more (when the ancestor's backward search also runs), when
 * the start passes.
 *
 * How: each side keeps its BFS level per vertex (`distS` from the start, `distT` to the target) and the
 * smaller frontier is expanded a whole level at a time. A side never passes through the other side's seed:
 * reaching it marks a meeting. The first level that produces a meeting gives the fewest hops D (a meeting
 * vertex w has distS + distT = D; taking the smallest over the whole level is exact, see docs/paths.md).
 * The paths are then enumerated from the start in order: position p of a path is a vertex with distS = p
 * up to a cut position c = max(0, D - levelsT), and with distT = D - p from c on, so the levels both sides
 * computed describe every shortest path exactly; dead ends of the forward half are remembered.
 */
import type { Graph } from '../engine/graph/graph.js';
import { topologyView, type TopologyView } from '../engine/graph/topology.js';
import { FoundPaths } from './found.js';
import type { FoundPath } from './model.js';
import type { StepRules } from './rules.js';
import { unitsPerCheck, type SearchTask, type WorkMeter } from './slices.js';
import { IntList, KeyList, StepCollector } from './steps.js';

export interface BlsInput {
  readonly graph: Graph;
  readonly rules: StepRules;
  readonly meter: WorkMeter;
  readonly from: number;
  readonly to: number;
  /** At least 1. */
  readonly maxDepth: number;
  /** At least 1. */
  readonly maxResults: number;
}

/** Level arrays kept for the next search (filled with -1 when free); a few, so memory stays bounded. */
const freeLevelArrays: Int32Array[] = [];
const maxFreeLevelArrays = 4;

function takeLevels(size: number): Int32Array {
  for (let i = 0; i < freeLevelArrays.length; i++) {
    if (freeLevelArrays[i].length >= size) return freeLevelArrays.splice(i, 1)[0];
  }
  return new Int32Array(Math.max(size, 1)).fill(-1);
}

function giveLevels(levels: Int32Array, touched: IntList, extra: readonly number[]): void {
  const values = touched.values;
  for (let i = 0; i < touched.length; i++) levels[values[i]] = -1;
  for (const id of extra) if (id >= 0 && id < levels.length) levels[id] = -1;
  if (freeLevelArrays.length < maxFreeLevelArrays) freeLevelArrays.push(levels);
  else {
    // Keep the largest arrays: a big graph's search should not reallocate because a small one ran.
    freeLevelArrays.sort((a, b) => a.length - b.length);
    if (freeLevelArrays[0].length < levels.length) freeLevelArrays[0] = levels;
  }
}

export function* blsSearch(input: BlsInput): SearchTask<FoundPath[]> {
  const search = new Bls(input);
  try {
    return yield* search.run();
  } finally {
    search.release();
  }
}

class Bls {
  private readonly graph: Graph;
  private readonly rules: StepRules;
  private readonly meter: WorkMeter;
  private readonly s: number;
  private readonly t: number;
  private readonly maxDepth: number;
  private readonly maxResults: number;
  /** Ids at or past this were created after the search started; it does not see them. */
  private readonly size: number;
  private view: TopologyView;
  private readonly distS: Int32Array;
  private readonly distT: Int32Array;
  /** Every vertex given a level on each side, level after level (`starts*[k]` = where level k begins). */
  private readonly visitedS = new IntList(256);
  private readonly visitedT = new IntList(256);
  private readonly startsS: number[] = [0];
  private readonly startsT: number[] = [0];
  /** Smallest distS + distT of a meeting found so far. */
  private meet = Number.POSITIVE_INFINITY;
  /** Where `expandVertex` stopped inside a vertex's adjacency: direction (-1 none), type id, last edge id. */
  private resumeDirection = -1;
  private resumeType = -1;
  private resumeEdge = -1;
  private readonly collector = new StepCollector();

  constructor(input: BlsInput) {
    this.graph = input.graph;
    this.rules = input.rules;
    this.meter = input.meter;
    this.s = input.from;
    this.t = input.to;
    this.maxDepth = input.maxDepth;
    this.maxResults = input.maxResults;
    this.size = input.graph.nextId;
    this.view = topologyView(input.graph);
    this.distS = takeLevels(this.size);
    this.distT = takeLevels(this.size);
  }

  release(): void {
    giveLevels(this.distS, this.visitedS, [this.t]);
    giveLevels(this.distT, this.visitedT, [this.s]);
  }

  *run(): SearchTask<FoundPath[]> {
    const oneHop = this.oneHopPaths();
    if (oneHop !== undefined) return oneHop;
    if (this.maxDepth < 2) return [];
    this.distS[this.s] = 0;
    this.distT[this.t] = 0;
    this.visitedS.push(this.s);
    this.visitedT.push(this.t);
    let levelS = 0;
    let levelT = 0;
    for (;;) {
      const sizeS = this.visitedS.length - this.startsS[levelS];
      const sizeT = this.visitedT.length - this.startsT[levelT];
      if (sizeS === 0 || sizeT === 0) return [];
      const forward = sizeS <= sizeT;
      yield* this.expandLevel(forward, forward ? levelS : levelT);
      if (forward) levelS++;
      else levelT++;
      if (this.meet !== Number.POSITIVE_INFINITY) break;
      if (levelS + levelT >= this.maxDepth) return [];
    }
    return yield* this.enumerate(this.meet, Math.max(0, this.meet - levelT));
  }

  /**
   * The one-hop paths when they are admissible (CONTRACT 2.1: the target passes, or with maxDepth >= 2
   * the start does), else undefined.
   */
  private oneHopPaths(): FoundPath[] | undefined {
    const keys = new KeyList();
    const t = this.t;
    this.collector.collect(this.view, this.rules, this.s, (w) => w === t, keys);
    if (keys.length === 0) return undefined;
    const admitted =
      this.rules.vertexAllowed(this.t) || (this.maxDepth >= 2 && this.rules.vertexAllowed(this.s));
    if (!admitted) return undefined;
    const found = new FoundPaths();
    const ends = [this.s, this.t];
    for (let i = 0; i < keys.length && i < this.maxResults; i++) found.add(ends, [keys.values[i]], 1);
    return found.toResult(this.graph);
  }

  /** Expands every vertex of one side's current level into the next. */
  private *expandLevel(forward: boolean, level: number): SearchTask<void> {
    const visited = forward ? this.visitedS : this.visitedT;
    const starts = forward ? this.startsS : this.startsT;
    const begin = starts[level];
    const end = visited.length;
    starts.push(end);
    for (let i = begin; i < end; i++) {
      const vertex = visited.values[i];
      while (!this.expandVertex(vertex, level, forward)) {
        this.meter.units = 0;
        yield;
        this.view = topologyView(this.graph);
      }
      if (this.meter.units >= unitsPerCheck) {
        this.meter.units = 0;
        yield;
        this.view = topologyView(this.graph);
      }
    }
  }

  /**
   * Gives level + 1 to each admitted neighbour of `vertex` that this side has not reached. Returns false
   * when the work meter filled up inside the vertex's adjacency (a hub): the resume point is kept and the
   * next call continues after the last edge it handled.
   */
  private expandVertex(vertex: number, level: number, forward: boolean): boolean {
    const { pool, first, second } = this.view;
    const own = forward ? this.distS : this.distT;
    const other = forward ? this.distT : this.distS;
    const visited = forward ? this.visitedS : this.visitedT;
    const otherSeed = forward ? this.t : this.s;
    const size = this.size;
    const rules = this.rules;
    const meter = this.meter;
    const typeFilter = rules.hasTypeFilter;
    const edgeFilter = rules.hasEdgeFilter;
    const vertexFilter = rules.hasVertexFilter;
    const next = level + 1;
    let meet = this.meet;
    let scanned = 0;
    let direction = 0;
    let skipType = -1;
    let skipEdge = -1;
    if (this.resumeDirection >= 0) {
      direction = this.resumeDirection;
      skipType = this.resumeType;
      skipEdge = this.resumeEdge;
      this.resumeDirection = -1;
    }
    for (; direction < 2; direction++) {
      const record = direction === 1 ? first[vertex] : second[vertex];
      if (record >= 0) {
        const end = record + 2 + pool[record + 1];
        for (let group = record + 2; group < end;) {
          const typeId = pool[group];
          const stop = group + 2 + 2 * pool[group + 1];
          if (typeId < skipType || (typeFilter && !rules.typeAllowed(typeId))) {
            group = stop;
            continue;
          }
          let at = group + 2;
          if (typeId === skipType) while (at < stop && pool[at] <= skipEdge) at += 2;
          for (; at < stop; at += 2) {
            scanned++;
            const w = pool[at + 1];
            if (w >= size || own[w] >= 0 || w === vertex) continue;
            if (w === otherSeed) {
              // The other end: a meeting of length level + 1, never a vertex to expand (or to filter).
              if (level === 0 || (edgeFilter && !rules.edgeAllowed(pool[at]))) continue;
              own[w] = next;
              if (next < meet) meet = next;
            } else {
              if (edgeFilter && !rules.edgeAllowed(pool[at])) continue;
              if (vertexFilter && !rules.vertexAllowed(w)) continue;
              own[w] = next;
              visited.push(w);
              const there = other[w];
              if (there >= 0 && next + there < meet) meet = next + there;
            }
            if (scanned + meter.units >= unitsPerCheck) {
              this.meet = meet;
              meter.units += scanned;
              if (at + 2 < stop || group < end || direction === 0) {
                this.resumeDirection = direction;
                this.resumeType = typeId;
                this.resumeEdge = pool[at];
                return false;
              }
              return true;
            }
          }
          group = stop;
        }
      }
      skipType = -1;
      skipEdge = -1;
    }
    this.meet = meet;
    meter.units += scanned;
    return true;
  }

  /** Every admissible path of `hops` steps, in order, up to maxResults (see the module comment). */
  private *enumerate(hops: number, cut: number): SearchTask<FoundPath[]> {
    const { s, t, distS, distT, size } = this;
    const found = new FoundPaths();
    const memo = new Map<number, Uint32Array>();
    const dead = new Set<number>();
    const keys = new KeyList();
    const pathVertices = new Int32Array(hops + 1);
    const pathKeys = new Uint32Array(hops);
    const candidates: Uint32Array[] = new Array<Uint32Array>(hops);
    const positions = new Int32Array(hops);
    const foundAtEntry = new Int32Array(hops);

    const stepsFrom = (vertex: number, position: number): Uint32Array => {
      let steps = memo.get(vertex);
      if (steps !== undefined) return steps;
      const q = position + 1;
      const accept =
        q === hops
          ? (w: number) => w === t
          : (w: number) =>
              w < size &&
              w !== s &&
              w !== t &&
              (q > cut || distS[w] === q) &&
              (q < cut || distT[w] === hops - q) &&
              !dead.has(w);
      this.collector.collect(this.view, this.rules, vertex, accept, keys);
      this.meter.units += keys.length + 16;
      steps = keys.toArray();
      memo.set(vertex, steps);
      return steps;
    };

    pathVertices[0] = s;
    candidates[0] = stepsFrom(s, 0);
    positions[0] = 0;
    foundAtEntry[0] = 0;
    let depth = 0;
    while (depth >= 0 && found.count < this.maxResults) {
      if (this.meter.units >= unitsPerCheck) {
        this.meter.units = 0;
        yield;
        this.view = topologyView(this.graph);
      }
      const list = candidates[depth];
      const index = positions[depth];
      if (index >= list.length) {
        // Nothing below this vertex reached the target: never try it again (its position is fixed).
        if (depth > 0 && found.count === foundAtEntry[depth]) dead.add(pathVertices[depth]);
        depth--;
        continue;
      }
      positions[depth] = index + 1;
      const key = list[index];
      pathKeys[depth] = key;
      const edge = Math.floor(key / 2);
      const w = key % 2 === 1 ? this.view.second[edge] : this.view.first[edge];
      if (depth + 1 === hops) {
        pathVertices[hops] = w;
        found.add(pathVertices, pathKeys, hops);
        this.meter.units += hops;
        continue;
      }
      if (dead.has(w)) continue;
      depth++;
      pathVertices[depth] = w;
      candidates[depth] = stepsFrom(w, depth);
      positions[depth] = 0;
      foundAtEntry[depth] = found.count;
    }
    return found.toResult(this.graph);
  }
}
