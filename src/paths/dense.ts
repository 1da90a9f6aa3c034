/**
 * Dense vertex numbering for per-vertex search state. Element ids are shared by vertices and edges, so an
 * array indexed by id is mostly holes (a graph with ten edges per vertex would waste nine slots in ten);
 * a search that keeps several numbers per vertex indexes them by the vertex's rank among the live vertices
 * instead: arrays of `count` entries.
 *
 * The numbering is a snapshot taken when the search starts (a copy of the vertex bitmap and a prefix
 * count per 32-id word, one pass over the bitmap): a vertex removed meanwhile keeps its number, one
 * created meanwhile has none (the search does not see it), so writes between slices never shift the
 * numbers under the search.
 */
import type { Graph } from '../engine/index.js';

function popcount(bits: number): number {
  let x = bits - ((bits >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export class DenseVertices {
  /** Vertices in the snapshot. */
  readonly count: number;
  /** The vertex id of each dense number. */
  readonly ids: Int32Array;
  private readonly bits: Uint32Array;
  /** Live vertices in the words before each word. */
  private readonly prefix: Int32Array;

  constructor(graph: Graph) {
    const words = (graph.nextId + 31) >>> 5;
    this.bits = graph.vertexBits.view.slice(0, words);
    this.prefix = new Int32Array(words + 1);
    let count = 0;
    for (let word = 0; word < words; word++) {
      this.prefix[word] = count;
      count += popcount(this.bits[word]);
    }
    this.prefix[words] = count;
    this.count = count;
    this.ids = new Int32Array(count);
    let at = 0;
    for (let word = 0; word < words; word++) {
      let pending = this.bits[word];
      while (pending !== 0) {
        const lowest = pending & -pending;
        this.ids[at++] = (word << 5) | (31 - Math.clz32(lowest));
        pending ^= lowest;
      }
    }
  }

  /** The dense number of vertex `id`, or -1 when it was no vertex when the snapshot was taken. */
  indexOf(id: number): number {
    const word = id >>> 5;
    if (id < 0 || word >= this.bits.length) return -1;
    const bits = this.bits[word];
    const bit = 1 << (id & 31);
    if ((bits & bit) === 0) return -1;
    return this.prefix[word] + popcount(bits & (bit - 1));
  }
}
