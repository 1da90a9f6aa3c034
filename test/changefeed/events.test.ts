/**
 * Change events derived from commits (docs/changefeed.md, Events: which operation emits what): one event
 * per committed mutation in commit order, gap-free sequence numbers, one timestamp per
 * transaction, fields absent when they do not apply, never a property value.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  Engine,
  eventJson,
  isEngineError,
  removeEmbedding,
  timestampText,
  writeEmbedding,
  type ChangeEvent,
  type ChangeSubscription,
} from '../../src/index.js';

const text = (value: string) => ({ type: 'String' as const, value });
const int = (value: number) => ({ type: 'Int32' as const, value });

/** Every field an event of each kind may carry (docs/changefeed.md, Events). */
const allowedFields: Record<string, readonly string[]> = {
  vertexCreated: ['seq', 'ts', 'kind', 'element', 'id', 'label'],
  vertexRemoved: ['seq', 'ts', 'kind', 'element', 'id', 'label'],
  edgeCreated: ['seq', 'ts', 'kind', 'element', 'id', 'label', 'edgePropertyId', 'source', 'target'],
  edgeRemoved: ['seq', 'ts', 'kind', 'element', 'id', 'label'],
  propertySet: ['seq', 'ts', 'kind', 'element', 'id', 'label', 'key'],
  propertyRemoved: ['seq', 'ts', 'kind', 'element', 'id', 'label', 'key'],
  resync: ['seq', 'ts', 'kind', 'reason'],
};

/** The events without `seq` and `ts`, for comparing shapes. */
function shapes(events: readonly ChangeEvent[]): object[] {
  return events.map(({ seq: _seq, ts: _ts, ...rest }) => rest);
}

function subscribed(): { engine: Engine; subscription: ChangeSubscription } {
  const engine = new Engine();
  return { engine, subscription: engine.changeFeed!.subscribe() };
}

