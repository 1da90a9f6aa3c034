/**
 * What embeddings and indexes add to a save and a load (docs/checkpoints.md): a graph of
 * `--elements` vertices, saved three ways in the same run:
 *   - bare: the vertices only (the reference);
 *   - with embeddings: one `--dimension` float32 vector per vertex;
 *   - with an index: a RangeIndex of `--indexKeys` Double keys (one per vertex, cycling).
 *
 *   node --expose-gc dist/bench/save-load-contents.js [--elements 200000] [--dimension 384]
 *                                                     [--indexKeys 1000000] [--runs 3] [--quick]
 *
 * Figures, medians of `--runs`: writer held (how long writes wait; embeddings are pinned, not copied, so
 * they should add nothing; indexes are captured, not serialized, under the hold), the event loop's longest
 * gap during the save, total save time, bytes written, load + install time and the loop's longest gap
 * meanwhile. References in the same run: a raw copy of the vector bytes (what copying the embeddings under
 * the hold would have cost), and the index serialized in one synchronous piece (what serializing it under
 * the hold costs).
 *
 * The loop's gap is the longest interval between two turns of a 1 ms timer started before the work (a
 * `monitorEventLoopDelay` histogram enabled just before a stall misses it: its first interval is not
 * recorded).
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  Engine,
  loadCheckpoint,
  installCheckpoint,
  saveCheckpoint,
  type WriteOperation,
} from '../src/index.js';
import { median, mib, num, numericFlags, seconds, table } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  { elements: 200_000, dimension: 384, indexKeys: 1_000_000, runs: 3 },
  { elements: 20_000, dimension: 128, indexKeys: 100_000, runs: 3 },
);
const { elements, dimension, indexKeys, runs } = flags;
printMachine('save and load: embeddings and indexes in a checkpoint');
console.log(
  `-- ${num(elements)} vertices; embeddings of dimension ${dimension}; a RangeIndex of ${num(indexKeys)} keys; ${runs} runs`,
);

async function vertices(count: number): Promise<Engine> {
  const engine = new Engine();
  for (let done = 0; done < count; done += 10_000) {
    const size = Math.min(10_000, count - done);
    await engine.createVertices(Array.from({ length: size }, () => ({})));
  }
  return engine;
}

const bare = await vertices(elements);
const embedded = await vertices(elements);
for (let done = 0; done < elements; done += 2_000) {
  const operations: WriteOperation[] = [];
  for (let id = done; id < Math.min(elements, done + 2_000); id++) {
    const vector = new Float32Array(dimension);
    for (let i = 0; i < dimension; i++) vector[i] = Math.sin(id * 0.37 + i);
    operations.push({ kind: 'setEmbedding', id, name: 'default', vector });
  }
  await embedded.submit(operations);
}
const indexed = await vertices(elements);
indexed.indexes.create('rank', 'RangeIndex');
for (let key = 0; key < indexKeys; key++) {
  indexed.indexes.add('rank', key % elements, { type: 'Double', value: key * 0.5 });
}

/** Longest interval between two turns of a 1 ms timer, from now until the returned stop is called. */
async function startGapProbe(): Promise<() => number> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  // A few turns first, so a stall at the very start of the work is measured like any other.
  await sleep(5);
  return () => {
    running = false;
    return Math.max(longest, performance.now() - last);
  };
}

const directory = await mkdtemp(path.join(os.tmpdir(), 'skein-save-contents-'));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/**
 * A full collection, then a pause: the sweeping that follows a forced collection of a large heap runs
 * on the next allocations (tens of ms on a loaded machine), which would be charged to the work measured
 * next. Collections the work itself provokes are still measured.
 */
async function collectGarbage(): Promise<void> {
  gc();
  await sleep(afterCollectionMs);
}

/** Idle time after a forced collection before a measurement starts. */
const afterCollectionMs = 250;

interface Run {
  heldMs: number;
  loopMs: number;
  saveMs: number;
  bytes: number;
  loadMs: number;
  loadLoopMs: number;
}

async function measure(engine: Engine, name: string): Promise<Run> {
  const results: Run[] = [];
  for (let run = 0; run < runs; run++) {
    await collectGarbage();
    const stopSaveProbe = await startGapProbe();
    const started = performance.now();
    const saved = await saveCheckpoint(engine, path.join(directory, `${name}-${run}.f8s`), { partitions: 3 });
    const saveMs = performance.now() - started;
    const loopMs = stopSaveProbe();
    await collectGarbage();
    const stopLoadProbe = await startGapProbe();
    const loadStarted = performance.now();
    const loaded = await loadCheckpoint(saved.location);
    await installCheckpoint(new Engine(), loaded);
    const loadMs = performance.now() - loadStarted;
    const loadLoopMs = stopLoadProbe();
    results.push({
      heldMs: saved.writerHeldMs,
      loopMs,
      saveMs,
      bytes: saved.totalBytes,
      loadMs,
      loadLoopMs,
    });
    for (const file of saved.files) await rm(file, { force: true });
  }
  const pick = (field: keyof Run) => median(results.map((result) => result[field]));
  return {
    heldMs: pick('heldMs'),
    loopMs: pick('loopMs'),
    saveMs: pick('saveMs'),
    bytes: pick('bytes'),
    loadMs: pick('loadMs'),
    loadLoopMs: pick('loadLoopMs'),
  };
}

const rows: string[][] = [
  ['graph', 'writer held', 'loop gap (save)', 'save', 'bytes', 'load + install', 'loop gap (load)'],
];
for (const [label, engine, name] of [
  ['vertices only (reference)', bare, 'bare'],
  [`+ ${num(elements)} embeddings x ${dimension}`, embedded, 'embedded'],
  [`+ RangeIndex, ${num(indexKeys)} keys`, indexed, 'indexed'],
] as const) {
  const run = await measure(engine, name);
  rows.push([
    label,
    `${run.heldMs.toFixed(1)} ms`,
    `${run.loopMs.toFixed(1)} ms`,
    seconds(run.saveMs),
    mib(run.bytes),
    seconds(run.loadMs),
    `${run.loadLoopMs.toFixed(1)} ms`,
  ]);
}
console.log(table(rows));

const vectorBytes = elements * dimension * 4;
const source = new Float32Array(vectorBytes / 4).fill(1);
const copyStarted = performance.now();
new Float32Array(vectorBytes / 4).set(source);
console.log(
  `reference: a raw copy of the ${mib(vectorBytes)} of vectors into a fresh buffer takes ` +
    `${(performance.now() - copyStarted).toFixed(1)} ms (what the hold would cost if the embeddings were copied)`,
);
const serializeRuns: number[] = [];
for (let run = 0; run < runs; run++) {
  gc();
  const serializeStarted = performance.now();
  indexed.indexes.serializeIndex('rank');
  serializeRuns.push(performance.now() - serializeStarted);
}
console.log(
  `reference: serializing the RangeIndex of ${num(indexKeys)} keys in one synchronous piece takes ` +
    `${median(serializeRuns).toFixed(1)} ms (what the hold would cost if the index were serialized under it)`,
);
await rm(directory, { recursive: true, force: true });
