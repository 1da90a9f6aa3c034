/**
 * Adjacency of one direction (out or in) for every vertex, as records in a shared block pool.
 *
 * Record layout (Int32 words), one record per vertex and direction, at the offset the vertex's column holds:
 *   [0] size class (block pool header)
 *   [1] used words of the group area
 *   [2..] groups, ascending by edge-type id: [typeId, count, edgeId0, neighbor0, edgeId1, neighbor1, ...]
 *
 * Pairs keep the neighbour beside the edge id so a traversal reads one sequential stream instead of
 * chasing each edge's header (a random access per edge). Within a group pairs are in creation order.
 * Groups are packed; inserting into a group that is not the last shifts the later groups by one pair
 * (a memmove), which is cheap except for hubs whose edge types interleave heavily.
 *
 * A vertex without edges in a direction has no record (offset -1); an emptied group is dropped, and an
 * emptied record is freed, so reads report `null` once nothing remains.
 */
import { BlockPool } from '../storage/block-pool.js';
import type { SharedColumn } from '../storage/shared-column.js';

export const recordHeaderWords = 2;
export const groupHeaderWords = 2;
export const pairWords = 2;
export const noRecord = -1;

export class AdjacencyDirection {
  constructor(
    /** Replaced as a whole when the graph compacts its adjacency. */
    public pool: BlockPool<Int32ArrayConstructor>,
    /** Per-vertex record offsets (-1 = none); shared with edge endpoint ids for edges. */
    private readonly recordColumn: SharedColumn<Int32ArrayConstructor>,
  ) {}

  recordOf(vertex: number): number {
    return this.recordColumn.view[vertex];
  }

  /** Inserts (edge, neighbor) into the vertex's group `typeId`, at `position` or at the group's end. */
  insert(vertex: number, typeId: number, edgeId: number, neighbor: number, position = -1): void {
    let record = this.recordColumn.view[vertex];
    if (record === noRecord) {
      record = this.pool.allocate(recordHeaderWords + groupHeaderWords + pairWords);
      const view = this.pool.column.view;
      view[record + 1] = groupHeaderWords + pairWords;
      view[record + 2] = typeId;
      view[record + 3] = 1;
      view[record + 4] = edgeId;
      view[record + 5] = neighbor;
      this.recordColumn.view[vertex] = record;
      return;
    }
    let view = this.pool.column.view;
    const used = view[record + 1];
    const areaStart = record + recordHeaderWords;
    const areaEnd = areaStart + used;
    let group = areaStart;
    while (group < areaEnd && view[group] < typeId) group += groupHeaderWords + view[group + 1] * pairWords;
    const groupExists = group < areaEnd && view[group] === typeId;
    const extraWords = groupExists ? pairWords : groupHeaderWords + pairWords;

    if (recordHeaderWords + used + extraWords > this.pool.capacityOf(record)) {
      // Headroom of an eighth: the size classes already round up, and memory per edge is a target.
      const moved = this.pool.allocate(
        recordHeaderWords + used + extraWords + Math.max(pairWords, used >>> 3),
      );
      view = this.pool.column.view;
      copyWords(view, moved + 1, record + 1, areaEnd);
      this.pool.free(record);
      group += moved - record;
      record = moved;
      this.recordColumn.view[vertex] = record;
    }
    const end = record + recordHeaderWords + used;
    if (groupExists) {
      const count = view[group + 1];
      const slot = position < 0 || position > count ? count : position;
      const at = group + groupHeaderWords + slot * pairWords;
      // Appending to the last group (the usual case) shifts nothing.
      if (at < end) view.copyWithin(at + pairWords, at, end);
      view[at] = edgeId;
      view[at + 1] = neighbor;
      view[group + 1] = count + 1;
    } else {
      if (group < end) view.copyWithin(group + groupHeaderWords + pairWords, group, end);
      view[group] = typeId;
      view[group + 1] = 1;
      view[group + 2] = edgeId;
      view[group + 3] = neighbor;
    }
    view[record + 1] = used + extraWords;
  }

