import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import {
  Boxed,
  ClrType,
  FragmentException,
  OutCell,
  type EdgeView,
} from '../../../src/fragments/runtime/index.js';
import { convert, convertTo, parse, tryParse } from '../../../src/fragments/runtime/convert.js';
import { objects } from '../../../src/fragments/runtime/objects.js';
import { arrays, collections, nullable, spans } from '../../../src/fragments/runtime/collections.js';
import { keys } from '../../../src/fragments/runtime/orders.js';
import { runtimeFixture } from './helpers.js';

const throwsDotNet = (fn: () => unknown, name: string, message?: string) =>
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof FragmentException, `expected a ${name}, got ${String(error)}`);
    assert.equal(error.name, name);
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });

describe('object: boxing, type tests, equality', () => {
  it('unboxes only to the exact type, as .NET does', () => {
    const boxed = objects.box(ClrType.Int32, 42);
    assert.equal(objects.unbox(boxed, ClrType.Int32), 42);
    throwsDotNet(
      () => objects.unbox(boxed, ClrType.Int64),
      'InvalidCastException',
      "Unable to cast object of type 'System.Int32' to type 'System.Int64'.",
    );
    throwsDotNet(() => objects.unbox(null, ClrType.Int32), 'NullReferenceException');
    assert.equal(objects.isType(boxed, ClrType.Int32), true);
    assert.equal(objects.isType(boxed, ClrType.Double), false);
    assert.equal(objects.isType('s', ClrType.String), true);
    assert.equal(objects.isType(null, ClrType.Object), false);
    assert.equal(objects.asString(boxed), null);
    throwsDotNet(() => objects.castString(boxed), 'InvalidCastException');
  });

  it('Equals compares boxes by type and value; == compares references, and views by element', async () => {
    assert.equal(objects.equals(new Boxed(ClrType.Double, NaN), new Boxed(ClrType.Double, NaN)), true);
    assert.equal(objects.equals(new Boxed(ClrType.Int32, 1), new Boxed(ClrType.Int64, 1n)), false);
    assert.equal(
      objects.equals(
        new Boxed(ClrType.Decimal, new Decimal('1.0')),
        new Boxed(ClrType.Decimal, new Decimal(1)),
      ),
      true,
    );
    assert.equal(objects.refEquals(new Boxed(ClrType.Int32, 1), new Boxed(ClrType.Int32, 1)), false);
    const { rt, alice, edges } = await runtimeFixture();
    assert.equal(objects.refEquals(rt.vertex(alice), rt.edge(edges[0]).SourceVertex), true);
    assert.equal(objects.refEquals(rt.vertex(alice), rt.edge(edges[0]).TargetVertex), false);
    assert.equal(keys.Element(rt.vertex(alice)), alice);
  });

  it('prints an object by its run-time type', async () => {
    assert.equal(objects.toString(new Boxed(ClrType.Double, 0.5)), '0.5');
    assert.equal(objects.toString(new Boxed(ClrType.Boolean, false)), 'False');
    assert.equal(objects.toString('x'), 'x');
    assert.equal(objects.textOrEmpty(null), '');
    throwsDotNet(() => objects.toString(null), 'NullReferenceException');
    const { rt, alice } = await runtimeFixture();
    const cell = new OutCell<unknown>(null);
    rt.vertex(alice).TryGetProperty(rt.key('born'), ClrType.Object, cell);
    assert.equal(objects.toString(cell.value), '01/01/2000 00:00:00');
  });
});

