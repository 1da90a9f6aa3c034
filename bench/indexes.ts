/**
 * Secondary indexes, in process: a RangeIndex over 1M distinct Double keys (one element each) answering
 * range scans of 100 ids, and a DictionaryIndex over 1M Int32 keys answering equality lookups. Each
 * figure sits beside a reference measured in the same run over the same keys:
 *
 * - range scan: a binary search over a plain sorted Float64Array of the keys, then copying the 100 ids
 *   from a parallel Int32Array (the floor of any ordered structure in JS);
 * - equality lookup: `Map<number, number>.get` of the same keys.
 *
 * Skein is measured at two levels: the index itself (`RangeIndex.range`, `DictionaryIndex.scan`) and the
 * registry verb the routes call (`engine.indexes.range` / `.scan`: the same plus the kind/label filter
 * over the graph, the ascending sort and de-duplication, into a fresh array). Build times (1M inserts),
 * heap per key, and a NotEquals pass over every key (the linear worst case) in one go and in the route's
 * slices, with the longest event-loop stall the sliced one causes, are printed too. Median of `runs`
 * rounds; cases alternate within a round.
 *
 *   node --expose-gc dist/bench/indexes.js [--keys 1e6] [--scans 2e5] [--lookups 2e6] [--runs 7] [--quick]
 */
import { DictionaryIndex, Engine, RangeIndex, ScanOperator, type TypedValue } from '../src/index.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { median, num, numericFlags, pct, rate, seconds, table } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  { keys: 1_000_000, scans: 200_000, lookups: 2_000_000, runs: 7, width: 100, seed: 42 },
  { keys: 100_000, scans: 50_000, lookups: 500_000, runs: 5 },
);
const { keys, scans, lookups, runs, width } = flags;

/** xorshift32: a seeded stream, so every run draws the same keys and queries. */
function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function forceGc(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) for (let i = 0; i < 4; i++) gc();
}

function heapUsed(): number {
  forceGc();
  return process.memoryUsage().heapUsed;
}

/** Runs `body` and answers operations per second. */
function timed(operations: number, body: () => void): number {
  const t0 = performance.now();
  body();
  return (operations / (performance.now() - t0)) * 1000;
}

printMachine('secondary indexes (in process)');
const next = random(flags.seed);

// ---- keys: distinct doubles in random order, element i under key i ----

const keyValues = new Float64Array(keys);
{
  const seen = new Set<number>();
  for (let i = 0; i < keys; i++) {
    let k: number;
    do k = Math.round(next() * keys * 1000) / 10;
    while (seen.has(k));
    seen.add(k);
    keyValues[i] = k;
  }
}
const typedKeys: TypedValue[] = Array.from(keyValues, (value) => ({ type: 'Double', value }));

// Reference structure: keys sorted, ids in key order.
const order = Int32Array.from({ length: keys }, (_, i) => i);
const sortT0 = performance.now();
order.sort((a, b) => keyValues[a] - keyValues[b]);
const sortedKeys = Float64Array.from(order, (i) => keyValues[i]);
const sortMs = performance.now() - sortT0;

const engine = new Engine();
await engine.submit(Array.from({ length: keys }, () => ({ kind: 'createVertex' as const, input: {} })));
engine.indexes.create('range', 'RangeIndex');
engine.indexes.create('dict', 'DictionaryIndex');
const rangeIndex = engine.indexes.get('range') as RangeIndex;
const dictionaryIndex = engine.indexes.get('dict') as DictionaryIndex;

let heapBefore = heapUsed();
const rangeBuildT0 = performance.now();
for (let i = 0; i < keys; i++) rangeIndex.add(i, typedKeys[i]);
const rangeBuildMs = performance.now() - rangeBuildT0;
const rangeBytes = heapUsed() - heapBefore;

const intKeys: TypedValue[] = Array.from({ length: keys }, (_, i) => ({ type: 'Int32', value: i * 7 }));
heapBefore = heapUsed();
const dictBuildT0 = performance.now();
for (let i = 0; i < keys; i++) dictionaryIndex.add(i, intKeys[i]);
const dictBuildMs = performance.now() - dictBuildT0;
const dictBytes = heapUsed() - heapBefore;

