/**
 * One subgraph registry per engine (per namespace), created on first use and held beside the engine, not
 * in it, so the engine stays free of the fragment compiler. Options given to a call replace the
 * registry's (a server passes the same ones everywhere).
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
  } else if (options !== undefined) {
    registry.options = options;
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

/**
 * The engine option that keeps extracts in step with loads (startup recovery, `PUT /load`, a save-game
 * restore): every extract of the namespace is built again against the loaded graph.
 */
export function rebuildSubgraphsOnLoad(options?: SubgraphsOptions): (engine: Engine) => void {
  return (engine) => {
    // A registry that exists follows loads itself; one created now starts from the loaded recipes.
    if (registries.has(engine)) return;
    subgraphsOf(engine, options).sourceReplaced();
  };
}
