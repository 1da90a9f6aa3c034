/**
 * Fragments that try to reach out of the sandbox or to break the generated JavaScript: identifiers and
 * strings naming JavaScript globals and prototype members, quote-, comment- and line-breaking literals,
 * unicode escapes in identifiers, verbatim identifiers, text that builds code, and the host APIs of .NET.
 * Each either compiles to a harmless result (the names are ordinary C# locals, the strings ordinary data)
 * or is rejected with a diagnostic; nothing may run the text as code or reach a global.
 */
import { CITIES, PERSONS, d, type ConformanceCase } from './corpus.js';

const V = 'VertexFilter';

export const escapeAttempts: readonly ConformanceCase[] = [
  // ---- JavaScript names as C# locals and parameters: harmless ----
  {
    name: 'escape: local named constructor',
    kind: V,
    fragment: 'var constructor = 3;\nreturn v => v.Id == constructor;',
    expect: { passes: ['dave'] },
  },
  {
    name: 'escape: local named __proto__',
    kind: V,
    fragment: 'var __proto__ = 4;\nreturn v => v.Id == __proto__;',
    expect: { passes: ['erin'] },
  },
  {
    name: 'escape: local named prototype',
    kind: V,
    fragment: 'var prototype = 5;\nreturn v => v.Id == prototype;',
    expect: { passes: ['frank'] },
  },
  {
    name: 'escape: locals named globalThis and process',
    kind: V,
    fragment: 'var globalThis = 1;\nvar process = 2;\nreturn v => v.Id == globalThis + process;',
    expect: { passes: ['dave'] },
  },
  {
    name: 'escape: locals named require, module and exports',
    kind: V,
    fragment:
      'var require = 0;\nvar module = 0;\nvar exports = 0;\nreturn v => v.Id == require + module + exports;',
    expect: { passes: ['alice'] },
  },
  {
    name: 'escape: unicode escape spelling eval as a local',
    kind: V,
    fragment: 'var \\u0065val = 6;\nreturn v => v.Id == eval;',
    expect: { passes: ['acme'] },
  },
  {
    name: 'escape: locals named arguments and Function',
    kind: V,
    fragment: 'var arguments = 7;\nvar Function = 1;\nreturn v => v.Id == arguments + Function;',
    expect: { passes: ['initech'] },
  },
  {
    name: 'escape: local named rt (the runtime parameter of the generated code)',
    kind: V,
    fragment: 'var rt = 9;\nreturn v => v.Id == rt;',
    expect: { passes: ['paris'] },
  },
  {
    name: 'escape: unicode escape spelling rt',
    kind: V,
    fragment: 'var \\u0072t = 1;\nreturn v => v.Id == rt;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'escape: lambda parameter named rt',
    kind: V,
    fragment: 'return rt => rt.Id == 10;',
    expect: { passes: ['berlin'] },
  },
  {
    name: 'escape: lambda parameter named arguments',
    kind: V,
    fragment: 'return arguments => arguments.Id == 1;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'escape: locals named undefined, NaN and Infinity',
    kind: V,
    fragment:
      'var undefined = 1;\nvar NaN = 2;\nvar Infinity = 3;\nreturn v => v.Id == undefined + NaN + Infinity;',
    expect: { passes: ['acme'] },
  },
  {
    name: 'escape: verbatim identifiers of keywords',
    kind: V,
    fragment: 'var @class = 2;\nvar @this = 3;\nreturn v => v.Id == @class || v.Id == @this;',
    expect: { passes: ['carol', 'dave'] },
  },
  {
    name: 'escape: verbatim identifier as the lambda parameter',
    kind: V,
    fragment: 'return @this => @this.Label == "city";',
    expect: { passes: CITIES },
  },
  {
    name: 'escape: JavaScript reserved words as C# locals',
    kind: V,
    fragment:
      'var function = 1;\nvar @delete = 2;\nvar @new = 3;\nvar @typeof = 4;\nvar instanceof = 5;\nreturn v => v.Id == function + @delete + @new + @typeof + instanceof - 15;',
    expect: { passes: ['alice'] },
  },
  {
    name: 'escape: contextual keywords as C# locals (yield, let, async, await)',
    kind: V,
    fragment:
      'var yield = 1;\nvar let = 2;\nvar async = 3;\nvar await = 4;\nvar x = await;\nreturn v => v.Id == yield + let + async + x;',
    expect: { passes: ['berlin'] },
  },
  {
    name: 'escape: non-ASCII identifier written with an escape',
    kind: V,
    fragment: 'var caf\u00e9 = 2;\nreturn v => v.Id == caf\\u00e9;',
    expect: { passes: ['carol'] },
  },
  // ---- strings that would break generated code: harmless data ----
  {
    name: 'escape: quote-breaking string',
    kind: V,
    fragment: 'return v => v.Label == "\\"; process.exit(1); //";',
    expect: { passes: [] },
  },
  {
    name: 'escape: single-quote-breaking string',
    kind: V,
    fragment: "return v => v.Label == \"'); require('child_process').execSync('id'); ('\";",
    expect: { passes: [] },
  },
  {
    name: 'escape: template-literal syntax in strings',
    kind: V,
    fragment: 'return v => v.Label == "${process.exit(1)}" || v.Label == "`${globalThis}`";',
    expect: { passes: [] },
  },
  {
    name: 'escape: comment-breaking string and comments',
    kind: V,
    fragment: 'return v => /* "*/ v.Label == "*/ process.exit(1); /*" /* */;',
    expect: { passes: [] },
  },
  {
    name: 'escape: escaped line breaks in a string',
    kind: V,
    fragment:
      'return v => v.Label == "// \\n process.exit(1)" || v.Label == "\\r\\u2028process.exit(1)\\u2029";',
    expect: { passes: [] },
  },
  {
    name: 'escape: escaped quotes around code',
    kind: V,
    fragment: 'return v => "\\u0022 + process.exit(1) + \\u0022" == v.Label || "\\x22".Length != 1;',
    expect: { passes: [] },
  },
  {
    name: 'escape: verbatim string with doubled quotes',
    kind: V,
    fragment: 'return v => v.Label == @"""); process.exit(1); //" || @"\\".Length != 1;',
    expect: { passes: [] },
  },
  {
    name: 'escape: interpolated string with a quote-breaking tail',
    kind: V,
    fragment:
      'return v => $"{v.Label}\\"); globalThis.process.exit(1); //" == "person\\"); globalThis.process.exit(1); //";',
    expect: { passes: PERSONS },
  },
  {
    name: 'escape: concatenation that spells code stays a string',
    kind: V,
    fragment: 'var code = "process" + "." + "exit(1)";\nreturn v => code.Length == 15 && v.Label == "city";',
    expect: { passes: CITIES },
  },
  {
    name: 'escape: label concatenated with code',
    kind: V,
    fragment: 'return v => (v.Label + "\\"); process.exit(1); (\\"").Length == 29;',
    expect: { passes: PERSONS },
  },
  {
    name: 'escape: quote and backslash characters',
    kind: V,
    fragment:
      "return v => v.TryGetProperty(out char c, \"initial\") && (c == '\\'' || c == '\\\\' || c == '\"');",
    expect: { passes: [] },
  },
  {
    name: 'escape: NUL and a lone surrogate in strings',
    kind: V,
    fragment: 'return v => v.Label == "\\0" || v.Label == "\\uD800" || "\\uD800".Length == 1 && v.Id == 0;',
    expect: { passes: ['alice'] },
  },
  {
    name: 'escape: property keys named like prototype members',
    kind: 'GraphElementFilter',
    fragment:
      'return el => el.TryGetProperty(out object a, "__proto__") || el.TryGetProperty(out object b, "constructor") || el.TryGetProperty(out object c, "toString") || el.TryGetProperty(out object d, "hasOwnProperty");',
    expect: { passes: [] },
  },
  {
    name: 'escape: embedding and edge type names like prototype members',
    kind: V,
    fragment:
      'return v => v.TryGetEmbedding(out var e, "__proto__") || v.TryGetEmbedding(out var f, "constructor") || v.TryGetOutEdge(out var l, "__proto__") || v.OutEdges != null && v.OutEdges.ContainsKey("constructor");',
    expect: { passes: [] },
  },
  {
    name: 'escape: edge type strings like prototype members',
    kind: 'EdgePropertyFilter',
    fragment: 'return t => t == "constructor" || t == "__proto__" || t.Length == 0;',
    expect: { passes: [''] },
  },
  {
    name: 'escape: raw line separator inside a string literal',
    kind: V,
    fragment: 'return v => v.Label == "a\u2028b";',
    expect: {
      diagnostics: [
        d('CS1010', 1, 24),
        d('CS1002', 1, 26),
        d('CS1002', 2, 2),
        d('CS1010', 2, 2),
        d('CS1002', 2, 4),
      ],
    },
    note: 'C# counts U+2028 as a line break, so the literal ends there: the string cannot smuggle it.',
    unsure:
      "the order and number of Roslyn's recovery diagnostics after the first CS1010 (taken from Skein's parser)",
  },
  // ---- globals, prototype members and host APIs: rejected ----
  {
    name: 'escape: constructor is not a name',
    kind: V,
    fragment: 'return v => constructor != null;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: constructor is not a member',
    kind: V,
    fragment: 'return v => v.constructor != null;',
    expect: { diagnostics: [d('CS1061', 1, 15)] },
  },
  {
    name: 'escape: __proto__ is not a member',
    kind: V,
    fragment: 'return v => v.__proto__ == null;',
    expect: { diagnostics: [d('CS1061', 1, 15)] },
  },
  {
    name: 'escape: string constructor chain',
    kind: V,
    fragment: 'return v => v.Label.constructor.constructor("return process")() != null;',
    expect: { diagnostics: [d('CS1061', 1, 21)] },
  },
  {
    name: 'escape: globalThis',
    kind: V,
    fragment: 'return v => globalThis.process.exit(0) == null;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: process',
    kind: V,
    fragment: 'return v => process.exit(1);',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: require',
    kind: V,
    fragment: 'return v => require("fs") != null;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: eval',
    kind: V,
    fragment: 'return v => eval("1") == 1;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: eval spelled with a unicode escape',
    kind: V,
    fragment: 'return v => \\u0065val("1") == 1;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: Function',
    kind: V,
    fragment: 'return v => Function("return process")() != null;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: the runtime object of the generated code',
    kind: V,
    fragment: 'return v => rt.vertex(0) != null;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: private member of the context',
    kind: V,
    fragment: 'return v => context.kernel != null;',
    expect: { diagnostics: [d('CS1061', 1, 21)] },
  },
  {
    name: 'escape: JavaScript members of the vertex view',
    kind: V,
    fragment: 'return v => v.scope.graph != null || v.TryGetPropertyNamed(null, 0, null);',
    expect: { diagnostics: [d('CS1061', 1, 15), d('CS1061', 1, 40)] },
  },
  {
    name: 'escape: this',
    kind: V,
    fragment: 'return v => this.ToString() != null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED', 1, 13)] },
  },
  {
    name: 'escape: reflection through GetType',
    kind: V,
    fragment: 'return v => v.GetType().Name == "VertexView";',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: reflection through typeof',
    kind: V,
    fragment: 'return v => typeof(VertexModel).Assembly != null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
    unsure:
      'which diagnostic the checker gives typeof (the syntax tree keeps it "so the checker can reject it"); C# compiles it',
  },
  {
    name: 'escape: Type.GetType',
    kind: V,
    fragment: 'return v => Type.GetType("System.IO.File") != null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: System.Reflection.Assembly',
    kind: V,
    fragment: 'return v => System.Reflection.Assembly.Load("x") != null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: Activator',
    kind: V,
    fragment: 'return v => Activator.CreateInstance(null) != null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: AppDomain',
    kind: V,
    fragment: 'return v => AppDomain.CurrentDomain != null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: Environment',
    kind: V,
    fragment: 'return v => Environment.GetEnvironmentVariable("HOME") != null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: System.IO.File',
    kind: V,
    fragment: 'return v => System.IO.File.Exists("/etc/passwd");',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: File without its namespace',
    kind: V,
    fragment: 'return v => File.ReadAllText("/etc/passwd") != null;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: Process without its namespace',
    kind: V,
    fragment: 'return v => Process.Start("sh") != null;',
    expect: { diagnostics: [d('CS0103', 1, 13)] },
  },
  {
    name: 'escape: System.Diagnostics.Process',
    kind: V,
    fragment: 'return v => System.Diagnostics.Process.Start("sh") != null;',
    expect: { diagnostics: [d('CS1069')] },
  },
  {
    name: 'escape: System.Net.Http',
    kind: V,
    fragment: 'System.Net.Http.HttpClient client = null;\nreturn v => client == null;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: threads',
    kind: V,
    fragment: 'return v => { System.Threading.Thread.Sleep(1000); return true; };',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: GC',
    kind: V,
    fragment: 'return v => { GC.Collect(); return true; };',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
  {
    name: 'escape: Random is refused',
    kind: V,
    fragment: 'return v => new Random(42).Next() > 0;',
    expect: { diagnostics: [d('SVCUNSUPPORTED')] },
  },
];
