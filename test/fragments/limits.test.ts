/**
 * Fragment bounds at their edges (docs/limits.md): blocks nested `maxSyntaxNestingDepth` deep are read,
 * one more is refused with CS8078; a call takes exactly `maxSteps` steps, the next one stops it. (The
 * fragment and generated-source lengths have their edge tests in syntax/parser.test.ts and compiler.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFragment } from '../../src/fragments/syntax/parser.js';
import { maxSyntaxNestingDepth } from '../../src/fragments/limits.js';
import { ExecutionBudget, FragmentBudgetExceeded } from '../../src/fragments/runtime/budget.js';

const nestedBlocks = (depth: number): string => '{'.repeat(depth) + '}'.repeat(depth);

describe('fragment nesting limit', () => {
  it(`reads blocks nested ${maxSyntaxNestingDepth} deep`, () => {
    assert.deepEqual(parseFragment(nestedBlocks(maxSyntaxNestingDepth)).diagnostics, []);
  });

  it(`refuses blocks nested ${maxSyntaxNestingDepth + 1} deep with CS8078 alone`, () => {
    assert.deepEqual(
      parseFragment(nestedBlocks(maxSyntaxNestingDepth + 1)).diagnostics.map((diagnostic) => diagnostic.id),
      ['CS8078'],
    );
  });
});

describe('fragment step budget', () => {
  it('lets a call take exactly maxSteps steps and stops it at the next', () => {
    const budget = new ExecutionBudget(1_000);
    budget.enter();
    for (let step = 0; step < 1_000; step++) budget.tick();
    assert.equal(budget.stepsTaken, 1_000);
    assert.throws(
      () => budget.tick(),
      (error) => error instanceof FragmentBudgetExceeded && error.maxSteps === 1_000,
    );
  });
});
