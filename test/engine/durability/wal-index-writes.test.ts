/**
 * Explicit index writes in the write-ahead log (docs/durability.md, entry type 21; docs/indexes.md,
 * Persistence): `addToIndex`, `removeFromIndex`, `removeIndexKey` and `putIndexVector` are writer
 * transactions, logged and replayed in commit order among element transactions and index definitions; a
 * refusal commits and logs nothing; a trim ends its group, so a write after it in the same tick is made in
 * the renumbered ids; replay gives way to index changes the log never saw; a torn tail loses only the
 * write it cut; replay after a checkpoint's cut applies only the writes after it; a log written before
 * entry type 21 existed still replays.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  Engine,
  ScanOperator,
  isEngineError,
  parseValue,
  type EngineErrorCode,
  type IndexOptions,
  type IndexRecord,
  type TypedValue,
  type VectorIndex,
} from '../../../src/index.js';
import { decodeHeader } from '../../../src/engine/durability/wal/header.js';
import { scanFrames } from '../../../src/engine/durability/wal/frames.js';
import { EntryType } from '../../../src/engine/durability/wal/format.js';
import { WriteAheadLog } from '../../../src/engine/durability/wal/write-ahead-log.js';
import {
  FaultyFileSystem,
  engineState,
  ioError,
  openLogged,
  temporaryDirectory,
  testNamespaceId,
} from './support.js';

const int = (n: number) => parseValue('Int32', String(n));
const text = (t: string) => parseValue('String', t);
const floats = (...components: number[]): TypedValue => ({
  type: 'Single[]',
  value: Float32Array.from(components),
});
const both = { resultType: 'Both' as const };
const clock = () => 1_700_000_000;

function vectorOptions(dimension: number, metric: string, embeddingName?: string): IndexOptions {
  const options = new Map<string, TypedValue>([
    ['dimension', int(dimension)],
    ['metric', text(metric)],
  ]);
  if (embeddingName !== undefined) options.set('embeddingName', text(embeddingName));
  return options;
}

/** Keys every test's keyed indexes may hold: each one is probed on every keyed index. */
const probes: TypedValue[] = [
  text('x'),
  text('y'),
  text('z'),
  text('g'),
  text('t'),
  text('after'),
  int(5),
  int(7),
  int(8),
];
/** kNN queries, cut to each vector index's dimension (none is zero-norm, so Cosine takes them too). */
const queries = [
  [1, 0.5, 0.25],
  [3, 1, 0],
  [-2, 9, 1],
];

/**
 * What a reader can observe of the indexes: the status records, each keyed index's answer for every
 * probe key, each vector index's kNN answers, and each index's serialized bytes (replay repeats the same
 * history, so even the layout comes out the same).
 */
function indexState(engine: Engine): { list: IndexRecord[]; answers: Record<string, unknown> } {
  const answers: Record<string, unknown> = {};
  for (const index of engine.indexes.all()) {
    const answer =
      index.pluginType === 'VectorIndex'
        ? queries.map((query) => {
            const vectors = index as VectorIndex;
            return vectors.search(Float32Array.from(query.slice(0, vectors.dimension)), 8);
          })
        : probes.map((key) => engine.indexes.scan(index.id, ScanOperator.Equals, key, both));
    answers[index.id] = {
      answer,
      bytes: Buffer.from(engine.indexes.serializeIndex(index.id)!).toString('hex'),
    };
  }
  return { list: engine.indexes.list(), answers };
}

function logFile(): string {
  return path.join(temporaryDirectory(), 'svc.wal');
}

async function assertReplaysTo(file: string, expected: unknown, expectedGraph: unknown): Promise<void> {
  const replayed = await openLogged(file);
  assert.deepEqual(indexState(replayed.engine), expected);
  assert.deepEqual(engineState(replayed.engine), expectedGraph);
  await replayed.log.close();
}

