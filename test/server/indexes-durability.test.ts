/**
 * Index definitions are durable (docs/indexes.md, Persistence): a real server killed with SIGKILL comes
 * back with every index created after the last save (a bound vector index answering the same kNN as
 * before the kill, a range index with the membership added after the save, since index writes are logged
 * too; test/server/index-writes-crash.test.ts covers those) and without the one dropped after it. A
 * refused create answers false, as ever, and leaves nothing behind.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { temporaryDirectory } from '../engine/durability/support.js';
import { launchServer, type ChildServer } from '../support/child-server.js';

const directories: string[] = [];
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

async function call(server: ChildServer, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  assert.ok(response.status < 300, `${method} ${url} answered ${response.status}: ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

function spec(propertyValue: string, fullQualifiedTypeName: string) {
  return { propertyValue, fullQualifiedTypeName };
}

const boundIndex = {
  uniqueId: 'docs',
  pluginType: 'VectorIndex',
  pluginOptions: {
    dimension: spec('3', 'System.Int32'),
    metric: spec('L2', 'System.String'),
    embeddingName: spec('text', 'System.String'),
    model: spec('mini-3', 'System.String'),
  },
};

const queries = [
  [0, 0, 0],
  [5, 1, 0],
  [1, 9, 2],
];

async function knn(server: ChildServer): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const query of queries) {
    answers.push(await call(server, 'POST', '/scan/index/vector', { indexId: 'docs', query, k: 4 }));
  }
  return answers;
}

interface IndexRecord {
  indexId: string;
  pluginType: string;
  keys: number | null;
  values: number | null;
}

async function indices(server: ChildServer): Promise<IndexRecord[]> {
  return ((await call(server, 'GET', '/status')) as { indices: IndexRecord[] }).indices;
}

async function kill(server: ChildServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

describe('index definitions across a crash', () => {
  it('indexes created after the save survive SIGKILL, the one dropped after it stays gone', async () => {
    const directory = temporaryDirectory();
    directories.push(directory);
    const options = ['--Svc:Durability:SaveOnShutdown=false'];
    const first = await launchServer(directory, options);
    let knnBefore: unknown[];
    try {
      await call(
        first,
        'PUT',
        '/vertices?waitForCompletion=true',
        Array.from({ length: 8 }, () => ({})),
      );
      for (let id = 0; id < 4; id++) {
        await call(first, 'PUT', `/graphelement/${id}/embedding/text?waitForCompletion=true`, {
          vector: [id, 1, 0],
        });
      }
      assert.equal(
        await call(first, 'POST', '/index', { uniqueId: 'gone', pluginType: 'DictionaryIndex' }),
        true,
      );
      assert.equal(
        await call(first, 'PUT', '/index/gone', { graphElementId: 1, key: spec('one', 'String') }),
        true,
      );
      await call(first, 'PUT', '/save', {});

      // After the save: only the write-ahead log knows these.
      assert.equal(await call(first, 'DELETE', '/index/gone'), true);
      assert.equal(await call(first, 'POST', '/index', { uniqueId: 'ages', pluginType: 'RangeIndex' }), true);
      assert.equal(
        await call(first, 'PUT', '/index/ages', { graphElementId: 2, key: spec('40', 'Int32') }),
        true,
      );
      assert.equal(await call(first, 'POST', '/index', boundIndex), true);
      // Refused: a taken id, an unknown type, invalid options, a type not creatable over the interface.
      assert.equal(await call(first, 'POST', '/index', boundIndex), false);
      assert.equal(await call(first, 'POST', '/index', { uniqueId: 'x', pluginType: 'rangeindex' }), false);
      assert.equal(
        await call(first, 'POST', '/index', {
          uniqueId: 'x',
          pluginType: 'VectorIndex',
          pluginOptions: { dimension: spec('0', 'Int32') },
        }),
        false,
      );
      assert.equal(await call(first, 'POST', '/index', { uniqueId: 'x', pluginType: 'SpatialIndex' }), false);
      assert.equal(await call(first, 'DELETE', '/index/never'), false);
      // Embedding writes after the definition: the bound index follows them.
      for (let id = 3; id < 8; id++) {
        await call(first, 'PUT', `/graphelement/${id}/embedding/text?waitForCompletion=true`, {
          vector: [id * 2, 9 - id, 1],
        });
      }
      await call(first, 'DELETE', '/graphelement/0/embedding/text?waitForCompletion=true');
      await call(first, 'DELETE', '/graphelement/1?waitForCompletion=true');
      knnBefore = await knn(first);
      assert.equal((knnBefore[0] as { results: unknown[] }).results.length, 4);
      assert.deepEqual(
        (await indices(first)).map(({ indexId, pluginType }) => [indexId, pluginType]),
        [
          ['ages', 'RangeIndex'],
          ['docs', 'VectorIndex'],
        ],
      );
    } finally {
      await kill(first);
    }

    const second = await launchServer(directory, options);
    try {
      const records = await indices(second);
      assert.deepEqual(
        records.map(({ indexId, pluginType }) => [indexId, pluginType]),
        [
          ['ages', 'RangeIndex'],
          ['docs', 'VectorIndex'],
        ],
      );
      // The range index exists, with the membership added after the save (the log holds the write).
      assert.deepEqual(records[0], {
        indexId: 'ages',
        pluginType: 'RangeIndex',
        embeddingName: null,
        model: null,
        capabilities: ['equality', 'range'],
        keys: 1,
        values: 1,
      });
      assert.deepEqual(
        await call(second, 'POST', '/scan/index/all', {
          indexId: 'ages',
          literal: { value: '40', fullQualifiedTypeName: 'Int32' },
        }),
        [2],
      );
      assert.deepEqual(records[1], {
        indexId: 'docs',
        pluginType: 'VectorIndex',
        embeddingName: 'text',
        model: 'mini-3',
        capabilities: ['vector'],
        keys: 6,
        values: 6,
      });
      assert.deepEqual(await knn(second), knnBefore);
      assert.equal(await call(second, 'DELETE', '/index/gone'), false);
      assert.equal(
        await call(second, 'POST', '/index', { uniqueId: 'gone', pluginType: 'DictionaryIndex' }),
        true,
      );
    } finally {
      await kill(second);
    }
  });
});
