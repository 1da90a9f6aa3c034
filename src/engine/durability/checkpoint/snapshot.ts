/**
 * A consistent cut of one engine's graph, taken while the writer is held only for the copy.
 *
 * What is copied, with the writer held (an exclusive step: every write submitted before has committed and
 * been released, later writes wait, reads continue): the used prefix of the per-id header columns, the
 * property record column and the property record pool, into SharedArrayBuffers that worker threads read;
 * the interned names; the counts and the writer's `committedSequence`. The copy runs in slices that yield,
 * so the event loop keeps serving reads meanwhile. The destination buffers are allocated and touched
 * before the writer is held, because first-touch page faults cost more than the copy itself.
 *
 * What is not copied: the adjacency records, which the save's workers rebuild from the edges' endpoints
 * (within a group, edges are always in ascending id order; adjacency-encode.ts); the side table of
 * property values (strings, bigints, dates, ...), which is pinned instead (`PropertyStore.pinSideValues`):
 * slots freed after the cut keep their values until the snapshot is released; and the element embeddings,
 * pinned the same way (`EmbeddingStore.pin`: a write after the cut keeps the vector it replaces for the
 * snapshot). Release every snapshot.
 *
 * The indexes are captured with the writer held, after the copy, all in one synchronous piece (copy on
 * write: O(1), O(key blocks), or a vector index's id column per index), and encoded after the writer is
 * released, in slices
 * (snapshot-indexes.ts): the index writes of the routes, element removals and trims reach the indexes
 * through commits, so only while the writer is held do their memberships match the element cut (and the
 * log's anchor: a write committed after the cut is replayed, one before it is in the checkpoint).
 */
import type { Engine } from '../../engine.js';
import type { Graph } from '../../graph/graph.js';
import type { Interner } from '../../model/interner.js';
import type { PinnedSideValues } from '../../graph/property-store.js';
import type { EmbeddingPin } from '../../embeddings/store.js';
import { Pacer, pacedCopy } from './pace.js';
import type { RegistrationSnapshot } from '../../registrations/store.js';
import {
  captureIndexes,
  encodeIndexes,
  releaseCaptures,
  type CapturedIndexes,
  type DroppedIndex,
  type SnapshotIndex,
} from './snapshot-indexes.js';

export interface GraphSnapshot {
  /** One past the largest id assigned: the next created element gets this id. */
  readonly nextId: number;
  readonly vertexCount: number;
  readonly edgeCount: number;
  /** The engine's `committedSequence` at the cut: every transaction up to it is in, none after. */
  readonly lastCommittedSequence: number;
  readonly takenAt: Date;
  /** Per id, `nextId` long (layouts in graph.ts); SharedArrayBuffer-backed. */
  readonly kindType: Int32Array;
  readonly created: Uint32Array;
  /** Vertex: adjacency record offset (meaningless outside the live graph); edge: source vertex. */
  readonly first: Int32Array;
  /** Vertex: adjacency record offset; edge: target vertex. */
  readonly second: Int32Array;
  /** Per id up to the last labelled one (may be shorter than `nextId`). */
  readonly labels: Int32Array;
  /** Per id: property record offset + 1 in `propertyPool`, 0 for none; may be shorter than `nextId`. */
  readonly propertyRecords: Int32Array;
  /** The property record pool's used words (layout in property-store.ts). */
  readonly propertyPool: Float64Array;
  /** The side table at the cut (pinned: see the module comment). */
  readonly sideValues: readonly unknown[];
  readonly labelNames: readonly string[];
  readonly edgeTypeNames: readonly string[];
  readonly propertyKeyNames: readonly string[];
  /** The element embeddings at the cut (pinned: see the module comment). */
  readonly embeddings: EmbeddingPin;
  /** The namespace's registrations (stored queries, ...) at the cut: saved as manifest sections. */
  readonly registrations: RegistrationSnapshot;
  /** Every index of the engine at the cut, serialized, in creation order. */
  readonly indexes: readonly SnapshotIndex[];
  /** Indexes whose serialization failed: the checkpoint goes without them. */
  readonly droppedIndexes: readonly DroppedIndex[];
  /** Wall time the writer was held for the copy and the index captures, yields included: how long writes waited. */
  readonly writerHeldMs: number;
  /** Unpins the side table and the embeddings. Idempotent; the snapshot's values must not be read afterwards. */
  release(): void;
}

export interface SnapshotOptions {
  /** Longest synchronous slice of the copy, ms (default 8). */
  sliceMs?: number;
  /**
   * The write sequence of the cut, read while the writer is held (default: the engine's
   * `committedSequence`). A write-ahead log that numbers its entries itself passes its own counter here.
   */
  sequence?: () => number;
  /**
   * Capture and serialize the indexes with the cut (default true). A reader that needs only the elements
   * (bulk export) passes false: `indexes` and `droppedIndexes` are then empty.
   */
  indexes?: boolean;
}

type Column = Int32Array | Uint32Array | Float64Array;
type ColumnKind = Int32ArrayConstructor | Uint32ArrayConstructor | Float64ArrayConstructor;

/** Headroom over the sizes seen before the hold, for writes that commit while the buffers are prepared. */
const headroomFraction = 1 / 32;
const headroomMinimum = 4096;

function sharedArray<K extends ColumnKind>(kind: K, length: number): InstanceType<K> {
  const View = kind as unknown as new (buffer: SharedArrayBuffer) => InstanceType<K>;
  return new View(new SharedArrayBuffer(length * kind.BYTES_PER_ELEMENT));
}

