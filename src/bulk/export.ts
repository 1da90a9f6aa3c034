/**
 * Bulk export (docs/bulk.md, "Export"): the graph as JSONL, a meta line, then the vertex lines in ascending
 * id order, then the edge lines in ascending id order.
 *
 * Consistency: the export reads a consistent cut, the snapshot saves take (takeSnapshot: the writer is
 * held only while the per-id columns and the property records are copied, in slices; the side table of
 * values and the embeddings are pinned, not copied, and keep what the cut saw however the graph changes
 * afterwards). So everything committed before the export began is in it, exactly as it was then, and
 * nothing committed later is; a slow reader never holds the writer. The cut costs about 20 bytes per
 * element id plus the property records for as long as the export runs, and is released when the stream
 * ends or is destroyed. Vertices and edges are therefore read at the same point in time.
 *
 * Two passes over the cut, both in slices that yield the event loop: the first counts the lines (the meta
 * line comes first and carries the counts) and checks that every value can be written, so an unexportable
 * value fails the export (`BulkExportError`, HTTP 422) before a byte is sent; the second writes the lines
 * (as bytes, export-lines.ts) a chunk at a time, only when the reader asks for more (back-pressure), into
 * a Readable (`stream`) or straight to a socket or file (`writeTo`, which reuses chunk buffers), so memory
 * stays at a few chunks whatever the graph's size.
 *
 * Filters (exact, case-sensitive): `vertexLabel` restricts vertices; `edgeLabel` and `edgePropertyId`
 * restrict edges (AND); an edge is written only when both of its endpoints are.
 */
import { Readable, type Writable } from 'node:stream';
import { type Engine, takeSnapshot, type GraphSnapshot } from '../engine/index.js';
import { edgeKindBase, kindVertex } from '../engine/graph/graph.js';
import { isInlineTag, typeOfTag, typeTag, typeTagCount } from '../engine/graph/property-store.js';
import { classModulus } from '../engine/storage/block-pool.js';
import { embeddingStampKey } from '../engine/embeddings/names.js';
import type { EmbeddingPin, PinnedRange } from '../engine/embeddings/pin.js';
import { bulkFormatName, bulkFormatVersion } from './format.js';
import { ChunkWriter, writeUtf8 } from './chunk-writer.js';
import { ExportLineWriter, type LineSource } from './export-lines.js';
import { unexportableReason } from './values.js';

export interface ExportFilters {
  vertexLabel?: string;
  edgeLabel?: string;
  edgePropertyId?: string;
}

export interface ExportOptions {
  /** Longest synchronous slice of either pass, ms (default 8). */
  sliceMs?: number;
  /** Most lines one chunk of the stream holds (default 4096). */
  chunkLines?: number;
  /** Bytes after which a chunk of the stream ends (default 256 KiB; its last line may pass it). */
  chunkBytes?: number;
}

/** A value the export cannot write (HTTP 422 before any byte): which element, which key, why. */
export class BulkExportError extends Error {
  override readonly name = 'BulkExportError';
  constructor(
    readonly elementId: number,
    readonly propertyKey: string,
    readonly reason: string,
  ) {
    super(`The element ${elementId} cannot be exported: its property '${propertyKey}': ${reason}.`);
  }
}

export interface BulkExport {
  /** Vertex and edge lines the stream holds after the meta line. */
  readonly vertexCount: number;
  readonly edgeCount: number;
  readonly exportedAt: Date;
  /**
   * The lines as UTF-8 chunks, the meta line first. Read it to the end or destroy it: either releases the
   * cut (`release` does so without reading).
   */
  readonly stream: Readable;
  /**
   * Writes the lines to `destination` instead (a socket, an HTTP response, a file stream: a destination
   * done with a chunk's bytes when it calls back for it, since the chunk's buffer is then reused), and
   * ends it; resolves when it finishes. Rejects when the destination fails or closes first. Either this or
   * `stream`, once; both release the cut.
   */
  writeTo(destination: Writable): Promise<void>;
  release(): void;
}

