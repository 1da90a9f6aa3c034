/**
 * Durable single-element writes: every `createVertex` is a transaction that is released only after its
 * commit group is appended to the write-ahead log and fdatasynced. Beside them, the machine's roofs
 * measured in the same run on the same disk: a loop appending 100-byte records with an fdatasync after
 * each, the same loop overwriting zero bytes written and synced beforehand (as the log does inside the
 * extents it allocates ahead of its appends), and appends of 64 records per fdatasync (what group commit
 * can at best reach with 64 writers).
 *
 * - In-process: 1 producer (each write waits for its own sync) and `--producers` concurrent producers
 *   (each awaits its write, then issues the next; their writes share syncs).
 *   Targets: the many-producer rate at least 20x the single-producer rate and at least 100,000 writes/s.
 * - HTTP: `PUT /vertex?waitForCompletion=true` with `--connections` connections (autocannon) against the
 *   service as the README starts it (bench/shipped-service.ts: durable, logging as shipped), the same
 *   route built in process over a file system that counts the log's syncs (no logger), the shipped service
 *   with durability off, and a bare Fastify `PUT /vertex` route that parses the same body and answers 202;
 *   each server in its own child process, rounds rotating the order, medians of per-round ratios.
 *   Targets: the shipped service at least 60% of the bare route's requests/s, the in-process build at
 *   least 70% (on 2 cores HTTP, not the disk, is the ceiling).
 *
 * Files go to a fresh directory under SKEIN_BENCH_DIR (default: the system temporary directory).
 *
 *   node dist/bench/durable-writes.js [--seconds 3] [--rounds 5] [--producers 64] [--connections 64]
 *                                     [--duration 10] [--warmup 2] [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Engine } from '../src/index.js';
import { WriteAheadLog } from '../src/engine/durability/wal/write-ahead-log.js';
import { countingFileSystem } from './counting-file-system.js';
import { median, num, numericFlags, pct, rate, table, verdict } from './common.js';
import { printMachine } from './machine.js';
import { putVertexLoad, type WriteLoad } from './put-vertex-load.js';
import { startShippedService, type ShippedService } from './shipped-service.js';

const targetProducerRatio = 20;
const targetManyProducerRate = 100_000;
const targetHttpRatio = 0.7;
/** The service as the README starts it (durable, logging as shipped) against the bare route. */
const targetShippedHttpRatio = 0.6;
const recordBytes = 100;
const recordsPerGroupSync = 64;
/** Zero bytes the allocated-space roof overwrites: more than its loop reaches in a few seconds. */
const roofAllocatedBytes = 64 * 1024 * 1024;

const flags = numericFlags(
  { seconds: 3, rounds: 5, producers: 64, connections: 64, duration: 10, warmup: 2 },
  { seconds: 1, rounds: 1, duration: 2, warmup: 1 },
);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = fs.mkdtempSync(path.join(process.env.SKEIN_BENCH_DIR ?? os.tmpdir(), 'skein-durable-bench-'));
let scratch = 0;
const freshDirectory = () => {
  const directory = path.join(root, String(scratch++));
  fs.mkdirSync(directory);
  return directory;
};

function callback(run: (done: (error: NodeJS.ErrnoException | null) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error === null ? resolve() : reject(error))));
}

/**
 * The disk's roof: `perSync` records of 100 bytes appended per write, then one fdatasync, for `seconds`.
 * With `allocatedBytes`, the file is first filled with that many zero bytes and synced, and the records
 * overwrite them (what the log does inside its allocated extents): each sync flushes data, not a new size.
 */
async function diskRoof(
  perSync: number,
  seconds: number,
  allocatedBytes = 0,
): Promise<{ recordsPerSecond: number; syncsPerSecond: number }> {
  const file = path.join(freshDirectory(), 'roof.bin');
  const fd = fs.openSync(file, 'w');
  if (allocatedBytes > 0) {
    fs.writeSync(fd, Buffer.alloc(allocatedBytes));
    fs.fdatasyncSync(fd);
  }
  const chunk = Buffer.alloc(recordBytes * perSync, 0x5a);
  let position = 0;
  let syncs = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (
    performance.now() < deadline &&
    (allocatedBytes === 0 || position + chunk.length <= allocatedBytes)
  ) {
    await callback((done) => fs.write(fd, chunk, 0, chunk.length, position, (error) => done(error)));
    position += chunk.length;
    await callback((done) => fs.fdatasync(fd, done));
    syncs++;
  }
  const elapsed = (performance.now() - started) / 1000;
  fs.closeSync(fd);
  return { recordsPerSecond: (syncs * perSync) / elapsed, syncsPerSecond: syncs / elapsed };
}

interface DurableSample {
  writesPerSecond: number;
  syncsPerSecond: number;
  meanGroup: number;
  logBytesPerWrite: number;
}

