/**
 * The items of a batch request turned into engine input a slice at a time: converting every typed
 * property value of a large batch in one go would hold the event loop too long. Items convert in order, so
 * the first bad item fails the request exactly as a conversion in one piece would, before anything is
 * enqueued.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** Items converted between two turns of the event loop: a few milliseconds of typed-value parsing. */
export const batchItemsPerSlice = 2048;

/** `items.map(convert)`, yielding the event loop between slices of `batchItemsPerSlice` items. */
export async function mapInSlices<T, R>(
  items: readonly T[],
  convert: (item: T, index: number) => R,
): Promise<R[]> {
  const converted = new Array<R>(items.length);
  for (let start = 0; start < items.length; start += batchItemsPerSlice) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(items.length, start + batchItemsPerSlice);
    for (let i = start; i < end; i++) converted[i] = convert(items[i], i);
  }
  return converted;
}

/** Calls `visit` for every item in order, yielding the event loop between slices of `batchItemsPerSlice`. */
export async function forEachInSlices<T>(
  items: readonly T[],
  visit: (item: T, index: number) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += batchItemsPerSlice) {
    if (start > 0) await yieldToEventLoop();
    const end = Math.min(items.length, start + batchItemsPerSlice);
    for (let i = start; i < end; i++) visit(items[i], i);
  }
}
