/**
 * Group commit and the failure fence: one write and one sync per commit group before its callers are
 * released; an injected write or sync error degrades the log, tells the callers (a `fault` EngineError
 * naming the cause), counts the non-durable commits, and leaves the file a consistent prefix; a reset
 * (a save) that makes everything durable clears the fence.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import path from 'node:path';
import { Engine, isEngineError, type EngineOptions } from '../../../src/index.js';
import { defaultMaxGroupsInFlight, defaultMinTransactionsToOverlap } from '../../../src/engine/tx/writer.js';
import { emptyGraphAnchor } from '../../../src/engine/durability/wal/header.js';
import {
  LogStateError,
  WriteAheadLog,
  logExtentBytes,
} from '../../../src/engine/durability/wal/write-ahead-log.js';
import { FaultyFileSystem, engineState, ioError, openLogged, temporaryDirectory } from './support.js';

/** Waits for `condition` (file operations under a loaded machine can take long: a deadline, not a count). */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  assert.fail(`timed out waiting for ${what}`);
}

function isFault(pattern: RegExp) {
  return (error: unknown) =>
    isEngineError(error, 'WRITER_FAULT') &&
    error.reason === 'fault' &&
    /not durably/.test(error.message) &&
    pattern.test(error.message);
}

/** A log on a file system that fails and stalls on demand; `engine` options go to the logged engine. */
async function faultyLog(engine: EngineOptions = {}) {
  const fileSystem = new FaultyFileSystem();
  const file = path.join(temporaryDirectory(), 'svc.wal');
  const opened = await openLogged(file, { fileSystem, engine: new Engine(engine) });
  return { ...opened, fileSystem, file };
}

/** Single writes go in flight beside a stalled sync (the default waits for a crowd). */
const overlapAlways: EngineOptions = { minTransactionsToOverlap: 1 };

describe('group commit', () => {
  it('appends a commit group in one write and syncs it once before releasing any of its callers', async () => {
    const { engine, log, fileSystem } = await faultyLog();
    fileSystem.stallSync = true;
    let released = 0;
    const writes = Array.from({ length: 50 }, (_, i) =>
      engine.createVertex({ creationDate: i }).then((id) => {
        released++;
        return id;
      }),
    );
    await until(() => fileSystem.stalledSyncs === 1, 'the group sync');
    assert.equal(fileSystem.writes, 1, 'one write for the whole group');
    assert.equal(released, 0, 'nobody is released before the sync');

    // Writes arriving during the sync (fewer than go in flight beside it) wait and form the next group.
    const later = Array.from({ length: 30 }, () => engine.createVertex());
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fileSystem.writes, 1);
    fileSystem.releaseSync();
    assert.deepEqual(
      await Promise.all(writes),
      Array.from({ length: 50 }, (_, i) => i),
    );
    await Promise.all(later);
    assert.equal(fileSystem.writes, 2);
    assert.equal(fileSystem.syncs, 2);
    assert.equal(log.lastSequence, 80);
    await log.close();
  });

  it(`puts a group beside a sync in flight only when ${defaultMinTransactionsToOverlap} transactions wait`, async () => {
    const { engine, log, fileSystem } = await faultyLog();
    fileSystem.stallSync = true;
    const first = engine.createVertex();
    await until(() => fileSystem.stalledSyncs === 1, 'the first sync');
    const few = Array.from({ length: defaultMinTransactionsToOverlap - 1 }, () => engine.createVertex());
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fileSystem.writes, 1, 'fewer wait: they gather behind the sync');
    const crowd = engine.createVertex();
    await until(() => fileSystem.stalledSyncs === 2, 'the crowd in flight');
    assert.equal(fileSystem.writes, 2);
    fileSystem.releaseSync();
    await Promise.all([first, ...few, crowd]);
    assert.equal(fileSystem.writes, 2, 'the crowd went as one group');
    await log.close();
  });

  it('releases groups in commit order even when a later group syncs first', async () => {
    const { engine, log, fileSystem } = await faultyLog(overlapAlways);
    fileSystem.stallSync = true;
    const order: string[] = [];
    const first = engine.createVertex().then(() => order.push('first'));
    await until(() => fileSystem.stalledSyncs === 1, 'the first sync');
    const second = engine.createVertex().then(() => order.push('second'));
    await until(() => fileSystem.stalledSyncs === 2, 'the second sync');
    fileSystem.releaseStalledSync(1);
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, [], 'the second group waits for the first');
    fileSystem.releaseSync();
    await Promise.all([first, second]);
    assert.deepEqual(order, ['first', 'second']);
    await log.close();
  });

  it(`applies at most ${defaultMaxGroupsInFlight} groups ahead of their syncs, then waits for one to end`, async () => {
    const { engine, log, fileSystem } = await faultyLog(overlapAlways);
    fileSystem.stallSync = true;
    const writes: Promise<number>[] = [];
    for (let group = 0; group < defaultMaxGroupsInFlight; group++) {
      writes.push(engine.createVertex());
      await until(() => fileSystem.stalledSyncs === group + 1, `sync ${group + 1}`);
    }
    const waiting = engine.createVertex();
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(fileSystem.writes, defaultMaxGroupsInFlight, 'the next group is not applied yet');
    assert.equal(engine.vertexCount, defaultMaxGroupsInFlight);
    fileSystem.releaseStalledSync(0);
    await until(() => fileSystem.writes === defaultMaxGroupsInFlight + 1, 'the next group');
    fileSystem.releaseSync();
    assert.deepEqual(await Promise.all([...writes, waiting]), [0, 1, 2, 3]);
    await log.close();
  });

  it('tells a group written behind a failed sync that it is not durable, though its own sync succeeded', async () => {
    const { engine, log, fileSystem } = await faultyLog(overlapAlways);
    fileSystem.stallSync = true;
    const first = engine.createVertex();
    await until(() => fileSystem.stalledSyncs === 1, 'the first sync');
    const second = engine.createVertex();
    await until(() => fileSystem.stalledSyncs === 2, 'the second sync');
    fileSystem.releaseStalledSync(0, ioError('EIO'));
    fileSystem.releaseSync();
    await assert.rejects(first, isFault(/EIO/));
    await assert.rejects(second, isFault(/degraded/));
    assert.equal(log.status.nonDurableCommits, 2);
    assert.equal(engine.vertexCount, 2, 'both stay applied in memory');
    await log.close();
  });
});

