/**
 * The indexes of one namespace: creation by id and plug-in type, the boolean verbs of the index routes,
 * the scans, backfill, the status inventory, and the upkeep that keeps every index true to the graph.
 *
 * Plugging in an index type (the whole contract is in src/engine/tx/index-plugin.ts):
 *
 *   const vectorIndexPlugin: IndexPlugin = {
 *     pluginType: 'VectorIndex',
 *     capabilities: ['vector'],
 *     creatableOverInterface: true,           // POST /index may create it
 *     create(id, options, { graph }) {...},   // a new GraphIndex, or undefined for invalid options
 *     deserialize(id, payload, { graph }) {...},
 *   };
 *   engine.indexes.registerType(vectorIndexPlugin);   // or list it in `builtInIndexPlugins`
 *
 * From then on `POST /index` with `"pluginType": "VectorIndex"` reaches `create` with the converted
 * `pluginOptions` (a Map of option name to TypedValue), the index appears on `GET /status`, is purged of
 * removed elements, renumbered by trims, dropped by a clear, and checkpointed through `serialize`.
 *
 * Definitions and explicit writes are write operations. `Engine.createIndex` / `Engine.dropIndex` (what
 * `POST /index` and `DELETE /index/{id}` call) submit `defineIndex` / `dropIndex`, and `addToIndex`,
 * `removeFromIndex`, `removeIndexKey`, `putIndexVector` (the content routes) the index writes, to the
 * namespace's single writer, which applies them through `writerIndexes` in commit order among element
 * writes; the write-ahead log records them (entry types 20 and 21) and replay re-applies them in that
 * order. A clear (`HEAD /tabularasa`) drops every index as it applies, so an index defined after it in
 * the same group stays. `create`, `createSpatialIndex`, `drop`, `add`, `addGeometry`, `removeElement`,
 * `removeKey` and `backfill` below change the indexes directly, outside the writer: they are for library
 * callers that keep no log (and for backfill, which runs in slices), and what they do is not logged (a
 * checkpoint still saves it).
 *
 * Upkeep (the engine installs `onCommit` as a writer commit hook, so it runs right after each applied
 * group, before any caller is released and before any read can run), for each index from the point of
 * the group where it was defined on:
 * - every element a transaction removed, edges cascaded from a removed vertex included, is purged from
 *   every index;
 * - a trim renumbers every index's memberships (they follow their elements);
 * - an index with `observeCommit` then sees the transactions of the group after its definition.
 *
 * A bound vector index's content is the element embeddings, which the log records as element state.
 * `serializeIndex`/`restoreIndex` frame one
 * index for a checkpoint's sidecar file (`captureGraphIndex` the same bytes, captured now and encoded
 * later); a checkpoint holds every index (src/engine/durability/checkpoint), and installing one replaces
 * the whole set (`replaceAll`).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { EngineError, isEngineError } from '../errors.js';
import type { Graph } from '../graph/graph.js';
import { elementFilter, type ScanFilter, type ScanOperator } from '../graph/scan.js';
import type { TypedValue } from '../model/values.js';
import type { CommitHook, CommittedTransaction } from '../tx/writer.js';
import type { DefineIndexOperation, WriterIndexes } from '../tx/apply.js';
import type { IndexWriteOperation } from '../tx/operations.js';
import { joinParts } from './codec.js';
import { captureFramed, envelope, readEnvelope } from './envelope.js';
import { drain } from './keyed-index.js';
import { backfillIndex, type BackfillOutcome, type BackfillRequest } from './backfill.js';
import { appendSetBits, sortedUnique } from './id-lists.js';
import { dictionaryIndexPlugin } from './dictionary-index.js';
import {
  IndexFormatError,
  isFulltextIndex,
  isKeyedIndex,
  isOrderedIndex,
  isSpatialIndex,
  type FulltextHit,
  type GraphIndex,
  type IdVisitor,
  type IndexCapability,
  type IndexCapture,
  type IndexContext,
  type IndexOptions,
  type IndexPlugin,
} from '../tx/index-plugin.js';
import { rangeIndexPlugin } from './range-index.js';
import { regExIndexPlugin } from './regex-index.js';
import { vectorIndexPlugin } from './vector/plugin.js';
import { putVector } from './vector/put.js';
import {
  SpatialIndex,
  spatialIndexPlugin,
  type SpatialGeometry,
  type SpatialIndexConfig,
} from './spatial-index.js';

function invalidDefinition(message: string, indexId: string, pluginType: string): EngineError {
  return new EngineError('INDEX_DEFINITION_INVALID', message, { indexId, pluginType });
}

function missing(elementId: number): never {
  throw new EngineError('ELEMENT_NOT_FOUND', `the graph element ${elementId} does not exist`, { elementId });
}

/** The index types every namespace starts with. */
export const builtInIndexPlugins: readonly IndexPlugin[] = [
  dictionaryIndexPlugin,
  rangeIndexPlugin,
  regExIndexPlugin,
  spatialIndexPlugin,
  vectorIndexPlugin,
];

