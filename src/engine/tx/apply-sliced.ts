/**
 * Transactions too large to apply in one turn of the event loop (docs/library.md, "Large transactions").
 *
 * Work is counted in element changes: a created element and each property it is created with, a property
 * written or removed, a removed element and each edge its removal cascades to. The writer measures each
 * transaction when it is submitted (`transactionWork`); one whose work passes the writer's
 * `applyWorkPerSlice` is applied here, in slices of about that much work with a turn of the event loop
 * between them, while the writer holds its queue: no other write applies between the slices, the commit
 * hooks (log, change feed, index upkeep) see it once, whole, and its caller is told once. It is still one
 * transaction: one log entry, one commit in the change feed's order, all or nothing.
 *
 * What a read sees meanwhile: the transaction part-applied, as a prefix of its operations each applied
 * whole (a removed vertex is gone with all its edges, a created element has all its properties). A
 * failure part-way undoes the slices already applied, newest first and again in slices, before the error
 * is returned: reads in between may see elements that then come back.
 *
 * A vertex removal that alone passes the slice's work (a hub) detaches its edges a slice at a time, in
 * the order a removal in one piece takes them, and reports one removal effect as that would.
 */
import type { Graph } from '../graph/graph.js';
import { trimGraphInSlices, type TrimSliceSizes } from '../graph/trim-sliced.js';
import type { WriteOperation } from './operations.js';
import { CreateBatchApplication } from './apply-batch.js';
import type { CreateBatch } from './create-batch.js';
import {
  applyTransaction,
  markNames,
  rolledBack,
  type AppliedTransaction,
  type GraphEffect,
  type WriterIndexes,
  type Undo,
} from './apply.js';

/**
 * Element changes one slice applies (and one commit group holds at most, unless a single transaction
 * brings more): a few milliseconds of the writer's time, hooks included.
 */
export const defaultApplyWorkPerSlice = 2048;

/** Undos run between two turns when a large transaction rolls back. */
const undosPerSlice = 256;

/** Element changes of one operation, on the graph as it is now (a vertex removal counts its edges). */
export function operationWork(graph: Graph, operation: WriteOperation): number {
  switch (operation.kind) {
    case 'createVertex':
    case 'createEdge':
      return 1 + (operation.input.properties?.length ?? 0);
    case 'removeElement': {
      const { id } = operation;
      return graph.isVertex(id) ? 1 + graph.out.degree(id) + graph.in.degree(id) : 1;
    }
    default:
      return 1;
  }
}

/**
 * Element changes of a whole transaction (an estimate: the graph may change before it applies), counted
 * up to `enough`: past it, the operation count stands for the rest (a transaction of more operations than
 * a slice holds is applied in slices anyway, and each slice measures its own operations as it goes).
 */
export function transactionWork(graph: Graph, operations: readonly WriteOperation[], enough: number): number {
  if (operations.length === 1) return operationWork(graph, operations[0]);
  if (operations.length > enough) return operations.length;
  let work = 0;
  for (const operation of operations) work += operationWork(graph, operation);
  return work;
}

/** Element changes of a columnar batch of creations: its elements, their properties and embeddings. */
export function batchWork(batch: CreateBatch): number {
  const properties = batch.count === 0 ? 0 : batch.propertyEnds[batch.count - 1];
  return batch.count + properties + batch.embeddings.length;
}

/** `applyCreateBatch` in slices of about `workPerSlice` element changes (module comment). */
export async function applyCreateBatchInSlices(
  graph: Graph,
  batch: CreateBatch,
  nowSeconds: number,
  options: SliceOptions,
): Promise<AppliedTransaction> {
  const application = new CreateBatchApplication(graph, batch, nowSeconds);
  const rowsPerSlice = Math.max(
    1,
    Math.floor((Math.max(1, options.workPerSlice) * batch.count) / Math.max(1, batchWork(batch))),
  );
  while (application.applied < batch.count) {
    if (application.applied > 0) await options.yieldToEventLoop();
    application.applyRows(application.applied + rowsPerSlice);
  }
  return application.result;
}

/**
 * Element writes can be applied in slices: each applies on its own ids (index definitions and clear
 * travel alone anyway). A trim travels alone and is built in slices beside the graph (trim-sliced.ts),
 * whatever its size.
 */
