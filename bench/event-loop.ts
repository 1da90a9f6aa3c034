/**
 * The event-loop rule: no request holds the event loop for more than 50 ms. The Skein service runs in a
 * child process started as the README starts it (`node dist/src/main.js`, embedded defaults: durable,
 * logging as shipped), its storage in a fresh temporary directory; event-loop-server.ts is preloaded
 * into it only to report its own event-loop delay over IPC. While every route that takes a list or walks
 * the graph runs (each `--repeats` times, one at a time), a worker thread of this process probes
 * `GET /healthz` every 10 ms. Reported per route: the server's longest event-loop delay and p99
 * (`monitorEventLoopDelay`, 1 ms resolution; the verdict), the probe's longest latency and p99, and the
 * most main-thread CPU time one turn of the loop took (what the delay would be on an idle machine: see
 * event-loop-server.ts), beside the same figures with nothing heavy running (the reference).
 *
 * Graphs, loaded over HTTP with `POST /bulk/import` (whose own delays are reported too):
 * - `scan`: `--scanVertices` vertices (label, an Int32 `n`, a String `name`), every `--vectorEvery`-th
 *   with a `--dimension` embedding, and `--scanEdges` edges; a DictionaryIndex and a RangeIndex over `n`,
 *   a RegExIndex over `name` (all backfilled over HTTP) and a VectorIndex bound to the embeddings;
 * - `batch`: `--batchVertices` vertices (label, `n`, `name`) and `--batchEdges` random edges: the batch
 *   routes read, write and remove `--ids` elements in one request;
 * - `writes`: empty, for `PUT /vertices` and `PUT /edges` of `--ids` elements.
 *
 *   node dist/bench/event-loop.js [--scanVertices 1e6 --scanEdges 1e6 --batchVertices 2e5
 *     --batchEdges 2e6 --ids 1e5 --vectorEvery 10 --dimension 64 --repeats 3] [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { median, num, numericFlags, seededRandom, table, verdict } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  {
    scanVertices: 1_000_000,
    scanEdges: 1_000_000,
    batchVertices: 200_000,
    batchEdges: 2_000_000,
    ids: 100_000,
    vectorEvery: 10,
    dimension: 64,
    repeats: 3,
  },
  {
    scanVertices: 100_000,
    scanEdges: 100_000,
    batchVertices: 20_000,
    batchEdges: 200_000,
    ids: 10_000,
    repeats: 2,
  },
);
const limitMs = 50;
const probeIntervalMs = 10;
const creationDate = 1_767_225_600;

const here = path.dirname(fileURLToPath(import.meta.url));
const mainScript = path.join(here, '..', 'src', 'main.js');
const monitorScript = path.join(here, 'event-loop-server.js');
const storage = fs.mkdtempSync(path.join(process.env.SKEIN_BENCH_DIR ?? os.tmpdir(), 'skein-event-loop-'));

// ---- the server ----

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** This process's environment without any service setting, so the child runs on embedded defaults. */
function defaultsEnvironment(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    const upper = name.toUpperCase();
    if (upper.startsWith('SVC') || ['PORT', 'HOST', 'NODE_ENV', 'NODE_OPTIONS'].includes(upper)) continue;
    env[name] = value;
  }
  env.Svc__Http__Port = String(port);
  env.Svc__Durability__StorageDirectory = storage;
  return env;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
