/**
 * Recovery: replaying a log reproduces the engine's state exactly (ids, dates, adjacency order); a torn
 * trailing entry is discarded at every byte offset; a damaged entry mid-log stops replay there; entries
 * this build cannot replay fail loudly and leave the log untouched.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  CreateBatch,
  Engine,
  isEngineError,
  type TypedValue,
  type WriteOperation,
} from '../../../src/index.js';
import { ByteWriter } from '../../../src/engine/codec/binary.js';
import { writeCommittedPayload } from '../../../src/engine/durability/wal/entry-codec.js';
import { beginFrame, endFrame, scanFrames } from '../../../src/engine/durability/wal/frames.js';
import { decodeHeader } from '../../../src/engine/durability/wal/header.js';
import { LogReplayError, WriteAheadLog } from '../../../src/engine/durability/wal/write-ahead-log.js';
import { typedValue } from './arbitraries.js';
import { engineState, openLogged, temporaryDirectory, testNamespaceId } from './support.js';

/** A clock that moves one second per reading, so every group has its own modification date. */
function tickingClock(start = 1_700_000_000): () => number {
  let now = start;
  return () => now++;
}

type Step =
  | { op: 'vertices'; count: number; label: string | null; value: TypedValue }
  | { op: 'edge'; from: number; to: number; type: string }
  | { op: 'failingBatch'; type: string; key: string }
  | { op: 'set'; id: number; key: string; value: TypedValue }
  | { op: 'unset'; id: number; key: string }
  | { op: 'remove'; id: number }
  | { op: 'concurrent'; count: number }
  | { op: 'trim' }
  | { op: 'clear' }
  | { op: 'compact' };

const idRef = fc.nat({ max: 30 });
const key = fc.constantFrom('a', 'b', 'c', 'z');
const edgeType = fc.constantFrom('k1', 'k2', 'k3', 'k4');
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('vertices' as const),
      count: fc.integer({ min: 1, max: 3 }),
      label: fc.option(fc.constantFrom('x', 'y'), { nil: null }),
      value: typedValue,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({ op: fc.constant('edge' as const), from: idRef, to: idRef, type: edgeType }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('failingBatch' as const), type: edgeType, key }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('set' as const), id: idRef, key, value: typedValue }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('unset' as const), id: idRef, key }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), id: idRef }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('concurrent' as const), count: fc.integer({ min: 2, max: 20 }) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('trim' as const) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('compact' as const) }) },
);

async function settle(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (!isEngineError(error)) throw error;
  }
}

async function run(engine: Engine, steps: readonly Step[]): Promise<void> {
  for (const s of steps) {
    switch (s.op) {
      case 'vertices':
        await engine.createVertices(
          Array.from({ length: s.count }, () => ({
            label: s.label,
            properties: [{ key: 'v', value: s.value }],
          })),
        );
        break;
      case 'edge':
        await settle(engine.createEdge({ sourceVertex: s.from, targetVertex: s.to, edgePropertyId: s.type }));
        break;
      case 'failingBatch': {
        // Interns names, creates, then fails: nothing of it may survive, in memory or in the log.
        const operations: WriteOperation[] = [
          { kind: 'createVertex', input: { label: `fresh-${s.type}`, properties: [] } },
          { kind: 'createEdge', input: { sourceVertex: 0, targetVertex: 0, edgePropertyId: s.type } },
          { kind: 'setProperty', id: 0, key: s.key, value: { type: 'Int32', value: 1 } },
          { kind: 'createEdge', input: { sourceVertex: -5, targetVertex: 0, edgePropertyId: s.type } },
        ];
        await settle(engine.submit(operations));
        break;
      }
      case 'set':
        await engine.setProperty(s.id, s.key, s.value);
        break;
      case 'unset':
        await engine.removeProperty(s.id, s.key);
        break;
      case 'remove':
        await engine.removeElement(s.id);
        break;
      case 'concurrent':
        // One group of several transactions: one append, one sync.
        await Promise.all(
          Array.from({ length: s.count }, (_, i) =>
            i % 3 === 2
              ? settle(engine.createEdge({ sourceVertex: i, targetVertex: 0, edgePropertyId: 'k2' }))
              : engine.createVertex({ creationDate: i }),
          ),
        );
        break;
      case 'trim':
        await engine.trim();
        break;
      case 'clear':
        await engine.clear();
        break;
      case 'compact':
        await engine.compact();
        break;
    }
  }
  await engine.flush();
}

