/**
 * Arrays (`T[]`, `new int[n]`, `new[] { ... }`) and the `List<T>` that `ToList()` returns, both as
 * JavaScript arrays. Indexers check bounds as .NET does: arrays throw IndexOutOfRangeException, lists
 * ArgumentOutOfRangeException; a null receiver is a NullReferenceException.
 */
import {
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

/** Largest array a fragment may allocate: the budget bounds time, this bounds memory (16 Mi elements). */
const MAX_ARRAY_LENGTH = 16 * 1024 * 1024;

export const arrays = {
  /** `new T[length]` filled with default(T). */
  create<T>(length: number, defaultValue: T): T[] {
    if (length < 0) throw arithmeticOverflow();
    if (length > MAX_ARRAY_LENGTH) throw arrayTooLarge();
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

  /** `List<T>.Count`. */
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
  /** `List<T>.Contains`, `IndexOf` and `Array.IndexOf` with the element type's equality. */
  IndexOf<T>(list: ArrayLikeValue<T> | null, value: T, key: EqualityKey<T>): number {
    const self = receiver(list);
    const wanted = key(value);
    for (let i = 0; i < self.length; i++) {
      const k = key(self[i] as T);
      if (k === wanted || (k !== k && wanted !== wanted)) return i;
    }
    return -1;
  },
} as const;
