/**
 * The writer's queue bounds (docs/limits.md, "The writer's queue"): a transaction that would pass
 * `maxQueuedTransactions` or `maxQueuedBytes` is refused at submission, before anything of it is queued,
 * and the queue drains normally afterwards. The writer is held with an exclusive step while producers push.
 */
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, it } from 'node:test';
import {
  Engine,
  EngineError,
  isEngineError,
  type EngineOptions,
  type WriteOperation,
} from '../../src/index.js';
import { importJsonl } from '../../src/bulk/import.js';
import { CreateBatch } from '../../src/engine/tx/create-batch.js';

const text = (value: string) => ({ type: 'String' as const, value });

function queueFull(error: unknown): boolean {
  return (
    error instanceof EngineError &&
    error.code === 'WRITER_QUEUE_FULL' &&
    error.reason === 'unavailable' &&
    error.title === 'Writer queue full'
  );
}

/** An engine whose writer is held until `release` is called (an exclusive step that waits). */
function heldEngine(options: EngineOptions): { engine: Engine; release: () => void; held: Promise<void> } {
  const engine = new Engine(options);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = engine.exclusive(() => gate);
  return { engine, release, held };
}

function vertexWith(name: string): WriteOperation[] {
  return [{ kind: 'createVertex', input: { properties: [{ key: 'name', value: text(name) }] } }];
}

/** The bytes the queue bound counts for `operations`, read off a held engine. */
function queuedBytesOf(operations: WriteOperation[]): number {
  const { engine, release } = heldEngine({});
  void engine.submit(operations);
  const bytes = engine.queuedBytes;
  release();
  return bytes;
}

describe('the writer queue bound on transactions', () => {
  it('admits exactly maxQueuedTransactions waiting transactions and refuses the next at once, queuing nothing of it', async () => {
    const { engine, release, held } = heldEngine({ maxQueuedTransactions: 5 });
    const admitted = [0, 1, 2, 3, 4].map((i) => engine.submit(vertexWith(`v${i}`)));
    assert.equal(engine.queuedTransactions, 5);
    assert.throws(() => engine.submit(vertexWith('refused')), queueFull);
    assert.throws(() => engine.createVertex(), queueFull);
    assert.equal(engine.queuedTransactions, 5, 'a refused write is not counted');
    release();
    await held;
    const results = await Promise.all(admitted);
    assert.deepEqual(
      results.map((result) => result.createdIds[0]),
      [0, 1, 2, 3, 4],
    );
    assert.equal(engine.vertexCount, 5, 'nothing of the refused writes was applied');
    assert.equal(engine.queuedTransactions, 0);
    assert.equal(engine.queuedBytes, 0);
    assert.equal(await engine.createVertex(), 5, 'the queue takes writes again once drained');
  });

  it('tells how full the queue is and the bounds, in the message and the extension members', () => {
    const { engine, release } = heldEngine({ maxQueuedTransactions: 1, maxQueuedBytes: 1_000_000 });
    void engine.createVertex();
    assert.throws(
      () => engine.createVertex(),
      (error) =>
        queueFull(error) &&
        /1 transactions wait \(at most 1\)/.test((error as EngineError).message) &&
        (error as EngineError).extensions.maxQueuedTransactions === 1 &&
        (error as EngineError).extensions.maxQueuedBytes === 1_000_000,
    );
    release();
  });

  it('keeps every write acknowledged before the refusals when many producers push past the bound', async () => {
    const bound = 64;
    const { engine, release, held } = heldEngine({ maxQueuedTransactions: bound });
    const acknowledged: { name: string; commit: Promise<number> }[] = [];
    let refusals = 0;
    const producer = async (producerId: number): Promise<void> => {
      for (let i = 0; i < 50; i++) {
        const name = `p${producerId}-${i}`;
        try {
          acknowledged.push({
            name,
            commit: engine.createVertex({ properties: [{ key: 'name', value: text(name) }] }),
          });
        } catch (error) {
          if (!queueFull(error)) throw error;
          refusals++;
        }
        await nextTurn();
      }
    };
    await Promise.all([0, 1, 2, 3].map(producer));
    assert.equal(acknowledged.length, bound);
    assert.equal(refusals, 4 * 50 - bound);
    release();
    await held;
    for (const { name, commit } of acknowledged) {
      const id = await commit;
      assert.deepEqual(engine.getVertex(id)?.properties, [{ key: 'name', value: text(name) }], name);
    }
    assert.equal(engine.vertexCount, bound);
    const after = await Promise.all([1, 2, 3].map(() => engine.createVertex()));
    assert.deepEqual(after, [bound, bound + 1, bound + 2]);
  });

  it('refuses submitResolving, submitCreates, index definitions and every write verb on a full queue', async () => {
    const { engine, release, held } = heldEngine({ maxQueuedTransactions: 1 });
    const first = engine.createVertex();
    const batch = new CreateBatch();
    batch.addVertex(undefined, 'batched');
    assert.throws(() => engine.submitCreates(batch), queueFull);
    assert.throws(() => engine.submitResolving(vertexWith('resolved'), () => undefined), queueFull);
    assert.throws(() => engine.createIndex('byName', 'DictionaryIndex'), queueFull);
    assert.throws(() => engine.dropIndex('byName'), queueFull);
    assert.throws(() => engine.setProperty(0, 'k', text('v')), queueFull);
    assert.throws(() => engine.clear(), queueFull);
    assert.throws(() => engine.trim(), queueFull);
    assert.throws(() => engine.compact(), queueFull);
    await assert.rejects(engine.removeElement(0), queueFull);
    await assert.rejects(engine.writeProperties([{ id: 0, key: 'k', value: text('v') }]), queueFull);
    release();
    await held;
    assert.equal(await first, 0);
    assert.equal(engine.vertexCount, 1);
    assert.equal((await engine.submitCreates(batch)).createdIds[0], 1);
    assert.equal(await engine.createIndex('byName', 'DictionaryIndex'), true);
  });

  it('never refuses exclusive steps or flush barriers, which carry no client data', async () => {
    const { engine, release, held } = heldEngine({ maxQueuedTransactions: 1 });
    const first = engine.createVertex();
    assert.throws(() => engine.createVertex(), queueFull);
    const step = engine.exclusive(() => engine.vertexCount);
    const flushed = engine.flush();
    assert.equal(engine.queuedTransactions, 1, 'steps and barriers are not counted');
    release();
    await held;
    assert.equal(await first, 0);
    assert.equal(await step, 1, 'the step ran after the write queued before it');
    await flushed;
  });
});

