/**
 * A crash after a save (SIGKILL of a real server process): the restart loads the checkpoint, with its
 * embeddings and indexes, and replays the log, so the embedding writes acknowledged after the save are
 * there too, and a bound vector index ranks them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { temporaryDirectory } from '../engine/durability/support.js';
import { launchServer as launchChildServer, type ChildServer } from '../support/child-server.js';

/** A real server process on its own storage (test/support/child-server.ts), saving nothing on shutdown. */
function launchServer(storage: string): Promise<ChildServer> {
  return launchChildServer(storage, ['--Svc:Durability:SaveOnShutdown=false']);
}

async function call(base: string, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  assert.ok(response.status < 300, `${method} ${url} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const spec = (propertyValue: string, fullQualifiedTypeName: string) => ({
  propertyValue,
  fullQualifiedTypeName,
});

describe('a crash after a save', () => {
  it('recovers the checkpoint’s embeddings and indexes and the embedding writes acknowledged after it', async () => {
    const storage = temporaryDirectory();
    let server = await launchServer(storage);
    try {
      const base = server.base;
      await call(
        base,
        'PUT',
        '/vertices?waitForCompletion=true',
        Array.from({ length: 10 }, () => ({})),
      );
      for (let id = 0; id < 10; id++) {
        await call(base, 'PUT', `/graphelement/${id}/embedding/default?waitForCompletion=true`, {
          vector: [id, 1, 0],
        });
      }
      await call(base, 'POST', '/index', {
        uniqueId: 'bound',
        pluginType: 'VectorIndex',
        pluginOptions: {
          dimension: spec('3', 'System.Int32'),
          metric: spec('DotProduct', 'System.String'),
          embeddingName: spec('default', 'System.String'),
        },
      });
      await call(base, 'POST', '/index', { uniqueId: 'names', pluginType: 'DictionaryIndex' });
      await call(base, 'PUT', '/index/names', { graphElementId: 4, key: spec('four', 'System.String') });
      await call(base, 'PUT', '/save');

      // Acknowledged after the save: only the log has them.
      await call(base, 'PUT', '/graphelement/3/embedding/default?waitForCompletion=true', {
        vector: [100, 0, 0],
      });
      await call(base, 'PUT', '/graphelement/8/embedding/other?waitForCompletion=true', {
        vector: [1, 2, 3, 4],
      });
      await call(base, 'DELETE', '/graphelement/9/embedding/default?waitForCompletion=true');
      server.child.kill('SIGKILL');
      await server.exited;

      server = await launchServer(storage);
      const after = server.base;
      assert.deepEqual(await call(after, 'GET', '/graphelement/3/embedding/default'), {
        name: 'default',
        vector: [100, 0, 0],
        model: null,
      });
      assert.deepEqual(await call(after, 'GET', '/graphelement/8/embedding/other'), {
        name: 'other',
        vector: [1, 2, 3, 4],
        model: null,
      });
      assert.equal((await fetch(`${after}/graphelement/9/embedding/default`)).status, 404);
      assert.deepEqual(await call(after, 'GET', '/graphelement/7/embedding/default'), {
        name: 'default',
        vector: [7, 1, 0],
        model: null,
      });
      const knn = (await call(after, 'POST', '/scan/index/vector', {
        indexId: 'bound',
        query: [1, 0, 0],
        k: 3,
      })) as {
        results: { graphElementId: number }[];
      };
      assert.deepEqual(
        knn.results.map((hit) => hit.graphElementId),
        [3, 8, 7],
        'the bound index ranks the recovered embeddings',
      );
      assert.deepEqual(
        await call(after, 'POST', '/scan/index/all', {
          indexId: 'names',
          operator: 0,
          literal: { value: 'four', fullQualifiedTypeName: 'System.String' },
          resultType: 'Both',
        }),
        [4],
      );
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
