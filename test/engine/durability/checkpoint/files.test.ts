/**
 * The checkpoint's files: a save never overwrites (the `<path>#<stamp>` sibling rule), publishes nothing
 * when it fails, and a load refuses any missing or damaged file loudly, naming it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import {
  Engine,
  checkpointFiles,
  checkpointFormatVersion,
  loadCheckpoint,
  readCheckpointManifest,
  restoreCheckpoint,
  saveCheckpoint,
  versionedSiblingPath,
  type CheckpointManifest,
} from '../../../../src/index.js';
import { nextStamp } from '../../../../src/engine/durability/checkpoint/paths.js';
import { encodeManifest } from '../../../../src/engine/durability/checkpoint/manifest.js';
import { assertSameGraph, withDirectory } from './helpers.js';

async function sampleEngine(): Promise<Engine> {
  const engine = new Engine();
  const ids = await engine.createVertices(
    Array.from({ length: 40 }, (_, i) => ({
      label: 'v',
      properties: [{ key: 'name', value: { type: 'String' as const, value: `vertex ${i}` } }],
    })),
  );
  await engine.createEdges(
    ids.map((id, i) => ({ sourceVertex: id, targetVertex: ids[(i + 1) % 40], edgePropertyId: 'next' })),
  );
  return engine;
}

const stampPattern = /^(.*)#(\d+)$/;

describe('checkpoint files', () => {
  it('writes a manifest and one file per partition, and lists them', async () => {
    await withDirectory(async (directory) => {
      const engine = await sampleEngine();
      const saved = await saveCheckpoint(engine, path.join(directory, 'sub', 'dir', 'Temp.f8s'), {
        partitions: 3,
      });
      assert.equal(
        saved.location,
        path.join(directory, 'sub', 'dir', 'Temp.f8s'),
        'missing directories are created',
      );
      assert.deepEqual(saved.files, [
        saved.location,
        `${saved.location}.part-0000`,
        `${saved.location}.part-0001`,
        `${saved.location}.part-0002`,
      ]);
      assert.deepEqual(await checkpointFiles(saved.location), saved.files);
      let bytes = 0;
      for (const file of saved.files) bytes += (await readFile(file)).byteLength;
      assert.equal(saved.totalBytes, bytes);
      const listing = await readdir(path.dirname(saved.location));
      assert.deepEqual(
        listing.sort(),
        saved.files.map((file) => path.basename(file)).sort(),
        'no temporary file is left',
      );
      const manifest = await readCheckpointManifest(saved.location);
      assert.equal(manifest.formatVersion, checkpointFormatVersion);
      assert.equal(manifest.lastCommittedSequence, engine.committedSequence);
      assert.deepEqual(
        manifest.partitions
          .map((p) => [p.idStart, p.idEnd])
          .flat()
          .filter((_, i, all) => i === 0 || i === all.length - 1),
        [0, engine.nextId],
      );
    });
  });

  it('never overwrites: an existing target gets a versioned sibling, and the first save stays loadable', async () => {
    await withDirectory(async (directory) => {
      const engine = await sampleEngine();
      const target = path.join(directory, 'Temp.f8s');
      const first = await saveCheckpoint(engine, target);
      await engine.createVertex({ label: 'later' });
      const second = await saveCheckpoint(engine, target);
      const third = await saveCheckpoint(engine, target);
      assert.equal(first.location, target);
      const [, secondBase, secondStamp] = stampPattern.exec(second.location)!;
      const [, thirdBase, thirdStamp] = stampPattern.exec(third.location)!;
      assert.equal(secondBase, target);
      assert.equal(thirdBase, target);
      assert.ok(BigInt(thirdStamp) > BigInt(secondStamp), 'stamps strictly increase');
      assert.ok(second.files.every((file) => file.startsWith(second.location)));
      const loadedFirst = new Engine();
      await restoreCheckpoint(loadedFirst, first.location);
      assert.equal(loadedFirst.vertexCount, 40, 'the first checkpoint is untouched');
      const loadedSecond = new Engine();
      await restoreCheckpoint(loadedSecond, second.location);
      assertSameGraph(loadedSecond, engine);
    });
  });

  it('answers the path itself when free, else a sibling with a decimal stamp that does not exist', async () => {
    await withDirectory(async (directory) => {
      const target = path.join(directory, 'x.f8s');
      assert.equal(await versionedSiblingPath(target), target);
      await writeFile(target, 'taken');
      const sibling = await versionedSiblingPath(target);
      const match = stampPattern.exec(sibling);
      assert.ok(match !== null && match[1] === target, sibling);
      assert.ok(BigInt(match[2]) < 2n ** 64n, 'a 64-bit stamp');
    });
  });

  it('gives two stamps taken in the same millisecond different, increasing values in .NET binary UTC form', () => {
    const now = Date.UTC(2026, 2, 1, 9, 0, 0, 123);
    const a = nextStamp(now);
    const b = nextStamp(now);
    assert.ok(b > a);
    // DateTime.ToBinary of a UTC time: the kind bit 62 set, the ticks below it.
    assert.equal(a >> 62n, 1n);
    const ticks = a & ((1n << 62n) - 1n);
    assert.ok(ticks >= 621_355_968_000_000_000n + BigInt(now) * 10_000n);
  });

  it('goes to a sibling when leftover partition files occupy the names, and leaves them alone', async () => {
    await withDirectory(async (directory) => {
      const target = path.join(directory, 'Temp.f8s');
      await writeFile(`${target}.part-0000`, 'leftover');
      const saved = await saveCheckpoint(await sampleEngine(), target, { partitions: 1 });
      assert.match(saved.location, stampPattern);
      assert.equal(await readFile(`${target}.part-0000`, 'utf8'), 'leftover');
      await restoreCheckpoint(new Engine(), saved.location);
    });
  });

  it('fails a save it cannot write with CHECKPOINT_WRITE_FAILED and refuses bad arguments', async () => {
    await withDirectory(async (directory) => {
      const engine = await sampleEngine();
      await writeFile(path.join(directory, 'file'), 'not a directory');
      await assert.rejects(saveCheckpoint(engine, path.join(directory, 'file', 'Temp.f8s')), {
        code: 'CHECKPOINT_WRITE_FAILED',
      });
      await assert.rejects(saveCheckpoint(engine, path.join(directory, 'p.f8s'), { partitions: 0 }), {
        code: 'INVALID_INPUT',
      });
      await assert.rejects(saveCheckpoint(engine, path.join(directory, 'p.f8s'), { partitions: 1.5 }), {
        code: 'INVALID_INPUT',
      });
      assert.deepEqual(await readdir(directory), ['file'], 'nothing was published or left behind');
    });
  });

  it('fails the load loudly when a partition file is missing, naming it', async () => {
    await withDirectory(async (directory) => {
      const saved = await saveCheckpoint(await sampleEngine(), path.join(directory, 'c.f8s'), {
        partitions: 3,
      });
      await rm(saved.files[2]);
      await assert.rejects(loadCheckpoint(saved.location), (error: Error & { code?: string }) => {
        assert.equal(error.code, 'CHECKPOINT_FILE_MISSING');
        assert.ok(error.message.includes(saved.files[2]), error.message);
        return true;
      });
      await assert.rejects(loadCheckpoint(path.join(directory, 'absent.f8s')), {
        code: 'CHECKPOINT_FILE_MISSING',
      });
    });
  });

  it('fails the load loudly on a flipped byte anywhere in any file, naming the file', async () => {
    await withDirectory(async (directory) => {
      const engine = await sampleEngine();
      const saved = await saveCheckpoint(engine, path.join(directory, 'c.f8s'), { partitions: 2 });
      for (const file of saved.files) {
        const original = await readFile(file);
        // Bytes in the magic, the version, the header, the section table and across the payload.
        const offsets = new Set([0, 9, 20, 40, 60, 100, original.byteLength >> 1, original.byteLength - 1]);
        for (const offset of offsets) {
          if (offset >= original.byteLength) continue;
          const damaged = Buffer.from(original);
          damaged[offset] ^= 0x10;
          await writeFile(file, damaged);
          await assert.rejects(
            loadCheckpoint(saved.location),
            (error: Error & { code?: string }) => {
              assert.equal(error.code, 'CHECKPOINT_CORRUPT', `${file} at ${offset}: ${error.message}`);
              assert.ok(error.message.includes(file), error.message);
              return true;
            },
            `${path.basename(file)} byte ${offset}`,
          );
        }
        await writeFile(file, original);
      }
      const loaded = new Engine();
      await restoreCheckpoint(loaded, saved.location);
      assertSameGraph(loaded, engine, 'restored files load again');
    });
  });

  it('fails the load on a truncated file, a partition of another checkpoint, and a newer format version', async () => {
    await withDirectory(async (directory) => {
      const engine = await sampleEngine();
      const a = await saveCheckpoint(engine, path.join(directory, 'a.f8s'), { partitions: 1 });
      const b = await saveCheckpoint(engine, path.join(directory, 'b.f8s'), { partitions: 1 });
      const partition = await readFile(a.files[1]);
      await writeFile(a.files[1], partition.subarray(0, partition.byteLength - 3));
      await assert.rejects(loadCheckpoint(a.location), /truncated|impossible|CRC/);
      await writeFile(a.files[1], await readFile(b.files[1]));
      await assert.rejects(loadCheckpoint(a.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: /another checkpoint/,
      });
      await writeFile(a.files[1], partition);

      const manifest = await readFile(a.location);
      const newer = Buffer.from(manifest);
      newer.writeUInt32LE(checkpointFormatVersion + 1, 8);
      await writeFile(a.location, newer);
      await assert.rejects(loadCheckpoint(a.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: new RegExp(`format version ${checkpointFormatVersion + 1}`),
      });
      await writeFile(
        a.location,
        Buffer.from('PK\u0003\u0004 this is not a checkpoint at all, but long enough for a header'),
      );
      await assert.rejects(loadCheckpoint(a.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: /magic number/,
      });
    });
  });

  it('checksums a sidecar larger than one checksum chunk in pieces, to the CRC-32 of the whole that a load checks', async () => {
    await withDirectory(async (directory) => {
      const engine = await sampleEngine();
      const data = new Uint8Array(9 * 2 ** 20 + 7).map((_, i) => (i * 31) & 0xff);
      const saved = await saveCheckpoint(engine, path.join(directory, 'big.f8s'), {
        partitions: 1,
        sections: { services: [{ name: 'big', data }] },
      });
      const manifest = await readCheckpointManifest(saved.location);
      assert.equal(manifest.sections.services.entries[0].payloadCrc32, crc32(data));
      const loaded = await loadCheckpoint(saved.location);
      assert.deepEqual(loaded.sections.services.entries[0].data, Buffer.from(data));
    });
  });

  it('carries the reserved sections: entries with metadata and sidecar files, checked on load', async () => {
    await withDirectory(async (directory) => {
      const engine = await sampleEngine();
      const data = new Uint8Array([1, 2, 3, 4, 5]);
      const saved = await saveCheckpoint(engine, path.join(directory, 's.f8s'), {
        partitions: 1,
        sections: {
          services: [
            { name: 'names', metadata: { type: 'Crawler', keys: ['name'] }, data },
            { name: 'empty', metadata: null },
          ],
          plugins: [{ name: 'q', metadata: { source: 'return 1;' } }],
        },
      });
      assert.deepEqual(saved.files.slice(2), [`${saved.location}.services-0000`]);
      const loaded = await loadCheckpoint(saved.location);
      assert.deepEqual(loaded.sections.services.entries, [
        { name: 'names', metadata: { type: 'Crawler', keys: ['name'] }, data: Buffer.from(data) },
        { name: 'empty', metadata: null, data: null },
      ]);
      assert.deepEqual(loaded.sections.plugins.entries, [
        { name: 'q', metadata: { source: 'return 1;' }, data: null },
      ]);
      assert.deepEqual(loaded.sections.storedQueries.entries, []);
      assert.deepEqual(loaded.sections.subgraphRecipes.entries, []);

      const sidecar = await readFile(saved.files[2]);
      sidecar[sidecar.byteLength - 1] ^= 1;
      await writeFile(saved.files[2], sidecar);
      await assert.rejects(loadCheckpoint(saved.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: /services-0000/,
      });
      await assert.rejects(
        saveCheckpoint(engine, path.join(directory, 't.f8s'), { sections: { nonsense: [] } as never }),
        { code: 'INVALID_INPUT' },
      );
      await assert.rejects(
        saveCheckpoint(engine, path.join(directory, 'u.f8s'), { sections: { indexes: [] } }),
        { code: 'INVALID_INPUT', message: /engine's indexes/ },
      );
      await assert.rejects(
        saveCheckpoint(engine, path.join(directory, 'v.f8s'), { sections: { storedQueries: [] } }),
        { code: 'INVALID_INPUT', message: /from the registrations/ },
      );
      await assert.rejects(
        saveCheckpoint(engine, path.join(directory, 'w.f8s'), { sections: { subgraphRecipes: [] } }),
        { code: 'INVALID_INPUT', message: /'subgraphRecipes' section is written from the registrations/ },
      );
    });
  });

  it('refuses a manifest that names a section this version does not know (a newer writer), loudly', async () => {
    await withDirectory(async (directory) => {
      const saved = await saveCheckpoint(await sampleEngine(), path.join(directory, 'm.f8s'), {
        partitions: 1,
      });
      const manifest = (await readCheckpointManifest(saved.location)) as CheckpointManifest & {
        sections: Record<string, unknown>;
      };
      manifest.sections.futureThings = { version: 1, entries: [] };
      const id = Buffer.from(manifest.checkpointId, 'hex');
      await writeFile(saved.location, Buffer.concat(encodeManifest(manifest, id)));
      await assert.rejects(loadCheckpoint(saved.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: /section 'futureThings'/,
      });
      manifest.sections = { ...manifest.sections, futureThings: undefined };
      delete manifest.sections.futureThings;
      (manifest.sections.indexes as { version: number }).version = 2;
      await writeFile(saved.location, Buffer.concat(encodeManifest(manifest, id)));
      await assert.rejects(loadCheckpoint(saved.location), {
        code: 'CHECKPOINT_CORRUPT',
        message: /version 2/,
      });
    });
  });

  it('keeps checksums honest: each partition payload CRC matches the manifest', async () => {
    await withDirectory(async (directory) => {
      const saved = await saveCheckpoint(await sampleEngine(), path.join(directory, 'k.f8s'), {
        partitions: 2,
      });
      const manifest = await readCheckpointManifest(saved.location);
      for (const [i, partition] of manifest.partitions.entries()) {
        const bytes = await readFile(saved.files[1 + i]);
        const headerBytes = bytes.readUInt32LE(12);
        assert.equal(crc32(bytes.subarray(headerBytes)), partition.payloadCrc32);
      }
    });
  });
});
