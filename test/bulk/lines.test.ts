/**
 * Splitting the import body into lines (docs/bulk.md, "The file"): `\n` ends a line, a trailing `\r` is
 * stripped, a last line without a break counts, the line bound holds in bytes wherever chunks are cut, bytes
 * must be UTF-8 and the stream must not start with a byte-order mark.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { LineError, LineSplitter } from '../../src/bulk/lines.js';

function split(chunks: Buffer[], maxLineBytes = 1 << 20): string[] {
  const splitter = new LineSplitter(maxLineBytes);
  const lines: string[] = [];
  const collect = (line: string, lineNumber: number) => {
    assert.equal(lineNumber, lines.length + 1);
    lines.push(line);
  };
  for (const chunk of chunks) splitter.push(chunk, collect);
  splitter.end(collect);
  return lines;
}

/** `bytes` cut at the given (sorted, deduplicated) offsets. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(from, point));
    from = point;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

function errorOf(run: () => unknown): LineError {
  try {
    run();
  } catch (error) {
    if (error instanceof LineError) return error;
    throw error;
  }
  assert.fail('no LineError');
}

describe('line splitting', () => {
  it('hands out the same lines however the stream is cut into chunks', () => {
    // ASCII-only chunks are split as one decoded text, others line by line: both kinds, and mixes.
    const line = fc
      .oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ maxLength: 30 }))
      .map((s) => s.replace(/[\r\n]/g, ''));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (lines, breakText, finalBreak, offsets) => {
          const text = lines.join(breakText) + (finalBreak && lines.length > 0 ? breakText : '');
          // After the last line break, nothing is no line.
          const expected = text.split(breakText);
          if (expected[expected.length - 1] === '') expected.pop();
          assert.deepEqual(split(cut(Buffer.from(text), offsets)), expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('strips one trailing carriage return and keeps a last line without a line break', () => {
    assert.deepEqual(split([Buffer.from('a\r\nb\r\r\nc')]), ['a', 'b\r', 'c']);
    assert.deepEqual(split([Buffer.from('\n\n')]), ['', '']);
  });

  it('refuses a line over the bound in bytes, wherever the chunks are cut, and accepts one at the bound', () => {
    const bound = 10;
    for (const text of ['0123456789\n', '0123456789\r\n', 'é'.repeat(5) + '\n']) {
      for (let at = 0; at <= text.length; at++) {
        assert.equal(split(cut(Buffer.from(text), [at]), bound).length, 1);
      }
    }
    for (const text of ['01234567890\nx', 'a\n01234567890', 'a\n' + 'é'.repeat(6)]) {
      const bytes = Buffer.from(text);
      for (let at = 0; at <= bytes.length; at++) {
        const error = errorOf(() => split(cut(bytes, [at]), bound));
        assert.equal(error.kind, 'tooLong');
        assert.equal(error.lineNumber, text.startsWith('a\n') ? 2 : 1);
      }
    }
  });

  it('refuses an endless line once it passes the bound, without waiting for its end', () => {
    const splitter = new LineSplitter(100);
    const chunk = Buffer.alloc(64, 0x61);
    splitter.push(chunk, () => assert.fail('no line'));
    assert.throws(() => splitter.push(chunk, () => assert.fail('no line')), LineError);
  });

  it('refuses bytes that are not UTF-8, naming the line, after handing out the lines before it', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter(1000);
    const bytes = Buffer.concat([
      Buffer.from('ok\nfine\n'),
      Buffer.from([0x7b, 0xff, 0x7d]),
      Buffer.from('\nlast\n'),
    ]);
    const error = errorOf(() => splitter.push(bytes, (line) => lines.push(line)));
    assert.equal(error.kind, 'encoding');
    assert.equal(error.lineNumber, 3);
    assert.deepEqual(lines, ['ok', 'fine']);
    // A sequence cut by a chunk boundary is whole again and valid.
    assert.deepEqual(split(cut(Buffer.from('é\n€\n'), [1, 4])), ['é', '€']);
  });

  it('refuses a byte-order mark at the start of the stream', () => {
    const error = errorOf(() => split([Buffer.from('\ufeff{"type":"vertex"}\n')]));
    assert.equal(error.lineNumber, 1);
    assert.match(error.message, /byte-order mark/);
  });
});
