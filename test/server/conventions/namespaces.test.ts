import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Namespaces } from '../../../src/engine/namespaces/catalog.js';
import {
  assertProblem,
  json,
  startTestServer,
  unlimited,
  type TestServer,
} from '../../support/conventions-server.js';

interface NamespaceRecord {
  name: string;
  state: string;
  vertexCount: number | null;
  edgeCount: number | null;
  createdAt: string;
  pluginRegistrationEnabled: boolean | null;
  loadOnStartupEnabled: boolean | null;
}
interface NamespaceList {
  namespaces: NamespaceRecord[];
  maxNamespaces: number;
  loadOnStartupDefault: boolean;
  startupLoadMode: string;
}

const createdAtFormat = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('namespace routes', () => {
  let server: TestServer;
  const url = (path: string) => `${server.url}${path}`;
  const put = (name: string) => fetch(url(`/ns/${name}`), { method: 'PUT' });
  const patch = (name: string, body: unknown) => fetch(url(`/ns/${name}`), json('PATCH', body));
  const getRecord = async (name: string) => {
    const response = await fetch(url(`/ns/${name}`));
    assert.equal(response.status, 200);
    return (await response.json()) as NamespaceRecord;
  };
  const createVertex = async (prefix: string, label: string) => {
    const response = await fetch(url(`${prefix}/vertex?waitForCompletion=true`), json('PUT', { label }));
    assert.equal(response.status, 202);
  };
  const countOf = async (prefix: string) =>
    (await (await fetch(url(`${prefix}/vertex/count`))).json()) as number;

  before(async () => {
    server = await startTestServer({ rateLimit: unlimited });
  });
  after(() => server.close());

  it('GET /ns lists every namespace ordered by name (ordinal), with the deployment fields', async () => {
    for (const name of ['b', 'A', 'a', 'Z', 'défaut'])
      assert.equal((await put(encodeURIComponent(name))).status, 201);
    const response = await fetch(url('/ns'));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const list = (await response.json()) as NamespaceList;
    assert.deepEqual(
      list.namespaces.map((record) => record.name),
      ['A', 'Z', 'a', 'b', 'default', 'défaut'],
    );
    assert.equal(list.maxNamespaces, 10_000);
    assert.equal(list.loadOnStartupDefault, true);
    assert.equal(list.startupLoadMode, 'catalog');
    for (const name of ['b', 'A', 'a', 'Z', 'défaut']) {
      assert.equal((await fetch(url(`/ns/${encodeURIComponent(name)}`), { method: 'DELETE' })).status, 204);
    }
  });

  it('a record carries every field; default reports loadOnStartupEnabled true', async () => {
    const record = await getRecord('default');
    assert.deepEqual(Object.keys(record).sort(), [
      'createdAt',
      'edgeCount',
      'loadOnStartupEnabled',
      'name',
      'pluginRegistrationEnabled',
      'state',
      'vertexCount',
    ]);
    assert.equal(record.name, 'default');
    assert.equal(record.state, 'ready');
    assert.match(record.createdAt, createdAtFormat);
    assert.equal(record.pluginRegistrationEnabled, null);
    assert.equal(record.loadOnStartupEnabled, true);
  });

  it('PUT answers 201 with Location and the new record', async () => {
    const before = Date.now();
    const response = await put('flights');
    const after = Date.now();
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('location'), '/ns/flights');
    const record = (await response.json()) as NamespaceRecord;
    assert.deepEqual(
      { ...record, createdAt: undefined },
      {
        name: 'flights',
        state: 'ready',
        vertexCount: 0,
        edgeCount: 0,
        createdAt: undefined,
        pluginRegistrationEnabled: null,
        loadOnStartupEnabled: null,
      },
    );
    assert.match(record.createdAt, createdAtFormat);
    // The server's clock is this process's: the record is stamped while the request is in flight.
    assert.ok(
      before <= Date.parse(record.createdAt) && Date.parse(record.createdAt) <= after,
      record.createdAt,
    );
    assert.deepEqual(await getRecord('flights'), record);
  });

  it('a name with spaces and non-ASCII text is valid; Location is percent-encoded', async () => {
    const response = await put(encodeURIComponent('my graph ü'));
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('location'), `/ns/${encodeURIComponent('my graph ü')}`);
    assert.equal(((await response.json()) as NamespaceRecord).name, 'my graph ü');
    assert.equal(await countOf(`/ns/${encodeURIComponent('my graph ü')}`), 0);
  });

  it('an invalid name answers 400 Invalid namespace name', async () => {
    for (const name of ['a%2Fb', '%20', '%20lead', 'trail%20', 'back%5Cslash', 'ctl%07', 'x'.repeat(64)]) {
      await assertProblem(await put(name), 400, 'Invalid namespace name');
    }
    assert.equal((await put('y'.repeat(63))).status, 201, '63 characters are allowed');
  });

  it('a name in use answers 409 Namespace name in use', async () => {
    assert.equal((await put('twice')).status, 201);
    await assertProblem(await put('twice'), 409, 'Namespace name in use');
    await assertProblem(await put('default'), 409, 'Namespace name in use');
  });

  it('names are case-sensitive', async () => {
    assert.equal((await put('Case')).status, 201);
    assert.equal((await put('case')).status, 201);
    const body = await assertProblem(await fetch(url('/ns/CASE')), 404, 'Namespace not found');
    assert.equal(body.namespace, 'CASE');
  });

  it('PATCH renames: the old URL answers 404 and the data moves with the namespace', async () => {
    assert.equal((await put('old')).status, 201);
    await createVertex('/ns/old', 'kept');
    const response = await patch('old', { name: 'new' });
    assert.equal(response.status, 200);
    const record = (await response.json()) as NamespaceRecord;
    assert.equal(record.name, 'new');
    assert.equal(record.vertexCount, 1);
    const gone = await assertProblem(await fetch(url('/ns/old')), 404, 'Namespace not found');
    assert.equal(gone.namespace, 'old');
    await assertProblem(await fetch(url('/ns/old/vertex/0')), 404, 'Namespace not found');
    const vertex = await fetch(url('/ns/new/vertex/0'));
    assert.equal(vertex.status, 200);
    assert.equal(((await vertex.json()) as { label: string }).label, 'kept');
  });

  it('PATCH sets, clears and keeps the tri-state overrides', async () => {
    assert.equal((await put('tri')).status, 201);
    const patched = async (body: unknown) => {
      const response = await patch('tri', body);
      assert.equal(response.status, 200, JSON.stringify(body));
      const record = (await response.json()) as NamespaceRecord;
      return [record.pluginRegistrationEnabled, record.loadOnStartupEnabled];
    };
    assert.deepEqual(await patched({ pluginRegistration: 'enabled' }), [true, null]);
    assert.deepEqual(await patched({ loadOnStartup: 'disabled' }), [true, false]);
    assert.deepEqual(await patched({ pluginRegistration: null, loadOnStartup: 'enabled' }), [true, true]);
    assert.deepEqual(await patched({ pluginRegistration: 'disabled', name: null }), [false, true]);
    assert.deepEqual(await patched({ pluginRegistration: 'inherit', loadOnStartup: 'inherit' }), [
      null,
      null,
    ]);
    assert.deepEqual(
      await patched({ name: 'tri' }),
      [null, null],
      'renaming to the same name changes nothing',
    );
  });

  it('PATCH with nothing to change answers 400 Invalid namespace update', async () => {
    assert.equal((await put('empty-patch')).status, 201);
    await assertProblem(await patch('empty-patch', {}), 400, 'Invalid namespace update');
    await assertProblem(
      await patch('empty-patch', { name: null, loadOnStartup: null }),
      400,
      'Invalid namespace update',
    );
  });

  it('PATCH without a body is a binding failure (400 with the validation title), as in the ancestor', async () => {
    assert.equal((await put('no-body')).status, 201);
    const body = await assertProblem(
      await fetch(url('/ns/no-body'), { method: 'PATCH' }),
      400,
      'One or more validation errors occurred.',
    );
    assert.equal(typeof body.errors, 'object');
  });

  it('PATCH validates every field before changing anything', async () => {
    assert.equal((await put('atomic')).status, 201);
    await assertProblem(
      await patch('atomic', { pluginRegistration: 'maybe' }),
      400,
      'Invalid pluginRegistration',
    );
    await assertProblem(await patch('atomic', { loadOnStartup: 'yes' }), 400, 'Invalid loadOnStartup');
    await assertProblem(
      await patch('atomic', { pluginRegistration: 'enabled', loadOnStartup: 'Enabled' }),
      400,
      'Invalid loadOnStartup',
    );
    await assertProblem(
      await patch('atomic', { pluginRegistration: 'enabled', name: 'a/b' }),
      400,
      'Invalid namespace name',
    );
    assert.equal((await put('taken')).status, 201);
    await assertProblem(
      await patch('atomic', { pluginRegistration: 'enabled', name: 'taken' }),
      409,
      'Namespace name in use',
    );
    const record = await getRecord('atomic');
    assert.equal(record.pluginRegistrationEnabled, null, 'nothing was applied');
    await assertProblem(await patch('atomic', { name: 42 }), 400, 'One or more validation errors occurred.');
  });

  it('default cannot be renamed, dropped or have loadOnStartup set (409 Reserved namespace)', async () => {
    await assertProblem(await patch('default', { name: 'other' }), 409, 'Reserved namespace');
    await assertProblem(await patch('default', { loadOnStartup: 'disabled' }), 409, 'Reserved namespace');
    await assertProblem(await fetch(url('/ns/default'), { method: 'DELETE' }), 409, 'Reserved namespace');
    assert.equal((await getRecord('default')).loadOnStartupEnabled, true);
  });

  it('default can have its pluginRegistration override set and cleared', async () => {
    const set = await patch('default', { pluginRegistration: 'disabled' });
    assert.equal(set.status, 200);
    assert.equal(((await set.json()) as NamespaceRecord).pluginRegistrationEnabled, false);
    const cleared = await patch('default', { pluginRegistration: 'inherit' });
    assert.equal(((await cleared.json()) as NamespaceRecord).pluginRegistrationEnabled, null);
  });

  it('routes about an unknown namespace answer 404 Namespace not found with the namespace member', async () => {
    for (const [method, init] of [
      ['GET', {}],
      ['PATCH', json('PATCH', { pluginRegistration: 'enabled' })],
      ['DELETE', { method: 'DELETE' }],
    ] as const) {
      const body = await assertProblem(await fetch(url('/ns/ghost'), init), 404, 'Namespace not found');
      assert.equal(body.namespace, 'ghost', method);
    }
  });

  it('DELETE answers 204, then the namespace is gone', async () => {
    assert.equal((await put('doomed')).status, 201);
    const response = await fetch(url('/ns/doomed'), { method: 'DELETE' });
    assert.equal(response.status, 204);
    assert.equal(await response.text(), '');
    const body = await assertProblem(await fetch(url('/ns/doomed')), 404, 'Namespace not found');
    assert.equal(body.namespace, 'doomed');
    await assertProblem(await fetch(url('/ns/doomed/status')), 404, 'Namespace not found');
  });

  it('drop and recreate gives an empty namespace', async () => {
    assert.equal((await put('phoenix')).status, 201);
    await createVertex('/ns/phoenix', 'before');
    assert.equal(await countOf('/ns/phoenix'), 1);
    assert.equal((await fetch(url('/ns/phoenix'), { method: 'DELETE' })).status, 204);
    assert.equal((await put('phoenix')).status, 201);
    assert.equal(await countOf('/ns/phoenix'), 0);
    assert.equal((await fetch(url('/ns/phoenix/vertex/0'))).status, 204);
    assert.equal((await getRecord('phoenix')).vertexCount, 0);
  });

  it('writes in one namespace never show in another', async () => {
    assert.equal((await put('left')).status, 201);
    assert.equal((await put('right')).status, 201);
    const defaultBefore = await countOf('');
    await createVertex('/ns/left', 'only-left');
    await createVertex('/ns/left', 'only-left');
    assert.equal(await countOf('/ns/left'), 2);
    assert.equal(await countOf('/ns/right'), 0);
    assert.equal(await countOf(''), defaultBefore);
    await createVertex('', 'only-default');
    assert.equal(await countOf('/ns/left'), 2);
    assert.equal(await countOf('/ns/right'), 0);
    const hits = await fetch(
      url('/ns/right/scan/graph/properties'),
      json('POST', { searchTerm: 'only', resultType: 'Both' }),
    );
    assert.equal(hits.status, 200);
    assert.deepEqual(await hits.json(), []);
    const graph = (await (await fetch(url('/ns/right/graph'))).json()) as { vertices: unknown[] };
    assert.deepEqual(graph.vertices, []);
    const leftGraph = (await (await fetch(url('/ns/left/graph'))).json()) as {
      vertices: { label: string }[];
    };
    assert.deepEqual(
      leftGraph.vertices.map((vertex) => vertex.label),
      ['only-left', 'only-left'],
    );
  });
});

describe('namespace quota', () => {
  it('creating past maxNamespaces answers 409 with the maxNamespaces member', async () => {
    const server = await startTestServer({ namespaces: new Namespaces({ maxNamespaces: 2 }) });
    try {
      const list = (await (await fetch(`${server.url}/ns`)).json()) as NamespaceList;
      assert.equal(list.maxNamespaces, 2);
      assert.equal((await fetch(`${server.url}/ns/one`, { method: 'PUT' })).status, 201);
      const refused = await fetch(`${server.url}/ns/two`, { method: 'PUT' });
      const body = await assertProblem(refused, 409, 'Namespace quota exceeded');
      assert.equal(body.maxNamespaces, 2);
      assert.equal((await fetch(`${server.url}/ns/one`, { method: 'DELETE' })).status, 204);
      assert.equal(
        (await fetch(`${server.url}/ns/two`, { method: 'PUT' })).status,
        201,
        'a drop frees a place',
      );
    } finally {
      await server.close();
    }
  });
});
