/**
 * A small fixed number of worker threads running whole-graph jobs (docs/workers.md).
 *
 * A job names a task from the pool's fixed table (the built-in tasks plus those given at construction),
 * optionally a graph captured by `shareGraph`, and plain parameters; it settles with the task's result,
 * typed arrays transferred back. Workers start when a job finds none free, at most `workers` of them, and
 * are unref'd while idle, so an idle pool never keeps the process alive (a running job does, as any
 * pending I/O would). Jobs wait in a bounded queue; beyond it a job is refused at once.
 *
 * Cancellation: a job's signal or deadline rejects it at once and raises its shared flag, which the task
 * polls; a worker whose task has not stopped within the grace period is terminated, and the next job
 * starts a fresh one. Until its task stops, a cancelled job's worker counts as busy.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SharedGraph } from './columns.js';
import type { JobMessage, ReplyMessage, WorkerSetup } from './task.js';
import type { TraverseOutParameters, TraverseOutResult } from './tasks/traverse-out.js';

/** Worker threads a pool runs at most, unless told otherwise: one per core the process may use. */
export const defaultWorkerCount = os.availableParallelism();
/** Most worker threads a pool accepts. */
export const maxWorkerCount = 256;
/** Jobs that may wait for a free worker (running jobs not counted), unless told otherwise. */
export const defaultMaxQueuedJobs = 64;
/** Most waiting jobs a pool may be configured to hold. */
export const maxMaxQueuedJobs = 100_000;
/** How long a cancelled task may run on before its worker is terminated, unless told otherwise. */
export const defaultCancelGraceMilliseconds = 2_000;
/** Longest deadline or grace period: Node's timers hold at most 2^31 - 1 milliseconds. */
export const maxTimerMilliseconds = 2 ** 31 - 1;

/** The built-in tasks, their parameters and results. */
export interface BuiltInTasks {
  'traverse-out': { parameters: TraverseOutParameters; result: TraverseOutResult };
}

const builtInTaskModules: Record<keyof BuiltInTasks, URL> = {
  'traverse-out': new URL('./tasks/traverse-out.js', import.meta.url),
};

const workerEntry = new URL('./entry.js', import.meta.url);
const taskNamePattern = /^[a-z][a-z0-9-]{0,63}$/;

export type WorkerJobErrorCode =
  | 'queue-full'
  | 'closed'
  | 'unknown-task'
  | 'invalid-job'
  | 'aborted'
  | 'deadline'
  | 'task-failed'
  | 'worker-crashed';

/** Why a job did not produce a result; `code` says which way, `task` names the job's task. */
export class WorkerJobError extends Error {
  override readonly name = 'WorkerJobError';

  constructor(
    readonly code: WorkerJobErrorCode,
    readonly task: string,
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerPoolOptions {
  /** Worker threads at most, 1..maxWorkerCount; default `defaultWorkerCount`. */
  workers?: number;
  /** Jobs that may wait for a worker, 0..maxMaxQueuedJobs; default `defaultMaxQueuedJobs`. */
  maxQueuedJobs?: number;
  /** 0..maxTimerMilliseconds; default `defaultCancelGraceMilliseconds`. */
  cancelGraceMilliseconds?: number;
  /**
   * More tasks: name (lowercase letters, digits and dashes) to the file URL of a module exporting `run`
   * (task.ts). Fixed for the pool's life; a built-in name cannot be replaced.
   */
  tasks?: Readonly<Record<string, URL>>;
}

export interface JobOptions<P = unknown> {
  /** The graph the task reads, captured by `shareGraph` on the graph's owning thread. */
  graph?: SharedGraph;
  /** Plain, structured-cloneable parameters; SharedArrayBuffers in them are shared, not copied. */
  parameters?: P;
  /** Aborting it (the client went away) cancels the job. */
  signal?: AbortSignal;
  /** Cancels the job this long after it was submitted, queueing included; 1..maxTimerMilliseconds. */
  deadlineMilliseconds?: number;
}

export interface WorkerPoolStats {
  /** Worker threads alive now. */
  workers: number;
  /** Of them, running a job (a cancelled one included until its task stops). */
  busy: number;
  /** Jobs waiting for a worker. */
  queued: number;
  /** Worker threads started since the pool was made. */
  started: number;
  /** Of them, terminated because a cancelled task did not stop in time. */
  terminated: number;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  grace: NodeJS.Timeout | null;
  /** Gone from the pool (crashed, terminated or closed): its events are ignored. */
  gone: boolean;
}

interface Job {
  message: JobMessage;
  resolve: (result: unknown) => void;
  reject: (error: WorkerJobError) => void;
  settled: boolean;
  slot: Slot | null;
  deadline: NodeJS.Timeout | null;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | null;
}

function checkedInteger(value: number | undefined, fallback: number, min: number, max: number, name: string) {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < min || chosen > max) {
    throw new RangeError(`worker pool: ${name} must be an integer from ${min} to ${max}, not ${chosen}`);
  }
  return chosen;
}

export class WorkerPool {
  readonly workerCount: number;
  readonly maxQueuedJobs: number;
  readonly cancelGraceMilliseconds: number;
  private readonly setup: WorkerSetup;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextJobId = 1;
  private started = 0;
  private terminated = 0;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.workerCount = checkedInteger(options.workers, defaultWorkerCount, 1, maxWorkerCount, 'workers');
    this.maxQueuedJobs = checkedInteger(
      options.maxQueuedJobs,
      defaultMaxQueuedJobs,
      0,
      maxMaxQueuedJobs,
      'maxQueuedJobs',
    );
    this.cancelGraceMilliseconds = checkedInteger(
      options.cancelGraceMilliseconds,
      defaultCancelGraceMilliseconds,
      0,
      maxTimerMilliseconds,
      'cancelGraceMilliseconds',
    );
    const taskModules: Record<string, string> = {};
    for (const [name, url] of Object.entries(builtInTaskModules)) taskModules[name] = url.href;
    for (const [name, url] of Object.entries(options.tasks ?? {})) {
      if (!taskNamePattern.test(name)) {
        throw new RangeError(
          `worker pool: the task name '${name}' is not lowercase letters, digits and dashes`,
        );
      }
      if (Object.hasOwn(taskModules, name)) {
        throw new RangeError(`worker pool: the task '${name}' is built in and cannot be replaced`);
      }
      if (!(url instanceof URL) || url.protocol !== 'file:') {
        throw new TypeError(`worker pool: the module of task '${name}' must be a file: URL`);
      }
      taskModules[name] = url.href;
    }
    this.setup = { taskModules };
  }

