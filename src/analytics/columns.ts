/**
 * What every analytics kernel reads and how it finds its scope (docs/analytics.md, "Algorithms").
 *
 * The kernels run in worker threads over the graph's SharedArrayBuffer columns while the writer keeps
 * writing, so this module imports nothing: the record layout and the kind codes of the engine are
 * mirrored here (a test checks them against the engine's own constants). Every offset and id read from a
 * column is checked against the column's length and the kernel's `endId` snapshot before it is used: a
 * record that shifts under a kernel gives a fuzzy answer, never a read out of range or a throw.
 */

/** Which edges carry an algorithm from a vertex: its out-edges, its in-edges, or both. */
export type AnalyticsDirection = 'out' | 'in' | 'both';

export const analyticsDirections: readonly AnalyticsDirection[] = ['out', 'in', 'both'];

/** The graph's columns as `topologyView(graph)` gives them, plus the label column. */
export interface AnalyticsColumns {
  /** One past the largest id in use when the run started. */
  readonly endId: number;
  /** Per id: 0 absent, 1 vertex, 2 + edge-type id for an edge. */
  readonly kindType: Int32Array;
  /** Vertex: out-record offset into `pool` (-1 none). */
  readonly first: Int32Array;
  /** Vertex: in-record offset into `pool` (-1 none). */
  readonly second: Int32Array;
  /** Adjacency records: [sizeClass, usedWords, groups...], a group [typeId, count, (edgeId, neighbour)*]. */
  readonly pool: Int32Array;
  /** One bit per id, set for live vertices. */
  readonly vertexBits: Uint32Array;
  /** Per id: 0 unlabelled, else label id + 1; may be shorter than `endId` (ids past it are unlabelled). */
  readonly labels: Int32Array;
}

/** `labelSlot` or `edgeTypeId` of a scope that admits everything. */
export const scopeAll = -1;
/** `labelSlot` or `edgeTypeId` of a scope that admits nothing (a label or edge type the graph never had). */
export const scopeNone = -2;

/** The part of the graph a run sees. */
export interface AnalyticsScope {
  /** `scopeAll`, `scopeNone`, or the label column's value for the label (label id + 1). */
  readonly labelSlot: number;
  /** `scopeAll`, `scopeNone`, or the edge-type id. */
  readonly edgeTypeId: number;
  /** Absent: the algorithm's default. Ignored by WCC and TRIANGLECOUNT. */
  readonly direction?: AnalyticsDirection;
}

/** The caller's budget clock: true stops the kernel. */
export type ShouldStop = () => boolean;

/** The kernels ask `shouldStop` once per this many vertices of every pass, at the pass's first vertex too. */
export const budgetCheckVertices = 4096;
/** `budgetCheckVertices - 1`, for the `(count & mask) === 0` test in hot loops. */
export const budgetCheckMask = budgetCheckVertices - 1;

/** Mirrors of the engine's kind codes and adjacency record layout (checked by test/analytics). */
export const vertexKindCode = 1;
export const recordHeaderWords = 2;
export const groupHeaderWords = 2;
export const pairWords = 2;

/** The in-scope vertices of a run, ascending by id, with their dense indices. */
export interface ScopeVertices {
  /** The id snapshot every id read is checked against. */
  readonly endId: number;
  /** Per id below `endId`: 1 in scope. */
  readonly inScope: Uint8Array;
  /** Dense index -> vertex id, ascending. */
  readonly idOf: Int32Array;
  /** Vertex id -> dense index, -1 outside the scope. */
  readonly denseOf: Int32Array;
}

/** The id bound a kernel trusts: the caller's `endId`, cut to what every per-id column actually holds. */
export function endIdOf(columns: AnalyticsColumns): number {
  let end = columns.endId;
  if (!(end > 0)) return 0;
  end = Math.min(end, columns.kindType.length, columns.first.length, columns.second.length);
  return Math.min(end, columns.vertexBits.length * 32);
}

/**
 * The vertices a run covers: live (bit set and kind 1) and, under a label scope, carrying exactly that label.
 * Null when `shouldStop` answered true.
 */
export function scopeVertices(
  columns: AnalyticsColumns,
  labelSlot: number,
  shouldStop: ShouldStop,
): ScopeVertices | null {
  const endId = endIdOf(columns);
  const kindType = columns.kindType;
  const vertexBits = columns.vertexBits;
  const labels = columns.labels;
  const labelsLength = labels.length;
  const inScope = new Uint8Array(endId);
  const denseOf = new Int32Array(endId).fill(-1);
  let idOf: Int32Array = new Int32Array(Math.min(endId, 1024));
  let count = 0;
  let seen = 0;
  if (labelSlot === scopeNone) return { endId, inScope, idOf: new Int32Array(0), denseOf };
  const words = Math.min(vertexBits.length, (endId + 31) >>> 5);
  for (let word = 0; word < words; word++) {
    let bits = vertexBits[word];
    while (bits !== 0) {
      const low = bits & -bits;
      const v = (word << 5) | (31 - Math.clz32(low));
      bits ^= low;
      if ((seen++ & budgetCheckMask) === 0 && shouldStop()) return null;
      if (v >= endId || kindType[v] !== vertexKindCode) continue;
      if (labelSlot !== scopeAll && (v < labelsLength ? labels[v] : 0) !== labelSlot) continue;
      if (count === idOf.length) idOf = grown(idOf, count);
      inScope[v] = 1;
      denseOf[v] = count;
      idOf[count++] = v;
    }
  }
  return { endId, inScope, idOf: idOf.slice(0, count), denseOf };
}

