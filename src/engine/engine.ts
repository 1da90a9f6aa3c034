/**
 * One namespace's database: its graph, its single writer, and the read and write verbs the library
 * offers. Writes return promises that settle at commit; reads are synchronous against the live graph.
 */
import { EngineError, isEngineError } from './errors.js';
import { Graph } from './graph/graph.js';
import {
  degreeOf,
  edgesOfType,
  edgeTypesOf,
  firstElements,
  readEdge,
  readElement,
  readSummary,
  readVertex,
  type EdgeRecord,
  type ElementRecord,
  type ElementSummary,
  type VertexRecord,
} from './graph/read.js';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  scanAllProperties,
  scanProperty,
  scanSliceIds,
  textScanSliceIds,
  type ScanFilter,
  type ScanOperator,
} from './graph/scan.js';
import type { TypedValue } from './model/values.js';
import type {
  EdgeInput,
  PropertyWrite,
  TransactionResult,
  VertexInput,
  WriteOperation,
} from './tx/operations.js';
import { Writer, type CommitHook, type CommitHookOptions, type WriterOptions } from './tx/writer.js';
import type { CreateBatch } from './tx/create-batch.js';
import { IndexRegistry, type CreateOptions } from './indexes/registry.js';
import type { IndexOptions } from './tx/index-plugin.js';
import { toFloat32 } from './vectors/metric.js';
import { ChangeFeed, type ChangeFeedOptions } from './changefeed/feed.js';

/** Most elements one `GET /graph` page lists per kind. */
export const maxGraphPageElements = 100_000;
/** Most ids one batch read accepts. */
export const maxBatchReadIds = 100_000;
/** Ids one slice of `getElementsSliced` reads: a few milliseconds of reading. */
export const batchReadSliceIds = 2048;

export interface EngineOptions extends WriterOptions {
  /**
   * The namespace's change feed (src/engine/changefeed): its sizes, or `false` for none (`Svc:ChangeFeed:Enabled`
   * false; the writer then derives no events at all). Default: a feed with the documented default sizes.
   */
  changeFeed?: ChangeFeedOptions | false;
  /**
   * Added with `onRegistrationsReplaced` at construction, so it sees every load of the engine, startup
   * recovery included; for an owner of registrations that serves every namespace (`Namespaces`'s
   * `engine` options reach every engine it makes).
   */
  onRegistrationsReplaced?: RegistrationsReplacedListener;
}

/**
 * Told, synchronously, that a load replaced the registrations of `engine` (see
 * `Engine.onRegistrationsReplaced`); it reads them from `engine.graph.registrations`.
 */
export type RegistrationsReplacedListener = (engine: Engine) => void;

export interface GraphPage {
  vertices: VertexRecord[];
  edges: EdgeRecord[];
}

export interface BatchRead {
  elements: ElementSummary[];
  notFound: number[];
}

// Module-level picks of a transaction's result, handed to `submit`: the write verbs are on the hot path, and
// an async wrapper or a `.then` per call costs a second promise per transaction.
const firstCreatedId = (result: TransactionResult) => result.createdIds[0];
const createdIds = (result: TransactionResult) => result.createdIds;
const nothing = (): void => undefined;
/** The input of `createVertex()` without arguments: shared, not a new object per call (frozen: nothing writes inputs). */
const noVertexInput: VertexInput = Object.freeze({});
const accepted = (): boolean => true;
const noIndexOptions: IndexOptions = new Map();

function refusedDefinition(error: unknown): boolean {
  if (isEngineError(error, 'INDEX_EXISTS') || isEngineError(error, 'INDEX_DEFINITION_INVALID')) return false;
  throw error;
}

function refusedDrop(error: unknown): boolean {
  if (isEngineError(error, 'INDEX_NOT_FOUND')) return false;
  throw error;
}

/** The refusals of an explicit index write, which its boolean verb answers as false. */
function refusedIndexWrite(error: unknown): boolean {
  if (
    isEngineError(error, 'INDEX_NOT_FOUND') ||
    isEngineError(error, 'ELEMENT_NOT_FOUND') ||
    isEngineError(error, 'INDEX_WRITE_REFUSED')
  ) {
    return false;
  }
  throw error;
}

function checkSearchTerm(searchTerm: string): void {
  if (searchTerm.trim().length === 0) throw new EngineError('INVALID_INPUT', 'searchTerm must not be blank');
}

