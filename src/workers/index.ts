/**
 * Worker threads for whole-graph work (docs/workers.md): a pool running named tasks, and the shared-column
 * descriptor that hands a namespace's live graph to a worker without copying it. Imported by the areas
 * that run whole-graph work (analytics, the server's benchmark); it reaches the engine through its entry.
 */
export { shareGraph } from './share.js';
export { openSharedGraph, labelSlotAt } from './columns.js';
export type { SharedGraph, SharedColumnRef, GraphColumns } from './columns.js';
export {
  WorkerPool,
  WorkerJobError,
  defaultWorkerCount,
  maxWorkerCount,
  defaultMaxQueuedJobs,
  maxMaxQueuedJobs,
  defaultCancelGraceMilliseconds,
  maxTimerMilliseconds,
} from './pool.js';
export type {
  WorkerPoolOptions,
  WorkerPoolStats,
  JobOptions,
  BuiltInTasks,
  WorkerJobErrorCode,
} from './pool.js';
export { cancelPollIds } from './task.js';
export type { TaskContext, TaskModule, TaskRun } from './task.js';
export { maxTraverseOutIterations, traverseOnce } from './tasks/traverse-out.js';
export type { TraverseOutParameters, TraverseOutResult } from './tasks/traverse-out.js';
