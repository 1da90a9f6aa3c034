import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ARRAY_MEMBERS_OWNER,
  allMembers,
  constructorsOf,
  extensionMethods,
  indexersOf,
  instantiate,
  lookupMembers,
  memberNamesOf,
  memberToString,
  runtimeKeys,
  type SurfaceMember,
} from '../../../src/fragments/types/surface.js';
import {
  AGRAPH_ELEMENT_MODEL,
  DATETIME,
  DOUBLE,
  EDGE_MODEL,
  INT,
  LONG,
  MATH,
  STRING,
  STRING_COMPARISON,
  TRAVERSAL_CONTEXT,
  VERTEX_MODEL,
  arrayOf,
  containsTypeParameter,
  listOf,
  nullableOf,
  readOnlyDictionaryOf,
  readOnlyListOf,
  readOnlySpanOf,
  typeToString,
  type CsType,
} from '../../../src/fragments/types/types.js';

function typeParametersIn(type: CsType, found: CsType[] = []): CsType[] {
  if (type.kind === 'typeParameter') found.push(type);
  else if (type.kind === 'array') typeParametersIn(type.elementType, found);
  else if (type.kind === 'named') for (const a of type.typeArguments) typeParametersIn(a, found);
  return found;
}

function only(type: CsType, name: string): SurfaceMember {
  const found = lookupMembers(type, name);
  assert.equal(found.length, 1, `${typeToString(type)}.${name}`);
  return found[0].member;
}

describe('surface table integrity', () => {
  it('resolves every type of every member to a modelled type or its own type parameters', () => {
    for (const member of allMembers()) {
      const ownerParameters =
        member.declaringType === ARRAY_MEMBERS_OWNER ? ['T'] : member.declaringType.typeParameters;
      for (const type of [member.type, ...member.parameters.map((p) => p.type)]) {
        for (const parameter of typeParametersIn(type)) {
          assert.ok(parameter.kind === 'typeParameter');
          const known =
            parameter.owner === 'method'
              ? member.typeParameters.includes(parameter)
              : ownerParameters[parameter.ordinal] === parameter.name;
          assert.ok(known, `${member.declaration}: ${parameter.name}`);
        }
      }
    }
  });

  it('gives every usable, non-constant member a runtime key, unique across the surface', () => {
    const keys = runtimeKeys();
    assert.equal(new Set(keys).size, keys.length, 'duplicate runtime keys');
    for (const member of allMembers()) {
      const exempt = member.constant !== undefined || member.useSiteDiagnostic !== undefined;
      assert.equal(member.runtimeKey === undefined, exempt, member.declaration);
    }
  });

  it('gives settable indexers a setter key and no other member one', () => {
    for (const member of allMembers()) {
      const settable = member.kind === 'indexer' && !member.readOnly;
      assert.equal(member.setterRuntimeKey !== undefined, settable, member.declaration);
    }
  });

  it('declares extension methods static, with the receiver first', () => {
    for (const member of allMembers().filter((m) => m.isExtension)) {
      assert.ok(member.isStatic, member.declaration);
      assert.ok(member.parameters[0]?.isThis, member.declaration);
      assert.ok(
        member.parameters.slice(1).every((p) => !p.isThis),
        member.declaration,
      );
    }
  });

  it('uses out parameters in methods only, and params only last', () => {
    for (const member of allMembers()) {
      if (member.kind !== 'method')
        assert.ok(
          member.parameters.every((p) => p.modifier !== 'out'),
          member.declaration,
        );
      member.parameters.forEach((p, i) => {
        if (p.modifier === 'params') {
          assert.equal(i, member.parameters.length - 1, member.declaration);
          assert.equal(p.type.kind, 'array', member.declaration);
        }
      });
    }
  });

  it('keeps optional parameters after required ones', () => {
    for (const member of allMembers()) {
      const firstOptional = member.parameters.findIndex((p) => p.optional);
      if (firstOptional >= 0)
        assert.ok(
          member.parameters.slice(firstOptional).every((p) => p.optional),
          member.declaration,
        );
    }
  });

  it('keys runtime helpers by a stable, readable scheme', () => {
    for (const key of runtimeKeys()) assert.match(key, /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_]+)+$/, key);
  });
});

