/**
 * Indexes in a save (docs/checkpoints.md, Consistency and the writer hold): the writer is held only to capture each index (copy on write),
 * the captures are encoded afterwards in slices while writes go on, and the checkpoint holds exactly the
 * memberships at the element cut: index writes, purges of removed elements, trims and clears made while
 * the indexes are encoded do not reach it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { stat } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  Engine,
  readCheckpointManifest,
  restoreCheckpoint,
  takeSnapshot,
  writeCheckpoint,
  type TypedValue,
} from '../../../../src/index.js';
import { readPayload } from '../../../../src/engine/indexes/codec.js';
import { readValue } from '../../../../src/engine/codec/value-codec.js';
import { withDirectory } from './helpers.js';
import { stubIndexPlugin } from '../../../support/stub-index-plugin.js';

const double = (value: number): TypedValue => ({ type: 'Double', value });
const int = (value: number): TypedValue => ({ type: 'Int32', value });
const text = (value: string): TypedValue => ({ type: 'String', value });

const keyedTypes = { range: 'RangeIndex', dictionary: 'DictionaryIndex', regex: 'RegExIndex' } as const;
const payloadMagic: Record<string, string> = {
  RangeIndex: 'SKXR',
  DictionaryIndex: 'SKXD',
  RegExIndex: 'SKXX',
};
/** More keys than one encoding step takes (`encodeStepItems`), so the encoding pauses several times. */
const keysPerIndex = 50_000;
const vertices = 2000;

/** A keyed index file's memberships as sorted "key: ids" lines (the key order of a hash index may vary). */
function memberships(bytes: Uint8Array): string[] {
  const { pluginType, payload } = readPayload(bytes, 'SKIX', 1, 'index file', (input) => {
    const type = input.string();
    input.string();
    return { pluginType: type, payload: input.bytes(input.varUint()) };
  });
  return readPayload(payload, payloadMagic[pluginType], 1, pluginType, (input) => {
    const lines: string[] = [];
    for (let count = input.varUint(); count > 0; count--) {
      const key = readValue(input);
      const ids: number[] = [];
      let id = 0;
      for (let size = input.varUint(); size > 0; size--) ids.push((id += input.varUint()));
      lines.push(`${key.type} ${String(key.value)}: ${ids.join(',')}`);
    }
    return lines.sort();
  });
}

async function indexedEngine(): Promise<Engine> {
  const engine = new Engine();
  await engine.createVertices(Array.from({ length: vertices }, () => ({})));
  engine.indexes.create('range', keyedTypes.range);
  engine.indexes.create('dictionary', keyedTypes.dictionary);
  engine.indexes.create('regex', keyedTypes.regex);
  for (let key = 0; key < keysPerIndex; key++) {
    const element = key % vertices;
    engine.indexes.add('range', element, double(key * 0.5));
    engine.indexes.add('dictionary', element, int(key));
    engine.indexes.add('regex', element, text(`word ${key}`));
    // Keys shared by many elements: their id sets are copied on write.
    engine.indexes.add('range', (key * 7) % vertices, double((key % 100) * 0.5));
    engine.indexes.add('dictionary', (key * 7) % vertices, int(key % 100));
  }
  return engine;
}

/**
 * Index writes of every kind, one turn of the loop each, from the next turn until `stop` says so; answers
 * how many rounds ran.
 */
async function writeIndexesUntil(engine: Engine, stop: () => boolean): Promise<number> {
  let writes = 0;
  await nextTurn();
  for (let round = 0; !stop(); round++) {
    engine.indexes.add('range', round % vertices, double(-1 - round));
    engine.indexes.add('dictionary', (round * 3) % vertices, int(round % 100));
    engine.indexes.removeKey('range', double((round % 100) * 0.5));
    engine.indexes.removeKey('dictionary', int(1000 + round));
    engine.indexes.removeKey('regex', text(`word ${round}`));
    engine.indexes.removeElement('regex', (round * 11) % vertices);
    writes++;
    await nextTurn();
  }
  return writes;
}