/** An entry of `indices` on `GET /status` (docs/indexes.md, Status). */
export interface IndexRecord {
  indexId: string;
  pluginType: string;
  embeddingName: string | null;
  model: string | null;
  capabilities: IndexCapability[];
  keys: number | null;
  values: number | null;
}

export interface FulltextResult {
  /** The highest element score of this result (0 when there are no elements). */
  maximumScore: number;
  elements: FulltextHit[];
}

export interface CreateOptions {
  /** Creation through `POST /index`: types that are not creatable over the interface answer false. */
  overInterface?: boolean;
}

/** Keys one slice of a sliced scan visits before yielding the event loop (a few ms at ~0.2-1 us per key). */
export const indexScanSliceKeys = 4096;
/**
 * Ids a sliced scan restricts and orders in one go; a larger result is restricted and ordered in slices
 * of about this many ids (each a few milliseconds: the restrictor reads the graph's columns at random).
 */
const finishSliceIds = 32_768;
/**
 * Purges (one removed id from one index) between two turns while a transaction applied in slices is
 * purged: a few milliseconds of work.
 */
const purgesPerSlice = 4096;

const noOptions: IndexOptions = new Map();

/** A scan that can pause: started with a visitor and a slice size, it yields between slices. */
type Slices = (visit: IdVisitor, sliceKeys: number) => Iterator<void>;

const done: Iterator<void> = { next: () => ({ done: true, value: undefined }) };
const noSlices: Slices = () => done;
const everyElement: ScanFilter = { resultType: 'Both' };

export class IndexRegistry {
  private readonly plugins = new Map<string, IndexPlugin>();
  private readonly indexes = new Map<string, GraphIndex>();
  private readonly context: IndexContext;
  /** Counts trims and clears: a paused scan or backfill that sees it change starts over. */
  private generation = 0;

  constructor(readonly graph: Graph) {
    this.context = { graph };
    for (const plugin of builtInIndexPlugins) this.registerType(plugin);
  }

  // ---- types ----

  /** Makes an index type available; a type name is registered once. */
  registerType(plugin: IndexPlugin): void {
    if (this.plugins.has(plugin.pluginType)) {
      throw new EngineError('INVALID_INPUT', `the index type '${plugin.pluginType}' is already registered`);
    }
    this.plugins.set(plugin.pluginType, plugin);
  }

  /** Registered `pluginType` names (`availableIndexPlugins` on `GET /status`). */
  get pluginTypes(): string[] {
    return [...this.plugins.keys()];
  }

  // ---- definitions ----

  /**
   * Creates an empty index. False when the id is taken, the type unknown (matched exactly), the options
   * invalid for the type, or, with `overInterface`, the type not creatable over the interface.
   */
  create(
    id: string,
    pluginType: string,
    options: IndexOptions = noOptions,
    how: CreateOptions = {},
  ): boolean {
    if (this.indexes.has(id)) return false;
    let index: GraphIndex;
    try {
      index = this.instantiate(id, pluginType, options, how.overInterface === true);
    } catch (error) {
      if (isEngineError(error, 'INDEX_DEFINITION_INVALID')) return false;
      throw error;
    }
    this.indexes.set(id, index);
    return true;
  }

