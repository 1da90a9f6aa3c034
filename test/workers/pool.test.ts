import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Engine } from '../../src/index.js';
import {
  WorkerJobError,
  WorkerPool,
  defaultMaxQueuedJobs,
  defaultWorkerCount,
  maxTraverseOutIterations,
  shareGraph,
} from '../../src/workers/index.js';

const testTasks = {
  spin: new URL('./tasks/spin.js', import.meta.url),
  stubborn: new URL('./tasks/stubborn.js', import.meta.url),
  throws: new URL('./tasks/throws.js', import.meta.url),
  exits: new URL('./tasks/exits.js', import.meta.url),
};

/** A flag a test task raises once it runs. */
function startedFlag(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

async function started(flag: Int32Array): Promise<void> {
  while (Atomics.load(flag, 0) === 0) await Atomics.waitAsync(flag, 0, 0).value;
}

async function smallEngine(): Promise<Engine> {
  const engine = new Engine();
  await engine.createVertices(Array.from({ length: 50 }, () => ({})));
  await engine.createEdges(
    Array.from({ length: 200 }, (_, i) => ({
      sourceVertex: i % 50,
      targetVertex: (i * 13) % 50,
      edgePropertyId: i % 3 === 0 ? 'a' : 'b',
    })),
  );
  return engine;
}

function isJobError(code: string, message: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof WorkerJobError, `a WorkerJobError, not ${String(error)}`);
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  };
}

