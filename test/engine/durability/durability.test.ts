/**
 * Durability of a namespace catalog: one log per namespace in the documented layout, namespaces created,
 * renamed and dropped at run time survive a restart (or stay dropped), volatile mode touches no disk,
 * and a damaged catalog stops the start without being overwritten.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Namespaces, type Namespace } from '../../../src/index.js';
import { Durability, durabilityPaths } from '../../../src/engine/durability/durability.js';
import { CatalogFileError } from '../../../src/engine/durability/namespace-catalog-file.js';
import { loadCheckpoint, saveCheckpoint } from '../../../src/engine/durability/checkpoint/index.js';
import { engineState, temporaryDirectory } from './support.js';

async function boot(storageDirectory: string, volatile = false) {
  const namespaces = new Namespaces();
  const warnings: string[] = [];
  const durability = await Durability.start(namespaces, {
    ...durabilityPaths({ storageDirectory, walPath: null, metadataDirectory: null }),
    volatile,
    onWarning: (message) => warnings.push(message),
  });
  return { namespaces, durability, warnings };
}

describe('durability of the namespace catalog', () => {
  it('resolves the default layout: data/svc.wal, data/metadata, relative to the working directory', () => {
    const paths = durabilityPaths(
      { storageDirectory: 'data', walPath: null, metadataDirectory: null },
      '/srv/app',
    );
    assert.deepEqual(paths, {
      storageDirectory: '/srv/app/data',
      walPath: '/srv/app/data/svc.wal',
      metadataDirectory: '/srv/app/data/metadata',
    });
    const explicit = durabilityPaths(
      { storageDirectory: '/var/lib/skein', walPath: 'logs/x.wal', metadataDirectory: '/etc/skein' },
      '/srv/app',
    );
    assert.equal(explicit.walPath, '/var/lib/skein/logs/x.wal');
    assert.equal(explicit.metadataDirectory, '/etc/skein');
  });

  it('keeps the default namespace at WalPath and others under namespaces/<id>/, across restarts', async () => {
    const storage = temporaryDirectory();
    const first = await boot(storage);
    assert.ok(existsSync(path.join(storage, 'svc.wal')));
    assert.ok(existsSync(path.join(storage, 'metadata', 'namespaces.json')));
    assert.deepEqual(first.durability.status(first.namespaces.default), {
      walEnabled: true,
      degraded: false,
      recoveryRan: false,
      lastRecoveryTruncated: false,
      lastRecoveryReplayedEntries: 0,
      lastCheckpointDroppedIndices: 0,
    });

    await first.namespaces.default.engine.createVertices([{ label: 'd' }, { label: 'd' }]);
    const flights = first.namespaces.create('flights');
    await first.namespaces.settled();
    const logFile = path.join(storage, 'namespaces', flights.id, 'svc.wal');
    assert.ok(existsSync(logFile));
    await flights.engine.createVertex({ label: 'f' });
    first.namespaces.update('flights', { name: 'trips', pluginRegistration: 'disabled' });
    await first.namespaces.settled();
    const expected = engineState(flights.engine);
    await first.durability.close();

    const second = await boot(storage);
    const trips = second.namespaces.get('trips') as Namespace;
    assert.equal(trips.id, flights.id, 'the immutable id survives a rename and a restart');
    assert.equal(trips.pluginRegistrationEnabled, false);
    assert.equal(trips.createdAt.toISOString(), flights.createdAt.toISOString());
    assert.deepEqual(engineState(trips.engine), expected);
    assert.equal(second.namespaces.default.engine.vertexCount, 2);
    assert.deepEqual(second.durability.status(trips), {
      walEnabled: true,
      degraded: false,
      recoveryRan: true,
      lastRecoveryTruncated: false,
      lastRecoveryReplayedEntries: 1,
      lastCheckpointDroppedIndices: 0,
    });

    second.namespaces.drop('trips');
    await second.namespaces.settled();
    assert.equal(existsSync(logFile), false, 'dropping a namespace deletes its log');
    assert.equal(existsSync(path.dirname(logFile)), false);
    await second.durability.close();

    const third = await boot(storage);
    assert.equal(third.namespaces.get('trips'), undefined);
    assert.deepEqual(
      third.namespaces.list().map((n) => n.name),
      ['default'],
    );
    await third.durability.close();
  });

  it('keeps a dropped namespace directory that holds other files (its checkpoints)', async () => {
    const storage = temporaryDirectory();
    const { namespaces, durability } = await boot(storage);
    const doomed = namespaces.create('doomed');
    await namespaces.settled();
    const checkpoint = path.join(durability.directoryOf(doomed), 'Temp.f8s');
    writeFileSync(checkpoint, 'a checkpoint');
    namespaces.drop('doomed');
    await namespaces.settled();
    assert.equal(existsSync(durability.logPathOf(doomed)), false);
    assert.ok(existsSync(checkpoint));
    await durability.close();
  });

  it('erasing every namespace removes their logs and logs the default namespace clear', async () => {
    const storage = temporaryDirectory();
    const { namespaces, durability } = await boot(storage);
    await namespaces.default.engine.createVertex();
    const other = namespaces.create('other');
    await namespaces.settled();
    await namespaces.clearAll();
    await namespaces.settled();
    assert.equal(existsSync(durability.logPathOf(other)), false);
    await namespaces.default.engine.createVertex({ label: 'after clear' });
    await durability.close();
    const again = await boot(storage);
    assert.deepEqual(
      again.namespaces.list().map((n) => n.name),
      ['default'],
    );
    assert.equal(again.namespaces.default.engine.getVertex(0)?.label, 'after clear');
    await again.durability.close();
  });

  it('volatile mode reads and writes nothing, and reports the no-log posture', async () => {
    const storage = path.join(temporaryDirectory(), 'never-created');
    const { namespaces, durability } = await boot(storage, true);
    await namespaces.default.engine.createVertex();
    namespaces.create('x');
    await namespaces.settled();
    assert.equal(existsSync(storage), false);
    assert.equal(durability.status(namespaces.default).walEnabled, false);
    assert.equal(durability.status(namespaces.default).degraded, false);
    await durability.close();
  });

  it('a catalog file that does not parse stops the start and is left as it was', async () => {
    const storage = temporaryDirectory();
    const { durability } = await boot(storage);
    await durability.close();
    const catalog = path.join(storage, 'metadata', 'namespaces.json');
    writeFileSync(catalog, '{ "schemaVersion": 1, "namespaces": [ { "id": ');
    await assert.rejects(boot(storage), CatalogFileError);
    assert.equal(readFileSync(catalog, 'utf8'), '{ "schemaVersion": 1, "namespaces": [ { "id": ');
  });

  it('restoring the checkpoint the log builds on replays its history before any write waiting meanwhile', async () => {
    const storage = temporaryDirectory();
    const { namespaces, durability } = await boot(storage);
    const { engine } = namespaces.default;
    await engine.createVertices([{ label: 'a' }, { label: 'b' }]);
    const saved = await saveCheckpoint(engine, path.join(storage, 'Temp.f8s'));
    await durability.anchorAfterSave(namespaces.default, saved);
    await engine.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows' });
    await engine.setProperty(1, 'x', { type: 'Int32', value: 7 });
    const expected = engineState(engine);

    const loaded = await loadCheckpoint(saved.location);
    // A write that arrives the moment the restore's first writer step ends.
    let late: Promise<number> | undefined;
    const exclusive = engine.exclusive.bind(engine);
    engine.exclusive = (step) => {
      const done = exclusive(step);
      late ??= done.then(() => engine.createVertex({ label: 'late' }));
      return done;
    };
    const restoring = durability.restore(namespaces.default, loaded, 'replayWhenAnchored');
    assert.equal(await restoring, 'replayed');
    assert.equal(await late, 3, 'the waiting write lands after the replayed history');
    assert.equal(durability.status(namespaces.default).degraded, false);
    await engine.removeElement(3);
    const state = engineState(engine) as { elements: unknown[] };
    assert.deepEqual(state.elements.slice(0, 3), (expected as { elements: unknown[] }).elements);
    await durability.close();
  });

  it('close drains the writers, then runs the shutdown steps, then closes the logs', async () => {
    const storage = temporaryDirectory();
    const { namespaces, durability } = await boot(storage);
    const order: string[] = [];
    durability.onShutdown(async () => {
      order.push(`shutdown step sees ${namespaces.default.engine.vertexCount} vertices`);
      assert.equal(durability.status(namespaces.default).walEnabled, true);
    });
    const pending = namespaces.default.engine.createVertices([{}, {}, {}]);
    await durability.close();
    await pending;
    order.push(`walEnabled ${String(durability.status(namespaces.default).walEnabled)}`);
    assert.deepEqual(order, ['shutdown step sees 3 vertices', 'walEnabled false']);
  });
});
