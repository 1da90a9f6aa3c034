import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandling } from '../../src/server/conventions/errors.js';
import { fragmentFailureProblem, throwFragmentFailure } from '../../src/server/fragment-failures.js';
import { problems } from '../../src/server/problems/registry.js';
import { ExecutionBudget, FragmentBudgetExceeded } from '../../src/fragments/runtime/budget.js';
import { FragmentException, nullReference } from '../../src/fragments/runtime/exceptions.js';
import { assertProblem, Client } from '../support/server.js';

/** What each test-only route's "fragment" does when called. */
const fragments: Record<string, () => unknown> = {
  budget: () => {
    const budget = new ExecutionBudget(1_000);
    budget.enter();
    for (;;) budget.tick();
  },
  'null-reference': () => {
    throw nullReference();
  },
  'divide-by-zero': () => {
    throw new FragmentException('DivideByZeroException', 'Attempted to divide by zero.');
  },
  'out-of-memory': () => 'x'.repeat(2 ** 30),
  defect: () => {
    throw new TypeError('rt.nope is not a function');
  },
  fine: () => true,
};

describe('fragment failures on a route', () => {
  let app: FastifyInstance;
  let client: Client;
  before(async () => {
    app = Fastify({ logger: false });
    registerErrorHandling(app);
    // Test-only: a route that runs a "fragment" the way path and subgraph routes run theirs.
    app.get<{ Params: { name: string } }>('/run/:name', async (request) => {
      try {
        return { result: fragments[request.params.name]() };
      } catch (error) {
        throwFragmentFailure(error);
      }
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    client = new Client(url);
  });
  after(() => app.close());

  it('a fragment that returns normally is untouched', async () => {
    const reply = await client.get('/run/fine');
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body, { result: true });
  });

  it('a step-budget stop is 422, titled after the budget, naming the limit and its key', async () => {
    const problem = assertProblem(await client.get('/run/budget'), 422);
    assert.equal(problem.title, 'Fragment step budget exceeded');
    assert.equal(problem.title, problems.FRAGMENT_STEP_BUDGET_EXCEEDED.title);
    assert.match(String(problem.detail), /after 1000 steps/);
    assert.match(String(problem.detail), /Svc:Fragments:MaxSteps/);
    assert.equal(problem.maxSteps, 1000);
  });

  it('a .NET exception is 500 "the fragment failed: <ExceptionName>: <message>"', async () => {
    const problem = assertProblem(await client.get('/run/null-reference'), 500);
    assert.equal(problem.title, 'Fragment failed');
    assert.equal(
      problem.detail,
      'the fragment failed: NullReferenceException: Object reference not set to an instance of an object.',
    );
    assert.equal(problem.exceptionName, 'NullReferenceException');
    const division = assertProblem(await client.get('/run/divide-by-zero'), 500);
    assert.equal(division.detail, 'the fragment failed: DivideByZeroException: Attempted to divide by zero.');
  });

  it('a string grown past the engine limit is .NET running out of memory: 500 OutOfMemoryException', async () => {
    const problem = assertProblem(await client.get('/run/out-of-memory'), 500);
    assert.match(String(problem.detail), /^the fragment failed: OutOfMemoryException: /);
  });

  it('any other error is rethrown: the generic internal-error 500, not a fragment failure', async () => {
    const problem = assertProblem(await client.get('/run/defect'), 500);
    assert.equal(problem.title, 'Internal Server Error');
    assert.doesNotMatch(String(problem.detail), /fragment/);
  });
});

describe('fragmentFailureProblem', () => {
  it('is undefined for an error that is not a fragment failure', () => {
    assert.equal(fragmentFailureProblem(new Error('boom')), undefined);
    assert.equal(fragmentFailureProblem('a string'), undefined);
  });

  it('throwFragmentFailure rethrows the very error it was given when it is not the fragment’s', () => {
    const defect = new TypeError('x');
    assert.throws(
      () => throwFragmentFailure(defect),
      (error) => error === defect,
    );
    assert.throws(() => throwFragmentFailure(new FragmentBudgetExceeded(5)), { status: 422 });
  });
});