/** `producers` loops of `await engine.createVertex()` for `seconds`, every write durable. */
async function durableWrites(producers: number, seconds: number): Promise<DurableSample> {
  const counter = { syncs: 0 };
  const engine = new Engine();
  const log = WriteAheadLog.create({
    path: path.join(freshDirectory(), 'svc.wal'),
    namespaceId: 'bench',
    engine,
    fileSystem: countingFileSystem(counter),
  });
  await log.ready;
  let stop = false;
  let writes = 0;
  const producer = async () => {
    while (!stop) {
      await engine.createVertex();
      writes++;
    }
  };
  const started = performance.now();
  const syncsBefore = counter.syncs;
  const loops = Array.from({ length: producers }, producer);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  stop = true;
  const elapsed = (performance.now() - started) / 1000;
  const done = writes;
  const syncs = counter.syncs - syncsBefore;
  await Promise.all(loops);
  const bytes = log.status.bytes;
  await log.close();
  return {
    writesPerSecond: done / elapsed,
    syncsPerSecond: syncs / elapsed,
    meanGroup: done / Math.max(1, syncs),
    logBytesPerWrite: bytes / Math.max(1, writes),
  };
}

// ---- HTTP ----

const children: ChildProcess[] = [];
const services: ShippedService[] = [];

interface ServerChild {
  port: number;
  /** The log's fdatasync calls so far (durable mode), read over the child's stdout. */
  syncs(): Promise<number>;
}

