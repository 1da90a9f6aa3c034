/**
 * Embeddings in a checkpoint: they travel with their elements, one section per partition (the
 * partition file's `embeddings` section, src/engine/durability/checkpoint/format.ts), holding the
 * embeddings of the partition's id range [idStart, idEnd). A range without embeddings encodes to no bytes,
 * so a graph without embeddings writes empty sections (and checkpoints written before embeddings existed
 * load unchanged).
 *
 * Section layout, little-endian (the ByteWriter codec of the write-ahead log):
 *   u32 magic "SKEM", u16 version 1
 *   varuint name count, then per name (names in ordinal order):
 *     string name
 *     varuint group count, then per group (one dimension, ascending):
 *       varuint dimension, varuint count, count x varuint (id - idStart), ascending,
 *       then count x dimension f32, in the same order
 *     varuint stamp count, then per stamp: varuint (id - idStart), string stamp
 *
 * A save encodes from a pin of the store (`EmbeddingStore.pin`, taken with the writer held), on the event
 * loop in steps of a few milliseconds so a caller can yield between them; the vectors are copied
 * straight into the section's own buffer, which is exactly as long as the section (it can be handed to a
 * worker thread without a copy). A load decodes in steps too.
 */
import { ByteReader, ByteWriter, LogDecodeError } from '../codec/binary.js';
import { maxVectorDimension, minVectorDimension } from '../vectors/metric.js';
import { isEmbeddingName } from './names.js';
import type { EmbeddingStore } from './store.js';
import type { EmbeddingPin, PinnedRange } from './pin.js';

const magic = 0x4d454b53; // "SKEM" read as a little-endian u32
const version = 1;
/** Vectors decoded between two steps of a load: a few milliseconds at dimension 768. */
export const vectorsPerStep = 2048;
/** Bytes of vectors a save copies between two steps (about a millisecond of memcpy). */
const copyBytesPerStep = 4 << 20;

/** A piece of the section: bytes written ahead, or the vectors of one group, copied when the time comes. */
type Piece = Uint8Array | { name: string; dimension: number; ids: number[] };

/** Ids whose offsets and stamps `layout` writes between two pauses. */
const idsPerLayoutStep = 16_384;

/**
 * The section's structure (names, ids, stamps) around the vector runs, with the total length, in steps
 * of `idsPerLayoutStep` ids.
 */
function* layout(
  pin: EmbeddingPin,
  ranges: PinnedRange[],
  idStart: number,
): Generator<void, { pieces: Piece[]; bytes: number }> {
  const pieces: Piece[] = [];
  let bytes = 0;
  const out = new ByteWriter(1024);
  const flush = () => {
    if (out.length === 0) return;
    const written = out.toBuffer();
    pieces.push(written);
    bytes += written.byteLength;
    out.reset();
  };
  out.u32(magic);
  out.u16(version);
  out.varUint(ranges.length);
  for (const { name, groups } of ranges) {
    out.string(name);
    out.varUint(groups.length);
    const stamps: [number, string][] = [];
    for (const { dimension, ids } of groups) {
      out.varUint(dimension);
      out.varUint(ids.length);
      for (let i = 0; i < ids.length; i++) {
        if (i > 0 && i % idsPerLayoutStep === 0) yield;
        const id = ids[i];
        out.varUint(id - idStart);
        // Resolved at this step: a preimage if the element was written since the pin, else the live stamp.
        const model = pin.model(name, id);
        if (model !== null) stamps.push([id, model]);
      }
      flush();
      pieces.push({ name, dimension, ids });
      bytes += ids.length * dimension * 4;
    }
    stamps.sort((a, b) => a[0] - b[0]);
    out.varUint(stamps.length);
    for (const [id, stamp] of stamps) {
      out.varUint(id - idStart);
      out.string(stamp);
    }
  }
  flush();
  return { pieces, bytes };
}

/** Most bytes of one chunk of a section: allocating (and later freeing) it never costs a long pause. */
export const sectionChunkBytes = 4 << 20;

/** Bytes written into chunks of their own, each at most `sectionChunkBytes`, exactly `total` in all. */
class ChunkSink {
  readonly chunks: Uint8Array[] = [];
  private current = new Uint8Array(0);
  private at = 0;

  constructor(private remaining: number) {}

