/**
 * The extraction phases over a source graph (docs/subgraphs.md, "How an extract is chosen"), as a
 * generator that yields every `unitsPerYield` units of work so the caller can share the event loop:
 *
 * 1. a vertex is in scope when it passes the top-level vertex filter (every live vertex without one);
 * 2. an edge is in scope when both its endpoints are and it passes the top-level edge filter;
 * 3. without pattern steps the scope is the result; with them, only the elements lying on at least one
 *    matching simple path are kept (a path that visits a vertex twice is discarded, so self-loops and
 *    cycles never match and no edge repeats).
 *
 * Pattern steps alternate vertex and edge steps, starting and ending with a vertex. An edge step walks
 * `minHops` to `maxHops` edges (an `Edge` step is exactly one) in its direction, each passing the step's
 * edge-type test and then its edge test; the vertex step after it constrains only the vertex where the
 * walk ends, the vertices in between only have to be in scope.
 *
 * The search is a depth-first walk from every in-scope start vertex in ascending id order with an explicit
 * stack of frames in typed arrays. A frame is a vertex on the current path and the edge step it is
 * expanding: stage A starts the next edge step (when the vertex ends the previous one and passes the next
 * vertex step), stage B takes one more hop of a variable-length step. Each test of an element by a rule
 * runs at most once per rule (results are kept per element), so rules must be pure functions of the element.
 *
 * Positions in adjacency records are kept as ordinals (pairs consumed) and turned back into offsets after
 * every yield, because a write between two slices may move records. Such a write makes the result a
 * fuzzy read (exact on a quiescent graph, like the analytics), except that a path through an element
 * removed meanwhile is abandoned; a change of the id space (clear, trim, load) throws `SourceChanged` and
 * the caller starts again.
 */
import { type Graph, edgeTypeBase, topologyView, vertexKind, type TopologyView } from '../engine/index.js';

/** A rule over one element id (a compiled fragment or a semantic threshold, bridged to ids). */
export type ElementTest = (id: number) => boolean;

export type MatchStep =
  | { readonly kind: 'vertex'; readonly test: ElementTest | null }
  | {
      readonly kind: 'edge';
      readonly direction: 'out' | 'in' | 'both';
      readonly minHops: number;
      readonly maxHops: number;
      /** Over the edge type; checked before `edgeTest`. */
      readonly typeTest: ((edgeType: string) => boolean) | null;
      readonly edgeTest: ElementTest | null;
    };

export interface MatchRules {
  /** Phase 1; null: every live vertex. */
  readonly vertexFilter: ElementTest | null;
  /** Phase 2; null: every edge whose endpoints are in scope. */
  readonly edgeFilter: ElementTest | null;
  /** Phase 3; empty: the scope is the result. */
  readonly steps: readonly MatchStep[];
}

export interface MatchOutcome {
  /** Per source id, 1 for a kept element (vertices and edges share the id space). */
  readonly keep: Uint8Array;
  readonly vertexCount: number;
  readonly edgeCount: number;
}

/** Work counters, for the benchmark and the span attributes. */
export class MatchCounters {
  /** Vertices tested as starts (or scope candidates) plus adjacency pairs looked at. */
  examined = 0;
  /** Rule calls (each element once per rule). */
  ruleCalls = 0;
  /** Wall-clock milliseconds of the match and of the copy, yields included (set by `buildExtract`). */
  matchMs = 0;
  copyMs = 0;
}

/** The id space of the source changed (clear, trim, load) while the walk was paused. */
export class SourceChanged extends Error {
  override readonly name = 'SourceChanged';
}

/** Work units between two yields: adjacency pairs are one unit, a rule call `ruleCallUnits`. */
export const unitsPerYield = 16_384;
export const ruleCallUnits = 64;

/** Patterns whose paths hold at most this many vertices check "already on the path" by scanning it. */
const maxScannedPathVertices = 8;

const unknown = 0;
const passed = 1;
const failed = 2;

/** Direction phases of an edge step: 0 walks the out-record, 1 the in-record. */
const directionPhases: Readonly<Record<'out' | 'in' | 'both', readonly number[]>> = {
  out: [0],
  in: [1],
  both: [0, 1],
};

