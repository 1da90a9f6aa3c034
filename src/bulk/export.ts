/**
 * Bulk export (spec part 3 "Bulk", export rules; CONTRACT 3.1): the graph as JSONL, a meta line, then the
 * vertex lines in ascending id order, then the edge lines in ascending id order.
 *
 * Consistency: the export reads a consistent cut, the snapshot saves take (takeSnapshot: the writer is
 * held only while the per-id columns and the property records are copied, in slices; the side table of
 * values and the embeddings are pinned, not copied, and keep what the cut saw however the graph changes
 * afterwards). So everything committed before the export began is in it, exactly as it was then, and
 * nothing committed later is; a slow reader never holds the writer. The cut costs about 20 bytes per
 * element id plus the property records for as long as the export runs, and is released when the stream
 * ends or is destroyed. This is the spec's "two point-in-time reads" taken at the same point.
 *
 * Two passes over the cut, both in slices that yield the event loop: the first counts the lines (the meta
 * line comes first and carries the counts) and checks that every value can be written, so an unexportable
 * value fails the export (`BulkExportError`, HTTP 422) before a byte is sent; the second writes the lines
 * into a Readable that produces a slice of lines only when its reader asks for more (back-pressure), so
 * memory stays at one slice whatever the graph's size.
 *
 * Filters (exact, case-sensitive): `vertexLabel` restricts vertices; `edgeLabel` and `edgePropertyId`
 * restrict edges (AND); an edge is written only when both of its endpoints are.
 */
import { Readable } from 'node:stream';
import type { Engine } from '../engine/engine.js';
import { edgeKindBase, kindVertex } from '../engine/graph/graph.js';
import { isInlineTag, typeOfTag, typeTag, typeTagCount } from '../engine/graph/property-store.js';
import { classModulus } from '../engine/storage/block-pool.js';
import { takeSnapshot, type GraphSnapshot } from '../engine/durability/checkpoint/snapshot.js';
import { embeddingKey, embeddingStampKey } from '../engine/embeddings/names.js';
import type { EmbeddingPin, PinnedRange } from '../engine/embeddings/pin.js';
import type { TypedValue } from '../engine/model/values.js';
import { formatDouble, formatSingle } from '../engine/model/numeric-text.js';
import { bulkFormatName, bulkFormatVersion } from './format.js';
import { bulkTypeName, bulkValueTypes, formatBulkValue, unexportableReason } from './values.js';

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
  release(): void;
}

const defaultSliceMs = 8;
const defaultChunkLines = 4096;
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

/** A property entry of one element: its key and its `"key":{"type":...,"value":...}` text. */
interface Entry {
  key: string;
  text: string;
}

const byKey = (a: Entry, b: Entry): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** `"key":{"type":"System.T","value":`, the text of an entry up to its value. */
function entryPrefix(key: string, typeName: string): string {
  return `${JSON.stringify(key)}:{"type":${JSON.stringify(typeName)},"value":`;
}

const stringTag = typeTag('String');
const booleanTag = typeTag('Boolean');
const charTag = typeTag('Char');
const doubleTag = typeTag('Double');

/** Types whose value text never needs escaping in JSON (digits, signs, letters, `.:-+,`). */
const plainTextTypes: ReadonlySet<string> = new Set(
  [...bulkValueTypes].filter((type) => type !== 'String' && type !== 'Char'),
);

/** The cut and everything derived from it that both passes read. */
class ExportCut {
  readonly vertexLabelSlot: number | undefined;
  readonly edgeLabelSlot: number | undefined;
  readonly edgeTypeId: number | undefined;
  /** Per (key id, type tag): the entry's text up to its value, built on first use. */
  private readonly pairPrefixes: (string | undefined)[] = [];
  /** Per key id: its position among the key names in ordinal order. */
  private readonly keyRanks: Int32Array;
  private readonly labelJson: (string | undefined)[] = [];
  private readonly edgeTypeJson: (string | undefined)[] = [];
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
        const type = typeOfTag(tag);
        let reason: string | undefined;
        if (type === undefined) reason = `the type tag ${tag} is outside the allow-list of bulk files`;
        else if (type === 'Char') {
          const unit = pool[pair + 1];
          if (unit >= 0xd800 && unit <= 0xdfff) reason = 'the System.Char value is an unpaired surrogate';
        } else if (!isInlineTag(tag))
          reason = unexportableReason({ type, value: sideValues[pool[pair + 1]] });
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

