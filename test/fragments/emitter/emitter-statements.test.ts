import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoundStatement } from '../../../src/fragments/binder/bound.js';
import { FragmentBudgetExceeded, FragmentException } from '../../../src/fragments/runtime/index.js';
import { BOOL, CHAR, INT, STRING, arrayOf } from '../../../src/fragments/types/index.js';
import {
  assign,
  binary,
  block,
  bool,
  breakStatement,
  compound,
  continueStatement,
  declare,
  doLoop,
  expression,
  forLoop,
  foreachLoop,
  ifThen,
  increment,
  int,
  nul,
  ref,
  ret,
  str,
  symbol,
  whileLoop,
} from './bound-builders.js';
import { emptyRuntime, run } from './harness.js';

const span = { start: 0, end: 0 };

function array(...values: number[]) {
  return {
    kind: 'ArrayCreation' as const,
    elementType: INT,
    elements: values.map(int),
    type: arrayOf(INT),
    ...span,
  };
}

describe('emitter: loops', () => {
  it('runs while with continue and break', () => {
    const i = symbol('i', INT);
    const sum = symbol('sum', INT);
    const body = block(
      expression(increment(i)),
      ifThen(binary('==', binary('%', ref(i), int(2)), int(0)), continueStatement),
      ifThen(binary('>', ref(i), int(9)), breakStatement),
      expression(compound('+', sum, ref(i))),
    );
    const result = run(
      [declare(i, int(0)), declare(sum, int(0)), whileLoop(bool(true), body), ret(ref(sum))],
      INT,
    );
    assert.equal(result, 1 + 3 + 5 + 7 + 9);
  });

  it('runs a do body once even when the condition is false', () => {
    const n = symbol('n', INT);
    assert.equal(
      run([declare(n, int(0)), doLoop(expression(increment(n)), bool(false)), ret(ref(n))], INT),
      1,
    );
  });

  it('runs for with its initializers once and its incrementors after each iteration', () => {
    const i = symbol('i', INT);
    const product = symbol('p', INT);
    const loop = forLoop(
      [declare(i, int(1))],
      binary('<=', ref(i), int(5)),
      [increment(i, { postfix: true })],
      expression(compound('*', product, ref(i))),
    );
    assert.equal(run([declare(product, int(1)), loop, ret(ref(product))], INT), 120);
  });

  it('iterates arrays, strings and iterables with foreach', () => {
    const x = symbol('x', INT);
    const total = symbol('total', INT);
    const overArray = foreachLoop(x, array(1, 2, 3), 'array', INT, expression(compound('+', total, ref(x))));
    assert.equal(run([declare(total, int(0)), overArray, ret(ref(total))], INT), 6);
    const overIterable = foreachLoop(
      x,
      array(4, 5),
      'enumerable',
      INT,
      expression(compound('+', total, ref(x))),
    );
    assert.equal(run([declare(total, int(0)), overIterable, ret(ref(total))], INT), 9);
    const c = symbol('c', CHAR);
    const count = symbol('count', INT);
    const overString = foreachLoop(
      c,
      str('a\u00e9b'),
      'string',
      CHAR,
      ifThen(binary('>', ref(c), int(127)), expression(increment(count))),
    );
    assert.equal(run([declare(count, int(0)), overString, ret(ref(count))], INT), 1);
  });

  it('throws NullReferenceException for foreach over null', () => {
    const s = symbol('s', STRING);
    const c = symbol('c', CHAR);
    assert.throws(
      () => run([declare(s, nul()), foreachLoop(c, ref(s), 'string', CHAR, block()), ret(bool(true))], BOOL),
      (error: unknown) => error instanceof FragmentException && error.name === 'NullReferenceException',
    );
  });
});

describe('emitter: the step budget', () => {
  const forever: [string, () => BoundStatement][] = [
    ['while (true) {}', () => whileLoop(bool(true), block())],
    ['do {} while (true)', () => doLoop(block(), bool(true))],
    ['for (;;) {}', () => forLoop([], undefined, [], block())],
  ];
  for (const [name, loop] of forever) {
    it(`stops ${name} with FragmentBudgetExceeded`, () => {
      const rt = emptyRuntime(10_000);
      assert.throws(() => run([loop(), ret(bool(true))], BOOL, rt), FragmentBudgetExceeded);
    });
  }

  it('refills the budget at each call of the root delegate', () => {
    const rt = emptyRuntime(1_000);
    const i = symbol('i', INT);
    const loop = forLoop([declare(i, int(0))], binary('<', ref(i), int(900)), [increment(i)], block());
    assert.equal(run([loop, ret(bool(true))], BOOL, rt), true);
    assert.equal(run([loop, ret(bool(true))], BOOL, rt), true);
  });

  it('counts each iteration, so a loop under the budget completes', () => {
    const rt = emptyRuntime(100);
    const i = symbol('i', INT);
    const n = symbol('n', INT);
    const loop = whileLoop(
      binary('<', ref(i), int(99)),
      block(expression(assign(i, binary('+', ref(i), int(1))))),
    );
    assert.equal(run([declare(i, int(0)), declare(n, int(0)), loop, ret(ref(i))], INT, rt), 99);
    const tooLong = whileLoop(
      binary('<', ref(i), int(101)),
      block(expression(assign(i, binary('+', ref(i), int(1))))),
    );
    assert.throws(() => run([declare(i, int(0)), tooLong, ret(ref(i))], INT, rt), FragmentBudgetExceeded);
  });
});
