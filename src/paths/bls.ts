/**
 * BLS: bidirectional level-synchronous breadth-first search over both edge directions, returning every
 * fewest-hop path between two vertices (docs/paths.md, "Algorithms"), up to `maxResults`, in ascending order
 * of their step sequences (edge id, then direction, step by step). All weights are 0; costs and
 * `maxPathWeight` are ignored.
 *
 * Which vertices the vertex filter tests (docs/paths.md, "Which vertices the filters test"; the ancestor's
 * rule, reproduced because it decides whether a path exists): both end vertices are seeds of the two
 * searches, so on a path of two or more hops neither end is tested, only the intermediate vertices. A one-hop
 * path (an admitted edge between the ends) is found when the target passes, or, with `maxDepth` 2 or more
 * (when the ancestor's backward search also runs), when the start passes.
 *
 * How: each side keeps its BFS level per vertex (`distS` from the start, `distT` to the target) and the
 * smaller frontier is expanded a whole level at a time. A side never passes through the other side's seed:
 * reaching it marks a meeting. The first level that produces a meeting gives the fewest hops D (a meeting
 * vertex w has distS + distT = D; taking the smallest over the whole level is exact: docs/paths.md,
 * "Algorithms"). The meeting vertices of that level all sit at the same position c of their paths (c = their
 * distS), and every fewest-hop path has exactly one of them there: positions before c are vertices with
 * distS = p, positions after it vertices with distT = D - p. A sweep from the meeting vertices back toward the
 * start keeps the forward-half vertices that lead to one ("useful"), so the enumeration from the start, in
 * ascending step order, never explores a dead end of the search.
 */
import { type Graph, topologyView, type TopologyView } from '../engine/index.js';
import { FoundPaths } from './found.js';
import type { FoundPath } from './model.js';
import type { StepRules } from './rules.js';
import { unitsPerCheck, type SearchTask, type WorkMeter } from './slices.js';
import {
  deadMark,
  IntList,
  KeyList,
  markAlive,
  markFresh,
  markNone,
  markUseful,
  memoMark,
  StepCollector,
  usefulMark,
} from './steps.js';

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

/**
 * One search's working memory, kept for the next search: the level arrays (filled with -1 while free,
 * indexed by element id, so the hot loop reads a vertex's level with one array access) and the lists and
 * buffers that grow with the frontier. One is kept, so a search of a big graph allocates nothing and
 * memory stays bounded (9 B per element id).
 */
class BlsScratch {
  readonly distS: Int32Array;
  readonly distT: Int32Array;
  readonly visitedS = new IntList(1024);
  readonly visitedT = new IntList(1024);
  readonly meetings = new IntList(16);
  readonly collector = new StepCollector();
  readonly keys = new KeyList();
  readonly neighbours = new IntList();
  /** Per vertex while paths are read back: useful / dead / memoised (steps.ts marks), and who has one. */
  readonly marks: Uint8Array;
  readonly marked = new IntList(256);
  /** A memoised vertex's steps start at `memoStart.get(v)` in the memo lists (a count, then the steps). */
  readonly memoStart = new Map<number, number>();
  readonly memoKeys = new KeyList(1024);
  readonly memoNeighbours = new IntList(1024);

  constructor(readonly capacity: number) {
    this.distS = new Int32Array(capacity).fill(-1);
    this.distT = new Int32Array(capacity).fill(-1);
    this.marks = new Uint8Array(capacity);
  }

  mark(vertex: number, bit: number): void {
    if (this.marks[vertex] === 0) this.marked.push(vertex);
    this.marks[vertex] |= bit;
  }

  /** Resets what a search touched: the levels of its visited vertices and of both ends. */
  reset(s: number, t: number): void {
    for (const [levels, visited] of [
      [this.distS, this.visitedS],
      [this.distT, this.visitedT],
    ] as const) {
      const values = visited.values;
      for (let i = 0; i < visited.length; i++) levels[values[i]] = -1;
      levels[s] = -1;
      levels[t] = -1;
      visited.clear();
      // A frontier list grown past a million entries is not kept.
      if (visited.values.length > 1 << 20) visited.values = new Int32Array(1024);
    }
    this.meetings.clear();
    const marked = this.marked.values;
    for (let i = 0; i < this.marked.length; i++) this.marks[marked[i]] = 0;
    this.marked.clear();
    this.memoKeys.clear();
    this.memoNeighbours.clear();
    this.memoStart.clear();
    if (this.memoKeys.values.length > 1 << 20) {
      this.memoKeys.values = new Uint32Array(1024);
      this.memoNeighbours.values = new Int32Array(1024);
    }
  }
}