/** Extra Node flags for the server (`SKEIN_BENCH_SERVER_FLAGS="--trace-gc"`), for tracing it. */
const serverNodeFlags = (process.env.SKEIN_BENCH_SERVER_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
/** Only the routes whose name matches (`SKEIN_BENCH_ROUTES="graphelements|scan/index"`); the loads always run. */
const routeFilter = new RegExp(process.env.SKEIN_BENCH_ROUTES ?? '');
const child: ChildProcess = spawn(
  process.execPath,
  [...serverNodeFlags, '--import', monitorScript, mainScript],
  {
    env: defaultsEnvironment(port),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  },
);
let logBytes = 0;
let logTail = '';
/** `SKEIN_BENCH_SERVER_LOG=<file>` keeps the server's output, with a line where each measurement starts and ends. */
const logFile = process.env.SKEIN_BENCH_SERVER_LOG;
const spawnedAt = performance.now();
const logMarker = (text: string) => {
  if (logFile !== undefined)
    fs.appendFileSync(logFile, `[bench ${(performance.now() - spawnedAt).toFixed(0)} ms] ${text}\n`);
};
const keepLog = (chunk: Buffer) => {
  logBytes += chunk.length;
  logTail = (logTail + chunk.toString('utf8')).slice(-4000);
  if (logFile !== undefined) fs.appendFileSync(logFile, chunk);
};
child.stdout?.on('data', keepLog);
child.stderr?.on('data', keepLog);
let exited = false;
child.once('exit', () => (exited = true));
const cleanUp = () => {
  if (!exited) child.kill('SIGKILL');
  fs.rmSync(storage, { recursive: true, force: true });
};
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

const replies: ((message: unknown) => void)[] = [];
child.on('message', (message) => replies.shift()?.(message));
function ask<T>(message: object): Promise<T> {
  return new Promise<T>((resolve) => {
    replies.push(resolve as (message: unknown) => void);
    child.send(message);
  });
}

for (const deadline = Date.now() + 60_000; ;) {
  if (exited || Date.now() > deadline) throw new Error(`the server did not start:\n${logTail}`);
  try {
    if ((await fetch(`${base}/readyz`)).status === 200) break;
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

// ---- requests ----

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

interface Answer {
  status: number;
  bytes: number;
  text: string;
}

/** One request; the answer's text is kept only up to 64 KiB (large answers are counted, not kept). */
function send(
  method: string,
  route: string,
  body?: string | Iterable<string>,
  contentType = 'application/json',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${route}`,
      {
        method,
        agent,
        // A string body is sent with its length: Node sends a DELETE body without either framing otherwise.
        headers:
          body === undefined
            ? {}
            : typeof body === 'string'
              ? { 'content-type': contentType, 'content-length': Buffer.byteLength(body) }
              : { 'content-type': contentType, 'transfer-encoding': 'chunked' },
      },
      (response) => {
        let bytes = 0;
        let text = '';
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (text.length < 65_536) text += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, text }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (body === undefined) request.end();
    else if (typeof body === 'string') request.end(body);
    else {
      const chunks = body[Symbol.iterator]();
      const pump = () => {
        for (;;) {
          const next = chunks.next();
          if (next.done === true) {
            request.end();
            return;
          }
          if (!request.write(next.value)) {
            request.once('drain', pump);
            return;
          }
        }
      };
      pump();
    }
  });
}

async function expect(answer: Promise<Answer>, status: number, what: string): Promise<Answer> {
  const settled = await answer;
  if (settled.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${settled.status}: ${settled.text.slice(0, 500)}`);
  }
  return settled;
}

const json = (value: unknown) => JSON.stringify(value);
const property = (value: string | number, type: string) => ({
  propertyValue: String(value),
  fullQualifiedTypeName: type,
});

// ---- the probe: a worker thread, so this process's own work never delays it ----

const probeSource = `
const { parentPort, workerData } = require('node:worker_threads');
let running = false;
let loop = Promise.resolve();
let samples = [];
parentPort.on('message', async (message) => {
  if (message === 'start') {
    running = true;
    samples = [];
    loop = (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(workerData.url);
        await response.text();
        samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
      }
    })();
  } else if (message === 'stop') {
    running = false;
    await loop;
    parentPort.postMessage(samples);
  } else if (message === 'exit') {
    process.exit(0);
  }
});
`;
const probe = new Worker(probeSource, {
  eval: true,
  workerData: { url: `${base}/healthz`, intervalMs: probeIntervalMs },
});
const probeSamples = () =>
  new Promise<number[]>((resolve) => {
    probe.once('message', resolve);
    probe.postMessage('stop');
  });

interface Outcome {
  name: string;
  requestMs: number[];
  answerBytes: number;
  probeMs: number[];
  serverMaxMs: number;
  serverP99Ms: number;
  turnCpuMs: number;
}

const outcomes: Outcome[] = [];

/** Runs `heavy` `repeats` times (`prepare` before each, outside the measurement) while probing. */
async function measure(
  name: string,
  heavy: (() => Promise<Answer>) | null,
  options: { repeats?: number; prepare?: () => Promise<void>; always?: boolean } = {},
): Promise<void> {
  if (heavy !== null && options.always !== true && !routeFilter.test(name)) return;
  const repeats = options.repeats ?? flags.repeats;
  const requestMs: number[] = [];
  let answerBytes = 0;
  let serverMaxMs = 0;
  let serverP99Ms = 0;
  let turnCpuMs = 0;
  const probeMs: number[] = [];
  for (let run = 0; run < (heavy === null ? 1 : repeats); run++) {
    await options.prepare?.();
    logMarker(`${name}: run ${run + 1}`);
    await ask({ reset: true });
    probe.postMessage('start');
    await new Promise((resolve) => setTimeout(resolve, 3 * probeIntervalMs));
    if (heavy === null) await new Promise((resolve) => setTimeout(resolve, 3000));
    else {
      const started = performance.now();
      answerBytes = (await heavy()).bytes;
      requestMs.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 3 * probeIntervalMs));
    probeMs.push(...(await probeSamples()));
    const server = await ask<{ maxMs: number; p99Ms: number; maxTurnCpuMs: number }>({ report: true });
    serverMaxMs = Math.max(serverMaxMs, server.maxMs);
    serverP99Ms = Math.max(serverP99Ms, server.p99Ms);
    turnCpuMs = Math.max(turnCpuMs, server.maxTurnCpuMs);
  }
  const outcome = { name, requestMs, answerBytes, probeMs, serverMaxMs, serverP99Ms, turnCpuMs };
  outcomes.push(outcome);
  console.log(
    `  ${name}: server max ${serverMaxMs.toFixed(1)} ms, probe max ${Math.max(...probeMs).toFixed(1)} ms, ` +
      `turn CPU max ${turnCpuMs.toFixed(1)} ms` +
      (requestMs.length > 0 ? `, request median ${median(requestMs).toFixed(0)} ms` : ''),
  );
}

