/**
 * Large JSON answers rendered in slices. A 100,000-element page takes seconds to render in one go; here
 * each slice renders a bounded number of elements (or ids) and then yields the event loop, so other
 * requests keep being served while a big answer streams out (with back-pressure, through
 * `Readable.from`). A stream bypasses the route's response serializer: what it writes is what the
 * serializer writes for the same value (docs/http.md, "Large requests and answers").
 */
import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

export const jsonContentType = 'application/json; charset=utf-8';

/** Elements rendered between two yields: a few milliseconds of work. */
export const elementsPerSlice = 250;
/** Records from which a list answer is streamed rather than serialized in one piece. */
export const minStreamedRecords = 2048;

/**
 * Renders what `read` makes of each of `keys` (element ids, or records already read) as the items of a
 * JSON array (without brackets). A key `read` answers undefined for (an element removed meanwhile) is
 * left out.
 */
export async function* jsonArrayItems<K, T>(
  keys: readonly K[],
  read: (key: K) => T | undefined,
): AsyncGenerator<string> {
  let first = true;
  for (let start = 0; start < keys.length; start += elementsPerSlice) {
    const parts: string[] = [];
    const end = Math.min(keys.length, start + elementsPerSlice);
    for (let i = start; i < end; i++) {
      const item = read(keys[i]);
      if (item !== undefined) parts.push(JSON.stringify(item));
    }
    if (parts.length > 0) {
      yield (first ? '' : ',') + parts.join(',');
      first = false;
    }
    if (end < keys.length) await yieldToEventLoop();
  }
}

/** Ids written per chunk of a long id list (and the length from which a list is streamed). */
export const idsPerChunk = 4096;

/**
 * A JSON array of ids as a stream of chunks that yield the event loop between them (a scan can answer
 * millions). The same text as `JSON.stringify(ids)`.
 */
export async function* jsonIdArray(ids: readonly number[]): AsyncGenerator<string> {
  if (ids.length === 0) {
    yield '[]';
    return;
  }
  for (let start = 0; start < ids.length; start += idsPerChunk) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(ids.length, start + idsPerChunk);
    yield (start === 0 ? '[' : ',') + ids.slice(start, end).join(',') + (end === ids.length ? ']' : '');
  }
}

/**
 * `jsonIdArray` as a reply body, for a route whose response schema is an id array and whose list is
 * longer than `idsPerChunk` (send it with `jsonContentType`; a shorter list goes to the serializer).
 */
export function streamedIds(ids: readonly number[]): number[] {
  // A stream bypasses the response serializer; the schema still documents the array it renders.
  return Readable.from(jsonIdArray(ids)) as unknown as number[];
}
