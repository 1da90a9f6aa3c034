/**
 * The traversal `GET /benchmark` runs (docs/generation.md): the worker pool's `traverse-out` task, which
 * follows every outgoing edge of every live vertex once per iteration over the graph's shared columns in a
 * worker thread, beside a raw CSR loop (offsets + targets, two Int32Arrays, one function) on the main
 * thread of the same process over the same edges. Both report edges per second per iteration; the figure
 * is the median over the iterations. The graph: `--vertices` vertices and `--edges` uniformly random
 * edges built through the engine, then compacted (as `bench/traversal.ts`). Runs alternate.
 *
 * A C reference is not built here: `bench/traversal.ts` measures the same loop's shape against the same
 * CSR, and the C kernel of issue 19's analytics bench is still to come.
 *
 *   node --expose-gc dist/bench/benchmark-route.js [--vertices 1e6 --edges 1e7 --iterations 20 --rounds 3] [--quick]
 */
import { Engine, topologyView } from '../src/index.js';
import { shareGraph, WorkerPool } from '../src/workers/index.js';
import { loadEdges, loadVertices, median, num, numericFlags, pct, rate, table, verdict } from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  { vertices: 1_000_000, edges: 10_000_000, iterations: 20, rounds: 3 },
  { vertices: 100_000, edges: 1_000_000, iterations: 20, rounds: 3 },
);
const targetRatio = 0.5;

/** A CSR of the live out-edges, built from the topology view. */
function csrOf(engine: Engine): { offsets: Int32Array; targets: Int32Array; vertices: number } {
  const view = topologyView(engine.graph);
  const vertices = view.endId;
  const offsets = new Int32Array(vertices + 1);
  const targets = new Int32Array(engine.edgeCount);
  let at = 0;
  for (let v = 0; v < vertices; v++) {
    offsets[v] = at;
    if (view.kindType[v] !== 1) continue;
    const record = view.first[v];
    if (record < 0) continue;
    const end = record + 2 + view.pool[record + 1];
    for (let group = record + 2; group < end;) {
      const stop = group + 2 + 2 * view.pool[group + 1];
      for (let pair = group + 2; pair < stop; pair += 2) targets[at++] = view.pool[pair + 1];
      group = stop;
    }
  }
  offsets[vertices] = at;
  return { offsets, targets, vertices };
}

/** Reference: one pass over the CSR; answers the edges followed (the target sum keeps the loop honest). */
function csrPass(offsets: Int32Array, targets: Int32Array, vertices: number): { edges: number; sum: number } {
  let edges = 0;
  let sum = 0;
  for (let v = 0; v < vertices; v++) {
    const end = offsets[v + 1];
    for (let i = offsets[v]; i < end; i++) sum += targets[i];
    edges += end - offsets[v];
  }
  return { edges, sum };
}

async function main(): Promise<void> {
  printMachine('GET /benchmark traversal (worker pool) beside a raw CSR loop');
  const engine = new Engine();
  const firstVertex = await loadVertices(engine, flags.vertices);
  await loadEdges(engine, firstVertex, flags.vertices, flags.edges);
  await engine.compact();
  const csr = csrOf(engine);
  const pool = new WorkerPool({ workers: 1 });
  const poolRates: number[] = [];
  const csrRates: number[] = [];
  try {
    for (let round = 0; round < flags.rounds; round++) {
      const result = await pool.run('traverse-out', {
        graph: shareGraph(engine.graph),
        parameters: { iterations: flags.iterations },
      });
      for (let i = 0; i < result.iterationsRun; i++) {
        if (result.edgesPerIteration[i] !== csr.targets.length) {
          throw new Error(
            `the task followed ${result.edgesPerIteration[i]} edges, the CSR holds ${csr.targets.length}`,
          );
        }
        poolRates.push(result.edgesPerIteration[i] / result.secondsPerIteration[i]);
      }
      for (let i = 0; i < flags.iterations; i++) {
        const start = performance.now();
        const pass = csrPass(csr.offsets, csr.targets, csr.vertices);
        const seconds = (performance.now() - start) / 1000;
        if (pass.edges !== csr.targets.length) throw new Error('the CSR pass lost edges');
        csrRates.push(pass.edges / seconds);
      }
    }
  } finally {
    await pool.close();
  }
  const ratio = median(poolRates) / median(csrRates);
  console.log(`graph: ${num(flags.vertices)} vertices, ${num(csr.targets.length)} edges (compacted)`);
  console.log(
    table([
      ['figure', 'median', 'reference (raw CSR loop)', 'ratio', 'target', 'verdict'],
      [
        'traverse-out in a worker, edges/s per iteration',
        rate(median(poolRates)),
        rate(median(csrRates)),
        pct(ratio),
        `>= ${pct(targetRatio)}`,
        verdict(ratio >= targetRatio),
      ],
    ]),
  );
}

await main();