/** The largest number of frames a pattern can stack: its start vertex plus every hop it can take. */
export function maxPathVertices(steps: readonly MatchStep[]): number {
  let frames = 1;
  for (const step of steps) if (step.kind === 'edge') frames += step.maxHops;
  return frames;
}

function grown(values: Uint8Array, length: number): Uint8Array {
  if (length <= values.length) return values;
  const copy = new Uint8Array(length);
  copy.set(values);
  return copy;
}

/** The matcher as a generator: yields after about `unitsPerYield` units of work. */
export function* matchTask(
  graph: Graph,
  rules: MatchRules,
  counters: MatchCounters = new MatchCounters(),
): Generator<void, MatchOutcome, void> {
  const matcher = new Matcher(graph, rules, counters);
  while (!matcher.run(unitsPerYield)) {
    yield;
    matcher.resume();
  }
  return matcher.outcome();
}

/**
 * The matcher's state between slices. `run` does work until its unit budget is spent and answers whether
 * the match is complete; the hot loop keeps everything it touches in local constants and writes the
 * frame state back to the typed arrays before it returns.
 */
class Matcher {
  private readonly generation: number;
  private endId: number;
  private view: TopologyView;
  keep: Uint8Array;
  /** Per vertex id, 1 while it is on the current path; empty when `scanPath` (short patterns scan the stack). */
  private onPath: Uint8Array;
  private readonly scanPath: boolean;
  private keptVertices = 0;
  private keptEdges = 0;
  /** Per rule, results by element id (0 unknown, 1 passed, 2 failed): the top-level filters, then each step's. */
  private scopeResults: Uint8Array | null;
  private edgeScopeResults: Uint8Array | null;
  private readonly stepResults: (Uint8Array | null)[];
  private readonly typeResults: Int8Array[];
  private readonly steps: readonly MatchStep[];
  private readonly lastStep: number;
  private readonly minHops: Int32Array;
  private readonly maxHops: Int32Array;
  private readonly phases: (readonly number[])[];
  /** Per step: whether it is an edge step with an edge-type test. */
  private readonly hasTypeTest: boolean[];

  // The stack of frames: a vertex on the current path and the edge step it is expanding.
  private readonly fVertex: Int32Array;
  private readonly fEdge: Int32Array;
  /** The edge step the frame's vertex was reached by (-1 for the start) and the hops taken in it. */
  private readonly fArrivedStep: Int32Array;
  private readonly fArrivedHops: Int32Array;
  /** 0 stage A, 1 stage B, 2 nothing left. */
  private readonly fStage: Uint8Array;
  /** The edge step being expanded, the hops already taken in it, and the direction phase index. */
  private readonly fStep: Int32Array;
  private readonly fHops: Int32Array;
  private readonly fPhase: Uint8Array;
  /** Pairs consumed in the current record, and the offsets they stand for. */
  private readonly fOrdinal: Int32Array;
  private readonly fPos: Int32Array;
  private readonly fGroupEnd: Int32Array;
  private readonly fAreaEnd: Int32Array;
  private depth = 0;
  /** Frames below this depth are already marked as kept for the current path prefix. */
  private markedDepth = 0;
  /** The next id the scan over ids or start vertices looks at. */
  private nextId = 0;
  private done = false;

