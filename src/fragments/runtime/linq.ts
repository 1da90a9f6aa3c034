/**
 * `System.Linq.Enumerable` over JavaScript iterables: arrays, the adjacency views (edge lists, the grouped
 * dictionaries and their Keys/Values), strings' chars (`chars`), and the results of other operators.
 *
 * Deferred operators (Where, Select, OrderBy, ...) return a `Query`, which runs its source again every
 * time it is enumerated, as C#'s deferred execution does; terminal operators (Count, Any, First, Sum, ...)
 * enumerate at once and stop as early as .NET does. Counting an edge list or an array reads its length
 * without enumerating.
 *
 * Lambdas tick the budget themselves (the emitter puts `rt.tick()` in every lambda body); the generating
 * sources `Range` and `Repeat` tick per element, so `Enumerable.Range(0, int.MaxValue).Sum()` is stopped.
 *
 * Results keep C#'s types: Sum of ints is an int with overflow checking (Enumerable.Sum is checked), of
 * floats a float accumulated in double, Average of ints a double; Min, Max, Average, First, Last, Single
 * and ElementAt throw InvalidOperationException where .NET does (Min/Max of a reference type answer null).
 */
import type { Decimal } from 'decimal.js';
import type { ExecutionBudget } from './budget.js';
import { decimal } from './decimal.js';
import { EdgeGroups, EdgeList } from './edge-groups.js';
import {
  argumentNull,
  argumentOutOfRange,
  arithmeticOverflow,
  moreThanOneElement,
  moreThanOneMatch,
  noElements,
  noMatchingElement,
  nullReference,
} from './exceptions.js';
import type { EqualityKey, Order } from './orders.js';

type Source<T> = Iterable<T>;
type Predicate<T> = (value: T) => boolean;
type Selector<T, R> = (value: T) => R;

/** A deferred query: enumerating it runs its operator chain again. */
export class Query<T> implements Iterable<T> {
  constructor(private readonly run: () => Iterator<T>) {}

  [Symbol.iterator](): Iterator<T> {
    return this.run();
  }
}

/** `IGrouping<TKey, TElement>`: the key and the elements in source order. */
export class Grouping<K, T> implements Iterable<T> {
  constructor(
    readonly Key: K,
    readonly elements: T[],
  ) {}

  [Symbol.iterator](): Iterator<T> {
    return this.elements[Symbol.iterator]();
  }
}

/** An ordered query (OrderBy ...): ThenBy refines it. */
export class OrderedQuery<T> extends Query<T> {
  constructor(
    readonly source: Source<T>,
    readonly comparers: readonly ((a: T, b: T) => number)[],
  ) {
    super(() => sortStable(source, comparers)[Symbol.iterator]());
  }
}