export class Engine {
  readonly graph = new Graph();
  private readonly writer: Writer;
  /**
   * The namespace's secondary indexes (src/engine/indexes): fill, scan, list. Removed elements are purged
   * from them, trims renumber them, a clear drops them, all at commit. Define, drop and write them with
   * `createIndex`, `dropIndex`, `addToIndex`, `removeFromIndex`, `removeIndexKey`, `putIndexVector`
   * (ordered and logged); `indexes.create`, `drop`, `add`, `removeElement`, `removeKey` act on the indexes
   * directly and are not logged.
   */
  readonly indexes: IndexRegistry;
  /**
   * The change feed: every committed mutation as an event, in commit order, from the first commit on
   * (`subscribe` to follow it). Undefined when the engine was made with `changeFeed: false`.
   */
  readonly changeFeed: ChangeFeed | undefined;
  private readonly registrationsReplacedListeners = new Set<RegistrationsReplacedListener>();
  private readonly onBackgroundError: ((error: Error) => void) | undefined;

  constructor(options: EngineOptions = {}) {
    this.writer = new Writer(this.graph, options);
    this.onBackgroundError = options.onBackgroundError;
    if (options.onRegistrationsReplaced !== undefined) {
      this.registrationsReplacedListeners.add(options.onRegistrationsReplaced);
    }
    this.indexes = new IndexRegistry(this.graph);
    this.writer.attachIndexes(this.indexes.writerIndexes);
    this.writer.addCommitHook(this.indexes.onCommit, { readsCreateBatches: true });
    this.changeFeed = options.changeFeed === false ? undefined : new ChangeFeed(options.changeFeed);
    if (this.changeFeed !== undefined) {
      this.writer.addCommitHook(this.changeFeed.onCommit, { readsCreateBatches: true });
    }
  }

  // ---- writes: each is one transaction; the promise settles at commit ----

  /** Applies a list of operations as one atomic transaction. */
  submit(operations: readonly WriteOperation[]): Promise<TransactionResult>;
  /** `submit`, settling with `pick(result)` (one promise per transaction instead of two). */
  submit<T>(operations: readonly WriteOperation[], pick: (result: TransactionResult) => T): Promise<T>;
  submit(
    operations: readonly WriteOperation[],
    pick?: (result: TransactionResult) => unknown,
  ): Promise<unknown> {
    return pick === undefined ? this.writer.submit(operations) : this.writer.submit(operations, pick);
  }

  /**
   * `submit` for a transaction that refers to elements it creates itself: `resolveIds` patches the
   * operations' ids on the writer, just before they apply, from the id the first created element gets
   * (see `Writer.submitResolving`). Bulk import uses it to commit batches whose edges and embeddings name
   * vertices of the same batch.
   */
  submitResolving(
    operations: readonly WriteOperation[],
    resolveIds: (firstCreatedId: number) => void,
  ): Promise<TransactionResult> {
    return this.writer.submitResolving(operations, resolveIds);
  }

  /**
   * Commits a batch of creations held in columns (`CreateBatch`), the transaction `batch.toOperations()`
   * describes; `resolveIds` may patch its endpoint columns on the writer (see `Writer.submitCreates`).
   * Bulk import commits its batches this way: no object per element lives until the log sync.
   */
  submitCreates(
    batch: CreateBatch,
    resolveIds?: (firstCreatedId: number) => void,
  ): Promise<TransactionResult> {
    return this.writer.submitCreates(batch, resolveIds);
  }

  /**
   * Re-applies transactions read back from a write-ahead log, in order, with their original commit clocks
   * (see `Writer.applyReplayed`); only inside an `exclusive` step. For recovery, not for new writes.
   */
  replayBatch(
    transactions: readonly { operations: readonly WriteOperation[]; nowSeconds: number }[],
  ): Promise<(TransactionResult | EngineError)[]> {
    return this.writer.applyReplayed(transactions);
  }

  /** An `exclusive` step is running on this engine's writer. */
  get inExclusiveStep(): boolean {
    return this.writer.inExclusiveStep;
  }

