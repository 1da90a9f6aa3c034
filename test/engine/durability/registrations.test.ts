/**
 * Registrations across the durable paths (docs/library.md, Registrations): subgraph recipes (family
 * `subgraphRecipe`, log entry type 17, checkpoint section `subgraphRecipes`) and stored queries survive a
 * restart replayed from the log and a save and load, removals included, each family in registration
 * order; a load tells `onRegistrationsReplaced` listeners once, after the whole loaded state is in place;
 * save-game kpis list the subgraph recipes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  Engine,
  Namespaces,
  installCheckpoint,
  loadCheckpoint,
  readCheckpointManifest,
  saveCheckpoint,
  type RegistrationFamily,
} from '../../../src/index.js';
import { Durability, durabilityPaths } from '../../../src/engine/durability/durability.js';
import { SaveGameRegistry } from '../../../src/engine/durability/savegames/registry.js';
import { SaveGames } from '../../../src/engine/durability/savegames/service.js';
import { temporaryDirectory } from './support.js';

function payloadOf(family: RegistrationFamily, name: string): string {
  return JSON.stringify({ family, name, patterns: [{ type: 'Vertex' }] });
}

async function register(engine: Engine, family: RegistrationFamily, ...names: string[]): Promise<void> {
  for (const name of names) {
    await engine.submit([{ kind: 'register', family, name, payload: payloadOf(family, name) }]);
  }
}

async function unregister(engine: Engine, family: RegistrationFamily, name: string): Promise<void> {
  await engine.submit([{ kind: 'unregister', family, name }]);
}

function names(engine: Engine, family: RegistrationFamily): string[] {
  return engine.graph.registrations.entries(family).map((entry) => entry.name);
}

/** Each call of a listener: the engine it was told about and the recipe names it read right then. */
type Calls = { engine: Engine; recipes: string[]; storedQueries: string[] }[];

function recorder(calls: Calls): (engine: Engine) => void {
  return (engine) =>
    calls.push({
      engine,
      recipes: names(engine, 'subgraphRecipe'),
      storedQueries: names(engine, 'storedQuery'),
    });
}

/** A durable process: namespaces, their logs and save games, as the server wires them. */
async function boot(storageDirectory: string, calls?: Calls) {
  const namespaces = new Namespaces(
    calls === undefined ? {} : { engine: { onRegistrationsReplaced: recorder(calls) } },
  );
  const paths = durabilityPaths({ storageDirectory, walPath: null, metadataDirectory: null });
  const registry = await SaveGameRegistry.open(paths.metadataDirectory);
  const warnings: string[] = [];
  const durability = await Durability.start(namespaces, {
    ...paths,
    volatile: false,
    registry,
    checkpointBaseName: 'Temp.f8s',
    onWarning: (message) => warnings.push(message),
  });
  const saveGames = new SaveGames(namespaces, registry, {
    storageDirectory: storageDirectory,
    checkpointBaseName: 'Temp.f8s',
    engineVersion: 'test',
    logs: durability,
    onWarning: (message) => warnings.push(message),
  });
  return { namespaces, durability, saveGames, warnings };
}

