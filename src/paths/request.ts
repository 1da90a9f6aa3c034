/**
 * From a path request's body to a runnable `PathQuery` (docs/paths.md, "Request" and "Statuses"): the
 * per-member defaults of `filter` and `cost`, the exclusivity of `storedQuery`, the fragment limits, the
 * compile through the path cache, the semantic block and its slot rules, and the bridge from compiled
 * fragments (functions over element views) to the engine-level rules (functions over ids).
 *
 * Every refusal is a `PathRequestError` whose `kind` the HTTP layer maps to a status in one place
 * (src/server/routes/paths.ts).
 *
 * Defaults (docs/paths.md, "Request"): inside a `filter` or `cost` object that is present, an absent member
 * takes its default fragment (`return (v) => true;` for the filters, `return (vertex) => 1.0;` and `return
 * (edge) => 1.0;` for the costs); a member sent as null or blank means "no delegate": no filter, edge cost 1,
 * vertex cost 0. So a cost block without `vertexCost` costs 1 per vertex reached, and an absent cost block
 * costs 1 per edge and 0 per vertex. A member equal to its default text runs as the constant it stands for,
 * without compiling or calling a fragment (same result, less work).
 */
import type { Graph } from '../engine/index.js';
import {
  type CompiledFragment,
  compilePathFragments,
  type CompiledPathFragments,
  type FragmentCompileFailure,
  type PathFragmentField,
  type PathFragmentSet,
  toWireDiagnostics,
  type WireDiagnostic,
  maxFragmentChars,
  EMPTY_TRAVERSAL_CONTEXT,
  createFragmentRuntime,
  type FragmentRuntime,
  type EdgeView,
  type VertexView,
} from '../fragments/index.js';
import type { PathRules } from './model.js';
import { bindSemantic, type BoundSemantic, type SemanticBlock } from './semantic.js';

/** The `filter` object of a path request. */
export interface PathFilterBlock {
  readonly vertexFilter?: string | null;
  readonly edgeFilter?: string | null;
  readonly edgePropertyFilter?: string | null;
}

/** The `cost` object of a path request. */
export interface PathCostBlock {
  readonly vertexCost?: string | null;
  readonly edgeCost?: string | null;
}

/** The fragment-bearing part of a path request (the stored-query body's `path` block has the same shape). */
export interface PathFragmentBlocks {
  readonly filter?: PathFilterBlock | null;
  readonly cost?: PathCostBlock | null;
}

/** The fragment an absent member of a present `filter` or `cost` object stands for. */
export const pathFragmentDefaults: Readonly<Record<PathFragmentField, string>> = Object.freeze({
  vertexFilter: 'return (v) => true;',
  edgeFilter: 'return (e) => true;',
  edgePropertyFilter: 'return (p) => true;',
  vertexCost: 'return (vertex) => 1.0;',
  edgeCost: 'return (edge) => 1.0;',
});

/** The ancestor's names of the five members in messages (`The filter.vertex fragment (...) exceeds ...`). */
export const pathFragmentNames: Readonly<Record<PathFragmentField, string>> = Object.freeze({
  vertexFilter: 'filter.vertex',
  edgeFilter: 'filter.edge',
  edgePropertyFilter: 'filter.edgeProperty',
  vertexCost: 'cost.vertex',
  edgeCost: 'cost.edge',
});

const fields: readonly PathFragmentField[] = [
  'vertexFilter',
  'edgeFilter',
  'edgePropertyFilter',
  'vertexCost',
  'edgeCost',
];

export type PathRequestErrorKind =
  /** 400: a rule of the request is broken. */
  | 'invalid'
  /** 400: a fragment did not compile; `diagnostics` lists why. */
  | 'compile'
  /** 403: a capability the request needs is switched off. */
  | 'forbidden'
  /** 404: the named stored query does not exist. */
  | 'storedQueryNotFound'
  /** 409: the named stored query cannot be invoked (its recompile failed). */
  | 'storedQueryNotInvocable';

export class PathRequestError extends Error {
  override readonly name = 'PathRequestError';

