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
import { type Graph, edgeTypeBase, topologyView, vertexKind } from '../engine/index.js';

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
  /** Vertices tested as starts plus adjacency pairs looked at. */
  examined = 0;
  /** Rule calls (each element once per rule). */
  ruleCalls = 0;
}

/** The id space of the source changed (clear, trim, load) while the walk was paused. */
export class SourceChanged extends Error {
  override readonly name = 'SourceChanged';
}

/** Work units between two yields: adjacency pairs are one unit, a rule call `ruleCallUnits`. */
export const unitsPerYield = 16_384;
export const ruleCallUnits = 256;

const unknown = 0;
const passed = 1;
const failed = 2;

/** Per-element results of one rule, grown when the source grows between slices. */
class Memo {
  values: Uint8Array;
  constructor(length: number) {
    this.values = new Uint8Array(length);
  }
  grow(length: number): void {
    if (length <= this.values.length) return;
    const grown = new Uint8Array(length);
    grown.set(this.values);
    this.values = grown;
  }
}

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

export function* matchTask(
  graph: Graph,
  rules: MatchRules,
  counters: MatchCounters = new MatchCounters(),
): Generator<void, MatchOutcome, void> {
  const generation = graph.idSpaceGeneration;
  let endId = graph.nextId;
  let view = topologyView(graph);
  let units = 0;
  const memos: Memo[] = [];
  const memo = (): Memo => {
    const created = new Memo(endId);
    memos.push(created);
    return created;
  };
  let keep = new Uint8Array(endId);

  /** After a yield: the topology again, and every per-element array as long as the id space. */
  const resume = (): void => {
    if (graph.idSpaceGeneration !== generation)
      throw new SourceChanged('the source graph was cleared, trimmed or loaded');
    view = topologyView(graph);
    if (graph.nextId > endId) {
      endId = graph.nextId;
      for (const each of memos) each.grow(endId);
      const grown = new Uint8Array(endId);
      grown.set(keep);
      keep = grown;
      onPath.grow(endId);
    }
  };

  const scopeMemo = rules.vertexFilter === null ? null : memo();
  const edgeScopeMemo = rules.edgeFilter === null ? null : memo();
  const onPath = new Memo(endId);

  const test = (rule: ElementTest, results: Memo, id: number): boolean => {
    const known = results.values[id];
    if (known !== unknown) return known === passed;
    counters.ruleCalls++;
    units += ruleCallUnits;
    const verdict = rule(id);
    results.values[id] = verdict ? passed : failed;
    return verdict;
  };
  const inScope = (vertex: number): boolean =>
    scopeMemo === null || test(rules.vertexFilter!, scopeMemo, vertex);
  const edgeInScope = (edge: number): boolean =>
    edgeScopeMemo === null || test(rules.edgeFilter!, edgeScopeMemo, edge);

  const steps = rules.steps;
  if (steps.length === 0) {
    let vertexCount = 0;
    let edgeCount = 0;
    for (let id = 0; id < endId; id++) {
      if (units >= unitsPerYield) {
        units = 0;
        yield;
        resume();
      }
      units++;
      counters.examined++;
      const kind = view.kindType[id];
      if (kind === vertexKind) {
        if (inScope(id)) {
          keep[id] = 1;
          vertexCount++;
        }
      } else if (kind > vertexKind) {
        const source = view.first[id];
        const target = view.second[id];
        if (inScope(source) && inScope(target) && edgeInScope(id)) {
          keep[id] = 1;
          edgeCount++;
        }
      }
    }
    return { keep, vertexCount, edgeCount };
  }

  // Per step: the memo of its element test, and of its type test by edge-type id.
  const stepMemos: (Memo | null)[] = steps.map((step) =>
    (step.kind === 'vertex' ? step.test : step.edgeTest) === null ? null : memo(),
  );
  const hasTypeTest = steps.map((step) => step.kind === 'edge' && step.typeTest !== null);
  const typeMemos: Int8Array[] = steps.map(() => new Int8Array(0));
  const typePasses = (stepIndex: number, typeId: number): boolean => {
    const step = steps[stepIndex];
    if (step.kind !== 'edge' || step.typeTest === null) return true;
    let known = typeMemos[stepIndex];
    if (typeId >= known.length) {
      const grown = new Int8Array(Math.max(typeId + 1, known.length * 2, 8));
      grown.set(known);
      typeMemos[stepIndex] = grown;
      known = grown;
    }
    if (known[typeId] !== unknown) return known[typeId] === passed;
    counters.ruleCalls++;
    units += ruleCallUnits;
    const verdict = step.typeTest(graph.edgeTypes.nameOf(typeId));
    known[typeId] = verdict ? passed : failed;
    return verdict;
  };
  const vertexStepPasses = (stepIndex: number, vertex: number): boolean => {
    const step = steps[stepIndex];
    return step.kind !== 'vertex' || step.test === null || test(step.test, stepMemos[stepIndex]!, vertex);
  };
  const edgeStepPasses = (stepIndex: number, edge: number): boolean => {
    const step = steps[stepIndex];
    return step.kind !== 'edge' || step.edgeTest === null || test(step.edgeTest, stepMemos[stepIndex]!, edge);
  };
  const minHops = steps.map((step) => (step.kind === 'edge' ? step.minHops : 0));
  const maxHops = steps.map((step) => (step.kind === 'edge' ? step.maxHops : 0));
  const phasesOf = steps.map((step) => (step.kind === 'edge' ? directionPhases[step.direction] : []));
  const lastStep = steps.length - 1;

  // The stack of frames.
  const depthLimit = maxPathVertices(steps);
  const fVertex = new Int32Array(depthLimit);
  const fEdge = new Int32Array(depthLimit);
  /** The edge step the frame's vertex was reached by (-1 for the start) and the hops taken in it. */
  const fArrivedStep = new Int32Array(depthLimit);
  const fArrivedHops = new Int32Array(depthLimit);
  /** 0 stage A, 1 stage B, 2 nothing left. */
  const fStage = new Uint8Array(depthLimit);
  /** The edge step being expanded, the hops already taken in it, and the direction phase index. */
  const fStep = new Int32Array(depthLimit);
  const fHops = new Int32Array(depthLimit);
  const fPhase = new Uint8Array(depthLimit);
  /** Pairs consumed in the current record, and the offsets they stand for. */
  const fOrdinal = new Int32Array(depthLimit);
  const fPos = new Int32Array(depthLimit);
  const fGroupEnd = new Int32Array(depthLimit);
  const fAreaEnd = new Int32Array(depthLimit);
  let depth = 0;
  /** Frames below this depth are already marked as kept for the current path prefix. */
  let markedDepth = 0;

  const openRecord = (t: number): void => {
    const vertex = fVertex[t];
    const direction = phasesOf[fStep[t]][fPhase[t]];
    const record = direction === 0 ? view.first[vertex] : view.second[vertex];
    fOrdinal[t] = 0;
    if (record < 0) {
      fPos[t] = 0;
      fGroupEnd[t] = 0;
      fAreaEnd[t] = 0;
      return;
    }
    fPos[t] = record + 2;
    fGroupEnd[t] = record + 2;
    fAreaEnd[t] = record + 2 + view.pool[record + 1];
  };
  /** Offsets from the ordinal, after a yield. */
  const reposition = (t: number): void => {
    const ordinal = fOrdinal[t];
    openRecord(t);
    const pool = view.pool;
    const areaEnd = fAreaEnd[t];
    let remaining = ordinal;
    let pos = fPos[t];
    while (pos < areaEnd && remaining > 0) {
      const count = pool[pos + 1];
      if (remaining < count) {
        fGroupEnd[t] = pos + 2 + 2 * count;
        pos += 2 + 2 * remaining;
        remaining = 0;
        break;
      }
      remaining -= count;
      pos += 2 + 2 * count;
      fGroupEnd[t] = pos;
    }
    fPos[t] = Math.min(pos, areaEnd);
    fOrdinal[t] = ordinal - remaining;
  };
  /** Sets the frame to its first available stage, or to "nothing left". */
  const beginStage = (t: number, from: number): void => {
    const arrivedStep = fArrivedStep[t];
    const vertex = fVertex[t];
    for (let stage = from; stage < 2; stage++) {
      if (stage === 0) {
        // Stage A: the vertex ends the edge step it came by (or is the start) and the next one begins.
        const vertexStep = arrivedStep + 1;
        if (vertexStep >= lastStep) continue;
        if (arrivedStep >= 0 && fArrivedHops[t] < minHops[arrivedStep]) continue;
        if (arrivedStep >= 0 && !vertexStepPasses(vertexStep, vertex)) continue;
        fStep[t] = vertexStep + 1;
        fHops[t] = 0;
      } else {
        // Stage B: one more hop of the variable-length step it came by.
        if (arrivedStep < 0 || fArrivedHops[t] >= maxHops[arrivedStep]) continue;
        fStep[t] = arrivedStep;
        fHops[t] = fArrivedHops[t];
      }
      fStage[t] = stage;
      fPhase[t] = 0;
      openRecord(t);
      return;
    }
    fStage[t] = 2;
  };
  const markPath = (): void => {
    for (let t = markedDepth; t < depth; t++) {
      keep[fVertex[t]] = 1;
      if (t > 0) keep[fEdge[t]] = 1;
    }
    markedDepth = depth;
  };
  const pop = (): void => {
    depth--;
    onPath.values[fVertex[depth]] = 0;
    if (markedDepth > depth) markedDepth = depth;
  };

  /**
   * After a yield: pops the frames from the first whose vertex or arriving edge was removed meanwhile. A
   * removed vertex's record offsets are reset to 0, a valid offset of another record, so walking on from
   * it would take another vertex's edges for its own.
   */
  const abandonRemoved = (): void => {
    let live = 0;
    while (
      live < depth &&
      view.kindType[fVertex[live]] === vertexKind &&
      (live === 0 || view.kindType[fEdge[live]] > vertexKind)
    ) {
      live++;
    }
    while (depth > live) pop();
  };

  const words = (endId + 31) >>> 5;
  for (let word = 0; word < words; word++) {
    let bits = word < view.vertexBits.length ? view.vertexBits[word] : 0;
    while (bits !== 0) {
      const low = bits & -bits;
      const start = (word << 5) | (31 - Math.clz32(low));
      bits ^= low;
      counters.examined++;
      units++;
      if (!inScope(start) || !vertexStepPasses(0, start)) continue;
      if (lastStep === 0) {
        keep[start] = 1;
        continue;
      }
      fVertex[0] = start;
      fEdge[0] = -1;
      fArrivedStep[0] = -1;
      fArrivedHops[0] = 0;
      onPath.values[start] = 1;
      depth = 1;
      markedDepth = 0;
      beginStage(0, 0);
      while (depth > 0) {
        if (units >= unitsPerYield) {
          units = 0;
          yield;
          resume();
          abandonRemoved();
          for (let t = 0; t < depth; t++) if (fStage[t] < 2) reposition(t);
          if (depth === 0) break;
        }
        const t = depth - 1;
        if (fStage[t] === 2) {
          pop();
          continue;
        }
        const pool = view.pool;
        const stepIndex = fStep[t];
        let pos = fPos[t];
        const areaEnd = fAreaEnd[t];
        let found = false;
        let edge = -1;
        let neighbor = -1;
        while (pos < areaEnd) {
          if (pos === fGroupEnd[t]) {
            // A group header: [edge-type id, pair count].
            fGroupEnd[t] = pos + 2 + 2 * pool[pos + 1];
            pos += 2;
            continue;
          }
          edge = pool[pos];
          neighbor = pool[pos + 1];
          pos += 2;
          fOrdinal[t]++;
          units++;
          counters.examined++;
          if (onPath.values[neighbor] === 1) continue;
          if (!inScope(neighbor)) continue;
          if (hasTypeTest[stepIndex] && !typePasses(stepIndex, view.kindType[edge] - edgeTypeBase)) continue;
          if (!edgeInScope(edge) || !edgeStepPasses(stepIndex, edge)) continue;
          found = true;
          break;
        }
        fPos[t] = pos;
        if (!found) {
          // The record is exhausted: the other direction, the other stage, or back up.
          const phases = phasesOf[stepIndex];
          if (fPhase[t] + 1 < phases.length) {
            fPhase[t]++;
            openRecord(t);
          } else {
            beginStage(t, fStage[t] + 1);
          }
          continue;
        }
        // A hop: push the neighbour, then see whether it completes the pattern.
        const child = depth;
        fVertex[child] = neighbor;
        fEdge[child] = edge;
        fArrivedStep[child] = stepIndex;
        fArrivedHops[child] = fHops[t] + 1;
        onPath.values[neighbor] = 1;
        depth++;
        if (
          stepIndex + 1 === lastStep &&
          fArrivedHops[child] >= minHops[stepIndex] &&
          vertexStepPasses(lastStep, neighbor)
        ) {
          markPath();
        }
        beginStage(child, 0);
      }
    }
  }
  let vertexCount = 0;
  let edgeCount = 0;
  for (let id = 0; id < endId; id++) {
    if (keep[id] === 0) continue;
    if (view.kindType[id] === vertexKind) vertexCount++;
    else edgeCount++;
  }
  return { keep, vertexCount, edgeCount };
}