describe('the element models have exactly the documented members and signatures', () => {
  const expected: [CsType, string, string][] = [
    [AGRAPH_ELEMENT_MODEL, 'Id', 'readonly int Id'],
    [AGRAPH_ELEMENT_MODEL, 'Label', 'readonly string Label'],
    [AGRAPH_ELEMENT_MODEL, 'GetCreationDate', 'DateTime GetCreationDate()'],
    [AGRAPH_ELEMENT_MODEL, 'GetModificationDate', 'DateTime GetModificationDate()'],
    [AGRAPH_ELEMENT_MODEL, 'GetPropertyCount', 'int GetPropertyCount()'],
    [AGRAPH_ELEMENT_MODEL, 'TryGetProperty', 'bool TryGetProperty<T>(out T result, string propertyId)'],
    [
      AGRAPH_ELEMENT_MODEL,
      'AnyPropertyValueMatches',
      'bool AnyPropertyValueMatches(Func<string, bool> valuePredicate)',
    ],
    [
      AGRAPH_ELEMENT_MODEL,
      'TryGetEmbedding',
      'bool TryGetEmbedding(out ReadOnlySpan<float> vector, string name = "default")',
    ],
    [
      AGRAPH_ELEMENT_MODEL,
      'TryGetEmbeddingModelStamp',
      'bool TryGetEmbeddingModelStamp(out string stamp, string name = "default")',
    ],
    [VERTEX_MODEL, 'GetInDegree', 'uint GetInDegree()'],
    [VERTEX_MODEL, 'GetOutDegree', 'uint GetOutDegree()'],
    [VERTEX_MODEL, 'OutEdges', 'IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>> OutEdges { get; }'],
    [VERTEX_MODEL, 'InEdges', 'IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>> InEdges { get; }'],
    [
      VERTEX_MODEL,
      'TryGetOutEdge',
      'bool TryGetOutEdge(out IReadOnlyList<EdgeModel> result, string edgePropertyId)',
    ],
    [
      VERTEX_MODEL,
      'TryGetInEdge',
      'bool TryGetInEdge(out IReadOnlyList<EdgeModel> result, string edgePropertyId)',
    ],
    [
      VERTEX_MODEL,
      'TryGetOutEdgesSpan',
      'bool TryGetOutEdgesSpan(out ReadOnlySpan<EdgeModel> edges, string edgePropertyId)',
    ],
    [
      VERTEX_MODEL,
      'TryGetInEdgesSpan',
      'bool TryGetInEdgesSpan(out ReadOnlySpan<EdgeModel> edges, string edgePropertyId)',
    ],
    [EDGE_MODEL, 'SourceVertex', 'readonly VertexModel SourceVertex'],
    [EDGE_MODEL, 'TargetVertex', 'readonly VertexModel TargetVertex'],
    [EDGE_MODEL, 'EdgePropertyId', 'readonly string EdgePropertyId'],
    [TRAVERSAL_CONTEXT, 'HasQueryVector', 'bool HasQueryVector { get; }'],
    [TRAVERSAL_CONTEXT, 'QueryVector', 'ReadOnlySpan<float> QueryVector { get; }'],
    [TRAVERSAL_CONTEXT, 'EmbeddingName', 'string EmbeddingName { get; }'],
    [TRAVERSAL_CONTEXT, 'Metric', 'VectorDistanceMetric Metric { get; }'],
    [TRAVERSAL_CONTEXT, 'TrySimilarity', 'bool TrySimilarity(AGraphElementModel element, out float score)'],
  ];
  for (const [owner, name, declaration] of expected) {
    it(`declares ${typeToString(owner, 'short')}.${name} as ${declaration}`, () => {
      assert.equal(only(owner, name).declaration, declaration);
    });
  }

  it('makes every element model member read-only', () => {
    for (const owner of [AGRAPH_ELEMENT_MODEL, VERTEX_MODEL, EDGE_MODEL, TRAVERSAL_CONTEXT]) {
      for (const name of memberNamesOf(owner)) {
        for (const found of lookupMembers(owner, name)) assert.ok(found.member.readOnly, `${name}`);
      }
    }
  });

  it('gives vertices and edges the members of AGraphElementModel', () => {
    assert.equal(lookupMembers(VERTEX_MODEL, 'TryGetProperty')[0].depth, 1);
    assert.equal(typeToString(lookupMembers(EDGE_MODEL, 'Id')[0].type), 'int');
    assert.equal(lookupMembers(EDGE_MODEL, 'OutEdges').length, 0);
  });

  it('declares TryGetProperty generic in T, inferred from its out argument', () => {
    const member = only(VERTEX_MODEL, 'TryGetProperty');
    assert.equal(member.typeParameters.length, 1);
    assert.equal(member.parameters[0].modifier, 'out');
    assert.equal(member.parameters[0].type, member.typeParameters[0]);
    assert.equal(member.constraints.size, 0);
    assert.equal(
      memberToString(member),
      'NoSQL.GraphDB.Core.Model.AGraphElementModel.TryGetProperty<T>(out T, string)',
    );
  });

  it('defaults the embedding name to "default"', () => {
    const parameter = only(VERTEX_MODEL, 'TryGetEmbedding').parameters[1];
    assert.ok(parameter.optional);
    assert.equal(parameter.defaultValue, 'default');
  });
});

