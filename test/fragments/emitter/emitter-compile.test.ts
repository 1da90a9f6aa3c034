/**
 * End to end through compileFragment: C# text, checked, lowered, emitted, loaded and run against the
 * runtime fixture's graph (Alice: label "person", age 42 as Int32, name "Alice", an embedding).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { compileFragment } from '../../../src/fragments/compiler.js';
import {
  EMPTY_TRAVERSAL_CONTEXT,
  FragmentBudgetExceeded,
  FragmentException,
} from '../../../src/fragments/runtime/index.js';
import { DELEGATE_KINDS, type DelegateKindName } from '../../../src/fragments/types/index.js';
import { runtimeFixture, type RuntimeFixture } from '../runtime/helpers.js';

let fixture: RuntimeFixture;

before(async () => {
  fixture = await runtimeFixture(100_000);
});

/** Compiles a fragment of `kind` and calls its delegate on Alice (or an edge, or an edge type name). */
function runOnAlice(text: string, kind: DelegateKindName = 'VertexCost'): unknown {
  const outcome = compileFragment<(value: unknown) => unknown>(DELEGATE_KINDS[kind], text);
  if (!outcome.ok) {
    assert.fail(`did not compile: ${outcome.diagnostics.map((d) => `${d.id} ${d.message}`).join('; ')}`);
  }
  const delegate = outcome.fragment.factory(fixture.rt, EMPTY_TRAVERSAL_CONTEXT);
  if (delegate === null) return null;
  const argument =
    kind === 'EdgePropertyFilter'
      ? 'trusts'
      : kind === 'EdgeFilter' || kind === 'EdgeCost'
        ? fixture.rt.edge(fixture.edges[1])
        : fixture.rt.vertex(fixture.alice);
  return delegate(argument);
}

function throwsDotNet(text: string, name: string, kind: DelegateKindName = 'VertexCost'): void {
  assert.throws(
    () => runOnAlice(text, kind),
    (error: unknown) => error instanceof FragmentException && error.name === name,
  );
}

describe('compiled fragments: the documented examples', () => {
  it('filters on label and a typed property read through out var', () => {
    const text = 'return v => v.Label == "person" && v.TryGetProperty(out int age, "age") && age > 30;';
    assert.equal(runOnAlice(text, 'VertexFilter'), true);
  });

  it('runs the method body once per request, before returning the delegate', () => {
    assert.equal(
      runOnAlice(
        'var min = 40; return v => v.TryGetProperty(out int age, "age") && age > min;',
        'VertexFilter',
      ),
      true,
    );
  });

  it('answers null for `return null;` and for an empty fragment', () => {
    assert.equal(runOnAlice('return null;', 'VertexFilter'), null);
    const empty = compileFragment(DELEGATE_KINDS.VertexFilter, '   ');
    assert.ok(empty.ok);
    assert.equal(empty.fragment.empty, true);
    assert.equal(empty.fragment.factory(fixture.rt, EMPTY_TRAVERSAL_CONTEXT), null);
  });
});

describe('compiled fragments: C# arithmetic', () => {
  it('keeps int, uint, long and byte semantics', () => {
    assert.equal(runOnAlice('return v => { int x = int.MaxValue; x++; return x; };'), -2147483648);
    assert.equal(runOnAlice('return v => 7 / 2 + -7 % 3;'), 2);
    assert.equal(runOnAlice('uint u = 0; return v => u - 1;'), 4294967295);
    assert.equal(runOnAlice('byte b = 255; b++; return v => b;'), 0);
    assert.equal(runOnAlice('int s = 1; return v => s << 33;'), 2);
    assert.equal(runOnAlice('long l = long.MaxValue; return v => l + 1 < 0 ? 1 : 0;'), 1);
    assert.equal(runOnAlice('double d = 1e20; return v => (int)d;'), 2147483647);
  });

  it('throws DivideByZeroException and checked OverflowException', () => {
    throwsDotNet('int z = 0; return v => 1 / z;', 'DivideByZeroException');
    throwsDotNet('return v => checked(int.MaxValue + int.Parse("1"));', 'OverflowException');
  });

  it('computes float in float32 and decimal exactly', () => {
    assert.equal(runOnAlice('float f = 0.1f; return v => f + 0.2f == 0.3f;', 'VertexFilter'), true);
    assert.equal(runOnAlice('double d = 0.1; return v => d + 0.2 == 0.3;', 'VertexFilter'), false);
    assert.equal(runOnAlice('decimal m = 0.1m; return v => m + 0.2m == 0.3m;', 'VertexFilter'), true);
  });

  it('lifts operators over nullables', () => {
    assert.equal(runOnAlice('int? a = null; int? b = 5; return v => (a + b) ?? 42;'), 42);
    assert.equal(
      runOnAlice('int? a = null; int? b = 5; return v => a < b || a >= b;', 'VertexFilter'),
      false,
    );
    assert.equal(
      runOnAlice('bool? a = null; bool? b = false; return v => (a & b) == false;', 'VertexFilter'),
      true,
    );
  });
});

