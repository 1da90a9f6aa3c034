/**
 * The compiler entry's own rules: the size limits on both ends, what an empty fragment compiles to,
 * and that nothing past a checker error is emitted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileFragment } from '../../src/fragments/compiler.js';
import { maxFragmentChars, maxGeneratedSourceChars } from '../../src/fragments/limits.js';
import { EMPTY_TRAVERSAL_CONTEXT, createFragmentRuntime } from '../../src/fragments/runtime/index.js';
import { DELEGATE_KINDS } from '../../src/fragments/types/index.js';
import { Engine } from '../../src/index.js';

const graph = new Engine().graph;

describe('the compiler entry', () => {
  it('compiles an empty or whitespace fragment to a factory answering null (the kind’s empty meaning)', () => {
    for (const text of [null, undefined, '', '  \n\t']) {
      const outcome = compileFragment(DELEGATE_KINDS.VertexFilter, text);
      assert.ok(outcome.ok);
      assert.equal(outcome.fragment.empty, true);
      assert.equal(outcome.fragment.factory(createFragmentRuntime({ graph }), EMPTY_TRAVERSAL_CONTEXT), null);
    }
  });

  it('compiles `return null;` to a factory answering null, and is not an empty fragment', () => {
    const outcome = compileFragment(DELEGATE_KINDS.EdgeCost, 'return null;');
    assert.ok(outcome.ok);
    assert.equal(outcome.fragment.empty, false);
    assert.equal(outcome.fragment.factory(createFragmentRuntime({ graph }), EMPTY_TRAVERSAL_CONTEXT), null);
  });

  it('rejects a fragment one character over the limit with SVCLIMIT and accepts one at it', () => {
    const body = 'return v => true;';
    const atLimit = body + ' '.repeat(maxFragmentChars - body.length);
    assert.ok(compileFragment(DELEGATE_KINDS.VertexFilter, atLimit).ok);
    const outcome = compileFragment(DELEGATE_KINDS.VertexFilter, atLimit + ' ');
    assert.ok(!outcome.ok);
    assert.deepEqual(
      outcome.diagnostics.map((d) => d.id),
      ['SVCLIMIT'],
    );
  });

  it('rejects a generated source over its limit with SVCLIMIT naming the generated size', () => {
    const text = 'return v => v.Label == "a" && v.Id > 3;';
    const compiled = compileFragment(DELEGATE_KINDS.VertexFilter, text);
    assert.ok(compiled.ok);
    const size = compiled.fragment.source.length;
    assert.ok(compileFragment(DELEGATE_KINDS.VertexFilter, text, { maxGeneratedSourceChars: size }).ok);
    const over = compileFragment(DELEGATE_KINDS.VertexFilter, text, { maxGeneratedSourceChars: size - 1 });
    assert.ok(!over.ok);
    assert.equal(over.diagnostics[0].id, 'SVCLIMIT');
    assert.match(
      over.diagnostics[0].message,
      new RegExp(`generated source \\(${size} chars\\).*${size - 1}`),
    );
    assert.equal(maxGeneratedSourceChars, 1_000_000);
  });

  it('emits nothing for a fragment the checker rejects', () => {
    const outcome = compileFragment(DELEGATE_KINDS.VertexFilter, 'return v => v.Nope;');
    assert.ok(!outcome.ok);
    assert.deepEqual(
      outcome.diagnostics.map((d) => d.id),
      ['CS1061'],
    );
  });
});
