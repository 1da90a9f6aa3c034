/**
 * A checkpoint is a consistent cut: every transaction is wholly in or wholly out, exactly those up to the
 * recorded `lastCommittedSequence`, even when the save races with writes; writes wait only while the
 * snapshot is copied; values freed after the cut still reach the file.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  Engine,
  loadCheckpoint,
  installCheckpoint,
  restoreCheckpoint,
  saveCheckpoint,
  takeSnapshot,
  writeCheckpoint,
  type TypedValue,
} from '../../../../src/index.js';
import { assertSameGraph, withDirectory } from './helpers.js';

const int = (value: number): TypedValue => ({ type: 'Int32', value });
const text = (value: string): TypedValue => ({ type: 'String', value });

describe('checkpoint consistency', () => {
  it('holds every transaction up to the recorded sequence, wholly, and none after, under concurrent writes', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      const counter = await engine.createVertex({ label: 'counter' });
      const base = engine.committedSequence;
      const transactions = 3000;
      let saving: ReturnType<typeof saveCheckpoint> | undefined;
      const writes: Promise<unknown>[] = [];
      for (let k = 1; k <= transactions; k++) {
        // Transaction k: three vertices tagged k, one edge between two of them, the counter set to k.
        writes.push(
          engine.submit([
            { kind: 'createVertex', input: { properties: [{ key: 'tx', value: int(k) }] } },
            { kind: 'createVertex', input: { properties: [{ key: 'tx', value: int(k) }] } },
            { kind: 'createVertex', input: { properties: [{ key: 'tx', value: text(`t${k}`) }] } },
            { kind: 'setProperty', id: counter, key: 'last', value: int(k) },
          ]),
        );
        if (k % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
        if (k === transactions / 3)
          saving = saveCheckpoint(engine, path.join(directory, 'race.f8s'), { partitions: 3 });
      }
      const saved = await saving!;
      await Promise.all(writes);

      const cut = saved.lastCommittedSequence - base;
      assert.ok(cut >= transactions / 3 && cut < transactions, `the cut (${cut}) falls amid the writes`);
      const loaded = new Engine();
      await restoreCheckpoint(loaded, saved.location);
      assert.equal(loaded.committedSequence, saved.lastCommittedSequence);
      assert.equal(
        loaded.getVertex(counter)?.properties[0].value.value,
        cut,
        'the counter names the last transaction in',
      );
      assert.equal(loaded.vertexCount, 1 + 3 * cut, 'three vertices per transaction in, none of any other');
      for (let id = 1; id < loaded.nextId; id += 3) {
        const k = 1 + (id - 1) / 3;
        assert.deepEqual(
          [id, id + 1, id + 2].map((v) => loaded.getVertex(v)?.properties[0].value.value),
          [k, k, `t${k}`],
          `transaction ${k} wholly in`,
        );
      }
      // The same history replayed up to the cut gives the same graph.
      const replayed = new Engine();
      await replayed.createVertex({ label: 'counter' });
      for (let k = 1; k <= cut; k++) {
        await replayed.submit([
          { kind: 'createVertex', input: { properties: [{ key: 'tx', value: int(k) }] } },
          { kind: 'createVertex', input: { properties: [{ key: 'tx', value: int(k) }] } },
          { kind: 'createVertex', input: { properties: [{ key: 'tx', value: text(`t${k}`) }] } },
          { kind: 'setProperty', id: counter, key: 'last', value: int(k) },
        ]);
      }
      // Id 0, the counter, carries a wall-clock modification date; the tagged vertices none.
      assert.equal(loaded.vertexCount, replayed.vertexCount);
      for (let id = 1; id < replayed.nextId; id++)
        assert.deepEqual(loaded.getVertex(id), replayed.getVertex(id));
    });
  });

  it('lets writes commit while the snapshot is being written, and keeps them out of it', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      await engine.createVertices(Array.from({ length: 1000 }, () => ({ label: 'before' })));
      const snapshot = await takeSnapshot(engine);
      try {
        const writing = writeCheckpoint(snapshot, path.join(directory, 'c.f8s'), { partitions: 2 });
        let settled = false;
        void writing.then(() => (settled = true));
        const during = await engine.createVertex({ label: 'during' });
        assert.equal(settled, false, 'the write committed before the checkpoint was finished');
        const saved = await writing;
        const loaded = new Engine();
        await restoreCheckpoint(loaded, saved.location);
        assert.equal(loaded.nextId, 1000);
        assert.equal(loaded.getVertex(during), undefined);
        assert.equal(
          await loaded.createVertex(),
          during,
          'the next id after load is the one the original gave',
        );
      } finally {
        snapshot.release();
      }
    });
  });

  it('includes writes submitted before the save, even when they are still queued', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      const queued = engine.createVertices([{ label: 'a' }, { label: 'b' }]);
      const saved = await saveCheckpoint(engine, path.join(directory, 'q.f8s'));
      await queued;
      const loaded = new Engine();
      await restoreCheckpoint(loaded, saved.location);
      assert.equal(loaded.vertexCount, 2);
    });
  });

  it('writes the values of the cut even when they are replaced, removed or cleared before the write', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      const ids = await engine.createVertices(
        Array.from({ length: 50 }, (_, i) => ({
          properties: [
            { key: 's', value: text(`original ${i}`) },
            { key: 'big', value: { type: 'Int64', value: BigInt(i) * 10n ** 15n } as TypedValue },
          ],
        })),
      );
      const reference = new Engine();
      await reference.createVertices(ids.map((id) => ({ properties: engine.getVertex(id)!.properties })));
      const snapshot = await takeSnapshot(engine);
      try {
        for (const id of ids.slice(0, 20))
          await engine.setProperty(id, 's', text('replaced, reusing the slot'));
        await engine.removeElements(ids.slice(20, 40));
        for (let i = 0; i < 40; i++)
          await engine.createVertex({ properties: [{ key: 's', value: text(`new ${i}`) }] });
        await engine.clear();
        await engine.createVertex({ properties: [{ key: 's', value: text('after clear') }] });
        const saved = await writeCheckpoint(snapshot, path.join(directory, 'pinned.f8s'));
        const loaded = new Engine();
        await installCheckpoint(loaded, await loadCheckpoint(saved.location));
        // Dates differ (the reference was built later): compare the values.
        for (const id of ids) {
          assert.deepEqual(
            loaded.getVertex(id)?.properties,
            reference.getVertex(id)?.properties,
            `vertex ${id}`,
          );
        }
      } finally {
        snapshot.release();
      }
      assert.equal(
        engine.getVertex(0)?.properties[0].value.value,
        'after clear',
        'the live graph is unaffected',
      );
    });
  });

  it('loads a checkpoint of an empty graph, and one taken after clear and trim', async () => {
    await withDirectory(async (directory) => {
      const empty = new Engine();
      const loaded = new Engine();
      await restoreCheckpoint(loaded, (await saveCheckpoint(empty, path.join(directory, 'e.f8s'))).location);
      assertSameGraph(loaded, empty);
      const trimmed = new Engine();
      await trimmed.createVertices([{}, {}, {}]);
      await trimmed.removeElement(1);
      await trimmed.trim();
      const again = new Engine();
      await restoreCheckpoint(again, (await saveCheckpoint(trimmed, path.join(directory, 't.f8s'))).location);
      assertSameGraph(again, trimmed);
      assert.equal(await again.createVertex(), 2);
    });
  });
});