  /**
   * Creates an empty index (`POST /index`) as a transaction of the writer: it takes its place in commit
   * order among element writes and is recorded in the write-ahead log, so it survives a crash; a bound
   * vector index projects the embeddings committed before it and follows those after. Answers false, with
   * nothing committed or logged, when the id is taken, the type unknown (matched exactly), the options
   * invalid for the type, or with `overInterface` the type not creatable over the interface. Settles at
   * commit (and durability, where the namespace has a log).
   */
  createIndex(
    indexId: string,
    pluginType: string,
    options: IndexOptions = noIndexOptions,
    how: CreateOptions = {},
  ): Promise<boolean> {
    const overInterface = how.overInterface === true;
    const operation: WriteOperation = { kind: 'defineIndex', indexId, pluginType, options, overInterface };
    return this.submit([operation]).then(accepted, refusedDefinition);
  }

  /**
   * Drops an index, definition and content (`DELETE /index/{id}`), as a logged transaction of the writer.
   * False for an unknown id: the transaction rolls back and nothing is logged.
   */
  dropIndex(indexId: string): Promise<boolean> {
    return this.submit([{ kind: 'dropIndex', indexId }]).then(accepted, refusedDrop);
  }

  // The explicit index writes (`PUT /index/{id}`, the two removals, `PUT /index/vector/{id}`) are
  // transactions of the writer too, each alone in its own: ordered among element writes, logged, settled
  // at commit (and durability, where the namespace has a log). A false commits and logs nothing.
  // `engine.indexes.add`, `removeElement`, `removeKey` and `addVector` do the same at once, unlogged.

  /** Indexes a live element under `key`; false for an unknown index or element, or a bound vector index. */
  addToIndex(indexId: string, elementId: number, key: TypedValue): Promise<boolean> {
    return this.submit([{ kind: 'indexAdd', indexId, id: elementId, key }]).then(accepted, refusedIndexWrite);
  }

  /**
   * Removes every membership of a live element from an index; true when index and element exist (member or
   * not), false otherwise or for a bound vector index.
   */
  removeFromIndex(indexId: string, elementId: number): Promise<boolean> {
    return this.submit([{ kind: 'indexRemoveElement', indexId, id: elementId }]).then(
      accepted,
      refusedIndexWrite,
    );
  }

  /** Removes a key and its memberships; false for an unknown index or an absent key. */
  removeIndexKey(indexId: string, key: TypedValue): Promise<boolean> {
    return this.submit([{ kind: 'indexRemoveKey', indexId, key }]).then(accepted, refusedIndexWrite);
  }

  /**
   * Adds or replaces one element's vector in an explicit vector index, from exactly one of `vector` and
   * `propertyId` (a float-array property of the element as it is when the write applies). Rejects, with
   * nothing committed or logged, with INDEX_NOT_FOUND, ELEMENT_NOT_FOUND, or INVALID_INPUT (another index
   * type, a bound index, both or neither source, a missing or non-float-array property, a wrong dimension,
   * a non-finite component, a zero-norm vector under Cosine), in the order `addVector` checks them.
   */
  putIndexVector(
    indexId: string,
    elementId: number,
    source: { vector?: ArrayLike<number> | null; propertyId?: string | null },
  ): Promise<void> {
    const vector = source.vector === undefined || source.vector === null ? null : toFloat32(source.vector);
    const propertyId = source.propertyId ?? null;
    return this.submit([{ kind: 'indexPutVector', indexId, id: elementId, vector, propertyId }], nothing);
  }

  createVertex(input: VertexInput = noVertexInput): Promise<number> {
    return this.submit([{ kind: 'createVertex', input }], firstCreatedId);
  }

  createEdge(input: EdgeInput): Promise<number> {
    return this.submit([{ kind: 'createEdge', input }], firstCreatedId);
  }

  createVertices(inputs: readonly VertexInput[]): Promise<number[]> {
    return this.submit(
      inputs.map((input) => ({ kind: 'createVertex' as const, input })),
      createdIds,
    );
  }

  createEdges(inputs: readonly EdgeInput[]): Promise<number[]> {
    return this.submit(
      inputs.map((input) => ({ kind: 'createEdge' as const, input })),
      createdIds,
    );
  }

  setProperty(id: number, key: string, value: TypedValue): Promise<void> {
    return this.submit([{ kind: 'setProperty', id, key, value }], nothing);
  }

  removeProperty(id: number, key: string): Promise<void> {
    return this.submit([{ kind: 'removeProperty', id, key }], nothing);
  }

