/**
 * The steps a search can take from one vertex, in the order both algorithms explore and report them:
 * ascending (edge id, direction), so ties between equal paths are settled the same way on every run
 * (docs/paths.md, "Algorithms"). A step is the pair key `edgeId * 2 + direction`, direction 1 for an out-edge
 * walked with its stored direction and 0 for an in-edge walked against it; the neighbour follows from the
 * edge's stored endpoints. Self-loops are never steps: no loop-free path uses one.
 */
import type { Graph, TopologyView } from '../engine/index.js';
import type { StepDirection } from './model.js';
import type { StepRules } from './rules.js';

/** A growable list of int32 values (vertex ids). */
export class IntList {
  values: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.values = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = value;
  }

  grow(capacity: number): void {
    const grown = new Int32Array(Math.max(capacity, this.values.length * 2));
    grown.set(this.values.subarray(0, this.length));
    this.values = grown;
  }

  clear(): void {
    this.length = 0;
  }
}

/** A growable list of step keys (`edgeId * 2 + direction` needs 32 unsigned bits). */
export class KeyList {
  values: Uint32Array;
  length = 0;

  constructor(capacity = 16) {
    this.values = new Uint32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = value;
  }

  grow(capacity: number): void {
    const grown = new Uint32Array(Math.max(capacity, this.values.length * 2));
    grown.set(this.values.subarray(0, this.length));
    this.values = grown;
  }

  clear(): void {
    this.length = 0;
  }

  /** A copy of the used part. */
  toArray(): Uint32Array {
    return this.values.slice(0, this.length);
  }
}

export function stepKey(edgeId: number, direction: StepDirection): number {
  return edgeId * 2 + direction;
}

export function edgeOfKey(key: number): number {
  return Math.floor(key / 2);
}

export function directionOfKey(key: number): StepDirection {
  return (key % 2) as StepDirection;
}

/** The vertex a step from `vertex` reaches: the edge's stored target when walked with it, else its source. */
export function neighbourOf(view: TopologyView, key: number): number {
  const edge = Math.floor(key / 2);
  return key % 2 === 1 ? view.second[edge] : view.first[edge];
}

/** Marks of `collectAtLevel`: a vertex leads to the meeting vertices / leads nowhere / has its steps memoised. */
export const usefulMark = 1;
export const deadMark = 2;
export const memoMark = 4;
/** Mark rules of `collectAtLevel`: none, useful and not dead, not dead, not yet useful. */
export const markNone = 0;
export const markUseful = 1;
export const markAlive = 2;
export const markFresh = 3;

/** Degrees up to this are sorted by insertion on parallel arrays; larger ones through a Float64Array sort. */
const insertionSortMax = 48;
/** A composite sort key holds the step key times this plus the step's index (so up to 2^20 steps). */
const compositeScale = 2 ** 20;

/**
 * Collects and orders the steps of one vertex. The neighbour of each step comes from the adjacency pair
 * itself (no read of the edge's header columns, which would be a cache miss per edge), and the keys and
 * neighbours are sorted together.
 */
export class StepCollector {
  private keys = new Uint32Array(256);
  private neighbours = new Int32Array(256);
  private composite = new Float64Array(256);
  /** Where each edge group's steps begin among the collected ones: each group is an ascending run. */
  private runStarts = new Int32Array(64);
  private runs = 0;
  private mergeKeys = new Uint32Array(256);
  private mergeNeighbours = new Int32Array(256);

