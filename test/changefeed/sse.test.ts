/**
 * A change-feed stream's sends (src/changefeed/sse.ts): while events keep coming it pushes at most once
 * per flush interval, the first events after a quiet interval at once, and at once whatever the interval
 * when half its subscriber queue is pending. The streams here are read in process, chunk by chunk: each
 * chunk is one push.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ChangeFeedStream, Engine, type EngineOptions } from '../../src/index.js';

/** The sequence numbers of the frames in each pushed chunk, as they arrive. */
function pushes(stream: ChangeFeedStream): number[][] {
  const chunks: number[][] = [];
  stream.on('data', (chunk: Buffer) => {
    const seqs = [...chunk.toString('utf8').matchAll(/^id: [0-9a-f-]+:(\d+)$/gm)].map((match) =>
      Number(match[1]),
    );
    if (seqs.length > 0) chunks.push(seqs);
  });
  return chunks;
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function eventually(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await pause(5);
  }
}

function streamOf(options: EngineOptions, flushIntervalMilliseconds: number) {
  const engine = new Engine(options);
  const stream = new ChangeFeedStream(engine.changeFeed!.subscribe(), { flushIntervalMilliseconds });
  return { engine, stream, chunks: pushes(stream) };
}

describe('change-feed stream sends', () => {
  it('pushes the first commit after a quiet interval at once and gathers the next ones until the interval ends', async () => {
    const { engine, stream, chunks } = streamOf({}, 1000);
    try {
      await engine.createVertex();
      await eventually(() => chunks.length === 1, 'the first push');
      for (let i = 0; i < 3; i++) await engine.createVertex(); // three groups, within the interval
      await pause(100);
      assert.deepEqual(chunks, [[1]], 'the later commits wait for the interval to end');
      await eventually(() => chunks.length === 2, 'the gathered push');
      assert.deepEqual(chunks, [[1], [2, 3, 4]]);
    } finally {
      stream.destroy();
    }
  });

  it('pushes at once, interval or not, when half the subscriber queue is pending', async () => {
    const { engine, stream, chunks } = streamOf({ changeFeed: { subscriberQueueSize: 8 } }, 1000);
    try {
      await engine.createVertex();
      await eventually(() => chunks.length === 1, 'the first push');
      await engine.createVertices([{}, {}, {}, {}, {}]); // 5 pending >= 4: sent within the interval
      await engine.createVertex(); // 1 pending: waits
      await eventually(() => chunks.length === 2, 'the urgent push');
      assert.deepEqual(chunks, [[1], [2, 3, 4, 5, 6]], 'sent before the next commit came');
      await eventually(() => chunks.length === 3, 'the last push');
      assert.deepEqual(chunks[2], [7]);
      assert.equal(engine.changeFeed!.subscriptions[0].overflowCount, 0);
    } finally {
      stream.destroy();
    }
  });

  it('sends what it gathered before it ends when finished', async () => {
    const { engine, stream, chunks } = streamOf({}, 1000);
    let ended = false;
    stream.on('end', () => (ended = true));
    await engine.createVertex();
    await eventually(() => chunks.length === 1, 'the first push');
    await engine.createVertex(); // gathered for the interval's end
    stream.finish();
    await eventually(() => ended, 'the end of the stream');
    assert.deepEqual(chunks, [[1], [2]]);
  });

  it('pushes at every commit with an interval of 0', async () => {
    const { engine, stream, chunks } = streamOf({}, 0);
    try {
      for (let i = 0; i < 3; i++) {
        await engine.createVertex();
        await eventually(() => chunks.length === i + 1, `push ${i + 1}`);
      }
      assert.deepEqual(chunks, [[1], [2], [3]]);
    } finally {
      stream.destroy();
    }
  });

  it('refuses a flush interval outside 0 to 1000 ms', () => {
    const feed = new Engine().changeFeed!;
    for (const flushIntervalMilliseconds of [-1, 1001, Number.NaN]) {
      const subscription = feed.subscribe();
      assert.throws(() => new ChangeFeedStream(subscription, { flushIntervalMilliseconds }), RangeError);
      subscription.close();
    }
  });
});