  constructor(
    private readonly graph: Graph,
    private readonly rules: MatchRules,
    private readonly counters: MatchCounters,
  ) {
    this.generation = graph.idSpaceGeneration;
    this.endId = graph.nextId;
    this.view = topologyView(graph);
    this.keep = new Uint8Array(this.endId);
    // A path of a few vertices is cheaper to scan than a per-id array is to allocate and clear.
    this.scanPath = maxPathVertices(rules.steps) <= maxScannedPathVertices;
    this.onPath = new Uint8Array(this.scanPath || rules.steps.length === 0 ? 0 : this.endId);
    this.scopeResults = rules.vertexFilter === null ? null : new Uint8Array(this.endId);
    this.edgeScopeResults = rules.edgeFilter === null ? null : new Uint8Array(this.endId);
    const steps = rules.steps;
    this.steps = steps;
    this.lastStep = steps.length - 1;
    this.stepResults = steps.map((step) =>
      (step.kind === 'vertex' ? step.test : step.edgeTest) === null ? null : new Uint8Array(this.endId),
    );
    this.typeResults = steps.map(() => new Int8Array(0));
    this.hasTypeTest = steps.map((step) => step.kind === 'edge' && step.typeTest !== null);
    this.minHops = Int32Array.from(steps, (step) => (step.kind === 'edge' ? step.minHops : 0));
    this.maxHops = Int32Array.from(steps, (step) => (step.kind === 'edge' ? step.maxHops : 0));
    this.phases = steps.map((step) => (step.kind === 'edge' ? directionPhases[step.direction] : []));
    const depthLimit = maxPathVertices(steps);
    this.fVertex = new Int32Array(depthLimit);
    this.fEdge = new Int32Array(depthLimit);
    this.fArrivedStep = new Int32Array(depthLimit);
    this.fArrivedHops = new Int32Array(depthLimit);
    this.fStage = new Uint8Array(depthLimit);
    this.fStep = new Int32Array(depthLimit);
    this.fHops = new Int32Array(depthLimit);
    this.fPhase = new Uint8Array(depthLimit);
    this.fOrdinal = new Int32Array(depthLimit);
    this.fPos = new Int32Array(depthLimit);
    this.fGroupEnd = new Int32Array(depthLimit);
    this.fAreaEnd = new Int32Array(depthLimit);
  }

  /** After a yield: the topology again, every per-element array as long as the id space, the offsets. */
  resume(): void {
    if (this.graph.idSpaceGeneration !== this.generation) {
      throw new SourceChanged('the source graph was cleared, trimmed or loaded');
    }
    this.view = topologyView(this.graph);
    const length = this.graph.nextId;
    if (length > this.endId) {
      this.endId = length;
      this.keep = grown(this.keep, length);
      if (!this.scanPath) this.onPath = grown(this.onPath, length);
      if (this.scopeResults !== null) this.scopeResults = grown(this.scopeResults, length);
      if (this.edgeScopeResults !== null) this.edgeScopeResults = grown(this.edgeScopeResults, length);
      for (let i = 0; i < this.stepResults.length; i++) {
        const results = this.stepResults[i];
        if (results !== null) this.stepResults[i] = grown(results, length);
      }
    }
    this.abandonRemoved();
    for (let t = 0; t < this.depth; t++) if (this.fStage[t] < 2) this.reposition(t);
  }

  /**
   * After a yield: pops the frames from the first whose vertex or arriving edge was removed meanwhile. A
   * removed vertex's record offsets are reset to 0, a valid offset of another record, so walking on from
   * it would take another vertex's edges for its own.
   */
  private abandonRemoved(): void {
    const kinds = this.view.kindType;
    let live = 0;
    while (
      live < this.depth &&
      kinds[this.fVertex[live]] === vertexKind &&
      (live === 0 || kinds[this.fEdge[live]] > vertexKind)
    ) {
      live++;
    }
    while (this.depth > live) {
      const t = --this.depth;
      if (!this.scanPath) this.onPath[this.fVertex[t]] = 0;
      if (this.markedDepth > t) this.markedDepth = t;
    }
  }

  outcome(): MatchOutcome {
    return { keep: this.keep, vertexCount: this.keptVertices, edgeCount: this.keptEdges };
  }

  /** Evaluates a rule once per element; results are kept in `results`. */
  private evaluate(rule: ElementTest, results: Uint8Array, id: number): boolean {
    this.counters.ruleCalls++;
    const verdict = rule(id);
    results[id] = verdict ? passed : failed;
    return verdict;
  }

  private inScope(vertex: number): boolean {
    const results = this.scopeResults;
    if (results === null) return true;
    const known = results[vertex];
    return known === unknown ? this.evaluate(this.rules.vertexFilter!, results, vertex) : known === passed;
  }

  private edgeInScope(edge: number): boolean {
    const results = this.edgeScopeResults;
    if (results === null) return true;
    const known = results[edge];
    return known === unknown ? this.evaluate(this.rules.edgeFilter!, results, edge) : known === passed;
  }

