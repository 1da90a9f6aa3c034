import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  FRAGMENT_ENVIRONMENTS,
  lookupQualifiedTypeName,
  lookupTypeName,
  namespacesInScope,
} from '../../../src/fragments/types/environment.js';
import { unresolvedNameVerdict, type NameQuery } from '../../../src/fragments/types/unavailable.js';

const path = FRAGMENT_ENVIRONMENTS.path;
const subgraph = FRAGMENT_ENVIRONMENTS.subgraph;

describe('type names in scope of the fragment wrapper', () => {
  it('reaches System, System.Linq and the graph namespaces by simple name', () => {
    for (const [name, arity] of [
      ['DateTime', 0],
      ['Math', 0],
      ['Func', 2],
      ['StringComparison', 0],
      ['Enumerable', 0],
      ['VertexModel', 0],
      ['VectorDistanceMetric', 0],
    ] as const) {
      assert.ok(lookupTypeName(name, arity, path), name);
    }
  });

  it('reaches TraversalContext and Delegates through the wrapper namespace ancestry in both environments', () => {
    for (const environment of [path, subgraph]) {
      assert.ok(lookupTypeName('TraversalContext', 0, environment));
      assert.ok(lookupTypeName('Delegates', 0, environment));
    }
    assert.deepEqual(namespacesInScope(path).slice(0, 5), [
      'NoSQL.GraphDB.Core.Algorithms.Path',
      'NoSQL.GraphDB.Core.Algorithms',
      'NoSQL.GraphDB.Core',
      'NoSQL.GraphDB',
      'NoSQL',
    ]);
  });

  it('does not reach System.Collections.Generic, which the wrapper does not import', () => {
    assert.equal(lookupTypeName('IEnumerable', 1, path), undefined);
    assert.equal(lookupTypeName('List', 1, path), undefined);
    assert.equal(lookupTypeName('IReadOnlyList', 1, path), undefined);
    assert.ok(lookupQualifiedTypeName('System.Collections.Generic.IReadOnlyList', 1, path));
    assert.ok(lookupQualifiedTypeName('System.Collections.Generic.List', 1, path));
  });

  it('reaches nested delegate types only through their container', () => {
    assert.equal(lookupTypeName('VertexFilter', 0, path), undefined);
    assert.ok(lookupQualifiedTypeName('Delegates.VertexFilter', 0, path));
    assert.ok(lookupQualifiedTypeName('NoSQL.GraphDB.Core.Algorithms.Delegates.VertexFilter', 0, path));
  });

  it('resolves a namespace qualifier relative to an enclosing namespace', () => {
    assert.ok(lookupQualifiedTypeName('Model.VertexModel', 0, path));
    assert.ok(lookupQualifiedTypeName('Core.Model.VertexModel', 0, path));
    assert.equal(lookupQualifiedTypeName('Collections.Generic.List', 1, path), undefined);
  });
});

describe('names outside the surface: what C# says and what Skein reports', () => {
  const cases: [NameQuery['name'], NameQuery['context'], number, string, string[], string][] = [
    // name, context, arity, Skein's id, its arguments, the ancestor's outcome
    ['Regex', 'expression', 0, 'CS0103', ['Regex'], 'CS0103'],
    ['Regex', 'type', 0, 'CS0246', ['Regex'], 'CS0246'],
    [
      'System.Text.RegularExpressions.Regex',
      'type',
      0,
      'CS0234',
      ['RegularExpressions', 'System.Text'],
      'CS0234',
    ],
    ['File', 'expression', 0, 'CS0103', ['File'], 'CS0103'],
    ['System.IO.File', 'expression', 0, 'SVCUNSUPPORTED', ['System.IO.File'], 'compiles'],
    ['Process', 'expression', 0, 'CS0103', ['Process'], 'CS0103'],
    [
      'System.Diagnostics.Process',
      'expression',
      0,
      'CS1069',
      [
        'Process',
        'System.Diagnostics',
        'System.Diagnostics.Process, Version=10.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a',
      ],
      'CS1069',
    ],
    ['Assembly', 'type', 0, 'CS0246', ['Assembly'], 'CS0246'],
    [
      'System.Reflection.Assembly',
      'expression',
      0,
      'SVCUNSUPPORTED',
      ['System.Reflection.Assembly'],
      'compiles',
    ],
    ['Type', 'expression', 0, 'SVCUNSUPPORTED', ['Type'], 'compiles'],
    ['Environment', 'expression', 0, 'SVCUNSUPPORTED', ['Environment'], 'compiles'],
    ['AppDomain', 'expression', 0, 'SVCUNSUPPORTED', ['AppDomain'], 'compiles'],
    ['Activator', 'expression', 0, 'SVCUNSUPPORTED', ['Activator'], 'compiles'],
    [
      'System.Net.WebClient',
      'type',
      0,
      'CS1069',
      [
        'WebClient',
        'System.Net',
        'System.Net.WebClient, Version=10.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a',
      ],
      'CS1069',
    ],
    ['System.Net.Http.HttpClient', 'type', 0, 'SVCUNSUPPORTED', ['System.Net.Http.HttpClient'], 'unknown'],
    [
      'Console',
      'type',
      0,
      'CS1069',
      [
        'Console',
        'System',
        'System.Console, Version=10.0.0.0, Culture=neutral, PublicKeyToken=b03f5f7f11d50a3a',
      ],
      'CS1069',
    ],
    ['Console', 'expression', 0, 'CS0103', ['Console'], 'CS0103'],
    ['List', 'type', 1, 'CS0246', ['List<>'], 'CS0246'],
    ['Dictionary', 'type', 2, 'CS0246', ['Dictionary<,>'], 'CS0246'],
    [
      'System.Collections.Generic.Dictionary',
      'type',
      2,
      'SVCUNSUPPORTED',
      ['System.Collections.Generic.Dictionary'],
      'compiles',
    ],
    ['MathF', 'expression', 0, 'SVCUNSUPPORTED', ['MathF'], 'compiles'],
    ['System.Foo', 'expression', 0, 'CS0234', ['Foo', 'System'], 'CS0234'],
    ['IO.File', 'expression', 0, 'CS0103', ['IO'], 'CS0103'],
  ];
  for (const [name, context, arity, id, args, ancestor] of cases) {
    it(`${name} (${context}): ${id}`, () => {
      const verdict = unresolvedNameVerdict({ name, arity, context, environment: path });
      assert.deepEqual(verdict.skein, { id, args });
      assert.equal(typeof verdict.ancestor === 'string' ? verdict.ancestor : verdict.ancestor.id, ancestor);
    });
  }

  it('reports the same diagnostic as C# whenever C# rejects the name', () => {
    for (const [name, context, arity] of cases) {
      const verdict = unresolvedNameVerdict({ name, arity, context, environment: path });
      if (typeof verdict.ancestor !== 'string') assert.deepEqual(verdict.skein, verdict.ancestor, name);
    }
  });
});