describe('compiled fragments: null handling, strings and patterns', () => {
  it('evaluates ?. and ?? and ??=', () => {
    assert.equal(runOnAlice('return v => v.Label?.Length ?? -1;'), 6);
    assert.equal(runOnAlice('string s = null; return v => s?.Length ?? -1;'), -1);
    assert.equal(runOnAlice('string s = null; s ??= "abc"; return v => s.Length;'), 3);
  });

  it('concatenates and interpolates with .NET texts', () => {
    assert.equal(runOnAlice('return v => ("a" + 1 + 2.5 + null + \'c\' + true + v.Label).Length;'), 16);
    assert.equal(
      runOnAlice(
        'return v => $"{v.Label,-8}|{3.14159:F2}|{DayOfWeek.Monday}" == "person  |3.14|Monday";',
        'VertexFilter',
      ),
      true,
    );
  });

  it('matches type, constant, relational, property and logical patterns', () => {
    assert.equal(runOnAlice('object o = 5; return v => o is int i && i == 5;', 'VertexFilter'), true);
    assert.equal(runOnAlice('object o = 5; return v => o is 5L;', 'VertexFilter'), false);
    assert.equal(runOnAlice('return v => v is { Label: "person", Id: >= 0 };', 'VertexFilter'), true);
    assert.equal(
      runOnAlice('return v => v.Label is { Length: > 3 } s && s.StartsWith("p");', 'VertexFilter'),
      true,
    );
    assert.equal(runOnAlice('return v => v.Label is not ("a" or "b");', 'VertexFilter'), true);
    assert.equal(runOnAlice('double d = double.NaN; return v => d is double.NaN;', 'VertexFilter'), true);
  });

  it('evaluates switch expressions in order and throws when no arm matches', () => {
    const text =
      'return v => (v.TryGetProperty(out object o, "age") ? o : null) switch ' +
      '{ int i when i > 40 => i, string s => s.Length, null => -1, _ => -2 };';
    assert.equal(runOnAlice(text), 42);
    throwsDotNet('var x = 3; return v => x switch { 1 => 10, 2 => 20 };', 'SwitchExpressionException');
  });

  it('casts as C# does: unboxing the exact type, unwrapping non-null nullables', () => {
    assert.equal(runOnAlice('object o = 5; return v => (int)o;'), 5);
    throwsDotNet('object o = 5; return v => (long)o;', 'InvalidCastException');
    throwsDotNet('int? n = null; return v => (int)n;', 'InvalidOperationException');
    assert.equal(runOnAlice('object o = "x"; return v => (o as string)?.Length ?? 0;'), 1);
  });
});

describe('compiled fragments: statements', () => {
  it('runs for, foreach and do loops', () => {
    assert.equal(
      runOnAlice('return v => { double sum = 0; for (int i = 0; i < 10; i++) sum += i; return sum; };'),
      45,
    );
    assert.equal(
      runOnAlice(
        'return v => { var total = 0; foreach (var e in v.OutEdges) total += e.Value.Count; return total; };',
      ),
      2,
    );
    assert.equal(
      runOnAlice('return v => { var n = 0; foreach (var c in "ab") n += c; return n; };'),
      97 + 98,
    );
    assert.equal(runOnAlice('return v => { int i = 0; do { i++; } while (i < 5); return i; };'), 5);
    assert.equal(
      runOnAlice(
        'return v => { float s = 0; if (v.TryGetEmbedding(out var vec)) foreach (var f in vec) s += f; return s; };',
      ),
      1,
    );
  });

  it('shares a for variable between iterations, but not a foreach variable (C# capture rules)', () => {
    const forLoop =
      'return v => { var xs = new[] { 1, 2, 3, 4, 5 }; var q = xs.Where(x => true); ' +
      'for (int i = 0; i < 3; i++) q = q.Where(x => x > i); return q.Count(); };';
    assert.equal(runOnAlice(forLoop), 2, 'every lambda sees the final i == 3');
    const foreachLoop =
      'return v => { var xs = new[] { 1, 2, 3, 4, 5 }; var q = xs.Where(x => true); ' +
      'foreach (var i in new[] { 0, 1, 2 }) q = q.Where(x => x > i); return q.Count(); };';
    assert.equal(runOnAlice(foreachLoop), 3, 'each lambda sees its own i');
  });

  it('gives each iteration its own pattern variable, in a foreach body and in a while condition', () => {
    const inForeach =
      'return v => { var xs = new[] { 1, 2, 3 }; var q = xs.Where(x => true); ' +
      'foreach (var o in new object[] { 1, 2 }) if (o is int k) q = q.Where(x => x != k); return q.Count(); };';
    assert.equal(runOnAlice(inForeach), 1);
    const inWhile =
      'return v => { var xs = new[] { 1, 2, 3 }; var q = xs.Where(x => true); int j = 0; ' +
      'while (j < 2 && new object[] { 1, 2 }[j++] is int k) q = q.Where(x => x != k); return q.Count(); };';
    assert.equal(runOnAlice(inWhile), 1);
    const continueInWhile =
      'return v => { int i = 0; int n = 0; while (i++ < 5 && v.TryGetProperty(out int a, "age")) ' +
      '{ if (i == 2) continue; n += a; } return n; };';
    assert.equal(runOnAlice(continueInWhile), 4 * 42);
  });

  it('stops a fragment that never ends with FragmentBudgetExceeded', () => {
    assert.throws(
      () => runOnAlice('return v => { while (true) { } };', 'VertexFilter'),
      FragmentBudgetExceeded,
    );
    assert.throws(
      () => runOnAlice('return v => new int[1000000].Where(x => x >= 0).Count() > 0;', 'VertexFilter'),
      FragmentBudgetExceeded,
    );
  });
});
