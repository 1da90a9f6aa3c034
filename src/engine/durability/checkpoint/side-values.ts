/**
 * The byte forms of the property values kept in the side table (everything not stored inline in a
 * property record), written one after another in record order, little-endian, with no type bytes: the
 * pair's type tag in the record says how to read each one.
 *
 *   String, Guid       u32 (byte length * 2 + form), then the text: form 0 UTF-8, form 1 UTF-16LE code
 *                      units (only for text with lone surrogates, which UTF-8 cannot carry)
 *   Decimal            as a String: its read text, which keeps its scale (1.250 stays 1.250)
 *   Int64, TimeSpan    i64              UInt64  u64
 *   DateTime           i64 ticks, u8 kind (0 Unspecified, 1 Utc, 2 Local)
 *   DateTimeOffset     i64 ticks, i16 offset minutes
 *   Single[]           u32 length, then the float32 components
 * Each decodes to exactly the value that was stored.
 */
import { Decimal } from 'decimal.js';
import { formatDecimal, parseDecimalText } from '../../model/decimal-text.js';
import type { DateTimeKind, ValueType } from '../../model/values.js';
import { classModulus } from '../../storage/block-pool.js';
import { isInlineTag, typeOfTag, typeTagCount } from '../../graph/property-store.js';
import type { GraphSnapshot } from './snapshot.js';
import type { Pacer } from './pace.js';

const dateTimeKinds: readonly DateTimeKind[] = ['Unspecified', 'Utc', 'Local'];
const initialCapacity = 1 << 16;
/** Texts up to this length try the byte-by-byte ASCII path first: faster than a call into the encoder. */
const shortText = 64;

/** A growable little-endian byte buffer. */
export class ByteSink {
  bytes: Buffer = Buffer.allocUnsafe(initialCapacity);
  length = 0;

