import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SharedColumn, maxColumnBytes } from '../../src/engine/storage/shared-column.js';

describe('shared columns', () => {
  it('grows in place past a reservation tier and keeps its content', () => {
    const column = new SharedColumn(Int32Array);
    column.ensureLength(10);
    column.view[9] = 42;
    column.ensureLength((1 << 20) + 5);
    assert.equal(column.view[9], 42);
    assert.ok(column.length >= (1 << 20) + 5);
  });

  it('refuses more than 4 GiB per column and stays usable afterwards', () => {
    const column = new SharedColumn(Float64Array);
    column.ensureLength(100);
    column.view[99] = 1.5;
    assert.throws(() => column.ensureLength(maxColumnBytes / 8 + 1), RangeError);
    column.ensureLength(200);
    assert.equal(column.view[99], 1.5);
    assert.ok(column.length >= 200);
  });

  it('reserves a last tier Node accepts (a growable SharedArrayBuffer of 4 GiB)', () => {
    const column = new SharedColumn(Int32Array);
    // Crossing the second tier moves to the last one: the 4 GiB reservation must be accepted.
    column.ensureLength((1 << 26) + 1);
    assert.ok(column.length > 1 << 26);
  });
});
