/**
 * Safety of the generated JavaScript (docs/fragments.md, "How compiled fragments stay inside their box"):
 * over every fragment of the conformance corpus that compiles (the escape attempts included), the emitted
 * source names nothing but `rt`, `context`, its own renamed locals, temps, cells and hoisted constants, and
 * the emitter's fixed helpers; no member it reads reaches a prototype or the function machinery.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileFragment } from '../../src/fragments/compiler.js';
import { DELEGATE_KINDS } from '../../src/fragments/types/index.js';
import { CONFORMANCE_CASES } from './conformance/index.js';

const KEYWORDS = new Set([
  'break',
  'const',
  'continue',
  'do',
  'else',
  'false',
  'for',
  'if',
  'let',
  'null',
  'of',
  'return',
  'throw',
  'true',
  'void',
  'while',
]);

/** Names the emitter itself introduces: renamed locals, temps, out cells, hoisted values, helpers. */
const GENERATED_NAME = /^(?:rt|context|[lthc]\d+|k[A-Z]\w*)$/;

const FORBIDDEN_MEMBERS = new Set([
  'constructor',
  '__proto__',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'caller',
  'callee',
  'arguments',
  'call',
  'apply',
  'bind',
  'eval',
  'globalThis',
]);

interface Names {
  readonly free: Set<string>;
  readonly members: Set<string>;
}

/** Identifiers of a generated source outside string literals, split into free names and member names. */
function namesIn(source: string): Names {
  // The fixed helper declarations (`const kRange = (x, min, max) => ...;`) are the emitter's own code.
  const body = source
    .split('\n')
    .filter((line) => !/^const k[A-Z]\w* = /.test(line))
    .join('\n');
  const withoutStrings = body.replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
  const free = new Set<string>();
  const members = new Set<string>();
  for (const match of withoutStrings.matchAll(/(\?\.|\.)?\s*([A-Za-z_$][\w$]*)/g)) {
    const before = withoutStrings[(match.index ?? 0) - 1];
    if (before !== undefined && /[\d]/.test(before)) continue;
    (match[1] === undefined ? free : members).add(match[2]);
  }
  return { free, members };
}

describe('the emitted JavaScript references only what the checker allowed', () => {
  const compiled = CONFORMANCE_CASES.flatMap((testCase) => {
    const outcome = compileFragment(DELEGATE_KINDS[testCase.kind], testCase.fragment);
    return outcome.ok ? [{ name: testCase.name, source: outcome.fragment.source }] : [];
  });

  it('compiles a substantial share of the corpus, escape attempts included', () => {
    assert.ok(compiled.length >= 400, `${compiled.length} compiled`);
    assert.ok(compiled.some((c) => c.name.startsWith('escape')));
  });

  it('names no free identifier but rt, context, renamed locals, temps, cells and hoisted values', () => {
    for (const { name, source } of compiled) {
      const stray = [...namesIn(source).free].filter((n) => !KEYWORDS.has(n) && !GENERATED_NAME.test(n));
      assert.deepEqual(stray, [], `${name}:\n${source}`);
    }
  });

  it('reads no member that reaches a prototype, a constructor or the function machinery', () => {
    for (const { name, source } of compiled) {
      const reached = [...namesIn(source).members].filter((n) => FORBIDDEN_MEMBERS.has(n));
      assert.deepEqual(reached, [], `${name}:\n${source}`);
    }
  });

  it('keeps hostile string contents inside their literals', () => {
    // C# string literals as written in the fragment: quotes, comment breakers and line separators.
    const hostile = [
      String.raw`"\"; process.exit(1); \""`,
      String.raw`"\\\"); globalThis.x = 1; (\""`,
      String.raw`"*/ require(\"fs\") /*"`,
      String.raw`"</script><script>alert(1)</script>"`,
      String.raw`"\u2028 }) ; constructor.constructor(\"return process\")() ({"`,
      String.raw`@"verbatim "" quote \ backslash"`,
    ];
    for (const literal of hostile) {
      const outcome = compileFragment(DELEGATE_KINDS.VertexFilter, `return v => v.Label == ${literal};`);
      assert.ok(outcome.ok, literal);
      const { free, members } = namesIn(outcome.fragment.source);
      assert.deepEqual(
        [...free].filter((n) => !KEYWORDS.has(n) && !GENERATED_NAME.test(n)),
        [],
        outcome.fragment.source,
      );
      assert.ok(![...members].some((n) => FORBIDDEN_MEMBERS.has(n)), outcome.fragment.source);
    }
  });
});
