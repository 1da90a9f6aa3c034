/**
 * The rows a route answers from a result: the top scores (score descending, then id ascending), the
 * partitions (size descending, then partition id ascending) and one partition's members (ascending).
 *
 * A page of `offset + maxResults` rows is chosen with a bounded heap, O(n log page), rather than sorting
 * every vertex: a million-vertex result costs one pass when a client asks for the first hundred.
 */
import type { PartitionResult, ScoreResult } from './outcome.js';

export interface ScoreRow {
  readonly vertexId: number;
  readonly score: number;
}

export interface PartitionRow {
  readonly partitionId: number;
  readonly size: number;
}

/** Rows `offset .. offset + maxResults` of the in-scope vertices, score descending, id ascending. */
export function topScoreRows(result: ScoreResult, maxResults: number, offset = 0): ScoreRow[] {
  const { scores, inScope } = result;
  const before = (a: number, b: number): boolean =>
    scores[a] > scores[b] || (scores[a] === scores[b] && a < b);
  const ids = topIds(inScope.length, (id) => inScope[id] === 1, before, offset + maxResults);
  return ids.slice(offset).map((vertexId) => ({ vertexId, score: scores[vertexId] }));
}

/** Per partition id: its member count (0 for ids that name no partition). */
export function partitionSizes(result: PartitionResult): Int32Array {
  const { partitions, inScope } = result;
  const sizes = new Int32Array(partitions.length);
  for (let id = 0; id < partitions.length; id++) {
    if (inScope[id] === 1) {
      const partition = partitions[id];
      if (partition >= 0 && partition < sizes.length) sizes[partition]++;
    }
  }
  return sizes;
}

/** Rows `offset .. offset + maxResults` of the partitions, size descending, partition id ascending. */
export function partitionRows(result: PartitionResult, maxResults: number, offset = 0): PartitionRow[] {
  const sizes = partitionSizes(result);
  const before = (a: number, b: number): boolean => sizes[a] > sizes[b] || (sizes[a] === sizes[b] && a < b);
  const ids = topIds(sizes.length, (id) => sizes[id] > 0, before, offset + maxResults);
  return ids.slice(offset).map((partitionId) => ({ partitionId, size: sizes[partitionId] }));
}

/** The member ids of one partition, ascending (empty when no vertex carries that partition id). */
export function partitionMembers(result: PartitionResult, partitionId: number): Int32Array {
  const { partitions, inScope } = result;
  let count = 0;
  for (let id = 0; id < partitions.length; id++) {
    if (inScope[id] === 1 && partitions[id] === partitionId) count++;
  }
  const members = new Int32Array(count);
  let at = 0;
  for (let id = 0; id < partitions.length && at < count; id++) {
    if (inScope[id] === 1 && partitions[id] === partitionId) members[at++] = id;
  }
  return members;
}

/**
 * The first `limit` ids below `end` that pass `keep`, in `before` order: a heap holding the page so far
 * with its last row at the top, replaced whenever a better id arrives.
 */
function topIds(
  end: number,
  keep: (id: number) => boolean,
  before: (a: number, b: number) => boolean,
  limit: number,
): number[] {
  if (!(limit > 0)) return [];
  const heap: number[] = [];
  const siftDown = (at: number): void => {
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let last = at;
      if (left < heap.length && before(heap[last], heap[left])) last = left;
      if (right < heap.length && before(heap[last], heap[right])) last = right;
      if (last === at) return;
      [heap[at], heap[last]] = [heap[last], heap[at]];
      at = last;
    }
  };
  for (let id = 0; id < end; id++) {
    if (!keep(id)) continue;
    if (heap.length < limit) {
      heap.push(id);
      for (let at = heap.length - 1; at > 0;) {
        const up = (at - 1) >> 1;
        if (!before(heap[up], heap[at])) break;
        [heap[at], heap[up]] = [heap[up], heap[at]];
        at = up;
      }
    } else if (before(id, heap[0])) {
      heap[0] = id;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}
