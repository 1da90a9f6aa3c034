/**
 * Patterns after `is` and in switch expressions: constants, relational and logical patterns, type and
 * declaration patterns on `object` and on the element model hierarchy, property patterns, `var`,
 * `when` clauses, and switch expressions as filter and cost bodies.
 */
import {
  ALL_EDGES,
  ALL_VERTICES,
  CITIES,
  COMPANIES,
  LOCATED_IN,
  PERSONS,
  type ConformanceCase,
} from './corpus.js';

export const patternsSwitch: readonly ConformanceCase[] = [
  {
    name: 'pattern: constants combined with or',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label is "person" or "city";',
    expect: { passes: [...PERSONS, ...CITIES] },
  },
  {
    name: 'pattern: not null and not a constant',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label is not null and not "person";',
    expect: { passes: [...COMPANIES, ...CITIES] },
  },
  {
    name: 'pattern: relational range',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id is > 3 and < 8;',
    expect: { passes: ['erin', 'frank', 'acme', 'globex'] },
  },
  {
    name: 'pattern: and binds tighter than or',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id is > 3 and < 5 or 11;',
    expect: { passes: ['erin', 'ghost'] },
  },
  {
    name: 'pattern: parenthesised patterns',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id is (1 or 2) and not 2;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'pattern: property pattern on string Length',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label is { Length: 4 };',
    expect: { passes: CITIES },
  },
  {
    name: 'pattern: negated property pattern matches null',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label is not { Length: > 4 };',
    expect: { passes: [...CITIES, 'ghost'] },
  },
  {
    name: 'pattern: property pattern on the vertex',
    kind: 'VertexFilter',
    fragment: 'return v => v is { Label: "person", Id: < 3 };',
    expect: { passes: ['alice', 'bob', 'carol'] },
  },
  {
    name: 'pattern: var pattern always matches',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label is var l && l == null;',
    expect: { passes: ['ghost'] },
  },
  {
    name: 'pattern: string type pattern with designation',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label is string s && s.Length > 5;',
    expect: { passes: [...PERSONS, ...COMPANIES] },
  },
  {
    name: 'pattern: null pattern on OutEdges',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges is null;',
    expect: { passes: ['frank', 'initech', 'paris', 'berlin'] },
  },
  {
    name: 'pattern: bool? is true',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges?.ContainsKey("knows") is true;',
    expect: { passes: ['alice', 'bob', 'carol', 'dave', 'erin'] },
  },
  {
    name: 'pattern: boxed int with designation',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out object o, "age") && o is int a && a > 30;',
    expect: { passes: ['alice', 'carol', 'frank'] },
  },
  {
    name: 'pattern: char relational',
    kind: 'VertexFilter',
    fragment: "return v => v.TryGetProperty(out char c, \"initial\") && c is >= 'A' and <= 'Z';",
    expect: { passes: ['alice', 'bob'] },
  },
  {
    name: 'pattern: double relational excludes the bound',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out double s, "score") && s is > 70.0 and < 90.0;',
    expect: { passes: ['alice', 'bob'] },
  },
  {
    name: 'pattern: decimal constants',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out decimal p, "price") && p is 0.1m or 250m;',
    expect: { passes: ['bob', 'carol'] },
    note: 'Decimal equality ignores scale: 0.10 matches 0.1m and 250.00 matches 250m.',
  },
  {
    name: 'pattern: enum constant on the context',
    kind: 'VertexFilter',
    fragment: 'return v => context.Metric is VectorDistanceMetric.Cosine;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'pattern: element is a vertex',
    kind: 'GraphElementFilter',
    fragment: 'return el => el is VertexModel;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'pattern: element is not a vertex',
    kind: 'GraphElementFilter',
    fragment: 'return el => el is not VertexModel;',
    expect: { passes: ALL_EDGES },
  },
  {
    name: 'pattern: element is an edge of a type',
    kind: 'GraphElementFilter',
    fragment: 'return el => el is EdgeModel e && e.EdgePropertyId == "locatedIn";',
    expect: { passes: LOCATED_IN },
  },
  {
    name: 'pattern: type and property pattern together',
    kind: 'GraphElementFilter',
    fragment: 'return el => el is VertexModel { Label: "city" };',
    expect: { passes: CITIES },
  },
  {
    name: 'pattern: as operator',
    kind: 'GraphElementFilter',
    fragment: 'return el => (el as EdgeModel) != null;',
    expect: { passes: ALL_EDGES },
  },
  {
    name: 'pattern: nested property pattern on an edge',
    kind: 'EdgeFilter',
    fragment: 'return e => e is { SourceVertex: { Label: "company" } };',
    expect: { passes: LOCATED_IN },
  },
  {
    name: 'switch: string constants to bool',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label switch { "person" => true, "city" => true, _ => false };',
    expect: { passes: [...PERSONS, ...CITIES] },
  },
  {
    name: 'switch: null arm',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label switch { null => true, _ => false };',
    expect: { passes: ['ghost'] },
  },
  {
    name: 'switch: uint input with an int constant',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetOutDegree() switch { 0 => true, _ => false };',
    expect: { passes: ['frank', 'initech', 'paris', 'berlin'] },
  },
  {
    name: 'switch: type patterns on a boxed value',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out object o, "score") && o switch { double d => d > 80, float f => f > 60, _ => false };',
    expect: { passes: ['alice', 'carol', 'dave'] },
  },
  {
    name: 'switch: relational arms',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out int a, "age") && a switch { < 20 => true, >= 50 => true, _ => false };',
    expect: { passes: ['erin', 'frank', 'ghost'] },
  },
  {
    name: 'switch: var with a when clause',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id switch { var n when n % 5 == 0 => true, _ => false };',
    expect: { passes: ['alice', 'frank', 'berlin'] },
  },
  {
    name: 'switch: when clause reading the parameter',
    kind: 'VertexFilter',
    fragment:
      'return v => v.Label switch { "person" when v.Id > 3 => true, "city" => v.Id == 10, _ => false };',
    expect: { passes: ['erin', 'frank', 'berlin'] },
  },
  {
    name: 'switch: first matching arm wins',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id switch { < 5 => false, < 10 => true, _ => false };',
    expect: { passes: ['frank', 'acme', 'globex', 'initech', 'paris'] },
  },
  {
    name: 'switch: string result compared',
    kind: 'VertexFilter',
    fragment:
      'return v => (v.Label switch { "person" => "p", "company" => "c", null => "?", _ => "x" }) == "x";',
    expect: { passes: CITIES },
  },
  {
    name: 'switch: cost arms of double, int and float',
    kind: 'VertexCost',
    fragment: 'return v => v.Label switch { "person" => 1.0, "company" => 2, _ => 0.5f };',
    expect: {
      costs: { alice: 1, bob: 1, carol: 1, dave: 1, erin: 1, frank: 1, acme: 2, globex: 2, initech: 2 },
      otherwise: 0.5,
    },
  },
  {
    name: 'switch: edge cost by edge type',
    kind: 'EdgeCost',
    fragment: 'return e => e.EdgePropertyId switch { "knows" => 1, "worksAt" => 2, _ => 5 };',
    expect: {
      costs: {
        aliceKnowsBob: 1,
        bobKnowsAlice: 1,
        aliceKnowsCarol: 1,
        carolKnowsDave: 1,
        daveKnowsErin: 1,
        erinKnowsAlice: 1,
        bobKnowsCarol: 1,
        aliceWorksAtAcme: 2,
        bobWorksAtAcme: 2,
        carolWorksAtGlobex: 2,
        daveWorksAtInitech: 2,
        erinWorksAtInitech: 2,
      },
      otherwise: 5,
    },
  },
  {
    name: 'switch: nested switch expressions',
    kind: 'VertexCost',
    fragment:
      'return v => v.Label switch { "city" => v.Id switch { 9 => 90, _ => 100 }, null => -1, _ => 0 };',
    expect: { costs: { paris: 90, berlin: 100, ghost: -1 }, otherwise: 0 },
  },
];