function startServer(args: string[]): Promise<ServerChild> {
  const child = spawn(process.execPath, [path.join(here, 'durable-writes-server.js'), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
  const syncs = async () => {
    const line = nextLine();
    child.kill('SIGUSR2');
    return (JSON.parse(await line) as { syncs: number }).syncs;
  };
  return new Promise((resolve, reject) => {
    void nextLine().then((line) => resolve({ port: (JSON.parse(line) as { port: number }).port, syncs }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

type Round = WriteLoad;

function load(port: number, seconds: number): Promise<Round> {
  return putVertexLoad(port, flags.connections, seconds);
}

printMachine('Durable single-element writes (write-ahead log, group commit)');
const { seconds, rounds, producers, connections, duration, warmup } = flags;
console.log(`-- files in ${root}; ${rounds} round(s) of ${seconds} s per in-process figure, medians`);

try {
  const roof1: number[] = [];
  const roofAllocated: number[] = [];
  const roofMany: number[] = [];
  const roofManySyncs: number[] = [];
  const single: DurableSample[] = [];
  const many: DurableSample[] = [];
  await durableWrites(producers, 0.5); // warm-up
  for (let r = 0; r < rounds; r++) {
    roof1.push((await diskRoof(1, seconds)).recordsPerSecond);
    roofAllocated.push((await diskRoof(1, seconds, roofAllocatedBytes)).recordsPerSecond);
    const group = await diskRoof(recordsPerGroupSync, seconds);
    roofMany.push(group.recordsPerSecond);
    roofManySyncs.push(group.syncsPerSecond);
    single.push(await durableWrites(1, seconds));
    many.push(await durableWrites(producers, seconds));
  }
  const m = (list: DurableSample[], field: keyof DurableSample) => median(list.map((s) => s[field]));
  const singleRate = m(single, 'writesPerSecond');
  const manyRate = m(many, 'writesPerSecond');
  console.log();
  console.log(
    table([
      ['figure', 'rate', 'fdatasync/s', 'per sync', 'rounds'],
      [
        `disk roof: ${recordBytes}-B record, fdatasync after each`,
        `${rate(median(roof1))} records`,
        num(median(roof1)),
        '1',
        roof1.map((v) => num(v)).join(' / '),
      ],
      [
        `disk roof: ${recordBytes}-B record, fdatasync after each, into allocated space`,
        `${rate(median(roofAllocated))} records`,
        num(median(roofAllocated)),
        '1',
        roofAllocated.map((v) => num(v)).join(' / '),
      ],
      [
        `disk roof: ${recordsPerGroupSync} records per fdatasync`,
        `${rate(median(roofMany))} records`,
        num(median(roofManySyncs)),
        String(recordsPerGroupSync),
        roofMany.map((v) => num(v)).join(' / '),
      ],
      [
        'durable createVertex, 1 producer',
        `${rate(singleRate)} writes`,
        num(m(single, 'syncsPerSecond')),
        m(single, 'meanGroup').toFixed(1),
        single.map((s) => num(s.writesPerSecond)).join(' / '),
      ],
      [
        `durable createVertex, ${producers} producers`,
        `${rate(manyRate)} writes`,
        num(m(many, 'syncsPerSecond')),
        m(many, 'meanGroup').toFixed(1),
        many.map((s) => num(s.writesPerSecond)).join(' / '),
      ],
    ]),
  );
  console.log();
  console.log(`log bytes per createVertex entry: ${m(many, 'logBytesPerWrite').toFixed(1)} (frame included)`);
  console.log(
    `1 producer / disk roof (1 record per sync): ${pct(singleRate / median(roof1))}, ` +
      `into allocated space: ${pct(singleRate / median(roofAllocated))}; ` +
      `${producers} producers / disk roof (${recordsPerGroupSync} per sync): ${pct(manyRate / median(roofMany))}`,
  );
  const ratio = manyRate / singleRate;
  console.log(
    `${producers} producers / 1 producer: ${ratio.toFixed(1)}x; target >= ${targetProducerRatio}x: ` +
      verdict(ratio >= targetProducerRatio),
  );
  console.log(
    `${producers} producers: ${num(manyRate)} durable writes/s; target >= ${num(targetManyProducerRate)}: ` +
      verdict(manyRate >= targetManyProducerRate),
  );

  // Four targets, in a rotating order per round so a slow stretch of the machine hits each alike: the
  // service as the README starts it (durable, logging as shipped), the same route built in process over a
  // file system that counts the log's syncs, the shipped service with durability off (what the log costs
  // over HTTP), and the bare Fastify reference.
  const shipped = await startShippedService();
  services.push(shipped);
  const shippedVolatile = await startShippedService(['--Svc:Durability:Volatile=true']);
  services.push(shippedVolatile);
  const counted = await startServer(['--mode', 'skein', '--dir', freshDirectory()]);
  const targets = [
    { name: 'Skein as shipped: PUT /vertex, waited, durable', port: shipped.port },
    { name: 'Skein in process, counted syncs, no logger', port: counted.port },
    { name: 'Skein as shipped, Svc:Durability:Volatile=true', port: shippedVolatile.port },
    { name: 'bare Fastify PUT /vertex (reference)', port: (await startServer(['--mode', 'bare'])).port },
  ];
  const countedIndex = 1;
  console.log();
  console.log(
    `-- HTTP PUT /vertex?waitForCompletion=true, ${connections} connections, ${rounds} rotating round(s) ` +
      `of ${duration} s per target after ${warmup} s warm-up`,
  );
  for (const target of targets) await load(target.port, warmup);
  const results: Round[][] = targets.map(() => []);
  let countedSyncs = 0;
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < targets.length; k++) {
      const t = (r + k) % targets.length;
      const before = t === countedIndex ? await counted.syncs() : 0;
      results[t].push(await load(targets[t].port, duration));
      if (t === countedIndex) countedSyncs += (await counted.syncs()) - before;
    }
  }
  const summary = (list: Round[]) => ({
    rps: median(list.map((round) => round.requestsPerSecond)),
    p50: median(list.map((round) => round.p50)),
    p99: median(list.map((round) => round.p99)),
    all: list.map((round) => num(round.requestsPerSecond)).join(' / '),
  });
  const rows = targets.map((target, t) => ({ name: target.name, ...summary(results[t]) }));
  console.log();
  console.log(
    table([
      ['target', 'requests/s', 'p50', 'p99', 'rounds (requests/s)'],
      ...rows.map((row) => [row.name, num(row.rps), `${row.p50} ms`, `${row.p99} ms`, row.all]),
    ]),
  );
  console.log();
  const bareIndex = 3;
  const ratiosTo = (t: number) =>
    results[t].map((round, i) => round.requestsPerSecond / results[bareIndex][i].requestsPerSecond);
  const countedRequests = results[countedIndex].reduce(
    (sum, round) => sum + round.requestsPerSecond * duration,
    0,
  );
  console.log(
    `in-process rounds: ${num(countedSyncs / (rounds * duration))} fdatasync/s, ` +
      `${(countedRequests / Math.max(1, countedSyncs)).toFixed(1)} requests per sync`,
  );
  console.log(
    `shipped volatile / bare Fastify: ${pct(median(ratiosTo(2)))}; shipped durable / shipped volatile: ` +
      `${pct(rows[0].rps / rows[2].rps)}`,
  );
  const shippedRatios = ratiosTo(0);
  console.log(
    `shipped durable Skein / bare Fastify: median of per-round ratios ${pct(median(shippedRatios))} ` +
      `(${shippedRatios.map((ratio) => pct(ratio)).join(' / ')}); target >= ${pct(targetShippedHttpRatio)}: ` +
      verdict(median(shippedRatios) >= targetShippedHttpRatio),
  );
  const countedRatios = ratiosTo(countedIndex);
  console.log(
    `in-process durable Skein / bare Fastify: median of per-round ratios ${pct(median(countedRatios))} ` +
      `(${countedRatios.map((ratio) => pct(ratio)).join(' / ')}); target >= ${pct(targetHttpRatio)}: ` +
      verdict(median(countedRatios) >= targetHttpRatio),
  );
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(services.map((service) => service.stop()));
  await new Promise((resolve) => setTimeout(resolve, 200));
  fs.rmSync(root, { recursive: true, force: true });
}
