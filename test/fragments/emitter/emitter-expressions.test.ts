import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import type { BoundExpression, BoundIndexerTarget } from '../../../src/fragments/binder/bound.js';
import { FragmentException, type VertexView } from '../../../src/fragments/runtime/index.js';
import {
  BOOL,
  DATETIME,
  DECIMAL,
  DOUBLE,
  GUID,
  TIMESPAN,
  arrayOf,
  indexersOf,
  listOf,
  INT,
  LONG,
  OBJECT,
  STRING,
  VERTEX_MODEL,
  nullableOf,
} from '../../../src/fragments/types/index.js';
import { runtimeFixture } from '../runtime/helpers.js';
import {
  arm,
  binary,
  binaryPattern,
  bool,
  call,
  cast,
  chr,
  constantPattern,
  construct,
  convert,
  dbl,
  declare,
  int,
  isPattern,
  lit,
  notPattern,
  nul,
  out,
  ref,
  relationalPattern,
  ret,
  str,
  switchExpression,
  symbol,
  typePattern,
} from './bound-builders.js';
import { delegateOf, evaluate, run } from './harness.js';

function throwsDotNet(action: () => unknown, name: string): void {
  assert.throws(action, (error: unknown) => error instanceof FragmentException && error.name === name);
}

const span = { start: 0, end: 0 };

/** `s?.Length` over a string local. */
function lengthOrNull(s: ReturnType<typeof symbol>): BoundExpression {
  return {
    kind: 'ConditionalAccess',
    id: 1,
    receiver: ref(s),
    whenNotNull: call(STRING, 'Length', { kind: 'ConditionalReceiver', id: 1, type: STRING, ...span }, []),
    type: nullableOf(INT),
    ...span,
  };
}

describe('emitter: ?. and ??', () => {
  it('gives null for a null receiver and the member for a non-null one', () => {
    const s = symbol('s', STRING);
    assert.equal(run([declare(s, nul()), ret(lengthOrNull(s))], nullableOf(INT)), null);
    assert.equal(run([declare(s, str('abc')), ret(lengthOrNull(s))], nullableOf(INT)), 3);
  });

  it('falls back to the right operand of ?? only for null', () => {
    const s = symbol('s', STRING);
    const coalesce = (value: BoundExpression): BoundExpression => ({
      kind: 'Coalesce',
      left: lengthOrNull(s),
      right: value,
      type: INT,
      ...span,
    });
    assert.equal(run([declare(s, nul()), ret(coalesce(int(-1)))], INT), -1);
    assert.equal(run([declare(s, str('')), ret(coalesce(int(-1)))], INT), 0, 'zero is not null');
  });
});

describe('emitter: strings', () => {
  it('concatenates null as empty and formats numbers, chars and bools by their type', () => {
    const n = symbol('n', STRING);
    const text = binary(
      '+',
      binary('+', binary('+', binary('+', binary('+', str('a'), ref(n)), int(1)), dbl(2.5)), chr('c')),
      bool(true),
    );
    assert.equal(run([declare(n, nul()), ret(text)], STRING), 'a12.5cTrue');
  });

  it('interpolates with alignment and format', () => {
    const x = symbol('x', DOUBLE);
    const interpolated: BoundExpression = {
      kind: 'InterpolatedString',
      parts: [
        '[',
        { value: ref(x), alignment: 8, format: 'F2', ...span },
        '|',
        { value: str('ab'), alignment: -4, ...span },
        '|',
        { value: nul(), ...span },
        ']',
      ],
      type: STRING,
      ...span,
    };
    assert.equal(run([declare(x, dbl(3.14159)), ret(interpolated)], STRING), '[    3.14|ab  |]');
  });
});

