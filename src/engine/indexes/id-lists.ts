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
