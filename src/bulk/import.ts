/**
 * Bulk import (docs/bulk.md, "Import"): a stream of JSONL lines into an empty graph, as ordinary transactions
 * of `batchSize` elements.
 *
 * Flow: chunks of bytes -> lines (lines.ts: line breaks, the line bound, UTF-8) -> one strict JSON object
 * per line (strict-json.ts) -> the line's fields checked and its values converted (line-parse.ts) ->
 * the element appended to the open batch's columns (a `CreateBatch`: the line's objects die with the line).
 * A full batch is submitted to the namespace's writer at once (`Engine.submitCreates`) and the next one is
 * parsed while it commits (its log entry and sync); at most one batch is in flight, so the next is
 * submitted only once the previous one has committed, and the columns of a committed batch are reused.
 * A batch waits for room in the writer's queue when other writers filled it, rather than be refused.
 * Memory holds one chunk, one line, two batches of columns and the file-id map (4 bytes per id for the
 * usual dense ids), whatever the size of the file.
 *
 * Ids: a file id is a reference within the file only. Each element line gets an ordinal (its position
 * among the file's elements); batches are cut at multiples of `batchSize` ordinals, and a batch's created
 * ids are consecutive, so a vertex's engine id is its batch's first id plus its offset. The first id is
 * known only when the batch applies: the batch's edges are patched on the writer just before (the
 * resolver of Engine.submitCreates), and its embeddings name their element by its offset in the batch.
 * A batch that finds the id space changed since the import began (a
 * clear, a renumbering trim, a load) is refused rather than wire edges to the wrong vertices.
 *
 * Fail-fast with partial commit: the first invalid line stops the import; every batch completed before
 * it is committed (whatever the chunking of the stream); the open batch, holding the valid lines just
 * before the invalid one, is dropped. The error carries the counts of what was committed.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Engine, EngineError, CreateBatch } from '../engine/index.js';
import { defaultImportBatchSize, defaultMaxLineBytes, maxImportBatchSize } from './format.js';
import { FileIdMap } from './id-map.js';
import { LineError, LineSplitter } from './lines.js';
import { InvalidLineError, LineParser } from './line-parse.js';

export interface ImportOptions {
  /** Elements per transaction (default 10,000, `Svc:BulkIO:ImportBatchSize`). */
  batchSize?: number;
  /** Longest line in bytes (default 1 MiB, `Svc:BulkIO:MaxLineBytes`). */
  maxLineBytes?: number;
  /** Most bytes the stream may carry; absent or 0: unlimited (`Svc:BulkIO:MaxImportRequestBytes`). */
  maxBytes?: number;
  /** Told after each committed batch (progress reporting). */
  onBatchCommitted?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  linesRead: number;
  verticesCommitted: number;
  edgesCommitted: number;
}

export interface ImportSummary {
  verticesCreated: number;
  edgesCreated: number;
  /** Every line, the meta line and blank lines included. */
  linesRead: number;
}

/**
 * Why an import stopped. `notEmpty`: the graph had live elements (or another import was running);
 * `invalidLine`: a line broke a rule (`lineNumber`, the reason in the message); `lineTooLong`: a line
 * passed `maxLineBytes`; `tooLarge`: the stream passed `maxBytes`; `batchRolledBack`: the writer refused a
 * batch (`cause`; `lineNumber` is the batch's last line).
 */
export type ImportFailureKind = 'notEmpty' | 'invalidLine' | 'lineTooLong' | 'tooLarge' | 'batchRolledBack';

export class BulkImportError extends Error {
  override readonly name = 'BulkImportError';
  constructor(
    readonly kind: ImportFailureKind,
    message: string,
    readonly lineNumber: number | undefined,
    readonly verticesCommitted: number,
    readonly edgesCommitted: number,
    /** The writer's error for `batchRolledBack`. */
    override readonly cause?: EngineError,
  ) {
    super(message);
  }
}

