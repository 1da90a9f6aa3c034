import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import { ExecutionBudget, FragmentException, type EdgeView } from '../../../src/fragments/runtime/index.js';
import { linq } from '../../../src/fragments/runtime/linq.js';
import { keys, orders } from '../../../src/fragments/runtime/orders.js';
import { runtimeFixture } from './helpers.js';

const throwsDotNet = (fn: () => unknown, name: string, message?: string) =>
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof FragmentException, `expected a ${name}, got ${String(error)}`);
    assert.equal(error.name, name);
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });

const budget = new ExecutionBudget(1_000_000);

describe('LINQ: results', () => {
  it('filters, projects, orders, pages and aggregates', () => {
    const xs = [5, 3, 8, 1, 9, 2];
    assert.deepEqual(linq.ToList(linq.Where(xs, (x) => x > 2)), [5, 3, 8, 9]);
    assert.deepEqual(linq.ToArray(linq.Select(xs, (x) => x * 2)), [10, 6, 16, 2, 18, 4]);
    assert.deepEqual(
      linq.ToList(
        linq.Take(
          linq.OrderBy(xs, (x) => x, orders.Integer),
          3,
        ),
      ),
      [1, 2, 3],
    );
    assert.deepEqual(
      linq.ToList(
        linq.Skip(
          linq.OrderByDescending(xs, (x) => x, orders.Integer),
          4,
        ),
      ),
      [2, 1],
    );
    assert.equal(
      linq.Count(xs, (x) => x % 2 === 0),
      2,
    );
    assert.equal(
      linq.Any(xs, (x) => x > 8),
      true,
    );
    assert.equal(
      linq.All(xs, (x) => x > 0),
      true,
    );
    assert.equal(linq.SumInt32(xs), 28);
    assert.equal(linq.AverageInteger(xs), 28 / 6);
    assert.equal(linq.Min(xs, orders.Integer), 1);
    assert.equal(
      linq.Max(xs, orders.Integer, (x) => -x),
      -1,
    );
    assert.equal(
      linq.First(xs, (x) => x > 5),
      8,
    );
    assert.equal(linq.Last(xs), 2);
    assert.equal(
      linq.FirstOrDefault(xs, (x) => x > 100, 0),
      0,
    );
    assert.equal(linq.Contains(xs, 9, keys.Identity), true);
    assert.deepEqual(linq.ToList(linq.Distinct([1, 2, 1, 3, 2], keys.Identity)), [1, 2, 3]);
    assert.deepEqual(linq.ToList(linq.SelectMany([[1, 2], [3]], (x) => x)), [1, 2, 3]);
    assert.equal(linq.ElementAt(xs, 2), 8);
    assert.equal(
      linq.Aggregate(xs, undefined, false, (a: number, b) => a * b),
      2160,
    );
    assert.deepEqual(linq.ToList(linq.Range(budget, 3, 4)), [3, 4, 5, 6]);
    assert.deepEqual(linq.ToList(linq.Repeat(budget, 'a', 2)), ['a', 'a']);
  });

  it('ThenBy refines a stable order; strings sort by culture', () => {
    const people = [
      { name: 'bob', age: 30 },
      { name: 'Alice', age: 30 },
      { name: 'alice', age: 25 },
    ];
    const sorted = linq.ThenBy(
      linq.OrderBy(people, (p) => p.age, orders.Integer),
      (p) => p.name,
      orders.String,
    );
    assert.deepEqual(linq.ToList(linq.Select(sorted, (p) => p.name)), ['alice', 'Alice', 'bob']);
    assert.deepEqual(linq.ToList(linq.OrderBy(['b', 'B', 'a', null], (s) => s, orders.String)), [
      null,
      'a',
      'b',
      'B',
    ]);
  });

  it('keeps C# result types: int sums overflow, float sums round once, decimal sums are exact', () => {
    throwsDotNet(() => linq.SumInt32([2147483647, 1]), 'OverflowException');
    assert.equal(linq.SumInt64([2n ** 62n, 2n ** 62n - 1n]), 2n ** 63n - 1n);
    throwsDotNet(() => linq.SumInt64([2n ** 62n, 2n ** 62n]), 'OverflowException');
    const floats = [Math.fround(0.1), Math.fround(0.2), Math.fround(0.3)];
    assert.equal(linq.SumSingle(floats), Math.fround(floats[0] + floats[1] + floats[2]));
    assert.equal(linq.SumDecimal([new Decimal('0.1'), new Decimal('0.2')]).toFixed(), '0.3');
    assert.equal(linq.AverageDecimal([new Decimal(1), new Decimal(2)]).toFixed(), '1.5');
    assert.equal(linq.SumDouble([]), 0);
  });

  it('follows .NET NaN rules for Min and Max of doubles', () => {
    assert.ok(Number.isNaN(linq.Min([1, NaN, 0], orders.Floating)));
    assert.equal(linq.Max([NaN, 1, 0], orders.Floating), 1);
    assert.ok(Number.isNaN(linq.Max([NaN, NaN], orders.Floating)));
  });

  it('answers null for Min and Max of an empty sequence of strings, skipping nulls', () => {
    assert.equal(linq.Min([], orders.String), null);
    assert.equal(linq.Max([null, 'a', 'B'], orders.String), 'B');
  });
});

