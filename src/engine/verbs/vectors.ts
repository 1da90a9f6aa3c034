/**
 * The vector index verbs of the library (`PUT /index/vector/{id}` and `POST /scan/index/vector` call
 * them). Index writes are not transactions: they apply at once, outside the write-ahead log (spec part 1,
 * index routes rule 7).
 */
import { EngineError } from '../errors.js';
import type { Engine } from '../engine.js';
import type { KnnFilter, KnnHit } from '../indexes/vector/knn.js';
import { higherIsBetter, toFloat32, type VectorMetric } from '../vectors/metric.js';
import { VectorIndex } from '../indexes/vector/vector-index.js';

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
  const index = engine.indexes.get(indexId);
  if (index === undefined) {
    throw new EngineError('INDEX_NOT_FOUND', `the index '${indexId}' does not exist`, { indexId });
  }
  if (!(index instanceof VectorIndex)) {
    throw new EngineError(
      'INVALID_INPUT',
      `the index '${indexId}' is a ${index.pluginType}, not a VectorIndex`,
    );
  }
  return index;
}

/**
 * Adds or replaces one element's vector in an explicit vector index. Throws INDEX_NOT_FOUND,
 * ELEMENT_NOT_FOUND, or INVALID_INPUT for: another index type, a bound index, both or neither mode, a
 * missing or non-float-array property, a wrong dimension, a non-finite component, a zero-norm vector under
 * Cosine.
 */
export function addVector(engine: Engine, indexId: string, request: VectorAddRequest): void {
  const index = vectorIndexOf(engine, indexId);
  if (index.bound) throw index.boundRefusal();
  const hasVector = request.vector !== undefined && request.vector !== null;
  const hasProperty = request.propertyId !== undefined && request.propertyId !== null;
  if (hasVector === hasProperty) {
    throw new EngineError(
      'INVALID_INPUT',
      hasVector
        ? 'give either vector (explicit mode) or propertyId (property mode), not both'
        : 'give vector (explicit mode) or propertyId (property mode)',
    );
  }
  const id = request.graphElementId;
  if (!engine.graph.exists(id)) {
    throw new EngineError('ELEMENT_NOT_FOUND', `the graph element ${id} does not exist`, { elementId: id });
  }
  if (hasVector) index.put(id, toFloat32(request.vector!));
  else index.putFromProperty(id, request.propertyId!);
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
