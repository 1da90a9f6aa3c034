/**
 * Save and load give back the same graph: random graphs built through the public engine API (every value
 * type, labels, several edge types, removals, rolled-back batches, trims, compactions, clears) are saved,
 * loaded into a fresh engine and compared element by element; the same further writes applied to both
 * then allocate the same ids and leave equal graphs.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import fc from 'fast-check';
import {
  Engine,
  installCheckpoint,
  isEngineError,
  loadCheckpoint,
  readCheckpointManifest,
  restoreCheckpoint,
  saveCheckpoint,
  type TypedValue,
  type WriteOperation,
} from '../../../../src/index.js';
import { assertSameGraph, typedValue, withDirectory } from './helpers.js';

type Step =
  | { op: 'vertex'; label: string | null; props: [string, TypedValue][] }
  | {
      op: 'edge';
      from: number;
      to: number;
      type: string;
      label: string | null;
      props: [string, TypedValue][];
    }
  | { op: 'remove'; id: number }
  | { op: 'set'; id: number; key: string; value: TypedValue }
  | { op: 'unset'; id: number; key: string }
  | { op: 'failingBatch'; from: number }
  | { op: 'trim' }
  | { op: 'compact' }
  | { op: 'clear' };

const key = fc.constantFrom('a', 'b', 'name', 'k\ud800', 'ключ');
const label = fc.option(fc.constantFrom('person', 'city', '', 'ü\udc00'), { nil: null });
const idRef = fc.nat({ max: 60 });
const props = fc.array(fc.tuple(key, typedValue), { maxLength: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 25, arbitrary: fc.record({ op: fc.constant('vertex' as const), label, props }) },
  {
    weight: 35,
    arbitrary: fc.record({
      op: fc.constant('edge' as const),
      from: idRef,
      to: idRef,
      type: fc.constantFrom('knows', 'likes', 'z', 'a'),
      label,
      props,
    }),
  },
  { weight: 10, arbitrary: fc.record({ op: fc.constant('remove' as const), id: idRef }) },
  {
    weight: 20,
    arbitrary: fc.record({ op: fc.constant('set' as const), id: idRef, key, value: typedValue }),
  },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('unset' as const), id: idRef, key }) },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('failingBatch' as const), from: idRef }) },
  { weight: 5, arbitrary: fc.constant({ op: 'trim' as const }) },
  { weight: 3, arbitrary: fc.constant({ op: 'compact' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
);

function toProperties(list: [string, TypedValue][]) {
  return list.map(([name, value]) => ({ key: name, value }));
}

/** Applies a step; answers the ids it created (a refused step creates none). */
async function apply(engine: Engine, s: Step): Promise<number[]> {
  try {
    switch (s.op) {
      case 'vertex':
        return [await engine.createVertex({ label: s.label, properties: toProperties(s.props) })];
      case 'edge':
        return [
          await engine.createEdge({
            sourceVertex: s.from,
            targetVertex: s.to,
            edgePropertyId: s.type,
            label: s.label,
            properties: toProperties(s.props),
          }),
        ];
      case 'remove':
        await engine.removeElement(s.id);
        return [];
      case 'set':
        await engine.setProperty(s.id, s.key, s.value);
        return [];
      case 'unset':
        await engine.removeProperty(s.id, s.key);
        return [];
      case 'failingBatch': {
        // A vertex, a property write, then an edge to a missing vertex: the whole batch rolls back.
        const operations: WriteOperation[] = [
          { kind: 'createVertex', input: { label: 'doomed' } },
          { kind: 'setProperty', id: s.from, key: 'a', value: { type: 'Int32', value: -1 } },
          { kind: 'createEdge', input: { sourceVertex: s.from, targetVertex: 1e9, edgePropertyId: 'x' } },
        ];
        await engine.submit(operations);
        return [];
      }
      case 'trim':
        await engine.trim();
        return [];
      case 'compact':
        await engine.compact();
        return [];
      case 'clear':
        await engine.clear();
        return [];
    }
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return [];
  }
}

describe('checkpoint round trip', () => {
  it('loads back every element, value, label, adjacency list and the id space exactly', async () => {
    await withDirectory(async (directory) => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { maxLength: 70 }),
          fc.array(step, { maxLength: 15 }),
          fc.integer({ min: 1, max: 5 }),
          async (history, further, partitions) => {
            const original = new Engine();
            for (const s of history) await apply(original, s);
            const saved = await saveCheckpoint(original, path.join(directory, `g${run++}.f8s`), {
              partitions,
            });
            assert.equal(saved.fileCount, partitions + 1);
            const loaded = new Engine();
            const checkpoint = await loadCheckpoint(saved.location);
            await installCheckpoint(loaded, checkpoint);
            assertSameGraph(loaded, original, 'after load');
            assert.equal(loaded.committedSequence, original.committedSequence);

            for (const s of further) {
              assert.deepEqual(await apply(loaded, s), await apply(original, s), `ids created by ${s.op}`);
            }
            assertSameGraph(loaded, original, 'after further writes');
            assert.equal(loaded.committedSequence, original.committedSequence);
          },
        ),
        { numRuns: 60 },
      );
    });
  });

  it('writes with worker threads exactly what it writes on the main thread', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      const vertices = await engine.createVertices(
        Array.from({ length: 3000 }, (_, i) => ({
          label: i % 3 === 0 ? 'even' : null,
          properties: [
            { key: 'n', value: { type: 'Int32', value: i } as TypedValue },
            { key: 's', value: { type: 'String', value: `v${i}` } as TypedValue },
          ],
        })),
      );
      await engine.createEdges(
        vertices.map((v, i) => ({
          sourceVertex: v,
          targetVertex: vertices[(i * 7) % vertices.length],
          edgePropertyId: i % 2 === 0 ? 'even' : 'odd',
        })),
      );
      await engine.removeElements([5, 17, 3001]);
      const inline = await saveCheckpoint(engine, path.join(directory, 'inline.f8s'), {
        partitions: 4,
        workers: 0,
      });
      const threaded = await saveCheckpoint(engine, path.join(directory, 'threaded.f8s'), {
        partitions: 4,
        workers: 2,
      });
      const partitionBytes = async (location: string) =>
        (await readCheckpointManifest(location)).partitions.map((p) => [p.bytes, p.payloadCrc32]);
      assert.deepEqual(await partitionBytes(threaded.location), await partitionBytes(inline.location));
      for (const location of [inline.location, threaded.location]) {
        const loaded = new Engine();
        await restoreCheckpoint(loaded, location);
        assertSameGraph(loaded, engine, location);
      }
    });
  });

  it('installs into an engine that already holds a graph, replacing it, and refuses a second install', async () => {
    await withDirectory(async (directory) => {
      const source = new Engine();
      await source.createVertices([{ label: 'x' }, { label: 'y' }]);
      await source.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 't' });
      const saved = await saveCheckpoint(source, path.join(directory, 'c.f8s'));
      const target = new Engine();
      await target.createVertices([{}, {}, {}, {}, {}]);
      await target.setProperty(4, 'gone', { type: 'Boolean', value: true });
      const checkpoint = await loadCheckpoint(saved.location);
      await installCheckpoint(target, checkpoint);
      assertSameGraph(target, source);
      await assert.rejects(installCheckpoint(new Engine(), checkpoint), { code: 'INVALID_INPUT' });
    });
  });
});
