import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { batchReadSliceIds, Engine, ScanOperator, type WriteOperation } from '../../src/index.js';
import { scanSliceIds, textScanSliceIds } from '../../src/engine/graph/scan.js';

const int = (value: number) => ({ type: 'Int32' as const, value });
const text = (value: string) => ({ type: 'String' as const, value });

async function vertices(engine: Engine, count: number): Promise<void> {
  await engine.submit(
    Array.from({ length: count }, (_, i): WriteOperation => ({
      kind: 'createVertex',
      input: { label: i % 2 === 0 ? 'even' : null, properties: [{ key: 'n', value: int(i) }] },
    })),
  );
}

describe('batch reads in slices', () => {
  it('answer what one read answers: request order, repeats once, every miss listed', async () => {
    const engine = new Engine();
    await vertices(engine, 3 * batchReadSliceIds);
    await engine.createEdges([{ sourceVertex: 1, targetVertex: 2, edgePropertyId: 'knows' }]);
    await engine.removeElement(5);
    const ids: number[] = [];
    for (let i = 0; i < 4 * batchReadSliceIds; i++) ids.push((i * 7919) % (3 * batchReadSliceIds + 10));
    ids.push(5, -1, 2 ** 31 - 1, 5, 3, 3);
    assert.deepEqual(await engine.getElementsSliced(ids), engine.getElements(ids));
  });

  it('read each element as its slice finds it, deciding a repeated id at its first occurrence', async () => {
    const engine = new Engine();
    const count = 3 * batchReadSliceIds;
    await vertices(engine, count);
    const early = 0;
    const late = count - 1;
    const changed = count - 2;
    const ids = [early, ...Array.from({ length: count - 3 }, (_, i) => i + 1), changed, late, early];
    const reading = engine.getElementsSliced(ids);
    // Committed after the first slice was read, before the others.
    await Promise.all([engine.removeElements([early, late]), engine.setProperty(changed, 'n', int(-1))]);
    const { elements, notFound } = await reading;
    assert.deepEqual(notFound, [late]);
    assert.equal(elements.filter((element) => element.id === early).length, 1);
    const summary = elements.find((element) => element.id === changed)!;
    assert.deepEqual(summary.properties, [{ key: 'n', value: int(-1) }]);
  });

  it('refuse more ids than a batch read takes, as in one piece', async () => {
    const engine = new Engine();
    await assert.rejects(engine.getElementsSliced(new Array<number>(100_001).fill(0)), {
      name: 'EngineError',
      code: 'INVALID_INPUT',
    });
  });
});

describe('full-graph scans in slices', () => {
  it('answer what one scan answers', async () => {
    const engine = new Engine();
    await vertices(engine, scanSliceIds + textScanSliceIds + 17);
    await engine.setProperty(3, 'name', text('needle'));
    const filter = { resultType: 'Both' as const };
    assert.deepEqual(
      await engine.scanPropertySliced('n', ScanOperator.NotEquals, int(4), filter),
      engine.scanProperty('n', ScanOperator.NotEquals, int(4), filter),
    );
    const labelled = { resultType: 'Vertices' as const, label: 'even' };
    assert.deepEqual(
      await engine.scanAllPropertiesSliced('1', labelled),
      engine.scanAllProperties('1', labelled),
    );
  });

  it('start over when a trim renumbers the ids between two slices, answering ids of the new space only', async () => {
    // The trim renumbers in one slice, so it lands between two slices of the scan (turns run in order).
    const engine = new Engine({
      trimSlices: { idsPerSlice: 2 ** 30, recordsPerSlice: 2 ** 30, wordsPerSlice: 2 ** 30 },
    });
    const count = 2 * scanSliceIds + 5;
    await vertices(engine, count);
    await engine.removeElements(Array.from({ length: 1000 }, (_, i) => i));
    const filter = { resultType: 'Vertices' as const };
    const scanning = engine.scanPropertySliced('n', ScanOperator.GreaterOrEquals, int(count - 3), filter);
    await engine.trim();
    const hits = await scanning;
    assert.deepEqual(hits, engine.scanProperty('n', ScanOperator.GreaterOrEquals, int(count - 3), filter));
    assert.deepEqual(hits, [count - 1003, count - 1002, count - 1001]);
  });
});
