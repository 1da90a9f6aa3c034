import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { InvalidJsonBody, parseJsonInSlices } from '../../src/server/wire/json-slices.js';

/** JSON.parse's verdict on `text`: the value, or that it refused it. */
function wholeParse(text: string): { value: unknown } | 'refused' {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    assert.ok(error instanceof SyntaxError);
    return 'refused';
  }
}

/** The same verdict from a parse of the UTF-8 of `text` in slices of `bytesPerSlice` bytes. */
async function slicedParse(text: string, bytesPerSlice: number): Promise<{ value: unknown } | 'refused'> {
  try {
    return { value: await parseJsonInSlices(Buffer.from(text), JSON.parse, bytesPerSlice) };
  } catch (error) {
    assert.ok(error instanceof SyntaxError || error instanceof InvalidJsonBody, String(error));
    return 'refused';
  }
}

const whitespace = fc.constantFrom('', ' ', '\n', '\t ', '\r\n');
/** JSON arrays with whitespace around and between their items. */
const jsonArrayText = fc
  .tuple(
    fc.array(fc.tuple(fc.jsonValue({ stringUnit: 'grapheme' }), whitespace), { maxLength: 30 }),
    whitespace,
    whitespace,
  )
  .map(
    ([items, before, after]) =>
      `${before}[${items.map(([item, space]) => `${space}${JSON.stringify(item)}${space}`).join(',')}]${after}`,
  );
/** One character put in, taken out or replaced, from those that shape JSON. */
const edit = fc.tuple(
  fc.nat(),
  fc.constantFrom('insert', 'delete', 'replace'),
  fc.constantFrom('[', ']', '{', '}', ',', '"', '\\', ':', ' ', '0', 'x', '\n'),
);

describe('JSON bodies parsed in slices', () => {
  it('give what one JSON.parse gives, for any slice size', async () => {
    await fc.assert(
      fc.asyncProperty(jsonArrayText, fc.integer({ min: 1, max: 64 }), async (text, bytesPerSlice) => {
        assert.deepEqual(await slicedParse(text, bytesPerSlice), wholeParse(text));
      }),
      { numRuns: 500 },
    );
  });

  it('refuse exactly the texts JSON.parse refuses', async () => {
    await fc.assert(
      fc.asyncProperty(jsonArrayText, edit, fc.integer({ min: 1, max: 32 }), async (text, change, size) => {
        const [position, kind, character] = change;
        const at = text.length === 0 ? 0 : position % (text.length + 1);
        const edited =
          kind === 'insert'
            ? text.slice(0, at) + character + text.slice(at)
            : kind === 'delete'
              ? text.slice(0, at) + text.slice(at + 1)
              : text.slice(0, at) + character + text.slice(at + 1);
        // What a server receives: the text as UTF-8 (an edit that split a surrogate pair decodes as U+FFFD).
        const received = Buffer.from(edited).toString('utf8');
        assert.deepEqual(await slicedParse(edited, size), wholeParse(received));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuse the cases the runs alone cannot see: a missing item, text after the array, a brace closing it', async () => {
    for (const text of ['[1,,2]', '[1,2,]', '[,1]', '[1,2] 3', '[1,2}', '[1,2', '[1,2]]', '["a",\n"b"\n,]']) {
      assert.equal(await slicedParse(text, 1), 'refused', text);
      assert.equal(wholeParse(text), 'refused', text);
    }
  });

  it('parse an empty array and bodies that are not arrays whole', async () => {
    for (const text of ['[]', ' [ ] ', '{"a":[1,2]}', '"[1,2]"', '12']) {
      assert.deepEqual(await slicedParse(text, 1), wholeParse(text), text);
    }
  });
});
