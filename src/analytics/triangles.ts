/**
 * TRIANGLECOUNT (docs/analytics.md, "Algorithms"): triangles of the simple undirected view, by sorted
 * neighbour intersection.
 *
 * The CSR of both directions (self-loops left out) is transposed once: walking rows in ascending order and
 * appending each row's index to its neighbours' rows leaves every row sorted, with no sort call. Duplicates
 * (parallel edges, and an edge seen from both of its records) are then adjacent and dropped in place. Each
 * triangle v < u < w is found once, from v, by intersecting the parts of v's and u's rows above u.
 */
import { budgetCheckMask, gatherAdjacency, scopeVertices } from './columns.js';
import { noUsableResult, scoresById, type AnalyticsInput, type AnalyticsOutcome } from './outcome.js';

export function triangleCount(input: AnalyticsInput): AnalyticsOutcome {
  const { columns, scope, shouldStop } = input;
  const vertices = scopeVertices(columns, scope.labelSlot, shouldStop);
  if (vertices === null) return noUsableResult('TRIANGLECOUNT');
  const n = vertices.idOf.length;
  const gathered = gatherAdjacency(
    columns,
    vertices,
    { edgeTypeId: scope.edgeTypeId, walkOut: true, walkIn: true, skipSelf: true },
    shouldStop,
  );
  if (gathered === null) return noUsableResult('TRIANGLECOUNT');

  // Transpose: row c of the result lists, ascending, every r whose gathered row holds c.
  const rawTargets = gathered.targets;
  const rawOffsets = gathered.offsets;
  const offsets = new Int32Array(n + 1);
  for (let j = 0; j < rawTargets.length; j++) offsets[rawTargets[j] + 1]++;
  for (let k = 0; k < n; k++) offsets[k + 1] += offsets[k];
  const sorted = new Int32Array(rawTargets.length);
  const cursor = offsets.slice(0, n);
  for (let r = 0; r < n; r++) {
    if ((r & budgetCheckMask) === 0 && shouldStop()) return noUsableResult('TRIANGLECOUNT');
    const end = rawOffsets[r + 1];
    for (let j = rawOffsets[r]; j < end; j++) sorted[cursor[rawTargets[j]]++] = r;
  }

  // Drop adjacent duplicates in place; `above[k]` is where k's neighbours greater than k begin.
  const simpleOffsets = new Int32Array(n + 1);
  const above = new Int32Array(n);
  let write = 0;
  for (let k = 0; k < n; k++) {
    const end = offsets[k + 1];
    let previous = -1;
    above[k] = -1;
    for (let j = offsets[k]; j < end; j++) {
      const neighbour = sorted[j];
      if (neighbour === previous) continue;
      previous = neighbour;
      if (above[k] < 0 && neighbour > k) above[k] = write;
      sorted[write++] = neighbour;
    }
    simpleOffsets[k + 1] = write;
    if (above[k] < 0) above[k] = write;
  }

  const perVertex = new Float64Array(n);
  let triangles = 0;
  for (let v = 0; v < n; v++) {
    if ((v & budgetCheckMask) === 0 && shouldStop()) return noUsableResult('TRIANGLECOUNT');
    const rowEnd = simpleOffsets[v + 1];
    for (let j = above[v]; j < rowEnd; j++) {
      const u = sorted[j];
      let a = j + 1;
      let b = above[u];
      const bEnd = simpleOffsets[u + 1];
      while (a < rowEnd && b < bEnd) {
        const x = sorted[a];
        const y = sorted[b];
        if (x < y) a++;
        else if (x > y) b++;
        else {
          perVertex[v]++;
          perVertex[u]++;
          perVertex[x]++;
          triangles++;
          a++;
          b++;
        }
      }
    }
  }
  return {
    usable: true,
    kind: 'scores',
    algorithm: 'TRIANGLECOUNT',
    endId: vertices.endId,
    inScope: vertices.inScope,
    vertexCount: n,
    scores: scoresById(vertices, perVertex),
    converged: true,
    iterationsRun: n === 0 ? 0 : 1,
    budgetExhausted: false,
    statistics: { TriangleCount: triangles },
  };
}
