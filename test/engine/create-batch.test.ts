/**
 * Columnar batches of creations (`CreateBatch`, `Engine.submitCreates`): a batch is the transaction its
 * operations describe, in the graph, the effects, the log entry and the change events; a failing one has
 * no effect; its columns are reused without changing what hooks were given.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CreateBatch, Engine, type CommittedTransaction, type TypedValue } from '../../src/index.js';
import { ByteWriter } from '../../src/engine/codec/binary.js';
import { writeCommittedPayload } from '../../src/engine/durability/wal/entry-codec.js';
import { typedValue } from './durability/arbitraries.js';

function newEngine(): Engine {
  return new Engine({
    clockSeconds: () => 1_700_000_000,
    changeFeed: { clockMilliseconds: () => 1_700_000_000_000 },
  });
}

/** Three vertices, two edges among them and one to an earlier vertex, properties and embeddings. */
function sampleBatch(firstVertex: number): CreateBatch {
  const batch = new CreateBatch();
  batch.addVertex(10, 'person', [
    { key: 'name', value: { type: 'String', value: 'Ada' } },
    { key: 'score', value: { type: 'Double', value: 0.5 } },
    { key: 'vip', value: { type: 'Boolean', value: true } },
    { key: 'big', value: { type: 'Int64', value: 2n ** 40n } },
  ]);
  batch.addEmbedding(0, 'e', new Float32Array([1, 2]), 'model-a');
  batch.addVertex(11, null);
  batch.addVertex(undefined, 'city', [{ key: 'name', value: { type: 'String', value: 'Oslo' } }]);
  batch.addEdge(firstVertex, firstVertex + 1, 'knows', 12, null, [
    { key: 'since', value: { type: 'Int32', value: 2001 } },
  ]);
  batch.addEmbedding(3, 'e', new Float32Array([3, 4]));
  batch.addEdge(firstVertex + 2, 0, 'livesIn', 13, 'home');
  return batch;
}

function payload(transaction: CommittedTransaction): Buffer {
  const out = new ByteWriter(64);
  writeCommittedPayload(out, transaction, 7, transaction.nowSeconds);
  return out.toBuffer();
}

/** Every element of the engine as reads show it. */
function contents(engine: Engine): unknown[] {
  const elements: unknown[] = [];
  for (let id = 0; id < engine.graph.nextId; id++) elements.push(engine.getElement(id));
  return elements;
}

