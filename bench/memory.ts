/**
 * Memory per element, adjacency included, through the realistic bulk-load path (Engine.submit of
 * createVertex / createEdge batches).
 *
 *   node --expose-gc dist/bench/memory.js [--vertices 1e6] [--edges 1e7] [--propertyVertices 1e6] [--quick]
 *
 * Bytes = V8 heapUsed growth + engine typed-array growth (`engine.committedBytes`: the engine's columns
 * live in SharedArrayBuffers, which process.memoryUsage().arrayBuffers does not count), after forced GCs.
 * RSS growth is printed as a cross-check. Reference, same graph: a bare CSR (offsets Int32Array(V + 1) +
 * targets Int32Array(E)), the theoretical minimum of a topology, actually allocated and measured.
 */
import { Engine, type WriteOperation } from '../src/index.js';
import { sizeClassFor, sizeClassWords, type BlockPool } from '../src/engine/storage/block-pool.js';
import type { SharedColumn } from '../src/engine/storage/shared-column.js';
import { topologyView } from '../src/engine/graph/topology.js';
import {
  loadEdges,
  loadVertices,
  mib,
  num,
  numericFlags,
  requireGc,
  seconds,
  settledMemory,
  table,
  verdict,
  type MemorySample,
} from './common.js';
import { printMachine } from './machine.js';

// Property target, derived: 20 B headers + 4 B record slot + 64 B record (2-word header + 3 typed slots of 16 B)
// + ~34 B for an 8-character V8 string and its side-table slot = ~122 B; 136 B leaves growth-tail margin.
const targets = { vertex: 48, edge: 44, propertyVertex: 136 };

const flags = numericFlags(
  { vertices: 1_000_000, edges: 10_000_000, propertyVertices: 1_000_000, seed: 42 },
  { vertices: 100_000, edges: 1_000_000, propertyVertices: 100_000 },
);

interface Growth {
  heap: number;
  engine: number;
  rss: number;
}

function growth(before: MemorySample, after: MemorySample): Growth {
  return {
    heap: after.heapUsed - before.heapUsed,
    engine: after.engineBytes - before.engineBytes,
    rss: after.rss - before.rss,
  };
}

function perElement(g: Growth, count: number): { heap: number; engine: number; total: number; rss: number } {
  return {
    heap: g.heap / count,
    engine: g.engine / count,
    total: (g.heap + g.engine) / count,
    rss: g.rss / count,
  };
}

/** Where the adjacency pool's words go, walking every record of both directions. */
function adjacencyBreakdown(engine: Engine) {
  const view = topologyView(engine.graph);
  const pool = view.pool;
  let records = 0;
  let capacityWords = 0;
  let headerWords = 0;
  let groupHeaderWords = 0;
  let pairWords = 0;
  for (let id = 0; id < view.endId; id++) {
    if (view.kindType[id] !== 1) continue;
    for (const record of [view.first[id], view.second[id]]) {
      if (record < 0) continue;
      records++;
      capacityWords += sizeClassWords[pool[record]];
      headerWords += 2;
      const end = record + 2 + pool[record + 1];
      for (let group = record + 2; group < end;) {
        const count = pool[group + 1];
        groupHeaderWords += 2;
        pairWords += 2 * count;
        group += 2 + 2 * count;
      }
    }
  }
  const blockPool = engine.graph.adjacencyPool;
  const top = (blockPool as unknown as { top: number }).top;
  return {
    records,
    headerWords,
    groupHeaderWords,
    pairWords,
    /** Rounding to size classes plus the growth headroom inside live records. */
    slackWords: capacityWords - headerWords - groupHeaderWords - pairWords,
    /** Blocks on the free lists (left behind when records moved to a larger class). */
    freeWords: top - blockPool.liveWords,
    /** Committed but never handed out (the column's growth step). */
    uncommittedTailWords: blockPool.column.length - top,
    committedBytes: blockPool.committedBytes,
  };
}