/** Builds a log by running `writes` one after another; returns the file, its bytes, and each state. */
async function buildLog(writes: ((engine: Engine) => Promise<unknown>)[]) {
  const file = path.join(temporaryDirectory(), 'svc.wal');
  const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: tickingClock() }) });
  const states = [engineState(engine)];
  for (const write of writes) {
    await write(engine);
    states.push(engineState(engine));
  }
  await log.close();
  const written = readFileSync(file);
  const { framesStart } = decodeHeader(written, file);
  const { frames, validEnd, stop } = scanFrames(written, framesStart, 1);
  assert.equal(stop, 'end');
  assert.equal(frames.length, writes.length);
  // The entries alone, without the zero-filled extent the log allocated after them.
  const bytes = written.subarray(0, validEnd);
  return { file, bytes, frames, states };
}

const fiveWrites: ((engine: Engine) => Promise<unknown>)[] = [
  (e) => e.createVertices([{ label: 'a' }, { label: 'b' }]),
  (e) => e.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows' }),
  (e) => e.setProperty(0, 'name', { type: 'String', value: 'Alice' }),
  (e) => e.removeElement(2),
  (e) =>
    e.createVertex({
      label: 'c',
      properties: [
        { key: 'when', value: { type: 'DateTime', value: { ticks: 638_000_000_000_000_000n, kind: 'Utc' } } },
      ],
    }),
];

describe('recovery: replay reproduces the history', () => {
  it('a replayed log reads exactly as the engine that wrote it, over random histories (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const file = path.join(temporaryDirectory(), 'svc.wal');
        const { engine, log } = await openLogged(file, {
          engine: new Engine({ clockSeconds: tickingClock() }),
        });
        await run(engine, steps);
        const expected = engineState(engine);
        const sequence = log.lastSequence;
        await log.close();

        const reopened = await openLogged(file, { engine: new Engine({ clockSeconds: () => 0 }) });
        assert.deepEqual(engineState(reopened.engine), expected);
        assert.equal(reopened.log.lastSequence, sequence);
        assert.equal(reopened.log.status.lastRecoveryReplayedEntries, sequence);
        assert.equal(reopened.log.status.recoveryRan, true);
        assert.equal(reopened.log.status.lastRecoveryTruncated, false);
        await reopened.log.close();
      }),
      { numRuns: 40 },
    );
  });

  it('a rolled-back transaction leaves no trace a replay could miss (edge-type order of a vertex)', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file);
    await engine.createVertices([{}, {}]);
    // Interns 'late' and then fails: the name must be forgotten with the rest of the transaction.
    await settle(
      engine.submit([
        { kind: 'createEdge', input: { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'late' } },
        { kind: 'createEdge', input: { sourceVertex: 0, targetVertex: 99, edgePropertyId: 'x' } },
      ]),
    );
    await engine.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'early' });
    await engine.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'late' });
    assert.deepEqual(Object.keys(engine.getVertex(0)?.outEdges ?? {}), ['early', 'late']);
    const expected = engineState(engine);
    await log.close();
    const reopened = await openLogged(file);
    assert.deepEqual(engineState(reopened.engine), expected);
    await reopened.log.close();
  });

  it('new commits after a replay continue the sequence, and a second replay sees them all', async () => {
    const { file, states } = await buildLog(fiveWrites);
    const first = await openLogged(file);
    assert.deepEqual(engineState(first.engine), states[5]);
    const id = await first.engine.createVertex({ label: 'after' });
    assert.equal(id, 4, 'ids continue after the replayed ones (0-3, 2 removed)');
    assert.equal(first.log.lastSequence, 6);
    const expected = engineState(first.engine);
    await first.log.close();
    const second = await openLogged(file);
    assert.deepEqual(engineState(second.engine), expected);
    assert.equal(second.log.status.lastRecoveryReplayedEntries, 6);
    await second.log.close();
  });

  it('logs columnar batches (encoded on a later turn) before their callers are released, and replays them exactly', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const { engine, log } = await openLogged(file, { engine: new Engine({ clockSeconds: tickingClock() }) });
    const batch = new CreateBatch();
    const pending: Promise<unknown>[] = [];
    for (let round = 0; round < 3; round++) {
      batch.reset();
      batch.addVertex(round, 'v', [{ key: 'n', value: { type: 'String', value: `round ${round}` } }]);
      batch.addVertex(round, null, [{ key: 'd', value: { type: 'Double', value: round / 3 } }]);
      batch.addEdge(0, 0, 'loop', round, null);
      batch.addEmbedding(1, 'e', new Float32Array([round, 1]));
      const committed = engine.submitCreates(batch);
      // An ordinary write queued with the batch: one group, both entries encoded on the later turn.
      pending.push(engine.createVertex({ label: `plain ${round}` }));
      await committed;
      assert.equal(
        log.lastSequence,
        2 * round + 2,
        "the group's entries are durable when its callers are released",
      );
    }
    await Promise.all(pending);
    const expected = engineState(engine);
    await log.close();
    const reopened = await openLogged(file, { engine: new Engine({ clockSeconds: () => 0 }) });
    assert.deepEqual(engineState(reopened.engine), expected);
    assert.equal(reopened.log.status.lastRecoveryReplayedEntries, 6);
    await reopened.log.close();
  });

  it('a fresh log reports no recovery; an existing empty one reports a recovery of nothing', async () => {
    const file = path.join(temporaryDirectory(), 'svc.wal');
    const fresh = await openLogged(file);
    assert.equal(fresh.log.status.recoveryRan, false);
    assert.equal(fresh.log.degraded, false);
    await fresh.log.close();
    const again = await openLogged(file);
    assert.equal(again.log.status.recoveryRan, true);
    assert.equal(again.log.status.lastRecoveryReplayedEntries, 0);
    await again.log.close();
  });
});