describe('allocation ahead of the appends', () => {
  it('writes a zero-filled extent behind the first append and fills it without growing the file', async () => {
    const { engine, log, fileSystem, file } = await faultyLog();
    await engine.createVertex();
    const allocated = statSync(file).size;
    assert.equal(allocated, log.status.bytes + logExtentBytes, 'entries, then one extent');
    assert.equal(fileSystem.extentWrites, 1);
    for (let i = 0; i < 200; i++) await engine.createVertex({ label: 'small' });
    assert.equal(statSync(file).size, allocated, 'small appends overwrite allocated space');
    assert.equal(fileSystem.extentWrites, 1);
    assert.equal(fileSystem.syncs, 201, 'one sync per group, the extent in the first');
    await log.close();
  });

  it('appends a large group past the extent without zero-filling behind it, then allocates again', async () => {
    const { engine, log, fileSystem, file } = await faultyLog();
    const big = 'x'.repeat(1024);
    const batch = Array.from({ length: logExtentBytes / 1024 + 64 }, () => ({
      properties: [{ key: 'text', value: { type: 'String' as const, value: big } }],
    }));
    await engine.createVertices(batch);
    assert.equal(statSync(file).size, log.status.bytes, 'the group ends the file');
    assert.equal(fileSystem.extentWrites, 0);
    await engine.createVertex();
    assert.equal(statSync(file).size, log.status.bytes + logExtentBytes);
    assert.equal(fileSystem.extentWrites, 1);
    const expected = engineState(engine);
    await log.close();
    const reopened = await openLogged(file);
    assert.deepEqual(engineState(reopened.engine), expected);
    assert.equal(reopened.log.status.lastRecoveryTruncated, false);
    await reopened.log.close();
  });
});