  private vertexStepPasses(stepIndex: number, vertex: number): boolean {
    const results = this.stepResults[stepIndex];
    if (results === null) return true;
    const known = results[vertex];
    if (known !== unknown) return known === passed;
    const step = this.steps[stepIndex] as Extract<MatchStep, { kind: 'vertex' }>;
    return this.evaluate(step.test!, results, vertex);
  }

  private edgeStepPasses(stepIndex: number, edge: number): boolean {
    const results = this.stepResults[stepIndex];
    if (results === null) return true;
    const known = results[edge];
    if (known !== unknown) return known === passed;
    const step = this.steps[stepIndex] as Extract<MatchStep, { kind: 'edge' }>;
    return this.evaluate(step.edgeTest!, results, edge);
  }

  private typePasses(stepIndex: number, typeId: number): boolean {
    let known = this.typeResults[stepIndex];
    if (typeId >= known.length) {
      const larger = new Int8Array(Math.max(typeId + 1, known.length * 2, 8));
      larger.set(known);
      this.typeResults[stepIndex] = larger;
      known = larger;
    }
    if (known[typeId] !== unknown) return known[typeId] === passed;
    const step = this.steps[stepIndex] as Extract<MatchStep, { kind: 'edge' }>;
    this.counters.ruleCalls++;
    const verdict = step.typeTest!(this.graph.edgeTypes.nameOf(typeId));
    known[typeId] = verdict ? passed : failed;
    return verdict;
  }

  /** Work until `budget` units are spent; true when the match is complete. */
  run(budget: number): boolean {
    if (this.done) return true;
    const finished = this.steps.length === 0 ? this.runScope(budget) : this.runPattern(budget);
    this.done = finished;
    return finished;
  }

  /** Without a pattern: every in-scope vertex, every in-scope edge. */
  private runScope(budget: number): boolean {
    const counters = this.counters;
    const kinds = this.view.kindType;
    const first = this.view.first;
    const second = this.view.second;
    const keep = this.keep;
    const end = this.endId;
    let id = this.nextId;
    let units = 0;
    let ruleCallsSeen = counters.ruleCalls;
    for (; id < end && units < budget; id++) {
      units++;
      const kind = kinds[id];
      if (kind === vertexKind) {
        if (this.inScope(id)) {
          keep[id] = 1;
          this.keptVertices++;
        }
      } else if (kind > vertexKind) {
        if (this.inScope(first[id]) && this.inScope(second[id]) && this.edgeInScope(id)) {
          keep[id] = 1;
          this.keptEdges++;
        }
      }
      const calls = counters.ruleCalls;
      if (calls !== ruleCallsSeen) {
        units += (calls - ruleCallsSeen) * ruleCallUnits;
        ruleCallsSeen = calls;
      }
    }
    counters.examined += id - this.nextId;
    this.nextId = id;
    return id >= end;
  }

  private openRecord(t: number): void {
    const vertex = this.fVertex[t];
    const direction = this.phases[this.fStep[t]][this.fPhase[t]];
    const record = direction === 0 ? this.view.first[vertex] : this.view.second[vertex];
    this.fOrdinal[t] = 0;
    if (record < 0) {
      this.fPos[t] = 0;
      this.fGroupEnd[t] = 0;
      this.fAreaEnd[t] = 0;
      return;
    }
    this.fPos[t] = record + 2;
    this.fGroupEnd[t] = record + 2;
    this.fAreaEnd[t] = record + 2 + this.view.pool[record + 1];
  }

  /** Offsets from the ordinal, after a yield. */
  private reposition(t: number): void {
    const ordinal = this.fOrdinal[t];
    this.openRecord(t);
    const pool = this.view.pool;
    const areaEnd = this.fAreaEnd[t];
    let remaining = ordinal;
    let pos = this.fPos[t];
    while (pos < areaEnd && remaining > 0) {
      const count = pool[pos + 1];
      if (remaining < count) {
        this.fGroupEnd[t] = pos + 2 + 2 * count;
        pos += 2 + 2 * remaining;
        remaining = 0;
        break;
      }
      remaining -= count;
      pos += 2 + 2 * count;
      this.fGroupEnd[t] = pos;
    }
    this.fPos[t] = Math.min(pos, areaEnd);
    this.fOrdinal[t] = ordinal - remaining;
  }