// ---- the graphs ----

const random = seededRandom(42);

/** NDJSON of a generated graph in 1 MiB chunks; file ids are 0.. for vertices, then edges. */
function* graphLines(
  vertices: number,
  edges: number,
  label: string,
  options: { vectorEvery?: number; dimension?: number; ring?: boolean } = {},
): Generator<string> {
  let text = `{"type":"meta","format":"svc-jsonl","version":2,"vertexCount":${vertices},"edgeCount":${edges}}\n`;
  const vectorEvery = options.vectorEvery ?? 0;
  for (let i = 0; i < vertices; i++) {
    let properties =
      `"n":{"type":"System.Int32","value":"${i}"},` +
      `"name":{"type":"System.String","value":"${label}-${i}"}`;
    if (vectorEvery > 0 && i % vectorEvery === 0) {
      const vector: string[] = [];
      for (let d = 0; d < (options.dimension ?? 0); d++) vector.push((random() * 2 - 1).toFixed(4));
      properties += `,"$embedding:default":{"type":"System.Single[]","value":"${vector.join(',')}"}`;
    }
    text += `{"type":"vertex","id":${i},"label":"${label}","creationDate":${creationDate},"properties":{${properties}}}\n`;
    if (text.length >= 1 << 20) {
      yield text;
      text = '';
    }
  }
  for (let i = 0; i < edges; i++) {
    const source = options.ring === true ? i % vertices : Math.floor(random() * vertices);
    const target = options.ring === true ? (i + 1) % vertices : Math.floor(random() * vertices);
    text += `{"type":"edge","id":${vertices + i},"edgePropertyId":"knows","source":${source},"target":${target},"creationDate":${creationDate}}\n`;
    if (text.length >= 1 << 20) {
      yield text;
      text = '';
    }
  }
  if (text.length > 0) yield text;
}

