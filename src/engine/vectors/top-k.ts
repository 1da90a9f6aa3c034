/**
 * A bounded top-k selection: a binary heap of at most k (key, id) entries in typed arrays, the worst
 * entry at the root, so a candidate that cannot enter costs one comparison and nothing is sorted but the
 * final k. Higher keys are better; among equal keys the lower id is better (the kNN tie rule).
 */
export class TopK {
  private readonly keys: Float64Array;
  private readonly ids: Int32Array;
  size = 0;

  constructor(readonly k: number) {
    this.keys = new Float64Array(k);
    this.ids = new Int32Array(k);
  }

  /** Whether (key, id) would enter: the heap has room, or it beats the worst entry. */
  accepts(key: number, id: number): boolean {
    if (this.size < this.k) return true;
    const worst = this.keys[0];
    return key > worst || (key === worst && id < this.ids[0]);
  }

  /** Adds (key, id), evicting the worst entry when full. Call only when `accepts` is true. */
  push(key: number, id: number): void {
    const keys = this.keys;
    const ids = this.ids;
    let at: number;
    if (this.size < this.k) {
      // Sift up from the new leaf.
      at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!worse(key, id, keys[parent], ids[parent])) break;
        keys[at] = keys[parent];
        ids[at] = ids[parent];
        at = parent;
      }
    } else {
      // Replace the root and sift down.
      at = 0;
      const size = this.size;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && worse(keys[right], ids[right], keys[left], ids[left]) ? right : left;
        if (!worse(keys[child], ids[child], key, id)) break;
        keys[at] = keys[child];
        ids[at] = ids[child];
        at = child;
      }
    }
    keys[at] = key;
    ids[at] = id;
  }

  /** The entries best first; the heap is left as it was. */
  sorted(): { key: number; id: number }[] {
    const entries: { key: number; id: number }[] = [];
    for (let i = 0; i < this.size; i++) entries.push({ key: this.keys[i], id: this.ids[i] });
    return entries.sort((a, b) => (a.key !== b.key ? b.key - a.key : a.id - b.id));
  }
}

/** Whether (keyA, idA) ranks below (keyB, idB). */
function worse(keyA: number, idA: number, keyB: number, idB: number): boolean {
  return keyA < keyB || (keyA === keyB && idA > idB);
}
