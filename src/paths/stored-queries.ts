/**
 * Invoking a stored Path query from a path request (docs/paths.md, "Stored queries"; docs/storedqueries.md):
 * the request names it in `storedQuery` instead of sending `filter`/`cost`, and runs with the fragments the
 * namespace's registry compiled at registration (src/storedqueries).
 *
 * The stored `path` block keeps absent members absent, so the per-member defaults (docs/paths.md, "Request")
 * apply to it exactly as to an inline request (a stored cost block without `vertexCost` costs 1 per vertex).
 */
import type { Engine } from '../engine/index.js';
import type { CompiledPathFragments, PathFragmentSet } from '../fragments/index.js';
import { pathSpecificationOf, storedQueriesOf } from '../storedqueries/index.js';
import { withDefaults } from './request.js';

/** A registered, compiled Path query. */
export interface StoredPathQuery {
  readonly name: string;
  /** Its filter and cost texts with the per-member defaults applied. */
  readonly fragments: PathFragmentSet;
  /** The same, compiled at registration (or at load); default texts may be absent (they run as constants). */
  readonly compiled: CompiledPathFragments;
}

export type StoredPathQueryLookup =
  | { readonly status: 'found'; readonly query: StoredPathQuery }
  | { readonly status: 'notFound' }
  /** A stored query of another kind (`SubGraph`): 400 on the path route. */
  | { readonly status: 'wrongKind'; readonly kind: string }
  /** Its recompile on load failed (or it was loaded without a compiler): 409. */
  | { readonly status: 'notInvocable'; readonly compileDiagnostics: string | null };

/** The Path query `name` of the engine's namespace, as the path route needs it. */
export function lookupStoredPathQuery(
  engine: Engine,
  name: string,
  maxStoredQueries?: number,
): StoredPathQueryLookup {
  const entry = storedQueriesOf(engine, maxStoredQueries).get(name);
  if (entry === undefined) return { status: 'notFound' };
  if (entry.definition.kind !== 'Path') return { status: 'wrongKind', kind: entry.definition.kind };
  if (entry.compileState !== 'Compiled' || entry.compiled?.kind !== 'Path') {
    return { status: 'notInvocable', compileDiagnostics: entry.compileDiagnostics };
  }
  return {
    status: 'found',
    query: {
      name,
      fragments: withDefaults(pathSpecificationOf(entry.definition)),
      compiled: entry.compiled.fragments,
    },
  };
}
