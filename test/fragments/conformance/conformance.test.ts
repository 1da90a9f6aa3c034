/**
 * The conformance runner: compiles every case of the corpus (index.ts) with `compileFragment`, and runs
 * the compiled delegate against the sample graph (sample-graph.ts), one test per case.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { compileFragment } from '../../../src/fragments/compiler.js';
import { isError, toWireDiagnostics, type Diagnostic } from '../../../src/fragments/diagnostics.js';
import {
  EMPTY_TRAVERSAL_CONTEXT,
  FragmentException,
  TraversalContext,
  createFragmentRuntime,
  isFragmentBudgetExceeded,
  type FragmentRuntime,
} from '../../../src/fragments/runtime/index.js';
import { DELEGATE_KINDS } from '../../../src/fragments/types/index.js';
import { DEFAULT_BUDGET_CASE_STEPS, type ConformanceCase } from './corpus.js';
import { CONFORMANCE_CASES } from './index.js';
import { EDGE_PROPERTY_FILTER_INPUTS, buildSampleGraph, type SampleGraph } from './sample-graph.js';

type Compile = typeof compileFragment;
type Delegate = (input: unknown) => unknown;

const compile: Compile = compileFragment;

describe('fragment conformance corpus', () => {
  let sample: SampleGraph;
  before(async () => {
    sample = await buildSampleGraph();
  });
  for (const testCase of CONFORMANCE_CASES) {
    it(testCase.name, () => {
      try {
        runCase(compile, sample, testCase);
      } catch (error) {
        if (testCase.unsure !== undefined && error instanceof Error) {
          error.message += `\n(this expectation is flagged for double-checking: ${testCase.unsure})`;
        }
        throw error;
      }
    });
  }
});

interface Input {
  readonly name: string;
  readonly make: (rt: FragmentRuntime) => unknown;
}

/** What the delegate of a kind is run on, in id order (the corpus relies on the order). */
function inputsOf(kind: ConformanceCase['kind'], sample: SampleGraph): Input[] {
  const named = (ids: readonly number[], make: (rt: FragmentRuntime, id: number) => unknown): Input[] =>
    ids.map((id) => ({ name: sample.nameOf.get(id)!, make: (rt) => make(rt, id) }));
  switch (kind) {
    case 'VertexFilter':
    case 'VertexCost':
      return named(sample.vertexIds, (rt, id) => rt.vertex(id));
    case 'EdgeFilter':
    case 'EdgeCost':
      return named(sample.edgeIds, (rt, id) => rt.edge(id));
    case 'GraphElementFilter':
      return named([...sample.vertexIds, ...sample.edgeIds], (rt, id) => rt.element(id));
    case 'EdgePropertyFilter':
      return EDGE_PROPERTY_FILTER_INPUTS.map((type) => ({ name: type, make: () => type }));
  }
}

function describeDiagnostics(diagnostics: readonly Diagnostic[], text: string): string {
  const wire = toWireDiagnostics(diagnostics, text);
  return wire.length === 0
    ? '(none)'
    : wire.map((w) => `${w.id} ${w.line}:${w.column}-${w.endLine}:${w.endColumn} ${w.message}`).join('\n  ');
}

function sameNumber(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

function runCase(compileFragment: Compile, sample: SampleGraph, testCase: ConformanceCase): void {
  const { expect } = testCase;
  const outcome = compileFragment<Delegate>(DELEGATE_KINDS[testCase.kind], testCase.fragment);

  if ('diagnostics' in expect) {
    if (outcome.ok) assert.fail('expected the compile to fail, but it compiled');
    const errors = toWireDiagnostics(outcome.diagnostics.filter(isError), outcome.text);
    const reported = `reported:\n  ${describeDiagnostics(outcome.diagnostics.filter(isError), outcome.text)}`;
    assert.deepEqual(
      errors.map((e) => e.id),
      expect.diagnostics.map((e) => e.id),
      `diagnostic ids differ; ${reported}`,
    );
    expect.diagnostics.forEach((wanted, i) => {
      if (wanted.line === undefined) return;
      assert.deepEqual(
        { line: errors[i].line, column: errors[i].column },
        { line: wanted.line, column: wanted.column },
        `position of ${wanted.id} (#${i + 1}); ${reported}`,
      );
    });
    return;
  }

  if (!outcome.ok) {
    assert.fail(
      `expected the fragment to compile; reported:\n  ${describeDiagnostics(outcome.diagnostics, outcome.text)}`,
    );
  }
  const fragment = outcome.fragment;
  assert.equal(fragment.empty, testCase.fragment.trim() === '', 'CompiledFragment.empty');

  const budgetCase = 'budgetExceeded' in expect;
  const rt = createFragmentRuntime({
    graph: sample.engine.graph,
    maxSteps: testCase.maxSteps ?? (budgetCase ? DEFAULT_BUDGET_CASE_STEPS : undefined),
  });
  const context =
    testCase.context === undefined
      ? EMPTY_TRAVERSAL_CONTEXT
      : new TraversalContext({
          queryVector: Float32Array.from(testCase.context.queryVector),
          metric: testCase.context.metric,
          embeddingName: testCase.context.embeddingName,
        });
  const inputs = inputsOf(testCase.kind, sample);

  if ('budgetExceeded' in expect) {
    assert.throws(
      () => {
        const delegate = fragment.factory(rt, context);
        assert.equal(typeof delegate, 'function', 'the factory answers a delegate');
        for (const input of inputs) (delegate as Delegate)(input.make(rt));
      },
      (error: unknown) => isFragmentBudgetExceeded(error),
      'expected the step budget to stop the fragment',
    );
    return;
  }

  const delegate = fragment.factory(rt, context);
  if ('empty' in expect) {
    assert.equal(delegate, null, 'expected the factory to answer no delegate');
    return;
  }
  assert.equal(typeof delegate, 'function', 'the factory answers a delegate');
  const run = delegate as Delegate;

  if ('passes' in expect) {
    const passed: string[] = [];
    for (const input of inputs) {
      const result = run(input.make(rt));
      assert.equal(typeof result, 'boolean', `a filter answers a boolean (${input.name}: ${String(result)})`);
      if (result) passed.push(input.name);
    }
    assert.deepEqual([...passed].sort(), [...expect.passes].sort(), 'the elements the filter passes');
    return;
  }

  if ('costs' in expect) {
    const mismatches: string[] = [];
    for (const input of inputs) {
      const cost = run(input.make(rt));
      assert.equal(typeof cost, 'number', `a cost is a number (${input.name}: ${String(cost)})`);
      const wanted = expect.costs[input.name] ?? expect.otherwise;
      if (wanted === undefined) assert.fail(`the case names no cost for ${input.name}`);
      if (!sameNumber(cost as number, wanted))
        mismatches.push(`${input.name}: ${String(cost)}, expected ${wanted}`);
    }
    assert.deepEqual(mismatches, [], 'costs differ');
    return;
  }

  // runtimeError
  const thrownOn: string[] = [];
  for (const input of inputs) {
    try {
      run(input.make(rt));
    } catch (error) {
      if (!(error instanceof FragmentException) || error.name !== expect.runtimeError) {
        if (error instanceof Error)
          error.message = `on ${input.name}, expected ${expect.runtimeError}: ${error.message}`;
        throw error;
      }
      thrownOn.push(input.name);
    }
  }
  if (expect.on === undefined) assert.ok(thrownOn.length > 0, `expected a ${expect.runtimeError}`);
  else
    assert.deepEqual(
      [...thrownOn].sort(),
      [...expect.on].sort(),
      `the elements that throw ${expect.runtimeError}`,
    );
}