const defaultSliceMs = 8;
const defaultChunkLines = 4096;
const defaultChunkBytes = 256 * 1024;
/** What the Readable of `stream` buffers ahead of its reader. */
const streamHighWaterMarkBytes = 256 * 1024;
/** Room in a chunk's buffer beyond `chunkBytes`: a last line up to this long is written in place. */
const chunkSlackBytes = 64 * 1024;
const stringTag = typeTag('String');
const charTag = typeTag('Char');
/** Per type tag: 1 when its values live inline in the property record. */
const inlineTags = Uint8Array.from({ length: typeTagCount }, (_, tag) => (isInlineTag(tag) ? 1 : 0));
/** Ids between two clock reads in the passes. */
const idsPerClockRead = 1024;
/** Ids whose embeddings are looked up at once (one pin lookup per window). */
const embeddingWindowIds = 4096;
const recordHeaderWords = 2;

/** `2026-03-01T09:00:00.0000000Z`: the round-trip form, seven fractional digits. */
export function exportTimestamp(date: Date): string {
  return `${date.toISOString().slice(0, 23)}0000Z`;
}

export function metaLine(vertexCount: number, edgeCount: number, exportedAt: Date): string {
  return (
    `{"type":"meta","format":"${bulkFormatName}","version":${bulkFormatVersion},` +
    `"exportedAtUtc":"${exportTimestamp(exportedAt)}","vertexCount":${vertexCount},"edgeCount":${edgeCount}}\n`
  );
}

/** The cut and everything derived from it that both passes read. */
class ExportCut implements LineSource {
  readonly vertexLabelSlot: number | undefined;
  readonly edgeLabelSlot: number | undefined;
  readonly edgeTypeId: number | undefined;
  /** Per key id: its position among the key names in ordinal order. */
  readonly keyRanks: Int32Array;
  /** Per key id: 1 when the key is exportable, 2 when not, 0 unknown yet. */
  private readonly keyState: Uint8Array;
  readonly hasEmbeddings: boolean;
  private windowStart = -1;
  private windowEntries = new Map<number, { name: string }[]>();

