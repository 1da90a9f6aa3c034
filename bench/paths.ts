/**
 * Path finding in process (src/paths), each figure beside a reference measured in the same run:
 *
 * 1. BLS on a random graph (1M vertices, 10M edges, seeded) between seeded random vertex pairs: latency
 *    median and p99 of `findPathsSync` (every fewest-hop path) beside a plain bidirectional BFS over an
 *    undirected CSR copy of the same edges (distance only, same level-by-level expansion of the smaller
 *    frontier); runs alternate. Also the sliced `findPaths` the HTTP route runs, and the longest
 *    event-loop gap a ticker sees while it runs.
 * 2. DIJKSTRA on a 100k-vertex graph whose edges carry a Double `weight`, costed by the C# fragment
 *    `return e => e.TryGetProperty(out double w, "weight") ? w : 1.0;` compiled as the route compiles it:
 *    K = 1 beside a plain binary-heap Dijkstra over a weighted CSR copy, K = 10 (Yen) beside K = 1, and the
 *    same K = 1 search with the cost as a plain function (the fragment's share).
 *
 *   node --expose-gc dist/bench/paths.js [--vertices 1e6 --edges 1e7 --pairs 100 --rounds 3   (0 pairs: no BLS)
 *                                         --weightedVertices 1e5 --weightedEdges 1e6 --weightedPairs 20]
 */
import { Engine, topologyView } from '../src/index.js';
import { findPaths, findPathsSync } from '../src/paths/find.js';
import type { PathQuery } from '../src/paths/model.js';
import { compileRequestFragments, pathRulesOf, withDefaults } from '../src/paths/request.js';
import {
  bulkBatch,
  loadEdges,
  loadVertices,
  median,
  num,
  numericFlags,
  seconds,
  seededRandom,
  table,
  verdict,
} from './common.js';
import { printMachine } from './machine.js';

const flags = numericFlags(
  {
    vertices: 1_000_000,
    edges: 10_000_000,
    pairs: 100,
    rounds: 3,
    seed: 42,
    weightedVertices: 100_000,
    weightedEdges: 1_000_000,
    weightedPairs: 20,
  },
  {
    vertices: 100_000,
    edges: 1_000_000,
    pairs: 50,
    rounds: 2,
    weightedVertices: 20_000,
    weightedEdges: 200_000,
    weightedPairs: 10,
  },
);
const targetRatio = 2;
const maxDepth = 7;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function ms(value: number): string {
  return value >= 100 ? seconds(value) : `${value.toFixed(value < 1 ? 3 : 2)} ms`;
}

// ---- the undirected CSR copy and the references ----

interface UndirectedCsr {
  vertices: number;
  offsets: Int32Array;
  neighbours: Int32Array;
  /** Per neighbour entry: the edge's weight (only for the weighted graph). */
  weights: Float64Array | null;
}

/** Both directions of every edge but self-loops, per vertex; `weightOf` fills the weights when given. */
function undirectedCsr(engine: Engine, weightOf?: (edge: number) => number): UndirectedCsr {
  const view = topologyView(engine.graph);
  const vertices = engine.graph.nextId;
  const offsets = new Int32Array(vertices + 1);
  for (let id = 0; id < view.endId; id++) {
    if (view.kindType[id] < 2 || view.first[id] === view.second[id]) continue;
    offsets[view.first[id] + 1]++;
    offsets[view.second[id] + 1]++;
  }
  for (let i = 0; i < vertices; i++) offsets[i + 1] += offsets[i];
  const neighbours = new Int32Array(offsets[vertices]);
  const weights = weightOf === undefined ? null : new Float64Array(offsets[vertices]);
  const fill = offsets.slice(0, vertices);
  for (let id = 0; id < view.endId; id++) {
    if (view.kindType[id] < 2 || view.first[id] === view.second[id]) continue;
    const source = view.first[id];
    const target = view.second[id];
    const w = weightOf?.(id) ?? 0;
    const a = fill[source]++;
    neighbours[a] = target;
    const b = fill[target]++;
    neighbours[b] = source;
    if (weights !== null) {
      weights[a] = w;
      weights[b] = w;
    }
  }
  return { vertices, offsets, neighbours, weights };
}

