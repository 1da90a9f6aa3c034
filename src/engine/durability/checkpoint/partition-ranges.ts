/**
 * How a checkpoint splits the id space into partitions: contiguous id ranges of about equal encoding work,
 * so partitions written in parallel finish together. A vertex's work is its adjacency records (estimated
 * from the graph's mean degree), every element's its header, an element with properties its record.
 */
import type { GraphSnapshot } from './snapshot.js';
import type { Pacer } from './pace.js';

/** Estimated encoding work per id of each kind. */
interface Weights {
  vertex: number;
  edge: number;
  absent: number;
  properties: number;
}

function weightsOf(snapshot: GraphSnapshot): Weights {
  const meanDegree = snapshot.vertexCount === 0 ? 0 : (2 * snapshot.edgeCount) / snapshot.vertexCount;
  return { vertex: 1 + meanDegree, edge: 1, absent: 0.25, properties: 2 };
}

/** Adds the weights of ids [from, to) to the running sum, noting the partition boundaries it crosses. */
function weighChunk(
  snapshot: GraphSnapshot,
  weights: Weights,
  state: { sum: number; next: number; target: number; boundaries: number[] },
  from: number,
  to: number,
): void {
  const { kindType: kinds, propertyRecords: records } = snapshot;
  const withRecords = Math.min(to, records.length);
  for (let id = from; id < to; id++) {
    const kind = kinds[id];
    let weight = kind === 1 ? weights.vertex : kind === 0 ? weights.absent : weights.edge;
    if (id < withRecords && records[id] > 0) weight += weights.properties;
    state.sum += weight;
    while (state.sum >= state.target * state.next && state.next < state.boundaries.length) {
      state.boundaries[state.next - 1] = id + 1;
      state.next++;
    }
  }
}

/**
 * [idStart, idEnd) of each partition, in order, covering the id space: ranges of about equal encoding
 * work (see `weightsOf`), so partitions written in parallel finish together.
 */
export async function partitionRanges(
  snapshot: GraphSnapshot,
  partitions: number,
  pacer: Pacer,
): Promise<[number, number][]> {
  const end = snapshot.nextId;
  const weights = weightsOf(snapshot);
  const total =
    snapshot.vertexCount * weights.vertex +
    snapshot.edgeCount * weights.edge +
    (end - snapshot.vertexCount - snapshot.edgeCount) * weights.absent +
    snapshot.propertyRecords.length * weights.properties;
  // boundaries[i - 1]: the end of partition i - 1, set where the running weight first reaches i/P of the total.
  const state = {
    sum: 0,
    next: 1,
    target: total / partitions,
    boundaries: new Array<number>(partitions).fill(end),
  };
  const chunk = 1 << 16;
  for (let from = 0; from < end && state.next < partitions; from += chunk) {
    weighChunk(snapshot, weights, state, from, Math.min(end, from + chunk));
    await pacer.pace();
  }
  const ranges: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < partitions; i++) {
    const stop = i === partitions - 1 ? end : Math.max(start, Math.min(end, state.boundaries[i]));
    ranges.push([start, stop]);
    start = stop;
  }
  return ranges;
}
