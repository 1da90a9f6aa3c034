/**
 * The index plug-in contract: what an index type gives the registry (src/engine/indexes/registry.ts) so
 * that `POST /index`, the boolean index routes, element removal, trim, `GET /status`, backfill and
 * checkpoints all work for it without the registry knowing the type.
 *
 * It sits with the writer, not with the index types: the writer installs indexes as write operations and
 * carries them in its commit records, while an index follows those records (`observeCommit`), so the two
 * name each other and must share a layer (docs/architecture.md).
 *
 * An index type is an `IndexPlugin` registered once per registry (`IndexRegistry.registerType`); every
 * index is a `GraphIndex` the plug-in creates. The registry owns everything common:
 *
 * - ids: `create` refuses a taken id before the plug-in is asked; `drop`, `list`, `get`;
 * - existence checks: `add`/`removeElement` reach the index only for a live element (else the route
 *   answers `false`), so an index never holds a removed element it was not told about;
 * - purging: after every commit the registry calls `purge` on every index for every removed element,
 *   edges cascaded from a vertex removal included; `renumber` after a trim; a clear drops every index;
 * - the checkpoint envelope (magic, version, plug-in type, id) around `serialize()`'s bytes, or around
 *   the bytes a `capture()` taken with the writer held encodes afterwards.
 *
 * Scans are capabilities: an index that lists `equality` implements `KeyedIndex` (and `OrderedIndex`
 * for `range`, `FulltextIndex` for `fulltext`), one that lists `spatial` implements `SpatialScan`. A
 * vector index lists `vector` and brings its own scan route; the registry only needs `GraphIndex`.
 *
 * A vector index plugs in as `{ pluginType: 'VectorIndex', capabilities: ['vector'],
 * creatableOverInterface: true, create, deserialize }`: `create` validates the options (docs/vectors.md)
 * and returns undefined for invalid ones (`POST /index` answers `false`); `add` ignores the key and
 * answers `!bound`; `removeElement` answers `!bound`; `removeKey` answers false; `purge` drops the
 * element's vector; a bound index follows writes through `observeCommit` and rebuilds through `rebuild`.
 */
import type { Graph } from '../graph/graph.js';
import type { ScanOperator } from '../graph/scan.js';
import type { TypedValue } from '../model/values.js';
import type { CommittedTransaction } from './writer.js';

export type IndexCapability = 'equality' | 'range' | 'fulltext' | 'spatial' | 'vector';

/** Creation options: option name to typed value, as `pluginOptions` of `POST /index` converts them. */
export type IndexOptions = ReadonlyMap<string, TypedValue>;

/** What an index may read: the namespace's live graph (element state, for bound indexes and backfill). */
export interface IndexContext {
  readonly graph: Graph;
}

export interface IndexPlugin {
  /** The exact, case-sensitive `pluginType` string. */
  readonly pluginType: string;
  readonly capabilities: readonly IndexCapability[];
  /**
   * False when `POST /index` must answer `false` for this type (SpatialIndex: its configuration is not
   * expressible in `pluginOptions`); the library API creates it all the same.
   */
  readonly creatableOverInterface: boolean;
  /** A new, empty index; undefined when `options` are invalid (`POST /index` answers `false`). */
  create(id: string, options: IndexOptions, context: IndexContext): GraphIndex | undefined;
  /**
   * The index `serialize()` wrote, rebuilt. Throws `IndexFormatError` for bytes it cannot read (foreign
   * magic, a newer version, truncation). Element ids are the graph's at serialization time.
   */
  deserialize(id: string, payload: Uint8Array, context: IndexContext): GraphIndex;
  /**
   * `deserialize` in steps, optional: a generator that pauses every few milliseconds of work (a checkpoint
   * loaded into a serving process lets the event loop turn there) and returns the index.
   */
  deserializeSteps?(id: string, payload: Uint8Array, context: IndexContext): Generator<void, GraphIndex>;
}

/** Element counts of one backfill or rebuild (docs/indexes.md, Backfill). */
export interface BackfillCounts {
  scannedElements: number;
  indexedElements: number;
  skippedUnindexableValues: number;
}

/** What a derived index's `rebuild` reports: the counts, and the property it read (null if none). */
export type RebuildOutcome = BackfillCounts & { propertyId: string | null };

export interface GraphIndex {
  readonly id: string;
  readonly pluginType: string;
  readonly capabilities: readonly IndexCapability[];
  /** The embedding a vector index is bound to; null otherwise (status record). */
  readonly embeddingName: string | null;
  /** A vector index's `model` option; null otherwise (status record). */
  readonly model: string | null;
  /** Distinct keys; null when the index cannot count them. */
  readonly keyCount: number | null;
  /** (key, element) memberships; null when the index cannot count them. */
  readonly valueCount: number | null;

