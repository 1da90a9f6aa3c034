/**
 * The shape of a conformance case, and the element groups of the sample graph (sample-graph.ts) that
 * expectations name.
 *
 * A case is a fragment of one kind and what compiling and running it must give:
 * - `passes`: a filter's delegate is run on every vertex (VertexFilter), every edge (EdgeFilter), every
 *   element (GraphElementFilter) or every string of EDGE_PROPERTY_FILTER_INPUTS (EdgePropertyFilter); the
 *   names (or strings) it answers true for, in any order;
 * - `costs`: a cost's delegate is run on every vertex (VertexCost) or edge (EdgeCost); the cost of each
 *   named element, and `otherwise` for every element not named (without `otherwise` every element must be
 *   named). Costs compare exactly (NaN equals NaN); values are doubles as C# computes them;
 * - `diagnostics`: the compile fails; the error-severity diagnostics, ids in order, with 1-based
 *   line/column of each start where given (warnings are not compared);
 * - `runtimeError`: the delegate throws this .NET exception; `on` lists exactly the elements it throws on;
 * - `budgetExceeded`: run with `maxSteps` (default 10,000), the fragment is stopped by the step budget;
 * - `empty`: the factory answers no delegate (a blank fragment, or `return null;`).
 * Cases run with the empty TraversalContext unless `context` gives a semantic block.
 */
import type { DiagnosticId } from '../../../src/fragments/diagnostics.js';
import type { DotNetExceptionName } from '../../../src/fragments/runtime/index.js';
import type { VectorDistanceMetricName } from '../../../src/fragments/runtime/context.js';
import type { DelegateKindName } from '../../../src/fragments/types/index.js';
import { EDGE_NAMES, VERTEX_NAMES, type EdgeName, type VertexName } from './sample-graph.js';

export interface ExpectedDiagnostic {
  readonly id: DiagnosticId;
  /** 1-based line of the diagnostic's start; omitted where Roslyn's exact position is not certain. */
  readonly line?: number;
  /** 1-based column of the diagnostic's start. */
  readonly column?: number;
}

export type Expectation =
  | { readonly passes: readonly string[] }
  | { readonly costs: Readonly<Record<string, number>>; readonly otherwise?: number }
  | { readonly diagnostics: readonly ExpectedDiagnostic[] }
  | { readonly runtimeError: DotNetExceptionName; readonly on?: readonly string[] }
  | { readonly budgetExceeded: true }
  | { readonly empty: true };

/** A semantic block: the TraversalContext the case runs with. */
export interface SemanticCase {
  readonly queryVector: readonly number[];
  readonly metric?: VectorDistanceMetricName;
  readonly embeddingName?: string;
}

export interface ConformanceCase {
  /** Unique across the corpus; the test's name. */
  readonly name: string;
  readonly kind: DelegateKindName;
  readonly fragment: string;
  readonly expect: Expectation;
  readonly context?: SemanticCase;
  /** Step budget per delegate call (budget cases; default 10,000 for them, the runtime's default otherwise). */
  readonly maxSteps?: number;
  /** Why the expectation is what it is, where it is not obvious. */
  readonly note?: string;
  /** Present when the expectation rests on a point to double-check once the compiler runs. */
  readonly unsure?: string;
}

export const DEFAULT_BUDGET_CASE_STEPS = 10_000;

export const ALL_VERTICES: readonly VertexName[] = VERTEX_NAMES;
export const ALL_EDGES: readonly EdgeName[] = EDGE_NAMES;
export const PERSONS: readonly VertexName[] = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
export const COMPANIES: readonly VertexName[] = ['acme', 'globex', 'initech'];
export const CITIES: readonly VertexName[] = ['paris', 'berlin'];
export const KNOWS: readonly EdgeName[] = [
  'aliceKnowsBob',
  'bobKnowsAlice',
  'aliceKnowsCarol',
  'carolKnowsDave',
  'daveKnowsErin',
  'erinKnowsAlice',
  'bobKnowsCarol',
];
export const WORKS_AT: readonly EdgeName[] = [
  'aliceWorksAtAcme',
  'bobWorksAtAcme',
  'carolWorksAtGlobex',
  'daveWorksAtInitech',
  'erinWorksAtInitech',
];
export const LIVES_IN: readonly EdgeName[] = [
  'aliceLivesInParis',
  'bobLivesInBerlin',
  'carolLivesInParis',
  'daveLivesInBerlin',
  'erinLivesInBerlin',
  'ghostLivesInParis',
];
export const LOCATED_IN: readonly EdgeName[] = ['acmeLocatedInBerlin', 'globexLocatedInParis'];

/** Elements of `all` not in `except`. */
export function without<T extends string>(all: readonly T[], ...except: readonly T[]): T[] {
  return all.filter((name) => !except.includes(name));
}

/** Diagnostic shorthand: `d('CS0103', 1, 13)`, or `d('CS0012')` without a position. */
export function d(id: DiagnosticId, line?: number, column?: number): ExpectedDiagnostic {
  return line === undefined ? { id } : { id, line, column };
}
