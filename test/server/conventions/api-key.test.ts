import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import {
  assertProblem,
  startTestServer,
  unlimited,
  type TestServer,
} from '../../support/conventions-server.js';

const key = 'k3y-Of-The-Test-0123456789';

interface Sample {
  method: string;
  /** A function where a second success would conflict (PUT /ns/{name}). */
  path: string | (() => string);
  body?: unknown;
  /** Several where earlier samples change the answer (vertex 0 exists once PUT /vertex has run). */
  success: number | number[];
}

let created = 0;
const bare: Sample[] = [
  { method: 'PUT', path: '/vertex', body: {}, success: 202 },
  { method: 'GET', path: '/vertex/0', success: [200, 204] },
  { method: 'GET', path: '/graph', success: 200 },
  { method: 'POST', path: '/scan/graph/property/x', body: { literal: { value: 'a' } }, success: 200 },
  { method: 'GET', path: '/ns', success: 200 },
  { method: 'PUT', path: () => `/ns/x${++created}`, success: 201 },
  { method: 'HEAD', path: '/tabularasa', success: 200 },
  { method: 'GET', path: '/openapi/v0.1.json', success: 200 },
];
const scoped: Sample[] = [
  { method: 'PUT', path: '/ns/default/vertex', body: {}, success: 202 },
  { method: 'GET', path: '/ns/default/vertex/0', success: [200, 204] },
  { method: 'GET', path: '/ns/default/graph', success: 200 },
  {
    method: 'POST',
    path: '/ns/default/scan/graph/property/x',
    body: { literal: { value: 'a' } },
    success: 200,
  },
  { method: 'GET', path: '/ns/default', success: 200 },
  { method: 'HEAD', path: '/ns/default/tabularasa', success: 200 },
];
const samples = [...bare, ...scoped];

function label(sample: Sample): string {
  return `${sample.method} ${typeof sample.path === 'string' ? sample.path : sample.path().replace(/\d+$/, '{n}')}`;
}

