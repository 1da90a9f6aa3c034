/**
 * Realistic fragments for the compile-latency benchmark: what users of the ancestor write on the path
 * and subgraph routes (filters on labels and typed properties, adjacency checks with LINQ, costs from
 * properties and degrees, semantic checks on `context`), in every kind and in both lambda styles.
 * Written out, not generated from one template, so the checker meets varied shapes.
 */
import type { DelegateKindName } from '../../src/fragments/types/index.js';

export interface CorpusFragment {
  readonly kind: DelegateKindName;
  readonly text: string;
}

const vertexFilters: readonly string[] = [
  'return v => v.Label == "person" && v.TryGetProperty(out int age, "age") && age > 30;',
  'return (v) => v.Label == "company";',
  'return v => v.Label != null && v.Label.StartsWith("per");',
  'return v => v.TryGetProperty(out string name, "name") && name.Contains("ann");',
  'return v => v.TryGetProperty(out double score, "score") && score >= 0.75;',
  'return v => v.TryGetProperty(out bool active, "active") && active;',
  'return v => !v.TryGetProperty(out bool deleted, "deleted") || !deleted;',
  'return v => v.GetOutDegree() > 2;',
  'return v => v.GetInDegree() + v.GetOutDegree() >= 3u;',
  'return v => v.OutEdges != null && v.OutEdges.ContainsKey("knows");',
  'return v => v.OutEdges?.ContainsKey("worksAt") == true;',
  'return v => v.InEdges != null && v.InEdges.Values.Sum(l => l.Count) > 5;',
  'return v => v.TryGetOutEdge(out var knows, "knows") && knows.Count >= 2;',
  'return v => v.TryGetOutEdge(out var edges, "livesIn") && edges.Any(e => e.TargetVertex.Label == "city");',
  'return v => v.GetCreationDate() > new DateTime(2024, 1, 1);',
  'return v => v.GetModificationDate() >= DateTime.UtcNow.AddDays(-30);',
  'return v => v.TryGetProperty(out DateTime since, "since") && since.Year >= 2020;',
  'return v => v.TryGetProperty(out long big, "big") && big % 2 == 0;',
  'return v => v.TryGetProperty(out decimal price, "price") && price > 99.99m;',
  'return v => v.TryGetProperty(out float weight, "weight") && weight < 1.5f;',
  'return v => v.GetPropertyCount() > 3;',
  'return v => v.AnyPropertyValueMatches(s => s.Contains("@example.com"));',
  'return v => v.Id % 10 == 0;',
  'return v => v.Label is "person" or "employee";',
  'return v => v.Label switch { "person" => true, "company" => v.GetOutDegree() > 0, _ => false };',
  'var minimum = 18;\nreturn v => v.TryGetProperty(out int age, "age") && age >= minimum;',
  'var labels = new[] { "person", "company", "city" };\nreturn v => labels.Contains(v.Label);',
  'return v =>\n{\n    if (v.Label != "person") return false;\n    if (!v.TryGetProperty(out int age, "age")) return false;\n    return age > 21 && age < 65;\n};',
  'return v =>\n{\n    var total = 0;\n    if (v.OutEdges == null) return false;\n    foreach (var group in v.OutEdges)\n        total += group.Value.Count;\n    return total > 3;\n};',
  'return v => v.OutEdges != null && v.OutEdges.Values.SelectMany(l => l).Select(e => e.TargetVertex.Id).Distinct().Count() > 2;',
  'return v => v.OutEdges != null && v.OutEdges.Keys.Any(k => k.StartsWith("work"));',
  'return v => v.TryGetProperty(out string email, "email") && email.EndsWith(".org", StringComparison.OrdinalIgnoreCase);',
  'return v => v.TryGetProperty(out string name, "name") && name.ToLowerInvariant().Trim() == "alice";',
  'return v => v.TryGetProperty(out string tags, "tags") && tags.Split(\',\').Length > 2;',
  'return v => v.TryGetProperty(out string code, "code") && code.Length == 6 && char.IsDigit(code[0]);',
  'return v => v.TryGetProperty(out object any, "age") && any is int;',
  'return v => v.TryGetProperty(out Guid id, "externalId") && id != Guid.Empty;',
  'return v => v.TryGetProperty(out TimeSpan duration, "duration") && duration > TimeSpan.FromHours(2);',
  'return v => string.IsNullOrEmpty(v.Label) == false;',
  'return v => v.TryGetProperty(out int age, "age") && Math.Abs(age - 40) <= 5;',
  'return v => v.TryGetProperty(out double lat, "lat") && v.TryGetProperty(out double lon, "lon") && Math.Sqrt(lat * lat + lon * lon) < 100;',
  'return v => context.HasQueryVector && context.TrySimilarity(v, out var s) && s > 0.8f;',
  'return v => v.TryGetEmbedding(out var vector) && vector.Length == 384;',
  'return v => v.TryGetEmbeddingModelStamp(out var stamp) && stamp.StartsWith("minilm");',
  'return v => v.TryGetProperty(out int age, "age") ? age > 30 : v.Label == "company";',
  'return v => (v.Label ?? "") == "person";',
  'return v => v.TryGetProperty(out int rank, "rank") && rank is >= 1 and <= 10;',
  'return v => v.OutEdges != null && v.OutEdges.Values.All(l => l.Count < 100);',
  'return v => v.InEdges != null && v.InEdges.TryGetValue("knows", out var fans) && fans.Count(e => e.SourceVertex.Label == "person") > 1;',
  'return v => $"{v.Label}-{v.Id}" != "person-0";',
  'return v =>\n{\n    for (var i = 0; i < 3; i++)\n        if (v.TryGetProperty(out string s, "alias" + i) && s == "x") return true;\n    return false;\n};',
  'return v => v.TryGetOutEdgesSpan(out var span, "knows") && span.Length > 0 && span[0].TargetVertex.Id != v.Id;',
];

