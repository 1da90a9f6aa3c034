/**
 * Element embeddings and indexes in checkpoints (docs/checkpoints.md): embeddings travel with
 * their elements in each partition's embeddings section, read at the cut however writes race with the save;
 * every index is one sidecar file, and installing a checkpoint replaces the live index set (a bound vector
 * index comes back as a projection of the loaded embeddings); an index that cannot be written is left out
 * and reported; damaged embeddings or index files fail the load loudly.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFile, writeFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import {
  Engine,
  ScanOperator,
  addVector,
  loadCheckpoint,
  readCheckpointManifest,
  restoreCheckpoint,
  saveCheckpoint,
  searchVectors,
  takeSnapshot,
  writeCheckpoint,
  writeEmbedding,
  removeEmbedding,
  type TypedValue,
} from '../../../../src/index.js';
import {
  SectionType,
  encodePartitionHeader,
  readPartitionHeader,
} from '../../../../src/engine/durability/checkpoint/format.js';
import { encodeManifest } from '../../../../src/engine/durability/checkpoint/manifest.js';
import {
  decodeEmbeddingRange,
  encodeEmbeddingRange,
  encodePinnedRange,
} from '../../../../src/engine/embeddings/checkpoint.js';
import { seededRandom } from '../../vectors/support.js';
import { assertSameGraph, withDirectory } from './helpers.js';
import { stubIndexPlugin } from '../../../support/stub-index-plugin.js';

const int = (value: number): TypedValue => ({ type: 'Int32', value });
const text = (value: string): TypedValue => ({ type: 'String', value });
const double = (value: number): TypedValue => ({ type: 'Double', value });
const options = (entries: Record<string, TypedValue>) => new Map(Object.entries(entries));

function randomVector(random: () => number, dimension: number): Float32Array {
  return Float32Array.from({ length: dimension }, () => random() * 2 - 1);
}

/** A graph with embeddings under several names and dimensions (one name with two), some stamped. */
async function embeddedEngine(elements = 120): Promise<Engine> {
  const engine = new Engine();
  const random = seededRandom(17);
  const ids = await engine.createVertices(
    Array.from({ length: elements }, (_, i) => ({ label: i % 2 === 0 ? 'even' : 'odd' })),
  );
  await engine.createEdges(
    ids.slice(1).map((id, i) => ({ sourceVertex: ids[i], targetVertex: id, edgePropertyId: 'next' })),
  );
  const writes: Promise<unknown>[] = [];
  for (const id of ids) {
    if (id % 3 !== 1) writes.push(writeEmbedding(engine, id, 'default', randomVector(random, 8)));
    if (id % 4 === 0)
      writes.push(writeEmbedding(engine, id, 'title', randomVector(random, 3), { model: `m@1#3#Cosine` }));
    if (id % 5 === 0) writes.push(writeEmbedding(engine, id, 'title', randomVector(random, 5)));
  }
  // An edge with an embedding too.
  writes.push(writeEmbedding(engine, engine.nextId - 1, 'edge-vec', randomVector(random, 16)));
  await Promise.all(writes);
  return engine;
}

/** Every embedding of every element, as (id, name, vector, model) text. */
function embeddingsText(engine: Engine): string[] {
  const lines: string[] = [];
  for (let id = 0; id < engine.nextId; id++) {
    for (const { name, vector, model } of engine.graph.embeddings.list(id)) {
      lines.push(`${id}|${name}|${[...vector].join(',')}|${String(model)}`);
    }
  }
  return lines;
}

