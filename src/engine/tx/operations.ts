/**
 * The write operations a transaction is made of. A transaction is an ordered list of operations applied
 * atomically by the namespace's single writer: all of them take effect, or none does.
 */
import type { TypedValue } from '../model/values.js';
import type { RegistrationFamily } from '../registrations/store.js';
import type { IndexOptions } from './index-plugin.js';

export interface PropertyInput {
  key: string;
  value: TypedValue;
}

export interface VertexInput {
  /** Unix seconds, stored verbatim (0 is kept, never replaced by "now"). Default 0. */
  creationDate?: number;
  label?: string | null;
  properties?: readonly PropertyInput[];
}

export interface EdgeInput extends VertexInput {
  sourceVertex: number;
  targetVertex: number;
  /** The edge type: structural, required, non-empty. */
  edgePropertyId: string;
}

export interface PropertyWrite {
  id: number;
  key: string;
  /** The new value; absent together with `remove: true`. */
  value?: TypedValue;
  remove?: boolean;
}

export type WriteOperation =
  | { kind: 'createVertex'; input: VertexInput }
  | { kind: 'createEdge'; input: EdgeInput }
  | { kind: 'setProperty'; id: number; key: string; value: TypedValue }
  | { kind: 'removeProperty'; id: number; key: string }
  | { kind: 'removeElement'; id: number }
  /**
   * Adds or replaces the element's embedding `name` (src/engine/embeddings); `model` is the provider's
   * stamp, absent or null for a caller-supplied vector (which clears any stamp). A missing element fails
   * the transaction (ELEMENT_NOT_FOUND).
   */
  | { kind: 'setEmbedding'; id: number; name: string; vector: Float32Array; model?: string | null }
  /** Removes the element's embedding `name`; an absent embedding is a committed no-op. */
  | { kind: 'removeEmbedding'; id: number; name: string }
  /**
   * Adds a named registration of a feature (src/engine/registrations): a taken name, or a family already
   * holding `maxEntries`, fails the transaction (a conflict). Travels alone. Replay omits `maxEntries`: what
   * was committed is re-applied whatever the limit is now.
   */
  | { kind: 'register'; family: RegistrationFamily; name: string; payload: string; maxEntries?: number }
  /** Removes a named registration; an absent one is a committed no-op. Travels alone. */
  | { kind: 'unregister'; family: RegistrationFamily; name: string }
  /**
   * Defines a secondary index (src/engine/indexes): an empty index of `pluginType` built from `options`,
   * or, for a bound vector index, the projection of the embeddings present at this point of the commit
   * order. A taken id (INDEX_EXISTS), an unknown type or options the type refuses, or with
   * `overInterface` a type not creatable over the interface (INDEX_DEFINITION_INVALID) fails the
   * transaction. Travels alone. Replay re-applies what was committed: it omits `overInterface` and sets
   * `replaceExisting`, so an index of the same id the log never saw (created by `engine.indexes` directly,
   * which is not logged) gives way to the logged definition.
   */
  | {
      kind: 'defineIndex';
      indexId: string;
      pluginType: string;
      options: IndexOptions;
      overInterface?: boolean;
      replaceExisting?: boolean;
    }
  /**
   * Drops an index, definition and content. An unknown id fails the transaction (INDEX_NOT_FOUND) unless
   * `ignoreAbsent` makes it a committed no-op (replay sets it). Travels alone.
   */
  | { kind: 'dropIndex'; indexId: string; ignoreAbsent?: boolean }
  /**
   * The explicit index writes (`PUT /index/{id}`, `DELETE /index/{id}/{elementId}`,
   * `DELETE /index/{id}/propertyValue`, `PUT /index/vector/{id}`; src/engine/indexes): each travels alone,
   * so it is never undone. A refusal fails the transaction and so commits and logs nothing: an unknown
   * index (INDEX_NOT_FOUND), an unknown element (ELEMENT_NOT_FOUND), or an index that refuses the write
   * (INDEX_WRITE_REFUSED: a bound vector index, an absent key; a vector put answers INVALID_INPUT for what
   * it refuses, as its route does). Replay sets `ignoreRefusal`: what was committed is re-applied, and an
   * index changed by what the log never saw (`engine.indexes` used directly) makes the write a committed
   * no-op rather than stop replay.
   */
  | { kind: 'indexAdd'; indexId: string; id: number; key: TypedValue; ignoreRefusal?: boolean }
  | { kind: 'indexRemoveElement'; indexId: string; id: number; ignoreRefusal?: boolean }
  | { kind: 'indexRemoveKey'; indexId: string; key: TypedValue; ignoreRefusal?: boolean }
  /**
   * One element's vector in an explicit vector index: exactly one of `vector` (explicit mode) and
   * `propertyId` (a float-array property of the element, read when the write applies).
   */
  | {
      kind: 'indexPutVector';
      indexId: string;
      id: number;
      vector: Float32Array | null;
      propertyId: string | null;
      ignoreRefusal?: boolean;
    }
  | { kind: 'clear' }
  | { kind: 'trim' }
  /** Rebuilds the adjacency storage packed and in vertex order; holds later writes, not reads. */
  | { kind: 'compact' };

/** The explicit index writes (see `WriteOperation`). */
export type IndexWriteOperation = Extract<
  WriteOperation,
  { kind: 'indexAdd' | 'indexRemoveElement' | 'indexRemoveKey' | 'indexPutVector' }
>;

export interface TransactionResult {
  /** Ids of the elements the transaction created, in operation order. */
  createdIds: number[];
}
