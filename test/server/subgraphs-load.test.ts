/**
 * Subgraphs across a save-game restore over HTTP (docs/subgraphs.md, "Durability"): the extracts are built
 * again from their recipes against the loaded graph, also when a recipe is byte-for-byte the one already
 * registered.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startDurableService } from '../support/durable-service.js';
import { Client } from '../support/server.js';
import { temporaryDirectory } from '../support/temporary-directory.js';
import { createSubgraph, describePage, named, type GraphPage, type Summary } from '../support/subgraphs.js';

describe('subgraphs across a save-game restore', () => {
  it('a restore rebuilds every extract against the loaded graph, an unchanged recipe included', async () => {
    const service = await startDurableService(temporaryDirectory('subgraphs-load'));
    try {
      const client = new Client(service.address);
      assert.equal((await client.put('/unittest')).status, 200);
      await client.vertices({});
      assert.equal((await client.delete('/graphelement/11?waitForCompletion=true')).status, 202);
      const everything = await createSubgraph(client, { name: 'everything' });
      assert.deepEqual([everything.vertexCount, everything.edgeCount], [5, 6]);
      const older = (await client.put('/save')).body as { id: string; kpis: { subGraphs: string[] } };
      assert.deepEqual(older.kpis.subGraphs, ['everything']);

      await client.vertices({ label: 'later' });
      assert.equal((await client.post('/subgraph/everything/recalculate')).status, 200);
      await createSubgraph(client, { name: 'added-later' });
      assert.equal((await client.put('/save')).status, 200);
      assert.equal((await client.read<Summary>('/subgraph/everything')).vertexCount, 6);

      const restored = await client.put(`/savegames/${older.id}/load?waitForCompletion=true`);
      assert.equal(restored.status, 200, restored.text);
      assert.equal(await client.read('/vertex/count'), 5);
      assert.deepEqual(await client.read('/subgraph'), ['everything']);
      const summary = await client.read<Summary>('/subgraph/everything');
      assert.deepEqual([summary.vertexCount, summary.edgeCount], [5, 6]);
      assert.equal(summary.rebuildFailure, null);
      const page = await client.read<GraphPage>('/subgraph/everything/graph');
      assert.deepEqual(describePage(page).vertices, ['Alice', 'Bob', 'Eve', 'Mallory', 'Trent']);
    } finally {
      await service.stop();
    }
  });

  it('recipes saved in a checkpoint come back at a restart, rebuilt against the checkpoint graph', async () => {
    const directory = temporaryDirectory('subgraphs-restart');
    let service = await startDurableService(directory);
    try {
      const client = new Client(service.address);
      assert.equal((await client.put('/unittest')).status, 200);
      await createSubgraph(client, { name: 'everything', additionalInformation: { kept: 'yes' } });
      await createSubgraph(
        client,
        { name: 'alice', vertexFilter: named('Alice') },
        '?fromSubGraph=everything',
      );
      assert.equal((await client.put('/save')).status, 200);
      await service.stop();
      service = await startDurableService(directory);
      const restarted = new Client(service.address);
      assert.deepEqual(await restarted.read('/subgraph'), ['everything', 'alice']);
      const everything = await restarted.read<Summary>('/subgraph/everything');
      assert.deepEqual(
        [
          everything.vertexCount,
          everything.edgeCount,
          everything.additionalInformation,
          everything.rebuildFailure,
        ],
        [5, 6, { kept: 'yes' }, null],
      );
      const page = await restarted.read<GraphPage>('/subgraph/alice/graph');
      assert.deepEqual(describePage(page).vertices, ['Alice']);
    } finally {
      await service.stop();
    }
  });
});