/** The snapshot's pinned embeddings of its whole id range, as a section. */
function pinnedSection(snapshot: { embeddings: Parameters<typeof encodePinnedRange>[0]; nextId: number }) {
  const steps = encodePinnedRange(snapshot.embeddings, 0, snapshot.nextId);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return Buffer.concat(step.value);
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An engine with one index of every built-in type, filled. */
async function indexedEngine(): Promise<Engine> {
  const engine = await embeddedEngine(60);
  const indexes = engine.indexes;
  assert.ok(indexes.create('names', 'DictionaryIndex'));
  assert.ok(indexes.create('ages', 'RangeIndex'));
  assert.ok(indexes.create('texts', 'RegExIndex'));
  assert.ok(indexes.createSpatialIndex('places', { metric: 'Geographic', dimensions: 2 }));
  assert.ok(indexes.create('explicit', 'VectorIndex', options({ dimension: int(4), metric: text('L2') })));
  assert.ok(
    indexes.create(
      'bound',
      'VectorIndex',
      options({
        dimension: int(8),
        metric: text('Cosine'),
        embeddingName: text('default'),
        model: text('m1'),
      }),
    ),
  );
  const random = seededRandom(3);
  for (let id = 0; id < 60; id++) {
    indexes.add('names', id, text(`n${id % 7}`));
    indexes.add('ages', id, double(id * 1.5));
    indexes.add('texts', id, text(`the graph number ${id} is ${id % 2 === 0 ? 'even' : 'odd'}`));
    indexes.addGeometry('places', id, [50 + id / 10, 5 + id / 20]);
    if (id % 2 === 0) addVector(engine, 'explicit', { graphElementId: id, vector: randomVector(random, 4) });
  }
  return engine;
}

/** What every scan of the indexed engine answers, as one value to compare. */
function indexAnswers(engine: Engine): unknown {
  const indexes = engine.indexes;
  const query = Float32Array.from([0.5, -0.25, 1, 0.125, 0.5, 0.5, -1, 0.75]);
  return {
    list: indexes.list(),
    names: indexes.scan('names', ScanOperator.Equals, text('n3'), { resultType: 'Both' }),
    ages: indexes.range('ages', double(10), double(40), true, false, { resultType: 'Vertices' }),
    agesAbove: indexes.scan('ages', ScanOperator.Greater, double(70), { resultType: 'Both' }),
    texts: indexes.fulltext('texts', 'NUMBER 1[0-9] IS EVEN'),
    places: indexes.spatial('places', 10, 50),
    explicit: searchVectors(engine, 'explicit', { query: query.subarray(0, 4), k: 7 }),
    bound: searchVectors(engine, 'bound', { query, k: 9 }),
  };
}

describe('embeddings in checkpoints', () => {
  it('round-trip with their elements: several names and dimensions, stamps, across partitions', async () => {
    await withDirectory(async (directory) => {
      const engine = await embeddedEngine();
      for (const partitions of [1, 3, 7]) {
        const saved = await saveCheckpoint(engine, path.join(directory, `e${partitions}.f8s`), {
          partitions,
        });
        const copy = new Engine();
        await restoreCheckpoint(copy, saved.location);
        assert.deepEqual(embeddingsText(copy), embeddingsText(engine), `${partitions} partitions`);
        assertSameGraph(copy, engine, `${partitions} partitions`);
        assert.deepEqual(copy.graph.embeddings.names().sort(), ['default', 'edge-vec', 'title']);
      }
    });
  });

  it('are written through worker threads the same as on the main thread', async () => {
    await withDirectory(async (directory) => {
      const engine = await embeddedEngine();
      const snapshot = await takeSnapshot(engine);
      try {
        const inline = await writeCheckpoint(snapshot, path.join(directory, 'inline.f8s'), {
          partitions: 3,
          workers: 0,
        });
        const threaded = await writeCheckpoint(snapshot, path.join(directory, 'threads.f8s'), {
          partitions: 3,
          workers: 2,
        });
        for (let i = 1; i <= 3; i++) {
          const [a, b] = await Promise.all([readFile(inline.files[i]), readFile(threaded.files[i])]);
          // Same sections; only the checkpoint ids in the headers differ.
          assert.deepEqual(a.subarray(128), b.subarray(128), `partition ${i - 1}`);
        }
      } finally {
        snapshot.release();
      }
    });
  });

  it('hold the embeddings of the cut while embedding writes, removals and element removals race the save', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      const ids = await engine.createVertices(Array.from({ length: 40 }, () => ({})));
      const counter = await engine.createVertex({ label: 'counter' });
      // Version k of every element's embedding is [k, id, k + id]; transaction k also sets the counter.
      const version = (k: number, id: number) => Float32Array.from([k, id, k + id]);
      await Promise.all(ids.map((id) => writeEmbedding(engine, id, 'v', version(0, id))));
      const rounds = 60;
      const writes: Promise<unknown>[] = [];
      let saving: ReturnType<typeof saveCheckpoint> | undefined;
      let live = ids;
      for (let k = 1; k <= rounds; k++) {
        writes.push(
          engine.submit([
            ...live.map((id) => ({ kind: 'setEmbedding' as const, id, name: 'v', vector: version(k, id) })),
            { kind: 'setProperty', id: counter, key: 'k', value: int(k) },
          ]),
        );
        if (k === 20) saving = saveCheckpoint(engine, path.join(directory, 'race.f8s'), { partitions: 3 });
        if (k === 25) {
          writes.push(
            engine.submit([
              ...ids.slice(0, 10).map((id) => ({ kind: 'removeEmbedding' as const, id, name: 'v' })),
              { kind: 'setProperty', id: counter, key: 'removed', value: int(k) },
            ]),
          );
        }
        if (k === 30) {
          writes.push(engine.removeElements(ids.slice(10, 15)));
          live = ids.filter((id) => id < 10 || id >= 15);
        }
        if (k % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      const saved = await saving!;
      await Promise.all(writes);
      const copy = new Engine();
      await restoreCheckpoint(copy, saved.location);
      const property = (key: string) =>
        copy.getVertex(counter)!.properties.find((p) => p.key === key)?.value.value as number | undefined;
      const cut = property('k')!;
      assert.ok(cut >= 19 && cut < rounds, `the cut (${cut}) falls amid the writes`);
      // Right after the removal transaction and before the next round, elements 0-9 have no embedding.
      const removedLast = property('removed') !== undefined && cut === 25;
      for (const id of ids) {
        const expected =
          !copy.graph.exists(id) || (id < 10 && removedLast) ? undefined : [...version(cut, id)];
        const actual = copy.graph.embeddings.get(id, 'v');
        assert.deepEqual(actual === undefined ? undefined : [...actual], expected, `element ${id} at ${cut}`);
      }
    });
  });

  it('a pin keeps what it saw through writes, removals and a trim', async () => {
    const engine = await embeddedEngine(30);
    const expected = Array.from({ length: engine.nextId }, (_, id) => engine.graph.embeddings.list(id));
    const section = encodeEmbeddingRange(engine.graph.embeddings, 0, engine.nextId);
    const snapshot = await takeSnapshot(engine);
    try {
      await writeEmbedding(engine, 0, 'default', [9, 9, 9, 9, 9, 9, 9, 9]);
      await writeEmbedding(engine, 1, 'default', [1, 2, 3]);
      await removeEmbedding(engine, 4, 'title');
      await engine.removeElements([2, 3, 5]);
      assert.deepEqual(Buffer.from(pinnedSection(snapshot)), Buffer.from(section), 'after writes');
      await engine.trim();
      await writeEmbedding(engine, 2, 'brand-new', [1]);
      const bytes = pinnedSection(snapshot);
      assert.deepEqual(Buffer.from(bytes), Buffer.from(section), 'after a trim');
      const pinned = new Engine();
      decodeEmbeddingRange(pinned.graph.embeddings, bytes, 0, snapshot.nextId);
      for (let id = 0; id < expected.length; id++) {
        assert.deepEqual(pinned.graph.embeddings.list(id), expected[id], `element ${id}`);
      }
    } finally {
      snapshot.release();
    }
  });

  it('a pin keeps what it saw through a clear and through an installed checkpoint', async () => {
    await withDirectory(async (directory) => {
      const other = await embeddedEngine(5);
      const otherSaved = await saveCheckpoint(other, path.join(directory, 'other.f8s'), { partitions: 1 });
      const changes: [string, (engine: Engine) => Promise<unknown>][] = [
        ['a clear', (engine) => engine.clear()],
        ['an installed checkpoint', (engine) => restoreCheckpoint(engine, otherSaved.location)],
      ];
      for (const [what, change] of changes) {
        const engine = await embeddedEngine(30);
        const section = encodeEmbeddingRange(engine.graph.embeddings, 0, engine.nextId);
        const snapshot = await takeSnapshot(engine);
        try {
          await writeEmbedding(engine, 7, 'default', [5, 5, 5, 5, 5, 5, 5, 5]);
          await change(engine);
          const [fresh] = await engine.createVertices([{}]);
          await writeEmbedding(engine, fresh, 'default', [1, 1, 1, 1, 1, 1, 1, 1]);
          await writeEmbedding(engine, 0, 'default', [2, 1, 1, 1, 1, 1, 1, 1]);
          assert.deepEqual(Buffer.from(pinnedSection(snapshot)), Buffer.from(section), what);
        } finally {
          snapshot.release();
        }
      }
    });
  });

  it('a damaged embeddings section fails the load with CHECKPOINT_CORRUPT naming the partition', async () => {
    await withDirectory(async (directory) => {
      const engine = await embeddedEngine(20);
      const saved = await saveCheckpoint(engine, path.join(directory, 'bad.f8s'), { partitions: 1 });
      const partitionFile = saved.files[1];
      const bytes = await readFile(partitionFile);
      const header = readPartitionHeader(bytes, partitionFile);
      const embeddings = header.sections.find((section) => section.type === SectionType.embeddings)!;
      assert.ok(embeddings.length > 0, 'the section holds the embeddings');

      // A flipped byte: the payload CRC catches it.
      const flipped = Buffer.from(bytes);
      flipped[header.headerBytes + embeddings.offset + 2] ^= 0x40;
      await writeFile(partitionFile, flipped);
      await assert.rejects(loadCheckpoint(saved.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: new RegExp(`${escaped(path.basename(partitionFile))} fails its CRC-32`),
      });

      // Content that is checksummed correctly but does not decode: the decoder catches it.
      const forged = Buffer.from(bytes);
      forged[header.headerBytes + embeddings.offset] ^= 0xff; // the section's magic number
      const payload = forged.subarray(header.headerBytes);
      const payloadCrc32 = crc32(payload);
      Buffer.from(encodePartitionHeader({ ...header, payloadCrc32 })).copy(forged, 0);
      await writeFile(partitionFile, forged);
      const manifest = await readCheckpointManifest(saved.location);
      manifest.partitions[0].payloadCrc32 = payloadCrc32;
      await writeFile(
        saved.location,
        Buffer.concat(encodeManifest(manifest, Buffer.from(manifest.checkpointId, 'hex'))),
      );
      await assert.rejects(loadCheckpoint(saved.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: new RegExp(`${escaped(path.basename(partitionFile))} has an unreadable embeddings section`),
      });
    });
  });

  it('a graph without embeddings writes empty sections and loads without any', async () => {
    await withDirectory(async (directory) => {
      const engine = new Engine();
      await engine.createVertices([{}, {}]);
      const saved = await saveCheckpoint(engine, path.join(directory, 'plain.f8s'), { partitions: 2 });
      for (const file of saved.files.slice(1)) {
        const bytes = await readFile(file);
        const header = readPartitionHeader(bytes, file);
        assert.equal(header.sections.find((s) => s.type === SectionType.embeddings)!.length, 0);
      }
      const copy = new Engine();
      await restoreCheckpoint(copy, saved.location);
      assert.deepEqual(copy.graph.embeddings.names(), []);
    });
  });
});