/** A copy of `array` with room for more, keeping its first `used` entries. */
export function grown(array: Int32Array, used: number): Int32Array {
  const next = new Int32Array(Math.max(16, array.length * 2));
  next.set(array.subarray(0, used));
  return next;
}

/** Dense adjacency of the in-scope vertices: row k is `targets[offsets[k] .. offsets[k + 1])`. */
export interface DenseAdjacency {
  readonly offsets: Int32Array;
  /** Dense indices of the neighbours, one entry per edge walked (parallel edges repeat). */
  readonly targets: Int32Array;
}

export interface GatherOptions {
  readonly edgeTypeId: number;
  readonly walkOut: boolean;
  readonly walkIn: boolean;
  /** Leave out self-loops. */
  readonly skipSelf: boolean;
}

/**
 * One pass over the in-scope vertices' records into a CSR of dense indices: per vertex, its out-record's
 * neighbours then its in-record's (as asked), keeping edges of the scope's type whose other endpoint is in
 * scope. Taken once per run, so every round of an iterative kernel sees the same edges even while the
 * writer changes the records. Null when `shouldStop` answered true.
 */
export function gatherAdjacency(
  columns: AnalyticsColumns,
  vertices: ScopeVertices,
  options: GatherOptions,
  shouldStop: ShouldStop,
): DenseAdjacency | null {
  const { idOf, denseOf, endId } = vertices;
  const n = idOf.length;
  const first = columns.first;
  const second = columns.second;
  const pool = columns.pool;
  const { edgeTypeId, walkOut, walkIn, skipSelf } = options;
  const offsets = new Int32Array(n + 1);
  if (edgeTypeId === scopeNone) return { offsets, targets: new Int32Array(0) };
  const buffer: GrowBuffer = {
    data: new Int32Array(pairsEstimate(columns, idOf, walkOut, walkIn)),
    length: 0,
  };
  for (let k = 0; k < n; k++) {
    if ((k & budgetCheckMask) === 0 && shouldStop()) return null;
    const v = idOf[k];
    const self = skipSelf ? k : -1;
    if (walkOut && v < first.length) appendRecord(pool, first[v], edgeTypeId, denseOf, endId, self, buffer);
    if (walkIn && v < second.length) appendRecord(pool, second[v], edgeTypeId, denseOf, endId, self, buffer);
    offsets[k + 1] = buffer.length;
  }
  return { offsets, targets: buffer.data.subarray(0, buffer.length) };
}

/**
 * How many pairs the records of the in-scope vertices hold, from their used-word counts: the CSR's first
 * capacity, so a large gather rarely grows. Capped by the pool's size, since a record being rewritten can
 * show any count.
 */
function pairsEstimate(
  columns: AnalyticsColumns,
  idOf: Int32Array,
  walkOut: boolean,
  walkIn: boolean,
): number {
  const { first, second, pool } = columns;
  const poolLength = pool.length;
  let words = 0;
  for (let k = 0; k < idOf.length; k++) {
    const v = idOf[k];
    if (walkOut && v < first.length) {
      const record = first[v];
      if (record >= 0 && record + 1 < poolLength) words += Math.max(0, pool[record + 1]);
    }
    if (walkIn && v < second.length) {
      const record = second[v];
      if (record >= 0 && record + 1 < poolLength) words += Math.max(0, pool[record + 1]);
    }
  }
  return Math.max(1024, Math.min(Math.floor(words / 2), poolLength >>> 1) + 16);
}

interface GrowBuffer {
  data: Int32Array;
  length: number;
}

/** Appends the dense index of every in-scope neighbour of one record (of the type, unless `skip`). */
function appendRecord(
  pool: Int32Array,
  record: number,
  edgeTypeId: number,
  denseOf: Int32Array,
  endId: number,
  skip: number,
  buffer: GrowBuffer,
): void {
  const poolLength = pool.length;
  if (record < 0 || record + recordHeaderWords > poolLength) return;
  const used = pool[record + 1];
  if (used <= 0) return;
  const areaEnd = Math.min(record + recordHeaderWords + used, poolLength);
  let data = buffer.data;
  let length = buffer.length;
  for (let group = record + recordHeaderWords; group + groupHeaderWords <= areaEnd;) {
    const typeId = pool[group];
    const count = pool[group + 1];
    if (count <= 0) break;
    const groupEnd = group + groupHeaderWords + count * pairWords;
    if (edgeTypeId === scopeAll || typeId === edgeTypeId) {
      const pairsEnd = Math.min(groupEnd, areaEnd);
      for (let at = group + groupHeaderWords + 1; at < pairsEnd; at += pairWords) {
        const neighbour = pool[at];
        if (neighbour < 0 || neighbour >= endId) continue;
        const dense = denseOf[neighbour];
        if (dense < 0 || dense === skip) continue;
        if (length === data.length) data = grown(data, length);
        data[length++] = dense;
      }
    } else if (typeId > edgeTypeId) {
      break; // groups ascend by type id
    }
    group = groupEnd;
  }
  buffer.data = data;
  buffer.length = length;
}
