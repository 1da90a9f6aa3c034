/**
 * Trim in slices that yield the event loop, for the writer's trims, live and replayed (docs/elements.md,
 * Maintenance; docs/library.md, "Large transactions"). The rule is trim.ts's: survivors keep their
 * relative order and take the ids 0, 1, 2, ...; the result is the same graph `trimGraph` makes.
 *
 * Why not trim.ts's in-place rewrite in slices: between two slices a read would see a half-renumbered
 * graph (edges whose endpoints are new ids beside adjacency still holding old ones). So this builds the
 * renumbered graph beside the old one, in fresh header columns, a fresh property record column and a fresh
 * adjacency pool, while the caller (the writer) holds every write, so the old graph does not change and
 * reads keep using it. The swap at the end is synchronous: a reader sees the old ids or the new ones,
 * never a mixture. The fresh adjacency pool is packed in vertex order, as a compaction would leave it, so
 * no compaction needs to follow.
 *
 * What stays in the swap's one step: the embeddings' renumbering (a pass over the stored vectors' slots,
 * none of which moves).
 */
import { SharedColumn } from '../storage/shared-column.js';
import { BlockPool } from '../storage/block-pool.js';
import { Graph, edgeKindBase, kindAbsent } from './graph.js';
import { groupHeaderWords, noRecord, pairWords, recordHeaderWords } from './adjacency.js';
import type { Renumbering } from './trim.js';

/**
 * A slice ends after this many ids whose header it renumbers, or this many adjacency records or words it
 * copies: each a few milliseconds, so that what else the turn runs stays within the event-loop rule
 * (docs/http.md, "Large requests and answers"). A header is a few sequential words; a record is a random
 * access into the old pool and an allocation in the new one, hence fewer of them.
 */
export const trimIdsPerSlice = 65_536;
export const trimRecordsPerSlice = 8_192;
export const trimWordsPerSlice = 1 << 17;

/** The sizes of a trim's slices (defaults: the constants above). */
export interface TrimSliceSizes {
  idsPerSlice?: number;
  recordsPerSlice?: number;
  wordsPerSlice?: number;
}

export interface TrimSlices extends TrimSliceSizes {
  /** Gives the event loop a turn between two slices. */
  yieldToEventLoop: () => Promise<void>;
}

/**
 * Renumbers the graph as `trimGraph` does, building the result beside it in slices and installing it in
 * one synchronous step. The graph must not change while the promise is pending (the writer holds its
 * queue); if building fails, the graph is left as it was.
 */
