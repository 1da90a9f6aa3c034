/**
 * Subgraph-test support: small graphs built through the engine with a plain model of what they hold, rules
 * described as data (so a failing case prints readably) and turned into matcher rules, and an independent
 * brute-force enumerator of every matching simple path, written from docs/subgraphs.md ("How an extract
 * is chosen") without the matcher's stack, memos or adjacency records.
 */
import assert from 'node:assert/strict';
import { Engine } from '../../src/index.js';
import {
  type MatchCounters,
  type MatchOutcome,
  type MatchRules,
  matchTask,
} from '../../src/subgraphs/match.js';

export type Direction = 'out' | 'in' | 'both';

/** A predicate over an element's Int32 property `w`. */
export type Pred =
  | { readonly kind: 'ge'; readonly k: number }
  | { readonly kind: 'mod'; readonly m: number; readonly r: number };

export type EntrySpec =
  | { readonly kind: 'vertex'; readonly pred: Pred | null }
  | {
      readonly kind: 'edge';
      readonly variable: boolean;
      readonly direction: Direction;
      readonly minHops: number;
      readonly maxHops: number;
      /** The edge types that pass; null: no type test. */
      readonly types: readonly string[] | null;
      readonly pred: Pred | null;
    };

export interface RulesSpec {
  readonly vertexFilter: Pred | null;
  readonly edgeFilter: Pred | null;
  readonly entries: readonly EntrySpec[];
}

export interface ModelVertex {
  readonly w: number;
}
export interface ModelEdge {
  readonly from: number;
  readonly to: number;
  readonly type: string;
  readonly w: number;
}

/** The live elements of a graph by id, as the test wrote them. */
export interface GraphModel {
  readonly vertices: Map<number, ModelVertex>;
  readonly edges: Map<number, ModelEdge>;
}

export interface GraphSpec {
  /** `w` of each vertex, in creation order. */
  readonly vertexWs: readonly number[];
  /** Vertices created before the first edges; the rest come after them, so ids interleave. */
  readonly firstBatch: number;
  /** Endpoints are indexes into `vertexWs`. */
  readonly edges: readonly {
    readonly from: number;
    readonly to: number;
    readonly type: string;
    readonly w: number;
  }[];
  /** Indexes into `vertexWs` and into `edges` (those past its end ignored) removed after everything was created. */
  readonly removedVertices: readonly number[];
  readonly removedEdges: readonly number[];
}

const int32 = (value: number) => ({ type: 'Int32' as const, value });

/** Builds the graph through the engine (creations in two rounds, then removals) and its model. */
export async function buildSpec(spec: GraphSpec): Promise<{ engine: Engine; model: GraphModel }> {
  const engine = new Engine();
  const vertexIds: number[] = new Array<number>(spec.vertexWs.length);
  const edgeIds: number[] = new Array<number>(spec.edges.length);
  const model: GraphModel = { vertices: new Map(), edges: new Map() };
  const createVertices = async (from: number, to: number) => {
    if (to <= from) return;
    const ws = spec.vertexWs.slice(from, to);
    const ids = await engine.createVertices(
      ws.map((w) => ({ label: 'v', properties: [{ key: 'w', value: int32(w) }] })),
    );
    ids.forEach((id, i) => {
      vertexIds[from + i] = id;
      model.vertices.set(id, { w: ws[i] });
    });
  };
  const createEdges = async (indexes: number[]) => {
    if (indexes.length === 0) return;
    const ids = await engine.createEdges(
      indexes.map((i) => {
        const edge = spec.edges[i];
        return {
          sourceVertex: vertexIds[edge.from],
          targetVertex: vertexIds[edge.to],
          edgePropertyId: edge.type,
          properties: [{ key: 'w', value: int32(edge.w) }],
        };
      }),
    );
    ids.forEach((id, i) => {
      const edge = spec.edges[indexes[i]];
      edgeIds[indexes[i]] = id;
      model.edges.set(id, { from: vertexIds[edge.from], to: vertexIds[edge.to], type: edge.type, w: edge.w });
    });
  };
  const split = Math.min(spec.firstBatch, spec.vertexWs.length);
  await createVertices(0, split);
  const early = spec.edges
    .map((_, i) => i)
    .filter((i) => spec.edges[i].from < split && spec.edges[i].to < split);
  await createEdges(early);
  await createVertices(split, spec.vertexWs.length);
  await createEdges(spec.edges.map((_, i) => i).filter((i) => !early.includes(i)));
  for (const index of spec.removedEdges) {
    if (index >= edgeIds.length) continue;
    const id = edgeIds[index];
    await engine.removeElement(id);
    model.edges.delete(id);
  }
  for (const index of spec.removedVertices) {
    const id = vertexIds[index];
    await engine.removeElement(id);
    model.vertices.delete(id);
    for (const [edgeId, edge] of [...model.edges]) {
      if (edge.from === id || edge.to === id) model.edges.delete(edgeId);
    }
  }
  assert.equal(engine.vertexCount, model.vertices.size, 'the model holds the live vertices');
  assert.equal(engine.edgeCount, model.edges.size, 'the model holds the live edges');
  return { engine, model };
}