describe('change events from commits', () => {
  it('emits one event per committed mutation, in commit order, with seq 1, 2, 3, ... without gaps', async () => {
    const { engine, subscription } = subscribed();
    const [a, b] = await engine.createVertices([{ label: 'person' }, {}]);
    const edge = await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
    await engine.setProperty(a, 'name', text('Alice'));
    await engine.removeProperty(a, 'name');
    await engine.removeElement(edge);
    const events = subscription.read();
    assert.deepEqual(
      events.map((event) => event.seq),
      [1, 2, 3, 4, 5, 6],
    );
    assert.deepEqual(shapes(events), [
      { kind: 'vertexCreated', element: 'vertex', id: a, label: 'person' },
      { kind: 'vertexCreated', element: 'vertex', id: b },
      { kind: 'edgeCreated', element: 'edge', id: edge, edgePropertyId: 'knows', source: a, target: b },
      { kind: 'propertySet', element: 'vertex', id: a, label: 'person', key: 'name' },
      { kind: 'propertyRemoved', element: 'vertex', id: a, label: 'person', key: 'name' },
      { kind: 'edgeRemoved', element: 'edge', id: edge },
    ]);
  });

  it("shares one ts among a transaction's events, an ISO-8601 UTC instant ending in Z", async () => {
    let now = Date.UTC(2026, 6, 15, 12, 34, 56, 789);
    const engine = new Engine({ changeFeed: { clockMilliseconds: () => now } });
    const subscription = engine.changeFeed!.subscribe();
    await engine.createVertices([{}, {}, {}]);
    now += 1000;
    await engine.createVertex();
    const events = subscription.read();
    assert.deepEqual(
      events.map((event) => event.ts),
      [
        '2026-07-15T12:34:56.789Z',
        '2026-07-15T12:34:56.789Z',
        '2026-07-15T12:34:56.789Z',
        '2026-07-15T12:34:57.789Z',
      ],
    );
  });

  it('writes ts with the fraction trimmed of trailing zeros and without it when whole', () => {
    assert.equal(timestampText(Date.UTC(2026, 6, 15, 12, 35, 2, 100)), '2026-07-15T12:35:02.1Z');
    assert.equal(timestampText(Date.UTC(2026, 6, 15, 12, 35, 2, 0)), '2026-07-15T12:35:02Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        const ts = timestampText(ms);
        assert.match(ts, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{0,2}[1-9])?Z$/);
        assert.equal(Date.parse(ts), ms);
      }),
    );
  });

  it('leaves out fields that do not apply (never null) and never carries a property value', async () => {
    const { engine, subscription } = subscribed();
    const [a, b] = await engine.createVertices([
      { label: 'person', properties: [{ key: 'secret', value: text('hunter2') }] },
      {},
    ]);
    const edge = await engine.createEdge({
      sourceVertex: a,
      targetVertex: b,
      edgePropertyId: 'knows',
      label: 'friendship',
      properties: [{ key: 'since', value: int(2001) }],
    });
    await engine.setProperty(edge, 'weight', int(7));
    await engine.setProperty(b, 'secret', text('swordfish'));
    await engine.removeElement(a);
    await engine.trim();
    const events = subscription.read();
    assert.equal(events.length, 8);
    for (const event of events) {
      const fields = Object.keys(event);
      for (const field of fields) {
        assert.ok(allowedFields[event.kind].includes(field), `${event.kind} carries ${field}`);
        assert.notEqual((event as unknown as Record<string, unknown>)[field], null);
        assert.notEqual((event as unknown as Record<string, unknown>)[field], undefined);
      }
      const json = JSON.stringify(event);
      for (const value of ['hunter2', 'swordfish', '2001', '"7"']) assert.ok(!json.includes(value), json);
    }
  });

  it('reports a created vertex once, without property events for its initial properties', async () => {
    const { engine, subscription } = subscribed();
    await engine.createVertex({ properties: [{ key: 'name', value: text('Alice') }] });
    assert.deepEqual(shapes(subscription.read()), [{ kind: 'vertexCreated', element: 'vertex', id: 0 }]);
  });

  it('gives edgeCreated its edgePropertyId, source, target and label, and edgeRemoved none of the first three', async () => {
    const { engine, subscription } = subscribed();
    const [a, b] = await engine.createVertices([{}, {}]);
    const edge = await engine.createEdge({
      sourceVertex: b,
      targetVertex: a,
      edgePropertyId: 'follows',
      label: 'social',
    });
    await engine.removeElement(edge);
    assert.deepEqual(shapes(subscription.read().slice(2)), [
      {
        kind: 'edgeCreated',
        element: 'edge',
        id: edge,
        label: 'social',
        edgePropertyId: 'follows',
        source: b,
        target: a,
      },
      { kind: 'edgeRemoved', element: 'edge', id: edge, label: 'social' },
    ]);
  });

  it('emits nothing for an equal-value set, an absent-key removal or a write to a missing element', async () => {
    const { engine, subscription } = subscribed();
    const a = await engine.createVertex();
    await engine.setProperty(a, 'age', int(42));
    subscription.read();
    await engine.setProperty(a, 'age', int(42));
    await engine.removeProperty(a, 'missing');
    await engine.setProperty(999, 'age', int(1));
    await engine.removeElement(999);
    await removeEmbedding(engine, a, 'absent');
    assert.deepEqual(subscription.read(), []);
    assert.equal(engine.changeFeed!.lastSeq, 2);
  });

  it('reports a value set again with another type as a change', async () => {
    const { engine, subscription } = subscribed();
    const a = await engine.createVertex();
    await engine.setProperty(a, 'age', int(42));
    await engine.setProperty(a, 'age', text('42'));
    assert.deepEqual(
      subscription.read().map((event) => event.kind),
      ['vertexCreated', 'propertySet', 'propertySet'],
    );
  });

  it('reports a vertex removal as vertexRemoved, then edgeRemoved for each cascaded edge, with labels', async () => {
    const { engine, subscription } = subscribed();
    const [a, b, c] = await engine.createVertices([{ label: 'hub' }, {}, {}]);
    const [out, into, loop] = await engine.createEdges([
      { sourceVertex: a, targetVertex: b, edgePropertyId: 'x', label: 'out' },
      { sourceVertex: c, targetVertex: a, edgePropertyId: 'y' },
      { sourceVertex: a, targetVertex: a, edgePropertyId: 'x', label: 'loop' },
    ]);
    subscription.read();
    await engine.removeElement(a);
    const events = shapes(subscription.read());
    assert.deepEqual(events[0], { kind: 'vertexRemoved', element: 'vertex', id: a, label: 'hub' });
    assert.deepEqual(
      new Set(events.slice(1)),
      new Set([
        { kind: 'edgeRemoved', element: 'edge', id: out, label: 'out' },
        { kind: 'edgeRemoved', element: 'edge', id: into },
        { kind: 'edgeRemoved', element: 'edge', id: loop, label: 'loop' },
      ]),
    );
    assert.equal(events.length, 4, 'a self-loop is reported once');
  });

  it('keeps the kind and label of an element that a later operation of its group removes or clears', async () => {
    const { engine, subscription } = subscribed();
    const [a] = await engine.createVertices([{ label: 'doomed' }]);
    subscription.read();
    // Submitted together, the three transactions commit as one group; events are derived after it.
    await Promise.all([
      engine.submit([
        { kind: 'setProperty', id: a, key: 'k', value: int(1) },
        { kind: 'removeElement', id: a },
      ]),
      engine.submit([{ kind: 'createVertex', input: { label: 'next' } }]),
      engine.submit([{ kind: 'clear' }]),
    ]);
    assert.deepEqual(shapes(subscription.read()), [
      { kind: 'propertySet', element: 'vertex', id: a, label: 'doomed', key: 'k' },
      { kind: 'vertexRemoved', element: 'vertex', id: a, label: 'doomed' },
      { kind: 'vertexCreated', element: 'vertex', id: 1, label: 'next' },
      { kind: 'resync', reason: 'tabulaRasa' },
    ]);
  });

  it('reports an embedding write and removal as propertySet of $embedding:<name>', async () => {
    const { engine, subscription } = subscribed();
    const a = await engine.createVertex({ label: 'doc' });
    await writeEmbedding(engine, a, 'text', new Float32Array([0.5, 0.25]));
    await removeEmbedding(engine, a, 'text');
    assert.deepEqual(shapes(subscription.read().slice(1)), [
      { kind: 'propertySet', element: 'vertex', id: a, label: 'doc', key: '$embedding:text' },
      { kind: 'propertySet', element: 'vertex', id: a, label: 'doc', key: '$embedding:text' },
    ]);
  });

  it('reports a clear as resync tabulaRasa and every trim as resync trim, renumbering or not', async () => {
    const { engine, subscription } = subscribed();
    await engine.createVertex();
    await engine.trim();
    await engine.clear();
    await engine.clear();
    assert.deepEqual(shapes(subscription.read().slice(1)), [
      { kind: 'resync', reason: 'trim' },
      { kind: 'resync', reason: 'tabulaRasa' },
      { kind: 'resync', reason: 'tabulaRasa' },
    ]);
  });

  it('emits nothing for a rolled-back transaction', async () => {
    const { engine, subscription } = subscribed();
    await assert.rejects(
      engine.submit([
        { kind: 'createVertex', input: {} },
        { kind: 'createEdge', input: { sourceVertex: 0, targetVertex: 77, edgePropertyId: 'x' } },
      ]),
      (error: unknown) =>
        isEngineError(error, 'ELEMENT_NOT_FOUND') && /endpoint vertex 77 /.test(error.message),
    );
    assert.deepEqual(subscription.read(), []);
    assert.equal(engine.changeFeed!.lastSeq, 0);
  });

  it('has no feed, and derives nothing, when made with changeFeed: false', async () => {
    const engine = new Engine({ changeFeed: false });
    assert.equal(engine.changeFeed, undefined);
    await engine.createVertex();
  });

  it('serializes every event shape exactly as JSON.stringify does', () => {
    const element = fc.constantFrom('vertex' as const, 'edge' as const);
    const name = fc.string({ unit: 'binary', maxLength: 12 });
    const seq = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
    const id = fc.integer({ min: 0, max: 2 ** 31 - 1 });
    const ts = fc.constant('2026-07-15T12:34:56.789Z');
    const event: fc.Arbitrary<ChangeEvent> = fc.oneof(
      fc.record({
        seq,
        ts,
        kind: fc.constantFrom('vertexCreated' as const, 'vertexRemoved' as const, 'edgeRemoved' as const),
        element,
        id,
        label: name,
      }),
      fc.record({ seq, ts, kind: fc.constant('vertexCreated' as const), element, id }),
      fc.record({
        seq,
        ts,
        kind: fc.constant('edgeCreated' as const),
        element: fc.constant('edge' as const),
        id,
        label: name,
        edgePropertyId: name,
        source: id,
        target: id,
      }),
      fc.record({
        seq,
        ts,
        kind: fc.constantFrom('propertySet' as const, 'propertyRemoved' as const),
        element,
        id,
        key: name,
      }),
      fc.record({
        seq,
        ts,
        kind: fc.constant('resync' as const),
        reason: fc.constantFrom('overflow' as const, 'trim' as const, 'load' as const),
      }),
    );
    fc.assert(fc.property(event, (e) => assert.equal(eventJson(e), JSON.stringify(e))));
  });
});
