/**
 * `object` values: boxing and unboxing, `is`/`as` tests, `Equals`, `==` on references, and `ToString()`
 * of an `object`. A boxed value type is a `Boxed` (types.ts); strings, arrays, element views and lists are
 * their own JavaScript objects.
 */
import type { Decimal } from 'decimal.js';
import { utcTicksOf } from '../../engine/model/datetime-text.js';
import { EdgeList, EdgeSpan, EdgeGroups, KeyValuePair } from './edge-groups.js';
import { invalidCast, nullReference } from './exceptions.js';
import { formatWith } from './format.js';
import { EdgeView, VertexView, isElementView, type ElementView } from './models.js';
import { Boxed, ClrType, clrFullName, type DateTimeOffsetValue, type DateTimeValue } from './types.js';

/** .NET's floating-point `Equals`: NaN equals NaN (unlike `==`). */
function floatEquals(a: number, b: number): boolean {
  return a === b || (a !== a && b !== b);
}

/** `Equals` of two values of the same value type. */
function valueEquals(code: number, a: unknown, b: unknown): boolean {
  switch (code) {
    case ClrType.Single:
    case ClrType.Double:
      return floatEquals(a as number, b as number);
    case ClrType.Decimal:
      return (a as Decimal).eq(b as Decimal);
    case ClrType.DateTime:
      return (a as DateTimeValue).ticks === (b as DateTimeValue).ticks;
    case ClrType.DateTimeOffset:
      return utcTicksOf(a as DateTimeOffsetValue) === utcTicksOf(b as DateTimeOffsetValue);
    default:
      return a === b;
  }
}

/** The .NET type name of an object's run-time type, for messages. */
export function runtimeTypeName(value: unknown): string {
  if (value instanceof Boxed) return clrFullName(value.type);
  if (typeof value === 'string') return 'System.String';
  if (value instanceof VertexView) return 'VertexModel';
  if (value instanceof EdgeView) return 'EdgeModel';
  if (value instanceof Float32Array) return 'System.Single[]';
  if (value instanceof EdgeList || value instanceof EdgeSpan)
    return 'System.Collections.Generic.List`1[EdgeModel]';
  if (value instanceof EdgeGroups) {
    return 'System.Collections.Generic.Dictionary`2[System.String,System.Collections.Generic.IReadOnlyList`1[EdgeModel]]';
  }
  if (Array.isArray(value)) return 'System.Object[]';
  return 'System.Object';
}

const HASH_BITS = new DataView(new ArrayBuffer(8));

/** The low and high 32 bits of a 64-bit value folded together, as .NET hashes long, DateTime and TimeSpan. */
function foldBig(value: bigint): number {
  return Number(BigInt.asIntN(32, value ^ (value >> 32n)));
}

/** FNV-1a over the UTF-16 units: .NET randomizes string hashes per process, so only stability matters. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * `GetHashCode()` of a value of static type `code`: .NET's for int, uint, long, ulong, bool, char, float,
 * double, DateTime and TimeSpan; a stable hash for the rest (.NET's string hashes differ per process, so
 * no program can rely on their values).
 */
function hashOf(value: unknown, code: number): number {
  switch (code) {
    case ClrType.Boolean:
      return value ? 1 : 0;
    case ClrType.Int32:
    case ClrType.UInt32:
    case ClrType.SByte:
    case ClrType.Byte:
    case ClrType.Int16:
    case ClrType.UInt16:
      return (value as number) | 0;
    case ClrType.Char:
      return (value as number) | ((value as number) << 16);
    case ClrType.Int64:
    case ClrType.UInt64:
    case ClrType.TimeSpan:
      return foldBig(value as bigint);
    case ClrType.DateTime:
      return foldBig((value as DateTimeValue).ticks);
    case ClrType.DateTimeOffset:
      return foldBig(utcTicksOf(value as DateTimeOffsetValue));
    case ClrType.Single:
    case ClrType.Double: {
      let number = value as number;
      if (number === 0) number = 0; // -0 hashes as 0, as Equals says they are equal
      if (number !== number) return 0x7ff80000;
      if (code === ClrType.Single) {
        HASH_BITS.setFloat32(0, number);
        return HASH_BITS.getInt32(0);
      }
      HASH_BITS.setFloat64(0, number);
      return HASH_BITS.getInt32(0) ^ HASH_BITS.getInt32(4);
    }
    case ClrType.Decimal:
      return hashString((value as Decimal).toFixed());
    default:
      return hashString(String(value));
  }
}

