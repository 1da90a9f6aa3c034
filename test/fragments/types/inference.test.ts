import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  inferTypeArguments,
  isBetterLambdaTarget,
  type InferenceArgument,
} from '../../../src/fragments/types/inference.js';
import { extensionMethods, lookupMembers, type BoundMember } from '../../../src/fragments/types/surface.js';
import {
  AGRAPH_ELEMENT_MODEL,
  BOOL,
  DOUBLE,
  EDGE_MODEL,
  INT,
  LONG,
  OBJECT,
  STRING,
  VERTEX_MODEL,
  arrayOf,
  enumerableOf,
  funcOf,
  readOnlyDictionaryOf,
  readOnlyListOf,
  typeToString,
  type CsType,
} from '../../../src/fragments/types/types.js';

const tryGetProperty = lookupMembers(VERTEX_MODEL, 'TryGetProperty')[0];

/** An extension method as a bound member (LINQ's declaring type is not generic). */
function linq(name: string, declaration: string): BoundMember {
  const member = extensionMethods(name).find((m) => m.declaration.includes(declaration));
  assert.ok(member, `${name}: ${declaration}`);
  return { member, declaringType: member.type, depth: 0, type: member.type, parameters: member.parameters };
}

function receiver(type: CsType): InferenceArgument {
  return { kind: 'expression', expression: { type } };
}

function lambda(
  parameterCount: number,
  body: (parameters: readonly CsType[]) => CsType | undefined,
): InferenceArgument {
  return { kind: 'lambda', parameterCount, inferReturnType: body };
}

function inferred(result: ReturnType<typeof inferTypeArguments>): string[] | string {
  return result.ok ? result.typeArguments.map((t) => typeToString(t, 'short')) : result.diagnostic.id;
}

describe('method type inference (C# spec 12.6.3)', () => {
  it('infers T of TryGetProperty from the out argument', () => {
    const args: InferenceArgument[] = [
      { kind: 'expression', expression: { type: INT }, isOut: true },
      { kind: 'expression', expression: { type: STRING, constant: 'age' } },
    ];
    assert.deepEqual(inferred(inferTypeArguments(tryGetProperty, args)), ['int']);
  });

  it('infers object from `out object`', () => {
    const args: InferenceArgument[] = [receiver(OBJECT), receiver(STRING)];
    assert.deepEqual(inferred(inferTypeArguments(tryGetProperty, args)), ['object']);
  });

  it('fails with CS0411 naming the method when the out argument is `out var`', () => {
    const result = inferTypeArguments(tryGetProperty, [{ kind: 'outVar' }, receiver(STRING)]);
    assert.ok(!result.ok);
    assert.deepEqual(result.diagnostic, {
      id: 'CS0411',
      args: ['NoSQL.GraphDB.Core.Model.AGraphElementModel.TryGetProperty<T>(out T, string)'],
    });
  });

  it('infers TSource from the receiver and TResult from the lambda bound with it', () => {
    const select = linq('Select', 'Func<TSource, TResult> selector');
    const seen: CsType[] = [];
    const result = inferTypeArguments(select, [
      receiver(readOnlyListOf(EDGE_MODEL)),
      lambda(1, ([e]) => {
        seen.push(e);
        return VERTEX_MODEL;
      }),
    ]);
    assert.deepEqual(inferred(result), ['EdgeModel', 'VertexModel']);
    assert.deepEqual(seen, [EDGE_MODEL]);
  });

  it('infers the element type of the grouped adjacency dictionaries', () => {
    const any = linq('Any', 'Func<TSource, bool> predicate');
    const groups = readOnlyDictionaryOf(STRING, readOnlyListOf(EDGE_MODEL));
    assert.deepEqual(inferred(inferTypeArguments(any, [receiver(groups), lambda(1, () => BOOL)])), [
      'KeyValuePair<string, IReadOnlyList<EdgeModel>>',
    ]);
  });

  it('infers TKey of OrderBy and through arrays and covariance', () => {
    const orderBy = linq('OrderBy', 'keySelector');
    assert.deepEqual(
      inferred(inferTypeArguments(orderBy, [receiver(arrayOf(STRING)), lambda(1, () => INT)])),
      ['string', 'int'],
    );
    const contains = linq('Contains', 'TSource value');
    assert.deepEqual(
      inferred(
        inferTypeArguments(contains, [receiver(arrayOf(VERTEX_MODEL)), receiver(AGRAPH_ELEMENT_MODEL)]),
      ),
      ['AGraphElementModel'],
    );
  });

  it('fails when the bounds have no best type', () => {
    const contains = linq('Contains', 'TSource value');
    assert.equal(
      inferred(inferTypeArguments(contains, [receiver(enumerableOf(INT)), receiver(STRING)])),
      'CS0411',
    );
  });

  it('fails when a lambda gives the result type nothing', () => {
    const select = linq('Select', 'Func<TSource, TResult> selector');
    assert.equal(
      inferred(inferTypeArguments(select, [receiver(arrayOf(INT)), lambda(1, () => undefined)])),
      'CS0411',
    );
  });
});

describe('better lambda conversion targets (C# spec 12.6.4.5)', () => {
  it('prefers the delegate whose return type the lambda returns exactly', () => {
    assert.ok(isBetterLambdaTarget(INT, funcOf(EDGE_MODEL, INT), funcOf(EDGE_MODEL, LONG)));
    assert.ok(!isBetterLambdaTarget(INT, funcOf(EDGE_MODEL, LONG), funcOf(EDGE_MODEL, INT)));
    assert.ok(isBetterLambdaTarget(INT, funcOf(EDGE_MODEL, LONG), funcOf(EDGE_MODEL, DOUBLE)));
  });
});
