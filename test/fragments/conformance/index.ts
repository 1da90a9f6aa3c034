/**
 * The conformance corpus: every case of every topic file, by topic. The runner (conformance.test.ts)
 * compiles and runs each against the sample graph; the count test (corpus-counts.test.ts) keeps the
 * corpus from shrinking and checks its cases are well-formed.
 */
import { budgetAndRuntimeErrors } from './budget-and-runtime-errors.js';
import { contextCases } from './context.js';
import type { ConformanceCase } from './corpus.js';
import { costs } from './costs.js';
import { datesGuids } from './dates-guids.js';
import { escapeAttempts } from './escape-attempts.js';
import { filtersBasic } from './filters-basic.js';
import { invalidDiagnostics } from './invalid-diagnostics.js';
import { linqAdjacency } from './linq-adjacency.js';
import { numbers } from './numbers.js';
import { patternsSwitch } from './patterns-switch.js';
import { propertiesTyped } from './properties-typed.js';
import { statementsLoops } from './statements-loops.js';
import { strings } from './strings.js';

export const CORPUS_BY_TOPIC: Readonly<Record<string, readonly ConformanceCase[]>> = {
  'filters-basic': filtersBasic,
  'properties-typed': propertiesTyped,
  numbers,
  strings,
  'linq-adjacency': linqAdjacency,
  'patterns-switch': patternsSwitch,
  'statements-loops': statementsLoops,
  'dates-guids': datesGuids,
  costs,
  context: contextCases,
  'invalid-diagnostics': invalidDiagnostics,
  'escape-attempts': escapeAttempts,
  'budget-and-runtime-errors': budgetAndRuntimeErrors,
};

export const CONFORMANCE_CASES: readonly ConformanceCase[] = Object.values(CORPUS_BY_TOPIC).flat();