  constructor(
    readonly snapshot: GraphSnapshot,
    filters: ExportFilters,
  ) {
    const slotOf = (names: readonly string[], name: string | undefined): number | undefined => {
      if (name === undefined) return undefined;
      const index = names.indexOf(name);
      return index < 0 ? -1 : index + 1;
    };
    this.vertexLabelSlot = slotOf(snapshot.labelNames, filters.vertexLabel);
    this.edgeLabelSlot = slotOf(snapshot.labelNames, filters.edgeLabel);
    const type = slotOf(snapshot.edgeTypeNames, filters.edgePropertyId);
    this.edgeTypeId = type === undefined ? undefined : type - 1;
    this.keyState = new Uint8Array(snapshot.propertyKeyNames.length);
    const keys = snapshot.propertyKeyNames;
    this.keyRanks = new Int32Array(keys.length);
    [...keys.keys()]
      .sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : 0))
      .forEach((keyId, rank) => (this.keyRanks[keyId] = rank));
    const pin = snapshot.embeddings;
    this.hasEmbeddings = pin.preimages.size > 0 || (!pin.materialized && pin.source.size > 0);
  }

  labelSlotOf(id: number): number {
    const labels = this.snapshot.labels;
    return id < labels.length ? labels[id] : 0;
  }

  isExportedVertex(id: number): boolean {
    return (
      this.snapshot.kindType[id] === kindVertex &&
      (this.vertexLabelSlot === undefined || this.labelSlotOf(id) === this.vertexLabelSlot)
    );
  }

  isExportedEdge(id: number): boolean {
    const kind = this.snapshot.kindType[id];
    if (kind < edgeKindBase) return false;
    if (this.edgeTypeId !== undefined && kind - edgeKindBase !== this.edgeTypeId) return false;
    if (this.edgeLabelSlot !== undefined && this.labelSlotOf(id) !== this.edgeLabelSlot) return false;
    if (this.vertexLabelSlot === undefined) return true;
    return this.isExportedVertex(this.snapshot.first[id]) && this.isExportedVertex(this.snapshot.second[id]);
  }

  /** The element's embedding names at the cut (looked up a window of ids at a time). */
  embeddingsOf(id: number): { name: string }[] | undefined {
    if (!this.hasEmbeddings) return undefined;
    const start = id - (id % embeddingWindowIds);
    if (start !== this.windowStart) {
      this.windowStart = start;
      this.windowEntries = new Map();
      for (const { name, groups } of pinnedRange(
        this.snapshot.embeddings,
        start,
        start + embeddingWindowIds,
      )) {
        for (const { ids } of groups) {
          for (const holder of ids) {
            const list = this.windowEntries.get(holder);
            if (list === undefined) this.windowEntries.set(holder, [{ name }]);
            else list.push({ name });
          }
        }
      }
    }
    return this.windowEntries.get(id);
  }

  /**
   * Counts the exported vertices and edges of ids [from, to) into `counts` and checks their values
   * (`check`: only elements with a property record, or every one when the cut holds embeddings); answers
   * the id reached, less than `to` when the clock passed `sliceEnd` first.
   */
  countAndCheck(
    from: number,
    to: number,
    counts: { vertices: number; edges: number },
    sliceEnd: number,
  ): number {
    const { kindType, propertyRecords: records } = this.snapshot;
    const filtered =
      this.vertexLabelSlot !== undefined || this.edgeTypeId !== undefined || this.edgeLabelSlot !== undefined;
    const checkAll = this.hasEmbeddings;
    let id = from;
    while (id < to) {
      const stop = Math.min(to, id + idsPerClockRead);
      for (; id < stop; id++) {
        if (filtered) {
          if (this.isExportedVertex(id)) counts.vertices++;
          else if (this.isExportedEdge(id)) counts.edges++;
          else continue;
        } else {
          const kind = kindType[id];
          if (kind === kindVertex) counts.vertices++;
          else if (kind >= edgeKindBase) counts.edges++;
          else continue;
        }
        if (checkAll || (id < records.length && records[id] !== 0)) this.check(id);
      }
      if (performance.now() >= sliceEnd) break;
    }
    return id;
  }

  /** Throws `BulkExportError` for the element's first value that cannot be exported. */
  check(id: number): void {
    const { propertyRecords: records, propertyPool: pool, sideValues } = this.snapshot;
    const record = id < records.length ? records[id] - 1 : -1;
    if (record >= 0) {
      const end = record + recordHeaderWords + 2 * Math.floor(pool[record] / classModulus);
      for (let pair = record + recordHeaderWords; pair < end; pair += 2) {
        const word = pool[pair];
        const keyId = Math.floor(word / typeTagCount);
        const tag = word - keyId * typeTagCount;
        if (this.keyState[keyId] !== 1) this.checkKey(id, keyId);
        if (tag === stringTag) {
          // The usual case, without making the value object `unexportableReason` takes.
          const value = sideValues[pool[pair + 1]];
          if (typeof value === 'string' && value.isWellFormed()) continue;
        } else if (inlineTags[tag] === 1 && tag !== charTag) continue;
        const reason = this.unexportable(tag, pool[pair + 1]);
        if (reason !== undefined)
          throw new BulkExportError(id, this.snapshot.propertyKeyNames[keyId], reason);
      }
    }
    const embeddings = this.embeddingsOf(id);
    if (embeddings !== undefined) {
      for (const { name } of embeddings) {
        const model = this.snapshot.embeddings.model(name, id);
        if (model !== null && !model.isWellFormed()) {
          throw new BulkExportError(
            id,
            embeddingStampKey(name),
            'the System.String value holds an unpaired surrogate',
          );
        }
      }
    }
  }

  /** Why the stored value (type tag, inline payload or side-table slot) cannot be exported, if it cannot. */
  private unexportable(tag: number, encoded: number): string | undefined {
    const type = typeOfTag(tag);
    if (type === undefined) return `the type tag ${tag} is outside the allow-list of bulk files`;
    if (type === 'Char') {
      return encoded >= 0xd800 && encoded <= 0xdfff
        ? 'the System.Char value is an unpaired surrogate'
        : undefined;
    }
    if (isInlineTag(tag)) return undefined;
    return unexportableReason({ type, value: this.snapshot.sideValues[encoded] });
  }

  private checkKey(id: number, keyId: number): void {
    const key = this.snapshot.propertyKeyNames[keyId];
    if (key.isWellFormed()) this.keyState[keyId] = 1;
    else throw new BulkExportError(id, key, 'the key holds an unpaired surrogate');
  }
}

