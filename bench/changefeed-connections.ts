/**
 * Heap left behind by change-feed connections that open and close (test/server/changefeed.test.ts checks
 * that no closed subscription stays reachable; a heap size is measured here, not asserted): `--cycles`
 * times, a `GET /changefeed` stream is opened on a new connection and the connection destroyed as soon as
 * the headers are in; the heap is measured after forced collections before and after the cycles. The
 * reference, same server and same run: as many `GET /healthz` requests, each on a new connection
 * destroyed once its answer is read (the HTTP machinery without a subscription). The server runs in this
 * process (its heap is the figure) without a logger (the figure does not depend on it). Warm-up cycles of
 * both kinds first; `--rounds` rounds alternate the kinds; medians.
 *
 *   node --expose-gc dist/bench/changefeed-connections.js [--cycles 1000] [--warmup 300] [--rounds 3] [--quick]
 */
import http from 'node:http';
import { Namespaces } from '../src/index.js';
import { buildServer, defaultServerOptions } from '../src/server/app.js';
import { median, num, numericFlags, settledMemory, table } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  { cycles: 1_000, warmup: 300, rounds: 3 },
  { cycles: 300, warmup: 100, rounds: 1 },
);
const { cycles, warmup, rounds } = flags;

const namespaces = new Namespaces();
const feed = namespaces.default.engine.changeFeed;
if (feed === undefined) throw new Error('the change feed is off');
const server = await buildServer(defaultServerOptions(namespaces, { logger: false }));
const base = await server.listen({ port: 0, host: '127.0.0.1' });

/** One request on its own connection; resolves once its headers (and, with `readBody`, its body) are in. */
function cycle(path: string, readBody: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, { agent: false }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${path} answered ${response.statusCode}`));
      if (!readBody) {
        request.destroy();
        resolve();
        return;
      }
      response.resume();
      response.on('end', () => {
        request.destroy();
        resolve();
      });
    });
    request.on('error', reject);
  });
}

async function released(): Promise<void> {
  while (feed!.subscriberCount > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

const kinds = [
  { name: 'GET /changefeed, closed after the headers', run: () => cycle('/changefeed', false) },
  { name: 'GET /healthz, closed after the answer (reference)', run: () => cycle('/healthz', true) },
];

async function growth(run: () => Promise<void>, count: number): Promise<number> {
  await released();
  const before = await settledMemory();
  for (let i = 0; i < count; i++) await run();
  await released();
  const after = await settledMemory();
  return after.heapUsed - before.heapUsed;
}

printMachine('heap left by change-feed connections that open and close');
for (const kind of kinds) await growth(kind.run, warmup);
const growths = kinds.map(() => [] as number[]);
for (let round = 0; round < rounds; round++) {
  for (let k = 0; k < kinds.length; k++) {
    const index = (round + k) % kinds.length;
    growths[index].push(await growth(kinds[index].run, cycles));
  }
}
await server.close();

const kib = (bytes: number) => `${num(bytes / 1024, 1)} KiB`;
console.log(
  table([
    ['cycles of', `heap growth over ${num(cycles)}`, 'per cycle'],
    ...kinds.map((kind, i) => {
      const bytes = median(growths[i]);
      return [kind.name, kib(bytes), `${num(bytes / cycles, 1)} B`];
    }),
  ]),
);
console.log(
  `medians of ${rounds} rounds after ${num(warmup)} warm-up cycles of each; subscribers left: ${feed.subscriberCount}`,
);
