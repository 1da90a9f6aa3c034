/** Id lists for checkpoints: a key's element ids written ascending as deltas, large sets in pauses. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sortIdsSteps, writeIdSetSteps } from '../../../src/engine/indexes/id-lists.js';

function written(ids: ReadonlySet<number>, sliceIds: number): { ids: number[]; pauses: number } {
  const out: number[] = [];
  let previous = 0;
  const sink = { varUint: (delta: number) => out.push((previous += delta)) };
  let pauses = 0;
  for (const steps = writeIdSetSteps(sink, ids, sliceIds); steps.next().done !== true;) pauses++;
  return { ids: out, pauses };
}

describe('writeIdSetSteps', () => {
  it('writes a set ascending as deltas, sorting a small one in one go and a large one in pauses', () => {
    const ids = new Set<number>();
    for (let i = 0; i < 50_000; i++) ids.add((i * 7919) % 1_000_003);
    ids.add(0);
    ids.add(2 ** 31 - 1);
    const ascending = [...ids].sort((a, b) => a - b);
    const small = written(ids, 100_000);
    assert.deepEqual(small.ids, ascending);
    assert.equal(small.pauses, 0);
    const large = written(ids, 4096);
    assert.deepEqual(large.ids, ascending);
    assert.ok(large.pauses >= 4 * Math.floor(50_000 / 4096), `${large.pauses} pauses`);
  });

  it('sorts in pauses whatever the sizes of the runs and of the last, shorter one', () => {
    for (const [count, slice] of [
      [1, 1],
      [2, 1],
      [17, 4],
      [1000, 3],
      [4097, 4096],
      [10_000, 999],
    ]) {
      const ids = new Set<number>();
      for (let i = 0; ids.size < count; i++) ids.add((i * 2654435761) % 2 ** 31);
      const steps = sortIdsSteps(ids, slice);
      let step = steps.next();
      while (step.done !== true) step = steps.next();
      assert.deepEqual(
        [...step.value],
        [...ids].sort((a, b) => a - b),
        `${count} ids, slices of ${slice}`,
      );
    }
  });
});
