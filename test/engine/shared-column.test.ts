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
    // Crossing the first tier moves to the last one: the 4 GiB reservation must be accepted.
    column.ensureLength((1 << 26) + 1);
    assert.ok(column.length > 1 << 26);
  });

  it('moves to another buffer at most once: a large column grows in place, never copied under the writer', () => {
    const column = new SharedColumn(Int32Array);
    column.ensureLength((1 << 20) + 5);
    const buffer = column.view.buffer;
    column.view[(1 << 20) + 4] = 7;
    column.ensureLength((1 << 26) + 1);
    assert.equal(column.view.buffer, buffer, 'the buffer past the first tier is the one it keeps');
    assert.equal(column.view[(1 << 20) + 4], 7);
  });
});
