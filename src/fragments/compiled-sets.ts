/**
 * The two process-wide compiled-fragment caches (docs/fragments.md, "Limits and caching"), and the compile
 * calls the path and subgraph routes make through them.
 *
 * - Path cache: the key is the request's fragment set by value, the five texts `vertexFilter`,
 *   `edgeFilter`, `edgePropertyFilter`, `vertexCost`, `edgeCost`; the numeric bounds (`maxDepth`,
 *   `maxResults`, `maxPathWeight`) and `pathAlgorithmName` are not part of it. 1024 entries, 60 s sliding.
 * - Subgraph cache: the ancestor keys it by the generated source; the generated source is determined by
 *   the fragment's kind and text, so those are the key. 256 entries, 60 s sliding.
 *
 * Only successful compiles are cached (see `CompileCache`): a set that fails is compiled again on every
 * request and reported as it failed. Compiling is synchronous, so two requests never compile the same key
 * at once. Nothing here runs a fragment: a cached entry holds factories, and each request calls them with
 * its own runtime and context.
 */
import { CompileCache, type FragmentCacheStatistics, type SlidingLruOptions } from './cache.js';
import { compileFragment, type CompiledFragment, type CompileOutcome } from './compiler.js';
import type { Diagnostic } from './diagnostics.js';
import type { EdgeView, VertexView } from './runtime/models.js';
import { DELEGATE_KINDS, type DelegateKind, type DelegateKindName } from './types/delegates.js';

/** Path cache capacity (the ancestor's): distinct filter-and-cost sets kept compiled. */
export const pathCacheMaxEntries = 1024;
/** A path set not used for this long is dropped. */
export const pathCacheSlidingSeconds = 60;
/** Subgraph cache capacity (the ancestor's): distinct subgraph fragments kept compiled. */
export const subgraphCacheMaxEntries = 256;
/** A subgraph fragment not used for this long is dropped. */
export const subgraphCacheSlidingSeconds = 60;

/** The compile step the caches call on a miss (compileFragment; tests inject their own). */
export type CompileFunction = (kind: DelegateKind, text: string) => CompileOutcome;

/** The fragment members of a path request's `filter` and `cost` blocks, with the defaults already applied. */
export interface PathFragmentSet {
  readonly vertexFilter?: string | null;
  readonly edgeFilter?: string | null;
  readonly edgePropertyFilter?: string | null;
  readonly vertexCost?: string | null;
  readonly edgeCost?: string | null;
}

export type PathFragmentField = keyof PathFragmentSet;

/** The fields in the order they are keyed, compiled and reported, with the kind each one compiles as. */
export const pathFragmentKinds: Readonly<Record<PathFragmentField, DelegateKindName>> = Object.freeze({
  vertexFilter: 'VertexFilter',
  edgeFilter: 'EdgeFilter',
  edgePropertyFilter: 'EdgePropertyFilter',
  vertexCost: 'VertexCost',
  edgeCost: 'EdgeCost',
});

const pathFragmentFields = Object.keys(pathFragmentKinds) as PathFragmentField[];

/** The compiled path set. A field is absent when the set has no text for it (null or ''): no delegate. */
export interface CompiledPathFragments {
  readonly vertexFilter?: CompiledFragment<(vertex: VertexView) => boolean>;
  readonly edgeFilter?: CompiledFragment<(edge: EdgeView) => boolean>;
  readonly edgePropertyFilter?: CompiledFragment<(edgePropertyId: string) => boolean>;
  readonly vertexCost?: CompiledFragment<(vertex: VertexView) => number>;
  readonly edgeCost?: CompiledFragment<(edge: EdgeView) => number>;
}

/** A fragment that did not compile: its error (and warning) diagnostics over its text. */
export interface FragmentCompileFailure {
  readonly kind: DelegateKindName;
  readonly diagnostics: readonly Diagnostic[];
  /** The text the diagnostics' offsets refer to. */
  readonly text: string;
}

export type PathCompileResult =
  | { readonly ok: true; readonly compiled: CompiledPathFragments }
  /** Every failing field, in field order (the others compiled). */
  | { readonly ok: false; readonly failures: Partial<Record<PathFragmentField, FragmentCompileFailure>> };

export type SubgraphCompileResult<D = unknown> =
  /** `fragment` is undefined for a null or empty text: no delegate. */
  | { readonly ok: true; readonly fragment: CompiledFragment<D> | undefined }
  | { readonly ok: false; readonly failure: FragmentCompileFailure };

function hasText(text: string | null | undefined): text is string {
  return text !== null && text !== undefined && text !== '';
}

/** The path cache's key: the five texts by value; null, absent and '' are the same (no delegate). */
export function pathCacheKey(set: PathFragmentSet): string {
  return JSON.stringify(pathFragmentFields.map((field) => set[field] ?? ''));
}

/** The subgraph cache's key: what determines the generated source, the kind and the text. */
export function subgraphCacheKey(kind: DelegateKind, text: string): string {
  return `${kind.name}\n${text}`;
}

export interface CompiledSetCacheOptions extends Partial<SlidingLruOptions> {
  readonly compile?: CompileFunction;
}

type Mutable<T> = { -readonly [P in keyof T]: T[P] };

/** The path cache over a compile function. */
export class PathFragmentCache {
  private readonly cache: CompileCache<
    string,
    CompiledPathFragments,
    Partial<Record<PathFragmentField, FragmentCompileFailure>>
  >;
  private readonly compile: CompileFunction;

