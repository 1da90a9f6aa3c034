/**
 * The writer's queue bound over HTTP (docs/limits.md): with the namespace's writer held by an exclusive
 * step, writes up to the bound are accepted, the next is answered 503 problem+json `Writer queue full`
 * with `Retry-After`, waited or not, and after the release every accepted write is present and new writes
 * succeed.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Namespaces, type Engine } from '../../src/index.js';
import { writerQueueFullRetryAfterSeconds } from '../../src/server/conventions/errors.js';
import { startServer, type TestServer } from '../support/server.js';

const bound = 4;

interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

async function send(url: string, method: string, body?: unknown): Promise<Reply> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function named(name: string) {
  return {
    label: 'queued',
    properties: [{ propertyId: 'name', propertyValue: name, fullQualifiedTypeName: 'System.String' }],
  };
}

/** Asserts the refusal: 503 problem+json, the stable title, and `Retry-After` in seconds. */
function assertQueueFull(reply: Reply): void {
  assert.equal(reply.status, 503, reply.text);
  assert.equal(reply.headers.get('content-type')?.split(';')[0], 'application/problem+json');
  assert.equal(reply.headers.get('retry-after'), String(writerQueueFullRetryAfterSeconds));
  const problem = JSON.parse(reply.text) as Record<string, unknown>;
  assert.equal(problem.title, 'Writer queue full');
  assert.equal(problem.status, 503);
  assert.equal(problem.maxQueuedTransactions, bound);
  assert.match(String(problem.detail), /queue is full/);
}

/** Holds `engine`'s writer until the returned function is called. */
function hold(engine: Engine): () => Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = engine.exclusive(() => gate);
  return async () => {
    release();
    await held;
  };
}

/** Polls (each poll a short sleep) until `engine` has `count` transactions queued. */
async function queued(engine: Engine, count: number): Promise<void> {
  for (let poll = 0; poll < 2_000 && engine.queuedTransactions < count; poll++) await sleep(5);
  assert.equal(engine.queuedTransactions, count);
}

