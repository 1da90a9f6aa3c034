/**
 * The bytes of one export chunk, written in place: lines are appended to a Buffer piece by piece (cached
 * UTF-8 fragments, integers digit by digit, ASCII strings unit by unit), so formatting a line makes no
 * intermediate strings and the chunk needs no UTF-8 encoding pass before the socket takes it.
 *
 * Writers take the chunk's DataView and a position and answer the position after what they wrote; the
 * caller makes room first (`ChunkWriter.room`), with each writer's bound stated beside it. Fragments go
 * four bytes per store and digits two per store (unaligned little-endian DataView stores, which the
 * compiler turns into single moves): byte-per-store copies cost about as much again.
 */

/** Recycled buffers kept at most: a destination holds a few chunks at a time. */
const maxSpareBuffers = 4;

/** A chunk under construction: `buffer[0, length)` holds its bytes; `view` is a DataView of `buffer`. */
export class ChunkWriter {
  buffer: Buffer;
  view: DataView;
  length = 0;
  /** Buffers of earlier chunks given back by `recycle`. */
  private readonly spares: Buffer[] = [];

  /** `capacity`: bytes of a fresh chunk's buffer (a chunk's target size plus room for its last line). */
  constructor(private readonly capacity: number) {
    this.buffer = Buffer.allocUnsafe(capacity);
    this.view = viewOf(this.buffer);
  }

  /**
   * Makes room for `bytes` more bytes after `length` (`buffer` and `view` then hold them): a line longer
   * than the chunk's slack moves the chunk to a larger buffer (one copy). Answers the view.
   */
  room(bytes: number): DataView {
    const needed = this.length + bytes;
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, 2 * this.buffer.length));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
      this.view = viewOf(grown);
    }
    return this.view;
  }

  /**
   * Hands over the chunk's bytes (the buffer goes with them) and starts the next chunk in a recycled
   * buffer or a fresh one.
   */
  take(): Buffer {
    const chunk = this.buffer.subarray(0, this.length);
    this.buffer = this.spares.pop() ?? Buffer.allocUnsafe(this.capacity);
    this.view = viewOf(this.buffer);
    this.length = 0;
    return chunk;
  }

  /** Lets a later chunk reuse the buffer of `chunk` (one `take` answered), which nothing holds any more. */
  recycle(chunk: Buffer): void {
    const backing = chunk.buffer;
    if (
      chunk.byteOffset === 0 &&
      backing.byteLength === this.capacity &&
      this.spares.length < maxSpareBuffers &&
      backing instanceof ArrayBuffer
    ) {
      this.spares.push(Buffer.from(backing));
    }
  }
}

function viewOf(buffer: Buffer): DataView {
  return new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Constant bytes of a line (UTF-8), kept as little-endian 32-bit words and up to three tail bytes. */
export class Fragment {
  readonly length: number;
  private readonly words: Int32Array;
  private readonly tail: Uint8Array;

  constructor(readonly text: string) {
    const bytes = Buffer.from(text);
    this.length = bytes.length;
    const wordCount = bytes.length >> 2;
    this.words = Int32Array.from({ length: wordCount }, (_, i) => bytes.readInt32LE(4 * i));
    this.tail = Uint8Array.from(bytes.subarray(4 * wordCount));
  }

  /** Writes the fragment. Writes `length`. */
  put(view: DataView, position: number): number {
    const words = this.words;
    const wordCount = words.length;
    for (let i = 0; i < wordCount; i++) view.setInt32(position + 4 * i, words[i], true);
    const tail = this.tail;
    const at = position + 4 * wordCount;
    for (let i = 0; i < tail.length; i++) view.setUint8(at + i, tail[i]);
    return position + this.length;
  }
}

/** Most bytes `putInteger` writes: a sign and ten digits. */
export const maxIntegerBytes = 11;

/** Decimal digits of an integer in [0, 2^32). */
function digitCount(value: number): number {
  if (value < 100_000) {
    if (value < 100) return value < 10 ? 1 : 2;
    return value < 1000 ? 3 : value < 10_000 ? 4 : 5;
  }
  if (value < 10_000_000) return value < 1_000_000 ? 6 : 7;
  return value < 100_000_000 ? 8 : value < 1_000_000_000 ? 9 : 10;
}

/** "00" to "99" as little-endian 16-bit words: two digits per store. */
const digitPairs = Uint16Array.from(
  { length: 100 },
  (_, i) => (0x30 + Math.floor(i / 10)) | ((0x30 + (i % 10)) << 8),
);

/** An integer in [0, 2^31) (ids, endpoints). Writes at most ten bytes. */
export function putIndex(view: DataView, position: number, value: number): number {
  const end = position + digitCount(value);
  let at = end;
  while (value >= 100) {
    const quotient = (value / 100) | 0;
    at -= 2;
    view.setUint16(at, digitPairs[value - quotient * 100], true);
    value = quotient;
  }
  if (value >= 10) view.setUint16(at - 2, digitPairs[value], true);
  else view.setUint8(at - 1, 0x30 + value);
  return end;
}

/**
 * An integer in (-2^32, 2^32) as `String(value)` spells it (`-0` as `0`). Writes at most
 * `maxIntegerBytes`.
 */
export function putInteger(view: DataView, position: number, value: number): number {
  if (value < 0) {
    view.setUint8(position++, 0x2d);
    value = -value;
  }
  const end = position + digitCount(value);
  let at = end;
  while (value >= 100) {
    const quotient = Math.floor(value / 100);
    at -= 2;
    view.setUint16(at, digitPairs[value - quotient * 100], true);
    value = quotient;
  }
  if (value >= 10) view.setUint16(at - 2, digitPairs[value], true);
  else view.setUint8(at - 1, 0x30 + value);
  return end;
}

/** Text known to be ASCII (number texts), byte per unit. Writes `text.length`. */
export function putAscii(view: DataView, position: number, text: string): number {
  const length = text.length;
  for (let i = 0; i < length; i++) view.setUint8(position + i, text.charCodeAt(i));
  return position + length;
}

/** Strings longer than this are written by `JSON.stringify` and the native UTF-8 encoder. */
const longStringUnits = 64;

/**
 * Appends `JSON.stringify(text)` as UTF-8, quotes included. Printable ASCII without quote or backslash (the
 * usual case) goes byte per unit; anything else through `JSON.stringify` and the UTF-8 encoder, so the
 * bytes are always exactly those.
 */
export function writeJsonString(out: ChunkWriter, text: string): void {
  const length = text.length;
  if (length <= longStringUnits) {
    out.room(length + 2);
    const buffer = out.buffer;
    const position = out.length;
    buffer[position] = 0x22;
    let i = 0;
    for (; i < length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0x20 || unit > 0x7f || unit === 0x22 || unit === 0x5c) break;
      buffer[position + 1 + i] = unit;
    }
    if (i === length) {
      buffer[position + 1 + length] = 0x22;
      out.length = position + length + 2;
      return;
    }
  }
  writeUtf8(out, JSON.stringify(text));
}