/** Header columns in use: four Int32 per id, the label column only as far as labels reach, the vertex bits. */
function headerColumnsBytes(engine: Engine): { committed: number; used: number; perId: number } {
  const graph = engine.graph;
  const columns = [graph.kindType, graph.labels, graph.created, graph.first, graph.second, graph.vertexBits];
  const perId = graph.labels.length === 0 ? 16 : 20;
  return {
    committed: columns.reduce((sum, column) => sum + column.byteLength, 0),
    used: perId * graph.nextId + Math.ceil(graph.nextId / 32) * 4,
    perId,
  };
}

async function topologyMemory(): Promise<void> {
  const { vertices, edges, seed } = flags;
  console.log(
    `-- ${num(vertices)} vertices, ${num(edges)} edges, no properties ` +
      `(one edge type, uniform random endpoints, seed ${seed}, ${num(10_000)} operations per transaction)`,
  );
  const engine = new Engine();
  const start = await settledMemory([engine]);

  let t0 = performance.now();
  const firstVertex = await loadVertices(engine, vertices);
  const vertexMs = performance.now() - t0;
  const afterVertices = await settledMemory([engine]);

  t0 = performance.now();
  await loadEdges(engine, firstVertex, vertices, edges, seed);
  const edgeMs = performance.now() - t0;
  const loaded = await settledMemory([engine]);
  const eLoaded = perElement(growth(afterVertices, loaded), edges);

  // The engine's compaction repacks the adjacency records a load scattered (a bulk import runs it at its
  // end; the writer runs it by itself once waste is high). The headline figure is the compacted graph.
  t0 = performance.now();
  await engine.compact();
  const compactMs = performance.now() - t0;
  const afterEdges = await settledMemory([engine]);

  const v = perElement(growth(start, afterVertices), vertices);
  const e = perElement(growth(afterVertices, afterEdges), edges);

  // Reference: a bare CSR of the same graph, built from the engine's edges and measured the same way.
  const arrayBuffersBefore = process.memoryUsage().arrayBuffers;
  const csrBytesComputed = 4 * (vertices + 1) + 4 * edges;
  const csr = buildCsr(engine, firstVertex, vertices);
  requireGc()();
  const csrBytesMeasured = process.memoryUsage().arrayBuffers - arrayBuffersBefore;
  if (csr.targets.length !== edges)
    throw new Error(`CSR holds ${csr.targets.length} edges, expected ${edges}`);

  console.log(
    `build: vertices ${seconds(vertexMs)} (${num((vertices / vertexMs) * 1000)}/s), ` +
      `edges ${seconds(edgeMs)} (${num((edges / edgeMs) * 1000)}/s), engine.compact() ${seconds(compactMs)}`,
  );
  console.log(
    `engine: ${num(engine.vertexCount)} vertices, ${num(engine.edgeCount)} edges, ` +
      `${mib(engine.committedBytes)} typed arrays, heap ${mib(afterEdges.heapUsed)}, rss ${mib(afterEdges.rss)}`,
  );
  console.log(
    `reference (bare CSR, same graph): ${mib(csrBytesMeasured)} measured (${mib(csrBytesComputed)} computed) = ` +
      `${((4 * (vertices + 1)) / vertices).toFixed(1)} B/vertex + 4.0 B/edge`,
  );
  console.log();
  console.log(
    table([
      ['per element', 'heap', 'engine arrays', 'total', 'rss (check)', 'bare CSR', 'x CSR', 'target', ''],
      [
        'vertex',
        `${v.heap.toFixed(1)} B`,
        `${v.engine.toFixed(1)} B`,
        `${v.total.toFixed(1)} B`,
        `${v.rss.toFixed(1)} B`,
        '4.0 B',
        `${(v.total / 4).toFixed(1)}x`,
        `<= ${targets.vertex} B`,
        verdict(v.total <= targets.vertex),
      ],
      [
        'edge',
        `${e.heap.toFixed(1)} B`,
        `${e.engine.toFixed(1)} B`,
        `${e.total.toFixed(1)} B`,
        `${e.rss.toFixed(1)} B`,
        '4.0 B',
        `${(e.total / 4).toFixed(1)}x`,
        `<= ${targets.edge} B`,
        verdict(e.total <= targets.edge),
      ],
      [
        'edge, as loaded (before compaction)',
        `${eLoaded.heap.toFixed(1)} B`,
        `${eLoaded.engine.toFixed(1)} B`,
        `${eLoaded.total.toFixed(1)} B`,
        `${eLoaded.rss.toFixed(1)} B`,
        '4.0 B',
        `${(eLoaded.total / 4).toFixed(1)}x`,
        '',
        '',
      ],
    ]),
  );

  // Where the engine's bytes go (whole graph, then charged per edge: the vertex phase only grows headers).
  const headers = headerColumnsBytes(engine);
  const adjacency = adjacencyBreakdown(engine);
  const word = 4;
  const perEdge = (bytes: number) => `${(bytes / edges).toFixed(2)} B/edge`;
  const edgeHeaderBytes = headers.perId * edges;
  const columnsLabel = headers.perId === 16 ? '4 x Int32 (no labels: no label column)' : '5 x Int32';
  console.log();
  console.log('engine typed arrays after the edges and the compaction, by component:');
  console.log(
    table([
      ['component', 'bytes', 'per edge'],
      [`header columns: ${columnsLabel} per edge id`, mib(edgeHeaderBytes), perEdge(edgeHeaderBytes)],
      [
        `header columns: ${columnsLabel} per vertex id`,
        mib(headers.perId * vertices),
        perEdge(headers.perId * vertices),
      ],
      [
        'vertex bitmap: 1 bit per id',
        mib(Math.ceil((vertices + edges) / 32) * 4),
        perEdge(Math.ceil((vertices + edges) / 32) * 4),
      ],
      [
        'header columns: committed growth tail',
        mib(headers.committed - headers.used),
        perEdge(headers.committed - headers.used),
      ],
      [
        'adjacency: (edge id, neighbour) pairs, out + in',
        mib(adjacency.pairWords * word),
        perEdge(adjacency.pairWords * word),
      ],
      [
        `adjacency: record headers (${num(adjacency.records)} records x 2 words)`,
        mib(adjacency.headerWords * word),
        perEdge(adjacency.headerWords * word),
      ],
      [
        'adjacency: group headers (type, count)',
        mib(adjacency.groupHeaderWords * word),
        perEdge(adjacency.groupHeaderWords * word),
      ],
      [
        'adjacency: size-class rounding + headroom',
        mib(adjacency.slackWords * word),
        perEdge(adjacency.slackWords * word),
      ],
      [
        'adjacency: blocks on free lists',
        mib(adjacency.freeWords * word),
        perEdge(adjacency.freeWords * word),
      ],
      [
        'adjacency: committed growth tail',
        mib(adjacency.uncommittedTailWords * word),
        perEdge(adjacency.uncommittedTailWords * word),
      ],
      ['total engine arrays', mib(engine.committedBytes), perEdge(engine.committedBytes)],
    ]),
  );
}

