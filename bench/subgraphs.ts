/**
 * Subgraph extraction (docs/subgraphs.md) on a uniform graph: `--vertices` vertices, each with exactly
 * `--outDegree` out-edges to uniformly random targets and an Int32 property `w` in [0, 100).
 *
 * Patterns, each run through the service's own path (`Subgraphs.create`: compile through the subgraph
 * cache, the matcher in event-loop slices, the deep copy) and then deleted:
 * - `3-step`: Vertex(w < 10) -Edge(out)-> Vertex(w > 90), both filters C# fragments;
 * - `1..3 hops`: Vertex(Id % stride == 0, `--starts` start vertices) -VariableLengthEdge(out, 1..3)-> Vertex.
 *
 * Reported per pattern: elements examined per second (start vertices tested plus adjacency pairs looked
 * at, the same count for both sides), beside a hand-written matcher of the same pattern in the same run:
 * plain loops over the engine's typed arrays (topology view; `w` read from the property store's record
 * pool with `locate`/`inlineAt`), no fragments, no per-element memo, no slicing, no copy. A second
 * reference reads `w` from a dense Int32Array column instead (the ceiling of any storage). Runs alternate.
 * Also: the longest turn of the event loop seen by a 1 ms timer while an extraction runs (wall clock, and
 * this process's CPU time within that turn), and the memory per extracted element (the extract's
 * committed typed arrays, and the JS heap's growth after GC).
 *
 *   node --expose-gc dist/bench/subgraphs.js [--vertices 1e6 --outDegree 10 --starts 100 --runs 5 --warmup 2] [--quick]
 */
import { Engine, subgraphsOf, topologyView, type SubgraphRecipe, type TopologyView } from '../src/index.js';
import {
  median,
  num,
  numericFlags,
  pct,
  rate,
  seededRandom,
  settledMemory,
  table,
  verdict,
} from './common.js';
import { printMachine } from './machine.js';
import { normalizePatterns } from '../src/subgraphs/index.js';

const flags = numericFlags(
  { vertices: 1_000_000, outDegree: 10, starts: 100, runs: 5, warmup: 2, seed: 42 },
  { vertices: 100_000, runs: 3 },
);
const targetRatio = 0.5;
const edgeType = 'link';

async function buildGraph(engine: Engine): Promise<void> {
  const random = seededRandom(flags.seed);
  const batch = 10_000;
  for (let done = 0; done < flags.vertices;) {
    const size = Math.min(batch, flags.vertices - done);
    const operations = new Array(size);
    for (let i = 0; i < size; i++) {
      operations[i] = {
        kind: 'createVertex',
        input: { properties: [{ key: 'w', value: { type: 'Int32', value: Math.floor(random() * 100) } }] },
      };
    }
    await engine.submit(operations);
    done += size;
  }
  const edges = flags.vertices * flags.outDegree;
  for (let done = 0; done < edges;) {
    const size = Math.min(batch * 5, edges - done);
    const operations = new Array(size);
    for (let i = 0; i < size; i++) {
      const source = Math.floor((done + i) / flags.outDegree);
      operations[i] = {
        kind: 'createEdge',
        input: {
          sourceVertex: source,
          targetVertex: Math.floor(random() * flags.vertices),
          edgePropertyId: edgeType,
        },
      };
    }
    await engine.submit(operations);
    done += size;
  }
}

interface Counted {
  examined: number;
  kept: number;
}

/** `w` of a vertex through the property store's record pool, as the engine stores it. */
function storeReader(engine: Engine): (id: number) => number {
  const store = engine.graph.properties;
  const keyId = engine.graph.propertyKeys.find('w');
  return (id) => {
    const pair = store.locate(id, keyId);
    return pair < 0 ? -1 : store.inlineAt(pair);
  };
}

