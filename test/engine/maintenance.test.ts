import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, addSampleGraph } from '../../src/index.js';

describe('trim and clear', () => {
  it('renumbers survivors 0..n-1 in old id order and rewrites endpoints and adjacency', async () => {
    const engine = new Engine();
    await addSampleGraph(engine); // vertices 0-4, edges 5-10
    await engine.removeElement(2); // Eve and her edge 8
    await engine.removeElement(6); // Alice -> Trent
    await engine.trim();
    // survivors in old order: 0 1 3 4 | 5 7 9 10 -> 0 1 2 3 | 4 5 6 7
    assert.equal(engine.nextId, 8);
    assert.equal(engine.getVertex(2)?.properties[0].value.value, 'Mallory');
    assert.deepEqual(engine.getVertex(3)?.inEdges, { trusts: [5] }, 'Trent keeps Bob -> Trent, renumbered');
    const mallory = engine.getVertex(2)!;
    assert.deepEqual(mallory.outEdges, { attacks: [6, 7] });
    assert.deepEqual(
      [engine.edgeSource(6), engine.edgeTarget(6)],
      [2, 0],
      'Mallory -> Alice with both endpoints renumbered',
    );
    assert.equal(await engine.createVertex(), 8, 'the next element gets the survivor count');
  });

  it('leaves a graph without tombstones unchanged', async () => {
    const engine = new Engine();
    await addSampleGraph(engine);
    const before = engine.getGraphPage(100);
    await engine.trim();
    assert.deepEqual(engine.getGraphPage(100), before);
  });

  it('clears everything and restarts ids at 0', async () => {
    const engine = new Engine();
    await addSampleGraph(engine);
    await engine.clear();
    assert.equal(engine.vertexCount, 0);
    assert.equal(engine.edgeCount, 0);
    assert.equal(engine.getVertex(0), undefined);
    assert.equal(await engine.createVertex({ label: 'again' }), 0);
    assert.equal(engine.getVertex(0)?.label, 'again');
  });
});