describe('the failure fence', () => {
  for (const failure of ['write', 'sync'] as const) {
    it(`a failed ${failure} degrades the log, tells the callers the cause, and the engine keeps serving`, async () => {
      const { engine, log, fileSystem, file } = await faultyLog();
      await engine.createVertices([{ label: 'durable' }, { label: 'durable' }]);
      const durableState = engineState(engine);

      if (failure === 'write') fileSystem.failWrite = ioError('write');
      else fileSystem.failSync = ioError('fdatasync');
      await assert.rejects(
        engine.createVertex({ label: 'lost' }),
        isFault(new RegExp(`append failed: EIO: i/o error, ${failure === 'write' ? 'write' : 'fdatasync'}`)),
      );
      assert.equal(engine.getVertex(2)?.label, 'lost', 'the commit stays in memory');
      let status = log.status;
      assert.equal(status.degraded, true);
      assert.equal(status.degradedCause, 'fence');
      assert.match(status.degradedReason ?? '', /EIO/);
      assert.equal(status.nonDurableCommits, 1);

      // No retry: the file is not written again, later commits apply in memory and are reported.
      fileSystem.failWrite = null;
      fileSystem.failSync = null;
      const writesBefore = fileSystem.writes;
      await assert.rejects(engine.createVertex({ label: 'later' }), isFault(/degraded: append failed: EIO/));
      await assert.rejects(engine.setProperty(0, 'k', { type: 'Int32', value: 1 }), isFault(/degraded/));
      assert.equal(fileSystem.writes, writesBefore);
      assert.equal(engine.vertexCount, 4);
      status = log.status;
      assert.equal(status.nonDurableCommits, 3);
      await log.close();

      // The file holds a consistent prefix: what was durable before the failure.
      if (failure === 'write') {
        const reopened = await openLogged(file);
        assert.deepEqual(engineState(reopened.engine), durableState);
        assert.equal(reopened.log.degraded, false, 'a restart clears the fence');
        await reopened.log.close();
      }
    });
  }

  it('a reset that makes every commit durable clears the fence, carrying the non-durable commits', async () => {
    const { engine, log, fileSystem, file } = await faultyLog();
    await engine.createVertices([{}, {}]);
    fileSystem.failWrite = ioError('write');
    await assert.rejects(
      engine.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'k' }),
      isFault(/append failed: EIO: i\/o error, write/),
    );
    fileSystem.failWrite = null;
    await assert.rejects(
      engine.setProperty(2, 'w', { type: 'Double', value: 0.5 }),
      isFault(/degraded: append failed: EIO/),
    );
    assert.equal(log.degraded, true);

    // A new log on the same base that carries every entry, the held non-durable ones included.
    await log.resetAnchoredTo(emptyGraphAnchor);
    assert.equal(log.degraded, false);
    await engine.createVertex({ label: 'after' });
    const expected = engineState(engine);
    await log.close();

    const reopened = await openLogged(file);
    assert.deepEqual(engineState(reopened.engine), expected);
    assert.equal(reopened.engine.getEdge(2)?.edgePropertyId, 'k');
    assert.equal(reopened.log.status.lastRecoveryReplayedEntries, 4);
    await reopened.log.close();
  });

  it('a new log whose file cannot be created is degraded from the start; a reset writes it', async () => {
    const fileSystem = new FaultyFileSystem();
    fileSystem.failReplace = ioError('open');
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const engine = new Engine();
    const log = WriteAheadLog.create({
      path: file,
      namespaceId: 'ns-test',
      engine,
      fileSystem,
      onWarning: () => undefined,
    });
    await assert.rejects(log.ready, /EIO/);
    await assert.rejects(engine.createVertex({ label: 'kept' }), isFault(/could not be created: EIO/));
    assert.equal(log.status.degradedCause, 'fence');
    fileSystem.failReplace = null;
    await log.resetAnchoredTo(emptyGraphAnchor);
    assert.equal(log.degraded, false);
    await engine.createVertex({ label: 'after' });
    const expected = engineState(engine);
    await log.close();
    const reopened = await openLogged(file);
    assert.deepEqual(engineState(reopened.engine), expected);
    await reopened.log.close();
  });

  it('an entry that cannot be encoded trips the fence; only a reset covering the whole state clears it', async () => {
    const { engine, log } = await faultyLog();
    await engine.createVertex();
    await assert.rejects(
      engine.setProperty(0, 'g', { type: 'Guid', value: 'NOT-A-CANONICAL-GUID' }),
      isFault(/could not be encoded: a Guid value must be in canonical form/),
    );
    assert.equal(log.degraded, true);
    await assert.rejects(log.resetAnchoredTo(emptyGraphAnchor), LogStateError);
    assert.equal(log.degraded, true);
    await log.resetAnchoredTo({ kind: 'checkpoint', id: 'covers-all', sequence: log.lastSequence });
    assert.equal(log.degraded, false);
    await engine.createVertex();
    await log.close();
  });

  it('commits on an engine whose existing log has not been recovered are refused as non-durable', async () => {
    const { engine, log, file } = await faultyLog();
    await engine.createVertex();
    await log.close();
    const early = new Engine();
    const reopened = await WriteAheadLog.open({ path: file, namespaceId: 'ns-test', engine: early });
    assert.equal(reopened.status.degradedCause, 'awaitingRecovery');
    await assert.rejects(early.createVertex(), isFault(/has not been recovered yet/));
    await reopened.close();
  });
});