describe('recovery: damaged logs', () => {
  it('discards a torn trailing entry cut at every byte offset, then appends after the last whole entry', async () => {
    const { file, bytes, frames, states } = await buildLog(fiveWrites);
    const last = frames[frames.length - 1];
    const directory = path.dirname(file);
    for (let cut = last.offset + 1; cut < bytes.length; cut++) {
      const torn = path.join(directory, `torn-${cut}.wal`);
      writeFileSync(torn, bytes.subarray(0, cut));
      const { engine, log, warnings } = await openLogged(torn);
      assert.deepEqual(engineState(engine), states[4], `cut at ${cut}`);
      const status = log.status;
      assert.equal(status.lastRecoveryReplayedEntries, 4);
      assert.equal(status.lastRecoveryTruncated, false, 'a torn tail is not a truncation of history');
      assert.equal(status.degraded, false);
      assert.match(warnings.join('\n'), /torn trailing entry/);
      assert.equal(readFileSync(torn).length, last.offset, 'the torn bytes are cut from the file');
      // The next commit lands where the torn entry was and is replayed next time.
      await engine.createVertex({ label: 'next' });
      const expected = engineState(engine);
      await log.close();
      const reopened = await openLogged(torn);
      assert.deepEqual(engineState(reopened.engine), expected);
      assert.equal(reopened.log.status.lastRecoveryReplayedEntries, 5);
      await reopened.log.close();
    }
  });

  it('reads zero bytes after the last entry as allocated space: the log ends there and appends fill it', async () => {
    const { file, bytes, states } = await buildLog(fiveWrites);
    for (const zeros of [1, 11, 12, 8192]) {
      writeFileSync(file, Buffer.concat([bytes, Buffer.alloc(zeros)]));
      const { engine, log, warnings } = await openLogged(file);
      assert.deepEqual(engineState(engine), states[5], `${zeros} zero bytes`);
      assert.equal(log.status.lastRecoveryTruncated, false);
      assert.deepEqual(warnings, [], 'allocated space is no damage');
      assert.equal(log.status.bytes, bytes.length);
      await engine.createVertex({ label: 'after' });
      const expected = engineState(engine);
      await log.close();
      const written = readFileSync(file);
      assert.deepEqual(written.subarray(0, bytes.length), bytes, 'the entries before stay as they were');
      const reopened = await openLogged(file);
      assert.deepEqual(engineState(reopened.engine), expected);
      assert.equal(reopened.log.status.lastRecoveryReplayedEntries, 6);
      await reopened.log.close();
    }
  });

  it('discards a frame header torn into allocated space (a partial header, zero bytes after it)', async () => {
    const { file, bytes, frames, states } = await buildLog(fiveWrites);
    const last = frames[frames.length - 1];
    for (let kept = 1; kept < 12; kept++) {
      const torn = Buffer.concat([bytes.subarray(0, last.offset + kept), Buffer.alloc(4096)]);
      writeFileSync(file, torn);
      const { engine, log, warnings } = await openLogged(file);
      assert.deepEqual(engineState(engine), states[4], `${kept} header bytes`);
      assert.equal(log.status.lastRecoveryTruncated, false);
      assert.match(warnings.join('\n'), /torn trailing entry/);
      await log.close();
    }
  });

  it('discards an entry whose payload is torn into allocated space (its CRC fails, zero bytes after it)', async () => {
    const { file, bytes, frames, states } = await buildLog(fiveWrites);
    const last = frames[frames.length - 1];
    for (let kept = last.payloadStart + 1; kept < last.payloadEnd; kept++) {
      writeFileSync(
        file,
        Buffer.concat([bytes.subarray(0, kept), Buffer.alloc(last.payloadEnd - kept + 4096)]),
      );
      const { engine, log } = await openLogged(file);
      assert.deepEqual(engineState(engine), states[4], `payload cut at ${kept}`);
      assert.equal(log.status.lastRecoveryTruncated, false);
      await log.close();
    }
  });

  it('stops at a flipped byte mid-log, wherever it is in the entry, and reports the truncation', async () => {
    const { file, bytes, frames, states } = await buildLog(fiveWrites);
    const damagedFrame = frames[2];
    const directory = path.dirname(file);
    for (let at = damagedFrame.offset; at < damagedFrame.payloadEnd; at++) {
      const damaged = Buffer.from(bytes);
      damaged[at] ^= 0xff;
      const copy = path.join(directory, `flipped-${at}.wal`);
      writeFileSync(copy, damaged);
      const { engine, log, warnings } = await openLogged(copy);
      assert.deepEqual(engineState(engine), states[2], `byte ${at}`);
      assert.equal(log.status.lastRecoveryTruncated, true);
      assert.equal(log.status.lastRecoveryReplayedEntries, 2);
      assert.equal(log.status.recoveryRan, true);
      assert.equal(log.lastSequence, 2);
      const warning = warnings.join('\n');
      assert.match(warning, /replay stopped after sequence 2/);
      const kept = /kept as (\S+)\)/.exec(warning)?.[1];
      assert.ok(kept !== undefined && existsSync(kept), 'the damaged file is kept for inspection');
      assert.deepEqual(readFileSync(kept), damaged);
      assert.equal(readFileSync(copy).length, damagedFrame.offset);
      // History goes on from the prefix: the next commit is sequence 3.
      await engine.createVertex({});
      assert.equal(log.lastSequence, 3);
      await log.close();
    }
  });

  it('refuses to replay an entry of an unknown type, loudly, and leaves the log as it was', async () => {
    const { file, bytes } = await buildLog(fiveWrites);
    const out = new ByteWriter(64);
    const start = beginFrame(out);
    writeCommittedPayload(
      out,
      {
        operations: [{ kind: 'removeElement', id: 0 }],
        result: { createdIds: [], effects: [] },
        nowSeconds: 0,
        replayed: false,
      },
      6,
      0,
    );
    endFrame(out, start);
    const frame = out.toBuffer();
    frame[12 + 1] = 99; // the entry type byte of the payload
    const { crc32 } = await import('node:zlib');
    frame.writeUInt32LE(crc32(frame.subarray(12)), 8);
    const withFuture = Buffer.concat([bytes, frame]);
    writeFileSync(file, withFuture);
    const log = await WriteAheadLog.open({ path: file, namespaceId: testNamespaceId, engine: new Engine() });
    await assert.rejects(
      log.replay(),
      (error: unknown) =>
        error instanceof LogReplayError && /entry 6 .*unknown entry type 99/.test(error.message),
    );
    assert.deepEqual(readFileSync(file), withFuture, 'the log is not touched');
    assert.equal(log.degraded, true, 'a log that was not recovered does not record commits');
    await log.close();
  });

  it('refuses a log that belongs to another namespace', async () => {
    const { file } = await buildLog(fiveWrites);
    await assert.rejects(
      WriteAheadLog.open({ path: file, namespaceId: 'someone-else', engine: new Engine() }),
      /is the log of namespace id 'ns-test'/,
    );
  });
});
