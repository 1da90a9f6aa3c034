/**
 * Durability over HTTP: the failure fence seen by a client (a waited write whose log append fails answers
 * 500 with a problem naming the cause, and the server keeps answering), the `durability` block of
 * GET /status, the startup gate, and the log of a namespace created and dropped over the API.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Namespaces } from '../../src/index.js';
import { Durability, durabilityPaths } from '../../src/engine/durability/durability.js';
import { FaultyFileSystem, ioError, temporaryDirectory } from '../engine/durability/support.js';
import { Client, assertProblem, startServer, type TestServer } from '../support/server.js';

const durabilityFields = [
  'walEnabled',
  'degraded',
  'recoveryRan',
  'lastRecoveryTruncated',
  'lastRecoveryReplayedEntries',
  'lastCheckpointDroppedIndices',
];

describe('durability over HTTP', () => {
  let server: TestServer;
  let client: Client;
  let durability: Durability;
  const fileSystem = new FaultyFileSystem();
  before(async () => {
    const namespaces = new Namespaces();
    durability = await Durability.start(namespaces, {
      ...durabilityPaths({ storageDirectory: temporaryDirectory(), walPath: null, metadataDirectory: null }),
      volatile: false,
      fileSystem,
      onWarning: () => undefined,
    });
    server = await startServer({ namespaces, durability });
    client = new Client(server.url);
  });
  after(async () => {
    await server.close();
    await durability.close();
  });

  it('GET /status carries the six fields of the durability block', async () => {
    const status = await client.read<{ durability: Record<string, unknown> }>('/status');
    assert.deepEqual(Object.keys(status.durability).sort(), [...durabilityFields].sort());
    assert.equal(status.durability.walEnabled, true);
    assert.equal(status.durability.degraded, false);
  });

  it('a namespace created over the API gets its log; dropping it deletes the log', async () => {
    assert.equal((await client.put('/ns/cargo')).status, 201);
    const cargo = server.namespaces.require('cargo');
    const logFile = durability.logPathOf(cargo);
    assert.ok(existsSync(logFile));
    assert.equal((await client.put('/ns/cargo/vertex?waitForCompletion=true', {})).status, 202);
    const status = await client.read<{ durability: { walEnabled: boolean } }>('/ns/cargo/status');
    assert.equal(status.durability.walEnabled, true);
    assert.equal((await client.delete('/ns/cargo')).status, 204);
    assert.equal(existsSync(logFile), false);
  });

  it('a waited write whose log append fails answers 500 naming the cause; the server keeps serving', async () => {
    assert.equal((await client.put('/vertex?waitForCompletion=true', { label: 'durable' })).status, 202);
    fileSystem.failWrite = ioError('write');
    const failed = assertProblem(await client.put('/vertex?waitForCompletion=true', { label: 'lost' }), 500);
    assert.match(String(failed.detail), /not durably: write-ahead log append failed: EIO: i\/o error, write/);
    fileSystem.failWrite = null;

    assert.equal((await client.get('/healthz')).status, 200);
    assert.equal(await client.read<number>('/vertex/count'), 2, 'the commit stays in memory');
    const status = await client.read<{ durability: Record<string, unknown> }>('/status');
    assert.equal(status.durability.walEnabled, true);
    assert.equal(status.durability.degraded, true);

    // Later waited writes are told too; unwaited ones are accepted; reads go on.
    const later = assertProblem(await client.put('/vertex?waitForCompletion=true', {}), 500);
    assert.match(String(later.detail), /degraded: append failed: EIO/);
    assert.equal((await client.put('/vertex', {})).status, 202);
    await server.namespaces.default.engine.flush();
    assert.equal(await client.read<number>('/vertex/count'), 4);
    assert.equal(durability.nonDurableCommits, 3);
  });
});

describe('the startup gate', () => {
  let server: TestServer;
  let ready = false;
  before(async () => {
    server = await startServer({ isReady: () => ready });
  });
  after(() => server.close());

  it('answers only the probes until the startup load completes', async () => {
    ready = false;
    const client = new Client(server.url);
    assert.equal((await client.get('/healthz')).status, 200);
    assert.equal((await client.get('/readyz')).status, 503);
    for (const path of ['/vertex/count', '/status', '/ns/flights/vertex/count', '/nowhere']) {
      const response = await client.get(path);
      const problem = assertProblem(response, 503);
      assert.equal(problem.title, 'Service starting');
    }
    const raw = await fetch(`${server.url}/vertex/count`);
    assert.equal(raw.headers.get('retry-after'), '1');
    ready = true;
    assert.equal((await client.get('/readyz')).status, 200);
    assert.equal((await client.get('/vertex/count')).status, 200);
  });
});