  constructor(
    readonly kind: PathRequestErrorKind,
    message: string,
    readonly extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

export function isBlank(text: string | null | undefined): boolean {
  return text === null || text === undefined || text.trim() === '';
}

/**
 * The five fragment texts with the defaults applied: an absent object leaves its members null; inside a
 * present object an absent member takes its default text and null or blank stays null.
 */
export function withDefaults(blocks: PathFragmentBlocks): PathFragmentSet {
  const filter = blocks.filter ?? undefined;
  const cost = blocks.cost ?? undefined;
  const member = (block: object | undefined, field: PathFragmentField): string | null => {
    if (block === undefined) return null;
    const value = (block as Record<string, string | null | undefined>)[field];
    if (value === undefined) return pathFragmentDefaults[field];
    return isBlank(value) ? null : value;
  };
  return {
    vertexFilter: member(filter, 'vertexFilter'),
    edgeFilter: member(filter, 'edgeFilter'),
    edgePropertyFilter: member(filter, 'edgePropertyFilter'),
    vertexCost: member(cost, 'vertexCost'),
    edgeCost: member(cost, 'edgeCost'),
  };
}

/** The members that carry a fragment (non-blank after the defaults). */
export function nonBlankMembers(set: PathFragmentSet): PathFragmentField[] {
  return fields.filter((field) => !isBlank(set[field]));
}

/** A fragment over 100,000 characters is refused before compiling, naming the member. */
export function checkFragmentLengths(set: PathFragmentSet): void {
  for (const field of fields) {
    const text = set[field];
    if (text !== null && text !== undefined && text.length > maxFragmentChars) {
      throw new PathRequestError(
        'invalid',
        `The ${pathFragmentNames[field]} fragment (${text.length} chars) exceeds the maximum of ${maxFragmentChars}.`,
      );
    }
  }
}

/** A compile failure's diagnostic, naming the member it belongs to. */
export interface PathCompileDiagnostic extends WireDiagnostic {
  readonly fragment: string;
}

/** The header of a compile failure's detail (docs/paths.md, "Statuses"). */
export const compileFailureHeader = 'Failed to compile the path filter/cost expression(s):';

/**
 * The 400 of a failed compile: the detail is the header line and one line per error diagnostic,
 * `ID: <id>, Message: <text>, Location: <member> (<line>,<column>)-(<endLine>,<endColumn>), Severity: Error`
 * (1-based fragment coordinates); warnings are not listed. `diagnostics` carries the same as data.
 */
export function compileFailure(
  failures: Partial<Record<PathFragmentField, FragmentCompileFailure>>,
  header = compileFailureHeader,
): PathRequestError {
  const diagnostics: PathCompileDiagnostic[] = [];
  for (const field of fields) {
    const failure = failures[field];
    if (failure === undefined) continue;
    const wire = toWireDiagnostics(failure.diagnostics, failure.text);
    for (const diagnostic of wire) {
      if (diagnostic.severity === 'error')
        diagnostics.push({ fragment: pathFragmentNames[field], ...diagnostic });
    }
  }
  const lines = diagnostics.map(
    (d) =>
      `ID: ${d.id}, Message: ${d.message}, Location: ${d.fragment} (${d.line},${d.column})-(${d.endLine},${d.endColumn}), Severity: Error`,
  );
  return new PathRequestError('compile', [header, ...lines].join('\n'), { diagnostics });
}

/** A set with the members equal to their defaults taken out: those run as constants, uncompiled. */
function withoutDefaultTexts(set: PathFragmentSet): PathFragmentSet {
  const result: Record<string, string | null> = {};
  for (const field of fields) {
    const text = set[field] ?? null;
    result[field] = text === pathFragmentDefaults[field] ? null : text;
  }
  return result;
}

/** Compiles the non-default members through the process-wide path cache; a failure is a `compile` 400. */
export function compileRequestFragments(set: PathFragmentSet): CompiledPathFragments {
  const outcome = compilePathFragments(withoutDefaultTexts(set));
  if (!outcome.ok) throw compileFailure(outcome.failures);
  return outcome.compiled;
}

/** What a request runs with: the fragment texts (defaults applied), their compiled forms, the semantic block. */
export interface PathRuleSources {
  readonly fragments: PathFragmentSet;
  readonly compiled: CompiledPathFragments;
  readonly semantic?: BoundSemantic;
}

/**
 * Binds the semantic block and checks its slot rules against the request's (or stored query's)
 * fragments: `minScore` or `costBySimilarity` and a vertex-filter fragment, or `costBySimilarity` and a
 * vertex-cost fragment, want the same slot (400). A default text counts as a fragment (docs/paths.md,
 * "The semantic block").
 */
export function bindPathSemantic(block: SemanticBlock, fragments: PathFragmentSet): BoundSemantic {
  const bound = bindSemantic(block, { allowCost: true });
  if (bound.vertexFilter !== undefined && !isBlank(fragments.vertexFilter)) {
    throw new PathRequestError(
      'invalid',
      'semantic.minScore/costBySimilarity and a vertex filter fragment own the same delegate slot; use one ' +
        '(a filter object without vertexFilter gets the default vertex filter: send "vertexFilter": null).',
    );
  }
  if (bound.vertexCost !== undefined && !isBlank(fragments.vertexCost)) {
    throw new PathRequestError(
      'invalid',
      'semantic.costBySimilarity and a vertex cost fragment own the same delegate slot; use one ' +
        '(a cost object without vertexCost gets the default vertex cost: send "vertexCost": null).',
    );
  }
  return bound;
}

function factoryOf<D>(
  compiled: CompiledFragment | undefined,
  rt: FragmentRuntime,
  sources: PathRuleSources,
): D | null {
  if (compiled === undefined) return null;
  return (compiled.factory as (rt: FragmentRuntime, context: unknown) => D | null)(
    rt,
    sources.semantic?.context ?? EMPTY_TRAVERSAL_CONTEXT,
  );
}

/**
 * The engine-level rules of a request: one fragment runtime (the request's graph and step budget) and the
 * request's context, each compiled factory called once, and its delegate wrapped to take element ids.
 * A factory that fails (its statements before `return` throw or run out of steps) throws here, as a
 * fragment failure the caller maps.
 */
export function pathRulesOf(graph: Graph, sources: PathRuleSources, maxSteps: number): PathRules {
  const rt = createFragmentRuntime({ graph, maxSteps });
  const { fragments, compiled, semantic } = sources;
  const rules: { -readonly [K in keyof PathRules]: PathRules[K] } = {};

  const vertexFilter = factoryOf<(vertex: VertexView) => boolean>(compiled.vertexFilter, rt, sources);
  const semanticFilter = semantic?.vertexFilter;
  if (vertexFilter !== null) rules.vertexFilter = (id) => vertexFilter(rt.vertex(id));
  else if (semanticFilter !== undefined) rules.vertexFilter = (id) => semanticFilter(rt.vertex(id));

  const edgeFilter = factoryOf<(edge: EdgeView) => boolean>(compiled.edgeFilter, rt, sources);
  if (edgeFilter !== null) rules.edgeFilter = (id) => edgeFilter(rt.edge(id));

  const typeFilter = factoryOf<(edgeType: string) => boolean>(compiled.edgePropertyFilter, rt, sources);
  if (typeFilter !== null) rules.edgePropertyFilter = typeFilter;

  const edgeCost = factoryOf<(edge: EdgeView) => number>(compiled.edgeCost, rt, sources);
  if (edgeCost !== null) rules.edgeCost = (id) => edgeCost(rt.edge(id));
  else rules.edgeCost = 1;

  const vertexCost = factoryOf<(vertex: VertexView) => number>(compiled.vertexCost, rt, sources);
  const semanticCost = semantic?.vertexCost;
  if (vertexCost !== null) rules.vertexCost = (id) => vertexCost(rt.vertex(id));
  else if (fragments.vertexCost === pathFragmentDefaults.vertexCost) rules.vertexCost = 1;
  else if (semanticCost !== undefined) rules.vertexCost = (id) => semanticCost(rt.vertex(id));
  else rules.vertexCost = 0;
  return rules;
}
