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

/** Every GC pause of the process, to charge each measurement its share of GC time. */
const gcPauses: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push({ start: entry.startTime, duration: entry.duration });
}).observe({ entryTypes: ['gc'] });

function gcTimeBetween(from: number, to: number): number {
  let total = 0;
  for (const pause of gcPauses) if (pause.start >= from && pause.start < to) total += pause.duration;
  return total;
}

interface Sample {
  rate: number;
  gcShare: number;
}

/** Submits `count` transactions made by `submit(i)`, `inFlight` at a time (await the last, repeat). */
async function measure(
  count: number,
  inFlight: number,
  submit: (i: number) => Promise<unknown>,
): Promise<Sample> {
  const t0 = performance.now();
  for (let done = 0; done < count;) {
    const size = Math.min(inFlight, count - done);
    let last: Promise<unknown> | undefined;
    for (let k = 0; k < size; k++) last = submit(done + k);
    await last;
    done += size;
  }
  const t1 = performance.now();
  // GC entries are delivered asynchronously: let the observer catch up before reading them.
  await new Promise((resolve) => setTimeout(resolve, 10));
  return { rate: (count / (t1 - t0)) * 1000, gcShare: gcTimeBetween(t0, t1) / (t1 - t0) };
}

printMachine('single-element write transactions (in process, no log)');
const { count, runs, inFlight } = flags;

const engine = new Engine();
// setProperty targets: vertices created up front, outside any measurement.
await engine.submit(Array.from({ length: count }, () => ({ kind: 'createVertex' as const, input: {} })));
const propertyTargets = count;

const floor = promiseFloor();
let version = 0;
interface Case {
  name: string;
  submit: (i: number) => Promise<unknown>;
  reference?: boolean;
}
const cases: Case[] = [
  { name: 'floor: Promise + queued object per item (reference)', submit: (i) => floor(i), reference: true },
  { name: 'engine.createVertex()', submit: () => engine.createVertex() },
  {
    name: "engine.submit([{ kind: 'createVertex' }])",
    submit: () => engine.submit([{ kind: 'createVertex', input: {} }]),
  },
  {
    // What createVertex() would cost without its async wrapper (a candidate implementation, via the public API).
    name: 'engine.submit([...]).then((r) => r.createdIds[0])',
    submit: () => engine.submit([{ kind: 'createVertex', input: {} }]).then((r) => r.createdIds[0]),
  },
  {
    name: 'engine.setProperty(id, Int32) on existing vertices',
    submit: (i) => {
      const value: TypedValue = { type: 'Int32', value: version + i };
      return engine.setProperty(i % propertyTargets, 'score', value);
    },
  },
];

async function series(inFlightNow: number, runCount: number): Promise<Sample[][]> {
  const samples: Sample[][] = cases.map(() => []);
  for (const c of cases) await measure(Math.min(count, 100_000), inFlightNow, c.submit);
  version += count;
  for (let run = 0; run < runCount; run++) {
    for (let k = 0; k < cases.length; k++) {
      const index = (run + k) % cases.length;
      samples[index].push(await measure(count, inFlightNow, cases[index].submit));
    }
    version += count; // every setProperty run writes new values, so none is a no-op
  }
  return samples;
}

function report(samples: Sample[][], withTarget: boolean): void {
  const floorRate = median(samples[0].map((s) => s.rate));
  const header = ['transaction', 'median', 'min', 'max', 'x floor', 'GC share'];
  console.log(
    table([
      withTarget ? [...header, 'target', ''] : header,
      ...cases.map((c, i) => {
        const rates = samples[i].map((s) => s.rate);
        const m = median(rates);
        const row = [
          c.name,
          rate(m),
          rate(Math.min(...rates)),
          rate(Math.max(...rates)),
          pct(m / floorRate),
          pct(median(samples[i].map((s) => s.gcShare))),
        ];
        if (!withTarget) return row;
        return [
          ...row,
          c.reference === true ? '' : `>= ${rate(target)}`,
          c.reference === true ? '' : verdict(m >= target),
        ];
      }),
    ]),
  );
}

console.log(
  `-- ${num(count)} transactions per run, ${num(inFlight)} in flight, median of ${runs} runs after one warm-up`,
);
console.log();
report(await series(inFlight, runs), true);

// Where the time goes: the same loops with fewer transactions in flight (fewer survivors per scavenge).
const sensitivityRuns = Math.min(runs, 3);
for (const fewer of [1_000, 100]) {
  if (fewer >= inFlight) continue;
  console.log();
  console.log(`same, ${num(fewer)} in flight (median of ${sensitivityRuns} runs):`);
  report(await series(fewer, sensitivityRuns), false);
}
// Where the GC time comes from: heap each queued (submitted, not yet applied) transaction keeps alive.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc !== undefined) {
  const queued = 50_000;
  const rows: string[][] = [['transaction', 'heap per queued transaction']];
  for (const c of cases) {
    await engine.flush();
    for (let i = 0; i < 4; i++) gc();
    const before = process.memoryUsage().heapUsed;
    const held = new Array<Promise<unknown>>(queued);
    for (let i = 0; i < queued; i++) held[i] = c.submit(i);
    for (let i = 0; i < 4; i++) gc(); // synchronous: the writer's drain (a microtask) has not run yet
    const bytes = (process.memoryUsage().heapUsed - before) / queued - 8; // minus the `held` slot
    await Promise.all(held);
    version += queued;
    rows.push([c.name, `${bytes.toFixed(0)} B`]);
  }
  console.log();
  console.log(`heap kept alive per queued transaction (${num(queued)} submitted, before the writer drains):`);
  console.log(table(rows));
}
console.log();
console.log(`engine after the runs: ${num(engine.vertexCount)} vertices`);
