/**
 * Trim: compacts tombstones by renumbering the live elements.
 *
 * Rule (docs/elements.md, Maintenance): survivors, vertices and edges together, keep their relative order and take the ids
 * 0, 1, 2, ...; the next created element gets the survivor count. A graph without tombstones is unchanged.
 * Everything is rewritten in place in ascending id order, which is safe because a new id is never larger
 * than the old one.
 */
import { Graph, edgeKindBase, kindAbsent, kindVertex } from './graph.js';
import { groupHeaderWords, noRecord, pairWords, recordHeaderWords } from './adjacency.js';

/** Old id to new id (-1 for removed ids). */
export type Renumbering = Int32Array;

export function trimGraph(graph: Graph): Renumbering {
  const end = graph.nextId;
  const renumbering = new Int32Array(end);
  const kinds = graph.kindType.view;
  let survivors = 0;
  for (let id = 0; id < end; id++) renumbering[id] = kinds[id] === kindAbsent ? -1 : survivors++;
  if (survivors === end) return renumbering;
  graph.idSpaceGeneration++;

  const labels = graph.labels.view;
  const labelled = labels.length;
  const created = graph.created.view;
  const first = graph.first.view;
  const second = graph.second.view;
  for (let id = 0; id < end; id++) {
    const to = renumbering[id];
    if (to < 0) continue;
    const kind = kinds[id];
    kinds[to] = kind;
    // A labelled id lies below the column's length, and `to` <= `id`.
    if (to < labelled) labels[to] = id < labelled ? labels[id] : 0;
    created[to] = created[id];
    if (kind >= edgeKindBase) {
      first[to] = renumbering[first[id]];
      second[to] = renumbering[second[id]];
    } else {
      first[to] = first[id];
      second[to] = second[id];
    }
    graph.properties.move(id, to);
  }
  kinds.fill(kindAbsent, survivors, end);
  labels.fill(0, Math.min(survivors, labelled), Math.min(end, labelled));
  created.fill(0, survivors, end);
  first.fill(0, survivors, end);
  second.fill(0, survivors, end);
  graph.properties.truncate(survivors);
  graph.embeddings.renumber(renumbering);
  const bits = graph.vertexBits.view;
  bits.fill(0);
  for (let id = 0; id < survivors; id++) if (kinds[id] === kindVertex) bits[id >>> 5] |= 1 << (id & 31);
  graph.nextId = survivors;

  const pool = graph.adjacencyPool.column.view;
  for (let id = 0; id < survivors; id++) {
    if (kinds[id] !== kindVertex) continue;
    for (const record of [first[id], second[id]]) {
      if (record === noRecord) continue;
      const areaEnd = record + recordHeaderWords + pool[record + 1];
      for (let group = record + recordHeaderWords; group < areaEnd;) {
        const count = pool[group + 1];
        const pairsStart = group + groupHeaderWords;
        for (let at = pairsStart; at < pairsStart + count * pairWords; at += pairWords) {
          pool[at] = renumbering[pool[at]];
          pool[at + 1] = renumbering[pool[at + 1]];
        }
        group = pairsStart + count * pairWords;
      }
    }
  }
  return renumbering;
}
