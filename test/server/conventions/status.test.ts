import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  assertProblem,
  json,
  sleep,
  startTestServer,
  type TestServer,
} from '../../support/conventions-server.js';

const pluginLists = [
  'availableIndexPlugins',
  'availablePathPlugins',
  'availableSubGraphPlugins',
  'availableAnalyticsPlugins',
  'availableServicePlugins',
];
const blocks = ['embedding', 'chat', 'ingestion', 'nlp'];

async function createVertices(server: TestServer, prefix: string, count: number): Promise<void> {
  const body = Array.from({ length: count }, (_, index) => ({ label: `v${index}` }));
  const response = await fetch(`${server.url}${prefix}/vertices?waitForCompletion=true`, json('PUT', body));
  assert.equal(response.status, 200);
}

async function statusOf(server: TestServer, prefix = ''): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${prefix}/status`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt++) {
    if (await condition()) return;
    await sleep(20);
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('GET /status', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('reports every field of the status shape, capability blocks included', async () => {
    const status = await statusOf(server);
    for (const field of [
      'usedMemory',
      'namespaceState',
      'vertexCount',
      'edgeCount',
      'indices',
      ...pluginLists,
      'apiKeyRequired',
      'authenticated',
      ...blocks,
      'durability',
    ]) {
      assert.ok(Object.hasOwn(status, field), `field ${field}`);
    }
    assert.ok(Number.isInteger(status.usedMemory) && (status.usedMemory as number) > 0, 'usedMemory');
    assert.equal(status.namespaceState, 'ready');
    assert.equal(status.vertexCount, 0);
    assert.equal(status.edgeCount, 0);
    assert.deepEqual(status.indices, []);
    for (const list of pluginLists) assert.ok(Array.isArray(status[list]), list);
    // The path searches POST /paths runs are listed as the available path plugins.
    assert.deepEqual(status.availablePathPlugins, ['BLS', 'DIJKSTRA']);
    for (const block of blocks) {
      assert.equal(typeof status[block], 'object', block);
      assert.notEqual(status[block], null, block);
      assert.equal(typeof (status[block] as { enabled: unknown }).enabled, 'boolean', `${block}.enabled`);
    }
    assert.ok(status.durability === null || typeof status.durability === 'object');
    assert.equal(status.apiKeyRequired, false);
    assert.equal(status.authenticated, false);
  });

  it('counts live elements of the addressed namespace, bare and under /ns/{ns}', async () => {
    assert.equal((await fetch(`${server.url}/ns/counted`, { method: 'PUT' })).status, 201);
    await createVertices(server, '', 2);
    await createVertices(server, '/ns/counted', 3);
    const edge = await fetch(
      `${server.url}/ns/counted/edge?waitForCompletion=true`,
      json('PUT', { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows' }),
    );
    assert.equal(edge.status, 202);
    const bare = await statusOf(server);
    assert.deepEqual([bare.vertexCount, bare.edgeCount], [2, 0]);
    const scoped = await statusOf(server, '/ns/counted');
    assert.deepEqual([scoped.vertexCount, scoped.edgeCount], [3, 1]);
    const viaDefault = await statusOf(server, '/ns/default');
    assert.deepEqual([viaDefault.vertexCount, viaDefault.edgeCount], [2, 0]);
  });

  it('under an unknown namespace answers 404 with the namespace member', async () => {
    const body = await assertProblem(
      await fetch(`${server.url}/ns/missing/status`),
      404,
      'Namespace not found',
    );
    assert.equal(body.namespace, 'missing');
  });
});

describe('probes', () => {
  let ready = false;
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ isReady: () => ready });
  });
  after(() => server.close());

  it('/healthz answers 200 text/plain Healthy', async () => {
    const response = await fetch(`${server.url}/healthz`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await response.text(), 'Healthy');
  });

  it('/readyz answers 503 Unhealthy until ready, then 200 Healthy', async () => {
    ready = false;
    const before = await fetch(`${server.url}/readyz`);
    assert.equal(before.status, 503);
    assert.match(before.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await before.text(), 'Unhealthy');
    ready = true;
    const after = await fetch(`${server.url}/readyz`);
    assert.equal(after.status, 200);
    assert.match(after.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(await after.text(), 'Healthy');
  });

  it('the probes have no /ns twin', async () => {
    await assertProblem(await fetch(`${server.url}/ns/default/healthz`), 404, 'Not Found');
    await assertProblem(await fetch(`${server.url}/ns/default/readyz`), 404, 'Not Found');
  });
});

describe('maintenance', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('HEAD /tabularasa answers 200 and empties the addressed namespace only; it stays registered', async () => {
    assert.equal((await fetch(`${server.url}/ns/wiped`, { method: 'PUT' })).status, 201);
    await createVertices(server, '/ns/wiped', 2);
    await createVertices(server, '', 1);
    const response = await fetch(`${server.url}/ns/wiped/tabularasa`, { method: 'HEAD' });
    assert.equal(response.status, 200);
    await until(async () => (await statusOf(server, '/ns/wiped')).vertexCount === 0, 'the clear');
    assert.equal((await statusOf(server)).vertexCount, 1);
    assert.equal((await fetch(`${server.url}/ns/wiped`)).status, 200);
    await fetch(`${server.url}/tabularasa`, { method: 'HEAD' });
    await until(async () => (await statusOf(server)).vertexCount === 0, 'the clear of default');
  });

  it('HEAD /tabularasa/all answers 204, drops every other namespace and clears default', async () => {
    for (const name of ['one', 'two']) {
      assert.equal((await fetch(`${server.url}/ns/${name}`, { method: 'PUT' })).status, 201);
      await createVertices(server, `/ns/${name}`, 1);
    }
    await createVertices(server, '', 2);
    const response = await fetch(`${server.url}/tabularasa/all`, { method: 'HEAD' });
    assert.equal(response.status, 204);
    const list = (await (await fetch(`${server.url}/ns`)).json()) as { namespaces: { name: string }[] };
    assert.deepEqual(
      list.namespaces.map((record) => record.name),
      ['default'],
    );
    const status = await statusOf(server);
    assert.deepEqual([status.vertexCount, status.edgeCount], [0, 0]);
    await assertProblem(await fetch(`${server.url}/ns/one/status`), 404, 'Namespace not found');
  });

  it('HEAD /tabularasa/all is deployment-level: it has no /ns twin', async () => {
    const response = await fetch(`${server.url}/ns/default/tabularasa/all`, { method: 'HEAD' });
    await assertProblem(response, 404, undefined, 'HEAD');
  });
});
