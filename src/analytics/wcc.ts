/**
 * WCC (docs/analytics.md, "Algorithms"): weakly connected components by union-find over dense indices.
 *
 * Every edge sits in its source's out-record, so one walk over the out-records sees each edge once. A union
 * hangs the larger root under the smaller, so a root is always its component's smallest dense index, which
 * is also its smallest vertex id (dense indices ascend with ids): the component id needs no second pass.
 */
import {
  budgetCheckMask,
  groupHeaderWords,
  pairWords,
  recordHeaderWords,
  scopeAll,
  scopeNone,
  scopeVertices,
} from './columns.js';
import { noUsableResult, partitionsById, type AnalyticsInput, type AnalyticsOutcome } from './outcome.js';

export function weaklyConnectedComponents(input: AnalyticsInput): AnalyticsOutcome {
  const { columns, scope, shouldStop } = input;
  const vertices = scopeVertices(columns, scope.labelSlot, shouldStop);
  if (vertices === null) return noUsableResult('WCC');
  const { idOf, denseOf, endId } = vertices;
  const n = idOf.length;
  const first = columns.first;
  const pool = columns.pool;
  const poolLength = pool.length;
  const edgeTypeId = scope.edgeTypeId;
  const parent = new Int32Array(n);
  for (let k = 0; k < n; k++) parent[k] = k;

  for (let k = 0; k < n && edgeTypeId !== scopeNone; k++) {
    if ((k & budgetCheckMask) === 0 && shouldStop()) return noUsableResult('WCC');
    const v = idOf[k];
    const record = v < first.length ? first[v] : -1;
    if (record < 0 || record + recordHeaderWords > poolLength) continue;
    const used = pool[record + 1];
    if (used <= 0) continue;
    const areaEnd = Math.min(record + recordHeaderWords + used, poolLength);
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
          const other = denseOf[neighbour];
          if (other < 0) continue;
          // Find both roots with path halving, then hang the larger under the smaller.
          let a = k;
          while (parent[a] !== a) {
            parent[a] = parent[parent[a]];
            a = parent[a];
          }
          let b = other;
          while (parent[b] !== b) {
            parent[b] = parent[parent[b]];
            b = parent[b];
          }
          if (a < b) parent[b] = a;
          else if (b < a) parent[a] = b;
        }
      } else if (typeId > edgeTypeId) {
        break; // groups ascend by type id
      }
      group = groupEnd;
    }
  }

  // Parents point to smaller indices, so one ascending pass resolves every vertex to its root.
  let componentCount = 0;
  for (let k = 0; k < n; k++) {
    const p = parent[k];
    if (p === k) componentCount++;
    else parent[k] = parent[p];
  }
  return {
    usable: true,
    kind: 'partitions',
    algorithm: 'WCC',
    endId,
    inScope: vertices.inScope,
    vertexCount: n,
    partitions: partitionsById(vertices, parent),
    converged: true,
    iterationsRun: n === 0 ? 0 : 1,
    budgetExhausted: false,
    statistics: { ComponentCount: componentCount },
  };
}
