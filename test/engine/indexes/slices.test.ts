/**
 * Scans in slices: the index generators pause every `sliceKeys` keys and must survive the index changing
 * while paused; the registry's sliced scans give the event loop back, drop elements removed meanwhile,
 * and start over after a trim.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DictionaryIndex,
  Engine,
  RangeIndex,
  RegExIndex,
  ScanOperator,
  indexScanSliceKeys,
  parseValue,
  type KeyedIndex,
} from '../../../src/index.js';

const int = (n: number) => parseValue('Int32', String(n));
const both = { resultType: 'Both' as const };

function sortedSet(ids: number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Runs a sliced scan, calling `between` at every pause. */
function runSlices(iterator: Iterator<void>, between: (pause: number) => void = () => {}): void {
  for (let pause = 0; iterator.next().done !== true; pause++) between(pause);
}

describe('index generators in slices', () => {
  it('without changes, every slice size gives the unsliced answer', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: -50, max: 50 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: -55, max: 55 }),
        fc.integer({ min: 0, max: 40 }),
        (keys, sliceKeys, low, width) => {
          for (const index of [new RangeIndex('r'), new DictionaryIndex('d')] as KeyedIndex[]) {
            keys.forEach((k, id) => index.add(id, int(k)));
            for (const operator of [0, 1, 2, 3, 4, 5] as ScanOperator[]) {
              const whole: number[] = [];
              index.scan(operator, int(low), (id) => whole.push(id));
              const sliced: number[] = [];
              runSlices(index.scanSlices!(operator, int(low), (id) => sliced.push(id), sliceKeys));
              assert.deepEqual(sortedSet(sliced), sortedSet(whole));
            }
          }
          const range = new RangeIndex('r');
          keys.forEach((k, id) => range.add(id, int(k)));
          const whole: number[] = [];
          range.range(int(low), int(low + width), true, false, (id) => whole.push(id));
          const sliced: number[] = [];
          runSlices(
            range.rangeSlices(int(low), int(low + width), true, false, (id) => sliced.push(id), sliceKeys),
          );
          assert.deepEqual(sortedSet(sliced), sortedSet(whole));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keys added or removed while paused never derail the walk', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 120 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.nat({ max: 20 }),
        (initial, added, removed, sliceKeys, pauseAt) => {
          for (const make of [() => new RangeIndex('r'), () => new DictionaryIndex('d')]) {
            const index = make();
            // Element k sits under key k, so ids and keys can be compared directly.
            for (const k of initial) index.add(k, int(k));
            const seen: number[] = [];
            const operator = ScanOperator.GreaterOrEquals;
            runSlices(
              index.scanSlices!(operator, int(0), (id) => seen.push(id), sliceKeys),
              (pause) => {
                if (pause !== pauseAt) return;
                for (const k of added) index.add(k, int(k));
                for (const k of removed) index.removeKey(int(k));
              },
            );
            const survivors = initial.filter((k) => !removed.includes(k));
            for (const k of survivors) assert.ok(seen.includes(k), `${index.pluginType}: key ${k} missed`);
            for (const k of seen) assert.ok(initial.includes(k) || added.includes(k), `${k} never existed`);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a range walk resumes past the last key it visited', () => {
    const index = new RangeIndex('r');
    for (let k = 0; k < 10; k++) index.add(k, int(k));
    const seen: number[] = [];
    runSlices(
      index.rangeSlices(int(2), int(8), true, true, (id) => seen.push(id), 2),
      (pause) => {
        if (pause === 0) {
          index.removeKey(int(4)); // not reached yet: never visited
          index.removeKey(int(2)); // already visited
          index.add(20, int(5)); // a second element under a key ahead
        }
      },
    );
    assert.deepEqual(seen, [2, 3, 5, 20, 6, 7, 8]);
  });

  it('fulltext in slices gives the same hits as fulltext in one go', () => {
    const index = new RegExIndex('x');
    for (let i = 0; i < 50; i++) index.add(i % 17, parseValue('String', `word${i} graph${i % 3}`));
    const whole = index.fulltext(/graph1/gi);
    const iterator = index.fulltextSlices(/graph1/gi, 4);
    let step = iterator.next();
    while (step.done !== true) step = iterator.next();
    assert.deepEqual(step.value, whole);
  });
});

