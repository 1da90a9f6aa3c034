/**
 * Compiles a stored query's fragments once, outside the sliding caches (a stored query keeps its compiled
 * delegates for as long as it is registered). A failure is described as compile text, one line per
 * diagnostic, `<field>(<line>,<column>): error <id>: <message>`, the form the registration's 400 detail
 * and a failed recompile's `compileDiagnostics` carry.
 */
import {
  compilePathSetUncached,
  type CompiledPathFragments,
  type FragmentCompileFailure,
  compileFragment,
  type CompiledFragment,
  positionOf,
  lineStarts,
  SUBGRAPH_DELEGATE_KINDS,
} from '../fragments/index.js';
import { pathSpecificationOf, subgraphSpecificationOf, type StoredQueryDefinition } from './definition.js';

/** The compiled fragments of a SubGraph template, in the shape of its specification. */
export interface CompiledSubgraphTemplate {
  readonly vertexFilter?: CompiledFragment;
  readonly edgeFilter?: CompiledFragment;
  readonly patterns: readonly {
    readonly vertexFilter?: CompiledFragment;
    readonly edgeFilter?: CompiledFragment;
    readonly edgePropertyFilter?: CompiledFragment;
  }[];
}

export type CompiledStoredQuery =
  | { readonly kind: 'Path'; readonly fragments: CompiledPathFragments }
  | { readonly kind: 'SubGraph'; readonly template: CompiledSubgraphTemplate };

export type StoredQueryCompileResult =
  | { readonly ok: true; readonly compiled: CompiledStoredQuery }
  | { readonly ok: false; readonly diagnosticsText: string };

function describeFailure(field: string, failure: FragmentCompileFailure): string[] {
  const starts = lineStarts(failure.text);
  return failure.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => {
      const { line, column } = positionOf(failure.text, starts, diagnostic.start);
      return `${field}(${line},${column}): error ${diagnostic.id}: ${diagnostic.message}`;
    });
}

function hasText(text: string | null | undefined): text is string {
  return text !== undefined && text !== null && text !== '';
}

export function compileStoredQuery(definition: StoredQueryDefinition): StoredQueryCompileResult {
  if (definition.kind === 'Path') {
    const specification = pathSpecificationOf(definition);
    const result = compilePathSetUncached({ ...specification.filter, ...specification.cost });
    if (result.ok) return { ok: true, compiled: { kind: 'Path', fragments: result.compiled } };
    const lines = Object.entries(result.failures).flatMap(([field, failure]) =>
      describeFailure(field, failure as FragmentCompileFailure),
    );
    return { ok: false, diagnosticsText: lines.join('\n') };
  }
  const specification = subgraphSpecificationOf(definition);
  const lines: string[] = [];
  // Templates compile in the subgraph environment, as inline subgraph fragments do.
  const compileOne = (
    field: string,
    kindName: keyof typeof SUBGRAPH_DELEGATE_KINDS,
    text: string | null | undefined,
  ) => {
    if (!hasText(text)) return undefined;
    const kind = SUBGRAPH_DELEGATE_KINDS[kindName];
    const outcome = compileFragment(kind, text);
    if (outcome.ok) return outcome.fragment;
    lines.push(
      ...describeFailure(field, { kind: kindName, diagnostics: outcome.diagnostics, text: outcome.text }),
    );
    return undefined;
  };
  const template: CompiledSubgraphTemplate = {
    vertexFilter: compileOne('vertexFilter', 'VertexFilter', specification.vertexFilter),
    edgeFilter: compileOne('edgeFilter', 'EdgeFilter', specification.edgeFilter),
    patterns: (specification.patterns ?? []).map((entry, index) => ({
      vertexFilter: compileOne(`patterns[${index}].vertexFilter`, 'VertexFilter', entry.vertexFilter),
      edgeFilter: compileOne(`patterns[${index}].edgeFilter`, 'EdgeFilter', entry.edgeFilter),
      edgePropertyFilter: compileOne(
        `patterns[${index}].edgePropertyFilter`,
        'EdgePropertyFilter',
        entry.edgePropertyFilter,
      ),
    })),
  };
  if (lines.length > 0) return { ok: false, diagnosticsText: lines.join('\n') };
  return { ok: true, compiled: { kind: 'SubGraph', template } };
}
