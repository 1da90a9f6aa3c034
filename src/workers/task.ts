/**
 * The contract between the worker pool and the task modules it runs, and the messages that carry jobs.
 *
 * A task module exports `run(parameters, context)`: synchronous or async, it returns a structured-cloneable
 * result. Typed arrays in the result (over ordinary ArrayBuffers) are transferred back, not copied. The
 * task polls `context.cancelled()` (an `Atomics.load` of a shared flag) about every `cancelPollIds` ids
 * and stops when it answers true: its job has already been rejected, so what it returns is dropped. A task
 * that does not stop within the pool's grace period has its worker terminated and replaced.
 */
import type { GraphColumns, SharedGraph } from './columns.js';

/** A task polls its cancellation flag at least once per this many ids (vertices or words) it visits. */
export const cancelPollIds = 4096;

export interface TaskContext {
  /** The job's graph, as fixed-length views over the shared columns; null when the job names none. */
  readonly graph: GraphColumns | null;
  /** True once the job is cancelled (its signal aborted, its deadline passed, or the pool closed). */
  cancelled(): boolean;
}

export type TaskRun<P = unknown, R = unknown> = (parameters: P, context: TaskContext) => R | Promise<R>;

/** What a task module exports. */
export interface TaskModule<P = unknown, R = unknown> {
  run: TaskRun<P, R>;
}

/** Given to each worker at its start: the task names it may run and their modules' file URLs. */
export interface WorkerSetup {
  taskModules: Record<string, string>;
}

/** Main thread to worker: one job. */
export interface JobMessage {
  jobId: number;
  task: string;
  graph: SharedGraph | null;
  parameters: unknown;
  /** Int32 over a SharedArrayBuffer; element 0 turns 1 when the job is cancelled. */
  cancel: Int32Array;
}

/** Worker to main thread: a job's outcome. */
export type ReplyMessage =
  { jobId: number; ok: true; result: unknown } | { jobId: number; ok: false; name: string; message: string };
