/**
 * Save and load of a checkpoint (docs/checkpoints.md): 1M vertices and 10M edges, built through the library
 * as memory.ts and traversal.ts build them, plus `--propertyVertices` vertices carrying three properties
 * (Int32, Double, 8-character String) so the side-value path is measured too.
 *
 *   node --expose-gc dist/bench/save-load.js [--vertices 1e6] [--edges 1e7] [--propertyVertices 0]
 *                                            [--partitions 3] [--runs 3] [--quick]
 *
 * Figures, each beside a reference measured in the same run on the same disk:
 *   - writer held per save (how long writes wait), per million elements; target <= 20 ms per million.
 *     Reference: a raw typed-array copy of the same bytes into fresh buffers and into touched ones.
 *   - total save time and bytes written. Reference: fs.writeFile of the same byte count + fsync.
 *   - longest write latency and the event loop's longest delay while the save runs (a write is submitted
 *     every millisecond meanwhile). Reference: the same probes with nothing running.
 *   - boot load rate (load + install, elements per second); target >= 2M/s. Reference: fs.readFile of
 *     the checkpoint's bytes.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  Engine,
  loadCheckpoint,
  installCheckpoint,
  takeSnapshot,
  writeCheckpoint,
  type CheckpointWriteResult,
  type GraphSnapshot,
  type WriteOperation,
} from '../src/index.js';
import {
  loadEdges,
  loadVertices,
  median,
  mib,
  num,
  numericFlags,
  rate,
  seconds,
  table,
  verdict,
} from './common.js';
import { printMachine } from './machine.js';

const targets = { heldMsPerMillion: 20, loadPerSecond: 2_000_000, eventLoopMs: 50 };

const flags = numericFlags(
  { vertices: 1_000_000, edges: 10_000_000, propertyVertices: 0, partitions: 0, runs: 3, seed: 42 },
  { vertices: 100_000, edges: 1_000_000, propertyVertices: 100_000, runs: 3 },
);
const partitions = flags.partitions > 0 ? flags.partitions : undefined;

printMachine('save and load: checkpoint of a whole namespace');
const { vertices, edges, propertyVertices, runs, seed } = flags;
console.log(
  `-- ${num(vertices)} vertices, ${num(edges)} edges (one type, uniform random endpoints, seed ${seed})` +
    `, ${num(propertyVertices)} more vertices with 3 properties; ${runs} runs each`,
);

const engine = new Engine();
const buildStart = performance.now();
const firstVertex = await loadVertices(engine, vertices);
await loadEdges(engine, firstVertex, vertices, edges, seed);
for (let done = 0; done < propertyVertices; done += 10_000) {
  const size = Math.min(10_000, propertyVertices - done);
  const operations: WriteOperation[] = [];
  for (let i = 0; i < size; i++) {
    const n = done + i;
    operations.push({
      kind: 'createVertex',
      input: {
        label: 'item',
        properties: [
          { key: 'rank', value: { type: 'Int32', value: n } },
          { key: 'score', value: { type: 'Double', value: n / 7 } },
          { key: 'name', value: { type: 'String', value: `n${String(n).padStart(7, '0')}` } },
        ],
      },
    });
  }
  await engine.submit(operations);
}
const elements = engine.vertexCount + engine.edgeCount;
console.log(
  `build through Engine.submit: ${seconds(performance.now() - buildStart)}; ${num(elements)} elements`,
);

const directory = await mkdtemp(path.join(os.tmpdir(), 'skein-save-load-'));
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/**
 * Writes submitted every millisecond while `work` runs: their longest latency, and the loop's longest
 * and 99th-percentile delay.
 */