  /** Several property writes and removals on several elements, all or none. */
  async writeProperties(writes: readonly PropertyWrite[]): Promise<void> {
    const operations = writes.map((write): WriteOperation => {
      if (write.remove === true) return { kind: 'removeProperty', id: write.id, key: write.key };
      if (write.value === undefined) {
        throw new EngineError('INVALID_INPUT', `the write of '${write.key}' on ${write.id} has no value`);
      }
      return { kind: 'setProperty', id: write.id, key: write.key, value: write.value };
    });
    await this.submit(operations);
  }

  /** Removes an element; a vertex takes its edges with it. A missing id is a committed no-op. */
  async removeElement(id: number): Promise<void> {
    await this.submit([{ kind: 'removeElement', id }]);
  }

  async removeElements(ids: readonly number[]): Promise<void> {
    await this.submit(ids.map((id) => ({ kind: 'removeElement' as const, id })));
  }

  /** Erases every element; ids restart at 0. Throws at once when the writer's queue is full. */
  clear(): Promise<void> {
    return this.submit([{ kind: 'clear' }], nothing);
  }

  /** Compacts tombstones, renumbering survivors 0, 1, 2, ... in their old order. */
  trim(): Promise<void> {
    // The writer builds the renumbered graph with its adjacency packed (trim-sliced.ts): no compaction after.
    return this.submit([{ kind: 'trim' }], nothing);
  }

  /**
   * Rebuilds the adjacency storage packed and in vertex order (the writer also does this by itself when
   * enough space is wasted). Writes submitted meanwhile wait; reads continue. Worth calling after a bulk
   * load: it returns the space records left behind as they grew and makes whole-graph traversals faster.
   */
  compact(): Promise<void> {
    return this.submit([{ kind: 'compact' }], nothing);
  }

  /**
   * Lets the adjacency waste grow to `wasteRatio` times the live words before the writer compacts by
   * itself, until the returned function is called; then one compaction is queued if the usual ratio calls
   * for it (see `Writer.holdCompaction`). For bulk loads.
   */
  holdCompaction(wasteRatio: number): () => void {
    return this.writer.holdCompaction(wasteRatio);
  }

  /** Settles once every write submitted before it has been applied. */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  /**
   * Runs `step` alone on the writer: after every write submitted before it, while later writes wait
   * (reads continue). Checkpoints use it to copy a consistent cut and to install a loaded graph.
   */
  exclusive<T>(step: () => T | Promise<T>): Promise<T> {
    return this.writer.exclusive(async () => {
      // Inside a step the registrations change only by a load: a checkpoint installed, history replayed.
      const before = this.graph.registrations.version;
      try {
        return await step();
      } finally {
        if (this.graph.registrations.version !== before) this.announceRegistrationsReplaced();
      }
    });
  }

  /**
   * Calls `listener` after every load that replaces the namespace's registrations: a checkpoint installed
   * (startup recovery, `PUT /load`, a save-game restore, a checkpoint adopted at startup), or write-ahead log
   * history replayed that registers or removes entries (startup recovery from a log alone). It runs synchronously at the end of the writer step that loaded, once the whole
   * loaded state is in place (the checkpoint and any history replayed on top of it) and before any later
   * write applies. A listener that throws is reported to `onBackgroundError` (default: a process warning);
   * the others still run. Loads before the listener was added are not told (the engines a namespace
   * catalog restores at startup are recovered before anyone holds them: pass the listener as the
   * `onRegistrationsReplaced` engine option instead, or read the registrations as they are when attaching).
   * Answers a function that removes the listener.
   */
  onRegistrationsReplaced(listener: RegistrationsReplacedListener): () => void {
    this.registrationsReplacedListeners.add(listener);
    return () => {
      this.registrationsReplacedListeners.delete(listener);
    };
  }

