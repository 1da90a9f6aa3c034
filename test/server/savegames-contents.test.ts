/**
 * What a save game holds, over HTTP on a real service (docs/checkpoints.md, docs/savegames.md): element
 * embeddings and every index type survive `PUT /save` then `PUT /load` and a restart, with every scan
 * answering the same; the load replaces the index set; `kpis.indices` lists each index by id and type;
 * an index the checkpoint could not write is counted in the durability block.
 */
import assert from 'node:assert/strict';
import {} from 'node:fs';
import { describe, it } from 'node:test';
import type { RunningService } from '../../src/server/start.js';
import { temporaryDirectory } from '../support/temporary-directory.js';
import { startDurableService as start } from '../support/durable-service.js';
import { stubIndexPlugin } from '../support/stub-index-plugin.js';

function storage(): string {
  return temporaryDirectory('savegame-contents');
}

async function call(service: RunningService, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${service.address}${url}`, {
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
const vectorOf = (seed: number, dimension: number) =>
  Array.from({ length: dimension }, (_, i) => Math.round(Math.sin(seed * 7.3 + i * 1.7) * 1000) / 1000);

/** 30 vertices and a chain of edges; embeddings under two names and three dimensions; one index of each type. */
async function populate(service: RunningService): Promise<void> {
  const vertices = Array.from({ length: 30 }, (_, i) => ({ label: i % 3 === 0 ? 'city' : 'town' }));
  await call(service, 'PUT', '/vertices?waitForCompletion=true', vertices);
  for (let id = 0; id < 30; id++) {
    if (id % 4 !== 3) {
      await call(service, 'PUT', `/graphelement/${id}/embedding/default?waitForCompletion=true`, {
        vector: vectorOf(id, 6),
      });
    }
    await call(service, 'PUT', `/graphelement/${id}/embedding/title?waitForCompletion=true`, {
      vector: vectorOf(id + 100, id % 2 === 0 ? 3 : 5),
    });
  }
  const create = (uniqueId: string, pluginType: string, options: Record<string, [string, string]> = {}) =>
    call(service, 'POST', '/index', {
      uniqueId,
      pluginType,
      pluginOptions: Object.fromEntries(Object.entries(options).map(([k, [v, t]]) => [k, spec(v, t)])),
    });
  for (const [id, type] of [
    ['names', 'DictionaryIndex'],
    ['ages', 'RangeIndex'],
    ['texts', 'RegExIndex'],
  ]) {
    assert.equal(await create(id, type), true);
  }
  assert.equal(
    await create('explicit', 'VectorIndex', {
      dimension: ['4', 'System.Int32'],
      metric: ['L2', 'System.String'],
    }),
    true,
  );
  assert.equal(
    await create('bound', 'VectorIndex', {
      dimension: ['6', 'System.Int32'],
      metric: ['Cosine', 'System.String'],
      embeddingName: ['default', 'System.String'],
    }),
    true,
  );
  const engine = service.namespaces.require('default').engine;
  assert.ok(engine.indexes.createSpatialIndex('places'));
  for (let id = 0; id < 30; id++) {
    await call(service, 'PUT', '/index/names', {
      graphElementId: id,
      key: spec(`n${id % 5}`, 'System.String'),
    });
    await call(service, 'PUT', '/index/ages', {
      graphElementId: id,
      key: spec(String(id * 3), 'System.Int32'),
    });
    await call(service, 'PUT', '/index/texts', {
      graphElementId: id,
      key: spec(`road ${id} to ${id % 2 === 0 ? 'north' : 'south'}`, 'System.String'),
    });
    if (id % 3 === 0)
      await call(service, 'PUT', '/index/vector/explicit', { graphElementId: id, vector: vectorOf(id, 4) });
    engine.indexes.addGeometry('places', id, [id % 6, Math.floor(id / 6)]);
  }
}

/** Every scan's answer, and the index inventory of GET /status. */
async function answers(service: RunningService): Promise<unknown> {
  const status = (await call(service, 'GET', '/status')) as { indices: unknown };
  return {
    indices: status.indices,
    names: await call(service, 'POST', '/scan/index/all', {
      indexId: 'names',
      operator: 0,
      literal: { value: 'n2', fullQualifiedTypeName: 'System.String' },
      resultType: 'Vertices',
    }),
    ages: await call(service, 'POST', '/scan/index/range', {
      indexId: 'ages',
      leftLimit: '12',
      rightLimit: '60',
      fullQualifiedTypeName: 'System.Int32',
      includeLeft: true,
      includeRight: false,
      resultType: 'Vertices',
    }),
    texts: await call(service, 'POST', '/scan/index/fulltext', {
      indexId: 'texts',
      requestString: 'ROAD 1[0-9] TO NORTH',
    }),
    places: await call(service, 'POST', '/scan/index/spatial', {
      indexId: 'places',
      graphElementId: 14,
      distance: 1,
    }),
    explicit: await call(service, 'POST', '/scan/index/vector', {
      indexId: 'explicit',
      query: [1, 0.5, -0.5, 0.25],
      k: 5,
    }),
    bound: await call(service, 'POST', '/scan/index/vector', {
      indexId: 'bound',
      query: vectorOf(3, 6),
      k: 8,
    }),
    embeddings: await Promise.all(
      [0, 1, 2, 3, 7, 29].map((id) =>
        Promise.all(
          ['default', 'title'].map(async (name) => {
            const response = await fetch(`${service.address}/graphelement/${id}/embedding/${name}`);
            return response.status === 200 ? await response.json() : response.status;
          }),
        ),
      ),
    ),
  };
}

describe('save-game contents over HTTP', () => {
  it('embeddings and every index type come back from PUT /load and from a restart, scans unchanged', async () => {
    const directory = storage();
    let service = await start(directory);
    const running = new Set<RunningService>([service]);
    try {
      await populate(service);
      const expected = await answers(service);
      const entry = (await call(service, 'PUT', '/save')) as {
        location: string;
        kpis: { indices: unknown[]; availableIndexPlugins: string[] };
      };
      assert.deepEqual(
        entry.kpis.indices,
        ['names', 'ages', 'texts', 'explicit', 'bound', 'places'].map((indexId, i) => ({
          indexId,
          pluginType: [
            'DictionaryIndex',
            'RangeIndex',
            'RegExIndex',
            'VectorIndex',
            'VectorIndex',
            'SpatialIndex',
          ][i],
          embeddingName: null,
          model: null,
          capabilities: null,
          keys: null,
          values: null,
        })),
      );
      assert.ok(entry.kpis.availableIndexPlugins.includes('VectorIndex'));

      // Change everything, then load the checkpoint back by path.
      await call(service, 'DELETE', '/index/ages');
      await call(service, 'POST', '/index', { uniqueId: 'later', pluginType: 'DictionaryIndex' });
      await call(service, 'PUT', '/index/names', { graphElementId: 0, key: spec('n2', 'System.String') });
      await call(service, 'PUT', '/graphelement/1/embedding/default?waitForCompletion=true', {
        vector: vectorOf(99, 6),
      });
      await call(service, 'DELETE', '/graphelement/2/embedding/title?waitForCompletion=true');
      const changed = (await call(service, 'GET', '/status')) as { indices: { indexId: string }[] };
      assert.deepEqual(
        changed.indices.map((index) => index.indexId),
        ['names', 'texts', 'explicit', 'bound', 'places', 'later'],
      );
      await call(service, 'PUT', '/load', { saveGameLocation: entry.location });
      assert.deepEqual(await answers(service), expected, 'after PUT /load');

      // A restart loads the checkpoint the log builds on and replays the embedding writes made since.
      await call(service, 'PUT', '/graphelement/5/embedding/title?waitForCompletion=true', {
        vector: [9, 8, 7],
      });
      await service.stop();
      running.delete(service);
      service = await start(directory);
      running.add(service);
      const restarted = (await answers(service)) as { embeddings: unknown[][] };
      const after = structuredClone(expected) as { embeddings: unknown[][] };
      assert.deepEqual(
        { ...restarted, embeddings: null },
        { ...after, embeddings: null },
        'indexes after a restart',
      );
      const five = await call(service, 'GET', '/graphelement/5/embedding/title');
      assert.deepEqual(five, { name: 'title', vector: [9, 8, 7], model: null });
    } finally {
      for (const open of running) await open.stop();
    }
  });

  it('the log replayed on a loaded checkpoint purges removed elements from its indexes and renumbers them after a trim', async () => {
    const directory = storage();
    let service = await start(directory);
    try {
      await call(
        service,
        'PUT',
        '/vertices?waitForCompletion=true',
        Array.from({ length: 6 }, () => ({})),
      );
      await call(service, 'POST', '/index', { uniqueId: 'tags', pluginType: 'DictionaryIndex' });
      await call(service, 'POST', '/index', {
        uniqueId: 'vectors',
        pluginType: 'VectorIndex',
        pluginOptions: { dimension: spec('2', 'System.Int32'), metric: spec('L2', 'System.String') },
      });
      for (let id = 0; id < 6; id++) {
        await call(service, 'PUT', '/index/tags', {
          graphElementId: id,
          key: spec(`k${id}`, 'System.String'),
        });
        await call(service, 'PUT', '/index/vector/vectors', { graphElementId: id, vector: [id, 0] });
      }
      await call(service, 'PUT', '/save');
      await call(service, 'DELETE', '/graphelement/1?waitForCompletion=true');
      await call(service, 'HEAD', '/trim');
      await call(service, 'PUT', '/vertices?waitForCompletion=true', [{}]);
      const scans = async () => ({
        tags: await Promise.all(
          [0, 1, 2, 3, 4, 5].map((n) =>
            call(service, 'POST', '/scan/index/all', {
              indexId: 'tags',
              operator: 0,
              literal: { value: `k${n}`, fullQualifiedTypeName: 'System.String' },
              resultType: 'Both',
            }),
          ),
        ),
        knn: await call(service, 'POST', '/scan/index/vector', { indexId: 'vectors', query: [3, 0], k: 6 }),
      });
      const expected = await scans();
      assert.deepEqual(expected.tags, [[0], [], [1], [2], [3], [4]], 'purged, then renumbered');
      await service.stop();
      service = await start(directory);
      assert.deepEqual(await scans(), expected);
    } finally {
      await service.stop();
    }
  });

  it('an index the checkpoint cannot write is left out and counted in lastCheckpointDroppedIndices', async () => {
    const directory = storage();
    const service = await start(directory);
    try {
      await call(service, 'PUT', '/vertices?waitForCompletion=true', [{}, {}]);
      await call(service, 'POST', '/index', { uniqueId: 'kept', pluginType: 'DictionaryIndex' });
      const engine = service.namespaces.require('default').engine;
      const failing = stubIndexPlugin(
        'UnwritableIndex',
        {
          keyCount: null,
          valueCount: null,
          serialize: () => {
            throw new Error('no serialized form');
          },
        },
        true,
      );
      engine.indexes.registerType(failing);
      await call(service, 'POST', '/index', { uniqueId: 'lost', pluginType: 'UnwritableIndex' });
      const durability = async () =>
        ((await call(service, 'GET', '/status')) as { durability: { lastCheckpointDroppedIndices: number } })
          .durability.lastCheckpointDroppedIndices;
      assert.equal(await durability(), 0);
      const entry = (await call(service, 'PUT', '/save')) as {
        location: string;
        kpis: { indices: { indexId: string }[] };
      };
      assert.deepEqual(
        entry.kpis.indices.map((index) => index.indexId),
        ['kept'],
      );
      assert.equal(await durability(), 1);
      await call(service, 'DELETE', '/index/lost');
      await call(service, 'PUT', '/save');
      assert.equal(await durability(), 0, 'the count is the last checkpoint’s');
    } finally {
      await service.stop();
    }
  });
});
