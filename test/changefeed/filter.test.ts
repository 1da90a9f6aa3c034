/**
 * Change-feed filters and positions (docs/changefeed.md, Filters and Catching up): repeated and
 * comma-separated values, union within a dimension and AND across, resync through every filter; the
 * `since` forms.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  Engine,
  isEngineError,
  parseFilter,
  parsePosition,
  positionText,
  splitValues,
  type ChangeEvent,
  type ChangeFilter,
} from '../../src/index.js';
import { compileFilter } from '../../src/engine/changefeed/filter.js';

const ts = '2026-07-15T12:34:56.789Z';
const events: ChangeEvent[] = [
  { seq: 1, ts, kind: 'vertexCreated', element: 'vertex', id: 0, label: 'person' },
  { seq: 2, ts, kind: 'vertexCreated', element: 'vertex', id: 1 },
  {
    seq: 3,
    ts,
    kind: 'edgeCreated',
    element: 'edge',
    id: 2,
    label: 'person',
    edgePropertyId: 'knows',
    source: 0,
    target: 1,
  },
  { seq: 4, ts, kind: 'propertySet', element: 'vertex', id: 0, label: 'person', key: 'name' },
  { seq: 5, ts, kind: 'propertyRemoved', element: 'edge', id: 2, label: 'person', key: 'weight' },
  { seq: 6, ts, kind: 'propertySet', element: 'vertex', id: 1, key: 'name' },
  { seq: 7, ts, kind: 'resync', reason: 'trim' },
];

function passing(filter: ChangeFilter): number[] {
  const predicate = compileFilter(filter);
  return events.filter((event) => predicate === undefined || predicate(event)).map((event) => event.seq);
}

describe('change-feed filters', () => {
  it('splits repeated and comma-separated values, trims them and ignores empty entries', () => {
    assert.deepEqual(splitValues(['a, b', ' c ,,', '']), ['a', 'b', 'c']);
    assert.deepEqual(splitValues('x'), ['x']);
    assert.deepEqual(splitValues(undefined), []);
    assert.deepEqual(parseFilter({ kinds: ' , ' }).kinds, []);
  });

  it('refuses an unknown kind naming the accepted ones, and an unknown element', () => {
    assert.throws(
      () => parseFilter({ kinds: ['vertexCreated,VertexCreated'] }),
      (error: unknown) =>
        isEngineError(error, 'CHANGEFEED_FILTER_INVALID') &&
        error.title === 'Invalid change feed filter' &&
        error.message.includes('vertexCreated, vertexRemoved, edgeCreated, edgeRemoved, propertySet'),
    );
    assert.throws(
      () => parseFilter({ elements: 'node' }),
      (error: unknown) => isEngineError(error, 'CHANGEFEED_FILTER_INVALID'),
    );
    assert.deepEqual(parseFilter({ kinds: 'resync,propertySet' }).kinds, ['resync', 'propertySet']);
  });

  it('lets everything through without a filter', () => {
    assert.equal(compileFilter({}), undefined);
    assert.equal(compileFilter({ kinds: [], labels: [] }), undefined);
  });

  it('takes the union within a dimension and the intersection across dimensions', () => {
    assert.deepEqual(passing({ kinds: ['vertexCreated', 'edgeCreated'] }), [1, 2, 3, 7]);
    assert.deepEqual(
      passing({ kinds: ['vertexCreated', 'propertySet'], elements: ['vertex'] }),
      [1, 2, 4, 6, 7],
    );
    assert.deepEqual(passing({ kinds: ['propertySet', 'propertyRemoved'], elements: ['edge'] }), [5, 7]);
    assert.deepEqual(passing({ elements: ['edge'], labels: ['person'] }), [3, 5, 7]);
  });

  it('never matches an unlabeled element with a label filter', () => {
    assert.deepEqual(passing({ labels: ['person'] }), [1, 3, 4, 5, 7]);
  });

  it('excludes create and remove events with a key filter', () => {
    assert.deepEqual(passing({ keys: ['name'] }), [4, 6, 7]);
    assert.deepEqual(passing({ keys: ['name', 'weight'], labels: ['person'] }), [4, 5, 7]);
  });

  it('delivers resync through every filter, even one that names no kind of it', () => {
    assert.deepEqual(
      passing({ kinds: ['edgeRemoved'], elements: ['edge'], labels: ['x'], keys: ['y'] }),
      [7],
    );
  });

  it('checks filters given to the library as well', () => {
    const engine = new Engine();
    assert.throws(
      () => engine.changeFeed!.subscribe({ filter: { kinds: ['nope' as never] } }),
      (error: unknown) => isEngineError(error, 'CHANGEFEED_FILTER_INVALID'),
    );
    assert.equal(engine.changeFeed!.subscriberCount, 0);
  });
});

describe('change-feed positions', () => {
  const epoch = '5f0c6a2e-8d4b-4a53-9e0f-3b2d1c4e5a6f';

  it('reads <epoch>:<seq> split at the last colon, and a bare sequence number', () => {
    assert.deepEqual(parsePosition(`${epoch}:4712`), { epoch, seq: 4712 });
    assert.deepEqual(parsePosition(`${epoch.toUpperCase()}:0`), { epoch, seq: 0 });
    assert.deepEqual(parsePosition('17'), { seq: 17 });
    assert.deepEqual(parsePosition('99999999999999999999'), { seq: Number.POSITIVE_INFINITY });
  });

  it('refuses anything else as CHANGEFEED_SINCE_INVALID', () => {
    for (const text of [
      '',
      '-1',
      '1.5',
      'abc',
      `${epoch}:`,
      `${epoch}:x`,
      'not-a-guid:5',
      `${epoch}5`,
      ':5',
    ]) {
      assert.throws(
        () => parsePosition(text),
        (error: unknown) =>
          isEngineError(error, 'CHANGEFEED_SINCE_INVALID') && error.title === 'Invalid since position',
        text,
      );
    }
  });

  it('reads back every event id it writes', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (uuid, seq) => {
        assert.deepEqual(parsePosition(positionText(uuid, seq)), { epoch: uuid.toLowerCase(), seq });
      }),
    );
  });

  it('refuses every text that is neither form', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const bare = /^\s*[0-9]+\s*$/.test(text);
        const colon = text.trim().lastIndexOf(':');
        const withEpoch =
          colon >= 0 &&
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(
            text.trim().slice(0, colon),
          ) &&
          /^[0-9]+$/.test(text.trim().slice(colon + 1));
        let parsed = true;
        try {
          parsePosition(text);
        } catch (error) {
          assert.ok(isEngineError(error, 'CHANGEFEED_SINCE_INVALID'));
          parsed = false;
        }
        assert.equal(parsed, bare || withEpoch, text);
      }),
    );
  });
});