/** Reference: bidirectional BFS over the CSR, expanding the smaller frontier a whole level at a time. */
class CsrBidirectionalBfs {
  private readonly distS: Int32Array;
  private readonly distT: Int32Array;
  private readonly queueS: Int32Array;
  private readonly queueT: Int32Array;

  constructor(private readonly csr: UndirectedCsr) {
    this.distS = new Int32Array(csr.vertices).fill(-1);
    this.distT = new Int32Array(csr.vertices).fill(-1);
    this.queueS = new Int32Array(csr.vertices);
    this.queueT = new Int32Array(csr.vertices);
  }

  /** Fewest hops from s to t within maxDepth, or -1. */
  distance(s: number, t: number, depth: number): number {
    const { offsets, neighbours } = this.csr;
    const { distS, distT, queueS, queueT } = this;
    distS[s] = 0;
    distT[t] = 0;
    queueS[0] = s;
    queueT[0] = t;
    let beginS = 0;
    let endS = 1;
    let beginT = 0;
    let endT = 1;
    let levelS = 0;
    let levelT = 0;
    let best = -1;
    while (best < 0 && endS > beginS && endT > beginT && levelS + levelT < depth) {
      const forward = endS - beginS <= endT - beginT;
      const own = forward ? distS : distT;
      const other = forward ? distT : distS;
      const queue = forward ? queueS : queueT;
      const begin = forward ? beginS : beginT;
      const end = forward ? endS : endT;
      const next = (forward ? levelS : levelT) + 1;
      let tail = end;
      for (let i = begin; i < end; i++) {
        const v = queue[i];
        for (let at = offsets[v]; at < offsets[v + 1]; at++) {
          const w = neighbours[at];
          if (own[w] >= 0) continue;
          own[w] = next;
          queue[tail++] = w;
          const there = other[w];
          if (there >= 0 && (best < 0 || next + there < best)) best = next + there;
        }
      }
      if (forward) {
        beginS = end;
        endS = tail;
        levelS = next;
      } else {
        beginT = end;
        endT = tail;
        levelT = next;
      }
    }
    for (let i = 0; i < endS; i++) distS[queueS[i]] = -1;
    for (let i = 0; i < endT; i++) distT[queueT[i]] = -1;
    return best;
  }
}

/** Reference: plain Dijkstra with a binary heap over the weighted CSR (least weight from s to t). */
class CsrDijkstra {
  private readonly dist: Float64Array;
  private readonly done: Uint8Array;
  private heapVertex = new Int32Array(1024);
  private heapWeight = new Float64Array(1024);

  constructor(private readonly csr: UndirectedCsr) {
    this.dist = new Float64Array(csr.vertices).fill(Number.POSITIVE_INFINITY);
    this.done = new Uint8Array(csr.vertices);
  }

  leastWeight(s: number, t: number): number {
    const { offsets, neighbours } = this.csr;
    const weights = this.csr.weights!;
    const { dist, done } = this;
    const touched: number[] = [s];
    let size = 0;
    const push = (v: number, w: number) => {
      if (size === this.heapVertex.length) {
        const vs = new Int32Array(size * 2);
        vs.set(this.heapVertex);
        const ws = new Float64Array(size * 2);
        ws.set(this.heapWeight);
        this.heapVertex = vs;
        this.heapWeight = ws;
      }
      const hv = this.heapVertex;
      const hw = this.heapWeight;
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (hw[parent] <= w) break;
        hv[at] = hv[parent];
        hw[at] = hw[parent];
        at = parent;
      }
      hv[at] = v;
      hw[at] = w;
    };
    dist[s] = 0;
    push(s, 0);
    let result = Number.POSITIVE_INFINITY;
    while (size > 0) {
      const hv = this.heapVertex;
      const hw = this.heapWeight;
      const v = hv[0];
      const w = hw[0];
      const lastV = hv[--size];
      const lastW = hw[size];
      let at = 0;
      for (;;) {
        let child = 2 * at + 1;
        if (child >= size) break;
        if (child + 1 < size && hw[child + 1] < hw[child]) child++;
        if (hw[child] >= lastW) break;
        hv[at] = hv[child];
        hw[at] = hw[child];
        at = child;
      }
      hv[at] = lastV;
      hw[at] = lastW;
      if (done[v] === 1) continue;
      done[v] = 1;
      if (v === t) {
        result = w;
        break;
      }
      for (let i = offsets[v]; i < offsets[v + 1]; i++) {
        const u = neighbours[i];
        const next = w + weights[i];
        if (next < dist[u]) {
          if (dist[u] === Number.POSITIVE_INFINITY) touched.push(u);
          dist[u] = next;
          push(u, next);
        }
      }
    }
    for (const v of touched) {
      dist[v] = Number.POSITIVE_INFINITY;
      done[v] = 0;
    }
    return result;
  }
}

