/**
 * The worker task that runs one analytics kernel over the job's shared graph (docs/analytics.md, "Over
 * HTTP"). Registered in the server's worker pool under `analyticsTaskName`, by `analyticsTaskUrl`. Imports
 * the kernels only, so a worker loads it without the engine.
 *
 * The budget is an absolute wall-clock instant set by the caller when the request arrived, so time spent
 * waiting for a worker counts against it; the kernel stops at that instant or when the job is cancelled
 * (the client went away), and hands back what it has.
 */
import type { TaskContext } from '../workers/index.js';
import type { AnalyticsScope } from './columns.js';
import type { AnalyticsAlgorithm, AnalyticsKnobs, AnalyticsOutcome } from './outcome.js';
import { runAnalytics } from './run.js';

/** The name the analytics task is registered under in a worker pool. */
export const analyticsTaskName = 'analytics';

/** The task module's file URL, for a pool's `tasks` option. */
export const analyticsTaskUrl = new URL('./task.js', import.meta.url);

export interface AnalyticsTaskParameters {
  readonly algorithm: AnalyticsAlgorithm;
  readonly scope: AnalyticsScope;
  readonly knobs: AnalyticsKnobs;
  /** `Date.now()` at which the run stops and answers what it has. */
  readonly stopAtEpochMilliseconds: number;
}

export function run(parameters: AnalyticsTaskParameters, context: TaskContext): AnalyticsOutcome {
  const { graph } = context;
  if (graph === null) throw new TypeError('the analytics task needs a graph');
  const { stopAtEpochMilliseconds } = parameters;
  return runAnalytics(parameters.algorithm, {
    columns: graph,
    scope: parameters.scope,
    knobs: parameters.knobs,
    shouldStop: () => context.cancelled() || Date.now() >= stopAtEpochMilliseconds,
  });
}
