/**
 * What the generated calls do: bindings evaluated as the factory evaluates them (hoisted constants, then
 * the call) against a real runtime over the runtime tests' small graph. Site values the tests provide
 * (cells, views, lists) come in through `env`; the generated text itself only names `rt`, `context` and
 * the hoisted constants.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import {
  EdgeGroups,
  EdgeList,
  FragmentException,
  TraversalContext,
  VertexView,
  type FragmentRuntime,
} from '../../../src/fragments/runtime/index.js';
import {
  BOOL,
  DATETIME,
  DAY_OF_WEEK,
  DECIMAL,
  INT,
  OBJECT,
  STRING,
  VERTEX_MODEL,
  keyValuePairOf,
  nullableOf,
  readOnlyListOf,
  EDGE_MODEL,
  type CsType,
} from '../../../src/fragments/types/index.js';
import { runtimeFixture, type RuntimeFixture } from '../runtime/helpers.js';
import { TestServices, emit, evaluate, type SiteOptions } from './binding-sites.js';

const throwsDotNet = (fn: () => unknown, name: string, message?: string) =>
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof FragmentException, `expected a ${name}, got ${String(error)}`);
    assert.equal(error.name, name);
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });

let fixture: RuntimeFixture;
let rt: FragmentRuntime;
const context = new TraversalContext({ queryVector: new Float32Array([1, 0, 0]) });

before(async () => {
  fixture = await runtimeFixture();
  rt = fixture.rt;
});

/** Generates the call of `key` at a site and evaluates it; `env` carries the test's values. */
function run(key: string, options: SiteOptions, env: Record<string, unknown> = {}, fill?: CsType): unknown {
  const services = new TestServices();
  const js = emit(key, services, options, fill);
  return evaluate(rt, context, services, js, env);
}

/** Arguments for `run`: JavaScript texts. */
const args = (...texts: string[]) => ({ arguments: texts });

describe('runtime bindings: strings and chars', () => {
  it('Contains with a StringComparison ignores case only when the comparison says so', () => {
    const contains = (comparison: string) =>
      run('string.contains.comparison', {
        receiver: '"Hello, graph"',
        ...args('"GRAPH"', `rt.enums.StringComparison.${comparison}`),
      });
    assert.equal(contains('OrdinalIgnoreCase'), true);
    assert.equal(contains('Ordinal'), false);
    assert.equal(run('string.contains.char.comparison', { receiver: '"abc"', ...args('66', '5') }), true);
  });

  it('Substring takes a start and a length, and rejects a range outside the string', () => {
    assert.equal(run('string.substring.length', { receiver: '"graph"', ...args('1', '3') }), 'rap');
    assert.equal(run('string.substring', { receiver: '"graph"', ...args('2') }), 'aph');
    throwsDotNet(
      () => run('string.substring.length', { receiver: '"graph"', ...args('3', '5') }),
      'ArgumentOutOfRangeException',
    );
  });

  it('Split by a char with options, by a char with a count, by chars and by a string', () => {
    const removeEmpty = 'rt.enums.StringSplitOptions.RemoveEmptyEntries';
    assert.deepEqual(run('string.split.char', { receiver: '"a,b,,c"', ...args('44', removeEmpty) }), [
      'a',
      'b',
      'c',
    ]);
    assert.deepEqual(run('string.split.char', { receiver: '"a,b,,c"', ...args('44', '0') }), [
      'a',
      'b',
      '',
      'c',
    ]);
    assert.deepEqual(run('string.split.char.count', { receiver: '"a,b,c"', ...args('44', '2', '0') }), [
      'a',
      'b,c',
    ]);
    assert.deepEqual(run('string.split.chars', { receiver: '"a b;c"', ...args('[32, 59]') }), [
      'a',
      'b',
      'c',
    ]);
    assert.deepEqual(run('string.split', { receiver: '"a--b--c"', ...args('"--"', '0') }), ['a', 'b', 'c']);
  });

  it('IndexOf(char, StringComparison) and IndexOf(string, start, comparison) search under the comparison', () => {
    const ignoreCase = 'rt.enums.StringComparison.OrdinalIgnoreCase';
    assert.equal(run('string.indexOf.char.comparison', { receiver: '"xAbA"', ...args('97', ignoreCase) }), 1);
    assert.equal(
      run('string.indexOf.start.comparison', { receiver: '"xAbA"', ...args('"a"', '2', ignoreCase) }),
      3,
    );
    assert.equal(run('string.lastIndexOf.comparison', { receiver: '"xAbA"', ...args('"a"', ignoreCase) }), 3);
  });

  it('Trim(char) trims that char only; ToString of a string is the string', () => {
    assert.equal(run('string.trim.char', { receiver: '"xx a xx"', ...args('120') }), ' a ');
    assert.equal(run('string.toString', { receiver: '"s"', receiverMayBeNull: true }), 's');
  });

  it('a null string receiver is a NullReferenceException, as is ToString of null', () => {
    throwsDotNet(
      () => run('string.length', { receiver: 'null', receiverMayBeNull: true }),
      'NullReferenceException',
    );
    throwsDotNet(
      () => run('string.toString', { receiver: 'null', receiverMayBeNull: true }),
      'NullReferenceException',
    );
  });

  it('Concat and Join of objects print each value as ToString, null as empty', () => {
    assert.equal(run('string.concat.object2', args('rt.obj.box(rt.T.Int32, 4)', 'null')), '4');
    assert.equal(
      run('string.join.objects', args('"-"', '[rt.obj.box(rt.T.Boolean, true), "x", null]')),
      'True-x-',
    );
  });

  it('Join<T> prints values as their type prints them: numbers, enum names, nullable values', () => {
    assert.equal(run('string.join.generic', { ...args('", "', '[1, 2]'), typeArguments: [INT] }), '1, 2');
    assert.equal(
      run('string.join.generic', { ...args('"/"', '[0, 6, 9]'), typeArguments: [DAY_OF_WEEK] }),
      'Sunday/Saturday/9',
    );
    assert.equal(
      run('string.join.generic', {
        ...args('"+"', '[rt.dec.parse("1.50"), null]'),
        typeArguments: [nullableOf(DECIMAL)],
      }),
      '1.50+',
    );
  });

  it('char members take the code unit; byte CompareTo is the difference, int CompareTo the sign', () => {
    assert.equal(run('char.isDigit', args('55')), true);
    assert.equal(run('char.toUpper', args('97')), 65);
    assert.equal(run('char.toString', { receiver: '65' }), 'A');
    assert.equal(run('byte.compareTo', { receiver: '10', ...args('3') }), 7);
    assert.equal(run('int32.compareTo', { receiver: '10', ...args('3') }), 1);
    assert.equal(run('double.equals', { receiver: '0/0', ...args('0/0') }), true, 'NaN.Equals(NaN)');
  });
});

