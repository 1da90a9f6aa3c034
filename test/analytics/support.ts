/**
 * Analytics-test support: small graphs built through the engine, a plain model of the same graph (the
 * live vertices and edges as lists), and textbook reference implementations of the five algorithms over
 * that model, written as directly as the rules in docs/analytics.md read. The kernels are compared to them.
 */
import { Engine } from '../../src/index.js';
import {
  analyticsColumnsOf,
  analyticsScopeOf,
  runAnalytics,
  type AnalyticsAlgorithm,
  type AnalyticsDirection,
  type AnalyticsKnobs,
  type AnalyticsOutcome,
  type ShouldStop,
} from '../../src/analytics/index.js';

export interface GraphSpec {
  /** Per vertex (in creation order): its label or null. */
  readonly labels: readonly (string | null)[];
  /** Edges between vertex indices, in creation order. */
  readonly edges: readonly { readonly from: number; readonly to: number; readonly type: string }[];
  /** Vertex indices removed after creation (their edges go with them). */
  readonly removedVertices: readonly number[];
  /** Edge indices removed after creation. */
  readonly removedEdges: readonly number[];
}

export interface ModelVertex {
  readonly id: number;
  readonly label: string | null;
}

export interface ModelEdge {
  readonly id: number;
  readonly source: number;
  readonly target: number;
  readonly type: string;
}

/** The live graph as plain lists, ids as the engine gave them. */
export interface GraphModel {
  readonly vertices: readonly ModelVertex[];
  readonly edges: readonly ModelEdge[];
}

export interface Built {
  readonly engine: Engine;
  readonly model: GraphModel;
}

export async function buildGraph(spec: GraphSpec): Promise<Built> {
  const engine = new Engine();
  const vertexIds =
    spec.labels.length === 0 ? [] : await engine.createVertices(spec.labels.map((label) => ({ label })));
  const edgeIds =
    spec.edges.length === 0
      ? []
      : await engine.createEdges(
          spec.edges.map((edge) => ({
            sourceVertex: vertexIds[edge.from],
            targetVertex: vertexIds[edge.to],
            edgePropertyId: edge.type,
          })),
        );
  const goneVertices = new Set(spec.removedVertices.filter((index) => index < vertexIds.length));
  const goneEdges = new Set(spec.removedEdges.filter((index) => index < edgeIds.length));
  const removals = [
    ...[...goneEdges].filter((index) => {
      const edge = spec.edges[index];
      return !goneVertices.has(edge.from) && !goneVertices.has(edge.to);
    }),
  ].map((index) => edgeIds[index]);
  removals.push(...[...goneVertices].map((index) => vertexIds[index]));
  if (removals.length > 0) await engine.removeElements(removals);
  const vertices: ModelVertex[] = [];
  spec.labels.forEach((label, index) => {
    if (!goneVertices.has(index)) vertices.push({ id: vertexIds[index], label });
  });
  const edges: ModelEdge[] = [];
  spec.edges.forEach((edge, index) => {
    if (goneEdges.has(index) || goneVertices.has(edge.from) || goneVertices.has(edge.to)) return;
    edges.push({
      id: edgeIds[index],
      source: vertexIds[edge.from],
      target: vertexIds[edge.to],
      type: edge.type,
    });
  });
  return { engine, model: { vertices, edges } };
}

export interface ScopeSpec {
  readonly vertexLabel?: string;
  readonly edgePropertyId?: string;
  readonly direction?: AnalyticsDirection;
}

/** Runs a kernel over the engine's live columns. */
export function runKernel(
  engine: Engine,
  algorithm: AnalyticsAlgorithm,
  scope: ScopeSpec,
  knobs: AnalyticsKnobs = {},
  shouldStop: ShouldStop = () => false,
): AnalyticsOutcome {
  const graph = engine.graph;
  return runAnalytics(algorithm, {
    columns: analyticsColumnsOf(graph),
    scope: analyticsScopeOf(graph, scope),
    knobs,
    shouldStop,
  });
}

/** A budget clock that answers false `calls` times, then true. */
export function stopAfter(calls: number): ShouldStop {
  let asked = 0;
  return () => asked++ >= calls;
}