describe('worker pool', () => {
  const pools: WorkerPool[] = [];
  const pool = (options: ConstructorParameters<typeof WorkerPool>[0] = {}) => {
    const made = new WorkerPool({ tasks: testTasks, ...options });
    pools.push(made);
    return made;
  };
  after(async () => {
    for (const made of pools) await made.close();
  });

  it('defaults to one worker per available core and a named queue bound, starting no worker before a job', () => {
    const workers = pool();
    assert.equal(workers.workerCount, defaultWorkerCount);
    assert.equal(workers.maxQueuedJobs, defaultMaxQueuedJobs);
    assert.equal(workers.stats().workers, 0);
    assert.deepEqual(workers.taskNames.sort(), ['exits', 'spin', 'stubborn', 'throws', 'traverse-out']);
  });

  it('refuses options out of range, task names that are not plain, and replacing a built-in task', () => {
    assert.throws(() => new WorkerPool({ workers: 0 }), /workers must be an integer from 1 to 256, not 0/);
    assert.throws(() => new WorkerPool({ maxQueuedJobs: -1 }), /maxQueuedJobs must be an integer from 0/);
    assert.throws(() => new WorkerPool({ tasks: { '../x': testTasks.spin } }), /not lowercase letters/);
    assert.throws(() => new WorkerPool({ tasks: { 'traverse-out': testTasks.spin } }), /built in/);
    assert.throws(
      () => new WorkerPool({ tasks: { web: new URL('https://example.com/x.js') } }),
      /must be a file: URL/,
    );
  });

  it('runs traverse-out end to end, typed arrays back, and reuses its worker for the next job', async () => {
    const engine = await smallEngine();
    const workers = pool({ workers: 1 });
    const graph = shareGraph(engine.graph);
    const first = await workers.run('traverse-out', { graph, parameters: { iterations: 3 } });
    assert.ok(first.edgesPerIteration instanceof Float64Array);
    assert.ok(first.secondsPerIteration instanceof Float64Array);
    assert.deepEqual([...first.edgesPerIteration], [200, 200, 200]);
    assert.equal(first.iterationsRun, 3);
    assert.ok(first.secondsPerIteration.every((seconds) => seconds >= 0));
    await workers.run('traverse-out', { graph, parameters: { iterations: 1 } });
    assert.equal(workers.stats().started, 1);
  });

  it('refuses an unknown task name before any worker starts', async () => {
    const workers = pool();
    await assert.rejects(
      workers.run('../../etc/passwd'),
      isJobError('unknown-task', /no task named '..\/..\/etc\/passwd' is registered/),
    );
    assert.equal(workers.stats().started, 0);
  });

  it('rejects a job whose task throws with the task message, and the worker keeps serving', async () => {
    const workers = pool({ workers: 1 });
    await assert.rejects(
      workers.run('throws', { parameters: { what: 'boom' } }),
      isJobError('task-failed', /task 'throws' failed: the test task throws on purpose: boom/),
    );
    await assert.rejects(
      workers.run('traverse-out', { parameters: { iterations: maxTraverseOutIterations + 1 } }),
      isJobError('task-failed', /iterations must be an integer from 1 to 1000000/),
    );
    await assert.rejects(
      workers.run('traverse-out', { parameters: { iterations: 1 } }),
      isJobError('task-failed', /the job names no graph/),
    );
    assert.equal(workers.stats().started, 1);
  });

  it('rejects the job of a crashed worker and replaces the worker for the next job', async () => {
    const engine = await smallEngine();
    const workers = pool({ workers: 1 });
    await assert.rejects(workers.run('exits'), isJobError('worker-crashed', /its worker exited with code 3/));
    const result = await workers.run('traverse-out', {
      graph: shareGraph(engine.graph),
      parameters: { iterations: 1 },
    });
    assert.equal(result.edgesPerIteration[0], 200);
    assert.equal(workers.stats().started, 2);
  });

  it('cancels a running job when its signal aborts; a polling task stops and its worker is kept', async () => {
    const workers = pool({ workers: 1 });
    const flag = startedFlag();
    const controller = new AbortController();
    const job = workers.run('spin', { parameters: { started: flag }, signal: controller.signal });
    await started(flag);
    controller.abort();
    await assert.rejects(job, isJobError('aborted', /task 'spin' was cancelled: its signal aborted/));
    const engine = await smallEngine();
    const next = await workers.run('traverse-out', {
      graph: shareGraph(engine.graph),
      parameters: { iterations: 1 },
    });
    assert.equal(next.edgesPerIteration[0], 200);
    assert.deepEqual(
      { started: workers.stats().started, terminated: workers.stats().terminated },
      { started: 1, terminated: 0 },
    );
  });

  it('refuses a job whose signal has already aborted', async () => {
    const workers = pool();
    await assert.rejects(
      workers.run('spin', { parameters: { started: startedFlag() }, signal: AbortSignal.abort() }),
      isJobError('aborted', /cancelled before it started/),
    );
  });

  it('cancels a running job at its deadline and the pool keeps working', async () => {
    const workers = pool({ workers: 1 });
    await assert.rejects(
      workers.run('spin', { parameters: { started: startedFlag() }, deadlineMilliseconds: 50 }),
      isJobError('deadline', /task 'spin' passed its deadline of 50 ms/),
    );
    await assert.rejects(
      workers.run('spin', { parameters: { started: startedFlag() }, deadlineMilliseconds: 0 }),
      isJobError('invalid-job', /deadlineMilliseconds must be above 0/),
    );
    const engine = await smallEngine();
    const next = await workers.run('traverse-out', {
      graph: shareGraph(engine.graph),
      parameters: { iterations: 2 },
    });
    assert.equal(next.iterationsRun, 2);
  });

  it('terminates and replaces a worker whose task ignores cancellation past the grace period', async () => {
    const workers = pool({ workers: 1, cancelGraceMilliseconds: 50 });
    const flag = startedFlag();
    const job = workers.run('stubborn', { parameters: { started: flag }, deadlineMilliseconds: 20 });
    await assert.rejects(job, isJobError('deadline', /passed its deadline/));
    const engine = await smallEngine();
    const next = await workers.run('traverse-out', {
      graph: shareGraph(engine.graph),
      parameters: { iterations: 1 },
    });
    assert.equal(next.edgesPerIteration[0], 200);
    assert.deepEqual(
      { started: workers.stats().started, terminated: workers.stats().terminated },
      { started: 2, terminated: 1 },
    );
  });

  it('queues jobs beyond the free workers up to maxQueuedJobs and refuses the next with queue-full', async () => {
    const workers = pool({ workers: 1, maxQueuedJobs: 1 });
    const controller = new AbortController();
    const running = workers.run('spin', {
      parameters: { started: startedFlag() },
      signal: controller.signal,
    });
    const waiting = workers.run('spin', {
      parameters: { started: startedFlag() },
      signal: controller.signal,
    });
    await assert.rejects(
      workers.run('spin', { parameters: { started: startedFlag() } }),
      isJobError(
        'queue-full',
        /all 1 workers are busy and 1 jobs wait \(maxQueuedJobs 1\); task 'spin' was refused/,
      ),
    );
    assert.deepEqual({ busy: workers.stats().busy, queued: workers.stats().queued }, { busy: 1, queued: 1 });
    controller.abort();
    await assert.rejects(running, isJobError('aborted', /signal aborted/));
    await assert.rejects(waiting, isJobError('aborted', /signal aborted/));
    assert.equal(workers.stats().queued, 0);
  });

  it('close() terminates every worker, rejects the running job and refuses later ones', async () => {
    const workers = pool({ workers: 2 });
    const flag = startedFlag();
    const running = workers.run('stubborn', { parameters: { started: flag } });
    await started(flag);
    const rejected = assert.rejects(running, isJobError('closed', /closed while task 'stubborn' ran/));
    await workers.close();
    await rejected;
    assert.deepEqual(
      { workers: workers.stats().workers, busy: workers.stats().busy },
      { workers: 0, busy: 0 },
    );
    await assert.rejects(workers.run('spin'), isJobError('closed', /the worker pool is closed/));
  });

  it('never keeps the process alive: a script that ran a job and did not close the pool exits by itself', async () => {
    const script = fileURLToPath(new URL('./tasks/unclosed-pool.js', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [script, 'run'], { timeout: 30_000 });
    assert.equal(stdout.trim(), 'edges 200');
  });
});
