import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import { FragmentException } from '../../../src/fragments/runtime/index.js';
import {
  BYTE,
  DECIMAL,
  DOUBLE,
  FLOAT,
  INT,
  LONG,
  UINT,
  ULONG,
  type CsType,
} from '../../../src/fragments/types/index.js';
import type { BoundExpression } from '../../../src/fragments/binder/bound.js';
import {
  binary,
  cast,
  compound,
  dbl,
  dec,
  declare,
  expression,
  flt,
  increment,
  int,
  lit,
  long,
  ref,
  ret,
  symbol,
  unary,
} from './bound-builders.js';
import { run } from './harness.js';

/** `T a = x; T b = y; return a op b;` so no operand is a constant. */
function operate(
  type: CsType,
  x: BoundExpression,
  op: Parameters<typeof binary>[0],
  y: BoundExpression,
  checked = false,
): unknown {
  const a = symbol('a', type);
  const b = symbol('b', type);
  const result = binary(op, ref(a), ref(b), checked);
  return run([declare(a, x), declare(b, y), ret(result)], result.type);
}

function throwsDotNet(action: () => unknown, name: string): void {
  assert.throws(action, (error: unknown) => error instanceof FragmentException && error.name === name);
}

describe('emitter: int arithmetic', () => {
  it('wraps on overflow as unchecked C# does', () => {
    assert.equal(operate(INT, int(2147483647), '+', int(1)), -2147483648);
    assert.equal(operate(INT, int(-2147483648), '-', int(1)), 2147483647);
    assert.equal(operate(INT, int(65536), '*', int(65536)), 0);
    assert.equal(operate(INT, int(123456789), '*', int(987654321)), -67153019);
  });

  it('divides toward zero and keeps the dividend sign of the remainder', () => {
    assert.equal(operate(INT, int(7), '/', int(2)), 3);
    assert.equal(operate(INT, int(-7), '/', int(2)), -3);
    assert.equal(operate(INT, int(-7), '%', int(3)), -1);
    assert.ok(Object.is(operate(INT, int(-4), '%', int(2)), 0), 'no -0 for an int');
  });

  it('throws DivideByZeroException and OverflowException as .NET does', () => {
    throwsDotNet(() => operate(INT, int(1), '/', int(0)), 'DivideByZeroException');
    throwsDotNet(() => operate(INT, int(1), '%', int(0)), 'DivideByZeroException');
    throwsDotNet(() => operate(INT, int(-2147483648), '/', int(-1)), 'OverflowException');
  });

  it('throws OverflowException in a checked context', () => {
    throwsDotNet(() => operate(INT, int(2147483647), '+', int(1), true), 'OverflowException');
    throwsDotNet(() => operate(INT, int(65536), '*', int(65536), true), 'OverflowException');
    assert.equal(operate(INT, int(40000), '*', int(40000 - 39999), true), 40000);
    const a = symbol('a', INT);
    throwsDotNet(
      () => run([declare(a, int(-2147483648)), ret(unary('-', ref(a), true))], INT),
      'OverflowException',
    );
    assert.equal(run([declare(a, int(-2147483648)), ret(unary('-', ref(a)))], INT), -2147483648);
  });

  it('masks shift counts by 31', () => {
    assert.equal(operate(INT, int(1), '<<', int(33)), 2);
    assert.equal(operate(INT, int(-16), '>>', int(2)), -4);
    assert.equal(operate(INT, int(-16), '>>>', int(28)), 15);
  });

  it('compares and tests equality', () => {
    assert.equal(operate(INT, int(3), '<', int(4)), true);
    assert.equal(operate(INT, int(3), '==', int(4)), false);
    assert.equal(operate(INT, int(3), '!=', int(4)), true);
  });
});

describe('emitter: uint, long and ulong arithmetic', () => {
  it('wraps uint modulo 2^32', () => {
    assert.equal(operate(UINT, lit(0, UINT), '-', lit(1, UINT)), 4294967295);
    assert.equal(operate(UINT, lit(4294967295, UINT), '*', lit(2, UINT)), 4294967294);
    assert.equal(operate(UINT, lit(4294967295, UINT), '/', lit(2, UINT)), 2147483647);
  });

  it('computes long with bigints and wraps at 64 bits', () => {
    assert.equal(operate(LONG, long(9223372036854775807n), '+', long(1n)), -9223372036854775808n);
    assert.equal(operate(LONG, long(-7n), '/', long(2n)), -3n);
    assert.equal(operate(LONG, long(-7n), '%', long(3n)), -1n);
    const l = symbol('l', LONG);
    const n = symbol('n', INT);
    const shifted = binary('<<', ref(l), ref(n));
    assert.equal(run([declare(l, long(1n)), declare(n, int(65)), ret(shifted)], LONG), 2n);
    throwsDotNet(() => operate(LONG, long(1n), '/', long(0n)), 'DivideByZeroException');
    throwsDotNet(() => operate(LONG, long(9223372036854775807n), '+', long(1n), true), 'OverflowException');
  });

  it('computes ulong unsigned', () => {
    assert.equal(operate(ULONG, lit(0n, ULONG), '-', lit(1n, ULONG)), 18446744073709551615n);
    throwsDotNet(() => operate(ULONG, lit(0n, ULONG), '-', lit(1n, ULONG), true), 'OverflowException');
  });

  it('widens int to long before the operation', () => {
    const a = symbol('a', INT);
    const b = symbol('b', LONG);
    const sum = binary('+', ref(a), ref(b));
    assert.equal(run([declare(a, int(2147483647)), declare(b, long(1n)), ret(sum)], sum.type), 2147483648n);
  });
});

