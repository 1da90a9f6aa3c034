/**
 * Path-test support: small graphs built through the engine, and an independent brute-force enumerator of
 * every loop-free path (both edge directions, the documented filter and cost rules written out directly) that
 * the property tests compare BLS and DIJKSTRA against.
 */
import { Engine } from '../../src/index.js';
import type { FoundPath, PathRules } from '../../src/paths/model.js';

export interface EdgeSpec {
  readonly from: number;
  readonly to: number;
  readonly type?: string;
}

/** A graph of `vertexCount` vertices (ids 0..n-1) and the edges in order (ids n, n+1, ...). */
export async function buildGraph(vertexCount: number, edges: readonly EdgeSpec[]): Promise<Engine> {
  const engine = new Engine();
  if (vertexCount > 0) await engine.createVertices(Array.from({ length: vertexCount }, () => ({})));
  if (edges.length > 0) {
    await engine.createEdges(
      edges.map((edge) => ({
        sourceVertex: edge.from,
        targetVertex: edge.to,
        edgePropertyId: edge.type ?? 'e',
      })),
    );
  }
  return engine;
}

/** One step of a brute-force path. */
export interface BruteStep {
  readonly edge: number;
  readonly direction: 0 | 1;
  readonly from: number;
  readonly to: number;
  readonly weight: number;
}

export interface BrutePath {
  readonly steps: BruteStep[];
  readonly total: number;
}

function clamp(cost: number): number {
  if (!Number.isFinite(cost)) return Number.NaN;
  return cost < 0 ? 0 : cost;
}

function costOf(rule: PathRules['edgeCost'], id: number, fallback: number): number {
  if (rule === undefined) return fallback;
  return typeof rule === 'number' ? rule : rule(id);
}

/**
 * Every loop-free walk from `from` to `to` of at most `maxHops` edges whose edges pass the type and edge
 * filters, each with its step weights (edge cost + cost of the vertex reached, clamped; NaN steps
 * excluded). Vertex filters are left to the caller (the algorithms test different vertices).
 */
export function allSimplePaths(
  engine: Engine,
  from: number,
  to: number,
  maxHops: number,
  rules: PathRules = {},
): BrutePath[] {
  const graph = engine.graph;
  const result: BrutePath[] = [];
  const onPath = new Set<number>([from]);
  const steps: BruteStep[] = [];
  const neighbours = (vertex: number): BruteStep[] => {
    const list: BruteStep[] = [];
    for (let edge = 0; edge < graph.nextId; edge++) {
      if (!graph.isEdge(edge)) continue;
      const source = graph.first.view[edge];
      const target = graph.second.view[edge];
      if (source === target) continue;
      const type = graph.edgeTypeOf(edge);
      if (rules.edgePropertyFilter !== undefined && !rules.edgePropertyFilter(type)) continue;
      if (rules.edgeFilter !== undefined && !rules.edgeFilter(edge)) continue;
      if (source === vertex) list.push({ edge, direction: 1, from: vertex, to: target, weight: 0 });
      if (target === vertex) list.push({ edge, direction: 0, from: vertex, to: source, weight: 0 });
    }
    return list;
  };
  const walk = (vertex: number): void => {
    if (vertex === to) {
      let total = 0;
      for (const step of steps) total += step.weight;
      result.push({ steps: [...steps], total });
      return;
    }
    if (steps.length === maxHops) return;
    for (const step of neighbours(vertex)) {
      if (onPath.has(step.to)) continue;
      const weight = clamp(costOf(rules.edgeCost, step.edge, 1) + costOf(rules.vertexCost, step.to, 0));
      onPath.add(step.to);
      steps.push({ ...step, weight });
      walk(step.to);
      steps.pop();
      onPath.delete(step.to);
    }
  };
  walk(from);
  return result;
}

/** Step sequences compared as (edge id, direction) keys, step by step. */
export function compareSequences(a: readonly BruteStep[], b: readonly BruteStep[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const ka = a[i].edge * 2 + a[i].direction;
    const kb = b[i].edge * 2 + b[i].direction;
    if (ka !== kb) return ka - kb;
  }
  return a.length - b.length;
}

/** What BLS must return, written from docs/paths.md ("Algorithms", "Which vertices the filters test"). */
export function expectedBls(
  engine: Engine,
  from: number,
  to: number,
  maxDepth: number,
  maxResults: number,
  rules: PathRules = {},
): BrutePath[] {
  if (from === to || maxDepth === 0 || maxResults === 0) return [];
  const passes = (vertex: number) => rules.vertexFilter === undefined || rules.vertexFilter(vertex);
  const admissible = allSimplePaths(engine, from, to, maxDepth, rules).filter((path) => {
    if (path.steps.length === 1) return passes(to) || (maxDepth >= 2 && passes(from));
    return path.steps.slice(0, -1).every((step) => passes(step.to));
  });
  if (admissible.length === 0) return [];
  const fewest = Math.min(...admissible.map((path) => path.steps.length));
  return admissible
    .filter((path) => path.steps.length === fewest)
    .map((path) => ({ steps: path.steps.map((step) => ({ ...step, weight: 0 })), total: 0 }))
    .sort((a, b) => compareSequences(a.steps, b.steps))
    .slice(0, maxResults);
}

/** Every path DIJKSTRA may return, by ascending weight: vertex filter on every reached vertex, caps applied. */
export function dijkstraCandidates(
  engine: Engine,
  from: number,
  to: number,
  maxDepth: number,
  maxPathWeight: number,
  rules: PathRules = {},
): BrutePath[] {
  if (from === to || maxDepth === 0) return [];
  const passes = (vertex: number) => rules.vertexFilter === undefined || rules.vertexFilter(vertex);
  return allSimplePaths(engine, from, to, maxDepth, rules)
    .filter((path) => path.steps.every((step) => passes(step.to) && !Number.isNaN(step.weight)))
    .filter((path) => path.total <= maxPathWeight)
    .sort((a, b) => a.total - b.total);
}

/** A found path in the brute force's shape. */
export function asBrute(path: FoundPath): BrutePath {
  return {
    steps: path.pathElements.map((step) => ({
      edge: step.edgeId,
      direction: step.direction,
      from: step.sourceVertexId,
      to: step.targetVertexId,
      weight: step.weight,
    })),
    total: path.totalWeight,
  };
}

/** `[edge, direction]` pairs of each path, for readable assertions. */
export function routes(paths: readonly FoundPath[]): string[] {
  return paths.map((path) =>
    path.pathElements.map((step) => `${step.edgeId}${step.direction === 1 ? '>' : '<'}`).join(' '),
  );
}

/** The vertices each path visits, in order. */
export function vertexRoutes(paths: readonly FoundPath[]): number[][] {
  return paths.map((path) => [
    path.pathElements[0]?.sourceVertexId ?? -1,
    ...path.pathElements.map((step) => step.targetVertexId),
  ]);
}