  /**
   * A new index of `pluginType`; INDEX_DEFINITION_INVALID for an unknown type (matched exactly), options
   * the type refuses, or with `overInterface` a type not creatable over the interface.
   */
  private instantiate(
    id: string,
    pluginType: string,
    options: IndexOptions,
    overInterface: boolean,
  ): GraphIndex {
    const plugin = this.plugins.get(pluginType);
    if (plugin === undefined) {
      throw invalidDefinition(`the index type '${pluginType}' is not registered`, id, pluginType);
    }
    if (overInterface && !plugin.creatableOverInterface) {
      throw invalidDefinition(
        `the index type '${pluginType}' cannot be created over the interface`,
        id,
        pluginType,
      );
    }
    const index = plugin.create(id, options, this.context);
    if (index === undefined) {
      throw invalidDefinition(`the options of the ${pluginType} '${id}' are invalid`, id, pluginType);
    }
    return index;
  }

  /**
   * The indexes as the writer changes them (`defineIndex`, `dropIndex`, a clear, the explicit index
   * writes; see src/engine/tx/apply.ts): the engine attaches this to its writer. Each definition change
   * is undoable and keeps creation order (the order of `list` and of a checkpoint's index files); a write
   * either applies or throws its refusal having changed nothing.
   */
  readonly writerIndexes: WriterIndexes = {
    define: (operation: DefineIndexOperation) => {
      const { indexId, pluginType, options, overInterface, replaceExisting } = operation;
      const previous = this.indexes.get(indexId);
      if (previous !== undefined && replaceExisting !== true) {
        throw new EngineError('INDEX_EXISTS', `the index '${indexId}' exists`, { indexId });
      }
      const index = this.instantiate(indexId, pluginType, options, overInterface === true);
      const before = [...this.indexes];
      // A replaced index was created earlier; its successor is created now, so it goes last.
      this.indexes.delete(indexId);
      this.indexes.set(indexId, index);
      return { index, undo: () => this.restoreSet(before) };
    },
    drop: ({ indexId, ignoreAbsent }) => {
      const index = this.indexes.get(indexId);
      if (index === undefined) {
        if (ignoreAbsent === true) return undefined;
        throw new EngineError('INDEX_NOT_FOUND', `the index '${indexId}' does not exist`, { indexId });
      }
      const before = [...this.indexes];
      this.indexes.delete(indexId);
      return { index, undo: () => this.restoreSet(before) };
    },
    dropAll: () => {
      this.generation++;
      this.indexes.clear();
    },
    write: (operation) => this.applyWrite(operation),
  };

  /** An explicit index write on the writer: the boolean verbs below, with each `false` thrown as its refusal. */
  private applyWrite(operation: IndexWriteOperation): void {
    const { indexId } = operation;
    const index = this.indexes.get(indexId);
    if (operation.kind === 'indexPutVector') {
      putVector(this.graph, index, indexId, operation.id, operation.vector, operation.propertyId);
      return;
    }
    if (index === undefined) {
      throw new EngineError('INDEX_NOT_FOUND', `the index '${indexId}' does not exist`, { indexId });
    }
    let done: boolean;
    switch (operation.kind) {
      case 'indexAdd':
        done = this.graph.exists(operation.id)
          ? index.add(operation.id, operation.key)
          : missing(operation.id);
        break;
      case 'indexRemoveElement':
        done = this.graph.exists(operation.id) ? index.removeElement(operation.id) : missing(operation.id);
        break;
      case 'indexRemoveKey':
        done = index.removeKey(operation.key);
        break;
    }
    if (!done) {
      throw new EngineError('INDEX_WRITE_REFUSED', `the ${index.pluginType} '${indexId}' refused the write`, {
        indexId,
      });
    }
  }

  /** Puts back a set saved before a change, in its order (a re-insert alone would move an entry last). */
  private restoreSet(entries: readonly [string, GraphIndex][]): void {
    this.indexes.clear();
    for (const [id, index] of entries) this.indexes.set(id, index);
  }

  /** Creates a spatial index (library only); false when the id is taken, INVALID_INPUT for a bad config. */
  createSpatialIndex(id: string, config: SpatialIndexConfig = {}): boolean {
    if (this.indexes.has(id)) return false;
    this.indexes.set(id, new SpatialIndex(id, config));
    return true;
  }

  /** True when the index existed. */
  drop(id: string): boolean {
    return this.indexes.delete(id);
  }

  /** Drops every index. */
  clear(): void {
    this.indexes.clear();
  }

  get(id: string): GraphIndex | undefined {
    return this.indexes.get(id);
  }

  /** Every index, in creation order. */
  all(): GraphIndex[] {
    return [...this.indexes.values()];
  }