describe('members C# has but a fragment cannot use', () => {
  const cs0012: [CsType, string, string, string][] = [
    [
      AGRAPH_ELEMENT_MODEL,
      'GetAllProperties',
      'ImmutableDictionary<,>',
      'System.Collections.Immutable, Version=10.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a',
    ],
    [
      VERTEX_MODEL,
      'GetAllNeighbors',
      'List<>',
      'System.Collections, Version=10.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a',
    ],
    [
      VERTEX_MODEL,
      'GetOutgoingEdgeIds',
      'List<>',
      'System.Collections, Version=10.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a',
    ],
    [
      VERTEX_MODEL,
      'GetIncomingEdgeIds',
      'List<>',
      'System.Collections, Version=10.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a',
    ],
  ];
  for (const [owner, name, type, assembly] of cs0012) {
    it(`finds ${name} and reports CS0012 for ${type} on use`, () => {
      const member = only(owner, name);
      assert.deepEqual(member.useSiteDiagnostic, { id: 'CS0012', args: [type, assembly] });
      assert.equal(member.runtimeKey, undefined);
    });
  }

  it('finds object.GetType() and refuses it', () => {
    assert.equal(only(VERTEX_MODEL, 'GetType').useSiteDiagnostic?.id, 'SVCUNSUPPORTED');
  });

  it("keeps LINQ's ToList, whose List<T> is CoreLib's, usable", () => {
    const toList = extensionMethods('ToList');
    assert.equal(toList.length, 1);
    assert.equal(toList[0].useSiteDiagnostic, undefined);
    assert.equal(typeToString(toList[0].type, 'short'), 'List<TSource>');
  });
});

