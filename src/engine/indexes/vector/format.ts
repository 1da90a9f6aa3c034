/**
 * The checkpoint payload of a vector index (inside the registry's envelope), little-endian:
 *
 *   u32 magic "SKVI", u16 version 1                      (codec.ts)
 *   varuint dimension, u8 metric (0 Cosine, 1 DotProduct, 2 L2)
 *   u8 flags: 1 bound to an embedding, 2 has a model; then the embedding name, the model (strings)
 *   varuint count, then count x (varint element id, dimension x f32)   (0 for a bound index)
 *
 * A bound index stores its definition only: its members are element state, which the checkpoint saves
 * with the elements.
 */
import { joinParts, readPayloadSteps, startPayload, takePart } from '../codec.js';
import { IndexFormatError } from '../../tx/index-plugin.js';
import { vectorMetrics, maxVectorDimension, minVectorDimension } from '../../vectors/metric.js';
import type { VectorSet } from '../../vectors/set.js';
import type { VectorSetCapture } from '../../vectors/set-capture.js';
import type { VectorIndexOptions } from './options.js';

const magic = 'SKVI';
const version = 1;
const boundFlag = 1;
const modelFlag = 2;

/** Vectors encoded between two pauses of `encodeVectorIndexSteps`. */
export const vectorsPerEncodeStep = 2048;

/** The payload of an index with `options` and, for an explicit index, its vectors now. */
export function encodeVectorIndex(options: VectorIndexOptions, vectors: VectorSet | null): Uint8Array {
  const captured = vectors?.capture() ?? null;
  try {
    const steps = encodeVectorIndexSteps(options, captured);
    for (;;) {
      const step = steps.next();
      if (step.done === true) return joinParts(step.value);
    }
  } finally {
    captured?.release();
  }
}

/**
 * The payload of an index with `options` and captured vectors, in parts: pauses every
 * `vectorsPerEncodeStep` vectors, each pause ending a part.
 */
export function* encodeVectorIndexSteps(
  options: VectorIndexOptions,
  vectors: VectorSetCapture | null,
): Generator<void, Uint8Array[]> {
  const count = vectors?.size ?? 0;
  const parts: Uint8Array[] = [];
  const out = startPayload(
    magic,
    version,
    64 + Math.min(count, vectorsPerEncodeStep) * (5 + options.dimension * 4),
  );
  out.varUint(options.dimension);
  out.u8(vectorMetrics.indexOf(options.metric));
  out.u8((options.embeddingName !== null ? boundFlag : 0) | (options.model !== null ? modelFlag : 0));
  if (options.embeddingName !== null) out.string(options.embeddingName);
  if (options.model !== null) out.string(options.model);
  out.varUint(count);
  let written = 0;
  if (vectors !== null) {
    for (const [id, vector] of vectors.entries()) {
      out.varInt(id);
      out.bytes(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));
      if (++written % vectorsPerEncodeStep === 0) {
        takePart(out, parts);
        yield;
      }
    }
  }
  if (written !== count) throw new Error(`vector index: captured ${count} vectors, read back ${written}`);
  takePart(out, parts);
  return parts;
}

export interface DecodedVectorIndex {
  options: VectorIndexOptions;
  /** (element id, vector) of an explicit index, ascending ids. */
  entries: [number, Float32Array][];
}

/** Vectors decoded between two pauses of `decodeVectorIndexSteps`. */
export const vectorsPerDecodeStep = 2048;

/**
 * Decodes a payload in steps: `begin` receives the options and the vector count and answers where each
 * vector goes (the vector it is handed is reused: copy it); the generator pauses after every
 * `vectorsPerDecodeStep` vectors.
 */
export function* decodeVectorIndexSteps(
  payload: Uint8Array,
  begin: (options: VectorIndexOptions, count: number) => (id: number, vector: Float32Array) => void,
): Generator<void, VectorIndexOptions> {
  return yield* readPayloadSteps(payload, magic, version, 'vector index', function* (input) {
    const dimension = input.varUint();
    if (dimension < minVectorDimension || dimension > maxVectorDimension) {
      throw new IndexFormatError(`vector index: dimension ${dimension} is out of range`);
    }
    const metric = vectorMetrics[input.u8()];
    if (metric === undefined) throw new IndexFormatError('vector index: unknown metric');
    const flags = input.u8();
    if ((flags & ~(boundFlag | modelFlag)) !== 0) throw new IndexFormatError('vector index: unknown flags');
    const embeddingName = (flags & boundFlag) !== 0 ? input.string() : null;
    const model = (flags & modelFlag) !== 0 ? input.string() : null;
    const count = input.varUint();
    if (count > input.remaining / (1 + dimension * 4)) {
      throw new IndexFormatError(`vector index: ${count} vectors cannot fit in ${input.remaining} bytes`);
    }
    if (embeddingName !== null && count > 0)
      throw new IndexFormatError('vector index: a bound index with vectors');
    const options: VectorIndexOptions = { dimension, metric, embeddingName, model };
    const put = begin(options, count);
    // Copied into fresh, aligned storage: the payload is neither aligned nor ours to keep.
    const vector = new Float32Array(dimension);
    const bytes = new Uint8Array(vector.buffer);
    for (let i = 0; i < count; i++) {
      if (i > 0 && i % vectorsPerDecodeStep === 0) yield;
      const id = input.varInt();
      bytes.set(input.bytes(dimension * 4));
      put(id, vector);
    }
    return options;
  });
}

export function decodeVectorIndex(payload: Uint8Array): DecodedVectorIndex {
  const entries: [number, Float32Array][] = [];
  const steps = decodeVectorIndexSteps(payload, () => (id, vector) => entries.push([id, vector.slice()]));
  for (;;) {
    const step = steps.next();
    if (step.done === true) return { options: step.value, entries };
  }
}
