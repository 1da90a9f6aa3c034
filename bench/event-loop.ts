/**
 * The event-loop rule: no request holds the loop for more than 50 ms. A Skein server in a child process
 * (so the client's work is not on its loop) serves heavy reads — a full `GET /graph` page (100,000
 * vertices and 100,000 edges) and full-graph property scans over a million elements — while this process
 * probes `GET /healthz` every 10 ms. Reported: the server's own maximum event-loop delay and the probe's
 * latency, beside the same figures with no heavy request running (the reference).
 *
 *   node dist/bench/event-loop.js [--pageVertices 100000 --scanVertices 900000 --repeats 3]
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, num, numericFlags, table, verdict } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  { pageVertices: 100_000, scanVertices: 900_000, repeats: 3 },
  { pageVertices: 10_000, scanVertices: 90_000, repeats: 2 },
);
const limitMs = 50;
const probeIntervalMs = 10;

printMachine('event loop: probe latency while heavy reads run');
const here = path.dirname(fileURLToPath(import.meta.url));
const child = fork(path.join(here, 'event-loop-server.js'), [
  '--pageVertices',
  String(flags.pageVertices),
  '--scanVertices',
  String(flags.scanVertices),
]);
const messages: ((message: unknown) => void)[] = [];
child.on('message', (message) => messages.shift()?.(message));
const next = <T>() => new Promise<T>((resolve) => messages.push(resolve as (message: unknown) => void));

const { port, elements } = await next<{ port: number; elements: number }>();
const base = `http://127.0.0.1:${port}`;
console.log(`-- server graph: ${num(elements)} elements; probe GET /healthz every ${probeIntervalMs} ms`);

interface Outcome {
  name: string;
  heavyMs: number[];
  probeMs: number[];
  serverMaxMs: number;
}

async function measure(name: string, heavy: (() => Promise<void>) | null): Promise<Outcome> {
  child.send({ reset: true });
  const probeMs: number[] = [];
  let running = true;
  const probing = (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${base}/healthz`)).text();
      probeMs.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, probeIntervalMs));
    }
  })();
  const heavyMs: number[] = [];
  if (heavy === null) await new Promise((resolve) => setTimeout(resolve, 3000));
  else {
    for (let i = 0; i < flags.repeats; i++) {
      const start = performance.now();
      await heavy();
      heavyMs.push(performance.now() - start);
    }
  }
  running = false;
  await probing;
  child.send({ report: true });
  const { maxMs } = await next<{ maxMs: number }>();
  return { name, heavyMs, probeMs, serverMaxMs: maxMs };
}

const scanBody = JSON.stringify({
  operator: 1,
  literal: { value: String(flags.pageVertices + flags.scanVertices - 1000), fullQualifiedTypeName: 'Int32' },
  resultType: 'Vertices',
});
const outcomes = [
  await measure('idle (reference)', null),
  await measure(`GET /graph?maxElements=${flags.pageVertices}`, async () => {
    const response = await fetch(`${base}/graph?maxElements=${flags.pageVertices}`);
    await response.arrayBuffer();
  }),
  await measure('POST /scan/graph/property/n (Greater)', async () => {
    await (
      await fetch(`${base}/scan/graph/property/n`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: scanBody,
      })
    ).json();
  }),
  await measure('POST /scan/graph/properties', async () => {
    await (
      await fetch(`${base}/scan/graph/properties`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ searchTerm: 'person-99999' }),
      })
    ).json();
  }),
];
child.kill('SIGTERM');

const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.99) - 1)];
console.log();
console.log(
  table([
    [
      'while running',
      'request (median)',
      'probes',
      'probe p99',
      'probe max',
      'server loop max',
      `<= ${limitMs} ms`,
    ],
    ...outcomes.map((outcome) => [
      outcome.name,
      outcome.heavyMs.length === 0 ? '-' : `${median(outcome.heavyMs).toFixed(0)} ms`,
      num(outcome.probeMs.length),
      `${p99(outcome.probeMs).toFixed(1)} ms`,
      `${Math.max(...outcome.probeMs).toFixed(1)} ms`,
      `${outcome.serverMaxMs.toFixed(1)} ms`,
      verdict(outcome.serverMaxMs <= limitMs && p99(outcome.probeMs) <= limitMs),
    ]),
  ]),
);