  write(data: Uint8Array): void {
    for (let offset = 0; offset < data.byteLength;) {
      if (this.at === this.current.byteLength) {
        this.current = new Uint8Array(Math.min(sectionChunkBytes, this.remaining));
        this.chunks.push(this.current);
        this.at = 0;
      }
      const count = Math.min(data.byteLength - offset, this.current.byteLength - this.at);
      this.current.set(data.subarray(offset, offset + count), this.at);
      this.at += count;
      offset += count;
      this.remaining -= count;
    }
  }
}

/**
 * The pinned embeddings of [idStart, idEnd) as a section, in steps: the generator pauses every few
 * milliseconds of work (the caller may yield the event loop there: the pin keeps the content fixed) and
 * returns the section as chunks of at most `sectionChunkBytes`, each with a buffer of its own (they can be
 * handed to a worker thread without a copy); no chunks when the range has no embeddings.
 */
export function* encodePinnedRange(
  pin: EmbeddingPin,
  idStart: number,
  idEnd: number,
): Generator<void, Uint8Array[]> {
  const ranges = yield* pin.rangeSteps(idStart, idEnd);
  if (ranges.length === 0) return [];
  const { pieces, bytes } = yield* layout(pin, ranges, idStart);
  const sink = new ChunkSink(bytes);
  for (const piece of pieces) {
    if (piece instanceof Uint8Array) {
      sink.write(piece);
      continue;
    }
    const { name, dimension, ids } = piece;
    const perStep = Math.max(64, Math.floor(copyBytesPerStep / (dimension * 4)));
    for (let i = 0; i < ids.length; i++) {
      if (i > 0 && i % perStep === 0) yield;
      // Resolved afresh after every pause: a write meanwhile may have moved the pinned vector aside.
      const vector = pin.vector(name, ids[i]);
      sink.write(new Uint8Array(vector.buffer, vector.byteOffset, dimension * 4));
    }
  }
  return sink.chunks;
}

/** Runs a stepped codec to its end without pausing. */
function drainSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** The embeddings of the elements in [idStart, idEnd) of a store that does not change meanwhile. */
export function encodeEmbeddingRange(store: EmbeddingStore, idStart: number, idEnd: number): Uint8Array {
  const pin = store.pin(idEnd);
  try {
    const chunks = drainSteps(encodePinnedRange(pin, idStart, idEnd));
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  } finally {
    pin.release();
  }
}

/** A section `decodeEmbeddingRange` cannot read; the checkpoint loader names the file. */
export class EmbeddingSectionError extends Error {
  override readonly name = 'EmbeddingSectionError';
}

/**
 * Puts the section's embeddings into `store`, pausing after every `vectorsPerStep` vectors; ids outside
 * [idStart, idEnd) are refused. Throws `EmbeddingSectionError` for a section it cannot read.
 */
export function* decodeEmbeddingSteps(
  store: EmbeddingStore,
  section: Uint8Array,
  idStart: number,
  idEnd: number,
): Generator<void, void> {
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
    let decoded = 0;
    for (let n = 0; n < nameCount; n++) {
      const name = input.string();
      if (!isEmbeddingName(name)) fail(`'${name}' is not an embedding name`);
      const groupCount = input.varUint();
      for (let g = 0; g < groupCount; g++) {
        const dimension = input.varUint();
        if (dimension < minVectorDimension || dimension > maxVectorDimension) fail(`dimension ${dimension}`);
        const count = input.varUint();
        const ids = new Array<number>(count);
        for (let i = 0; i < count; i++) {
          ids[i] = idOf(input.varUint());
          if (i > 0 && ids[i] <= ids[i - 1]) fail(`element ids of '${name}' are not ascending`);
        }
        if (count === 0) fail(`an empty group of '${name}'`);
        // The checked length first: a corrupt count must not make the store reserve memory for it.
        if (input.remaining < count * dimension * 4) fail(`'${name}' declares more vectors than it holds`);
        store.reserve(name, dimension, count);
        const vector = new Float32Array(dimension);
        const bytes = new Uint8Array(vector.buffer);
        for (let i = 0; i < count; i++) {
          bytes.set(input.bytes(dimension * 4));
          if (store.has(ids[i], name)) fail(`element ${ids[i]} has two embeddings '${name}'`);
          store.set(ids[i], name, vector, null);
          if (++decoded % vectorsPerStep === 0) yield;
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

/** `decodeEmbeddingSteps` without pausing. */
export function decodeEmbeddingRange(
  store: EmbeddingStore,
  section: Uint8Array,
  idStart: number,
  idEnd: number,
): void {
  drainSteps(decodeEmbeddingSteps(store, section, idStart, idEnd));
}