describe('columnar batches of creations', () => {
  it('applies as its operations do: same ids, elements, log entry, effects and change events', async () => {
    const byOperations = newEngine();
    const byColumns = newEngine();
    for (const engine of [byOperations, byColumns]) await engine.createVertex({ label: 'first' });
    const seen: { operations: CommittedTransaction[]; columns: CommittedTransaction[] } = {
      operations: [],
      columns: [],
    };
    const payloads: Buffer[] = [];
    byOperations.addCommitHook((group) => void payloads.push(...group.map(payload)), {
      readsCreateBatches: true,
    });
    byColumns.addCommitHook((group) => void payloads.push(...group.map(payload)), {
      readsCreateBatches: true,
    });
    byOperations.addCommitHook((group) => void seen.operations.push(...group));
    byColumns.addCommitHook((group) => void seen.columns.push(...group));

    const operations = sampleBatch(1);
    operations.firstId = 1;
    const expected = await byOperations.submit(operations.toOperations());
    const actual = await byColumns.submitCreates(sampleBatch(1));

    assert.deepEqual(actual, expected);
    assert.deepEqual(contents(byColumns), contents(byOperations));
    assert.deepEqual(payloads[1], payloads[0]);
    assert.deepEqual(seen.columns[0].result, seen.operations[0].result);
    assert.deepEqual(seen.columns[0].operations, seen.operations[0].operations);
    assert.deepEqual(byColumns.changeFeed!.buffered(), byOperations.changeFeed!.buffered());
  });

  it('gives subscribers and the ring the events of its operations, across ring growth and laps', async () => {
    const feeds = { bufferSize: 300, clockMilliseconds: () => 1_700_000_000_000 };
    const byOperations = new Engine({ clockSeconds: () => 1_700_000_000, changeFeed: feeds });
    const byColumns = new Engine({ clockSeconds: () => 1_700_000_000, changeFeed: feeds });
    const readers = [byOperations, byColumns].map((engine) => {
      const feed = engine.changeFeed!;
      return {
        feed,
        objects: feed.subscribe({ since: '0' }),
        frames: feed.subscribe({ since: '0' }),
        filtered: feed.subscribe({ since: '0', filter: { kinds: ['edgeCreated'] } }),
        read: [] as unknown[],
        framesRead: [] as string[],
        filteredRead: [] as unknown[],
      };
    });
    const batch = new CreateBatch();
    for (let round = 0; round < 6; round++) {
      batch.reset();
      const first = byColumns.graph.nextId;
      for (let i = 0; i < 120; i++) {
        if (i % 3 === 2) batch.addEdge(first + i - 2, first + i - 1, 'knows', i, i % 2 === 0 ? 'l' : null);
        else batch.addVertex(i, i % 4 === 0 ? null : 'person');
      }
      batch.addEmbedding(119, 'e', new Float32Array([round]));
      batch.firstId = byOperations.graph.nextId;
      await byOperations.submit(batch.toOperations());
      await byColumns.submitCreates(batch);
      await byColumns.createVertex({ label: 'between' });
      await byOperations.createVertex({ label: 'between' });
      for (const reader of readers) {
        reader.read.push(...reader.objects.read());
        reader.framesRead.push(reader.frames.readFrames().toString('utf8'));
        reader.filteredRead.push(...reader.filtered.read());
      }
    }
    const [expected, actual] = readers;
    assert.equal(actual.feed.lastSeq, 6 * 122, 'past the 512 slots of the ring');
    assert.deepEqual(actual.feed.buffered(), expected.feed.buffered());
    assert.deepEqual(
      actual.feed.eventAt(actual.feed.oldestSeq),
      expected.feed.eventAt(expected.feed.oldestSeq),
    );
    assert.deepEqual(actual.read, expected.read);
    assert.deepEqual(
      actual.framesRead.map((text) => text.replaceAll(actual.feed.epoch, 'epoch')),
      expected.framesRead.map((text) => text.replaceAll(expected.feed.epoch, 'epoch')),
    );
    assert.deepEqual(actual.filteredRead, expected.filteredRead);
  });

  it('keeps every value type exactly, in the graph and in the log entry (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), typedValue), { maxLength: 5 }),
        async (pairs) => {
          const properties = pairs.map(([key, value]: [string, TypedValue]) => ({ key, value }));
          const batch = new CreateBatch();
          batch.addVertex(1, 'v', properties);
          batch.addEdge(0, 0, 't', 2, null, properties);
          const byOperations = newEngine();
          const byColumns = newEngine();
          const payloads: Buffer[] = [];
          for (const engine of [byOperations, byColumns])
            engine.addCommitHook((group) => void payloads.push(...group.map(payload)), {
              readsCreateBatches: true,
            });
          batch.firstId = 0;
          await byOperations.submit(batch.toOperations());
          await byColumns.submitCreates(batch);
          assert.deepEqual(contents(byColumns), contents(byOperations));
          assert.deepEqual(payloads[1], payloads[0]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('rolls back entirely when an element fails: no element, no interned name, no event', async () => {
    const engine = newEngine();
    await engine.createVertex({ label: 'kept' });
    const batch = new CreateBatch();
    batch.addVertex(1, 'fresh-label', [{ key: 'fresh-key', value: { type: 'Int32', value: 1 } }]);
    batch.addEmbedding(0, 'e', new Float32Array([1]));
    batch.addEdge(0, 1, 'fresh-type', 1, null);
    batch.addEdge(0, 99, 'fresh-type', 1, null);
    const before = engine.changeFeed!.lastSeq;
    await assert.rejects(engine.submitCreates(batch), { code: 'ELEMENT_NOT_FOUND' });
    assert.equal(engine.graph.nextId, 1);
    assert.equal(engine.vertexCount, 1);
    assert.equal(engine.edgeCount, 0);
    assert.equal(engine.graph.labelNames.size, 1);
    assert.equal(engine.graph.edgeTypes.size, 0);
    assert.equal(engine.graph.propertyKeys.size, 0);
    assert.equal(engine.graph.embeddings.get(1, 'e'), undefined);
    assert.equal(engine.changeFeed!.lastSeq, before);
  });

  it('refuses invalid input as it is added (INVALID_INPUT), leaving the batch as it was', () => {
    const batch = new CreateBatch();
    batch.addVertex(1, null);
    const refused = { code: 'INVALID_INPUT' };
    assert.throws(() => batch.addVertex(-1, null), refused);
    assert.throws(() => batch.addVertex(1.5, null), refused);
    assert.throws(() => batch.addEdge(0, 0, '', 1, null), refused);
    assert.throws(() => batch.addEdge(0, 2 ** 31, 't', 1, null), refused);
    assert.throws(
      () => batch.addVertex(1, null, [{ key: '$embedding:x', value: { type: 'Int32', value: 1 } }]),
      refused,
    );
    assert.throws(() => batch.addEmbedding(5, 'e', new Float32Array([1])), refused);
    assert.throws(() => batch.addEmbedding(0, 'bad name', new Float32Array([1])), refused);
    assert.throws(() => batch.addEmbedding(0, 'e', new Float32Array([Number.NaN])), refused);
    assert.equal(batch.count, 1);
    assert.equal(batch.propertyCount, 0);
    assert.deepEqual(batch.toOperations(), [
      { kind: 'createVertex', input: { creationDate: 1, label: null } },
    ]);
  });

  it('gives hooks that do not read batches operations they may keep after the batch is reused', async () => {
    const engine = newEngine();
    const kept: CommittedTransaction[] = [];
    engine.addCommitHook((group) => void kept.push(...group));
    const batch = new CreateBatch();
    batch.addVertex(5, 'a');
    await engine.submitCreates(batch);
    batch.reset();
    batch.addVertex(6, 'b');
    await engine.submitCreates(batch);
    assert.deepEqual(kept[0].operations, [{ kind: 'createVertex', input: { creationDate: 5, label: 'a' } }]);
    assert.deepEqual(kept[1].operations, [{ kind: 'createVertex', input: { creationDate: 6, label: 'b' } }]);
  });

  it('refuses to make operations from columns a later batch has reused', async () => {
    const engine = newEngine();
    let kept: CommittedTransaction | undefined;
    engine.addCommitHook((group) => void (kept = group[0]), { readsCreateBatches: true });
    const batch = new CreateBatch();
    batch.addVertex(5, 'a');
    await engine.submitCreates(batch);
    batch.reset();
    assert.throws(() => kept!.operations, /reused/);
  });
});