  private announceRegistrationsReplaced(): void {
    for (const listener of [...this.registrationsReplacedListeners]) {
      try {
        listener(this);
      } catch (error) {
        const failure = new Error(
          `a listener for replaced registrations failed: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
        if (this.onBackgroundError !== undefined) this.onBackgroundError(failure);
        else process.emitWarning(failure.message, { code: 'SKEIN_REGISTRATIONS_LISTENER' });
      }
    }
  }

  /**
   * Committed transactions with at least one operation since the graph's origin (the engine's start or
   * the checkpoint it was loaded from): the position of the latest commit in the write history.
   */
  get committedSequence(): number {
    return this.writer.committedSequence;
  }

  /**
   * Sets the position the next commit counts from (a loaded checkpoint's `lastCommittedSequence`). Every
   * install of a loaded graph calls it, in its exclusive step, right after the graph is replaced, so this
   * is also where the change feed announces the load (`resync` `load`) in commit order.
   */
  resetCommittedSequence(sequence: number): void {
    this.writer.committedSequence = sequence;
    this.changeFeed?.resync('load');
  }

  /** Runs after each applied group, before callers are released (log, change feed, metrics). */
  addCommitHook(hook: CommitHook, options?: CommitHookOptions): void {
    this.writer.addCommitHook(hook, options);
  }

  removeCommitHook(hook: CommitHook): void {
    this.writer.removeCommitHook(hook);
  }

  /** Transactions and writer steps waiting to be applied. */
  get pendingWrites(): number {
    return this.writer.queueLength;
  }

  /** Transactions waiting, as the writer's queue bound counts them (`maxQueuedTransactions`). */
  get queuedTransactions(): number {
    return this.writer.queuedTransactionCount;
  }

  /** The estimated bytes of the transactions waiting, as the queue bound counts them (`maxQueuedBytes`). */
  get queuedBytes(): number {
    return this.writer.queuedByteCount;
  }

  /**
   * Whether the writer's queue admits a transaction of `bytes` now (see `Writer.hasRoomFor`). A producer
   * that must wait rather than be refused checks it, waits on `writerQueueShrank` while it is false, and
   * submits in the same synchronous step as the check that answered true.
   */
  writerHasRoomFor(bytes: number): boolean {
    return this.writer.hasRoomFor(bytes);
  }

  /** Settles the next time transactions leave the writer's queue. */
  writerQueueShrank(): Promise<void> {
    return this.writer.queueShrank();
  }

  // ---- reads: synchronous against the live graph ----

  get vertexCount(): number {
    return this.graph.vertexCount;
  }

  get edgeCount(): number {
    return this.graph.edgeCount;
  }

  /** The id the next created element will receive. */
  get nextId(): number {
    return this.graph.nextId;
  }

  /**
   * Changes whenever ids stop meaning what they meant (a clear, a trim that renumbered, a loaded graph):
   * a read that holds ids across turns of the event loop compares it before it relies on them.
   */
  get idSpaceGeneration(): number {
    return this.graph.idSpaceGeneration;
  }

  getVertex(id: number): VertexRecord | undefined {
    return readVertex(this.graph, id);
  }

  getEdge(id: number): EdgeRecord | undefined {
    return readEdge(this.graph, id);
  }

  getElement(id: number): ElementRecord | undefined {
    return readElement(this.graph, id);
  }

  /** Batch read: one summary per live element in request order (repeats once), and the ids not found. */
  getElements(ids: readonly number[]): BatchRead {
    if (ids.length > maxBatchReadIds) {
      throw new EngineError(
        'INVALID_INPUT',
        `a batch read takes at most ${maxBatchReadIds} ids, got ${ids.length}`,
      );
    }
    const seen = new Set<number>();
    const elements: ElementSummary[] = [];
    const notFound: number[] = [];
    for (const id of ids) {
      const summary = readSummary(this.graph, id);
      if (summary === undefined) notFound.push(id);
      else if (!seen.has(id)) {
        seen.add(id);
        elements.push(summary);
      }
    }
    return { elements, notFound };
  }

  /**
   * `getElements` in slices of `batchReadSliceIds` ids that yield the event loop between them, for
   * servers. Each element is read as it is when its slice runs (a write committed between two slices
   * shows in the later one); a repeated id is decided once, at its first occurrence, so it is found once
   * or missing at every occurrence, as in one piece.
   */
  async getElementsSliced(ids: readonly number[]): Promise<BatchRead> {
    if (ids.length > maxBatchReadIds) return this.getElements(ids);
    const found = new Set<number>();
    const missing = new Set<number>();
    const elements: ElementSummary[] = [];
    const notFound: number[] = [];
    for (let start = 0; start < ids.length; start += batchReadSliceIds) {
      if (start > 0) await yieldToEventLoop();
      const end = Math.min(ids.length, start + batchReadSliceIds);
      for (let i = start; i < end; i++) {
        const id = ids[i];
        if (found.has(id)) continue;
        const summary = missing.has(id) ? undefined : readSummary(this.graph, id);
        if (summary === undefined) {
          missing.add(id);
          notFound.push(id);
        } else {
          found.add(id);
          elements.push(summary);
        }
      }
    }
    return { elements, notFound };
  }

  /**
   * Ids of the first live vertices and edges in ascending id order, at most `maxEach` of each (clamped to
   * [0, maxGraphPageElements]). Cheap: a scan of one column; a caller can then read the elements in slices.
   */
  getGraphPageIds(maxEach: number): { vertices: number[]; edges: number[] } {
    const bound = Math.max(0, Math.min(maxGraphPageElements, Math.trunc(maxEach)));
    return firstElements(this.graph, bound);
  }

  /** The first live vertices and edges in ascending id order, at most `maxEach` of each (clamped). */
  getGraphPage(maxEach: number): GraphPage {
    const { vertices, edges } = this.getGraphPageIds(maxEach);
    return {
      vertices: vertices.map((id) => readVertex(this.graph, id)!),
      edges: edges.map((id) => readEdge(this.graph, id)!),
    };
  }

  edgeTypes(vertex: number, direction: 'out' | 'in'): string[] | undefined {
    return edgeTypesOf(this.graph, vertex, direction);
  }

  edgeIds(vertex: number, direction: 'out' | 'in', edgeType: string): number[] | undefined {
    return edgesOfType(this.graph, vertex, direction, edgeType);
  }

  degree(vertex: number, direction: 'out' | 'in', edgeType?: string): number | undefined {
    return degreeOf(this.graph, vertex, direction, edgeType);
  }

  edgeSource(edge: number): number | undefined {
    return this.graph.isEdge(edge) ? this.graph.first.view[edge] : undefined;
  }

  edgeTarget(edge: number): number | undefined {
    return this.graph.isEdge(edge) ? this.graph.second.view[edge] : undefined;
  }

  scanProperty(key: string, operator: ScanOperator, literal: TypedValue, filter: ScanFilter): number[] {
    return scanProperty(this.graph, key, operator, literal, filter);
  }

  scanAllProperties(searchTerm: string, filter: ScanFilter): number[] {
    checkSearchTerm(searchTerm);
    return scanAllProperties(this.graph, searchTerm, filter);
  }

  /**
   * `scanProperty` in slices of ids that yield the event loop between them, for servers: a scan of
   * millions of elements never holds the loop for long. An element written while it runs matches as it
   * is when its slice runs; the hits are all of one id space (a clear, trim or load between two slices
   * starts the scan over).
   */
  async scanPropertySliced(
    key: string,
    operator: ScanOperator,
    literal: TypedValue,
    filter: ScanFilter,
  ): Promise<number[]> {
    return this.scanInSlices(scanSliceIds, (hits, from, to) =>
      scanProperty(this.graph, key, operator, literal, filter, hits, from, to),
    );
  }

  /** `scanAllProperties` in slices that yield the event loop (see `scanPropertySliced`). */
  async scanAllPropertiesSliced(searchTerm: string, filter: ScanFilter): Promise<number[]> {
    checkSearchTerm(searchTerm);
    return this.scanInSlices(textScanSliceIds, (hits, from, to) =>
      scanAllProperties(this.graph, searchTerm, filter, hits, from, to),
    );
  }

  /** Runs `scan` over ids [0, nextId) in slices of `sliceIds`, over again if the id space changes. */
  private async scanInSlices(
    sliceIds: number,
    scan: (hits: number[], from: number, to: number) => void,
  ): Promise<number[]> {
    for (;;) {
      const generation = this.graph.idSpaceGeneration;
      const hits: number[] = [];
      for (let from = 0; from < this.graph.nextId; from += sliceIds) {
        if (from > 0) await yieldToEventLoop();
        if (this.graph.idSpaceGeneration !== generation) break;
        scan(hits, from, from + sliceIds);
      }
      if (this.graph.idSpaceGeneration === generation) return hits;
    }
  }

  /** Bytes held by the graph's typed arrays (headers, adjacency, property records). */
  get committedBytes(): number {
    return this.graph.committedBytes;
  }
}
