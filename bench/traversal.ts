/**
 * In-process traversal: follow every outgoing edge of every vertex, summing the target ids, through
 * `topologyView(engine.graph)` (the documented hot-loop view). Reference, same run, same graph: a raw CSR
 * loop (offsets + targets Int32Arrays built from the engine's edges). Both loops hoist their arrays into
 * local constants of one hot function; runs alternate so drift on a shared machine hits both alike.
 *
 *   node --expose-gc dist/bench/traversal.js [--vertices 1e6] [--edges 1e7] [--runs 9] [--quick]
 */
import { Engine, topologyView, type TopologyView } from '../src/index.js';
import {
  loadEdges,
  loadVertices,
  median,
  num,
  numericFlags,
  pct,
  rate,
  seconds,
  table,
  verdict,
} from './common.js';
import { printMachine } from './machine.js';

const targetRatio = 0.5;

const flags = numericFlags(
  { vertices: 1_000_000, edges: 10_000_000, runs: 9, warmup: 3, seed: 42 },
  { vertices: 100_000, edges: 1_000_000, runs: 7 },
);

interface Csr {
  vertices: number;
  offsets: Int32Array;
  targets: Int32Array;
  /** (edge id, target) per edge, in the same order as `targets`. */
  pairs: Int32Array;
}

/** Skein: every live vertex of the view (its vertex bitmap), every group of its out-record, every pair. */
function skeinOutSum(view: TopologyView): number {
  const bits = view.vertexBits;
  const first = view.first;
  const pool = view.pool;
  const words = bits.length;
  let sum = 0;
  for (let word = 0; word < words; word++) {
    let pending = bits[word];
    while (pending !== 0) {
      const lowest = pending & -pending;
      const id = (word << 5) | (31 - Math.clz32(lowest));
      pending ^= lowest;
      const record = first[id];
      if (record < 0) continue;
      const end = record + 2 + pool[record + 1];
      for (let group = record + 2; group < end;) {
        const stop = group + 2 + 2 * pool[group + 1];
        for (let at = group + 3; at < stop; at += 2) sum += pool[at];
        group = stop;
      }
    }
  }
  return sum;
}

/** Reference: the raw CSR loop. */
function csrOutSum(csr: Csr): number {
  const offsets = csr.offsets;
  const targets = csr.targets;
  const vertices = csr.vertices;
  let sum = 0;
  for (let v = 0; v < vertices; v++) {
    const end = offsets[v + 1];
    for (let i = offsets[v]; i < end; i++) sum += targets[i];
  }
  return sum;
}

// ---- where the time goes: each loop changes one thing, measured in the same alternating runs ----

/** CSR whose edge array holds (edge id, target) pairs, as Skein's records do: the stride's cost. */
function csrPairsOutSum(csr: Csr): number {
  const offsets = csr.offsets;
  const pairs = csr.pairs;
  const vertices = csr.vertices;
  let sum = 0;
  for (let v = 0; v < vertices; v++) {
    const end = 2 * offsets[v + 1];
    for (let i = 2 * offsets[v] + 1; i < end; i += 2) sum += pairs[i];
  }
  return sum;
}

/** The out-CSR of the engine's edges (edge-id order within a vertex, as the engine's groups keep them). */
function csrOf(engine: Engine, firstVertex: number, vertices: number): Csr {
  const view = topologyView(engine.graph);
  const offsets = new Int32Array(vertices + 1);
  let edgeTotal = 0;
  for (let id = 0; id < view.endId; id++) {
    if (view.kindType[id] >= 2) {
      offsets[view.first[id] - firstVertex + 1]++;
      edgeTotal++;
    }
  }
  for (let i = 0; i < vertices; i++) offsets[i + 1] += offsets[i];
  const targets = new Int32Array(edgeTotal);
  const pairs = new Int32Array(2 * edgeTotal);
  const fill = offsets.slice(0, vertices);
  for (let id = 0; id < view.endId; id++) {
    if (view.kindType[id] >= 2) {
      const at = fill[view.first[id] - firstVertex]++;
      targets[at] = view.second[id];
      pairs[2 * at] = id;
      pairs[2 * at + 1] = view.second[id];
    }
  }
  return { vertices, offsets, targets, pairs };
}