  /** Removes the edge from the vertex's group; returns its position in the group, or -1 when absent. */
  remove(vertex: number, typeId: number, edgeId: number): number {
    const record = this.recordColumn.view[vertex];
    if (record === noRecord) return -1;
    const view = this.pool.column.view;
    const used = view[record + 1];
    const areaStart = record + recordHeaderWords;
    const areaEnd = areaStart + used;
    let group = areaStart;
    while (group < areaEnd && view[group] !== typeId) group += groupHeaderWords + view[group + 1] * pairWords;
    if (group >= areaEnd) return -1;
    const count = view[group + 1];
    const pairsStart = group + groupHeaderWords;
    let slot = 0;
    while (slot < count && view[pairsStart + slot * pairWords] !== edgeId) slot++;
    if (slot === count) return -1;
    if (count === 1) {
      view.copyWithin(group, group + groupHeaderWords + pairWords, areaEnd);
      view[record + 1] = used - groupHeaderWords - pairWords;
    } else {
      const at = pairsStart + slot * pairWords;
      view.copyWithin(at, at + pairWords, areaEnd);
      view[group + 1] = count - 1;
      view[record + 1] = used - pairWords;
    }
    if (view[record + 1] === 0) {
      this.pool.free(record);
      this.recordColumn.view[vertex] = noRecord;
    }
    return slot;
  }

  /** Total number of pairs in the vertex's record. */
  degree(vertex: number): number {
    const record = this.recordColumn.view[vertex];
    if (record === noRecord) return 0;
    const view = this.pool.column.view;
    const areaStart = record + recordHeaderWords;
    const areaEnd = areaStart + view[record + 1];
    let total = 0;
    for (let group = areaStart; group < areaEnd; group += groupHeaderWords + view[group + 1] * pairWords) {
      total += view[group + 1];
    }
    return total;
  }

  /** Offset of the group `typeId` in the pool, or -1. */
  findGroup(vertex: number, typeId: number): number {
    const record = this.recordColumn.view[vertex];
    if (record === noRecord) return -1;
    const view = this.pool.column.view;
    const areaStart = record + recordHeaderWords;
    const areaEnd = areaStart + view[record + 1];
    for (let group = areaStart; group < areaEnd; group += groupHeaderWords + view[group + 1] * pairWords) {
      if (view[group] === typeId) return group;
    }
    return -1;
  }

  /** Calls `visit(typeId, groupOffset, count)` for every group of the vertex, in type-id order. */
  forEachGroup(vertex: number, visit: (typeId: number, groupOffset: number, count: number) => void): void {
    const record = this.recordColumn.view[vertex];
    if (record === noRecord) return;
    const view = this.pool.column.view;
    const areaStart = record + recordHeaderWords;
    const areaEnd = areaStart + view[record + 1];
    for (let group = areaStart; group < areaEnd; group += groupHeaderWords + view[group + 1] * pairWords) {
      visit(view[group], group, view[group + 1]);
    }
  }

  /** Edge ids of one group in creation order. */
  edgeIdsOfGroup(groupOffset: number): number[] {
    const view = this.pool.column.view;
    const count = view[groupOffset + 1];
    const ids = new Array<number>(count);
    const start = groupOffset + groupHeaderWords;
    for (let i = 0; i < count; i++) ids[i] = view[start + i * pairWords];
    return ids;
  }

  /**
   * At most `max` edge ids from the front of the vertex's record, groups in type order and pairs in
   * creation order: the order in which removing the first edge again and again would take them.
   */
  leadingEdgeIds(vertex: number, max: number): number[] {
    const ids: number[] = [];
    const record = this.recordColumn.view[vertex];
    if (record === noRecord) return ids;
    const view = this.pool.column.view;
    const areaStart = record + recordHeaderWords;
    const areaEnd = areaStart + view[record + 1];
    for (let group = areaStart; group < areaEnd; group += groupHeaderWords + view[group + 1] * pairWords) {
      const start = group + groupHeaderWords;
      const count = Math.min(view[group + 1], max - ids.length);
      for (let i = 0; i < count; i++) ids.push(view[start + i * pairWords]);
      if (ids.length === max) break;
    }
    return ids;
  }

  /** Frees the vertex's record (used when the vertex itself goes and its edges are already detached). */
  release(vertex: number): void {
    const record = this.recordColumn.view[vertex];
    if (record !== noRecord) {
      this.pool.free(record);
      this.recordColumn.view[vertex] = noRecord;
    }
  }
}

/** Below this many words a plain loop copies faster than `copyWithin` (a native call per record). */
const loopCopyMaxWords = 64;

/** Copies words [from, end) to `to` (to < from, or the ranges do not overlap). */
function copyWords(view: Int32Array, to: number, from: number, end: number): void {
  if (end - from > loopCopyMaxWords) {
    view.copyWithin(to, from, end);
    return;
  }
  for (let word = from; word < end; word++) view[to + word - from] = view[word];
}
