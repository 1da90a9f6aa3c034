/**
 * Large JSON answers rendered in slices. A 100,000-element page takes seconds to render in one go; here
 * each slice renders a bounded number of elements and then yields the event loop, so other requests keep
 * being served while a big answer streams out (with back-pressure, through `Readable.from`).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Elements rendered between two yields: a few milliseconds of work. */
export const elementsPerSlice = 250;

/**
 * Renders `ids` as the items of a JSON array (without brackets). Ids whose element no longer exists when
 * its slice is rendered (removed meanwhile) are left out.
 */
export async function* jsonArrayItems<T>(
  ids: readonly number[],
  read: (id: number) => T | undefined,
): AsyncGenerator<string> {
  let first = true;
  for (let start = 0; start < ids.length; start += elementsPerSlice) {
    const parts: string[] = [];
    const end = Math.min(ids.length, start + elementsPerSlice);
    for (let i = start; i < end; i++) {
      const item = read(ids[i]);
      if (item !== undefined) parts.push(JSON.stringify(item));
    }
    if (parts.length > 0) {
      yield (first ? '' : ',') + parts.join(',');
      first = false;
    }
    if (end < ids.length) await yieldToEventLoop();
  }
}
