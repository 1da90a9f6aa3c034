/**
 * A sorted map of distinct keys in blocks: each block a sorted array of at most `maxBlockItems` keys with
 * a parallel array of values, the blocks in order, and beside them the array of each block's first key.
 * A search is two binary searches (over block firsts, then within one block): O(log n). An ordered scan
 * seeks once and walks forward block by block: O(log n + k). Inserting or removing moves at most one
 * block's items plus, when a block splits or empties, one entry per block: O(maxBlockItems + n /
 * maxBlockItems), a few microseconds at a million keys, and far fewer allocations than a node per key.
 *
 * Keys are compared without touching values, and numeric keys sit in plain arrays of numbers, which V8
 * stores unboxed and contiguous: a search and a walk read the keys as a sorted Float64Array would.
 *
 * Invariants: no block is empty; keys ascend strictly under `compare` within and across blocks;
 * `firsts[b] === keys[b][0]`; `values[b]` is as long as `keys[b]`.
 *
 * With a `CopyOnWrite`, `capture()` freezes the content in O(blocks): it copies the lists of blocks, and
 * a block the capture shares is copied before its first change (copy-on-write.ts).
 */
import type { CopyOnWrite } from './copy-on-write.js';

/** A position: an item of a block, or the end (`block === keys.length`). */
export interface BlockPosition {
  block: number;
  offset: number;
}

/** Keys per block: a block splits above this. 512 keeps a block's move cheap and the first list short. */
export const defaultMaxBlockItems = 512;

/** The keys and values of a `SortedBlocks` at `capture()`, in order; later changes do not reach them. */
export interface FrozenBlocks<K, V> {
  readonly size: number;
  readonly keys: readonly (readonly K[])[];
  readonly values: readonly (readonly V[])[];
}

export class SortedBlocks<K, V> {
  private keys: K[][] = [];
  private values: V[][] = [];
  private firsts: K[] = [];
  private count = 0;

  constructor(
    private readonly compare: (a: K, b: K) => number,
    private readonly maxBlockItems = defaultMaxBlockItems,
    /** Guards the blocks of open captures; without it, `capture` must not be used. */
    private readonly cow?: CopyOnWrite,
  ) {
    if (maxBlockItems < 2) throw new RangeError('a block holds at least two items');
  }

  /** Builds from keys already in strictly ascending order with their values (a checkpoint's, say). */
  static fromSorted<K, V>(
    keys: readonly K[],
    values: readonly V[],
    compare: (a: K, b: K) => number,
    maxBlockItems = defaultMaxBlockItems,
    cow?: CopyOnWrite,
  ): SortedBlocks<K, V> {
    if (keys.length !== values.length) throw new RangeError('one value per key');
    for (let i = 1; i < keys.length; i++) {
      if (compare(keys[i - 1], keys[i]) >= 0) throw new RangeError('keys must ascend strictly');
    }
    const sorted = new SortedBlocks<K, V>(compare, maxBlockItems, cow);
    const fill = Math.max(1, maxBlockItems >> 1);
    for (let from = 0; from < keys.length; from += fill) {
      sorted.keys.push(sorted.adopt(keys.slice(from, from + fill)));
      sorted.values.push(sorted.adopt(values.slice(from, from + fill)));
      sorted.firsts.push(keys[from]);
    }
    sorted.count = keys.length;
    return sorted;
  }

  get size(): number {
    return this.count;
  }

