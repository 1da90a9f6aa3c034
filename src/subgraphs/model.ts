/**
 * What a subgraph is made of (docs/subgraphs.md): the recipe a `PUT /subgraph` registers, its pattern
 * steps, and the limits of the feature. A recipe is what is logged, saved and rebuilt; the extract is
 * derived from it and never stored.
 */

/** The subgraph algorithm every recipe uses unless a registered subgraph plugin is named. */
export const defaultSubgraphAlgorithm = 'Breadth First Search Subgraph Algorithm';

/** Subgraphs one namespace may hold (409 beyond). */
export const maxSubgraphsPerNamespace = 1024;
/** Elements (vertices plus edges) one extract may hold (409 beyond). */
export const maxElementsPerSubgraph = 10_000_000;
/** Elements all extracts of one namespace may hold together (409 beyond). */
export const maxElementsPerNamespace = 25_000_000;
/** `GET /subgraph/{name}/graph`: elements per list when `maxElements` is absent. */
export const defaultGraphMaxElements = 1000;
/** `GET /subgraph/{name}/graph`: the largest `maxElements` honoured; a larger one is clamped. */
export const maxGraphMaxElements = 100_000;
/** The longest `maxLength` of a variable-length edge step. */
export const maxPatternEdgeLength = 100;
/**
 * Pattern entries one request may hold. The pattern matcher keeps per-step state sized by the graph, so
 * the count is bounded; a pattern of this many entries is far beyond any realistic query.
 */
export const maxPatternEntries = 255;
/** `Svc:SubGraphs:DefaultTimeBudgetSeconds` when the configuration does not say. */
export const defaultSubgraphTimeBudgetSeconds = 30;
/** The largest time budget a request or the configuration may ask for. */
export const maxSubgraphTimeBudgetSeconds = 3600;
/** Longest stretch of extraction work between two yields of the event loop. */
export const extractionSliceMs = 10;
/** A subgraph name: what the routes accept in the path (the registry's key). */
export const subgraphNamePattern = /^[^/\\\u0000-\u001f]{1,256}$/;

export type PatternDirection = 'OutgoingEdge' | 'IncomingEdge' | 'UndirectedEdge';

/** A vertex step of a pattern (even positions). */
export interface VertexStep {
  readonly type: 'Vertex';
  readonly patternName: string | null;
  readonly vertexFilter: string | null;
  readonly semanticMinScore: number | null;
}

/** An edge step of a pattern (odd positions): `Edge` is a variable-length step of exactly one hop. */
export interface EdgeStep {
  readonly type: 'Edge' | 'VariableLengthEdge';
  readonly patternName: string | null;
  readonly direction: PatternDirection;
  readonly edgePropertyFilter: string | null;
  readonly edgeFilter: string | null;
  readonly minLength: number;
  readonly maxLength: number;
}

export type PatternStep = VertexStep | EdgeStep;

/** The semantic block as a recipe keeps it: the vector it bound at registration, never re-resolved. */
export interface RecipeSemantic {
  readonly queryVector: readonly number[];
  readonly queryText: string | null;
  readonly embeddingName: string;
  readonly metric: 'Cosine' | 'DotProduct' | 'L2';
  readonly minScore: number | null;
}

/**
 * A registered subgraph's recipe, as logged and saved (the registration payload is its JSON). Inline
 * fragments and a stored template are exclusive: with `storedQuery` set, the three fragment members are
 * null and `patterns` is empty, and the template's current compiled form is used at every build.
 */
export interface SubgraphRecipe {
  readonly name: string;
  /** The parent subgraph whose extract this one reads; null for the namespace's graph. */
  readonly fromSubGraph: string | null;
  readonly algorithm: string;
  readonly additionalInformation: Readonly<Record<string, string>> | null;
  readonly vertexFilter: string | null;
  readonly edgeFilter: string | null;
  readonly patterns: readonly PatternStep[];
  readonly storedQuery: string | null;
  readonly semantic: RecipeSemantic | null;
}

/** The `pattern` label of a step in messages and in the summary's thresholds: its name or its index. */
export function stepLabel(step: PatternStep, index: number): string {
  return step.patternName !== null && step.patternName !== '' ? step.patternName : String(index);
}
