/**
 * Property records: a record reserved for a new element's properties (`reserve`, used by bulk batches)
 * reads exactly as one grown property by property, and reserving never touches an existing record.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PropertyStore } from '../../src/engine/graph/property-store.js';
import type { TypedValue } from '../../src/index.js';

const values: TypedValue[] = [
  { type: 'String', value: 'Ada' },
  { type: 'Double', value: 0.25 },
  { type: 'Int64', value: 2n ** 40n },
];

describe('property records', () => {
  it('reads a reserved record filled property by property as one grown without reservation', () => {
    const reserved = new PropertyStore();
    const grown = new PropertyStore();
    reserved.reserve(3, values.length);
    assert.equal(reserved.count(3), 0);
    assert.equal(reserved.modificationDate(3), -1, 'a reserved record is not a modification');
    values.forEach((value, key) => {
      reserved.set(3, key, value);
      grown.set(3, key, value);
    });
    assert.deepEqual(reserved.list(3), grown.list(3));
    assert.equal(reserved.modificationDate(3), grown.modificationDate(3));
  });

  it('leaves an element that already has a record as it is', () => {
    const store = new PropertyStore();
    store.set(1, 0, values[0]);
    store.setModificationDate(1, 42);
    store.reserve(1, 4);
    assert.deepEqual(store.list(1), [{ keyId: 0, value: values[0] }]);
    assert.equal(store.modificationDate(1), 42);
  });
});
