/**
 * Worker-thread entry of the pool (pool.ts): runs one job at a time with the task module its name maps to
 * in the table the pool gave at the worker's start (`WorkerSetup`), so a job can name a task but never a
 * module path. Task modules load on first use and stay loaded.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { openSharedGraph } from './columns.js';
import type { JobMessage, ReplyMessage, TaskContext, TaskModule, WorkerSetup } from './task.js';

/** How deep a result is searched for typed arrays to transfer: results are records of arrays. */
const transferSearchDepth = 4;

const setup = workerData as WorkerSetup;
const modules = new Map<string, Promise<TaskModule>>();

function taskModule(name: string): Promise<TaskModule> {
  let loaded = modules.get(name);
  if (loaded === undefined) {
    const url = Object.hasOwn(setup.taskModules, name) ? setup.taskModules[name] : undefined;
    if (url === undefined) return Promise.reject(new Error(`no task named '${name}' is registered`));
    loaded = import(url).then((module: Partial<TaskModule>) => {
      if (typeof module.run !== 'function')
        throw new TypeError(`the module of task '${name}' exports no run()`);
      return module as TaskModule;
    });
    modules.set(name, loaded);
  }
  return loaded;
}

/** The ArrayBuffers behind typed arrays in `value` (shared buffers and Node's pooled Buffers excluded). */
function transferablesOf(value: unknown, found: Set<ArrayBuffer>, depth: number): Set<ArrayBuffer> {
  if (value === null || typeof value !== 'object' || depth > transferSearchDepth) return found;
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer && !Buffer.isBuffer(value)) found.add(value.buffer);
  } else if (value instanceof ArrayBuffer) {
    found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value)
      if (item !== null && typeof item === 'object') transferablesOf(item, found, depth + 1);
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    for (const item of Object.values(value)) transferablesOf(item, found, depth + 1);
  }
  return found;
}

async function runJob(job: JobMessage): Promise<void> {
  const port = parentPort!;
  try {
    const module = await taskModule(job.task);
    const flag = job.cancel;
    const context: TaskContext = {
      graph: job.graph === null ? null : openSharedGraph(job.graph),
      cancelled: () => Atomics.load(flag, 0) !== 0,
    };
    const result = await module.run(job.parameters, context);
    const reply: ReplyMessage = { jobId: job.jobId, ok: true, result };
    port.postMessage(reply, [...transferablesOf(result, new Set(), 0)]);
  } catch (error) {
    const failure = error instanceof Error ? error : new Error(String(error));
    const reply: ReplyMessage = { jobId: job.jobId, ok: false, name: failure.name, message: failure.message };
    port.postMessage(reply);
  }
}

// Whole-graph work is background work: on Linux, where a thread has a nice value of its own, this thread
// yields the CPU to the event loop's thread (elsewhere the call would renice the whole process, so it is
// skipped).
if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);

parentPort?.on('message', (job: JobMessage) => void runJob(job));
