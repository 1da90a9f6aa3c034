/**
 * Exact kNN over a vector index (docs/vectors.md): queries/s and GB/s of vectors scanned for each metric,
 * beside the practical memory-read roof of Node on this machine measured in the same run over the same
 * memory: a WebAssembly SIMD sum of every byte the scan reads. A plain JavaScript loop over the same vectors
 * is reported too. Then several queries answered in one pass over the vectors (queries/s beside the
 * single-query figure), the sliced scan the HTTP route runs, and the bookkeeping bytes per vector.
 *
 * Runs alternate the roof and the metrics, so drift on a shared machine hits all alike; figures are
 * medians. The second size (dimension 384, 1,000,000 vectors, 1.5 GB) runs unless `--large 0`.
 *
 *   node --expose-gc dist/bench/vector-knn.js [--vectors 1e5] [--dimension 768] [--k 10] [--batch 32]
 *        [--runs 9] [--large 1] [--quick]
 */
import { Engine, addVector, type VectorIndex } from '../src/index.js';
import { search, searchSliced } from '../src/engine/indexes/vector/knn.js';
import { scratchBytes, type VectorSet } from '../src/engine/vectors/set.js';
import type { VectorMetric } from '../src/engine/vectors/metric.js';
import {
  loadVertices,
  median,
  num,
  numericFlags,
  pct,
  seededRandom,
  settledMemory,
  table,
  verdict,
} from './common.js';
import { printMachine } from './machine.js';

const target = 0.7;
const metrics: readonly VectorMetric[] = ['DotProduct', 'Cosine', 'L2'];

const flags = numericFlags(
  {
    vectors: 100_000,
    dimension: 768,
    k: 10,
    batch: 32,
    runs: 9,
    large: 1,
    largeVectors: 1_000_000,
    largeDimension: 384,
    seed: 7,
  },
  { vectors: 20_000, runs: 5, large: 0 },
);

interface Fixture {
  engine: Engine;
  index: VectorIndex;
  set: VectorSet;
  bytes: number;
  random: () => number;
}

function randomVector(random: () => number, dimension: number): Float32Array {
  const vector = new Float32Array(dimension);
  for (let i = 0; i < dimension; i++) vector[i] = random() * 2 - 1;
  return vector;
}

async function build(vectors: number, dimension: number, metric: VectorMetric): Promise<Fixture> {
  const engine = new Engine();
  await loadVertices(engine, vectors);
  engine.indexes.create(
    'v',
    'VectorIndex',
    new Map([
      ['dimension', { type: 'Int32', value: dimension }],
      ['metric', { type: 'String', value: metric }],
    ]),
  );
  const random = seededRandom(flags.seed);
  const vector = new Float32Array(dimension);
  for (let id = 0; id < vectors; id++) {
    for (let i = 0; i < dimension; i++) vector[i] = random() * 2 - 1;
    addVector(engine, 'v', { graphElementId: id, vector });
  }
  const index = engine.indexes.get('v') as VectorIndex;
  const set = index.vectors()!;
  return { engine, index, set, bytes: set.slotCount * set.strideBytes, random };
}

/** The roof: a WebAssembly SIMD sum of every vector byte, segment by segment. */
function roofSum(set: VectorSet): number {
  let sum = 0;
  set.segments.forEach((segment, i) => {
    const slots = Math.min(set.slotsPerSegment, set.slotCount - i * set.slotsPerSegment);
    sum += segment.kernel.sum(scratchBytes, slots * set.strideBytes);
  });
  return sum;
}

