/**
 * One element's vector put into an explicit vector index, with every check in the order the vector route
 * reports them (docs/vectors.md): the index exists (INDEX_NOT_FOUND), is a vector index, is not bound to
 * an embedding, exactly one source is given (INVALID_INPUT each), the element lives (ELEMENT_NOT_FOUND),
 * then the vector itself (`VectorIndex.put`). Nothing changes unless every check passes. The direct verb
 * (`addVector`) and the writer's logged index write (`engine.putIndexVector`) both come here.
 */
import { EngineError } from '../../errors.js';
import type { Graph } from '../../graph/graph.js';
import type { GraphIndex } from '../../tx/index-plugin.js';
import { VectorIndex } from './vector-index.js';

/** `index` (found under `indexId`) as a vector index: INDEX_NOT_FOUND when absent, INVALID_INPUT for another type. */
export function asVectorIndex(index: GraphIndex | undefined, indexId: string): VectorIndex {
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

/** Adds or replaces the vector of `elementId` from `vector` (explicit mode) or `propertyId` (property mode). */
export function putVector(
  graph: Graph,
  index: GraphIndex | undefined,
  indexId: string,
  elementId: number,
  vector: Float32Array | null,
  propertyId: string | null,
): void {
  const target = asVectorIndex(index, indexId);
  if (target.bound) throw target.boundRefusal();
  if ((vector === null) === (propertyId === null)) {
    throw new EngineError(
      'INVALID_INPUT',
      vector !== null
        ? 'give either vector (explicit mode) or propertyId (property mode), not both'
        : 'give vector (explicit mode) or propertyId (property mode)',
    );
  }
  if (!graph.exists(elementId)) {
    throw new EngineError('ELEMENT_NOT_FOUND', `the graph element ${elementId} does not exist`, {
      elementId,
    });
  }
  if (vector !== null) target.put(elementId, vector);
  else target.putFromProperty(elementId, propertyId!);
}