/**
 * The pin's embeddings of [start, end) listed in one go: a window is a few thousand ids, well inside the
 * pin's own pause interval, so driving its stepwise listing to the end holds the event loop only briefly.
 */
function pinnedRange(pin: EmbeddingPin, start: number, end: number): PinnedRange[] {
  const steps = pin.rangeSteps(start, end);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Takes the cut, counts and checks it, and answers the export's stream. Throws `BulkExportError` (the cut
 * released) when a value cannot be exported; nothing has been produced then.
 */
export async function openExport(
  engine: Engine,
  filters: ExportFilters = {},
  options: ExportOptions = {},
): Promise<BulkExport> {
  const sliceMs = options.sliceMs ?? defaultSliceMs;
  const chunkLines = options.chunkLines ?? defaultChunkLines;
  const chunkBytes = options.chunkBytes ?? defaultChunkBytes;
  const snapshot = await takeSnapshot(engine, { sliceMs, indexes: false });
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    snapshot.release();
  };
  let cut: ExportCut;
  let vertexCount = 0;
  let edgeCount = 0;
  try {
    cut = new ExportCut(snapshot, filters);
    const counts = { vertices: 0, edges: 0 };
    for (let id = 0; id < snapshot.nextId;) {
      id = cut.countAndCheck(id, snapshot.nextId, counts, performance.now() + sliceMs);
      if (id < snapshot.nextId) await yieldToEventLoop();
    }
    vertexCount = counts.vertices;
    edgeCount = counts.edges;
  } catch (error) {
    release();
    throw error;
  }
  const exportedAt = snapshot.takenAt;
  const meta = metaLine(vertexCount, edgeCount, exportedAt);
  const lines = lineProducer(cut, meta, sliceMs, chunkLines, chunkBytes);
  return new OpenedExport(vertexCount, edgeCount, exportedAt, lines, release);
}

/** The chunks of an export, made one at a time (lineProducer). */
interface ChunkSource {
  /** The next chunk: empty when its time slice ran out before a line was written, undefined at the end. */
  next(): Buffer | undefined;
  /** Lets later chunks reuse the buffer of a chunk the destination no longer holds. */
  recycle(chunk: Buffer): void;
}

class OpenedExport implements BulkExport {
  private consumed = false;
  private readable: Readable | undefined;

  constructor(
    readonly vertexCount: number,
    readonly edgeCount: number,
    readonly exportedAt: Date,
    private readonly lines: ChunkSource,
    readonly release: () => void,
  ) {}

  get stream(): Readable {
    if (this.readable === undefined) {
      this.claim();
      this.readable = chunkStream(this.lines, this.release);
    }
    return this.readable;
  }

  writeTo(destination: Writable): Promise<void> {
    this.claim();
    return writeChunks(this.lines, this.release, destination);
  }

  private claim(): void {
    if (this.consumed) throw new Error('the export is already being read');
    this.consumed = true;
  }
}

/**
 * The chunks as a Readable: a chunk is made when the reader asks for one (back-pressure), each in its own
 * turn of the event loop, so I/O and other requests run between chunks.
 */
function chunkStream(lines: ChunkSource, release: () => void): Readable {
  let scheduled = false;
  return new Readable({
    highWaterMark: streamHighWaterMarkBytes,
    read() {
      if (scheduled) return;
      scheduled = true;
      const produce = (): void => {
        if (this.destroyed) return;
        try {
          const chunk = lines.next();
          if (chunk !== undefined && chunk.length === 0) {
            setImmediate(produce);
            return;
          }
          scheduled = false;
          if (chunk === undefined) {
            release();
            this.push(null);
          } else this.push(chunk);
        } catch (error) {
          this.destroy(error as Error);
        }
      };
      setImmediate(produce);
    },
    destroy(error, callback) {
      release();
      callback(error);
    },
  });
}

