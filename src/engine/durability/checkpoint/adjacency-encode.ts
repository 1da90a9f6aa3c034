/**
 * The adjacency records of one partition's vertices, rebuilt from the snapshot's edge endpoints (the
 * snapshot does not copy the live records: that would double the writer's hold). Runs in a save worker.
 *
 * The records come out as compaction lays them out, ready to be copied into a block pool as they are:
 * whole blocks back to back, word 0 holding the size class; the out-records of the range's vertices in id
 * order, then their in-records. Groups ascend by edge-type id and within a group the edges ascend by id,
 * which is the order the live records keep (an edge is appended when created, a rolled-back removal puts
 * it back where it was, and trim renumbers monotonically), so a loaded graph lists the same edges in the
 * same order.
 *
 * Per direction: count the range's vertices' edges over the whole id space, place (edge id, neighbour)
 * pairs by vertex with a counting sort over ascending edge ids, then write each vertex's record; a vertex
 * with edges of several types first sorts its pairs by type (stable in edge id).
 */
import { edgeKindBase } from '../../graph/graph.js';
import { groupHeaderWords, noRecord, recordHeaderWords } from '../../graph/adjacency.js';
import { sizeClassFor, sizeClassWords } from '../../storage/block-pool.js';

export interface RangeAdjacency {
  /** Whole blocks: out-records, then in-records. */
  words: Int32Array;
  /** Per id of the range: the vertex's out-record offset in `words`, or -1. */
  outRecords: Int32Array;
  inRecords: Int32Array;
}

interface Direction {
  /** Per vertex of the range (index id - idStart): first pair index; `count` pairs from it. */
  starts: Int32Array;
  pairs: Int32Array;
  types: Int32Array | undefined;
  /** Per vertex: groups in its record. */
  groups: Int32Array;
  blockWords: number;
}

function gather(
  kinds: Int32Array,
  keys: Int32Array,
  neighbors: Int32Array,
  end: number,
  idStart: number,
  idEnd: number,
  multiType: boolean,
): Direction {
  const span = idEnd - idStart;
  const starts = new Int32Array(span + 1);
  for (let id = 0; id < end; id++) {
    if (kinds[id] < edgeKindBase) continue;
    const local = keys[id] - idStart;
    if (local >= 0 && local < span) starts[local + 1]++;
  }
  for (let v = 0; v < span; v++) starts[v + 1] += starts[v];
  const total = starts[span];
  const pairs = new Int32Array(2 * total);
  const types = multiType ? new Int32Array(total) : undefined;
  const fill = starts.slice(0, span);
  for (let id = 0; id < end; id++) {
    const kind = kinds[id];
    if (kind < edgeKindBase) continue;
    const local = keys[id] - idStart;
    if (local < 0 || local >= span) continue;
    const at = fill[local]++;
    pairs[2 * at] = id;
    pairs[2 * at + 1] = neighbors[id];
    if (types !== undefined) types[at] = kind - edgeKindBase;
  }
  const groups = new Int32Array(span);
  let blockWords = 0;
  for (let v = 0; v < span; v++) {
    const start = starts[v];
    const count = starts[v + 1] - start;
    if (count === 0) continue;
    groups[v] = types === undefined ? 1 : sortByType(pairs, types, start, count);
    blockWords += sizeClassWords[sizeClassFor(recordHeaderWords + groups[v] * groupHeaderWords + 2 * count)];
  }
  return { starts, pairs, types, groups, blockWords };
}

/** Orders a vertex's pairs by (type, edge id) in place; answers the number of distinct types. */
function sortByType(pairs: Int32Array, types: Int32Array, start: number, count: number): number {
  let uniform = true;
  for (let i = start + 1; i < start + count; i++) {
    if (types[i] !== types[start]) {
      uniform = false;
      break;
    }
  }
  if (uniform) return 1;
  // Positions follow edge ids; type * 2^31 + position sorts by type, then id, exactly in a double.
  const keys = new Float64Array(count);
  for (let i = 0; i < count; i++) keys[i] = types[start + i] * 2 ** 31 + i;
  keys.sort();
  const sortedPairs = new Int32Array(2 * count);
  const sortedTypes = new Int32Array(count);
  let groups = 0;
  for (let i = 0; i < count; i++) {
    const type = Math.floor(keys[i] / 2 ** 31);
    const from = start + (keys[i] - type * 2 ** 31);
    sortedPairs[2 * i] = pairs[2 * from];
    sortedPairs[2 * i + 1] = pairs[2 * from + 1];
    sortedTypes[i] = type;
    if (i === 0 || type !== sortedTypes[i - 1]) groups++;
  }
  pairs.set(sortedPairs, 2 * start);
  types.set(sortedTypes, start);
  return groups;
}

/** Writes the direction's records from `at` on; answers the offset after the last block. */
function writeRecords(direction: Direction, words: Int32Array, records: Int32Array, at: number): number {
  const { starts, pairs, types, groups } = direction;
  for (let v = 0; v < records.length; v++) {
    const start = starts[v];
    const count = starts[v + 1] - start;
    if (count === 0) continue;
    const used = groups[v] * groupHeaderWords + 2 * count;
    const sizeClass = sizeClassFor(recordHeaderWords + used);
    records[v] = at;
    words[at] = sizeClass;
    words[at + 1] = used;
    let group = at + recordHeaderWords;
    let write = group;
    for (let i = start; i < start + count; i++) {
      const type = types === undefined ? 0 : types[i];
      if (i === start || type !== words[group]) {
        group = write;
        words[group] = type;
        words[group + 1] = 0;
        write += groupHeaderWords;
      }
      words[write] = pairs[2 * i];
      words[write + 1] = pairs[2 * i + 1];
      write += 2;
      words[group + 1]++;
    }
    at += sizeClassWords[sizeClass];
  }
  return at;
}

/**
 * The records of the vertices in [idStart, idEnd), from the edges of the whole id space [0, end).
 * `multiType`: the graph has more than one edge type (otherwise every group is type 0).
 */
export function encodeRangeAdjacency(
  kinds: Int32Array,
  first: Int32Array,
  second: Int32Array,
  end: number,
  idStart: number,
  idEnd: number,
  multiType: boolean,
): RangeAdjacency {
  const out = gather(kinds, first, second, end, idStart, idEnd, multiType);
  const into = gather(kinds, second, first, end, idStart, idEnd, multiType);
  const words = new Int32Array(out.blockWords + into.blockWords);
  const outRecords = new Int32Array(idEnd - idStart).fill(noRecord);
  const inRecords = new Int32Array(idEnd - idStart).fill(noRecord);
  const middle = writeRecords(out, words, outRecords, 0);
  writeRecords(into, words, inRecords, middle);
  return { words, outRecords, inRecords };
}
