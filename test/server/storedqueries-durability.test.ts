/**
 * Stored queries survive what the graph survives: a real server process killed with SIGKILL comes back
 * with every acknowledged registration and removal (replayed from the write-ahead log), and a save game
 * carries the namespace's stored queries (PUT /load replaces the live set with the saved one). A
 * definition whose recompile fails on load stays listed as Failed with its diagnostics.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { rmSync } from 'node:fs';
import { Engine, installCheckpoint, loadCheckpoint, saveCheckpoint } from '../../src/index.js';
import { storedQueriesOf } from '../../src/storedqueries/index.js';
import { temporaryDirectory } from '../engine/durability/support.js';
import { launchServer, type ChildServer } from '../support/child-server.js';
import path from 'node:path';

const directories: string[] = [];
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

function storage(): string {
  const directory = temporaryDirectory();
  directories.push(directory);
  return directory;
}

async function call(server: ChildServer, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${server.base}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function pathQuery(name: string) {
  return {
    name,
    kind: 'Path',
    description: `query ${name}`,
    path: {
      filter: { vertexFilter: 'return (v) => v.Label != "x";' },
      cost: { edgeCost: 'return (e) => 2.0;' },
    },
  };
}

interface Detail {
  name: string;
  createdAt: string;
  compileState: string;
  specificationJson: string;
  compileDiagnostics: string | null;
}

async function details(server: ChildServer): Promise<Detail[]> {
  const list = (await (await call(server, 'GET', '/storedquery')).json()) as { name: string }[];
  const result: Detail[] = [];
  for (const { name } of list) {
    result.push((await (await call(server, 'GET', `/storedquery/${name}`)).json()) as Detail);
  }
  return result;
}

async function kill(server: ChildServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

describe('stored queries across a crash and save games', () => {
  it('every acknowledged registration and removal survives SIGKILL, compiled and unchanged', async () => {
    const directory = storage();
    const first = await launchServer(directory, ['--Svc:Durability:SaveOnShutdown=false']);
    let before: Detail[];
    try {
      for (const name of ['alpha', 'beta', 'gamma']) {
        assert.equal((await call(first, 'POST', '/storedquery', pathQuery(name))).status, 201);
      }
      assert.equal((await call(first, 'DELETE', '/storedquery/beta')).status, 204);
      assert.equal((await call(first, 'PUT', '/ns/other')).status, 201);
      assert.equal((await call(first, 'POST', '/ns/other/storedquery', pathQuery('delta'))).status, 201);
      before = await details(first);
    } finally {
      await kill(first);
    }
    const second = await launchServer(directory, ['--Svc:Durability:SaveOnShutdown=false']);
    try {
      const after = await details(second);
      assert.deepEqual(
        after.map((entry) => entry.name),
        ['alpha', 'gamma'],
      );
      assert.deepEqual(after, before);
      for (const entry of after) assert.equal(entry.compileState, 'Compiled');
      const other = (await (await call(second, 'GET', '/ns/other/storedquery')).json()) as { name: string }[];
      assert.deepEqual(
        other.map((entry) => entry.name),
        ['delta'],
      );
    } finally {
      await kill(second);
    }
  });

  it('PUT /load brings back the saved set: later registrations go, removed ones return', async () => {
    const directory = storage();
    const server = await launchServer(directory, ['--Svc:Durability:SaveOnShutdown=false']);
    try {
      assert.equal((await call(server, 'POST', '/storedquery', pathQuery('kept'))).status, 201);
      assert.equal((await call(server, 'POST', '/storedquery', pathQuery('removed-later'))).status, 201);
      const saved = await details(server);
      const save = await call(server, 'PUT', '/save', {});
      assert.equal(save.status, 200, await save.clone().text());
      const { location } = (await save.json()) as { location: string };
      assert.equal((await call(server, 'DELETE', '/storedquery/removed-later')).status, 204);
      assert.equal((await call(server, 'POST', '/storedquery', pathQuery('added-later'))).status, 201);
      const load = await call(server, 'PUT', '/load', { saveGameLocation: location });
      assert.ok(load.status < 300, `PUT /load answered ${load.status}: ${await load.text()}`);
      assert.deepEqual(await details(server), saved);
    } finally {
      await kill(server);
    }
  });

  it('a saved definition whose recompile fails loads as Failed with its diagnostics', async () => {
    const engine = new Engine();
    const broken = {
      name: 'broken',
      kind: 'Path',
      description: null,
      createdAt: '2026-01-01T00:00:00.0000000Z',
      specificationJson: JSON.stringify({ filter: { vertexFilter: 'return (v) => v.NoSuchMember;' } }),
    };
    await engine.submit([
      { kind: 'register', family: 'storedQuery', name: 'broken', payload: JSON.stringify(broken) },
    ]);
    const location = path.join(storage(), 'broken.f8s');
    const saved = await saveCheckpoint(engine, location);
    const restored = new Engine();
    await installCheckpoint(restored, await loadCheckpoint(saved.location));
    const entry = storedQueriesOf(restored).require('broken');
    assert.equal(entry.compileState, 'Failed');
    assert.match(entry.compileDiagnostics ?? '', /^vertexFilter\(1,\d+\): error CS1061: /);
    assert.throws(
      () => storedQueriesOf(restored).requireCompiled('broken'),
      (error: unknown) => (error as { code?: string }).code === 'STORED_QUERY_NOT_INVOCABLE',
    );
  });
});
