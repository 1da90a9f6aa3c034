import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, startTestServer, type TestServer } from '../../support/conventions-server.js';

const allowed = 'http://app.example';
const evil = 'http://evil.example';
const key = 'cors-test-key';

function preflight(server: TestServer, origin: string, method = 'GET', headers = ''): Promise<Response> {
  const requestHeaders: Record<string, string> = { origin, 'access-control-request-method': method };
  if (headers !== '') requestHeaders['access-control-request-headers'] = headers;
  return fetch(`${server.url}/vertex/count`, { method: 'OPTIONS', headers: requestHeaders });
}

describe('CORS without allowed origins', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('a cross-origin request gets no access-control-allow-origin', async () => {
    const response = await fetch(`${server.url}/vertex/count`, { headers: { origin: evil } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), null);
  });

  it('a preflight is not granted', async () => {
    const response = await preflight(server, evil);
    assert.equal(response.headers.get('access-control-allow-origin'), null);
    assert.equal(response.headers.get('access-control-allow-methods'), null);
    await assertProblem(response, 404, 'Not Found');
  });
});

describe('CORS with an allowed origin', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ allowedCorsOrigins: [allowed] });
  });
  after(() => server.close());

  it('the listed origin is echoed on a request', async () => {
    const response = await fetch(`${server.url}/vertex/count`, { headers: { origin: allowed } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), allowed);
    assert.match(response.headers.get('vary') ?? '', /Origin/);
  });

  it('another origin is not allowed', async () => {
    const response = await fetch(`${server.url}/vertex/count`, { headers: { origin: evil } });
    assert.equal(response.headers.get('access-control-allow-origin'), null);
    const denied = await preflight(server, evil, 'PUT');
    assert.equal(denied.headers.get('access-control-allow-origin'), null);
  });

  it('a preflight from the listed origin is granted for every method the service uses', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await preflight(server, allowed, method, 'content-type');
      assert.equal(response.status, 204, method);
      assert.equal(response.headers.get('access-control-allow-origin'), allowed);
      const methods = (response.headers.get('access-control-allow-methods') ?? '').split(/\s*,\s*/);
      assert.ok(methods.includes(method), `${method} in ${methods.join(',')}`);
    }
  });
});

describe('CORS with an allowed origin and a configured key', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ allowedCorsOrigins: [allowed], apiKey: key });
  });
  after(() => server.close());

  it('a preflight needs no key (browsers send none) and grants the key header', async () => {
    const response = await preflight(server, allowed, 'PUT', 'x-api-key, content-type');
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), allowed);
    assert.match(response.headers.get('access-control-allow-headers') ?? '', /x-api-key/i);
  });

  it('a preflight from another origin is not granted', async () => {
    const response = await preflight(server, evil, 'PUT', 'x-api-key');
    assert.equal(response.headers.get('access-control-allow-origin'), null);
  });

  it('a 401 to the listed origin carries the CORS header so the page can read the problem', async () => {
    const response = await fetch(`${server.url}/vertex/count`, { headers: { origin: allowed } });
    assert.equal(response.headers.get('access-control-allow-origin'), allowed);
    await assertProblem(response, 401, 'Unauthorized');
  });

  it('an authenticated request from the listed origin succeeds with the CORS header', async () => {
    const response = await fetch(`${server.url}/vertex/count`, {
      headers: { origin: allowed, 'x-api-key': key },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), allowed);
  });
});