printMachine('event loop: longest delays while heavy requests run');
console.log(
  `-- server: node dist/src/main.js, embedded defaults (durable, logging as shipped), storage ${storage}`,
);
console.log(
  `-- probe: GET /healthz every ${probeIntervalMs} ms from a worker thread; ${flags.repeats} runs per route`,
);
console.log();

await measure('idle (reference)', null);

for (const name of ['scan', 'batch', 'writes'])
  await expect(send('PUT', `/ns/${name}`), 201, `PUT /ns/${name}`);

await measure(
  `POST /bulk/import, ${num(flags.scanVertices)} vertices + ${num(flags.scanEdges)} edges`,
  () =>
    expect(
      send(
        'POST',
        '/ns/scan/bulk/import',
        graphLines(flags.scanVertices, flags.scanEdges, 'item', {
          vectorEvery: flags.vectorEvery,
          dimension: flags.dimension,
          ring: true,
        }),
        'application/x-ndjson',
      ),
      200,
      'import scan',
    ),
  { repeats: 1, always: true },
);
await measure(
  `POST /bulk/import, ${num(flags.batchVertices)} vertices + ${num(flags.batchEdges)} edges`,
  () =>
    expect(
      send(
        'POST',
        '/ns/batch/bulk/import',
        graphLines(flags.batchVertices, flags.batchEdges, 'person'),
        'application/x-ndjson',
      ),
      200,
      'import batch',
    ),
  { repeats: 1, always: true },
);
const scanElements = flags.scanVertices + flags.scanEdges;
console.log(`-- graphs loaded; server log so far ${num(logBytes)} bytes`);

// Indexes over the scan graph, filled over HTTP (the backfills are measured too).
const indexDefinitions = [
  { uniqueId: 'byN', pluginType: 'DictionaryIndex' },
  { uniqueId: 'rangeN', pluginType: 'RangeIndex' },
  { uniqueId: 'names', pluginType: 'RegExIndex' },
  {
    uniqueId: 'vectors',
    pluginType: 'VectorIndex',
    pluginOptions: {
      dimension: property(flags.dimension, 'System.Int32'),
      metric: property('Cosine', 'System.String'),
      embeddingName: property('default', 'System.String'),
    },
  },
];
for (const definition of indexDefinitions) {
  await expect(send('POST', '/ns/scan/index', json(definition)), 200, 'POST /index');
}
for (const [indexId, propertyId] of [
  ['byN', 'n'],
  ['rangeN', 'n'],
  ['names', 'name'],
]) {
  await measure(
    `POST /index/backfill/${indexId} (${propertyId}), ${num(scanElements)} elements`,
    () =>
      expect(
        send('POST', `/ns/scan/index/backfill/${indexId}`, json({ propertyId, replace: true })),
        200,
        'backfill',
      ),
    { repeats: 1, always: true },
  );
}

// ---- scans over the scan graph ----

