/**
 * One subgraph registry per engine (per namespace), created on first use and held beside the engine, not
 * in it, so the engine stays free of the fragment compiler. The options of the first call apply.
 */
import type { Engine } from '../engine/index.js';
import { subgraphFragmentCache } from '../fragments/index.js';
import { Subgraphs, type SubgraphsOptions } from './registry.js';

const registries = new WeakMap<Engine, Subgraphs>();

export function subgraphsOf(engine: Engine, options?: SubgraphsOptions): Subgraphs {
  let registry = registries.get(engine);
  if (registry === undefined) {
    registry = new Subgraphs(engine, options);
    registries.set(engine, registry);
  }
  return registry;
}

/**
 * Applies `Svc:SubGraphs:CompileCacheMaxEntries` and `Svc:SubGraphs:CompileCacheSlidingSeconds` to the
 * process-wide subgraph compile cache (docs/subgraphs.md, "The compile cache").
 */
export function configureSubgraphCompileCache(options: {
  maxEntries?: number;
  slidingSeconds?: number;
}): void {
  subgraphFragmentCache.configure(options);
}
