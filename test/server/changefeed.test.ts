/**
 * `GET /changefeed` on real SSE streams over loopback (docs/changefeed.md): the
 * framing, commit order, filters, catch-up with `since` and `Last-Event-ID`, the resync reasons the
 * routes can cause, overflow of a stalled reader while other readers and the writer go on, the
 * subscriber limit, the disabled feed, keepalive, and release of closed connections.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { after, describe, it } from 'node:test';
import { Namespaces, type ChangeFeed, type Engine } from '../../src/index.js';
import {
  assertProblem,
  Client,
  describePrefix,
  prefixes,
  startServer,
  testNamespace,
  useServer,
  type TestServer,
} from '../support/server.js';
import { SseStream } from '../support/sse.js';
import { startDurableService as start } from '../support/durable-service.js';

const guid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Each event as its seq, or `<reason>@<seq>` for a resync. */
function summary(events: readonly Record<string, unknown>[]): (number | string)[] {
  return events.map((event) =>
    event.kind === 'resync' ? `${String(event.reason)}@${String(event.seq)}` : (event.seq as number),
  );
}

/** Resolves when `condition` holds, checking every few milliseconds; fails after `timeout` ms. */
async function eventually(condition: () => boolean, what: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

for (const prefix of prefixes) {
  describe(`change feed over HTTP (${describePrefix(prefix)})`, () => {
    const fixture = useServer(prefix);
    const open = (query = '', headers: Record<string, string> = {}) =>
      SseStream.open(`${fixture.server.url}${prefix}/changefeed${query}`, headers);
    const streams: SseStream[] = [];
    after(() => streams.forEach((stream) => stream.close()));
    async function subscribe(query = '', headers: Record<string, string> = {}): Promise<SseStream> {
      const stream = await open(query, headers);
      streams.push(stream);
      assert.equal(stream.status, 200, stream.text);
      return stream;
    }
    const feed = (): ChangeFeed => fixture.engine.changeFeed!;

    it('answers 200 text/event-stream, not cached, with its headers sent before any event', async () => {
      const stream = await subscribe();
      assert.equal(stream.response.headers['content-type'], 'text/event-stream');
      assert.equal(stream.response.headers['cache-control'], 'no-cache');
      assert.equal(stream.response.headers['api-supported-versions'], '0.1');
      assert.equal(stream.text, '');
      stream.close();
    });

    it('frames each event as id: <epoch>:<seq>, event: <kind>, data: <JSON>, then an empty line', async () => {
      const stream = await subscribe();
      await fixture.client.vertices({ label: 'person' });
      await stream.take(1);
      const { epoch } = feed();
      assert.match(epoch, new RegExp(`^${guid}$`));
      const seq = feed().lastSeq;
      assert.equal(
        stream.text,
        `id: ${epoch}:${seq}\nevent: vertexCreated\n` +
          `data: {"seq":${seq},"ts":"${String(stream.events[0].ts)}","kind":"vertexCreated","element":"vertex","id":0,"label":"person"}\n\n`,
      );
      assert.ok(!stream.text.includes('retry:'));
      stream.close();
    });

    it('delivers one event per committed mutation of the HTTP writes, in commit order, seq without gaps', async () => {
      const stream = await subscribe();
      const client = fixture.client;
      const [a, b] = await client.vertices({ label: 'person' }, {});
      const [edge] = await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
      const value = { propertyValue: '42', fullQualifiedTypeName: 'System.Int32' };
      const writes = [
        await client.put(`/graphelement/${a}/age?waitForCompletion=true`, value),
        await client.put(`/graphelement/${a}/age?waitForCompletion=true`, value), // equal value: no event
        await client.delete(`/graphelement/${a}/age?waitForCompletion=true`),
        await client.delete(`/graphelement/${a}?waitForCompletion=true`),
      ];
      for (const reply of writes) assert.ok(reply.status >= 200 && reply.status < 300, reply.text);
      const events = await stream.take(7);
      const first = events[0].seq as number;
      assert.deepEqual(
        events.map((event) => event.seq),
        [0, 1, 2, 3, 4, 5, 6].map((i) => first + i),
      );
      assert.deepEqual(
        events.map(({ seq: _seq, ts: _ts, ...rest }) => rest),
        [
          { kind: 'vertexCreated', element: 'vertex', id: a, label: 'person' },
          { kind: 'vertexCreated', element: 'vertex', id: b },
          { kind: 'edgeCreated', element: 'edge', id: edge, edgePropertyId: 'knows', source: a, target: b },
          { kind: 'propertySet', element: 'vertex', id: a, label: 'person', key: 'age' },
          { kind: 'propertyRemoved', element: 'vertex', id: a, label: 'person', key: 'age' },
          { kind: 'vertexRemoved', element: 'vertex', id: a, label: 'person' },
          { kind: 'edgeRemoved', element: 'edge', id: edge },
        ],
      );
      assert.deepEqual(
        stream.frames.map((frame) => frame.event),
        events.map((event) => event.kind),
      );
      stream.close();
    });

    it('filters by kinds, elements, labels and keys: repeated and comma-separated, union within, AND across', async () => {
      const persons = await subscribe('?kinds=vertexCreated&kinds=propertySet, edgeCreated&labels=person');
      const vertexKeys = await subscribe('?elements=vertex&keys=name,,age');
      const client = fixture.client;
      const [a, b] = await client.vertices({ label: 'person' }, { label: 'city' });
      await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'livesIn', label: 'person' });
      const text = { propertyValue: 'x', fullQualifiedTypeName: 'System.String' };
      await client.put(`/graphelement/${b}/name?waitForCompletion=true`, text);
      await client.put(`/graphelement/${a}/name?waitForCompletion=true`, text);
      await client.put(`/graphelement/${a}/zip?waitForCompletion=true`, text);
      await client.vertices({ label: 'person' }, {});
      // Matches both filters: the last event either stream gets.
      await client.put(`/graphelement/${a}/age?waitForCompletion=true`, text);
      const first = (await persons.take(1))[0].seq as number;
      // first: vertex a (person), +1 vertex b (city), +2 edge (person), +3 b.name, +4 a.name, +5 a.zip,
      // +6 a new person, +7 an unlabeled vertex, +8 a.age.
      await persons.until(() => persons.events.at(-1)?.seq === first + 8, 'the last matching event');
      await vertexKeys.until(() => vertexKeys.events.at(-1)?.seq === first + 8, 'the last matching event');
      assert.deepEqual(summary(persons.events), [
        first,
        first + 2,
        first + 4,
        first + 5,
        first + 6,
        first + 8,
      ]);
      assert.deepEqual(summary(vertexKeys.events), [first + 3, first + 4, first + 8]);
      persons.close();
      vertexKeys.close();
    });

    it('answers 400 problems for an unknown kind or element and a malformed since or Last-Event-ID', async () => {
      const unknownKind = await fixture.client.get('/changefeed?kinds=vertexCreated,VertexCreated');
      const problem = assertProblem(unknownKind, 400);
      assert.equal(problem.title, 'Invalid change feed filter');
      assert.match(
        String(problem.detail),
        /vertexCreated, vertexRemoved, edgeCreated, edgeRemoved, propertySet/,
      );
      assert.equal(
        assertProblem(await fixture.client.get('/changefeed?elements=node'), 400).title,
        'Invalid change feed filter',
      );
      for (const since of ['abc', '-1', `${feed().epoch}:x`, 'nope:5']) {
        const reply = await fixture.client.get(`/changefeed?since=${encodeURIComponent(since)}`);
        assert.equal(assertProblem(reply, 400).title, 'Invalid since position', since);
      }
      const header = await fixture.client.request('GET', '/changefeed', {
        headers: { 'last-event-id': 'x:y' },
      });
      assert.equal(assertProblem(header, 400).title, 'Invalid since position');
      // Refused requests leave no subscription behind (earlier tests' streams release as they close).
      await eventually(() => feed().subscriberCount === 0, 'no subscriber');
    });

    it('replays the buffered events after since or Last-Event-ID, then continues live', async () => {
      await fixture.client.vertices({}, {}, {});
      const { epoch } = feed();
      const last = feed().lastSeq;
      const bySince = await subscribe(`?since=${epoch}:${last - 2}`);
      const byHeader = await subscribe('', { 'last-event-id': `${epoch}:${last - 1}` });
      const bare = await subscribe(`?since=${last - 3}`);
      // `since` wins over the header.
      const both = await subscribe(`?since=${last}`, { 'last-event-id': `${epoch}:${last - 3}` });
      await fixture.client.vertices({});
      assert.deepEqual(summary(await bySince.take(3)), [last - 1, last, last + 1]);
      assert.deepEqual(summary(await byHeader.take(2)), [last, last + 1]);
      assert.deepEqual(summary(await bare.take(4)), [last - 2, last - 1, last, last + 1]);
      assert.deepEqual(summary(await both.take(1)), [last + 1]);
      for (const stream of [bySince, byHeader, bare, both]) stream.close();
    });

    it('starts with resync seekOutOfRange for a position of another epoch or beyond the buffer, then goes live', async () => {
      await fixture.client.vertices({});
      const last = feed().lastSeq;
      const stream = await subscribe(`?since=5f0c6a2e-8d4b-4a53-9e0f-3b2d1c4e5a6f:${last}`);
      await fixture.client.vertices({});
      assert.deepEqual(summary(await stream.take(2)), [`seekOutOfRange@${last}`, last + 1]);
      assert.equal(stream.frames[0].event, 'resync');
      assert.equal(stream.frames[0].id, `${feed().epoch}:${last}`);
      stream.close();
    });

    it('sends resync trim and tabulaRasa through any filter when HEAD /trim and HEAD /tabularasa run', async () => {
      const stream = await subscribe('?kinds=edgeRemoved&labels=nothing');
      assert.equal((await fixture.client.head('/trim')).status, 200);
      assert.equal((await fixture.client.head('/tabularasa')).status, 200);
      assert.deepEqual(
        (await stream.take(2)).map((event) => event.reason),
        ['trim', 'tabulaRasa'],
      );
      stream.close();
    });

    it('keeps a feed per namespace, with its own epoch and events', async () => {
      const other =
        prefix === '' ? fixture.server.namespaces.get(testNamespace)! : fixture.server.namespaces.default;
      const stream = await subscribe();
      await other.engine.createVertex();
      await fixture.client.vertices({ label: 'mine' });
      const [event] = await stream.take(1);
      assert.equal(event.label, 'mine');
      assert.notEqual(other.engine.changeFeed!.epoch, feed().epoch);
      stream.close();
    });

    it('ends the stream when its namespace is dropped', { skip: prefix === '' }, async () => {
      const namespaces = fixture.server.namespaces;
      namespaces.create('doomed');
      const stream = await SseStream.open(`${fixture.server.url}/ns/doomed/changefeed`);
      streams.push(stream);
      assert.equal(stream.status, 200);
      await namespaces.get('doomed')!.engine.createVertex();
      await stream.take(1);
      namespaces.drop('doomed');
      await stream.until(() => stream.ended, 'the end of the stream');
    });
  });
}