describe('indexes in a save: captured at the cut, encoded after the hold', () => {
  it('lets writes commit while the indexes are encoded, and keeps every change after the cut out of the checkpoint', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      const atCut = new Map<string, string[]>();
      let removal: Promise<void> | undefined;
      let snapshotDone = false;
      let removalCommittedFirst = false;
      let writing: Promise<number> | undefined;
      const snapshot = await takeSnapshot(engine, {
        sliceMs: 0,
        // Called with the writer held, right before the indexes are captured: the cut.
        sequence: () => {
          for (const id of Object.keys(keyedTypes))
            atCut.set(id, memberships(engine.indexes.serializeIndex(id)!));
          removal = engine.removeElements([5, 6]).then(() => void (removalCommittedFirst = !snapshotDone));
          writing = writeIndexesUntil(engine, () => snapshotDone);
          return engine.committedSequence;
        },
      });
      snapshotDone = true;
      try {
        await removal;
        assert.ok(removalCommittedFirst, 'the removal committed while the indexes were being encoded');
        assert.ok((await writing!) > 3, 'index writes ran while the indexes were being encoded');
        assert.equal(
          engine.indexes.scan('range', 2, double(-Infinity), { resultType: 'Both' })?.includes(5),
          false,
        );
        assert.ok(
          snapshot.indexes.every((index) => index.parts.length > 2),
          'each index encoded in several parts, one per pause',
        );
        const saved = await writeCheckpoint(snapshot, path.join(directory, 'cut.f8s'), { partitions: 2 });
        for (const entry of (await readCheckpointManifest(saved.location)).sections.indexes.entries) {
          assert.equal((await stat(path.join(directory, entry.file!))).size, entry.bytes, entry.name);
        }
        const loaded = new Engine();
        await restoreCheckpoint(loaded, saved.location);
        assert.ok(loaded.getVertex(5) !== undefined, 'the removed vertex is in the cut');
        for (const id of Object.keys(keyedTypes)) {
          const live = memberships(engine.indexes.serializeIndex(id)!);
          assert.notDeepEqual(live, atCut.get(id), `${id}: the live index changed after the cut`);
          assert.deepEqual(memberships(loaded.indexes.serializeIndex(id)!), atCut.get(id), id);
        }
      } finally {
        snapshot.release();
      }
    });
  });

  it('keeps an index captured at the cut through a trim and a clear of its entries made while it is encoded', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      await engine.removeElements([0, 1, 2]);
      const atCut = new Map<string, string[]>();
      let after: Promise<void> | undefined;
      const snapshot = await takeSnapshot(engine, {
        sliceMs: 0,
        sequence: () => {
          for (const id of Object.keys(keyedTypes))
            atCut.set(id, memberships(engine.indexes.serializeIndex(id)!));
          after = engine.trim().then(() => engine.indexes.get('dictionary')!.clearEntries());
          return engine.committedSequence;
        },
      });
      try {
        await after;
        assert.equal(engine.indexes.get('dictionary')!.keyCount, 0);
        const saved = await writeCheckpoint(snapshot, path.join(directory, 'trim.f8s'), { partitions: 1 });
        const loaded = new Engine();
        await restoreCheckpoint(loaded, saved.location);
        assert.equal(loaded.nextId, vertices, 'the cut is before the trim');
        for (const id of Object.keys(keyedTypes)) {
          assert.deepEqual(memberships(loaded.indexes.serializeIndex(id)!), atCut.get(id), id);
        }
      } finally {
        snapshot.release();
      }
    });
  });

  it('leaves out and reports an index whose capture cannot be encoded; the others are saved', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      const plugin = stubIndexPlugin('CaptureFails', {
        serialize: () => new Uint8Array(0),
        capture: () => ({
          *encodeSteps(): Generator<void, readonly Uint8Array[]> {
            throw new Error('this capture cannot be encoded');
          },
          release: () => undefined,
        }),
      });
      engine.indexes.registerType(plugin);
      engine.indexes.create('broken', 'CaptureFails');
      const snapshot = await takeSnapshot(engine);
      try {
        assert.deepEqual(snapshot.droppedIndexes, [
          { indexId: 'broken', pluginType: 'CaptureFails', reason: 'this capture cannot be encoded' },
        ]);
        assert.deepEqual(
          snapshot.indexes.map((index) => index.indexId),
          ['range', 'dictionary', 'regex'],
        );
        await writeCheckpoint(snapshot, path.join(directory, 'broken.f8s'), { partitions: 1 });
      } finally {
        snapshot.release();
      }
    });
  });
});
