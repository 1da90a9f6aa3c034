/** The file-id map agrees with a Map on every id, dense, sparse, negative or hostile. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FileIdMap, absentId, edgeIdMarker } from '../../src/bulk/id-map.js';

describe('file id map', () => {
  it('answers what was recorded and absentId for every other id', () => {
    const id = fc.oneof(
      fc.integer({ min: 0, max: 300_000 }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31), 65535, 65536),
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 300 }), fc.array(id, { maxLength: 50 }), (ids, probes) => {
        const map = new FileIdMap();
        const model = new Map<number, number>();
        ids.forEach((value, ordinal) => {
          assert.equal(map.get(value), model.get(value) ?? absentId);
          if (model.has(value)) return;
          const recorded = ordinal % 3 === 0 ? edgeIdMarker : ordinal;
          map.set(value, recorded);
          model.set(value, recorded);
        });
        for (const probe of [...ids, ...probes]) assert.equal(map.get(probe), model.get(probe) ?? absentId);
        assert.equal(map.size, model.size);
      }),
      { numRuns: 500 },
    );
  });

  it('answers a run of consecutive vertex ids at the start, and every id after the run ends, like a Map', () => {
    const id = fc.oneof(
      fc.integer({ min: -5, max: 40 }),
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.constantFrom(2 ** 31 - 1, -(2 ** 31)),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -3, max: 5 }), fc.constantFrom(2 ** 31 - 3, -(2 ** 31))),
        fc.nat(8),
        fc.array(fc.tuple(id, fc.boolean()), { maxLength: 60 }),
        (start, runLength, rest) => {
          const map = new FileIdMap();
          const model = new Map<number, number>();
          const record = (value: number, vertex: boolean) => {
            assert.equal(map.get(value), model.get(value) ?? absentId);
            if (model.has(value)) return;
            // A vertex's ordinal is the count of elements before it, as in an import.
            const recorded = vertex ? model.size : edgeIdMarker;
            map.set(value, recorded);
            model.set(value, recorded);
          };
          for (let i = 0; i < runLength && start + i <= 2 ** 31 - 1; i++) record(start + i, true);
          for (const [value, vertex] of rest) record(value, vertex);
          for (const [value] of rest) assert.equal(map.get(value), model.get(value) ?? absentId);
          for (let probe = start - 2; probe < start + runLength + 2; probe++) {
            assert.equal(map.get(probe), model.get(probe) ?? absentId);
          }
          assert.equal(map.size, model.size);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps dense vertex ids at four bytes each, dense edge ids at a bit, and sparse ids from allocating pages', () => {
    const dense = new FileIdMap();
    // Ordinals that are not the ids minus the first id: no run, every vertex in the pages.
    for (let i = 0; i < 1_000_000; i++) dense.set(i, 999_999 - i);
    for (let i = 1_000_000; i < 6_000_000; i++) dense.set(i, edgeIdMarker);
    assert.ok(dense.byteLength < 4.5 * 1_000_000 + 5_000_000 / 7, `${dense.byteLength} bytes`);
    assert.equal(dense.get(999_999), 0);
    assert.equal(dense.get(0), 999_999);
    assert.equal(dense.get(5_999_999), edgeIdMarker);
    assert.equal(dense.get(6_000_000), absentId);
    const sparse = new FileIdMap();
    for (let i = 0; i < 10_000; i++) sparse.set(i * 200_003, i);
    for (let i = 0; i < 10_000; i++) assert.equal(sparse.get(i * 200_003), i);
    assert.ok(sparse.byteLength < 2_000_000, `${sparse.byteLength} bytes`);
  });
});
