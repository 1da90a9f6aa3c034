/**
 * Graph columns as a worker reads them: the descriptor `shareGraph` (share.ts) captures on the owning
 * thread, and `openSharedGraph`, which makes fixed-length views over exactly the captured lengths. V8
 * optimises fixed-length views like plain typed arrays, while views that track a growable buffer's length
 * run many times slower in hot loops.
 *
 * This module imports the engine's types only, so a worker thread loads none of the engine's code.
 * What a worker sees while the writer carries on is the subject of docs/workers.md ("What a worker
 * sees"): the buffers and lengths it was given (an epoch), live in-place writes within them, never a
 * buffer the writer swapped in later; every offset read from the graph must be bounds-checked.
 */
import type { TopologyView } from '../engine/index.js';

/** One column: its buffer (shared, never copied) and the elements the holder may read from it. */
export interface SharedColumnRef {
  buffer: SharedArrayBuffer;
  /** Elements from the buffer's start; at most what was committed at the capture. */
  length: number;
}

/** A graph's columns as captured at one moment, for another thread (structured-cloneable). */
export interface SharedGraph {
  /** One past the largest id in use at the capture: the worker reads ids below it only. */
  endId: number;
  /** The graph's `idSpaceGeneration` at the capture: ids mean something else once it changed. */
  idSpaceGeneration: number;
  /** Int32 per id, `endId` long (0 absent, 1 vertex, 2 + edge-type id for an edge). */
  kindType: SharedColumnRef;
  /** Int32 per id, `endId` long: a vertex's out-record offset into `pool` (-1 none), an edge's source. */
  first: SharedColumnRef;
  /** Int32 per id, `endId` long: a vertex's in-record offset into `pool` (-1 none), an edge's target. */
  second: SharedColumnRef;
  /** Int32 adjacency words (record layout in the engine's topology view), the committed length. */
  pool: SharedColumnRef;
  /** Uint32, one bit per id below `endId` rounded up to a word, set for live vertices. */
  vertexBits: SharedColumnRef;
  /** Int32 per id, 0 unlabelled else label id + 1; covers ids up to the last labelled one only. */
  labels: SharedColumnRef;
}

/** What a task reads: the engine's topology view over the captured buffers, plus labels and the generation. */
export interface GraphColumns extends TopologyView {
  /** 0 unlabelled, else label id + 1; ids at or past its length are unlabelled. */
  labels: Int32Array;
  idSpaceGeneration: number;
}

/** Read one id's label slot: 0 when unlabelled, else label id + 1. */
export function labelSlotAt(graph: GraphColumns, id: number): number {
  return id < graph.labels.length ? graph.labels[id] : 0;
}

type ViewKind = Int32ArrayConstructor | Uint32ArrayConstructor;

function viewOf<K extends ViewKind>(kind: K, column: SharedColumnRef, name: string): InstanceType<K> {
  const { buffer, length } = column;
  if (!(buffer instanceof SharedArrayBuffer)) {
    throw new TypeError(`the shared graph column '${name}' is not a SharedArrayBuffer`);
  }
  if (!Number.isInteger(length) || length < 0 || length * kind.BYTES_PER_ELEMENT > buffer.byteLength) {
    throw new RangeError(
      `the shared graph column '${name}' claims ${length} elements; its buffer holds ${buffer.byteLength} bytes`,
    );
  }
  // The constructors accept any buffer; their declared types only name ArrayBuffer.
  const View = kind as unknown as new (
    buffer: SharedArrayBuffer,
    offset: number,
    length: number,
  ) => InstanceType<K>;
  return new View(buffer, 0, length);
}

/**
 * Fixed-length views over a captured graph (on a worker, or on the owning thread for a reference run).
 * Refuses a descriptor whose lengths exceed its buffers.
 */
export function openSharedGraph(shared: SharedGraph): GraphColumns {
  const endId = shared.endId;
  if (!Number.isInteger(endId) || endId < 0)
    throw new RangeError(`the shared graph's endId ${endId} is invalid`);
  const columns: GraphColumns = {
    endId,
    idSpaceGeneration: shared.idSpaceGeneration,
    kindType: viewOf(Int32Array, shared.kindType, 'kindType'),
    first: viewOf(Int32Array, shared.first, 'first'),
    second: viewOf(Int32Array, shared.second, 'second'),
    pool: viewOf(Int32Array, shared.pool, 'pool'),
    vertexBits: viewOf(Uint32Array, shared.vertexBits, 'vertexBits'),
    labels: viewOf(Int32Array, shared.labels, 'labels'),
  };
  for (const name of ['kindType', 'first', 'second'] as const) {
    if (columns[name].length < endId) {
      throw new RangeError(
        `the shared graph column '${name}' holds ${columns[name].length} ids, below endId ${endId}`,
      );
    }
  }
  if (columns.vertexBits.length < (endId + 31) >>> 5) {
    throw new RangeError(`the shared graph's vertexBits cover fewer than endId ${endId} ids`);
  }
  return columns;
}
