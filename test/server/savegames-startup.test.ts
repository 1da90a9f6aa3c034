/**
 * What the startup loads (docs/savegames.md, Rules: Startup), on a real service over real files: a checkpoint
 * strictly newer than the newest registered entry (a save whose registry write did not land) is adopted
 * and registered as `imported`, whether the log builds on it or the log is gone; an older loose checkpoint
 * is never loaded in place of a registered one.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { RunningService } from '../../src/server/start.js';
import { temporaryDirectory } from '../support/temporary-directory.js';
import { startDurableService as start } from '../support/durable-service.js';

function storage(): string {
  return temporaryDirectory('startup');
}

async function call(service: RunningService, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${service.address}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.ok(response.status < 300, `${method} ${url} answered ${response.status}`);
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

async function addVertices(service: RunningService, count: number): Promise<void> {
  await call(
    service,
    'PUT',
    '/vertices?waitForCompletion=true',
    Array.from({ length: count }, () => ({ label: 'person' })),
  );
}

interface Entry {
  id: string;
  location: string;
  trigger: string;
  kpis: { vertexCount: number };
}

const save = async (service: RunningService) => (await call(service, 'PUT', '/save')) as Entry;
const entries = async (service: RunningService) => (await call(service, 'GET', '/savegames')) as Entry[];
const vertexCount = async (service: RunningService) =>
  (await call(service, 'GET', '/vertex/count')) as number;

/** Takes an entry out of the registry file, as if its registry write had never landed. */
function unregister(directory: string, id: string): void {
  const file = path.join(directory, 'metadata', 'savegames.json');
  const registry = JSON.parse(readFileSync(file, 'utf8')) as { saveGames: { id: string }[] };
  registry.saveGames = registry.saveGames.filter((entry) => entry.id !== id);
  writeFileSync(file, JSON.stringify(registry));
}

describe('the startup load and loose checkpoints', () => {
  it('adopts and registers the checkpoint the log builds on when its registry write did not land', async () => {
    const directory = storage();
    let service = await start(directory);
    await addVertices(service, 3);
    await save(service);
    await addVertices(service, 2);
    const lost = await save(service);
    await addVertices(service, 1);
    await service.stop();
    unregister(directory, lost.id);

    service = await start(directory);
    assert.equal(await vertexCount(service), 6, 'the checkpoint and the log after it');
    const adopted = (await entries(service)).filter((entry) => entry.location === lost.location);
    assert.equal(adopted.length, 1, 'registered again');
    assert.equal(adopted[0].trigger, 'imported');
    assert.equal(adopted[0].kpis.vertexCount, 5);
    await service.stop();

    // Now the registry alone brings it back, the log gone.
    rmSync(path.join(directory, 'svc.wal'));
    service = await start(directory);
    assert.equal(await vertexCount(service), 5);
    await service.stop();
  });

  it('with the log gone, loads a loose checkpoint strictly newer than the newest registered entry', async () => {
    const directory = storage();
    let service = await start(directory);
    await addVertices(service, 3);
    const registered = await save(service);
    await addVertices(service, 4);
    const lost = await save(service);
    assert.notEqual(lost.location, registered.location, 'a versioned sibling');
    await service.stop();
    unregister(directory, lost.id);
    rmSync(path.join(directory, 'svc.wal'));

    service = await start(directory);
    assert.equal(await vertexCount(service), 7, 'the newer checkpoint, not the registered one');
    const list = await entries(service);
    assert.deepEqual(
      list.map((entry) => [entry.location, entry.trigger]),
      [
        [lost.location, 'imported'],
        [registered.location, 'api'],
      ],
    );
    // Writes after it are logged on top of it.
    await addVertices(service, 1);
    await service.stop();
    service = await start(directory);
    assert.equal(await vertexCount(service), 8);
    await service.stop();
  });

  it('never loads an older loose checkpoint in place of the newest registered entry', async () => {
    const directory = storage();
    let service = await start(directory);
    await addVertices(service, 1);
    const older = await save(service);
    await addVertices(service, 1);
    const registered = await save(service);
    await service.stop();
    unregister(directory, older.id);
    rmSync(path.join(directory, 'svc.wal'));

    service = await start(directory);
    assert.equal(await vertexCount(service), 2, 'the registered entry');
    assert.deepEqual(
      (await entries(service)).map((entry) => entry.location),
      [registered.location],
      'the older file stays loose',
    );
    await service.stop();
  });

  it('skips a damaged loose file with a warning instead of refusing to start', async () => {
    const directory = storage();
    let service = await start(directory);
    await addVertices(service, 2);
    await save(service);
    await service.stop();
    writeFileSync(path.join(directory, 'Temp.f8s#5251003128447170000'), 'not a checkpoint');
    rmSync(path.join(directory, 'svc.wal'));
    service = await start(directory);
    assert.equal(await vertexCount(service), 2);
    await service.stop();
  });
});
