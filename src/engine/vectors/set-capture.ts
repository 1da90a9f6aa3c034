/**
 * A `VectorSet`'s vectors at `VectorSet.capture()`, readable while writes go on (a checkpoint captures an
 * explicit vector index with the writer held and encodes it afterwards).
 *
 * Taken in O(id space): a copy of the id-to-slot column (4 bytes per id) and of the list of segments.
 * Vectors do not move while they live, and a trim renumbers ids without moving any, so the capture reads
 * each vector where it was; a slot written after the capture (a replaced vector, or a freed slot reused
 * for another element) first hands its floats to the capture (`keep`). A clear gives the set new segments
 * and leaves the old ones, which the capture reads, unchanged.
 */
import type { Segment } from './set.js';

export class VectorSetCapture {
  /** Slot to its floats at the capture, for the slots written since. */
  private readonly kept = new Map<number, Float32Array>();

  constructor(
    readonly dimension: number,
    /** Vectors at the capture. */
    readonly size: number,
    /** Id to slot + 1 (0 for none) at the capture. */
    private readonly slotOfId: Int32Array,
    private readonly segments: readonly Segment[],
    /** Slots handed out at the capture: later slots held nothing then. */
    private readonly slotLimit: number,
    private readonly slotsPerSegment: number,
    /** Float offset of a slot's vector inside its segment's memory. */
    private readonly offsetOf: (slot: number) => number,
    private readonly onRelease: (capture: VectorSetCapture) => void,
  ) {}

  /** Before `slot`'s floats (`floats`, a view) are overwritten: keeps them if the capture may read them. */
  keep(slot: number, floats: Float32Array): void {
    if (slot < this.slotLimit && !this.kept.has(slot)) this.kept.set(slot, floats.slice());
  }

  /**
   * Every (id, vector) at the capture, ascending ids. The vector may be a view into the set's memory:
   * read it before the caller's next pause.
   */
  *entries(): Generator<readonly [number, Float32Array], void> {
    const slotOfId = this.slotOfId;
    for (let id = 0; id < slotOfId.length; id++) {
      const slot = slotOfId[id] - 1;
      if (slot < 0) continue;
      const kept = this.kept.get(slot);
      if (kept !== undefined) {
        yield [id, kept];
        continue;
      }
      const start = this.offsetOf(slot);
      yield [
        id,
        this.segments[Math.floor(slot / this.slotsPerSegment)].floats.subarray(start, start + this.dimension),
      ];
    }
  }

  /** Ends the capture (the set stops keeping floats for it); idempotent. */
  release(): void {
    this.onRelease(this);
  }
}