function buildCsr(
  engine: Engine,
  firstVertex: number,
  vertices: number,
): { offsets: Int32Array; targets: Int32Array } {
  const view = topologyView(engine.graph);
  const offsets = new Int32Array(vertices + 1);
  let edgeTotal = 0;
  for (let id = 0; id < view.endId; id++) {
    if (view.kindType[id] >= 2) {
      offsets[view.first[id] - firstVertex + 1]++;
      edgeTotal++;
    }
  }
  for (let i = 0; i < vertices; i++) offsets[i + 1] += offsets[i];
  const targets = new Int32Array(edgeTotal);
  const fill = offsets.slice(0, vertices);
  for (let id = 0; id < view.endId; id++) {
    if (view.kindType[id] >= 2) targets[fill[view.first[id] - firstVertex]++] = view.second[id];
  }
  return { offsets, targets };
}

/** 8 characters, distinct per vertex, flat (under 13 characters V8 never builds a cons string). */
function nameOf(i: number): string {
  return `n${i.toString(36).padStart(7, '0')}`;
}

async function propertyMemory(): Promise<void> {
  const count = flags.propertyVertices;
  console.log();
  console.log(
    `-- ${num(count)} vertices with three properties each (Int32, Double, 8-character String), no edges`,
  );

  // Calibration, measured in this process: one slot of a pushed array, and an 8-character V8 string.
  // The arrays hang off `held` so bytecode liveness analysis cannot let the GC take them early.
  const held: unknown[][] = [];
  const c0 = await settledMemory();
  held.push([]);
  for (let i = 0; i < count; i++) held[0].push(i);
  const c1 = await settledMemory();
  held.push([]);
  for (let i = 0; i < count; i++) held[1].push(nameOf(i));
  const c2 = await settledMemory();
  if (held[0].length + held[1].length !== 2 * count) throw new Error('calibration arrays lost');
  const slotBytes = (c1.heapUsed - c0.heapUsed) / count;
  const stringBytes = (c2.heapUsed - c1.heapUsed) / count - slotBytes;
  held.length = 0;

  const engine = new Engine();
  const start = await settledMemory([engine]);
  const t0 = performance.now();
  for (let done = 0; done < count;) {
    const size = Math.min(10_000, count - done);
    const operations = new Array<WriteOperation>(size);
    for (let k = 0; k < size; k++) {
      const i = done + k;
      operations[k] = {
        kind: 'createVertex',
        input: {
          properties: [
            { key: 'rank', value: { type: 'Int32', value: i } },
            { key: 'score', value: { type: 'Double', value: i * 1.5 + 0.25 } },
            { key: 'name', value: { type: 'String', value: nameOf(i) } },
          ],
        },
      };
    }
    await engine.submit(operations);
    done += size;
  }
  const buildMs = performance.now() - t0;
  const end = await settledMemory([engine]);
  const p = perElement(growth(start, end), count);

  const sample = engine.getVertex(count - 1)!;
  if (sample.properties.length !== 3)
    throw new Error(`expected 3 properties, read ${sample.properties.length}`);

  const graph = engine.graph;
  const headers = headerColumnsBytes(engine);
  const store = graph.properties as unknown as {
    pool: BlockPool<Float64ArrayConstructor>;
    recordColumn: SharedColumn<Int32ArrayConstructor> | null;
  };
  const recordWords = 2 + 3 * 2;
  const classWords = sizeClassWords[sizeClassFor(recordWords)];
  const poolTop = (store.pool as unknown as { top: number }).top;
  const per = (bytes: number) => `${(bytes / count).toFixed(1)} B`;
  const stringsAndSlots = (stringBytes + slotBytes) * count;

  console.log(
    `build: ${seconds(buildMs)} (${num((count / buildMs) * 1000)} vertices/s, ${num((3 * count * 1000) / buildMs)} properties/s)`,
  );
  console.log();
  console.log(
    table([
      ['per vertex', 'heap', 'engine arrays', 'total', 'rss (check)', 'target', ''],
      [
        'vertex + 3 properties',
        `${p.heap.toFixed(1)} B`,
        `${p.engine.toFixed(1)} B`,
        `${p.total.toFixed(1)} B`,
        `${p.rss.toFixed(1)} B`,
        `<= ${targets.propertyVertex} B`,
        verdict(p.total <= targets.propertyVertex),
      ],
    ]),
  );
  console.log();
  console.log('breakdown per vertex (measured):');
  console.log(
    table([
      ['component', 'per vertex'],
      [`header columns (${headers.perId / 4} x Int32 + vertex bits, committed)`, per(headers.committed)],
      ['property record column (Int32, committed)', per(store.recordColumn?.byteLength ?? 0)],
      [
        `property record: ${recordWords} words needed (2 header + 3 x 2) -> size class ${classWords} words x 8 B`,
        per(store.pool.liveWords * 8),
      ],
      [
        'property pool: free-list blocks + committed tail',
        per(store.pool.committedBytes - store.pool.liveWords * 8),
      ],
      [`8-character string in V8 (calibrated: ${stringBytes.toFixed(1)} B)`, per(stringBytes * count)],
      [`side-table slot (calibrated pushed-array slot: ${slotBytes.toFixed(1)} B)`, per(slotBytes * count)],
      ['other heap (heap growth - strings - slots)', per(end.heapUsed - start.heapUsed - stringsAndSlots)],
      ['total', per(end.heapUsed - start.heapUsed + end.engineBytes - start.engineBytes)],
    ]),
  );
  console.log(`(pool top ${num(poolTop)} words, live ${num(store.pool.liveWords)} words)`);
}

printMachine('memory per element');
try {
  await topologyMemory();
} catch (error) {
  // Report and go on: the property figure does not depend on the topology one.
  console.log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
await propertyMemory();
