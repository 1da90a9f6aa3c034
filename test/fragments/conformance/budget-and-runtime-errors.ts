/**
 * Fragments that compile but fail when run: the step budget stops fragments that never end (the ancestor
 * would hold its request thread for ever), and .NET exceptions surface with their .NET names
 * (NullReferenceException on a null OutEdges, DivideByZeroException, InvalidOperationException from LINQ,
 * OverflowException in checked code, ...). `on` lists exactly the elements whose call throws.
 */
import { type ConformanceCase } from './corpus.js';

export const budgetAndRuntimeErrors: readonly ConformanceCase[] = [
  {
    name: 'budget: while (true) inside the lambda',
    kind: 'VertexFilter',
    fragment: 'return v => { while (true) { } };',
    expect: { budgetExceeded: true },
  },
  {
    name: 'budget: for (;;) in an edge cost',
    kind: 'EdgeCost',
    fragment: 'return e => { var x = 0.0; for (;;) { x += 1; } };',
    expect: { budgetExceeded: true },
  },
  {
    name: 'budget: loop that never reaches its exit',
    kind: 'VertexFilter',
    fragment: 'return v => { var i = 0; while (i != -1) { i += 2; } return true; };',
    expect: { budgetExceeded: true },
  },
  {
    name: 'budget: nested LINQ over arrays',
    kind: 'VertexFilter',
    fragment: 'var xs = new int[1000];\nreturn v => xs.Sum(a => xs.Sum(b => xs.Count(c => c == b))) > 0;',
    expect: { budgetExceeded: true },
    note: 'A billion lambda invocations; every one ticks.',
  },
  {
    name: 'budget: LINQ over a huge Range',
    kind: 'VertexFilter',
    fragment: 'return v => Enumerable.Range(0, int.MaxValue).Any(i => i < 0);',
    expect: { budgetExceeded: true },
    unsure:
      'Enumerable.Range is not in the checker surface yet (types/surface/linq.ts lists extension methods only); C# compiles it',
  },
  {
    name: 'budget: recursion through a Func and LINQ',
    kind: 'VertexFilter',
    fragment: 'Func<int, bool> f = null;\nf = n => new[] { n + 1 }.Any(f);\nreturn v => new[] { 0 }.Any(f);',
    maxSteps: 1000,
    expect: { budgetExceeded: true },
    note: 'The ancestor would overflow its stack; each invocation ticks, so 1000 steps stop it first.',
  },
  {
    name: 'budget: endless loop before the return',
    kind: 'VertexFilter',
    fragment: 'var n = 0;\nwhile (n >= 0) n = n % 7 + 1;\nreturn v => true;',
    expect: { budgetExceeded: true },
    unsure:
      'a loop in the factory (before the return) ticks the budget the runtime starts with; the ancestor would hang compiling the request',
  },
  {
    name: 'runtime: null OutEdges dereferenced',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges.Count > 0;',
    expect: { runtimeError: 'NullReferenceException', on: ['frank', 'initech', 'paris', 'berlin'] },
  },
  {
    name: 'runtime: null InEdges values',
    kind: 'VertexFilter',
    fragment: 'return v => v.InEdges.Values.Any();',
    expect: { runtimeError: 'NullReferenceException', on: ['frank', 'ghost'] },
  },
  {
    name: 'runtime: null label length',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label.Length > 0;',
    expect: { runtimeError: 'NullReferenceException', on: ['ghost'] },
  },
  {
    name: 'runtime: null edge label in an edge cost',
    kind: 'EdgeCost',
    fragment: 'return e => e.Label.Length;',
    expect: {
      runtimeError: 'NullReferenceException',
      on: [
        'aliceKnowsCarol',
        'daveKnowsErin',
        'bobKnowsCarol',
        'aliceLivesInParis',
        'bobLivesInBerlin',
        'carolLivesInParis',
        'daveLivesInBerlin',
        'erinLivesInBerlin',
        'ghostLivesInParis',
        'globexLocatedInParis',
      ],
    },
  },
  {
    name: 'runtime: default string of a failed read',
    kind: 'VertexFilter',
    fragment: 'return v => !v.TryGetProperty(out string n, "name") && n.Length == 0;',
    expect: { runtimeError: 'NullReferenceException', on: ['dave', 'ghost'] },
  },
  {
    name: 'runtime: int division by zero',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out int a, "age") && 100 / (a - 34) > 0;',
    expect: { runtimeError: 'DivideByZeroException', on: ['alice'] },
  },
  {
    name: 'runtime: int remainder by zero',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id % (v.Id - v.Id) == 0;',
    expect: {
      runtimeError: 'DivideByZeroException',
      on: [
        'alice',
        'bob',
        'carol',
        'dave',
        'erin',
        'frank',
        'acme',
        'globex',
        'initech',
        'paris',
        'berlin',
        'ghost',
      ],
    },
  },
  {
    name: 'runtime: decimal division by zero',
    kind: 'VertexFilter',
    fragment: 'decimal zero = 0;\nreturn v => v.TryGetProperty(out decimal p, "price") && p / zero > 0;',
    expect: { runtimeError: 'DivideByZeroException', on: ['alice', 'bob', 'carol', 'dave'] },
  },
  {
    name: 'runtime: First on an empty sequence',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id == 3 && new int[0].First() > 0;',
    expect: { runtimeError: 'InvalidOperationException', on: ['dave'] },
  },
  {
    name: 'runtime: First with no matching element',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges != null && v.OutEdges.Values.First(l => l.Count > 5).Count > 0;',
    expect: {
      runtimeError: 'InvalidOperationException',
      on: ['alice', 'bob', 'carol', 'dave', 'erin', 'acme', 'globex', 'ghost'],
    },
  },
  {
    name: 'runtime: Average of an empty sequence',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetOutEdge(out var k, "knows") || new double[0].Average() > 0;',
    expect: {
      runtimeError: 'InvalidOperationException',
      on: ['frank', 'acme', 'globex', 'initech', 'paris', 'berlin', 'ghost'],
    },
  },
  {
    name: 'runtime: Max of an empty sequence',
    kind: 'VertexFilter',
    fragment: 'return v => v.InEdges == null && new int[0].Max() > 0;',
    expect: { runtimeError: 'InvalidOperationException', on: ['frank', 'ghost'] },
  },
  {
    name: 'runtime: Value of an empty nullable',
    kind: 'VertexFilter',
    fragment: 'return v => (v.Label?.Length).Value > 0;',
    expect: { runtimeError: 'InvalidOperationException', on: ['ghost'] },
  },
  {
    name: 'runtime: checked int overflow',
    kind: 'VertexFilter',
    fragment: 'return v => checked(int.MaxValue + v.Id) > 0;',
    expect: {
      runtimeError: 'OverflowException',
      on: ['bob', 'carol', 'dave', 'erin', 'frank', 'acme', 'globex', 'initech', 'paris', 'berlin', 'ghost'],
    },
  },
  {
    name: 'runtime: checked multiplication',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out int e, "employees") && checked(e * 2) > 0;',
    expect: { runtimeError: 'OverflowException', on: ['initech'] },
  },
  {
    name: 'runtime: Enumerable.Sum of ints is checked',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id == 0 && new[] { int.MaxValue, 1 }.Sum() > 0;',
    expect: { runtimeError: 'OverflowException', on: ['alice'] },
  },
  {
    name: 'runtime: checked conversion out of range',
    kind: 'VertexFilter',
    fragment: 'double d = 1e20;\nreturn v => v.Id == 1 && checked((int)d) > 0;',
    expect: { runtimeError: 'OverflowException', on: ['bob'] },
  },
  {
    name: 'runtime: int.MinValue divided by -1',
    kind: 'VertexFilter',
    fragment: 'int min = int.MinValue, minusOne = -1;\nreturn v => v.Id == 2 && min / minusOne < 0;',
    expect: { runtimeError: 'OverflowException', on: ['carol'] },
    note: '.NET throws even in unchecked code.',
  },
  {
    name: 'runtime: Math.Abs of int.MinValue',
    kind: 'VertexFilter',
    fragment: 'int min = int.MinValue;\nreturn v => v.Id == 4 && Math.Abs(min) > 0;',
    expect: { runtimeError: 'OverflowException', on: ['erin'] },
  },
  {
    name: 'runtime: decimal overflow',
    kind: 'VertexFilter',
    fragment: 'decimal max = decimal.MaxValue;\nreturn v => max + v.Id > 0;',
    expect: {
      runtimeError: 'OverflowException',
      on: ['bob', 'carol', 'dave', 'erin', 'frank', 'acme', 'globex', 'initech', 'paris', 'berlin', 'ghost'],
    },
  },
  {
    name: 'runtime: missing dictionary key',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges != null && v.OutEdges["knows"].Count > 0;',
    expect: { runtimeError: 'KeyNotFoundException', on: ['acme', 'globex', 'ghost'] },
  },
  {
    name: 'runtime: list index out of range',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetOutEdge(out var l, "knows") && l[1].Id > 0;',
    expect: { runtimeError: 'ArgumentOutOfRangeException', on: ['carol', 'dave', 'erin'] },
  },
  {
    name: 'runtime: span index out of range',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetOutEdgesSpan(out var s, "livesIn") && s[1].Id > 0;',
    expect: {
      runtimeError: 'IndexOutOfRangeException',
      on: ['alice', 'bob', 'carol', 'dave', 'erin', 'ghost'],
    },
  },
  {
    name: 'runtime: array index out of range',
    kind: 'VertexFilter',
    fragment: 'var a = new int[2];\nreturn v => v.Id < 4 && a[v.Id] == 0;',
    expect: { runtimeError: 'IndexOutOfRangeException', on: ['carol', 'dave'] },
  },
  {
    name: 'runtime: Substring past the end',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label != null && v.Label.Substring(5) == "";',
    expect: { runtimeError: 'ArgumentOutOfRangeException', on: ['paris', 'berlin'] },
    note: '"person".Substring(5) is "n" and "company".Substring(5) "ny"; "city".Substring(5) throws.',
  },
  {
    name: 'runtime: int.Parse of text',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string c, "country") && int.Parse(c) > 0;',
    expect: { runtimeError: 'FormatException', on: ['paris', 'berlin'] },
  },
];
