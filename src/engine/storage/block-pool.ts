/**
 * Variable-size blocks carved out of one shared column, recycled through per-size-class free lists.
 *
 * Size classes step by a quarter of a power of two (4, 5, 6, 7, 8, 10, 12, 14, 16, 20, ...), so a block
 * wastes at most a fifth of its words, against half for power-of-two classes: adjacency and property
 * records are most of the graph's memory and this slack is paid on every vertex.
 *
 * Block layout: word 0 holds the size class in its low 8 bits (`word0 % classModulus`); the owner may keep
 * a count in the rest of word 0 (`sizeClass + count * classModulus`) and uses words 1.. freely. A free block
 * holds just its class in word 0 and the offset of the next free block of that class (or -1) in word 1.
 */
import { SharedColumn } from './shared-column.js';

export const blockHeaderWords = 1;
/** Size classes fit below this; an owner's count in word 0 is scaled by it. */
export const classModulus = 256;
const smallestBlockWords = 4;

/** Words of each size class, ascending; computed once. */
export const sizeClassWords: readonly number[] = (() => {
  const sizes: number[] = [];
  for (let power = smallestBlockWords; power < 2 ** 31; power *= 2) {
    for (const quarter of [4, 5, 6, 7]) {
      const words = (power * quarter) / 4;
      if (words >= 2 ** 31) break;
      sizes.push(words);
    }
  }
  return sizes;
})();

/** Blocks up to this many words find their class in a table: most records are small, and allocation is hot. */
const tabledWords = 1024;
const sizeClassByWords: Uint8Array = (() => {
  const table = new Uint8Array(tabledWords + 1);
  let sizeClass = 0;
  for (let words = 0; words <= tabledWords; words++) {
    while (sizeClassWords[sizeClass] < words) sizeClass++;
    table[words] = sizeClass;
  }
  return table;
})();

export function sizeClassFor(words: number): number {
  if (words <= tabledWords && words >= 0) return sizeClassByWords[words];
  // Binary search: the smallest class holding `words`.
  let low = 0;
  let high = sizeClassWords.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sizeClassWords[mid] >= words) high = mid;
    else low = mid + 1;
  }
  if (sizeClassWords[low] < words) throw new RangeError(`a block of ${words} words exceeds the pool`);
  return low;
}

type PoolArrayKind = Int32ArrayConstructor | Float64ArrayConstructor;

export class BlockPool<K extends PoolArrayKind> {
  readonly column: SharedColumn<K>;
  /** First never-allocated word. */
  private top = 0;
  private readonly freeHeads: number[] = [];
  /** Words handed out in live blocks, headers included. */
  liveWords = 0;

  constructor(kind: K) {
    this.column = new SharedColumn(kind, 0);
    this.freeHeads = new Array<number>(sizeClassWords.length).fill(-1);
  }

  /** Returns the offset of a block of at least `words` words (header included); word 0 holds its class. */
  allocate(words: number): number {
    const sizeClass = sizeClassFor(words);
    const size = sizeClassWords[sizeClass];
    const head = this.freeHeads[sizeClass];
    this.liveWords += size;
    if (head >= 0) {
      const view = this.column.view;
      this.freeHeads[sizeClass] = view[head + 1];
      return head;
    }
    const offset = this.top;
    this.top += size;
    this.column.ensureLength(this.top);
    this.column.view[offset] = sizeClass;
    return offset;
  }

  free(offset: number): void {
    const view = this.column.view;
    const sizeClass = view[offset] % classModulus;
    view[offset] = sizeClass;
    this.liveWords -= sizeClassWords[sizeClass];
    view[offset + 1] = this.freeHeads[sizeClass];
    this.freeHeads[sizeClass] = offset;
  }

  /** Words below the first never-allocated word: every block lies in [0, usedWords). */
  get usedWords(): number {
    return this.top;
  }

  /**
   * Claims `words` words at the top as live blocks and answers their first offset; the caller fills them
   * at once with whole blocks laid out back to back, word 0 of each holding its size class (the checkpoint
   * loader copies packed records this way instead of allocating them one by one).
   */
  appendBlocks(words: number): number {
    const offset = this.top;
    this.top += words;
    this.liveWords += words;
    this.column.ensureLength(this.top);
    return offset;
  }

  /** Words allocated but sitting on free lists or unused: what a compaction would give back. */
  get wastedWords(): number {
    return this.top - this.liveWords;
  }

  /** Commits room for `words` more words at once (a compaction knows its total in advance). */
  reserve(words: number): void {
    this.column.ensureLength(this.top + words);
  }

  capacityOf(offset: number): number {
    return sizeClassWords[this.column.view[offset] % classModulus];
  }

  get committedBytes(): number {
    return this.column.byteLength;
  }

  reset(): void {
    this.column.reset();
    this.top = 0;
    this.freeHeads.fill(-1);
    this.liveWords = 0;
  }
}
