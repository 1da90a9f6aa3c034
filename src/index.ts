/**
 * Skein's library API: the in-memory graph engine, usable without HTTP, and the capabilities built on it
 * (bulk import and export, the change feed as a Server-Sent Events stream, path finding). The HTTP service
 * (src/server) is built on exactly these exports: it reaches the engine through this module only
 * (docs/architecture.md, docs/library.md).
 */
export * from './engine/index.js';
export {
  importJsonl,
  openExport,
  BulkImportError,
  BulkExportError,
  bulkFormatName,
  ancestorFormatName,
  bulkFormatVersion,
  bulkMediaType,
  defaultImportBatchSize,
  defaultMaxLineBytes,
  formatBulkValue,
  parseBulkValue,
  resolveBulkTypeName,
  unexportableReason,
} from './bulk/index.js';
export type {
  ImportOptions,
  ImportProgress,
  ImportSummary,
  ImportFailureKind,
  ExportFilters,
  ExportOptions,
  BulkExport,
} from './bulk/index.js';
export {
  ChangeFeedStream,
  defaultFlushIntervalMilliseconds,
  defaultKeepAliveSeconds,
  eventStreamContentType,
} from './changefeed/index.js';
export type { ChangeStreamOptions } from './changefeed/index.js';
export {
  findPaths,
  findPathsSync,
  pathSearchTask,
  PathBudgetExhausted,
  isPathBudgetExhausted,
  pathAlgorithms,
  defaultMaxDepth,
  defaultMaxResults,
  searchSliceMs,
} from './paths/index.js';
export type {
  FindControl,
  PathAlgorithm,
  PathQuery,
  PathRules,
  PathStep,
  FoundPath,
  Cost,
  SearchControl,
  StepDirection,
} from './paths/index.js';
export {
  subgraphsOf,
  configureSubgraphCompileCache,
  rebuildSubgraphsOnLoad,
  Subgraphs,
  SubgraphRequestError,
  recipeOf,
  captureSemantic,
  defaultSubgraphAlgorithm,
  maxSubgraphsPerNamespace,
  maxElementsPerSubgraph,
  maxElementsPerNamespace,
} from './subgraphs/index.js';
export type { SubgraphRecipe, SubgraphSummary, SubgraphsOptions } from './subgraphs/index.js';
