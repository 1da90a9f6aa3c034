/**
 * THE scoring kernel: one WebAssembly SIMD module (wasm/kernel-module.ts) scores every vector Skein
 * compares, the vector index's kNN scan and semantic traversal's `TrySimilarity`/`VectorMath` alike, so
 * the same (query, vector) pair gets a bit-identical float32 score wherever it is scored.
 *
 * Scans run the module over vectors where they live (a `VectorSet`'s memory, see set.ts). One-off scores
 * (`scorePair`) copy both operands into a small scratch memory of this module and run the pair function,
 * which executes the same instruction sequence as the scan's per-vector loop.
 */
import { instantiateKernel, type KernelExports } from './wasm/kernel-module.js';
import { wasm, wasmPageBytes } from './wasm/runtime.js';
import { maxVectorDimension, type VectorMetric } from './metric.js';

/** f32x4 chunks of a vector of `dimension` components (padded with zeros to a multiple of 4). */
export function chunksOf(dimension: number): number {
  return (dimension + 3) >>> 2;
}

/** Bytes from one stored vector to the next: the padded dimension, 16-byte aligned. */
export function strideBytesOf(dimension: number): number {
  return chunksOf(dimension) * 16;
}

/** Scratch of the pair scorer: the query at 0, the vector after it, each at most 4096 floats. */
const pairVectorOffset = maxVectorDimension * 4;
const pairMemory = new wasm.Memory({ initial: Math.ceil((2 * pairVectorOffset) / wasmPageBytes) });
const pairKernel: KernelExports = instantiateKernel(pairMemory);
const pairFloats = new Float32Array(pairMemory.buffer);

function place(values: ArrayLike<number>, floatOffset: number, chunks: number): void {
  const length = values.length;
  if (values instanceof Float32Array) pairFloats.set(values, floatOffset);
  else for (let i = 0; i < length; i++) pairFloats[floatOffset + i] = values[i];
  pairFloats.fill(0, floatOffset + length, floatOffset + chunks * 4);
}

/**
 * Scores `vector` against `query` (same length, 1 to 4096, checked by the caller): Cosine similarity,
 * inner product, or Euclidean distance, as float32. May be NaN or infinite (a zero-norm vector under
 * Cosine, an overflowing product); callers skip non-finite scores.
 */
export function scorePair(metric: VectorMetric, query: ArrayLike<number>, vector: ArrayLike<number>): number {
  const chunks = chunksOf(query.length);
  place(query, 0, chunks);
  place(vector, pairVectorOffset / 4, chunks);
  switch (metric) {
    case 'DotProduct':
      return pairKernel.pairDot(0, pairVectorOffset, chunks);
    case 'Cosine':
      return pairKernel.pairCosine(0, pairVectorOffset, chunks);
    case 'L2':
      return pairKernel.pairL2(0, pairVectorOffset, chunks);
  }
}

/**
 * The Euclidean norm as the Cosine kernel computes it for a query: sqrt(dot(v, v)) in float32. Zero
 * exactly when Cosine cannot score the vector (every component zero, or all so small their squares
 * underflow).
 */
export function vectorNorm(vector: ArrayLike<number>): number {
  return Math.fround(Math.sqrt(scorePair('DotProduct', vector, vector)));
}

/** The metrics in the order of the fragments' `VectorDistanceMetric` enum (Cosine 0, DotProduct 1, L2 2). */
const metricByCode: readonly VectorMetric[] = ['Cosine', 'DotProduct', 'L2'];

/**
 * `scorePair` keyed by the `VectorDistanceMetric` enum value, the shape of the fragment runtime's
 * `SimilarityKernel`. A code outside the enum scores NaN (no score), never throws.
 */
export function scorePairByCode(code: number, query: Float32Array, vector: Float32Array): number {
  const metric = metricByCode[code];
  return metric === undefined ? Number.NaN : scorePair(metric, query, vector);
}
