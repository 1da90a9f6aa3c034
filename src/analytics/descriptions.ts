/**
 * The description `GET /analytics/algorithms` answers for each built-in algorithm: a block of
 * `NAME`, `DESCRIPTION` (one line), `MANUFACTURER`, `TYPE` (the module that implements it) and `CATEGORY`
 * lines, the layout analytics plugins describe themselves in.
 */
import type { AnalyticsAlgorithm } from './outcome.js';

const oneLine: Readonly<Record<AnalyticsAlgorithm, { module: string; description: string }>> = {
  PAGERANK: {
    module: 'src/analytics/pagerank.ts',
    description:
      'PageRank via power iteration - damping 0.85 default, L1-delta convergence, dangling-mass redistribution',
  },
  WCC: {
    module: 'src/analytics/wcc.ts',
    description: 'Weakly connected components via union-find - component id = smallest member vertex id',
  },
  LABELPROPAGATION: {
    module: 'src/analytics/label-propagation.ts',
    description:
      'Label propagation community detection - synchronous rounds, smallest-label tie-break (deterministic)',
  },
  DEGREE: {
    module: 'src/analytics/degree.ts',
    description: 'Degree centrality (in/out/both) per vertex - single pass, no iteration knobs',
  },
  TRIANGLECOUNT: {
    module: 'src/analytics/triangles.ts',
    description:
      'Triangle counting (undirected simple-graph): per-vertex counts + global total via sorted-neighbour intersection',
  },
};

/** The description block of one built-in algorithm. */
export function analyticsDescription(algorithm: AnalyticsAlgorithm): string {
  const { module, description } = oneLine[algorithm];
  return (
    `NAME: ${algorithm}\n` +
    `  *DESCRIPTION: ${description}\n` +
    '  *MANUFACTURER: Skein\n' +
    `  *TYPE: ${module}\n` +
    '  *CATEGORY: Analytics\n'
  );
}
