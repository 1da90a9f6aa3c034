/**
 * Index definitions in the write-ahead log (docs/durability.md, entry type 20; docs/indexes.md,
 * Persistence): `createIndex` / `dropIndex` are writer transactions, logged and replayed in commit order
 * among element transactions; a refusal commits and logs nothing; a clear drops only the indexes defined
 * before it; an index defined mid-group follows only the effects after its definition; replay tolerates
 * index changes the log never saw; a log written before entry type 20 existed still replays.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  Engine,
  ScanOperator,
  builtInIndexPlugins,
  isEngineError,
  parseValue,
  type IndexOptions,
  type IndexRecord,
  type IndexPlugin,
  type KeyedIndex,
  type TypedValue,
  type VectorIndex,
} from '../../../src/index.js';
import { LogReplayError } from '../../../src/engine/durability/wal/write-ahead-log.js';
import { FaultyFileSystem, engineState, ioError, openLogged, temporaryDirectory } from './support.js';

const int = (n: number) => parseValue('Int32', String(n));
const text = (t: string) => parseValue('String', t);

function boundOptions(name: string, dimension: number, metric: string): IndexOptions {
  return new Map<string, TypedValue>([
    ['dimension', int(dimension)],
    ['metric', text(metric)],
    ['embeddingName', text(name)],
  ]);
}

function embed(engine: Engine, id: number, vector: number[], name = 'e'): Promise<unknown> {
  return engine.submit([{ kind: 'setEmbedding', id, name, vector: Float32Array.from(vector) }]);
}

const queries = [Float32Array.of(0, 0, 0.5), Float32Array.of(3, 1, 0), Float32Array.of(-1, 2, 7)];

/** The index set and every vector index's answers to the queries: what a reader can observe of them. */
function indexState(engine: Engine): { list: IndexRecord[]; answers: Record<string, unknown> } {
  const answers: Record<string, unknown> = {};
  for (const index of engine.indexes.all()) {
    if (index.pluginType !== 'VectorIndex') continue;
    const vector = index as VectorIndex;
    answers[index.id] = queries.map((query) => vector.search(query, 5));
  }
  return { list: engine.indexes.list(), answers };
}

function logFile(): string {
  return path.join(temporaryDirectory(), 'svc.wal');
}

/** Indexes every live element under its own id at creation: a derived index whose content is ids. */
const idSnapshotPlugin: IndexPlugin = {
  pluginType: 'IdSnapshot',
  capabilities: ['equality'],
  creatableOverInterface: true,
  create(id, options, context) {
    const dictionary = builtInIndexPlugins.find((plugin) => plugin.pluginType === 'DictionaryIndex')!;
    const index = dictionary.create(id, options, context) as KeyedIndex;
    for (let element = 0; element < context.graph.nextId; element++) {
      if (context.graph.exists(element)) index.add(element, int(element));
    }
    return Object.assign(Object.create(index) as KeyedIndex, { pluginType: 'IdSnapshot' });
  },
  deserialize() {
    throw new Error('not saved in these tests');
  },
};

function withSnapshotPlugin(): Engine {
  const engine = new Engine({ clockSeconds: () => 1_700_000_000 });
  engine.indexes.registerType(idSnapshotPlugin);
  return engine;
}

