/** Maps repeated strings (labels, edge types, property keys) to small dense ids and back. */
export class Interner {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];

  /** The id of `name`, creating one on first use. */
  intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }

  /** The id of `name`, or -1 when it was never interned (so lookups never grow the table). */
  find(name: string): number {
    return this.ids.get(name) ?? -1;
  }

  nameOf(id: number): string {
    return this.names[id];
  }

  get size(): number {
    return this.names.length;
  }

  /** Takes over `other`'s names and ids (installing a loaded graph); `other` must not be used afterwards. */
  adopt(other: Interner): void {
    this.clear();
    for (const name of other.names) this.intern(name);
  }

  /** Forgets every name interned after the first `size` (undo of a rolled-back transaction). */
  truncate(size: number): void {
    for (let id = size; id < this.names.length; id++) this.ids.delete(this.names[id]);
    if (size < this.names.length) this.names.length = size;
  }

  clear(): void {
    this.ids.clear();
    this.names.length = 0;
  }
}
