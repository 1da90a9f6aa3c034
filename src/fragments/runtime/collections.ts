/**
 * Arrays (`T[]`, `new int[n]`, `new[] { ... }`), `List<T>` (what `ToList()` returns and what a fragment may
 * build), `ReadOnlySpan<T>`, the read-only collection interfaces, and `Nullable<T>`.
 *
 * Arrays and lists are JavaScript arrays; a float[] read from a property is a Float32Array; a span is the
 * array it spans (a Float32Array for embeddings, an `EdgeSpan` for edge groups, an array of code units
 * for a string). Indexers check bounds as .NET does: arrays and spans throw IndexOutOfRangeException,
 * lists and the IReadOnlyList indexer ArgumentOutOfRangeException; a null receiver is a
 * NullReferenceException.
 */
import { EdgeGroups, EdgeList, EdgeSpan } from './edge-groups.js';
import {
  FragmentException,
  argumentNull,
  argumentOutOfRange,
  arithmeticOverflow,
  arrayTooLarge,
  indexOutOfRange,
  listIndexOutOfRange,
  nullReference,
} from './exceptions.js';
import type { EqualityKey } from './orders.js';

type ArrayLikeValue<T> = T[] | (Float32Array & { [index: number]: T });

function receiver<A>(array: A | null): A {
  if (array === null || array === undefined) throw nullReference();
  return array;
}

/** Largest array or list a fragment may build: the budget bounds time, this bounds memory (16 Mi elements). */
const MAX_ARRAY_LENGTH = 16 * 1024 * 1024;

function checkLength(length: number): void {
  if (length < 0) throw arithmeticOverflow();
  if (length > MAX_ARRAY_LENGTH) throw arrayTooLarge();
}

function indexOf<T>(items: ArrayLikeValue<T>, value: T, key: EqualityKey<T>): number {
  const wanted = key(value);
  for (let i = 0; i < items.length; i++) {
    const k = key(items[i] as T);
    if (k === wanted || (k !== k && wanted !== wanted)) return i;
  }
  return -1;
}

export const arrays = {
  /** `new T[length]` filled with default(T). */
  create<T>(length: number, defaultValue: T): T[] {
    checkLength(length);
    return new Array<T>(length).fill(defaultValue);
  },
  Length: <T>(array: ArrayLikeValue<T> | null): number => receiver(array).length,
  get<T>(array: ArrayLikeValue<T> | null, index: number): T {
    const self = receiver(array);
    if (index < 0 || index >= self.length) throw indexOutOfRange();
    return self[index] as T;
  },
  set<T>(array: T[] | null, index: number, value: T): T {
    const self = receiver(array);
    if (index < 0 || index >= self.length) throw indexOutOfRange();
    self[index] = value;
    return value;
  },

  // ---- List<T> ----

  /** `new List<T>()`, `new List<T>(capacity)`, `new List<T>(collection)`. */
  newList<T>(collection?: Iterable<T> | null): T[] {
    if (collection === null) throw argumentNull('collection');
    return collection === undefined ? [] : Array.from(collection);
  },
  newListWithCapacity<T>(capacity: number): T[] {
    if (capacity < 0) throw argumentOutOfRange('capacity', 'Non-negative number required.');
    return [];
  },
  Count: <T>(list: T[] | null): number => receiver(list).length,
  listGet<T>(list: T[] | null, index: number): T {
    const self = receiver(list);
    if (index < 0 || index >= self.length) throw listIndexOutOfRange();
    return self[index];
  },
  listSet<T>(list: T[] | null, index: number, value: T): T {
    const self = receiver(list);
    if (index < 0 || index >= self.length) throw listIndexOutOfRange();
    self[index] = value;
    return value;
  },
  Add<T>(list: T[] | null, value: T): void {
    const self = receiver(list);
    if (self.length >= MAX_ARRAY_LENGTH) throw arrayTooLarge();
    self.push(value);
  },
  AddRange<T>(list: T[] | null, collection: Iterable<T> | null): void {
    const self = receiver(list);
    if (collection === null) throw argumentNull('collection');
    for (const value of Array.from(collection)) arrays.Add(self, value);
  },
  /** `List<T>.Contains` and LINQ-free `Array` searches, with the element type's equality. */
  Contains: <T>(list: ArrayLikeValue<T> | null, value: T, key: EqualityKey<T>): boolean =>
    indexOf(receiver(list), value, key) >= 0,
  IndexOf: <T>(list: ArrayLikeValue<T> | null, value: T, key: EqualityKey<T>): number =>
    indexOf(receiver(list), value, key),
  Remove<T>(list: T[] | null, value: T, key: EqualityKey<T>): boolean {
    const self = receiver(list);
    const at = indexOf(self, value, key);
    if (at >= 0) self.splice(at, 1);
    return at >= 0;
  },
  Clear<T>(list: T[] | null): void {
    receiver(list).length = 0;
  },
  ToArray: <T>(list: T[] | null): T[] => receiver(list).slice(),
} as const;

/** `ReadOnlySpan<T>` over a Float32Array, an array, or an edge group. */
export const spans = {
  Length: (span: ArrayLike<unknown> | EdgeSpan): number =>
    span instanceof EdgeSpan ? span.Length : span.length,
  IsEmpty: (span: ArrayLike<unknown> | EdgeSpan): boolean => spans.Length(span) === 0,
  get<T>(span: ArrayLike<T> | EdgeSpan, index: number): T {
    if (span instanceof EdgeSpan) return span.get(index) as T;
    if (index < 0 || index >= span.length) throw indexOutOfRange();
    return span[index];
  },
  /** `span.ToArray()`: a copy (a float[] stays a Float32Array). */
  ToArray<T>(span: ArrayLike<T> | EdgeSpan): T[] | Float32Array {
    if (span instanceof Float32Array) return new Float32Array(span);
    return Array.from(span as Iterable<T>);
  },
  /** An array converted to a span: the array itself. */
  fromArray: <T>(array: T[] | null): T[] => array ?? [],
  /** `string.AsSpan()` and the implicit conversion: the code units. */
  fromString(text: string | null): number[] {
    const units: number[] = [];
    if (text !== null) for (let i = 0; i < text.length; i++) units.push(text.charCodeAt(i));
    return units;
  },
} as const;

/** The read-only collection interfaces, whatever implements them (arrays, lists, edge lists, groups). */
export const collections = {
  /** `IReadOnlyCollection<T>.Count`. */
  Count(collection: unknown): number {
    if (collection === null || collection === undefined) throw nullReference();
    if (Array.isArray(collection) || ArrayBuffer.isView(collection))
      return (collection as ArrayLike<unknown>).length;
    if (collection instanceof EdgeList || collection instanceof EdgeGroups) return collection.Count;
    throw new TypeError('not a collection');
  },
  /** `IReadOnlyList<T>[index]`: ArgumentOutOfRangeException out of range, arrays included. */
  getItem<T>(list: T[] | EdgeList | null, index: number): T {
    if (list instanceof EdgeList) return list.get(index) as T;
    return arrays.listGet(list, index);
  },
} as const;

/** `Nullable<T>`: the value or null. */
export const nullable = {
  HasValue: (value: unknown): boolean => value !== null,
  Value<T>(value: T | null): T {
    if (value === null)
      throw new FragmentException('InvalidOperationException', 'Nullable object must have a value.');
    return value;
  },
  GetValueOrDefault: <T>(value: T | null, defaultValue: T): T => (value === null ? defaultValue : value),
} as const;
