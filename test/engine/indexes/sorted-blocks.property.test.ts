/**
 * SortedBlocks against a sorted-array model: random inserts, removals and seeks with tiny blocks (so
 * splits, folds and emptied blocks happen constantly); contents, values, size and every seek must agree.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SortedBlocks, type FrozenBlocks } from '../../../src/engine/indexes/sorted-blocks.js';
import { CopyOnWrite } from '../../../src/engine/indexes/copy-on-write.js';

type Step = { op: 'insert'; key: number } | { op: 'remove'; key: number } | { op: 'seek'; key: number };

const key = fc.integer({ min: -60, max: 60 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('insert' as const), key }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('remove' as const), key }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('seek' as const), key }) },
);

const byNumber = (a: number, b: number) => a - b;
const valueOf = (k: number) => `v${k}`;

function contents(sorted: SortedBlocks<number, string>): [number, string][] {
  const items: [number, string][] = [];
  sorted.forEach((value, k) => items.push([k, value]));
  return items;
}

function keysFrom(sorted: SortedBlocks<number, string>, before: (k: number) => boolean): number[] {
  const keys: number[] = [];
  sorted.forEachFrom(sorted.seek(before), (_, k) => {
    keys.push(k);
  });
  return keys;
}

describe('SortedBlocks', () => {
  it('agrees with a sorted array under random inserts, removals and seeks', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 300, size: 'max' }),
        fc.integer({ min: 2, max: 9 }),
        (steps, maxBlock) => {
          const sorted = new SortedBlocks<number, string>(byNumber, maxBlock);
          let model: number[] = [];
          for (const s of steps) {
            if (s.op === 'insert') {
              const created = sorted.insert(s.key, valueOf(s.key));
              assert.equal(created, !model.includes(s.key));
              assert.equal(sorted.get(s.key), valueOf(s.key));
              if (created) model = [...model, s.key].sort(byNumber);
            } else if (s.op === 'remove') {
              assert.equal(sorted.remove(s.key), model.includes(s.key) ? valueOf(s.key) : undefined);
              model = model.filter((k) => k !== s.key);
            } else {
              assert.deepEqual(
                keysFrom(sorted, (k) => k < s.key),
                model.filter((k) => k >= s.key),
              );
              assert.deepEqual(
                keysFrom(sorted, (k) => k <= s.key),
                model.filter((k) => k > s.key),
              );
              assert.equal(sorted.get(s.key), model.includes(s.key) ? valueOf(s.key) : undefined);
              // Values between two seeks, in pieces of at most `maxBlock - 1`, resumed by the last key.
              const low = s.key;
              const high = s.key + 25;
              const values: string[] = [];
              let start = sorted.seek((k) => k < low);
              for (;;) {
                const last = sorted.forEachValue(
                  start,
                  sorted.seek((k) => k <= high),
                  (value) => void values.push(value),
                  Math.max(1, maxBlock - 1),
                );
                if (last === undefined) break;
                assert.equal(valueOf(last), values[values.length - 1]);
                start = sorted.seek((k) => k <= last);
              }
              assert.deepEqual(values, model.filter((k) => k >= low && k <= high).map(valueOf));
            }
            assert.equal(sorted.size, model.length);
          }
          assert.deepEqual(
            contents(sorted),
            model.map((k) => [k, valueOf(k)]),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a capture keeps the content of its moment through inserts, removals, value changes, splits and folds', () => {
    type Change = { op: 'insert' | 'remove' | 'set' | 'capture' | 'release'; key: number };
    const change: fc.Arbitrary<Change> = fc.record({
      op: fc.constantFrom('insert', 'insert', 'remove', 'set', 'capture', 'release'),
      key,
    });
    const frozenContents = (frozen: FrozenBlocks<number, string>) =>
      frozen.keys.flatMap((keys, b) => keys.map((k, i): [number, string] => [k, frozen.values[b][i]]));
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 200, size: 'max' }),
        fc.integer({ min: 2, max: 6 }),
        (changes, maxBlock) => {
          const cow = new CopyOnWrite();
          const sorted = new SortedBlocks<number, string>(byNumber, maxBlock, cow);
          const open: {
            frozen: FrozenBlocks<number, string>;
            expected: [number, string][];
            release: () => void;
          }[] = [];
          let version = 0;
          for (const c of changes) {
            if (c.op === 'insert') sorted.insert(c.key, valueOf(c.key));
            else if (c.op === 'remove') sorted.remove(c.key);
            else if (c.op === 'set') {
              const position = sorted.locate(c.key);
              if (position !== undefined) sorted.setValueAt(position, `${valueOf(c.key)}#${++version}`);
            } else if (c.op === 'capture') {
              const release = cow.begin();
              open.push({ frozen: sorted.capture(), expected: contents(sorted), release });
            } else if (open.length > 0) {
              const done = open.splice(Math.abs(c.key) % open.length, 1)[0];
              assert.deepEqual(frozenContents(done.frozen), done.expected);
              assert.equal(done.frozen.size, done.expected.length);
              done.release();
            }
          }
          for (const done of open) assert.deepEqual(frozenContents(done.frozen), done.expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a capture without an open CopyOnWrite capture', () => {
    assert.throws(() => new SortedBlocks<number, string>(byNumber, 4, new CopyOnWrite()).capture(), /open/);
    assert.throws(() => new SortedBlocks<number, string>(byNumber).capture(), /open/);
  });

  it('stops a walk when the visitor answers false', () => {
    const keys = [1, 2, 3, 4, 5, 6, 7];
    const sorted = SortedBlocks.fromSorted(keys, keys.map(valueOf), byNumber, 2);
    const seen: number[] = [];
    sorted.forEachFrom(
      sorted.seek((k) => k < 3),
      (_, k) => {
        if (k > 5) return false;
        seen.push(k);
      },
    );
    assert.deepEqual(seen, [3, 4, 5]);
  });

  it('builds from sorted keys and refuses unsorted or repeated ones, or a value count that differs', () => {
    assert.deepEqual(contents(SortedBlocks.fromSorted([1, 5, 9], ['a', 'b', 'c'], byNumber)), [
      [1, 'a'],
      [5, 'b'],
      [9, 'c'],
    ]);
    assert.throws(() => SortedBlocks.fromSorted([1, 1], ['a', 'b'], byNumber), RangeError);
    assert.throws(() => SortedBlocks.fromSorted([2, 1], ['a', 'b'], byNumber), RangeError);
    assert.throws(() => SortedBlocks.fromSorted([1], [], byNumber), RangeError);
  });
});