  get size(): number {
    return this.indexes.size;
  }

  /** The status inventory, in creation order. */
  list(): IndexRecord[] {
    return [...this.indexes.values()].map((index) => ({
      indexId: index.id,
      pluginType: index.pluginType,
      embeddingName: index.embeddingName,
      model: index.model,
      capabilities: [...index.capabilities],
      keys: index.keyCount,
      values: index.valueCount,
    }));
  }

  // ---- content: the boolean verbs ----

  /** Indexes a live element under `key`; false for an unknown index or element (or a refusing index). */
  add(id: string, elementId: number, key: TypedValue): boolean {
    const index = this.indexes.get(id);
    if (index === undefined || !this.graph.exists(elementId)) return false;
    return index.add(elementId, key);
  }

  /** Sets a live element's geometry in a spatial index; false for an unknown or non-spatial index or element. */
  addGeometry(id: string, elementId: number, geometry: SpatialGeometry): boolean {
    const index = this.indexes.get(id);
    if (!(index instanceof SpatialIndex) || !this.graph.exists(elementId)) return false;
    index.addGeometry(elementId, geometry);
    return true;
  }

  /** Removes every membership of an element; true when index and element exist (member or not). */
  removeElement(id: string, elementId: number): boolean {
    const index = this.indexes.get(id);
    if (index === undefined || !this.graph.exists(elementId)) return false;
    return index.removeElement(elementId);
  }

  /** Removes a key and its memberships; true when the key was there. */
  removeKey(id: string, key: TypedValue): boolean {
    return this.indexes.get(id)?.removeKey(key) ?? false;
  }

  // ---- scans: ascending live element ids, each once ----
  //
  // Each scan has a synchronous form for library callers and a sliced one (`...Sliced`) for servers: it
  // gives the event loop back after every `indexScanSliceKeys` keys. A sliced scan sees the index as it
  // is when each slice runs; it ends empty if the index is dropped meanwhile and starts over if a trim
  // renumbers the graph. Restrictors apply at the end, against the graph as it is then.

  /**
   * Elements under keys satisfying `key operator literal`, then the kind and label restrictor. Undefined
   * for an unknown index; empty for an index without keys (spatial, vector).
   */
  scan(id: string, operator: ScanOperator, literal: TypedValue, filter: ScanFilter): number[] | undefined {
    const slices = this.scanSlicesOf(id, operator, literal);
    return slices === undefined ? undefined : this.collect(slices, filter);
  }

  /** `scan` in slices that yield the event loop. */
  async scanSliced(
    id: string,
    operator: ScanOperator,
    literal: TypedValue,
    filter: ScanFilter,
  ): Promise<number[] | undefined> {
    const slices = this.scanSlicesOf(id, operator, literal);
    return slices === undefined ? undefined : this.collectSliced(id, slices, filter);
  }

  /**
   * Elements under keys between `left` and `right` (same type), each limit inclusive or exclusive.
   * Undefined for an unknown index; empty for an index without the `range` capability.
   */
  range(
    id: string,
    left: TypedValue,
    right: TypedValue,
    includeLeft: boolean,
    includeRight: boolean,
    filter: ScanFilter,
  ): number[] | undefined {
    const slices = this.rangeSlicesOf(id, left, right, includeLeft, includeRight);
    return slices === undefined ? undefined : this.collect(slices, filter);
  }

  /** `range` in slices that yield the event loop. */
  async rangeSliced(
    id: string,
    left: TypedValue,
    right: TypedValue,
    includeLeft: boolean,
    includeRight: boolean,
    filter: ScanFilter,
  ): Promise<number[] | undefined> {
    const slices = this.rangeSlicesOf(id, left, right, includeLeft, includeRight);
    return slices === undefined ? undefined : this.collectSliced(id, slices, filter);
  }

  /**
   * `requestString` as a case-insensitive regular expression over the keys of a fulltext index. Undefined
   * for an unknown index or one without the `fulltext` capability; INVALID_INPUT for a blank request or
   * one that is not a regular expression.
   */
  fulltext(id: string, requestString: string): FulltextResult | undefined {
    const slices = this.fulltextSlicesOf(id, requestString);
    return slices === undefined ? undefined : this.fulltextResult(drain(slices(Infinity)));
  }

