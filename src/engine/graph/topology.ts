/**
 * A read view of the graph's topology for hot loops (traversal, path finding, analytics): the typed
 * arrays themselves, hoisted so a loop reads them from local constants. The arrays live in
 * SharedArrayBuffers, so a worker thread can read the same view without copying.
 *
 * A view is valid until the next write that grows a column or the pool; take a new one after writes.
 *
 * Finding the vertices: `vertexBits` has bit (id & 31) of word (id >>> 5) set for each live vertex.
 *   for (let word = 0; word < view.vertexBits.length; word++) {
 *     let bits = view.vertexBits[word];
 *     while (bits !== 0) {
 *       const low = bits & -bits;
 *       const v = (word << 5) | (31 - Math.clz32(low));
 *       bits ^= low;
 *       ...
 *     }
 *   }
 *
 * Walking the out-edges of vertex v:
 *   const record = view.first[v];                       // -1: no out-edges
 *   const end = record + 2 + view.pool[record + 1];
 *   for (let group = record + 2; group < end; ) {
 *     const typeId = view.pool[group], count = view.pool[group + 1];
 *     for (let at = group + 2; at < group + 2 + 2 * count; at += 2) {
 *       const edgeId = view.pool[at], neighbor = view.pool[at + 1];
 *     }
 *     group += 2 + 2 * count;
 *   }
 */
import { Graph, edgeKindBase, kindVertex } from './graph.js';

export interface TopologyView {
  /** One past the largest id in use. */
  endId: number;
  /** Per id: 0 absent, 1 vertex, 2 + edge-type id for an edge. */
  kindType: Int32Array;
  /** Vertex: out-record offset into `pool` (-1 none). Edge: source id. */
  first: Int32Array;
  /** Vertex: in-record offset into `pool` (-1 none). Edge: target id. */
  second: Int32Array;
  /** Adjacency records (layout in adjacency.ts). */
  pool: Int32Array;
  /** One bit per id, set for live vertices. */
  vertexBits: Uint32Array;
}

export const vertexKind = kindVertex;
/** An edge's `kindType` is this plus its edge-type id. */
export const edgeTypeBase = edgeKindBase;

export function topologyView(graph: Graph): TopologyView {
  return {
    endId: graph.nextId,
    kindType: graph.kindType.view,
    first: graph.first.view,
    second: graph.second.view,
    pool: graph.adjacencyPool.column.view,
    vertexBits: graph.vertexBits.view,
  };
}
