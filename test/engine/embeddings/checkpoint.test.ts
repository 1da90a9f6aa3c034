import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EmbeddingStore } from '../../../src/engine/embeddings/store.js';
import {
  EmbeddingSectionError,
  decodeEmbeddingRange,
  encodeEmbeddingRange,
} from '../../../src/engine/embeddings/checkpoint.js';
import { seededRandom } from '../vectors/support.js';

function sampleStore(): EmbeddingStore {
  const store = new EmbeddingStore();
  const random = seededRandom(4);
  for (let id = 0; id < 50; id++) {
    if (id % 2 === 0)
      store.set(id, 'default', Float32Array.from({ length: 8 }, random), id % 4 === 0 ? `m#8#${id}` : null);
    if (id % 3 === 0) store.set(id, 'title', Float32Array.from({ length: 3 + (id % 2) }, random), null);
  }
  return store;
}

describe('embeddings in checkpoints', () => {
  it('partitions of the id space encode and decode to the same embeddings and stamps', () => {
    const store = sampleStore();
    const loaded = new EmbeddingStore();
    for (const [start, end] of [
      [0, 17],
      [17, 40],
      [40, 64],
    ]) {
      decodeEmbeddingRange(loaded, encodeEmbeddingRange(store, start, end), start, end);
    }
    for (let id = 0; id < 50; id++) assert.deepEqual(loaded.list(id), store.list(id), `element ${id}`);
    assert.deepEqual(loaded.names().sort(), store.names().sort());
  });

  it('a range without embeddings is an empty section', () => {
    const store = sampleStore();
    assert.equal(encodeEmbeddingRange(store, 100, 200).byteLength, 0);
    assert.equal(encodeEmbeddingRange(new EmbeddingStore(), 0, 10).byteLength, 0);
    const loaded = new EmbeddingStore();
    decodeEmbeddingRange(loaded, new Uint8Array(0), 0, 10);
    assert.deepEqual(loaded.names(), []);
  });

  it('refuses a damaged section, a truncated one, and ids outside the partition', () => {
    const bytes = encodeEmbeddingRange(sampleStore(), 0, 50);
    const damaged = Uint8Array.from(bytes);
    damaged[0] ^= 1;
    assert.throws(() => decodeEmbeddingRange(new EmbeddingStore(), damaged, 0, 50), EmbeddingSectionError);
    assert.throws(
      () => decodeEmbeddingRange(new EmbeddingStore(), bytes.subarray(0, bytes.length - 3), 0, 50),
      EmbeddingSectionError,
    );
    assert.throws(() => decodeEmbeddingRange(new EmbeddingStore(), bytes, 0, 20), EmbeddingSectionError);
  });
});
