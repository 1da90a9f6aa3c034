/**
 * The strict line parser: JSON.parse's grammar plus what it cannot see, a member name repeated in any
 * object. Property-based against a model that keeps every member (repeats included) and serializes with
 * arbitrary spacing and escapes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  StrictJsonError,
  countMembers,
  findDuplicateMember,
  parseStrictObject,
  provesNoRepeatedMembers,
} from '../../src/bulk/strict-json.js';

/** A JSON value whose objects are member lists, so a model can hold repeated names. */
type Model =
  | { kind: 'scalar'; text: string }
  | { kind: 'array'; items: Model[] }
  | { kind: 'object'; members: [string, Model][] };

const names = fc.oneof(
  fc.constantFrom('a', 'b', 'type', 'value', '', 'é', '"', '\\', '𝄞'),
  fc.string({ maxLength: 4 }),
);
const scalar: fc.Arbitrary<Model> = fc
  .oneof(
    fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
    fc.integer().map(String),
    fc.constantFrom(
      'true',
      'false',
      'null',
      '1.5e3',
      '"a,b:{}[]"',
      '"\\"}"',
      JSON.stringify('x":y'),
      JSON.stringify('x\\":y'),
      JSON.stringify('" : '),
    ),
  )
  .map((text) => ({ kind: 'scalar', text }));

const { model } = fc.letrec<{ model: Model }>((tie) => ({
  model: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('model'), { maxLength: 4 }).map((items): Model => ({ kind: 'array', items })),
    fc
      .array(fc.tuple(names, tie('model')), { maxLength: 5 })
      .map((members): Model => ({ kind: 'object', members })),
  ),
}));
const objectModel = fc
  .array(fc.tuple(names, model), { maxLength: 6 })
  .map((members): Model => ({ kind: 'object', members }));

/** Serializes with spacing chosen by `space` and member names escaped (wholly or not) by `escape`. */
function serialize(value: Model, space: () => string, escape: () => boolean): string {
  switch (value.kind) {
    case 'scalar':
      return value.text;
    case 'array':
      return `[${space()}${value.items.map((item) => serialize(item, space, escape)).join(`${space()},${space()}`)}${space()}]`;
    case 'object': {
      const members = value.members.map(([name, member]) => {
        const text = escape()
          ? `"${name
              .split('')
              .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
              .join('')}"`
          : JSON.stringify(name);
        return `${text}${space()}:${space()}${serialize(member, space, escape)}`;
      });
      return `{${space()}${members.join(`${space()},${space()}`)}${space()}}`;
    }
  }
}

function hasRepeat(value: Model): boolean {
  if (value.kind === 'array') return value.items.some(hasRepeat);
  if (value.kind !== 'object') return false;
  const seen = new Set<string>();
  for (const [name, member] of value.members) {
    if (seen.has(name)) return true;
    seen.add(name);
    if (hasRepeat(member)) return true;
  }
  return false;
}

const layout = fc.tuple(
  fc.array(fc.constantFrom('', ' ', '\t', '  '), { minLength: 1, maxLength: 8 }),
  fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
);

function cycle<T>(values: T[]): () => T {
  let at = 0;
  return () => values[at++ % values.length];
}

describe('strict JSON lines', () => {
  it('finds a repeated member name exactly when some object repeats one, at any depth, escaped or not', () => {
    fc.assert(
      fc.property(objectModel, layout, (value, [spaces, escapes]) => {
        const text = serialize(value, cycle(spaces), cycle(escapes));
        JSON.parse(text); // the generator writes valid JSON
        const found = findDuplicateMember(text);
        assert.equal(found !== undefined, hasRepeat(value), text);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a line with a repeated member and accepts one without, canonical or not', () => {
    fc.assert(
      fc.property(objectModel, layout, (value, [spaces, escapes]) => {
        for (const text of [
          serialize(
            value,
            () => '',
            () => false,
          ),
          serialize(value, cycle(spaces), cycle(escapes)),
        ]) {
          if (hasRepeat(value)) assert.throws(() => parseStrictObject(text), StrictJsonError, text);
          else assert.deepEqual(parseStrictObject(text), JSON.parse(text));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('proves the absence of repeats only when there is none (the fast count is sound)', () => {
    fc.assert(
      fc.property(objectModel, layout, (value, [spaces, escapes]) => {
        for (const text of [
          serialize(
            value,
            () => '',
            () => false,
          ),
          serialize(value, cycle(spaces), cycle(escapes)),
        ]) {
          if (provesNoRepeatedMembers(text, countMembers(JSON.parse(text))))
            assert.ok(!hasRepeat(value), text);
        }
      }),
      { numRuns: 3000 },
    );
    // and it proves it for compact lines, the lines every export holds
    const line =
      '{"type":"vertex","id":1,"creationDate":0,"properties":{"a\\"":{"type":"s","value":"x\\":y"}}}';
    assert.ok(provesNoRepeatedMembers(line, countMembers(JSON.parse(line))));
  });

  it('names the repeated field and where it is', () => {
    assert.throws(() => parseStrictObject('{"type":"vertex","id":1,"id":2}'), /the field 'id' appears twice/);
    assert.throws(
      () => parseStrictObject('{"properties":{"a":{"type":"x","value":"1","type":"y"}}}'),
      /the member 'type' appears twice in properties.a/,
    );
    assert.throws(() => parseStrictObject('{"a":1,"\\u0061":2}'), /the field 'a' appears twice/);
  });

  it('refuses trailing content, non-objects and malformed JSON', () => {
    for (const line of [
      '{"a":1} x',
      '{"a":1}{"b":2}',
      '[1]',
      '"text"',
      '42',
      'null',
      '{"a":',
      '{a:1}',
      "{'a':1}",
    ]) {
      assert.throws(() => parseStrictObject(line), StrictJsonError, line);
    }
  });

  it('accepts whitespace around the object', () => {
    assert.deepEqual(parseStrictObject(' \t{"a" : 1 }  '), { a: 1 });
  });
});