const literal = (value: number) => ({ value: String(value), fullQualifiedTypeName: 'System.Int32' });
const few = flags.scanVertices - 1000;
const scans: [string, string, unknown][] = [
  [
    'POST /scan/graph/property/n Greater (1,000 hits)',
    '/scan/graph/property/n',
    { operator: 1, literal: literal(few - 1) },
  ],
  [
    'POST /scan/graph/property/n NotEquals (every vertex)',
    '/scan/graph/property/n',
    { operator: 5, literal: literal(-1) },
  ],
  [
    'POST /scan/graph/property/n Equals, resultType Edges',
    '/scan/graph/property/n',
    { operator: 0, literal: literal(7), resultType: 'Edges' },
  ],
  [
    'POST /scan/graph/property/n Lower, resultType Both, label',
    '/scan/graph/property/n',
    { operator: 3, literal: literal(flags.scanVertices), resultType: 'Both', label: 'item' },
  ],
  ['POST /scan/graph/properties (text, 1 hit)', '/scan/graph/properties', { searchTerm: `item-${few}x` }],
  ['POST /scan/graph/properties (text, every vertex)', '/scan/graph/properties', { searchTerm: 'item-' }],
  [
    'POST /scan/index/all Equals (DictionaryIndex)',
    '/scan/index/all',
    { indexId: 'byN', literal: literal(7) },
  ],
  [
    'POST /scan/index/all NotEquals (DictionaryIndex, every key)',
    '/scan/index/all',
    { indexId: 'byN', operator: 5, literal: literal(-1) },
  ],
  [
    'POST /scan/index/all GreaterOrEquals (RangeIndex, every key)',
    '/scan/index/all',
    { indexId: 'rangeN', operator: 2, literal: literal(0) },
  ],
  [
    'POST /scan/index/range (every key)',
    '/scan/index/range',
    {
      indexId: 'rangeN',
      leftLimit: '0',
      rightLimit: String(flags.scanVertices),
      fullQualifiedTypeName: 'System.Int32',
      includeLeft: true,
      includeRight: true,
    },
  ],
  [
    'POST /scan/index/fulltext (every key matches)',
    '/scan/index/fulltext',
    { indexId: 'names', requestString: 'item-1' },
  ],
];
for (const [name, route, body] of scans) {
  await measure(`${name}, ${num(scanElements)} elements`, () =>
    expect(send('POST', `/ns/scan${route}`, json(body)), 200, name),
  );
}
const query = Array.from({ length: flags.dimension }, () => random() * 2 - 1);
await measure(
  `POST /scan/index/vector k=10, ${num(Math.ceil(flags.scanVertices / flags.vectorEvery))} x ${flags.dimension}`,
  () =>
    expect(
      send('POST', '/ns/scan/scan/index/vector', json({ indexId: 'vectors', query, k: 10 })),
      200,
      'kNN',
    ),
);
await measure(`GET /ns/scan/status (${num(scanElements)} elements, 4 indexes)`, () =>
  expect(send('GET', '/ns/scan/status'), 200, 'status'),
);

// ---- the batch graph ----

const vertexIds = Array.from({ length: Math.min(flags.ids, flags.batchVertices) }, (_, i) =>
  Math.floor((i * flags.batchVertices) / Math.min(flags.ids, flags.batchVertices)),
);
await measure(`GET /graph?maxElements=${num(flags.ids)}`, () =>
  expect(send('GET', `/ns/batch/graph?maxElements=${flags.ids}`), 200, 'graph page'),
);
await measure(`POST /graphelements/get, ${num(vertexIds.length)} vertex ids`, () =>
  expect(send('POST', '/ns/batch/graphelements/get', json(vertexIds)), 200, 'batch get'),
);
const mixedIds = Array.from({ length: flags.ids }, (_, i) =>
  Math.floor((i * (flags.batchVertices + flags.batchEdges)) / flags.ids),
);
await measure(`POST /graphelements/get, ${num(mixedIds.length)} ids across the id space`, () =>
  expect(send('POST', '/ns/batch/graphelements/get', json(mixedIds)), 200, 'batch get'),
);
const propertyWrites = json(
  vertexIds.map((id, i) => ({ graphElementId: id, propertyId: 'score', ...property(i, 'System.Int32') })),
);
await measure(`PUT /graphelements/properties, ${num(vertexIds.length)} writes, waited`, () =>
  expect(
    send('PUT', '/ns/batch/graphelements/properties?waitForCompletion=true', propertyWrites),
    202,
    'property writes',
  ),
);
const pathPairs = Array.from({ length: flags.repeats }, () => [
  Math.floor(random() * flags.batchVertices),
  Math.floor(random() * flags.batchVertices),
]);
let pathRun = 0;
await measure(`POST /path BLS (default body)`, () => {
  const [from, to] = pathPairs[pathRun++ % pathPairs.length];
  return expect(send('POST', `/ns/batch/path/${from}/to/${to}`, '{}'), 200, 'BLS');
});
const costBody = {
  pathAlgorithmName: 'DIJKSTRA',
  maxResults: 3,
  timeBudgetSeconds: 5,
  cost: { edgeCost: 'return e => e.SourceVertex.Id % 7 + 1.0;', vertexCost: null },
};
await measure(`POST /path DIJKSTRA K=3, edge-cost fragment, 5 s budget`, () => {
  const [from, to] = pathPairs[pathRun++ % pathPairs.length];
  return send('POST', `/ns/batch/path/${from}/to/${to}`, json(costBody));
});
await expect(
  send(
    'POST',
    '/ns/batch/storedquery',
    json({ name: 'cheap', kind: 'Path', path: { filter: { edgeFilter: 'return e => e.Id % 2 == 0;' } } }),
  ),
  201,
  'stored query',
);
await measure(`POST /path BLS with a stored query`, () => {
  const [from, to] = pathPairs[pathRun++ % pathPairs.length];
  return expect(send('POST', `/ns/batch/path/${from}/to/${to}`, json({ storedQuery: 'cheap' })), 200, 'BLS');
});
await measure(
  `GET /bulk/export, ${num(flags.batchVertices)} vertices + ${num(flags.batchEdges)} edges`,
  () => expect(send('GET', '/ns/batch/bulk/export'), 200, 'export'),
  { repeats: 1 },
);