describe('indexes in checkpoints', () => {
  it('every index type round-trips, one sidecar file each, and every scan answers the same', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      const saved = await saveCheckpoint(engine, path.join(directory, 'idx.f8s'), { partitions: 2 });
      assert.deepEqual(
        saved.indexes.map((index) => index.indexId),
        ['names', 'ages', 'texts', 'places', 'explicit', 'bound'],
      );
      assert.deepEqual(saved.droppedIndexes, []);
      const sidecars = saved.files.filter((file) => /\.indexes-\d{4}$/.test(file));
      assert.equal(sidecars.length, 6, 'one file per index');
      const manifest = await readCheckpointManifest(saved.location);
      assert.deepEqual(
        manifest.sections.indexes.entries.map((entry) => [entry.name, entry.metadata]),
        [
          ['names', { pluginType: 'DictionaryIndex' }],
          ['ages', { pluginType: 'RangeIndex' }],
          ['texts', { pluginType: 'RegExIndex' }],
          ['places', { pluginType: 'SpatialIndex' }],
          ['explicit', { pluginType: 'VectorIndex' }],
          ['bound', { pluginType: 'VectorIndex' }],
        ],
      );
      const copy = new Engine();
      await restoreCheckpoint(copy, saved.location);
      assert.deepEqual(indexAnswers(copy), indexAnswers(engine));
    });
  });

  it('installing replaces the live index set: indexes created since the save are gone, dropped ones return', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      const expected = indexAnswers(engine);
      const saved = await saveCheckpoint(engine, path.join(directory, 'set.f8s'), { partitions: 1 });
      engine.indexes.drop('ages');
      engine.indexes.create('later', 'DictionaryIndex');
      engine.indexes.add('names', 1, text('added after the save'));
      await restoreCheckpoint(engine, saved.location);
      assert.equal(engine.indexes.get('later'), undefined);
      assert.deepEqual(indexAnswers(engine), expected);
      assert.deepEqual(
        engine.indexes.scan('names', ScanOperator.Equals, text('added after the save'), {
          resultType: 'Both',
        }),
        [],
      );
    });
  });

  it('a bound vector index stores its definition only and projects the loaded embeddings', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      const saved = await saveCheckpoint(engine, path.join(directory, 'bound.f8s'), { partitions: 1 });
      const manifest = await readCheckpointManifest(saved.location);
      const bound = manifest.sections.indexes.entries.find((entry) => entry.name === 'bound')!;
      const explicit = manifest.sections.indexes.entries.find((entry) => entry.name === 'explicit')!;
      assert.ok(bound.bytes! < 200, `the bound index file is its definition (${bound.bytes} bytes)`);
      assert.ok(explicit.bytes! > 30 * 16, 'the explicit index file holds its vectors');
      const copy = new Engine();
      await restoreCheckpoint(copy, saved.location);
      assert.equal(
        copy.indexes.get('bound')!.valueCount,
        engine.graph.embeddings.vectorsOf('default', 8)!.size,
      );
      // It follows element writes after the load by itself.
      await writeEmbedding(copy, 1, 'default', [1, 0, 0, 0, 0, 0, 0, 0]);
      const [best] = searchVectors(copy, 'bound', { query: [1, 0, 0, 0, 0, 0, 0, 0], k: 1 }).results;
      assert.equal(best.graphElementId, 1);
    });
  });

  it('keyed indexes decode in steps (a load into a serving process lets the loop turn) to the same index', () => {
    const engine = new Engine();
    for (const type of ['DictionaryIndex', 'RangeIndex', 'RegExIndex']) {
      assert.ok(engine.indexes.create(type, type));
      for (let key = 0; key < 40_000; key++) {
        // add() checks that the element lives; the keyed index itself takes any id.
        engine.indexes.get(type)!.add(key % 5000, text(`key ${key}`));
      }
      const bytes = engine.indexes.serializeIndex(type)!;
      const steps = engine.indexes.decodeIndexSteps(bytes);
      let pauses = 0;
      let step = steps.next();
      for (; step.done !== true; step = steps.next()) pauses++;
      assert.ok(pauses >= 4, `${type}: ${pauses} pauses over 40,000 keys and memberships`);
      assert.deepEqual(engine.indexes.serializeIndex(type), bytes);
      const decoded = step.value;
      assert.equal(decoded.keyCount, 40_000);
      assert.equal(decoded.valueCount, 40_000);
      assert.deepEqual(decoded.serialize(), engine.indexes.get(type)!.serialize(), type);
    }
  });

  it('an explicit vector index decodes in steps into memory sized once; a vector count that cannot fit is refused', async () => {
    const engine = new Engine();
    await engine.createVertices(Array.from({ length: 5000 }, () => ({})));
    assert.ok(
      engine.indexes.create('v', 'VectorIndex', options({ dimension: int(16), metric: text('DotProduct') })),
    );
    const random = seededRandom(9);
    for (let id = 0; id < 5000; id++)
      addVector(engine, 'v', { graphElementId: id, vector: randomVector(random, 16) });
    const bytes = engine.indexes.serializeIndex('v')!;
    const steps = engine.indexes.decodeIndexSteps(bytes);
    let pauses = 0;
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) pauses++;
    assert.equal(pauses, 2, 'a pause every 2048 vectors');
    assert.deepEqual(Buffer.from(step.value.serialize()), Buffer.from(engine.indexes.get('v')!.serialize()));
    // Claim a million vectors in the payload: refused before any memory is reserved for them.
    const forged = Buffer.from(bytes);
    const envelope = forged.indexOf(Buffer.from('SKVI', 'latin1'));
    const countAt = envelope + 4 + 2 + 1 + 1 + 1; // magic, version, dimension (16: one byte), metric, flags
    assert.equal(forged.readUInt8(countAt) & 0x80, 0x80, 'the count is a multi-byte varint');
    forged.writeUInt8(0xff, countAt);
    forged.writeUInt8(0xff, countAt + 1);
    assert.throws(() => engine.indexes.decodeIndex(forged), /vectors cannot fit in/);
  });

  it('an index that cannot be written is left out, reported, and the rest of the checkpoint loads', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      const failing = stubIndexPlugin('FailingIndex', {
        serialize: () => {
          throw new Error('this index cannot be written');
        },
      });
      engine.indexes.registerType(failing);
      assert.ok(engine.indexes.create('broken', 'FailingIndex'));
      const saved = await saveCheckpoint(engine, path.join(directory, 'drop.f8s'), { partitions: 1 });
      assert.deepEqual(saved.droppedIndexes, [
        { indexId: 'broken', pluginType: 'FailingIndex', reason: 'this index cannot be written' },
      ]);
      assert.equal(saved.indexes.length, 6);
      const copy = new Engine();
      await restoreCheckpoint(copy, saved.location);
      assert.equal(copy.indexes.get('broken'), undefined);
      assert.equal(copy.indexes.size, 6);
    });
  });

  it('an index file that does not decode fails the install before anything changes', async () => {
    await withDirectory(async (directory) => {
      const engine = await indexedEngine();
      const saved = await saveCheckpoint(engine, path.join(directory, 'forged.f8s'), { partitions: 1 });
      const manifest = await readCheckpointManifest(saved.location);
      const entry = manifest.sections.indexes.entries[1];
      const file = path.join(directory, entry.file!);
      const bytes = await readFile(file);
      // Damage the payload, then fix both CRCs so only the decoder can notice.
      const payload = bytes.subarray(48);
      payload[payload.length - 1] = 0xff;
      payload[payload.length - 2] = 0xff;
      bytes.writeUInt32LE(crc32(payload), 24);
      bytes.writeUInt32LE(0, 28);
      bytes.writeUInt32LE(crc32(bytes.subarray(0, 48)), 28);
      await writeFile(file, bytes);
      entry.payloadCrc32 = crc32(payload);
      await writeFile(
        saved.location,
        Buffer.concat(encodeManifest(manifest, Buffer.from(manifest.checkpointId, 'hex'))),
      );

      const target = new Engine();
      const keep = await target.createVertex({ label: 'kept' });
      target.indexes.create('mine', 'DictionaryIndex');
      await assert.rejects(restoreCheckpoint(target, saved.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: new RegExp(`${escaped(entry.file!)} holds an index that cannot be read`),
      });
      assert.equal(target.getVertex(keep)?.label, 'kept', 'the graph is untouched');
      assert.deepEqual(
        target.indexes.list().map((r) => r.indexId),
        ['mine'],
        'the indexes too',
      );
    });
  });
});
