/**
 * DEGREE (docs/analytics.md, "Algorithms"): per in-scope vertex, the in-scope edges in its records of the
 * chosen direction, counted straight from the records (no CSR). A self-loop sits once in each record, so it
 * counts once per direction walked.
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
import { noUsableResult, scoresById, type AnalyticsInput, type AnalyticsOutcome } from './outcome.js';

export function degreeCentrality(input: AnalyticsInput): AnalyticsOutcome {
  const { columns, scope, shouldStop } = input;
  const direction = scope.direction ?? 'both';
  const vertices = scopeVertices(columns, scope.labelSlot, shouldStop);
  if (vertices === null) return noUsableResult('DEGREE');
  const { idOf, denseOf, endId } = vertices;
  const n = idOf.length;
  const pool = columns.pool;
  const edgeTypeId = scope.edgeTypeId;
  const degrees = new Float64Array(n);
  const walkOut = direction !== 'in';
  const walkIn = direction !== 'out';
  for (let k = 0; k < n && edgeTypeId !== scopeNone; k++) {
    if ((k & budgetCheckMask) === 0 && shouldStop()) return noUsableResult('DEGREE');
    const v = idOf[k];
    let degree = 0;
    if (walkOut && v < columns.first.length) {
      degree += countRecord(pool, columns.first[v], edgeTypeId, denseOf, endId);
    }
    if (walkIn && v < columns.second.length) {
      degree += countRecord(pool, columns.second[v], edgeTypeId, denseOf, endId);
    }
    degrees[k] = degree;
  }
  let min = 0;
  let max = 0;
  let sum = 0;
  if (n > 0) {
    min = degrees[0];
    max = degrees[0];
    for (let k = 0; k < n; k++) {
      const degree = degrees[k];
      if (degree < min) min = degree;
      if (degree > max) max = degree;
      sum += degree;
    }
  }
  return {
    usable: true,
    kind: 'scores',
    algorithm: 'DEGREE',
    endId,
    inScope: vertices.inScope,
    vertexCount: n,
    scores: scoresById(vertices, degrees),
    converged: true,
    iterationsRun: n === 0 ? 0 : 1,
    budgetExhausted: false,
    statistics: { Min: min, Max: max, Mean: n === 0 ? 0 : sum / n },
  };
}

/** In-scope neighbours of one record, of the scope's edge type. */
function countRecord(
  pool: Int32Array,
  record: number,
  edgeTypeId: number,
  denseOf: Int32Array,
  endId: number,
): number {
  const poolLength = pool.length;
  if (record < 0 || record + recordHeaderWords > poolLength) return 0;
  const used = pool[record + 1];
  if (used <= 0) return 0;
  const areaEnd = Math.min(record + recordHeaderWords + used, poolLength);
  let total = 0;
  for (let group = record + recordHeaderWords; group + groupHeaderWords <= areaEnd;) {
    const typeId = pool[group];
    const count = pool[group + 1];
    if (count <= 0) break;
    const groupEnd = group + groupHeaderWords + count * pairWords;
    if (edgeTypeId === scopeAll || typeId === edgeTypeId) {
      const pairsEnd = Math.min(groupEnd, areaEnd);
      for (let at = group + groupHeaderWords + 1; at < pairsEnd; at += pairWords) {
        const neighbour = pool[at];
        if (neighbour >= 0 && neighbour < endId && denseOf[neighbour] >= 0) total++;
      }
    } else if (typeId > edgeTypeId) {
      break;
    }
    group = groupEnd;
  }
  return total;
}