  /**
   * The steps from `vertex` whose edge type passes the type filter, whose neighbour is below `size` (an id
   * the search can see), is not `vertex` itself and passes `accept` (cheap structural conditions, checked
   * before any edge filter), and whose edge then passes the edge filter; ascending by key. `keys` and
   * `neighbours` receive them (cleared first).
   */
  collect(
    view: TopologyView,
    rules: StepRules,
    vertex: number,
    size: number,
    accept: ((neighbour: number) => boolean) | undefined,
    keysOut: KeyList,
    neighboursOut: IntList,
  ): void {
    let count = 0;
    this.runs = 0;
    const pool = view.pool;
    for (let direction = 0; direction < 2; direction++) {
      const record = direction === 1 ? view.first[vertex] : view.second[vertex];
      if (record < 0) continue;
      const end = record + 2 + pool[record + 1];
      for (let group = record + 2; group < end;) {
        const typeId = pool[group];
        const stop = group + 2 + 2 * pool[group + 1];
        if (rules.typeAllowed(typeId)) {
          this.startRun(count);
          for (let at = group + 2; at < stop; at += 2) {
            const neighbour = pool[at + 1];
            if (neighbour >= size || neighbour === vertex) continue;
            if (accept !== undefined && !accept(neighbour)) continue;
            if (count === this.keys.length) this.grow(count + 1);
            this.keys[count] = pool[at] * 2 + direction;
            this.neighbours[count] = neighbour;
            count++;
          }
        }
        group = stop;
      }
    }
    this.sort(count);
    this.emit(rules, count, keysOut, neighboursOut);
  }

  /**
   * `collect` specialised for reading paths back from BFS levels, without a callback per neighbour: the
   * steps from `vertex` to neighbours w below `size`, other than `excludeA` and `excludeB`, with
   * `levels[w] === wanted` and whose mark passes `markRule` (markNone, markUseful, markAlive, markFresh);
   * type and edge filters as in `collect`; ascending by key.
   */
  collectAtLevel(
    view: TopologyView,
    rules: StepRules,
    vertex: number,
    size: number,
    levels: Int32Array,
    wanted: number,
    excludeA: number,
    excludeB: number,
    marks: Uint8Array,
    markRule: number,
    keysOut: KeyList,
    neighboursOut: IntList,
  ): void {
    let count = 0;
    this.runs = 0;
    const pool = view.pool;
    for (let direction = 0; direction < 2; direction++) {
      const record = direction === 1 ? view.first[vertex] : view.second[vertex];
      if (record < 0) continue;
      const end = record + 2 + pool[record + 1];
      for (let group = record + 2; group < end;) {
        const typeId = pool[group];
        const stop = group + 2 + 2 * pool[group + 1];
        if (!rules.hasTypeFilter || rules.typeAllowed(typeId)) {
          this.startRun(count);
          for (let at = group + 2; at < stop; at += 2) {
            const w = pool[at + 1];
            if (w >= size || levels[w] !== wanted || w === excludeA || w === excludeB) continue;
            const mark = marks[w];
            if (
              (markRule === markUseful && (mark & (usefulMark | deadMark)) !== usefulMark) ||
              (markRule === markAlive && (mark & deadMark) !== 0) ||
              (markRule === markFresh && (mark & usefulMark) !== 0)
            ) {
              continue;
            }
            if (count === this.keys.length) this.grow(count + 1);
            this.keys[count] = pool[at] * 2 + direction;
            this.neighbours[count] = w;
            count++;
          }
        }
        group = stop;
      }
    }
    this.sort(count);
    this.emit(rules, count, keysOut, neighboursOut);
  }

