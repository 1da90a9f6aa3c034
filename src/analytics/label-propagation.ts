/**
 * LABELPROPAGATION (docs/analytics.md, "Algorithms"): synchronous rounds over one CSR taken at the start.
 *
 * Labels are dense indices while the run lasts (dense order is id order, so "smallest label" is the same in
 * both). A round counts each vertex's neighbour labels in a shared count array, remembering which labels it
 * touched, picks the most frequent (the smallest on a tie) and clears only what it touched: linear in the
 * edges, with no allocation per vertex. Self-loops are left out of the CSR: a vertex does not vote for
 * itself.
 */
import { budgetCheckMask, gatherAdjacency, scopeVertices } from './columns.js';
import {
  defaultLabelPropagationIterations,
  distinctCount,
  iterationsOf,
  noUsableResult,
  partitionsById,
  type AnalyticsInput,
  type AnalyticsOutcome,
} from './outcome.js';

export function labelPropagation(input: AnalyticsInput): AnalyticsOutcome {
  const { columns, scope, knobs, shouldStop } = input;
  const maxIterations = iterationsOf(knobs, defaultLabelPropagationIterations);
  const direction = scope.direction ?? 'both';
  const vertices = scopeVertices(columns, scope.labelSlot, shouldStop);
  if (vertices === null) return noUsableResult('LABELPROPAGATION');
  const n = vertices.idOf.length;
  const adjacency = gatherAdjacency(
    columns,
    vertices,
    {
      edgeTypeId: scope.edgeTypeId,
      walkOut: direction !== 'in',
      walkIn: direction !== 'out',
      skipSelf: true,
    },
    shouldStop,
  );
  if (adjacency === null) return noUsableResult('LABELPROPAGATION');
  const offsets = adjacency.offsets;
  const neighbours = adjacency.targets;
  let widest = 0;
  for (let k = 0; k < n; k++) widest = Math.max(widest, offsets[k + 1] - offsets[k]);

  let label = new Int32Array(n);
  for (let k = 0; k < n; k++) label[k] = k;
  let next = new Int32Array(n);
  const votes = new Int32Array(n);
  const touched = new Int32Array(widest);
  let iterationsRun = 0;
  let converged = n === 0;
  let budgetExhausted = false;
  for (let round = 0; round < maxIterations && !converged; round++) {
    let changed = false;
    let stopped = false;
    for (let k = 0; k < n; k++) {
      if ((k & budgetCheckMask) === 0 && shouldStop()) {
        stopped = true;
        break;
      }
      const start = offsets[k];
      const end = offsets[k + 1];
      const own = label[k];
      if (start === end) {
        next[k] = own;
        continue;
      }
      let distinct = 0;
      for (let j = start; j < end; j++) {
        const candidate = label[neighbours[j]];
        if (votes[candidate] === 0) touched[distinct++] = candidate;
        votes[candidate]++;
      }
      let best = -1;
      let bestVotes = 0;
      for (let i = 0; i < distinct; i++) {
        const candidate = touched[i];
        const count = votes[candidate];
        if (count > bestVotes || (count === bestVotes && candidate < best)) {
          best = candidate;
          bestVotes = count;
        }
        votes[candidate] = 0;
      }
      next[k] = best;
      if (best !== own) changed = true;
    }
    if (stopped) {
      if (iterationsRun === 0) return noUsableResult('LABELPROPAGATION');
      budgetExhausted = true;
      break;
    }
    const previous = label;
    label = next;
    next = previous;
    iterationsRun++;
    if (!changed) converged = true;
  }
  return {
    usable: true,
    kind: 'partitions',
    algorithm: 'LABELPROPAGATION',
    endId: vertices.endId,
    inScope: vertices.inScope,
    vertexCount: n,
    partitions: partitionsById(vertices, label),
    converged,
    iterationsRun,
    budgetExhausted,
    statistics: { CommunityCount: distinctCount(label) },
  };
}