export const objects = {
  /** `x.GetHashCode()` with the static type of `x` (`ClrType.Object` for an object). */
  getHashCode(value: unknown, code: number): number {
    if (value === null || value === undefined) throw nullReference();
    if (value instanceof Boxed) return hashOf(value.value, value.type);
    if (isElementView(value)) return value.Id;
    if (typeof value === 'string') return hashString(value);
    return hashOf(value, code);
  },
  /** `Equals` of two values of the same value type `code` (NaN equals NaN, decimals by value, ...). */
  valueEquals,

  /** Boxes a value of value type `code` (an `int` assigned to `object`, passed as `object`, ...). */
  box: (code: number, value: unknown): Boxed => new Boxed(code as never, value),

  /** `(T)o` for a value type T: exact type only, as .NET unboxing; null is a NullReferenceException. */
  unbox(value: unknown, code: number): unknown {
    if (value === null) throw nullReference();
    if (value instanceof Boxed && value.type === code) return value.value;
    throw invalidCast(runtimeTypeName(value), clrFullName(code));
  },

  /** `o is T` for a value type T, or `string` (ClrType.String), or `float[]`. */
  isType(value: unknown, code: number): boolean {
    if (code === ClrType.String) return typeof value === 'string';
    if (code === ClrType.SingleArray) return value instanceof Float32Array;
    if (code === ClrType.Object) return value !== null && value !== undefined;
    return value instanceof Boxed && value.type === code;
  },
  isVertex: (value: unknown): value is VertexView => value instanceof VertexView,
  isEdge: (value: unknown): value is EdgeView => value instanceof EdgeView,
  isElement: (value: unknown): value is ElementView => isElementView(value),

  /** `o as string`: the string or null. */
  asString: (value: unknown): string | null => (typeof value === 'string' ? value : null),

  /** `(string)o`: null stays null, anything else must be a string. */
  castString(value: unknown): string | null {
    if (value === null) return null;
    if (typeof value === 'string') return value;
    throw invalidCast(runtimeTypeName(value), 'System.String');
  },

  /**
   * `==` on references (`object`, element models, lists): the same element for views (a view is made per
   * visit, while the ancestor had one model object per element), otherwise the same object. Strings
   * compared as `object` compare by value here (.NET compares references; interned literals agree).
   */
  refEquals(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (isElementView(a) && isElementView(b)) {
      return a.Id === b.Id && a.constructor === b.constructor && a.scope === b.scope;
    }
    return false;
  },

  /** `a.Equals(b)` / `object.Equals(a, b)` with `a` of static type object: value equality for boxes. */
  equals(a: unknown, b: unknown): boolean {
    if (a === null || b === null) return a === b;
    if (a instanceof Boxed)
      return b instanceof Boxed && a.type === b.type && valueEquals(a.type, a.value, b.value);
    return objects.refEquals(a, b);
  },

  /** `o.ToString()` with `o` of static type object; a null receiver is a NullReferenceException. */
  toString(value: unknown): string {
    if (value === null || value === undefined) throw nullReference();
    if (value instanceof Boxed) return formatWith(value.value, value.type);
    if (typeof value === 'string') return value;
    if (value instanceof KeyValuePair)
      return `[${objects.textOrEmpty(value.Key)}, ${objects.textOrEmpty(value.Value)}]`;
    return runtimeTypeName(value);
  },

  /** An `object` in interpolation or concatenation: null prints as empty. */
  textOrEmpty: (value: unknown): string =>
    value === null || value === undefined ? '' : objects.toString(value),
} as const;