function sortStable<T>(source: Source<T>, comparers: readonly ((a: T, b: T) => number)[]): T[] {
  const items = Array.from(checked(source));
  // Array.prototype.sort is stable, as OrderBy is.
  return items.sort((a, b) => {
    for (const compare of comparers) {
      const order = compare(a, b);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** LINQ throws ArgumentNullException for a null source; a null delegate is caught by the checker. */
function checked<T>(source: Source<T> | null): Source<T> {
  if (source === null || source === undefined) throw argumentNull('source');
  return source;
}

/** Count without enumerating when the source knows it; -1 otherwise. */
function knownCount(source: unknown): number {
  if (Array.isArray(source) || ArrayBuffer.isView(source)) return (source as ArrayLike<unknown>).length;
  if (source instanceof EdgeList) return source.Count;
  if (source instanceof EdgeGroups) return source.Count;
  return -1;
}

function defer<T>(run: () => Iterator<T>): Query<T> {
  return new Query(run);
}

function comparerOf<T, K>(key: Selector<T, K>, order: Order<K>): (a: T, b: T) => number {
  return (a, b) => order.compare(key(a), key(b));
}

function sumInt32(total: number, value: number): number {
  const sum = total + value;
  if (sum > 2147483647 || sum < -2147483648) throw arithmeticOverflow();
  return sum;
}

function sumInt64(total: bigint, value: bigint, signed: boolean): bigint {
  const sum = total + value;
  if (signed ? BigInt.asIntN(64, sum) !== sum : BigInt.asUintN(64, sum) !== sum) throw arithmeticOverflow();
  return sum;
}

function* mapped<T, R>(source: Source<T>, selector: Selector<T, R> | undefined): Generator<R> {
  if (selector === undefined) yield* source as unknown as Source<R>;
  else for (const value of source) yield selector(value);
}

export const linq = {
  // ---- sources ----

  Range(budget: ExecutionBudget, start: number, count: number): Query<number> {
    if (count < 0 || start + count - 1 > 2147483647)
      throw argumentOutOfRange('count', 'Specified argument was out of the range of valid values.');
    return defer(function* () {
      for (let i = 0; i < count; i++) {
        budget.tick();
        yield start + i;
      }
    });
  },
  Repeat<T>(budget: ExecutionBudget, value: T, count: number): Query<T> {
    if (count < 0)
      throw argumentOutOfRange('count', 'Specified argument was out of the range of valid values.');
    return defer(function* () {
      for (let i = 0; i < count; i++) {
        budget.tick();
        yield value;
      }
    });
  },
  Empty: <T>(): Query<T> => defer(() => [][Symbol.iterator]()),
  /** A string as `IEnumerable<char>`: its UTF-16 code units. */
  chars(text: string | null): Query<number> {
    if (text === null) throw argumentNull('source');
    return defer(function* () {
      for (let i = 0; i < text.length; i++) yield text.charCodeAt(i);
    });
  },

  // ---- deferred operators ----

  Where: <T>(source: Source<T> | null, predicate: Predicate<T>): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      for (const value of from) if (predicate(value)) yield value;
    });
  },
  WhereIndexed: <T>(source: Source<T> | null, predicate: (value: T, index: number) => boolean): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      let index = 0;
      for (const value of from) if (predicate(value, index++)) yield value;
    });
  },
  Select: <T, R>(source: Source<T> | null, selector: Selector<T, R>): Query<R> => {
    const from = checked(source);
    return defer(() => mapped(from, selector));
  },
  SelectIndexed: <T, R>(source: Source<T> | null, selector: (value: T, index: number) => R): Query<R> => {
    const from = checked(source);
    return defer(function* () {
      let index = 0;
      for (const value of from) yield selector(value, index++);
    });
  },
  SelectMany: <T, C, R = C>(
    source: Source<T> | null,
    collection: Selector<T, Source<C> | null>,
    result?: (value: T, item: C) => R,
  ): Query<R> => {
    const from = checked(source);
    return defer(function* () {
      for (const value of from) {
        const inner = collection(value);
        if (inner === null) throw nullReference();
        for (const item of inner) yield result === undefined ? (item as unknown as R) : result(value, item);
      }
    });
  },
  SelectManyIndexed: <T, C>(
    source: Source<T> | null,
    collection: (value: T, index: number) => Source<C> | null,
  ): Query<C> => {
    const from = checked(source);
    return defer(function* () {
      let index = 0;
      for (const value of from) {
        const inner = collection(value, index++);
        if (inner === null) throw nullReference();
        yield* inner;
      }
    });
  },
  /**
   * The non-null elements: LINQ's aggregates over nullable elements (`int?`) skip nulls, so `Sum` of
   * `int?` is `SumInt32(NotNull(xs))`; Average, Min and Max of them also answer null instead of throwing
   * when nothing is left (`OrNullWhenEmpty`).
   */
  NotNull: <T>(source: Source<T | null> | null): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      for (const value of from) if (value !== null && value !== undefined) yield value;
    });
  },
  Take: <T>(source: Source<T> | null, count: number): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      if (count <= 0) return;
      let taken = 0;
      for (const value of from) {
        yield value;
        if (++taken >= count) return;
      }
    });
  },
  Skip: <T>(source: Source<T> | null, count: number): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      let skipped = 0;
      for (const value of from) {
        if (skipped < count) skipped++;
        else yield value;
      }
    });
  },
  TakeWhile: <T>(source: Source<T> | null, predicate: Predicate<T>): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      for (const value of from) {
        if (!predicate(value)) return;
        yield value;
      }
    });
  },
  SkipWhile: <T>(source: Source<T> | null, predicate: Predicate<T>): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      let skipping = true;
      for (const value of from) {
        if (skipping && predicate(value)) continue;
        skipping = false;
        yield value;
      }
    });
  },
  Concat: <T>(first: Source<T> | null, second: Source<T> | null): Query<T> => {
    const a = checked(first);
    if (second === null) throw argumentNull('second');
    return defer(function* () {
      yield* a;
      yield* second;
    });
  },
  Append: <T>(source: Source<T> | null, element: T): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      yield* from;
      yield element;
    });
  },
  Prepend: <T>(source: Source<T> | null, element: T): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      yield element;
      yield* from;
    });
  },
  Reverse: <T>(source: Source<T> | null): Query<T> => {
    const from = checked(source);
    return defer(() => Array.from(from).reverse()[Symbol.iterator]());
  },
  Distinct: <T>(source: Source<T> | null, key: EqualityKey<T>): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      const seen = new Set<unknown>();
      for (const value of from) {
        const k = key(value);
        if (!seen.has(k)) {
          seen.add(k);
          yield value;
        }
      }
    });
  },
  DefaultIfEmpty: <T>(source: Source<T> | null, defaultValue: T): Query<T> => {
    const from = checked(source);
    return defer(function* () {
      let any = false;
      for (const value of from) {
        any = true;
        yield value;
      }
      if (!any) yield defaultValue;
    });
  },
  GroupBy: <T, K>(
    source: Source<T> | null,
    keySelector: Selector<T, K>,
    key: EqualityKey<K>,
  ): Query<Grouping<K, T>> => {
    const from = checked(source);
    return defer(() => {
      const groups = new Map<unknown, Grouping<K, T>>();
      for (const value of from) {
        const groupKey = keySelector(value);
        const k = key(groupKey);
        let group = groups.get(k);
        if (group === undefined) {
          group = new Grouping(groupKey, []);
          groups.set(k, group);
        }
        group.elements.push(value);
      }
      return groups.values();
    });
  },
  OrderBy: <T, K>(source: Source<T> | null, keySelector: Selector<T, K>, order: Order<K>): OrderedQuery<T> =>
    new OrderedQuery(checked(source), [comparerOf(keySelector, order)]),
  OrderByDescending: <T, K>(
    source: Source<T> | null,
    keySelector: Selector<T, K>,
    order: Order<K>,
  ): OrderedQuery<T> => {
    const compare = comparerOf(keySelector, order);
    return new OrderedQuery(checked(source), [(a, b) => compare(b, a)]);
  },
  ThenBy: <T, K>(source: OrderedQuery<T>, keySelector: Selector<T, K>, order: Order<K>): OrderedQuery<T> =>
    new OrderedQuery(source.source, [...source.comparers, comparerOf(keySelector, order)]),
  ThenByDescending: <T, K>(
    source: OrderedQuery<T>,
    keySelector: Selector<T, K>,
    order: Order<K>,
  ): OrderedQuery<T> => {
    const compare = comparerOf(keySelector, order);
    return new OrderedQuery(source.source, [...source.comparers, (a, b) => compare(b, a)]);
  },

  // ---- terminal operators ----

  Any<T>(source: Source<T> | null, predicate?: Predicate<T>): boolean {
    const from = checked(source);
    if (predicate === undefined) {
      const count = knownCount(from);
      if (count >= 0) return count > 0;
      for (const _ of from) return true;
      return false;
    }
    for (const value of from) if (predicate(value)) return true;
    return false;
  },
  All<T>(source: Source<T> | null, predicate: Predicate<T>): boolean {
    for (const value of checked(source)) if (!predicate(value)) return false;
    return true;
  },
  /** `Count()` and `Count(predicate)`: an int; more than int.MaxValue elements overflow, as .NET. */
  Count<T>(source: Source<T> | null, predicate?: Predicate<T>): number {
    const from = checked(source);
    if (predicate === undefined) {
      const known = knownCount(from);
      if (known >= 0) return known;
    }
    let count = 0;
    for (const value of from) if (predicate === undefined || predicate(value)) count = sumInt32(count, 1);
    return count;
  },
  LongCount<T>(source: Source<T> | null, predicate?: Predicate<T>): bigint {
    const from = checked(source);
    if (predicate === undefined && knownCount(from) >= 0) return BigInt(knownCount(from));
    let count = 0;
    for (const value of from) if (predicate === undefined || predicate(value)) count++;
    return BigInt(count);
  },
  Contains<T>(source: Source<T> | null, value: T, key: EqualityKey<T>): boolean {
    const wanted = key(value);
    for (const item of checked(source)) {
      const k = key(item);
      if (k === wanted || (k !== k && wanted !== wanted)) return true;
    }
    return false;
  },
  First<T>(source: Source<T> | null, predicate?: Predicate<T>): T {
    for (const value of checked(source)) if (predicate === undefined || predicate(value)) return value;
    throw predicate === undefined ? noElements() : noMatchingElement();
  },
  /** `FirstOrDefault([predicate])`: `defaultValue` is default(T) of the element type. */
  FirstOrDefault<T>(source: Source<T> | null, predicate: Predicate<T> | undefined, defaultValue: T): T {
    for (const value of checked(source)) if (predicate === undefined || predicate(value)) return value;
    return defaultValue;
  },
  Last<T>(source: Source<T> | null, predicate?: Predicate<T>): T {
    let found = false;
    let last: T | undefined;
    for (const value of checked(source)) {
      if (predicate === undefined || predicate(value)) {
        found = true;
        last = value;
      }
    }
    if (!found) throw predicate === undefined ? noElements() : noMatchingElement();
    return last as T;
  },
  LastOrDefault<T>(source: Source<T> | null, predicate: Predicate<T> | undefined, defaultValue: T): T {
    let last = defaultValue;
    for (const value of checked(source)) if (predicate === undefined || predicate(value)) last = value;
    return last;
  },
  Single<T>(source: Source<T> | null, predicate?: Predicate<T>): T {
    let found = false;
    let single: T | undefined;
    for (const value of checked(source)) {
      if (predicate !== undefined && !predicate(value)) continue;
      if (found) throw predicate === undefined ? moreThanOneElement() : moreThanOneMatch();
      found = true;
      single = value;
    }
    if (!found) throw predicate === undefined ? noElements() : noMatchingElement();
    return single as T;
  },
  SingleOrDefault<T>(source: Source<T> | null, predicate: Predicate<T> | undefined, defaultValue: T): T {
    let found = false;
    let single = defaultValue;
    for (const value of checked(source)) {
      if (predicate !== undefined && !predicate(value)) continue;
      if (found) throw predicate === undefined ? moreThanOneElement() : moreThanOneMatch();
      found = true;
      single = value;
    }
    return single;
  },
  ElementAt<T>(source: Source<T> | null, index: number): T {
    let i = 0;
    if (index >= 0) for (const value of checked(source)) if (i++ === index) return value;
    throw argumentOutOfRange(
      'index',
      'Index was out of range. Must be non-negative and less than the size of the collection.',
    );
  },
  ElementAtOrDefault<T>(source: Source<T> | null, index: number, defaultValue: T): T {
    let i = 0;
    if (index >= 0) for (const value of checked(source)) if (i++ === index) return value;
    return defaultValue;
  },
  Aggregate<T, A>(
    source: Source<T> | null,
    seed: A | undefined,
    hasSeed: boolean,
    func: (total: A, value: T) => A,
  ): A {
    let total = seed as A;
    let started = hasSeed;
    for (const value of checked(source)) {
      if (started) total = func(total, value);
      else {
        total = value as unknown as A;
        started = true;
      }
    }
    if (!started) throw noElements();
    return total;
  },
  SequenceEqual<T>(first: Source<T> | null, second: Source<T> | null, key: EqualityKey<T>): boolean {
    const a = Array.from(checked(first));
    if (second === null) throw argumentNull('second');
    const b = Array.from(second);
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      const x = key(a[i]);
      const y = key(b[i]);
      if (x !== y && !(x !== x && y !== y)) return false;
    }
    return true;
  },
  /** `ToList()` and `ToArray()`: a JavaScript array (List<T> members map onto it, arrays.ts). */
  ToList: <T>(source: Source<T> | null): T[] => Array.from(checked(source)),
  ToArray: <T>(source: Source<T> | null): T[] => Array.from(checked(source)),

  // ---- numeric aggregates, by element type ----

  SumInt32<T>(source: Source<T> | null, selector?: Selector<T, number>): number {
    let total = 0;
    for (const value of mapped(checked(source), selector)) total = sumInt32(total, value);
    return total;
  },
  SumInt64<T>(source: Source<T> | null, selector?: Selector<T, bigint>): bigint {
    let total = 0n;
    for (const value of mapped(checked(source), selector)) total = sumInt64(total, value, true);
    return total;
  },
  /** float: accumulated in double, rounded to float once at the end, as .NET. */
  SumSingle<T>(source: Source<T> | null, selector?: Selector<T, number>): number {
    let total = 0;
    for (const value of mapped(checked(source), selector)) total += value;
    return Math.fround(total);
  },
  SumDouble<T>(source: Source<T> | null, selector?: Selector<T, number>): number {
    let total = 0;
    for (const value of mapped(checked(source), selector)) total += value;
    return total;
  },
  SumDecimal<T>(source: Source<T> | null, selector?: Selector<T, Decimal>): Decimal {
    let total = decimal.fromInt(0);
    for (const value of mapped(checked(source), selector)) total = decimal.add(total, value);
    return total;
  },
  /** Average of ints and longs: a double from a checked long total. */
  AverageInteger<T>(source: Source<T> | null, selector?: Selector<T, number | bigint>): number {
    let total = 0n;
    let count = 0;
    for (const value of mapped(checked(source), selector)) {
      total = sumInt64(total, BigInt(value), true);
      count++;
    }
    if (count === 0) throw noElements();
    return Number(total) / count;
  },
  AverageSingle<T>(source: Source<T> | null, selector?: Selector<T, number>): number {
    return Math.fround(linq.AverageDouble(source, selector));
  },
  AverageDouble<T>(source: Source<T> | null, selector?: Selector<T, number>): number {
    let total = 0;
    let count = 0;
    for (const value of mapped(checked(source), selector)) {
      total += value;
      count++;
    }
    if (count === 0) throw noElements();
    return total / count;
  },
  AverageDecimal<T>(source: Source<T> | null, selector?: Selector<T, Decimal>): Decimal {
    let total = decimal.fromInt(0);
    let count = 0;
    for (const value of mapped(checked(source), selector)) {
      total = decimal.add(total, value);
      count++;
    }
    if (count === 0) throw noElements();
    return decimal.div(total, decimal.fromInt(count));
  },
  /** `aggregate(NotNull(values))`, or null when no element is left (nullable Average, Min, Max). */
  OrNullWhenEmpty<T, R>(source: Source<T | null> | null, aggregate: (values: Source<T>) => R): R | null {
    const present = Array.from(linq.NotNull(source));
    return present.length === 0 ? null : aggregate(present);
  },
  Min<T, V>(source: Source<T> | null, order: Order<V>, selector?: Selector<T, V>): V {
    return extreme(checked(source), order, selector, -1);
  },
  Max<T, V>(source: Source<T> | null, order: Order<V>, selector?: Selector<T, V>): V {
    return extreme(checked(source), order, selector, 1);
  },
} as const;

/**
 * Min (`direction` -1) or Max (1) by `order`: NaN rules for floating types (Min: any NaN wins; Max: NaN
 * only when every value is NaN), nulls skipped and null for empty for reference types.
 */
function extreme<T, V>(
  source: Source<T>,
  order: Order<V>,
  selector: Selector<T, V> | undefined,
  direction: number,
): V {
  let found = false;
  let best: V | undefined;
  for (const value of mapped(source, selector)) {
    if (order.nullable && value === null) continue;
    if (order.floating && direction < 0 && value !== value) return value;
    if (!found) {
      best = value;
      found = true;
    } else if (order.floating && direction > 0 && best !== best) {
      best = value;
    } else if (order.compare(value, best as V) * direction > 0) {
      best = value;
    }
  }
  if (!found) {
    if (order.nullable) return null as V;
    throw noElements();
  }
  return best as V;
}