  private reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.bytes.byteLength) return;
    let capacity = this.bytes.byteLength * 2;
    while (capacity < needed) capacity *= 2;
    const grown = Buffer.allocUnsafe(capacity);
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  u8(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  u32(value: number): void {
    this.reserve(4);
    this.bytes.writeUInt32LE(value, this.length);
    this.length += 4;
  }

  i16(value: number): void {
    this.reserve(2);
    this.bytes.writeInt16LE(value, this.length);
    this.length += 2;
  }

  i64(value: bigint): void {
    this.reserve(8);
    this.bytes.writeBigInt64LE(value, this.length);
    this.length += 8;
  }

  u64(value: bigint): void {
    this.reserve(8);
    this.bytes.writeBigUInt64LE(value, this.length);
    this.length += 8;
  }

  text(value: string): void {
    if (value.length <= shortText && this.ascii(value)) return;
    if (value.isWellFormed()) {
      this.reserve(4 + value.length * 3);
      const written = this.bytes.write(value, this.length + 4, 'utf8');
      this.bytes.writeUInt32LE(written * 2, this.length);
      this.length += 4 + written;
    } else {
      this.reserve(4 + value.length * 2);
      const written = this.bytes.write(value, this.length + 4, 'utf16le');
      this.bytes.writeUInt32LE(written * 2 + 1, this.length);
      this.length += 4 + written;
    }
  }

  /** Writes a short all-ASCII text (its UTF-8 form) byte by byte; answers false, writing nothing, otherwise. */
  private ascii(value: string): boolean {
    this.reserve(4 + value.length);
    const bytes = this.bytes;
    const start = this.length + 4;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code > 0x7f) return false;
      bytes[start + i] = code;
    }
    bytes.writeUInt32LE(value.length * 2, this.length);
    this.length = start + value.length;
    return true;
  }

  floats(values: Float32Array): void {
    this.reserve(4 + values.byteLength);
    this.bytes.writeUInt32LE(values.length, this.length);
    this.bytes.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), this.length + 4);
    this.length += 4 + values.byteLength;
  }

  /** The bytes written so far (a view, valid until the next write). */
  get written(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

export function encodeSideValue(sink: ByteSink, type: ValueType, value: unknown): void {
  switch (type) {
    case 'String':
    case 'Guid':
      sink.text(value as string);
      return;
    case 'Decimal':
      sink.text(formatDecimal(value as Decimal));
      return;
    case 'Int64':
    case 'TimeSpan':
      sink.i64(value as bigint);
      return;
    case 'UInt64':
      sink.u64(value as bigint);
      return;
    case 'DateTime': {
      const { ticks, kind } = value as { ticks: bigint; kind: DateTimeKind };
      sink.i64(ticks);
      sink.u8(dateTimeKinds.indexOf(kind));
      return;
    }
    case 'DateTimeOffset': {
      const { ticks, offsetMinutes } = value as { ticks: bigint; offsetMinutes: number };
      sink.i64(ticks);
      sink.i16(offsetMinutes);
      return;
    }
    case 'Single[]':
      sink.floats(value as Float32Array);
      return;
    default:
      throw new Error(`a ${type} value is stored inline, not in the side table`);
  }
}

/** Reads side values back in order; throws `RangeError` past the end (the loader reports the file). */
export class SideValueReader {
  private at = 0;
  private readonly bytes: Buffer;

  constructor(bytes: Uint8Array) {
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get remaining(): number {
    return this.bytes.byteLength - this.at;
  }

  private take(length: number): number {
    const start = this.at;
    if (start + length > this.bytes.byteLength) throw new RangeError('the side values end early');
    this.at = start + length;
    return start;
  }

  private text(): string {
    const header = this.bytes.readUInt32LE(this.take(4));
    const length = Math.floor(header / 2);
    const start = this.take(length);
    return this.bytes.toString(header % 2 === 0 ? 'utf8' : 'utf16le', start, start + length);
  }

  read(type: ValueType): unknown {
    switch (type) {
      case 'String':
      case 'Guid':
        return this.text();
      case 'Decimal': {
        // The read text parses back to the stored decimal, scale included; a decimal built outside the
        // parser with more than 28 places would be rounded by it, so that one is rebuilt from its digits.
        const text = this.text();
        const parsed = parseDecimalText(text);
        return parsed !== undefined && formatDecimal(parsed) === text ? parsed : new Decimal(text);
      }
      case 'Int64':
      case 'TimeSpan':
        return this.bytes.readBigInt64LE(this.take(8));
      case 'UInt64':
        return this.bytes.readBigUInt64LE(this.take(8));
      case 'DateTime': {
        const ticks = this.bytes.readBigInt64LE(this.take(8));
        const kind = dateTimeKinds[this.bytes[this.take(1)]];
        if (kind === undefined) throw new RangeError('a DateTime has an unknown kind');
        return { ticks, kind };
      }
      case 'DateTimeOffset': {
        const ticks = this.bytes.readBigInt64LE(this.take(8));
        return { ticks, offsetMinutes: this.bytes.readInt16LE(this.take(2)) };
      }
      case 'Single[]': {
        const length = this.bytes.readUInt32LE(this.take(4));
        const start = this.take(length * 4);
        const values = new Float32Array(length);
        new Uint8Array(values.buffer).set(this.bytes.subarray(start, start + length * 4));
        return values;
      }
      default:
        throw new RangeError(`a ${type} value is stored inline, not in the side table`);
    }
  }
}

/**
 * Encodes the side-table values of the records of ids [from, to) until the pacer's slice is spent (checked
 * every few hundred ids); answers the id to continue from. A synchronous function called per slice: V8
 * does not optimise a hot loop inside an async function.
 */
function encodeSideChunk(
  snapshot: GraphSnapshot,
  sink: ByteSink,
  from: number,
  to: number,
  pacer: Pacer,
): number {
  const { propertyRecords: records, propertyPool: pool, sideValues } = snapshot;
  for (let id = from; id < to; id++) {
    if ((id & 255) === 0 && id > from && pacer.due) return id;
    const record = records[id] - 1;
    if (record < 0) continue;
    const pairsEnd = record + 2 + 2 * Math.floor(pool[record] / classModulus);
    for (let pair = record + 2; pair < pairsEnd; pair += 2) {
      const word = pool[pair];
      const tag = word - Math.floor(word / typeTagCount) * typeTagCount;
      if (!isInlineTag(tag)) encodeSideValue(sink, typeOfTag(tag), sideValues[pool[pair + 1]]);
    }
  }
  return to;
}

/** The side-table values of the records in [idStart, idEnd), in record order, in paced slices. */
export async function encodeSideValues(
  snapshot: GraphSnapshot,
  idStart: number,
  idEnd: number,
  pacer: Pacer,
): Promise<ByteSink> {
  const sink = new ByteSink();
  const end = Math.min(idEnd, snapshot.propertyRecords.length);
  for (let id = idStart; id < end;) {
    id = encodeSideChunk(snapshot, sink, id, end, pacer);
    await pacer.pace();
  }
  return sink;
}
