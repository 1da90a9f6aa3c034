/**
 * The cost of a fragment's step budget (test/fragments/runtime/budget.test.ts checks how many steps the
 * budget allows; how long they take is measured here, not asserted): `ExecutionBudget.tick()` is the first
 * statement of every loop iteration and lambda body of a compiled fragment, so a full budget
 * (`DEFAULT_MAX_FRAGMENT_STEPS` ticks) is timed beside, in the same run, a loop that decrements and tests
 * a local counter (the tick's work inlined by hand). Medians of `runs` rounds; the loops alternate.
 *
 *   node dist/bench/fragments-budget.js [--ticks 1e7] [--runs 9] [--quick]
 */
import { DEFAULT_MAX_FRAGMENT_STEPS, ExecutionBudget } from '../src/fragments/runtime/index.js';
import { median, num, numericFlags, seconds, table } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags({ ticks: DEFAULT_MAX_FRAGMENT_STEPS, runs: 9 }, { runs: 5 });
const { ticks, runs } = flags;

function budgetTicks(): number {
  const budget = new ExecutionBudget(ticks);
  budget.enter();
  for (let i = 0; i < ticks; i++) budget.tick();
  return budget.stepsTaken;
}

function inlinedCounter(): number {
  let left = ticks;
  let taken = 0;
  for (let i = 0; i < ticks; i++) {
    if (--left < 0) throw new Error('unreachable: the counter holds every step');
    taken++;
  }
  return taken;
}

const loops = [
  { name: 'ExecutionBudget.tick()', run: budgetTicks, times: [] as number[] },
  { name: 'a local counter, decremented and tested (reference)', run: inlinedCounter, times: [] as number[] },
];

printMachine('fragment step budget: the cost of a tick');
for (let round = 0; round < runs + 2; round++) {
  for (let k = 0; k < loops.length; k++) {
    const loop = loops[(round + k) % loops.length];
    const started = performance.now();
    const taken = loop.run();
    const elapsedMs = performance.now() - started;
    if (taken !== ticks) throw new Error(`${loop.name} took ${taken} steps, expected ${ticks}`);
    if (round >= 2) loop.times.push(elapsedMs); // two warm-up rounds
  }
}
const [budget, reference] = loops.map((loop) => median(loop.times));
console.log(
  table([
    ['loop', `${num(ticks)} steps`, 'ns per step', 'vs reference'],
    ...loops.map((loop) => {
      const ms = median(loop.times);
      return [loop.name, seconds(ms), ((ms * 1e6) / ticks).toFixed(2), `${(ms / reference).toFixed(2)}x`];
    }),
  ]),
);
console.log(`medians of ${runs} rounds after 2 warm-up rounds; a full budget costs ${seconds(budget)}`);