// ---- batch writes ----

const newVertices = json(
  Array.from({ length: flags.ids }, (_, i) => ({
    label: 'new',
    properties: [{ propertyId: 'n', ...property(i, 'System.Int32') }],
  })),
);
let createdIds: number[] = [];
await measure(
  `PUT /vertices, ${num(flags.ids)} vertices, waited`,
  async () => {
    const answer = await expect(
      send('PUT', '/ns/writes/vertices?waitForCompletion=true', newVertices),
      200,
      'PUT /vertices',
    );
    return answer;
  },
  { repeats: 1 },
);
createdIds = Array.from({ length: flags.ids }, (_, i) => i);
const newEdges = json(
  createdIds.map((id, i) => ({
    sourceVertex: id,
    targetVertex: createdIds[(i * 7 + 1) % createdIds.length],
    edgePropertyId: 'follows',
  })),
);
await measure(
  `PUT /edges, ${num(flags.ids)} edges, waited`,
  () => expect(send('PUT', '/ns/writes/edges?waitForCompletion=true', newEdges), 200, 'PUT /edges'),
  { repeats: 1 },
);
await measure(
  `DELETE /graphelements, ${num(vertexIds.length)} vertex ids (their edges cascade), waited`,
  () =>
    expect(send('DELETE', '/ns/batch/graphelements?waitForCompletion=true', json(vertexIds)), 202, 'delete'),
  { repeats: 1 },
);
// The trim answers at once and runs on the writer: a waited write queued behind it returns when it is done.
await measure(
  'HEAD /trim after the removal (until a write queued behind it commits)',
  async () => {
    await expect(send('HEAD', '/ns/batch/trim'), 200, 'trim');
    return expect(send('PUT', '/ns/batch/vertex?waitForCompletion=true', '{}'), 202, 'vertex after trim');
  },
  { repeats: 1 },
);

probe.postMessage('exit');
child.kill('SIGKILL');
agent.destroy();

const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.99) - 1)];
console.log();
console.log(`server log: ${num(logBytes)} bytes written`);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log();
console.log(
  table([
    [
      'while running',
      'request (median)',
      'answer',
      'server max',
      'server p99',
      'probe max',
      'probe p99',
      'turn CPU max',
      `<= ${limitMs} ms`,
    ],
    ...outcomes.map((outcome) => [
      outcome.name,
      outcome.requestMs.length === 0 ? '-' : `${median(outcome.requestMs).toFixed(0)} ms`,
      outcome.requestMs.length === 0 ? '-' : `${num(outcome.answerBytes)} B`,
      `${outcome.serverMaxMs.toFixed(1)} ms`,
      `${outcome.serverP99Ms.toFixed(1)} ms`,
      `${Math.max(...outcome.probeMs).toFixed(1)} ms`,
      `${p99(outcome.probeMs).toFixed(1)} ms`,
      `${outcome.turnCpuMs.toFixed(1)} ms`,
      verdict(outcome.serverMaxMs <= limitMs),
    ]),
  ]),
);
