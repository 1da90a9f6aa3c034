/**
 * The vector index verbs of the library: the kNN searches (`POST /scan/index/vector` calls them) and the
 * direct, unlogged vector put (`addVector`; `PUT /index/vector/{id}` calls the logged
 * `engine.putIndexVector` instead, docs/indexes.md).
 */
import { EngineError } from '../errors.js';
import type { Engine } from '../engine.js';
import type { KnnFilter, KnnHit } from '../indexes/vector/knn.js';
import { higherIsBetter, toFloat32, type VectorMetric } from '../vectors/metric.js';
import type { VectorIndex } from '../indexes/vector/vector-index.js';
import { asVectorIndex, putVector } from '../indexes/vector/put.js';

/** `PUT /index/vector/{id}`: exactly one of `vector` (explicit mode) and `propertyId` (property mode). */
export interface VectorAddRequest {
  graphElementId: number;
  vector?: ArrayLike<number> | null;
  propertyId?: string | null;
}

export interface VectorSearchRequest {
  query: ArrayLike<number>;
  /** 1 to 1024. */
  k: number;
  /**
   * `vertex`, `edge` or `any` (default); any other text is INVALID_INPUT. Text, not `KnnKind`: callers
   * pass what a request carried, and this verb is where it is checked.
   */
  kind?: string;
  /** Exact, case-sensitive; unlabelled elements never match. */
  label?: string;
}

export interface VectorSearchResult {
  metric: VectorMetric;
  higherIsBetter: boolean;
  /** Best first, ties by ascending id. */
  results: KnnHit[];
}

/** The vector index `indexId`: INDEX_NOT_FOUND when there is none, INVALID_INPUT for another type. */
export function vectorIndexOf(engine: Engine, indexId: string): VectorIndex {
  return asVectorIndex(engine.indexes.get(indexId), indexId);
}

/**
 * Adds or replaces one element's vector in an explicit vector index, at once and outside the writer: not
 * logged, like `engine.indexes.add` (for an engine without a log, or a load a checkpoint will save). The
 * route calls `engine.putIndexVector`, the logged transaction. Throws INDEX_NOT_FOUND, ELEMENT_NOT_FOUND,
 * or INVALID_INPUT for: another index type, a bound index, both or neither mode, a missing or
 * non-float-array property, a wrong dimension, a non-finite component, a zero-norm vector under Cosine.
 */
export function addVector(engine: Engine, indexId: string, request: VectorAddRequest): void {
  const { graphElementId, vector, propertyId } = request;
  putVector(
    engine.graph,
    engine.indexes.get(indexId),
    indexId,
    graphElementId,
    vector === undefined || vector === null ? null : toFloat32(vector),
    propertyId ?? null,
  );
}

function filterOf(request: VectorSearchRequest): KnnFilter {
  const kind = request.kind ?? 'any';
  if (kind !== 'vertex' && kind !== 'edge' && kind !== 'any') {
    throw new EngineError('INVALID_INPUT', `kind must be vertex, edge or any, got '${String(kind)}'`);
  }
  return { kind, label: request.label };
}

/** Exact kNN over a vector index, synchronous (see `searchVectorsSliced` for servers). */
export function searchVectors(
  engine: Engine,
  indexId: string,
  request: VectorSearchRequest,
): VectorSearchResult {
  const index = vectorIndexOf(engine, indexId);
  const filter = filterOf(request);
  const results = index.search(toFloat32(request.query), request.k, filter);
  return { metric: index.metric, higherIsBetter: higherIsBetter(index.metric), results };
}

/** `searchVectors` in slices that yield the event loop between them. */
export async function searchVectorsSliced(
  engine: Engine,
  indexId: string,
  request: VectorSearchRequest,
): Promise<VectorSearchResult> {
  const index = vectorIndexOf(engine, indexId);
  const filter = filterOf(request);
  const [results] = await index.searchSliced([toFloat32(request.query)], request.k, filter);
  return { metric: index.metric, higherIsBetter: higherIsBetter(index.metric), results };
}