/** Slices of a large chunk between two yields, so one huge chunk never holds the event loop. */
const maxSliceBytes = 1 << 20;
/**
 * Parsing time after which the import yields to the event loop. A stream hands out buffered chunks as
 * microtasks, so without this a fast source (a file stream) would keep the loop busy far beyond the
 * event-loop bound while other requests wait.
 */
const maxParseMillisecondsBetweenYields = 10;

/**
 * Adjacency waste (blocks records left as they grew) allowed per live word during an import before the
 * writer compacts: twice the usual ratio. A load makes waste fast (every vertex's records grow through the
 * size classes); at the usual ratio a 5M-edge load compacted 21 times, each pass copying the whole
 * adjacency and leaving the old pool to the garbage collector; at this one, 12 times, for the same peak
 * memory and about a quarter less time. Without any compaction the waste grew to 4-5 times the live words.
 */
const importCompactionWasteRatio = 1;

/** Imports running, per engine: a second concurrent import into one graph is refused. */
const importing = new WeakSet<Engine>();

/**
 * One transaction's worth of lines, in columns (`CreateBatch`). Its arrays are reused by a later batch
 * once it has committed, so an import allocates nothing per element that outlives the line's parsing.
 */
class Batch {
  readonly creates: CreateBatch;
  vertices = 0;
  edges = 0;
  lastLine = 0;
  /**
   * Edges with an endpoint whose engine id was unknown when the line was parsed (a vertex of this batch
   * or of the one still in flight): the edge's row, and the endpoints' ordinals (-1: already resolved);
   * patched on the writer.
   */
  readonly pendingRows: number[] = [];
  readonly sources: number[] = [];
  readonly targets: number[] = [];

  constructor(
    readonly index: number,
    readonly firstOrdinal: number,
    reused: CreateBatch | undefined,
  ) {
    this.creates = reused ?? new CreateBatch();
  }

  get elements(): number {
    return this.vertices + this.edges;
  }
}

/**
 * Reads JSONL from `source` into `engine`, whose graph must be empty. Resolves with the created counts;
 * rejects with `BulkImportError` (or the source's own error, for example an aborted request, after the
 * batch in flight has settled).
 */
export async function importJsonl(
  engine: Engine,
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const batchSize = options.batchSize ?? defaultImportBatchSize;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > maxImportBatchSize) {
    throw new RangeError(`batchSize must be an integer in [1, ${maxImportBatchSize}], got ${batchSize}`);
  }
  if (engine.vertexCount + engine.edgeCount > 0) {
    throw new BulkImportError(
      'notEmpty',
      `the graph holds ${engine.vertexCount} vertices and ${engine.edgeCount} edges; ` +
        'an import needs an empty graph (clear it with HEAD /tabularasa)',
      undefined,
      0,
      0,
    );
  }
  if (importing.has(engine)) {
    throw new BulkImportError('notEmpty', 'another import into this graph is running', undefined, 0, 0);
  }
  importing.add(engine);
  const releaseCompaction = engine.holdCompaction(importCompactionWasteRatio);
  try {
    return await new Importer(engine, batchSize, options).run(source);
  } finally {
    releaseCompaction();
    importing.delete(engine);
  }
}

class Importer {
  private readonly splitter: LineSplitter;
  private readonly ids = new FileIdMap();
  private readonly parser: LineParser;
  /** First engine id of each submitted batch, by batch index (set on the writer). */
  private readonly bases: number[] = [];
  private batch: Batch;
  private readonly ready: Batch[] = [];
  /** Columns of committed batches, for the next ones (two suffice: one parsing, one committing). */
  private readonly spare: CreateBatch[] = [];
  private inFlight: Promise<void> | undefined;
  private failure: BulkImportError | undefined;
  private readonly generation: number;
  private linesRead = 0;
  private verticesCommitted = 0;
  private edgesCommitted = 0;
  private readonly maxBytes: number;

  constructor(
    private readonly engine: Engine,
    private readonly batchSize: number,
    private readonly options: ImportOptions,
  ) {
    this.splitter = new LineSplitter(options.maxLineBytes ?? defaultMaxLineBytes);
    this.parser = new LineParser(engine, this.ids);
    this.batch = new Batch(0, 0, undefined);
    this.generation = engine.graph.idSpaceGeneration;
    this.maxBytes = options.maxBytes !== undefined && options.maxBytes > 0 ? options.maxBytes : Infinity;
  }