  /** `fulltext` in slices that yield the event loop. */
  async fulltextSliced(id: string, requestString: string): Promise<FulltextResult | undefined> {
    const slices = this.fulltextSlicesOf(id, requestString);
    if (slices === undefined) return undefined;
    const index = this.indexes.get(id)!;
    for (;;) {
      const generation = this.generation;
      const running = slices(indexScanSliceKeys);
      let step = running.next();
      while (step.done !== true) {
        await yieldToEventLoop();
        if (this.indexes.get(id) !== index) return { maximumScore: 0, elements: [] };
        if (this.generation !== generation) break;
        step = running.next();
      }
      if (step.done === true) return this.fulltextResult(step.value);
    }
  }

  /**
   * Elements whose geometry overlaps the reference element's grown by `distance` (see spatial-index.ts),
   * the reference included. Undefined for an unknown or non-spatial index or a reference not in it.
   */
  spatial(id: string, elementId: number, distance: number): number[] | undefined {
    const index = this.indexes.get(id);
    if (index === undefined || !isSpatialIndex(index)) return undefined;
    const hits: number[] = [];
    const found = index.within(elementId, distance, (hit) => void hits.push(hit));
    return found ? this.finish(hits, everyElement) : undefined;
  }

  /** The scan's slices: the index's own when it has them, else the whole scan as one slice. */
  private scanSlicesOf(id: string, operator: ScanOperator, literal: TypedValue): Slices | undefined {
    const index = this.indexes.get(id);
    if (index === undefined) return undefined;
    if (!isKeyedIndex(index)) return noSlices;
    if (index.scanSlices !== undefined) {
      return (visit, sliceKeys) => index.scanSlices!(operator, literal, visit, sliceKeys);
    }
    return (visit) => {
      index.scan(operator, literal, visit);
      return done;
    };
  }

  private rangeSlicesOf(
    id: string,
    left: TypedValue,
    right: TypedValue,
    includeLeft: boolean,
    includeRight: boolean,
  ): Slices | undefined {
    const index = this.indexes.get(id);
    if (index === undefined) return undefined;
    if (!isOrderedIndex(index)) return noSlices;
    if (index.rangeSlices !== undefined) {
      return (visit, sliceKeys) =>
        index.rangeSlices!(left, right, includeLeft, includeRight, visit, sliceKeys);
    }
    return (visit) => {
      index.range(left, right, includeLeft, includeRight, visit);
      return done;
    };
  }

  private fulltextSlicesOf(
    id: string,
    requestString: string,
  ): ((sliceKeys: number) => Iterator<void, FulltextHit[]>) | undefined {
    if (requestString.trim() === '')
      throw new EngineError('INVALID_INPUT', 'requestString must not be blank');
    const index = this.indexes.get(id);
    if (index === undefined || !isFulltextIndex(index)) return undefined;
    let pattern: RegExp;
    try {
      pattern = new RegExp(requestString, 'gi');
    } catch (error) {
      throw new EngineError(
        'INVALID_INPUT',
        `requestString is not a valid regular expression: ${(error as Error).message}`,
      );
    }
    if (index.fulltextSlices !== undefined) return (sliceKeys) => index.fulltextSlices!(pattern, sliceKeys);
    return () => ({ next: () => ({ done: true, value: index.fulltext(pattern) }) });
  }

  private fulltextResult(hits: FulltextHit[]): FulltextResult {
    const live = elementFilter(this.graph, everyElement);
    const elements = hits.filter((hit) => live(hit.graphElementId));
    let maximumScore = 0;
    for (const hit of elements) if (hit.score > maximumScore) maximumScore = hit.score;
    return { maximumScore, elements };
  }

  private collect(slices: Slices, filter: ScanFilter): number[] {
    const raw: number[] = [];
    drain(slices((elementId) => void raw.push(elementId), Infinity));
    return this.finish(raw, filter);
  }

  /**
   * Runs a scan's slices, yielding between them, into one id list per slice (no list grows past a
   * slice's ids, so no large copy happens on the loop), then restricts and orders them.
   */
  private async collectSliced(id: string, slices: Slices, filter: ScanFilter): Promise<number[]> {
    const index = this.indexes.get(id);
    for (;;) {
      const generation = this.generation;
      const lists: number[][] = [];
      let list: number[] = [];
      let total = 0;
      const running = slices((elementId) => void list.push(elementId), indexScanSliceKeys);
      let finished = true;
      for (;;) {
        const done = running.next().done === true;
        lists.push(list);
        total += list.length;
        list = [];
        if (done) break;
        await yieldToEventLoop();
        if (this.indexes.get(id) !== index) return [];
        if (this.generation !== generation) {
          finished = false;
          break;
        }
      }
      if (!finished) continue;
      return total <= finishSliceIds ? this.finish(lists.flat(), filter) : this.finishSliced(lists, filter);
    }
  }