/** A clock that never stops and counts how often it was asked. */
export function countingClock(): { shouldStop: ShouldStop; calls: () => number } {
  let asked = 0;
  return {
    shouldStop: () => {
      asked++;
      return false;
    },
    calls: () => asked,
  };
}

/** What a reference computes: per in-scope vertex id its value, plus the run's scalars. */
export interface Expected {
  readonly values: Map<number, number>;
  readonly converged: boolean;
  readonly iterationsRun: number;
  readonly statistics: Record<string, number>;
}

/** The in-scope vertex ids (ascending) and the in-scope edges. */
export function scoped(model: GraphModel, scope: ScopeSpec): { ids: number[]; edges: ModelEdge[] } {
  const ids = model.vertices
    .filter((vertex) => scope.vertexLabel === undefined || vertex.label === scope.vertexLabel)
    .map((vertex) => vertex.id)
    .sort((a, b) => a - b);
  const members = new Set(ids);
  const edges = model.edges.filter(
    (edge) =>
      (scope.edgePropertyId === undefined || edge.type === scope.edgePropertyId) &&
      members.has(edge.source) &&
      members.has(edge.target),
  );
  return { ids, edges };
}

/** The (from, to) steps an edge list gives under a direction: out as is, in reversed, both both. */
function arcs(edges: readonly ModelEdge[], direction: AnalyticsDirection): [number, number][] {
  const result: [number, number][] = [];
  for (const edge of edges) {
    if (direction !== 'in') result.push([edge.source, edge.target]);
    if (direction !== 'out') result.push([edge.target, edge.source]);
  }
  return result;
}

export function referencePageRank(model: GraphModel, scope: ScopeSpec, knobs: AnalyticsKnobs): Expected {
  const { ids, edges } = scoped(model, scope);
  const d = knobs.dampingFactor ?? 0.85;
  const epsilon = knobs.epsilon ?? 1e-6;
  const maxIterations = knobs.maxIterations || 100;
  const n = ids.length;
  const steps = arcs(edges, scope.direction ?? 'out');
  const outDegree = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const [from] of steps) outDegree.set(from, outDegree.get(from)! + 1);
  let rank = new Map<number, number>(ids.map((id) => [id, 1 / n]));
  let iterationsRun = 0;
  let converged = n === 0;
  while (!converged && iterationsRun < maxIterations) {
    let dangling = 0;
    for (const id of ids) if (outDegree.get(id) === 0) dangling += rank.get(id)!;
    const pushed = new Map<number, number>(ids.map((id) => [id, 0]));
    for (const [from, to] of steps) pushed.set(to, pushed.get(to)! + rank.get(from)! / outDegree.get(from)!);
    const next = new Map<number, number>();
    let change = 0;
    for (const id of ids) {
      const value = d * pushed.get(id)! + (1 - d) / n + (d * dangling) / n;
      next.set(id, value);
      change += Math.abs(value - rank.get(id)!);
    }
    rank = next;
    iterationsRun++;
    if (change < epsilon) converged = true;
  }
  return { values: rank, converged, iterationsRun, statistics: {} };
}

export function referenceWcc(model: GraphModel, scope: ScopeSpec): Expected {
  const { ids, edges } = scoped(model, scope);
  const neighbours = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const edge of edges) {
    neighbours.get(edge.source)!.push(edge.target);
    neighbours.get(edge.target)!.push(edge.source);
  }
  const component = new Map<number, number>();
  for (const start of ids) {
    if (component.has(start)) continue;
    // Ids ascend, so the first vertex reached of a new component is its smallest member.
    const stack = [start];
    component.set(start, start);
    while (stack.length > 0) {
      const vertex = stack.pop()!;
      for (const next of neighbours.get(vertex)!) {
        if (!component.has(next)) {
          component.set(next, start);
          stack.push(next);
        }
      }
    }
  }
  return {
    values: component,
    converged: true,
    iterationsRun: ids.length === 0 ? 0 : 1,
    statistics: { ComponentCount: new Set(component.values()).size },
  };
}