/**
 * Writes the chunks to `destination`, then ends it. A chunk is made, in its own turn of the event loop,
 * only when the destination takes more (`write` answered true, or 'drain'); once the destination has
 * called back for a chunk, its buffer is reused for a later one, so the export allocates a few buffers
 * in all rather than one per chunk (each a garbage collector's external allocation).
 */
function writeChunks(lines: ChunkSource, release: () => void, destination: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      destination.off('drain', onDrain);
      destination.off('close', onClose);
      destination.off('error', settle);
      release();
      if (error === undefined) resolve();
      else reject(error);
    };
    const onClose = (): void =>
      settle(
        Object.assign(new Error('the destination closed before the export ended'), {
          code: 'ERR_STREAM_PREMATURE_CLOSE',
        }),
      );
    const onDrain = (): void => void setImmediate(step);
    const step = (): void => {
      if (settled) return;
      let chunk: Buffer | undefined;
      try {
        chunk = lines.next();
      } catch (error) {
        destination.destroy(error as Error);
        settle(error as Error);
        return;
      }
      if (chunk === undefined) {
        release();
        destination.end();
        return;
      }
      if (chunk.length === 0) {
        setImmediate(step);
        return;
      }
      const written = chunk;
      const more = destination.write(written, (error) => {
        if (error === null || error === undefined) lines.recycle(written);
      });
      if (more) setImmediate(step);
      else destination.once('drain', onDrain);
    };
    destination.on('error', settle);
    destination.on('close', onClose);
    destination.once('finish', () => settle());
    setImmediate(step);
  });
}

/**
 * The stream's chunks, one per call: the meta line, then vertex lines, then edge lines. A chunk ends at
 * `chunkLines` lines, at `chunkBytes` bytes, or when its time slice runs out; a call answers an empty
 * chunk when the slice ran out before a line was written (a long run of ids that are not exported), and
 * undefined at the end.
 */
function lineProducer(
  cut: ExportCut,
  meta: string,
  sliceMs: number,
  chunkLines: number,
  chunkBytes: number,
): ChunkSource {
  const end = cut.snapshot.nextId;
  const writer = new ExportLineWriter(cut);
  // A chunk's last line starts below `chunkBytes`; the slack holds it without moving the chunk.
  const out = new ChunkWriter(chunkBytes + chunkSlackBytes);
  let phase: 'meta' | 'vertices' | 'edges' | 'done' = 'meta';
  let cursor = 0;
  return {
    next(): Buffer | undefined {
      if (phase === 'done') return undefined;
      let lines = 0;
      if (phase === 'meta') {
        writeUtf8(out, meta);
        lines = 1;
        phase = 'vertices';
      }
      const started = performance.now();
      let visited = 0;
      if (phase === 'vertices') {
        while (cursor < end && lines < chunkLines && out.length < chunkBytes) {
          const id = cursor++;
          if (cut.isExportedVertex(id)) {
            writer.writeVertex(out, id);
            lines++;
          }
          if ((++visited & clockMask) === 0 && performance.now() - started >= sliceMs) return out.take();
        }
        if (cursor < end) return out.take();
        phase = 'edges';
        cursor = 0;
      }
      while (cursor < end && lines < chunkLines && out.length < chunkBytes) {
        const id = cursor++;
        if (cut.isExportedEdge(id)) {
          writer.writeEdge(out, id);
          lines++;
        }
        if ((++visited & clockMask) === 0 && performance.now() - started >= sliceMs) break;
      }
      if (cursor >= end) phase = 'done';
      return out.length === 0 && phase === 'done' ? undefined : out.take();
    },
    recycle(chunk: Buffer): void {
      out.recycle(chunk);
    },
  };
}

/** The producer reads the clock once per `clockMask + 1` ids. */
const clockMask = 255;
