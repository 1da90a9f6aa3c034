/**
 * Handing a namespace's graph columns to a worker thread without copying them: `shareGraph` captures the
 * SharedArrayBuffers behind the topology and label columns and how much of each is in use. Posting the
 * result shares the buffers; nothing is copied (docs/workers.md).
 */
import { topologyView, type Graph } from '../engine/index.js';
import type { SharedColumnRef, SharedGraph } from './columns.js';

function columnOf(view: Int32Array | Uint32Array, length: number, name: string): SharedColumnRef {
  const buffer = view.buffer;
  if (!(buffer instanceof SharedArrayBuffer)) {
    throw new TypeError(`the graph column '${name}' is not backed by a SharedArrayBuffer`);
  }
  return { buffer, length: Math.min(length, view.length) };
}

/**
 * Captures `graph`'s columns for a worker. Call it on the thread that owns the graph (synchronously, so it
 * sees the graph between two writer steps); the result may be posted to any number of workers.
 */
export function shareGraph(graph: Graph): SharedGraph {
  const view = topologyView(graph);
  const endId = view.endId;
  return {
    endId,
    idSpaceGeneration: graph.idSpaceGeneration,
    kindType: columnOf(view.kindType, endId, 'kindType'),
    first: columnOf(view.first, endId, 'first'),
    second: columnOf(view.second, endId, 'second'),
    pool: columnOf(view.pool, view.pool.length, 'pool'),
    vertexBits: columnOf(view.vertexBits, (endId + 31) >>> 5, 'vertexBits'),
    labels: columnOf(graph.labels.view, endId, 'labels'),
  };
}
