/**
 * A sorted sequence of distinct items in blocks: each block a sorted array of at most `maxBlockItems`
 * items, the blocks in order, and beside them the sorted array of each block's first item. A search is
 * two binary searches (over block firsts, then within one block): O(log n). An ordered scan seeks once
 * and walks forward block by block: O(log n + k). Inserting or removing moves at most one block's items
 * plus, when a block splits or empties, one entry per block: O(maxBlockItems + n / maxBlockItems), a few
 * microseconds at a million items, and far fewer allocations than a node per item.
 *
 * Invariants: no block is empty; items ascend strictly under `compare` within and across blocks;
 * `firsts[b] === blocks[b][0]`.
 */

/** A position: an item of a block, or the end (`block === blocks.length`). */
export interface BlockPosition {
  block: number;
  offset: number;
}

/** Items per block: a block splits above this. 512 keeps a block's move cheap and the first list short. */
export const defaultMaxBlockItems = 512;

export class SortedBlocks<T> {
  private blocks: T[][] = [];
  private firsts: T[] = [];
  private count = 0;

  constructor(
    private readonly compare: (a: T, b: T) => number,
    private readonly maxBlockItems = defaultMaxBlockItems,
  ) {
    if (maxBlockItems < 2) throw new RangeError('a block holds at least two items');
  }

  /** Builds from items already in strictly ascending order (a checkpoint's, for example). */
  static fromSorted<T>(
    items: readonly T[],
    compare: (a: T, b: T) => number,
    maxBlockItems = defaultMaxBlockItems,
  ): SortedBlocks<T> {
    const sorted = new SortedBlocks(compare, maxBlockItems);
    for (let i = 1; i < items.length; i++) {
      if (compare(items[i - 1], items[i]) >= 0) throw new RangeError('items must ascend strictly');
    }
    const fill = Math.max(1, maxBlockItems >> 1);
    for (let from = 0; from < items.length; from += fill) {
      const block = items.slice(from, from + fill);
      sorted.blocks.push(block);
      sorted.firsts.push(block[0]);
    }
    sorted.count = items.length;
    return sorted;
  }

  get size(): number {
    return this.count;
  }

  /**
   * The position of the first item for which `before` is false. `before` must be monotone over the
   * order (true for a prefix of the items, false for the rest), as "item < x" or "item <= x" are.
   */
  seek(before: (item: T) => boolean): BlockPosition {
    const firsts = this.firsts;
    // The first block whose first item is not before: the answer lies at its start or in the block ahead.
    let low = 0;
    let high = firsts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(firsts[mid])) low = mid + 1;
      else high = mid;
    }
    if (low === 0) return { block: 0, offset: 0 };
    const block = this.blocks[low - 1];
    let from = 1; // block[0] is before: it is firsts[low - 1]
    let to = block.length;
    while (from < to) {
      const mid = (from + to) >>> 1;
      if (before(block[mid])) from = mid + 1;
      else to = mid;
    }
    return from < block.length ? { block: low - 1, offset: from } : { block: low, offset: 0 };
  }

  /** The item at `position`, or undefined at the end. */
  at(position: BlockPosition): T | undefined {
    return this.blocks[position.block]?.[position.offset];
  }

  /** The item equal to `probe` under the order, if any. */
  get(probe: T): T | undefined {
    const compare = this.compare;
    const found = this.at(this.seek((item) => compare(item, probe) < 0));
    return found !== undefined && compare(found, probe) === 0 ? found : undefined;
  }

  /** Adds `item` unless an equal one is present; returns the item now held (the existing or the new one). */
  insert(item: T): T {
    const compare = this.compare;
    const position = this.seek((held) => compare(held, item) < 0);
    const found = this.at(position);
    if (found !== undefined && compare(found, item) === 0) return found;
    let { block, offset } = position;
    if (this.blocks.length === 0) {
      this.blocks.push([item]);
      this.firsts.push(item);
      this.count = 1;
      return item;
    }
    // Past the last item of a block: append to that block rather than prepend to the next (no first moves).
    if (offset === 0 && block > 0) {
      block--;
      offset = this.blocks[block].length;
    }
    const items = this.blocks[block];
    items.splice(offset, 0, item);
    if (offset === 0) this.firsts[block] = item;
    this.count++;
    if (items.length > this.maxBlockItems) {
      const upper = items.splice(items.length >> 1);
      this.blocks.splice(block + 1, 0, upper);
      this.firsts.splice(block + 1, 0, upper[0]);
    }
    return item;
  }

  /** Removes the item equal to `probe`; true when there was one. */
  remove(probe: T): boolean {
    const compare = this.compare;
    const position = this.seek((item) => compare(item, probe) < 0);
    const found = this.at(position);
    if (found === undefined || compare(found, probe) !== 0) return false;
    const { block, offset } = position;
    const items = this.blocks[block];
    items.splice(offset, 1);
    this.count--;
    if (items.length === 0) {
      this.blocks.splice(block, 1);
      this.firsts.splice(block, 1);
      return true;
    }
    if (offset === 0) this.firsts[block] = items[0];
    // Keep blocks from thinning out after many removals: fold a small block into its successor.
    const next = this.blocks[block + 1];
    if (next !== undefined && items.length + next.length <= this.maxBlockItems >> 1) {
      for (const moved of next) items.push(moved);
      this.blocks.splice(block + 1, 1);
      this.firsts.splice(block + 1, 1);
    }
    return true;
  }

  /** Visits items in order from `position` until `visit` returns false or the items end. */
  forEachFrom(position: BlockPosition, visit: (item: T) => boolean | void): void {
    const blocks = this.blocks;
    let offset = position.offset;
    for (let b = position.block; b < blocks.length; b++) {
      const items = blocks[b];
      for (let i = offset; i < items.length; i++) if (visit(items[i]) === false) return;
      offset = 0;
    }
  }

  /** Visits every item in order. */
  forEach(visit: (item: T) => void): void {
    for (const items of this.blocks) for (const item of items) visit(item);
  }

  clear(): void {
    this.blocks = [];
    this.firsts = [];
    this.count = 0;
  }
}