printMachine('traversal: follow every out-edge of every vertex');
const { vertices, edges, runs, warmup, seed } = flags;
console.log(
  `-- ${num(vertices)} vertices, ${num(edges)} edges (one edge type, uniform random endpoints, seed ${seed})`,
);

const engine = new Engine();
const t0 = performance.now();
const firstVertex = await loadVertices(engine, vertices);
await loadEdges(engine, firstVertex, vertices, edges, seed);
console.log(`build through Engine.submit: ${seconds(performance.now() - t0)}`);
const csr = csrOf(engine, firstVertex, vertices);
if (csr.targets.length !== edges)
  throw new Error(`the CSR holds ${csr.targets.length} edges, expected ${edges}`);
// The view as loaded (records scattered by growth), then after the engine's compaction (records packed in
// vertex order), which a bulk import runs at its end and the writer runs by itself once waste is high.
const loadedView = topologyView(engine.graph);
const loadedSnapshot: TopologyView = {
  ...loadedView,
  pool: new Int32Array(loadedView.pool),
  first: new Int32Array(loadedView.first),
};
const compactStart = performance.now();
await engine.compact();
const compactMs = performance.now() - compactStart;
// Writes are over: the view stays valid for every run below.
const view = topologyView(engine.graph);

interface Loop {
  name: string;
  run: () => number;
  times: number[];
  sum: number;
}
const loops: Loop[] = [
  { name: 'Skein topologyView (compacted)', run: () => skeinOutSum(view), times: [], sum: -1 },
  { name: 'raw CSR (reference)', run: () => csrOutSum(csr), times: [], sum: -1 },
  {
    name: '  Skein as loaded, before compaction',
    run: () => skeinOutSum(loadedSnapshot),
    times: [],
    sum: -1,
  },
  { name: '  CSR of (edge id, target) pairs', run: () => csrPairsOutSum(csr), times: [], sum: -1 },
];

for (let i = 0; i < warmup; i++) for (const loop of loops) loop.run();
for (let i = 0; i < runs; i++) {
  // Rotate the order so no loop always runs on a cache another one warmed.
  for (let k = 0; k < loops.length; k++) {
    const loop = loops[(i + k) % loops.length];
    const t = performance.now();
    loop.sum = loop.run();
    loop.times.push(performance.now() - t);
  }
}

const [skein, reference] = loops;
const rateOf = (loop: Loop) => edges / (median(loop.times) / 1000);
const ratio = rateOf(skein) / rateOf(reference);
const pairRatios = skein.times.map((ms, i) => reference.times[i] / ms);
console.log(
  `median of ${runs} runs after ${warmup} warm-up runs each; edges/s = ${num(edges)} / median time`,
);
console.log();
const row = (loop: Loop) => [
  loop.name,
  seconds(median(loop.times)),
  seconds(Math.min(...loop.times)),
  seconds(Math.max(...loop.times)),
  rate(rateOf(loop)),
  pct(rateOf(loop) / rateOf(reference)),
  num(loop.sum),
];
const header = ['loop', 'median', 'min', 'max', 'edges/s', 'x CSR', 'target sum'];
console.log(table([header, row(skein), row(reference)]));
console.log();
console.log(
  `Skein / raw CSR: ${pct(ratio)} (median of per-run ratios ${pct(median(pairRatios))}); ` +
    `target >= ${pct(targetRatio)}: ${verdict(ratio >= targetRatio)}`,
);
console.log();
console.log('where the time goes (each loop changes one thing; same runs):');
console.log(`(engine.compact() on this graph: ${seconds(compactMs)}; writes wait meanwhile, reads do not)`);
console.log(table([header, ...loops.slice(2).map(row)]));
const mismatched = loops.filter((loop) => loop.sum !== reference.sum);
if (mismatched.length > 0) {
  for (const loop of mismatched)
    console.error(`SUM MISMATCH: ${loop.name.trim()} ${loop.sum} vs CSR ${reference.sum}`);
  process.exit(1);
}
console.log(`sums equal: yes (${num(reference.sum)})`);
