/**
 * Saving and loading do not freeze the process: the writer is held only for the snapshot copy, and every
 * piece of work on the event loop runs in slices, so the loop keeps turning throughout. The test counts
 * loop turns (a work done in one synchronous block lets the loop turn once or twice); the 50 ms figure
 * itself is a timing, measured by bench/save-load.ts, not asserted here (a shared machine stalls at will).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  Engine,
  loadCheckpoint,
  installCheckpoint,
  saveCheckpoint,
  type WriteOperation,
} from '../../../../src/index.js';
import { withDirectory } from './helpers.js';

/** Loop turns a sliced save or load of this size gives at the least; one synchronous block gives 1 or 2. */
const minimumTurns = 5;

/** How many times the event loop turned while `work` ran. */
async function loopTurns(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const turn = (): void => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

describe('checkpoints and the event loop', () => {
  it('keeps the event loop turning through a save and a load of a few hundred thousand elements', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      const vertices = 100_000;
      for (let done = 0; done < vertices; done += 10_000) {
        const operations: WriteOperation[] = [];
        for (let i = done; i < done + 10_000; i++) {
          operations.push({
            kind: 'createVertex',
            input: { properties: [{ key: 'name', value: { type: 'String', value: `vertex number ${i}` } }] },
          });
        }
        await engine.submit(operations);
      }
      for (let done = 0; done < 300_000; done += 10_000) {
        const operations: WriteOperation[] = [];
        for (let i = done; i < done + 10_000; i++) {
          const source = (i * 7919) % vertices;
          operations.push({
            kind: 'createEdge',
            input: {
              sourceVertex: source,
              targetVertex: (source + i) % vertices,
              edgePropertyId: i % 3 === 0 ? 'a' : 'b',
            },
          });
        }
        await engine.submit(operations);
      }
      let location = '';
      const saveTurns = await loopTurns(async () => {
        const saved = await saveCheckpoint(engine, path.join(directory, 'turns.f8s'), { partitions: 3 });
        location = saved.location;
      });
      assert.ok(saveTurns >= minimumTurns, `the loop turned ${saveTurns} times during the save`);
      const loaded = new Engine();
      const loadTurns = await loopTurns(async () =>
        installCheckpoint(loaded, await loadCheckpoint(location)),
      );
      assert.ok(loadTurns >= minimumTurns, `the loop turned ${loadTurns} times during the load`);
      assert.equal(loaded.edgeCount, 300_000);
    });
  });
});
