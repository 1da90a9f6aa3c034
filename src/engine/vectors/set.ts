/**
 * A `VectorSet` holds at most one float32 vector of one fixed dimension per element id, stored where the
 * kernel reads it: contiguous slots in WebAssembly memories ("segments"), each vector padded to a
 * multiple of 4 floats. It is the storage of an explicit vector index and of each (embedding name,
 * dimension) group of element embeddings, which a bound index scans directly.
 *
 * Layout of a segment's memory:
 *   [0, scratchBytes)        the scan's scratch: queries, query norms, the scores of one block
 *   [scratchBytes, ...)      slots, `strideBytes` apart
 * A segment grows in place (Memory.grow) up to `maxSegmentBytes`; then a new segment starts. Slots are
 * numbered across segments. Memory per vector: its padded dimension x 4 bytes, plus 4 bytes of owner id
 * and 8 of norm per slot, and 4 bytes of slot number per id of the id space (the id-to-slot column).
 *
 * Slots are stable: a removal leaves a hole that the next insertion reuses (a live vector never moves
 * while it lives, so a scan that yields between slices never misses or repeats one). Holes are scored
 * and skipped by their owner (-1) until an insertion reuses them.
 *
 * Invariant: `owners[slot] === id` exactly when `slotOf[id] === slot + 1`.
 */
import { SharedColumn } from '../storage/shared-column.js';
import { VectorSetCapture } from './set-capture.js';
import { chunksOf, vectorNorm } from './kernel.js';
import { instantiateKernel, type KernelExports } from './wasm/kernel-module.js';
import { maxWasmPages, wasm, wasmPageBytes, type WasmMemory } from './wasm/runtime.js';

/** Scratch at the start of every segment (4 pages). */
export const scratchBytes = 4 * wasmPageBytes;
/** Where the scan puts its queries: the first half of the scratch. */
export const queriesOffset = 0;
/** Bytes for queries: the first half of the scratch. */
export const queriesBytes = scratchBytes / 2;
/** Most queries one pass over the vectors answers. */
export const maxQueriesPerPass = 64;
/** Where the kernel writes the scores of one block: the second half of the scratch. */
export const scoresOffset = queriesBytes;
/** Floats of the scores area. */
export const scoresCapacity = (scratchBytes - scoresOffset) / 4;
/**
 * Most vectors of one kernel block: a block is scored against every query of the pass while it stays in
 * the L1 cache, so it is kept near `blockBytes`.
 */
export const maxBlockVectors = 64;
export const blockBytes = 24 * 1024;
/**
 * Largest memory of one segment. A 32-bit memory can reach 4 GiB, but a segment that size would make the
 * last growth step very large; 1 GiB keeps steps moderate and still holds 349,000 vectors of dimension 768.
 */
export const maxSegmentBytes = 2 ** 30;
/** A new segment's memory: the scratch and room for a few vectors. */
const minimumSegmentPages = 8;
const minimumGrowthBytes = 16 * wasmPageBytes;

/** One WebAssembly memory of slots and the kernel instance over it. */
export class Segment {
  readonly memory: WasmMemory;
  readonly kernel: KernelExports;
  /** A view over the whole memory; replaced after every growth (the old one detaches). */
  floats: Float32Array;

  constructor(pages: number) {
    this.memory = new wasm.Memory({ initial: pages, maximum: maxWasmPages });
    this.kernel = instantiateKernel(this.memory);
    this.floats = new Float32Array(this.memory.buffer);
  }

  get byteLength(): number {
    return this.memory.buffer.byteLength;
  }

  /**
   * Makes the memory at least `bytes` long. Growth is in place (the memory's address space is reserved
   * up front), so steps can be small: an eighth of the size, at least `minimumGrowthBytes`.
   */
  ensureBytes(bytes: number, limitBytes: number): void {
    const current = this.memory.buffer.byteLength;
    if (bytes <= current) return;
    const target = Math.min(
      limitBytes,
      Math.max(bytes, current + Math.max(minimumGrowthBytes, current >>> 3)),
    );
    this.memory.grow(Math.ceil((target - current) / wasmPageBytes));
    this.floats = new Float32Array(this.memory.buffer);
  }
}

export class VectorSet {
  readonly chunks: number;
  /** Floats from one slot to the next. */
  readonly strideFloats: number;
  readonly strideBytes: number;
  /** Slots one segment holds. */
  readonly slotsPerSegment: number;
  private segmentList: Segment[] = [];
  /** Slot to owning element id, -1 for a hole; covers `slotCount` slots. */
  private ownerColumn = new SharedColumn(Int32Array);
  /** Slot to the vector's norm as the Cosine kernel computes it (float32 values), for Cosine scans. */
  private normColumn = new SharedColumn(Float64Array);
  /** Element id to slot + 1, 0 for none. */
  private slotColumn = new SharedColumn(Int32Array);
  private freeSlots: number[] = [];
  /** Open captures: a slot they may read keeps its floats for them before it is overwritten. */
  private readonly captures = new Set<VectorSetCapture>();
  /** Slots handed out so far (live and holes): scans cover [0, slotCount). */
  slotCount = 0;
  /** Live vectors. */
  size = 0;