describe('emitter: float, double and decimal arithmetic', () => {
  it('rounds every float result to float32', () => {
    const sum = operate(FLOAT, flt(0.1), '+', flt(0.2));
    assert.equal(sum, Math.fround(Math.fround(0.1) + Math.fround(0.2)));
    assert.equal(sum, Math.fround(0.3), '0.1f + 0.2f == 0.3f');
    assert.notEqual(operate(DOUBLE, dbl(0.1), '+', dbl(0.2)), 0.3);
  });

  it('divides doubles by zero to infinities and NaN, with no exception', () => {
    assert.equal(operate(DOUBLE, dbl(1), '/', dbl(0)), Infinity);
    assert.ok(Number.isNaN(operate(DOUBLE, dbl(0), '/', dbl(0))));
    assert.equal(operate(DOUBLE, dbl(0 / 0), '<', dbl(1)), false);
    assert.equal(operate(DOUBLE, dbl(0 / 0), '==', dbl(0 / 0)), false);
    assert.equal(operate(DOUBLE, dbl(0 / 0), '!=', dbl(0 / 0)), true);
  });

  it('adds decimals exactly', () => {
    const sum = operate(DECIMAL, dec('0.1'), '+', dec('0.2')) as Decimal;
    assert.ok(sum.eq(new Decimal('0.3')));
    assert.equal(operate(DECIMAL, dec('0.1'), '+', dec('0.2')) instanceof Decimal, true);
    const equal = symbol('s', DECIMAL);
    const test = binary('==', ref(equal), dec('0.3'));
    assert.equal(run([declare(equal, binary('+', dec('0.1'), dec('0.2'))), ret(test)], test.type), true);
    throwsDotNet(() => operate(DECIMAL, dec('1'), '/', dec('0')), 'DivideByZeroException');
  });
});

describe('emitter: compound assignment and increments', () => {
  it('evaluates x += y and x++ with C# results', () => {
    const x = symbol('x', INT);
    const y = symbol('y', INT);
    const result = run(
      [
        declare(x, int(2147483647)),
        expression(compound('+', x, int(1))),
        declare(y, increment(x, { postfix: true })),
        ret(binary('+', binary('*', ref(y), int(10)), ref(x))),
      ],
      INT,
    );
    // x wraps to int.MinValue, y is that old value, x is one more.
    assert.equal(result, ((-2147483648 * 10) | 0) + -2147483647);
  });

  it('narrows byte increments and compound assignments back to byte', () => {
    const b = symbol('b', BYTE);
    assert.equal(run([declare(b, lit(255, BYTE)), expression(increment(b)), ret(ref(b))], BYTE), 0);
    assert.equal(
      run([declare(b, lit(250, BYTE)), expression(compound('+', b, int(10))), ret(ref(b))], BYTE),
      4,
    );
  });

  it('divides a double in place and concatenates strings in place', () => {
    const d = symbol('d', DOUBLE);
    assert.equal(run([declare(d, dbl(7)), expression(compound('/', d, int(2))), ret(ref(d))], DOUBLE), 3.5);
  });
});

describe('emitter: numeric conversions', () => {
  it('truncates double to int, saturating, and wraps long to int', () => {
    const d = symbol('d', DOUBLE);
    assert.equal(run([declare(d, dbl(-3.9)), ret(cast(ref(d), INT))], INT), -3);
    assert.equal(run([declare(d, dbl(1e20)), ret(cast(ref(d), INT))], INT), 2147483647);
    const l = symbol('l', LONG);
    assert.equal(run([declare(l, long(4294967297n)), ret(cast(ref(l), INT))], INT), 1);
    throwsDotNet(
      () => run([declare(l, long(4294967297n)), ret(cast(ref(l), INT, true))], INT),
      'OverflowException',
    );
    throwsDotNet(() => run([declare(d, dbl(0 / 0)), ret(cast(ref(d), INT, true))], INT), 'OverflowException');
  });

  it('rounds to float and converts int to decimal exactly', () => {
    const i = symbol('i', INT);
    assert.equal(run([declare(i, int(16777217)), ret(cast(ref(i), FLOAT))], FLOAT), 16777216);
    const m = run([declare(i, int(-5)), ret(cast(ref(i), DECIMAL))], DECIMAL) as Decimal;
    assert.ok(m.eq(-5));
  });
});