/** A buffer allocated and touched ahead of the hold; grown (untouched) during it if writes outran it. */
class Destination<K extends ColumnKind> {
  array: InstanceType<K>;

  constructor(
    private readonly kind: K,
    expected: number,
  ) {
    const capacity =
      expected === 0 ? 0 : expected + Math.max(headroomMinimum, Math.ceil(expected * headroomFraction));
    this.array = sharedArray(kind, capacity);
  }

  /** Touches every page (fills with zeros), in slices. */
  async prefault(pacer: Pacer): Promise<void> {
    const array = this.array;
    const chunk = (4 << 20) / array.BYTES_PER_ELEMENT;
    for (let from = 0; from < array.length; from += chunk) {
      array.fill(0, from, Math.min(array.length, from + chunk));
      await pacer.pace();
    }
  }

  /** Copies `source` (its first `length` elements) and answers the copy, exactly `length` long. */
  async copy(source: InstanceType<K>, length: number, pacer: Pacer): Promise<InstanceType<K>> {
    if (length > this.array.length) this.array = sharedArray(this.kind, length);
    const target = this.array.subarray(0, length) as InstanceType<K>;
    await pacedCopy(target as Column, source.subarray(0, length) as Column, pacer);
    return target;
  }
}

function namesOf(interner: Interner): string[] {
  const names = new Array<string>(interner.size);
  for (let i = 0; i < names.length; i++) names[i] = interner.nameOf(i);
  return names;
}

function labelledLength(graph: Graph): number {
  return Math.min(graph.labels.length, graph.nextId);
}

function propertyRecordsLength(graph: Graph): number {
  return Math.min(graph.properties.recordOffsets?.length ?? 0, graph.nextId);
}

/**
 * Takes a consistent cut of `engine`'s graph (see the module comment). Resolves once the copy is done,
 * the writer released and the indexes encoded; the writes the cut includes are exactly those up to
 * `lastCommittedSequence`.
 */
export async function takeSnapshot(engine: Engine, options: SnapshotOptions = {}): Promise<GraphSnapshot> {
  const graph = engine.graph;
  const pacer = new Pacer(options.sliceMs);
  const destinations = {
    kindType: new Destination(Int32Array, graph.nextId),
    created: new Destination(Uint32Array, graph.nextId),
    first: new Destination(Int32Array, graph.nextId),
    second: new Destination(Int32Array, graph.nextId),
    labels: new Destination(Int32Array, labelledLength(graph)),
    propertyRecords: new Destination(Int32Array, propertyRecordsLength(graph)),
    propertyPool: new Destination(Float64Array, graph.properties.recordPool.usedWords),
  };
  for (const destination of Object.values(destinations)) await destination.prefault(pacer);

  const held = await engine.exclusive(async () => {
    const heldFrom = performance.now();
    const takenAt = new Date();
    const end = graph.nextId;
    // Everything read below stays as it is until this step settles: the writer is held.
    const kindType = await destinations.kindType.copy(graph.kindType.view, end, pacer);
    const created = await destinations.created.copy(graph.created.view, end, pacer);
    const first = await destinations.first.copy(graph.first.view, end, pacer);
    const second = await destinations.second.copy(graph.second.view, end, pacer);
    const labels = await destinations.labels.copy(graph.labels.view, labelledLength(graph), pacer);
    const recordColumn = graph.properties.recordOffsets;
    const propertyRecords =
      recordColumn === null
        ? new Int32Array(0)
        : await destinations.propertyRecords.copy(recordColumn.view, propertyRecordsLength(graph), pacer);
    const pool = graph.properties.recordPool;
    const propertyPool = await destinations.propertyPool.copy(pool.column.view, pool.usedWords, pacer);
    // From here to the end of the step nothing awaits: the pins, the sequence and the index captures are
    // one instant, the cut's.
    const pinned: PinnedSideValues = graph.properties.pinSideValues();
    const embeddings = graph.embeddings.pin(end);
    const lastCommittedSequence = options.sequence?.() ?? engine.committedSequence;
    const labelNames = namesOf(graph.labelNames);
    const edgeTypeNames = namesOf(graph.edgeTypes);
    const propertyKeyNames = namesOf(graph.propertyKeys);
    const registrations = graph.registrations.snapshot();
    // Last, so that nothing can throw between the captures and the hand-over that releases them.
    const indexes: CapturedIndexes =
      options.indexes === false ? { captured: [], dropped: [] } : captureIndexes(engine.indexes);
    const cut = {
      nextId: end,
      vertexCount: graph.vertexCount,
      edgeCount: graph.edgeCount,
      lastCommittedSequence,
      takenAt,
      kindType,
      created,
      first,
      second,
      labels,
      propertyRecords,
      propertyPool,
      sideValues: pinned.values,
      labelNames,
      edgeTypeNames,
      propertyKeyNames,
      embeddings,
      registrations,
      writerHeldMs: performance.now() - heldFrom,
      release: () => {
        pinned.release();
        embeddings.release();
      },
    };
    return { cut, indexes };
  });

  // The writer is free again: writes commit while the captures are encoded, and do not reach them.
  let encoded: Awaited<ReturnType<typeof encodeIndexes>>;
  try {
    encoded = await encodeIndexes(held.indexes, pacer);
  } catch (error) {
    releaseCaptures(held.indexes);
    held.cut.release();
    throw error;
  }
  const snapshot: GraphSnapshot = {
    ...held.cut,
    indexes: encoded.written,
    droppedIndexes: encoded.dropped,
  };
  return snapshot;
}
