import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, json, startTestServer, type TestServer } from '../../support/conventions-server.js';

const key = 'versioning-test-key';

describe('versioning', () => {
  let open: TestServer;
  let keyed: TestServer;
  before(async () => {
    open = await startTestServer();
    keyed = await startTestServer({ apiKey: key });
  });
  after(async () => {
    await open.close();
    await keyed.close();
  });

  it('every response carries api-supported-versions: 0.1 (success, 202, 204, 404, 401, 400, 415, HEAD)', async () => {
    const responses: [string, Response, number][] = [
      ['GET /vertex/count', await fetch(`${open.url}/vertex/count`), 200],
      ['PUT /vertex', await fetch(`${open.url}/vertex`, json('PUT', {})), 202],
      ['GET /vertex/123456', await fetch(`${open.url}/vertex/123456`), 204],
      ['GET /healthz', await fetch(`${open.url}/healthz`), 200],
      ['HEAD /tabularasa', await fetch(`${open.url}/tabularasa`, { method: 'HEAD' }), 200],
      ['GET /nowhere', await fetch(`${open.url}/nowhere`), 404],
      ['GET /ns/nope/graph', await fetch(`${open.url}/ns/nope/graph`), 404],
      ['GET /vertex/abc', await fetch(`${open.url}/vertex/abc`), 400],
      [
        'PUT /vertex text/plain',
        await fetch(`${open.url}/vertex`, {
          method: 'PUT',
          headers: { 'content-type': 'text/plain' },
          body: 'x',
        }),
        415,
      ],
      ['GET /vertex/count unauthenticated', await fetch(`${keyed.url}/vertex/count`), 401],
      ['GET /vertex/count?api-version=9', await fetch(`${open.url}/vertex/count?api-version=9`), 400],
    ];
    for (const [name, response, status] of responses) {
      assert.equal(response.status, status, name);
      assert.equal(response.headers.get('api-supported-versions'), '0.1', name);
    }
  });

  it('a request need not name a version', async () => {
    const response = await fetch(`${open.url}/vertex/count`);
    assert.equal(response.status, 200);
  });

  it('0.1 is accepted by query api-version, header X-Version, and media-type parameter ver', async () => {
    assert.equal((await fetch(`${open.url}/vertex/count?api-version=0.1`)).status, 200);
    assert.equal((await fetch(`${open.url}/vertex/count`, { headers: { 'x-version': '0.1' } })).status, 200);
    const put = await fetch(`${open.url}/vertex?api-version=0.1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json; ver=0.1', 'x-version': '0.1' },
      body: '{}',
    });
    assert.equal(put.status, 202);
    const accept = await fetch(`${open.url}/vertex/count`, {
      headers: { accept: 'application/json; ver=0.1' },
    });
    assert.equal(accept.status, 200);
  });

  it('another version answers 400 Unsupported API version, whichever way it is named', async () => {
    await assertProblem(
      await fetch(`${open.url}/vertex/count?api-version=2.0`),
      400,
      'Unsupported API version',
    );
    await assertProblem(
      await fetch(`${open.url}/vertex/count`, { headers: { 'x-version': '1.0' } }),
      400,
      'Unsupported API version',
    );
    await assertProblem(
      await fetch(`${open.url}/vertex`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json; ver=0.2' },
        body: '{}',
      }),
      400,
      'Unsupported API version',
    );
    await assertProblem(
      await fetch(`${open.url}/vertex/count`, { headers: { accept: 'application/json; ver=3' } }),
      400,
      'Unsupported API version',
    );
  });

  it('an unsupported version is refused before the write is accepted', async () => {
    const before = (await (await fetch(`${open.url}/ns`)).json()) as { namespaces: unknown[] };
    await assertProblem(
      await fetch(`${open.url}/ns/versioned?api-version=2.0`, { method: 'PUT' }),
      400,
      'Unsupported API version',
    );
    const after = (await (await fetch(`${open.url}/ns`)).json()) as { namespaces: unknown[] };
    assert.equal(after.namespaces.length, before.namespaces.length);
  });

  it('the version never appears in the path: an /api/v0.1 prefix is 404', async () => {
    for (const path of ['/api/v0.1/vertex/count', '/api/v0.1/status', '/api/v0.1/ns/default/graph']) {
      await assertProblem(await fetch(`${open.url}${path}`), 404, 'Not Found');
    }
  });
});
