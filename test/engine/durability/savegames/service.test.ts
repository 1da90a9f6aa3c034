/**
 * Save games through the library: saves never overwrite and register one entry; loads by path and by
 * entry restore the saved state (a dropped namespace recreated under a new id and re-registered); the
 * registry is written atomically, read newest first, and refused loudly when corrupt.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Namespaces } from '../../../../src/engine/namespaces/catalog.js';
import { membersOf } from '../../../../src/engine/durability/savegames/entries.js';
import {
  RegistryCorruptError,
  SaveGameRegistry,
} from '../../../../src/engine/durability/savegames/registry.js';
import { SaveGames } from '../../../../src/engine/durability/savegames/service.js';

let root: string;
before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'skein-savegames-'));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

async function fresh(
  name: string,
): Promise<{ namespaces: Namespaces; saveGames: SaveGames; directory: string }> {
  const directory = path.join(root, name);
  const namespaces = new Namespaces();
  const registry = await SaveGameRegistry.open(path.join(directory, 'metadata'));
  const saveGames = new SaveGames(namespaces, registry, {
    storageDirectory: directory,
    checkpointBaseName: 'Temp.f8s',
    engineVersion: 'test',
  });
  return { namespaces, saveGames, directory };
}

async function addPeople(
  namespaces: Namespaces,
  names: readonly string[],
  namespace = 'default',
): Promise<void> {
  const engine = namespaces.require(namespace).engine;
  for (const name of names) {
    await engine.createVertex({
      label: 'person',
      properties: [{ key: 'name', value: { type: 'String', value: name } }],
    });
  }
}

describe('save games', () => {
  it('saves to the default location, registers one api entry, and never overwrites a checkpoint', async () => {
    const { namespaces, saveGames, directory } = await fresh('save');
    await addPeople(namespaces, ['ann', 'bob']);
    const first = await saveGames.save(namespaces.default);
    assert.equal(first.trigger, 'api');
    assert.equal(first.location, path.join(directory, 'Temp.f8s'));
    assert.match(first.id, /^sg-\d{8}-\d{6}-[0-9a-f]{4}$/);
    assert.equal(first.kpis.vertexCount, 2);
    assert.equal(first.namespaces?.[0].id, 'default');
    const second = await saveGames.save(namespaces.default);
    assert.notEqual(second.location, first.location);
    assert.ok(second.location?.startsWith(`${first.location}#`), second.location ?? '');
    assert.deepEqual(
      saveGames.registry.list().map((e) => e.id),
      [second.id, first.id],
    );
    const document = JSON.parse(
      await readFile(path.join(directory, 'metadata', 'savegames.json'), 'utf8'),
    ) as {
      schemaVersion: number;
      saveGames: { id: string }[];
    };
    assert.equal(document.schemaVersion, 2);
    assert.deepEqual(
      document.saveGames.map((e) => e.id),
      [second.id, first.id],
    );
  });

  it('loads a path back into a namespace and registers an unknown checkpoint as imported', async () => {
    const { namespaces, saveGames } = await fresh('load-path');
    await addPeople(namespaces, ['ann', 'bob', 'cy']);
    const entry = await saveGames.save(namespaces.default);
    await saveGames.registry.remove(entry.id);
    await namespaces.default.engine.clear();
    assert.equal(namespaces.default.engine.vertexCount, 0);
    assert.equal(await saveGames.loadPath(namespaces.default, entry.location ?? ''), 'loaded');
    assert.equal(namespaces.default.engine.vertexCount, 3);
    const [imported] = saveGames.registry.list();
    assert.equal(imported.trigger, 'imported');
    assert.equal(imported.location, entry.location);
  });

  it('answers missing for a path with no checkpoint and registers nothing', async () => {
    const { namespaces, saveGames, directory } = await fresh('missing');
    assert.equal(
      await saveGames.loadPath(namespaces.default, path.join(directory, 'nothing.f8s')),
      'missing',
    );
    assert.deepEqual(saveGames.registry.list(), []);
  });

  it('restores an entry, recreating a dropped namespace under a new id and re-registering it', async () => {
    const { namespaces, saveGames } = await fresh('restore');
    const flights = namespaces.create('flights');
    await addPeople(namespaces, ['pilot'], 'flights');
    const entry = await saveGames.save(flights);
    const oldId = flights.id;
    namespaces.drop('flights');
    const outcome = await saveGames.restore(entry.id);
    assert.equal(outcome.kind, 'restored');
    const recreated = namespaces.require('flights');
    assert.notEqual(recreated.id, oldId);
    assert.equal(recreated.engine.vertexCount, 1);
    assert.ok(saveGames.registry.newestContaining(recreated.id) !== undefined);
  });

  it('restores one named member, and reports an unknown member with the entry’s members', async () => {
    const { namespaces, saveGames } = await fresh('member');
    namespaces.create('a');
    namespaces.create('b');
    await addPeople(namespaces, ['x'], 'a');
    await addPeople(namespaces, ['y', 'z'], 'b');
    const { entry, failedNamespaces } = await saveGames.saveAll();
    assert.deepEqual(failedNamespaces, []);
    assert.ok(entry !== undefined);
    assert.equal(entry.location, null);
    assert.equal(entry.kpis.vertexCount, 3);
    assert.deepEqual(
      membersOf(entry)
        .map((m) => m.name)
        .sort(),
      ['a', 'b', 'default'],
    );
    await namespaces.require('b').engine.clear();
    await namespaces.require('a').engine.clear();
    const outcome = await saveGames.restore(entry.id, { namespace: 'b' });
    assert.equal(outcome.kind, 'restored');
    assert.equal(namespaces.require('b').engine.vertexCount, 2);
    assert.equal(namespaces.require('a').engine.vertexCount, 0);
    const unknown = await saveGames.restore(entry.id, { namespace: 'nope' });
    assert.equal(unknown.kind, 'unknownMember');
  });

  it('touches nothing when a member’s files are missing', async () => {
    const { namespaces, saveGames } = await fresh('files-missing');
    await addPeople(namespaces, ['ann']);
    const entry = await saveGames.save(namespaces.default);
    await addPeople(namespaces, ['bob']);
    await rm(entry.location ?? '');
    const outcome = await saveGames.restore(entry.id);
    assert.equal(outcome.kind, 'filesMissing');
    assert.equal(namespaces.default.engine.vertexCount, 2);
  });

  it('deletes an entry, with deleteFiles exactly its own files and never a versioned sibling', async () => {
    const { namespaces, saveGames, directory } = await fresh('delete');
    await addPeople(namespaces, ['ann']);
    const first = await saveGames.save(namespaces.default);
    const second = await saveGames.save(namespaces.default);
    assert.equal(await saveGames.delete(first.id, true), true);
    assert.equal(await saveGames.delete(first.id, true), false);
    const left = await readdir(directory);
    assert.ok(!left.includes('Temp.f8s'));
    assert.ok(left.some((f) => path.join(directory, f) === second.location));
    assert.deepEqual(
      saveGames.registry.list().map((e) => e.id),
      [second.id],
    );
  });
});

describe('the save-game registry', () => {
  it('refuses a corrupt registry loudly and leaves the file as it was', async () => {
    const directory = path.join(root, 'corrupt');
    await rm(directory, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(directory, { recursive: true }));
    const file = path.join(directory, 'savegames.json');
    for (const text of [
      '{ not json',
      '[]',
      '{"schemaVersion": 9, "saveGames": []}',
      '{"schemaVersion": 2, "saveGames": [{"id": 1}]}',
    ]) {
      await writeFile(file, text);
      await assert.rejects(SaveGameRegistry.open(directory), RegistryCorruptError);
      assert.equal(await readFile(file, 'utf8'), text);
    }
  });

  it('reads a pre-namespace entry as the default namespace only', async () => {
    const directory = path.join(root, 'legacy');
    await import('node:fs/promises').then((fs) => fs.mkdir(directory, { recursive: true }));
    await writeFile(
      path.join(directory, 'savegames.json'),
      JSON.stringify({
        schemaVersion: 1,
        saveGames: [
          { id: 'sg-1', savedAt: '2026-01-01T00:00:00.000Z', trigger: 'api', location: '/x/Temp.f8s' },
        ],
      }),
    );
    const registry = await SaveGameRegistry.open(directory);
    assert.equal(registry.newestContaining('default')?.member.location, '/x/Temp.f8s');
  });
});
