/**
 * The vector index through the library: options, the checkpoint format, bound projections rebuilt from
 * element state, and one kernel for the index and semantic traversal (bit-identical scores).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, IndexFormatError, isEngineError, type TypedValue } from '../../../../src/index.js';
import { VectorIndex } from '../../../../src/engine/indexes/vector/vector-index.js';
import { parseVectorIndexOptions } from '../../../../src/engine/indexes/vector/options.js';
import { addVector, searchVectors } from '../../../../src/engine/verbs/vectors.js';
import { writeEmbedding } from '../../../../src/engine/verbs/embeddings.js';
import {
  TraversalContext,
  VectorMath,
  createFragmentRuntime,
} from '../../../../src/fragments/runtime/index.js';
import { OutCell } from '../../../../src/fragments/runtime/types.js';
import { seededRandom } from '../../vectors/support.js';

const options = (entries: Record<string, TypedValue>) => new Map(Object.entries(entries));
const int = (value: number): TypedValue => ({ type: 'Int32', value });
const str = (value: string): TypedValue => ({ type: 'String', value });

describe('vector index options', () => {
  it('converts the dimension from any typed value that is an integer', () => {
    for (const value of [
      int(3),
      str(' 3 '),
      { type: 'Int64', value: 3n } as TypedValue,
      { type: 'Double', value: 3 } as TypedValue,
    ]) {
      assert.equal(parseVectorIndexOptions(options({ dimension: value }))?.dimension, 3);
    }
    assert.equal(
      parseVectorIndexOptions(options({ dimension: { type: 'Boolean', value: true } })),
      undefined,
    );
    assert.equal(parseVectorIndexOptions(options({ dimension: str('3.0') })), undefined);
  });

  it('defaults the metric to Cosine and stores the model as its text', () => {
    assert.deepEqual(parseVectorIndexOptions(options({ dimension: int(2), model: int(42) })), {
      dimension: 2,
      metric: 'Cosine',
      embeddingName: null,
      model: '42',
    });
  });
});

async function explicitIndex(
  engine: Engine,
  dimension: number,
  count: number,
  seed: number,
): Promise<VectorIndex> {
  const random = seededRandom(seed);
  await engine.createVertices(Array.from({ length: count }, () => ({})));
  assert.equal(
    engine.indexes.create(
      'v',
      'VectorIndex',
      options({ dimension: int(dimension), metric: str('L2'), model: str('m') }),
    ),
    true,
  );
  for (let id = 0; id < count; id++) {
    addVector(engine, 'v', { graphElementId: id, vector: Array.from({ length: dimension }, () => random()) });
  }
  return engine.indexes.get('v') as VectorIndex;
}

describe('vector index checkpoint format', () => {
  it('an explicit index round-trips through the registry envelope: definition and every vector', async () => {
    const engine = new Engine();
    const index = await explicitIndex(engine, 5, 40, 1);
    const bytes = engine.indexes.serializeIndex('v')!;
    const other = new Engine();
    await other.createVertices(Array.from({ length: 40 }, () => ({})));
    const restored = other.indexes.restoreIndex(bytes) as VectorIndex;
    assert.deepEqual(restored.options, index.options);
    assert.equal(restored.size, 40);
    for (let id = 0; id < 40; id++) assert.deepEqual(restored.vectorOf(id), index.vectorOf(id));
    const query = [0.5, 0.5, 0.5, 0.5, 0.5];
    assert.deepEqual(searchVectors(other, 'v', { query, k: 7 }), searchVectors(engine, 'v', { query, k: 7 }));
  });

  it('a capture encodes, in pauses, the vectors of its moment whatever is written, trimmed or cleared meanwhile', async () => {
    const engine = new Engine();
    const index = await explicitIndex(engine, 5, 5000, 3);
    const atCapture = Buffer.from(index.serialize());
    const capture = index.capture();
    const steps = capture.encodeSteps();
    let pauses = 0;
    let step = steps.next();
    index.put(3, Float32Array.of(9, 9, 9, 9, 9)); // overwritten in place
    index.removeElement(4);
    index.put(4999, Float32Array.of(8, 8, 8, 8, 8)); // id 4999's slot is written once more
    index.put(5000, Float32Array.of(7, 7, 7, 7, 7)); // reuses the slot id 4 freed
    index.renumber(Int32Array.from({ length: 5001 }, (_, id) => (id % 3 === 0 ? -1 : id)));
    index.put(2, Float32Array.of(6, 6, 6, 6, 6)); // reuses a slot the trim freed
    for (; step.done !== true; step = steps.next()) pauses++;
    assert.equal(pauses, 2, 'a pause every 2048 vectors');
    assert.ok(step.value.length >= 3, 'one part per pause and one at the end');
    assert.deepEqual(Buffer.concat(step.value), atCapture);
    capture.release();
    capture.release();
    index.clearEntries();
    const again = index.capture();
    const empty = again.encodeSteps().next();
    assert.equal(empty.done, true);
    again.release();
  });

  it('a bound index stores its definition only and projects the element state it is loaded beside', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([{}, {}]);
    await writeEmbedding(engine, a, 'title', [1, 0]);
    await writeEmbedding(engine, b, 'title', [0, 1]);
    engine.indexes.create(
      'bound',
      'VectorIndex',
      options({ dimension: int(2), embeddingName: str('title') }),
    );
    const bytes = engine.indexes.serializeIndex('bound')!;
    assert.ok(bytes.byteLength < 64, `${bytes.byteLength} bytes`);
    const other = new Engine();
    const [c] = await other.createVertices([{}]);
    await writeEmbedding(other, c, 'title', [3, 4]);
    const restored = other.indexes.restoreIndex(bytes) as VectorIndex;
    assert.equal(restored.bound, true);
    assert.deepEqual(searchVectors(other, 'bound', { query: [0, 1], k: 5 }).results, [
      { graphElementId: c, score: Math.fround(0.8) },
    ]);
  });

  it('refuses foreign, truncated or newer bytes with IndexFormatError', async () => {
    const engine = new Engine();
    const index = await explicitIndex(engine, 3, 3, 2);
    const bytes = index.serialize();
    assert.throws(
      () => VectorIndex.deserialize('x', bytes.subarray(0, bytes.length - 1), engine.graph),
      IndexFormatError,
    );
    const foreign = Uint8Array.from(bytes);
    foreign[0] ^= 0xff;
    assert.throws(() => VectorIndex.deserialize('x', foreign, engine.graph), IndexFormatError);
    const newer = Uint8Array.from(bytes);
    newer[4] = 9;
    assert.throws(() => VectorIndex.deserialize('x', newer, engine.graph), IndexFormatError);
  });
});

describe('the library verbs', () => {
  it('addVector refuses a bound index and a missing element with the engine codes', async () => {
    const engine = new Engine();
    engine.indexes.create(
      'bound',
      'VectorIndex',
      options({ dimension: int(2), embeddingName: str('default') }),
    );
    engine.indexes.create('v', 'VectorIndex', options({ dimension: int(2) }));
    assert.throws(
      () => addVector(engine, 'bound', { graphElementId: 0, vector: [1, 1] }),
      (error: unknown) => isEngineError(error, 'INVALID_INPUT'),
    );
    assert.throws(
      () => addVector(engine, 'v', { graphElementId: 0, vector: [1, 1] }),
      (error: unknown) => isEngineError(error, 'ELEMENT_NOT_FOUND'),
    );
    assert.throws(
      () => searchVectors(engine, 'none', { query: [1, 1], k: 1 }),
      (error: unknown) => isEngineError(error, 'INDEX_NOT_FOUND'),
    );
  });
});

describe('one kernel for the vector index and semantic traversal', () => {
  it('TrySimilarity and VectorMath score an element exactly as the vector scan does, for every metric', async () => {
    const engine = new Engine();
    const dimension = 45;
    const random = seededRandom(9);
    const ids = await engine.createVertices(Array.from({ length: 64 }, () => ({})));
    const vectors = new Map<number, number[]>();
    for (const id of ids) {
      const vector = Array.from({ length: dimension }, () => random() * 4 - 2);
      vectors.set(id, vector);
      await writeEmbedding(engine, id, 'default', vector);
    }
    const runtime = createFragmentRuntime({ graph: engine.graph });
    const query = Float32Array.from({ length: dimension }, () => random() * 4 - 2);
    for (const metric of ['Cosine', 'DotProduct', 'L2'] as const) {
      engine.indexes.create(
        metric,
        'VectorIndex',
        options({ dimension: int(dimension), metric: str(metric), embeddingName: str('default') }),
      );
      const { results } = searchVectors(engine, metric, { query, k: 64 });
      assert.equal(results.length, 64);
      const context = new TraversalContext({ queryVector: query, metric });
      const math = new VectorMath();
      const metricCode = { Cosine: 0, DotProduct: 1, L2: 2 }[metric];
      for (const { graphElementId, score } of results) {
        const cell = new OutCell(0);
        assert.equal(context.TrySimilarity(runtime.vertex(graphElementId), cell), true);
        assert.ok(Object.is(cell.value, score), `${metric} ${graphElementId}: ${cell.value} !== ${score}`);
        assert.ok(Object.is(math.Score(query, vectors.get(graphElementId)!, metricCode), score));
      }
    }
  });
});
