/**
 * Adjacency and LINQ: OutEdges/InEdges as IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>> (null
 * without edges that way), TryGetOutEdge/TryGetInEdge lists, span groups, multi-hop reads through
 * SourceVertex/TargetVertex, and the Enumerable operators over them and over arrays and strings.
 */
import { ALL_EDGES, ALL_VERTICES, CITIES, LIVES_IN, LOCATED_IN, type ConformanceCase } from './corpus.js';

const WORKERS = ['alice', 'bob', 'carol', 'dave', 'erin'];

export const linqAdjacency: readonly ConformanceCase[] = [
  {
    name: 'adjacency: ContainsKey on OutEdges',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges != null && v.OutEdges.ContainsKey("worksAt");',
    expect: { passes: WORKERS },
  },
  {
    name: 'adjacency: null-conditional ContainsKey compared with true',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges?.ContainsKey("livesIn") == true;',
    expect: { passes: [...WORKERS, 'ghost'] },
  },
  {
    name: 'adjacency: number of edge types',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges != null && v.OutEdges.Count == 3;',
    expect: { passes: WORKERS },
  },
  {
    name: 'adjacency: in-degree summed over groups',
    kind: 'VertexFilter',
    fragment: 'return v => v.InEdges != null && v.InEdges.Values.Sum(l => l.Count) >= 3;',
    expect: { passes: CITIES },
  },
  {
    name: 'adjacency: TryGetOutEdge count',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetOutEdge(out var knows, "knows") && knows.Count == 2;',
    expect: { passes: ['alice', 'bob'] },
  },
  {
    name: 'adjacency: TryGetOutEdge leaves null when absent',
    kind: 'VertexFilter',
    fragment: 'return v => !v.TryGetOutEdge(out var knows, "knows") && knows == null;',
    expect: { passes: ['frank', 'acme', 'globex', 'initech', 'paris', 'berlin', 'ghost'] },
  },
  {
    name: 'adjacency: TryGetInEdge with Any over sources',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetInEdge(out var k, "knows") && k.Any(e => e.SourceVertex.Label == "person");',
    expect: { passes: ['alice', 'bob', 'carol', 'dave', 'erin'] },
  },
  {
    name: 'adjacency: list indexer and a typed read on the neighbour',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetOutEdge(out var w, "worksAt") && w[0].TargetVertex.TryGetProperty(out string c, "name") && c == "Acme";',
    expect: { passes: ['alice', 'bob'] },
  },
  {
    name: 'adjacency: span group',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetOutEdgesSpan(out var s, "livesIn") && s.Length == 1 && s[0].TargetVertex.TryGetProperty(out string n, "name") && n == "Paris";',
    expect: { passes: ['alice', 'carol', 'ghost'] },
  },
  {
    name: 'adjacency: absent span group is empty',
    kind: 'VertexFilter',
    fragment: 'return v => !v.TryGetOutEdgesSpan(out var s, "knows") && s.IsEmpty && s.Length == 0;',
    expect: { passes: ['frank', 'acme', 'globex', 'initech', 'paris', 'berlin', 'ghost'] },
  },
  {
    name: 'adjacency: in-edge span',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetInEdgesSpan(out var s, "worksAt") && s.Length == 2;',
    expect: { passes: ['acme', 'initech'] },
  },
  {
    name: 'adjacency: keys of OutEdges',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges != null && v.OutEdges.Keys.Contains("locatedIn");',
    expect: { passes: ['acme', 'globex'] },
  },
  {
    name: 'adjacency: SelectMany over the groups',
    kind: 'VertexFilter',
    fragment:
      'return v => v.OutEdges != null && v.OutEdges.Values.SelectMany(l => l).Any(e => e.TargetVertex.Label == "city");',
    expect: { passes: [...WORKERS, 'acme', 'globex', 'ghost'] },
  },
  {
    name: 'adjacency: dictionary entries as KeyValuePair',
    kind: 'VertexFilter',
    fragment:
      'return v => v.InEdges != null && v.InEdges.Any(kv => kv.Key == "locatedIn" && kv.Value.Count == 1);',
    expect: { passes: CITIES },
  },
  {
    name: 'adjacency: guarded dictionary indexer',
    kind: 'VertexFilter',
    fragment:
      'return v => v.OutEdges != null && v.OutEdges.ContainsKey("knows") && v.OutEdges["knows"].Count > 1;',
    expect: { passes: ['alice', 'bob'] },
  },
  {
    name: 'adjacency: TryGetValue on the dictionary',
    kind: 'VertexFilter',
    fragment: 'return v => v.InEdges != null && v.InEdges.TryGetValue("livesIn", out var l) && l.Count == 3;',
    expect: { passes: CITIES },
  },
  {
    name: 'adjacency: two hops (knows someone working at Initech)',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetOutEdge(out var knows, "knows") && knows.Any(e => e.TargetVertex.TryGetOutEdge(out var work, "worksAt") && work.Any(w => w.TargetVertex.TryGetProperty(out string n, "name") && n == "Initech"));',
    expect: { passes: ['carol', 'dave'] },
  },
  {
    name: 'adjacency: mutual knows',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetOutEdge(out var o, "knows") && o.Any(e => e.TargetVertex.TryGetOutEdge(out var back, "knows") && back.Any(b => b.TargetVertex.Id == v.Id));',
    expect: { passes: ['alice', 'bob'] },
  },
  {
    name: 'adjacency: Count with a predicate over in-edges',
    kind: 'VertexFilter',
    fragment:
      'return v => v.InEdges != null && v.InEdges.Values.SelectMany(x => x).Count(e => e.EdgePropertyId == "livesIn") == 3;',
    expect: { passes: CITIES },
  },
  {
    name: 'LINQ: Sum of a conditional selector',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetOutEdge(out var k, "knows") && k.Sum(e => e.TryGetProperty(out double s, "strength") ? s : 0) > 1;',
    expect: { passes: ['alice'] },
    note: 'alice: 0.9 + 0.4; bob: 0.7 + 0 (bobKnowsCarol has no strength).',
  },
  {
    name: 'LINQ: Average of int selector is a double',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetOutEdge(out var k, "knows") && k.Average(e => e.TryGetProperty(out int y, "years") ? y : 0) >= 5;',
    expect: { passes: ['alice', 'bob'] },
    note: 'alice (10 + 3) / 2 = 6.5; bob (10 + 0) / 2 = 5.',
  },
  {
    name: 'LINQ: Max over in-edge sources',
    kind: 'VertexFilter',
    fragment:
      'return v => v.InEdges != null && v.InEdges.Values.SelectMany(l => l).Max(e => e.SourceVertex.Id) > 9;',
    expect: { passes: ['paris'] },
  },
  {
    name: 'LINQ: OrderByDescending then First',
    kind: 'VertexFilter',
    fragment:
      'return v => v.InEdges != null && v.InEdges.Values.SelectMany(l => l).OrderByDescending(e => e.SourceVertex.Id).First().SourceVertex.Label == "company";',
    expect: { passes: ['berlin'] },
  },
  {
    name: 'LINQ: Select, Distinct, Count',
    kind: 'VertexFilter',
    fragment:
      'return v => v.InEdges != null && v.InEdges.Values.SelectMany(l => l).Select(e => e.EdgePropertyId).Distinct().Count() == 2;',
    expect: { passes: CITIES },
  },
  {
    name: 'LINQ: All over the groups',
    kind: 'VertexFilter',
    fragment: 'return v => v.OutEdges != null && v.OutEdges.Values.All(l => l.Count == 1);',
    expect: { passes: ['carol', 'dave', 'erin', 'acme', 'globex', 'ghost'] },
  },
  {
    name: 'LINQ: ToList and ToArray of keys',
    kind: 'VertexFilter',
    fragment:
      'return v => v.OutEdges?.Keys.ToList().Count == 1 || v.OutEdges != null && v.OutEdges.Keys.ToArray().Length == 4;',
    expect: { passes: ['acme', 'globex', 'ghost'] },
  },
  {
    name: 'LINQ: FirstOrDefault with a predicate on neighbours',
    kind: 'VertexFilter',
    fragment:
      'return v => v.OutEdges != null && v.OutEdges.Values.SelectMany(l => l).FirstOrDefault(e => e.EdgePropertyId == "worksAt")?.TargetVertex.Id == 8;',
    expect: { passes: ['dave', 'erin'] },
  },
  {
    name: 'LINQ: Where then Select of names',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetInEdge(out var l, "worksAt") && l.Where(e => e.TryGetProperty(out int h, "hours") && h > 30).Select(e => e.SourceVertex.Id).Contains(3);',
    expect: { passes: ['initech'] },
  },
  {
    name: 'LINQ: Skip, Take and Sum over an array',
    kind: 'VertexFilter',
    fragment: 'return v => new[] { 1, 2, 3, 4, 5 }.Skip(1).Take(3).Sum() == 9;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'LINQ: Distinct, Max, Min over an int array',
    kind: 'VertexFilter',
    fragment:
      'int[] xs = { 3, 1, 4, 1, 5 };\nreturn v => xs.Distinct().Count() == 4 && xs.Max() == 5 && xs.Min() == 1 && xs.Contains(v.Id);',
    expect: { passes: ['bob', 'dave', 'erin', 'frank'] },
  },
  {
    name: 'LINQ: FirstOrDefault of empty sequences',
    kind: 'VertexFilter',
    fragment:
      'return v => new int[0].FirstOrDefault() == 0 && new string[0].FirstOrDefault() == null && new int[0].FirstOrDefault(-1) == -1;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'LINQ: OrderBy then Last',
    kind: 'VertexFilter',
    fragment:
      'return v => new[] { 3, 1, 2 }.OrderBy(x => x).Last() == 3 && new[] { 3, 1, 2 }.OrderByDescending(x => x).Last() == 1;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'LINQ: Where and Select with an index',
    kind: 'VertexFilter',
    fragment:
      'return v => new[] { 5, 6, 7 }.Where((x, i) => i > 0).Sum() == 13 && new[] { 5, 6, 7 }.Select((x, i) => x * i).Sum() == 20;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'LINQ: Average of doubles and of an empty nullable sequence',
    kind: 'VertexFilter',
    fragment: 'return v => new[] { 1.0, 2.0, 4.5 }.Average() == 2.5 && new int?[0].Average() == null;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'LINQ: deferred query runs again on each enumeration',
    kind: 'VertexFilter',
    fragment:
      'var calls = 0;\nvar q = new[] { 1, 2, 3 }.Select(x => { calls++; return x; });\nreturn v => q.Count() + q.Count() == 6 && calls == 6;',
    expect: { passes: ['alice'] },
    note: 'Count enumerates the Select each time; calls keeps growing across delegate calls (6 after alice, 12 after bob).',
  },
  {
    name: 'LINQ: Sum over edges in an edge filter',
    kind: 'EdgeFilter',
    fragment: 'return e => e.SourceVertex.OutEdges.Values.Sum(l => l.Count) == 4;',
    expect: {
      passes: [
        'aliceKnowsBob',
        'aliceKnowsCarol',
        'aliceWorksAtAcme',
        'aliceLivesInParis',
        'bobKnowsAlice',
        'bobKnowsCarol',
        'bobWorksAtAcme',
        'bobLivesInBerlin',
      ],
    },
  },
  {
    name: 'adjacency: in-edge groups of the target',
    kind: 'EdgeFilter',
    fragment: 'return e => e.TargetVertex.InEdges.Count == 2;',
    expect: { passes: [...LIVES_IN, ...LOCATED_IN] },
  },
  {
    name: 'adjacency: in-degree of the target',
    kind: 'EdgeFilter',
    fragment: 'return e => e.TargetVertex.GetInDegree() == 1;',
    expect: { passes: ['aliceKnowsBob', 'carolKnowsDave', 'daveKnowsErin', 'carolWorksAtGlobex'] },
  },
  {
    name: 'adjacency: the edge is among its source out-edges',
    kind: 'EdgeFilter',
    fragment:
      'return e => e.SourceVertex.OutEdges[e.EdgePropertyId].Any(x => x.Id == e.Id) && e.TargetVertex.InEdges.ContainsKey(e.EdgePropertyId);',
    expect: { passes: ALL_EDGES },
  },
];
