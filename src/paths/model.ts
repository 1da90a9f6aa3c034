/**
 * Path finding's shapes and bounds (docs/paths.md, "Request", "Result", "Algorithms"):
 * what a search takes (the bounds, the rules a step must pass, the costs), what it returns, and how it
 * stops early.
 *
 * The rules are engine-level functions over element ids; src/paths/fragment-rules.ts builds them from
 * compiled C# fragments and the semantic block, and a library user may pass plain functions.
 */

/** The two built-in algorithms; any other name answers no paths (an empty result, not an error). */
export const pathAlgorithms = ['BLS', 'DIJKSTRA'] as const;
export type PathAlgorithm = (typeof pathAlgorithms)[number];

export function isPathAlgorithm(name: unknown): name is PathAlgorithm {
  return name === 'BLS' || name === 'DIJKSTRA';
}

/** `maxDepth` when absent: edges on a path. */
export const defaultMaxDepth = 7;
/** `maxResults` when absent; also its ceiling (uint16). For DIJKSTRA it is K of K-shortest. */
export const defaultMaxResults = 65_535;
/** `maxDepth` is a uint16. */
export const maxMaxDepth = 65_535;
export const maxMaxResults = 65_535;

/** Step direction on the wire: 0 walked against the stored direction (an in-edge), 1 with it (an out-edge). */
export type StepDirection = 0 | 1;

export interface PathStep {
  /** The hop's from vertex in walking order (for direction 0, the edge's stored target). */
  readonly sourceVertexId: number;
  readonly targetVertexId: number;
  readonly edgeId: number;
  /** The edge type. */
  readonly edgePropertyId: string;
  readonly direction: StepDirection;
  /** DIJKSTRA: edge cost plus the reached vertex's cost, clamped at 0. BLS: 0. */
  readonly weight: number;
}

export interface FoundPath {
  readonly pathElements: PathStep[];
  /** Sum of the step weights, added from the start vertex on (0 for BLS). */
  readonly totalWeight: number;
}

/** A cost: a constant, or a function of the element id. */
export type Cost = number | ((id: number) => number);

/**
 * The rules a step must pass and what it costs. Absent filters admit everything.
 *
 * A step from vertex u across edge e to vertex v is admitted when the edge type passes `edgePropertyFilter`
 * (asked once per type and search, before the edge filter), e passes `edgeFilter`, and v passes
 * `vertexFilter` (which end vertices are tested depends on the algorithm: docs/paths.md, "Which vertices the
 * filters test"). It costs `edgeCost(e) + vertexCost(v)`, clamped at 0 when negative; a step whose cost is
 * NaN or infinite is not traversable.
 */
export interface PathRules {
  readonly edgePropertyFilter?: (edgeType: string) => boolean;
  readonly edgeFilter?: (edgeId: number) => boolean;
  readonly vertexFilter?: (vertexId: number) => boolean;
  /** Default 1 (with no cost block each edge costs 1). */
  readonly edgeCost?: Cost;
  /** Default 0. */
  readonly vertexCost?: Cost;
}

export interface PathQuery extends PathRules {
  /** `BLS` (default) or `DIJKSTRA`, matched exactly; any other name finds nothing. */
  readonly algorithm?: string | null;
  /** Most edges on a path (default 7); 0 finds nothing. */
  readonly maxDepth?: number;
  /** Most paths returned (default 65535); DIJKSTRA's K. 0 finds nothing. */
  readonly maxResults?: number;
  /** Inclusive cap on a path's total weight (DIJKSTRA only); absent: unbounded. */
  readonly maxPathWeight?: number | null;
}

/** How a long search shares the event loop and when it gives up. */
export interface SearchControl {
  /** `performance.now()` after which the search stops with `PathBudgetExhausted`. */
  readonly deadlineMs?: number;
  /** Stops the search with `PathBudgetExhausted` (`reason` 'aborted'), e.g. when the client went away. */
  readonly signal?: AbortSignal;
  /** Longest the search runs before yielding the event loop (default `searchSliceMs`). */
  readonly sliceMs?: number;
}

/**
 * Longest a search holds the event loop between two yields, in ms. Far under the 50 ms rule, so a
 * request's slice plus whatever else the turn runs stays under it; a search pays one setImmediate per
 * slice, small beside the slice itself.
 */
export const searchSliceMs = 8;

/** The search ran out of its time budget, or was aborted, before it finished. */
export class PathBudgetExhausted extends Error {
  override readonly name = 'PathBudgetExhausted';

  constructor(
    readonly reason: 'deadline' | 'aborted',
    /** The budget in seconds, when a deadline stopped it. */
    readonly budgetSeconds?: number,
  ) {
    super(
      reason === 'deadline'
        ? `The path search did not finish within its time budget${budgetSeconds === undefined ? '' : ` of ${budgetSeconds} s`}.`
        : 'The path search was abandoned: the request was aborted.',
    );
  }
}

export function isPathBudgetExhausted(error: unknown): error is PathBudgetExhausted {
  return error instanceof PathBudgetExhausted;
}
