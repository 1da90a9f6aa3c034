import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CompileOutcome } from '../../src/fragments/compiler.js';
import { createDiagnostic } from '../../src/fragments/diagnostics.js';
import {
  compilePathFragments,
  compileSubgraphFragment,
  fragmentCacheStatistics,
  pathCacheKey,
  pathCacheMaxEntries,
  pathCacheSlidingSeconds,
  PathFragmentCache,
  subgraphCacheMaxEntries,
  subgraphCacheSlidingSeconds,
  SubgraphFragmentCache,
  type CompileFunction,
} from '../../src/fragments/compiled-sets.js';
import { DELEGATE_KINDS, type DelegateKind } from '../../src/fragments/types/delegates.js';

const seconds = 1000;

/**
 * A stand-in for the compiler: records each compile as `Kind:text`; a text containing FAIL fails with
 * CS1002 at its end. The "source" names kind and text so tests can tell compiled fragments apart.
 */
function fakeCompiler() {
  const calls: string[] = [];
  const compile: CompileFunction = (kind: DelegateKind, text: string): CompileOutcome => {
    calls.push(`${kind.name}:${text}`);
    if (text.includes('FAIL')) {
      return { ok: false, diagnostics: [createDiagnostic('CS1002', text.length, text.length)], text };
    }
    return {
      ok: true,
      fragment: { kind, empty: false, factory: () => null, source: `${kind.name}:${text}`, diagnostics: [] },
    };
  };
  return { calls, compile };
}

function pathCache(clock = { now: 0 }) {
  const compiler = fakeCompiler();
  const cache = new PathFragmentCache({ compile: compiler.compile, nowMs: () => clock.now });
  return { cache, calls: compiler.calls, clock };
}

describe('the caches are bounded in entries and idle time', () => {
  it('the path cache holds 1024 sets for 60 s sliding, the subgraph cache 256 fragments for 60 s', () => {
    assert.deepEqual([pathCacheMaxEntries, pathCacheSlidingSeconds], [1024, 60]);
    assert.deepEqual([subgraphCacheMaxEntries, subgraphCacheSlidingSeconds], [256, 60]);
    const { path, subgraph } = fragmentCacheStatistics();
    assert.deepEqual([path.maxEntries, path.slidingSeconds], [1024, 60]);
    assert.deepEqual([subgraph.maxEntries, subgraph.slidingSeconds], [256, 60]);
  });
});

describe('the subgraph cache is configurable (Svc:SubGraphs:CompileCache*)', () => {
  it('holds as many fragments and for as long as configured: the oldest goes past the capacity, an idle one after the expiry', () => {
    const clock = { now: 0 };
    const compiler = fakeCompiler();
    const cache = new SubgraphFragmentCache({ compile: compiler.compile, nowMs: () => clock.now });
    cache.configure({ maxEntries: 2, slidingSeconds: 5 });
    assert.deepEqual([cache.statistics().maxEntries, cache.statistics().slidingSeconds], [2, 5]);
    const kind = DELEGATE_KINDS.VertexFilter;
    for (const text of ['a', 'b', 'c']) cache.compileSubgraphFragment(kind, text);
    cache.compileSubgraphFragment(kind, 'a');
    assert.deepEqual(compiler.calls, [
      'VertexFilter:a',
      'VertexFilter:b',
      'VertexFilter:c',
      'VertexFilter:a',
    ]);
    clock.now = 4 * seconds;
    cache.compileSubgraphFragment(kind, 'a');
    assert.equal(compiler.calls.length, 4, 'a hit within the expiry compiles nothing');
    clock.now = 9 * seconds;
    cache.compileSubgraphFragment(kind, 'a');
    assert.equal(compiler.calls.length, 5, 'idle for the whole expiry: compiled again');
  });
});

describe('the path cache key', () => {
  const set = {
    vertexFilter: 'return v => true;',
    edgeFilter: 'return e => true;',
    edgePropertyFilter: 'return p => true;',
    vertexCost: 'return v => 1.0;',
    edgeCost: 'return e => 1.0;',
  };

  it('excludes the numeric bounds and the algorithm name', () => {
    const request = { ...set, maxDepth: 3, maxResults: 1, maxPathWeight: 10, pathAlgorithmName: 'BLS' };
    const other = { ...set, maxDepth: 9, maxResults: 5, pathAlgorithmName: 'DIJKSTRA' };
    assert.equal(pathCacheKey(request), pathCacheKey(set));
    assert.equal(pathCacheKey(other), pathCacheKey(set));
  });

  it('is the five texts by value: any change of text is another key', () => {
    assert.equal(pathCacheKey({ ...set }), pathCacheKey(set));
    for (const field of Object.keys(set) as (keyof typeof set)[]) {
      assert.notEqual(pathCacheKey({ ...set, [field]: `${set[field]} ` }), pathCacheKey(set), field);
    }
  });

  it('knows which field a text belongs to', () => {
    const text = 'return x => true;';
    assert.notEqual(pathCacheKey({ vertexFilter: text }), pathCacheKey({ edgeFilter: text }));
    assert.notEqual(
      pathCacheKey({ vertexFilter: 'a', edgeFilter: 'b' }),
      pathCacheKey({ vertexFilter: 'b', edgeFilter: 'a' }),
    );
  });

  it('null, absent and empty text are the same key (no delegate)', () => {
    assert.equal(pathCacheKey({ vertexFilter: null }), pathCacheKey({}));
    assert.equal(pathCacheKey({ vertexFilter: '' }), pathCacheKey({}));
  });
});

