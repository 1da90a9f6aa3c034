/**
 * The byte writers of export chunks (src/bulk/chunk-writer.ts): every writer gives exactly the bytes of the
 * text the plain forms give (`String`, `formatDouble`, `JSON.stringify` as UTF-8), and a chunk grows in place
 * for a line longer than its buffer.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  ChunkWriter,
  Fragment,
  maxIntegerBytes,
  maxShortDoubleBytes,
  putIndex,
  putInteger,
  putShortDouble,
  writeJsonString,
  writeUtf8,
} from '../../src/bulk/chunk-writer.js';
import { formatDouble } from '../../src/engine/model/numeric-text.js';

const viewOf = (buffer: Buffer) => new DataView(buffer.buffer, buffer.byteOffset, buffer.length);

function integerText(value: number, writer = putInteger): string {
  const buffer = Buffer.alloc(maxIntegerBytes + 4);
  const end = writer(viewOf(buffer), 2, value);
  assert.ok(end - 2 <= maxIntegerBytes);
  return buffer.toString('latin1', 2, end);
}

/** The fast path's text, or undefined when it declines the value. */
function shortDoubleText(value: number): string | undefined {
  const buffer = Buffer.alloc(maxShortDoubleBytes + 4);
  const end = putShortDouble(viewOf(buffer), 1, value);
  if (end < 0) return undefined;
  assert.ok(end - 1 <= maxShortDoubleBytes);
  return buffer.toString('latin1', 1, end);
}

/** Short decimals of every magnitude the fast path covers: d fraction digits of an integer mantissa. */
const shortDecimal = fc
  .tuple(fc.integer({ min: 0, max: 2 ** 53 - 1 }), fc.integer({ min: 0, max: 12 }), fc.boolean())
  .map(([mantissa, digits, negative]) => (negative ? -1 : 1) * (mantissa / 10 ** digits));

describe('export chunk writers', () => {
  it('writes integers as String spells them, -0 as 0, over (-2^32, 2^32)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 32) + 1, max: 2 ** 32 - 1 }), (value) => {
        assert.equal(integerText(value), String(value));
      }),
      { numRuns: 20_000 },
    );
    for (const value of [0, 9, 10, 99, 100, 4_294_967_295, -2_147_483_648, 1_000_000_000])
      assert.equal(integerText(value), String(value));
    assert.equal(integerText(-0), '0');
  });

  it('writes ids and endpoints, [0, 2^31), as String spells them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (value) => {
        assert.equal(integerText(value, putIndex), String(value));
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes a fragment as its UTF-8 bytes, whatever its length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.nat(7), (text, offset) => {
        const expected = Buffer.from(text);
        const buffer = Buffer.alloc(offset + expected.length + 4, 0xff);
        const fragment = new Fragment(text);
        assert.equal(fragment.put(viewOf(buffer), offset), offset + expected.length);
        assert.deepEqual(buffer.subarray(offset, offset + expected.length), expected);
        assert.ok(buffer.subarray(offset + expected.length).every((byte) => byte === 0xff));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a double exactly as formatDouble whenever the short-decimal path takes it', () => {
    const double = fc.oneof(shortDecimal, fc.double(), fc.double({ min: 1e-5, max: 1e17 }));
    fc.assert(
      fc.property(double, (value) => {
        const text = shortDoubleText(value);
        if (text !== undefined) assert.equal(text, formatDouble(value));
      }),
      { numRuns: 50_000 },
    );
    const edges = [0.1, 0.2, 0.1 + 0.2, 1 / 3, 1e-4, 0.00011, 2 ** 53 - 1, 2 ** 52 + 0.5, 4_294_967_296.5];
    for (const value of edges) {
      const text = shortDoubleText(value);
      if (text !== undefined) assert.equal(text, formatDouble(value));
    }
  });

  it('takes short decimals in its range, and declines zero, tiny, huge and non-finite values', () => {
    for (const value of [12345.678, -0.5, 1e-4, 42, 99999.999, 123456.125, 2 ** 53 - 1]) {
      assert.equal(shortDoubleText(value), formatDouble(value), String(value));
    }
    for (const value of [0, -0, 9e-5, 2 ** 53, 1e300, Number.NaN, Number.POSITIVE_INFINITY, 0.1 + 0.2])
      assert.equal(shortDoubleText(value), undefined, String(value));
  });

  it('writes strings as the UTF-8 of JSON.stringify, escapes, non-ASCII and lone surrogates included', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.string({ unit: 'binary', minLength: 60, maxLength: 200 }),
      fc.constantFrom('\u0000', '\u001f', '\u007f', '"', '\\', '\u2028', '\ud800', 'a\udc00b', '𝄞'),
    );
    fc.assert(
      fc.property(fc.array(text, { maxLength: 5 }), (texts) => {
        const out = new ChunkWriter(16);
        for (const value of texts) writeJsonString(out, value);
        const expected = Buffer.from(texts.map((value) => JSON.stringify(value)).join(''));
        assert.deepEqual(out.take(), expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('grows a chunk for a line longer than its buffer, keeping what it already held', () => {
    const out = new ChunkWriter(8);
    writeUtf8(out, 'head;');
    const long = 'é'.repeat(10_000);
    writeJsonString(out, long);
    writeUtf8(out, ';tail');
    assert.equal(out.take().toString('utf8'), `head;${JSON.stringify(long)};tail`);
    assert.equal(out.length, 0);
    assert.equal(out.buffer.length, 8, 'the next chunk starts in a buffer of the usual size');
  });

  it('reuses a recycled chunk buffer for a later chunk, and never a grown one', () => {
    const out = new ChunkWriter(4096);
    writeUtf8(out, 'first');
    const first = out.take();
    out.recycle(first);
    writeUtf8(out, 'second');
    out.take();
    assert.equal(out.buffer.buffer, first.buffer, 'the recycled buffer holds the next chunk');
    writeUtf8(out, 'x'.repeat(10_000));
    const grown = out.take();
    out.recycle(grown);
    assert.notEqual(out.buffer.buffer, grown.buffer);
  });
});
