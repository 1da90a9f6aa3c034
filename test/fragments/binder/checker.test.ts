/**
 * The checker's verdicts on the fragments the acceptance list names: valid fragments bind without
 * diagnostics; each invalid one reports the C# id at the C# position (1-based, fragment coordinates).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFragment } from '../../../src/fragments/compiler.js';
import { toWireDiagnostics } from '../../../src/fragments/diagnostics.js';
import { DELEGATE_KINDS, type DelegateKindName } from '../../../src/fragments/types/index.js';

function check(kind: DelegateKindName, text: string): { valid: boolean; found: string[] } {
  const result = checkFragment(DELEGATE_KINDS[kind], text);
  return {
    valid: result.valid,
    found: toWireDiagnostics(result.diagnostics, text).map((d) => `${d.id}@${d.line}:${d.column}`),
  };
}

const valid: readonly [DelegateKindName, string][] = [
  ['VertexFilter', 'return v => v.Label == "person" && v.TryGetProperty(out int age, "age") && age > 30;'],
  [
    'VertexFilter',
    'var min = 30;\nreturn (VertexModel vertex) => { return vertex.TryGetProperty<int>(out var a, "age") && a >= min; };',
  ],
  ['VertexFilter', 'return v => v.OutEdges != null && v.OutEdges.Any(kv => kv.Value.Count > 1);'],
  ['VertexFilter', 'return v => v.OutEdges?.Values.Sum(l => l.Count) > 2;'],
  [
    'VertexFilter',
    'return v => v.OutEdges.Values.Max(l => l.Count) > 0 && v.OutEdges.Values.Average(l => (double)l.Count) > 0;',
  ],
  [
    'VertexFilter',
    'return v => v.OutEdges.Values.SelectMany(x => x).OrderBy(e => e.Id).Take(2).Skip(1).ToList().Count == 1;',
  ],
  [
    'VertexFilter',
    'return v => v.OutEdges.Keys.Contains("knows") && v.OutEdges.TryGetValue("k", out var list) && list.Count > 0;',
  ],
  [
    'VertexFilter',
    'return v => v.InEdges.TryGetValue("knows", out var fans) && fans.Count(e => e.SourceVertex.Id > 1) > 1;',
  ],
  ['VertexFilter', 'return v => v.Label switch { "a" => true, "b" => false, _ => v.Id > 2 };'],
  [
    'VertexFilter',
    'return v => v.Label is string s && s.Length > 3 && s.StartsWith("A", StringComparison.Ordinal);',
  ],
  ['VertexFilter', 'return v => v.Id is 1 or 2 or > 10 and not 12;'],
  ['VertexFilter', 'return v => v.Label is { Length: > 3 };'],
  ['VertexFilter', 'object o = 5; return v => o is int i && i > 3;'],
  [
    'VertexFilter',
    'return v => { int total = 0; foreach (var kv in v.OutEdges) { total += kv.Value.Count; } for (int i = 0; i < 3; i++) total++; return total % 2 == 0; };',
  ],
  ['VertexFilter', 'return v => new[] { 1, 2, 3 }.Where(x => x > 1).Select(x => x * 2).Contains(4);'],
  [
    'VertexFilter',
    'return v => v.GetCreationDate() > DateTime.UtcNow.AddDays(-1) && Math.Abs(v.Id - 3) < 2;',
  ],
  ['VertexFilter', 'return v => v.TryGetProperty(out decimal p, "price") && p > 10.5m;'],
  ['VertexFilter', 'return v => $"{v.Label}:{v.Id,5:D3}" != "";'],
  ['VertexFilter', 'return v => context.TrySimilarity(v, out float s) && s > 0.5f;'],
  ['VertexFilter', 'return v => v.TryGetEmbedding(out var vec) && vec.Length == 3 && vec[0] > 0;'],
  ['VertexFilter', 'return v => v.Label.Where(c => char.IsUpper(c)).Count() > 0;'],
  ['VertexFilter', 'return v => Convert.ToInt32("5") == 5 && int.TryParse("4", out var n) && n == 4;'],
  ['VertexFilter', 'if (context.HasQueryVector) return v => true;\nreturn null;'],
  ['VertexCost', 'return v => v.GetOutDegree();'],
  ['EdgeCost', 'return e => e.TryGetProperty(out double w, "w") ? w : 1;'],
  ['EdgePropertyFilter', 'return p => p.StartsWith("kn");'],
  ['GraphElementFilter', 'return e => e is VertexModel vm && vm.GetInDegree() > 0u;'],
  ['VertexFilter', 'return v => { char c = (char)97; c++; byte b = 255; b--; return c == (char)98; };'],
  ['VertexFilter', ''],
  ['VertexFilter', '   \n  '],
];

const invalid: readonly [DelegateKindName, string, readonly string[]][] = [
  ['VertexFilter', 'return v => v.Nope;', ['CS1061@1:15']],
  ['VertexFilter', 'return v => unknown > 1;', ['CS0103@1:13']],
  ['VertexFilter', 'return v => 1.5;', ['CS0029@1:13', 'CS1662@1:13']],
  ['VertexFilter', 'return v => v.Label?.StartsWith("a");', ['CS0266@1:13', 'CS1662@1:13']],
  ['VertexCost', 'return v => { long a = 5; int b = a; return b; };', ['CS0266@1:35']],
  ['VertexFilter', 'return v => { if (v.Id > 3) return true; };', ['CS1643@1:10']],
  ['VertexFilter', 'if (context.HasQueryVector) return v => true;', ['CS0161@1:1']],
  ['VertexFilter', 'return v => v.TryGetProperty(out var x, "a") && x > 1;', ['CS0411@1:15']],
  ['VertexFilter', 'return v => v.GetAllProperties() != null;', ['CS0012@1:15']],
  ['VertexFilter', 'return v => v.GetAllNeighbors().Count > 0;', ['CS0012@1:15']],
  ['VertexFilter', 'return v => v.GetOutgoingEdgeIds() != null;', ['CS0012@1:15']],
  ['VertexFilter', 'return v => v.GetIncomingEdgeIds() != null;', ['CS0012@1:15']],
  ['VertexFilter', 'return v => Regex.IsMatch(v.Label, "a");', ['CS0103@1:13']],
  ['VertexFilter', 'System.Text.RegularExpressions.Regex r = null; return v => true;', ['CS0234@1:1']],
  ['VertexFilter', 'return v => System.Diagnostics.Process.GetCurrentProcess() != null;', ['CS1069@1:13']],
  ['VertexFilter', 'Process p = null; return v => true;', ['CS0246@1:1']],
  ['VertexFilter', 'return v => System.IO.File.Exists("x");', ['SVCUNSUPPORTED@1:13']],
  ['VertexFilter', 'return v => v.GetType() != null;', ['SVCUNSUPPORTED@1:15']],
  ['VertexFilter', 'int y; return v => y > 0;', ['CS0165@1:20']],
  ['VertexFilter', 'int x = int.MaxValue + 1; return v => true;', ['CS0220@1:9']],
  ['VertexFilter', 'return v => v.Id / 0 > 1;', ['CS0020@1:13']],
  ['VertexFilter', 'var x = null; return v => true;', ['CS0815@1:5']],
  ['VertexFilter', 'return v => { var v = 1; return true; };', ['CS0136@1:19']],
  ['VertexFilter', 'return (EdgeModel e) => true;', ['CS1678@1:9', 'CS1661@1:8']],
  ['VertexFilter', 'return (a, b) => true;', ['CS1593@1:8']],
  ['VertexFilter', 'return true;', ['CS0029@1:8']],
  ['VertexFilter', 'return v => v.Label();', ['CS1955@1:13']],
  ['VertexFilter', 'return v => v.Label.Substring("a") == "";', ['CS1503@1:31']],
  ['VertexFilter', 'return v => v.Label.Substring(1, 2, 3) == "";', ['CS1501@1:21']],
  ['VertexFilter', 'return v => v.OutEdges.Any(e => e.Nope);', ['CS1061@1:35']],
  ['VertexFilter', 'return v => v.TryGetProperty<int>(5, "a");', ['CS1620@1:35']],
  ['VertexFilter', 'return v => { v.Id; return true; };', ['CS0201@1:15']],
  ['VertexFilter', 'return v => { v.Id = 3; return true; };', ['CS0191@1:15']],
  ['VertexFilter', 'return v => { break; };', ['CS0139@1:15', 'CS1643@1:10']],
];

describe('the checker accepts the fragments users write', () => {
  for (const [kind, text] of valid) {
    it(`${kind}: ${JSON.stringify(text)}`, () => {
      const result = check(kind, text);
      assert.deepEqual(result.found, []);
      assert.equal(result.valid, true);
    });
  }
});

describe('the checker reports C# diagnostics with their ids and positions', () => {
  for (const [kind, text, expected] of invalid) {
    it(`${expected.join(', ')}: ${JSON.stringify(text)}`, () => {
      const result = check(kind, text);
      assert.deepEqual(result.found, expected);
      assert.equal(result.valid, false);
    });
  }
});

describe('the checker stops on the size limit before anything else', () => {
  it('a fragment over 100,000 characters is SVCLIMIT alone', () => {
    const text = `return v => true; /*${'x'.repeat(100_000)}*/`;
    assert.deepEqual(check('VertexFilter', text).found, ['SVCLIMIT@1:1']);
  });

  it('a long flat chain of && binds without exhausting the stack', () => {
    const text = `return v => ${Array.from({ length: 5000 }, (_, i) => `v.Id != ${i}`).join(' && ')};`;
    assert.deepEqual(check('VertexFilter', text).found, []);
  });
});