describe('member lookup', () => {
  it('substitutes the receiver type arguments', () => {
    const groups = readOnlyDictionaryOf(STRING, readOnlyListOf(EDGE_MODEL));
    const tryGetValue = lookupMembers(groups, 'TryGetValue')[0];
    assert.deepEqual(
      tryGetValue.parameters.map((p) => typeToString(p.type, 'short')),
      ['string', 'IReadOnlyList<EdgeModel>'],
    );
    assert.equal(typeToString(lookupMembers(groups, 'Keys')[0].type, 'short'), 'IEnumerable<string>');
    assert.equal(typeToString(lookupMembers(groups, 'Count')[0].type), 'int');
    assert.equal(typeToString(indexersOf(groups)[0].type, 'short'), 'IReadOnlyList<EdgeModel>');
  });

  it('finds Count on read-only lists through IReadOnlyCollection', () => {
    const count = lookupMembers(readOnlyListOf(EDGE_MODEL), 'Count');
    assert.equal(count.length, 1);
    assert.equal(typeToString(count[0].declaringType, 'short'), 'IReadOnlyCollection<EdgeModel>');
    assert.equal(typeToString(indexersOf(readOnlyListOf(EDGE_MODEL))[0].type, 'short'), 'EdgeModel');
  });

  it('gives arrays Length and an element indexer but no Count property', () => {
    const array = arrayOf(STRING);
    assert.equal(typeToString(lookupMembers(array, 'Length')[0].type), 'int');
    assert.equal(lookupMembers(array, 'Count').length, 0);
    const indexer = indexersOf(array)[0];
    assert.equal(indexer.type, STRING);
    assert.equal(indexer.member.setterRuntimeKey, 'array.setItem');
  });

  it('gives spans Length and a read-only indexer', () => {
    const span = readOnlySpanOf(EDGE_MODEL);
    assert.equal(typeToString(lookupMembers(span, 'Length')[0].type), 'int');
    assert.equal(indexersOf(span)[0].type, EDGE_MODEL);
    assert.ok(indexersOf(span)[0].member.readOnly);
  });

  it('gives nullable value types HasValue, Value and GetValueOrDefault', () => {
    const nullableDate = nullableOf(DATETIME);
    assert.equal(typeToString(lookupMembers(nullableDate, 'HasValue')[0].type), 'bool');
    assert.equal(lookupMembers(nullableDate, 'Value')[0].type, DATETIME);
    assert.equal(lookupMembers(nullableDate, 'GetValueOrDefault').length, 2);
  });

  it('lists string overloads with StringComparison', () => {
    const contains = lookupMembers(STRING, 'Contains').map((m) => m.member.declaration);
    assert.ok(contains.includes('bool Contains(string value, StringComparison comparisonType)'));
    assert.equal(typeToString(only(STRING, 'Length').type), 'int');
    assert.ok(lookupMembers(STRING, 'IsNullOrEmpty')[0].member.isStatic);
  });

  it('includes object members on interfaces and on every class', () => {
    assert.equal(lookupMembers(readOnlyListOf(EDGE_MODEL), 'ToString').length, 1);
    assert.ok(lookupMembers(VERTEX_MODEL, 'Equals').length >= 1);
  });

  it('exposes enum members as constants of the enum type', () => {
    const ordinal = only(STRING_COMPARISON, 'Ordinal');
    assert.equal(ordinal.constant, 4);
    assert.equal(ordinal.type, STRING_COMPARISON);
    assert.ok(ordinal.isStatic);
  });

  it('has Math overload families and constants', () => {
    assert.equal(lookupMembers(MATH, 'Abs').length, 7);
    assert.equal(lookupMembers(MATH, 'Max').length, 11);
    assert.equal(only(MATH, 'PI').constant, Math.PI);
    assert.equal(lookupMembers(MATH, 'Round').length, 8);
  });

  it('has numeric range constants with exact values', () => {
    assert.equal(only(INT, 'MaxValue').constant, 2147483647);
    assert.equal(only(LONG, 'MinValue').constant, -9223372036854775808n);
    assert.ok(Number.isNaN(only(DOUBLE, 'NaN').constant as number));
  });

  it('finds constructors and instantiates generic methods', () => {
    assert.equal(constructorsOf(DATETIME).length, 6);
    assert.equal(constructorsOf(listOf(INT))[1].parameters[0].type.kind, 'named');
    const select = extensionMethods('Select')[0];
    assert.ok(containsTypeParameter(select.type));
    const bound = lookupMembers(VERTEX_MODEL, 'TryGetProperty')[0];
    assert.equal(instantiate(bound, [INT]).parameters[0].type, INT);
  });

  it('prints LINQ methods as C# messages do', () => {
    assert.equal(
      memberToString(extensionMethods('Where')[0]),
      'System.Linq.Enumerable.Where<TSource>(System.Collections.Generic.IEnumerable<TSource>, System.Func<TSource, bool>)',
    );
  });
});