/** Hand-written 3-step matcher: every start, every out pair, the target test; marks kept ids. */
function handThreeStep(view: TopologyView, wOf: (id: number) => number, keep: Uint8Array): Counted {
  const bits = view.vertexBits;
  const first = view.first;
  const pool = view.pool;
  let examined = 0;
  for (let word = 0; word < bits.length; word++) {
    let pending = bits[word];
    while (pending !== 0) {
      const lowest = pending & -pending;
      const v = (word << 5) | (31 - Math.clz32(lowest));
      pending ^= lowest;
      examined++;
      if (!(wOf(v) < 10)) continue;
      const record = first[v];
      if (record < 0) continue;
      const end = record + 2 + pool[record + 1];
      for (let group = record + 2; group < end;) {
        const stop = group + 2 + 2 * pool[group + 1];
        for (let at = group + 2; at < stop; at += 2) {
          examined++;
          const target = pool[at + 1];
          if (target === v || !(wOf(target) > 90)) continue;
          keep[v] = 1;
          keep[pool[at]] = 1;
          keep[target] = 1;
        }
        group = stop;
      }
    }
  }
  let kept = 0;
  for (let i = 0; i < keep.length; i++) kept += keep[i];
  return { examined, kept };
}

/** Hand-written 1..3 hop matcher: a recursive walk of simple paths from each start. */
function handHops(view: TopologyView, stride: number, keep: Uint8Array): Counted {
  const first = view.first;
  const pool = view.pool;
  const onPath = new Uint8Array(view.endId);
  const pathVertices = new Int32Array(4);
  const pathEdges = new Int32Array(4);
  let examined = 0;
  const walk = (v: number, depth: number): void => {
    const record = first[v];
    if (record < 0) return;
    const end = record + 2 + pool[record + 1];
    for (let group = record + 2; group < end;) {
      const stop = group + 2 + 2 * pool[group + 1];
      for (let at = group + 2; at < stop; at += 2) {
        examined++;
        const target = pool[at + 1];
        if (onPath[target] === 1) continue;
        pathVertices[depth] = target;
        pathEdges[depth] = pool[at];
        for (let i = 0; i <= depth; i++) {
          keep[pathVertices[i]] = 1;
          keep[pathEdges[i]] = 1;
        }
        if (depth + 1 < 3) {
          onPath[target] = 1;
          walk(target, depth + 1);
          onPath[target] = 0;
        }
      }
      group = stop;
    }
  };
  for (let v = 0; v < flags.vertices; v++) {
    examined++;
    if (v % stride !== 0 || view.kindType[v] !== 1) continue;
    keep[v] = 1;
    onPath[v] = 1;
    walk(v, 0);
    onPath[v] = 0;
  }
  let kept = 0;
  for (let i = 0; i < keep.length; i++) kept += keep[i];
  return { examined, kept };
}

/**
 * A 1 ms timer that records the longest gap between its turns (the event loop held or the process not
 * scheduled) and the longest CPU time this process spent within one gap: on a shared machine the wall
 * figure includes time the process was not running at all; the CPU figure is what the loop was held by
 * this process's own work (GC threads included).
 */
class TurnProbe {
  longestMs = 0;
  longestCpuMs = 0;
  private last = performance.now();
  private lastCpu = process.cpuUsage();
  private readonly timer = setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage(this.lastCpu);
    this.longestMs = Math.max(this.longestMs, now - this.last);
    this.longestCpuMs = Math.max(this.longestCpuMs, (cpu.user + cpu.system) / 1000);
    this.last = now;
    this.lastCpu = process.cpuUsage();
  }, 1);

  stop(): void {
    clearInterval(this.timer);
  }
}

function timed<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