  async run(
    source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  ): Promise<ImportSummary> {
    let bytes = 0;
    let lastYield = performance.now();
    try {
      for await (const piece of source) {
        const chunk =
          typeof piece === 'string'
            ? Buffer.from(piece)
            : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
        bytes += chunk.length;
        if (bytes > this.maxBytes) {
          throw this.error(
            'tooLarge',
            `the body is larger than ${this.maxBytes} bytes (Svc:BulkIO:MaxImportRequestBytes)`,
            undefined,
          );
        }
        for (let from = 0; from < chunk.length; from += maxSliceBytes) {
          if (from > 0 || performance.now() - lastYield > maxParseMillisecondsBetweenYields) {
            await yieldToEventLoop();
            lastYield = performance.now();
          }
          const slice =
            from === 0 && chunk.length <= maxSliceBytes ? chunk : chunk.subarray(from, from + maxSliceBytes);
          this.splitter.push(slice, this.onLine);
          await this.submitReady();
        }
      }
      this.splitter.end(this.onLine);
      this.parser.checkCounts(this.linesRead);
      if (this.batch.elements > 0) this.ready.push(this.batch);
      await this.submitReady();
      await this.settle();
    } catch (error) {
      throw await this.failWith(error);
    }
    return {
      verticesCreated: this.verticesCommitted,
      edgesCreated: this.edgesCommitted,
      linesRead: this.linesRead,
    };
  }

  /** Parses one line into the open batch; a full batch moves to `ready`. */
  private readonly onLine = (line: string, lineNumber: number): void => {
    this.linesRead = lineNumber;
    const batch = this.batch;
    const ordinal = batch.firstOrdinal + batch.elements;
    const parsed = this.parser.parse(line, lineNumber, ordinal, batch.elements);
    if (parsed === undefined) return; // blank or meta
    // The parser's objects for the line die here: the batch keeps columns.
    const { operation, embeddings } = parsed;
    const { creates } = batch;
    const row = creates.count;
    if (operation.kind === 'createEdge') {
      batch.edges++;
      const { input } = operation;
      const source = this.engineIdOf(parsed.source);
      const target = this.engineIdOf(parsed.target);
      creates.addEdge(
        source,
        target,
        input.edgePropertyId,
        input.creationDate,
        input.label,
        input.properties,
      );
      if (source < 0 || target < 0) {
        batch.pendingRows.push(row);
        batch.sources.push(source < 0 ? parsed.source : -1);
        batch.targets.push(target < 0 ? parsed.target : -1);
      }
    } else {
      batch.vertices++;
      const { input } = operation;
      creates.addVertex(input.creationDate, input.label, input.properties);
    }
    if (embeddings !== undefined) {
      for (const { name, vector, model } of embeddings) creates.addEmbedding(row, name, vector, model);
    }
    batch.lastLine = lineNumber;
    if (batch.elements === this.batchSize) {
      this.ready.push(batch);
      this.batch = new Batch(batch.index + 1, batch.firstOrdinal + this.batchSize, this.spare.pop());
    }
  };

  /** Submits the ready batches in order, each once the one before it has committed. */
  private async submitReady(): Promise<void> {
    while (this.ready.length > 0) {
      await this.settle();
      const batch = this.ready.shift()!;
      this.inFlight = this.submit(batch);
    }
  }

  /** Waits for the batch in flight; throws its failure. */
  private async settle(): Promise<void> {
    if (this.inFlight !== undefined) {
      await this.inFlight;
      this.inFlight = undefined;
    }
    if (this.failure !== undefined) throw this.failure;
  }

  /** The engine id of the element with `ordinal`, or -1 while its batch has no first id yet. */
  private engineIdOf(ordinal: number): number {
    const batch = Math.floor(ordinal / this.batchSize);
    return batch < this.bases.length ? this.bases[batch] + (ordinal - batch * this.batchSize) : -1;
  }

