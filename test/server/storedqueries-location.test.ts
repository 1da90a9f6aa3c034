/**
 * The `Location` of a stored query registered in a namespace (docs/storedqueries.md): built from the
 * namespace, so a namespace whose name holds `storedquery` or a space still gets its own path.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { unlimited } from '../support/conventions-server.js';
import { Client, startServer, type TestServer } from '../support/server.js';

describe('stored query Location in namespaces created over HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ rateLimit: unlimited });
  });
  after(() => server.close());

  it('is /ns/{ns}/storedquery/{name}, whatever the namespace name holds', async () => {
    const client = new Client(server.url);
    for (const [namespace, encoded] of [
      ['a', 'a'],
      ['storedquery-lab', 'storedquery-lab'],
      ['my queries', 'my%20queries'],
    ]) {
      assert.equal((await client.put(`/ns/${encodeURIComponent(namespace)}`)).status, 201);
      const response = await fetch(`${server.url}/ns/${encoded}/storedquery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'q', kind: 'SubGraph', subGraph: {} }),
      });
      assert.equal(response.status, 201, await response.text());
      const expected = `/ns/${encoded}/storedquery/q`;
      assert.equal(response.headers.get('location'), expected);
      assert.equal((await fetch(`${server.url}${expected}`)).status, 200);
    }
  });
});
