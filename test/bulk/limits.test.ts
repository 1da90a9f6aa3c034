/**
 * Bulk import's bounds at their edges (docs/limits.md): the body's bytes (`maxBytes`,
 * `Svc:BulkIO:MaxImportRequestBytes`) and the type-name spellings a parser remembers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../src/index.js';
import { BulkImportError, importJsonl } from '../../src/bulk/import.js';
import { FileIdMap } from '../../src/bulk/id-map.js';
import { LineParser, maxCachedTypeNames } from '../../src/bulk/line-parse.js';

const body = [
  '{"type":"vertex","id":0,"creationDate":0}',
  '{"type":"vertex","id":1,"creationDate":0}',
  '',
].join('\n');
const bodyBytes = Buffer.byteLength(body);

describe('bulk import limits at their edges', () => {
  it('imports a body of exactly maxBytes bytes', async () => {
    const summary = await importJsonl(new Engine(), [body], { maxBytes: bodyBytes });
    assert.equal(summary.verticesCreated, 2);
  });

  it('stops a body one byte over maxBytes with the tooLarge kind', async () => {
    await assert.rejects(
      importJsonl(new Engine(), [body], { maxBytes: bodyBytes - 1 }),
      (error) => error instanceof BulkImportError && error.kind === 'tooLarge',
    );
  });

  it(`remembers at most ${maxCachedTypeNames} type-name spellings and still reads every later one`, () => {
    const parser = new LineParser(new Engine(), new FileIdMap());
    /** The n-th letter-case spelling of `System.Int32` (bit i of n upper-cases letter i). */
    const spelling = (n: number): string => {
      let letter = 0;
      return [...'system.int32']
        .map((c) => (/[a-z]/.test(c) && (n >> letter++) & 1 ? c.toUpperCase() : c))
        .join('');
    };
    const line = (n: number): string =>
      `{"type":"vertex","id":${n},"creationDate":0,"properties":{"k":{"type":"${spelling(n)}","value":"${n}"}}}`;
    for (let n = 0; n < maxCachedTypeNames; n++) parser.parse(line(n), n + 1, n, n);
    assert.equal(parser.cachedTypeNameCount, maxCachedTypeNames);
    const past = parser.parse(line(maxCachedTypeNames), maxCachedTypeNames + 1, maxCachedTypeNames, 0);
    assert.deepEqual(past?.operation.input.properties, [
      { key: 'k', value: { type: 'Int32', value: maxCachedTypeNames } },
    ]);
    assert.equal(parser.cachedTypeNameCount, maxCachedTypeNames, 'one more spelling is read, not remembered');
  });
});
