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
 * in one go; a larger one is sorted in pauses (`sortIdsSteps`: a sort of millions of ids in one piece
 * would hold the event loop for tens of ms). `ids` must not change while the generator runs.
 */
export function* writeIdSetSteps(
  out: VarUintSink,
  ids: ReadonlySet<number>,
  sliceIds: number,
): Generator<void> {
  const sorted = ids.size <= sliceIds ? Int32Array.from(ids).sort() : yield* sortIdsSteps(ids, sliceIds);
  let previous = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && i % sliceIds === 0) yield;
    out.varUint(sorted[i] - previous);
    previous = sorted[i];
  }
}

/**
 * The ids ascending, pausing after about every `sliceIds` ids of work: runs of `sliceIds` ids sorted one
 * at a time, then merged pairwise, pass after pass (n log(n / sliceIds) moves, 8 bytes per id).
 */
export function* sortIdsSteps(ids: ReadonlySet<number>, sliceIds: number): Generator<void, Int32Array> {
  const slice = Math.max(1, sliceIds);
  let source = new Int32Array(ids.size);
  let at = 0;
  for (const id of ids) {
    source[at++] = id;
    if (at % slice === 0) yield;
  }
  const length = source.length;
  for (let from = 0; from < length; from += slice) {
    source.subarray(from, Math.min(length, from + slice)).sort();
    yield;
  }
  let target = new Int32Array(length);
  for (let width = slice; width < length; width *= 2) {
    let moved = 0;
    for (let low = 0; low < length; low += 2 * width) {
      const middle = Math.min(length, low + width);
      const high = Math.min(length, low + 2 * width);
      let left = low;
      let right = middle;
      for (let to = low; to < high; to++) {
        target[to] =
          right >= high || (left < middle && source[left] <= source[right])
            ? source[left++]
            : source[right++];
        if (++moved % slice === 0) yield;
      }
    }
    [source, target] = [target, source];
  }
  return source;
}
