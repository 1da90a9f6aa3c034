/**
 * One compiled stored-query registry per engine (per namespace), created on first use. Held beside the
 * engine, not in it, so the engine stays free of the fragment compiler.
 */
import type { Engine } from '../engine/index.js';
import { StoredQueries } from './registry.js';

const registries = new WeakMap<Engine, StoredQueries>();

export function storedQueriesOf(engine: Engine, maxCount?: number): StoredQueries {
  let registry = registries.get(engine);
  if (registry === undefined) {
    registry = new StoredQueries(engine, maxCount);
    registries.set(engine, registry);
  }
  return registry;
}