describe('registrations in the write-ahead log', () => {
  it('subgraph recipe registrations and removals replay after a restart, in registration order', async () => {
    const storage = temporaryDirectory();
    const first = await boot(storage);
    const engine = first.namespaces.default.engine;
    await register(engine, 'subgraphRecipe', 'r-c', 'r-a');
    await register(engine, 'storedQuery', 'q-1');
    await register(engine, 'subgraphRecipe', 'r-b');
    await unregister(engine, 'subgraphRecipe', 'r-a');
    await register(engine, 'subgraphRecipe', 'r-a', 'r-0');
    const flights = first.namespaces.create('flights');
    await first.namespaces.settled();
    await register(flights.engine, 'subgraphRecipe', 'f-2', 'f-1');
    const quiet = first.namespaces.create('quiet');
    await first.namespaces.settled();
    await quiet.engine.createVertex({ label: 'v' });
    assert.deepEqual(names(engine, 'subgraphRecipe'), ['r-c', 'r-b', 'r-a', 'r-0']);
    await first.durability.close();

    const calls: Calls = [];
    const second = await boot(storage, calls);
    const again = second.namespaces.default.engine;
    assert.deepEqual(names(again, 'subgraphRecipe'), ['r-c', 'r-b', 'r-a', 'r-0']);
    assert.equal(again.graph.registrations.get('subgraphRecipe', 'r-b'), payloadOf('subgraphRecipe', 'r-b'));
    assert.deepEqual(names(again, 'storedQuery'), ['q-1']);
    const restoredFlights = second.namespaces.require('flights').engine;
    assert.deepEqual(names(restoredFlights, 'subgraphRecipe'), ['f-2', 'f-1']);
    // One call per engine whose replay brought registrations, after its whole history: the namespace whose
    // log holds only elements has nothing to tell.
    assert.equal(calls.length, 2);
    assert.deepEqual(calls.find((call) => call.engine === again)?.recipes, ['r-c', 'r-b', 'r-a', 'r-0']);
    assert.deepEqual(calls.find((call) => call.engine === restoredFlights)?.recipes, ['f-2', 'f-1']);
    assert.equal(second.namespaces.require('quiet').engine.vertexCount, 1);
    await second.durability.close();
  });
});

describe('registrations in checkpoints', () => {
  it("a save writes each family's section in registration order and a load puts them back exactly", async () => {
    const source = new Engine();
    await register(source, 'subgraphRecipe', 'z', 'm', 'a');
    await register(source, 'storedQuery', 'q-b', 'q-a');
    await unregister(source, 'subgraphRecipe', 'm');
    await register(source, 'subgraphRecipe', 'm');
    const saved = await saveCheckpoint(source, path.join(temporaryDirectory(), 'r.f8s'), { partitions: 1 });
    assert.deepEqual(saved.subgraphRecipes, ['z', 'a', 'm']);
    const manifest = await readCheckpointManifest(saved.location);
    assert.deepEqual(
      manifest.sections.subgraphRecipes.entries.map((entry) => [entry.name, entry.metadata, entry.file]),
      ['z', 'a', 'm'].map((name) => [name, payloadOf('subgraphRecipe', name), null]),
    );
    assert.deepEqual(
      manifest.sections.storedQueries.entries.map((entry) => entry.name),
      ['q-b', 'q-a'],
    );

    const calls: Calls = [];
    const target = new Engine({ onRegistrationsReplaced: recorder(calls) });
    await register(target, 'subgraphRecipe', 'gone');
    await register(target, 'storedQuery', 'gone-too');
    assert.equal(calls.length, 0, 'a registration through the writer is not a load');
    await installCheckpoint(target, await loadCheckpoint(saved.location));
    assert.deepEqual(target.graph.registrations.snapshot(), source.graph.registrations.snapshot());
    assert.deepEqual(calls, [{ engine: target, recipes: ['z', 'a', 'm'], storedQueries: ['q-b', 'q-a'] }]);

    await saveCheckpoint(target, path.join(temporaryDirectory(), 's.f8s'), { partitions: 1 });
    await target.createVertex({ label: 'after' });
    await unregister(target, 'subgraphRecipe', 'z');
    assert.equal(calls.length, 1, 'a save, element writes and a removal are not loads');
  });

  it('a checkpoint without subgraph recipes loads as none, replacing those registered since', async () => {
    const saved = await saveCheckpoint(new Engine(), path.join(temporaryDirectory(), 'e.f8s'));
    const target = new Engine();
    await register(target, 'subgraphRecipe', 'later');
    await installCheckpoint(target, await loadCheckpoint(saved.location));
    assert.deepEqual(names(target, 'subgraphRecipe'), []);
  });
});

