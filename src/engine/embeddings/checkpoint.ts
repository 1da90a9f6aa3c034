/**
 * Embeddings in a checkpoint: they travel with their elements, one section per partition (the
 * partition file's `embeddings` section, src/engine/durability/checkpoint/format.ts), holding the
 * embeddings of the partition's id range [idStart, idEnd). A range without embeddings encodes to no bytes,
 * so a graph without embeddings writes empty sections.
 *
 * Section layout, little-endian (the ByteWriter codec of the write-ahead log):
 *   u32 magic "SKEM", u16 version 1
 *   varuint name count, then per name:
 *     string name
 *     varuint group count, then per group (one dimension):
 *       varuint dimension, varuint count, count x varuint (id - idStart), ascending,
 *       then count x dimension f32, in the same order
 *     varuint stamp count, then per stamp: varuint (id - idStart), string stamp
 *
 * Call `encodeEmbeddingRange` while the graph cannot change (the checkpoint's exclusive step): it copies
 * the vectors out. `decodeEmbeddingRange` fills the store of the graph being loaded.
 */
import { ByteReader, ByteWriter, LogDecodeError } from '../durability/wal/binary.js';
import { maxVectorDimension, minVectorDimension } from '../vectors/metric.js';
import { isEmbeddingName } from './names.js';
import type { EmbeddingStore } from './store.js';

const magic = 0x4d454b53; // "SKEM" read as a little-endian u32
const version = 1;

/** The embeddings of the elements in [idStart, idEnd); empty when there are none. */
export function encodeEmbeddingRange(store: EmbeddingStore, idStart: number, idEnd: number): Uint8Array {
  const names: {
    name: string;
    groups: { dimension: number; ids: number[]; views: Float32Array[] }[];
    stamps: [number, string][];
  }[] = [];
  let bytes = 0;
  for (const { name, sets, stamps } of store.groups()) {
    const groups = [];
    for (const set of sets) {
      const ids = set.idsInRange(idStart, idEnd);
      if (ids.length === 0) continue;
      groups.push({ dimension: set.dimension, ids, views: ids.map((id) => set.view(id)!) });
      bytes += ids.length * (5 + 4 * set.dimension);
    }
    if (groups.length === 0) continue;
    const inRange = [...stamps].filter(([id]) => id >= idStart && id < idEnd).sort((a, b) => a[0] - b[0]);
    names.push({ name, groups, stamps: inRange });
  }
  if (names.length === 0) return new Uint8Array(0);
  const out = new ByteWriter(bytes + 1024);
  out.u32(magic);
  out.u16(version);
  out.varUint(names.length);
  for (const { name, groups, stamps } of names) {
    out.string(name);
    out.varUint(groups.length);
    for (const { dimension, ids, views } of groups) {
      out.varUint(dimension);
      out.varUint(ids.length);
      for (const id of ids) out.varUint(id - idStart);
      for (const view of views) out.bytes(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    }
    out.varUint(stamps.length);
    for (const [id, stamp] of stamps) {
      out.varUint(id - idStart);
      out.string(stamp);
    }
  }
  return out.toBuffer();
}

/** A section `decodeEmbeddingRange` cannot read; the checkpoint loader names the file. */
export class EmbeddingSectionError extends Error {
  override readonly name = 'EmbeddingSectionError';
}

/** Puts the section's embeddings into `store`; ids outside [idStart, idEnd) are refused. */
export function decodeEmbeddingRange(
  store: EmbeddingStore,
  section: Uint8Array,
  idStart: number,
  idEnd: number,
): void {
  if (section.byteLength === 0) return;
  const input = new ByteReader(Buffer.from(section.buffer, section.byteOffset, section.byteLength));
  const fail = (message: string): never => {
    throw new EmbeddingSectionError(`embeddings section: ${message}`);
  };
  try {
    if (input.remaining < 6 || input.u32() !== magic) fail('not an embeddings section');
    const found = input.u16();
    if (found !== version) fail(`version ${found} is not readable (this build reads ${version})`);
    const idOf = (offset: number) => {
      const id = idStart + offset;
      if (id >= idEnd) fail(`element id ${id} lies outside the partition [${idStart}, ${idEnd})`);
      return id;
    };
    const nameCount = input.varUint();
    for (let n = 0; n < nameCount; n++) {
      const name = input.string();
      if (!isEmbeddingName(name)) fail(`'${name}' is not an embedding name`);
      const groupCount = input.varUint();
      for (let g = 0; g < groupCount; g++) {
        const dimension = input.varUint();
        if (dimension < minVectorDimension || dimension > maxVectorDimension) fail(`dimension ${dimension}`);
        const count = input.varUint();
        const ids = new Array<number>(count);
        for (let i = 0; i < count; i++) ids[i] = idOf(input.varUint());
        const vector = new Float32Array(dimension);
        const bytes = new Uint8Array(vector.buffer);
        for (let i = 0; i < count; i++) {
          bytes.set(input.bytes(dimension * 4));
          store.set(ids[i], name, vector, null);
        }
      }
      const stampCount = input.varUint();
      for (let s = 0; s < stampCount; s++) {
        const id = idOf(input.varUint());
        const stamp = input.string();
        const vector = store.get(id, name);
        if (vector === undefined) fail(`a stamp for element ${id} without an embedding '${name}'`);
        store.set(id, name, vector!.slice(), stamp);
      }
    }
    if (input.remaining !== 0) fail(`${input.remaining} bytes left over`);
  } catch (error) {
    if (error instanceof LogDecodeError) fail(error.message);
    throw error;
  }
}