export function referenceLabelPropagation(
  model: GraphModel,
  scope: ScopeSpec,
  knobs: AnalyticsKnobs,
): Expected {
  const { ids, edges } = scoped(model, scope);
  const maxIterations = knobs.maxIterations || 20;
  // Each (vertex, neighbour) step is one vote; a self-loop is no vote (a vertex does not vote for itself).
  const voters = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const [from, to] of arcs(edges, scope.direction ?? 'both')) {
    if (from !== to) voters.get(from)!.push(to);
  }
  let label = new Map<number, number>(ids.map((id) => [id, id]));
  let iterationsRun = 0;
  let converged = ids.length === 0;
  while (!converged && iterationsRun < maxIterations) {
    const next = new Map<number, number>();
    let changed = false;
    for (const id of ids) {
      const tally = new Map<number, number>();
      for (const neighbour of voters.get(id)!) {
        const vote = label.get(neighbour)!;
        tally.set(vote, (tally.get(vote) ?? 0) + 1);
      }
      let best = label.get(id)!;
      if (tally.size > 0) {
        const most = Math.max(...tally.values());
        best = Math.min(...[...tally].filter(([, count]) => count === most).map(([vote]) => vote));
      }
      next.set(id, best);
      if (best !== label.get(id)) changed = true;
    }
    label = next;
    iterationsRun++;
    if (!changed) converged = true;
  }
  return {
    values: label,
    converged,
    iterationsRun,
    statistics: { CommunityCount: new Set(label.values()).size },
  };
}

export function referenceDegree(model: GraphModel, scope: ScopeSpec): Expected {
  const { ids, edges } = scoped(model, scope);
  const degree = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const [from] of arcs(edges, scope.direction ?? 'both')) degree.set(from, degree.get(from)! + 1);
  const all = [...degree.values()];
  return {
    values: degree,
    converged: true,
    iterationsRun: ids.length === 0 ? 0 : 1,
    statistics:
      all.length === 0
        ? { Min: 0, Max: 0, Mean: 0 }
        : {
            Min: Math.min(...all),
            Max: Math.max(...all),
            Mean: all.reduce((sum, value) => sum + value, 0) / all.length,
          },
  };
}

export function referenceTriangles(model: GraphModel, scope: ScopeSpec): Expected {
  const { ids, edges } = scoped(model, scope);
  const linked = new Set<string>();
  for (const edge of edges) {
    if (edge.source === edge.target) continue;
    linked.add(`${edge.source},${edge.target}`);
    linked.add(`${edge.target},${edge.source}`);
  }
  const adjacent = (a: number, b: number): boolean => linked.has(`${a},${b}`);
  const count = new Map<number, number>(ids.map((id) => [id, 0]));
  let total = 0;
  for (let i = 0; i < ids.length; i++) {
    for (let j = i + 1; j < ids.length; j++) {
      if (!adjacent(ids[i], ids[j])) continue;
      for (let k = j + 1; k < ids.length; k++) {
        if (adjacent(ids[i], ids[k]) && adjacent(ids[j], ids[k])) {
          for (const id of [ids[i], ids[j], ids[k]]) count.set(id, count.get(id)! + 1);
        }
      }
    }
  }
  for (const value of count.values()) total += value;
  return {
    values: count,
    converged: true,
    iterationsRun: ids.length === 0 ? 0 : 1,
    statistics: { TriangleCount: total / 3 },
  };
}

export function reference(
  algorithm: AnalyticsAlgorithm,
  model: GraphModel,
  scope: ScopeSpec,
  knobs: AnalyticsKnobs,
): Expected {
  switch (algorithm) {
    case 'PAGERANK':
      return referencePageRank(model, scope, knobs);
    case 'WCC':
      return referenceWcc(model, scope);
    case 'LABELPROPAGATION':
      return referenceLabelPropagation(model, scope, knobs);
    case 'DEGREE':
      return referenceDegree(model, scope);
    case 'TRIANGLECOUNT':
      return referenceTriangles(model, scope);
  }
}

/** Per in-scope vertex id the outcome's value (score or partition id). */
export function valuesOf(outcome: AnalyticsOutcome): Map<number, number> {
  if (!outcome.usable) throw new Error(`${outcome.algorithm}: no usable result`);
  const values = new Map<number, number>();
  const array = outcome.kind === 'scores' ? outcome.scores : outcome.partitions;
  for (let id = 0; id < outcome.inScope.length; id++) {
    if (outcome.inScope[id] === 1) values.set(id, array[id]);
  }
  return values;
}