describe('index definitions in the write-ahead log', () => {
  it('replay re-creates and drops indexes in commit order among element transactions', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file);
    await engine.createVertices(Array.from({ length: 8 }, () => ({ label: 'doc' })));
    await embed(engine, 0, [1, 0, 0]);
    await embed(engine, 1, [0, 1, 0]);
    await embed(engine, 2, [0, 0, 1]);
    assert.equal(await engine.createIndex('v', 'VectorIndex', boundOptions('e', 3, 'L2')), true);
    await embed(engine, 3, [2, 2, 0]);
    await embed(engine, 4, [1, 1, 1]);
    await engine.removeElement(1);
    assert.equal(await engine.createIndex('r', 'RangeIndex'), true);
    assert.equal(engine.indexes.add('r', 2, int(5)), true); // content: not logged
    assert.equal(await engine.dropIndex('v'), true);
    await embed(engine, 5, [0, 3, 0]);
    assert.equal(await engine.createIndex('v', 'VectorIndex', boundOptions('e', 3, 'DotProduct')), true);
    await engine.trim();
    await embed(engine, 0, [5, 5, 5]);
    // One group: an embedding write, a define, a removal and a drop, all queued in the same tick.
    await Promise.all([
      embed(engine, 6, [9, 0, 1]),
      engine.createIndex('w', 'VectorIndex', boundOptions('e', 3, 'Cosine')),
      engine.removeElement(3),
      engine.createIndex('gone', 'DictionaryIndex'),
      engine.dropIndex('gone'),
      embed(engine, 2, [0, 0, 4]),
    ]);
    const before = indexState(engine);
    const graphBefore = engineState(engine);
    assert.deepEqual(
      engine.indexes.list().map((record) => [record.indexId, record.pluginType, record.keys]),
      [
        ['r', 'RangeIndex', 1],
        ['v', 'VectorIndex', 5],
        ['w', 'VectorIndex', 5],
      ],
    );
    await log.close();

    const replayed = await openLogged(file);
    assert.deepEqual(engineState(replayed.engine), graphBefore);
    // The range index is back without the membership added outside the log; the rest is as it was.
    const [range, ...vectors] = before.list;
    assert.deepEqual(indexState(replayed.engine), {
      list: [{ ...range, keys: 0, values: 0 }, ...vectors],
      answers: before.answers,
    });
    await replayed.log.close();
  });

  it('a clear drops the indexes defined before it, not one defined after it in the same group', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file);
    await engine.createVertices([{}, {}]);
    assert.equal(await engine.createIndex('before', 'DictionaryIndex'), true);
    await Promise.all([engine.clear(), engine.createIndex('after', 'RangeIndex')]);
    assert.deepEqual(
      engine.indexes.list().map((record) => record.indexId),
      ['after'],
    );
    await log.close();
    const replayed = await openLogged(file);
    assert.deepEqual(
      replayed.engine.indexes.list().map((record) => record.indexId),
      ['after'],
    );
    await replayed.log.close();
  });

  it('an index defined after a removal and a trim of its group follows neither (live and on replay)', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file, { engine: withSnapshotPlugin() });
    await engine.createVertices([{}, {}, {}, {}]);
    await Promise.all([
      engine.removeElement(0),
      // Not `engine.trim()`: it queues a compaction right after, which would end the group.
      engine.submit([{ kind: 'trim' }]),
      engine.createIndex('ids', 'IdSnapshot'),
      engine.removeElement(2),
    ]);
    const check = (target: Engine) => {
      assert.equal(target.nextId, 3);
      // Each live element is under its own (post-trim) id; the removal after the definition purged 2.
      for (const [key, expected] of [
        [0, [0]],
        [1, [1]],
        [2, []],
      ] as const) {
        assert.deepEqual(
          target.indexes.scan('ids', ScanOperator.Equals, int(key), { resultType: 'Both' }),
          expected,
        );
      }
      assert.equal(target.indexes.list()[0].values, 2);
    };
    check(engine);
    await log.close();
    const replayed = await openLogged(file, { engine: withSnapshotPlugin() });
    check(replayed.engine);
    await replayed.log.close();
  });

  it('a refused create or drop answers false, commits nothing and writes no log entry', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file);
    assert.equal(await engine.createIndex('taken', 'RangeIndex'), true);
    const bytes = log.status.bytes;
    const sequence = engine.committedSequence;
    assert.equal(await engine.createIndex('taken', 'DictionaryIndex'), false);
    assert.equal(await engine.createIndex('x', 'rangeindex'), false);
    assert.equal(await engine.createIndex('x', 'VectorIndex', new Map([['dimension', int(0)]])), false);
    assert.equal(await engine.createIndex('x', 'VectorIndex', new Map([['metric', text('L2')]])), false);
    assert.equal(await engine.createIndex('x', 'SpatialIndex', new Map(), { overInterface: true }), false);
    assert.equal(await engine.dropIndex('never'), false);
    const refusals: [Promise<unknown>, string][] = [
      [
        engine.submit([
          { kind: 'defineIndex', indexId: 'taken', pluginType: 'RangeIndex', options: new Map() },
        ]),
        'INDEX_EXISTS',
      ],
      [
        engine.submit([{ kind: 'defineIndex', indexId: 'y', pluginType: 'Nope', options: new Map() }]),
        'INDEX_DEFINITION_INVALID',
      ],
      [engine.submit([{ kind: 'dropIndex', indexId: 'never' }]), 'INDEX_NOT_FOUND'],
    ];
    for (const [refusal, code] of refusals) {
      await assert.rejects(refusal, (error: unknown) => isEngineError(error) && error.code === code);
    }
    assert.equal(engine.committedSequence, sequence);
    await engine.flush();
    assert.equal(log.status.bytes, bytes);
    assert.deepEqual(
      engine.indexes.list().map((record) => [record.indexId, record.pluginType]),
      [['taken', 'RangeIndex']],
    );
    assert.throws(
      () =>
        engine.submit([
          { kind: 'dropIndex', indexId: 'taken' },
          { kind: 'removeElement', id: 0 },
        ]),
      (error: unknown) => isEngineError(error, 'INVALID_INPUT') && /only operation/.test(error.message),
    );
    await log.close();
  });

  it('a definition the log cannot make durable holds in memory and rejects as a writer fault', async () => {
    const fileSystem = new FaultyFileSystem();
    const { engine, log } = await openLogged(logFile(), { fileSystem });
    fileSystem.failWrite = ioError('write');
    await assert.rejects(
      engine.createIndex('r', 'RangeIndex'),
      (error: unknown) =>
        isEngineError(error, 'WRITER_FAULT') && /committed in memory but not durably/.test(error.message),
    );
    assert.deepEqual(
      engine.indexes.list().map((record) => record.indexId),
      ['r'],
    );
    assert.equal(log.status.degraded, true);
    await log.close();
  });

  it('replay gives way to index changes the log never saw: a define replaces, a drop of an absent one is a no-op', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file);
    assert.equal(engine.indexes.create('direct', 'DictionaryIndex'), true); // not logged
    assert.equal(await engine.dropIndex('direct'), true); // logged: an index replay will not have
    assert.equal(await engine.createIndex('y', 'RangeIndex'), true);
    await log.close();
    const target = new Engine({ clockSeconds: () => 1_700_000_000 });
    assert.equal(target.indexes.create('y', 'RegExIndex'), true);
    assert.equal(target.indexes.create('z', 'DictionaryIndex'), true);
    const replayed = await openLogged(file, { engine: target });
    assert.deepEqual(
      target.indexes.list().map((record) => [record.indexId, record.pluginType]),
      [
        ['z', 'DictionaryIndex'],
        ['y', 'RangeIndex'],
      ],
    );
    assert.equal(replayed.log.status.lastRecoveryReplayedEntries, 2);
    await replayed.log.close();
  });

  it('a define of a type this engine does not have stops replay loudly', async () => {
    const file = logFile();
    const { engine, log } = await openLogged(file, { engine: withSnapshotPlugin() });
    await engine.createVertex();
    assert.equal(await engine.createIndex('ids', 'IdSnapshot'), true);
    await log.close();
    await assert.rejects(
      openLogged(file),
      (error: unknown) =>
        error instanceof LogReplayError &&
        /entry 2 .*did not replay: the index type 'IdSnapshot' is not registered/.test(error.message),
    );
  });
});