function randomPairs(count: number, vertices: number, seed: number): [number, number][] {
  const random = seededRandom(seed);
  const pairs: [number, number][] = [];
  while (pairs.length < count) {
    const s = Math.floor(random() * vertices);
    const t = Math.floor(random() * vertices);
    if (s !== t) pairs.push([s, t]);
  }
  return pairs;
}

/** The longest gap between two turns of a setImmediate ticker while `work` runs. */
async function longestGap<T>(work: () => Promise<T>): Promise<{ result: T; gapMs: number }> {
  let running = true;
  let last = performance.now();
  let gapMs = 0;
  const tick = () => {
    const now = performance.now();
    gapMs = Math.max(gapMs, now - last);
    last = now;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const result = await work();
  running = false;
  return { result, gapMs: Math.max(gapMs, performance.now() - last) };
}

// ---- 1. BLS on the big random graph ----

printMachine('paths: BLS and DIJKSTRA in process');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const { seed } = flags;

async function blsSection(): Promise<void> {
  const { vertices, edges, pairs: pairCount, rounds } = flags;
  console.log(
    `-- BLS: ${num(vertices)} vertices, ${num(edges)} edges (uniform random endpoints, seed ${seed})`,
  );
  const engine = new Engine();
  const started = performance.now();
  const first = await loadVertices(engine, vertices);
  await loadEdges(engine, first, vertices, edges, seed);
  await engine.compact();
  console.log(
    `build (Engine.submit, ${num(bulkBatch)} per transaction) and compaction: ${seconds(performance.now() - started)}`,
  );
  const csr = undirectedCsr(engine);
  const bfs = new CsrBidirectionalBfs(csr);
  const pairs = randomPairs(pairCount, vertices, seed + 1);
  const blsQuery: PathQuery = { algorithm: 'BLS', maxDepth };

  const skeinMs: number[] = [];
  const referenceMs: number[] = [];
  const pathCounts: number[] = [];
  const hopCounts = new Map<number, number>();
  // Warm-up: every pair once each way.
  for (const [s, t] of pairs) {
    findPathsSync(engine, s, t, blsQuery);
    bfs.distance(s, t, maxDepth);
  }
  gc();
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < pairs.length; i++) {
      const [s, t] = pairs[i];
      const referenceFirst = (i + round) % 2 === 0;
      let distance = -1;
      let found: ReturnType<typeof findPathsSync> = [];
      for (const which of referenceFirst ? ['reference', 'skein'] : ['skein', 'reference']) {
        const t0 = performance.now();
        if (which === 'reference') {
          distance = bfs.distance(s, t, maxDepth);
          referenceMs.push(performance.now() - t0);
        } else {
          found = findPathsSync(engine, s, t, blsQuery);
          skeinMs.push(performance.now() - t0);
        }
      }
      const hops = found.length === 0 ? -1 : found[0].pathElements.length;
      if (hops !== distance)
        throw new Error(`pair ${s} -> ${t}: BLS found ${hops} hops, the reference ${distance}`);
      if (round === 0) {
        pathCounts.push(found.length);
        hopCounts.set(hops, (hopCounts.get(hops) ?? 0) + 1);
      }
    }
  }
  const slicedMs: number[] = [];
  let slicedGapMs = 0;
  for (const [s, t] of pairs) {
    const t0 = performance.now();
    const { gapMs } = await longestGap(() => findPaths(engine, s, t, blsQuery));
    slicedMs.push(performance.now() - t0);
    slicedGapMs = Math.max(slicedGapMs, gapMs);
  }
  const slicedTotalMs = slicedMs.reduce((a, b) => a + b, 0);
  const { gapMs: idleGapMs } = await longestGap(
    () => new Promise<void>((resolve) => setTimeout(resolve, Math.max(200, slicedTotalMs))),
  );
  const ratio = median(skeinMs) / median(referenceMs);
  console.log(
    `${pairs.length} pairs x ${rounds} rounds, alternating; hops per pair: ` +
      [...hopCounts.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([h, n]) => `${h < 0 ? 'none' : h}: ${n}`)
        .join(', ') +
      `; paths per pair: median ${median(pathCounts)}, max ${Math.max(...pathCounts)}`,
  );
  console.log();
  console.log(
    table([
      ['search', 'median', 'p99', 'max'],
      [
        'Skein BLS findPathsSync (all fewest-hop paths)',
        ms(median(skeinMs)),
        ms(quantile(skeinMs, 0.99)),
        ms(Math.max(...skeinMs)),
      ],
      [
        'plain bidirectional BFS over a CSR (reference)',
        ms(median(referenceMs)),
        ms(quantile(referenceMs, 0.99)),
        ms(Math.max(...referenceMs)),
      ],
      [
        'Skein BLS findPaths, in event-loop slices',
        ms(median(slicedMs)),
        ms(quantile(slicedMs, 0.99)),
        ms(Math.max(...slicedMs)),
      ],
    ]),
  );
  console.log();
  console.log(
    `BLS / reference (medians): ${ratio.toFixed(2)}x, p99 ${(quantile(skeinMs, 0.99) / quantile(referenceMs, 0.99)).toFixed(2)}x; ` +
      `target <= ${targetRatio}x: ${verdict(ratio <= targetRatio)}`,
  );
  console.log(
    `longest event-loop gap during the sliced searches: ${ms(slicedGapMs)}; an idle loop watched as long: ` +
      `${ms(idleGapMs)} (limit 50 ms)`,
  );
  console.log();
}

