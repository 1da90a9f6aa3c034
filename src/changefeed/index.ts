/**
 * The change feed over HTTP: a subscription of the engine's feed (src/engine/changefeed) as a
 * Server-Sent Events stream. The server reaches this folder only through this entry
 * (docs/architecture.md).
 */
export {
  ChangeFeedStream,
  defaultFlushIntervalMilliseconds,
  defaultKeepAliveSeconds,
  eventStreamContentType,
  maxFlushIntervalMilliseconds,
  minKeepAliveSeconds,
  maxKeepAliveSeconds,
} from './sse.js';
export type { ChangeStreamOptions } from './sse.js';