const referenceMap = new Map<number, number>();
const mapBuildT0 = performance.now();
for (let i = 0; i < keys; i++) referenceMap.set(i * 7, i);
const mapBuildMs = performance.now() - mapBuildT0;

// ---- queries: range [sorted[s], sorted[s + width]) returns exactly `width` ids ----

const starts = Int32Array.from({ length: scans }, () => Math.floor(next() * (keys - width - 1)));
const lefts: TypedValue[] = Array.from(starts, (s) => ({ type: 'Double', value: sortedKeys[s] }));
const rights: TypedValue[] = Array.from(starts, (s) => ({ type: 'Double', value: sortedKeys[s + width] }));
const probes = Int32Array.from({ length: lookups }, () => Math.floor(next() * keys) * 7);
const probeKeys: TypedValue[] = Array.from(probes, (value) => ({ type: 'Int32', value }));

let sink = 0;

function referenceRange(): void {
  const out = new Int32Array(width);
  for (let q = 0; q < scans; q++) {
    const left = lefts[q].value as number;
    const right = rights[q].value as number;
    let low = 0;
    let high = keys;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sortedKeys[mid] < left) low = mid + 1;
      else high = mid;
    }
    let n = 0;
    for (let at = low; at < keys && sortedKeys[at] < right; at++) out[n++] = order[at];
    sink += n;
  }
}

function indexRange(): void {
  const out: number[] = [];
  const visit = (id: number) => void out.push(id);
  for (let q = 0; q < scans; q++) {
    out.length = 0;
    rangeIndex.range(lefts[q], rights[q], true, false, visit);
    sink += out.length;
  }
}

function registryRange(): void {
  const filter = { resultType: 'Vertices' as const };
  for (let q = 0; q < scans; q++) {
    sink += engine.indexes.range('range', lefts[q], rights[q], true, false, filter)!.length;
  }
}

function referenceLookup(): void {
  for (let q = 0; q < lookups; q++) sink += referenceMap.get(probes[q]) ?? 0;
}

function indexLookup(): void {
  const visit = (id: number) => void (sink += id);
  for (let q = 0; q < lookups; q++) dictionaryIndex.scan(ScanOperator.Equals, probeKeys[q], visit);
}

function registryLookup(): void {
  const filter = { resultType: 'Vertices' as const };
  for (let q = 0; q < lookups; q++)
    sink += engine.indexes.scan('dict', ScanOperator.Equals, probeKeys[q], filter)![0];
}

// Correctness check before timing: every query returns exactly `width` ids, the same as the reference.
{
  const got = engine.indexes.range('range', lefts[0], rights[0], true, false, { resultType: 'Vertices' })!;
  const expected = [...order.subarray(starts[0], starts[0] + width)].sort((a, b) => a - b);
  if (got.length !== width || got.some((id, i) => id !== expected[i])) throw new Error('range check failed');
  const hit = engine.indexes.scan('dict', ScanOperator.Equals, probeKeys[0], { resultType: 'Vertices' })!;
  if (hit.length !== 1 || hit[0] !== referenceMap.get(probes[0])) throw new Error('lookup check failed');
}

interface Case {
  name: string;
  operations: number;
  run: () => void;
}
const rangeCases: Case[] = [
  {
    name: 'reference: binary search over a sorted Float64Array + copy ids',
    operations: scans,
    run: referenceRange,
  },
  { name: 'RangeIndex.range (the index)', operations: scans, run: indexRange },
  {
    name: "engine.indexes.range (filter, sort, new array; the route's call)",
    operations: scans,
    run: registryRange,
  },
];
const lookupCases: Case[] = [
  { name: 'reference: Map<number, number>.get', operations: lookups, run: referenceLookup },
  { name: 'DictionaryIndex.scan(Equals) (the index)', operations: lookups, run: indexLookup },
  {
    name: "engine.indexes.scan(Equals) (filter, sort, new array; the route's call)",
    operations: lookups,
    run: registryLookup,
  },
];