describe('LINQ: exceptions', () => {
  it('throws InvalidOperationException where .NET does', () => {
    throwsDotNet(() => linq.First([]), 'InvalidOperationException', 'Sequence contains no elements');
    throwsDotNet(
      () => linq.First([1], (x) => x > 1),
      'InvalidOperationException',
      'Sequence contains no matching element',
    );
    throwsDotNet(() => linq.Last([]), 'InvalidOperationException');
    throwsDotNet(
      () => linq.Single([1, 2]),
      'InvalidOperationException',
      'Sequence contains more than one element',
    );
    throwsDotNet(() => linq.Min([], orders.Integer), 'InvalidOperationException');
    throwsDotNet(() => linq.Max([], orders.Floating), 'InvalidOperationException');
    throwsDotNet(() => linq.AverageDouble([]), 'InvalidOperationException');
    throwsDotNet(
      () => linq.Aggregate([], undefined, false, (a: number, b: number) => a + b),
      'InvalidOperationException',
    );
    throwsDotNet(() => linq.ElementAt([1], 1), 'ArgumentOutOfRangeException');
    throwsDotNet(
      () => linq.Count(null),
      'ArgumentNullException',
      "Value cannot be null. (Parameter 'source')",
    );
    throwsDotNet(() => linq.Range(budget, 0, -1), 'ArgumentOutOfRangeException');
    throwsDotNet(() => linq.ToList(linq.SelectMany([1], () => null)), 'NullReferenceException');
  });
});

describe('LINQ: deferred execution', () => {
  it('runs a query each time it is enumerated, and only as far as needed', () => {
    const seen: number[] = [];
    const query = linq.Where([1, 2, 3, 4], (x) => {
      seen.push(x);
      return x % 2 === 0;
    });
    assert.deepEqual(seen, [], 'nothing runs before enumeration');
    assert.equal(linq.First(query), 2);
    assert.deepEqual(seen, [1, 2]);
    assert.equal(linq.Count(query), 2);
    assert.deepEqual(seen, [1, 2, 1, 2, 3, 4]);
  });

  it('works over the adjacency views: groups, Keys, Values, lists', async () => {
    const { rt, alice, mallory } = await runtimeFixture();
    const out = rt.vertex(mallory).OutEdges!;
    const targets = linq.ToList(
      linq.Select(
        linq.SelectMany(out.Values, (list) => list),
        (e: EdgeView) => e.TargetVertex.Id,
      ),
    );
    assert.equal(targets.length, 2);
    assert.equal(linq.Count(out), 1);
    assert.equal(
      linq.Any(out.Keys, (k) => k === 'attacks'),
      true,
    );
    const degrees = linq.SumInt32(linq.Select(rt.vertex(alice).OutEdges!, (pair) => pair.Value.Count));
    assert.equal(degrees, rt.vertex(alice).GetOutDegree());
    assert.equal(
      linq.Count(
        linq.Distinct(
          linq.Select(
            linq.SelectMany(out.Values, (l) => l),
            (e: EdgeView) => e.SourceVertex,
          ),
          keys.Element,
        ),
      ),
      1,
    );
    assert.deepEqual(linq.ToList(linq.chars('ab')), [97, 98]);
  });

  it('aggregates nullable elements by skipping nulls', () => {
    assert.equal(linq.SumInt32(linq.NotNull([1, null, 2])), 3);
    assert.equal(
      linq.OrNullWhenEmpty([null, null], (xs: Iterable<number>) => linq.AverageInteger(xs)),
      null,
    );
    assert.equal(
      linq.OrNullWhenEmpty([4, null, 2], (xs: Iterable<number>) => linq.Min(xs, orders.Integer)),
      2,
    );
    assert.deepEqual(linq.ToList(linq.SelectManyIndexed(['ab', 'c'], (s, i) => [s, i])), ['ab', 0, 'c', 1]);
  });

  it('groups by key', () => {
    const groups = linq.ToList(
      linq.GroupBy(['apple', 'avocado', 'banana'], (s) => s.charCodeAt(0), keys.Identity),
    );
    assert.deepEqual(
      groups.map((g) => [g.Key, linq.Count(g)]),
      [
        [97, 2],
        [98, 1],
      ],
    );
  });
});

describe('LINQ: orders and keys of nullable and incomparable types', () => {
  it('orders a nullable value type with null first, and Min/Max skip nulls and answer null for none', () => {
    const nullableInt = orders.Nullable(orders.Integer);
    assert.deepEqual(linq.ToList(linq.OrderBy([2, null, 1], (x) => x, nullableInt)), [null, 1, 2]);
    assert.equal(linq.Min([null, 3, 1], nullableInt), 1);
    assert.equal(linq.Max([null, null], nullableInt), null);
    assert.ok(Number.isNaN(linq.Min([null, 1, NaN], orders.Nullable(orders.Floating))));
  });

  it('compares incomparable references only when they are the same element or null', async () => {
    const { rt, alice, bob } = await runtimeFixture();
    assert.equal(orders.Incomparable.compare(rt.vertex(alice), rt.vertex(alice)), 0);
    assert.equal(orders.Incomparable.compare(null, rt.vertex(alice)), -1);
    const least = linq.Min([null, rt.vertex(bob)], orders.Incomparable) as { Id: number };
    assert.equal(least.Id, bob, 'nulls are skipped');
    assert.equal(linq.Max([], orders.Incomparable), null);
    throwsDotNet(
      () => linq.Min([rt.vertex(alice), rt.vertex(bob)], orders.Incomparable),
      'ArgumentException',
      'At least one object must implement IComparable.',
    );
    throwsDotNet(() => linq.Min([], orders.IncomparableValue), 'InvalidOperationException');
  });

  it('keys of decimals and dates accept null, which equals only null', () => {
    assert.deepEqual(
      linq.ToList(linq.Distinct([new Decimal('1.0'), null, new Decimal(1), null], keys.Decimal)),
      [new Decimal('1.0'), null],
    );
    assert.equal(linq.Contains([null], { ticks: 0n, kind: 'Utc' }, keys.DateTime), false);
    assert.equal(linq.Contains([null], null, keys.DateTimeOffset), true);
  });
});
