/**
 * A map from element id to a value that never rehashes. A `Map` grows by rebuilding its whole table at
 * once: past a million entries a single `set` then holds the event loop for tens of milliseconds. Ids
 * are dense non-negative int32s, so here they index fixed-size pages instead, made as ids reach them;
 * growing costs one page at a time.
 */
const pageBits = 10;
const pageSize = 1 << pageBits;
const pageMask = pageSize - 1;

export class PagedIdMap<T> {
  private readonly pages = new Map<number, (T | undefined)[]>();

  get(id: number): T | undefined {
    return this.pages.get(id >>> pageBits)?.[id & pageMask];
  }

  set(id: number, value: T): void {
    let page = this.pages.get(id >>> pageBits);
    if (page === undefined) {
      page = new Array<T | undefined>(pageSize).fill(undefined);
      this.pages.set(id >>> pageBits, page);
    }
    page[id & pageMask] = value;
  }

  /** Leaves the id unmapped (pages are kept: ids come back as elements are created). */
  delete(id: number): void {
    const page = this.pages.get(id >>> pageBits);
    if (page !== undefined) page[id & pageMask] = undefined;
  }
}