/**
 * A log written by the build before index definitions were logged (commit 8a115a4): vertices with
 * properties, an edge, three embeddings (one with a model stamp), a property write, a stored-query
 * registration, a removal, a trim and a vertex after it; an index created then (not logged) is absent.
 */
const logBeforeIndexDefinitions =
  'U0tFSU5XQUwBAAAAEQAAAALLsfwObnMtdGVzdAAAAICAs8GcMygAAADX////vReA/wEBAYDEn9UMAQQBAAEGZG9jAQZhZ2UHPgEAAQZkb2MAAQAAAAEAAAAhAAAA3v///9jkQTMBAQKCxJ/VDAUBAgACCmNpdGVzAAABAncMAAAAAAAA4D8fAAAA4P///zjIOb4BAQOExJ/VDAABBgAIdGV4dAMAAIA/AAAAAAAAAAAAIgAAAN3///+HoxxLAQEEhsSf1QwAAQYCCHRleHQDAAAAAAAAgD8AAAAAAQRtMR8AAADg////fkTx9wEBBYjEn9UMAAEGBgh0ZXh0AwAAAAAAAAAAAACAPwASAAAA7f///189QuQBAQaKxJ/VDAABAwIGYWdlB1QYAAAA5////zmg4UoBEgeMxJ/VDAECcRh7Im5hbWUiOiJxIn0MAAAA8////we7CYcBAQiOxJ/VDAABBQQKAAAA9f///2o+534BAwmQxJ/VDAUEEwAAAOz///8NvJ62AQEKksSf1QwFAQEAAQhsYXRlAA==';

describe('logs written before entry type 20', () => {
  it('replay as before, and index definitions continue the same file', async () => {
    const file = logFile();
    writeFileSync(file, Buffer.from(logBeforeIndexDefinitions, 'base64'));
    const { engine, log } = await openLogged(file);
    assert.equal(log.status.lastRecoveryReplayedEntries, 10);
    assert.equal(log.status.lastRecoveryTruncated, false);
    assert.equal(engine.nextId, 5);
    assert.equal(engine.vertexCount, 4);
    assert.equal(engine.edgeCount, 1);
    assert.deepEqual(engine.getEdge(3)?.sourceVertex, 0);
    assert.equal(engine.getVertex(4)?.label, 'late');
    assert.equal(engine.graph.registrations.get('storedQuery', 'q'), '{"name":"q"}');
    assert.deepEqual(engine.indexes.list(), []);
    assert.deepEqual([...engine.graph.embeddings.get(2, 'text')!], [0, 0, 1]);

    assert.equal(
      await engine.createIndex('docs', 'VectorIndex', boundOptions('text', 3, 'DotProduct')),
      true,
    );
    const docs = engine.indexes.get('docs') as VectorIndex;
    assert.deepEqual(
      docs.search(Float32Array.of(0, 0, 1), 3).map((hit) => hit.graphElementId),
      [2, 0, 1],
    );
    const before = indexState(engine);
    await log.close();
    const again = await openLogged(file);
    assert.equal(again.log.status.lastRecoveryReplayedEntries, 11);
    assert.deepEqual(indexState(again.engine), before);
    await again.log.close();
  });
});
