/**
 * PAGERANK (docs/analytics.md, "Algorithms"): power iteration with dangling mass spread evenly.
 *
 * Pull form over one CSR taken at the start: row v lists the vertices whose rank flows into v (for `out`,
 * the sources of v's in-edges; for `in`, the targets of its out-edges; for `both`, both). A vertex's
 * out-degree is the number of times it appears in the rows, so the rank it hands out always sums to what
 * it had, whatever the writer did to the records meanwhile: the scores sum to 1.
 */
import { budgetCheckMask, gatherAdjacency, scopeVertices } from './columns.js';
import {
  defaultDampingFactor,
  defaultEpsilon,
  defaultPageRankIterations,
  iterationsOf,
  noUsableResult,
  scoresById,
  type AnalyticsInput,
  type AnalyticsOutcome,
} from './outcome.js';

export function pageRank(input: AnalyticsInput): AnalyticsOutcome {
  const { columns, scope, knobs, shouldStop } = input;
  const damping = knobs?.dampingFactor ?? defaultDampingFactor;
  const epsilon = knobs?.epsilon ?? defaultEpsilon;
  if (!(damping >= 0 && damping <= 1))
    throw new RangeError(`dampingFactor must be in [0, 1], got ${damping}`);
  if (!(epsilon >= 0 && Number.isFinite(epsilon))) {
    throw new RangeError(`epsilon must be a finite number >= 0, got ${epsilon}`);
  }
  const maxIterations = iterationsOf(knobs, defaultPageRankIterations);
  const direction = scope.direction ?? 'out';

  const vertices = scopeVertices(columns, scope.labelSlot, shouldStop);
  if (vertices === null) return noUsableResult('PAGERANK');
  const n = vertices.idOf.length;
  const adjacency = gatherAdjacency(
    columns,
    vertices,
    {
      edgeTypeId: scope.edgeTypeId,
      walkOut: direction !== 'out',
      walkIn: direction !== 'in',
      skipSelf: false,
    },
    shouldStop,
  );
  if (adjacency === null) return noUsableResult('PAGERANK');
  const offsets = adjacency.offsets;
  const sources = adjacency.targets;
  const outDegree = new Int32Array(n);
  for (let j = 0; j < sources.length; j++) outDegree[sources[j]]++;

  let rank = new Float64Array(n).fill(n === 0 ? 0 : 1 / n);
  let next = new Float64Array(n);
  const share = new Float64Array(n);
  let iterationsRun = 0;
  let converged = n === 0;
  let budgetExhausted = false;
  for (let round = 0; round < maxIterations && !converged; round++) {
    let danglingMass = 0;
    for (let u = 0; u < n; u++) {
      const degree = outDegree[u];
      if (degree === 0) {
        danglingMass += rank[u];
        share[u] = 0;
      } else {
        share[u] = rank[u] / degree;
      }
    }
    const base = (1 - damping) / n + (damping * danglingMass) / n;
    let change = 0;
    let stopped = false;
    for (let v = 0; v < n; v++) {
      if ((v & budgetCheckMask) === 0 && shouldStop()) {
        stopped = true;
        break;
      }
      let pushed = 0;
      const end = offsets[v + 1];
      for (let j = offsets[v]; j < end; j++) pushed += share[sources[j]];
      const value = base + damping * pushed;
      next[v] = value;
      change += Math.abs(value - rank[v]);
    }
    if (stopped) {
      if (iterationsRun === 0) return noUsableResult('PAGERANK');
      budgetExhausted = true;
      break;
    }
    const previous = rank;
    rank = next;
    next = previous;
    iterationsRun++;
    if (change < epsilon) converged = true;
  }
  return {
    usable: true,
    kind: 'scores',
    algorithm: 'PAGERANK',
    endId: vertices.endId,
    inScope: vertices.inScope,
    vertexCount: n,
    scores: scoresById(vertices, rank),
    converged,
    iterationsRun,
    budgetExhausted,
    statistics: {},
  };
}
