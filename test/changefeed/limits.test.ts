/**
 * The change feed's frame encoder keeps the bytes of at most `maxCachedStrings` distinct labels, keys and
 * edge types (docs/limits.md): one more starts the cache over, and frames stay exact either way.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatFrame } from '../../src/index.js';
import { FrameEncoder, maxCachedStrings } from '../../src/engine/changefeed/frames.js';
import type { ChangeEvent } from '../../src/engine/changefeed/events.js';

const epoch = '0f8fad5b-d9cb-469f-a165-70867728950e';

function labelled(i: number): ChangeEvent {
  return {
    seq: i + 1,
    ts: '2026-07-15T12:34:56.789Z',
    kind: 'vertexCreated',
    element: 'vertex',
    id: i,
    label: `label-${i}`,
  };
}

describe('change-feed frame encoder cache', () => {
  it(`keeps ${maxCachedStrings} distinct strings and starts over at the next, writing exact frames throughout`, () => {
    const encoder = new FrameEncoder(epoch);
    const writer = encoder.writer(maxCachedStrings + 1);
    let expected = '';
    for (let i = 0; i < maxCachedStrings; i++) {
      writer.add(labelled(i));
      expected += formatFrame(epoch, labelled(i));
    }
    assert.equal(encoder.cachedStringCount, maxCachedStrings);
    writer.add(labelled(maxCachedStrings));
    expected += formatFrame(epoch, labelled(maxCachedStrings));
    assert.equal(encoder.cachedStringCount, 1);
    assert.deepEqual(writer.bytes(), Buffer.from(expected, 'utf8'));
  });
});
