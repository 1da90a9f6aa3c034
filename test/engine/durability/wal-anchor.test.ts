/**
 * Anchoring: a log names the checkpoint it builds on; `resetAnchoredTo` replaces it atomically, carrying
 * the entries newer than the checkpoint (after a save) or discarding them (after a load); replay starts
 * after the state the engine already holds.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Engine } from '../../../src/index.js';
import { decodeHeader } from '../../../src/engine/durability/wal/header.js';
import { scanFrames } from '../../../src/engine/durability/wal/frames.js';
import {
  LogReplayError,
  LogStateError,
  WriteAheadLog,
} from '../../../src/engine/durability/wal/write-ahead-log.js';
import {
  FaultyFileSystem,
  engineState,
  ioError,
  openLogged,
  temporaryDirectory,
  testNamespaceId,
} from './support.js';

const clock = () => 1_700_000_000;

/** The same deterministic writes, so an engine can be brought to "the checkpoint's state" without one. */
const writes: ((engine: Engine) => Promise<unknown>)[] = [
  (e) => e.createVertices([{ label: 'a' }, { label: 'b' }]),
  (e) => e.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows' }),
  (e) => e.setProperty(0, 'name', { type: 'String', value: 'Alice' }),
  (e) => e.removeElement(1),
  (e) => e.createVertex({ label: 'c' }),
];

async function stateAfter(count: number): Promise<Engine> {
  const engine = new Engine({ clockSeconds: clock });
  for (const write of writes.slice(0, count)) await write(engine);
  return engine;
}

function fileFacts(file: string) {
  const bytes = readFileSync(file);
  const { header, framesStart } = decodeHeader(bytes, file);
  const scan = scanFrames(
    bytes,
    framesStart,
    (header.anchor.kind === 'checkpoint' ? header.anchor.sequence : 0) + 1,
  );
  return { header, sequences: scan.frames.map((frame) => frame.sequence), stop: scan.stop };
}

