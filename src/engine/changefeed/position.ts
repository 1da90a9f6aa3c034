/**
 * Catch-up positions (docs/changefeed.md, Catching up): `since`, or the `Last-Event-ID` header when `since` is unset, is
 * `<epoch>:<seq>` (split at the last `:`, the epoch a GUID) or a bare non-negative integer. The SSE `id:`
 * of every frame has the first form, so a reconnecting client sends back what it last received.
 */
import { EngineError } from '../errors.js';

export interface FeedPosition {
  /** Lowercase GUID; absent for a bare sequence number (which means "this epoch"). */
  readonly epoch?: string;
  /**
   * The last sequence number the client has seen. A number beyond 2^53 cannot be a position this feed
   * reached; it parses as `Infinity` and is out of range.
   */
  readonly seq: number;
}

const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digits = /^[0-9]+$/;

function invalid(text: string): EngineError {
  return new EngineError(
    'CHANGEFEED_SINCE_INVALID',
    `'${text}' is not a change-feed position: expected <epoch>:<seq> (the id of an event) or a sequence number`,
  );
}

function parseSeq(text: string, whole: string): number {
  if (!digits.test(text)) throw invalid(whole);
  const seq = Number(text);
  return Number.isSafeInteger(seq) ? seq : Number.POSITIVE_INFINITY;
}

/** Parses a position; CHANGEFEED_SINCE_INVALID when it is malformed. */
export function parsePosition(text: string): FeedPosition {
  const trimmed = text.trim();
  const colon = trimmed.lastIndexOf(':');
  if (colon < 0) return { seq: parseSeq(trimmed, text) };
  const epoch = trimmed.slice(0, colon);
  if (!guid.test(epoch)) throw invalid(text);
  return { epoch: epoch.toLowerCase(), seq: parseSeq(trimmed.slice(colon + 1), text) };
}

/** The `id:` of an event frame. */
export function positionText(epoch: string, seq: number): string {
  return `${epoch}:${seq}`;
}
