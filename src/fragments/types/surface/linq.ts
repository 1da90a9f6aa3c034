/**
 * LINQ: System.Linq.Enumerable's extension methods over IEnumerable<T> that fragments use, with their
 * .NET 10 overloads (numeric aggregates have one overload per element type, nullable ones included).
 *
 * Runtime key families:
 *   linq.range, linq.repeat, linq.empty (the static sources; they tick the budget per element),
 *   linq.any, linq.any.predicate, linq.all, linq.count, linq.count.predicate,
 *   linq.sum.<element>, linq.sum.selector.<element>, linq.average.<element>, linq.average.selector.<element>,
 *   linq.min.<element>, linq.min.selector.<element>, linq.min.generic, linq.min.selector.generic,
 *   linq.max.<same as min>                  <element>: int, long, float, double, decimal, and the nullable
 *                                           ones as nullableInt, nullableLong, ...
 *   linq.select, linq.select.indexed, linq.where, linq.where.indexed, linq.selectMany,
 *   linq.selectMany.indexed, linq.selectMany.result, linq.first, linq.first.predicate, linq.firstOrDefault,
 *   linq.firstOrDefault.default, linq.firstOrDefault.predicate, linq.firstOrDefault.predicate.default,
 *   linq.last, linq.last.predicate, linq.contains, linq.distinct, linq.toList, linq.toArray, linq.orderBy,
 *   linq.orderByDescending, linq.take, linq.skip
 */
import type { MemberRow, SurfaceTable } from '../surface.js';

/** Element types of the numeric aggregates, with the key suffix of each. */
const AGGREGATE_ELEMENTS: readonly (readonly [type: string, suffix: string])[] = [
  ['int', 'int'],
  ['long', 'long'],
  ['float', 'float'],
  ['double', 'double'],
  ['decimal', 'decimal'],
  ['int?', 'nullableInt'],
  ['long?', 'nullableLong'],
  ['float?', 'nullableFloat'],
  ['double?', 'nullableDouble'],
  ['decimal?', 'nullableDecimal'],
];

/** Average's result: double for integers, the element type otherwise, nullable for nullable elements. */
const AVERAGE_RESULT: Readonly<Record<string, string>> = {
  int: 'double',
  long: 'double',
  float: 'float',
  double: 'double',
  decimal: 'decimal',
  'int?': 'double?',
  'long?': 'double?',
  'float?': 'float?',
  'double?': 'double?',
  'decimal?': 'decimal?',
};

function aggregateRows(): MemberRow[] {
  const rows: MemberRow[] = [];
  for (const [method, key] of [
    ['Sum', 'sum'],
    ['Average', 'average'],
    ['Min', 'min'],
    ['Max', 'max'],
  ] as const) {
    for (const [element, suffix] of AGGREGATE_ELEMENTS) {
      const result = method === 'Average' ? AVERAGE_RESULT[element] : element;
      rows.push([`linq.${key}.${suffix}`, `static ${result} ${method}(this IEnumerable<${element}> source)`]);
      rows.push([
        `linq.${key}.selector.${suffix}`,
        `static ${result} ${method}<TSource>(this IEnumerable<TSource> source, Func<TSource, ${element}> selector)`,
      ]);
    }
  }
  for (const [method, key] of [
    ['Min', 'min'],
    ['Max', 'max'],
  ] as const) {
    rows.push([`linq.${key}.generic`, `static TSource ${method}<TSource>(this IEnumerable<TSource> source)`]);
    rows.push([
      `linq.${key}.selector.generic`,
      `static TResult ${method}<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector)`,
    ]);
  }
  return rows;
}

export const LINQ_SURFACE: readonly SurfaceTable[] = [
  {
    type: 'Enumerable',
    members: [
      ['linq.range', 'static IEnumerable<int> Range(int start, int count)'],
      ['linq.repeat', 'static IEnumerable<TResult> Repeat<TResult>(TResult element, int count)'],
      ['linq.empty', 'static IEnumerable<TResult> Empty<TResult>()'],
      ['linq.any', 'static bool Any<TSource>(this IEnumerable<TSource> source)'],
      [
        'linq.any.predicate',
        'static bool Any<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)',
      ],
      [
        'linq.all',
        'static bool All<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)',
      ],
      ['linq.count', 'static int Count<TSource>(this IEnumerable<TSource> source)'],
      [
        'linq.count.predicate',
        'static int Count<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)',
      ],
      ...aggregateRows(),
      [
        'linq.select',
        'static IEnumerable<TResult> Select<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, TResult> selector)',
      ],
      [
        'linq.select.indexed',
        'static IEnumerable<TResult> Select<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, int, TResult> selector)',
      ],
      [
        'linq.where',
        'static IEnumerable<TSource> Where<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)',
      ],
      [
        'linq.where.indexed',
        'static IEnumerable<TSource> Where<TSource>(this IEnumerable<TSource> source, Func<TSource, int, bool> predicate)',
      ],
      [
        'linq.selectMany',
        'static IEnumerable<TResult> SelectMany<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, IEnumerable<TResult>> selector)',
      ],
      [
        'linq.selectMany.indexed',
        'static IEnumerable<TResult> SelectMany<TSource, TResult>(this IEnumerable<TSource> source, Func<TSource, int, IEnumerable<TResult>> selector)',
      ],
      [
        'linq.selectMany.result',
        'static IEnumerable<TResult> SelectMany<TSource, TCollection, TResult>(this IEnumerable<TSource> source, Func<TSource, IEnumerable<TCollection>> collectionSelector, Func<TSource, TCollection, TResult> resultSelector)',
      ],
      ['linq.first', 'static TSource First<TSource>(this IEnumerable<TSource> source)'],
      [
        'linq.first.predicate',
        'static TSource First<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)',
      ],
      ['linq.firstOrDefault', 'static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source)'],
      [
        'linq.firstOrDefault.default',
        'static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, TSource defaultValue)',
      ],
      [
        'linq.firstOrDefault.predicate',
        'static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)',
      ],
      [
        'linq.firstOrDefault.predicate.default',
        'static TSource FirstOrDefault<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate, TSource defaultValue)',
      ],
      ['linq.last', 'static TSource Last<TSource>(this IEnumerable<TSource> source)'],
      [
        'linq.last.predicate',
        'static TSource Last<TSource>(this IEnumerable<TSource> source, Func<TSource, bool> predicate)',
      ],
      ['linq.contains', 'static bool Contains<TSource>(this IEnumerable<TSource> source, TSource value)'],
      ['linq.distinct', 'static IEnumerable<TSource> Distinct<TSource>(this IEnumerable<TSource> source)'],
      ['linq.toList', 'static List<TSource> ToList<TSource>(this IEnumerable<TSource> source)'],
      ['linq.toArray', 'static TSource[] ToArray<TSource>(this IEnumerable<TSource> source)'],
      [
        'linq.orderBy',
        'static IOrderedEnumerable<TSource> OrderBy<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector)',
      ],
      [
        'linq.orderByDescending',
        'static IOrderedEnumerable<TSource> OrderByDescending<TSource, TKey>(this IEnumerable<TSource> source, Func<TSource, TKey> keySelector)',
      ],
      ['linq.take', 'static IEnumerable<TSource> Take<TSource>(this IEnumerable<TSource> source, int count)'],
      ['linq.skip', 'static IEnumerable<TSource> Skip<TSource>(this IEnumerable<TSource> source, int count)'],
    ],
  },
];
