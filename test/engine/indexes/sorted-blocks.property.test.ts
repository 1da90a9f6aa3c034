/**
 * SortedBlocks against a sorted-array model: random inserts, removals and seeks with tiny blocks (so
 * splits, folds and emptied blocks happen constantly); contents, size and every seek must agree.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SortedBlocks } from '../../../src/engine/indexes/sorted-blocks.js';

type Step = { op: 'insert'; value: number } | { op: 'remove'; value: number } | { op: 'seek'; value: number };

const value = fc.integer({ min: -60, max: 60 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('insert' as const), value }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('remove' as const), value }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('seek' as const), value }) },
);

const byValue = (a: number, b: number) => a - b;

function contents(sorted: SortedBlocks<number>): number[] {
  const items: number[] = [];
  sorted.forEach((item) => items.push(item));
  return items;
}

function walkFrom(sorted: SortedBlocks<number>, before: (item: number) => boolean): number[] {
  const items: number[] = [];
  sorted.forEachFrom(sorted.seek(before), (item) => {
    items.push(item);
  });
  return items;
}

describe('SortedBlocks', () => {
  it('agrees with a sorted array under random inserts, removals and seeks', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 300, size: 'max' }),
        fc.integer({ min: 2, max: 9 }),
        (steps, maxBlock) => {
          const sorted = new SortedBlocks(byValue, maxBlock);
          let model: number[] = [];
          for (const s of steps) {
            if (s.op === 'insert') {
              const held = sorted.insert(s.value);
              assert.equal(held, s.value);
              if (!model.includes(s.value)) model = [...model, s.value].sort(byValue);
            } else if (s.op === 'remove') {
              assert.equal(sorted.remove(s.value), model.includes(s.value));
              model = model.filter((v) => v !== s.value);
            } else {
              assert.deepEqual(
                walkFrom(sorted, (item) => item < s.value),
                model.filter((v) => v >= s.value),
              );
              assert.deepEqual(
                walkFrom(sorted, (item) => item <= s.value),
                model.filter((v) => v > s.value),
              );
              assert.equal(sorted.get(s.value), model.includes(s.value) ? s.value : undefined);
            }
            assert.equal(sorted.size, model.length);
          }
          assert.deepEqual(contents(sorted), model);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stops a walk when the visitor answers false', () => {
    const sorted = SortedBlocks.fromSorted([1, 2, 3, 4, 5, 6, 7], byValue, 2);
    const seen: number[] = [];
    sorted.forEachFrom(
      sorted.seek((item) => item < 3),
      (item) => {
        if (item > 5) return false;
        seen.push(item);
      },
    );
    assert.deepEqual(seen, [3, 4, 5]);
  });

  it('builds from sorted items and refuses unsorted or repeated ones', () => {
    assert.deepEqual(contents(SortedBlocks.fromSorted([1, 5, 9], byValue)), [1, 5, 9]);
    assert.throws(() => SortedBlocks.fromSorted([1, 1], byValue), RangeError);
    assert.throws(() => SortedBlocks.fromSorted([2, 1], byValue), RangeError);
  });

  it('keeps the item already held when an equal one is inserted', () => {
    const sorted = new SortedBlocks<{ k: number; tag: string }>((a, b) => a.k - b.k);
    const first = { k: 1, tag: 'first' };
    sorted.insert(first);
    assert.equal(sorted.insert({ k: 1, tag: 'second' }), first);
    assert.equal(sorted.size, 1);
  });
});
