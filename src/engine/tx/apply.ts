/**
 * Applies one transaction to the graph atomically: each operation records how to undo itself, and a
 * failure part-way undoes the applied operations in reverse order, ids included, before the error
 * propagates. Invariant: a rolled-back transaction has no observable effect.
 */
import { EngineError } from '../errors.js';
import { Graph, type NewProperty } from '../graph/graph.js';
import { formatValue, valuesEqual, type TypedValue } from '../model/values.js';
import { trimGraph, type Renumbering } from '../graph/trim.js';
import type { GraphIndex } from './index-plugin.js';
import type { IndexWriteOperation, PropertyInput, TransactionResult, WriteOperation } from './operations.js';

export type Undo = () => void;

export type DefineIndexOperation = Extract<WriteOperation, { kind: 'defineIndex' }>;
export type DropIndexOperation = Extract<WriteOperation, { kind: 'dropIndex' }>;

/**
 * The namespace's indexes as the writer changes them (the index registry implements it): index definitions
 * and explicit index writes are write operations, so a create, a drop, a clear and a `PUT /index/{id}`
 * take their place in commit order among element writes and the write-ahead log records them. Each
 * definition change answers how to undo it; an index write travels alone and is never undone.
 */
export interface WriterIndexes {
  /** Installs the index the operation defines; throws INDEX_EXISTS or INDEX_DEFINITION_INVALID. */
  define(operation: DefineIndexOperation): { index: GraphIndex; undo: Undo };
  /** Removes the index; undefined for an absent one it may ignore, INDEX_NOT_FOUND otherwise. */
  drop(operation: DropIndexOperation): { index: GraphIndex; undo: Undo } | undefined;
  /** Drops every index (a clear of the graph; it travels alone and is never undone). */
  dropAll(): void;
  /** Applies an explicit index write, or throws its refusal without changing anything (operations.ts). */
  write(operation: IndexWriteOperation): void;
}

/**
 * Effects other components (indexes, change feed) follow, in operation order; `op` is the index of the
 * operation that had the effect (a create has none: its id is in `createdIds`; an operation that changed
 * nothing has none either). `removed` lists the removed element and, for a vertex, its cascaded edges
 * (outgoing first, then incoming, a self-loop once), with their labels as they were. `property` and
 * `embedding` record a write or removal that changed something, with the element's kind and label at that
 * moment: a later operation of the same group may remove the element, trim or clear the graph.
 */
export type GraphEffect =
  | { kind: 'removed'; op: number; ids: number[]; vertex: boolean; labels: (string | null)[] }
  | {
      kind: 'property';
      op: number;
      id: number;
      key: string;
      removed: boolean;
      vertex: boolean;
      label: string | null;
    }
  | {
      kind: 'embedding';
      op: number;
      id: number;
      name: string;
      removed: boolean;
      vertex: boolean;
      label: string | null;
    }
  | { kind: 'cleared'; op: number }
  /** An index was defined (`index`, the installed object) or dropped; upkeep follows it from here on. */
  | { kind: 'indexDefined'; op: number; index: GraphIndex }
  | { kind: 'indexDropped'; op: number; index: GraphIndex }
  | { kind: 'trimmed'; op: number; renumbering: Renumbering; survivors: number };

export interface AppliedTransaction extends TransactionResult {
  effects: GraphEffect[];
}

function toNewProperties(properties: readonly PropertyInput[] | undefined): readonly NewProperty[] {
  return properties ?? [];
}

/**
 * A write is a no-op only when the stored value is identical, not merely equal: .NET equality calls a UTC
 * and an unspecified DateTime of the same ticks equal, and 1.0 equal to 1.00, yet each reads back as a
 * different text. The read text round-trips exactly, so identical text means an identical value.
 */
function sameValue(a: TypedValue | undefined, b: TypedValue): boolean {
  return a !== undefined && a.type === b.type && valuesEqual(a, b) && formatValue(a) === formatValue(b);
}

function labelOfSlot(graph: Graph, slot: number): string | null {
  return slot === 0 ? null : graph.labelNames.nameOf(slot - 1);
}

function propertyEffect(graph: Graph, op: number, id: number, key: string, removed: boolean): GraphEffect {
  return { kind: 'property', op, id, key, removed, vertex: graph.isVertex(id), label: graph.labelOf(id) };
}

