/**
 * Path finding as a library (docs/paths.md): the searches, their model and limits, the
 * request checks and fragment compilation the `/path*` routes use, and stored path queries. Code outside
 * this folder reaches it only through this entry (docs/architecture.md).
 */
export { findPaths, findPathsSync, pathSearchTask } from './find.js';
export type { FindControl } from './find.js';
export {
  PathBudgetExhausted,
  isPathBudgetExhausted,
  isPathAlgorithm,
  pathAlgorithms,
  defaultMaxDepth,
  defaultMaxResults,
  maxMaxDepth,
  maxMaxResults,
  searchSliceMs,
} from './model.js';
export type {
  PathAlgorithm,
  PathQuery,
  PathRules,
  PathStep,
  FoundPath,
  Cost,
  SearchControl,
  StepDirection,
} from './model.js';
export {
  bindPathSemantic,
  checkFragmentLengths,
  compileFailure,
  compileFailureHeader,
  compileRequestFragments,
  isBlank,
  nonBlankMembers,
  pathFragmentDefaults,
  pathFragmentNames,
  pathRulesOf,
  PathRequestError,
  withDefaults,
} from './request.js';
export type {
  PathCompileDiagnostic,
  PathCostBlock,
  PathFilterBlock,
  PathFragmentBlocks,
  PathRequestErrorKind,
  PathRuleSources,
} from './request.js';
export { lookupStoredPathQuery } from './stored-queries.js';
export { bindSemantic, scoreThreshold } from './semantic.js';
export type { BoundSemantic, SemanticBlock } from './semantic.js';
export type { StoredPathQuery, StoredPathQueryLookup } from './stored-queries.js';