describe('Convert and Parse', () => {
  it('Convert rounds half to even and checks ranges; casts truncate', () => {
    assert.equal(convert.realToInteger(2.5, 'Int32'), 2);
    assert.equal(convert.realToInteger(3.5, 'Int32'), 4);
    assert.equal(convert.realToInteger(-2.5, 'Int32'), -2);
    throwsDotNet(
      () => convert.realToInteger(3e9, 'Int32'),
      'OverflowException',
      'Value was either too large or too small for an Int32.',
    );
    throwsDotNet(() => convert.realToInteger(NaN, 'Int32'), 'OverflowException');
    throwsDotNet(
      () => convert.integerToInteger(300, 'Byte'),
      'OverflowException',
      'Value was either too large or too small for a Byte.',
    );
    assert.equal(convert.decimalToInteger(new Decimal('2.5'), 'Int32'), 2);
    assert.equal(convert.realToInt64(2 ** 62), 2n ** 62n);
    throwsDotNet(() => convert.realToInt64(2 ** 63), 'OverflowException');
    assert.equal(convert.fromString(null, 'Int32'), 0);
    assert.equal(convert.toString(1.5, ClrType.Double), '1.5');
    assert.equal(convert.numberToBoolean(0), false);
  });

  it('parses with the engine grammars and reports .NET exceptions', () => {
    assert.equal(parse('Int32', ' -42 '), -42);
    assert.equal(parse('Int64', '9007199254740993'), 9007199254740993n);
    assert.equal(parse('Double', '1.5e3'), 1500);
    assert.equal(parse('Boolean', 'TRUE'), true);
    assert.equal(parse('Char', 'x'), 0x78);
    assert.ok((parse('Decimal', '12.50') as Decimal).eq(new Decimal('12.5')));
    throwsDotNet(
      () => parse('Int32', 'abc'),
      'FormatException',
      "The input string 'abc' was not in a correct format.",
    );
    throwsDotNet(() => parse('Int32', '99999999999'), 'OverflowException');
    throwsDotNet(() => parse('Int32', null), 'ArgumentNullException');
    const cell = new OutCell<unknown>(7);
    assert.equal(tryParse('Int32', 'x', cell), false);
    assert.equal(cell.value, 0);
    assert.equal(tryParse('Double', '2.25', cell), true);
    assert.equal(cell.value, 2.25);
  });
});

describe('arrays and lists', () => {
  it('bounds-checks as arrays and lists do', () => {
    const array = arrays.create(3, 0);
    assert.deepEqual(array, [0, 0, 0]);
    arrays.set(array, 1, 5);
    assert.equal(arrays.get(array, 1), 5);
    throwsDotNet(() => arrays.get(array, 3), 'IndexOutOfRangeException');
    throwsDotNet(() => arrays.listGet(array, 3), 'ArgumentOutOfRangeException');
    throwsDotNet(() => arrays.create(-1, 0), 'OverflowException');
    throwsDotNet(() => arrays.Length(null), 'NullReferenceException');
    arrays.Add(array, 9);
    assert.equal(arrays.Count(array), 4);
    assert.equal(arrays.IndexOf([1, NaN], NaN, keys.Identity), 1);
    assert.equal(arrays.get(new Float32Array([1.5]), 0), 1.5);
  });
});

describe('Convert.ToX of every source type', () => {
  it('converts along the .NET matrix, with its exceptions', () => {
    assert.equal(convertTo('Int32', true, ClrType.Boolean), 1);
    assert.equal(convertTo('Int32', 0x41, ClrType.Char), 65);
    assert.equal(convertTo('Char', 66, ClrType.Int32), 0x42);
    assert.equal(convertTo('Char', 'z', ClrType.String), 0x7a);
    assert.equal(convertTo('Int64', 2.5, ClrType.Double), 2n);
    assert.equal(convertTo('Byte', new Decimal('254.5'), ClrType.Decimal), 254);
    assert.equal(convertTo('Double', 2n ** 53n + 1n, ClrType.Int64), 2 ** 53);
    assert.equal(convertTo('Single', 0.1, ClrType.Double), Math.fround(0.1));
    assert.ok((convertTo('Decimal', 0.1, ClrType.Double) as Decimal).eq(new Decimal('0.1')));
    assert.equal(convertTo('Boolean', NaN, ClrType.Double), true);
    assert.equal(convertTo('Boolean', 'False', ClrType.String), false);
    assert.equal(convertTo('String', 1.5, ClrType.Double), '1.5');
    assert.equal(convertTo('String', null, ClrType.String), null);
    assert.equal(convertTo('String', null, ClrType.Object), '');
    assert.equal(convertTo('Int32', null, ClrType.Object), 0);
    assert.equal(convertTo('Int32', new Boxed(ClrType.Double, 3.5), ClrType.Object), 4);
    assert.equal(convertTo('Int32', '12', ClrType.Object), 12);
    assert.deepEqual(convertTo('DateTime', '2024-01-01T00:00:00Z', ClrType.String), {
      ticks: 638396640000000000n,
      kind: 'Utc',
    });
    throwsDotNet(
      () => convertTo('Double', 0x41, ClrType.Char),
      'InvalidCastException',
      "Invalid cast from 'Char' to 'Double'.",
    );
    throwsDotNet(
      () => convertTo('Int32', { ticks: 0n, kind: 'Utc' }, ClrType.DateTime),
      'InvalidCastException',
    );
    throwsDotNet(
      () => convertTo('DateTime', 5, ClrType.Int32),
      'InvalidCastException',
      "Invalid cast from 'Int32' to 'DateTime'.",
    );
    throwsDotNet(() => convertTo('Char', 70000, ClrType.Int32), 'OverflowException');
    throwsDotNet(() => convertTo('Char', 'ab', ClrType.String), 'FormatException');
    throwsDotNet(() => convertTo('SByte', 200, ClrType.Int32), 'OverflowException');
  });
});