describe('runtime bindings: numbers, Math and Convert', () => {
  it('Math.Round with digits and a MidpointRounding mode', () => {
    const away = 'rt.enums.MidpointRounding.AwayFromZero';
    assert.equal(run('math.round.double.int.mode', args('1.125', '2', away)), 1.13);
    assert.equal(run('math.round.double.int', args('1.125', '2')), 1.12);
    assert.equal(run('math.round.double.mode', args('2.5', away)), 3);
    assert.equal(run('math.round.double', args('2.5')), 2);
    assert.equal(
      (
        run('math.round.decimal.int.mode', args('env.d', '1', away), { d: new Decimal('2.25') }) as Decimal
      ).toFixed(),
      '2.3',
    );
  });

  it('Math families pick the helper of the representation', () => {
    assert.equal(run('math.max.long', args('3n', '5n')), 5n);
    assert.equal(run('math.clamp.int', args('12', '0', '10')), 10);
    assert.equal(run('math.sign.double', args('-0.5')), -1);
    throwsDotNet(() => run('math.abs.int', args('-2147483648')), 'OverflowException');
  });

  it('Convert.ToInt32(double) rounds half to even and checks the range', () => {
    assert.equal(run('convert.toInt32.double', args('2.5')), 2);
    assert.equal(run('convert.toInt32.double', args('3.5')), 4);
    throwsDotNet(() => run('convert.toInt32.double', args('1e10')), 'OverflowException');
    assert.equal(run('convert.toString.bool', args('true')), 'True');
  });

  it('Convert.ToString(object) is the object\'s ToString, "" for null', () => {
    assert.equal(run('convert.toString.object', args('null')), '');
    assert.equal(run('convert.toString.object', args('rt.obj.box(rt.T.Double, 1.5)')), '1.5');
    assert.equal(
      run('convert.toString.object', args('env.v'), { v: rt.vertex(fixture.alice) }),
      'VertexModel',
    );
  });

  it('Parse and TryParse write the cell: the value, or default and false', () => {
    const cell = rt.out<unknown>(null);
    assert.equal(run('int32.tryParse', args('"42"', 'env.cell'), { cell }), true);
    assert.equal(cell.value, 42);
    assert.equal(run('int32.tryParse', args('"4x"', 'env.cell'), { cell }), false);
    assert.equal(cell.value, 0);
    throwsDotNet(() => run('int32.parse', args('"4x"')), 'FormatException');
  });

  it('object members on an enum print its name; on a T? follow Nullable<T>', () => {
    assert.equal(run('object.toString', { receiver: '1', receiverType: DAY_OF_WEEK }), 'Monday');
    assert.equal(run('object.toString', { receiver: 'null', receiverType: nullableOf(DAY_OF_WEEK) }), '');
    assert.equal(
      run('object.toString', { receiver: '3', receiverType: nullableOf(DAY_OF_WEEK) }),
      'Wednesday',
    );
    assert.equal(run('object.toString', { receiver: 'null', receiverType: nullableOf(INT) }), '');
    assert.equal(run('object.getHashCode', { receiver: 'null', receiverType: nullableOf(INT) }), 0);
    assert.equal(
      run('object.equals', { receiver: 'null', receiverType: nullableOf(INT), ...args('null') }),
      true,
    );
    assert.equal(
      run('object.equals', {
        receiver: '5',
        receiverType: nullableOf(INT),
        ...args('rt.obj.box(rt.T.Int32, 5)'),
      }),
      true,
    );
    assert.equal(
      run('object.equals', { receiver: '5', receiverType: INT, ...args('rt.obj.box(rt.T.Int32, 5)') }),
      true,
    );
    throwsDotNet(
      () => run('object.toString', { receiver: 'null', receiverType: OBJECT, receiverMayBeNull: true }),
      'NullReferenceException',
    );
    throwsDotNet(
      () =>
        run('object.equals', {
          receiver: 'null',
          receiverType: OBJECT,
          receiverMayBeNull: true,
          ...args('null'),
        }),
      'NullReferenceException',
    );
  });
});