describe('emitter: patterns and switch expressions', () => {
  it('matches type patterns on boxed values and binds the designation', () => {
    const o = symbol('o', OBJECT);
    const i = symbol('i', INT, 'declared');
    const test = binary(
      '&&',
      isPattern(ref(o), typePattern(OBJECT, INT, { designation: i })),
      binary('==', ref(i), int(5)),
    );
    assert.equal(run([declare(o, convert(int(5), OBJECT)), ret(test)], BOOL), true);
    assert.equal(
      run([declare(o, convert(long(5n), OBJECT)), ret(test)], BOOL),
      false,
      'a boxed long is not an int',
    );
    assert.equal(run([declare(o, nul()), ret(test)], BOOL), false);
  });

  it('matches constants on object inputs only for the same boxed type, and NaN with a NaN pattern', () => {
    const o = symbol('o', OBJECT);
    const five = isPattern(ref(o), constantPattern(int(5), OBJECT));
    assert.equal(run([declare(o, convert(int(5), OBJECT)), ret(five)], BOOL), true);
    assert.equal(run([declare(o, convert(dbl(5), OBJECT)), ret(five)], BOOL), false);
    const d = symbol('d', DOUBLE);
    const nan = isPattern(ref(d), constantPattern(dbl(NaN), DOUBLE));
    assert.equal(run([declare(d, dbl(NaN)), ret(nan)], BOOL), true);
    assert.equal(run([declare(d, dbl(1)), ret(nan)], BOOL), false);
  });

  it('never matches null with relational patterns on nullable inputs', () => {
    const n = symbol('n', nullableOf(INT));
    const below = isPattern(ref(n), relationalPattern('<', int(3), nullableOf(INT)));
    assert.equal(run([declare(n, nul()), ret(below)], BOOL), false);
    assert.equal(run([declare(n, int(2)), ret(below)], BOOL), true);
    const range = isPattern(
      ref(n),
      binaryPattern(
        'and',
        relationalPattern('>=', int(1), nullableOf(INT)),
        notPattern(constantPattern(int(2), INT)),
      ),
    );
    assert.equal(run([declare(n, int(2)), ret(range)], BOOL), false);
    assert.equal(run([declare(n, int(3)), ret(range)], BOOL), true);
  });

  it('takes the first matching arm and throws SwitchExpressionException when none matches', () => {
    const x = symbol('x', INT);
    const choose = switchExpression(
      ref(x),
      [
        arm(constantPattern(int(1), INT), str('one')),
        arm(relationalPattern('>', int(10), INT), str('big'), binary('!=', ref(x), int(11))),
        arm(
          binaryPattern('or', constantPattern(int(2), INT), constantPattern(int(11), INT)),
          str('two or eleven'),
        ),
      ],
      STRING,
    );
    assert.equal(run([declare(x, int(1)), ret(choose)], STRING), 'one');
    assert.equal(run([declare(x, int(12)), ret(choose)], STRING), 'big');
    assert.equal(run([declare(x, int(11)), ret(choose)], STRING), 'two or eleven');
    throwsDotNet(() => run([declare(x, int(3)), ret(choose)], STRING), 'SwitchExpressionException');
  });
});

