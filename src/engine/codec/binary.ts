/**
 * Little-endian byte writing and reading, shared by every byte format of the engine (the write-ahead log,
 * index payloads, checkpoint sections): fixed-width integers and floats, LEB128 varints (unsigned up to
 * 2^53 - 1, zigzag-signed within [-2^52, 2^52 - 1]), 64-bit bigints, and strings (the string layout is
 * described in src/engine/durability/wal/format.ts).
 *
 * The writer grows one Buffer and is reused across groups, so encoding a group allocates nothing but the
 * final copy. The reader checks every bound and throws `LogDecodeError` instead of reading past its end.
 */

/** A payload that passed its CRC but does not decode: a defect of the writer, or a foreign file. */
export class LogDecodeError extends Error {
  override readonly name = 'LogDecodeError';
}

const maxVarUint = Number.MAX_SAFE_INTEGER;
/**
 * Zigzag doubles the magnitude, so signed varints stay within [-2^52, 2^52 - 1]: both ends zigzag to at
 * most 2^53 - 1, the largest exact unsigned varint (2^52 itself would need 2^53).
 */
const minVarInt = -(2 ** 52);
/**
 * Strings up to this many UTF-16 units are tried as ASCII and copied unit by unit: a log entry of a bulk
 * batch holds tens of thousands of short strings (labels, keys, values), and for short strings the native
 * UTF-8 write costs more than the copy, which kept the log's encoding of an import's batch long on the
 * event loop.
 */
const maxLoopCopiedUnits = 64;
const maxVarInt = 2 ** 52 - 1;

export class ByteWriter {
  private buffer: Buffer;
  private view: DataView;
  /** Bytes written so far. */
  length = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
  }

  /** Forgets the content; keeps the storage unless it grew beyond `maxKeptBytes`. */
  reset(maxKeptBytes = Infinity): void {
    this.length = 0;
    if (this.buffer.length > maxKeptBytes) {
      this.buffer = Buffer.allocUnsafe(Math.min(64 * 1024, maxKeptBytes));
      this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
    }
  }

  private ensure(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
    this.view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
  }

  u8(value: number): void {
    this.ensure(1);
    this.buffer[this.length++] = value;
  }

  u16(value: number): void {
    this.ensure(2);
    this.view.setUint16(this.length, value, true);
    this.length += 2;
  }

  u32(value: number): void {
    this.ensure(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  f32(value: number): void {
    this.ensure(4);
    this.view.setFloat32(this.length, value, true);
    this.length += 4;
  }

  f64(value: number): void {
    this.ensure(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
  }

  i64(value: bigint): void {
    this.ensure(8);
    this.view.setBigInt64(this.length, value, true);
    this.length += 8;
  }

  u64(value: bigint): void {
    this.ensure(8);
    this.view.setBigUint64(this.length, value, true);
    this.length += 8;
  }

  /** Unsigned LEB128 of an integer in [0, 2^53). */
  varUint(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > maxVarUint) {
      throw new RangeError(`a varuint must be an integer in [0, 2^53), got ${value}`);
    }
    this.ensure(8);
    const buffer = this.buffer;
    let at = this.length;
    if (value < 0x80000000) {
      while (value >= 0x80) {
        buffer[at++] = (value & 0x7f) | 0x80;
        value >>>= 7;
      }
    } else {
      while (value >= 0x80) {
        buffer[at++] = (value % 0x80) | 0x80;
        value = Math.floor(value / 0x80);
      }
    }
    buffer[at++] = value;
    this.length = at;
  }

  /** Zigzag LEB128 of an integer in [-2^52, 2^52 - 1]. */
  varInt(value: number): void {
    if (!Number.isInteger(value) || value < minVarInt || value > maxVarInt) {
      throw new RangeError(`a varint must be an integer within [-2^52, 2^52 - 1], got ${value}`);
    }
    this.varUint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  /** Text exactly as JavaScript holds it: UTF-8 when well-formed, else UTF-16LE code units. */
  string(text: string): void {
    if (text.length <= maxLoopCopiedUnits && this.asciiString(text)) return;
    if (text.isWellFormed()) {
      // Reserve the header for the worst case (3 bytes per UTF-16 unit), then fix it up if it is shorter.
      const maxBytes = text.length * 3;
      this.ensure(maxBytes + 8);
      const headerAt = this.length;
      const headerBytes = varUintSize(maxBytes * 2);
      const written = this.buffer.write(text, headerAt + headerBytes, 'utf8');
      const actualHeaderBytes = varUintSize(written * 2);
      if (actualHeaderBytes !== headerBytes) {
        this.buffer.copy(
          this.buffer,
          headerAt + actualHeaderBytes,
          headerAt + headerBytes,
          headerAt + headerBytes + written,
        );
      }
      this.varUint(written * 2);
      this.length = headerAt + actualHeaderBytes + written;
    } else {
      const byteLength = text.length * 2;
      this.varUint(byteLength * 2 + 1);
      this.ensure(byteLength);
      this.length += this.buffer.write(text, this.length, 'utf16le');
    }
  }

  /**
   * `string` for a short ASCII text, unit by unit (the same bytes: its UTF-8 form is its units); false,
   * with nothing written, when the text has a unit above 0x7f.
   */
  private asciiString(text: string): boolean {
    const units = text.length;
    // Room for the header's varint too, so writing it cannot move the buffer under the copied units.
    this.ensure(units + 8);
    const headerBytes = units < 64 ? 1 : 2;
    const buffer = this.buffer;
    const start = this.length + headerBytes;
    for (let i = 0; i < units; i++) {
      const unit = text.charCodeAt(i);
      if (unit > 0x7f) return false;
      buffer[start + i] = unit;
    }
    this.varUint(units * 2);
    this.length = start + units;
    return true;
  }

  /** Reserves a u32 to be filled in later by `patchU32`; returns its offset. */
  reserveU32(): number {
    this.ensure(4);
    const at = this.length;
    this.length += 4;
    return at;
  }

  patchU32(at: number, value: number): void {
    this.view.setUint32(at, value, true);
  }

  /** A view of written bytes (valid until the next write). */
  written(start = 0, end = this.length): Buffer {
    return this.buffer.subarray(start, end);
  }

  /** A copy of everything written. */
  toBuffer(): Buffer {
    return Buffer.from(this.buffer.subarray(0, this.length));
  }
}

/** Bytes of the LEB128 form of `value`. */
export function varUintSize(value: number): number {
  let size = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 0x80);
    size++;
  }
  return size;
}

