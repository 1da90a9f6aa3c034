/**
 * Adjacency compaction: rebuilds the adjacency pool with every record sized to its content and laid out
 * in vertex order (all out-records, then all in-records).
 *
 * Why: records relocate as vertices gain edges, so after a load they are scattered across the pool and
 * the blocks they left sit on free lists. Scattered records make a whole-graph traversal pay a cache miss
 * per vertex (a fraction of a packed traversal's speed: BENCHMARKS.md, section 2), and the free blocks
 * cost about a fifth of the adjacency memory.
 *
 * How: the caller (the writer) holds every write while this runs, so the old pool does not change; the
 * copy proceeds in slices that yield the event loop, and reads keep using the old pool meanwhile. The swap
 * at the end is synchronous, so a reader sees either the old pool or the new one, never a mixture.
 */
import { BlockPool } from '../storage/block-pool.js';
import { Graph } from './graph.js';
import { noRecord, recordHeaderWords } from './adjacency.js';

/**
 * A slice ends after this many vertices or this many copied words, whichever comes first: a few
 * milliseconds of work either way, so that what else the turn runs stays within the event-loop rule
 * (docs/http.md, "Large requests and answers"). Counting vertices alone let a graph of hubs (a few
 * thousand records holding millions of pairs) copy its whole adjacency in one slice.
 */
const verticesPerSlice = 16_384;
const wordsPerSlice = 1 << 18;

/** Compaction runs when free-list waste exceeds this fraction of the live words... */
export const compactionWasteRatio = 0.5;
/** ...and is at least this many words (small graphs are not worth a pass). */
export const compactionMinimumWasteWords = 1 << 20;

/** Whether the waste calls for a compaction; `wasteRatio` replaces `compactionWasteRatio` (bulk loads). */
export function shouldCompact(graph: Graph, wasteRatio = compactionWasteRatio): boolean {
  const pool = graph.adjacencyPool;
  return pool.wastedWords >= compactionMinimumWasteWords && pool.wastedWords > pool.liveWords * wasteRatio;
}

export interface CompactionResult {
  wordsBefore: number;
  wordsAfter: number;
}

export async function compactAdjacency(
  graph: Graph,
  yieldToEventLoop: () => Promise<void>,
): Promise<CompactionResult> {
  const old = graph.adjacencyPool;
  const fresh = new BlockPool(Int32Array);
  fresh.reserve(old.liveWords);
  const end = graph.nextId;
  const outRecords = new Int32Array(end).fill(noRecord);
  const inRecords = new Int32Array(end).fill(noRecord);
  let wordsSinceYield = 0;
  for (const [column, records] of [
    [graph.first, outRecords],
    [graph.second, inRecords],
  ] as const) {
    let copied = 0;
    for (let word = 0; word < (end + 31) >>> 5; word++) {
      let bits = graph.vertexBits.view[word];
      while (bits !== 0) {
        const lowest = bits & -bits;
        const vertex = (word << 5) | (31 - Math.clz32(lowest));
        bits ^= lowest;
        const record = column.view[vertex];
        if (record === noRecord) continue;
        const source = old.column.view;
        const used = source[record + 1];
        const moved = fresh.allocate(recordHeaderWords + used);
        // A plain loop: records average a few dozen words, where subarray+set costs more than the copy.
        const target = fresh.column.view;
        for (let word = 1; word < recordHeaderWords + used; word++)
          target[moved + word] = source[record + word];
        records[vertex] = moved;
        wordsSinceYield += used;
        if (++copied % verticesPerSlice === 0 || wordsSinceYield >= wordsPerSlice) {
          wordsSinceYield = 0;
          await yieldToEventLoop();
        }
      }
    }
  }
  graph.replaceAdjacencyPool(fresh, outRecords, inRecords);
  return { wordsBefore: old.column.length, wordsAfter: fresh.column.length };
}
