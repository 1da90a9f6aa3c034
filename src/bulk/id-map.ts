/**
 * File ids to import ordinals: which ids a bulk file has used so far (a repeat is invalid, across vertices
 * and edges) and, for a vertex, the ordinal of its line among the file's elements, from which the engine
 * id follows once its batch has committed.
 *
 * A file's ids are int32 and usually dense and ascending (an export's are its engine ids), so non-negative
 * ids live in pages indexed directly by id: a vertex's ordinal in an Int32Array page (4 bytes per id), an
 * edge's id as one bit of a bitmap page (edges are never endpoints, so only their use is recorded: an
 * export of 1M vertices and 5M edges costs 4 MB plus 0.6 MB). No per-entry object, no copying as the map
 * grows. Pages are only allocated while they stay dense enough (`maxPageSlotsPerEntry`,
 * `maxPageBitsPerEntry`), so sparse or hostile ids (1, 1e9, 2e9, ...) cannot make the map allocate
 * gigabytes: those, and negative ids, go to an open-addressing hash table over two Int32Arrays.
 */

/** `get` of an id the file has not used. */
export const absentId = -1;
/** The value recorded for an edge's id: edges are never endpoints. */
export const edgeIdMarker = -2;

const pageBits = 16;
const pageSlots = 1 << pageBits;
const pageMask = pageSlots - 1;
/** Vertex pages are allocated while (allocated slots) <= this x (vertices recorded + one page). */
const maxPageSlotsPerEntry = 4;
/** Edge bitmap pages are allocated while (allocated bits) <= this x (edges recorded + one page). */
const maxPageBitsPerEntry = 32;
const initialHashSlots = 1024;

export class FileIdMap {
  /** The run: ids runStart .. runStart + runLength - 1 are the vertices of ordinals 0 .. runLength - 1. */
  private runStart = 0;
  private runLength = 0;
  /** The run can still grow: every id recorded so far belongs to it. */
  private runOpen = true;
  private readonly pages: (Int32Array | undefined)[] = [];
  private allocatedSlots = 0;
  private vertices = 0;
  private readonly edgePages: (Uint32Array | undefined)[] = [];
  private allocatedBits = 0;
  private edges = 0;
  private hashKeys = new Int32Array(initialHashSlots);
  private hashValues = new Int32Array(initialHashSlots).fill(absentId);
  private hashCount = 0;
  /** 32 - log2(hash slots): Fibonacci hashing keeps the product's high bits, which every id bit reaches. */
  private hashShift = 32 - Math.log2(initialHashSlots);
  /** Ids recorded. */
  size = 0;

  /** The value recorded for `id` (an ordinal, or `edgeIdMarker`), or `absentId`. */
  get(id: number): number {
    const offset = id - this.runStart;
    if (offset >= 0 && offset < this.runLength) return offset;
    if (id >= 0) {
      const index = id >>> pageBits;
      const page = this.pages[index];
      if (page !== undefined) {
        const value = page[id & pageMask];
        if (value !== absentId) return value;
      }
      const bits = this.edgePages[index];
      if (bits !== undefined && (bits[(id & pageMask) >>> 5] & (1 << (id & 31))) !== 0) return edgeIdMarker;
    }
    return this.hashCount === 0 ? absentId : this.hashGet(id);
  }

  /** Records `value` (>= 0, or `edgeIdMarker`) for an id that `get` answered `absentId` for. */
  set(id: number, value: number): void {
    this.size++;
    if (this.runOpen) {
      if (value === this.runLength && (value === 0 || id === this.runStart + value)) {
        if (value === 0) this.runStart = id;
        this.runLength++;
        return;
      }
      this.runOpen = false;
    }
    if (id >= 0 && value === edgeIdMarker) {
      this.edges++;
      const index = id >>> pageBits;
      let bits = this.edgePages[index];
      if (
        bits === undefined &&
        this.allocatedBits + pageSlots <= maxPageBitsPerEntry * (this.edges + pageSlots)
      ) {
        bits = new Uint32Array(pageSlots >>> 5);
        this.edgePages[index] = bits;
        this.allocatedBits += pageSlots;
      }
      if (bits !== undefined) {
        bits[(id & pageMask) >>> 5] |= 1 << (id & 31);
        return;
      }
    } else if (id >= 0) {
      this.vertices++;
      const index = id >>> pageBits;
      let page = this.pages[index];
      if (
        page === undefined &&
        this.allocatedSlots + pageSlots <= maxPageSlotsPerEntry * (this.vertices + pageSlots)
      ) {
        page = new Int32Array(pageSlots).fill(absentId);
        this.pages[index] = page;
        this.allocatedSlots += pageSlots;
      }
      if (page !== undefined) {
        page[id & pageMask] = value;
        return;
      }
    }
    this.hashSet(id, value);
  }

  /** Bytes held by the map's arrays. */
  get byteLength(): number {
    return (
      this.allocatedSlots * 4 + this.allocatedBits / 8 + this.hashKeys.byteLength + this.hashValues.byteLength
    );
  }

  private slotOf(id: number): number {
    return Math.imul(id, 0x9e3779b1) >>> this.hashShift;
  }

  private hashGet(id: number): number {
    const keys = this.hashKeys;
    const values = this.hashValues;
    const mask = keys.length - 1;
    for (let slot = this.slotOf(id); ; slot = (slot + 1) & mask) {
      const value = values[slot];
      if (value === absentId) return absentId;
      if (keys[slot] === id) return value;
    }
  }

  private hashSet(id: number, value: number): void {
    if ((this.hashCount + 1) * 2 > this.hashKeys.length) this.growHash();
    const keys = this.hashKeys;
    const values = this.hashValues;
    const mask = keys.length - 1;
    let slot = this.slotOf(id);
    while (values[slot] !== absentId) slot = (slot + 1) & mask;
    keys[slot] = id;
    values[slot] = value;
    this.hashCount++;
  }

  private growHash(): void {
    const oldKeys = this.hashKeys;
    const oldValues = this.hashValues;
    this.hashKeys = new Int32Array(oldKeys.length * 2);
    this.hashValues = new Int32Array(oldKeys.length * 2).fill(absentId);
    this.hashShift--;
    this.hashCount = 0;
    for (let slot = 0; slot < oldKeys.length; slot++) {
      if (oldValues[slot] !== absentId) this.hashSet(oldKeys[slot], oldValues[slot]);
    }
  }
}
