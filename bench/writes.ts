/**
 * In-process single-element write transactions, no log: each createVertex / setProperty is its own
 * transaction, submitted in a loop with a bounded number in flight (submit `inFlight`, await the last,
 * repeat). Reference, same run: the per-transaction floor of any promise-returning API, i.e. a loop that
 * creates one Promise per item, pushes an object to an array, and resolves it from a microtask drain,
 * with the same batching.
 *
 *   node --expose-gc dist/bench/writes.js [--count 1e6] [--runs 5] [--inFlight 1e4] [--quick]
 */
import { Engine, type TypedValue } from '../src/index.js';
import { median, num, numericFlags, pct, rate, table, verdict } from './common.js';
import { printMachine } from './machine.js';

const target = 500_000;

const flags = numericFlags({ count: 1_000_000, runs: 5, inFlight: 10_000 }, { count: 100_000, runs: 3 });

/** The floor: one Promise and one queued object per item, resolved by a drain, as a writer must. */
function promiseFloor(): (value: number) => Promise<number> {
  let queue: { value: number; resolve: (value: number) => void }[] = [];
  let draining = false;
  const drain = () => {
    const batch = queue;
    queue = [];
    draining = false;
    for (const item of batch) item.resolve(item.value);
  };
  return (value) =>
    new Promise<number>((resolve) => {
      queue.push({ value, resolve });
      if (!draining) {
        draining = true;
        queueMicrotask(drain);
      }
    });
}

/** Submits `count` transactions made by `submit(i)`, `inFlight` at a time; answers transactions/s. */
async function measure(count: number, submit: (i: number) => Promise<unknown>): Promise<number> {
  const { inFlight } = flags;
  const t0 = performance.now();
  for (let done = 0; done < count;) {
    const size = Math.min(inFlight, count - done);
    let last: Promise<unknown> | undefined;
    for (let k = 0; k < size; k++) last = submit(done + k);
    await last;
    done += size;
  }
  return (count / (performance.now() - t0)) * 1000;
}

printMachine('single-element write transactions (in process, no log)');
const { count, runs, inFlight } = flags;
console.log(
  `-- ${num(count)} transactions per run, ${num(inFlight)} in flight, median of ${runs} runs after one warm-up`,
);

const engine = new Engine();
// setProperty targets: vertices created up front, outside any measurement.
await engine.submit(Array.from({ length: count }, () => ({ kind: 'createVertex' as const, input: {} })));
const propertyTargets = count;

const floor = promiseFloor();
let version = 0;
interface Case {
  name: string;
  submit: (i: number) => Promise<unknown>;
  rates: number[];
  reference?: boolean;
}
const cases: Case[] = [
  {
    name: 'floor: Promise + queued object per item (reference)',
    submit: (i) => floor(i),
    rates: [],
    reference: true,
  },
  { name: 'engine.createVertex()', submit: () => engine.createVertex(), rates: [] },
  {
    name: "engine.submit([{ kind: 'createVertex' }])",
    submit: () => engine.submit([{ kind: 'createVertex', input: {} }]),
    rates: [],
  },
  {
    name: 'engine.setProperty(id, Int32) on existing vertices',
    submit: (i) => {
      const value: TypedValue = { type: 'Int32', value: version + i };
      return engine.setProperty(i % propertyTargets, 'score', value);
    },
    rates: [],
  },
];

for (const c of cases) await measure(Math.min(count, 100_000), c.submit);
version += count;
for (let run = 0; run < runs; run++) {
  for (let k = 0; k < cases.length; k++) {
    const c = cases[(run + k) % cases.length];
    c.rates.push(await measure(count, c.submit));
  }
  version += count; // every setProperty run writes new values, so none is a no-op
}

const floorRate = median(cases[0].rates);
console.log();
console.log(
  table([
    ['transaction', 'median', 'min', 'max', 'x floor', 'target', ''],
    ...cases.map((c) => {
      const m = median(c.rates);
      return [
        c.name,
        rate(m),
        rate(Math.min(...c.rates)),
        rate(Math.max(...c.rates)),
        pct(m / floorRate),
        c.reference === true ? '' : `>= ${rate(target)}`,
        c.reference === true ? '' : verdict(m >= target),
      ];
    }),
  ]),
);
console.log();
console.log(`engine after the runs: ${num(engine.vertexCount)} vertices`);
