/**
 * Applies a columnar batch of creations (create-batch.ts) atomically, with the effects, ids and interned
 * names `applyTransaction` gives the operations the batch stands for. A failure part-way removes what the
 * batch created, newest first, and forgets the names it interned: a rolled-back batch has no observable
 * effect. Undo needs no record per element: creations are undone by id, from the last one back.
 */
import { EngineError } from '../errors.js';
import type { Graph } from '../graph/graph.js';
import type { PreviousEmbedding } from '../embeddings/store.js';
import { embeddingEffect, missingElement, type AppliedTransaction, type GraphEffect } from './apply.js';
import type { CreateBatch } from './create-batch.js';

const noProperties: readonly never[] = [];

export function applyCreateBatch(graph: Graph, batch: CreateBatch, nowSeconds: number): AppliedTransaction {
  const firstId = graph.nextId;
  batch.firstId = firstId;
  const createdIds = new Array<number>(batch.count);
  const effects: GraphEffect[] = [];
  const labelsBefore = graph.labelNames.size;
  const edgeTypesBefore = graph.edgeTypes.size;
  const propertyKeysBefore = graph.propertyKeys.size;
  const { kinds, created, labels, types, sources, targets, propertyEnds, keys, names, embeddings } = batch;
  /** Undoes of the embeddings written so far (few: most batches have none). */
  const embeddingUndos: (() => void)[] = [];
  let made = 0;
  let next = 0;
  let op = 0;
  try {
    for (let row = 0; row < batch.count; row++) {
      const label = labels[row] < 0 ? null : names[labels[row]];
      let id: number;
      if (kinds[row] === 1) {
        const source = sources[row];
        const target = targets[row];
        for (const endpoint of [source, target]) {
          if (!graph.isVertex(endpoint)) {
            throw new EngineError('ELEMENT_NOT_FOUND', `the endpoint vertex ${endpoint} does not exist`, {
              elementId: endpoint,
            });
          }
        }
        id = graph.addEdge(source, target, names[types[row]], created[row], label, noProperties);
      } else id = graph.addVertex(created[row], label, noProperties);
      createdIds[row] = id;
      made++;
      const firstProperty = row === 0 ? 0 : propertyEnds[row - 1];
      if (propertyEnds[row] - firstProperty > 1)
        graph.properties.reserve(id, propertyEnds[row] - firstProperty);
      for (let p = firstProperty; p < propertyEnds[row]; p++) {
        graph.properties.set(id, graph.propertyKeys.intern(names[keys[p]]), batch.valueAt(p));
      }
      op++;
      for (; next < embeddings.length && embeddings[next].offset === row; next++, op++) {
        const { name, vector, model } = embeddings[next];
        if (!graph.exists(id)) throw missingElement(id);
        const previous: PreviousEmbedding = graph.embeddings.set(id, name, vector, model ?? null);
        const previousModified = graph.properties.modificationDate(id);
        graph.properties.setModificationDate(id, Math.max(nowSeconds, graph.created.view[id]));
        embeddingUndos.push(() => {
          graph.embeddings.restore(id, name, previous);
          graph.properties.setModificationDate(id, previousModified);
        });
        effects.push(embeddingEffect(graph, op, id, name, false));
      }
    }
  } catch (error) {
    for (let i = embeddingUndos.length - 1; i >= 0; i--) embeddingUndos[i]();
    for (let i = made - 1; i >= 0; i--) graph.undoCreate(firstId + i);
    graph.labelNames.truncate(labelsBefore);
    graph.edgeTypes.truncate(edgeTypesBefore);
    graph.propertyKeys.truncate(propertyKeysBefore);
    if (error instanceof EngineError) throw error;
    throw new EngineError('WRITER_FAULT', `the transaction was rolled back: ${(error as Error).message}`);
  }
  return { createdIds, effects };
}