describe('emitter: conversions of objects and nullables', () => {
  it('unboxes the exact type only, and unwraps a null nullable with InvalidOperationException', () => {
    const o = symbol('o', OBJECT);
    assert.equal(run([declare(o, convert(int(7), OBJECT)), ret(cast(ref(o), INT))], INT), 7);
    throwsDotNet(
      () => run([declare(o, convert(int(7), OBJECT)), ret(cast(ref(o), LONG))], LONG),
      'InvalidCastException',
    );
    throwsDotNet(() => run([declare(o, nul()), ret(cast(ref(o), INT))], INT), 'NullReferenceException');
    const n = symbol('n', nullableOf(INT));
    throwsDotNet(() => run([declare(n, nul()), ret(cast(ref(n), INT))], INT), 'InvalidOperationException');
    assert.equal(run([declare(n, nul()), ret(cast(ref(n), nullableOf(LONG)))], nullableOf(LONG)), null);
    assert.equal(run([declare(n, int(3)), ret(cast(ref(n), nullableOf(LONG)))], nullableOf(LONG)), 3n);
  });

  it('propagates null through lifted arithmetic and compares nullables as C# does', () => {
    const a = symbol('a', nullableOf(INT));
    const b = symbol('b', nullableOf(INT));
    const sum = binary('+', ref(a), ref(b));
    assert.equal(run([declare(a, nul()), declare(b, int(1)), ret(sum)], sum.type), null);
    assert.equal(run([declare(a, int(2147483647)), declare(b, int(1)), ret(sum)], sum.type), -2147483648);
    const equal = binary('==', ref(a), ref(b));
    assert.equal(run([declare(a, nul()), declare(b, nul()), ret(equal)], BOOL), true);
    const less = binary('<', ref(a), ref(b));
    assert.equal(run([declare(a, nul()), declare(b, int(1)), ret(less)], BOOL), false);
  });

  it('applies three-valued logic to bool? & and |', () => {
    const a = symbol('a', nullableOf(BOOL));
    const b = symbol('b', nullableOf(BOOL));
    const and = binary('&', ref(a), ref(b));
    const or = binary('|', ref(a), ref(b));
    const cases: [boolean | null, boolean | null, boolean | null, boolean | null][] = [
      [null, false, false, null],
      [null, true, null, true],
      [true, true, true, true],
      [null, null, null, null],
    ];
    for (const [x, y, expectedAnd, expectedOr] of cases) {
      const decl = [declare(a, x === null ? nul() : bool(x)), declare(b, y === null ? nul() : bool(y))];
      assert.equal(run([...decl, ret(and)], and.type), expectedAnd, `${x} & ${y}`);
      assert.equal(run([...decl, ret(or)], or.type), expectedOr, `${x} | ${y}`);
    }
  });

  it('answers as-casts with the value or null', () => {
    const o = symbol('o', OBJECT);
    const asString: BoundExpression = { kind: 'As', operand: ref(o), type: STRING, ...span };
    assert.equal(run([declare(o, str('x')), ret(asString)], STRING), 'x');
    assert.equal(run([declare(o, convert(int(1), OBJECT)), ret(asString)], STRING), null);
    const asInt: BoundExpression = { kind: 'As', operand: ref(o), type: nullableOf(INT), ...span };
    assert.equal(run([declare(o, convert(int(1), OBJECT)), ret(asInt)], nullableOf(INT)), 1);
    assert.equal(run([declare(o, str('x')), ret(asInt)], nullableOf(INT)), null);
  });
});

describe('emitter: out arguments against the graph', () => {
  it('reads a typed property through an out variable (the readme fragment)', async () => {
    const { rt, alice, bob } = await runtimeFixture();
    const v = symbol('v', VERTEX_MODEL, 'parameter');
    const age = symbol('age', INT, 'declared');
    const tryGet = call(VERTEX_MODEL, 'TryGetProperty', ref(v), [out(INT, age), str('age')], {
      typeArguments: [INT],
    });
    const { delegate, source } = delegateOf<(v: VertexView) => boolean>(
      [v],
      binary('&&', tryGet, binary('>', ref(age), int(30))),
      BOOL,
      { rt },
    );
    assert.equal(delegate(rt.vertex(alice)), true);
    assert.equal(delegate(rt.vertex(bob)), false);
    assert.match(source, /const c0 = rt\.out\(0\);/);
    assert.match(source, /const h0 = rt\.key\("age"\);/);
  });

  it('leaves the default in the variable when the read fails, and reads a double', async () => {
    const { rt, alice } = await runtimeFixture();
    const v = symbol('v', VERTEX_MODEL, 'parameter');
    const score = symbol('score', DOUBLE, 'declared');
    const tryGet = call(VERTEX_MODEL, 'TryGetProperty', ref(v), [out(DOUBLE, score), str('age')], {
      typeArguments: [DOUBLE],
    });
    const { delegate } = delegateOf<(v: VertexView) => number>(
      [v],
      [{ kind: 'ExpressionStatement', expression: tryGet, ...span }, ret(ref(score))],
      DOUBLE,
      { rt },
    );
    assert.equal(delegate(rt.vertex(alice)), 0, 'age is an Int32, not a Double');
  });
});

