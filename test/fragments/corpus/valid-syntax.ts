/**
 * Fragments that are valid C# within the supported subset: the parser must read each without a
 * diagnostic. They are the filters and costs users write (docs/fragments.md, "Kinds and their lambda
 * shapes" and "What a fragment may call"), grouped by the construct each one exercises; the binder's tests
 * reuse them.
 */
export interface ValidFragment {
  /** The construct the fragment is here for. */
  readonly covers: string;
  readonly fragment: string;
}

export const validFragments: readonly ValidFragment[] = [
  // Filters and costs as the documentation shows them.
  {
    covers: 'typed read with out int',
    fragment: 'return v => v.Label == "person" && v.TryGetProperty(out int age, "age") && age > 30;',
  },
  {
    covers: 'statements before a block lambda',
    fragment:
      'var min = 3; return (e) => { if (e.Label == null) return false; return e.TryGetProperty<double>(out var w, "weight") && w >= min; };',
  },
  {
    covers: 'LINQ over grouped edges',
    fragment: 'return x => x.OutEdges != null && x.OutEdges.Any(g => g.Key == "knows" && g.Value.Count > 2);',
  },
  { covers: 'edge property filter on the edge type', fragment: 'return t => t == "knows" || t == "likes";' },
  {
    covers: 'edge cost from a weight',
    fragment: 'return e => e.TryGetProperty(out double w, "weight") ? w : 1.0;',
  },
  { covers: 'vertex cost from the degree', fragment: 'return v => 1.0 + v.GetOutDegree();' },
  {
    covers: 'element filter on the label',
    fragment: 'return el => el.Label != null && el.Label.StartsWith("p");',
  },
  { covers: 'parameter named freely', fragment: 'return vertex => vertex.Id % 2 == 0;' },
  {
    covers: 'context in the closure',
    fragment: 'return v => !context.HasQueryVector || context.TrySimilarity(v, out float s) && s > 0.5f;',
  },
  {
    covers: 'leading comment',
    fragment: '// adults only\nreturn v => v.TryGetProperty(out int age, "age") && age >= 18;',
  },
  { covers: 'block comment between tokens', fragment: 'return v /* the vertex */ => v.Id /* id */ > 0;' },
  { covers: 'Windows line breaks', fragment: 'var limit = 10;\r\nreturn v => v.Id < limit;\r\n' },

  // Local declarations.
  { covers: 'var local', fragment: 'var label = "city"; return v => v.Label == label;' },
  { covers: 'explicit int local', fragment: 'int threshold = 5; return v => v.GetOutDegree() > threshold;' },
  { covers: 'array type local', fragment: 'int[] ids = { 1, 2, 3 }; return v => ids.Contains(v.Id);' },
  {
    covers: 'generic List<int> local',
    fragment: 'List<int> seen = new List<int>(); seen.Add(4); return v => seen.Contains(v.Id);',
  },
  {
    covers: 'IReadOnlyList<EdgeModel> local',
    fragment:
      'IReadOnlyList<EdgeModel> knows = null; return v => v.TryGetOutEdge(out knows, "knows") && knows.Count > 1;',
  },
  {
    covers: 'Func<string,bool> local',
    fragment:
      'Func<string, bool> isName = s => s.Length > 0 && char.IsUpper(s[0]); return v => v.AnyPropertyValueMatches(isName);',
  },
  { covers: 'nullable int local', fragment: 'int? cap = null; return v => cap == null || v.Id < cap;' },
  {
    covers: 'multiple declarators',
    fragment: 'int low = 1, high = 100; return v => v.Id >= low && v.Id <= high;',
  },
  {
    covers: 'declarator without initializer',
    fragment: 'double w; return e => e.TryGetProperty(out w, "w") && w > 0;',
  },
  {
    covers: 'const local',
    fragment:
      'const double Scale = 2.5; return e => e.TryGetProperty(out double w, "w") ? w * Scale : Scale;',
  },
  {
    covers: 'string array local',
    fragment: 'string[] labels = new string[] { "a", "b" }; return v => labels.Contains(v.Label);',
  },
  { covers: 'jagged array type', fragment: 'int[][] grid = new int[2][]; return v => grid.Length == 2;' },
  {
    covers: 'two-dimensional array type',
    fragment: 'double[,] m = new double[2, 2]; return v => m[0, 0] == 0;',
  },
  { covers: 'qualified type name', fragment: 'System.String name = "x"; return v => v.Label == name;' },
  {
    covers: 'nested generic type',
    fragment: 'var groups = new Dictionary<string, List<int>>(); return v => groups.Count == 0;',
  },
  {
    covers: 'var with a lambda typed local',
    fragment: 'Func<VertexModel, bool> ok = v => v.Id > 0; return v => ok(v);',
  },

  // Statements.
  {
    covers: 'if/else in a block lambda',
    fragment:
      'return v => { if (v.Label == "a") { return true; } else if (v.Label == "b") return false; else return v.Id > 3; };',
  },
  {
    covers: 'for loop with break and continue',
    fragment:
      'return v => { var n = 0; for (var i = 0; i < 10; i++) { if (i % 2 == 0) continue; if (i > 7) break; n += i; } return n > v.Id; };',
  },
  {
    covers: 'for with two initializers and incrementors',
    fragment: 'int hits = 0; for (int i = 0, j = 10; i < j; i++, j--) hits++; return v => hits == v.Id;',
  },
  {
    covers: 'for with empty parts',
    fragment: 'int k = 0; for (;;) { if (++k > 3) break; } return v => k == 4;',
  },
  {
    covers: 'for with expression initializer',
    fragment: 'int i; for (i = 0; i < 3; i++) { } return v => i == 3;',
  },
  {
    covers: 'foreach over an array',
    fragment: 'var total = 0; foreach (var x in new[] { 1, 2, 3 }) total += x; return v => v.Id < total;',
  },
  {
    covers: 'foreach with explicit type over edges',
    fragment:
      'return v => { if (v.OutEdges == null) return false; foreach (KeyValuePair<string, IReadOnlyList<EdgeModel>> g in v.OutEdges) { if (g.Value.Count > 3) return true; } return false; };',
  },
  { covers: 'while loop', fragment: 'int k = 10; while (k > 0) k -= 3; return v => k < 0;' },
  { covers: 'do/while loop', fragment: 'int k = 0; do { k++; } while (k < 5); return v => k == 5;' },
  { covers: 'nested blocks', fragment: '{ { var a = 1; } } return v => true;' },
  { covers: 'empty statement', fragment: ';; return v => true;' },
  { covers: 'expression statements', fragment: 'var n = 1; n++; ++n; n--; n = n * 2; return v => n > 0;' },
  {
    covers: 'return in a loop inside a lambda',
    fragment: 'return v => { var i = 0; while (true) { if (i++ > v.Id) return i; } };',
  },

  // Assignment and compound assignment.
  {
    covers: 'all compound assignments',
    fragment:
      'long a = 1; a += 2; a -= 1; a *= 3; a /= 2; a %= 5; a &= 7; a |= 8; a ^= 1; a <<= 2; a >>= 1; return v => a > 0;',
  },
  { covers: 'coalescing assignment', fragment: 'string s = null; s ??= "none"; return v => v.Label == s;' },
  { covers: 'chained assignment', fragment: 'int a, b; a = b = 3; return v => a == b;' },

  // Operators.
  { covers: 'conditional operator', fragment: 'return v => v.Id > 10 ? 2.0 : 0.5;' },
  { covers: 'nested conditional', fragment: 'return v => v.Id > 10 ? 1 : v.Id > 5 ? 2 : 3;' },
  { covers: 'null coalescing', fragment: 'return v => (v.Label ?? "").Length > 2;' },
  { covers: 'logical or/and precedence', fragment: 'return x => x.Id > 3 && x.Id < 10 || x.Id == 42;' },
  { covers: 'bitwise operators', fragment: 'return v => ((v.Id & 0xF) | 0x10 ^ 3) != 0;' },
  { covers: 'equality and relational', fragment: 'return v => v.Id >= 1 == v.Id <= 9 != false;' },
  { covers: 'shift operators', fragment: 'return v => (v.Id << 2 >> 1) > 8;' },
  { covers: 'additive and multiplicative', fragment: 'return v => v.Id * 2 + v.Id / 3 - v.Id % 4 > 1;' },
  { covers: 'unary operators', fragment: 'return v => !(-v.Id > +3) && ~v.Id != 0;' },
  {
    covers: 'prefix and postfix increment',
    fragment: 'int c = 0; return v => ++c > 0 && c++ < 100 && --c >= 0 && c-- > -1;',
  },
  { covers: 'as operator', fragment: 'return v => v.Label as string != null;' },
  { covers: 'cast to double', fragment: 'return v => (double)v.GetOutDegree() / (v.GetInDegree() + 1);' },
  { covers: 'cast of a negative value', fragment: 'return v => (long)-v.Id < 0;' },
  { covers: 'cast to a nullable type', fragment: 'return v => (int?)v.Id != null;' },
  { covers: 'cast to a named type', fragment: 'return v => ((AGraphElementModel)v).Id > 0;' },
  { covers: 'parenthesized subtraction, not a cast', fragment: 'int x = 4; return v => (x) - v.Id > 0;' },
  { covers: 'unsigned right shift', fragment: 'return v => (v.Id >>> 1) > 3;' },
  { covers: 'null-forgiving operator', fragment: 'return v => v.Label!.Length > 0;' },

  // is patterns.
  {
    covers: 'type pattern with designation',
    fragment: 'return e => e.TryGetProperty(out object o, "w") && o is double d && d > 0.5;',
  },
  {
    covers: 'type pattern without designation',
    fragment: 'return e => e.TryGetProperty(out object o, "w") && o is string;',
  },
  { covers: 'constant pattern', fragment: 'return v => v.Label is "person";' },
  { covers: 'null pattern', fragment: 'return v => v.OutEdges is null;' },
  { covers: 'not null pattern', fragment: 'return v => v.Label is not null;' },
  { covers: 'relational pattern', fragment: 'return v => v.Id is > 3;' },
  { covers: 'and/or combinators', fragment: 'return v => v.Id is > 3 and < 10 or 42;' },
  { covers: 'parenthesized pattern', fragment: 'return v => v.Id is (> 0 and < 5) or (> 100 and not 150);' },
  { covers: 'var pattern', fragment: 'return v => v.Label is var l && l != null;' },
  { covers: 'discard pattern', fragment: 'return v => v.Label is _;' },
  { covers: 'enum constant pattern', fragment: 'return v => context.Metric is VectorDistanceMetric.Cosine;' },
  { covers: 'property pattern', fragment: 'return v => v.Label is { Length: > 3 };' },
  {
    covers: 'negated type pattern',
    fragment: 'return e => e.TryGetProperty(out object o, "w") && o is not int;',
  },
  {
    covers: 'pattern on a char',
    fragment: "return v => v.Label != null && v.Label[0] is >= 'a' and <= 'z';",
  },

  // Member access, invocation and element access.
  { covers: 'null-conditional member', fragment: 'return v => v.Label?.Length > 3;' },
  {
    covers: 'null-conditional chain',
    fragment: 'return v => v.OutEdges?.Values.SelectMany(x => x).Count() > 3;',
  },
  { covers: 'null-conditional element', fragment: "return v => v.Label?[0] == 'a';" },
  {
    covers: 'out var argument',
    fragment: 'return v => v.TryGetProperty(out var name, "name") && name != null;',
  },
  {
    covers: 'out to an existing local',
    fragment: 'int age; return v => v.TryGetProperty(out age, "age") && age > 1;',
  },
  { covers: 'out discard', fragment: 'return v => v.TryGetProperty<int>(out _, "age");' },
  { covers: 'out var discard', fragment: 'return v => v.TryGetProperty(out int _, "age");' },
  {
    covers: 'ref argument',
    fragment: 'int hits = 0; return v => System.Threading.Interlocked.Increment(ref hits) > 0;',
  },
  {
    covers: 'named argument',
    fragment: 'return v => v.TryGetEmbedding(out var vec, name: "default") && vec.Length > 0;',
  },
  {
    covers: 'element access on a span',
    fragment: 'return v => v.TryGetEmbedding(out var vec) && vec[0] > 0.1f;',
  },
  {
    covers: 'generic method call',
    fragment: 'return v => v.TryGetProperty<string>(out var s, "name") && s.Contains("al");',
  },
  {
    covers: 'generic method with two type arguments',
    fragment: 'return v => new[] { 1, 2 }.Select<int, int>(x => x * 2).Sum() > v.Id;',
  },
  { covers: 'chained calls', fragment: 'return v => v.Label.Trim().ToLowerInvariant().EndsWith("s");' },
  {
    covers: 'string comparison overload',
    fragment: 'return v => v.Label.Equals("X", StringComparison.OrdinalIgnoreCase);',
  },
  {
    covers: 'edge endpoints',
    fragment: 'return e => e.SourceVertex.Id < e.TargetVertex.Id && e.EdgePropertyId == "knows";',
  },
  {
    covers: 'span out parameter',
    fragment: 'return v => v.TryGetOutEdgesSpan(out var span, "knows") && span.Length > 2;',
  },
  {
    covers: 'dictionary lookups',
    fragment:
      'return v => v.OutEdges != null && v.OutEdges.ContainsKey("knows") && v.OutEdges.Keys.Count() > 1;',
  },
  {
    covers: 'TryGetValue on grouped edges',
    fragment:
      'return v => v.InEdges != null && v.InEdges.TryGetValue("knows", out var list) && list.Count > 0;',
  },
  { covers: 'timestamps', fragment: 'return v => v.GetCreationDate() > DateTime.UtcNow.AddDays(-7);' },
  {
    covers: 'TimeSpan arithmetic',
    fragment: 'return v => v.GetModificationDate() - v.GetCreationDate() < TimeSpan.FromHours(1);',
  },

  // Primary expressions.
  {
    covers: 'predefined type members',
    fragment: 'return v => int.MaxValue > v.Id && string.IsNullOrEmpty(v.Label) == false;',
  },
  {
    covers: 'Math members',
    fragment:
      'return e => e.TryGetProperty(out double w, "w") ? Math.Max(0.1, Math.Sqrt(w)) : double.PositiveInfinity;',
  },
  { covers: 'typeof', fragment: 'var t = typeof(int); return v => t != null;' },
  { covers: 'default literal', fragment: 'int zero = default; return v => v.Id > zero;' },
  {
    covers: 'default of a type',
    fragment: 'return e => e.TryGetProperty(out double w, "w") ? w : default(double);',
  },
  { covers: 'new object', fragment: 'var rnd = new Random(42); return v => rnd.Next(10) > 5;' },
  { covers: 'target-typed new', fragment: 'List<string> names = new(); return v => names.Count == 0;' },
  {
    covers: 'collection initializer',
    fragment: 'var set = new HashSet<string> { "a", "b" }; return v => set.Contains(v.Label);',
  },
  {
    covers: 'dictionary initializer',
    fragment:
      'var costs = new Dictionary<string, double> { ["road"] = 1.0, ["rail"] = 0.5 }; return e => costs.ContainsKey(e.EdgePropertyId);',
  },
  {
    covers: 'complex element initializer',
    fragment:
      'var costs = new Dictionary<string, int> { { "a", 1 }, { "b", 2 } }; return v => costs.Count == 2;',
  },
  {
    covers: 'object initializer',
    fragment: 'var b = new UriBuilder { Host = "x", Port = 80 }; return v => b.Port == 80;',
  },
  { covers: 'implicitly typed array', fragment: 'return v => new[] { 1, 2 }.Contains(v.Id);' },
  {
    covers: 'sized array creation',
    fragment: 'var counts = new int[3]; counts[0] = 1; return v => counts[0] == 1;',
  },
  {
    covers: 'array creation with initializer',
    fragment: 'return v => new double[] { 0.5, 1.5 }.Max() > v.Id;',
  },
  {
    covers: 'trailing comma in an initializer',
    fragment: 'int[] xs = { 1, 2, }; return v => xs.Length == 2;',
  },
  { covers: 'parenthesized expression', fragment: 'return v => ((v.Id + 1) * 2) > 4;' },
  {
    covers: 'checked and unchecked',
    fragment: 'return v => checked(v.Id + 1) > unchecked((int)4294967295L);',
  },
  { covers: 'verbatim identifier', fragment: 'var @class = "person"; return v => v.Label == @class;' },
  {
    covers: 'contextual keywords as names',
    fragment:
      'var var = 1; int when = 2, and = 3, or = 4, not = 5; return v => var + when + and + or + not > v.Id;',
  },

  // Lambdas.
  { covers: 'simple lambda', fragment: 'return x => x.Id > 0;' },
  { covers: 'parenthesized lambda', fragment: 'return (x) => x.Id > 0;' },
  {
    covers: 'two-parameter lambda in a call',
    fragment: 'return v => new[] { 1, 2, 3 }.Where((x, i) => x > i).Count() > 1;',
  },
  {
    covers: 'block lambda with two parameters',
    fragment:
      'Func<int, int, int> add = (x, y) => { var s = x + y; return s; }; return v => add(v.Id, 1) > 2;',
  },
  { covers: 'explicitly typed lambda', fragment: 'return (VertexModel v) => v.Id > 0;' },
  {
    covers: 'explicitly typed lambda with a predefined type',
    fragment: 'Func<int, bool> odd = (int x) => x % 2 == 1; return v => odd(v.Id);',
  },
  { covers: 'static lambda', fragment: 'return static v => v.Id % 2 == 0;' },
  { covers: 'parameterless lambda', fragment: 'Func<int> seven = () => 7; return v => v.Id == seven();' },
  {
    covers: 'nested lambdas',
    fragment:
      'return v => v.OutEdges != null && v.OutEdges.Values.Any(list => list.Any(e => e.TargetVertex.Id == v.Id));',
  },
  {
    covers: 'lambda returning a lambda-built value',
    fragment: "return v => v.AnyPropertyValueMatches(s => s.Split(',').Length > 2);",
  },

  // Switch expressions.
  {
    covers: 'switch on a string',
    fragment: 'return v => v.Label switch { "person" => 1.0, "city" => 2.5, _ => 10 };',
  },
  {
    covers: 'switch with relational arms',
    fragment: 'return v => v.Id switch { > 5 => "b", 1 => "a", _ => "c" } == "a";',
  },
  {
    covers: 'switch with a when clause',
    fragment: 'return v => v.Id switch { var n when n > 100 => 3.0, > 10 => 2.0, _ => 1.0 };',
  },
  {
    covers: 'switch with a type pattern arm',
    fragment:
      'return e => e.TryGetProperty(out object o, "w") && (o switch { double d => d, int i => i, _ => 0.0 }) > 1;',
  },
  {
    covers: 'switch with a trailing comma',
    fragment: 'return v => v.Label switch { null => false, _ => true, };',
  },

  // Interpolated strings.
  { covers: 'interpolated string', fragment: 'return v => $"{v.Label}:{v.Id}" != "x:1";' },
  {
    covers: 'format specifier',
    fragment: 'return e => e.TryGetProperty(out double w, "w") && $"{w:F2}" == "1.50";',
  },
  { covers: 'alignment and format', fragment: 'return v => $"{v.Id,5:D3}".Length == 5;' },
  { covers: 'escaped braces', fragment: 'return v => $"{{{v.Id}}}" == "{1}";' },
  { covers: 'verbatim interpolated', fragment: 'return v => $@"C:\\{v.Label}" != @$"{v.Id}\\";' },
  {
    covers: 'nested strings in a hole',
    fragment: 'return v => $"{(v.Label == null ? "none" : v.Label)}".Length > 0;',
  },
  { covers: 'nested interpolated string', fragment: 'return v => $"a{$"b{v.Id}"}c".Length > 3;' },

  // Literals.
  {
    covers: 'integer literals of every form',
    fragment:
      'var all = new long[] { 0, 42, 1_000_000, 0x1F, 0X_ff, 0b1010, 0B_1_0, 7L, 8u, 9UL, 10uL, 11LU, 12Lu }; return v => all.Length > 0;',
  },
  {
    covers: 'real literals of every form',
    fragment:
      'double a = 1.5, b = .5, c = 1e3, d = 1.5E-3, e = 2d, f = 3D; float g = 1.5f, h = 2F; decimal m = 1.25m, n = 3M; return v => a + b + c + d + e + f + g + h > 0 && m + n > 0;',
  },
  {
    covers: 'character literals and escapes',
    fragment: String.raw`char[] cs = { 'a', '\n', '\t', '\\', '\'', '"', '\0', '\u0041', '\x41', '\x0041' }; return v => cs.Length == 10;`,
  },
  {
    covers: 'string literals and escapes',
    fragment: String.raw`var s = "tab\tquote\"slash\\nul\0uni\u00e9hex\x41end"; return v => s.Length > 0;`,
  },
  { covers: 'verbatim string', fragment: 'var path = @"C:\\data\\""quoted"""; return v => path.Length > 0;' },
  {
    covers: 'boolean and null literals',
    fragment: 'bool yes = true, no = false; string none = null; return v => yes && !no && none == null;',
  },
  {
    covers: 'multi-line verbatim string',
    fragment: 'var text = @"line one\nline two"; return v => text.Contains("two");',
  },
];
