/**
 * SSE frames of change events (docs/changefeed.md, The stream): the exact frame text, UTF-8 bytes that decode
 * back to it whatever the labels hold, and runs of frames shared between subscribers reading the same
 * events.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Engine, formatFrame } from '../../src/index.js';
import { FrameEncoder } from '../../src/engine/changefeed/frames.js';
import type { ChangeEvent } from '../../src/engine/changefeed/events.js';

const epoch = '5f0c6a2e-8d4b-4a53-9e0f-3b2d1c4e5a6f';

describe('change-feed frames', () => {
  it('writes id: <epoch>:<seq>, event: <kind>, data: <JSON>, and an empty line', () => {
    const event = { seq: 4712, ts: '2026-07-15T12:34:56.789Z', kind: 'resync', reason: 'trim' } as const;
    assert.equal(
      formatFrame(epoch, event),
      `id: ${epoch}:4712\nevent: resync\ndata: {"seq":4712,"ts":"2026-07-15T12:34:56.789Z","kind":"resync","reason":"trim"}\n\n`,
    );
  });

  it('keeps data: on one line and encodes any label as UTF-8 that decodes to the same frames', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 50 }), (labels) => {
        const writer = new FrameEncoder(epoch).writer(1);
        let expected = '';
        labels.forEach((label, i) => {
          const event: ChangeEvent = {
            seq: i + 1,
            ts: '2026-07-15T12:34:56.789Z',
            kind: 'vertexCreated',
            element: 'vertex',
            id: i,
            label,
          };
          const frame = formatFrame(epoch, event);
          assert.equal(frame.split('\n').length, 5, 'id, event, data, blank, and the end');
          writer.add(event);
          expected += frame;
        });
        assert.equal(writer.bytes().toString('utf8'), expected);
      }),
    );
  });

  it('writes as bytes exactly the UTF-8 of the frame text, for every shape of event and any string', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('a', 'Person', 'knows', 'lone \ud800 surrogate', 'quote " and \\ and \n'),
    );
    const number = fc.oneof(fc.nat(), fc.constantFrom(0, 9, 10, 99, 100, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1));
    const ts = fc.constantFrom('2026-07-15T12:34:56.789Z', '2026-07-15T12:34:56Z', '2026-07-15T12:34:57.1Z');
    const element = fc.constantFrom('vertex' as const, 'edge' as const);
    const event: fc.Arbitrary<ChangeEvent> = fc.oneof(
      fc.record(
        {
          seq: number,
          ts,
          kind: fc.constantFrom('vertexCreated' as const, 'vertexRemoved' as const),
          element,
          id: number,
          label: text,
        },
        { requiredKeys: ['seq', 'ts', 'kind', 'element', 'id'] },
      ),
      fc.record(
        {
          seq: number,
          ts,
          kind: fc.constant('edgeCreated' as const),
          element: fc.constant('edge' as const),
          id: number,
          label: text,
          edgePropertyId: text,
          source: number,
          target: number,
        },
        { requiredKeys: ['seq', 'ts', 'kind', 'element', 'id', 'edgePropertyId', 'source', 'target'] },
      ),
      fc.record(
        {
          seq: number,
          ts,
          kind: fc.constantFrom('propertySet' as const, 'propertyRemoved' as const),
          element,
          id: number,
          label: text,
          key: text,
        },
        { requiredKeys: ['seq', 'ts', 'kind', 'element', 'id', 'key'] },
      ),
      fc.record({
        seq: number,
        ts,
        kind: fc.constant('resync' as const),
        reason: fc.constantFrom(
          'overflow' as const,
          'seekOutOfRange' as const,
          'trim' as const,
          'tabulaRasa' as const,
          'load' as const,
          'delegateWrite' as const,
        ),
      }),
    );
    // One encoder for every run: its caches (the last timestamp and kind, labels' JSON) carry across writers.
    const encoder = new FrameEncoder(epoch);
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.nat({ max: 40 }), (events, expectedFrames) => {
        const writer = encoder.writer(expectedFrames);
        for (const e of events) writer.add(e);
        const expected = events.map((e) => formatFrame(epoch, e)).join('');
        assert.deepEqual(writer.bytes(), Buffer.from(expected, 'utf8'));
      }),
      { numRuns: 500 },
    );
  });

  it('writes a run of events that differ only in their numbers exactly as their texts, whatever the digits', () => {
    // The encoder copies the last frame when only numbers differ (of equal lengths): every number must be
    // rewritten, and a change of length must not reuse the template.
    const number = fc.oneof(
      fc.integer({ min: 0, max: 120 }),
      fc.constantFrom(999, 1000, 99_999, 100_000, 2 ** 31 - 1, 2 ** 31),
    );
    const shape = fc.constantFrom<Omit<ChangeEvent, 'seq'>>(
      { ts: '2026-07-15T12:34:56.789Z', kind: 'vertexCreated', element: 'vertex', id: 0 },
      { ts: '2026-07-15T12:34:56.789Z', kind: 'vertexRemoved', element: 'vertex', id: 0, label: 'Person' },
      {
        ts: '2026-07-15T12:34:56.789Z',
        kind: 'edgeCreated',
        element: 'edge',
        id: 0,
        label: 'knows',
        edgePropertyId: 'since',
        source: 0,
        target: 0,
      },
      { ts: '2026-07-15T12:34:56.789Z', kind: 'propertySet', element: 'edge', id: 0, key: 'weight' },
      { ts: '2026-07-15T12:34:56.789Z', kind: 'resync', reason: 'trim' },
    );
    const encoder = new FrameEncoder(epoch);
    fc.assert(
      fc.property(
        shape,
        fc.array(fc.tuple(number, number, number, number), { minLength: 1, maxLength: 40 }),
        (base, numbers) => {
          const events = numbers.map(([seq, id, source, target]): ChangeEvent => {
            const event: ChangeEvent = { ...base, seq };
            if (base.id !== undefined) Object.assign(event, { id });
            if (base.source !== undefined) Object.assign(event, { source, target });
            return event;
          });
          const writer = encoder.writer(events.length);
          for (const event of events) writer.add(event);
          const expected = events.map((event) => formatFrame(epoch, event)).join('');
          assert.equal(writer.bytes().toString('utf8'), expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes runs of consecutive sequence numbers and ids exactly, across every carry and digit length', () => {
    // The template's digits are incremented in place when a number is one more than the last.
    const start = fc.oneof(
      fc.nat({ max: 1000 }),
      fc.constantFrom(0, 8, 9, 98, 99, 199, 999, 9_995, 99_999, 1_999_999, 2 ** 31 - 6),
    );
    const step = fc.oneof(fc.constant(1), fc.constant(1), fc.constant(1), fc.nat({ max: 50 }));
    const encoder = new FrameEncoder(epoch);
    fc.assert(
      fc.property(
        start,
        start,
        fc.array(fc.tuple(step, step), { minLength: 1, maxLength: 60 }),
        (seq0, id0, steps) => {
          let seq = seq0;
          let id = id0;
          const events: ChangeEvent[] = steps.map(([seqStep, idStep]) => {
            seq = Math.min(seq + seqStep, 2 ** 31 - 1);
            id = Math.min(id + idStep, 2 ** 31 - 1);
            return { seq, ts: '2026-07-15T12:34:56.789Z', kind: 'vertexCreated', element: 'vertex', id };
          });
          const writer = encoder.writer(events.length);
          for (const event of events) writer.add(event);
          assert.equal(
            writer.bytes().toString('utf8'),
            events.map((event) => formatFrame(epoch, event)).join(''),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('writes a range whose events count on from one another exactly as their texts, across every carry', () => {
    // `addRange` copies a frame and rewrites the last four digits of its numbers while the events count
    // on (seq and id one more, all else the same): every break of a count, a carry into the fifth digit,
    // a number under four digits and a change of shape must be written as the texts say.
    const start = fc.oneof(
      fc.nat({ max: 20_000 }),
      fc.constantFrom(0, 5, 996, 999, 1000, 9_990, 9_999, 10_000, 99_990, 999_995, 2 ** 31 - 40),
    );
    const piece = fc.record({
      length: fc.integer({ min: 1, max: 40 }),
      // 'again': the ids of the last piece again (the template must not keep stale numbers).
      idJump: fc.oneof(
        fc.constant(1),
        fc.constant(1),
        fc.integer({ min: -3, max: 30_000 }),
        fc.constant('again'),
      ),
      shape: fc.constantFrom<Omit<ChangeEvent, 'seq' | 'id'>>(
        { ts: '2026-07-15T12:34:56.789Z', kind: 'vertexCreated', element: 'vertex' },
        { ts: '2026-07-15T12:34:56.789Z', kind: 'vertexCreated', element: 'vertex', label: 'Person' },
        { ts: '2026-07-15T12:34:57Z', kind: 'vertexCreated', element: 'vertex' },
        { ts: '2026-07-15T12:34:56.789Z', kind: 'propertySet', element: 'edge', key: 'w' },
        {
          ts: '2026-07-15T12:34:56.789Z',
          kind: 'edgeCreated',
          element: 'edge',
          edgePropertyId: 'e',
          source: 12_345,
          target: 7,
        },
        { ts: '2026-07-15T12:34:56.789Z', kind: 'resync', reason: 'trim' },
      ),
    });
    const encoder = new FrameEncoder(epoch);
    fc.assert(
      fc.property(start, start, fc.array(piece, { minLength: 1, maxLength: 8 }), (seq0, id0, pieces) => {
        const events: ChangeEvent[] = [];
        let seq = seq0;
        let id = id0;
        let lastPieceId = id0;
        for (const { length, idJump, shape } of pieces) {
          id = idJump === 'again' ? lastPieceId : Math.max(0, id + idJump - 1);
          lastPieceId = id;
          for (let i = 0; i < length; i++) {
            const event: ChangeEvent = { ...shape, seq: ++seq };
            if (shape.element !== undefined) Object.assign(event, { id: id++ });
            events.push(event);
          }
        }
        const from = seq0 + 1;
        const expected = events.map((e) => formatFrame(epoch, e)).join('');
        // Twice, as a second subscriber catching up on the same events would have them written.
        for (let time = 0; time < 2; time++) {
          const writer = encoder.writer(events.length);
          writer.addRange(from, seq, (at) => events[at - from]);
          assert.equal(writer.bytes().toString('utf8'), expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the bytes of every run intact while later runs and a second open writer share the slab', () => {
    const encoder = new FrameEncoder(epoch);
    const event = (seq: number, label: string): ChangeEvent => ({
      seq,
      ts: '2026-07-15T12:34:56.789Z',
      kind: 'vertexCreated',
      element: 'vertex',
      id: seq,
      label,
    });
    const expectedText = (events: ChangeEvent[]) => events.map((e) => formatFrame(epoch, e)).join('');
    const kept: { bytes: Buffer; text: string }[] = [];
    let seq = 0;
    // Runs of growing size (past the 1 MiB slab), each with a second writer opened in the middle of it.
    for (let run = 0; run < 40; run++) {
      const outer = encoder.writer(4);
      const inner = encoder.writer(1);
      const outerEvents: ChangeEvent[] = [];
      const innerEvents: ChangeEvent[] = [];
      for (let i = 0; i < run * 60; i++) {
        const e = event(++seq, 'x'.repeat(i % 50));
        outer.add(e);
        outerEvents.push(e);
        if (i % 100 === 0) {
          const f = event(++seq, 'inner');
          inner.add(f);
          innerEvents.push(f);
        }
      }
      kept.push({ bytes: inner.bytes(), text: expectedText(innerEvents) });
      kept.push({ bytes: outer.bytes(), text: expectedText(outerEvents) });
    }
    for (const { bytes, text } of kept) assert.equal(bytes.toString('utf8'), text);
  });

  it('hands subscribers the frames of what they read: the same bytes for the same run, filtered runs their own', async () => {
    const engine = new Engine();
    const feed = engine.changeFeed!;
    const first = feed.subscribe();
    const second = feed.subscribe();
    const filtered = feed.subscribe({ filter: { labels: ['b'] } });
    await engine.createVertices([{ label: 'a' }, { label: 'b' }, { label: 'a' }]);
    const one = first.readFrames();
    const two = second.readFrames();
    assert.equal(one, two, 'one encoded chunk for both');
    assert.equal(
      one.toString('utf8'),
      feed
        .buffered()
        .map((event) => formatFrame(feed.epoch, event))
        .join(''),
    );
    assert.equal(filtered.readFrames().toString('utf8'), formatFrame(feed.epoch, feed.eventAt(2)));
    assert.equal(first.readFrames().length, 0);
  });

  it('hands a subscriber of many single creations the frames of every event, past ids of five digits', async () => {
    const engine = new Engine({ changeFeed: { bufferSize: 32_768, subscriberQueueSize: 32_768 } });
    const feed = engine.changeFeed!;
    const subscription = feed.subscribe();
    const creations: Promise<unknown>[] = [];
    for (let i = 0; i < 12_000; i++)
      creations.push(engine.createVertex(i % 1000 === 0 ? { label: 'Person' } : undefined));
    await Promise.all(creations);
    let text = '';
    for (let bytes = subscription.readFrames(); bytes.length > 0; bytes = subscription.readFrames()) {
      text += bytes.toString('utf8');
    }
    const events = feed.buffered();
    assert.equal(events.length, 12_000);
    assert.equal(text, events.map((event) => formatFrame(feed.epoch, event)).join(''));
  });
});