  private checkKey(id: number, keyId: number): void {
    const key = this.snapshot.propertyKeyNames[keyId];
    if (key.isWellFormed()) this.keyState[keyId] = 1;
    else throw new BulkExportError(id, key, 'the key holds an unpaired surrogate');
  }

  // ---- line text ----

  private labelPart(id: number): string {
    const slot = this.labelSlotOf(id);
    if (slot === 0) return '';
    return (this.labelJson[slot] ??= `,"label":${JSON.stringify(this.snapshot.labelNames[slot - 1])}`);
  }

  /** `"key":{"type":"System.T","value":` of a stored key and type tag, built once. */
  private pairPrefix(keyId: number, tag: number): string {
    const slot = keyId * typeTagCount + tag;
    let prefix = this.pairPrefixes[slot];
    if (prefix === undefined) {
      prefix = entryPrefix(this.snapshot.propertyKeyNames[keyId], bulkTypeName(typeOfTag(tag)));
      this.pairPrefixes[slot] = prefix;
    }
    return prefix;
  }

  /** The JSON text of a stored value (inline payload or side-table slot), quotes included. */
  private valueText(tag: number, encoded: number): string {
    if (tag === stringTag) return JSON.stringify(this.snapshot.sideValues[encoded] as string);
    const type = typeOfTag(tag);
    let value: TypedValue;
    if (!isInlineTag(tag)) value = { type, value: this.snapshot.sideValues[encoded] } as TypedValue;
    else if (tag === booleanTag) return encoded === 1 ? '"true"' : '"false"';
    else if (tag === charTag) return JSON.stringify(String.fromCharCode(encoded));
    else if (tag === doubleTag) return `"${formatDouble(encoded)}"`;
    else value = { type, value: encoded } as TypedValue;
    const text = formatBulkValue(value);
    return plainTextTypes.has(type) ? `"${text}"` : JSON.stringify(text);
  }

  private propertiesPart(id: number): string {
    const { propertyRecords: records, propertyPool: pool } = this.snapshot;
    const record = id < records.length ? records[id] - 1 : -1;
    const embeddings = this.embeddingsOf(id);
    const count = record >= 0 ? Math.floor(pool[record] / classModulus) : 0;
    if (count === 0 && embeddings === undefined) return '';
    if (embeddings === undefined) {
      // Pairs are stored by key id; when the key ids also run in key-name order (the usual case: keys
      // interned in the order a file or a client first used them), no sort is needed.
      let text = ',"properties":{';
      let previousRank = -1;
      let ordered = true;
      for (let pair = record + recordHeaderWords, i = 0; i < count; i++, pair += 2) {
        const word = pool[pair];
        const keyId = Math.floor(word / typeTagCount);
        const tag = word - keyId * typeTagCount;
        const rank = this.keyRanks[keyId];
        if (rank < previousRank) ordered = false;
        previousRank = rank;
        text += `${i === 0 ? '' : ','}${this.pairPrefix(keyId, tag)}${this.valueText(tag, pool[pair + 1])}}`;
      }
      if (ordered) return `${text}}`;
    }
    const entries: Entry[] = [];
    for (let pair = record + recordHeaderWords, i = 0; i < count; i++, pair += 2) {
      const word = pool[pair];
      const keyId = Math.floor(word / typeTagCount);
      const tag = word - keyId * typeTagCount;
      entries.push({
        key: this.snapshot.propertyKeyNames[keyId],
        text: `${this.pairPrefix(keyId, tag)}${this.valueText(tag, pool[pair + 1])}}`,
      });
    }
    if (embeddings !== undefined) {
      const pin = this.snapshot.embeddings;
      for (const { name } of embeddings) {
        const vector = pin.vector(name, id);
        let components = '';
        for (let i = 0; i < vector.length; i++) components += (i === 0 ? '' : ',') + formatSingle(vector[i]);
        const key = embeddingKey(name);
        entries.push({ key, text: `${entryPrefix(key, 'System.Single[]')}"${components}"}` });
        const model = pin.model(name, id);
        if (model !== null) {
          const stampKey = embeddingStampKey(name);
          entries.push({
            key: stampKey,
            text: `${entryPrefix(stampKey, 'System.String')}${JSON.stringify(model)}}`,
          });
        }
      }
    }
    entries.sort(byKey);
    let text = ',"properties":{';
    for (let i = 0; i < entries.length; i++) text += (i === 0 ? '' : ',') + entries[i].text;
    return `${text}}`;
  }