describe('the writer queue bound on bytes', () => {
  const operations = vertexWith('x'.repeat(100));
  const bytes = queuedBytesOf(operations);

  it('counts a transaction by its operations, its properties and the length of its text', () => {
    assert.ok(bytes > 100, `${bytes} bytes for a 100-character value`);
    assert.equal(queuedBytesOf(vertexWith('x'.repeat(1100))), bytes + 1000);
  });

  it('admits transactions up to exactly maxQueuedBytes and refuses the one that would pass it', async () => {
    const { engine, release, held } = heldEngine({ maxQueuedBytes: 3 * bytes });
    const admitted = [engine.submit(operations), engine.submit(operations), engine.submit(operations)];
    assert.equal(engine.queuedBytes, 3 * bytes);
    assert.throws(() => engine.submit(operations), queueFull);
    release();
    await held;
    await Promise.all(admitted);
    assert.equal(engine.vertexCount, 3);
    assert.equal(engine.queuedBytes, 0);
    await engine.submit(operations);
    assert.equal(engine.vertexCount, 4);
  });

  it('refuses the third transaction when the bound is one byte short of three', async () => {
    const { engine, release, held } = heldEngine({ maxQueuedBytes: 3 * bytes - 1 });
    const admitted = [engine.submit(operations), engine.submit(operations)];
    assert.throws(
      () => engine.submit(operations),
      (error) => queueFull(error) && /hold \d+ bytes and this one \d+ more/.test((error as Error).message),
    );
    release();
    await held;
    await Promise.all(admitted);
    assert.equal(engine.vertexCount, 2);
  });

  it('admits one transaction larger than the bound into an empty queue, and refuses it beside another', async () => {
    const { engine, release, held } = heldEngine({ maxQueuedBytes: bytes - 1 });
    const alone = engine.submit(operations);
    assert.throws(() => engine.submit(vertexWith('')), queueFull);
    release();
    await held;
    await alone;
    assert.equal(engine.vertexCount, 1);
  });

  it('counts a batch of creations by its columns and text', () => {
    const batch = new CreateBatch();
    const empty = batch.queuedBytes;
    batch.addVertex(undefined, 'label', [{ key: 'name', value: text('x'.repeat(500)) }]);
    assert.ok(batch.queuedBytes >= empty + 500 + 'label'.length + 'name'.length);
    batch.reset();
    assert.equal(batch.queuedBytes, empty);
  });
});

describe('bulk import and the writer queue bound', () => {
  it('waits for room in a full queue instead of failing midway, then commits every batch', async () => {
    const { engine, release, held } = heldEngine({ maxQueuedTransactions: 2 });
    const others = [engine.createVertex({ label: 'other' }), engine.createVertex({ label: 'other' })];
    const lines: string[] = [];
    for (let i = 0; i < 5; i++) lines.push(`{"type":"vertex","id":${i},"label":"imported","creationDate":0}`);
    let settled = false;
    const imported = importJsonl(engine, [lines.join('\n') + '\n'], { batchSize: 2 }).finally(() => {
      settled = true;
    });
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    assert.equal(settled, false, 'the import waits while the queue is full');
    assert.equal(engine.queuedTransactions, 2, 'and has queued nothing past the bound');
    release();
    await held;
    await Promise.all(others);
    const summary = await imported;
    assert.equal(summary.verticesCreated, 5);
    assert.equal(engine.vertexCount, 7);
    const labels = Array.from({ length: 7 }, (_, id) => engine.getVertex(id)?.label);
    assert.equal(labels.filter((label) => label === 'imported').length, 5);
  });

  it('is refused by the bound when it submits a batch directly (submitCreates) to a full queue', () => {
    const { engine, release } = heldEngine({ maxQueuedTransactions: 1 });
    void engine.createVertex();
    const batch = new CreateBatch();
    batch.addVertex(undefined, undefined);
    assert.throws(
      () => engine.submitCreates(batch),
      (error) => isEngineError(error, 'WRITER_QUEUE_FULL'),
    );
    release();
  });
});