describe('anchoring the log to a checkpoint', () => {
  it('a reset after a save carries the entries newer than the checkpoint into the new file', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    for (const write of writes.slice(0, 3)) await write(engine);
    const checkpointSequence = log.lastSequence; // the save's snapshot, taken between groups
    for (const write of writes.slice(3)) await write(engine); // writes go on while the checkpoint is written
    await log.resetAnchoredTo({ kind: 'checkpoint', id: 'sg-1', sequence: checkpointSequence });
    const expected = engineState(engine);
    await log.close();

    const facts = fileFacts(file);
    assert.deepEqual(facts.header.anchor, { kind: 'checkpoint', id: 'sg-1', sequence: 3 });
    assert.deepEqual(facts.sequences, [4, 5]);
    assert.equal(facts.stop, 'end');
    assert.deepEqual(
      readdirSync(path.dirname(file)).filter((name) => name !== 'svc.wal'),
      [],
      'no temporary file is left behind',
    );

    // Startup: load the checkpoint (here: rebuild its state), then replay the log on top.
    const loaded = await stateAfter(3);
    const reopened = await WriteAheadLog.open({ path: file, namespaceId: testNamespaceId, engine: loaded });
    assert.deepEqual(reopened.anchor, { kind: 'checkpoint', id: 'sg-1', sequence: 3 });
    const report = await reopened.replay({ afterSequence: 3 });
    assert.equal(report.replayedEntries, 2);
    assert.deepEqual(engineState(loaded), expected);
    await reopened.close();
  });

  it('replay skips the entries a newer checkpoint already holds', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    for (const write of writes) await write(engine);
    const expected = engineState(engine);
    await log.close();
    // A checkpoint at sequence 4 was saved, but the process died before the log was re-anchored.
    const loaded = await stateAfter(4);
    const reopened = await WriteAheadLog.open({ path: file, namespaceId: testNamespaceId, engine: loaded });
    assert.equal((await reopened.replay({ afterSequence: 4 })).replayedEntries, 1);
    assert.deepEqual(engineState(loaded), expected);
    await reopened.close();
  });

  it('refuses to replay onto a state other than the one named, older than the anchor, or newer than the log', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    for (const write of writes.slice(0, 3)) await write(engine);
    await log.resetAnchoredTo({ kind: 'checkpoint', id: 'sg-2', sequence: 2 });
    await log.close();
    const fresh = new Engine();
    const reopened = await WriteAheadLog.open({ path: file, namespaceId: testNamespaceId, engine: fresh });
    const refused = (pattern: RegExp) => (error: unknown) =>
      error instanceof LogReplayError && pattern.test(error.message);
    await assert.rejects(reopened.replay(), refused(/the engine's state is at sequence 0/));
    await assert.rejects(
      reopened.replay({ afterSequence: 0 }),
      refused(/load the checkpoint the log is anchored to first/),
    );
    fresh.resetCommittedSequence(9);
    await assert.rejects(reopened.replay({ afterSequence: 9 }), refused(/re-anchor the log/));
    await reopened.close();
  });

  it('a reset after a load discards the later history; numbering continues from the checkpoint', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    for (const write of writes) await write(engine);
    // An older checkpoint (sequence 2) is installed, and the log re-anchored to it in the same step.
    const older = await stateAfter(2);
    await engine.exclusive(async () => {
      engine.graph.adopt(older.graph);
      engine.resetCommittedSequence(2);
      await log.resetAnchoredTo(
        { kind: 'checkpoint', id: 'sg-old', sequence: 2 },
        { keepLaterEntries: false },
      );
    });
    assert.equal(log.lastSequence, 2);
    await engine.createVertex({ label: 'new branch' });
    assert.equal(log.lastSequence, 3);
    await log.close();
    assert.deepEqual(fileFacts(file).sequences, [3]);
  });

  it('a re-anchor refuses an engine that does not hold the checkpoint', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file);
    await engine.createVertex();
    await assert.rejects(
      log.resetAnchoredTo({ kind: 'checkpoint', id: 'elsewhere', sequence: 7 }, { keepLaterEntries: false }),
      (error: unknown) =>
        error instanceof LogStateError && /install the checkpoint first/.test(error.message),
    );
    await log.close();
  });

  it('restoring the anchored checkpoint replays the history since it, with writes held meanwhile', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: clock }) });
    for (const write of writes.slice(0, 2)) await write(engine);
    await log.resetAnchoredTo({ kind: 'checkpoint', id: 'sg-now', sequence: 2 });
    for (const write of writes.slice(2)) await write(engine);
    const expected = engineState(engine);
    // The restore: install the checkpoint's state and replay the log on top, in one writer step; a write
    // submitted meanwhile waits and lands after the replayed history.
    const checkpoint = await stateAfter(2);
    let late: Promise<number> | undefined;
    const report = await engine.exclusive(async () => {
      engine.graph.adopt(checkpoint.graph);
      engine.resetCommittedSequence(2);
      late = engine.createVertex({ label: 'late' });
      return log.replay({ afterSequence: 2 });
    });
    assert.equal(report.replayedEntries, 3);
    assert.deepEqual(engineState(engine), expected);
    assert.equal(await late, 4);
    assert.equal(log.lastSequence, 6);
    await log.close();
    assert.deepEqual(fileFacts(file).sequences, [3, 4, 5, 6]);
  });

  it('a reset that fails leaves the old log in place and appending', async () => {
    const fileSystem = new FaultyFileSystem();
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, {
      fileSystem,
      engine: new Engine({ clockSeconds: clock }),
    });
    for (const write of writes.slice(0, 2)) await write(engine);
    const before = readFileSync(file);
    fileSystem.failReplace = ioError('rename');
    await assert.rejects(log.resetAnchoredTo({ kind: 'checkpoint', id: 'sg-x', sequence: 2 }), /EIO/);
    assert.deepEqual(readFileSync(file), before);
    assert.equal(log.degraded, false);
    fileSystem.failReplace = null;
    await writes[2](engine);
    await log.close();
    assert.deepEqual(fileFacts(file).sequences, [1, 2, 3]);
  });

  it('commits waiting behind a reset land in the new file, in order', async () => {
    const fileSystem = new FaultyFileSystem();
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, {
      fileSystem,
      engine: new Engine({ clockSeconds: clock }),
    });
    await writes[0](engine);
    const reset = log.resetAnchoredTo({ kind: 'checkpoint', id: 'sg-3', sequence: 1 });
    const during = [writes[1](engine), writes[2](engine)];
    await Promise.all([reset, ...during]);
    await log.close();
    assert.deepEqual(fileFacts(file).sequences, [2, 3]);
  });

  it('refuses a checkpoint that claims commits that never happened', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file);
    await engine.createVertex();
    await assert.rejects(log.resetAnchoredTo({ kind: 'checkpoint', id: 'x', sequence: 5 }), LogStateError);
    await log.close();
  });
});