describe('change feed limits and lifecycle over HTTP', () => {
  let server: TestServer | undefined;
  after(() => server?.close());

  async function serve(namespaces: Namespaces, keepAliveSeconds?: number): Promise<TestServer> {
    await server?.close();
    server = await startServer({
      namespaces,
      ...(keepAliveSeconds === undefined ? {} : { changeFeedKeepAliveSeconds: keepAliveSeconds }),
    });
    return server;
  }

  it('answers 503 Subscriber limit reached beyond MaxSubscribers, and takes a new one once a stream closes', async () => {
    const { url, namespaces } = await serve(
      new Namespaces({ engine: { changeFeed: { maxSubscribers: 2 } } }),
    );
    const first = await SseStream.open(`${url}/changefeed`);
    const second = await SseStream.open(`${url}/changefeed`);
    const third = await SseStream.open(`${url}/changefeed`);
    assert.deepEqual([first.status, second.status, third.status], [200, 200, 503]);
    const problem = await third.body();
    assert.equal(problem.title, 'Subscriber limit reached');
    assert.match(String(third.response.headers['content-type']), /^application\/problem\+json/);
    first.close();
    await eventually(
      () => namespaces.default.engine.changeFeed!.subscriberCount === 1,
      'the closed stream released',
    );
    const again = await SseStream.open(`${url}/changefeed`);
    assert.equal(again.status, 200);
    second.close();
    again.close();
  });

  it('answers 503 Change feed disabled when the feed is turned off', async () => {
    const { url } = await serve(new Namespaces({ engine: { changeFeed: false } }));
    for (const route of ['/changefeed', `/ns/${testNamespace}/changefeed`]) {
      if (route.startsWith('/ns')) server!.namespaces.create(testNamespace);
      const stream = await SseStream.open(`${url}${route}`);
      assert.equal(stream.status, 503);
      assert.equal((await stream.body()).title, 'Change feed disabled');
    }
  });

  it('sends : keepalive while the stream is idle', async () => {
    const { url } = await serve(new Namespaces(), 1);
    const stream = await SseStream.open(`${url}/changefeed`);
    await stream.until(
      () => stream.comments.some((comment) => comment.trim() === 'keepalive'),
      'a keepalive comment',
    );
    assert.ok(stream.text.startsWith(': keepalive\n\n'), stream.text);
    stream.close();
  });

  it('overflows a stalled reader into resync overflow and then continues it, while the writer and other readers go on', async () => {
    const queue = 64;
    const { url, namespaces } = await serve(
      new Namespaces({ engine: { changeFeed: { subscriberQueueSize: queue } } }),
    );
    const engine: Engine = namespaces.default.engine;
    const feed = engine.changeFeed!;
    const stalled = await SseStream.open(`${url}/changefeed`);
    const healthy = await SseStream.open(`${url}/changefeed`);
    stalled.pause();
    // Write in transactions smaller than the queue until the stalled socket has backed up far enough
    // that its subscription is more than a queue behind (the kernel's socket buffers come first).
    const batch = Array.from({ length: queue / 2 }, () => ({ kind: 'createVertex' as const, input: {} }));
    for (let written = 0; Math.max(...feed.subscriptions.map((s) => s.lag)) <= 4 * queue;) {
      assert.ok(written < 2_000_000, 'the stalled reader never backed up');
      await engine.submit(batch);
      written += batch.length;
      // The healthy reader keeps up: it has every event so far before the next write.
      await healthy.until(() => healthy.frames.length === feed.lastSeq, `event ${feed.lastSeq}`);
    }
    const lastBefore = feed.lastSeq;
    stalled.resume();
    await stalled.until(() => stalled.events.some((event) => event.kind === 'resync'), 'the overflow resync');
    await engine.createVertex();
    const next = feed.lastSeq;
    await stalled.until(
      () => stalled.events.some((event) => event.seq === next),
      'the event after the resync',
    );
    await healthy.until(() => healthy.frames.length === next, 'the last event');

    // The stalled reader: a gap-free prefix, one resync overflow carrying the newest dropped seq, then on.
    const seqs = summary(stalled.events);
    const resyncAt = seqs.findIndex((item) => typeof item === 'string');
    assert.deepEqual(
      seqs.slice(0, resyncAt),
      Array.from({ length: resyncAt }, (_, i) => i + 1),
    );
    assert.equal(seqs[resyncAt], `overflow@${lastBefore}`);
    assert.deepEqual(seqs.slice(resyncAt + 1), [next]);
    assert.ok(resyncAt < lastBefore - queue);
    // The healthy reader got everything, in order, with no resync.
    assert.deepEqual(
      summary(healthy.events),
      Array.from({ length: next }, (_, i) => i + 1),
    );
    stalled.close();
    healthy.close();
  });

  // The heap these cycles leave behind, beside plain requests, is measured by bench/changefeed-connections.ts.
  it('releases the subscription of every closed connection: 1,000 connect/disconnect cycles leave no subscriber and none reachable', async () => {
    const { url, namespaces } = await serve(new Namespaces());
    const feed = namespaces.default.engine.changeFeed!;
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const collect = async () => {
      // WeakRefs are cleared only after the job that made them ends: collect, yield, collect.
      gc();
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    };
    const subscriptions: WeakRef<object>[] = [];
    const cycle = async () => {
      const stream = await SseStream.open(`${url}/changefeed`);
      assert.equal(stream.status, 200);
      for (const subscription of feed.subscriptions) subscriptions.push(new WeakRef(subscription));
      stream.close();
    };
    for (let i = 0; i < 1000; i++) await cycle();
    await eventually(() => feed.subscriberCount === 0, 'every stream released');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await collect();
    // Nothing holds a closed subscription (nor the stream, timer or response that would hold it).
    assert.ok(subscriptions.length >= 1000, 'each cycle saw its subscription');
    assert.equal(subscriptions.filter((ref) => ref.deref() !== undefined).length, 0);
  });

  it('ends open streams when the server closes, so close() does not wait for clients', async () => {
    const { url } = await serve(new Namespaces());
    const stream = await SseStream.open(`${url}/changefeed`);
    await server!.close();
    server = undefined;
    await stream.until(() => stream.ended, 'the end of the stream');
  });

  it('answers 401 without the API key when one is configured', async () => {
    await server?.close();
    server = await startServer({ apiKey: 'secret' });
    const refused = await SseStream.open(`${server.url}/changefeed`);
    assert.equal(refused.status, 401);
    const admitted = await SseStream.open(`${server.url}/changefeed`, { 'x-api-key': 'secret' });
    assert.equal(admitted.status, 200);
    admitted.close();
  });
});

