/**
 * Whole-graph analytics (docs/analytics.md): the kernels of PAGERANK, WCC, LABELPROPAGATION, DEGREE and
 * TRIANGLECOUNT over the graph's shared typed-array columns, their results and the rows a route answers
 * from them. Code outside this folder reaches it only through this entry (docs/architecture.md).
 */
export { analyticsDirections, budgetCheckVertices, scopeAll, scopeNone } from './columns.js';
export type { AnalyticsColumns, AnalyticsDirection, AnalyticsScope, ShouldStop } from './columns.js';
export { analyticsColumnsOf, analyticsScopeOf } from './columns-of.js';
export type { ScopeRequest } from './columns-of.js';
export {
  analyticsAlgorithms,
  scoreAlgorithms,
  isAnalyticsAlgorithm,
  maxAnalyticsIterations,
  defaultPageRankIterations,
  defaultLabelPropagationIterations,
  defaultDampingFactor,
  defaultEpsilon,
} from './outcome.js';
export type {
  AnalyticsAlgorithm,
  AnalyticsKnobs,
  AnalyticsInput,
  AnalyticsResult,
  AnalyticsOutcome,
  ScoreResult,
  PartitionResult,
  NoUsableResult,
} from './outcome.js';
export { runAnalytics } from './run.js';
export { pageRank } from './pagerank.js';
export { weaklyConnectedComponents } from './wcc.js';
export { labelPropagation } from './label-propagation.js';
export { degreeCentrality } from './degree.js';
export { triangleCount } from './triangles.js';
export { topScoreRows, partitionRows, partitionSizes, partitionMembers } from './rows.js';
export type { ScoreRow, PartitionRow } from './rows.js';
export { analyticsTaskName, analyticsTaskUrl } from './task.js';
export type { AnalyticsTaskParameters } from './task.js';
export { analyticsDescription } from './descriptions.js';
export {
  writeBack,
  writeBackChunkVertices,
  maxWriteBackKeyChars,
  defaultWriteBackKey,
  AnalyticsWriteBackFailed,
} from './write-back.js';
export type { WriteBackSummary, WriteBackTarget } from './write-back.js';
