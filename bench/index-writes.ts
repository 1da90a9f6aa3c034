/**
 * The cost of a logged index write (docs/indexes.md, Persistence): `PUT /index/{id}` is a writer
 * transaction answered after its group's log sync, where it used to apply at once and log nothing. Each
 * figure sits beside a durable element write measured in the same run.
 *
 * - In process, over a write-ahead log on disk: `engine.addToIndex` (logged) with 1 producer and with
 *   `--producers` concurrent producers, beside durable `engine.createVertex` with as many, and the direct
 *   unlogged `engine.indexes.add` (what the route called before) in a loop. Each round runs an index
 *   figure and its vertex reference back to back; medians, and medians of the per-round ratios.
 * - HTTP, the service started as the README starts it (`node dist/src/main.js`, default settings, its
 *   logging as shipped, its own storage directory): `PUT /index/{id}` (a DictionaryIndex, one String key)
 *   beside `PUT /vertex?waitForCompletion=true`, `--connections` connections each (autocannon), in a
 *   rotating order per round; medians and per-round ratios. With `SKEIN_BENCH_BASELINE` naming the
 *   `dist/src/main.js` of an older build (for example the commit before index writes were logged), the same
 *   two routes of that build run in the same rounds: the before and after of the index route, each with its
 *   own element-write reference.
 *
 * Files go to a fresh directory under SKEIN_BENCH_DIR (default: the system temporary directory).
 *
 * `SKEIN_BENCH_SERVICE_ARGS` adds settings to the services' defaults (a second row, named as such).
 *
 *   SKEIN_BENCH_BASELINE=/path/to/old/dist/src/main.js SKEIN_BENCH_SERVICE_ARGS=--Svc:Logging:Level=warn \
 *   node dist/bench/index-writes.js [--seconds 3] [--rounds 5] [--producers 64] [--connections 64]
 *                                   [--duration 10] [--warmup 2] [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Engine, parseValue } from '../src/index.js';
import { WriteAheadLog } from '../src/engine/durability/wal/write-ahead-log.js';
import { median, num, numericFlags, pct, rate, table } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  { seconds: 3, rounds: 5, producers: 64, connections: 64, duration: 10, warmup: 2 },
  { seconds: 1, rounds: 1, duration: 2, warmup: 1 },
);
const { seconds, rounds, producers, connections, duration, warmup } = flags;
const here = path.dirname(fileURLToPath(import.meta.url));
const currentMain = path.resolve(here, '..', 'src', 'main.js');
const baselineMain = process.env.SKEIN_BENCH_BASELINE;
/** Settings added to the services' defaults (say so beside the figures), e.g. `--Svc:Logging:Level=warn`. */
const serviceArguments = (process.env.SKEIN_BENCH_SERVICE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
const root = fs.mkdtempSync(path.join(process.env.SKEIN_BENCH_DIR ?? os.tmpdir(), 'skein-index-writes-'));
let scratch = 0;
const freshDirectory = () => {
  const directory = path.join(root, String(scratch++));
  fs.mkdirSync(directory);
  return directory;
};

/** Keys the writers cycle through: a write adds a membership, or finds it there (still a logged write). */
const keyCount = 1024;
const keys = Array.from({ length: keyCount }, (_, i) => parseValue('String', `key-${i}`));
/** Elements the index writes name. */
const elementCount = 1024;

// ---- in process ----

interface Logged {
  engine: Engine;
  log: WriteAheadLog;
}

async function loggedEngine(): Promise<Logged> {
  const engine = new Engine();
  const log = WriteAheadLog.create({
    path: path.join(freshDirectory(), 'svc.wal'),
    namespaceId: 'bench',
    engine,
  });
  await log.ready;
  await engine.createVertices(Array.from({ length: elementCount }, () => ({})));
  await engine.createIndex('tags', 'DictionaryIndex');
  return { engine, log };
}

/** `producers` loops of `write(n)` for `seconds`, each awaiting its write: writes per second. */
async function durableLoop(
  producers: number,
  seconds: number,
  write: (engine: Engine, n: number) => Promise<unknown>,
): Promise<number> {
  const { engine, log } = await loggedEngine();
  let stop = false;
  let writes = 0;
  const producer = async (p: number) => {
    for (let n = p; !stop; n += producers) {
      await write(engine, n);
      writes++;
    }
  };
  const started = performance.now();
  const loops = Array.from({ length: producers }, (_, p) => producer(p));
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stop = true;
  const elapsed = (performance.now() - started) / 1000;
  const done = writes;
  await Promise.all(loops);
  await log.close();
  return done / elapsed;
}

/** The route's former path: `engine.indexes.add` at once, no writer, no log. */
async function directLoop(seconds: number): Promise<number> {
  const engine = new Engine();
  await engine.createVertices(Array.from({ length: elementCount }, () => ({})));
  await engine.createIndex('tags', 'DictionaryIndex');
  let writes = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < 1000; i++, writes++) {
      engine.indexes.add('tags', writes % elementCount, keys[writes % keyCount]);
    }
  }
  return writes / ((performance.now() - started) / 1000);
}