describe('change feed across loads and restarts', () => {
  const directories: string[] = [];
  after(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });

  it('sends resync load when a checkpoint is loaded, and a restarted service starts a new epoch with resync load', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'skein-changefeed-http-'));
    directories.push(directory);
    let service = await start(directory);
    const client = new Client(service.address);
    await client.vertices({}, {});
    const saved = await client.put('/save');
    assert.equal(saved.status, 200);
    const location = (saved.body as { location: string }).location;
    const stream = await SseStream.open(`${service.address}/changefeed?kinds=vertexRemoved`);
    assert.equal(stream.status, 200);
    await client.vertices({});
    assert.equal((await client.put('/load', { saveGameLocation: location })).status, 204);
    const [event] = await stream.take(1);
    assert.deepEqual(
      { kind: event.kind, reason: event.reason, seq: event.seq },
      { kind: 'resync', reason: 'load', seq: 4 },
    );
    const oldId = stream.frames[0].id!;
    stream.close();
    await client.vertices({});
    await service.stop();

    service = await start(directory);
    const fromOldEpoch = await SseStream.open(`${service.address}/changefeed`, { 'last-event-id': oldId });
    const fromStart = await SseStream.open(`${service.address}/changefeed?since=0`);
    const [first] = await fromStart.take(1);
    assert.deepEqual(
      { kind: first.kind, reason: first.reason, seq: first.seq },
      { kind: 'resync', reason: 'load', seq: 1 },
    );
    assert.notEqual(fromStart.frames[0].id!.split(':')[0], oldId.split(':')[0]);
    const [resync] = await fromOldEpoch.take(1);
    assert.equal(resync.reason, 'seekOutOfRange');
    fromOldEpoch.close();
    fromStart.close();
    await service.stop();
  });
});