export class ByteReader {
  private readonly view: DataView;
  /** Next byte to read. */
  offset: number;

  constructor(
    private readonly buffer: Buffer,
    start = 0,
    /** One past the last readable byte. */
    readonly end = buffer.length,
  ) {
    this.offset = start;
    this.view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private take(bytes: number): number {
    const at = this.offset;
    if (bytes > this.end - at) {
      throw new LogDecodeError(`truncated payload: needs ${bytes} more bytes at offset ${at}`);
    }
    this.offset = at + bytes;
    return at;
  }

  u8(): number {
    return this.buffer[this.take(1)];
  }

  u16(): number {
    return this.view.getUint16(this.take(2), true);
  }

  u32(): number {
    return this.view.getUint32(this.take(4), true);
  }

  f32(): number {
    return this.view.getFloat32(this.take(4), true);
  }

  f64(): number {
    return this.view.getFloat64(this.take(8), true);
  }

  i64(): bigint {
    return this.view.getBigInt64(this.take(8), true);
  }

  u64(): bigint {
    return this.view.getBigUint64(this.take(8), true);
  }

  varUint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const byte = this.u8();
      result += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) {
        if (result > maxVarUint) throw new LogDecodeError(`varuint out of range at offset ${this.offset}`);
        return result;
      }
      scale *= 0x80;
    }
    throw new LogDecodeError(`varuint longer than 8 bytes at offset ${this.offset}`);
  }

  varInt(): number {
    const zigzag = this.varUint();
    return zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
  }

  bytes(length: number): Buffer {
    const at = this.take(length);
    return this.buffer.subarray(at, at + length);
  }

  string(): string {
    const header = this.varUint();
    const byteLength = Math.floor(header / 2);
    const at = this.take(byteLength);
    if (header % 2 === 0) return this.buffer.toString('utf8', at, at + byteLength);
    if (byteLength % 2 !== 0) throw new LogDecodeError(`odd UTF-16 byte length at offset ${at}`);
    return this.buffer.toString('utf16le', at, at + byteLength);
  }
}
