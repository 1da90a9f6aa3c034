/**
 * A typed-array column over a growable SharedArrayBuffer.
 *
 * Why growable SABs: growth happens in place (no copy, no event-loop stall) and a worker holding the
 * buffer sees the new bytes. Readers must use *fixed-length* views (`view`): V8 optimises those like
 * plain typed arrays, while length-tracking views over a growable buffer run many times slower in hot
 * loops. So after every growth the column re-creates `view`, and hot code re-reads
 * `column.view` after anything that may grow it.
 *
 * Address space is reserved in two tiers: a buffer reserves `reservedLength` elements virtually and commits
 * pages only as it grows. A column starts with a small reservation, so small namespaces reserve little
 * virtual memory; past it, the column moves once to a buffer reserving its whole cap (a copy of at most
 * 8 MiB). There is no tier in between: moving a large column is a copy under the writer (a large
 * adjacency pool's copy would stall the event loop during a bulk import), while reserved address
 * space costs nothing until it is committed.
 */

type TypedArrayKind =
  Int32ArrayConstructor | Uint32ArrayConstructor | Float64ArrayConstructor | Uint8ArrayConstructor;
type ViewOf<K extends TypedArrayKind> = InstanceType<K>;

/**
 * Node 20 refuses a growable SharedArrayBuffer whose maximum exceeds 4 GiB, so the last tier of a column is
 * 4 GiB of elements: 2^30 int32 or 2^29 float64 elements.
 */
export const maxColumnBytes = 2 ** 32;

/** Reservation tiers in elements, before the 4 GiB cap of each element size. */
const reservationTiersElements = [1 << 20, 2 ** 32] as const;

/** Growth step as a fraction of the current length: small, because in-place growth costs no copy. */
const growthFraction = 0.125;
const minimumGrowthElements = 4096;

export class SharedColumn<K extends TypedArrayKind> {
  private buffer: SharedArrayBuffer;
  private reservedLength: number;
  /** Fixed-length view over the committed part of the buffer; replaced after every growth. */
  view: ViewOf<K>;

  constructor(
    private readonly kind: K,
    initialLength = 0,
  ) {
    this.reservedLength = tierFor(initialLength, kind.BYTES_PER_ELEMENT);
    this.buffer = new SharedArrayBuffer(initialLength * kind.BYTES_PER_ELEMENT, {
      maxByteLength: this.reservedLength * kind.BYTES_PER_ELEMENT,
    });
    this.view = this.makeView(initialLength);
  }

  private makeView(length: number): ViewOf<K> {
    // The constructors accept any buffer; their declared types only name ArrayBuffer.
    const View = this.kind as unknown as new (
      buffer: SharedArrayBuffer,
      offset: number,
      length: number,
    ) => ViewOf<K>;
    return new View(this.buffer, 0, length);
  }

  get length(): number {
    return this.view.length;
  }

  /** Bytes committed for this column (what the column costs in memory). */
  get byteLength(): number {
    return this.buffer.byteLength;
  }

  /** Makes index `minLength - 1` addressable; new elements read as zero. */
  ensureLength(minLength: number): void {
    const current = this.view.length;
    if (minLength <= current) return;
    const step = Math.max(minimumGrowthElements, Math.ceil(current * growthFraction));
    let target = Math.max(minLength, current + step);
    const bytesPerElement = this.kind.BYTES_PER_ELEMENT;
    if (target > this.reservedLength) {
      // Validate against the cap first, and commit the new reservation only once its buffer exists, so a
      // refused growth leaves the column as it was.
      const reservedLength = tierFor(minLength, bytesPerElement, target);
      target = Math.min(target, reservedLength);
      const moved = new SharedArrayBuffer(target * bytesPerElement, {
        maxByteLength: reservedLength * bytesPerElement,
      });
      new Uint8Array(moved).set(new Uint8Array(this.buffer, 0, this.buffer.byteLength));
      this.buffer = moved;
      this.reservedLength = reservedLength;
    } else {
      this.buffer.grow(target * bytesPerElement);
    }
    this.view = this.makeView(target);
  }

  /**
   * Takes over `other`'s buffer and view (installing a graph built elsewhere, such as a loaded checkpoint);
   * `other` must not be used afterwards.
   */
  adopt(other: SharedColumn<K>): void {
    this.buffer = other.buffer;
    this.reservedLength = other.reservedLength;
    this.view = other.view;
  }

  /** Drops all content and commits nothing: used by tabula rasa. */
  reset(): void {
    this.reservedLength = reservationTiersElements[0];
    this.buffer = new SharedArrayBuffer(0, {
      maxByteLength: this.reservedLength * this.kind.BYTES_PER_ELEMENT,
    });
    this.view = this.makeView(0);
  }
}

/** The reservation for `wanted` elements (at least `required`), capped at 4 GiB per column. */
function tierFor(required: number, bytesPerElement: number, wanted = required): number {
  const capElements = Math.floor(maxColumnBytes / bytesPerElement);
  if (required > capElements) {
    throw new RangeError(
      `a column of ${bytesPerElement}-byte elements holds at most ${capElements} elements (4 GiB); ${required} were needed`,
    );
  }
  for (const tier of reservationTiersElements) if (wanted <= tier) return Math.min(tier, capElements);
  return capElements;
}
