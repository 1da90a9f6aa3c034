/**
 * From a recipe to the rules the matcher runs (docs/subgraphs.md, "Fragments and the semantic block"):
 * the fragments compiled through the process-wide subgraph cache (or taken from a stored template), the
 * semantic block bound, and every delegate bridged from element views to element ids over the source
 * graph of one build.
 */
import type { Graph } from '../engine/index.js';
import {
  type CompiledFragment,
  compileSubgraphFragment,
  createFragmentRuntime,
  type EdgeView,
  EMPTY_TRAVERSAL_CONTEXT,
  type FragmentCompileFailure,
  type FragmentRuntime,
  SUBGRAPH_DELEGATE_KINDS,
  toWireDiagnostics,
  type VertexView,
  type WireDiagnostic,
} from '../fragments/index.js';
import { bindSemantic, scoreThreshold, type BoundSemantic } from '../paths/index.js';
import { storedQueriesOf, subgraphSpecificationOf } from '../storedqueries/index.js';
import type { Engine } from '../engine/index.js';
import type { ElementTest, MatchRules, MatchStep } from './match.js';
import type { PatternStep, RecipeSemantic, SubgraphRecipe } from './model.js';
import { checkStepThresholds, normalizePatterns, SubgraphRequestError } from './request.js';

/** The compiled delegates of one pattern step (absent: no fragment). */
export interface CompiledStep {
  readonly vertexFilter?: CompiledFragment;
  readonly edgeFilter?: CompiledFragment;
  readonly edgePropertyFilter?: CompiledFragment;
}

/** What one build runs: the effective fragments (inline or a template's) and their compiled forms. */
export interface RecipePlan {
  readonly vertexFilter?: CompiledFragment;
  readonly edgeFilter?: CompiledFragment;
  readonly steps: readonly PatternStep[];
  readonly compiledSteps: readonly CompiledStep[];
}

/** The header of a compile failure's detail (docs/subgraphs.md, "Statuses"). */
export const subgraphCompileFailureHeader = 'Failed to compile subgraph filter expression(s):';

interface FieldFailure {
  readonly field: string;
  readonly failure: FragmentCompileFailure;
}

/** The 400 of a failed compile: the header, then one line per error diagnostic; `diagnostics` as data. */
function compileFailure(failures: readonly FieldFailure[]): SubgraphRequestError {
  const diagnostics: (WireDiagnostic & { fragment: string })[] = [];
  for (const { field, failure } of failures) {
    for (const diagnostic of toWireDiagnostics(failure.diagnostics, failure.text)) {
      if (diagnostic.severity === 'error') diagnostics.push({ fragment: field, ...diagnostic });
    }
  }
  const lines = diagnostics.map(
    (d) =>
      `ID: ${d.id}, Message: ${d.message}, Location: ${d.fragment} (${d.line},${d.column})-(${d.endLine},${d.endColumn}), Severity: Error`,
  );
  return new SubgraphRequestError('compile', [subgraphCompileFailureHeader, ...lines].join('\n'), {
    diagnostics,
  });
}

/** Compiles a recipe's inline fragments through the subgraph cache; every failing member is reported. */
export function compileInline(
  recipe: Pick<SubgraphRecipe, 'vertexFilter' | 'edgeFilter' | 'patterns'>,
): RecipePlan {
  const failures: FieldFailure[] = [];
  const one = (
    kind: keyof typeof SUBGRAPH_DELEGATE_KINDS,
    text: string | null,
    field: string,
  ): CompiledFragment | undefined => {
    const outcome = compileSubgraphFragment(SUBGRAPH_DELEGATE_KINDS[kind], text);
    if (outcome.ok) return outcome.fragment;
    failures.push({ field, failure: outcome.failure });
    return undefined;
  };
  const vertexFilter = one('VertexFilter', recipe.vertexFilter, 'vertexFilter');
  const edgeFilter = one('EdgeFilter', recipe.edgeFilter, 'edgeFilter');
  const compiledSteps = recipe.patterns.map((step, index): CompiledStep => {
    if (step.type === 'Vertex') {
      return { vertexFilter: one('VertexFilter', step.vertexFilter, `patterns[${index}].vertexFilter`) };
    }
    return {
      edgePropertyFilter: one(
        'EdgePropertyFilter',
        step.edgePropertyFilter,
        `patterns[${index}].edgePropertyFilter`,
      ),
      edgeFilter: one('EdgeFilter', step.edgeFilter, `patterns[${index}].edgeFilter`),
    };
  });
  if (failures.length > 0) throw compileFailure(failures);
  return { vertexFilter, edgeFilter, steps: recipe.patterns, compiledSteps };
}

/**
 * The plan of a stored SubGraph template, compiled when it was registered: 404 when unknown, 400 when it
 * is a Path query, 409 when its recompile failed. Its patterns follow the same rules as inline ones.
 */
