/**
 * Replay of a log's entries (docs/durability.md, Recovery): every entry after the anchor's sequence, in
 * order, re-applied through the engine in batches that yield the event loop, each checked against what the
 * log recorded (the first created id, a trim's id counts). Any difference stops replay with an error.
 */
import type { Engine } from '../../engine.js';
import { operationsOf, readEntry, type LogEntry, type TrimMarkerEntry } from './entry-codec.js';
import type { FrameRef } from './frames.js';
import { LogReplayError } from './log-status.js';

/** Entries re-applied per batch before the event loop gets a turn. */
const replayChunkEntries = 4096;

export async function replayFrames(
  engine: Engine,
  path: string,
  content: Buffer,
  frames: readonly FrameRef[],
  after: number,
): Promise<number> {
  let index = 0;
  while (index < frames.length && frames[index].sequence <= after) index++;
  let replayed = 0;
  let batch: { entry: LogEntry; where: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await replayBatch(engine, batch);
    replayed += batch.length;
    batch = [];
    await yieldToEventLoop();
  };
  for (; index < frames.length; index++) {
    const frame = frames[index];
    const where = `${path}, entry ${frame.sequence} at offset ${frame.offset}`;
    let entry: LogEntry;
    try {
      entry = readEntry(content.subarray(frame.payloadStart, frame.payloadEnd), where);
    } catch (error) {
      await flush();
      throw new LogReplayError(describe(error));
    }
    if (entry.type === 'trim') {
      await flush();
      await replayTrim(engine, entry, where);
      replayed++;
      continue;
    }
    batch.push({ entry, where });
    if (batch.length >= replayChunkEntries) await flush();
  }
  await flush();
  return replayed;
}

async function replayBatch(
  engine: Engine,
  batch: readonly { entry: LogEntry; where: string }[],
): Promise<void> {
  const outcomes = await engine.replayBatch(
    batch.map(({ entry }) => ({ operations: operationsOf(entry), nowSeconds: entry.nowSeconds })),
  );
  for (let i = 0; i < batch.length; i++) {
    const { entry, where } = batch[i];
    const outcome = outcomes[i];
    if (outcome instanceof Error) throw new LogReplayError(`${where} did not replay: ${outcome.message}`);
    if (entry.type !== 'elementTransaction') continue;
    const first = outcome.createdIds.length === 0 ? null : outcome.createdIds[0];
    if (first !== entry.firstCreatedId) {
      throw new LogReplayError(
        `${where} replayed with first created id ${String(first)}, but the log recorded ` +
          `${String(entry.firstCreatedId)}`,
      );
    }
  }
}

async function replayTrim(engine: Engine, entry: TrimMarkerEntry, where: string): Promise<void> {
  const before = engine.nextId;
  if (before !== entry.idsBefore) {
    throw new LogReplayError(
      `${where}: the trim was recorded over ${entry.idsBefore} ids, but replay reached it with ${before}`,
    );
  }
  await replayBatch(engine, [{ entry, where }]);
  if (engine.nextId !== entry.survivors) {
    throw new LogReplayError(
      `${where}: the trim left ${engine.nextId} ids, but the log recorded ${entry.survivors}`,
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
