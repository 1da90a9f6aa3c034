import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../src/config/index.js';
import {
  DEFAULT_MAX_FRAGMENT_STEPS,
  ExecutionBudget,
  FragmentBudgetExceeded,
  FragmentException,
  createFragmentRuntime,
  fragmentFailure,
  type VertexView,
} from '../../../src/fragments/runtime/index.js';
import { Engine } from '../../../src/index.js';
import { emitted, runtimeFixture } from './helpers.js';

describe('execution budget', () => {
  it('stops a fragment that never ends with FragmentBudgetExceeded carrying the budget', async () => {
    const { rt, alice } = await runtimeFixture(50_000);
    const forever = emitted<(v: VertexView) => boolean>(
      rt,
      null,
      'return (v) => { rt.enter(); for (;;) { rt.tick(); } };',
    );
    assert.throws(
      () => forever(rt.vertex(alice)),
      (error: unknown) => error instanceof FragmentBudgetExceeded && error.maxSteps === 50_000,
    );
  });

  it('counts lambda invocations inside LINQ as steps', async () => {
    const { rt } = await runtimeFixture(1_000);
    const counting = emitted<() => number>(
      rt,
      null,
      'return () => { rt.enter(); return rt.linq.Count(rt.linq.Where(rt.linq.Range(rt, 0, 400), (x) => { rt.tick(); return x % 2 === 0; })); };',
    );
    assert.equal(counting(), 200, '400 elements and 400 lambda calls fit in 1000 steps');
    const tooMany = emitted<() => number>(
      rt,
      null,
      'return () => { rt.enter(); return rt.linq.Count(rt.linq.Where(rt.linq.Range(rt, 0, 600), (x) => { rt.tick(); return true; })); };',
    );
    assert.throws(() => tooMany(), FragmentBudgetExceeded);
  });

  it('stops LINQ sources that generate without a lambda', async () => {
    const { rt } = await runtimeFixture(10_000);
    assert.throws(
      () => rt.linq.SumInt64(rt.linq.Select(rt.linq.Range(rt, 0, 2_000_000_000), BigInt)),
      FragmentBudgetExceeded,
    );
  });

  it('refills the budget at every top-level call', async () => {
    const { rt, alice } = await runtimeFixture(1_000);
    const loop = emitted<(v: VertexView) => number>(
      rt,
      null,
      'return (v) => { rt.enter(); let n = 0; for (let i = 0; i < 900; i++) { rt.tick(); n++; } return n; };',
    );
    for (let call = 0; call < 5; call++) assert.equal(loop(rt.vertex(alice)), 900);
    assert.equal(rt.stepsTaken, 900);
  });

  // The cost of a tick, beside a hand-inlined counter, is measured by bench/fragments-budget.ts.
  it('allows exactly maxSteps ticks after enter, then refuses every further tick', () => {
    const budget = new ExecutionBudget(DEFAULT_MAX_FRAGMENT_STEPS);
    budget.enter();
    for (let i = 0; i < DEFAULT_MAX_FRAGMENT_STEPS; i++) budget.tick();
    assert.equal(budget.stepsTaken, DEFAULT_MAX_FRAGMENT_STEPS);
    assert.throws(() => budget.tick(), FragmentBudgetExceeded);
    assert.throws(() => budget.tick(), FragmentBudgetExceeded, 'stays exhausted until the next enter');
  });

  it('takes its size from Svc:Fragments:MaxSteps, 10,000,000 by default', () => {
    assert.equal(loadConfig({}).settings.fragments.maxSteps, 10_000_000);
    const { settings } = loadConfig({ env: { Svc__Fragments__MaxSteps: '5000' } });
    assert.equal(settings.fragments.maxSteps, 5_000);
    assert.equal(
      createFragmentRuntime({ graph: new Engine().graph, maxSteps: settings.fragments.maxSteps }).maxSteps,
      5_000,
    );
    assert.equal(createFragmentRuntime({ graph: new Engine().graph }).maxSteps, DEFAULT_MAX_FRAGMENT_STEPS);
  });

  it('rejects a budget outside its range', () => {
    assert.throws(() => new ExecutionBudget(0), RangeError);
    assert.throws(() => new ExecutionBudget(1.5), RangeError);
  });
});

describe('fragment failures as a route reports them', () => {
  it('classifies the budget, .NET exceptions and runaway memory; leaves defects alone', () => {
    assert.deepEqual(fragmentFailure(new FragmentBudgetExceeded(10))?.kind, 'budget');
    const failure = fragmentFailure(
      new FragmentException(
        'NullReferenceException',
        'Object reference not set to an instance of an object.',
      ),
    );
    assert.deepEqual(failure, {
      kind: 'exception',
      exceptionName: 'NullReferenceException',
      message:
        'the fragment failed: NullReferenceException: Object reference not set to an instance of an object.',
    });
    let tooLong: unknown;
    try {
      'x'.repeat(2 ** 30);
    } catch (error) {
      tooLong = error;
    }
    assert.equal(fragmentFailure(tooLong)?.kind, 'exception');
    assert.equal(fragmentFailure(new TypeError('x is not a function')), undefined);
  });
});