function measure(cases: Case[]): number[][] {
  const samples: number[][] = cases.map(() => []);
  for (const c of cases) c.run(); // warm-up
  for (let round = 0; round < runs; round++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (round + k) % cases.length;
      samples[i].push(timed(cases[i].operations, cases[i].run));
    }
  }
  return samples;
}

function report(title: string, unit: string, cases: Case[], samples: number[][]): void {
  const reference = median(samples[0]);
  console.log(`\n${title}`);
  console.log(
    table([
      ['case', `median ${unit}`, 'min', 'max', 'x reference', 'us per op'],
      ...cases.map((c, i) => {
        const m = median(samples[i]);
        return [
          c.name,
          rate(m),
          rate(Math.min(...samples[i])),
          rate(Math.max(...samples[i])),
          pct(m / reference),
          (1e6 / m).toFixed(2),
        ];
      }),
    ]),
  );
}

console.log(
  `keys ${num(keys)} (distinct Doubles for the range index, Int32 for the dictionary); ${runs} rounds`,
);
report(
  `Range scan returning ${width} ids (${num(scans)} scans per round)`,
  'scans/s',
  rangeCases,
  measure(rangeCases),
);
report(`Equality lookup (${num(lookups)} lookups per round)`, 'lookups/s', lookupCases, measure(lookupCases));

const notMinusOne: TypedValue = { type: 'Double', value: -1 };
const fullT0 = performance.now();
const everything = engine.indexes.scan('range', ScanOperator.NotEquals, notMinusOne, {
  resultType: 'Vertices',
})!;
const fullMs = performance.now() - fullT0;
// The route's form: the same scan in slices. The longest event-loop stall each run causes is what a
// server sees; the reference is the longest stall of an idle loop watched for as long.
const stallRuns = flags.quick ? 3 : 5;
const slicedMsRuns: number[] = [];
const stallMsRuns: number[] = [];
const idleStallMsRuns: number[] = [];
for (let run = 0; run < stallRuns; run++) {
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const slicedT0 = performance.now();
  const slicedAll = (await engine.indexes.scanSliced('range', ScanOperator.NotEquals, notMinusOne, {
    resultType: 'Vertices',
  }))!;
  const slicedMs = performance.now() - slicedT0;
  stalls.disable();
  if (slicedAll.length !== everything.length) throw new Error('sliced scan check failed');
  slicedMsRuns.push(slicedMs);
  stallMsRuns.push(stalls.max / 1e6);
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, slicedMs));
  idle.disable();
  idleStallMsRuns.push(idle.max / 1e6);
}
const stallSummary = (values: number[]) =>
  `median ${median(values).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;

console.log('\nBuild and size');
console.log(
  table([
    ['what', 'time', 'rate', 'heap per key'],
    [
      `RangeIndex: ${num(keys)} adds in random key order`,
      seconds(rangeBuildMs),
      rate((keys / rangeBuildMs) * 1000),
      `${(rangeBytes / keys).toFixed(0)} B`,
    ],
    ['reference: sort a Float64Array of the keys', seconds(sortMs), rate((keys / sortMs) * 1000), ''],
    [
      `DictionaryIndex: ${num(keys)} adds`,
      seconds(dictBuildMs),
      rate((keys / dictBuildMs) * 1000),
      `${(dictBytes / keys).toFixed(0)} B`,
    ],
    ['reference: Map.set of the keys', seconds(mapBuildMs), rate((keys / mapBuildMs) * 1000), ''],
    [`NotEquals over every key, one go (${num(everything.length)} ids)`, seconds(fullMs), '', ''],
    [`same, sliced (the route), median of ${stallRuns}`, seconds(median(slicedMsRuns)), '', ''],
  ]),
);
console.log(`longest event-loop stall per sliced run: ${stallSummary(stallMsRuns)}`);
console.log(`reference, an idle loop watched as long:  ${stallSummary(idleStallMsRuns)}`);
if (sink === 42) console.log('');
