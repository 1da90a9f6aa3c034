/**
 * The change feed's subscriptions (docs/changefeed.md): catch-up from the ring with `since`, `seekOutOfRange`,
 * the per-subscriber queue bound and its `overflow` resync, the ring lapping a subscriber, the subscriber
 * limit, closing, and the feed-wide resyncs `load` and `delegateWrite`.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import {
  Engine,
  Namespaces,
  isEngineError,
  restoreCheckpoint,
  saveCheckpoint,
  type ChangeEvent,
  type ChangeFeedOptions,
  type ChangeSubscription,
} from '../../src/index.js';
import { Durability, durabilityPaths } from '../../src/engine/durability/durability.js';

const directories: string[] = [];
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});
function temporaryDirectory(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'skein-changefeed-'));
  directories.push(directory);
  return directory;
}

const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function engineWith(count: number, options: ChangeFeedOptions = {}): Promise<Engine> {
  const engine = new Engine({ changeFeed: options });
  for (let i = 0; i < count; i++) await engine.createVertex({ label: i % 2 === 0 ? 'even' : 'odd' });
  return engine;
}

/** Each event as `seq` or `resync:<reason>@seq`. */
function summary(events: readonly ChangeEvent[]): (number | string)[] {
  return events.map((event) => (event.kind === 'resync' ? `resync:${event.reason}@${event.seq}` : event.seq));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe('change-feed subscriptions', () => {
  it('has a lowercase GUID epoch of its own for every engine', () => {
    const a = new Engine().changeFeed!;
    const b = new Engine().changeFeed!;
    assert.match(a.epoch, guid);
    assert.notEqual(a.epoch, b.epoch);
  });

  it('starts at the live head without since', async () => {
    const engine = await engineWith(3);
    const subscription = engine.changeFeed!.subscribe();
    assert.deepEqual(subscription.read(), []);
    await engine.createVertex();
    assert.deepEqual(summary(subscription.read()), [4]);
  });

  it('replays the buffered events after since, then continues live without a gap', async () => {
    const engine = await engineWith(5);
    const feed = engine.changeFeed!;
    const withEpoch = feed.subscribe({ since: `${feed.epoch}:2` });
    const bare = feed.subscribe({ since: '0' });
    await engine.createVertex();
    assert.deepEqual(summary(withEpoch.read()), [3, 4, 5, 6]);
    assert.deepEqual(summary(bare.read()), [1, 2, 3, 4, 5, 6]);
  });

  it('answers since outside the buffered window or of another epoch with one resync seekOutOfRange', async () => {
    const engine = await engineWith(10, { bufferSize: 4 });
    const feed = engine.changeFeed!;
    assert.equal(feed.oldestSeq, 7);
    const inWindow = feed.subscribe({ since: '6' }); // oldest - 1: still a full replay
    const tooOld = feed.subscribe({ since: '5' });
    const ahead = feed.subscribe({ since: '11' });
    const otherEpoch = feed.subscribe({ since: '5f0c6a2e-8d4b-4a53-9e0f-3b2d1c4e5a6f:8' });
    assert.deepEqual(summary(inWindow.read()), [7, 8, 9, 10]);
    await engine.createVertex();
    assert.deepEqual(summary(inWindow.read()), [11]);
    for (const subscription of [tooOld, ahead, otherEpoch]) {
      // The resync repeats the last sequence number at subscription time; it is not a new event.
      assert.deepEqual(summary(subscription.read()), ['resync:seekOutOfRange@10', 11]);
    }
    assert.equal(feed.lastSeq, 11);
  });

  it('keeps every buffered event, objects and creation rows, when room is reserved ahead of a batch', async () => {
    const engine = new Engine({ changeFeed: { bufferSize: 300 } });
    const feed = engine.changeFeed!;
    for (let i = 0; i < 40; i++) await engine.createVertex();
    feed.reserve(1000);
    for (let i = 0; i < 100; i++) feed.appendCreated('2026-01-01T00:00:00Z', 40 + i, null, undefined, 0, 0);
    await engine.createVertex();
    assert.deepEqual(summary(feed.buffered()), range(1, 141));
    assert.deepEqual(feed.eventAt(41), {
      seq: 41,
      ts: '2026-01-01T00:00:00Z',
      kind: 'vertexCreated',
      element: 'vertex',
      id: 40,
    });
    feed.reserve(10_000);
    for (let i = 0; i < 400; i++) feed.appendCreated('2026-01-01T00:00:00Z', 141 + i, 'l', 'knows', 1, 2);
    assert.deepEqual(summary(feed.buffered()), range(242, 541), 'the ring stops at BufferSize');
    assert.equal(feed.eventAt(541).edgePropertyId, 'knows');
  });

  it('keeps every event up to BufferSize as the ring grows, then exactly the last BufferSize', async () => {
    const engine = new Engine({ changeFeed: { bufferSize: 300 } });
    const feed = engine.changeFeed!;
    const early = feed.subscribe({ since: '0' });
    const seen: number[] = [];
    for (let i = 0; i < 250; i++) await engine.createVertex();
    assert.deepEqual(summary(feed.buffered()), range(1, 250), 'nothing lost while the ring doubled');
    for (const event of early.read()) seen.push(event.seq);
    await engine.createVertices(Array.from({ length: 750 }, () => ({})));
    assert.deepEqual(summary(feed.buffered()), range(701, 1000));
    assert.equal(feed.oldestSeq, 701);
    assert.deepEqual(summary(feed.subscribe({ since: '700' }).read()), range(701, 1000));
    assert.deepEqual(summary(feed.subscribe({ since: '699' }).read()), ['resync:seekOutOfRange@1000']);
    assert.deepEqual(seen, range(1, 250));
  });

  it('delivers filtered replays and live events alike', async () => {
    const engine = await engineWith(6);
    const feed = engine.changeFeed!;
    const subscription = feed.subscribe({ since: '0', filter: { labels: ['odd'] } });
    await engine.createVertices([{ label: 'odd' }, { label: 'even' }]);
    assert.deepEqual(summary(subscription.read()), [2, 4, 6, 7]);
  });

  it('gives a subscriber that fell more than SubscriberQueueSize behind its first events, resync overflow with the newest dropped seq, then the rest', async () => {
    const engine = await engineWith(0, { subscriberQueueSize: 4 });
    const feed = engine.changeFeed!;
    const stalled = feed.subscribe();
    const healthy = feed.subscribe();
    const seen: number[] = [];
    healthy.onReadable = () => {
      for (const event of healthy.read()) seen.push(event.seq);
    };
    for (let i = 0; i < 10; i++) await engine.createVertex();
    // The writer never waited for the stalled one; the healthy one got everything, in order.
    assert.deepEqual(seen, range(1, 10));
    assert.equal(stalled.lag, 10);
    assert.deepEqual(summary(stalled.read(2)), [1, 2]);
    await engine.createVertex(); // arrives after space freed: kept
    assert.equal(stalled.overflowCount, 0);
    assert.deepEqual(summary(stalled.read()), [3, 4, 'resync:overflow@10', 11]);
    assert.equal(stalled.overflowCount, 1, 'counted once delivered');
    assert.equal(healthy.overflowCount, 0);
    await engine.createVertex();
    assert.deepEqual(summary(stalled.read()), [12]);
  });

  it('counts only the events that match a subscriber filter against its queue', async () => {
    const engine = await engineWith(0, { subscriberQueueSize: 3 });
    const feed = engine.changeFeed!;
    const narrow = feed.subscribe({ filter: { labels: ['odd'] } });
    for (let i = 0; i < 12; i++) await engine.createVertex({ label: i < 6 || i % 2 === 0 ? 'even' : 'odd' });
    assert.deepEqual(summary(narrow.read()), [8, 10, 12], 'three matching events fit the queue');
    for (let i = 0; i < 5; i++) await engine.createVertex({ label: 'odd' });
    assert.deepEqual(summary(narrow.read()), [13, 14, 15, 'resync:overflow@17']);
  });

  it('does not count the catch-up of a since replay against the queue', async () => {
    const engine = await engineWith(20, { subscriberQueueSize: 4 });
    const subscription = engine.changeFeed!.subscribe({ since: '0' });
    await engine.createVertices([{}, {}]);
    assert.deepEqual(summary(subscription.read()), range(1, 22));
  });

  it('gives a subscriber the ring lapped resync overflow with the newest seq, then continues live', async () => {
    const engine = await engineWith(0, { bufferSize: 8, subscriberQueueSize: 64 });
    const feed = engine.changeFeed!;
    const subscription = feed.subscribe();
    for (let i = 0; i < 20; i++) await engine.createVertex();
    assert.deepEqual(summary(subscription.read()), ['resync:overflow@20']);
    assert.equal(subscription.overflowCount, 1);
    await engine.createVertex();
    assert.deepEqual(summary(subscription.read()), [21]);
  });

  it('wakes subscribers once per committed group, after the commit hook', async () => {
    const engine = await engineWith(0);
    const subscription = engine.changeFeed!.subscribe();
    const batches: number[][] = [];
    subscription.onReadable = () => batches.push(subscription.read().map((event) => event.seq));
    const writes = [engine.createVertex(), engine.createVertex(), engine.createVertex()];
    assert.deepEqual(batches, [], 'nothing is delivered inside the writer');
    await Promise.all(writes);
    assert.deepEqual(batches.flat(), [1, 2, 3]);
  });

  it('refuses a subscriber beyond MaxSubscribers with CHANGEFEED_SUBSCRIBER_LIMIT until one closes', () => {
    const feed = new Engine({ changeFeed: { maxSubscribers: 2 } }).changeFeed!;
    const first = feed.subscribe();
    feed.subscribe();
    assert.throws(
      () => feed.subscribe(),
      (error: unknown) =>
        isEngineError(error, 'CHANGEFEED_SUBSCRIBER_LIMIT') && error.title === 'Subscriber limit reached',
    );
    first.close();
    first.close();
    assert.equal(feed.subscriberCount, 1);
    feed.subscribe();
    assert.equal(feed.subscriberCount, 2);
  });

  it('releases a closed subscription at once: it reads nothing more and frees its slot', async () => {
    const engine = await engineWith(0);
    const feed = engine.changeFeed!;
    const subscription = feed.subscribe();
    subscription.close();
    await engine.createVertex();
    assert.deepEqual(subscription.read(), []);
    assert.equal(feed.subscriberCount, 0);
    assert.ok(subscription.ended);
  });

  it('ends its subscriptions after what they had and refuses new ones once its namespace is dropped', async () => {
    const namespaces = new Namespaces();
    const namespace = namespaces.create('gone');
    const subscription: ChangeSubscription = namespace.engine.changeFeed!.subscribe();
    let woken = 0;
    subscription.onReadable = () => woken++;
    await namespace.engine.createVertex();
    namespaces.drop('gone');
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(woken >= 1);
    assert.equal(subscription.ended, false, 'an event is still waiting');
    assert.deepEqual(summary(subscription.read()), [1]);
    assert.ok(subscription.ended);
    assert.throws(
      () => namespace.engine.changeFeed!.subscribe(),
      (error: unknown) => isEngineError(error, 'CHANGEFEED_UNAVAILABLE'),
    );
  });

  it('delivers a delegateWrite resync to every subscriber, whatever its filter, in commit order', async () => {
    const engine = await engineWith(0);
    const feed = engine.changeFeed!;
    const filtered = feed.subscribe({ filter: { kinds: ['edgeRemoved'], labels: ['none'] } });
    await engine.createVertex();
    await engine.exclusive(() => feed.resync('delegateWrite'));
    await engine.createVertex();
    assert.deepEqual(summary(filtered.read()), ['resync:delegateWrite@2']);
    assert.deepEqual(summary(feed.buffered()), [1, 'resync:delegateWrite@2', 3]);
  });

  it('announces an installed checkpoint as resync load, in commit order', async () => {
    const directory = temporaryDirectory();
    const engine = await engineWith(3);
    const location = path.join(directory, 'graph.f8s');
    await saveCheckpoint(engine, location);
    const subscription = engine.changeFeed!.subscribe({ filter: { kinds: ['vertexCreated'] } });
    await engine.createVertex();
    await restoreCheckpoint(engine, location);
    await engine.createVertex();
    assert.deepEqual(summary(subscription.read()), [4, 'resync:load@5', 6]);
    assert.equal(engine.vertexCount, 4, 'the checkpoint had 3 vertices, then one more came');
    // Every load is announced, even one right after another.
    await restoreCheckpoint(engine, location);
    await restoreCheckpoint(engine, location);
    assert.deepEqual(summary(subscription.read()), ['resync:load@7', 'resync:load@8']);
  });

  it('announces the history replayed from the write-ahead log at startup as one resync load', async () => {
    const storageDirectory = temporaryDirectory();
    const paths = durabilityPaths({ storageDirectory, walPath: null, metadataDirectory: null });
    const first = new Namespaces();
    const durability = await Durability.start(first, { ...paths, volatile: false });
    await first.default.engine.createVertices([{}, {}, {}]);
    await first.default.engine.setProperty(0, 'k', { type: 'Int32', value: 1 });
    await durability.close();

    const second = new Namespaces();
    const restarted = await Durability.start(second, { ...paths, volatile: false });
    const feed = second.default.engine.changeFeed!;
    assert.equal(second.default.engine.vertexCount, 3);
    assert.notEqual(feed.epoch, first.default.engine.changeFeed!.epoch);
    assert.deepEqual(summary(feed.buffered()), ['resync:load@1']);
    await second.default.engine.createVertex();
    assert.deepEqual(summary(feed.buffered()), ['resync:load@1', 2]);
    await restarted.close();
  });
});