  /** Sets the frame to its first available stage from `from`, or to "nothing left". */
  private beginStage(t: number, from: number): void {
    const arrivedStep = this.fArrivedStep[t];
    for (let stage = from; stage < 2; stage++) {
      if (stage === 0) {
        // Stage A: the vertex ends the edge step it came by (or is the start) and the next one begins.
        const vertexStep = arrivedStep + 1;
        if (vertexStep >= this.lastStep) continue;
        if (arrivedStep >= 0) {
          if (this.fArrivedHops[t] < this.minHops[arrivedStep]) continue;
          if (!this.vertexStepPasses(vertexStep, this.fVertex[t])) continue;
        }
        this.fStep[t] = vertexStep + 1;
        this.fHops[t] = 0;
      } else {
        // Stage B: one more hop of the variable-length step it came by.
        if (arrivedStep < 0 || this.fArrivedHops[t] >= this.maxHops[arrivedStep]) continue;
        this.fStep[t] = arrivedStep;
        this.fHops[t] = this.fArrivedHops[t];
      }
      this.fStage[t] = stage;
      this.fPhase[t] = 0;
      this.openRecord(t);
      return;
    }
    this.fStage[t] = 2;
  }

  /** Marks the current path, from the first frame not yet marked, plus a final hop when given. */
  private markPath(finalEdge: number, finalVertex: number): void {
    for (let t = this.markedDepth; t < this.depth; t++) {
      this.keepVertex(this.fVertex[t]);
      if (t > 0) this.keepEdge(this.fEdge[t]);
    }
    this.markedDepth = this.depth;
    if (finalEdge >= 0) {
      this.keepEdge(finalEdge);
      this.keepVertex(finalVertex);
    }
  }

  private keepVertex(vertex: number): void {
    if (this.keep[vertex] === 0) {
      this.keep[vertex] = 1;
      this.keptVertices++;
    }
  }

  private keepEdge(edge: number): void {
    if (this.keep[edge] === 0) {
      this.keep[edge] = 1;
      this.keptEdges++;
    }
  }

  private pushStart(start: number): void {
    this.fVertex[0] = start;
    this.fEdge[0] = -1;
    this.fArrivedStep[0] = -1;
    this.fArrivedHops[0] = 0;
    if (!this.scanPath) this.onPath[start] = 1;
    this.depth = 1;
    this.markedDepth = 0;
    this.beginStage(0, 0);
  }