  /** `segmentBytes` (tests) lowers the size of one segment's memory from `maxSegmentBytes`. */
  constructor(
    readonly dimension: number,
    private readonly segmentBytes = maxSegmentBytes,
  ) {
    this.chunks = chunksOf(dimension);
    this.strideFloats = this.chunks * 4;
    this.strideBytes = this.chunks * 16;
    this.slotsPerSegment = Math.max(1, Math.floor((segmentBytes - scratchBytes) / this.strideBytes));
  }

  get segments(): readonly Segment[] {
    return this.segmentList;
  }

  /** Slot to owner id (-1 for a hole); the view is replaced when the column grows. */
  get owners(): Int32Array {
    return this.ownerColumn.view;
  }

  /** Slot to the vector's norm, sqrt(dot(v, v)) in float32 (`vectorNorm`); the view is replaced on growth. */
  get norms(): Float64Array {
    return this.normColumn.view;
  }

  /** The slot of `id`'s vector, or -1. */
  slotOf(id: number): number {
    const column = this.slotColumn.view;
    return id >= 0 && id < column.length ? column[id] - 1 : -1;
  }

  has(id: number): boolean {
    return this.slotOf(id) >= 0;
  }

  /** The stored vector of `id` as a view into the kernel's memory (valid until the next write), or undefined. */
  view(id: number): Float32Array | undefined {
    const slot = this.slotOf(id);
    if (slot < 0) return undefined;
    const segment = this.segmentList[Math.floor(slot / this.slotsPerSegment)];
    const start = this.floatOffsetInSegment(slot);
    return segment.floats.subarray(start, start + this.dimension);
  }

  /** A copy of `id`'s vector, or undefined. */
  get(id: number): Float32Array | undefined {
    const view = this.view(id);
    return view === undefined ? undefined : view.slice();
  }

  /** Adds or replaces `id`'s vector (`vector.length === dimension`); answers whether it was new. */
  put(id: number, vector: Float32Array): boolean {
    let slot = this.slotOf(id);
    const added = slot < 0;
    if (added) {
      slot = this.allocateSlot();
      this.slotColumn.ensureLength(id + 1);
      this.slotColumn.view[id] = slot + 1;
      this.ownerColumn.view[slot] = id;
      this.size++;
    }
    const segment = this.segmentList[Math.floor(slot / this.slotsPerSegment)];
    const start = this.floatOffsetInSegment(slot);
    for (const capture of this.captures)
      capture.keep(slot, segment.floats.subarray(start, start + this.dimension));
    segment.floats.set(vector, start);
    segment.floats.fill(0, start + this.dimension, start + this.strideFloats);
    this.normColumn.view[slot] = vectorNorm(vector);
    return added;
  }

  /** Removes `id`'s vector; answers whether it had one. */
  delete(id: number): boolean {
    const slot = this.slotOf(id);
    if (slot < 0) return false;
    this.slotColumn.view[id] = 0;
    this.ownerColumn.view[slot] = -1;
    this.freeSlots.push(slot);
    this.size--;
    return true;
  }

  /** Calls `visit(id, vector view)` for every live vector in slot order. */
  forEach(visit: (id: number, vector: Float32Array) => void): void {
    for (let slot = 0; slot < this.slotCount; slot++) {
      const id = this.ownerColumn.view[slot];
      if (id < 0) continue;
      const segment = this.segmentList[Math.floor(slot / this.slotsPerSegment)];
      const start = this.floatOffsetInSegment(slot);
      visit(id, segment.floats.subarray(start, start + this.dimension));
    }
  }

  /** The ids in [start, end) holding a vector, ascending. */
  idsInRange(start: number, end: number): number[] {
    const column = this.slotColumn.view;
    const ids: number[] = [];
    for (let id = Math.max(0, start); id < Math.min(end, column.length); id++)
      if (column[id] !== 0) ids.push(id);
    return ids;
  }

  /** The ids holding a vector, ascending. */
  ids(): Int32Array {
    const ids = new Int32Array(this.size);
    let count = 0;
    const column = this.slotColumn.view;
    for (let id = 0; id < column.length && count < ids.length; id++) if (column[id] !== 0) ids[count++] = id;
    return ids;
  }

