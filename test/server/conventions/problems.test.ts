import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertProblem, json, startTestServer, type TestServer } from '../../support/conventions-server.js';

const validationTitle = 'One or more validation errors occurred.';

describe('problem bodies', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ maxBodyBytes: 1000 });
  });
  after(() => server.close());

  it('an unknown path answers 404 problem with title Not Found', async () => {
    const body = await assertProblem(await fetch(`${server.url}/no/such/route`), 404, 'Not Found');
    assert.equal(typeof body.detail, 'string');
    await assertProblem(await fetch(`${server.url}/vertex`, { method: 'DELETE' }), 404, 'Not Found');
  });

  it('malformed JSON answers 400 problem before the handler runs', async () => {
    const response = await fetch(`${server.url}/vertex`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"label": ',
    });
    await assertProblem(response, 400);
    assert.equal(await (await fetch(`${server.url}/vertex/count`)).json(), 0);
  });

  it('a body of another media type than JSON answers 415 problem', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const response = await fetch(`${server.url}/vertex`, {
        method: 'PUT',
        headers: { 'content-type': type },
        body: '{}',
      });
      await assertProblem(response, 415, 'Unsupported Media Type');
    }
    const scan = await fetch(`${server.url}/scan/graph/property/x`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ literal: { value: 'a' } }),
    });
    await assertProblem(scan, 415, 'Unsupported Media Type');
  });

  it('a JSON content type with an empty body counts as no body', async () => {
    const headers = { 'content-type': 'application/json' };
    assert.equal((await fetch(`${server.url}/ns/bodiless`, { method: 'PUT', headers })).status, 201);
    assert.equal((await fetch(`${server.url}/ns/bodiless`, { method: 'DELETE', headers })).status, 204);
    const needsBody = await fetch(`${server.url}/vertex`, { method: 'PUT', headers });
    const body = await assertProblem(needsBody, 400, validationTitle);
    assert.equal(typeof body.errors, 'object');
  });

  it('a malformed percent-encoding in the path answers 400 problem with the versions header', async () => {
    for (const path of ['/vertex/%E0%A4%A', '/ns/%E0%A4%A/status']) {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.headers.get('api-supported-versions'), '0.1');
      await assertProblem(response, 400, 'Bad Request');
    }
  });

  it('a route segment over the length limit answers 414 problem with the versions header', async () => {
    const response = await fetch(`${server.url}/ns/${'n'.repeat(600)}/status`);
    assert.equal(response.headers.get('api-supported-versions'), '0.1');
    await assertProblem(response, 414, 'URI Too Long');
  });

  it('a body over maxBodyBytes answers 413 problem', async () => {
    const response = await fetch(`${server.url}/vertex`, json('PUT', { label: 'x'.repeat(2000) }));
    await assertProblem(response, 413, 'Payload Too Large');
    const within = await fetch(`${server.url}/vertex`, json('PUT', { label: 'x'.repeat(500) }));
    assert.equal(within.status, 202);
  });

  it('a missing required field answers 400 with the validation title and an errors object', async () => {
    const response = await fetch(`${server.url}/scan/graph/property/x`, json('POST', { operator: 0 }));
    const body = await assertProblem(response, 400, validationTitle);
    assert.deepEqual(body.errors, { literal: ['The literal field is required.'] });
  });

  it('a value of the wrong JSON type answers 400 with the validation title and an errors object', async () => {
    const response = await fetch(`${server.url}/vertex`, json('PUT', { label: 42 }));
    const body = await assertProblem(response, 400, validationTitle);
    assert.deepEqual(Object.keys(body.errors as object), ['label']);
  });

  it('a non-integer id in a route segment answers 400 problem', async () => {
    for (const id of ['abc', '1.5', '99999999999']) {
      const body = await assertProblem(await fetch(`${server.url}/vertex/${id}`), 400, validationTitle);
      assert.ok(Object.hasOwn(body.errors as object, 'id'), `errors names id for ${id}`);
    }
    await assertProblem(await fetch(`${server.url}/ns/default/edge/x`), 400, validationTitle);
  });

  it('an unknown namespace answers 404 with the namespace member on every scoped route', async () => {
    const cases: [string, RequestInit][] = [
      ['/ns/nope/vertex/1', {}],
      ['/ns/nope/vertex', json('PUT', {})],
      ['/ns/nope/status', {}],
      ['/ns/nope/graph', {}],
      ['/ns/nope/vertex/count', {}],
      ['/ns/nope/scan/graph/property/x', json('POST', { literal: { value: 'a' } })],
      ['/ns/nope', {}],
    ];
    for (const [path, init] of cases) {
      const body = await assertProblem(await fetch(`${server.url}${path}`, init), 404, 'Namespace not found');
      assert.equal(body.namespace, 'nope', path);
    }
  });

  it('an unknown namespace is reported before the body or the segments are looked at', async () => {
    const malformed = await fetch(`${server.url}/ns/nope/vertex`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    const body = await assertProblem(malformed, 404, 'Namespace not found');
    assert.equal(body.namespace, 'nope');
    const badId = await assertProblem(
      await fetch(`${server.url}/ns/nope/vertex/abc`),
      404,
      'Namespace not found',
    );
    assert.equal(badId.namespace, 'nope');
    const head = await fetch(`${server.url}/ns/nope/tabularasa`, { method: 'HEAD' });
    await assertProblem(head, 404, undefined, 'HEAD');
  });

  // No route answers a bare boolean yet (the index routes will); the integer routes stand for both.
  it('bare integer results are JSON', async () => {
    for (const path of ['/vertex/count', '/edge/count', '/ns/default/vertex/count']) {
      const response = await fetch(`${server.url}${path}`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      assert.match(await response.text(), /^\d+$/, 'the body is a bare JSON number');
    }
  });

  it('an id array result is JSON', async () => {
    const response = await fetch(
      `${server.url}/scan/graph/property/x`,
      json('POST', { literal: { value: 'a' } }),
    );
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(await response.json(), []);
  });
});
