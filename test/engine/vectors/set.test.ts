import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { VectorSet, scratchBytes } from '../../../src/engine/vectors/set.js';
import { search, searchSliced } from '../../../src/engine/indexes/vector/knn.js';
import { TopK } from '../../../src/engine/vectors/top-k.js';
import { Graph } from '../../../src/engine/graph/graph.js';
import { seededRandom } from './support.js';

function graphWith(vertices: number): Graph {
  const graph = new Graph();
  for (let i = 0; i < vertices; i++) graph.addVertex(0, null, []);
  return graph;
}

function randomVector(random: () => number, dimension: number): Float32Array {
  return Float32Array.from({ length: dimension }, () => random() * 2 - 1);
}

describe('VectorSet', () => {
  it('holds one vector per id: put adds or replaces, delete removes, views read the stored floats', () => {
    const set = new VectorSet(3);
    assert.equal(set.put(5, new Float32Array([1, 2, 3])), true);
    assert.equal(set.put(5, new Float32Array([4, 5, 6])), false);
    assert.equal(set.put(2, new Float32Array([7, 8, 9])), true);
    assert.equal(set.size, 2);
    assert.deepEqual([...set.view(5)!], [4, 5, 6]);
    assert.deepEqual([...set.ids()], [2, 5]);
    assert.equal(set.delete(5), true);
    assert.equal(set.delete(5), false);
    assert.equal(set.view(5), undefined);
    assert.equal(set.has(2), true);
    assert.equal(set.size, 1);
  });

  it('reserve makes room for the announced vectors at once, across segments, and they fill it without growth', () => {
    const dimension = 1000;
    const set = new VectorSet(dimension, scratchBytes + 3 * 4000);
    set.put(0, new Float32Array(dimension).fill(1));
    set.reserve(7);
    assert.equal(set.segments.length, 3, 'eight slots over segments of three');
    const bytes = set.segments.map((segment) => segment.byteLength);
    for (let id = 1; id < 8; id++) set.put(id, new Float32Array(dimension).fill(id + 1));
    assert.deepEqual(
      set.segments.map((segment) => segment.byteLength),
      bytes,
      'no memory grew',
    );
    for (let id = 0; id < 8; id++) assert.equal(set.view(id)![dimension - 1], id + 1);
    set.reserve(0);
    assert.equal(set.slotCount, 8, 'reserving allocates no slot');
  });

  it('reuses a freed slot and never moves a live vector', () => {
    const set = new VectorSet(2);
    set.put(0, new Float32Array([1, 1]));
    set.put(1, new Float32Array([2, 2]));
    const slotOfOne = set.slotOf(1);
    set.delete(0);
    set.put(9, new Float32Array([3, 3]));
    assert.equal(set.slotCount, 2, 'the hole was reused');
    assert.equal(set.slotOf(1), slotOfOne);
    assert.deepEqual([...set.view(9)!], [3, 3]);
  });

  it('pads every vector to whole f32x4 chunks with zeros', () => {
    const set = new VectorSet(5);
    set.put(0, new Float32Array([1, 2, 3, 4, 5]));
    const segment = set.segments[0];
    const start = set.floatOffsetInSegment(0);
    assert.deepEqual([...segment.floats.subarray(start, start + 8)], [1, 2, 3, 4, 5, 0, 0, 0]);
    assert.equal(start * 4, scratchBytes);
  });

  it('spreads slots over several memories when one segment is full, and scans them all', () => {
    const dimension = 1000;
    // Segments of the scratch plus 3 vectors.
    const set = new VectorSet(dimension, scratchBytes + 3 * 4000);
    const graph = graphWith(10);
    const random = seededRandom(3);
    const vectors = Array.from({ length: 10 }, () => randomVector(random, dimension));
    vectors.forEach((vector, id) => set.put(id, vector));
    assert.equal(set.segments.length, 4);
    vectors.forEach((vector, id) => assert.deepEqual(set.view(id), vector));
    const [hits] = search(graph, set, 'L2', [vectors[7]], 10);
    assert.equal(hits.length, 10);
    assert.deepEqual(hits[0], { graphElementId: 7, score: 0 });
  });

  it('renumber follows a trim: removed ids go, the others keep their vectors under new ids', () => {
    const set = new VectorSet(1);
    for (const id of [0, 1, 2, 3]) set.put(id, new Float32Array([id * 10]));
    set.renumber(Int32Array.from([-1, 0, -1, 1]));
    assert.equal(set.size, 2);
    assert.deepEqual([...set.ids()], [0, 1]);
    assert.deepEqual([...set.view(0)!], [10]);
    assert.deepEqual([...set.view(1)!], [30]);
  });

  it('clear drops everything', () => {
    const set = new VectorSet(2);
    set.put(3, new Float32Array([1, 2]));
    set.clear();
    assert.equal(set.size, 0);
    assert.equal(set.slotCount, 0);
    assert.equal(set.view(3), undefined);
  });

  it('costs 4 x the padded dimension per vector plus a few bytes of bookkeeping', () => {
    const dimension = 768;
    const count = 5000;
    const set = new VectorSet(dimension);
    const vector = new Float32Array(dimension).fill(1);
    for (let id = 0; id < count; id++) set.put(id, vector);
    const overhead = set.committedBytes / count - 4 * dimension;
    // Committed (not necessarily touched) growth slack is at most an eighth of the vectors' bytes.
    assert.ok(overhead <= 64 + (4 * dimension) / 8, `${overhead} bytes of overhead per vector`);
  });
});