describe('compilePathFragments through a path cache', () => {
  it('compiles each field with its kind; a field without text has no compiled fragment', () => {
    const { cache, calls } = pathCache();
    const result = cache.compilePathFragments({ vertexFilter: 'vf', edgeCost: 'ec', edgeFilter: null });
    assert.equal(result.ok, true);
    assert.ok(result.ok);
    assert.deepEqual(Object.keys(result.compiled).sort(), ['edgeCost', 'vertexFilter']);
    assert.equal(result.compiled.vertexFilter?.source, 'VertexFilter:vf');
    assert.equal(result.compiled.edgeCost?.source, 'EdgeCost:ec');
    assert.deepEqual(calls, ['VertexFilter:vf', 'EdgeCost:ec']);
  });

  it('a request that differs only in its bounds is a hit: the same compiled set, no compile', () => {
    const { cache, calls } = pathCache();
    const fragments = { vertexFilter: 'vf', edgeFilter: 'ef', edgePropertyFilter: 'epf' };
    const first = cache.compilePathFragments({ ...fragments, maxDepth: 2 } as typeof fragments);
    const second = cache.compilePathFragments({
      ...fragments,
      maxDepth: 7,
      maxResults: 3,
    } as typeof fragments);
    assert.ok(first.ok && second.ok);
    assert.equal(second.compiled, first.compiled);
    assert.equal(calls.length, 3);
    const stats = cache.statistics();
    assert.deepEqual([stats.hits, stats.misses, stats.entries], [1, 1, 1]);
  });

  it('a set with no text compiles nothing and does not touch the cache', () => {
    const { cache, calls } = pathCache();
    assert.deepEqual(cache.compilePathFragments({}), { ok: true, compiled: {} });
    assert.deepEqual(cache.compilePathFragments({ vertexCost: null, edgeCost: '' }), {
      ok: true,
      compiled: {},
    });
    assert.deepEqual(calls, []);
    const stats = cache.statistics();
    assert.deepEqual([stats.hits, stats.misses, stats.entries], [0, 0, 0]);
  });

  it('a failing set reports every failing field with its diagnostics, and is not cached', () => {
    const { cache, calls } = pathCache();
    const set = { vertexFilter: 'FAIL v', edgeFilter: 'ok', edgeCost: 'FAIL e' };
    const result = cache.compilePathFragments(set);
    assert.ok(!result.ok);
    assert.deepEqual(Object.keys(result.failures), ['vertexFilter', 'edgeCost']);
    assert.equal(result.failures.vertexFilter?.kind, 'VertexFilter');
    assert.equal(result.failures.vertexFilter?.text, 'FAIL v');
    assert.deepEqual(
      result.failures.edgeCost?.diagnostics.map((d) => [d.id, d.start]),
      [['CS1002', 6]],
    );
    assert.deepEqual(calls, ['VertexFilter:FAIL v', 'EdgeFilter:ok', 'EdgeCost:FAIL e']);
    assert.equal(cache.compilePathFragments(set).ok, false);
    assert.equal(calls.length, 6, 'compiled again');
    const stats = cache.statistics();
    assert.deepEqual([stats.hits, stats.misses, stats.compileFailures, stats.entries], [0, 2, 2, 0]);
  });

  it('a set idle for 60 s is compiled again; one used within 60 s stays', () => {
    const { cache, calls, clock } = pathCache();
    cache.compilePathFragments({ vertexFilter: 'vf' });
    clock.now += 59 * seconds;
    cache.compilePathFragments({ vertexFilter: 'vf' });
    clock.now += 59 * seconds;
    cache.compilePathFragments({ vertexFilter: 'vf' });
    assert.equal(calls.length, 1, 'refreshed by each use');
    clock.now += 60 * seconds;
    cache.compilePathFragments({ vertexFilter: 'vf' });
    assert.equal(calls.length, 2);
    assert.equal(cache.statistics().expirations, 1);
  });

  it('the 1025th distinct set evicts the least recently used one', () => {
    const { cache, calls } = pathCache();
    for (let i = 0; i < pathCacheMaxEntries; i++) cache.compilePathFragments({ vertexFilter: `f${i}` });
    cache.compilePathFragments({ vertexFilter: 'f0' }); // f0 is now the most recently used
    cache.compilePathFragments({ vertexFilter: 'new' });
    assert.equal(cache.statistics().evictions, 1);
    const before = calls.length;
    cache.compilePathFragments({ vertexFilter: 'f0' });
    assert.equal(calls.length, before, 'f0 survived');
    cache.compilePathFragments({ vertexFilter: 'f1' });
    assert.equal(calls.length, before + 1, 'f1 was evicted');
  });
});