  constructor(options: CompiledSetCacheOptions = {}) {
    this.cache = new CompileCache({
      maxEntries: options.maxEntries ?? pathCacheMaxEntries,
      slidingSeconds: options.slidingSeconds ?? pathCacheSlidingSeconds,
      nowMs: options.nowMs,
    });
    this.compile = options.compile ?? compileFragment;
  }

  /**
   * The compiled set, from the cache or compiled now. A set with no text at all needs no compile and
   * touches neither the cache nor its counters. Every field is compiled even when one fails, so the
   * failure reports all of them.
   */
  compilePathFragments(set: PathFragmentSet): PathCompileResult {
    if (!pathFragmentFields.some((field) => hasText(set[field]))) return { ok: true, compiled: {} };
    const outcome = this.cache.getOrCompile(pathCacheKey(set), () => {
      const result = compilePathSetUncached(set, this.compile);
      return result.ok ? { ok: true, value: result.compiled } : { ok: false, failure: result.failures };
    });
    return outcome.ok ? { ok: true, compiled: outcome.value } : { ok: false, failures: outcome.failure };
  }

  statistics(): FragmentCacheStatistics {
    return this.cache.statistics();
  }

  /** Drops every entry (counters are kept). */
  clear(): void {
    this.cache.clear();
  }
}

/**
 * Compiles every field of a path set, bypassing the caches: what a stored query keeps for its lifetime.
 * Every field is compiled even when one fails, so the failure reports all of them.
 */
export function compilePathSetUncached(
  set: PathFragmentSet,
  compile: CompileFunction = compileFragment,
): PathCompileResult {
  const compiled: Mutable<CompiledPathFragments> = {};
  const failures: Partial<Record<PathFragmentField, FragmentCompileFailure>> = {};
  let failed = false;
  for (const field of pathFragmentFields) {
    const text = set[field];
    if (!hasText(text)) continue;
    const kind = DELEGATE_KINDS[pathFragmentKinds[field]];
    const result = compile(kind, text);
    if (result.ok) {
      (compiled as Record<PathFragmentField, CompiledFragment>)[field] = result.fragment;
    } else {
      failed = true;
      failures[field] = { kind: kind.name, diagnostics: result.diagnostics, text: result.text };
    }
  }
  return failed ? { ok: false, failures } : { ok: true, compiled };
}

/** The subgraph cache over a compile function. */
export class SubgraphFragmentCache {
  private cache: CompileCache<string, CompiledFragment, FragmentCompileFailure>;
  private readonly compile: CompileFunction;
  private readonly nowMs: (() => number) | undefined;

  constructor(options: CompiledSetCacheOptions = {}) {
    this.nowMs = options.nowMs;
    this.cache = new CompileCache({
      maxEntries: options.maxEntries ?? subgraphCacheMaxEntries,
      slidingSeconds: options.slidingSeconds ?? subgraphCacheSlidingSeconds,
      nowMs: options.nowMs,
    });
    this.compile = options.compile ?? compileFragment;
  }

  /**
   * Applies the configured capacity and expiry (`Svc:SubGraphs:CompileCacheMaxEntries`,
   * `Svc:SubGraphs:CompileCacheSlidingSeconds`): a server does this once at startup. The entries are
   * dropped and the counters restart.
   */
  configure(options: Partial<SlidingLruOptions>): void {
    const current = this.cache.statistics();
    this.cache = new CompileCache({
      maxEntries: options.maxEntries ?? current.maxEntries,
      slidingSeconds: options.slidingSeconds ?? current.slidingSeconds,
      nowMs: this.nowMs,
    });
  }

  /** One subgraph fragment (top-level or pattern-step filter), from the cache or compiled now. */
  compileSubgraphFragment<D = unknown>(
    kind: DelegateKind,
    text: string | null | undefined,
  ): SubgraphCompileResult<D> {
    if (!hasText(text)) return { ok: true, fragment: undefined };
    const outcome = this.cache.getOrCompile(subgraphCacheKey(kind, text), () => {
      const result = this.compile(kind, text);
      return result.ok
        ? { ok: true, value: result.fragment }
        : { ok: false, failure: { kind: kind.name, diagnostics: result.diagnostics, text: result.text } };
    });
    return outcome.ok
      ? { ok: true, fragment: outcome.value as CompiledFragment<D> }
      : { ok: false, failure: outcome.failure };
  }

  statistics(): FragmentCacheStatistics {
    return this.cache.statistics();
  }

  clear(): void {
    this.cache.clear();
  }
}

/** The process-wide path cache. */
export const pathFragmentCache = new PathFragmentCache();
/** The process-wide subgraph cache. */
export const subgraphFragmentCache = new SubgraphFragmentCache();

/** Compiles a path request's fragment set through the process-wide path cache. */
export function compilePathFragments(set: PathFragmentSet): PathCompileResult {
  return pathFragmentCache.compilePathFragments(set);
}

/** Compiles one subgraph fragment through the process-wide subgraph cache. */
export function compileSubgraphFragment<D = unknown>(
  kind: DelegateKind,
  text: string | null | undefined,
): SubgraphCompileResult<D> {
  return subgraphFragmentCache.compileSubgraphFragment<D>(kind, text);
}

/** Counters of both process-wide caches, for the metrics. */
export function fragmentCacheStatistics(): {
  readonly path: FragmentCacheStatistics;
  readonly subgraph: FragmentCacheStatistics;
} {
  return { path: pathFragmentCache.statistics(), subgraph: subgraphFragmentCache.statistics() };
}
