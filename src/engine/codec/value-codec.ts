/**
 * Typed property values in bytes (the write-ahead log, index payloads): a tag byte (value-tags.ts
 * `ValueTag`) and a body that keeps the value exactly as the engine holds it, so a replayed value is
 * identical (same type, same read text):
 *
 *   String          string                      Char       u16 code unit
 *   Boolean         u8 0 or 1                   DateTime   i64 ticks, u8 kind
 *   Byte..UInt32    zigzag varint               DateTimeOffset  i64 ticks, varint offset minutes
 *   Int64, UInt64   i64 / u64                   TimeSpan   i64 ticks
 *   Single          f32                         Guid       16 bytes of the canonical text's hex digits
 *   Double          f64                         Single[]   varuint count, count f32
 *   Decimal         string: the read text, which keeps the scale (1.250 stays 1.250)
 */
import { parseDecimalText } from '../model/decimal-text.js';
import { formatValue, type TypedValue } from '../model/values.js';
import { LogDecodeError, type ByteReader, type ByteWriter } from './binary.js';
import { ValueTag, dateTimeKinds } from './value-tags.js';

const canonicalGuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function writeValue(out: ByteWriter, value: TypedValue): void {
  switch (value.type) {
    case 'String':
      out.u8(ValueTag.String);
      out.string(value.value);
      return;
    case 'Boolean':
      out.u8(ValueTag.Boolean);
      out.u8(value.value ? 1 : 0);
      return;
    case 'Byte':
    case 'SByte':
    case 'Int16':
    case 'UInt16':
    case 'Int32':
    case 'UInt32':
      out.u8(ValueTag[value.type]);
      out.varInt(value.value);
      return;
    case 'Int64':
      out.u8(ValueTag.Int64);
      out.i64(value.value);
      return;
    case 'UInt64':
      out.u8(ValueTag.UInt64);
      out.u64(value.value);
      return;
    case 'Single':
      out.u8(ValueTag.Single);
      out.f32(value.value);
      return;
    case 'Double':
      out.u8(ValueTag.Double);
      out.f64(value.value);
      return;
    case 'Decimal':
      out.u8(ValueTag.Decimal);
      out.string(formatValue(value));
      return;
    case 'Char':
      out.u8(ValueTag.Char);
      out.u16(value.value.charCodeAt(0));
      return;
    case 'DateTime':
      out.u8(ValueTag.DateTime);
      out.i64(value.value.ticks);
      out.u8(dateTimeKinds.indexOf(value.value.kind));
      return;
    case 'DateTimeOffset':
      out.u8(ValueTag.DateTimeOffset);
      out.i64(value.value.ticks);
      out.varInt(value.value.offsetMinutes);
      return;
    case 'TimeSpan':
      out.u8(ValueTag.TimeSpan);
      out.i64(value.value);
      return;
    case 'Guid':
      if (!canonicalGuid.test(value.value)) {
        throw new RangeError(`a Guid value must be in canonical form, got '${value.value}'`);
      }
      out.u8(ValueTag.Guid);
      out.bytes(Buffer.from(value.value.replaceAll('-', ''), 'hex'));
      return;
    case 'Single[]': {
      out.u8(ValueTag['Single[]']);
      const vector = value.value;
      out.varUint(vector.length);
      const bytes = new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength);
      // Float32Array is little-endian on every platform Node supports; copy the bytes as they are.
      out.bytes(bytes);
      return;
    }
  }
}

function guidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function readValue(input: ByteReader): TypedValue {
  const tag = input.u8();
  switch (tag) {
    case ValueTag.String:
      return { type: 'String', value: input.string() };
    case ValueTag.Boolean:
      return { type: 'Boolean', value: input.u8() !== 0 };
    case ValueTag.Byte:
      return { type: 'Byte', value: input.varInt() };
    case ValueTag.SByte:
      return { type: 'SByte', value: input.varInt() };
    case ValueTag.Int16:
      return { type: 'Int16', value: input.varInt() };
    case ValueTag.UInt16:
      return { type: 'UInt16', value: input.varInt() };
    case ValueTag.Int32:
      return { type: 'Int32', value: input.varInt() };
    case ValueTag.UInt32:
      return { type: 'UInt32', value: input.varInt() };
    case ValueTag.Int64:
      return { type: 'Int64', value: input.i64() };
    case ValueTag.UInt64:
      return { type: 'UInt64', value: input.u64() };
    case ValueTag.Single:
      return { type: 'Single', value: input.f32() };
    case ValueTag.Double:
      return { type: 'Double', value: input.f64() };
    case ValueTag.Decimal: {
      const text = input.string();
      const value = parseDecimalText(text);
      if (value === undefined) throw new LogDecodeError(`'${text}' is not a Decimal`);
      return { type: 'Decimal', value };
    }
    case ValueTag.Char:
      return { type: 'Char', value: String.fromCharCode(input.u16()) };
    case ValueTag.DateTime: {
      const ticks = input.i64();
      const kind = dateTimeKinds[input.u8()];
      if (kind === undefined) throw new LogDecodeError('unknown DateTime kind');
      return { type: 'DateTime', value: { ticks, kind } };
    }
    case ValueTag.DateTimeOffset: {
      const ticks = input.i64();
      return { type: 'DateTimeOffset', value: { ticks, offsetMinutes: input.varInt() } };
    }
    case ValueTag.TimeSpan:
      return { type: 'TimeSpan', value: input.i64() };
    case ValueTag.Guid:
      return { type: 'Guid', value: guidText(input.bytes(16)) };
    case ValueTag['Single[]']: {
      const count = input.varUint();
      const bytes = input.bytes(count * 4);
      // Copied into fresh, aligned storage: the log buffer is neither aligned nor ours to keep.
      const vector = new Float32Array(count);
      new Uint8Array(vector.buffer).set(bytes);
      return { type: 'Single[]', value: vector };
    }
    default:
      throw new LogDecodeError(`unknown value type tag ${tag}`);
  }
}