export function passes(pred: Pred | null, w: number): boolean {
  if (pred === null) return true;
  return pred.kind === 'ge' ? w >= pred.k : w % pred.m === pred.r;
}

/** Counts each call of each rule by element (or edge type), keyed `role:id`. */
export class CallLog {
  readonly calls = new Map<string, number>();
  note(key: string): void {
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
  }
  /** The keys called more than once. */
  repeated(): string[] {
    return [...this.calls].filter(([, count]) => count > 1).map(([key]) => key);
  }
}

/** The matcher's rules for a spec: each predicate reads `w` from the model (pure), and logs its calls. */
export function rulesOf(spec: RulesSpec, model: GraphModel, log: CallLog = new CallLog()): MatchRules {
  const wOf = (id: number): number => {
    const element = model.vertices.get(id) ?? model.edges.get(id);
    if (element === undefined) throw new Error(`a rule was called for ${id}, which is not a live element`);
    return element.w;
  };
  const test = (pred: Pred | null, role: string) =>
    pred === null
      ? null
      : (id: number) => {
          log.note(`${role}:${id}`);
          return passes(pred, wOf(id));
        };
  return {
    vertexFilter: test(spec.vertexFilter, 'vertexFilter'),
    edgeFilter: test(spec.edgeFilter, 'edgeFilter'),
    steps: spec.entries.map((entry, index) =>
      entry.kind === 'vertex'
        ? { kind: 'vertex', test: test(entry.pred, `entry${index}`) }
        : {
            kind: 'edge',
            direction: entry.direction,
            minHops: entry.minHops,
            maxHops: entry.maxHops,
            typeTest:
              entry.types === null
                ? null
                : (type: string) => {
                    log.note(`entry${index}.type:${type}`);
                    return entry.types!.includes(type);
                  },
            edgeTest: test(entry.pred, `entry${index}.edge`),
          },
    ),
  };
}

/** Runs the matcher to completion, resuming it at once after each of its yields. */
export function runMatch(
  engine: Engine,
  rules: MatchRules,
  counters?: MatchCounters,
): { outcome: MatchOutcome; yields: number } {
  const task = matchTask(engine.graph, rules, counters);
  let step = task.next();
  let yields = 0;
  while (step.done !== true) {
    yields++;
    step = task.next();
  }
  return { outcome: step.value, yields };
}

export interface Kept {
  readonly vertices: number[];
  readonly edges: number[];
}

/** The kept vertex and edge ids of an outcome, ascending. */
export function keptOf(engine: Engine, outcome: MatchOutcome): Kept {
  const vertices: number[] = [];
  const edges: number[] = [];
  for (let id = 0; id < outcome.keep.length; id++) {
    if (outcome.keep[id] === 0) continue;
    if (engine.graph.isVertex(id)) vertices.push(id);
    else edges.push(id);
  }
  assert.equal(outcome.vertexCount, vertices.length, 'vertexCount counts the kept vertices');
  assert.equal(outcome.edgeCount, edges.length, 'edgeCount counts the kept edges');
  return { vertices, edges };
}