/** Appends any text as UTF-8. */
export function writeUtf8(out: ChunkWriter, text: string): void {
  out.room(text.length <= longStringUnits ? 3 * text.length : Buffer.byteLength(text));
  out.length += out.buffer.write(text, out.length);
}

/** 2^53: below it every integer is a double, and sums and products of such integers stay exact. */
const exactIntegerLimit = 2 ** 53;
/**
 * Fraction digits the fast path of `putShortDouble` tries (10^d is exact up to 22): short decimals (prices,
 * scores, coordinates) fit, and a full-precision double stops trying soon and goes to `String`.
 */
const maxShortFractionDigits = 9;
const powersOfTen = Float64Array.from({ length: maxShortFractionDigits + 1 }, (_, i) => Number(`1e${i}`));
/** The fast path of `putShortDouble` covers magnitudes from here (`formatDouble`'s fixed notation) up to 2^53. */
const shortDoubleMin = 1e-4;

/** 2^52: a scaled value below it has only one integer candidate (see `putShortDouble`). */
const uniqueBelow = 2 ** 52;
/** "0." as one little-endian 16-bit store. */
const zeroPoint = 0x30 | (0x2e << 8);

/** Most bytes `putShortDouble` writes: a sign, sixteen digits, a point and four leading zeros. */
export const maxShortDoubleBytes = 24;

/**
 * The shortest round-trip text of a double (`String(value)`, which `formatDouble` answers in this range)
 * for magnitudes in [1e-4, 2^53) with a short decimal form, written without making the string; -1 when
 * the value is outside the fast path (the caller formats it).
 *
 * Why it is exact: for d = 0, 1, ... it takes m, the integer nearest value × 10^d. The text of m with d
 * fraction digits reads back as the double nearest m / 10^d, which is what the division `m / 10^d` gives
 * (both exact operands, one correctly rounded operation); so the first d where that equals the value is
 * the fewest fraction digits, and in fixed notation the fewest significant digits, of any text that
 * reads back as the value. `String` also picks, among several such texts, the one nearest the value; the
 * fast path answers only when m is the only candidate (m ± 1 do not read back as the value).
 */
export function putShortDouble(view: DataView, position: number, value: number): number {
  const negative = value < 0;
  const magnitude = negative ? -value : value;
  if (!(magnitude >= shortDoubleMin && magnitude < exactIntegerLimit)) return -1;
  for (let digits = 0; digits < powersOfTen.length; digits++) {
    const scale = powersOfTen[digits];
    const scaled = magnitude * scale;
    if (scaled >= exactIntegerLimit) return -1;
    const m = Math.round(scaled);
    if (m / scale !== magnitude) continue;
    // Below 2^52 the candidates are further apart than the value's ulp, so m is the only one.
    if (scaled >= uniqueBelow && ((m + 1) / scale === magnitude || (m - 1) / scale === magnitude)) return -1;
    if (negative) view.setUint8(position++, 0x2d);
    if (digits === 0) return putWholeNumber(view, position, m);
    if (m < scale) {
      // 0.000ddd: the fraction digits of m, after "0." and leading zeros.
      view.setUint16(position, zeroPoint, true);
      return putPadded(view, position + 2, m, digits);
    }
    // The digits of m, then the last `digits` of them moved one place right to make room for the point.
    const end = putWholeNumber(view, position, m);
    for (let at = end; at > end - digits; at--) view.setUint8(at, view.getUint8(at - 1));
    view.setUint8(end - digits, 0x2e);
    return end + 1;
  }
  return -1;
}

/** An integer in [0, 2^53). */
function putWholeNumber(view: DataView, position: number, value: number): number {
  if (value < 4_294_967_296) return putInteger(view, position, value);
  const high = Math.floor(value / 1e9);
  return putPadded(view, putInteger(view, position, high), value - high * 1e9, 9);
}

/** An integer in [0, 10^width) as exactly `width` digits, leading zeros included. */
function putPadded(view: DataView, position: number, value: number, width: number): number {
  const end = position + width;
  for (let at = end - 1; at >= position; at--) {
    const quotient = Math.floor(value / 10);
    view.setUint8(at, 0x30 + value - quotient * 10);
    value = quotient;
  }
  return end;
}