/** One kept scratch: 9 B per element id (two level arrays and the marks). */
const freeScratch: BlsScratch[] = [];
const maxFreeScratch = 1;

function takeScratch(size: number): BlsScratch {
  for (let i = 0; i < freeScratch.length; i++) {
    if (freeScratch[i].capacity >= size) return freeScratch.splice(i, 1)[0];
  }
  return new BlsScratch(Math.max(size, 1));
}

function giveScratch(scratch: BlsScratch, s: number, t: number): void {
  scratch.reset(s, t);
  if (freeScratch.length < maxFreeScratch) freeScratch.push(scratch);
  else {
    // Keep the largest: a big graph's search should not reallocate because a small one ran.
    freeScratch.sort((a, b) => a.capacity - b.capacity);
    if (freeScratch[0].capacity < scratch.capacity) freeScratch[0] = scratch;
  }
}

/** Adjacency words (two per pair) handled between two looks at the work meter inside one edge group. */
const chunkWords = 512;

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
  private readonly scratch: BlsScratch;
  private readonly distS: Int32Array;
  private readonly distT: Int32Array;
  /** Every vertex given a level on each side, level after level (`starts*[k]` = where level k begins). */
  private readonly visitedS: IntList;
  private readonly visitedT: IntList;
  private readonly startsS: number[] = [0];
  private readonly startsT: number[] = [0];
  /** Smallest distS + distT of a meeting found so far, and the vertices meeting at it. */
  private meet = Number.POSITIVE_INFINITY;
  private readonly meetings: IntList;
  /** Where the expansion of a level stopped: the frontier index, and inside that vertex's adjacency. */
  private cursor = 0;
  private resumeDirection = -1;
  private resumeType = -1;
  private resumeEdge = -1;
  private readonly collector: StepCollector;
  private readonly keys: KeyList;
  private readonly neighbours: IntList;

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
    const scratch = (this.scratch = takeScratch(this.size));
    this.distS = scratch.distS;
    this.distT = scratch.distT;
    this.visitedS = scratch.visitedS;
    this.visitedT = scratch.visitedT;
    this.meetings = scratch.meetings;
    this.collector = scratch.collector;
    this.keys = scratch.keys;
    this.neighbours = scratch.neighbours;
  }

  release(): void {
    giveScratch(this.scratch, this.s, this.t);
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
    return yield* this.enumerate(this.meet);
  }

  /**
   * The one-hop paths when they are admissible (the target passes, or with maxDepth >= 2 the start does:
   * docs/paths.md, "Which vertices the filters test"), else undefined.
   */
  private oneHopPaths(): FoundPath[] | undefined {
    const t = this.t;
    const { keys, neighbours } = this;
    this.collector.collect(this.view, this.rules, this.s, this.size, (w) => w === t, keys, neighbours);
    if (keys.length === 0) return undefined;
    const admitted =
      this.rules.vertexAllowed(this.t) || (this.maxDepth >= 2 && this.rules.vertexAllowed(this.s));
    if (!admitted) return undefined;
    const found = new FoundPaths();
    const ends = [this.s, this.t];
    for (let i = 0; i < keys.length && i < this.maxResults; i++) found.add(ends, [keys.values[i]], 1);
    return found.toResult(this.graph);
  }

  /** Expands every vertex of one side's current level into the next, in slices. */
  private *expandLevel(forward: boolean, level: number): SearchTask<void> {
    const visited = forward ? this.visitedS : this.visitedT;
    const starts = forward ? this.startsS : this.startsT;
    const end = visited.length;
    starts.push(end);
    this.cursor = starts[level];
    while (!this.expandFrontier(forward, level, end)) {
      this.meter.units = 0;
      yield;
      this.view = topologyView(this.graph);
    }
  }

  /**
   * Gives level + 1 to each admitted neighbour of the frontier vertices [cursor, end) that this side has
   * not reached, recording meetings with the other side. Returns false when the work meter filled up: the
   * frontier index and the place inside the vertex's adjacency (direction, edge type, last edge id; pairs
   * of a group are in ascending edge id) are kept, and the next call continues after the last edge handled.
   */
  private expandFrontier(forward: boolean, level: number, end: number): boolean {
    const { pool, first, second } = this.view;
    const own = forward ? this.distS : this.distT;
    const other = forward ? this.distT : this.distS;
    const visited = forward ? this.visitedS : this.visitedT;
    const otherSeed = forward ? this.t : this.s;
    const size = this.size;
    const rules = this.rules;
    const meter = this.meter;
    const meetings = this.meetings;
    const typeFilter = rules.hasTypeFilter;
    const edgeFilter = rules.hasEdgeFilter;
    const vertexFilter = rules.hasVertexFilter;
    const next = level + 1;
    let meet = this.meet;
    let frontier = visited.values;
    let length = visited.length;
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
    for (let i = this.cursor; i < end; i++) {
      const vertex = frontier[i];
      for (; direction < 2; direction++) {
        const record = direction === 1 ? first[vertex] : second[vertex];
        if (record < 0) continue;
        const recordEnd = record + 2 + pool[record + 1];
        for (let group = record + 2; group < recordEnd;) {
          const typeId = pool[group];
          const stop = group + 2 + 2 * pool[group + 1];
          if (typeId < skipType || (typeFilter && !rules.typeAllowed(typeId))) {
            group = stop;
            continue;
          }
          let at = group + 2;
          if (typeId === skipType) while (at < stop && pool[at] <= skipEdge) at += 2;
          while (at < stop) {
            // Pairs in chunks: the meter is looked at between chunks, not per pair.
            const chunkStart = at;
            const chunkEnd = Math.min(stop, at + chunkWords);
            for (; at < chunkEnd; at += 2) {
              const w = pool[at + 1];
              // A vertex of the frontier has a level already, so a self-loop stops here too.
              if (w >= size || own[w] >= 0) continue;
              let there: number;
              if (w === otherSeed) {
                // The other end: a meeting of length level + 1, never a vertex to expand (or to filter).
                if (level === 0 || (edgeFilter && !rules.edgeAllowed(pool[at]))) continue;
                own[w] = next;
                there = 0;
              } else {
                if (edgeFilter && !rules.edgeAllowed(pool[at])) continue;
                if (vertexFilter && !rules.vertexAllowed(w)) continue;
                own[w] = next;
                if (length === frontier.length) {
                  visited.length = length;
                  visited.grow(length + 1);
                  frontier = visited.values;
                }
                frontier[length++] = w;
                there = other[w];
                if (there < 0) continue;
              }
              const sum = next + there;
              if (sum < meet) {
                meet = sum;
                meetings.clear();
              }
              if (sum === meet) meetings.push(w);
            }
            scanned += (chunkEnd - chunkStart) >> 1;
            if (at < stop && scanned + meter.units >= unitsPerCheck) {
              // Full inside a group (a hub): resume after the last pair handled (pairs ascend by edge id).
              visited.length = length;
              this.meet = meet;
              meter.units += scanned;
              this.cursor = i;
              this.resumeDirection = direction;
              this.resumeType = typeId;
              this.resumeEdge = pool[at - 2];
              return false;
            }
          }
          if (scanned + meter.units >= unitsPerCheck) {
            // Full: stop after this group, resuming at the next one (or at the next vertex).
            visited.length = length;
            this.meet = meet;
            meter.units += scanned;
            const lastGroup = stop >= recordEnd;
            if (lastGroup && direction === 1) {
              this.cursor = i + 1;
            } else {
              this.cursor = i;
              this.resumeDirection = lastGroup ? direction + 1 : direction;
              this.resumeType = lastGroup ? -1 : typeId + 1;
              this.resumeEdge = -1;
            }
            return false;
          }
          group = stop;
        }
        skipType = -1;
        skipEdge = -1;
      }
      direction = 0;
    }
    visited.length = length;
    this.meet = meet;
    meter.units += scanned;
    return true;
  }

  /** Every admissible path of `hops` steps, in ascending step order, up to maxResults (module comment). */
  private *enumerate(hops: number): SearchTask<FoundPath[]> {
    const { s, t, distS, distT, size, scratch, rules, collector, keys, neighbours } = this;
    const { marks, memoStart, memoKeys, memoNeighbours } = scratch;
    // The meeting vertices' position, and the forward-half vertices that lead to one of them.
    const cut = distS[this.meetings.values[0]];
    let layer: number[] = [];
    for (let i = 0; i < this.meetings.length; i++) {
      const w = this.meetings.values[i];
      scratch.mark(w, usefulMark);
      layer.push(w);
    }
    for (let position = cut - 1; position >= 1; position--) {
      const below: number[] = [];
      for (const vertex of layer) {
        const view = this.view;
        collector.collectAtLevel(
          view,
          rules,
          vertex,
          size,
          distS,
          position,
          s,
          t,
          marks,
          markFresh,
          keys,
          neighbours,
        );
        this.meter.units += keys.length + 16;
        for (let i = 0; i < neighbours.length; i++) {
          const w = neighbours.values[i];
          if ((marks[w] & usefulMark) === 0) {
            scratch.mark(w, usefulMark);
            below.push(w);
          }
        }
        if (this.meter.units >= unitsPerCheck) {
          this.meter.units = 0;
          yield;
          this.view = topologyView(this.graph);
        }
      }
      layer = below;
    }

    const found = new FoundPaths();
    const pathVertices = new Int32Array(hops + 1);
    const pathKeys = new Uint32Array(hops);
    /** Per depth: where its candidate steps start in the memo lists, how many, and the next to try. */
    const candidateStart = new Int32Array(hops);
    const candidateCount = new Int32Array(hops);
    const positions = new Int32Array(hops);
    const foundAtEntry = new Int32Array(hops);

    /** Readies the steps from `vertex` (at `position`) to a vertex that can be the path's next one. */
    const stepsFrom = (vertex: number, position: number): void => {
      if ((marks[vertex] & memoMark) === 0) {
        const q = position + 1;
        const view = this.view;
        if (q === hops) {
          // Only the target has distT 0.
          collector.collectAtLevel(
            view,
            rules,
            vertex,
            size,
            distT,
            0,
            s,
            s,
            marks,
            markNone,
            keys,
            neighbours,
          );
        } else if (q <= cut) {
          collector.collectAtLevel(
            view,
            rules,
            vertex,
            size,
            distS,
            q,
            s,
            t,
            marks,
            markUseful,
            keys,
            neighbours,
          );
        } else {
          collector.collectAtLevel(
            view,
            rules,
            vertex,
            size,
            distT,
            hops - q,
            s,
            t,
            marks,
            markAlive,
            keys,
            neighbours,
          );
        }
        this.meter.units += keys.length + 16;
        memoStart.set(vertex, memoKeys.length);
        memoKeys.push(keys.length);
        memoNeighbours.push(0);
        for (let i = 0; i < keys.length; i++) {
          memoKeys.push(keys.values[i]);
          memoNeighbours.push(neighbours.values[i]);
        }
        scratch.mark(vertex, memoMark);
      }
      const start = memoStart.get(vertex)!;
      candidateStart[position] = start + 1;
      candidateCount[position] = memoKeys.values[start];
      positions[position] = 0;
      foundAtEntry[position] = found.count;
    };

    pathVertices[0] = s;
    stepsFrom(s, 0);
    let depth = 0;
    while (depth >= 0 && found.count < this.maxResults) {
      if (this.meter.units >= unitsPerCheck) {
        this.meter.units = 0;
        yield;
        this.view = topologyView(this.graph);
      }
      const index = positions[depth];
      if (index >= candidateCount[depth]) {
        // Nothing below this vertex reached the target (a write removed an edge meanwhile): never again.
        if (depth > 0 && found.count === foundAtEntry[depth]) scratch.mark(pathVertices[depth], deadMark);
        depth--;
        continue;
      }
      positions[depth] = index + 1;
      const at = candidateStart[depth] + index;
      pathKeys[depth] = memoKeys.values[at];
      const w = memoNeighbours.values[at];
      if (depth + 1 === hops) {
        pathVertices[hops] = w;
        found.add(pathVertices, pathKeys, hops);
        this.meter.units += hops;
        continue;
      }
      if ((marks[w] & deadMark) !== 0) continue;
      depth++;
      pathVertices[depth] = w;
      stepsFrom(w, depth);
    }
    return found.toResult(this.graph);
  }
}
