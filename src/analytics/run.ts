/**
 * One entry for every built-in kernel, so a worker needs only the algorithm's name and the input.
 * Imports the kernels only: loadable in a worker thread without the engine.
 */
import { degreeCentrality } from './degree.js';
import { labelPropagation } from './label-propagation.js';
import type { AnalyticsAlgorithm, AnalyticsInput, AnalyticsOutcome } from './outcome.js';
import { pageRank } from './pagerank.js';
import { triangleCount } from './triangles.js';
import { weaklyConnectedComponents } from './wcc.js';

const kernels: Readonly<Record<AnalyticsAlgorithm, (input: AnalyticsInput) => AnalyticsOutcome>> = {
  PAGERANK: pageRank,
  WCC: weaklyConnectedComponents,
  LABELPROPAGATION: labelPropagation,
  DEGREE: degreeCentrality,
  TRIANGLECOUNT: triangleCount,
};

export function runAnalytics(algorithm: AnalyticsAlgorithm, input: AnalyticsInput): AnalyticsOutcome {
  const kernel = kernels[algorithm];
  if (kernel === undefined) throw new RangeError(`unknown analytics algorithm '${String(algorithm)}'`);
  return kernel(input);
}
