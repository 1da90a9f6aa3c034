import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { numberLiteral, stringLiteral } from '../../../src/fragments/emitter/emit-literals.js';
import type { BoundExpression } from '../../../src/fragments/binder/bound.js';
import { INT, STRING } from '../../../src/fragments/types/index.js';
import { binary, block, declare, fragment, lambda, ref, ret, str, symbol } from './bound-builders.js';
import { compile, emptyRuntime } from './harness.js';

/** Names that would be dangerous or meaningful if they reached JavaScript as written. */
const HOSTILE_NAMES = [
  'constructor',
  '__proto__',
  'eval',
  'process',
  'require',
  'globalThis',
  'arguments',
  'Function',
  'this',
  'prototype',
];

/** String constants that try to end the literal, the comment or the script they are embedded in. */
const HOSTILE_TEXTS = [
  '"',
  "'",
  '`${process.exit(1)}`',
  '*/ process.exit(1); /*',
  '</script><script>alert(1)</script>',
  '\\',
  '\\"); process.exit(1); ("',
  '\u2028',
  '\u2029',
  '\n\r\t\0',
  '\ud800',
  '<!--',
];

describe('emitter: hostile names and strings', () => {
  it('never writes a user identifier, and every string constant round-trips harmlessly', () => {
    const locals = HOSTILE_NAMES.map((name, i) => symbol(name, STRING, i % 2 === 0 ? 'local' : 'declared'));
    const statements = locals.map((local, i) => declare(local, str(HOSTILE_TEXTS[i % HOSTILE_TEXTS.length])));
    const joined = locals.reduce<BoundExpression>(
      (text, local) => binary('+', text, ref(local)),
      str(HOSTILE_TEXTS.join('')),
    );
    const parameter = symbol('constructor', INT, 'parameter');
    const root = lambda([parameter], block(...statements, ret(joined)), STRING, { root: true });
    const { source, factory } = compile(fragment([ret(root)]));
    const code = source.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    for (const name of HOSTILE_NAMES) {
      assert.ok(!new RegExp(`\\b${name}\\b`).test(code), `${name} appears outside strings:\n${source}`);
    }
    assert.ok(!source.includes('\u2028') && !source.includes('\u2029'), 'no raw line separators');
    assert.ok(!source.includes('</script'), 'no closing script tag');
    const delegate = factory(emptyRuntime(), null) as (n: number) => string;
    const expected =
      HOSTILE_TEXTS.join('') + HOSTILE_NAMES.map((_, i) => HOSTILE_TEXTS[i % HOSTILE_TEXTS.length]).join('');
    assert.equal(delegate(1), expected);
  });

  it('escapes any string into a JavaScript literal with the same UTF-16 units', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const literal = stringLiteral(text);
        assert.ok(!/[\u2028\u2029\n\r]/.test(literal));
        assert.equal(new Function(`'use strict'; return ${literal};`)(), text);
      }),
    );
  });

  it('writes every double exactly, without naming globals', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const literal = numberLiteral(value);
        assert.ok(!/NaN|Infinity/.test(literal));
        assert.ok(Object.is(new Function(`'use strict'; return ${literal};`)(), value));
      }),
    );
  });
});