describe('runtime bindings: dates, time spans and Guids', () => {
  const jan1 = 'rt.dateTime.create(2024, 1, 1)';

  it('DateTime comparison operators compare ticks, and AddDays adds a fractional day', () => {
    const later = run('dateTime.addDays', { receiver: jan1, ...args('1.5') });
    assert.equal(run('dateTime.op_LessThan', args(jan1, 'env.later'), { later }), true);
    assert.equal(run('dateTime.op_GreaterThanOrEqual', args(jan1, 'env.later'), { later }), false);
    assert.equal(run('dateTime.hour', { receiver: 'env.later' }, { later }), 12);
    // Kinds differ, ticks are equal: == holds, as in .NET.
    assert.equal(
      run('dateTime.op_Equality', args(jan1, 'rt.dateTime.create(2024, 1, 1, 0, 0, 0, 0, 1)')),
      true,
    );
    assert.equal(run('dateTime.op_Subtraction', args('env.later', jan1), { later }), 1_296_000_000_000n);
  });

  it('TimeSpan.FromHours, operators, and factor * span evaluated factor first', () => {
    assert.equal(run('timeSpan.fromHours', args('1.5')), 54_000_000_000n);
    assert.equal(run('timeSpan.op_LessThan', args('1n', '2n')), true);
    const order: string[] = [];
    const result = run(
      'timeSpan.op_Multiply.factorFirst',
      args('env.log("factor", 2)', 'env.log("span", 5n)'),
      {
        log: (what: string, value: unknown) => {
          order.push(what);
          return value;
        },
      },
    );
    assert.equal(result, 10n);
    assert.deepEqual(order, ['factor', 'span']);
    assert.equal(run('timeSpan.new.hms', args('1', '2', '3')), 37_230_000_000n);
  });

  it('DateTimeOffset compares instants; DateTime converts with offset zero', () => {
    const offset = run('dateTimeOffset.op_Implicit', args(jan1));
    assert.equal(run('dateTimeOffset.op_Equality', args('env.o', 'env.o'), { o: offset }), true);
    assert.equal(run('dateTimeOffset.op_Inequality', args('env.o', 'env.o'), { o: offset }), false);
    assert.equal(
      run('dateTimeOffset.toUnixTimeSeconds', { receiver: 'env.o' }, { o: offset }),
      1_704_067_200n,
    );
  });

  it('Guid.Parse answers the canonical lowercase text and rejects other text', () => {
    assert.equal(
      run('guid.parse', args('"0F8FAD5B-D9CB-469F-A165-70867728950E"')),
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    throwsDotNet(() => run('guid.parse', args('"not a guid"')), 'FormatException');
    assert.equal(run('guid.op_Equality', args('rt.guid.Empty', 'rt.guid.Empty')), true);
  });
});

describe('runtime bindings: the graph', () => {
  const tryGetProperty = (key: string, type: CsType, cellInitial: unknown = null) => {
    const cell = rt.out(cellInitial);
    const found = run(
      'element.tryGetProperty',
      {
        receiver: 'env.v',
        ...args('env.cell', JSON.stringify(key)),
        constantArguments: [undefined, key],
        typeArguments: [type],
      },
      { v: rt.vertex(fixture.alice), cell },
    );
    return [found, cell.value];
  };

  it('TryGetProperty<int> with a literal key: hit with the value, miss with default(int)', () => {
    assert.deepEqual(tryGetProperty('age', INT), [true, 42]);
    assert.deepEqual(tryGetProperty('missing', INT, 7), [false, 0]);
    assert.deepEqual(tryGetProperty('big', INT, 7), [false, 0], 'an Int64 property is not an int');
    assert.deepEqual(tryGetProperty('nick', STRING), [true, 'Al']);
    assert.deepEqual(tryGetProperty('flag', BOOL), [true, true]);
  });

  it('TryGetProperty with a key computed at run time reads it; a null key finds nothing', () => {
    const cell = rt.out<unknown>(null);
    const read = (key: string) =>
      run(
        'element.tryGetProperty',
        { receiver: 'env.v', ...args('env.cell', key), typeArguments: [INT] },
        { v: rt.vertex(fixture.alice), cell },
      );
    assert.equal(read('"a" + "ge"'), true);
    assert.equal(cell.value, 42);
    cell.value = 7;
    assert.equal(read('null'), false, 'TryGetProperty never throws: a null key finds nothing');
    assert.equal(cell.value, 0);
  });

  it('members of a null element are a NullReferenceException when the receiver may be null', () => {
    throwsDotNet(
      () => run('element.label', { receiver: 'null', receiverMayBeNull: true }),
      'NullReferenceException',
    );
    throwsDotNet(
      () => run('vertex.outEdges', { receiver: 'null', receiverMayBeNull: true }),
      'NullReferenceException',
    );
  });

  it('OutEdges is null for a vertex without out-edges and the grouped edges otherwise', () => {
    const outEdges = (id: number) => run('vertex.outEdges', { receiver: 'env.v' }, { v: rt.vertex(id) });
    assert.equal(outEdges(fixture.isolated), null);
    const groups = outEdges(fixture.alice);
    assert.ok(groups instanceof EdgeGroups);
    assert.equal(run('collection.count', { receiver: 'env.g' }, { g: groups }), 2, 'two edge types');
    const trusts = run('dictionary.getItem', { receiver: 'env.g', ...args('"trusts"') }, { g: groups });
    assert.ok(trusts instanceof EdgeList);
    assert.equal(run('collection.count', { receiver: 'env.l' }, { l: trusts }), 1);
    const target = run(
      'edge.targetVertex',
      {
        receiver: 'env.e',
      },
      { e: run('readOnlyList.getItem', { receiver: 'env.l', ...args('0') }, { l: trusts }) },
    );
    assert.ok(target instanceof VertexView);
    assert.equal(target.Id, fixture.trent);
    throwsDotNet(
      () => run('collection.count', { receiver: 'null', receiverMayBeNull: true }),
      'NullReferenceException',
    );
  });

  it('Dictionary TryGetValue writes the list or null to the cell', () => {
    const cell = rt.out<unknown>(undefined);
    const groups = rt.vertex(fixture.alice).OutEdges;
    const tryGet = (type: string) =>
      run('dictionary.tryGetValue', { receiver: 'env.g', ...args(type, 'env.cell') }, { g: groups, cell });
    assert.equal(tryGet('"trusts"'), true);
    assert.ok(cell.value instanceof EdgeList);
    assert.equal(tryGet('"knows"'), false);
    assert.equal(cell.value, null);
    throwsDotNet(() => tryGet('null'), 'ArgumentNullException');
  });

  it('the other element members read through the views', () => {
    const v = { v: rt.vertex(fixture.alice) };
    assert.equal(run('element.id', { receiver: 'env.v' }, v), fixture.alice);
    assert.equal(run('element.label', { receiver: 'env.v' }, v), 'person');
    assert.equal(run('vertex.getOutDegree', { receiver: 'env.v' }, v), 2);
    const cell = rt.out<unknown>(null);
    assert.equal(
      run('vertex.tryGetOutEdge', { receiver: 'env.v', ...args('env.cell', '"trusts"') }, { ...v, cell }),
      true,
    );
    assert.equal((cell.value as EdgeList).Count, 1);
    assert.equal(
      run('element.tryGetEmbedding', { receiver: 'env.v', ...args('env.cell', '"default"') }, { ...v, cell }),
      true,
    );
    assert.deepEqual([...(cell.value as Float32Array)], [1, 0, 0]);
    assert.equal(
      run('context.trySimilarity', { receiver: 'context', ...args('env.v', 'env.cell') }, { ...v, cell }),
      true,
    );
    assert.equal(cell.value, 1);
    assert.equal(run('vectorMath.tryScore', args('env.cell', '[1, 0]', '[1, 0]', '1'), { cell }), true);
    assert.equal(cell.value, 1);
  });
});

describe('runtime bindings: collections and nullables', () => {
  it('Count of a list, Add, and the indexer set (ArgumentOutOfRangeException past the end)', () => {
    const list = [1, 2, 3];
    assert.equal(run('list.count', { receiver: 'env.list' }, { list }), 3);
    assert.equal(run('list.add', { receiver: 'env.list', ...args('4') }, { list }), undefined);
    assert.equal(
      run('list.setItem', { receiver: 'env.list', ...args('0'), assignedValue: '9' }, { list }),
      9,
    );
    assert.deepEqual(list, [9, 2, 3, 4]);
    throwsDotNet(
      () => run('list.setItem', { receiver: 'env.list', ...args('4'), assignedValue: '0' }, { list }),
      'ArgumentOutOfRangeException',
    );
    throwsDotNet(
      () => run('list.count', { receiver: 'null', receiverMayBeNull: true }),
      'NullReferenceException',
    );
  });

  it("List.Contains and Remove use the element type's equality", () => {
    const prices = [new Decimal('1.0'), new Decimal('2')];
    const decimals = { receiverTypeArguments: [DECIMAL] };
    assert.equal(
      run(
        'list.contains',
        { receiver: 'env.list', ...args('env.one'), ...decimals },
        { list: prices, one: new Decimal(1) },
      ),
      true,
    );
    const views = [rt.vertex(fixture.alice)];
    assert.equal(
      run(
        'list.indexOf',
        { receiver: 'env.list', ...args('env.v'), receiverTypeArguments: [VERTEX_MODEL] },
        {
          list: views,
          v: rt.vertex(fixture.alice),
        },
      ),
      0,
      'a new view of the same element is equal',
    );
  });

  it('Nullable Value and HasValue: no value is InvalidOperationException for Value, false for HasValue', () => {
    assert.equal(run('nullable.hasValue', { receiver: 'null', receiverMayBeNull: true }), false);
    throwsDotNet(
      () => run('nullable.value', { receiver: 'null', receiverMayBeNull: true }),
      'InvalidOperationException',
      'Nullable object must have a value.',
    );
    assert.equal(run('nullable.value', { receiver: '3' }), 3);
    const zero = run('nullable.getValueOrDefault', { receiver: 'null', receiverTypeArguments: [DECIMAL] });
    assert.ok(zero instanceof Decimal && zero.isZero());
    assert.equal(run('nullable.getValueOrDefault.default', { receiver: 'null', ...args('5') }), 5);
  });

  it('Key and Value of a pair, and of the default pair (null)', () => {
    const pairType = { receiverTypeArguments: [STRING, readOnlyListOf(EDGE_MODEL)] };
    const first = rt.linq.First(rt.vertex(fixture.alice).OutEdges);
    assert.equal(
      run('keyValuePair.key', { receiver: 'env.p', ...pairType }, { p: first }),
      'communicatesWith',
    );
    assert.equal(run('keyValuePair.value', { receiver: 'null', ...pairType }), null);
  });

  it('arrays and spans check bounds as .NET does', () => {
    throwsDotNet(() => run('array.getItem', { receiver: '[1]', ...args('1') }), 'IndexOutOfRangeException');
    assert.equal(run('span.length', { receiver: 'rt.spans.fromString(env.s)' }, { s: 'abc' }), 3);
    assert.deepEqual(run('span.fromString', args('"ab"')), [97, 98]);
  });
});

describe('runtime bindings: LINQ', () => {
  it('Where, Select and Sum compose with lambdas', () => {
    const where = emit('linq.where', new TestServices(), args('[1, 2, 3, 4]', '(x) => x % 2 === 0'));
    const select = emit('linq.select', new TestServices(), args(where, '(x) => x * 10'));
    const services = new TestServices();
    const sum = emit('linq.sum.int', services, args(select));
    assert.equal(evaluate(rt, context, services, sum), 60);
    assert.equal(run('linq.sum.selector.int', args('[1, 2, 3]', '(x) => x * x')), 14);
    throwsDotNet(() => run('linq.sum.int', args('[2147483647, 1]')), 'OverflowException');
  });

  it('aggregates over T? skip nulls; Average and Min of no value are null', () => {
    assert.equal(run('linq.sum.nullableInt', args('[1, null, 2]')), 3);
    assert.equal(run('linq.sum.selector.nullableLong', args('[1, 2]', '(x) => x === 1 ? null : 5n')), 5n);
    assert.equal(run('linq.average.nullableInt', args('[null, 1, 2]')), 1.5);
    assert.equal(run('linq.average.nullableDouble', args('[null]')), null);
    assert.equal(run('linq.min.nullableInt', args('[null, 3, 1]')), 1);
    assert.equal(run('linq.max.nullableInt', args('[]')), null);
    throwsDotNet(() => run('linq.min.int', args('[]')), 'InvalidOperationException');
  });

  it('OrderBy orders by the key type: culture order for strings, nulls first for T?', () => {
    assert.deepEqual(
      rt.linq.ToList(
        run('linq.orderBy', {
          ...args('["b", "B", "a"]', '(s) => s'),
          typeArguments: [STRING, STRING],
        }) as Iterable<string>,
      ),
      ['a', 'b', 'B'],
    );
    assert.deepEqual(
      rt.linq.ToList(
        run('linq.orderByDescending', {
          ...args('[2, null, 1]', '(x) => x'),
          typeArguments: [nullableOf(INT), nullableOf(INT)],
        }) as Iterable<number | null>,
      ),
      [2, 1, null],
    );
  });

  it("FirstOrDefault answers default(T); Contains and Distinct use T's equality", () => {
    assert.equal(run('linq.firstOrDefault', { ...args('[]'), typeArguments: [INT] }), 0);
    assert.equal(
      run('linq.firstOrDefault', { ...args('[]'), typeArguments: [DATETIME] }),
      rt.dateTime.MinValue,
    );
    assert.equal(
      run('linq.firstOrDefault.predicate', { ...args('[1, 2]', '(x) => x > 1'), typeArguments: [INT] }),
      2,
    );
    assert.equal(
      run(
        'linq.contains',
        { ...args('env.xs', 'env.x'), typeArguments: [nullableOf(DECIMAL)] },
        {
          xs: [null, new Decimal('2.0')],
          x: new Decimal(2),
        },
      ),
      true,
    );
    assert.deepEqual(
      rt.linq
        .ToList(
          run(
            'linq.distinct',
            { ...args('env.xs'), typeArguments: [VERTEX_MODEL] },
            {
              xs: [rt.vertex(fixture.alice), rt.vertex(fixture.alice), rt.vertex(fixture.bob)],
            },
          ) as Iterable<VertexView>,
        )
        .map((v) => v.Id),
      [fixture.alice, fixture.bob],
    );
  });

  it('Min of models answers the only one and refuses to compare two, as Comparer<T>.Default', () => {
    const one = [rt.vertex(fixture.alice)];
    assert.equal(
      run('linq.min.generic', { ...args('env.xs'), typeArguments: [VERTEX_MODEL] }, { xs: one }),
      one[0],
    );
    assert.equal(run('linq.min.generic', { ...args('[]'), typeArguments: [VERTEX_MODEL] }), null);
    throwsDotNet(
      () =>
        run(
          'linq.max.generic',
          { ...args('env.xs'), typeArguments: [VERTEX_MODEL] },
          {
            xs: [rt.vertex(fixture.alice), rt.vertex(fixture.bob)],
          },
        ),
      'ArgumentException',
    );
    throwsDotNet(
      () => run('linq.min.generic', { ...args('[]'), typeArguments: [keyValuePairOf(STRING, INT)] }),
      'InvalidOperationException',
    );
  });
});
