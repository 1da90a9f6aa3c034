/**
 * The steps a search can take from one vertex, in the order both algorithms explore and report them:
 * ascending (edge id, direction), so ties between equal paths are settled the same way on every run
 * (CONTRACT 2.1). A step is the pair key `edgeId * 2 + direction`, direction 1 for an out-edge walked with
 * its stored direction and 0 for an in-edge walked against it; the neighbour follows from the edge's
 * stored endpoints. Self-loops are never steps: no loop-free path uses one.
 */
import type { Graph } from '../engine/graph/graph.js';
import type { TopologyView } from '../engine/graph/topology.js';
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

/** Scratch of `collectSteps`: the keys before sorting. */
export class StepCollector {
  private keys = new Uint32Array(256);

  /**
   * The keys of the steps from `vertex` whose edge type passes the type filter, whose neighbour is not
   * `vertex` itself and passes `accept` (cheap structural conditions, checked before any edge filter), and
   * whose edge then passes the edge filter, ascending. `out` receives them (cleared first).
   */
  collect(
    view: TopologyView,
    rules: StepRules,
    vertex: number,
    accept: (neighbour: number) => boolean,
    out: KeyList,
  ): void {
    let count = 0;
    const pool = view.pool;
    for (let direction = 0; direction < 2; direction++) {
      const record = direction === 1 ? view.first[vertex] : view.second[vertex];
      if (record < 0) continue;
      const end = record + 2 + pool[record + 1];
      for (let group = record + 2; group < end;) {
        const typeId = pool[group];
        const stop = group + 2 + 2 * pool[group + 1];
        if (rules.typeAllowed(typeId)) {
          for (let at = group + 2; at < stop; at += 2) {
            const neighbour = pool[at + 1];
            if (neighbour === vertex || !accept(neighbour)) continue;
            if (count === this.keys.length) this.growKeys(count + 1);
            this.keys[count++] = pool[at] * 2 + direction;
          }
        }
        group = stop;
      }
    }
    const sorted = this.keys.subarray(0, count).sort();
    out.clear();
    if (out.values.length < count) out.grow(count);
    for (let i = 0; i < count; i++) {
      const key = sorted[i];
      if (rules.edgeAllowed(Math.floor(key / 2))) out.values[out.length++] = key;
    }
  }

  private growKeys(capacity: number): void {
    const grown = new Uint32Array(Math.max(capacity, this.keys.length * 2));
    grown.set(this.keys);
    this.keys = grown;
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