  /**
   * `finish` for a large result, in slices of about `finishSliceIds` ids: the accepted ids go into a
   * bitmap of the id space and are read back in order.
   */
  private async finishSliced(lists: number[][], filter: ScanFilter): Promise<number[]> {
    let bound = 0;
    for (const list of lists) for (const elementId of list) if (elementId >= bound) bound = elementId + 1;
    const bits = new Uint32Array((bound + 31) >>> 5);
    let budget = finishSliceIds;
    // A fresh filter after every pause: the graph's columns move when it outgrows their reservation.
    let accept = elementFilter(this.graph, filter);
    for (const list of lists) {
      for (const elementId of list) if (accept(elementId)) bits[elementId >>> 5] |= 1 << (elementId & 31);
      budget -= list.length;
      if (budget <= 0) {
        await yieldToEventLoop();
        budget = finishSliceIds;
        accept = elementFilter(this.graph, filter);
      }
    }
    const sorted: number[] = [];
    const sliceWords = finishSliceIds >>> 5;
    for (let word = 0; word < bits.length; word += sliceWords) {
      if (word > 0) await yieldToEventLoop();
      appendSetBits(bits, word, Math.min(bits.length, word + sliceWords), sorted);
    }
    return sorted;
  }

  /** Keeps the ids the restrictor accepts (live, kind, label), ascending and each once. */
  private finish(raw: number[], filter: ScanFilter): number[] {
    const accept = elementFilter(this.graph, filter);
    let kept = 0;
    for (let i = 0; i < raw.length; i++) if (accept(raw[i])) raw[kept++] = raw[i];
    raw.length = kept;
    return sortedUnique(raw, this.graph.nextId);
  }

  // ---- backfill ----

  /**
   * Fills a keyed index from element state (backfill.ts). Without a request, rebuilds a derived index
   * (one with `rebuild`, a bound vector index). INVALID_INPUT for an unknown index, a missing
   * `propertyId`, or an index that cannot take arbitrary keys.
   */
  async backfill(id: string, request?: BackfillRequest): Promise<BackfillOutcome> {
    const index = this.indexes.get(id);
    if (index === undefined) throw new EngineError('INVALID_INPUT', `the index '${id}' does not exist`);
    if (request === undefined) {
      if (index.rebuild === undefined) {
        throw new EngineError(
          'INVALID_INPUT',
          `the index '${id}' records no source to rebuild from; send a body with propertyId`,
        );
      }
      const { propertyId, ...counts } = await index.rebuild();
      return { indexId: id, propertyId, replaced: true, ...counts };
    }
    if (!isKeyedIndex(index)) {
      throw new EngineError('INVALID_INPUT', `the ${index.pluginType} '${id}' cannot take arbitrary keys`);
    }
    if (typeof request.propertyId !== 'string' || request.propertyId === '') {
      throw new EngineError('INVALID_INPUT', 'propertyId is required');
    }
    return backfillIndex(this.graph, index, request, {
      stillInstalled: () => this.indexes.get(id) === index,
      generation: () => this.generation,
    });
  }

  // ---- checkpoints ----

  /** One index framed for a checkpoint file: envelope (magic, version, type, id) around its payload. */
  serializeIndex(id: string): Uint8Array | undefined {
    const index = this.indexes.get(id);
    return index === undefined ? undefined : this.serializeGraphIndex(index);
  }

  /** `serializeIndex` of an index object. */
  serializeGraphIndex(index: GraphIndex): Uint8Array {
    return joinParts(envelope(index, [index.serialize()]));
  }

  /**
   * The index framed as `serializeGraphIndex` frames it, as it is now, to be encoded later: the index's
   * own `capture` where it has one (cheap now, the work in `encodeSteps`), else serialized now. A checkpoint
   * captures every index with the writer held and encodes them after releasing it.
   */
  captureGraphIndex(index: GraphIndex): IndexCapture {
    return captureFramed(index);
  }