  /**
   * Applies a trim's renumbering (old id to new id, -1 for removed): vectors of removed ids are dropped,
   * the others keep their slots under their new ids. No vector moves, so this costs a pass over the slots.
   */
  renumber(renumbering: Int32Array): void {
    const owners = this.ownerColumn.view;
    const slots = new SharedColumn(Int32Array);
    for (let slot = 0; slot < this.slotCount; slot++) {
      const id = owners[slot];
      if (id < 0) continue;
      const to = id < renumbering.length ? renumbering[id] : -1;
      if (to < 0) {
        owners[slot] = -1;
        this.freeSlots.push(slot);
        this.size--;
        continue;
      }
      owners[slot] = to;
      slots.ensureLength(to + 1);
      slots.view[to] = slot + 1;
    }
    this.slotColumn = slots;
  }

  /**
   * Makes room for `count` more vectors in few growth steps (a loader that knows how many are coming):
   * growing a memory step by step as vectors arrive costs a garbage collection per step.
   */
  reserve(count: number): void {
    const target = this.slotCount + Math.max(0, count - this.freeSlots.length);
    if (target <= this.slotCount) return;
    this.ownerColumn.ensureLength(target);
    this.normColumn.ensureLength(target);
    const limitBytes = scratchBytes + this.slotsPerSegment * this.strideBytes;
    const last = Math.floor((target - 1) / this.slotsPerSegment);
    for (let index = 0; index <= last; index++) {
      const slots = index < last ? this.slotsPerSegment : target - index * this.slotsPerSegment;
      const neededBytes = scratchBytes + slots * this.strideBytes;
      let segment = this.segmentList[index];
      if (segment === undefined) {
        segment = new Segment(Math.max(minimumSegmentPages, Math.ceil(neededBytes / wasmPageBytes)));
        this.segmentList.push(segment);
      }
      segment.ensureBytes(neededBytes, Math.ceil(limitBytes / wasmPageBytes) * wasmPageBytes);
    }
  }

  /**
   * The vectors now, readable while writes go on (set-capture.ts): O(id space), a copy of 4 bytes per id.
   * Release it: until then every overwritten slot it may read is copied first.
   */
  capture(): VectorSetCapture {
    const capture = new VectorSetCapture(
      this.dimension,
      this.size,
      this.slotColumn.view.slice(),
      [...this.segmentList],
      this.slotCount,
      this.slotsPerSegment,
      (slot) => this.floatOffsetInSegment(slot),
      (released) => this.captures.delete(released),
    );
    this.captures.add(capture);
    return capture;
  }

  /** Drops every vector and its memory. */
  clear(): void {
    this.adopt(new VectorSet(this.dimension, this.segmentBytes));
  }

  /** Takes over `other`'s content (same dimension); `other` must not be used afterwards. */
  adopt(other: VectorSet): void {
    if (other.dimension !== this.dimension)
      throw new RangeError('a vector set adopts only its own dimension');
    this.segmentList = other.segmentList;
    this.ownerColumn = other.ownerColumn;
    this.normColumn = other.normColumn;
    this.slotColumn = other.slotColumn;
    this.freeSlots = other.freeSlots;
    this.slotCount = other.slotCount;
    this.size = other.size;
  }

  /** Bytes committed: the segments' memories and both columns. */
  get committedBytes(): number {
    let bytes = this.ownerColumn.byteLength + this.normColumn.byteLength + this.slotColumn.byteLength;
    for (const segment of this.segmentList) bytes += segment.byteLength;
    return bytes;
  }

  /** Float offset of `slot`'s vector inside its segment's memory. */
  floatOffsetInSegment(slot: number): number {
    return (scratchBytes + (slot % this.slotsPerSegment) * this.strideBytes) >>> 2;
  }

  private allocateSlot(): number {
    const reused = this.freeSlots.pop();
    if (reused !== undefined) return reused;
    const slot = this.slotCount++;
    this.ownerColumn.ensureLength(this.slotCount);
    this.normColumn.ensureLength(this.slotCount);
    const segmentIndex = Math.floor(slot / this.slotsPerSegment);
    const local = slot % this.slotsPerSegment;
    const neededBytes = scratchBytes + (local + 1) * this.strideBytes;
    const limitBytes = scratchBytes + this.slotsPerSegment * this.strideBytes;
    let segment = this.segmentList[segmentIndex];
    if (segment === undefined) {
      segment = new Segment(Math.max(minimumSegmentPages, Math.ceil(neededBytes / wasmPageBytes)));
      this.segmentList.push(segment);
    }
    segment.ensureBytes(neededBytes, Math.ceil(limitBytes / wasmPageBytes) * wasmPageBytes);
    return slot;
  }
}