export function embeddingEffect(
  graph: Graph,
  op: number,
  id: number,
  name: string,
  removed: boolean,
): GraphEffect {
  return { kind: 'embedding', op, id, name, removed, vertex: graph.isVertex(id), label: graph.labelOf(id) };
}

export function missingElement(id: number): EngineError {
  return new EngineError('ELEMENT_NOT_FOUND', `the graph element ${id} does not exist`, { elementId: id });
}

function noIndexes(): never {
  throw new EngineError('WRITER_FAULT', 'this writer keeps no indexes');
}

/** An index write; replayed (`ignoreRefusal`), one the index refuses is a committed no-op. */
function applyIndexWrite(indexes: WriterIndexes, operation: IndexWriteOperation): void {
  try {
    indexes.write(operation);
  } catch (error) {
    if (operation.ignoreRefusal === true && error instanceof EngineError) return;
    throw error;
  }
}

/**
 * Applies `operations` as one transaction, or rolls them back and throws. `keptUndos`, when given,
 * receives the undo of every applied operation in order once the transaction has applied (a transaction
 * applied in slices, apply-sliced.ts, undoes the slices before a failing one with them).
 */
export function applyTransaction(
  graph: Graph,
  operations: readonly WriteOperation[],
  nowSeconds: number,
  indexes?: WriterIndexes,
  keptUndos?: Undo[],
): AppliedTransaction {
  const undos: Undo[] = [];
  const createdIds: number[] = [];
  const effects: GraphEffect[] = [];
  // A modification date is never earlier than the creation date (clock skew, future creation dates).
  const modifiedAt = (id: number) => Math.max(nowSeconds, graph.created.view[id]);
  const names = markNames(graph);
  try {
    for (let op = 0; op < operations.length; op++) {
      const operation = operations[op];
      switch (operation.kind) {
        case 'createVertex': {
          const { creationDate = 0, label = null, properties } = operation.input;
          const id = graph.addVertex(creationDate, label, toNewProperties(properties));
          createdIds.push(id);
          undos.push(() => graph.undoCreate(id));
          break;
        }
        case 'createEdge': {
          const {
            sourceVertex,
            targetVertex,
            edgePropertyId,
            creationDate = 0,
            label = null,
          } = operation.input;
          for (const endpoint of [sourceVertex, targetVertex]) {
            if (!graph.isVertex(endpoint)) {
              throw new EngineError('ELEMENT_NOT_FOUND', `the endpoint vertex ${endpoint} does not exist`, {
                elementId: endpoint,
              });
            }
          }
          const id = graph.addEdge(
            sourceVertex,
            targetVertex,
            edgePropertyId,
            creationDate,
            label,
            toNewProperties(operation.input.properties),
          );
          createdIds.push(id);
          undos.push(() => graph.undoCreate(id));
          break;
        }
        case 'setProperty': {
          const { id, key, value } = operation;
          if (!graph.exists(id)) break; // a missing element is a committed no-op
          const keyId = graph.propertyKeys.intern(key);
          const previous = graph.properties.get(id, keyId);
          if (sameValue(previous, value)) break;
          const previousModified = graph.properties.modificationDate(id);
          graph.properties.set(id, keyId, value);
          graph.properties.setModificationDate(id, modifiedAt(id));
          undos.push(() => {
            if (previous === undefined) graph.properties.remove(id, keyId);
            else graph.properties.set(id, keyId, previous);
            graph.properties.setModificationDate(id, previousModified);
          });
          effects.push(propertyEffect(graph, op, id, key, false));
          break;
        }
        case 'removeProperty': {
          const { id, key } = operation;
          const keyId = graph.propertyKeys.find(key);
          if (keyId < 0 || !graph.exists(id)) break;
          const previous = graph.properties.get(id, keyId);
          if (previous === undefined) break;
          const previousModified = graph.properties.modificationDate(id);
          graph.properties.remove(id, keyId);
          graph.properties.setModificationDate(id, modifiedAt(id));
          undos.push(() => {
            graph.properties.set(id, keyId, previous);
            graph.properties.setModificationDate(id, previousModified);
          });
          effects.push(propertyEffect(graph, op, id, key, true));
          break;
        }
        case 'setEmbedding': {
          const { id, name, vector } = operation;
          if (!graph.exists(id)) throw missingElement(id);
          const previous = graph.embeddings.set(id, name, vector, operation.model ?? null);
          const previousModified = graph.properties.modificationDate(id);
          graph.properties.setModificationDate(id, modifiedAt(id));
          undos.push(() => {
            graph.embeddings.restore(id, name, previous);
            graph.properties.setModificationDate(id, previousModified);
          });
          effects.push(embeddingEffect(graph, op, id, name, false));
          break;
        }
        case 'removeEmbedding': {
          const { id, name } = operation;
          if (!graph.exists(id)) throw missingElement(id);
          const previous = graph.embeddings.remove(id, name);
          if (previous === undefined) break; // an absent embedding: a committed no-op
          const previousModified = graph.properties.modificationDate(id);
          graph.properties.setModificationDate(id, modifiedAt(id));
          undos.push(() => {
            graph.embeddings.restore(id, name, previous);
            graph.properties.setModificationDate(id, previousModified);
          });
          effects.push(embeddingEffect(graph, op, id, name, true));
          break;
        }
        case 'removeElement': {
          const { id } = operation;
          if (graph.isVertex(id)) {
            const removed = graph.removeVertex(id);
            undos.push(() => graph.restoreVertex(removed));
            const ids = [id];
            const labels = [labelOfSlot(graph, removed.labelSlot)];
            for (const edge of removed.edges) {
              ids.push(edge.id);
              labels.push(labelOfSlot(graph, edge.labelSlot));
            }
            effects.push({ kind: 'removed', op, ids, vertex: true, labels });
          } else if (graph.isEdge(id)) {
            const removed = graph.removeEdge(id);
            undos.push(() => graph.restoreEdge(removed));
            effects.push({
              kind: 'removed',
              op,
              ids: [id],
              vertex: false,
              labels: [labelOfSlot(graph, removed.labelSlot)],
            });
          }
          break;
        }
        case 'register':
          undos.push(
            graph.registrations.register(
              operation.family,
              operation.name,
              operation.payload,
              operation.maxEntries,
            ),
          );
          break;
        case 'unregister':
          undos.push(graph.registrations.unregister(operation.family, operation.name));
          break;
        case 'defineIndex': {
          const { index, undo } = (indexes ?? noIndexes()).define(operation);
          undos.push(undo);
          effects.push({ kind: 'indexDefined', op, index });
          break;
        }
        case 'dropIndex': {
          const dropped = (indexes ?? noIndexes()).drop(operation);
          if (dropped === undefined) break; // an absent index it may ignore: a committed no-op
          undos.push(dropped.undo);
          effects.push({ kind: 'indexDropped', op, index: dropped.index });
          break;
        }
        case 'indexAdd':
        case 'indexRemoveElement':
        case 'indexRemoveKey':
        case 'indexPutVector':
          applyIndexWrite(indexes ?? noIndexes(), operation);
          break;
        case 'clear':
          graph.clear();
          // In apply, not at the commit hook: an index defined later in the same group must survive it.
          indexes?.dropAll();
          effects.push({ kind: 'cleared', op });
          break;
        case 'trim':
          // After the trim the next id is the survivor count.
          effects.push({ kind: 'trimmed', op, renumbering: trimGraph(graph), survivors: graph.nextId });
          break;
        case 'compact':
          throw new Error('compaction is asynchronous and runs in the writer, not in a transaction');
      }
    }
  } catch (error) {
    for (let i = undos.length - 1; i >= 0; i--) undos[i]();
    throw rolledBack(graph, names, error);
  }
  if (keptUndos !== undefined) for (const undo of undos) keptUndos.push(undo);
  return { createdIds, effects };
}

/** The sizes of the interned name tables before a transaction (`rolledBack` cuts them back). */
export interface NamesMark {
  readonly labels: number;
  readonly edgeTypes: number;
  readonly propertyKeys: number;
}

export function markNames(graph: Graph): NamesMark {
  return {
    labels: graph.labelNames.size,
    edgeTypes: graph.edgeTypes.size,
    propertyKeys: graph.propertyKeys.size,
  };
}

/**
 * After a transaction's own undos ran: forgets the names it interned first (interned ids order edge-type
 * groups, so a leftover name would make a later history read differently than its log replay does) and
 * answers the error its caller sees.
 */
export function rolledBack(graph: Graph, names: NamesMark, error: unknown): EngineError {
  graph.labelNames.truncate(names.labels);
  graph.edgeTypes.truncate(names.edgeTypes);
  graph.propertyKeys.truncate(names.propertyKeys);
  if (error instanceof EngineError) return error;
  return new EngineError('WRITER_FAULT', `the transaction was rolled back: ${(error as Error).message}`);
}
