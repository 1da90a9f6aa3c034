/**
 * Stored queries (docs/storedqueries.md): named fragment sets compiled once at registration, one set
 * per namespace. The namespace's engine owns the durable definitions; this area keeps them compiled.
 */
export * from './definition.js';
export * from './compile.js';
export * from './registry.js';
export { storedQueriesOf } from './per-engine.js';
