/**
 * The engine's bounds on what grows with client input (docs/limits.md), each checked at its edge: admitted
 * at the bound, refused or handled just past it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Engine, isEngineError } from '../../src/index.js';
import { maxBatchReadIds, maxGraphPageElements } from '../../src/engine/engine.js';
import { maxSavePartitions, saveCheckpoint } from '../../src/engine/durability/checkpoint/index.js';
import { decodeHeader, emptyGraphAnchor } from '../../src/engine/durability/wal/header.js';
import { scanFrames } from '../../src/engine/durability/wal/frames.js';
import { LogStateError } from '../../src/engine/durability/wal/write-ahead-log.js';
import { Namespaces } from '../../src/engine/namespaces/catalog.js';
import { SaveGameRegistry } from '../../src/engine/durability/savegames/registry.js';
import { SaveGames } from '../../src/engine/durability/savegames/service.js';
import { FaultyFileSystem, ioError, openLogged, temporaryDirectory } from './durability/support.js';

const fixedClock = () => 1_700_000_000;

describe('engine limits at their edges', () => {
  it(`a batch read takes exactly ${maxBatchReadIds} ids and refuses one more`, () => {
    const engine = new Engine();
    const atBound = engine.getElements(new Array<number>(maxBatchReadIds).fill(7));
    assert.equal(atBound.notFound.length, maxBatchReadIds);
    assert.throws(
      () => engine.getElements(new Array<number>(maxBatchReadIds + 1).fill(7)),
      (error) =>
        isEngineError(error, 'INVALID_INPUT') && error.message.includes(`at most ${maxBatchReadIds} ids`),
    );
  });

  it(`a graph page lists at most ${maxGraphPageElements} elements of each kind, whatever is asked`, async () => {
    const engine = new Engine();
    await engine.createVertices(Array.from({ length: maxGraphPageElements + 1 }, () => ({})));
    assert.equal(engine.getGraphPageIds(maxGraphPageElements).vertices.length, maxGraphPageElements);
    assert.equal(engine.getGraphPageIds(maxGraphPageElements + 1).vertices.length, maxGraphPageElements);
    assert.equal(engine.getGraphPageIds(maxGraphPageElements - 1).vertices.length, maxGraphPageElements - 1);
  });

  it('a commit group takes exactly maxGroupTransactions transactions; the next one starts a new group', async () => {
    const engine = new Engine({ maxGroupTransactions: 10 });
    const groupSizes: number[] = [];
    engine.addCommitHook((group) => void groupSizes.push(group.length));
    await Promise.all(Array.from({ length: 21 }, () => engine.createVertex()));
    assert.deepEqual(groupSizes, [10, 10, 1]);
  });

  it(`a save writes up to ${maxSavePartitions} partitions and refuses more`, async () => {
    const engine = new Engine();
    await engine.createVertices([{}, {}]);
    const directory = temporaryDirectory();
    const saved = await saveCheckpoint(engine, path.join(directory, 'most.f8s'), {
      partitions: maxSavePartitions,
      workers: 0,
    });
    assert.equal(saved.partitions, maxSavePartitions);
    await assert.rejects(
      saveCheckpoint(engine, path.join(directory, 'over.f8s'), { partitions: maxSavePartitions + 1 }),
      (error) => isEngineError(error, 'INVALID_INPUT') && /savePartitions/.test(error.message),
    );
  });
});

describe('the write-ahead log holds non-durable entries up to maxHeldBytes', () => {
  /** The bytes of one logged `createVertex` with a fixed date: the distance between two frames. */
  async function frameBytes(): Promise<number> {
    const file = path.join(temporaryDirectory(), 'measure.wal');
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: fixedClock }) });
    await engine.createVertex({ creationDate: 1 });
    await engine.createVertex({ creationDate: 1 });
    await log.close();
    const content = readFileSync(file);
    const { framesStart } = decodeHeader(content, file);
    const { frames } = scanFrames(content, framesStart, 1);
    assert.equal(frames.length, 2);
    return frames[1].offset - frames[0].offset;
  }

  /** A log whose writes fail from the start, holding up to `maxHeldBytes`; `warnings` gets its lines. */
  async function degradedLog(maxHeldBytes: number) {
    const fileSystem = new FaultyFileSystem();
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const warnings: string[] = [];
    const opened = await openLogged(file, {
      fileSystem,
      engine: new Engine({ clockSeconds: fixedClock }),
      maxHeldBytes,
      onWarning: (message) => warnings.push(message),
    });
    fileSystem.failWrite = ioError('write');
    return { ...opened, warnings, fileSystem };
  }

  async function writeNonDurably(engine: Engine, count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      await assert.rejects(engine.createVertex({ creationDate: 1 }), (error) =>
        isEngineError(error, 'WRITER_FAULT'),
      );
    }
  }

  it('holds entries whose bytes reach the bound exactly, and a reset writes them all', async () => {
    const bytes = await frameBytes();
    const { engine, log, warnings, fileSystem } = await degradedLog(3 * bytes);
    await writeNonDurably(engine, 3);
    assert.deepEqual(
      warnings.filter((line) => line.includes('non-durable entries')),
      [],
    );
    fileSystem.failWrite = null;
    await log.resetAnchoredTo(emptyGraphAnchor);
    assert.equal(log.degraded, false);
    await log.close();
  });

  it('gives up holding once one more entry would pass the bound: only a checkpoint of the whole state clears the fence', async () => {
    const bytes = await frameBytes();
    const { engine, log, warnings, fileSystem } = await degradedLog(3 * bytes);
    await writeNonDurably(engine, 4);
    assert.equal(
      warnings.filter((line) => line.includes(`more than ${3 * bytes} bytes of non-durable entries`)).length,
      1,
    );
    fileSystem.failWrite = null;
    await assert.rejects(log.resetAnchoredTo(emptyGraphAnchor), LogStateError);
    assert.equal(log.degraded, true);
    await log.resetAnchoredTo({ kind: 'checkpoint', id: 'covers-all', sequence: log.lastSequence });
    assert.equal(log.degraded, false);
    await log.close();
  });
});

describe('saves of one namespace hold one snapshot at a time', () => {
  it('takes the snapshot of a save requested during another only after that one has ended', async () => {
    const directory = temporaryDirectory();
    const namespaces = new Namespaces();
    const saveGames = new SaveGames(
      namespaces,
      await SaveGameRegistry.open(path.join(directory, 'metadata')),
      {
        storageDirectory: directory,
        checkpointBaseName: 'Temp.f8s',
        engineVersion: 'test',
      },
    );
    const engine = namespaces.default.engine;
    await engine.createVertices([{}, {}]);
    let release!: () => void;
    const held = engine.exclusive(() => new Promise<void>((resolve) => (release = resolve)));
    const first = saveGames.save(namespaces.default);
    const second = saveGames.save(namespaces.default);
    // Wait for the first save's snapshot step, and give the second every chance to queue its own.
    for (let poll = 0; poll < 2_000 && engine.pendingWrites === 0; poll++) await sleep(5);
    for (let poll = 0; poll < 20 && engine.pendingWrites < 2; poll++) await sleep(5);
    assert.equal(engine.pendingWrites, 1, 'one snapshot step waits; the second save waits for the first');
    const written = engine.createVertex();
    release();
    await held;
    assert.equal((await first).kpis.vertexCount, 2);
    await written;
    assert.equal((await second).kpis.vertexCount, 3, 'the second snapshot was taken after the first save');
  });
});