describe('emitter: creation, defaults and indexers', () => {
  it('adds collection-initializer elements to the object under construction', () => {
    const list = listOf(INT);
    const target: BoundExpression = { kind: 'InitializerTarget', id: 3, type: list, ...span };
    const creation: BoundExpression = {
      kind: 'ObjectCreation',
      id: 3,
      construct: construct(list, []),
      adds: [call(list, 'Add', target, [int(4)]), call(list, 'Add', target, [int(5)])],
      type: list,
      ...span,
    };
    const xs = symbol('xs', list);
    const count = call(list, 'Count', ref(xs), []);
    assert.equal(run([declare(xs, creation), ret(count)], INT), 2);
  });

  it('fills new T[n] with the default of T and reads defaults of the value types', () => {
    const xs = symbol('xs', arrayOf(DECIMAL));
    const sized: BoundExpression = {
      kind: 'ArrayCreation',
      elementType: DECIMAL,
      size: int(2),
      type: arrayOf(DECIMAL),
      ...span,
    };
    const first = run([declare(xs, sized), ret(indexer(xs, int(1)))], DECIMAL);
    assert.ok(first instanceof Decimal && first.isZero());
    const defaultDate = evaluate({ kind: 'Default', type: DATETIME, ...span }) as { ticks: bigint };
    assert.equal(defaultDate.ticks, 0n);
    assert.equal(evaluate({ kind: 'Default', type: TIMESPAN, ...span }), 0n);
    assert.equal(evaluate({ kind: 'Default', type: GUID, ...span }), '00000000-0000-0000-0000-000000000000');
  });

  it('assigns through an indexer with ??= only when the element is null', () => {
    const xs = symbol('xs', arrayOf(STRING));
    const created: BoundExpression = {
      kind: 'ArrayCreation',
      elementType: STRING,
      elements: [str('a'), nul()],
      type: arrayOf(STRING),
      ...span,
    };
    const fill = (index: number): BoundExpression => ({
      kind: 'CoalesceAssignment',
      target: indexer(xs, int(index)),
      value: str('z'),
      type: STRING,
      ...span,
    });
    const joined = binary('+', binary('+', fill(0), fill(1)), indexer(xs, int(1)));
    assert.equal(run([declare(xs, created), ret(joined)], STRING), 'azz');
  });
});

function indexer(array: ReturnType<typeof symbol>, index: BoundExpression): BoundIndexerTarget {
  const bound = indexersOf(array.type)[0];
  return {
    kind: 'IndexerTarget',
    member: bound.member,
    receiver: ref(array),
    arguments: [index],
    receiverTypeArguments: bound.declaringType.kind === 'named' ? bound.declaringType.typeArguments : [],
    type: bound.type,
    ...span,
  };
}

describe('emitter: literals', () => {
  it('keeps -0, NaN, the infinities, big longs and chars exactly', () => {
    assert.ok(Object.is(evaluate(dbl(-0)), -0));
    assert.ok(Number.isNaN(evaluate(dbl(NaN))));
    assert.equal(evaluate(dbl(-Infinity)), -Infinity);
    assert.equal(evaluate(lit(-9223372036854775808n, LONG)), -9223372036854775808n);
    assert.equal(evaluate(chr('\u2028')), 0x2028);
    assert.equal(evaluate(dbl(5e-324)), 5e-324);
  });
});

function long(value: bigint): BoundExpression {
  return lit(value, LONG);
}