async function main(): Promise<void> {
  printMachine('subgraph extraction');
  const engine = new Engine();
  const loadStart = performance.now();
  await buildGraph(engine);
  console.log(
    `graph: ${num(flags.vertices)} vertices, ${num(flags.vertices * flags.outDegree)} edges, built in ${num((performance.now() - loadStart) / 1000, 1)} s`,
  );
  const subgraphs = subgraphsOf(engine);
  const stride = Math.max(1, Math.floor(flags.vertices / flags.starts));
  const patterns: { name: string; recipe: SubgraphRecipe; hand: (keep: Uint8Array) => Counted }[] = [
    {
      name: '3-step',
      recipe: recipe('three', [
        { vertexFilter: 'return v => v.TryGetProperty(out int w, "w") && w < 10;' },
        { type: 'Edge' },
        { vertexFilter: 'return v => v.TryGetProperty(out int w, "w") && w > 90;' },
      ]),
      hand: (keep) => handThreeStep(topologyView(engine.graph), storeReader(engine), keep),
    },
    {
      name: `1..3 hops from ${flags.starts}`,
      recipe: recipe('hops', [
        { vertexFilter: `return v => v.Id % ${stride} == 0;` },
        { type: 'VariableLengthEdge', minLength: 1, maxLength: 3 },
        {},
      ]),
      hand: (keep) => handHops(topologyView(engine.graph), stride, keep),
    },
  ];
  // The dense-column reference for the 3-step pattern.
  const wColumn = new Int32Array(engine.nextId);
  const readW = storeReader(engine);
  for (let id = 0; id < flags.vertices; id++) wColumn[id] = readW(id);

  const rows: string[][] = [
    [
      'pattern',
      'kept',
      'Skein matcher /s',
      'hand (store) /s',
      'ratio',
      'hand (column) /s',
      'whole PUT /s',
      'longest turn (wall)',
      'longest turn (CPU)',
      'verdict',
    ],
  ];
  const memoryRows: string[][] = [['pattern', 'elements', 'typed arrays B/element', 'JS heap B/element']];
  for (const pattern of patterns) {
    const skeinRates: number[] = [];
    const extractionRates: number[] = [];
    const handRates: number[] = [];
    const columnRates: number[] = [];
    let kept = 0;
    let handKept = 0;
    let longestDelayMs = 0;
    let longestCpuMs = 0;
    for (let run = -flags.warmup; run < flags.runs; run++) {
      // Warm-up runs (negative) let both sides reach optimized code; their figures are dropped.
      const measured = run >= 0;
      const handKeep = new Uint8Array(engine.nextId);
      const hand = timed(() => pattern.hand(handKeep));
      if (measured) handRates.push(hand.value.examined / (hand.ms / 1000));
      handKept = hand.value.kept;
      if (pattern.name === '3-step') {
        const columnKeep = new Uint8Array(engine.nextId);
        const column = timed(() =>
          handThreeStep(topologyView(engine.graph), (id) => wColumn[id], columnKeep),
        );
        if (measured) columnRates.push(column.value.examined / (column.ms / 1000));
      }
      const last = run === flags.runs - 1;
      const before = last ? await settledMemory() : undefined;
      const probe = new TurnProbe();
      const start = performance.now();
      const summary = await subgraphs.create(pattern.recipe);
      const ms = performance.now() - start;
      probe.stop();
      longestDelayMs = Math.max(longestDelayMs, probe.longestMs);
      longestCpuMs = Math.max(longestCpuMs, probe.longestCpuMs);
      const counters = subgraphs.lastBuildCounters!;
      if (measured) {
        skeinRates.push(counters.examined / (counters.matchMs / 1000));
        extractionRates.push(counters.examined / (ms / 1000));
      }
      kept = summary.vertexCount + summary.edgeCount;
      if (before !== undefined) {
        const after = await settledMemory();
        const extract = await subgraphs.extract(pattern.recipe.name);
        memoryRows.push([
          pattern.name,
          num(kept),
          num((extract?.committedBytes ?? 0) / Math.max(1, kept), 1),
          num((after.heapUsed - before.heapUsed) / Math.max(1, kept), 1),
        ]);
      }
      await subgraphs.remove(pattern.recipe.name);
    }
    if (kept !== handKept)
      throw new Error(`${pattern.name}: Skein kept ${kept} elements, the hand matcher ${handKept}`);
    const ratio = median(skeinRates) / median(handRates);
    rows.push([
      pattern.name,
      num(kept),
      rate(median(skeinRates)),
      rate(median(handRates)),
      pct(ratio),
      columnRates.length > 0 ? rate(median(columnRates)) : '-',
      rate(median(extractionRates)),
      `${num(longestDelayMs, 1)} ms`,
      `${num(longestCpuMs, 1)} ms`,
      pattern.name === '3-step' ? verdict(ratio >= targetRatio) : '-',
    ]);
  }
  console.log(table(rows));
  console.log(
    "memory per extracted element: the extract graph's committed typed arrays, and the growth of the JS heap " +
      'across the last extraction (after GC, the extract alive)',
  );
  console.log(table(memoryRows));
}

function recipe(name: string, patterns: SubgraphRecipe['patterns'] | object[]): SubgraphRecipe {
  return {
    name,
    fromSubGraph: null,
    algorithm: 'Breadth First Search Subgraph Algorithm',
    additionalInformation: null,
    vertexFilter: null,
    edgeFilter: null,
    patterns: normalize(patterns as object[]),
    storedQuery: null,
    semantic: null,
  };
}

function normalize(entries: object[]): SubgraphRecipe['patterns'] {
  return normalizePatterns(entries as Parameters<typeof normalizePatterns>[0]);
}

await main();