  /**
   * `PUT /index/{id}`: indexes a live element under `key`. Answers whether the add was accepted: true
   * even when the key is of a kind the index ignores (the ancestor's behaviour), false when the index
   * refuses explicit adds (a vector index bound to an embedding).
   */
  add(elementId: number, key: TypedValue): boolean;
  /**
   * `DELETE /index/{id}/{elementId}`: removes every membership of a live element. True even when it was
   * not a member; false when the index refuses explicit removals (a bound vector index).
   */
  removeElement(elementId: number): boolean;
  /** `DELETE /index/{id}/propertyValue`: removes a key and its memberships; true when the key was there. */
  removeKey(key: TypedValue): boolean;
  /** The element left the graph: forget it. Always applies (bound indexes included). */
  purge(elementId: number): void;
  /** A trim renumbered the graph: `renumbering[old]` is the new id (-1 for ids no longer live). */
  renumber(renumbering: Int32Array): void;
  /** Empties the index, keeping its definition (backfill with `replace`). */
  clearEntries(): void;
  /**
   * Follows a committed group (a bound index tracks element state); optional. A bulk batch's transaction
   * (`creates`) is read during the call: its `operations` are made from columns the import reuses later.
   */
  observeCommit?(group: readonly CommittedTransaction[]): void;
  /**
   * `POST /index/backfill/{id}` without a body: rebuilds a derived index from element state. Absent on
   * indexes whose source is not recorded (the route answers 400 for them).
   */
  rebuild?(): RebuildOutcome | Promise<RebuildOutcome>;
  /** The index content, self-describing (own magic number and version) for `IndexPlugin.deserialize`. */
  serialize(): Uint8Array;
  /**
   * The content as it is now, cheaply (a checkpoint takes it with the writer held, so it must cost far
   * less than `serialize`: copy on write, or a copy of compact arrays). Optional: a checkpoint serializes
   * an index without it while the writer is held.
   */
  capture?(): IndexCapture;
}

/** An index's content at `GraphIndex.capture`, encoded later while the index goes on changing. */
export interface IndexCapture {
  /**
   * The bytes `serialize()` would have answered at the capture, as consecutive parts, in steps: the
   * generator pauses every few milliseconds of work so the caller can let the event loop turn (parts
   * spare the caller a copy of the whole payload in one piece). Run it at most once.
   */
  encodeSteps(): Generator<void, readonly Uint8Array[]>;
  /** Ends the capture (the index stops keeping what it saw for it); idempotent. */
  release(): void;
}

/** Visited with each element id a scan finds; an id may come more than once (several matching keys). */
export type IdVisitor = (elementId: number) => void;

/** An index of typed keys (capability `equality`). */
export interface KeyedIndex extends GraphIndex {
  /** Whether `key` can be indexed here (backfill counts the rest as unindexable). */
  accepts(key: TypedValue): boolean;
  /**
   * Elements under keys satisfying `key operator literal`, typed: keys of another type than the literal
   * match under no operator, NotEquals included. Ordered operators are a linear key scan unless the index
   * is an `OrderedIndex`.
   */
  scan(operator: ScanOperator, literal: TypedValue, visit: IdVisitor): void;
  /**
   * `scan` in slices: pauses (yields) after every `sliceKeys` keys so the caller can give the event loop
   * back, and copes with the index changing while it is paused. Optional: without it, servers scan in
   * one go.
   */
  scanSlices?(
    operator: ScanOperator,
    literal: TypedValue,
    visit: IdVisitor,
    sliceKeys: number,
  ): Iterator<void>;
}

/** Keys in order (capability `range`): ordered scans in O(log n + k). */
export interface OrderedIndex extends KeyedIndex {
  /** Elements under keys between two limits of the same type; each limit inclusive or exclusive. */
  range(
    left: TypedValue,
    right: TypedValue,
    includeLeft: boolean,
    includeRight: boolean,
    visit: IdVisitor,
  ): void;
  /** `range` in slices (see `KeyedIndex.scanSlices`); optional. */
  rangeSlices?(
    left: TypedValue,
    right: TypedValue,
    includeLeft: boolean,
    includeRight: boolean,
    visit: IdVisitor,
    sliceKeys: number,
  ): Iterator<void>;
}

/** One element of a fulltext result (docs/indexes.md, Fulltext). */
export interface FulltextHit {
  graphElementId: number;
  /** Whole whitespace-delimited words containing a match, plain text, each once. */
  highlights: string[];
  /** Regex matches over all of the element's keys. */
  score: number;
}

/** Case-insensitive regular-expression search over string keys (capability `fulltext`). */
export interface FulltextIndex extends KeyedIndex {
  fulltext(pattern: RegExp): FulltextHit[];
  /** `fulltext` in slices of `sliceKeys` keys; the generator's return value is the result. Optional. */
  fulltextSlices?(pattern: RegExp, sliceKeys: number): Iterator<void, FulltextHit[]>;
}

/** Geometry neighbourhoods (capability `spatial`). */
export interface SpatialScan extends GraphIndex {
  /**
   * Elements whose boxes overlap the reference element's box grown by `distance` (docs/indexes.md), the
   * reference included; false when the reference element is not in the index.
   */
  within(elementId: number, distance: number, visit: IdVisitor): boolean;
}

export function isKeyedIndex(index: GraphIndex): index is KeyedIndex {
  return index.capabilities.includes('equality') && typeof (index as KeyedIndex).scan === 'function';
}

export function isOrderedIndex(index: GraphIndex): index is OrderedIndex {
  return index.capabilities.includes('range') && typeof (index as OrderedIndex).range === 'function';
}

export function isFulltextIndex(index: GraphIndex): index is FulltextIndex {
  return index.capabilities.includes('fulltext') && typeof (index as FulltextIndex).fulltext === 'function';
}

export function isSpatialIndex(index: GraphIndex): index is SpatialScan {
  return index.capabilities.includes('spatial') && typeof (index as SpatialScan).within === 'function';
}

/** Bytes an index or the registry cannot read back. */
export class IndexFormatError extends Error {
  override readonly name = 'IndexFormatError';
}
