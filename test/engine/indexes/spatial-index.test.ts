/** SpatialIndex (docs/indexes.md, Spatial): the R-tree against brute force, and the distance semantics. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EngineError, IndexFormatError, SpatialIndex } from '../../../src/index.js';
import { RTree, boxesOverlap } from '../../../src/engine/indexes/rtree.js';

function within(index: SpatialIndex, id: number, distance: number): number[] | undefined {
  const hits: number[] = [];
  return index.within(id, distance, (hit) => hits.push(hit)) ? hits.sort((a, b) => a - b) : undefined;
}

type Step = { op: 'set'; id: number; box: number[] } | { op: 'remove'; id: number };

const coordinate = fc.integer({ min: -50, max: 50 });
const boxArbitrary = (dimensions: number) =>
  fc
    .array(fc.tuple(coordinate, fc.nat({ max: 10 })), { minLength: dimensions, maxLength: dimensions })
    .map((axes) => [...axes.map(([low]) => low), ...axes.map(([low, extent]) => low + extent)]);

describe('RTree', () => {
  it('a capture reads the items of its moment, each once, through sets, removals and clears while it is read', () => {
    type Change = { op: 'set' | 'remove' | 'clear' | 'capture' | 'read'; id: number };
    const change: fc.Arbitrary<Change> = fc.record({
      op: fc.constantFrom('set', 'set', 'remove', 'clear', 'capture', 'read', 'read'),
      id: fc.nat({ max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 200, size: 'max' }), (changes) => {
        const tree = new RTree(1, { minEntries: 2, maxEntries: 4 });
        const model = new Map<number, number>();
        let version = 0;
        const open: {
          entries: Generator<readonly [number, Float64Array], void>;
          expected: string[];
          read: string[];
          release: () => void;
        }[] = [];
        const text = (id: number, box: Float64Array) => `${id}:${box[0]}`;
        for (const c of changes) {
          if (c.op === 'set') {
            const at = ++version;
            tree.set(c.id, Float64Array.of(at, at + 1));
            model.set(c.id, at);
          } else if (c.op === 'remove') {
            tree.remove(c.id);
            model.delete(c.id);
          } else if (c.op === 'clear') {
            tree.clear();
            model.clear();
          } else if (c.op === 'capture') {
            const capture = tree.capture();
            assert.equal(capture.size, model.size);
            const expected = [...model].map(([id, at]) => text(id, Float64Array.of(at))).sort();
            open.push({ entries: capture.entries(), expected, read: [], release: () => capture.release() });
          } else if (open.length > 0) {
            const reading = open[c.id % open.length];
            for (let i = 0; i < 3; i++) {
              const next = reading.entries.next();
              if (next.done === true) break;
              reading.read.push(text(...next.value));
            }
          }
        }
        for (const reading of open) {
          for (let next = reading.entries.next(); next.done !== true; next = reading.entries.next())
            reading.read.push(text(...next.value));
          assert.deepEqual(reading.read.sort(), reading.expected);
          reading.release();
        }
      }),
      { numRuns: 300 },
    );
  });

  for (const dimensions of [1, 2, 3]) {
    it(`finds exactly the overlapping boxes after random sets and removals (${dimensions}-D)`, () => {
      const step: fc.Arbitrary<Step> = fc.oneof(
        {
          weight: 4,
          arbitrary: fc.record({
            op: fc.constant('set' as const),
            id: fc.nat({ max: 120 }),
            box: boxArbitrary(dimensions),
          }),
        },
        { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), id: fc.nat({ max: 120 }) }) },
      );
      fc.assert(
        fc.property(
          fc.array(step, { maxLength: 400, size: 'max' }),
          fc.array(boxArbitrary(dimensions), { minLength: 1, maxLength: 5 }),
          fc.constantFrom([2, 4], [1, 4], [3, 8]),
          (steps, queries, [minEntries, maxEntries]) => {
            const tree = new RTree(dimensions, { minEntries, maxEntries });
            const model = new Map<number, Float64Array>();
            for (const s of steps) {
              if (s.op === 'set') {
                tree.set(s.id, Float64Array.from(s.box));
                model.set(s.id, Float64Array.from(s.box));
              } else {
                assert.equal(tree.remove(s.id), model.delete(s.id));
              }
            }
            assert.equal(tree.size, model.size);
            for (const query of queries) {
              const box = Float64Array.from(query);
              const found: number[] = [];
              tree.search(box, (id) => found.push(id));
              const expected = [...model]
                .filter(([, b]) => boxesOverlap(b, box, dimensions))
                .map(([id]) => id);
              assert.deepEqual(
                found.sort((a, b) => a - b),
                expected.sort((a, b) => a - b),
              );
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  }

  it('stays balanced: 10,000 points give a shallow tree', () => {
    const tree = new RTree(2, { minEntries: 6, maxEntries: 16 });
    for (let i = 0; i < 10_000; i++)
      tree.set(i, Float64Array.of(i % 100, Math.floor(i / 100), i % 100, Math.floor(i / 100)));
    assert.ok(tree.height <= 6, `height ${tree.height}`);
    for (let i = 0; i < 10_000; i += 2) tree.remove(i);
    const found: number[] = [];
    tree.search(Float64Array.of(0, 0, 99, 99), (id) => found.push(id));
    assert.equal(found.length, 5000);
  });
});

describe('SpatialIndex', () => {
  it('Euclidean: the reference box grows by the distance on every axis (a square), reference included', () => {
    const index = new SpatialIndex('geo');
    index.addGeometry(0, [0, 0]);
    index.addGeometry(1, [1, 1]);
    index.addGeometry(2, [1.5, 0]);
    index.addGeometry(3, { min: [0.8, -5], max: [2, -0.9] });
    assert.deepEqual(within(index, 0, 1), [0, 1, 3]);
    assert.deepEqual(within(index, 0, 0), [0]);
    assert.deepEqual(within(index, 0, 1.5), [0, 1, 2, 3]);
  });

  it('answers undefined (not found) when the reference element has no geometry', () => {
    assert.equal(within(new SpatialIndex('geo'), 7, 1), undefined);
  });

  it('Geographic: latitude grows by 180d/(pi R), longitude by that over cos(lower latitude)', () => {
    const index = new SpatialIndex('geo', { metric: 'Geographic', earthRadius: 6371 });
    const oneDegree = (Math.PI * 6371) / 180; // km per degree of latitude
    index.addGeometry(0, [60, 10]); // (latitude, longitude)
    index.addGeometry(1, [60, 11.99]); // within 2 degrees of longitude at 60 degrees north
    index.addGeometry(2, [60, 12.01]);
    index.addGeometry(3, [60.99, 10]);
    index.addGeometry(4, [61.01, 10]);
    assert.deepEqual(within(index, 0, oneDegree), [0, 1, 3]);
  });

  it('Geographic: the longitude growth is capped at 360 degrees near a pole', () => {
    const index = new SpatialIndex('geo', { metric: 'Geographic' });
    index.addGeometry(0, [90, 0]);
    index.addGeometry(1, [89.9, 179]);
    index.addGeometry(2, [89.9, -179]);
    assert.deepEqual(within(index, 0, 20), [0, 1, 2]);
    const grown = index.grow(Float64Array.of(90, 0, 90, 0), 20);
    assert.deepEqual([grown[1], grown[3]], [-360, 360]);
  });

  it('replaces an element geometry on re-add; removal and purge forget it', () => {
    const index = new SpatialIndex('geo');
    index.addGeometry(0, [0, 0]);
    index.addGeometry(1, [5, 5]);
    index.addGeometry(1, [0.5, 0.5]);
    assert.equal(index.size, 2);
    assert.deepEqual(within(index, 0, 1), [0, 1]);
    assert.equal(index.removeElement(1), true);
    index.purge(0);
    assert.equal(index.size, 0);
  });

  it('cannot count, takes no primitive keys, has no keys to remove', () => {
    const index = new SpatialIndex('geo');
    assert.deepEqual([index.keyCount, index.valueCount], [null, null]);
    assert.equal(index.add(), true);
    assert.equal(index.removeKey(), false);
    assert.equal(index.size, 0);
  });

  it('refuses malformed geometries and configurations with INVALID_INPUT', () => {
    const index = new SpatialIndex('geo');
    for (const geometry of [[1], [1, 2, 3], [NaN, 0], { min: [2, 0], max: [1, 0] }]) {
      assert.throws(
        () => index.addGeometry(0, geometry),
        (error: unknown) => error instanceof EngineError && error.code === 'INVALID_INPUT',
      );
    }
    for (const config of [
      { dimensions: 0 },
      { dimensions: 3, metric: 'Geographic' as const },
      { earthRadius: -1 },
      { minEntries: 9, maxEntries: 16 },
      { metric: 'Manhattan' as 'Euclidean' },
    ]) {
      assert.throws(
        () => new SpatialIndex('geo', config),
        (error: unknown) => error instanceof EngineError && error.code === 'INVALID_INPUT',
      );
    }
  });

  it('renumbers geometries after a trim', () => {
    const index = new SpatialIndex('geo');
    index.addGeometry(2, [0, 0]);
    index.addGeometry(4, [1, 1]);
    index.renumber(Int32Array.from([-1, -1, 0, -1, 1]));
    assert.deepEqual(within(index, 0, 1), [0, 1]);
    assert.equal(within(index, 2, 1), undefined);
  });

  it('round-trips through serialize and deserialize, configuration included', () => {
    const index = new SpatialIndex('geo', {
      metric: 'Geographic',
      earthRadius: 3958.8,
      minEntries: 2,
      maxEntries: 5,
    });
    for (let i = 0; i < 50; i++) index.addGeometry(i, [i - 25, i * 3 - 70]);
    const copy = SpatialIndex.deserialize('geo', index.serialize());
    assert.deepEqual(copy.config, index.config);
    for (let i = 0; i < 50; i++) assert.deepEqual(within(copy, i, 500), within(index, i, 500));
    const bytes = index.serialize();
    assert.throws(
      () => SpatialIndex.deserialize('geo', bytes.subarray(0, bytes.length - 3)),
      IndexFormatError,
    );
    const foreign = Uint8Array.from(bytes);
    foreign[0] ^= 0xff;
    assert.throws(() => SpatialIndex.deserialize('geo', foreign), IndexFormatError);
  });

  it('a capture encodes, in pauses, the geometries of its moment whatever changes meanwhile', () => {
    const index = new SpatialIndex('grid');
    for (let i = 0; i < 20_000; i++) index.addGeometry(i, [i % 100, Math.floor(i / 100)]);
    const atCapture = Array.from({ length: 20_000 }, (_, i) => index.geometryOf(i));
    const capture = index.capture();
    const steps = capture.encodeSteps();
    let pauses = 0;
    let step = steps.next();
    // Ids below 8192 are encoded by now; the others not yet.
    for (const id of [5, 15_000]) index.addGeometry(id, { min: [500, 500], max: [501, 501] });
    for (const id of [6, 15_001]) index.removeElement(id);
    index.addGeometry(20_000, [1, 1]);
    index.renumber(Int32Array.from({ length: 20_001 }, (_, id) => (id % 2 === 0 ? id / 2 : -1)));
    index.addGeometry(3, [2, 2]);
    for (; step.done !== true; step = steps.next()) pauses++;
    capture.release();
    capture.release();
    assert.ok(pauses >= 2, `${pauses} pauses over 20,000 boxes`);
    index.clearEntries();
    const copy = SpatialIndex.deserialize('grid', Buffer.concat(step.value));
    assert.equal(copy.size, 20_000);
    for (let i = 0; i < 20_000; i++) assert.deepEqual(copy.geometryOf(i), atCapture[i], `element ${i}`);
    assert.equal(copy.geometryOf(20_000), undefined);
  });
});