const edgeFilters: readonly string[] = [
  'return e => e.Label == "knows";',
  'return e => e.EdgePropertyId == "worksAt";',
  'return e => e.TryGetProperty(out double weight, "weight") && weight > 0.5;',
  'return e => e.SourceVertex.Label == "person" && e.TargetVertex.Label == "company";',
  'return e => e.TargetVertex.GetInDegree() > 1;',
  'return e => e.GetCreationDate() < DateTime.UtcNow;',
  'return (EdgeModel edge) => edge.TryGetProperty(out int since, "since") && since >= 2015;',
  'return e => e.TryGetProperty(out string kind, "kind") && kind is "friend" or "family";',
  'return e => e.SourceVertex.Id != e.TargetVertex.Id;',
  'return e =>\n{\n    if (!e.TryGetProperty(out float w, "w")) return true;\n    return w >= 0f && w <= 1f;\n};',
  'var blocked = new[] { 3, 5, 8 };\nreturn e => !blocked.Contains(e.TargetVertex.Id);',
  'return e => e.TargetVertex.TryGetProperty(out string city, "city") && city == "Berlin";',
  'return e => e.Label?.Length > 2;',
  'return e => e.GetPropertyCount() == 0 || e.TryGetProperty(out bool valid, "valid") && valid;',
  'return e => e.EdgePropertyId.StartsWith("rel", StringComparison.Ordinal);',
  'return e => e.TargetVertex.OutEdges == null;',
  'return e => e.TryGetProperty(out decimal amount, "amount") && amount >= 1000m;',
  'return e => e.Id % 2 == 1;',
];

const edgePropertyFilters: readonly string[] = [
  'return p => p == "knows";',
  'return p => p.StartsWith("work");',
  'return id => id != "blocked" && id != "hidden";',
  'return p => p.Length <= 8;',
  'var allowed = new[] { "knows", "likes" };\nreturn p => allowed.Contains(p);',
  'return p => p.Equals("KNOWS", StringComparison.OrdinalIgnoreCase);',
  'return p => !string.IsNullOrWhiteSpace(p);',
  "return p => p.IndexOf('_') < 0;",
];

const vertexCosts: readonly string[] = [
  'return v => 1.0;',
  'return v => v.GetOutDegree();',
  'return v => v.TryGetProperty(out double cost, "cost") ? cost : 1.0;',
  'return v => v.Label == "hub" ? 10 : 1;',
  'return v => Math.Log(1 + v.GetInDegree());',
  'return v => v.TryGetProperty(out int penalty, "penalty") ? penalty * 0.5 : 0;',
  'return v => context.TrySimilarity(v, out var score) ? 1 - score : 1;',
  'return v =>\n{\n    double cost = 1;\n    if (v.TryGetProperty(out bool toll, "toll") && toll) cost += 5;\n    return cost;\n};',
  'return v => v.TryGetProperty(out float f, "f") ? f : 0f;',
  'return v => v.OutEdges == null ? 100 : 1.0 / v.OutEdges.Count;',
  'return v => Math.Max(0.1, v.TryGetProperty(out double d, "d") ? d : 0.1);',
];

const edgeCosts: readonly string[] = [
  'return e => 1.0;',
  'return e => e.TryGetProperty(out double w, "weight") ? w : 1.0;',
  'return e => e.TryGetProperty(out int km, "distance") ? km : 100;',
  'return e => e.Label == "highway" ? 0.5 : 1.5;',
  'return e => e.TargetVertex.GetInDegree() * 0.1;',
  'return e => e.TryGetProperty(out TimeSpan t, "duration") ? t.TotalMinutes : 60;',
  'return e =>\n{\n    if (!e.TryGetProperty(out double w, "weight")) return 1;\n    return w < 0 ? 0 : w;\n};',
  'return (EdgeModel edge) => edge.TryGetProperty(out float w, "w") ? (double)w : 1d;',
  'return e => e.TryGetProperty(out decimal toll, "toll") ? (double)toll : 0;',
  'return e => Math.Pow(2, e.TryGetProperty(out int level, "level") ? level : 0);',
];

const graphElementFilters: readonly string[] = [
  'return x => x.Label == "person";',
  'return x => x is VertexModel v && v.GetOutDegree() > 0;',
  'return x => x is EdgeModel e && e.EdgePropertyId == "knows";',
  'return x => x.TryGetProperty(out int age, "age") && age > 18;',
  'return x => x.GetPropertyCount() > 0;',
  'return x => x switch { VertexModel v => v.Label == "city", EdgeModel e => e.Label == "livesIn", _ => false };',
  'return x => x.Id < 1000;',
  'return x => x.AnyPropertyValueMatches(s => s.Length > 10);',
];

function of(kind: DelegateKindName, texts: readonly string[]): CorpusFragment[] {
  return texts.map((text) => ({ kind, text }));
}

export const COMPILE_CORPUS: readonly CorpusFragment[] = [
  ...of('VertexFilter', vertexFilters),
  ...of('EdgeFilter', edgeFilters),
  ...of('EdgePropertyFilter', edgePropertyFilters),
  ...of('VertexCost', vertexCosts),
  ...of('EdgeCost', edgeCosts),
  ...of('GraphElementFilter', graphElementFilters),
];
