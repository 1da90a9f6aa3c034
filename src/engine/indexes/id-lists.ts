/** Result lists of element ids: ascending, each once, built the cheapest way for their size. */

/** Appends, ascending, the ids whose bits are set in words [fromWord, toWord) of `bits`. */
export function appendSetBits(bits: Uint32Array, fromWord: number, toWord: number, out: number[]): void {
  for (let word = fromWord; word < toWord; word++) {
    let pending = bits[word];
    while (pending !== 0) {
      const lowest = pending & -pending;
      out.push((word << 5) | (31 - Math.clz32(lowest)));
      pending ^= lowest;
    }
  }
}

/**
 * The ids (all below `idBound`) ascending, each once. An ascending list (a single key's bucket, often)
 * comes back as it is. A large list is read back from a bitmap of the id space (no sort); others sort
 * as an Int32Array (numeric, no comparator calls: about five times faster than `Array.prototype.sort`
 * with one).
 */
export function sortedUnique(ids: number[], idBound: number): number[] {
  let ascending = true;
  for (let i = 1; i < ids.length; i++) {
    if (ids[i] <= ids[i - 1]) {
      ascending = false;
      break;
    }
  }
  if (ascending) return ids;
  const unique: number[] = [];
  if (ids.length > idBound >>> 5) {
    const bits = new Uint32Array((idBound + 31) >>> 5);
    for (const id of ids) bits[id >>> 5] |= 1 << (id & 31);
    appendSetBits(bits, 0, bits.length, unique);
    return unique;
  }
  const sorted = Int32Array.from(ids).sort();
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) unique.push(sorted[i]);
  return unique;
}

/** The writer's calls `writeIdSetSteps` uses (ByteWriter's). */
interface VarUintSink {
  varUint(value: number): void;
}

/**
 * Writes the ids of `ids` ascending as deltas (the first from 0). A set of up to `sliceIds` ids is sorted
 * in one go; a larger one goes through a bitmap of its id range in slices of about `sliceIds` ids or
 * words, pausing between them (a sort of millions of ids would hold the event loop for tens of ms).
 * `ids` must not change while the generator runs.
 */
export function* writeIdSetSteps(
  out: VarUintSink,
  ids: ReadonlySet<number>,
  sliceIds: number,
): Generator<void> {
  let previous = 0;
  if (ids.size <= sliceIds) {
    const sorted = Int32Array.from(ids).sort();
    for (let i = 0; i < sorted.length; i++) {
      out.varUint(sorted[i] - previous);
      previous = sorted[i];
    }
    return;
  }
  let bound = 0;
  let seen = 0;
  for (const id of ids) {
    if (id >= bound) bound = id + 1;
    if (++seen % sliceIds === 0) yield;
  }
  const bits = new Uint32Array((bound + 31) >>> 5);
  seen = 0;
  for (const id of ids) {
    bits[id >>> 5] |= 1 << (id & 31);
    if (++seen % sliceIds === 0) yield;
  }
  const ascending: number[] = [];
  // At most `sliceIds` ids per slice, however dense the bitmap.
  const sliceWords = Math.max(1, sliceIds >>> 5);
  for (let word = 0; word < bits.length; word += sliceWords) {
    ascending.length = 0;
    appendSetBits(bits, word, Math.min(bits.length, word + sliceWords), ascending);
    for (const id of ascending) {
      out.varUint(id - previous);
      previous = id;
    }
    yield;
  }
}