  /**
   * Rebuilds an index from `serializeIndex` bytes and installs it under its id (replacing one there).
   * Throws `IndexFormatError` for unreadable bytes or a type this registry does not know.
   */
  restoreIndex(bytes: Uint8Array): GraphIndex {
    const index = this.decodeIndex(bytes);
    this.indexes.set(index.id, index);
    return index;
  }

  /**
   * Rebuilds an index from `serializeIndex` bytes without installing it (see `replaceAll`). Throws
   * `IndexFormatError` for unreadable bytes or a type this registry does not know.
   */
  decodeIndex(bytes: Uint8Array): GraphIndex {
    return drain(this.decodeIndexSteps(bytes));
  }

  /** `decodeIndex` in steps, where the index type can decode in steps (`IndexPlugin.deserializeSteps`). */
  *decodeIndexSteps(bytes: Uint8Array): Generator<void, GraphIndex> {
    const { pluginType, id, payload } = readEnvelope(bytes);
    const plugin = this.plugins.get(pluginType);
    if (plugin === undefined) throw new IndexFormatError(`the index type '${pluginType}' is not registered`);
    if (plugin.deserializeSteps !== undefined)
      return yield* plugin.deserializeSteps(id, payload, this.context);
    return plugin.deserialize(id, payload, this.context);
  }

  /**
   * Replaces the whole index set (a checkpoint was installed: its indexes replace the live ones, and
   * indexes created since are gone). Paused scans and backfills of the old set end or start over.
   */
  replaceAll(indexes: readonly GraphIndex[]): void {
    this.generation++;
    this.indexes.clear();
    for (const index of indexes) this.indexes.set(index.id, index);
  }

  // ---- upkeep ----

  /**
   * The writer commit hook (module comment). An index defined in the group was built from the graph as it
   * was at its definition, so it follows only the effects after it: a removal or trim before it is
   * already in what it saw (and a trim before it speaks of ids it never held).
   */
  readonly onCommit: CommitHook = (group) => {
    if (group.length === 1 && group[0].sliced === true && this.indexes.size > 0) {
      return this.purgeInSlices(group[0]);
    }
    let definedAt: Map<GraphIndex, number> | undefined;
    for (let t = 0; t < group.length; t++) {
      for (const effect of group[t].result.effects) {
        if (effect.kind === 'indexDefined') (definedAt ??= new Map()).set(effect.index, t);
        else if (effect.kind === 'trimmed') this.generation++;
      }
    }
    if (this.indexes.size === 0) return;
    // The indexes in place when the group began (those dropped during it are done with: left out).
    const live = new Set<GraphIndex>();
    for (const index of this.indexes.values()) if (definedAt?.has(index) !== true) live.add(index);
    for (const transaction of group) {
      for (const effect of transaction.result.effects) {
        switch (effect.kind) {
          case 'removed':
            for (const index of live) for (const id of effect.ids) index.purge(id);
            break;
          case 'trimmed':
            for (const index of live) index.renumber(effect.renumbering);
            break;
          case 'cleared':
            live.clear();
            break;
          case 'indexDefined':
            live.add(effect.index);
            break;
          case 'indexDropped':
            live.delete(effect.index);
            break;
        }
      }
    }
    for (const index of this.indexes.values()) {
      if (index.observeCommit === undefined) continue;
      const from = definedAt?.get(index);
      index.observeCommit(from === undefined ? group : group.slice(from + 1));
    }
  };

  /**
   * `onCommit` for a transaction applied in slices (it holds element operations only, and the writer
   * applies nothing else until this settles): its removals can purge millions of ids, a slice at a time.
   * Until it settles, an index may still hold ids of removed elements; scans never answer them, since
   * they keep live elements only.
   */
  private async purgeInSlices(transaction: CommittedTransaction): Promise<void> {
    const live = [...this.indexes.values()];
    let purges = 0;
    for (const effect of transaction.result.effects) {
      if (effect.kind !== 'removed') continue;
      for (const id of effect.ids) {
        for (const index of live) index.purge(id);
        purges += live.length;
        if (purges >= purgesPerSlice) {
          purges = 0;
          await yieldToEventLoop();
        }
      }
    }
    for (const index of live) index.observeCommit?.([transaction]);
  }
}