export function isSliceable(operations: readonly WriteOperation[]): boolean {
  for (const operation of operations) {
    switch (operation.kind) {
      case 'createVertex':
      case 'createEdge':
      case 'setProperty':
      case 'removeProperty':
      case 'removeElement':
      case 'setEmbedding':
      case 'removeEmbedding':
        continue;
      case 'trim':
        if (operations.length === 1) continue;
        return false;
      default:
        return false;
    }
  }
  return true;
}

export interface SliceOptions {
  /** Element changes per slice (at least 1). */
  workPerSlice: number;
  /** Gives the event loop a turn between two slices. */
  yieldToEventLoop: () => Promise<void>;
  /** The sizes of a trim's slices (defaults in trim-sliced.ts). */
  trimSlices?: TrimSliceSizes;
}

/**
 * Applies a transaction in slices (module comment). Resolves with the same result `applyTransaction`
 * gives for it in one piece; rejects with the rolled-back transaction's EngineError.
 */
export async function applyTransactionInSlices(
  graph: Graph,
  operations: readonly WriteOperation[],
  nowSeconds: number,
  indexes: WriterIndexes | undefined,
  options: SliceOptions,
): Promise<AppliedTransaction> {
  if (operations.length === 1 && operations[0].kind === 'trim') {
    // Built beside the graph and swapped in at once: reads never see a half-renumbered graph.
    const renumbering = await trimGraphInSlices(graph, {
      ...options.trimSlices,
      yieldToEventLoop: options.yieldToEventLoop,
    });
    return {
      createdIds: [],
      effects: [{ kind: 'trimmed', op: 0, renumbering, survivors: graph.nextId }],
    };
  }
  const workPerSlice = Math.max(1, options.workPerSlice);
  const names = markNames(graph);
  const undos: Undo[] = [];
  const createdIds: number[] = [];
  const effects: GraphEffect[] = [];

  /** Applies operations [from, to) as one slice, folding its results into the transaction's. */
  const applyRange = (from: number, to: number): void => {
    const slice = applyTransaction(graph, operations.slice(from, to), nowSeconds, indexes, undos);
    for (const id of slice.createdIds) createdIds.push(id);
    for (const effect of slice.effects) {
      effect.op += from;
      effects.push(effect);
    }
  };

  /** Removes vertex `id` (operation `op`) a slice of edges at a time, reporting one effect. */
  const removeHub = async (op: number, id: number): Promise<void> => {
    const ids = [id];
    const labels: (string | null)[] = [null];
    for (const direction of [graph.out, graph.in]) {
      for (;;) {
        const edges = direction.leadingEdgeIds(id, workPerSlice);
        if (edges.length === 0) break;
        const removals = edges.map((edge): WriteOperation => ({ kind: 'removeElement', id: edge }));
        for (const effect of applyTransaction(graph, removals, nowSeconds, indexes, undos).effects) {
          if (effect.kind !== 'removed') continue;
          for (let i = 0; i < effect.ids.length; i++) {
            ids.push(effect.ids[i]);
            labels.push(effect.labels[i]);
          }
        }
        await options.yieldToEventLoop();
      }
    }
    const vertex = applyTransaction(graph, [{ kind: 'removeElement', id }], nowSeconds, indexes, undos);
    for (const effect of vertex.effects) if (effect.kind === 'removed') labels[0] = effect.labels[0];
    effects.push({ kind: 'removed', op, ids, vertex: true, labels });
  };

  try {
    let from = 0;
    while (from < operations.length) {
      if (from > 0) await options.yieldToEventLoop();
      let to = from;
      let work = 0;
      while (to < operations.length) {
        const next = operationWork(graph, operations[to]);
        if (to > from && work + next > workPerSlice) break;
        work += next;
        to++;
      }
      const only = operations[from];
      if (
        to === from + 1 &&
        work > workPerSlice &&
        only.kind === 'removeElement' &&
        graph.isVertex(only.id)
      ) {
        await removeHub(from, only.id);
      } else applyRange(from, to);
      from = to;
    }
  } catch (error) {
    // The failing slice rolled itself back; the slices before it are undone here, newest first.
    for (let end = undos.length; end > 0; end -= undosPerSlice) {
      for (let i = end - 1; i >= Math.max(0, end - undosPerSlice); i--) undos[i]();
      if (end > undosPerSlice) await options.yieldToEventLoop();
    }
    throw rolledBack(graph, names, error);
  }
  return { createdIds, effects };
}
