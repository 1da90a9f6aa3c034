/**
 * The path-finding verbs of the library: `findPaths` (in event-loop slices, for servers) and `findPathsSync`
 * (on the calling turn). Both take the request's bounds and rules (model.ts), answer the empty results
 * without searching (docs/paths.md, "Algorithms": a missing or removed end vertex, the same vertex twice,
 * `maxDepth` or `maxResults` 0, an unknown algorithm name), and otherwise run BLS (bls.ts) or DIJKSTRA
 * (yen.ts over dijkstra.ts).
 *
 * Consistency: a search reads the live graph between yields and never blocks the writer. Each slice sees
 * whole committed transactions (the writer applies a group within one turn); elements created after the
 * search started are not visited; every returned path is checked edge by edge against the graph when the
 * answer is built (found.ts). The result is exact on a graph that no write changed during the search.
 */
import { type Engine, EngineError, type Graph } from '../engine/index.js';
import { blsSearch } from './bls.js';
import { DenseVertices } from './dense.js';
import { WeightedRun } from './dijkstra.js';
import {
  defaultMaxDepth,
  defaultMaxResults,
  maxMaxDepth,
  maxMaxResults,
  type FoundPath,
  type PathQuery,
  type SearchControl,
} from './model.js';
import { StepRules } from './rules.js';
import { runSliced, runToEnd, WorkMeter, type SearchTask } from './slices.js';
import { giveWeightedScratch, takeWeightedScratch } from './weighted-scratch.js';
import { kShortestPaths } from './yen.js';

function boundOf(name: string, value: number | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new EngineError('INVALID_INPUT', `${name} must be an integer from 0 to ${max}, got ${value}`);
  }
  return value;
}

/** The search a query asks for, as a task a driver runs; an empty task for the empty answers. */
export function pathSearchTask(
  graph: Graph,
  from: number,
  to: number,
  query: PathQuery = {},
): SearchTask<FoundPath[]> {
  const maxDepth = boundOf('maxDepth', query.maxDepth, defaultMaxDepth, maxMaxDepth);
  const maxResults = boundOf('maxResults', query.maxResults, defaultMaxResults, maxMaxResults);
  const maxPathWeight = query.maxPathWeight ?? Number.POSITIVE_INFINITY;
  if (typeof maxPathWeight !== 'number' || Number.isNaN(maxPathWeight)) {
    throw new EngineError('INVALID_INPUT', `maxPathWeight must be a number, got ${String(maxPathWeight)}`);
  }
  const algorithm = query.algorithm ?? 'BLS';
  if (
    (algorithm !== 'BLS' && algorithm !== 'DIJKSTRA') ||
    maxDepth === 0 ||
    maxResults === 0 ||
    from === to ||
    !graph.isVertex(from) ||
    !graph.isVertex(to)
  ) {
    return emptyTask();
  }
  const meter = new WorkMeter();
  const rules = new StepRules(graph, query, meter);
  if (algorithm === 'BLS') return blsSearch({ graph, rules, meter, from, to, maxDepth, maxResults });
  // A loop-free path has at most vertexCount - 1 edges: a tighter bound never changes a result.
  const maxHops = Math.min(maxDepth, graph.vertexCount - 1);
  return weightedTask(graph, rules, meter, from, to, maxResults, maxHops, maxPathWeight);
}

function* emptyTask(): SearchTask<FoundPath[]> {
  return [];
}

function* weightedTask(
  graph: Graph,
  rules: StepRules,
  meter: WorkMeter,
  from: number,
  to: number,
  k: number,
  maxHops: number,
  maxWeight: number,
): SearchTask<FoundPath[]> {
  const dense = new DenseVertices(graph);
  const scratch = takeWeightedScratch(dense.count);
  try {
    const run = new WeightedRun(graph, rules, meter, scratch, dense);
    const start = dense.indexOf(from);
    const target = dense.indexOf(to);
    return yield* kShortestPaths({ run, from: start, to: target, k, maxHops, maxWeight });
  } finally {
    giveWeightedScratch(scratch);
  }
}

/**
 * Finds paths in slices that yield the event loop (at most `control.sliceMs` each). Rejects with
 * `PathBudgetExhausted` when the deadline passes or the signal aborts; a rule's own exception (a fragment
 * failure) rejects the promise unchanged.
 */
/** `budgetSeconds` only words the stop message (the deadline itself is `deadlineMs`). */
export type FindControl = SearchControl & { readonly budgetSeconds?: number };

export function findPaths(
  engine: Engine,
  from: number,
  to: number,
  query: PathQuery = {},
  control: FindControl = {},
): Promise<FoundPath[]> {
  let task: SearchTask<FoundPath[]>;
  try {
    task = pathSearchTask(engine.graph, from, to, query);
  } catch (error) {
    return Promise.reject(error);
  }
  return runSliced(task, control, control.budgetSeconds);
}

/** Finds paths on the calling turn (the deadline and signal still stop it between work chunks). */
export function findPathsSync(
  engine: Engine,
  from: number,
  to: number,
  query: PathQuery = {},
  control: FindControl = {},
): FoundPath[] {
  return runToEnd(pathSearchTask(engine.graph, from, to, query), control, control.budgetSeconds);
}
