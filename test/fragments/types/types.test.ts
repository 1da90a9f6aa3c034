import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AGRAPH_ELEMENT_MODEL,
  BOOL,
  CHAR,
  DATETIME,
  EDGE_MODEL,
  ERROR_TYPE,
  FLOAT,
  INT,
  LAMBDA_TYPE,
  METHOD_GROUP_TYPE,
  NULL_TYPE,
  OBJECT,
  STRING,
  VECTOR_DISTANCE_METRIC,
  VERTEX_MODEL,
  arrayOf,
  allDefinitions,
  enumUnderlyingType,
  enumerableOf,
  filterDelegateType,
  funcOf,
  genericNameToString,
  isReferenceType,
  isValueType,
  listOf,
  nullableOf,
  readOnlyDictionaryOf,
  readOnlyListOf,
  readOnlySpanOf,
  stripNullable,
  typeOfKeyword,
  typeToString,
} from '../../../src/fragments/types/types.js';
import { parseType } from '../../../src/fragments/types/declarations.js';
import { delegateSignatureOf, enumerableElementType } from '../../../src/fragments/types/hierarchy.js';

describe('type identity', () => {
  it('interns types, so the same C# type is the same object', () => {
    assert.equal(readOnlyListOf(EDGE_MODEL), readOnlyListOf(EDGE_MODEL));
    assert.equal(nullableOf(INT), nullableOf(INT));
    assert.equal(arrayOf(arrayOf(STRING)), arrayOf(arrayOf(STRING)));
    assert.equal(
      parseType('IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>>'),
      readOnlyDictionaryOf(STRING, readOnlyListOf(EDGE_MODEL)),
    );
    assert.equal(parseType('int?'), nullableOf(INT));
    assert.notEqual(readOnlyListOf(EDGE_MODEL), readOnlyListOf(VERTEX_MODEL));
  });

  it('freezes type objects', () => {
    assert.ok(Object.isFrozen(INT));
    assert.ok(Object.isFrozen(readOnlyListOf(EDGE_MODEL)));
    assert.ok(Object.isFrozen(readOnlyListOf(EDGE_MODEL).typeArguments));
  });

  it('maps every keyword to its predefined type', () => {
    for (const keyword of [
      'bool',
      'byte',
      'sbyte',
      'short',
      'ushort',
      'int',
      'uint',
      'long',
      'ulong',
      'char',
      'float',
      'double',
      'decimal',
      'string',
      'object',
      'void',
    ]) {
      const type = typeOfKeyword(keyword);
      assert.ok(type, keyword);
      assert.equal(typeToString(type), keyword);
    }
  });

  it('refuses a nullable of a reference or nullable type', () => {
    assert.throws(() => nullableOf(STRING), /cannot be the underlying type/);
    assert.throws(() => nullableOf(nullableOf(INT)), /cannot be the underlying type/);
  });

  it('keeps simple type names unique per arity, so tables can name types without namespaces', () => {
    const seen = new Set<string>();
    for (const definition of allDefinitions()) {
      const key = `${definition.name}/${definition.arity}`;
      assert.ok(!seen.has(key), key);
      seen.add(key);
    }
  });
});