describe('loads tell the registrations listeners', () => {
  it('startup over a checkpoint and the log after it tells once, with the history replayed', async () => {
    const storage = temporaryDirectory();
    const first = await boot(storage);
    const engine = first.namespaces.default.engine;
    await register(engine, 'subgraphRecipe', 'r-1', 'r-2');
    const entry = await first.saveGames.save(first.namespaces.default);
    assert.deepEqual(entry.kpis.subGraphs, ['r-1', 'r-2']);
    await unregister(engine, 'subgraphRecipe', 'r-1');
    await register(engine, 'subgraphRecipe', 'r-3');
    await first.durability.close();

    const calls: Calls = [];
    const second = await boot(storage, calls);
    const again = second.namespaces.default.engine;
    assert.equal(second.durability.status(second.namespaces.default).lastRecoveryReplayedEntries, 2);
    assert.deepEqual(names(again, 'subgraphRecipe'), ['r-2', 'r-3']);
    assert.deepEqual(calls, [{ engine: again, recipes: ['r-2', 'r-3'], storedQueries: [] }]);
    await second.durability.close();
  });

  it('PUT /load and a save-game restore tell once each, and the kpis list the recipes by name', async () => {
    const storage = temporaryDirectory();
    const { namespaces, durability, saveGames } = await boot(storage);
    const calls: Calls = [];
    const engine = namespaces.default.engine;
    const stop = engine.onRegistrationsReplaced(recorder(calls));
    await register(engine, 'subgraphRecipe', 'b', 'a');
    const entry = await saveGames.save(namespaces.default);
    assert.deepEqual(entry.kpis.subGraphs, ['b', 'a']);
    assert.deepEqual(entry.namespaces?.[0].kpis.subGraphs, ['b', 'a']);
    await register(engine, 'subgraphRecipe', 'c');
    await unregister(engine, 'subgraphRecipe', 'b');

    // Loading by path a checkpoint the registry does not know: re-anchors the log, registers it imported.
    await saveGames.registry.remove(entry.id);
    assert.equal(await saveGames.loadPath(namespaces.default, entry.location ?? ''), 'loaded');
    assert.deepEqual(names(engine, 'subgraphRecipe'), ['b', 'a']);
    assert.deepEqual(calls, [{ engine, recipes: ['b', 'a'], storedQueries: [] }]);
    const [imported] = saveGames.registry.list();
    assert.equal(imported.trigger, 'imported');
    assert.deepEqual(imported.kpis.subGraphs, ['b', 'a']);

    // Restoring the entry the log builds on replays the log's later history in the same step.
    await register(engine, 'subgraphRecipe', 'd');
    const outcome = await saveGames.restore(imported.id);
    assert.equal(outcome.kind, 'restored');
    assert.deepEqual(names(engine, 'subgraphRecipe'), ['b', 'a', 'd']);
    assert.deepEqual(calls.at(-1), { engine, recipes: ['b', 'a', 'd'], storedQueries: [] });
    assert.equal(calls.length, 2);

    stop();
    assert.equal(await saveGames.loadPath(namespaces.default, entry.location ?? ''), 'loaded');
    assert.equal(calls.length, 2, 'a removed listener is not told');
    assert.deepEqual(names(engine, 'subgraphRecipe'), ['b', 'a']);
    await durability.close();
  });

  it('a listener that throws is reported and the load and the other listeners go on', async () => {
    const saved = await saveCheckpoint(new Engine(), path.join(temporaryDirectory(), 't.f8s'));
    const failures: Error[] = [];
    const target = new Engine({ onBackgroundError: (error) => failures.push(error) });
    const told: Engine[] = [];
    target.onRegistrationsReplaced(() => {
      throw new Error('rebuild refused');
    });
    target.onRegistrationsReplaced((engine) => told.push(engine));
    await register(target, 'subgraphRecipe', 'x');
    await installCheckpoint(target, await loadCheckpoint(saved.location));
    assert.deepEqual(names(target, 'subgraphRecipe'), []);
    assert.deepEqual(told, [target]);
    assert.equal(failures.length, 1);
    assert.match(failures[0].message, /a listener for replaced registrations failed: rebuild refused/);
  });
});
