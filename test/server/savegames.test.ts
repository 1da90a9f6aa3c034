/**
 * Save games over HTTP on a real service with durable storage in a temporary directory: the statuses of
 * docs/savegames.md, saves that survive restarts with their log, and the two restore semantics (the anchored
 * entry replays everything since; an older entry re-anchors the log and discards later transactions).
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { RunningService } from '../../src/server/start.js';
import { temporaryDirectory } from '../support/temporary-directory.js';
import { startDurableService as start } from '../support/durable-service.js';

function storage(): string {
  return temporaryDirectory('savegames-http');
}

async function call(
  service: RunningService,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${service.address}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

async function addVertices(service: RunningService, count: number, prefix = ''): Promise<void> {
  const vertices = Array.from({ length: count }, () => ({ label: 'person' }));
  const { status } = await call(service, 'PUT', `${prefix}/vertices?waitForCompletion=true`, vertices);
  assert.equal(status, 200);
}

async function vertexCount(service: RunningService, prefix = ''): Promise<number> {
  return (await call(service, 'GET', `${prefix}/vertex/count`)).json as number;
}

interface Entry {
  id: string;
  location: string | null;
  trigger: string;
}

describe('save games over HTTP', () => {
  it('saves, lists, reads, and answers 204 for an unknown id; the save survives a restart', async () => {
    const directory = storage();
    let service = await start(directory);
    await addVertices(service, 3);
    const saved = await call(service, 'PUT', '/save');
    assert.equal(saved.status, 200);
    const entry = saved.json as Entry;
    assert.equal(entry.trigger, 'api');
    assert.equal(entry.location, path.join(directory, 'Temp.f8s'));
    await addVertices(service, 2);
    const list = await call(service, 'GET', '/savegames');
    assert.deepEqual(
      (list.json as Entry[]).map((e) => e.id),
      [entry.id],
    );
    assert.equal((await call(service, 'GET', `/savegames/${entry.id}`)).status, 200);
    assert.equal((await call(service, 'GET', '/savegames/sg-unknown')).status, 204);
    await service.stop();

    service = await start(directory);
    // The checkpoint (3) and the log since it (2).
    assert.equal(await vertexCount(service), 5);
    const status = (await call(service, 'GET', '/status')).json as { durability: Record<string, unknown> };
    assert.equal(status.durability.walEnabled, true);
    assert.equal(status.durability.recoveryRan, true);
    await service.stop();
  });

  it('restoring the entry the log is anchored to replays everything since; an older entry discards it', async () => {
    const directory = storage();
    let service = await start(directory);
    await addVertices(service, 2);
    const older = (await call(service, 'PUT', '/save')).json as Entry;
    await addVertices(service, 3);
    const newer = (await call(service, 'PUT', '/save')).json as Entry;
    assert.notEqual(newer.location, older.location);
    await addVertices(service, 4);
    assert.equal(await vertexCount(service), 9);

    const anchored = await call(service, 'PUT', `/savegames/${newer.id}/load?waitForCompletion=true`);
    assert.equal(anchored.status, 200);
    assert.equal(await vertexCount(service), 9);

    const back = await call(service, 'PUT', `/savegames/${older.id}/load?waitForCompletion=true`);
    assert.equal(back.status, 200);
    assert.equal(await vertexCount(service), 2);
    await addVertices(service, 1);
    await service.stop();

    service = await start(directory);
    assert.equal(await vertexCount(service), 3);
    await service.stop();
  });

  it('PUT /load: a missing path answers 204 and loads nothing; a blank one is 400; a known path loads', async () => {
    const directory = storage();
    const service = await start(directory);
    await addVertices(service, 2);
    const entry = (await call(service, 'PUT', '/save')).json as Entry;
    await addVertices(service, 1);
    const missing = await call(service, 'PUT', '/load', {
      saveGameLocation: path.join(directory, 'none.f8s'),
    });
    assert.equal(missing.status, 204);
    assert.equal(await vertexCount(service), 3);
    assert.equal((await call(service, 'PUT', '/load', { saveGameLocation: ' ' })).status, 400);
    assert.equal((await call(service, 'PUT', '/load', {})).status, 400);
    const loaded = await call(service, 'PUT', '/load', { saveGameLocation: entry.location });
    assert.equal(loaded.status, 204);
    assert.equal(await vertexCount(service), 2);
    await service.stop();
  });

  it('restores a dropped namespace under its name, answers 404 for an unknown id or member', async () => {
    const directory = storage();
    const service = await start(directory);
    assert.equal((await call(service, 'PUT', '/ns/flights')).status, 201);
    await addVertices(service, 4, '/ns/flights');
    const entry = (await call(service, 'PUT', '/ns/flights/save')).json as Entry;
    assert.equal(
      entry.location,
      path.join(
        directory,
        'namespaces',
        (entry as unknown as { namespaces: { id: string }[] }).namespaces[0].id,
        'Temp.f8s',
      ),
    );
    assert.equal((await call(service, 'DELETE', '/ns/flights')).status, 204);
    assert.equal((await call(service, 'PUT', '/savegames/sg-nope/load?waitForCompletion=true')).status, 404);
    const member = await call(
      service,
      'PUT',
      `/savegames/${entry.id}/load?waitForCompletion=true&namespace=zzz`,
    );
    assert.equal(member.status, 404);
    assert.equal((member.json as { title: string }).title, 'Namespace not in save game');
    const restored = await call(service, 'PUT', `/savegames/${entry.id}/load?waitForCompletion=true`);
    assert.equal(restored.status, 200);
    assert.equal(await vertexCount(service, '/ns/flights'), 4);
    await service.stop();
  });

  it('DELETE /savegames/{id}: 204, then 404; deleteFiles removes the checkpoint files', async () => {
    const directory = storage();
    const service = await start(directory);
    await addVertices(service, 1);
    const entry = (await call(service, 'PUT', '/save')).json as Entry;
    assert.equal((await call(service, 'DELETE', `/savegames/${entry.id}?deleteFiles=true`)).status, 204);
    assert.equal((await call(service, 'DELETE', `/savegames/${entry.id}`)).status, 404);
    assert.throws(() => readFileSync(entry.location ?? ''), /ENOENT/);
    await service.stop();
  });

  it('refuses to start on a corrupt registry and leaves it as it was', async () => {
    const directory = storage();
    const service = await start(directory);
    await service.stop();
    const file = path.join(directory, 'metadata', 'savegames.json');
    writeFileSync(file, '{ broken');
    await assert.rejects(start(directory), /savegames\.json is unreadable/);
    assert.equal(readFileSync(file, 'utf8'), '{ broken');
  });

  it('refuses to start when the checkpoint the log builds on is missing, naming it', async () => {
    const directory = storage();
    const service = await start(directory);
    await addVertices(service, 1);
    const entry = (await call(service, 'PUT', '/save')).json as Entry;
    await service.stop();
    rmSync(entry.location ?? '');
    await assert.rejects(
      start(directory),
      new RegExp(`needs the checkpoint ${(entry.location ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });
});
