/**
 * Copy on write for the containers of an index (the blocks of a sorted key list, the id sets of keys), so
 * that a checkpoint can capture an index in O(1) with the writer held and encode it afterwards while
 * writes go on (`GraphIndex.capture`).
 *
 * While no capture is open every container may change in place. Opening one makes every existing
 * container shared: the index copies a shared container before its first change and changes the copy,
 * which it then owns; the capture keeps reading the original, which nothing changes any more. Containers
 * made while a capture is open are owned from the start. Once every capture is released, the index owns
 * everything again (no copies).
 *
 * Invariant: a container that `owns` answers false for is never changed in place.
 */
export class CopyOnWrite {
  /** Containers made or copied since the latest capture opened; null while no capture is open. */
  private fresh: WeakSet<object> | null = null;
  private open = 0;

  /** Opens a capture: every container made so far becomes shared. Answers its (idempotent) release. */
  begin(): () => void {
    this.open++;
    this.fresh = new WeakSet();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // Containers owned since a later capture opened were made after the earlier ones too: keep them.
      if (--this.open === 0) this.fresh = null;
    };
  }

  /** Whether some capture is open. */
  get capturing(): boolean {
    return this.fresh !== null;
  }

  /** Whether `container` may change in place. */
  owns(container: object): boolean {
    return this.fresh === null || this.fresh.has(container);
  }

  /** Marks a container just made (or copied) as owned, and answers it. */
  adopt<T extends object>(container: T): T {
    this.fresh?.add(container);
    return container;
  }
}