  private emit(rules: StepRules, count: number, keysOut: KeyList, neighboursOut: IntList): void {
    keysOut.clear();
    neighboursOut.clear();
    if (keysOut.values.length < count) keysOut.grow(count);
    if (neighboursOut.values.length < count) neighboursOut.grow(count);
    const keys = this.keys;
    const neighbours = this.neighbours;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const key = keys[i];
      if (!rules.hasEdgeFilter || rules.edgeAllowed(Math.floor(key / 2))) {
        keysOut.values[kept] = key;
        neighboursOut.values[kept] = neighbours[i];
        kept++;
      }
    }
    keysOut.length = kept;
    neighboursOut.length = kept;
  }

  private startRun(at: number): void {
    if (this.runs === this.runStarts.length) {
      const grown = new Int32Array(this.runs * 2);
      grown.set(this.runStarts);
      this.runStarts = grown;
    }
    this.runStarts[this.runs++] = at;
  }

  /**
   * Sorts the first `count` keys ascending, neighbours alongside. Each group's steps are an ascending
   * run already (pairs are kept in edge-id order), so the usual case, one edge type walked both ways, is
   * two runs: merged in one pass.
   */
  private sort(count: number): void {
    const keys = this.keys;
    const neighbours = this.neighbours;
    let descents = 0;
    let split = 0;
    for (let r = 1; r < this.runs; r++) {
      const at = this.runStarts[r];
      if (at > 0 && at < count && keys[at - 1] > keys[at]) {
        descents++;
        split = at;
      }
    }
    if (descents === 0) return;
    if (descents === 1) {
      this.merge(count, split);
      return;
    }
    if (count <= insertionSortMax) {
      for (let i = 1; i < count; i++) {
        const key = keys[i];
        const neighbour = neighbours[i];
        let j = i - 1;
        while (j >= 0 && keys[j] > key) {
          keys[j + 1] = keys[j];
          neighbours[j + 1] = neighbours[j];
          j--;
        }
        keys[j + 1] = key;
        neighbours[j + 1] = neighbour;
      }
      return;
    }
    if (count > compositeScale) {
      // Beyond the composite's reach (over a million steps from one vertex): sort a permutation.
      const order = new Uint32Array(count);
      for (let i = 0; i < count; i++) order[i] = i;
      order.sort((a, b) => keys[a] - keys[b]);
      const originalKeys = keys.slice(0, count);
      const originalNeighbours = neighbours.slice(0, count);
      for (let i = 0; i < count; i++) {
        keys[i] = originalKeys[order[i]];
        neighbours[i] = originalNeighbours[order[i]];
      }
      return;
    }
    if (this.composite.length < count)
      this.composite = new Float64Array(Math.max(count, this.composite.length * 2));
    const composite = this.composite;
    for (let i = 0; i < count; i++) composite[i] = keys[i] * compositeScale + i;
    const sorted = composite.subarray(0, count).sort();
    const original = neighbours.slice(0, count);
    for (let i = 0; i < count; i++) {
      const value = sorted[i];
      const index = value % compositeScale;
      keys[i] = (value - index) / compositeScale;
      neighbours[i] = original[index];
    }
  }

  /** Merges the ascending runs [0, split) and [split, count). */
  private merge(count: number, split: number): void {
    if (this.mergeKeys.length < count) {
      this.mergeKeys = new Uint32Array(Math.max(count, this.mergeKeys.length * 2));
      this.mergeNeighbours = new Int32Array(this.mergeKeys.length);
    }
    const keys = this.keys;
    const neighbours = this.neighbours;
    const leftKeys = this.mergeKeys;
    const leftNeighbours = this.mergeNeighbours;
    for (let i = 0; i < split; i++) {
      leftKeys[i] = keys[i];
      leftNeighbours[i] = neighbours[i];
    }
    let left = 0;
    let right = split;
    let out = 0;
    while (left < split && right < count) {
      if (leftKeys[left] <= keys[right]) {
        keys[out] = leftKeys[left];
        neighbours[out++] = leftNeighbours[left++];
      } else {
        keys[out] = keys[right];
        neighbours[out++] = neighbours[right++];
      }
    }
    while (left < split) {
      keys[out] = leftKeys[left];
      neighbours[out++] = leftNeighbours[left++];
    }
  }

  private grow(capacity: number): void {
    const size = Math.max(capacity, this.keys.length * 2);
    const keys = new Uint32Array(size);
    keys.set(this.keys);
    this.keys = keys;
    const neighbours = new Int32Array(size);
    neighbours.set(this.neighbours);
    this.neighbours = neighbours;
  }
}

/** True when the edge still exists with the endpoints and type a found step recorded. */
export function stepStillValid(
  graph: Graph,
  edgeId: number,
  source: number,
  target: number,
  typeName: string,
): boolean {
  if (!graph.isEdge(edgeId)) return false;
  if (graph.first.view[edgeId] !== source || graph.second.view[edgeId] !== target) return false;
  return graph.edgeTypeOf(edgeId) === typeName;
}
