/**
 * HTTP GET /vertex/{id}: requests/s and latency of the Skein service as the README starts it (a child
 * process `node dist/src/main.js`, embedded defaults, logging as shipped; bench/shipped-service.ts)
 * against a bare Fastify route serving a fixed copy of a real Skein vertex body, measured in the same run
 * with autocannon (50 connections). Each server runs in its own child process, the load generator here.
 * Pairs of rounds alternate which target goes first; the target is judged on the median of the per-pair
 * ratios. A second Skein row runs the same service with `Svc:Logging:Requests=true` (named as such).
 *
 *   node dist/bench/http-get-vertex.js [--duration 10] [--rounds 3] [--connections 50] [--vertices 10000]
 *                                      [--requestLogging 1] [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median, num, numericFlags, pct, seededRandom, table, verdict } from './common.js';
import { printMachine } from './machine.js';
import { sendJson, startShippedService, type ShippedService } from './shipped-service.js';

const targetRatio = 0.6;
const distinctPaths = 64;
const verticesPerRequest = 2_000;

const flags = numericFlags(
  { duration: 10, rounds: 3, warmup: 2, connections: 50, vertices: 10_000, outEdges: 3, requestLogging: 1 },
  { duration: 2, rounds: 1, warmup: 1 },
);
const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];
const services: ShippedService[] = [];

/** Spawns the bare reference server and resolves with the JSON line it prints once listening. */
function startBareServer(body: string): Promise<{ port: number }> {
  const child = spawn(process.execPath, [path.join(here, 'http-bare-server.js')], {
    env: { ...process.env, SKEIN_BENCH_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as { port: number }));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code} before listening`)));
  });
}

/**
 * The graph every Skein target serves, loaded over HTTP: vertices with 2-3 typed properties and
 * `outEdges` seeded random out-edges each. Returns the created vertex ids.
 */
async function loadGraph(url: string): Promise<number[]> {
  const ids: number[] = [];
  for (let first = 0; first < flags.vertices; first += verticesPerRequest) {
    const batch = [];
    for (let i = first; i < Math.min(flags.vertices, first + verticesPerRequest); i++) {
      const properties = [
        { propertyId: 'name', propertyValue: `person-${i}`, fullQualifiedTypeName: 'System.String' },
        { propertyId: 'age', propertyValue: String(18 + (i % 60)), fullQualifiedTypeName: 'System.Int32' },
      ];
      if (i % 2 === 0) {
        properties.push({
          propertyId: 'score',
          propertyValue: String(i * 0.37),
          fullQualifiedTypeName: 'System.Double',
        });
      }
      batch.push({ label: 'person', properties });
    }
    ids.push(...(await sendJson<number[]>(`${url}/vertices?waitForCompletion=true`, 'PUT', batch)));
  }
  const random = seededRandom(7);
  let edges = [];
  for (const source of ids) {
    for (let k = 0; k < flags.outEdges; k++) {
      const targetVertex = ids[Math.floor(random() * ids.length)];
      edges.push({ sourceVertex: source, targetVertex, edgePropertyId: 'knows' });
      if (edges.length === verticesPerRequest) {
        await sendJson(`${url}/edges?waitForCompletion=true`, 'PUT', edges);
        edges = [];
      }
    }
  }
  if (edges.length > 0) await sendJson(`${url}/edges?waitForCompletion=true`, 'PUT', edges);
  return ids;
}

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

async function load(port: number, paths: string[], seconds: number): Promise<Round> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: flags.connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`port ${port}: ${result.errors} errors, ${result.non2xx} non-2xx responses`);
  }
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

interface Target {
  name: string;
  port: number;
  rounds: Round[];
}

printMachine('HTTP GET /vertex/{id}');
const { duration, rounds, warmup, connections } = flags;

try {
  const shipped = await startShippedService();
  services.push(shipped);
  const skeinTargets: Target[] = [{ name: 'Skein as shipped', port: shipped.port, rounds: [] }];
  if (flags.requestLogging !== 0) {
    const logging = await startShippedService(['--Svc:Logging:Requests=true']);
    services.push(logging);
    skeinTargets.push({ name: 'Skein, Svc:Logging:Requests=true', port: logging.port, rounds: [] });
  }
  const ids = await Promise.all(services.map((service) => loadGraph(service.url)));
  if (ids.some((list) => list.join() !== ids[0].join())) throw new Error('the services hold different ids');
  const stride = Math.max(1, Math.floor(ids[0].length / distinctPaths));
  const paths = Array.from(
    { length: Math.min(distinctPaths, ids[0].length) },
    (_, i) => `/vertex/${ids[0][i * stride]}`,
  );

  // A real Skein body for the reference: the median-sized one of the paths we load.
  const bodies: string[] = [];
  for (const p of paths) {
    const response = await fetch(`${shipped.url}${p}`);
    if (response.status !== 200) throw new Error(`GET ${p}: ${response.status}`);
    bodies.push(await response.text());
  }
  const bySize = [...bodies].sort((a, b) => a.length - b.length);
  const referenceBody = bySize[bySize.length >> 1];
  const bareServer = await startBareServer(referenceBody);
  const check = await (await fetch(`http://127.0.0.1:${bareServer.port}${paths[0]}`)).text();
  if (check !== referenceBody) throw new Error('the bare server does not answer the reference body verbatim');
  const bare: Target = { name: 'bare Fastify route (reference)', port: bareServer.port, rounds: [] };

  const meanBody = bodies.reduce((sum, body) => sum + body.length, 0) / bodies.length;
  console.log(
    `-- ${num(ids[0].length)} vertices (2-3 properties, ${flags.outEdges} random out-edges each, loaded over ` +
      `HTTP), ${paths.length} distinct /vertex/{id} paths; ${connections} connections; ${rounds} pairs of ` +
      `${duration} s rounds per Skein target and the bare route, order alternating, after ${warmup} s warm-up`,
  );
  console.log(
    `   Skein bodies ${bySize[0].length}-${bySize[bySize.length - 1].length} B (mean ${meanBody.toFixed(0)} B); reference body ${referenceBody.length} B`,
  );
  console.log(`   sample: ${referenceBody}`);

  const all = [...skeinTargets, bare];
  for (const target of all) await load(target.port, paths, warmup);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? all : [...all].reverse();
    for (const target of order) target.rounds.push(await load(target.port, paths, duration));
  }

  const summary = (target: Target) => [
    target.name,
    num(median(target.rounds.map((round) => round.requestsPerSecond))),
    `${median(target.rounds.map((round) => round.p50))} ms`,
    `${median(target.rounds.map((round) => round.p99))} ms`,
    target.rounds.map((round) => num(round.requestsPerSecond)).join(' / '),
  ];
  console.log();
  console.log(table([['target', 'requests/s', 'p50', 'p99', 'rounds (requests/s)'], ...all.map(summary)]));
  console.log();
  for (const target of skeinTargets) {
    // Each pair ran back to back, so its ratio cancels the slow drifts of a shared machine.
    const pairRatios = target.rounds.map(
      (round, i) => round.requestsPerSecond / bare.rounds[i].requestsPerSecond,
    );
    const ratio = median(pairRatios);
    const judged = target === skeinTargets[0];
    console.log(
      `${target.name} / bare Fastify: median of per-pair ratios ${pct(ratio)} ` +
        `(${pairRatios.map((x) => pct(x)).join(' / ')})` +
        (judged ? `; target >= ${pct(targetRatio)}: ${verdict(ratio >= targetRatio)}` : ' (not a target)'),
    );
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(services.map((service) => service.stop()));
}