describe('index writes in the write-ahead log', () => {
  it('replay re-applies index writes in commit order among element transactions and definitions', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    await engine.createVertices(Array.from({ length: 8 }, () => ({ label: 'doc' })));
    assert.equal(await engine.createIndex('k', 'DictionaryIndex'), true);
    assert.equal(await engine.addToIndex('k', 0, text('x')), true);
    assert.equal(await engine.addToIndex('k', 1, text('x')), true);
    assert.equal(await engine.addToIndex('k', 2, text('y')), true);
    assert.equal(await engine.addToIndex('k', 0, int(5)), true);
    assert.equal(await engine.removeFromIndex('k', 1), true); // a removal of one element
    assert.equal(await engine.removeIndexKey('k', text('y')), true); // a removal of a key
    // A write to an index, then its drop, then a re-create: only what follows the re-create remains.
    assert.equal(await engine.createIndex('r', 'RangeIndex'), true);
    assert.equal(await engine.addToIndex('r', 3, int(7)), true);
    assert.equal(await engine.dropIndex('r'), true);
    assert.equal(await engine.createIndex('r', 'RangeIndex'), true);
    assert.equal(await engine.addToIndex('r', 4, int(8)), true);
    // An explicit vector index: a put, a replacement, a removal, a put from a property read at its commit.
    assert.equal(await engine.createIndex('v', 'VectorIndex', vectorOptions(2, 'L2')), true);
    await engine.putIndexVector('v', 0, { vector: [1, 0] });
    await engine.putIndexVector('v', 1, { vector: [0, 1] });
    await engine.putIndexVector('v', 0, { vector: [2, 2] });
    assert.equal(await engine.removeFromIndex('v', 1), true);
    await engine.setProperty(3, 'emb', floats(3, 3));
    await engine.putIndexVector('v', 3, { propertyId: 'emb' });
    await engine.setProperty(3, 'emb', floats(9, 9)); // the index keeps what it read
    // A removed element is purged from every index it was written to.
    assert.equal(await engine.addToIndex('k', 5, text('z')), true);
    await engine.putIndexVector('v', 5, { vector: [5, 5] });
    await engine.removeElement(5);
    // One group: index writes, an element removal and a definition queued in the same tick.
    const group = await Promise.all([
      engine.addToIndex('k', 2, text('g')),
      engine.removeElement(2),
      engine.addToIndex('k', 6, text('g')),
      engine.removeIndexKey('k', text('x')),
      engine.putIndexVector('v', 6, { vector: [-1, 4] }),
      engine.createIndex('late', 'DictionaryIndex'),
      engine.addToIndex('late', 7, int(7)),
      engine.addToIndex('k', 2, text('t')), // element 2 is gone by now: false
    ]);
    assert.deepEqual(group, [true, undefined, true, true, undefined, true, true, false]);
    assert.deepEqual(engine.indexes.scan('k', ScanOperator.Equals, text('g'), both), [6]);
    assert.deepEqual(engine.indexes.scan('k', ScanOperator.Equals, int(5), both), [0]);
    assert.deepEqual(engine.indexes.scan('r', ScanOperator.Equals, int(8), both), [4]);
    assert.deepEqual(engine.indexes.scan('r', ScanOperator.Equals, int(7), both), []);
    assert.deepEqual(
      (engine.indexes.get('v') as VectorIndex)
        .search(Float32Array.of(0, 0), 8)
        .map((hit) => hit.graphElementId),
      [0, 6, 3],
    );
    assert.deepEqual([...(engine.indexes.get('v') as VectorIndex).vectorOf(3)!], [3, 3]);
    const expected = indexState(engine);
    const expectedGraph = engineState(engine);
    await log.close();
    await assertReplaysTo(file, expected, expectedGraph);
  });

  it('a write before a clear is gone with its index; a write after it lands in the index defined after it', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    await engine.createVertices([{}, {}]);
    assert.equal(await engine.createIndex('k', 'DictionaryIndex'), true);
    assert.equal(await engine.addToIndex('k', 1, text('x')), true);
    const group = await Promise.all([
      engine.addToIndex('k', 0, text('y')),
      engine.clear(),
      engine.createIndex('k', 'DictionaryIndex'),
      engine.createVertex(),
      engine.addToIndex('k', 0, text('z')),
      engine.addToIndex('k', 1, text('x')), // no element 1 after the clear: false
    ]);
    assert.deepEqual(group, [true, undefined, true, 0, true, false]);
    assert.deepEqual(
      probes.map((key) => engine.indexes.scan('k', ScanOperator.Equals, key, both)!.length),
      [0, 0, 1, 0, 0, 0, 0, 0, 0],
    );
    const expected = indexState(engine);
    const expectedGraph = engineState(engine);
    await log.close();
    await assertReplaysTo(file, expected, expectedGraph);
  });

  it('a trim ends its group: an index write after it in the same tick indexes the renumbered element, live and on replay', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    await engine.createVertices([{}, {}, {}, {}]);
    assert.equal(await engine.createIndex('k', 'DictionaryIndex'), true);
    assert.equal(await engine.addToIndex('k', 3, text('t')), true);
    assert.equal(await engine.createIndex('v', 'VectorIndex', vectorOptions(2, 'L2')), true);
    await engine.putIndexVector('v', 3, { vector: [3, 0] });
    await engine.removeElement(0);
    // Not `engine.trim()`: it queues a compaction right after, which would end the group anyway.
    await Promise.all([
      engine.submit([{ kind: 'trim' }]),
      engine.addToIndex('k', 0, text('after')), // old id 1, renumbered 0
      engine.putIndexVector('v', 0, { vector: [0, 1] }),
      engine.removeFromIndex('k', 2), // old id 3: its key 't' goes
    ]);
    const check = (target: Engine) => {
      assert.equal(target.nextId, 3);
      assert.deepEqual(target.indexes.scan('k', ScanOperator.Equals, text('after'), both), [0]);
      assert.deepEqual(target.indexes.scan('k', ScanOperator.Equals, text('t'), both), []);
      const vectors = target.indexes.get('v') as VectorIndex;
      assert.deepEqual([...vectors.vectorOf(0)!], [0, 1]);
      assert.deepEqual([...vectors.vectorOf(2)!], [3, 0]);
      assert.equal(vectors.size, 2);
    };
    check(engine);
    const expected = indexState(engine);
    const expectedGraph = engineState(engine);
    await log.close();
    await assertReplaysTo(file, expected, expectedGraph);
  });

  it('a refused index write answers false (or rejects, for a vector put), commits nothing and writes no log entry', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file);
    await engine.createVertices([{}, {}]);
    await engine.setProperty(1, 'name', text('not a vector'));
    assert.equal(await engine.createIndex('k', 'DictionaryIndex'), true);
    assert.equal(await engine.addToIndex('k', 0, text('x')), true);
    assert.equal(await engine.createIndex('v', 'VectorIndex', vectorOptions(2, 'Cosine')), true);
    assert.equal(await engine.createIndex('b', 'VectorIndex', vectorOptions(2, 'L2', 'e')), true);
    const bytes = log.status.bytes;
    const sequence = engine.committedSequence;
    assert.equal(await engine.addToIndex('never', 0, text('x')), false);
    assert.equal(await engine.addToIndex('k', 9, text('x')), false);
    assert.equal(await engine.addToIndex('b', 0, text('x')), false);
    assert.equal(await engine.removeFromIndex('never', 0), false);
    assert.equal(await engine.removeFromIndex('k', 9), false);
    assert.equal(await engine.removeFromIndex('b', 0), false);
    assert.equal(await engine.removeIndexKey('never', text('x')), false);
    assert.equal(await engine.removeIndexKey('k', text('absent')), false);
    assert.equal(await engine.removeIndexKey('k', int(0)), false); // another type: another key
    const vectorRefusals: [Promise<unknown>, EngineErrorCode, RegExp][] = [
      [engine.putIndexVector('never', 0, { vector: [1, 1] }), 'INDEX_NOT_FOUND', /does not exist/],
      [engine.putIndexVector('k', 0, { vector: [1, 1] }), 'INVALID_INPUT', /not a VectorIndex/],
      [engine.putIndexVector('b', 0, { vector: [1, 1] }), 'INVALID_INPUT', /maintains itself/],
      [engine.putIndexVector('v', 0, { vector: [1, 1], propertyId: 'p' }), 'INVALID_INPUT', /not both/],
      [engine.putIndexVector('v', 0, {}), 'INVALID_INPUT', /give vector/],
      [engine.putIndexVector('v', 9, { vector: [1, 1] }), 'ELEMENT_NOT_FOUND', /9 does not exist/],
      [engine.putIndexVector('v', 0, { vector: [1, 1, 1] }), 'INVALID_INPUT', /dimension 2/],
      [engine.putIndexVector('v', 0, { vector: [0, 0] }), 'INVALID_INPUT', /zero-norm/],
      [engine.putIndexVector('v', 0, { vector: [1, Infinity] }), 'INVALID_INPUT', /finite/],
      [engine.putIndexVector('v', 1, { propertyId: 'name' }), 'INVALID_INPUT', /not a float array/],
      [engine.putIndexVector('v', 1, { propertyId: 'none' }), 'INVALID_INPUT', /has no property/],
    ];
    for (const [refusal, code, message] of vectorRefusals) {
      await assert.rejects(
        refusal,
        (error: unknown) => isEngineError(error, code) && message.test(error.message),
      );
    }
    assert.equal(engine.committedSequence, sequence);
    await engine.flush();
    assert.equal(log.status.bytes, bytes);
    assert.equal((engine.indexes.get('v') as VectorIndex).size, 0);
    assert.deepEqual(engine.indexes.scan('k', ScanOperator.Equals, text('x'), both), [0]);
    assert.throws(
      () =>
        engine.submit([
          { kind: 'indexAdd', indexId: 'k', id: 0, key: text('y') },
          { kind: 'removeElement', id: 1 },
        ]),
      (error: unknown) => isEngineError(error, 'INVALID_INPUT') && /only operation/.test(error.message),
    );
    await log.close();
  });

  it('an index write the log cannot make durable holds in memory and rejects as a writer fault', async () => {
    const fileSystem = new FaultyFileSystem();
    const { engine, log } = await openLogged(logFile(), { fileSystem });
    await engine.createVertex();
    assert.equal(await engine.createIndex('k', 'DictionaryIndex'), true);
    fileSystem.failWrite = ioError('write');
    await assert.rejects(
      engine.addToIndex('k', 0, text('x')),
      (error: unknown) =>
        isEngineError(error, 'WRITER_FAULT') && /committed in memory but not durably/.test(error.message),
    );
    assert.deepEqual(engine.indexes.scan('k', ScanOperator.Equals, text('x'), both), [0]);
    assert.equal(log.status.degraded, true);
    await log.close();
  });

  it('replay gives way to index changes the log never saw: a write the index now refuses is a committed no-op', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file);
    await engine.createVertex();
    assert.equal(engine.indexes.create('direct', 'DictionaryIndex'), true); // not logged
    assert.equal(await engine.addToIndex('direct', 0, text('x')), true); // logged: an index replay will not have
    assert.equal(engine.indexes.create('vec', 'VectorIndex', vectorOptions(2, 'L2')), true); // not logged
    await engine.putIndexVector('vec', 0, { vector: [1, 2] });
    assert.equal(await engine.createIndex('k', 'DictionaryIndex'), true);
    assert.equal(await engine.addToIndex('k', 0, text('y')), true);
    await log.close();
    const target = new Engine({ clockSeconds: clock });
    assert.equal(target.indexes.create('vec', 'RangeIndex'), true); // another type under the same id
    const replayed = await openLogged(file, { engine: target });
    assert.equal(replayed.log.status.lastRecoveryReplayedEntries, 5);
    assert.deepEqual(
      target.indexes.list().map((record) => [record.indexId, record.pluginType, record.values]),
      [
        ['vec', 'RangeIndex', 0],
        ['k', 'DictionaryIndex', 1],
      ],
    );
    await replayed.log.close();
  });

  it('a torn trailing index write is cut at every byte offset; the writes before it replay', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    await engine.createVertices([{}, {}]);
    assert.equal(await engine.createIndex('k', 'RangeIndex'), true);
    assert.equal(await engine.createIndex('v', 'VectorIndex', vectorOptions(3, 'DotProduct')), true);
    assert.equal(await engine.addToIndex('k', 0, int(5)), true);
    const before = indexState(engine);
    const graph = engineState(engine);
    await engine.putIndexVector('v', 1, { vector: [0.25, -8, 1e6] });
    await log.close();
    const written = readFileSync(file);
    const { framesStart } = decodeHeader(written, file);
    const { frames, validEnd } = scanFrames(written, framesStart, 1);
    const last = frames[frames.length - 1];
    assert.equal(written[last.payloadStart + 1], EntryType.indexWrite);
    const bytes = written.subarray(0, validEnd);
    for (let cut = last.offset + 1; cut < bytes.length; cut++) {
      const torn = path.join(path.dirname(file), `torn-${cut}.wal`);
      writeFileSync(torn, bytes.subarray(0, cut));
      const replayed = await openLogged(torn);
      assert.deepEqual(indexState(replayed.engine), before, `cut at ${cut}`);
      assert.deepEqual(engineState(replayed.engine), graph, `cut at ${cut}`);
      assert.equal(replayed.log.status.lastRecoveryTruncated, false);
      assert.match(replayed.warnings.join('\n'), /torn trailing entry/);
      // The next index write lands where the torn one was and is replayed next time.
      await replayed.engine.putIndexVector('v', 0, { vector: [1, 1, 1] });
      const expected = indexState(replayed.engine);
      await replayed.log.close();
      const again = await openLogged(torn);
      assert.deepEqual(indexState(again.engine), expected);
      await again.log.close();
    }
  });

  it('replay after a checkpoint’s cut applies only the index writes after it', async () => {
    const writes: ((engine: Engine) => Promise<unknown>)[] = [
      (e) => e.createVertices([{}, {}, {}]),
      (e) => e.createIndex('k', 'DictionaryIndex'),
      (e) => e.addToIndex('k', 0, text('x')),
      (e) => e.addToIndex('k', 1, text('x')),
      // The cut: a checkpoint holds the four transactions above.
      (e) => e.removeIndexKey('k', text('x')),
      (e) => e.addToIndex('k', 2, text('x')),
      (e) => e.removeFromIndex('k', 2),
      (e) => e.addToIndex('k', 1, text('y')),
    ];
    const file = logFile();
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    for (const write of writes) await write(engine);
    const expected = indexState(engine);
    await log.close();
    const loaded = new Engine({ clockSeconds: clock });
    for (const write of writes.slice(0, 4)) await write(loaded);
    const reopened = await WriteAheadLog.open({ path: file, namespaceId: testNamespaceId, engine: loaded });
    assert.equal((await reopened.replay({ afterSequence: 4 })).replayedEntries, 4);
    assert.deepEqual(indexState(loaded), expected);
    assert.deepEqual(loaded.indexes.scan('k', ScanOperator.Equals, text('x'), both), []);
    assert.deepEqual(loaded.indexes.scan('k', ScanOperator.Equals, text('y'), both), [1]);
    await reopened.close();
  });
});

