/**
 * Writes over HTTP with live SSE subscribers (the change feed's writer-throughput target as a client sees it;
 * the target itself is the in-process figure of changefeed.ts): `PUT /vertex?waitForCompletion=true` from
 * `--connections` connections (autocannon) against a Skein server with durability off, with 0 and with
 * `--subscribers` real `GET /changefeed` clients in another process reading every frame. The server runs with
 * the default flush interval (a stream sends at most once per 10 ms while events keep coming) and, as the
 * same-run reference, with an interval of 0 (a send per stream at every commit). Each server in its own child
 * process; rounds rotate the cases; medians.
 *
 *   node dist/bench/changefeed-http.js [--seconds 4] [--rounds 3] [--connections 64] [--subscribers 32] [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { median, num, numericFlags, pct, rate, table } from './common.js';
import { printMachine } from './machine.js';
import { putVertexLoad } from './put-vertex-load.js';

const flags = numericFlags(
  { seconds: 4, rounds: 3, connections: 64, subscribers: 32 },
  { seconds: 2, rounds: 1 },
);
const here = path.dirname(fileURLToPath(import.meta.url));
const mainScript = path.join(here, '..', 'src', 'main.js');
const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

interface Case {
  name: string;
  flushIntervalMilliseconds: number;
  subscribers: number;
}

const cases: Case[] = [
  { name: 'no subscribers', flushIntervalMilliseconds: 10, subscribers: 0 },
  {
    name: `${flags.subscribers} subscribers, flush interval 10 ms (default)`,
    flushIntervalMilliseconds: 10,
    subscribers: flags.subscribers,
  },
  {
    name: `${flags.subscribers} subscribers, flush interval 0 (a send per commit)`,
    flushIntervalMilliseconds: 0,
    subscribers: flags.subscribers,
  },
];

function lines(child: ChildProcess): Interface {
  return createInterface({ input: child.stdout! });
}

function nextLine(reader: Interface): Promise<string> {
  return new Promise((resolve) => reader.once('line', resolve));
}

async function startServer(
  flushIntervalMilliseconds: number,
): Promise<{ child: ChildProcess; port: number }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    process.execPath,
    [
      mainScript,
      `--Svc:Http:Port=${port}`,
      '--Svc:Durability:Volatile=true',
      '--Svc:Logging:Level=warn',
      `--Svc:ChangeFeed:FlushIntervalMilliseconds=${flushIntervalMilliseconds}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, port };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('server did not become ready');
}

interface Sample {
  requestsPerSecond: number;
  /** Frames the slowest client received, per request answered. */
  delivered: number;
  resyncs: number;
}

async function measure(c: Case): Promise<Sample> {
  const server = await startServer(c.flushIntervalMilliseconds);
  let clients: ChildProcess | undefined;
  let reader: Interface | undefined;
  try {
    if (c.subscribers > 0) {
      clients = spawn(
        process.execPath,
        [
          path.join(here, 'changefeed-http-clients.js'),
          '--port',
          String(server.port),
          '--subscribers',
          String(c.subscribers),
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      children.push(clients);
      reader = lines(clients);
      await nextLine(reader);
    }
    const load = await putVertexLoad(server.port, flags.connections, flags.seconds);
    let delivered = 1;
    let resyncs = 0;
    if (clients !== undefined && reader !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last interval's send
      const line = nextLine(reader);
      clients.kill('SIGUSR2');
      const counts = JSON.parse(await line) as { frames: number; resyncs: number };
      delivered = counts.frames / load.answered;
      resyncs = counts.resyncs;
    }
    return { requestsPerSecond: load.requestsPerSecond, delivered, resyncs };
  } finally {
    clients?.kill('SIGKILL');
    server.child.kill('SIGKILL');
  }
}

printMachine('HTTP writes with live change-feed subscribers');
console.log(
  `-- PUT /vertex?waitForCompletion=true, ${flags.connections} connections, ${flags.seconds} s per round, ` +
    `${flags.rounds} round(s), medians; subscribers: ${flags.subscribers} SSE clients in one other process`,
);
console.log();

const samples: Sample[][] = cases.map(() => []);
await measure(cases[0]); // warm-up
for (let round = 0; round < flags.rounds; round++) {
  for (let k = 0; k < cases.length; k++) {
    const index = (round + k) % cases.length;
    samples[index].push(await measure(cases[index]));
  }
}

const rates = samples.map((list) => median(list.map((sample) => sample.requestsPerSecond)));
const rows: string[][] = [
  ['case', 'requests/s', 'x no subscribers', 'frames per request (slowest client)', 'resyncs'],
];
cases.forEach((c, i) => {
  rows.push([
    c.name,
    rate(rates[i]),
    pct(rates[i] / rates[0]),
    c.subscribers === 0 ? '—' : num(median(samples[i].map((sample) => sample.delivered)), 3),
    c.subscribers === 0 ? '—' : num(Math.max(...samples[i].map((sample) => sample.resyncs))),
  ]);
});
console.log(table(rows));
console.log();
console.log(
  `${cases[1].name}: ${pct(rates[1] / rates[0])} of no subscribers; a send per commit: ${pct(rates[2] / rates[0])}`,
);