  /** With a pattern: a depth-first walk from every in-scope start vertex in ascending id order. */
  private runPattern(budget: number): boolean {
    const counters = this.counters;
    const lastStep = this.lastStep;
    const fStage = this.fStage;
    const fStep = this.fStep;
    const fPhase = this.fPhase;
    const fPos = this.fPos;
    const fGroupEnd = this.fGroupEnd;
    const fAreaEnd = this.fAreaEnd;
    const fOrdinal = this.fOrdinal;
    const fHops = this.fHops;
    const minHops = this.minHops;
    const maxHops = this.maxHops;
    const onPath = this.onPath;
    const scanPath = this.scanPath;
    const fVertex = this.fVertex;
    const pool = this.view.pool;
    const kinds = this.view.kindType;
    const vertexBits = this.view.vertexBits;
    const lastResults = this.stepResults[lastStep];
    let units = 0;
    let examined = 0;
    let ruleCallsSeen = counters.ruleCalls;
    for (;;) {
      if (this.depth === 0) {
        // The next start: the next live vertex in scope that passes the first step.
        const end = this.endId;
        let start = -1;
        let id = this.nextId;
        while (id < end && units < budget) {
          const candidate = id++;
          if ((vertexBits[candidate >>> 5] & (1 << (candidate & 31))) === 0) continue;
          examined++;
          units++;
          const passes = this.inScope(candidate) && this.vertexStepPasses(0, candidate);
          const calls = counters.ruleCalls;
          if (calls !== ruleCallsSeen) {
            units += (calls - ruleCallsSeen) * ruleCallUnits;
            ruleCallsSeen = calls;
          }
          if (passes) {
            start = candidate;
            break;
          }
        }
        this.nextId = id;
        if (start < 0) {
          counters.examined += examined;
          return id >= end;
        }
        if (lastStep === 0) {
          this.keepVertex(start);
          continue;
        }
        this.pushStart(start);
      }
      const ruleCalls = counters.ruleCalls;
      units += (ruleCalls - ruleCallsSeen) * ruleCallUnits;
      ruleCallsSeen = ruleCalls;
      if (units >= budget) {
        counters.examined += examined;
        return false;
      }
      const t = this.depth - 1;
      if (fStage[t] === 2) {
        this.depth = t;
        if (!scanPath) onPath[this.fVertex[t]] = 0;
        if (this.markedDepth > t) this.markedDepth = t;
        continue;
      }
      const stepIndex = fStep[t];
      const typeTested = this.hasTypeTest[stepIndex];
      // What a hop from this frame is: the same for every pair of the record.
      const hops = fHops[t] + 1;
      const hopOnlyEnds = stepIndex + 1 === lastStep && hops >= maxHops[stepIndex];
      const hopMayEnd = hops >= minHops[stepIndex];
      let pos = fPos[t];
      const areaEnd = fAreaEnd[t];
      let groupEnd = fGroupEnd[t];
      let ordinal = fOrdinal[t];
      let edge = -1;
      let neighbor = -1;
      let found = false;
      while (pos < areaEnd && units < budget) {
        if (pos === groupEnd) {
          // A group header: [edge-type id, pair count].
          groupEnd = pos + 2 + 2 * pool[pos + 1];
          pos += 2;
          continue;
        }
        edge = pool[pos];
        neighbor = pool[pos + 1];
        pos += 2;
        ordinal++;
        examined++;
        units++;
        if (scanPath) {
          let visited = false;
          for (let i = 0; i <= t; i++) {
            if (fVertex[i] === neighbor) {
              visited = true;
              break;
            }
          }
          if (visited) continue;
        } else if (onPath[neighbor] === 1) continue;
        let passes =
          this.inScope(neighbor) &&
          (!typeTested || this.typePasses(stepIndex, kinds[edge] - edgeTypeBase)) &&
          this.edgeInScope(edge) &&
          this.edgeStepPasses(stepIndex, edge);
        if (passes && hopOnlyEnds) {
          // The hop can only end a path: decide it here, without a frame.
          if (hopMayEnd) {
            const known = lastResults === null ? passed : lastResults[neighbor];
            if (known === passed || (known === unknown && this.vertexStepPasses(lastStep, neighbor))) {
              this.markPath(edge, neighbor);
            }
          }
          passes = false;
        }
        const calls = counters.ruleCalls;
        if (calls !== ruleCallsSeen) {
          units += (calls - ruleCallsSeen) * ruleCallUnits;
          ruleCallsSeen = calls;
        }
        if (!passes) continue;
        found = true;
        break;
      }
      fPos[t] = pos;
      fGroupEnd[t] = groupEnd;
      fOrdinal[t] = ordinal;
      if (!found) {
        if (pos < areaEnd) continue; // the budget ran out inside the record
        // The record is exhausted: the other direction, the other stage, or back up.
        if (fPhase[t] + 1 < this.phases[stepIndex].length) {
          fPhase[t]++;
          this.openRecord(t);
        } else {
          this.beginStage(t, fStage[t] + 1);
        }
        continue;
      }
      // A hop with a future: push the neighbour, then see whether it also completes the pattern.
      const child = this.depth;
      this.fVertex[child] = neighbor;
      this.fEdge[child] = edge;
      this.fArrivedStep[child] = stepIndex;
      this.fArrivedHops[child] = fHops[t] + 1;
      if (!scanPath) onPath[neighbor] = 1;
      this.depth = child + 1;
      if (
        stepIndex + 1 === lastStep &&
        this.fArrivedHops[child] >= minHops[stepIndex] &&
        this.vertexStepPasses(lastStep, neighbor)
      ) {
        this.markPath(-1, -1);
      }
      this.beginStage(child, 0);
    }
  }
}