/**
 * A log written by the build before index writes were logged (commit ef6d02e): three vertices, a range
 * index and an explicit vector index defined (type 20), a property write and a removal; the index writes
 * made then (`engine.indexes.add` of element 0 under 30, `addVector` of element 1) were not logged.
 */
const logBeforeIndexWrites =
  'U0tFSU5XQUwBAAAAEQAAADLFa/kObnMtdGVzdAAAAMXbza2iNBwAAADj////e5+ZQwEBAYDEn9UMAQMBAAECYQABAAECYgABAAECYwAaAAAA5f///9jqL30BFAKAxJ/VDAEIYWdlcxRSYW5nZUluZGV4ADEAAADO////2kOCVAEUA4DEn9UMAQZ2ZWMWVmVjdG9ySW5kZXgCEmRpbWVuc2lvbgcEDG1ldHJpYwEETDIYAAAA5////8dytCYBAQSAxJ/VDAABAwQIbmFtZQEKQ2Fyb2wMAAAA8////xBOVlMBAQWAxJ/VDAABBQI=';

describe('logs written before entry type 21', () => {
  it('replay as before (definitions, no content), and index writes continue the same file', async () => {
    const file = logFile();
    writeFileSync(file, Buffer.from(logBeforeIndexWrites, 'base64'));
    const { engine, log } = await openLogged(file);
    assert.equal(log.status.lastRecoveryReplayedEntries, 5);
    assert.equal(log.status.lastRecoveryTruncated, false);
    assert.equal(engine.nextId, 3);
    assert.equal(engine.vertexCount, 2);
    assert.equal(engine.getVertex(2)?.properties[0]?.value.value, 'Carol');
    assert.deepEqual(
      engine.indexes.list().map((record) => [record.indexId, record.pluginType, record.values]),
      [
        ['ages', 'RangeIndex', 0],
        ['vec', 'VectorIndex', 0],
      ],
    );
    assert.equal(await engine.addToIndex('ages', 0, int(30)), true);
    await engine.putIndexVector('vec', 2, { vector: [1, 2] });
    const expected = indexState(engine);
    await log.close();
    const again = await openLogged(file);
    assert.equal(again.log.status.lastRecoveryReplayedEntries, 7);
    assert.deepEqual(indexState(again.engine), expected);
    assert.deepEqual(again.engine.indexes.scan('ages', ScanOperator.Equals, int(30), both), [0]);
    await again.log.close();
  });
});