  /** Submits one batch; the promise never rejects: a failure is kept in `failure`. */
  private submit(batch: Batch): Promise<void> {
    const graph = this.engine.graph;
    const resolveIds = (firstId: number): void => {
      if (graph.idSpaceGeneration !== this.generation) {
        throw new EngineError(
          'IMPORT_INTERRUPTED',
          'the graph was cleared, trimmed or loaded during the import; the ids of the committed batches no longer hold',
        );
      }
      // Batches apply in order, one at a time: this is the next index.
      this.bases.push(firstId);
      const { pendingRows, sources, targets, creates } = batch;
      for (let i = 0; i < pendingRows.length; i++) {
        if (sources[i] >= 0) creates.sources[pendingRows[i]] = this.engineIdOf(sources[i]);
        if (targets[i] >= 0) creates.targets[pendingRows[i]] = this.engineIdOf(targets[i]);
      }
    };
    return this.submitWhenRoom(batch.creates, resolveIds).then(
      () => {
        batch.creates.reset();
        this.spare.push(batch.creates);
        this.verticesCommitted += batch.vertices;
        this.edgesCommitted += batch.edges;
        this.options.onBatchCommitted?.({
          linesRead: this.linesRead,
          verticesCommitted: this.verticesCommitted,
          edgesCommitted: this.edgesCommitted,
        });
      },
      (error: unknown) => {
        const cause =
          error instanceof EngineError
            ? error
            : new EngineError('WRITER_FAULT', `the batch failed: ${(error as Error).message}`);
        this.failure ??= this.error(
          'batchRolledBack',
          `the batch ending on line ${batch.lastLine} was rolled back: ${cause.message}`,
          batch.lastLine,
          cause,
        );
      },
    );
  }

  /**
   * Submits a batch once the writer's queue has room for it (docs/limits.md): an import waits for other
   * writers' transactions to drain rather than fail midway, and holds at most this one batch meanwhile.
   */
  private async submitWhenRoom(
    creates: CreateBatch,
    resolveIds: (firstId: number) => void,
  ): Promise<unknown> {
    const bytes = creates.queuedBytes;
    while (!this.engine.writerHasRoomFor(bytes)) await this.engine.writerQueueShrank();
    // In the same synchronous step as the check that found room: nothing can take it meanwhile.
    return this.engine.submitCreates(creates, resolveIds);
  }

  /**
   * The error to report for `error`: a failed batch comes before any later line, so it wins; otherwise
   * the error itself, as a BulkImportError when it is about a line. Waits for the batch in flight first,
   * so the committed counts are exact.
   */
  private async failWith(error: unknown): Promise<unknown> {
    // The batches completed before the failing line are committed, whatever the chunking was; the open
    // batch is dropped. A batch that fails meanwhile is recorded in `failure`.
    try {
      await this.submitReady();
    } catch {
      // `failure` holds it
    }
    if (this.inFlight !== undefined) await this.inFlight;
    if (this.failure !== undefined) return this.failure;
    // Counts as of now: the batch in flight has settled since the error was made.
    if (error instanceof BulkImportError)
      return this.error(error.kind, error.message, error.lineNumber, error.cause);
    if (error instanceof InvalidLineError) {
      return this.error('invalidLine', `Line ${error.lineNumber}: ${error.message}.`, error.lineNumber);
    }
    if (error instanceof LineError) {
      return error.kind === 'tooLong'
        ? this.error('lineTooLong', `Line ${error.lineNumber}: ${error.message}.`, error.lineNumber)
        : this.error('invalidLine', `Line ${error.lineNumber}: ${error.message}.`, error.lineNumber);
    }
    return error;
  }

  private error(
    kind: ImportFailureKind,
    message: string,
    lineNumber: number | undefined,
    cause?: EngineError,
  ): BulkImportError {
    return new BulkImportError(kind, message, lineNumber, this.verticesCommitted, this.edgesCommitted, cause);
  }
}
