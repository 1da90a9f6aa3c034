/**
 * The cooperative execution budget of fragments. The emitter inserts `rt.tick()` at the head of every loop
 * iteration and every lambda body, and `rt.enter()` at the head of the top-level delegate, so a fragment
 * that never ends is stopped with `FragmentBudgetExceeded` instead of holding the event loop for ever.
 *
 * Unit: steps per top-level call of the compiled delegate (one filter or cost evaluation of one element).
 * `enter()` refills the budget, nested lambdas and loops only spend it. Per call rather than per request
 * because a legitimate traversal calls the delegate once per element it reaches, millions of times, and the
 * work per call is what a fragment author controls: a per-request total would fail large graphs for
 * fragments that are cheap per element. Bounding a whole request's time is the calling route's job.
 */

/**
 * Default steps per call (`Svc:Fragments:MaxSteps`). A tick is a decrement and a compare, cheap beside any
 * realistic loop body, so a runaway fragment is stopped within a fraction of a second; legitimate fragments
 * loop over one element's edges or properties, and 10 million leaves room for hubs with millions of edges
 * walked by a few nested LINQ operators.
 */
export const DEFAULT_MAX_FRAGMENT_STEPS = 10_000_000;
/** Smallest budget the configuration accepts: below it realistic fragments over a hub would fail. */
export const MIN_MAX_FRAGMENT_STEPS = 1_000;
/** Largest budget: it keeps the step counter a small integer (a Smi) on every platform. */
export const MAX_MAX_FRAGMENT_STEPS = 2 ** 30;

/** Raised when a fragment spends its whole budget; the calling route answers a 4xx problem. */
export class FragmentBudgetExceeded extends Error {
  override readonly name = 'FragmentBudgetExceeded';

  constructor(readonly maxSteps: number) {
    super(
      `The fragment was stopped after ${maxSteps} steps (loop iterations and lambda invocations in one call); ` +
        'the limit is Svc:Fragments:MaxSteps.',
    );
  }
}

export function isFragmentBudgetExceeded(error: unknown): error is FragmentBudgetExceeded {
  return error instanceof FragmentBudgetExceeded;
}

/**
 * The step counter. `tick()` is a decrement and a compare so it inlines into the fragment's loops; the
 * throw lives in a separate method to keep it small. The runtime object extends this class, so generated
 * code reaches it as `rt.tick()` without another indirection.
 */
export class ExecutionBudget {
  private stepsLeft: number;

  constructor(readonly maxSteps: number = DEFAULT_MAX_FRAGMENT_STEPS) {
    if (!Number.isInteger(maxSteps) || maxSteps < 1 || maxSteps > MAX_MAX_FRAGMENT_STEPS) {
      throw new RangeError(
        `maxSteps must be an integer from 1 to ${MAX_MAX_FRAGMENT_STEPS}, got ${maxSteps}`,
      );
    }
    this.stepsLeft = maxSteps;
  }

  /** Refills the budget: the first statement of the top-level delegate. */
  enter(): void {
    this.stepsLeft = this.maxSteps;
  }

  /** Spends one step: the first statement of every loop iteration and lambda body. */
  tick(): void {
    if (--this.stepsLeft < 0) this.exhausted();
  }

  /** Steps spent since the last `enter()`. */
  get stepsTaken(): number {
    return this.maxSteps - Math.max(0, this.stepsLeft);
  }

  private exhausted(): never {
    this.stepsLeft = 0;
    throw new FragmentBudgetExceeded(this.maxSteps);
  }
}
