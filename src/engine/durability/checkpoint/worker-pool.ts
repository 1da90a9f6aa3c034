/**
 * A few worker threads running partition jobs (partition-worker.ts), one job per worker at a time. A
 * worker starts when a job finds none free (at most `size`; a start costs the event loop about 10 ms, so
 * starts spread over the jobs' arrival). Jobs queue until a worker is free; a worker that dies fails its
 * job, and the queued jobs fail once no worker is left to start.
 */
import { Worker } from 'node:worker_threads';
import type { PartitionJob, PartitionReply } from './partition.js';

interface Task {
  job: PartitionJob;
  transfer: ArrayBuffer[];
  resolve: (reply: PartitionReply) => void;
  reject: (error: Error) => void;
}

const workerEntry = new URL('./partition-worker.js', import.meta.url);

export class PartitionWorkers {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly queue: Task[] = [];
  /** Workers started so far, dead ones included. */
  private started = 0;

  constructor(private readonly size: number) {}

  /** Runs `job`; `transfer` lists buffers handed over to the worker (no longer usable here). */
  run(job: PartitionJob, transfer: ArrayBuffer[] = []): Promise<PartitionReply> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, transfer, resolve, reject });
      this.dispatch();
    });
  }

  private start(): void {
    const worker = new Worker(workerEntry);
    this.started++;
    worker.on('message', (reply: PartitionReply) => this.finished(worker, reply));
    worker.on('error', (error) => this.failed(worker, error));
    worker.on('exit', (code) =>
      this.failed(worker, new Error(`a checkpoint worker exited with code ${code}`)),
    );
    this.workers.push(worker);
    this.idle.push(worker);
  }

  private dispatch(): void {
    if (this.idle.length === 0 && this.queue.length > 0 && this.started < this.size) this.start();
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop()!;
      const task = this.queue.shift()!;
      this.busy.set(worker, task);
      worker.postMessage(task.job, task.transfer);
    }
    if (this.workers.length === 0 && this.started >= this.size) {
      for (const task of this.queue.splice(0)) task.reject(new Error('no checkpoint worker is left'));
    }
  }

  private finished(worker: Worker, reply: PartitionReply): void {
    const task = this.busy.get(worker);
    this.busy.delete(worker);
    this.idle.push(worker);
    task?.resolve(reply);
    this.dispatch();
  }

  private failed(worker: Worker, error: Error): void {
    const index = this.workers.indexOf(worker);
    if (index < 0) return;
    this.workers.splice(index, 1);
    const idleIndex = this.idle.indexOf(worker);
    if (idleIndex >= 0) this.idle.splice(idleIndex, 1);
    const task = this.busy.get(worker);
    this.busy.delete(worker);
    task?.reject(error);
    this.dispatch();
  }

  async close(): Promise<void> {
    const workers = this.workers.splice(0);
    this.idle.length = 0;
    this.started = this.size;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
