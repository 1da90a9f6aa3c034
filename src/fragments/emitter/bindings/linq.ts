/**
 * System.Linq.Enumerable (surface/linq.ts) over `rt.linq` (runtime/linq.ts). Extension methods have no
 * receiver: the source is argument 0, as C# passes it; lambdas arrive as JavaScript functions that tick
 * the budget themselves.
 *
 * Type-directed parts come from the method's type arguments: the element's default for FirstOrDefault,
 * its equality key for Contains and Distinct, and the order of the compared type for OrderBy (TKey),
 * Min/Max (TSource, or TResult with a selector).
 *
 * Numeric aggregates name their element type in the key. Over `T?` elements, Sum adds the non-null
 * values (`NotNull`), Average answers null when no value is left (`OrNullWhenEmpty`), and Min/Max use
 * the nullable order, which skips nulls and answers null for none (orders.ts `Nullable`).
 */
import type { RuntimeBinding, RuntimeCallSite } from '../runtime-call.js';
import { OMITTED, argumentOf, call, type BindingTable, type Part } from './build.js';
import { defaultOf, keyOf, orderOf } from './typing.js';

const SOURCE_DEFAULT: Part = (site) => defaultOf(site.typeArguments[0], site.services);
const SOURCE_KEY: Part = (site) => keyOf(site.typeArguments[0]);
const SOURCE_ORDER: Part = (site) => orderOf(site.typeArguments[0], site.services);
/** TKey of OrderBy, TResult of Min/Max with a selector. */
const SECOND_ORDER: Part = (site) => orderOf(site.typeArguments[1], site.services);

/** The aggregate element suffixes of the keys, with the runtime's Sum/Average names and Min/Max order. */
const AGGREGATE_ELEMENTS: readonly (readonly [suffix: string, runtime: string, order: string])[] = [
  ['int', 'Int32', 'rt.orders.Integer'],
  ['long', 'Int64', 'rt.orders.BigInteger'],
  ['float', 'Single', 'rt.orders.Floating'],
  ['double', 'Double', 'rt.orders.Floating'],
  ['decimal', 'Decimal', 'rt.orders.Decimal'],
];

const AVERAGE: Readonly<Record<string, string>> = {
  Int32: 'AverageInteger',
  Int64: 'AverageInteger',
  Single: 'AverageSingle',
  Double: 'AverageDouble',
  Decimal: 'AverageDecimal',
};

/** The values aggregated: the source, or the selector's results over it. */
function values(site: RuntimeCallSite, selector: boolean): string {
  const source = argumentOf(site, 0);
  return selector ? `rt.linq.Select(${source}, ${argumentOf(site, 1)})` : source;
}

function aggregateBindings(): Record<string, RuntimeBinding> {
  const bindings: Record<string, RuntimeBinding> = {};
  for (const [suffix, runtime, order] of AGGREGATE_ELEMENTS) {
    const nullableSuffix = `nullable${suffix[0].toUpperCase()}${suffix.slice(1)}`;
    const average = `rt.linq.${AVERAGE[runtime]}`;
    const nullableOrder: Part = (site) => site.services.hoist(`rt.orders.Nullable(${order})`);
    for (const selector of [false, true]) {
      const infix = selector ? 'selector.' : '';
      const more = selector ? [1] : [];
      bindings[`linq.sum.${infix}${suffix}`] = call(`rt.linq.Sum${runtime}`, 0, ...more);
      bindings[`linq.sum.${infix}${nullableSuffix}`] = (site) =>
        `rt.linq.Sum${runtime}(rt.linq.NotNull(${values(site, selector)}))`;
      bindings[`linq.average.${infix}${suffix}`] = call(average, 0, ...more);
      bindings[`linq.average.${infix}${nullableSuffix}`] = (site) =>
        `rt.linq.OrNullWhenEmpty(${values(site, selector)}, ${average})`;
      for (const extreme of ['Min', 'Max']) {
        const key = extreme.toLowerCase();
        bindings[`linq.${key}.${infix}${suffix}`] = call(`rt.linq.${extreme}`, 0, order, ...more);
        bindings[`linq.${key}.${infix}${nullableSuffix}`] = call(
          `rt.linq.${extreme}`,
          0,
          nullableOrder,
          ...more,
        );
      }
    }
  }
  for (const extreme of ['Min', 'Max']) {
    const key = extreme.toLowerCase();
    bindings[`linq.${key}.generic`] = call(`rt.linq.${extreme}`, 0, SOURCE_ORDER);
    bindings[`linq.${key}.selector.generic`] = call(`rt.linq.${extreme}`, 0, SECOND_ORDER, 1);
  }
  return bindings;
}

export const LINQ_BINDINGS: BindingTable = {
  // The generated sources step the budget per element: `Range(0, int.MaxValue).Any(...)` must stop.
  'linq.range': call('rt.linq.Range', 'rt', 0, 1),
  'linq.repeat': call('rt.linq.Repeat', 'rt', 0, 1),
  'linq.empty': call('rt.linq.Empty'),
  'linq.any': call('rt.linq.Any', 0),
  'linq.any.predicate': call('rt.linq.Any', 0, 1),
  'linq.all': call('rt.linq.All', 0, 1),
  'linq.count': call('rt.linq.Count', 0),
  'linq.count.predicate': call('rt.linq.Count', 0, 1),
  ...aggregateBindings(),
  'linq.select': call('rt.linq.Select', 0, 1),
  'linq.select.indexed': call('rt.linq.SelectIndexed', 0, 1),
  'linq.where': call('rt.linq.Where', 0, 1),
  'linq.where.indexed': call('rt.linq.WhereIndexed', 0, 1),
  'linq.selectMany': call('rt.linq.SelectMany', 0, 1),
  'linq.selectMany.indexed': call('rt.linq.SelectManyIndexed', 0, 1),
  'linq.selectMany.result': call('rt.linq.SelectMany', 0, 1, 2),
  'linq.first': call('rt.linq.First', 0),
  'linq.first.predicate': call('rt.linq.First', 0, 1),
  'linq.firstOrDefault': call('rt.linq.FirstOrDefault', 0, OMITTED, SOURCE_DEFAULT),
  'linq.firstOrDefault.default': call('rt.linq.FirstOrDefault', 0, OMITTED, 1),
  'linq.firstOrDefault.predicate': call('rt.linq.FirstOrDefault', 0, 1, SOURCE_DEFAULT),
  'linq.firstOrDefault.predicate.default': call('rt.linq.FirstOrDefault', 0, 1, 2),
  'linq.last': call('rt.linq.Last', 0),
  'linq.last.predicate': call('rt.linq.Last', 0, 1),
  'linq.contains': call('rt.linq.Contains', 0, 1, SOURCE_KEY),
  'linq.distinct': call('rt.linq.Distinct', 0, SOURCE_KEY),
  'linq.toList': call('rt.linq.ToList', 0),
  'linq.toArray': call('rt.linq.ToArray', 0),
  'linq.orderBy': call('rt.linq.OrderBy', 0, 1, SECOND_ORDER),
  'linq.orderByDescending': call('rt.linq.OrderByDescending', 0, 1, SECOND_ORDER),
  'linq.take': call('rt.linq.Take', 0, 1),
  'linq.skip': call('rt.linq.Skip', 0, 1),
};
