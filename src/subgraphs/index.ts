/**
 * Subgraphs (docs/subgraphs.md): pattern extraction into standalone graphs, nesting, recalculation,
 * stored templates and persistence of recipes. Code outside this folder reaches it only through this
 * entry (docs/architecture.md).
 */
export * from './model.js';
export { subgraphsOf, configureSubgraphCompileCache, rebuildSubgraphsOnLoad } from './per-engine.js';
export { Subgraphs, subgraphAlgorithms } from './registry.js';
export type { SubgraphSummary, SubgraphsOptions, BuildRequest } from './registry.js';
export { recipeOf, normalizePatterns, SubgraphRequestError } from './request.js';
export type {
  SubgraphRequestBody,
  PatternEntryBody,
  SemanticBody,
  SubgraphRequestErrorKind,
} from './request.js';
export { captureSemantic, semanticEcho } from './semantic.js';
export type { SemanticEcho } from './semantic.js';
export { subgraphCompileFailureHeader, compileInline, templatePlan, matchRulesOf } from './rules.js';
export { matchTask, MatchCounters, SourceChanged } from './match.js';
export type { MatchRules, MatchStep, MatchOutcome, ElementTest } from './match.js';
export { buildExtract, SubgraphBudgetExhausted } from './extract.js';