  vertexLine(id: number): string {
    return (
      `{"type":"vertex","id":${id}${this.labelPart(id)},"creationDate":${this.snapshot.created[id]}` +
      `${this.propertiesPart(id)}}\n`
    );
  }

  edgeLine(id: number): string {
    const { kindType, first, second, created, edgeTypeNames } = this.snapshot;
    const typeId = kindType[id] - edgeKindBase;
    const type = (this.edgeTypeJson[typeId] ??= JSON.stringify(edgeTypeNames[typeId]));
    return (
      `{"type":"edge","id":${id},"edgePropertyId":${type},"source":${first[id]},"target":${second[id]}` +
      `${this.labelPart(id)},"creationDate":${created[id]}${this.propertiesPart(id)}}\n`
    );
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
    let sliceStart = performance.now();
    for (let id = 0; id < snapshot.nextId; id++) {
      if (id % idsPerClockRead === 0 && performance.now() - sliceStart >= sliceMs) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
      if (cut.isExportedVertex(id)) vertexCount++;
      else if (cut.isExportedEdge(id)) edgeCount++;
      else continue;
      cut.check(id);
    }
  } catch (error) {
    release();
    throw error;
  }
  const exportedAt = snapshot.takenAt;
  const lines = lineProducer(cut, metaLine(vertexCount, edgeCount, exportedAt), sliceMs, chunkLines);
  let scheduled = false;
  const stream = new Readable({
    highWaterMark: 1 << 18,
    read() {
      if (scheduled) return;
      scheduled = true;
      // Each chunk in its own turn of the event loop, so I/O and other requests run between chunks.
      const produce = (): void => {
        if (this.destroyed) return;
        try {
          const chunk = lines.next();
          if (chunk === '') {
            setImmediate(produce);
            return;
          }
          scheduled = false;
          if (chunk === undefined) {
            release();
            this.push(null);
          } else this.push(chunk, 'utf8');
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
  return { vertexCount, edgeCount, exportedAt, stream, release };
}

/**
 * The stream's chunks, one per call: the meta line, then vertex lines, then edge lines. A call answers ''
 * when its time slice ran out before a line was written (a long run of ids that are not exported), and
 * undefined at the end.
 */
function lineProducer(
  cut: ExportCut,
  meta: string,
  sliceMs: number,
  chunkLines: number,
): { next(): string | undefined } {
  const end = cut.snapshot.nextId;
  let phase: 'meta' | 'vertices' | 'edges' | 'done' = 'meta';
  let cursor = 0;
  return {
    next(): string | undefined {
      if (phase === 'done') return undefined;
      let text = '';
      let lines = 0;
      if (phase === 'meta') {
        text = meta;
        lines = 1;
        phase = 'vertices';
      }
      const started = performance.now();
      let visited = 0;
      while (lines < chunkLines) {
        if (cursor >= end) {
          if (phase === 'edges') {
            phase = 'done';
            break;
          }
          phase = 'edges';
          cursor = 0;
          continue;
        }
        const id = cursor++;
        if (phase === 'vertices') {
          if (cut.isExportedVertex(id)) {
            text += cut.vertexLine(id);
            lines++;
          }
        } else if (cut.isExportedEdge(id)) {
          text += cut.edgeLine(id);
          lines++;
        }
        if (++visited % 256 === 0 && performance.now() - started >= sliceMs) break;
      }
      return text.length === 0 && phase === 'done' ? undefined : text;
    },
  };
}