describe('GetHashCode', () => {
  it('hashes as .NET for ints, longs, doubles and booleans, and consistently with Equals', () => {
    assert.equal(objects.getHashCode(42, ClrType.Int32), 42);
    assert.equal(objects.getHashCode(true, ClrType.Boolean), 1);
    assert.equal(objects.getHashCode(2n ** 32n + 3n, ClrType.Int64), 2);
    assert.equal(objects.getHashCode(0, ClrType.Double), objects.getHashCode(-0, ClrType.Double));
    assert.equal(objects.getHashCode(new Boxed(ClrType.Int32, 7), ClrType.Object), 7);
    assert.equal(objects.getHashCode('abc', ClrType.String), objects.getHashCode('abc', ClrType.String));
    throwsDotNet(() => objects.getHashCode(null, ClrType.String), 'NullReferenceException');
  });
});

describe('lists, spans, collections and nullables', () => {
  it('builds and edits lists as List<T> does', () => {
    const list = arrays.newList<number>();
    arrays.Add(list, 1);
    arrays.AddRange(list, [2, 3, 2]);
    assert.equal(arrays.Remove(list, 2, keys.Identity), true);
    assert.deepEqual(list, [1, 3, 2]);
    assert.equal(arrays.Contains(list, 3, keys.Identity), true);
    assert.deepEqual(arrays.ToArray(list), [1, 3, 2]);
    arrays.Clear(list);
    assert.equal(arrays.Count(list), 0);
    assert.deepEqual(arrays.newList([4, 5]), [4, 5]);
    throwsDotNet(() => arrays.newListWithCapacity(-1), 'ArgumentOutOfRangeException');
  });

  it('reads spans of floats, arrays and strings', async () => {
    const floats = new Float32Array([1, 2]);
    assert.equal(spans.Length(floats), 2);
    assert.equal(spans.get(floats, 1), 2);
    throwsDotNet(() => spans.get(floats, 2), 'IndexOutOfRangeException');
    assert.notEqual(spans.ToArray(floats), floats);
    assert.deepEqual(spans.fromString('hi'), [104, 105]);
    assert.equal(spans.IsEmpty(spans.fromArray(null)), true);
    const { rt, mallory } = await runtimeFixture();
    const edges = rt.out(rt.scope.emptySpan);
    rt.vertex(mallory).TryGetOutEdgesSpan('attacks', edges);
    assert.equal(spans.Length(edges.value), 2);
    assert.equal(collections.Count(rt.vertex(mallory).OutEdges), 1);
    assert.equal(collections.Count([1, 2, 3]), 3);
    assert.equal(
      (collections.getItem(rt.vertex(mallory).OutEdges!.get('attacks'), 0) as EdgeView).Label,
      null,
    );
    throwsDotNet(() => collections.getItem([1], 1), 'ArgumentOutOfRangeException');
  });

  it('reads nullables', () => {
    assert.equal(nullable.HasValue(null), false);
    assert.equal(nullable.GetValueOrDefault(null, 0), 0);
    assert.equal(nullable.Value(5), 5);
    throwsDotNet(
      () => nullable.Value(null),
      'InvalidOperationException',
      'Nullable object must have a value.',
    );
  });
});
