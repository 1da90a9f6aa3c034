/**
 * How a search shares the event loop. Every algorithm is a generator that `yield`s after about
 * `unitsPerCheck` units of work (an adjacency pair read is one unit, a call of a caller-supplied rule or
 * cost `ruleCallUnits`); the driver looks at the clock at each yield, gives the event loop a turn once the
 * slice has lasted `sliceMs`, and stops the search when its deadline passes or its signal aborts.
 *
 * The generator keeps every piece of search state (frontiers, labels, partial paths) in its own locals
 * and fields, as element ids only, never as offsets into adjacency records: a write or an adjacency
 * compaction between two slices moves records, and the search re-reads the topology after each yield.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { PathBudgetExhausted, searchSliceMs, type SearchControl } from './model.js';

/**
 * Work units between two looks at the clock: a small fraction of a slice of plain adjacency reading, so a
 * slice ends close to its 8 ms, and a short search pays for no look at all.
 */
export const unitsPerCheck = 16_384;
/**
 * Units one call of a rule or cost function counts for. A compiled fragment call can cost as much as
 * hundreds of adjacency entries, so the clock is read after at most 32 of them.
 */
export const ruleCallUnits = 512;

/** The work counter the algorithms share with their rules (`StepRules` adds rule calls to it). */
export class WorkMeter {
  units = 0;
}

/** An algorithm: yields to let the driver look at the clock, returns its result. */
export type SearchTask<T> = Generator<void, T, void>;

function checkStop(control: SearchControl, budgetSeconds: number | undefined, now: number): void {
  if (control.signal?.aborted === true) throw new PathBudgetExhausted('aborted');
  if (control.deadlineMs !== undefined && now > control.deadlineMs) {
    throw new PathBudgetExhausted('deadline', budgetSeconds);
  }
}

/** Runs a search to its end on the calling turn (library use; the deadline and signal still apply). */
export function runToEnd<T>(task: SearchTask<T>, control: SearchControl = {}, budgetSeconds?: number): T {
  for (;;) {
    const step = task.next();
    if (step.done === true) return step.value;
    try {
      checkStop(control, budgetSeconds, performance.now());
    } catch (error) {
      task.return(undefined as never);
      throw error;
    }
  }
}

/** Runs a search in slices of at most `control.sliceMs`, yielding the event loop between them. */
export async function runSliced<T>(
  task: SearchTask<T>,
  control: SearchControl = {},
  budgetSeconds?: number,
): Promise<T> {
  const sliceMs = control.sliceMs ?? searchSliceMs;
  let sliceStart = performance.now();
  for (;;) {
    const step = task.next();
    if (step.done === true) return step.value;
    let now = performance.now();
    try {
      checkStop(control, budgetSeconds, now);
      if (now - sliceStart >= sliceMs) {
        await yieldToEventLoop();
        now = performance.now();
        checkStop(control, budgetSeconds, now);
        sliceStart = now;
      }
    } catch (error) {
      task.return(undefined as never);
      throw error;
    }
  }
}
