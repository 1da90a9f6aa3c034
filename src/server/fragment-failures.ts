/**
 * How a route answers when a compiled fragment fails while it runs (docs/fragments.md, Run-time
 * failures): the one mapping from `fragmentFailure`'s classes to problems of the registry.
 *
 * - The step budget (`Svc:Fragments:MaxSteps`) ran out: 422, titled `Fragment step budget exceeded`, the
 *   detail naming the limit and its key, `maxSteps` as an extension member. The request was understood but
 *   the fragment it carries cannot be run within the deployment's limit.
 * - The fragment raised a .NET exception (a null dereference, a division by zero, ...): 500, titled
 *   `Fragment failed`, detail `the fragment failed: <ExceptionName>: <message>`, `exceptionName` as an
 *   extension member. As in the ancestor, a fragment that throws makes the route fail with 500.
 * - Anything else is a defect of the compiler or runtime, not of the fragment: rethrown unchanged, so the
 *   error handler logs it and answers its generic 500.
 *
 * A route runs its fragments inside `try { ... } catch (error) { throwFragmentFailure(error); }`.
 */
import { fragmentFailure } from '../fragments/index.js';
import { problem, type ProblemError } from './problems/problem.js';

/** The problem for an error a running fragment threw; undefined when the error is not the fragment's. */
export function fragmentFailureProblem(error: unknown): ProblemError | undefined {
  const failure = fragmentFailure(error);
  if (failure === undefined) return undefined;
  if (failure.kind === 'budget') {
    return problem('FRAGMENT_STEP_BUDGET_EXCEEDED', failure.message, { maxSteps: failure.maxSteps });
  }
  return problem('FRAGMENT_FAILED', failure.message, { exceptionName: failure.exceptionName });
}

/** For a route's catch block: throws the fragment's problem, or the error itself when it is something else. */
export function throwFragmentFailure(error: unknown): never {
  throw fragmentFailureProblem(error) ?? error;
}
