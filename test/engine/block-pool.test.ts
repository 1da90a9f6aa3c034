import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BlockPool, sizeClassFor, sizeClassWords } from '../../src/engine/storage/block-pool.js';

describe('block pool size classes', () => {
  it('gives every block size the smallest class that holds it (table and search agree)', () => {
    for (let words = 1; words <= 5000; words++) {
      const sizeClass = sizeClassFor(words);
      assert.ok(sizeClassWords[sizeClass] >= words, `class of ${words} words holds them`);
      if (sizeClass > 0)
        assert.ok(sizeClassWords[sizeClass - 1] < words, `class of ${words} is the smallest`);
    }
  });

  it('reuses a freed block of the same class before growing', () => {
    const pool = new BlockPool(Int32Array);
    const first = pool.allocate(10);
    pool.allocate(10);
    const top = pool.usedWords;
    pool.free(first);
    assert.equal(pool.allocate(9), first, 'the freed block of the same class comes back');
    assert.equal(pool.usedWords, top);
  });
});
