/**
 * HTTP GET /vertex/{id}: requests/s and latency of the Skein server against a bare Fastify route serving
 * a fixed copy of a real Skein vertex body, measured in the same run with autocannon (50 connections).
 * Each server runs in its own child process, the load generator here, so they share no event loop.
 * Rounds alternate between the two targets; figures are medians over rounds.
 *
 *   node dist/bench/http-get-vertex.js [--duration 10] [--rounds 3] [--connections 50] [--vertices 10000] [--quick]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { median, num, numericFlags, pct, table, verdict } from './common.js';
import { printMachine } from './machine.js';

const targetRatio = 0.6;
const distinctPaths = 64;

const flags = numericFlags(
  { duration: 10, rounds: 3, warmup: 2, connections: 50, vertices: 10_000 },
  { duration: 2, rounds: 1, warmup: 1 },
);
const here = path.dirname(fileURLToPath(import.meta.url));
const children: ChildProcess[] = [];

/** Spawns a server script and resolves with the JSON line it prints once listening. */
function startServer(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Record<string, number>> {
  const child = spawn(process.execPath, [path.join(here, script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as Record<string, number>));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

function stopServers(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
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

printMachine('HTTP GET /vertex/{id}');
const { duration, rounds, warmup, connections, vertices } = flags;

try {
  const skein = await startServer('http-skein-server.js', ['--vertices', String(vertices)]);
  const stride = Math.max(1, Math.floor(skein.vertices / distinctPaths));
  const paths = Array.from(
    { length: Math.min(distinctPaths, skein.vertices) },
    (_, i) => `/vertex/${skein.firstVertex + i * stride}`,
  );

  // A real Skein body for the reference: the median-sized one of the paths we load.
  const bodies: string[] = [];
  for (const p of paths) {
    const response = await fetch(`http://127.0.0.1:${skein.port}${p}`);
    if (response.status !== 200) throw new Error(`GET ${p}: ${response.status}`);
    bodies.push(await response.text());
  }
  const bySize = [...bodies].sort((a, b) => a.length - b.length);
  const referenceBody = bySize[bySize.length >> 1];
  const bare = await startServer('http-bare-server.js', [], { SKEIN_BENCH_BODY: referenceBody });
  const check = await (await fetch(`http://127.0.0.1:${bare.port}${paths[0]}`)).text();
  if (check !== referenceBody) throw new Error('the bare server does not answer the reference body verbatim');

  const meanBody = bodies.reduce((sum, body) => sum + body.length, 0) / bodies.length;
  console.log(
    `-- ${num(skein.vertices)} vertices (2-3 properties, 3 random out-edges each), ${paths.length} distinct ` +
      `/vertex/{id} paths; ${connections} connections; ${rounds} alternating rounds of ${duration} s per target ` +
      `after ${warmup} s warm-up`,
  );
  console.log(
    `   Skein bodies ${bySize[0].length}-${bySize[bySize.length - 1].length} B (mean ${meanBody.toFixed(0)} B); reference body ${referenceBody.length} B`,
  );
  console.log(`   sample: ${referenceBody}`);

  await load(skein.port, paths, warmup);
  await load(bare.port, paths, warmup);
  const skeinRounds: Round[] = [];
  const bareRounds: Round[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      skeinRounds.push(await load(skein.port, paths, duration));
      bareRounds.push(await load(bare.port, paths, duration));
    } else {
      bareRounds.push(await load(bare.port, paths, duration));
      skeinRounds.push(await load(skein.port, paths, duration));
    }
  }

  const summary = (list: Round[]) => ({
    rps: median(list.map((r) => r.requestsPerSecond)),
    p50: median(list.map((r) => r.p50)),
    p99: median(list.map((r) => r.p99)),
    all: list.map((r) => num(r.requestsPerSecond)).join(' / '),
  });
  const s = summary(skeinRounds);
  const b = summary(bareRounds);
  const ratio = s.rps / b.rps;
  // Rounds run back to back, so a per-round ratio cancels slow drifts of a shared machine.
  const roundRatios = skeinRounds.map(
    (round, i) => round.requestsPerSecond / bareRounds[i].requestsPerSecond,
  );
  console.log();
  console.log(
    table([
      ['target', 'requests/s', 'p50', 'p99', 'rounds (requests/s)'],
      ['Skein GET /vertex/{id}', num(s.rps), `${s.p50} ms`, `${s.p99} ms`, s.all],
      ['bare Fastify route (reference)', num(b.rps), `${b.p50} ms`, `${b.p99} ms`, b.all],
    ]),
  );
  console.log();
  console.log(
    `Skein / bare Fastify: ${pct(ratio)} (median of per-round ratios ${pct(median(roundRatios))}: ` +
      `${roundRatios.map((r) => pct(r)).join(' / ')}); target >= ${pct(targetRatio)}: ${verdict(ratio >= targetRatio)}`,
  );
} finally {
  stopServers();
}