  /** The task names jobs may use. */
  get taskNames(): string[] {
    return Object.keys(this.setup.taskModules);
  }

  stats(): WorkerPoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((slot) => slot.job !== null).length,
      queued: this.queue.length,
      started: this.started,
      terminated: this.terminated,
    };
  }

  /**
   * Runs `task` on a worker. Rejects with a `WorkerJobError`: `queue-full` when every worker is busy and
   * `maxQueuedJobs` jobs already wait, `closed`, `unknown-task`, `invalid-job` (options out of range or
   * not cloneable), `aborted`, `deadline`, `task-failed` (the task threw: its message), `worker-crashed`.
   */
  run<N extends keyof BuiltInTasks>(
    task: N,
    options: JobOptions<BuiltInTasks[N]['parameters']>,
  ): Promise<BuiltInTasks[N]['result']>;
  run<R = unknown, P = unknown>(task: string, options?: JobOptions<P>): Promise<R>;
  run(task: string, options: JobOptions = {}): Promise<unknown> {
    const refuse = (code: WorkerJobErrorCode, message: string) =>
      Promise.reject(new WorkerJobError(code, task, message));
    if (this.closed) return refuse('closed', `the worker pool is closed; task '${task}' was not run`);
    if (!Object.hasOwn(this.setup.taskModules, task)) {
      return refuse(
        'unknown-task',
        `no task named '${task}' is registered (known: ${this.taskNames.join(', ')})`,
      );
    }
    const { deadlineMilliseconds, signal } = options;
    if (
      deadlineMilliseconds !== undefined &&
      !(
        Number.isFinite(deadlineMilliseconds) &&
        deadlineMilliseconds > 0 &&
        deadlineMilliseconds <= maxTimerMilliseconds
      )
    ) {
      return refuse(
        'invalid-job',
        `task '${task}': deadlineMilliseconds must be above 0 and at most ${maxTimerMilliseconds}, not ${deadlineMilliseconds}`,
      );
    }
    if (signal?.aborted)
      return refuse('aborted', `task '${task}' was cancelled before it started: its signal aborted`);
    const hasRoom = this.slots.some((slot) => slot.job === null) || this.slots.length < this.workerCount;
    if (!hasRoom && this.queue.length >= this.maxQueuedJobs) {
      return refuse(
        'queue-full',
        `the worker pool is full: all ${this.workerCount} workers are busy and ${this.queue.length} jobs wait ` +
          `(maxQueuedJobs ${this.maxQueuedJobs}); task '${task}' was refused, retry later`,
      );
    }
    return new Promise((resolve, reject) => {
      const job: Job = {
        message: {
          jobId: this.nextJobId++,
          task,
          graph: options.graph ?? null,
          parameters: options.parameters,
          cancel: new Int32Array(new SharedArrayBuffer(4)),
        },
        resolve,
        reject,
        settled: false,
        slot: null,
        deadline: null,
        signal,
        onAbort: null,
      };
      if (deadlineMilliseconds !== undefined) {
        job.deadline = setTimeout(
          () =>
            this.cancel(job, 'deadline', `task '${task}' passed its deadline of ${deadlineMilliseconds} ms`),
          deadlineMilliseconds,
        );
      }
      if (signal !== undefined) {
        job.onAbort = () => this.cancel(job, 'aborted', `task '${task}' was cancelled: its signal aborted`);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminates every worker; running and waiting jobs reject with `closed`, later ones too. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      this.settle(
        job,
        new WorkerJobError(
          'closed',
          job.message.task,
          `the worker pool closed before task '${job.message.task}' ran`,
        ),
      );
    }
    const exits: Promise<number>[] = [];
    for (const slot of this.slots.splice(0)) {
      slot.gone = true;
      if (slot.grace !== null) clearTimeout(slot.grace);
      const job = slot.job;
      if (job !== null) {
        Atomics.store(job.message.cancel, 0, 1);
        this.settle(
          job,
          new WorkerJobError(
            'closed',
            job.message.task,
            `the worker pool closed while task '${job.message.task}' ran`,
          ),
        );
      }
      exits.push(slot.worker.terminate());
    }
    await Promise.all(exits);
  }

  private startWorker(): Slot {
    const worker = new Worker(workerEntry, { workerData: this.setup });
    worker.unref();
    this.started++;
    const slot: Slot = { worker, job: null, grace: null, gone: false };
    worker.on('message', (reply: ReplyMessage) => this.replied(slot, reply));
    worker.on('messageerror', (error: Error) =>
      this.lost(slot, `a reply could not be read: ${error.message}`),
    );
    worker.on('error', (error: Error) => this.lost(slot, `its worker failed: ${error.message}`));
    worker.on('exit', (code: number) => this.lost(slot, `its worker exited with code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot =
        this.slots.find((candidate) => candidate.job === null) ??
        (this.slots.length < this.workerCount ? this.startWorker() : undefined);
      if (slot === undefined) return;
      const job = this.queue.shift()!;
      slot.job = job;
      job.slot = slot;
      slot.worker.ref();
      try {
        slot.worker.postMessage(job.message);
      } catch (error) {
        this.idle(slot);
        this.settle(
          job,
          new WorkerJobError(
            'invalid-job',
            job.message.task,
            `task '${job.message.task}' could not be posted: ${(error as Error).message}`,
          ),
        );
      }
    }
  }

  private idle(slot: Slot): void {
    slot.job = null;
    if (slot.grace !== null) clearTimeout(slot.grace);
    slot.grace = null;
    slot.worker.unref();
  }

  private replied(slot: Slot, reply: ReplyMessage): void {
    const job = slot.job;
    if (slot.gone || job === null || job.message.jobId !== reply.jobId) return;
    this.idle(slot);
    if (reply.ok) this.settle(job, null, reply.result);
    else {
      this.settle(
        job,
        new WorkerJobError(
          'task-failed',
          job.message.task,
          `task '${job.message.task}' failed: ${reply.message}`,
        ),
      );
    }
    this.dispatch();
  }

  /** A worker is gone by itself (crash, exit, unreadable reply): its job fails, the next job starts another. */
  private lost(slot: Slot, why: string): void {
    if (slot.gone) return;
    this.remove(slot);
    const job = slot.job;
    if (job !== null) {
      this.settle(
        job,
        new WorkerJobError('worker-crashed', job.message.task, `task '${job.message.task}' was lost: ${why}`),
      );
    }
    // Gone already after an error or an exit; after an unreadable reply it lives on, and must not linger.
    slot.worker.unref();
    void slot.worker.terminate();
    this.dispatch();
  }

  private remove(slot: Slot): void {
    slot.gone = true;
    if (slot.grace !== null) clearTimeout(slot.grace);
    slot.grace = null;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  private cancel(job: Job, code: 'aborted' | 'deadline', message: string): void {
    if (job.settled) return;
    this.settle(job, new WorkerJobError(code, job.message.task, message));
    const slot = job.slot;
    if (slot === null) {
      const index = this.queue.indexOf(job);
      if (index >= 0) this.queue.splice(index, 1);
      return;
    }
    Atomics.store(job.message.cancel, 0, 1);
    Atomics.notify(job.message.cancel, 0);
    slot.grace = setTimeout(() => {
      if (slot.gone || slot.job !== job) return;
      this.remove(slot);
      this.terminated++;
      void slot.worker.terminate();
      this.dispatch();
    }, this.cancelGraceMilliseconds);
  }

  private settle(job: Job, error: WorkerJobError | null, result?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.deadline !== null) clearTimeout(job.deadline);
    if (job.onAbort !== null) job.signal?.removeEventListener('abort', job.onAbort);
    if (error === null) job.resolve(result);
    else job.reject(error);
  }
}
