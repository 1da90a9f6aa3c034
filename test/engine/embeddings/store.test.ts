/**
 * Element embeddings in the engine: the store's rules, and embedding writes as transactions (commit
 * order, rollback, element removal and its undo, trim, clear, the write-ahead log's encoding).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, isEngineError } from '../../../src/index.js';
import { EmbeddingStore } from '../../../src/engine/embeddings/store.js';
import { readEmbedding, removeEmbedding, writeEmbedding } from '../../../src/engine/verbs/embeddings.js';
import { ByteReader, ByteWriter } from '../../../src/engine/codec/binary.js';
import { readEntry, writeCommittedPayload } from '../../../src/engine/durability/wal/entry-codec.js';
import type { CommittedTransaction } from '../../../src/engine/tx/writer.js';
import type { WriteOperation } from '../../../src/engine/tx/operations.js';

const vector = (...values: number[]) => new Float32Array(values);

describe('EmbeddingStore', () => {
  it('keeps one vector per (element, name), of any dimension, with an optional stamp', () => {
    const store = new EmbeddingStore();
    assert.equal(store.set(1, 'a', vector(1, 2), null), undefined);
    assert.deepEqual(store.set(1, 'a', vector(3, 4, 5), 'm#3#Cosine'), { vector: vector(1, 2), model: null });
    store.set(1, 'b', vector(9), null);
    store.set(2, 'a', vector(7, 7, 7), null);
    assert.deepEqual(store.read(1, 'a'), { name: 'a', vector: vector(3, 4, 5), model: 'm#3#Cosine' });
    assert.equal(store.model(1, 'b'), null);
    assert.equal(store.model(3, 'b'), undefined);
    assert.deepEqual(
      store.list(1).map((e) => e.name),
      ['a', 'b'],
    );
    assert.equal(store.entryCount(1), 3, 'two vectors and one stamp');
    assert.equal(store.vectorsOf('a', 2), undefined, 'the dimension-2 group emptied when 1 moved to 3');
    assert.equal(store.vectorsOf('a', 3)?.size, 2);
  });

  it('a caller-supplied overwrite clears the stamp', () => {
    const store = new EmbeddingStore();
    store.set(0, 'd', vector(1), 'model#1#L2');
    store.set(0, 'd', vector(2), null);
    assert.equal(store.model(0, 'd'), null);
  });

  it('remove answers what was there; restore puts it back', () => {
    const store = new EmbeddingStore();
    store.set(4, 'x', vector(1, 1), 's');
    const previous = store.remove(4, 'x');
    assert.deepEqual(previous, { vector: vector(1, 1), model: 's' });
    assert.equal(store.remove(4, 'x'), undefined);
    assert.deepEqual(store.names(), []);
    store.restore(4, 'x', previous);
    assert.deepEqual(store.read(4, 'x'), { name: 'x', vector: vector(1, 1), model: 's' });
  });

  it('renumber follows a trim, stamps included', () => {
    const store = new EmbeddingStore();
    store.set(0, 'x', vector(0), null);
    store.set(2, 'x', vector(2), 'two');
    store.renumber(Int32Array.from([-1, -1, 0]));
    assert.deepEqual(store.read(0, 'x'), { name: 'x', vector: vector(2), model: 'two' });
    assert.equal(store.has(2, 'x'), false);
  });
});

describe('embedding writes as transactions', () => {
  it('apply in commit order through the writer and read back', async () => {
    const engine = new Engine();
    const v = await engine.createVertex();
    const first = writeEmbedding(engine, v, 'default', [1, 2]);
    const second = writeEmbedding(engine, v, 'default', [3, 4]);
    await Promise.all([first, second]);
    assert.deepEqual(readEmbedding(engine, v, 'default'), {
      name: 'default',
      vector: vector(3, 4),
      model: null,
    });
  });

  it('refuse a bad name, an empty, oversized or non-finite vector, and a missing element before enqueueing', async () => {
    const engine = new Engine();
    const v = await engine.createVertex();
    const refused = (fn: () => unknown, code: string) =>
      assert.throws(fn, (error: unknown) => isEngineError(error) && error.code === code);
    refused(() => writeEmbedding(engine, v, 'no spaces', [1]), 'INVALID_INPUT');
    refused(() => writeEmbedding(engine, v, 'default', []), 'INVALID_INPUT');
    refused(() => writeEmbedding(engine, v, 'default', new Array(4097).fill(0)), 'INVALID_INPUT');
    refused(() => writeEmbedding(engine, v, 'default', [Number.NaN]), 'INVALID_INPUT');
    refused(() => writeEmbedding(engine, v, 'default', [1e40]), 'INVALID_INPUT');
    refused(() => writeEmbedding(engine, 99, 'default', [1]), 'ELEMENT_NOT_FOUND');
    refused(() => removeEmbedding(engine, 99, 'default'), 'ELEMENT_NOT_FOUND');
    refused(() => readEmbedding(engine, v, 'default'), 'ELEMENT_NOT_FOUND');
    assert.equal(engine.pendingWrites, 0);
  });

  it('a rolled-back transaction leaves no embedding change behind', async () => {
    const engine = new Engine();
    const v = await engine.createVertex();
    await writeEmbedding(engine, v, 'default', [1, 2]);
    const modified = engine.getVertex(v)!.modificationDate;
    await assert.rejects(
      engine.submit([
        { kind: 'setEmbedding', id: v, name: 'default', vector: vector(5, 5, 5) },
        { kind: 'removeEmbedding', id: v, name: 'default' },
        { kind: 'setEmbedding', id: v, name: 'other', vector: vector(1) },
        { kind: 'setEmbedding', id: 1234, name: 'default', vector: vector(1) },
      ]),
      (error: unknown) => isEngineError(error, 'ELEMENT_NOT_FOUND'),
    );
    assert.deepEqual(engine.graph.embeddings.list(v), [
      { name: 'default', vector: vector(1, 2), model: null },
    ]);
    assert.equal(engine.getVertex(v)!.modificationDate, modified);
  });

  it('removing an element takes its embeddings (edges cascaded too); undoing the removal restores them', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([{}, {}]);
    const edge = await engine.createEdge({ sourceVertex: a, targetVertex: b, edgePropertyId: 'k' });
    await writeEmbedding(engine, a, 'default', [1]);
    await writeEmbedding(engine, edge, 'default', [2]);
    await assert.rejects(
      engine.submit([
        { kind: 'removeElement', id: a },
        { kind: 'setEmbedding', id: 777, name: 'x', vector: vector(1) },
      ]),
      (error: unknown) =>
        isEngineError(error, 'ELEMENT_NOT_FOUND') && /graph element 777 /.test(error.message),
    );
    assert.deepEqual(engine.graph.embeddings.get(a, 'default'), vector(1));
    assert.deepEqual(engine.graph.embeddings.get(edge, 'default'), vector(2));
    await engine.removeElement(a);
    assert.equal(engine.graph.embeddings.has(a, 'default'), false);
    assert.equal(engine.graph.embeddings.has(edge, 'default'), false);
    assert.equal(engine.graph.embeddings.vectorsOf('default', 1), undefined);
  });

  it('trim renumbers embeddings with their elements; clear drops them', async () => {
    const engine = new Engine();
    const [a, b] = await engine.createVertices([{}, {}]);
    await writeEmbedding(engine, b, 'default', [7]);
    await engine.removeElement(a);
    await engine.trim();
    assert.deepEqual(engine.graph.embeddings.get(0, 'default'), vector(7));
    await engine.clear();
    assert.deepEqual(engine.graph.embeddings.names(), []);
  });

  it('a removal of an absent embedding is a committed no-op: no modification date change', async () => {
    const engine = new Engine({ clockSeconds: () => 5000 });
    const v = await engine.createVertex({ creationDate: 10 });
    await removeEmbedding(engine, v, 'default');
    assert.equal(engine.getVertex(v)!.modificationDate, 10);
    await writeEmbedding(engine, v, 'default', [1]);
    assert.equal(engine.getVertex(v)!.modificationDate, 5000);
  });

  it('GetPropertyCount-style reads: embeddings appear among the element properties as reserved entries', async () => {
    const engine = new Engine();
    const v = await engine.createVertex({ properties: [{ key: 'z', value: { type: 'Int32', value: 1 } }] });
    engine.graph.embeddings.set(v, 'default', vector(0.5), 'stamp');
    const properties = engine.getVertex(v)!.properties;
    assert.deepEqual(
      properties.map((p) => [p.key, p.value.type]),
      [
        ['$embedding:default', 'Single[]'],
        ['$embeddingModel:default', 'String'],
        ['z', 'Int32'],
      ],
    );
  });

  it('travel through the write-ahead log encoding unchanged', () => {
    const operations: WriteOperation[] = [
      { kind: 'setEmbedding', id: 3, name: 'default', vector: vector(0.1, -2, 3e38), model: null },
      { kind: 'setEmbedding', id: -1, name: 'x_y-Z', vector: vector(1), model: 'bge@q8#1#Cosine' },
      { kind: 'removeEmbedding', id: 8, name: 'default' },
    ];
    const out = new ByteWriter(64);
    const transaction = {
      operations,
      result: { createdIds: [], effects: [] },
    } as unknown as CommittedTransaction;
    writeCommittedPayload(out, transaction, 12, 99);
    const entry = readEntry(out.toBuffer(), 'test');
    assert.equal(entry.type, 'elementTransaction');
    assert.deepEqual(entry.type === 'elementTransaction' ? entry.operations : [], operations);
    assert.ok(new ByteReader(out.toBuffer()).remaining > 0);
  });
});