/** A plain JavaScript dot-product kNN (scores only, then a sort of nothing: the loop is the point). */
function plainDotScan(set: VectorSet, query: Float32Array): number {
  let best = -Infinity;
  const dimension = set.dimension;
  set.segments.forEach((segment, s) => {
    const floats = segment.floats;
    const slots = Math.min(set.slotsPerSegment, set.slotCount - s * set.slotsPerSegment);
    let at = scratchBytes >>> 2;
    for (let slot = 0; slot < slots; slot++, at += set.strideFloats) {
      let dot = 0;
      for (let i = 0; i < dimension; i++) dot += query[i] * floats[at + i];
      if (dot > best) best = dot;
    }
  });
  return best;
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

async function timeAsync(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const gbPerSecond = (bytes: number, ms: number) => bytes / ms / 1e6;

async function measure(label: string, vectors: number, dimension: number): Promise<void> {
  const before = await settledMemory();
  const started = performance.now();
  const fixture = await build(vectors, dimension, 'Cosine');
  const loadMs = performance.now() - started;
  const after = await settledMemory([fixture.engine]);
  const { engine, set, bytes, random } = fixture;
  const graph = engine.graph;
  const gigabytes = bytes / 1e9;
  console.log(
    `-- ${label}: ${num(vectors)} vectors of dimension ${dimension} (${gigabytes.toFixed(2)} GB), k=${flags.k}`,
  );
  console.log(`   loaded through addVector in ${(loadMs / 1000).toFixed(1)} s`);

  const timings = new Map<string, number[]>();
  const record = (name: string, ms: number) => {
    const list = timings.get(name) ?? [];
    list.push(ms);
    timings.set(name, list);
  };
  const batch = Array.from({ length: flags.batch }, () => randomVector(random, dimension));
  for (let run = 0; run < flags.runs + 2; run++) {
    const query = randomVector(random, dimension);
    const warm = run < 2;
    const roof = time(() => roofSum(set));
    if (!warm) record('roof', roof);
    for (const metric of metrics) {
      const ms = time(() => search(graph, set, metric, [query], flags.k));
      if (!warm) record(metric, ms);
    }
    if (run % 3 === 0) {
      const ms = time(() => plainDotScan(set, query));
      if (!warm) record('plain', ms);
    }
    for (const metric of metrics) {
      if (run % 3 !== 1 && !warm) continue;
      const ms = time(() => search(graph, set, metric, batch, flags.k));
      if (!warm) record(`batch ${metric}`, ms);
    }
    if (run % 3 === 2 || warm) {
      const ms = await timeAsync(() => searchSliced(graph, set, 'Cosine', [query], flags.k));
      if (!warm) record('sliced', ms);
    }
  }
  const med = (name: string) => median(timings.get(name)!);
  const roofMs = med('roof');
  const rows: string[][] = [['scan', 'ms/pass', 'queries/s', 'GB/s', 'of roof', `target ${pct(target)}`]];
  rows.push([
    'WebAssembly SIMD sum (roof)',
    med('roof').toFixed(1),
    '',
    gbPerSecond(bytes, roofMs).toFixed(2),
    '100%',
    '',
  ]);
  for (const metric of metrics) {
    const ms = med(metric);
    const ratio = roofMs / ms;
    rows.push([
      `kNN ${metric}`,
      ms.toFixed(1),
      num(1000 / ms, 1),
      gbPerSecond(bytes, ms).toFixed(2),
      pct(ratio),
      metric === 'L2' ? '(reported)' : verdict(ratio >= target),
    ]);
  }
  const plain = med('plain');
  rows.push([
    'plain JS dot loop (reference)',
    plain.toFixed(1),
    num(1000 / plain, 1),
    gbPerSecond(bytes, plain).toFixed(2),
    pct(roofMs / plain),
    '',
  ]);
  const sliced = med('sliced');
  rows.push([
    'kNN Cosine, sliced (HTTP route)',
    sliced.toFixed(1),
    num(1000 / sliced, 1),
    gbPerSecond(bytes, sliced).toFixed(2),
    pct(roofMs / sliced),
    '',
  ]);
  console.log(table(rows));
  console.log();
  const batchRows: string[][] = [
    ['batch of ' + flags.batch, 'ms/pass', 'queries/s', 'single queries/s', 'per-query speed-up'],
  ];
  for (const metric of metrics) {
    const ms = med(`batch ${metric}`);
    const perSecond = (flags.batch * 1000) / ms;
    const single = 1000 / med(metric);
    batchRows.push([
      `kNN ${metric}`,
      ms.toFixed(1),
      num(perSecond, 1),
      num(single, 1),
      `${(perSecond / single).toFixed(1)}x`,
    ]);
  }
  console.log(table(batchRows));
  const rssPerVector = (after.rss - before.rss) / vectors;
  let segmentBytes = 0;
  for (const segment of set.segments) segmentBytes += segment.byteLength;
  const bookkeeping = (set.committedBytes - segmentBytes) / vectors;
  const slack =
    (segmentBytes - set.segments.length * scratchBytes - set.slotCount * set.strideBytes) / vectors;
  console.log();
  console.log(
    `memory   vectors ${set.strideBytes} B + bookkeeping ${bookkeeping.toFixed(1)} B per vector ` +
      `(owner id, norm, id-to-slot column; budget 64 B), plus ${slack.toFixed(1)} B of committed growth room ` +
      `not yet used; process resident ${num(rssPerVector, 0)} B/vector (engine and heap included)`,
  );
  console.log();
}

printMachine('exact kNN (vector index)');
await measure('A', flags.vectors, flags.dimension);
if (flags.large !== 0) await measure('B', flags.largeVectors, flags.largeDimension);