describe('the writer queue bound over HTTP', () => {
  let server: TestServer;
  let engine: Engine;

  before(async () => {
    server = await startServer({ namespaces: new Namespaces({ engine: { maxQueuedTransactions: bound } }) });
    engine = server.namespaces.default.engine;
  });
  after(() => server.close());

  it(`answers 202 to ${bound} unwaited PUT /vertex on a held writer, 503 Writer queue full with Retry-After to the next, and keeps the ${bound}`, async () => {
    await engine.clear();
    const release = hold(engine);
    for (let i = 0; i < bound; i++) {
      const reply = await send(`${server.url}/vertex`, 'PUT', named(`unwaited-${i}`));
      assert.equal(reply.status, 202, reply.text);
    }
    assertQueueFull(await send(`${server.url}/vertex`, 'PUT', named('refused')));
    assertQueueFull(await send(`${server.url}/vertex?waitForCompletion=true`, 'PUT', named('refused')));
    await release();
    await engine.flush();
    assert.equal(engine.vertexCount, bound);
    for (let id = 0; id < bound; id++) {
      const vertex = JSON.parse((await send(`${server.url}/vertex/${id}`, 'GET')).text) as {
        properties: { propertyValue: string }[];
      };
      assert.equal(vertex.properties[0].propertyValue, `unwaited-${id}`);
    }
    assert.equal(
      (await send(`${server.url}/vertex?waitForCompletion=true`, 'PUT', named('after'))).status,
      202,
    );
    assert.equal(engine.vertexCount, bound + 1);
  });

  it(`holds ${bound} waited PUT /vertex?waitForCompletion=true until the writer is released, refuses the next with 503, then commits the ${bound}`, async () => {
    await engine.clear();
    const release = hold(engine);
    const waiting = Array.from({ length: bound }, (_, i) =>
      send(`${server.url}/vertex?waitForCompletion=true`, 'PUT', named(`waited-${i}`)),
    );
    await queued(engine, bound);
    assertQueueFull(await send(`${server.url}/vertex?waitForCompletion=true`, 'PUT', named('refused')));
    assertQueueFull(await send(`${server.url}/vertex`, 'PUT', named('refused')));
    await release();
    for (const reply of await Promise.all(waiting)) assert.equal(reply.status, 202, reply.text);
    assert.equal(engine.vertexCount, bound);
    const names = new Set<string>();
    for (let id = 0; id < bound; id++) {
      const vertex = JSON.parse((await send(`${server.url}/vertex/${id}`, 'GET')).text) as {
        properties: { propertyValue: string }[];
      };
      names.add(vertex.properties[0].propertyValue);
    }
    assert.deepEqual(
      [...names].sort(),
      Array.from({ length: bound }, (_, i) => `waited-${i}`),
    );
    assert.equal((await send(`${server.url}/vertex`, 'PUT', named('after'))).status, 202);
    await engine.flush();
    assert.equal(engine.vertexCount, bound + 1);
  });

  it('refuses every kind of write on a full queue with 503, before answering 202 to an unwaited one', async () => {
    await engine.clear();
    const [a, b] = await engine.createVertices([{}, {}]);
    const release = hold(engine);
    for (let i = 0; i < bound; i++) void engine.createVertex();
    const property = { propertyId: 'k', propertyValue: 'v', fullQualifiedTypeName: 'System.String' };
    const writes: [string, string, unknown?][] = [
      ['PUT', '/vertices', [named('x')]],
      ['PUT', '/edge', { sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' }],
      ['PUT', '/edges', [{ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' }]],
      ['PUT', `/graphelement/${a}/k`, property],
      ['DELETE', `/graphelement/${a}/k`],
      ['DELETE', `/graphelement/${a}`],
      ['PUT', `/graphelement/${a}/embedding/e`, { vector: [1, 2] }],
      ['DELETE', `/graphelement/${a}/embedding/e`],
      ['POST', '/index', { uniqueId: 'byName', pluginType: 'DictionaryIndex' }],
      ['DELETE', '/index/byName'],
      ['PUT', '/unittest'],
      [
        'POST',
        '/storedquery',
        { name: 'q', kind: 'Path', path: { filter: { vertexFilter: 'return (v) => true;' } } },
      ],
    ];
    for (const [method, path, body] of writes) {
      assertQueueFull(await send(`${server.url}${path}`, method, body));
    }
    for (const path of ['/tabularasa', '/trim']) {
      const reply = await send(`${server.url}${path}`, 'HEAD');
      assert.equal(reply.status, 503, path);
      assert.equal(reply.headers.get('retry-after'), String(writerQueueFullRetryAfterSeconds), path);
    }
    await release();
    await engine.flush();
    assert.equal(engine.vertexCount, 2 + bound, 'nothing of the refused writes was applied');
    assert.equal(engine.getVertex(a)?.properties.length, 0);
    assert.equal((await send(`${server.url}/storedquery`, 'GET')).text, '[]');
  });
});

describe('the writer queue byte bound over HTTP', () => {
  let server: TestServer;
  let engine: Engine;
  const valueLength = 6_000;

  before(async () => {
    server = await startServer({
      namespaces: new Namespaces({ engine: { maxQueuedBytes: 2 * valueLength + 1_000 } }),
    });
    engine = server.namespaces.default.engine;
  });
  after(() => server.close());

  it('accepts large writes while their bytes fit in maxQueuedBytes and refuses the one that would pass it', async () => {
    const release = hold(engine);
    const large = named('x'.repeat(valueLength));
    assert.equal((await send(`${server.url}/vertex`, 'PUT', large)).status, 202);
    assert.equal((await send(`${server.url}/vertex`, 'PUT', large)).status, 202);
    const refused = await send(`${server.url}/vertex?waitForCompletion=true`, 'PUT', large);
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.headers.get('retry-after'), String(writerQueueFullRetryAfterSeconds));
    assert.match(refused.text, /bytes/);
    await release();
    await engine.flush();
    assert.equal(engine.vertexCount, 2);
  });
});