describe('compileSubgraphFragment through a subgraph cache', () => {
  function subgraphCache() {
    const compiler = fakeCompiler();
    return { cache: new SubgraphFragmentCache({ compile: compiler.compile }), calls: compiler.calls };
  }

  it('keys by kind and text: the same text of another kind is compiled apart', () => {
    const { cache, calls } = subgraphCache();
    const text = 'return x => true;';
    const vertex = cache.compileSubgraphFragment(DELEGATE_KINDS.VertexFilter, text);
    const again = cache.compileSubgraphFragment(DELEGATE_KINDS.VertexFilter, text);
    const edge = cache.compileSubgraphFragment(DELEGATE_KINDS.EdgeFilter, text);
    assert.ok(vertex.ok && again.ok && edge.ok);
    assert.equal(again.fragment, vertex.fragment);
    assert.notEqual(edge.fragment, vertex.fragment);
    assert.deepEqual(calls, [`VertexFilter:${text}`, `EdgeFilter:${text}`]);
    const stats = cache.statistics();
    assert.deepEqual([stats.hits, stats.misses, stats.entries], [1, 2, 2]);
  });

  it('null or empty text is no delegate, with no compile', () => {
    const { cache, calls } = subgraphCache();
    assert.deepEqual(cache.compileSubgraphFragment(DELEGATE_KINDS.VertexFilter, null), {
      ok: true,
      fragment: undefined,
    });
    assert.deepEqual(cache.compileSubgraphFragment(DELEGATE_KINDS.EdgeFilter, ''), {
      ok: true,
      fragment: undefined,
    });
    assert.deepEqual(calls, []);
  });

  it('a failure carries its kind and diagnostics, is counted and not cached', () => {
    const { cache, calls } = subgraphCache();
    const result = cache.compileSubgraphFragment(DELEGATE_KINDS.GraphElementFilter, 'FAIL');
    assert.ok(!result.ok);
    assert.equal(result.failure.kind, 'GraphElementFilter');
    assert.deepEqual(
      result.failure.diagnostics.map((d) => d.id),
      ['CS1002'],
    );
    cache.compileSubgraphFragment(DELEGATE_KINDS.GraphElementFilter, 'FAIL');
    assert.equal(calls.length, 2);
    assert.equal(cache.statistics().compileFailures, 2);
  });
});

describe('the process-wide caches with the real compiler', () => {
  it('a set with a syntax error fails with the compiler diagnostics, counted on the path cache', () => {
    const before = fragmentCacheStatistics().path;
    const result = compilePathFragments({ vertexFilter: 'return v => v.Id > 3', edgeCost: null });
    assert.ok(!result.ok);
    assert.deepEqual(
      result.failures.vertexFilter?.diagnostics.map((d) => d.id),
      ['CS1002'],
    );
    const after = fragmentCacheStatistics().path;
    assert.equal(after.misses - before.misses, 1);
    assert.equal(after.compileFailures - before.compileFailures, 1);
    assert.equal(after.compileDurations.count - before.compileDurations.count, 1);
  });

  it('a subgraph fragment over 100,000 characters fails with SVCLIMIT', () => {
    const result = compileSubgraphFragment(DELEGATE_KINDS.VertexFilter, 'x'.repeat(100_001));
    assert.ok(!result.ok);
    assert.deepEqual(
      result.failure.diagnostics.map((d) => d.id),
      ['SVCLIMIT'],
    );
  });
});

describe('the process-wide caches with the real compiler (needs the checker)', () => {
  it('a valid path set compiles once and is then served from the cache', () => {
    const set = { vertexFilter: 'return v => v.Id >= 0;', edgeCost: 'return e => 2.0;' };
    const first = compilePathFragments(set);
    assert.ok(first.ok, JSON.stringify(first));
    assert.equal(typeof first.compiled.vertexFilter?.factory, 'function');
    const before = fragmentCacheStatistics().path;
    const second = compilePathFragments({ ...set });
    assert.ok(second.ok);
    assert.equal(second.compiled, first.compiled);
    assert.equal(fragmentCacheStatistics().path.hits - before.hits, 1);
  });

  it('a valid subgraph fragment compiles once and is then served from the cache', () => {
    const text = 'return element => element.Label != null;';
    const first = compileSubgraphFragment(DELEGATE_KINDS.GraphElementFilter, text);
    assert.ok(first.ok, JSON.stringify(first));
    const second = compileSubgraphFragment(DELEGATE_KINDS.GraphElementFilter, text);
    assert.ok(second.ok);
    assert.equal(second.fragment, first.fragment);
  });
});
