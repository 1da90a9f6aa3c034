/**
 * The kernels read columns a writer may change under them: they must never throw or read out of range,
 * whatever the arrays hold. Checked three ways: random garbage columns behind guards that throw on any read
 * past an array's end, a graph written to between the kernel's budget checks, and a run in a real worker
 * thread over the engine's SharedArrayBuffer columns. Also: the layout constants the kernels mirror equal
 * the engine's own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import fc from 'fast-check';
import {
  analyticsAlgorithms,
  analyticsColumnsOf,
  runAnalytics,
  type AnalyticsColumns,
  type AnalyticsOutcome,
  type AnalyticsScope,
} from '../../src/analytics/index.js';
import {
  groupHeaderWords,
  pairWords,
  recordHeaderWords,
  vertexKindCode,
} from '../../src/analytics/columns.js';
import * as adjacency from '../../src/engine/graph/adjacency.js';
import { vertexKind } from '../../src/engine/index.js';
import { seededRandom } from '../support/seeded-random.js';
import { buildGraph, runKernel } from './support.js';

/** A view of `array` that throws on a read of any index outside it. */
function guarded<T extends Int32Array | Uint32Array>(array: T, name: string): T {
  return new Proxy(array, {
    get(target, property) {
      if (typeof property === 'string') {
        const index = Number(property);
        if (property === 'NaN' || (property !== '' && String(index) === property)) {
          if (!Number.isInteger(index) || index < 0 || index >= target.length) {
            throw new RangeError(`read of ${name}[${property}] outside its ${target.length} entries`);
          }
          return target[index];
        }
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function guardedColumns(columns: AnalyticsColumns): AnalyticsColumns {
  return {
    endId: columns.endId,
    kindType: guarded(columns.kindType, 'kindType'),
    first: guarded(columns.first, 'first'),
    second: guarded(columns.second, 'second'),
    pool: guarded(columns.pool, 'pool'),
    vertexBits: guarded(columns.vertexBits, 'vertexBits'),
    labels: guarded(columns.labels, 'labels'),
  };
}

/** The outcome is well formed: arrays sized to an id bound no larger than the caller's, values in range. */
function assertWellFormed(outcome: AnalyticsOutcome, endId: number): void {
  assert.ok(outcome.usable);
  assert.ok(outcome.endId <= Math.max(0, endId));
  assert.equal(outcome.inScope.length, outcome.endId);
  if (outcome.kind === 'scores') {
    assert.equal(outcome.scores.length, outcome.endId);
    for (const score of outcome.scores) assert.ok(Number.isFinite(score));
  } else {
    assert.equal(outcome.partitions.length, outcome.endId);
    for (let id = 0; id < outcome.endId; id++) {
      const partition: number = outcome.partitions[id];
      if (outcome.inScope[id] === 1) assert.ok(outcome.inScope[partition] === 1, `partition ${partition}`);
      else assert.equal(partition, -1);
    }
  }
}

const ints = (min: number, max: number, maxLength: number) =>
  fc.array(fc.integer({ min, max }), { maxLength }).map((values) => Int32Array.from(values));

const garbageColumns: fc.Arbitrary<AnalyticsColumns> = fc.record({
  endId: fc.integer({ min: -2, max: 80 }),
  kindType: ints(-1, 4, 70).map((kinds) => kinds.map((kind) => (kind === 3 ? vertexKindCode : kind))),
  first: ints(-3, 130, 70),
  second: ints(-3, 130, 70),
  pool: ints(-3, 80, 130),
  vertexBits: fc
    .array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 3 })
    .map((words) => Uint32Array.from(words)),
  labels: ints(0, 3, 70),
});

const garbageScopes: fc.Arbitrary<AnalyticsScope> = fc.record({
  labelSlot: fc.integer({ min: -2, max: 3 }),
  edgeTypeId: fc.integer({ min: -2, max: 3 }),
  direction: fc.constantFrom('out' as const, 'in' as const, 'both' as const),
});

describe('analytics kernels over columns they cannot trust', () => {
  it('garbage columns: no kernel throws or reads outside an array, and the outcome is well formed', () => {
    fc.assert(
      fc.property(garbageColumns, garbageScopes, (columns, scope) => {
        for (const algorithm of analyticsAlgorithms) {
          const outcome = runAnalytics(algorithm, {
            columns: guardedColumns(columns),
            scope,
            knobs: { maxIterations: 5 },
            shouldStop: () => false,
          });
          assertWellFormed(outcome, columns.endId);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a graph written between budget checks (edges added and removed, vertices added) never breaks a run', async () => {
    const vertexCount = 9000;
    const random = seededRandom(19);
    const pick = () => Math.floor(random() * vertexCount);
    const edges = Array.from({ length: 3 * vertexCount }, () => ({
      from: pick(),
      to: pick(),
      type: random() < 0.5 ? 'a' : 'b',
    }));
    const { engine } = await buildGraph({
      labels: Array.from({ length: vertexCount }, () => (random() < 0.7 ? 'P' : null)),
      edges,
      removedVertices: [],
      removedEdges: [],
    });
    const graph = engine.graph;
    let added: number[] = [];
    // Each check: a burst of writes that moves records (hub growth), drops edges and grows the id space.
    const writer = (): boolean => {
      for (let i = 0; i < 200; i++) {
        added.push(graph.addEdge(pick() % 50, pick(), random() < 0.5 ? 'a' : 'c', 0, null, []));
      }
      for (const edge of added.splice(0, 100)) graph.removeEdge(edge);
      graph.addVertex(0, 'P', []);
      return false;
    };
    for (const algorithm of analyticsAlgorithms) {
      for (const scope of [{}, { vertexLabel: 'P', edgePropertyId: 'a', direction: 'in' as const }]) {
        const before = graph.nextId;
        const outcome = runKernel(engine, algorithm, scope, { maxIterations: 3 }, writer);
        assertWellFormed(outcome, before);
        added = [];
      }
    }
  });
});

describe('analytics kernels in a worker thread', () => {
  it('a worker runs every kernel over the engine columns shared with it, with the main thread outcome', async () => {
    const random = seededRandom(7);
    const { engine } = await buildGraph({
      labels: Array.from({ length: 300 }, () => (random() < 0.5 ? 'P' : null)),
      edges: Array.from({ length: 900 }, () => ({
        from: Math.floor(random() * 300),
        to: Math.floor(random() * 300),
        type: 'a',
      })),
      removedVertices: [3, 30],
      removedEdges: [5],
    });
    const columns = analyticsColumnsOf(engine.graph);
    assert.ok(columns.pool.buffer instanceof SharedArrayBuffer, 'the pool is shared, not copied');
    const runUrl = pathToFileURL(path.resolve(import.meta.dirname, '../../src/analytics/run.js')).href;
    const scope: AnalyticsScope = { labelSlot: -1, edgeTypeId: -1 };
    const source = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(workerData.runUrl).then(({ runAnalytics }) => {
        const outcomes = workerData.algorithms.map((algorithm) =>
          runAnalytics(algorithm, { columns: workerData.columns, scope: workerData.scope, shouldStop: () => false }));
        parentPort.postMessage(outcomes);
      });`;
    const worker = new Worker(source, {
      eval: true,
      workerData: { runUrl, columns, scope, algorithms: analyticsAlgorithms },
    });
    const outcomes = await new Promise<AnalyticsOutcome[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    analyticsAlgorithms.forEach((algorithm, index) => {
      assert.deepEqual(outcomes[index], runAnalytics(algorithm, { columns, scope, shouldStop: () => false }));
    });
  });
});

describe('analytics layout mirrors', () => {
  it('the kind code and record layout the kernels use equal the engine constants', () => {
    assert.equal(vertexKindCode, vertexKind);
    assert.equal(recordHeaderWords, adjacency.recordHeaderWords);
    assert.equal(groupHeaderWords, adjacency.groupHeaderWords);
    assert.equal(pairWords, adjacency.pairWords);
  });
});
