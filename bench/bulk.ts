/**
 * Bulk import and export over HTTP (docs/bulk.md): a generated file of `--vertices` vertices (label, a String
 * and a Double property) and `--edges` edges (one type, seeded random endpoints) streamed to `POST
 * /bulk/import` of the service as the README starts it (bench/shipped-service.ts: `node dist/src/main.js`
 * in a child process, embedded defaults: durable, logging as shipped; its storage in a fresh directory),
 * then the same graph read back with `GET /bulk/export`. bench/bulk-probe.ts is preloaded into the service
 * only to report its event-loop delay and to settle its heap between measurements; memory and CPU figures
 * are read from outside, from the service's `/proc/<pid>` files.
 *
 * - Import: elements/s (target at least 300,000), and the peak resident set beyond the graph's own memory
 *   (target at most 64 MiB): the server's peak RSS during the import (VmHWM, reset just before) minus its
 *   settled RSS after it (forced full collections), i.e. what the import held besides the graph it built.
 *   The engine's typed arrays for the graph are measured by importing the same file in this process.
 * - Export: elements/s (target at least 1,000,000), beside two plain loops in this process that format the
 *   same lines from plain arrays and write them to /dev/null in 1 MiB chunks (checked to be the same
 *   bytes, meta line aside): one with template strings encoded per chunk, one writing the bytes into a
 *   reused buffer with the export's own byte writers (src/bulk/chunk-writer.ts), the roof of writing these
 *   lines from JavaScript at all: what the export adds is reading the graph, the event loop and HTTP.
 *   And this process's CPU time while it reads the export (the reader and the probe share the cores).
 * - The server's longest event-loop delay during each (the 50 ms rule).
 *
 * Files go to a fresh directory under SKEIN_BENCH_DIR (default: the system temporary directory);
 * SKEIN_BENCH_SERVER_FLAGS adds Node flags to the server's command line (tracing: `--trace-gc`; the
 * service's output is then kept in the system temporary directory, its name printed).
 *
 *   node --expose-gc dist/bench/bulk.js [--vertices 1e6] [--edges 5e6] [--runs 1] [--quick]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mib, median, num, numericFlags, rate, seconds, seededRandom, table, verdict } from './common.js';
import { printMachine } from './machine.js';
import { startShippedService, type ShippedService } from './shipped-service.js';
import { Engine, importJsonl } from '../src/index.js';
import {
  ChunkWriter,
  Fragment,
  maxShortDoubleBytes,
  putAscii,
  putIndex,
  putInteger,
  putShortDouble,
  writeJsonString,
} from '../src/bulk/chunk-writer.js';

const targetImportRate = 300_000;
const targetOverheadBytes = 64 * 2 ** 20;
const targetExportRate = 1_000_000;
const creationDate = 1_767_225_600;
const chunkBytes = 1 << 20;

const flags = numericFlags(
  { vertices: 1_000_000, edges: 5_000_000, runs: 1 },
  { vertices: 50_000, edges: 250_000 },
);
/** Extra Node flags for the server process, for tracing it (`SKEIN_BENCH_SERVER_FLAGS="--trace-gc"`). */
const serverNodeFlags = (process.env.SKEIN_BENCH_SERVER_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
const here = path.dirname(fileURLToPath(import.meta.url));
const root = fs.mkdtempSync(path.join(process.env.SKEIN_BENCH_DIR ?? os.tmpdir(), 'skein-bulk-bench-'));

/** The generated graph as plain arrays: what the file holds and what the reference loop formats. */
interface Generated {
  names: string[];
  scores: number[];
  sources: Int32Array;
  targets: Int32Array;
}

function generate(vertices: number, edges: number): Generated {
  const random = seededRandom(42);
  const names = new Array<string>(vertices);
  const scores = new Array<number>(vertices);
  for (let i = 0; i < vertices; i++) {
    names[i] = `person ${i}`;
    scores[i] = Math.round(random() * 1e8) / 1e3;
  }
  const sources = new Int32Array(edges);
  const targets = new Int32Array(edges);
  for (let i = 0; i < edges; i++) {
    sources[i] = Math.floor(random() * vertices);
    targets[i] = Math.floor(random() * vertices);
  }
  return { names, scores, sources, targets };
}

/** The vertex line as Skein exports it (keys in ordinal order, values in the bulk text forms). */
function vertexLine(id: number, name: string, score: number): string {
  return (
    `{"type":"vertex","id":${id},"label":"person","creationDate":${creationDate},"properties":{` +
    `"name":{"type":"System.String","value":${JSON.stringify(name)}},` +
    `"score":{"type":"System.Double","value":"${score}"}}}\n`
  );
}

function edgeLine(id: number, source: number, target: number): string {
  return `{"type":"edge","id":${id},"edgePropertyId":"knows","source":${source},"target":${target},"creationDate":${creationDate}}\n`;
}

/** 1 MiB chunks of every line (vertices first, then edges), file ids as export ids. */
function* chunks(graph: Generated): Generator<string> {
  const vertices = graph.names.length;
  let text = '';
  for (let i = 0; i < vertices; i++) {
    text += vertexLine(i, graph.names[i], graph.scores[i]);
    if (text.length >= chunkBytes) {
      yield text;
      text = '';
    }
  }
  for (let i = 0; i < graph.sources.length; i++) {
    text += edgeLine(vertices + i, graph.sources[i], graph.targets[i]);
    if (text.length >= chunkBytes) {
      yield text;
      text = '';
    }
  }
  if (text.length > 0) yield text;
}

async function writeFile(graph: Generated, file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  const meta = `{"type":"meta","format":"svc-jsonl","version":2,"vertexCount":${graph.names.length},"edgeCount":${graph.sources.length}}\n`;
  let bytes = Buffer.byteLength(meta);
  out.write(meta);
  for (const chunk of chunks(graph)) {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return bytes;
}

/** The string reference: the same lines formatted from the arrays and written to /dev/null. */
function referenceLoop(graph: Generated): { ms: number; bytes: number } {
  const fd = fs.openSync('/dev/null', 'w');
  let bytes = 0;
  const started = performance.now();
  for (const chunk of chunks(graph)) {
    const buffer = Buffer.from(chunk);
    bytes += buffer.length;
    fs.writeSync(fd, buffer);
  }
  const ms = performance.now() - started;
  fs.closeSync(fd);
  return { ms, bytes };
}

const edgeOpen = new Fragment('{"type":"edge","id":');
const edgeMiddle = new Fragment(',"edgePropertyId":"knows","source":');
const targetField = new Fragment(',"target":');
const dateField = new Fragment(',"creationDate":');
const vertexOpen = new Fragment('{"type":"vertex","id":');
const vertexMiddle = new Fragment(',"label":"person","creationDate":');
const nameField = new Fragment(',"properties":{"name":{"type":"System.String","value":');
const scoreField = new Fragment('},"score":{"type":"System.Double","value":"');
const vertexEnd = new Fragment('"}}}\n');
const edgeEnd = new Fragment('}\n');

/**
 * The byte reference: the same lines written into one reused buffer with the export's byte writers
 * (fragments copied, integers digit by digit, names and scores by the same fast paths), written to
 * /dev/null in 1 MiB chunks.
 */
function byteReferenceLoop(graph: Generated): { ms: number; bytes: number } {
  const fd = fs.openSync('/dev/null', 'w');
  const out = new ChunkWriter(chunkBytes + 64 * 1024);
  const vertices = graph.names.length;
  const { names, scores, sources, targets } = graph;
  let bytes = 0;
  const flush = (): void => {
    bytes += out.length;
    fs.writeSync(fd, out.buffer, 0, out.length);
    out.length = 0;
  };
  const started = performance.now();
  for (let i = 0; i < vertices; i++) {
    let view = out.room(160);
    let at = vertexOpen.put(view, out.length);
    at = putIndex(view, at, i);
    at = vertexMiddle.put(view, at);
    at = putInteger(view, at, creationDate);
    out.length = nameField.put(view, at);
    writeJsonString(out, names[i]);
    view = out.room(scoreField.length + maxShortDoubleBytes + vertexEnd.length);
    at = scoreField.put(view, out.length);
    const end = putShortDouble(view, at, scores[i]);
    out.length = vertexEnd.put(view, end < 0 ? putAscii(view, at, String(scores[i])) : end);
    if (out.length >= chunkBytes) flush();
  }
  for (let i = 0; i < sources.length; i++) {
    const view = out.room(160);
    let at = edgeOpen.put(view, out.length);
    at = putIndex(view, at, vertices + i);
    at = edgeMiddle.put(view, at);
    at = putIndex(view, at, sources[i]);
    at = targetField.put(view, at);
    at = putIndex(view, at, targets[i]);
    at = dateField.put(view, at);
    at = putInteger(view, at, creationDate);
    out.length = edgeEnd.put(view, at);
    if (out.length >= chunkBytes) flush();
  }
  if (out.length > 0) flush();
  const ms = performance.now() - started;
  fs.closeSync(fd);
  return { ms, bytes };
}

/** The service as shipped, its pid's `/proc` files and the bulk probe's IPC channel. */
interface Child {
  service: ShippedService;
  port: number;
  ask: <T>(message: object) => Promise<T>;
}

async function startServer(): Promise<Child> {
  const service = await startShippedService([], {
    nodeFlags: [...serverNodeFlags, '--expose-gc', '--import', path.join(here, 'bulk-probe.js')],
    ipc: true,
  });
  const replies: ((message: unknown) => void)[] = [];
  service.child.on('message', (message) => replies.shift()?.(message));
  const ask = <T>(message: object): Promise<T> =>
    new Promise<T>((resolve) => {
      replies.push(resolve as (message: unknown) => void);
      service.child.send(message);
    });
  return { service, port: service.port, ask };
}

async function stopServer(child: Child): Promise<void> {
  await child.service.stop();
  if (serverNodeFlags.length > 0) {
    const kept = path.join(os.tmpdir(), `skein-bulk-service-${child.service.child.pid}.log`);
    fs.copyFileSync(path.join(child.service.storageDirectory, 'service.log'), kept);
    console.log(`the service's output (traced with ${serverNodeFlags.join(' ')}): ${kept}`);
  }
  fs.rmSync(child.service.storageDirectory, { recursive: true, force: true });
}

/** Clock ticks per second of `/proc/<pid>/stat`'s CPU times. */
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** A `kB` line of `/proc/<pid>/status` (VmRSS, VmHWM), in bytes. */
function statusBytes(child: Child, field: string): number {
  const status = fs.readFileSync(`/proc/${child.service.child.pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (match === null) throw new Error(`no ${field} in /proc/${child.service.child.pid}/status`);
  return Number(match[1]) * 1024;
}

/** The process's CPU time so far (user + system, all threads), from `/proc/<pid>/stat`. */
function cpuMs(child: Child): number {
  const stat = fs.readFileSync(`/proc/${child.service.child.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / clockTicks) * 1000;
}

/** The resident set after forced full collections: what is live. */
async function settledRss(child: Child): Promise<number> {
  await child.ask({ settle: true });
  return statusBytes(child, 'VmRSS');
}

/** Settles the heap, forgets the peak resident set (Linux `clear_refs` 5) and the loop delays; its CPU time. */
async function reset(child: Child): Promise<number> {
  await child.ask({ settle: true });
  fs.writeFileSync(`/proc/${child.service.child.pid}/clear_refs`, '5');
  await child.ask({ reset: true });
  return cpuMs(child);
}

async function loopDelayMaxMs(child: Child): Promise<number> {
  return (await child.ask<{ loopDelayMaxMs: number }>({ report: true })).loopDelayMaxMs;
}

/**
 * `GET /healthz` every 10 ms until `stop` is called: its latencies (ms), the probe of the event-loop rule
 * (no request holds the event loop more than 50 ms: BENCHMARKS.md, section 5).
 */
function probe(child: Child): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${child.port}/healthz`);
      await response.text();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function importFile(child: Child, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: child.port,
        path: '/bulk/import',
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    fs.createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(request);
  });
}

/** Reads the whole export; only the meta line is parsed (the bytes are checked against the reference). */
function exportGraph(child: Child): Promise<{ status: number; bytes: number; meta: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: child.port, path: '/bulk/export' }, (response) => {
        let bytes = 0;
        let meta = '';
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) meta = chunk.toString('utf8', 0, chunk.indexOf(10));
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, meta }));
      })
      .on('error', reject);
  });
}

printMachine('bulk import and export over HTTP');
const elements = flags.vertices + flags.edges;
console.log(`graph: ${num(flags.vertices)} vertices, ${num(flags.edges)} edges; ${flags.runs} run(s)`);
let graph: Generated | undefined = generate(flags.vertices, flags.edges);
const file = path.join(root, 'graph.jsonl');
const fileBytes = await writeFile(graph, file);
// The reader below is a plain HTTP client: the generated arrays (millions of strings) are dropped while it
// reads, so its garbage collections do not mark them, and made again for the references.
graph = undefined;
(globalThis as { gc?: () => void }).gc?.();
console.log(`file: ${mib(fileBytes)}`);

interface ImportRun {
  ms: number;
  overhead: number;
  graphBytes: number;
  loopMs: number;
  probeP99: number;
  /** The server's CPU time during the import (all threads: main, GC, log writes). */
  cpuMs: number;
}
const imports: ImportRun[] = [];
interface ExportRun {
  ms: number;
  bytes: number;
  loopMs: number;
  probeP99: number;
  /** The server's CPU time during the export (all threads), and this process's (reader and probe). */
  serverCpuMs: number;
  readerCpuMs: number;
}
const exports: ExportRun[] = [];
const references: { ms: number; bytes: number }[] = [];
const byteReferences: { ms: number; bytes: number }[] = [];
for (let run = 0; run < flags.runs; run++) {
  const child = await startServer();
  try {
    const rssBefore = await settledRss(child);
    // CPU time read at the end of the reset and first thing after the import: the import's alone.
    const cpuBefore = await reset(child);
    const importProbe = probe(child);
    const started = performance.now();
    const reply = await importFile(child, file);
    const ms = performance.now() - started;
    const importLatencies = await importProbe.stop();
    if (reply.status !== 200) throw new Error(`import answered ${reply.status}: ${reply.body}`);
    const summary = JSON.parse(reply.body) as { verticesCreated: number; edgesCreated: number };
    if (summary.verticesCreated + summary.edgesCreated !== elements)
      throw new Error(`import created ${reply.body}`);
    const importCpuMs = cpuMs(child) - cpuBefore;
    const peakRss = statusBytes(child, 'VmHWM');
    const importLoopMs = await loopDelayMaxMs(child);
    const rssAfter = await settledRss(child);
    imports.push({
      ms,
      overhead: peakRss - rssAfter,
      graphBytes: rssAfter - rssBefore,
      loopMs: importLoopMs,
      probeP99: percentile(importLatencies, 99),
      cpuMs: importCpuMs,
    });

    const serverCpuBefore = await reset(child);
    const exportProbe = probe(child);
    const readerCpu = process.cpuUsage();
    const exportStarted = performance.now();
    const exported = await exportGraph(child);
    const exportMs = performance.now() - exportStarted;
    const readerCpuUsed = process.cpuUsage(readerCpu);
    const exportLatencies = await exportProbe.stop();
    const counts = JSON.parse(exported.meta) as { vertexCount: number; edgeCount: number };
    if (exported.status !== 200 || counts.vertexCount + counts.edgeCount !== elements) {
      throw new Error(`export answered ${exported.status} with the meta line ${exported.meta}`);
    }
    const exportCpuMs = cpuMs(child) - serverCpuBefore;
    exports.push({
      ms: exportMs,
      bytes: exported.bytes,
      loopMs: await loopDelayMaxMs(child),
      probeP99: percentile(exportLatencies, 99),
      serverCpuMs: exportCpuMs,
      readerCpuMs: (readerCpuUsed.user + readerCpuUsed.system) / 1000,
    });
    graph = generate(flags.vertices, flags.edges);
    const reference = referenceLoop(graph);
    const byteReference = byteReferenceLoop(graph);
    graph = undefined;
    (globalThis as { gc?: () => void }).gc?.();
    references.push(reference);
    byteReferences.push(byteReference);
    for (const { bytes } of [reference, byteReference]) {
      if (bytes !== exported.bytes - Buffer.byteLength(exported.meta) - 1) {
        throw new Error(`a reference wrote ${bytes} bytes, the export ${exported.bytes} (meta included)`);
      }
    }
  } finally {
    await stopServer(child);
  }
}
// The engine's typed arrays for this graph, which the service cannot report from outside: the same file
// imported by the same library call in this process, once the service has stopped.
const engine = new Engine();
await importJsonl(engine, fs.createReadStream(file, { highWaterMark: 256 * 1024 }));
const engineBytes = engine.committedBytes;
fs.rmSync(root, { recursive: true, force: true });

const importMs = median(imports.map((r) => r.ms));
const importRate = elements / (importMs / 1000);
const overhead = median(imports.map((r) => r.overhead));
const exportMs = median(exports.map((r) => r.ms));
const exportRate = elements / (exportMs / 1000);
const referenceRate = elements / (median(references.map((r) => r.ms)) / 1000);
const byteReferenceRate = elements / (median(byteReferences.map((r) => r.ms)) / 1000);
console.log();
console.log(
  table([
    ['figure', 'value', 'target', ''],
    [
      'import over HTTP (durable)',
      `${rate(importRate)} elements`,
      `>= ${rate(targetImportRate)}`,
      verdict(importRate >= targetImportRate),
    ],
    ['  time', seconds(importMs), '', ''],
    [
      '  per server CPU-second',
      `${rate(elements / (median(imports.map((r) => r.cpuMs)) / 1000))} elements`,
      '',
      '',
    ],
    [
      '  peak RSS beyond the graph',
      mib(overhead),
      `<= ${mib(targetOverheadBytes)}`,
      verdict(overhead <= targetOverheadBytes),
    ],
    ['  graph (settled RSS growth)', mib(median(imports.map((r) => r.graphBytes))), '', ''],
    ['  engine typed arrays (the file imported in this process)', mib(engineBytes), '', ''],
    [
      '  GET /healthz p99 meanwhile',
      `${median(imports.map((r) => r.probeP99)).toFixed(1)} ms`,
      '< 50 ms',
      verdict(median(imports.map((r) => r.probeP99)) < 50),
    ],
    ['  longest event-loop delay', `${median(imports.map((r) => r.loopMs)).toFixed(1)} ms`, '', ''],
    [
      'export over HTTP',
      `${rate(exportRate)} elements`,
      `>= ${rate(targetExportRate)}`,
      verdict(exportRate >= targetExportRate),
    ],
    ['  time', seconds(exportMs), '', ''],
    ['  bytes', mib(median(exports.map((r) => r.bytes))), '', ''],
    [
      '  GET /healthz p99 meanwhile',
      `${median(exports.map((r) => r.probeP99)).toFixed(1)} ms`,
      '< 50 ms',
      verdict(median(exports.map((r) => r.probeP99)) < 50),
    ],
    ['  longest event-loop delay', `${median(exports.map((r) => r.loopMs)).toFixed(1)} ms`, '', ''],
    ['  server CPU meanwhile', seconds(median(exports.map((r) => r.serverCpuMs))), '', ''],
    ['  reader CPU meanwhile (this process)', seconds(median(exports.map((r) => r.readerCpuMs))), '', ''],
    ['reference: same lines as strings to /dev/null', `${rate(referenceRate)} elements`, '', ''],
    ['  export / reference', `${((100 * exportRate) / referenceRate).toFixed(0)}%`, '', ''],
    ['reference: same bytes, byte writers, to /dev/null', `${rate(byteReferenceRate)} elements`, '', ''],
    ['  export / byte reference', `${((100 * exportRate) / byteReferenceRate).toFixed(0)}%`, '', ''],
  ]),
);
