import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DELEGATE_KINDS,
  checkLambdaParameters,
  checkLambdaReturns,
  resolveDelegateKind,
} from '../../../src/fragments/types/delegates.js';
import {
  AGRAPH_ELEMENT_MODEL,
  BOOL,
  DECIMAL,
  DOUBLE,
  EDGE_MODEL,
  FLOAT,
  INT,
  NULL_TYPE,
  STRING,
  VERTEX_MODEL,
  funcOf,
  nullableOf,
  typeToString,
} from '../../../src/fragments/types/types.js';

describe('the six delegate kinds take and return the types of their lambda shapes', () => {
  const expected: [string, string, string, string][] = [
    ['VertexFilter', 'VertexModel', 'bool', 'path'],
    ['EdgeFilter', 'EdgeModel', 'bool', 'path'],
    ['EdgePropertyFilter', 'string', 'bool', 'path'],
    ['VertexCost', 'VertexModel', 'double', 'path'],
    ['EdgeCost', 'EdgeModel', 'double', 'path'],
    ['GraphElementFilter', 'AGraphElementModel', 'bool', 'subgraph'],
  ];
  for (const [name, parameter, result, environment] of expected) {
    it(`${name} takes ${parameter} and returns ${result}`, () => {
      const kind = resolveDelegateKind(name);
      assert.ok(kind);
      assert.equal(typeToString(kind.parameterType, 'short'), parameter);
      assert.equal(typeToString(kind.returnType), result);
      assert.equal(kind.validationEnvironment, environment);
      assert.equal(typeToString(kind.delegateType), `NoSQL.GraphDB.Core.Algorithms.Delegates.${name}`);
    });
  }

  it('matches kind names case-insensitively', () => {
    assert.equal(resolveDelegateKind('vertexfilter'), DELEGATE_KINDS.VertexFilter);
    assert.equal(resolveDelegateKind('EDGECOST'), DELEGATE_KINDS.EdgeCost);
  });

  it('rejects LabelFilter and unknown names', () => {
    assert.equal(resolveDelegateKind('LabelFilter'), undefined);
    assert.equal(resolveDelegateKind('PathFilter'), undefined);
  });

  it('means match-everything for empty filters and no custom cost for empty costs', () => {
    assert.equal(DELEGATE_KINDS.VertexFilter.emptyFragment, 'matchEverything');
    assert.equal(DELEGATE_KINDS.EdgeCost.emptyFragment, 'noCustomCost');
  });
});

describe('lambda return conversions', () => {
  const filter = DELEGATE_KINDS.VertexFilter.delegateType;
  const cost = DELEGATE_KINDS.EdgeCost.delegateType;

  it('reports CS0029 then CS1662 for a filter whose body is a double', () => {
    assert.deepEqual(
      checkLambdaReturns(filter, [{ type: DOUBLE }]).map((d) => d.diagnostic),
      [
        { id: 'CS0029', args: ['double', 'bool'] },
        { id: 'CS1662', args: [] },
      ],
    );
  });

  it('reports CS0266 then CS1662 for a filter returning bool?', () => {
    assert.deepEqual(
      checkLambdaReturns(filter, [{ type: nullableOf(BOOL) }]).map((d) => d.diagnostic.id),
      ['CS0266', 'CS1662'],
    );
  });

  it('accepts a cost returning int, float or double', () => {
    for (const type of [INT, FLOAT, DOUBLE])
      assert.deepEqual(checkLambdaReturns(cost, [{ type }]), [], typeToString(type));
    assert.deepEqual(checkLambdaReturns(cost, [{ type: INT, constant: 1 }]), []);
  });

  it('reports a decimal cost as needing a cast and a string cost as not converting', () => {
    assert.deepEqual(
      checkLambdaReturns(cost, [{ type: DECIMAL }]).map((d) => d.diagnostic.id),
      ['CS0266', 'CS1662'],
    );
    assert.deepEqual(
      checkLambdaReturns(cost, [{ type: STRING }]).map((d) => d.diagnostic.id),
      ['CS0029', 'CS1662'],
    );
  });

  it('locates each failing return of a block-bodied lambda', () => {
    const found = checkLambdaReturns(filter, [{ type: BOOL }, { type: INT }, { type: BOOL }]);
    assert.deepEqual(
      found.map((d) => d.at),
      [{ returnExpression: 1 }, { returnExpression: 1 }],
    );
  });

  it('accepts a filter returning null for a reference return type only', () => {
    assert.deepEqual(checkLambdaReturns(funcOf(VERTEX_MODEL, STRING), [{ type: NULL_TYPE }]), []);
    assert.equal(checkLambdaReturns(filter, [{ type: NULL_TYPE }])[0].diagnostic.id, 'CS0037');
  });
});

describe('lambda parameters', () => {
  const filter = DELEGATE_KINDS.EdgeFilter.delegateType;

  it('accepts one implicitly typed parameter whatever its name', () => {
    assert.deepEqual(checkLambdaParameters(filter, { parameterCount: 1 }), []);
  });

  it('reports CS1593 for a wrong parameter count', () => {
    assert.deepEqual(checkLambdaParameters(filter, { parameterCount: 2 }), [
      {
        at: 'lambda',
        diagnostic: { id: 'CS1593', args: ['NoSQL.GraphDB.Core.Algorithms.Delegates.EdgeFilter', '2'] },
      },
    ]);
  });

  it('reports CS1678 and CS1661 for an explicitly typed parameter of another type', () => {
    assert.deepEqual(checkLambdaParameters(filter, { parameterCount: 1, parameterTypes: [EDGE_MODEL] }), []);
    assert.deepEqual(
      checkLambdaParameters(filter, { parameterCount: 1, parameterTypes: [AGRAPH_ELEMENT_MODEL] }).map(
        (d) => d.diagnostic,
      ),
      [
        {
          id: 'CS1678',
          args: [
            '1',
            '',
            'NoSQL.GraphDB.Core.Model.AGraphElementModel',
            '',
            'NoSQL.GraphDB.Core.Model.EdgeModel',
          ],
        },
        { id: 'CS1661', args: ['NoSQL.GraphDB.Core.Algorithms.Delegates.EdgeFilter'] },
      ],
    );
  });

  it('checks nested lambdas against Func types the same way', () => {
    assert.equal(
      checkLambdaParameters(funcOf(EDGE_MODEL, BOOL), { parameterCount: 0 })[0].diagnostic.id,
      'CS1593',
    );
    assert.deepEqual(checkLambdaReturns(funcOf(EDGE_MODEL, BOOL), [{ type: BOOL }]), []);
  });
});