/**
 * Every element on at least one matching simple path, by enumerating the paths one by one; with no
 * entries, the phase 1-2 scope.
 */
export function bruteForce(model: GraphModel, spec: RulesSpec): Kept {
  const scopeVertices = new Set<number>();
  for (const [id, vertex] of model.vertices) if (passes(spec.vertexFilter, vertex.w)) scopeVertices.add(id);
  const scopeEdges: [number, ModelEdge][] = [];
  for (const [id, edge] of model.edges) {
    if (scopeVertices.has(edge.from) && scopeVertices.has(edge.to) && passes(spec.edgeFilter, edge.w)) {
      scopeEdges.push([id, edge]);
    }
  }
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  const entries = spec.entries;
  if (entries.length === 0)
    return { vertices: sorted(scopeVertices), edges: sorted(scopeEdges.map(([id]) => id)) };

  // The in-scope edges leaving and entering each vertex.
  const outgoing = new Map<number, [number, ModelEdge][]>();
  const incoming = new Map<number, [number, ModelEdge][]>();
  for (const pair of scopeEdges) {
    const [, edge] = pair;
    if (!outgoing.has(edge.from)) outgoing.set(edge.from, []);
    outgoing.get(edge.from)!.push(pair);
    if (!incoming.has(edge.to)) incoming.set(edge.to, []);
    incoming.get(edge.to)!.push(pair);
  }
  const outOf = (vertex: number) => outgoing.get(vertex) ?? [];
  const inOf = (vertex: number) => incoming.get(vertex) ?? [];
  const keptVertices = new Set<number>();
  const keptEdges = new Set<number>();
  const pathVertices: number[] = [];
  const pathEdges: number[] = [];
  const vertexPasses = (entryIndex: number, vertex: number): boolean => {
    const entry = entries[entryIndex];
    return entry.kind === 'vertex' && passes(entry.pred, model.vertices.get(vertex)!.w);
  };
  /** The path ends at a vertex that passed vertex entry `at`. */
  const reached = (at: number): void => {
    if (at === entries.length - 1) {
      for (const vertex of pathVertices) keptVertices.add(vertex);
      for (const edge of pathEdges) keptEdges.add(edge);
      return;
    }
    walk(at, 0);
  };
  /** `hops` edges of entry `at + 1` taken so far from the vertex that passed entry `at`. */
  const walk = (at: number, hops: number): void => {
    const entry = entries[at + 1];
    if (entry.kind !== 'edge') throw new Error(`entry ${at + 1} is not an edge entry`);
    const current = pathVertices[pathVertices.length - 1];
    if (hops >= entry.minHops && vertexPasses(at + 2, current)) reached(at + 2);
    if (hops >= entry.maxHops) return;
    const hopsFrom: [number, ModelEdge, number][] = [];
    if (entry.direction !== 'in') for (const [id, edge] of outOf(current)) hopsFrom.push([id, edge, edge.to]);
    if (entry.direction !== 'out')
      for (const [id, edge] of inOf(current)) hopsFrom.push([id, edge, edge.from]);
    for (const [id, edge, neighbor] of hopsFrom) {
      if (pathVertices.includes(neighbor)) continue;
      if (entry.types !== null && !entry.types.includes(edge.type)) continue;
      if (!passes(entry.pred, edge.w)) continue;
      pathVertices.push(neighbor);
      pathEdges.push(id);
      walk(at, hops + 1);
      pathVertices.pop();
      pathEdges.pop();
    }
  };
  for (const start of scopeVertices) {
    if (!vertexPasses(0, start)) continue;
    pathVertices.push(start);
    reached(0);
    pathVertices.pop();
  }
  return { vertices: sorted(keptVertices), edges: sorted(keptEdges) };
}