async function call(server: TestServer, sample: Sample, headers: Record<string, string> = {}, query = '') {
  const path = typeof sample.path === 'string' ? sample.path : sample.path();
  const init: RequestInit = { method: sample.method, headers: { ...headers } };
  if (sample.body !== undefined) {
    init.body = JSON.stringify(sample.body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  return fetch(`${server.url}${path}${query}`, init);
}

function assertSuccess(response: Response, sample: Sample): void {
  const expected = typeof sample.success === 'number' ? [sample.success] : sample.success;
  assert.ok(
    expected.includes(response.status),
    `${label(sample)}: ${response.status} not in ${expected.join(', ')}`,
  );
}

async function statusOf(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/status`, { headers });
  assert.equal(response.status, 200);
  const body = (await response.json()) as { apiKeyRequired: boolean; authenticated: boolean };
  return { apiKeyRequired: body.apiKeyRequired, authenticated: body.authenticated };
}

describe('without a configured key', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ rateLimit: unlimited });
  });
  after(() => server.close());

  for (const sample of samples) {
    it(`${label(sample)} answers without credentials`, async () => {
      assertSuccess(await call(server, sample), sample);
    });
  }

  it('GET /status reports apiKeyRequired false and authenticated false, with or without a presented key', async () => {
    assert.deepEqual(await statusOf(server), { apiKeyRequired: false, authenticated: false });
    assert.deepEqual(await statusOf(server, { 'x-api-key': 'anything' }), {
      apiKeyRequired: false,
      authenticated: false,
    });
  });
});

describe('with a configured key', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ apiKey: key, rateLimit: unlimited });
  });
  after(() => server.close());

  for (const sample of samples) {
    it(`${label(sample)} answers 401 without a key`, async () => {
      await assertProblem(await call(server, sample), 401, 'Unauthorized', sample.method);
    });

    it(`${label(sample)} answers 401 with a wrong key of the same or another length`, async () => {
      const sameLength = key.replace(/.$/, '!');
      for (const wrong of [sameLength, 'short', `${key}-longer`, '']) {
        await assertProblem(
          await call(server, sample, { 'x-api-key': wrong }),
          401,
          'Unauthorized',
          sample.method,
        );
        await assertProblem(
          await call(server, sample, { authorization: `Bearer ${wrong}` }),
          401,
          'Unauthorized',
          sample.method,
        );
      }
    });

    it(`${label(sample)} succeeds with the key in X-Api-Key and as a Bearer token`, async () => {
      assertSuccess(await call(server, sample, { 'x-api-key': key }), sample);
      assertSuccess(await call(server, sample, { authorization: `Bearer ${key}` }), sample);
    });
  }

  it('a key in the query string is not accepted', async () => {
    for (const query of [`?apiKey=${key}`, `?X-Api-Key=${key}`, `?x-api-key=${key}`, `?api_key=${key}`]) {
      for (const sample of [bare[1], bare[2], scoped[1]]) {
        await assertProblem(await call(server, sample, {}, query), 401, 'Unauthorized');
      }
    }
  });

  it('the key is matched exactly: another scheme or a key with surrounding text is refused', async () => {
    const sample = bare[1];
    for (const headers of <Record<string, string>[]>[
      { authorization: `Basic ${key}` },
      { authorization: key },
      { 'x-api-key': ` ${key}x` },
      { 'x-api-key': key.toUpperCase() },
    ]) {
      await assertProblem(await call(server, sample, headers), 401, 'Unauthorized');
    }
  });

  it('GET /status, /healthz and /readyz answer 200 without a key', async () => {
    for (const path of ['/status', '/healthz', '/readyz', '/ns/default/status']) {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.status, 200, path);
    }
  });

  it('GET /status reports apiKeyRequired true and whether this request presented the key', async () => {
    assert.deepEqual(await statusOf(server), { apiKeyRequired: true, authenticated: false });
    assert.deepEqual(await statusOf(server, { 'x-api-key': 'wrong' }), {
      apiKeyRequired: true,
      authenticated: false,
    });
    assert.deepEqual(await statusOf(server, { 'x-api-key': key }), {
      apiKeyRequired: true,
      authenticated: true,
    });
    assert.deepEqual(await statusOf(server, { authorization: `Bearer ${key}` }), {
      apiKeyRequired: true,
      authenticated: true,
    });
  });

  it('an unknown path answers 401 before routing without a key, and 404 with it', async () => {
    await assertProblem(await fetch(`${server.url}/nowhere`), 401, 'Unauthorized');
    await assertProblem(
      await fetch(`${server.url}/nowhere`, { headers: { 'x-api-key': key } }),
      404,
      'Not Found',
    );
  });
});

describe('a configured header name', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ apiKey: key, apiKeyHeaderName: 'X-Skein-Key' });
  });
  after(() => server.close());

  it('carries the key instead of X-Api-Key; Bearer still works', async () => {
    const read = (headers: Record<string, string>) => fetch(`${server.url}/vertex/count`, { headers });
    const accepted = await read({ 'X-Skein-Key': key });
    assert.equal(accepted.status, 200);
    assert.equal(await accepted.json(), 0);
    assert.equal((await read({ authorization: `Bearer ${key}` })).status, 200);
    await assertProblem(await read({ 'X-Api-Key': key }), 401, 'Unauthorized');
    await assertProblem(await read({ 'X-Skein-Key': 'wrong' }), 401, 'Unauthorized');
  });

  it('GET /status counts the configured header as authentication', async () => {
    const response = await fetch(`${server.url}/status`, { headers: { 'x-skein-key': key } });
    const body = (await response.json()) as { apiKeyRequired: boolean; authenticated: boolean };
    assert.equal(body.apiKeyRequired, true);
    assert.equal(body.authenticated, true);
  });
});

describe('logging', () => {
  it('the key never appears in the log, even at trace level and on refused requests', async () => {
    let captured = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        captured += chunk.toString('utf8');
        done();
      },
    });
    const server = await startTestServer({
      apiKey: key,
      logRequests: true,
      logger: { level: 'trace', stream },
    });
    try {
      await fetch(`${server.url}/vertex/count`, { headers: { 'x-api-key': key } });
      await fetch(`${server.url}/vertex/count`, { headers: { authorization: `Bearer ${key}` } });
      await fetch(`${server.url}/vertex`, {
        method: 'PUT',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: '{not json',
      });
      await fetch(`${server.url}/nowhere`, { headers: { 'x-api-key': key } });
      await fetch(`${server.url}/status`, { headers: { 'x-api-key': key } });
      await fetch(`${server.url}/vertex/count`, { headers: { 'x-api-key': `${key}-wrong` } });
    } finally {
      await server.close();
    }
    assert.match(captured, /incoming request/, 'the logger captured the requests');
    assert.ok(!captured.includes(key), 'the key must not be logged');
  });
});