describe('type names as C# messages print them (Roslyn CSharpErrorMessageFormat)', () => {
  const cases: [string, string][] = [
    ['int', 'int'],
    ['string', 'string'],
    ['int?', 'int?'],
    ['int[]', 'int[]'],
    ['VertexModel', 'NoSQL.GraphDB.Core.Model.VertexModel'],
    [
      'IReadOnlyList<EdgeModel>',
      'System.Collections.Generic.IReadOnlyList<NoSQL.GraphDB.Core.Model.EdgeModel>',
    ],
    [
      'IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>>',
      'System.Collections.Generic.IReadOnlyDictionary<string, System.Collections.Generic.IReadOnlyList<NoSQL.GraphDB.Core.Model.EdgeModel>>',
    ],
    ['List<string>', 'System.Collections.Generic.List<string>'],
    ['Func<string, bool>', 'System.Func<string, bool>'],
    ['ReadOnlySpan<float>', 'System.ReadOnlySpan<float>'],
    ['DateTime?', 'System.DateTime?'],
    ['VectorDistanceMetric', 'NoSQL.GraphDB.Core.Index.Vector.VectorDistanceMetric'],
    ['TraversalContext', 'NoSQL.GraphDB.Core.Algorithms.TraversalContext'],
    ['Delegates.VertexFilter', 'NoSQL.GraphDB.Core.Algorithms.Delegates.VertexFilter'],
  ];
  for (const [written, printed] of cases) {
    it(`prints ${written} as ${printed}`, () => {
      assert.equal(typeToString(parseType(written)), printed);
    });
  }

  it('prints the placeholders as Roslyn does', () => {
    assert.equal(typeToString(NULL_TYPE), '<null>');
    assert.equal(typeToString(LAMBDA_TYPE), 'lambda expression');
    assert.equal(typeToString(METHOD_GROUP_TYPE), 'method group');
    assert.equal(typeToString(ERROR_TYPE), '?');
  });

  it('prints short names without namespaces on request', () => {
    assert.equal(typeToString(readOnlyListOf(EDGE_MODEL), 'short'), 'IReadOnlyList<EdgeModel>');
    assert.equal(typeToString(filterDelegateType('VertexCost'), 'short'), 'Delegates.VertexCost');
  });

  it('prints unresolved generic names with empty argument lists', () => {
    assert.equal(genericNameToString('List', 1), 'List<>');
    assert.equal(genericNameToString('ImmutableDictionary', 2), 'ImmutableDictionary<,>');
    assert.equal(genericNameToString('Regex', 0), 'Regex');
  });
});

describe('type classification', () => {
  it('tells value types from reference types', () => {
    for (const t of [
      INT,
      BOOL,
      CHAR,
      DATETIME,
      nullableOf(INT),
      VECTOR_DISTANCE_METRIC,
      readOnlySpanOf(FLOAT),
    ]) {
      assert.ok(isValueType(t), typeToString(t));
      assert.ok(!isReferenceType(t), typeToString(t));
    }
    for (const t of [
      STRING,
      OBJECT,
      VERTEX_MODEL,
      AGRAPH_ELEMENT_MODEL,
      arrayOf(INT),
      listOf(INT),
      enumerableOf(INT),
      funcOf(INT),
    ]) {
      assert.ok(isReferenceType(t), typeToString(t));
      assert.ok(!isValueType(t), typeToString(t));
    }
  });

  it('knows the underlying type of the engine metric enum is byte', () => {
    assert.equal(typeToString(enumUnderlyingType(VECTOR_DISTANCE_METRIC)), 'byte');
  });

  it('unwraps nullable value types only', () => {
    assert.equal(stripNullable(nullableOf(INT)), INT);
    assert.equal(stripNullable(STRING), STRING);
  });

  it('reads delegate signatures with their type arguments', () => {
    const signature = delegateSignatureOf(funcOf(STRING, BOOL));
    assert.equal(signature.returnType, BOOL);
    assert.deepEqual(
      signature.parameters.map((p) => p.type),
      [STRING],
    );
  });

  it('finds the element type foreach and LINQ see', () => {
    assert.equal(enumerableElementType(readOnlyListOf(EDGE_MODEL)), EDGE_MODEL);
    assert.equal(enumerableElementType(arrayOf(INT)), INT);
    assert.equal(enumerableElementType(STRING), CHAR);
    assert.equal(enumerableElementType(readOnlySpanOf(FLOAT)), FLOAT);
    assert.equal(enumerableElementType(listOf(VERTEX_MODEL)), VERTEX_MODEL);
    assert.equal(
      typeToString(
        enumerableElementType(readOnlyDictionaryOf(STRING, readOnlyListOf(EDGE_MODEL))) ?? INT,
        'short',
      ),
      'KeyValuePair<string, IReadOnlyList<EdgeModel>>',
    );
    assert.equal(enumerableElementType(INT), undefined);
  });
});