  /**
   * The position of the first key for which `before` is false. `before` must be monotone over the
   * order (true for a prefix of the keys, false for the rest), as "key < x" or "key <= x" are.
   */
  seek(before: (key: K) => boolean): BlockPosition {
    const firsts = this.firsts;
    // The first block whose first key is not before: the answer lies at its start or in the block ahead.
    let low = 0;
    let high = firsts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(firsts[mid])) low = mid + 1;
      else high = mid;
    }
    if (low === 0) return { block: 0, offset: 0 };
    const keys = this.keys[low - 1];
    let from = 1; // keys[0] is before: it is firsts[low - 1]
    let to = keys.length;
    while (from < to) {
      const mid = (from + to) >>> 1;
      if (before(keys[mid])) from = mid + 1;
      else to = mid;
    }
    return from < keys.length ? { block: low - 1, offset: from } : { block: low, offset: 0 };
  }

  /** The position of `key`, or undefined when absent. */
  locate(key: K): BlockPosition | undefined {
    const compare = this.compare;
    const position = this.seek((held) => compare(held, key) < 0);
    const found = this.keys[position.block]?.[position.offset];
    return found !== undefined && compare(found, key) === 0 ? position : undefined;
  }

  get(key: K): V | undefined {
    const position = this.locate(key);
    return position === undefined ? undefined : this.values[position.block][position.offset];
  }

  /** The value at a position `locate` gave (valid until the next insert or removal). */
  valueAt(position: BlockPosition): V {
    return this.values[position.block][position.offset];
  }

  setValueAt(position: BlockPosition, value: V): void {
    this.own(position.block);
    this.values[position.block][position.offset] = value;
  }

  /**
   * The content as it is now, unchanged by later writes while the `CopyOnWrite` capture the caller opened
   * just before stays open (O(blocks): the lists of blocks are copied, the blocks shared).
   */
  capture(): FrozenBlocks<K, V> {
    if (this.cow?.capturing !== true) throw new Error('capture() needs an open CopyOnWrite capture');
    return { size: this.count, keys: this.keys.slice(), values: this.values.slice() };
  }

  private adopt<T extends object>(container: T): T {
    return this.cow === undefined ? container : this.cow.adopt(container);
  }

  /** Makes block `block` changeable in place: a block an open capture shares is replaced by a copy. */
  private own(block: number): void {
    const cow = this.cow;
    if (cow === undefined || cow.owns(this.keys[block])) return;
    this.keys[block] = cow.adopt(this.keys[block].slice());
    this.values[block] = cow.adopt(this.values[block].slice());
  }

  /** Inserts `key` with `value`; false (and nothing changes) when the key is present. */
  insert(key: K, value: V): boolean {
    const compare = this.compare;
    let { block, offset } = this.seek((held) => compare(held, key) < 0);
    const found = this.keys[block]?.[offset];
    if (found !== undefined && compare(found, key) === 0) return false;
    this.count++;
    if (this.keys.length === 0) {
      this.keys.push(this.adopt([key]));
      this.values.push(this.adopt([value]));
      this.firsts.push(key);
      return true;
    }
    // Past the last key of a block: append to that block rather than prepend to the next (no first moves).
    if (offset === 0 && block > 0) {
      block--;
      offset = this.keys[block].length;
    }
    this.own(block);
    const keys = this.keys[block];
    const values = this.values[block];
    keys.splice(offset, 0, key);
    values.splice(offset, 0, value);
    if (offset === 0) this.firsts[block] = key;
    if (keys.length > this.maxBlockItems) {
      const half = keys.length >> 1;
      const upperKeys = this.adopt(keys.splice(half));
      this.keys.splice(block + 1, 0, upperKeys);
      this.values.splice(block + 1, 0, this.adopt(values.splice(half)));
      this.firsts.splice(block + 1, 0, upperKeys[0]);
    }
    return true;
  }

  /** Removes `key`; answers its value, or undefined when it was absent. */
  remove(key: K): V | undefined {
    const position = this.locate(key);
    return position === undefined ? undefined : this.removeAt(position);
  }

  /** Removes the key at a position `locate` gave; answers its value. */
  removeAt(position: BlockPosition): V {
    const { block, offset } = position;
    this.own(block);
    const keys = this.keys[block];
    const values = this.values[block];
    keys.splice(offset, 1);
    const [value] = values.splice(offset, 1);
    this.count--;
    if (keys.length === 0) {
      this.keys.splice(block, 1);
      this.values.splice(block, 1);
      this.firsts.splice(block, 1);
      return value;
    }
    if (offset === 0) this.firsts[block] = keys[0];
    // Keep blocks from thinning out after many removals: fold a small block's successor into it.
    const nextKeys = this.keys[block + 1];
    if (nextKeys !== undefined && keys.length + nextKeys.length <= this.maxBlockItems >> 1) {
      const nextValues = this.values[block + 1];
      for (let i = 0; i < nextKeys.length; i++) {
        keys.push(nextKeys[i]);
        values.push(nextValues[i]);
      }
      this.keys.splice(block + 1, 1);
      this.values.splice(block + 1, 1);
      this.firsts.splice(block + 1, 1);
    }
    return value;
  }

  /** Visits (value, key) in key order from `position` until `visit` returns false or the keys end. */
  forEachFrom(position: BlockPosition, visit: (value: V, key: K) => boolean | void): void {
    const allKeys = this.keys;
    const allValues = this.values;
    let offset = position.offset;
    for (let b = position.block; b < allKeys.length; b++) {
      const keys = allKeys[b];
      const values = allValues[b];
      for (let i = offset; i < keys.length; i++) if (visit(values[i], keys[i]) === false) return;
      offset = 0;
    }
  }

  /** The position after the last key. */
  get end(): BlockPosition {
    return { block: this.keys.length, offset: 0 };
  }

  /**
   * Visits the values from `from` up to, not including, `to` (positions from `seek`), at most `maxItems`
   * of them, reading no key. Answers the key of the last value visited when it stopped at `maxItems`
   * with values still ahead of `to` (to resume by key after the blocks change), else undefined.
   */
  forEachValue(
    from: BlockPosition,
    to: BlockPosition,
    visit: (value: V) => void,
    maxItems = Infinity,
  ): K | undefined {
    const allValues = this.values;
    let budget = maxItems;
    let offset = from.offset;
    const lastBlock = Math.min(to.block, allValues.length - 1);
    for (let b = from.block; b <= lastBlock; b++) {
      const values = allValues[b];
      const stop = b === to.block ? to.offset : values.length;
      for (let i = offset; i < stop; i++) {
        if (budget === 0) return i > 0 ? this.keys[b][i - 1] : this.keys[b - 1][this.keys[b - 1].length - 1];
        visit(values[i]);
        budget--;
      }
      offset = 0;
    }
    return undefined;
  }

  /** Visits every (value, key) in key order. */
  forEach(visit: (value: V, key: K) => void): void {
    this.forEachFrom({ block: 0, offset: 0 }, visit);
  }

  clear(): void {
    this.keys = [];
    this.values = [];
    this.firsts = [];
    this.count = 0;
  }
}