if (flags.pairs > 0) await blsSection();

// ---- 2. DIJKSTRA on the weighted graph ----

async function weightedSection(): Promise<void> {
  const { weightedVertices, weightedEdges, weightedPairs } = flags;
  console.log(
    `-- DIJKSTRA: ${num(weightedVertices)} vertices, ${num(weightedEdges)} edges with a Double weight in [0.1, 10) (seed ${seed})`,
  );
  const weighted = new Engine();
  const started = performance.now();
  const firstWeighted = await loadVertices(weighted, weightedVertices);
  {
    const random = seededRandom(seed + 2);
    for (let done = 0; done < weightedEdges;) {
      const size = Math.min(bulkBatch, weightedEdges - done);
      const operations = new Array<{ kind: 'createEdge'; input: object }>(size);
      for (let i = 0; i < size; i++) {
        operations[i] = {
          kind: 'createEdge',
          input: {
            sourceVertex: firstWeighted + Math.floor(random() * weightedVertices),
            targetVertex: firstWeighted + Math.floor(random() * weightedVertices),
            edgePropertyId: 'road',
            properties: [{ key: 'weight', value: { type: 'Double', value: 0.1 + random() * 9.9 } }],
          },
        };
      }
      await weighted.submit(operations as never);
      done += size;
    }
  }
  await weighted.compact();
  console.log(`build and compaction: ${seconds(performance.now() - started)}`);
  const weightKey = weighted.graph.propertyKeys.find('weight');
  const weightOf = (edge: number): number => {
    const value = weighted.graph.properties.get(edge, weightKey);
    return value !== undefined && value.type === 'Double' ? value.value : 1;
  };
  const weightedCsr = undirectedCsr(weighted, weightOf);
  const reference = new CsrDijkstra(weightedCsr);
  const fragmentSet = withDefaults({
    cost: { edgeCost: 'return e => e.TryGetProperty(out double w, "weight") ? w : 1.0;', vertexCost: null },
  });
  const fragmentRules = () =>
    pathRulesOf(
      weighted.graph,
      { fragments: fragmentSet, compiled: compileRequestFragments(fragmentSet) },
      10_000_000,
    );
  // Unbounded hops, so the plain Dijkstra answers the same question; the route's default maxDepth 7 below.
  const unbounded = 65_535;
  const weightedPairsList = randomPairs(weightedPairs, weightedVertices, seed + 3);
  interface Series {
    name: string;
    run: (s: number, t: number) => number;
    times: number[];
  }
  // The weights as a Float64Array by edge id: a cost with no property-store read, to show the search's share.
  const weightById = new Float64Array(weighted.graph.nextId);
  for (let id = 0; id < weighted.graph.nextId; id++)
    if (weighted.graph.isEdge(id)) weightById[id] = weightOf(id);
  const arrayCost = (edge: number) => weightById[edge];
  const leastWeight = (query: PathQuery) => (s: number, t: number) =>
    findPathsSync(weighted, s, t, query)[0]?.totalWeight ?? Number.POSITIVE_INFINITY;
  const series: Series[] = [
    {
      name: 'plain Dijkstra over a weighted CSR (reference)',
      run: (s, t) => reference.leastWeight(s, t),
      times: [],
    },
    {
      name: 'Skein DIJKSTRA K=1, cost from a Float64Array by edge id',
      run: leastWeight({ edgeCost: arrayCost, algorithm: 'DIJKSTRA', maxResults: 1, maxDepth: unbounded }),
      times: [],
    },
    {
      name: 'Skein DIJKSTRA K=1, cost read from the property store',
      run: leastWeight({ edgeCost: weightOf, algorithm: 'DIJKSTRA', maxResults: 1, maxDepth: unbounded }),
      times: [],
    },
    {
      name: 'Skein DIJKSTRA K=1, cost fragment',
      run: (s, t) =>
        leastWeight({ ...fragmentRules(), algorithm: 'DIJKSTRA', maxResults: 1, maxDepth: unbounded })(s, t),
      times: [],
    },
    {
      name: 'Skein DIJKSTRA K=10, cost fragment',
      run: (s, t) =>
        findPathsSync(weighted, s, t, {
          ...fragmentRules(),
          algorithm: 'DIJKSTRA',
          maxResults: 10,
          maxDepth: unbounded,
        }).length,
      times: [],
    },
    {
      name: 'Skein DIJKSTRA K=1, cost fragment, maxDepth 7 (the default)',
      run: (s, t) =>
        findPathsSync(weighted, s, t, { ...fragmentRules(), algorithm: 'DIJKSTRA', maxResults: 1 }).length,
      times: [],
    },
    {
      name: 'Skein DIJKSTRA K=10, cost fragment, maxDepth 7 (the default)',
      run: (s, t) =>
        findPathsSync(weighted, s, t, { ...fragmentRules(), algorithm: 'DIJKSTRA', maxResults: 10 }).length,
      times: [],
    },
  ];
  for (const [s, t] of weightedPairsList.slice(0, 2)) for (const one of series) one.run(s, t);
  gc();
  for (let i = 0; i < weightedPairsList.length; i++) {
    const [s, t] = weightedPairsList[i];
    const results: number[] = [];
    for (let k = 0; k < series.length; k++) {
      const one = series[(i + k) % series.length];
      const t0 = performance.now();
      const value = one.run(s, t);
      one.times.push(performance.now() - t0);
      const index = series.indexOf(one);
      if (index <= 3) results[index] = value;
    }
    if (results[0] !== results[1] || results[0] !== results[2] || results[0] !== results[3]) {
      throw new Error(`pair ${s} -> ${t}: least weights differ: ${results.join(', ')}`);
    }
  }
  console.log(
    `${weightedPairsList.length} pairs, every search in rotating order; K=1 weights checked equal to the reference`,
  );
  console.log();
  console.log(
    table([
      ['search', 'median', 'p99', 'x reference'],
      ...series.map((one) => [
        one.name,
        ms(median(one.times)),
        ms(quantile(one.times, 0.99)),
        `${(median(one.times) / median(series[0].times)).toFixed(2)}x`,
      ]),
    ]),
  );
  console.log();
  console.log(
    `K=10 / K=1 (fragment, unbounded): ${(median(series[4].times) / median(series[3].times)).toFixed(1)}x; ` +
      `fragment / property-store function: ${(median(series[3].times) / median(series[2].times)).toFixed(2)}x; ` +
      `property store / Float64Array cost: ${(median(series[2].times) / median(series[1].times)).toFixed(2)}x`,
  );
}

if (flags.weightedPairs > 0) await weightedSection();