describe('registry: sliced scans', () => {
  /** A trim here renumbers in one slice, so it lands between two slices of a scan (turns run in order). */
  async function bigEngine(count: number): Promise<Engine> {
    const engine = new Engine({
      trimSlices: { idsPerSlice: 2 ** 30, recordsPerSlice: 2 ** 30, wordsPerSlice: 2 ** 30 },
    });
    await engine.createVertices(Array.from({ length: count }, () => ({})));
    engine.indexes.create('r', 'RangeIndex');
    for (let id = 0; id < count; id++) engine.indexes.add('r', id, int(id));
    return engine;
  }

  it('gives the event loop back between slices and answers what the synchronous scan does', async () => {
    const count = indexScanSliceKeys * 3;
    const engine = await bigEngine(count);
    let turns = 0;
    const tick = () => {
      turns++;
      if (turns < 100) setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = await engine.indexes.scanSliced('r', ScanOperator.GreaterOrEquals, int(0), both);
    assert.ok(turns >= 2, `the event loop turned ${turns} times`);
    assert.deepEqual(sliced, engine.indexes.scan('r', ScanOperator.GreaterOrEquals, int(0), both));
    assert.equal(sliced!.length, count);
    const range = await engine.indexes.rangeSliced('r', int(10), int(count), true, false, both);
    assert.equal(range!.length, count - 10);
  });

  it('orders a large result in slices too (more than 131,072 ids), dropping elements removed meanwhile', async () => {
    const count = 140_000;
    const engine = await bigEngine(count);
    const scanning = engine.indexes.scanSliced('r', ScanOperator.NotEquals, int(-1), {
      resultType: 'Vertices',
    });
    await engine.removeElement(count - 1);
    const hits = (await scanning)!;
    assert.equal(hits.length, count - 1);
    for (let i = 0; i < hits.length; i++) if (hits[i] !== i) assert.fail(`position ${i} holds ${hits[i]}`);
  });

  it('drops elements removed while it was paused', async () => {
    const count = indexScanSliceKeys * 2 + 5;
    const engine = await bigEngine(count);
    const scanning = engine.indexes.scanSliced('r', ScanOperator.GreaterOrEquals, int(0), both);
    await engine.removeElement(3); // committed between slices
    const hits = (await scanning)!;
    assert.equal(hits.length, count - 1);
    assert.ok(!hits.includes(3));
  });

  it('starts over after a trim renumbers the graph', async () => {
    const count = indexScanSliceKeys * 2 + 5;
    const engine = await bigEngine(count);
    await engine.removeElement(0);
    const scanning = engine.indexes.scanSliced('r', ScanOperator.GreaterOrEquals, int(0), both);
    await engine.trim(); // committed between slices: ids 1 .. count - 1 become 0 .. count - 2
    const hits = (await scanning)!;
    assert.equal(hits.length, count - 1);
    assert.deepEqual([hits[0], hits[hits.length - 1]], [0, count - 2]);
  });

  it('ends empty when the index is dropped meanwhile; undefined for an unknown index', async () => {
    const engine = await bigEngine(indexScanSliceKeys * 2);
    const scanning = engine.indexes.scanSliced('r', ScanOperator.NotEquals, int(-1), both);
    engine.indexes.drop('r');
    assert.deepEqual(await scanning, []);
    assert.equal(await engine.indexes.scanSliced('r', ScanOperator.Equals, int(1), both), undefined);
    assert.equal(await engine.indexes.fulltextSliced('r', 'x'), undefined);
  });

  it('fulltext in slices over many keys', async () => {
    const engine = new Engine();
    const count = indexScanSliceKeys + 100;
    await engine.createVertices(Array.from({ length: count }, () => ({})));
    engine.indexes.create('x', 'RegExIndex');
    for (let id = 0; id < count; id++) engine.indexes.add('x', id, parseValue('String', `key ${id}`));
    const result = (await engine.indexes.fulltextSliced('x', '^key 1\\d*7$'))!;
    assert.deepEqual(result, engine.indexes.fulltext('x', '^key 1\\d*7$'));
    assert.ok(result.elements.length > 100);
  });
});
