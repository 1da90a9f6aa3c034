/**
 * Applies a columnar batch of creations (create-batch.ts) atomically, with the effects, ids and interned
 * names `applyTransaction` gives the operations the batch stands for. A failure part-way removes what the
 * batch created, newest first, and forgets the names it interned: a rolled-back batch has no observable
 * effect. Undo needs no record per element: creations are undone by id, from the last one back.
 */
import { EngineError } from '../errors.js';
import type { Graph } from '../graph/graph.js';
import type { PreviousEmbedding } from '../embeddings/store.js';
import {
  embeddingEffect,
  markNames,
  missingElement,
  rolledBack,
  type AppliedTransaction,
  type GraphEffect,
  type NamesMark,
} from './apply.js';
import { edgeRow, type CreateBatch } from './create-batch.js';

const noProperties: readonly never[] = [];

export function applyCreateBatch(graph: Graph, batch: CreateBatch, nowSeconds: number): AppliedTransaction {
  const application = new CreateBatchApplication(graph, batch, nowSeconds);
  application.applyRows(batch.count);
  return application.result;
}

/**
 * A batch being applied, a run of rows at a time (`applyRows`): a large one is applied in slices on a
 * held writer (apply-sliced.ts). A failure undoes every row applied so far, whichever run it is in.
 */
export class CreateBatchApplication {
  private readonly firstId: number;
  private readonly createdIds: number[];
  private readonly effects: GraphEffect[] = [];
  private readonly names: NamesMark;
  /** Property key ids by batch name, interned at first use so ids come in the order operations give them. */
  private readonly keyIds: Int32Array;
  /** Undoes of the embeddings written so far (few: most batches have none). */
  private readonly embeddingUndos: (() => void)[] = [];
  /** Rows applied so far. */
  private made = 0;
  private next = 0;
  private op = 0;

  constructor(
    private readonly graph: Graph,
    private readonly batch: CreateBatch,
    private readonly nowSeconds: number,
  ) {
    this.firstId = graph.nextId;
    batch.firstId = this.firstId;
    this.createdIds = new Array<number>(batch.count);
    this.names = markNames(graph);
    this.keyIds = new Int32Array(batch.names.length).fill(-1);
  }

  /** Rows applied so far. */
  get applied(): number {
    return this.made;
  }

  get result(): AppliedTransaction {
    return { createdIds: this.createdIds, effects: this.effects };
  }

  /** Applies the rows up to `end` (exclusive), or undoes every row and throws the rollback's error. */
  applyRows(end: number): void {
    const { graph, batch, nowSeconds, createdIds, effects, keyIds } = this;
    const { embeddings } = batch;
    try {
      for (let row = this.made; row < Math.min(end, batch.count); row++) {
        const id = createRow(graph, batch, row, keyIds);
        createdIds[row] = id;
        this.made++;
        this.op++;
        for (
          ;
          this.next < embeddings.length && embeddings[this.next].offset === row;
          this.next++, this.op++
        ) {
          const { name, vector, model } = embeddings[this.next];
          if (!graph.exists(id)) throw missingElement(id);
          const previous: PreviousEmbedding = graph.embeddings.set(id, name, vector, model ?? null);
          const previousModified = graph.properties.modificationDate(id);
          graph.properties.setModificationDate(id, Math.max(nowSeconds, graph.created.view[id]));
          this.embeddingUndos.push(() => {
            graph.embeddings.restore(id, name, previous);
            graph.properties.setModificationDate(id, previousModified);
          });
          effects.push(embeddingEffect(graph, this.op, id, name, false));
        }
      }
    } catch (error) {
      for (let i = this.embeddingUndos.length - 1; i >= 0; i--) this.embeddingUndos[i]();
      for (let i = this.made - 1; i >= 0; i--) graph.undoCreate(this.firstId + i);
      throw rolledBack(graph, this.names, error);
    }
  }
}

/**
 * Creates row `row` with its properties and answers its id. A function of its own: a small function is
 * optimized after a few hundred calls, while the loop above waits for on-stack replacement, so the first
 * batch of a fresh process applies sooner.
 */
function createRow(graph: Graph, batch: CreateBatch, row: number, keyIds: Int32Array): number {
  const { names, propertyEnds } = batch;
  const labelName = batch.labels[row];
  const label = labelName < 0 ? null : names[labelName];
  let id: number;
  if (batch.kinds[row] === edgeRow) {
    const source = batch.sources[row];
    const target = batch.targets[row];
    if (!graph.isVertex(source)) throw missingEndpoint(source);
    if (!graph.isVertex(target)) throw missingEndpoint(target);
    id = graph.addEdge(source, target, names[batch.types[row]], batch.created[row], label, noProperties);
  } else id = graph.addVertex(batch.created[row], label, noProperties);
  const first = row === 0 ? 0 : propertyEnds[row - 1];
  const end = propertyEnds[row];
  if (end - first > 1) graph.properties.reserve(id, end - first);
  for (let p = first; p < end; p++) {
    const name = batch.keys[p];
    let keyId = keyIds[name];
    if (keyId < 0) keyId = keyIds[name] = graph.propertyKeys.intern(names[name]);
    graph.properties.set(id, keyId, batch.valueAt(p));
  }
  return id;
}

function missingEndpoint(vertex: number): EngineError {
  return new EngineError('ELEMENT_NOT_FOUND', `the endpoint vertex ${vertex} does not exist`, {
    elementId: vertex,
  });
}