export async function trimGraphInSlices(graph: Graph, slices: TrimSlices): Promise<Renumbering> {
  const idsPerSlice = Math.max(1, slices.idsPerSlice ?? trimIdsPerSlice);
  const recordsPerSlice = Math.max(1, slices.recordsPerSlice ?? trimRecordsPerSlice);
  const wordsPerSlice = Math.max(1, slices.wordsPerSlice ?? trimWordsPerSlice);
  const end = graph.nextId;
  const labelled = graph.labels.length;
  const oldRecords = graph.properties.recordOffsets;
  const recorded = oldRecords === null ? 0 : oldRecords.length;
  // Work since the last yield, across the phases: ids renumbered, adjacency records and words copied.
  let idsSinceYield = 0;
  let recordsSinceYield = 0;
  let wordsSinceYield = 0;
  const due = (): boolean =>
    idsSinceYield >= idsPerSlice || recordsSinceYield >= recordsPerSlice || wordsSinceYield >= wordsPerSlice;
  const yieldIfDue = async (): Promise<void> => {
    if (!due()) return;
    idsSinceYield = 0;
    recordsSinceYield = 0;
    wordsSinceYield = 0;
    await slices.yieldToEventLoop();
  };

  // Old id to new id, and how many survivors lie below the labelled and recorded ranges.
  const renumbering = new Int32Array(end);
  let survivors = 0;
  let survivorsLabelled = 0;
  let survivorsRecorded = 0;
  for (let from = 0; from < end; from += idsPerSlice) {
    await yieldIfDue();
    const kinds = graph.kindType.view;
    const to = Math.min(end, from + idsPerSlice);
    idsSinceYield += to - from;
    for (let id = from; id < to; id++) {
      if (kinds[id] === kindAbsent) {
        renumbering[id] = -1;
        continue;
      }
      if (id < labelled) survivorsLabelled++;
      if (id < recorded) survivorsRecorded++;
      renumbering[id] = survivors++;
    }
  }
  if (survivors === end) return renumbering;

  // Header columns, the vertex bits and the property record offsets under the new ids. A vertex's
  // adjacency offsets are filled when its records are copied below.
  const kindType = new SharedColumn(Int32Array, survivors);
  const labels = new SharedColumn(Int32Array, survivorsLabelled);
  const created = new SharedColumn(Uint32Array, survivors);
  const first = new SharedColumn(Int32Array, survivors);
  const second = new SharedColumn(Int32Array, survivors);
  const vertexBits = new SharedColumn(Uint32Array, (survivors + 31) >>> 5);
  const records = oldRecords === null ? null : new SharedColumn(Int32Array, survivorsRecorded);
  for (let from = 0; from < end; from += idsPerSlice) {
    await yieldIfDue();
    const oldKinds = graph.kindType.view;
    const oldLabels = graph.labels.view;
    const oldCreated = graph.created.view;
    const oldFirst = graph.first.view;
    const oldSecond = graph.second.view;
    const oldRecordView = oldRecords === null ? null : oldRecords.view;
    const kinds = kindType.view;
    const labelView = labels.view;
    const createdView = created.view;
    const firstView = first.view;
    const secondView = second.view;
    const bits = vertexBits.view;
    const recordView = records === null ? null : records.view;
    const to = Math.min(end, from + idsPerSlice);
    idsSinceYield += to - from;
    for (let id = from; id < to; id++) {
      const renumbered = renumbering[id];
      if (renumbered < 0) continue;
      const kind = oldKinds[id];
      kinds[renumbered] = kind;
      if (id < labelled) labelView[renumbered] = oldLabels[id];
      createdView[renumbered] = oldCreated[id];
      if (kind >= edgeKindBase) {
        firstView[renumbered] = renumbering[oldFirst[id]];
        secondView[renumbered] = renumbering[oldSecond[id]];
      } else {
        firstView[renumbered] = noRecord;
        secondView[renumbered] = noRecord;
        bits[renumbered >>> 5] |= 1 << (renumbered & 31);
      }
      if (id < recorded) recordView![renumbered] = oldRecordView![id];
    }
  }

  // Adjacency: each vertex's records copied packed, in vertex order (all out-records, then all in-records,
  // as a compaction lays them out), their edge and neighbour ids renumbered.
  const old = graph.adjacencyPool;
  const fresh = new BlockPool(Int32Array);
  fresh.reserve(old.liveWords);
  for (const [oldColumn, newColumn] of [
    [graph.first, first],
    [graph.second, second],
  ] as const) {
    const bitWords = (end + 31) >>> 5;
    for (let word = 0; word < bitWords; word++) {
      let bits = graph.vertexBits.view[word];
      while (bits !== 0) {
        const lowest = bits & -bits;
        const id = (word << 5) | (31 - Math.clz32(lowest));
        bits ^= lowest;
        const record = oldColumn.view[id];
        if (record === noRecord) continue;
        const source = old.column.view;
        const used = source[record + 1];
        const moved = fresh.allocate(recordHeaderWords + used);
        const target = fresh.column.view;
        target[moved + 1] = used;
        const areaEnd = record + recordHeaderWords + used;
        let at = moved + recordHeaderWords;
        for (let group = record + recordHeaderWords; group < areaEnd;) {
          const count = source[group + 1];
          target[at] = source[group];
          target[at + 1] = count;
          at += groupHeaderWords;
          const pairsEnd = group + groupHeaderWords + count * pairWords;
          for (let pair = group + groupHeaderWords; pair < pairsEnd; pair += pairWords) {
            target[at] = renumbering[source[pair]];
            target[at + 1] = renumbering[source[pair + 1]];
            at += pairWords;
          }
          group = pairsEnd;
        }
        newColumn.view[renumbering[id]] = moved;
        wordsSinceYield += used;
        recordsSinceYield++;
        // Checked here rather than by awaiting `yieldIfDue` per record: an await costs a microtask turn.
        if (due()) await yieldIfDue();
      }
    }
  }
  await yieldIfDue();

  // The swap: one synchronous step.
  graph.kindType.adopt(kindType);
  graph.labels.adopt(labels);
  graph.created.adopt(created);
  graph.first.adopt(first);
  graph.second.adopt(second);
  graph.vertexBits.adopt(vertexBits);
  graph.adjacencyPool = fresh;
  graph.out.pool = fresh;
  graph.in.pool = fresh;
  graph.properties.replaceRecordOffsets(records);
  graph.embeddings.renumber(renumbering);
  graph.nextId = survivors;
  graph.idSpaceGeneration++;
  return renumbering;
}