const addToIndex = (engine: Engine, n: number) =>
  engine.addToIndex('tags', n % elementCount, keys[n % keyCount]);
const createVertex = (engine: Engine) => engine.createVertex();

// ---- HTTP ----

const children: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return address.port;
}

/** `node <main>` as the README starts it (default settings), on a free port with its own storage. */
async function startService(main: string): Promise<number> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      main,
      `--Svc:Http:Port=${port}`,
      `--Svc:Durability:StorageDirectory=${freshDirectory()}`,
      ...serviceArguments,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${main} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return port;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${main} did not become ready`);
}

async function send(port: number, method: string, url: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function prepare(port: number): Promise<void> {
  await send(
    port,
    'PUT',
    '/vertices?waitForCompletion=true',
    Array.from({ length: elementCount }, () => ({})),
  );
  const created = await send(port, 'POST', '/index', { uniqueId: 'tags', pluginType: 'DictionaryIndex' });
  if (created !== true) throw new Error('the index was not created');
}

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/**
 * `connections` connections for `seconds` on one route; a transport error or a non-2xx answer fails the
 * run. The index writes cycle through `keyCount` bodies (element and key), the vertex writes send one.
 */
async function load(port: number, route: 'index' | 'vertex', seconds: number): Promise<Load> {
  const requests =
    route === 'vertex'
      ? [{ method: 'PUT' as const, path: '/vertex?waitForCompletion=true', body: '{"label":"bench"}' }]
      : Array.from({ length: 16 }, (_, i) => ({
          method: 'PUT' as const,
          path: '/index/tags',
          body: JSON.stringify({
            graphElementId: (i * 61) % elementCount,
            key: { propertyValue: `key-${i}`, fullQualifiedTypeName: 'System.String' },
          }),
        }));
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: requests.map((request) => ({ ...request, headers: { 'content-type': 'application/json' } })),
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`port ${port} ${route}: ${result.errors} errors, ${result.non2xx} non-2xx responses`);
  }
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

printMachine('logged index writes (PUT /index/{id} through the writer and the write-ahead log)');
console.log(`-- files in ${root}; ${rounds} round(s) of ${seconds} s per in-process figure, medians`);

try {
  // Each round measures the direct add, then each producer count's index and vertex figures back to back
  // (their order alternating per round), so a ratio compares two runs seconds apart on a disk whose sync
  // rate moves from minute to minute.
  const pairs = [1, producers].map((count) => ({
    count,
    index: [] as number[],
    vertex: [] as number[],
  }));
  const direct: number[] = [];
  await durableLoop(producers, 0.5, addToIndex); // warm-up
  for (let r = 0; r < rounds; r++) {
    direct.push(await directLoop(seconds));
    for (const pair of pairs) {
      const runIndex = async () => pair.index.push(await durableLoop(pair.count, seconds, addToIndex));
      const runVertex = async () => pair.vertex.push(await durableLoop(pair.count, seconds, createVertex));
      if (r % 2 === 0) {
        await runIndex();
        await runVertex();
      } else {
        await runVertex();
        await runIndex();
      }
    }
  }
  const ratios = (a: number[], b: number[]) => a.map((value, i) => value / b[i]);
  const row = (name: string, values: number[]) => [
    name,
    rate(median(values)),
    values.map((value) => num(value)).join(' / '),
  ];
  console.log();
  console.log(
    table([
      ['in process', 'writes/s', 'rounds'],
      row('direct engine.indexes.add, unlogged (the former route path)', direct),
      ...pairs.flatMap((pair) => {
        const producersText = pair.count === 1 ? '1 producer' : `${pair.count} producers`;
        return [
          row(`logged addToIndex, ${producersText}`, pair.index),
          row(`durable createVertex, ${producersText}`, pair.vertex),
        ];
      }),
    ]),
  );
  console.log();
  for (const pair of pairs) {
    const perRound = ratios(pair.index, pair.vertex);
    console.log(
      `logged index write / durable vertex write, ${pair.count} producer(s): ` +
        `${pct(median(pair.index) / median(pair.vertex))} of the medians; per round ` +
        `${perRound.map((ratio) => pct(ratio)).join(' / ')}, median ${pct(median(perRound))}`,
    );
  }

  const builds = [{ label: 'this build', main: currentMain }];
  if (baselineMain !== undefined) builds.push({ label: 'baseline build', main: baselineMain });
  const targets: { name: string; port: number; route: 'index' | 'vertex' }[] = [];
  for (const build of builds) {
    const port = await startService(build.main);
    await prepare(port);
    targets.push({ name: `${build.label}: PUT /index/{id}`, port, route: 'index' });
    targets.push({ name: `${build.label}: PUT /vertex?waitForCompletion=true`, port, route: 'vertex' });
  }
  console.log();
  const settings =
    serviceArguments.length === 0 ? 'default settings' : `default settings and ${serviceArguments.join(' ')}`;
  console.log(
    `-- HTTP, service as shipped (node dist/src/main.js, ${settings}), ${connections} connections, ` +
      `${rounds} rotating round(s) of ${duration} s per target after ${warmup} s warm-up`,
  );
  for (const build of builds) console.log(`   ${build.label}: ${build.main}`);
  for (const target of targets) await load(target.port, target.route, warmup);
  const results: Load[][] = targets.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < targets.length; k++) {
      const t = (r + k) % targets.length;
      results[t].push(await load(targets[t].port, targets[t].route, duration));
    }
  }
  const rps = (t: number) => median(results[t].map((round) => round.requestsPerSecond));
  console.log();
  console.log(
    table([
      ['target', 'requests/s', 'p50', 'p99', 'rounds (requests/s)'],
      ...targets.map((target, t) => [
        target.name,
        num(rps(t)),
        `${median(results[t].map((round) => round.p50))} ms`,
        `${median(results[t].map((round) => round.p99))} ms`,
        results[t].map((round) => num(round.requestsPerSecond)).join(' / '),
      ]),
    ]),
  );
  console.log();
  const perRound = (a: number, b: number) =>
    results[a].map((round, i) => round.requestsPerSecond / results[b][i].requestsPerSecond);
  for (let b = 0; b < builds.length; b++) {
    const ratios = perRound(2 * b, 2 * b + 1);
    console.log(
      `${builds[b].label}: index write / durable vertex write ${pct(rps(2 * b) / rps(2 * b + 1))} ` +
        `(per round ${ratios.map((ratio) => pct(ratio)).join(' / ')}, median ${pct(median(ratios))})`,
    );
  }
  if (builds.length === 2) {
    const ratios = perRound(0, 2);
    console.log(
      `PUT /index/{id}, this build / baseline: ${pct(rps(0) / rps(2))} (per round ` +
        `${ratios.map((ratio) => pct(ratio)).join(' / ')}, median ${pct(median(ratios))})`,
    );
  }
} finally {
  // Each service saves at shutdown (as shipped): wait for it before removing its directory.
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  fs.rmSync(root, { recursive: true, force: true });
}