async function probed<T>(
  work: () => Promise<T>,
): Promise<{ value: T; maxWriteMs: number; maxLoopMs: number; p99LoopMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  let running = true;
  let maxWriteMs = 0;
  const writing = (async () => {
    for (let n = 0; running; n++) {
      const started = performance.now();
      await engine.setProperty(firstVertex, 'probe', { type: 'Int32', value: n });
      maxWriteMs = Math.max(maxWriteMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  const value = await work();
  running = false;
  await writing;
  histogram.disable();
  return { value, maxWriteMs, maxLoopMs: histogram.max / 1e6, p99LoopMs: histogram.percentile(99) / 1e6 };
}

// ---- references, same run ----
/** Raw copy of `bytes` bytes of typed arrays: into fresh buffers (first-touch page faults) and touched ones. */
function rawCopyMs(bytes: number): { fresh: number; touched: number } {
  const source = new Int32Array(Math.ceil(bytes / 4));
  source.fill(7);
  let started = performance.now();
  const target = new Int32Array(new SharedArrayBuffer(source.byteLength));
  target.set(source);
  const fresh = performance.now() - started;
  started = performance.now();
  target.set(source);
  return { fresh, touched: performance.now() - started };
}

async function rawWriteMs(bytes: number): Promise<number> {
  const data = Buffer.alloc(bytes, 1);
  const file = path.join(directory, 'raw.bin');
  const started = performance.now();
  await writeFile(file, data);
  const handle = await open(file, 'r+');
  await handle.sync();
  await handle.close();
  const elapsed = performance.now() - started;
  await rm(file);
  return elapsed;
}

/** Bytes the snapshot copied while the writer was held. */
function copiedBytes(snapshot: GraphSnapshot): number {
  const { kindType, created, first, second, labels, propertyRecords, propertyPool } = snapshot;
  return [kindType, created, first, second, labels, propertyRecords, propertyPool].reduce(
    (sum, array) => sum + array.byteLength,
    0,
  );
}

interface Save {
  result: CheckpointWriteResult;
  heldMs: number;
  snapshotMs: number;
  copiedBytes: number;
}

async function save(): Promise<Save> {
  const started = performance.now();
  const snapshot = await takeSnapshot(engine);
  const snapshotMs = performance.now() - started;
  try {
    const result = await writeCheckpoint(snapshot, path.join(directory, 'bench.f8s'), { partitions });
    return { result, heldMs: snapshot.writerHeldMs, snapshotMs, copiedBytes: copiedBytes(snapshot) };
  } finally {
    snapshot.release();
  }
}

const saves: Save[] = [];
const saveMs: number[] = [];
const saveWriteMs: number[] = [];
const saveLoopMs: number[] = [];
const saveLoopP99Ms: number[] = [];
const copyFresh: number[] = [];
const copyTouched: number[] = [];
const writeRaw: number[] = [];
for (let run = 0; run < runs; run++) {
  gc();
  const started = performance.now();
  const probe = await probed(save);
  saveMs.push(performance.now() - started);
  saves.push(probe.value);
  saveWriteMs.push(probe.maxWriteMs);
  saveLoopMs.push(probe.maxLoopMs);
  saveLoopP99Ms.push(probe.p99LoopMs);
  gc();
  const copy = rawCopyMs(probe.value.copiedBytes);
  copyFresh.push(copy.fresh);
  copyTouched.push(copy.touched);
  writeRaw.push(await rawWriteMs(probe.value.result.totalBytes));
}
const snapshotBytes = saves[0].copiedBytes;
// The reference: the same probes for as long as a save takes, with nothing else running.
const idle = await probed(() => new Promise((resolve) => setTimeout(resolve, median(saveMs))));
const held = saves.map((entry) => entry.heldMs);
const heldPerMillion = median(held) / (elements / 1e6);
const bytesWritten = median(saves.map((entry) => entry.result.totalBytes));

// Loads run with nothing else on the loop, as at boot.
const loadMs: number[] = [];
const loadLoopMs: number[] = [];
const readMs: number[] = [];
const last = saves[saves.length - 1].result;
const location = last.location;
let loaded = new Engine();
for (let run = 0; run < runs; run++) {
  loaded = new Engine();
  gc();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  await installCheckpoint(loaded, await loadCheckpoint(location));
  loadMs.push(performance.now() - started);
  histogram.disable();
  loadLoopMs.push(histogram.max / 1e6);
  gc();
  const readStarted = performance.now();
  for (const file of last.files) await readFile(file);
  readMs.push(performance.now() - readStarted);
}
if (
  loaded.vertexCount !== engine.vertexCount ||
  loaded.edgeCount !== engine.edgeCount ||
  loaded.nextId !== engine.nextId
) {
  throw new Error('the loaded graph differs from the saved one');
}
const loadRate = elements / (median(loadMs) / 1000);

console.log(
  `checkpoint: ${last.partitions} partitions, ${last.fileCount} files, ${mib(bytesWritten)} ` +
    `(${(bytesWritten / elements).toFixed(1)} B per element); medians of ${runs} runs`,
);
console.log();
console.log(
  table([
    ['figure', 'Skein', 'reference (same run)', 'target', ''],
    [
      'writer held per save',
      `${seconds(median(held))} (${heldPerMillion.toFixed(1)} ms/M)`,
      `copy ${mib(snapshotBytes)}: fresh ${seconds(median(copyFresh))}, touched ${seconds(median(copyTouched))}`,
      `<= ${targets.heldMsPerMillion} ms/M`,
      verdict(heldPerMillion <= targets.heldMsPerMillion),
    ],
    [
      '  snapshot (buffers prepared, then held copy)',
      seconds(median(saves.map((entry) => entry.snapshotMs))),
      '',
      '',
      '',
    ],
    [
      'total save time',
      seconds(median(saveMs)),
      `writeFile + fsync ${mib(bytesWritten)}: ${seconds(median(writeRaw))}`,
      '',
      '',
    ],
    [
      'longest write latency during save',
      seconds(median(saveWriteMs)),
      `idle ${seconds(idle.maxWriteMs)}`,
      '',
      '',
    ],
    [
      'event-loop delay during save, p99',
      seconds(median(saveLoopP99Ms)),
      `idle ${seconds(idle.p99LoopMs)}`,
      '',
      '',
    ],
    [
      'longest event-loop delay during save',
      seconds(median(saveLoopMs)),
      `idle ${seconds(idle.maxLoopMs)}`,
      `<= ${targets.eventLoopMs} ms`,
      verdict(median(saveLoopMs) <= targets.eventLoopMs),
    ],
    [
      'boot load (load + install)',
      `${seconds(median(loadMs))} = ${rate(loadRate)}`,
      `readFile of the files: ${seconds(median(readMs))}`,
      `>= ${rate(targets.loadPerSecond)}`,
      verdict(loadRate >= targets.loadPerSecond),
    ],
    [
      'longest event-loop delay during load',
      seconds(median(loadLoopMs)),
      `idle ${seconds(idle.maxLoopMs)}`,
      `<= ${targets.eventLoopMs} ms`,
      verdict(median(loadLoopMs) <= targets.eventLoopMs),
    ],
  ]),
);
console.log();
await rm(directory, { recursive: true, force: true });