describe('TopK', () => {
  it('keeps the k best keys, ties by ascending id, best first', () => {
    const top = new TopK(3);
    for (const [key, id] of [
      [1, 10],
      [5, 4],
      [5, 2],
      [3, 1],
      [5, 9],
      [0, 0],
    ]) {
      if (top.accepts(key, id)) top.push(key, id);
    }
    assert.deepEqual(top.sorted(), [
      { key: 5, id: 2 },
      { key: 5, id: 4 },
      { key: 5, id: 9 },
    ]);
  });
});

describe('exact kNN over a set', () => {
  it('answers a batch of queries in one pass exactly as each query alone', () => {
    const dimension = 24;
    const graph = graphWith(500);
    const set = new VectorSet(dimension);
    const random = seededRandom(11);
    for (let id = 0; id < 500; id++) set.put(id, randomVector(random, dimension));
    const queries = Array.from({ length: 70 }, () => randomVector(random, dimension));
    for (const metric of ['Cosine', 'DotProduct', 'L2'] as const) {
      const batch = search(graph, set, metric, queries, 7);
      queries.forEach((query, i) => assert.deepEqual(batch[i], search(graph, set, metric, [query], 7)[0]));
    }
  });

  it('skips holes and removed elements', () => {
    const graph = graphWith(3);
    const set = new VectorSet(1);
    set.put(0, new Float32Array([1]));
    set.put(1, new Float32Array([2]));
    set.put(2, new Float32Array([3]));
    set.delete(1);
    graph.removeVertex(2);
    const [hits] = search(graph, set, 'DotProduct', [new Float32Array([1])], 10);
    assert.deepEqual(hits, [{ graphElementId: 0, score: 1 }]);
  });

  it('two sliced scans interleaving on the same memory each get their own answer', async () => {
    const dimension = 64;
    const count = 20_000;
    const graph = graphWith(count);
    const set = new VectorSet(dimension);
    const random = seededRandom(5);
    for (let id = 0; id < count; id++) set.put(id, randomVector(random, dimension));
    const a = randomVector(random, dimension);
    const b = randomVector(random, dimension);
    const [slicedA, slicedB] = await Promise.all([
      searchSliced(graph, set, 'Cosine', [a], 5),
      searchSliced(graph, set, 'Cosine', [b], 5),
    ]);
    assert.deepEqual(slicedA, search(graph, set, 'Cosine', [a], 5));
    assert.deepEqual(slicedB, search(graph, set, 'Cosine', [b], 5));
  });

  it('a sliced scan of a set cleared while it yields ends with what it found', async () => {
    const graph = graphWith(20_000);
    const set = new VectorSet(256);
    const vector = new Float32Array(256).fill(1);
    for (let id = 0; id < 20_000; id++) set.put(id, vector);
    const pending = searchSliced(graph, set, 'DotProduct', [vector], 3);
    set.clear();
    const [hits] = await pending;
    assert.ok(hits.length <= 3);
  });
});
