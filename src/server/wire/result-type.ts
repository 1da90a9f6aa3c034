/**
 * `resultType` of scans (docs/elements.md, JSON): read case-insensitively as `Vertices`, `Edges` or `Both`, or as
 * the integers 0, 1, 2. The schema (ResultTypeSchema) admits any string, so the names are checked here
 * and an unknown one is a 400 naming what was sent.
 */
import type { ResultType } from '../../index.js';
import { problem } from '../problems/problem.js';

const byNumber: readonly ResultType[] = ['Vertices', 'Edges', 'Both'];
const byLowerName = new Map<string, ResultType>(byNumber.map((name) => [name.toLowerCase(), name]));

export function resultTypeOf(raw: string | number | null | undefined, fallback: ResultType): ResultType {
  if (raw === undefined || raw === null) return fallback;
  const resolved = typeof raw === 'number' ? byNumber[raw] : byLowerName.get(raw.trim().toLowerCase());
  if (resolved === undefined) {
    throw problem(
      'INVALID_RESULT_TYPE',
      `resultType '${String(raw)}' is not one of Vertices, Edges, Both (or 0, 1, 2)`,
    );
  }
  return resolved;
}
