/**
 * The element-embedding verbs of the library (the `/graphelement/{id}/embedding/{name}` routes call them).
 *
 * A write is a transaction like any other element write: validated at the door (so a bad request is
 * refused before anything is enqueued, waited or not), applied by the namespace's single writer in
 * commit order, logged, undone with its transaction. Checks in the order of docs/vectors.md: the name
 * grammar, a non-empty vector of at most 4096 finite float32 components, a live element (404), then every
 * vector index bound to that name must accept the vector (its dimension; non-zero norm under Cosine).
 */
import { EngineError } from '../errors.js';
import type { Engine } from '../engine.js';
import type { TransactionResult } from '../tx/operations.js';
import { toFloat32, vectorProblem } from '../vectors/metric.js';
import { VectorIndex } from '../indexes/vector/vector-index.js';
import { isEmbeddingName } from '../embeddings/names.js';
import type { StoredEmbedding } from '../embeddings/store.js';

export interface EmbeddingWriteOptions {
  /** The provider's identity stamp; absent or null for a caller-supplied vector (clears a stamp). */
  model?: string | null;
}

function checkName(name: string): void {
  if (!isEmbeddingName(name)) {
    throw new EngineError(
      'INVALID_INPUT',
      `'${name}' is not an embedding name: 1 to 64 of A-Z, a-z, 0-9, '_' and '-'`,
    );
  }
}

function checkElement(engine: Engine, id: number): void {
  if (!engine.graph.exists(id)) {
    throw new EngineError('ELEMENT_NOT_FOUND', `the graph element ${id} does not exist`, { elementId: id });
  }
}

/** Why a vector index bound to `name` would refuse `vector`, or undefined. */
export function boundIndexProblem(engine: Engine, name: string, vector: Float32Array): string | undefined {
  for (const record of engine.indexes.list()) {
    if (record.embeddingName !== name) continue;
    const index = engine.indexes.get(record.indexId);
    if (!(index instanceof VectorIndex)) continue;
    const problem = index.vectorProblem(vector);
    if (problem !== undefined)
      return `the vector index '${index.id}' bound to '${name}' refuses it: ${problem}`;
  }
  return undefined;
}

/**
 * Adds or replaces the element's embedding `name` (replace semantics: one vector per element and name).
 * Throws INVALID_INPUT or ELEMENT_NOT_FOUND at once; the promise settles at commit.
 */
export function writeEmbedding(
  engine: Engine,
  id: number,
  name: string,
  vector: ArrayLike<number>,
  options: EmbeddingWriteOptions = {},
): Promise<TransactionResult> {
  checkName(name);
  const floats = toFloat32(vector);
  const problem = vectorProblem(floats);
  if (problem !== undefined) throw new EngineError('INVALID_INPUT', `the embedding is invalid: ${problem}`);
  checkElement(engine, id);
  const refused = boundIndexProblem(engine, name, floats);
  if (refused !== undefined) throw new EngineError('INVALID_INPUT', refused);
  // The transaction keeps the vector (the log writes it): a copy, so the caller may reuse its array.
  const stored = floats === vector ? floats.slice() : floats;
  return engine.submit([{ kind: 'setEmbedding', id, name, vector: stored, model: options.model ?? null }]);
}

/**
 * Removes the element's embedding `name`; removing an absent one is a committed no-op. Throws
 * INVALID_INPUT (name) or ELEMENT_NOT_FOUND at once; the promise settles at commit.
 */
export function removeEmbedding(engine: Engine, id: number, name: string): Promise<TransactionResult> {
  checkName(name);
  checkElement(engine, id);
  return engine.submit([{ kind: 'removeEmbedding', id, name }]);
}

/**
 * The element's embedding `name` (a copy) with its stamp (`model`, null for a caller-supplied vector).
 * INVALID_INPUT for a bad name; ELEMENT_NOT_FOUND when the element or the embedding is missing.
 */
export function readEmbedding(engine: Engine, id: number, name: string): StoredEmbedding {
  checkName(name);
  checkElement(engine, id);
  const embedding = engine.graph.embeddings.read(id, name);
  if (embedding === undefined) {
    throw new EngineError('ELEMENT_NOT_FOUND', `the graph element ${id} has no embedding '${name}'`, {
      elementId: id,
    });
  }
  return embedding;
}
