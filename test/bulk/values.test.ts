/**
 * Bulk value texts (docs/bulk.md, "The file"): the texts element reads give, except Boolean lowercase and
 * Single[] comma-joined without brackets; full type names written, names read case-insensitively with
 * aliases.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  formatBulkValue,
  parseBulkValue,
  resolveBulkTypeName,
  unexportableReason,
} from '../../src/bulk/values.js';
import { SCALAR_TYPES, ValueError, fullTypeName, type TypedValue } from '../../src/index.js';
import { assertIdentical } from '../engine/durability/arbitraries.js';
import { storableValue } from './arbitraries.js';

describe('bulk value codec', () => {
  it('gives back the identical value and type from its text, for every type over its whole range', () => {
    fc.assert(
      fc.property(storableValue, (value) => {
        assertIdentical(parseBulkValue(value.type, formatBulkValue(value)), value);
      }),
      { numRuns: 5000 },
    );
  });

  it('writes Boolean lowercase and reads it in any case', () => {
    assert.equal(formatBulkValue({ type: 'Boolean', value: true }), 'true');
    assert.equal(formatBulkValue({ type: 'Boolean', value: false }), 'false');
    assert.deepEqual(parseBulkValue('Boolean', 'TRUE'), { type: 'Boolean', value: true });
  });

  it('writes Single[] comma-joined without brackets, the empty array as the empty string', () => {
    const value: TypedValue = { type: 'Single[]', value: new Float32Array([0.12, -0.5, 0.33]) };
    assert.equal(formatBulkValue(value), '0.12,-0.5,0.33');
    assert.equal(formatBulkValue({ type: 'Single[]', value: new Float32Array(0) }), '');
    assert.equal((parseBulkValue('Single[]', '') as { value: Float32Array }).value.length, 0);
    assert.throws(() => parseBulkValue('Single[]', '[0.12,-0.5]'), ValueError);
    assert.throws(() => parseBulkValue('Single[]', '0.12,,1'), ValueError);
  });

  it('resolves full names, short names and C# aliases in any case, and System.Single[]', () => {
    for (const type of SCALAR_TYPES) {
      assert.equal(resolveBulkTypeName(fullTypeName(type)), type);
      assert.equal(resolveBulkTypeName(fullTypeName(type).toUpperCase()), type);
      assert.equal(resolveBulkTypeName(type.toLowerCase()), type);
    }
    assert.equal(resolveBulkTypeName('int'), 'Int32');
    assert.equal(resolveBulkTypeName('ULONG'), 'UInt64');
    assert.equal(resolveBulkTypeName('System.Single[]'), 'Single[]');
    assert.equal(resolveBulkTypeName('system.single[]'), 'Single[]');
    assert.equal(resolveBulkTypeName('float[]'), 'Single[]');
    for (const unknown of ['System.Object', 'Int128', 'System.Double[]', '', 'System.String ']) {
      assert.equal(resolveBulkTypeName(unknown), undefined, unknown);
    }
  });

  it('refuses integers out of their type range and texts that do not convert', () => {
    assert.throws(() => parseBulkValue('Byte', '999'), ValueError);
    assert.throws(() => parseBulkValue('Int32', '1.5'), ValueError);
    assert.throws(() => parseBulkValue('Char', 'ab'), ValueError);
    assert.throws(() => parseBulkValue('Guid', 'not-a-guid'), ValueError);
    assert.throws(() => parseBulkValue('DateTime', 'yesterday'), ValueError);
  });

  it('names null values, types outside the allow-list and unpaired surrogates as unexportable', () => {
    assert.match(unexportableReason(null)!, /null/);
    assert.match(unexportableReason({ type: 'String', value: null })!, /null/);
    assert.match(unexportableReason({ type: 'Object', value: {} })!, /allow-list/);
    assert.match(unexportableReason({ type: 'String', value: 'a\ud800b' })!, /unpaired surrogate/);
    assert.match(unexportableReason({ type: 'Char', value: '\udc00' })!, /unpaired surrogate/);
    assert.equal(unexportableReason({ type: 'String', value: '𝄞 ok' }), undefined);
    assert.equal(unexportableReason({ type: 'Int32', value: 5 }), undefined);
  });
});
