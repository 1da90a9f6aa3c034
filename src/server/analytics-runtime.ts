/**
 * The analytics machinery one server owns (docs/analytics.md, "Over HTTP"): the worker pool the runs
 * execute in, with the analytics task registered, and the run gate, one for the whole process whatever
 * the namespace. Closed with the server.
 */
import { analyticsTaskName, analyticsTaskUrl } from '../analytics/index.js';
import { WorkerPool } from '../workers/index.js';

/** `Svc:Analytics:*` defaults (docs/configuration.md). */
export const defaultAnalyticsTimeBudgetSeconds = 30;
export const defaultAnalyticsMaxTimeBudgetSeconds = 300;
export const defaultAnalyticsMaxConcurrentRuns = 1;

export interface AnalyticsServerOptions {
  /** `Svc:Analytics:DefaultTimeBudgetSeconds`: a run's budget when the request gives none. */
  defaultTimeBudgetSeconds?: number;
  /** `Svc:Analytics:MaxTimeBudgetSeconds`: the largest budget a request may give. */
  maxTimeBudgetSeconds?: number;
  /** `Svc:Analytics:MaxConcurrentRuns`: runs at once in the process. */
  maxConcurrentRuns?: number;
  /** Vertices per write-back transaction; absent: `writeBackChunkVertices` (tests make it small). */
  writeBackChunkVertices?: number;
  /**
   * Tests only: every run's budget in milliseconds, in place of the request's seconds (0 stops a run at its
   * first clock check, so a 408 needs no large graph).
   */
  budgetMillisecondsForTests?: number;
}

export class AnalyticsRuntime {
  readonly pool: WorkerPool;
  readonly defaultTimeBudgetSeconds: number;
  readonly maxTimeBudgetSeconds: number;
  readonly maxConcurrentRuns: number;
  readonly writeBackChunkVertices: number | undefined;
  readonly budgetMillisecondsForTests: number | undefined;
  private runs = 0;

  constructor(options: AnalyticsServerOptions = {}) {
    this.maxTimeBudgetSeconds = options.maxTimeBudgetSeconds ?? defaultAnalyticsMaxTimeBudgetSeconds;
    this.defaultTimeBudgetSeconds = Math.min(
      options.defaultTimeBudgetSeconds ?? defaultAnalyticsTimeBudgetSeconds,
      this.maxTimeBudgetSeconds,
    );
    this.maxConcurrentRuns = options.maxConcurrentRuns ?? defaultAnalyticsMaxConcurrentRuns;
    this.writeBackChunkVertices = options.writeBackChunkVertices;
    this.budgetMillisecondsForTests = options.budgetMillisecondsForTests;
    this.pool = new WorkerPool({ tasks: { [analyticsTaskName]: analyticsTaskUrl } });
  }

  /** Takes a run slot; false when every slot is taken. The caller releases it with `release`. */
  tryAcquire(): boolean {
    if (this.runs >= this.maxConcurrentRuns) return false;
    this.runs++;
    return true;
  }

  release(): void {
    this.runs--;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