export function templatePlan(engine: Engine, name: string, hasSemantic: boolean): RecipePlan {
  const entry = storedQueriesOf(engine).get(name);
  if (entry === undefined) {
    throw new SubgraphRequestError('storedQueryNotFound', `No stored query named '${name}'.`, { name });
  }
  if (entry.definition.kind !== 'SubGraph') {
    throw new SubgraphRequestError(
      'invalid',
      `The stored query '${name}' is a ${entry.definition.kind} query, not a SubGraph template.`,
      { name },
    );
  }
  if (entry.compiled === undefined || entry.compiled.kind !== 'SubGraph') {
    throw new SubgraphRequestError(
      'storedQueryNotInvocable',
      `The stored query '${name}' cannot be invoked: its compile failed` +
        (entry.compileDiagnostics === null ? '.' : `:\n${entry.compileDiagnostics}`),
      { name },
    );
  }
  const specification = subgraphSpecificationOf(entry.definition);
  const steps = normalizePatterns(specification.patterns, 'subGraph.patterns');
  checkStepThresholds(steps, hasSemantic, 'subGraph.patterns');
  const template = entry.compiled.template;
  return {
    vertexFilter: template.vertexFilter,
    edgeFilter: template.edgeFilter,
    steps,
    compiledSteps: steps.map((_, index) => template.patterns[index] ?? {}),
  };
}

/**
 * Why a recipe's stored template cannot serve a build now (it is gone, no longer a SubGraph query, or
 * its recompile failed), or null when it can: a recalculation checks this, so such a subgraph answers
 * 409 not recalculable like one whose parent is gone.
 */
export function templateUnavailable(engine: Engine, name: string): string | null {
  const entry = storedQueriesOf(engine).get(name);
  if (entry === undefined) return `its stored template '${name}' no longer exists`;
  if (entry.definition.kind !== 'SubGraph') {
    return `its stored template '${name}' is now a ${entry.definition.kind} query`;
  }
  if (entry.compiled === undefined) return `its stored template '${name}' failed to compile`;
  return null;
}

/** Binds a recipe's semantic block (its vector is already resolved). */
export function bindRecipeSemantic(semantic: RecipeSemantic): BoundSemantic {
  return bindSemantic(
    {
      queryVector: semantic.queryVector,
      embeddingName: semantic.embeddingName,
      metric: semantic.metric,
      minScore: semantic.minScore,
    },
    { allowCost: false },
  );
}

function factoryOf<D>(
  compiled: CompiledFragment | undefined,
  rt: FragmentRuntime,
  context: unknown,
): D | null {
  if (compiled === undefined) return null;
  return (compiled.factory as (rt: FragmentRuntime, context: unknown) => D | null)(rt, context);
}

/**
 * The matcher's rules over `graph` (the namespace's graph, or a parent's extract): one fragment runtime
 * and the recipe's context, each factory called once. A factory that fails throws here, as a fragment
 * failure the caller maps.
 */
export function matchRulesOf(
  graph: Graph,
  plan: RecipePlan,
  semantic: BoundSemantic | undefined,
  maxSteps: number,
): MatchRules {
  const rt = createFragmentRuntime({ graph, maxSteps });
  const context = semantic?.context ?? EMPTY_TRAVERSAL_CONTEXT;
  const vertexTest = (compiled: CompiledFragment | undefined): ElementTest | null => {
    const filter = factoryOf<(vertex: VertexView) => boolean>(compiled, rt, context);
    return filter === null ? null : (id) => filter(rt.vertex(id));
  };
  const edgeTest = (compiled: CompiledFragment | undefined): ElementTest | null => {
    const filter = factoryOf<(edge: EdgeView) => boolean>(compiled, rt, context);
    return filter === null ? null : (id) => filter(rt.edge(id));
  };
  const threshold = (minScore: number): ElementTest => {
    if (semantic === undefined) throw new Error('a step threshold without a semantic block');
    const passes = scoreThreshold(semantic, minScore);
    return (id) => passes(rt.vertex(id));
  };

  let vertexFilter = vertexTest(plan.vertexFilter);
  const semanticFilter = semantic?.vertexFilter;
  if (vertexFilter === null && semanticFilter !== undefined) {
    vertexFilter = (id) => semanticFilter(rt.vertex(id));
  }
  const steps: MatchStep[] = plan.steps.map((step, index) => {
    const compiled = plan.compiledSteps[index] ?? {};
    if (step.type === 'Vertex') {
      const test =
        step.semanticMinScore !== null ? threshold(step.semanticMinScore) : vertexTest(compiled.vertexFilter);
      return { kind: 'vertex', test };
    }
    return {
      kind: 'edge',
      direction:
        step.direction === 'OutgoingEdge' ? 'out' : step.direction === 'IncomingEdge' ? 'in' : 'both',
      minHops: step.minLength,
      maxHops: step.maxLength,
      typeTest: factoryOf<(edgeType: string) => boolean>(compiled.edgePropertyFilter, rt, context),
      edgeTest: edgeTest(compiled.edgeFilter),
    };
  });
  return { vertexFilter, edgeFilter: edgeTest(plan.edgeFilter), steps };
}
