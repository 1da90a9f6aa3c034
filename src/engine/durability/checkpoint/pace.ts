/**
 * Slicing for work on the event loop: a loop asks `due` every so often and, when its slice is spent,
 * awaits `yield()` so timers, I/O and other requests run in between. Checkpoint copies, encodes and loads
 * use it so the loop never stalls for long (docs/limits.md, Time on the event loop: at most 50 ms).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work per slice: well under the 50 ms rule, so a GC pause on top still fits. */
export const defaultSliceMs = 8;

export class Pacer {
  private sliceStart = performance.now();
  /** Yields taken so far. */
  yields = 0;

  constructor(private readonly sliceMs = defaultSliceMs) {}

  get due(): boolean {
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  async yield(): Promise<void> {
    await nextTurn();
    this.yields++;
    this.sliceStart = performance.now();
  }

  /** Yields if the slice is spent. */
  async pace(): Promise<void> {
    if (this.due) await this.yield();
  }
}

/**
 * Copies `source` into `target` at `targetOffset` in chunks that respect `pacer` (a copy of hundreds of
 * megabytes would otherwise hold the loop for a second on a busy machine).
 */
export async function pacedCopy<T extends Int32Array | Uint32Array | Float64Array | Uint8Array>(
  target: T,
  source: T,
  pacer: Pacer,
  targetOffset = 0,
): Promise<void> {
  const chunk = Math.max(1, Math.floor(copyChunkBytes / source.BYTES_PER_ELEMENT));
  for (let from = 0; from < source.length; from += chunk) {
    target.set(source.subarray(from, Math.min(source.length, from + chunk)), targetOffset + from);
    await pacer.pace();
  }
}

/** Bytes per copy call: a few milliseconds of memcpy on a loaded machine. */
const copyChunkBytes = 4 << 20;
