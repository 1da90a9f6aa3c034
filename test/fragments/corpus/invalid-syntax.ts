/**
 * Fragments with syntax errors, or with valid C# outside the supported subset, and the diagnostics the
 * parser must report for each: `ID line:column-endLine:endColumn`, 1-based, in the order reported.
 *
 * Positions follow what the ancestor reported: Roslyn compiling the fragment as the body of a method in
 * a generated class, then mapping positions back into the fragment and clamping those that fell on the
 * generated code to the fragment's end. The wrapper matters: a line break and three closing braces
 * (method, class, namespace) follow every fragment, so an unclosed block takes the method's brace and a
 * missing `;` at the end sits right after the last token. Notes explain the cases where Roslyn's choice
 * is not obvious, and the few where Skein deliberately reports less than the ancestor did.
 */
export interface InvalidFragment {
  /** The mistake the fragment is here for. */
  readonly covers: string;
  readonly fragment: string;
  readonly diagnostics: readonly string[];
  readonly note?: string;
}

export const invalidFragments: readonly InvalidFragment[] = [
  {
    covers: 'missing ; at the end of the fragment',
    fragment: 'return v => v.Id > 3',
    diagnostics: ['CS1002 1:21-1:21'],
    note: "Roslyn puts a missing token right after the previous one when a line break follows it; the ancestor's wrapper always adds one after the fragment.",
  },
  {
    covers: 'missing ; before a trailing comment',
    fragment: 'return v => v.Id > 3 // no semicolon',
    diagnostics: ['CS1002 1:21-1:21'],
    note: "The comment belongs to the trailing trivia of `3`, which ends with the wrapper's line break.",
  },
  {
    covers: 'missing ; at the end of a line',
    fragment: 'var a = 1\nreturn v => v.Id > a;',
    diagnostics: ['CS1002 1:10-1:10'],
  },
  {
    covers: 'missing ; before a token on the same line',
    fragment: 'var a = 1 var b = 2; return x => true;',
    diagnostics: ['CS1002 1:11-1:14'],
    note: "Without a line break in between, Roslyn's missing-token diagnostic covers the token that follows.",
  },
  {
    covers: 'missing ; after a multi-line expression',
    fragment: 'return v => v.Id > 3 &&\n    v.Id < 10',
    diagnostics: ['CS1002 2:14-2:14'],
  },
  {
    covers: 'missing ; between a lambda and its first body token',
    fragment: 'return v v.Id > 3;',
    diagnostics: ['CS1002 1:10-1:11'],
  },
  {
    covers: 'missing ; before a stray closing brace',
    fragment: 'return v => v.Id > 3 }',
    diagnostics: ['CS1002 1:22-1:23', 'CS1022 1:23-1:23'],
  },
  {
    covers: 'missing ; before else',
    fragment: 'if (true) return v => true else return v => false;',
    diagnostics: ['CS1002 1:28-1:32'],
  },
  {
    covers: 'missing ; inside a block lambda',
    fragment: 'return v => { var x = 1 return x > 0; };',
    diagnostics: ['CS1002 1:25-1:31'],
  },
  {
    covers: "missing ; before the lambda block's brace",
    fragment: 'return v => { return v.Id > 3 };',
    diagnostics: ['CS1002 1:31-1:32'],
  },
  {
    covers: 'missing ; after a conditional',
    fragment: 'return e => e.TryGetProperty(out double w, "w") ? w : 1.0',
    diagnostics: ['CS1002 1:58-1:58'],
  },
  {
    covers: 'missing ; after a block lambda',
    fragment: 'return v => { return true; }',
    diagnostics: ['CS1002 1:29-1:29'],
  },
  {
    covers: 'and used for &&',
    fragment: 'return v => v.Id > 3 and v.Id < 5;',
    diagnostics: ['CS1002 1:22-1:25', 'CS1003 1:27-1:28', 'CS1002 1:28-1:30'],
    note: '`and` is a pattern combinator, not an operator: the return ends before it, and `and v` reads as a declaration of `v` whose `.` should have been a `,`.',
  },
  {
    covers: 'missing ) before ;',
    fragment: 'return v => (v.Id > 3;',
    diagnostics: ['CS1026 1:22-1:23'],
  },
  {
    covers: 'missing ) in a call',
    fragment: 'return v => v.TryGetProperty(out int age, "age";',
    diagnostics: ['CS1026 1:48-1:49'],
  },
  {
    covers: 'missing ) in a call on the second line',
    fragment: 'var names = new[] { "a", "b" };\nreturn v => names.Contains(v.Label;',
    diagnostics: ['CS1026 2:35-2:36'],
  },
  {
    covers: "missing ) of a nested lambda's call",
    fragment: 'return v => v.OutEdges.Any(g => g.Key == "knows";',
    diagnostics: ['CS1026 1:49-1:50'],
  },
  {
    covers: 'missing ) and ; at the end',
    fragment: 'return v => v.Label.StartsWith("a"',
    diagnostics: ['CS1026 1:35-1:35', 'CS1002 1:35-1:35'],
    note: "The argument list stops at the wrapper's `}` (a member terminator in Roslyn), without skipping it.",
  },
  {
    covers: 'missing ) around a lambda',
    fragment: 'return (v => v.Id > 3;',
    diagnostics: ['CS1026 1:22-1:23'],
  },
  {
    covers: 'missing ) of an if',
    fragment: 'if (v.Id > 3 return v => true;',
    diagnostics: ['CS1026 1:14-1:20'],
  },
  {
    covers: 'missing ) of a while',
    fragment: 'while (true { } return v => true;',
    diagnostics: ['CS1026 1:13-1:14'],
  },
  {
    covers: 'missing ) of a for',
    fragment: 'for (var i = 0; i < 3; i++ { } return v => true;',
    diagnostics: ['CS1026 1:28-1:29'],
  },
  {
    covers: 'extra )',
    fragment: 'return v => v.Id > 3);',
    diagnostics: ['CS1002 1:21-1:22', 'CS1513 1:21-1:22'],
    note: 'The `)` ends the return statement (CS1002 on it); the statement list then skips it reporting the `}` it expected.',
  },
  {
    covers: 'extra ) after a call',
    fragment: 'return v => v.Label.Split(\',\').Any(s => s == "a"));',
    diagnostics: ['CS1002 1:50-1:51', 'CS1513 1:50-1:51'],
  },
  {
    covers: 'missing } of a block lambda',
    fragment: 'return v => { return true;',
    diagnostics: ['CS1002 1:27-1:27', 'CS1513 1:27-1:27'],
    note: "The ancestor's method brace closes the lambda's block; the `;` and the namespace's brace are then missing, both reported on the wrapper and clamped to the fragment's end.",
  },
  {
    covers: 'missing } of a block lambda, fragment ending in a line break',
    fragment: 'return v => {\n    return true;\n',
    diagnostics: ['CS1002 3:1-3:1', 'CS1513 3:1-3:1'],
    note: "Clamped to the fragment's last (empty) line, as the ancestor clamps positions on its wrapper.",
  },
  {
    covers: 'missing } of a lambda with an if',
    fragment: 'return v => { if (v.Id > 3) { return true; } return false;',
    diagnostics: ['CS1002 1:59-1:59', 'CS1513 1:59-1:59'],
  },
  {
    covers: 'stray } at the end',
    fragment: 'return v => v.Id > 3; }',
    diagnostics: ['CS1022 1:24-1:24'],
    note: "The stray brace closes the method, the wrapper's braces close the class and the namespace, and the last wrapper brace is CS1022, clamped to the end.",
  },
  {
    covers: 'two stray } at the end',
    fragment: 'return v => true;; }}',
    diagnostics: ['CS1022 1:22-1:22', 'CS1022 1:22-1:22'],
    note: 'Two stray braces leave two wrapper braces over: two CS1022 at the end.',
  },
  {
    covers: 'stray } followed by more statements',
    fragment: 'return v => v.Id > 3; } return v => true;',
    diagnostics: ['CS1022 1:23-1:24'],
    note: "Skein's choice: in the ancestor the brace closed the method and the rest was read as class members (CS1519 and more). Skein reports CS1022 on the brace and keeps reading statements.",
  },
  {
    covers: 'missing lambda body before ;',
    fragment: 'return v => ;',
    diagnostics: ['CS1525 1:13-1:14'],
  },
  {
    covers: 'missing lambda body at the end',
    fragment: 'return v =>',
    diagnostics: ['CS1525 1:12-1:12', 'CS1002 1:12-1:12'],
    note: "The term is missing before the wrapper's `}`, so CS1525 names `}`; both diagnostics sit right after `=>`.",
  },
  {
    covers: 'missing right operand',
    fragment: 'return v => v.Id > ;',
    diagnostics: ['CS1525 1:20-1:21'],
  },
  {
    covers: 'missing operand after ||',
    fragment: 'return v => v.Label == "x" || v.Label == "y" ||;',
    diagnostics: ['CS1525 1:48-1:49'],
  },
  {
    covers: 'missing operand after ==, then =',
    fragment: 'return v => v.Id = = 3;',
    diagnostics: ['CS1525 1:20-1:21'],
  },
  {
    covers: 'missing initializer',
    fragment: 'var x = ; return v => true;',
    diagnostics: ['CS1525 1:9-1:10'],
  },
  {
    covers: 'missing compound-assignment operand',
    fragment: 'return v => { var x = v.Id; x += ; return x > 0; };',
    diagnostics: ['CS1525 1:34-1:35'],
  },
  {
    covers: 'missing conditional branch',
    fragment: 'return v => v.Label == "a" ? 1 : ;',
    diagnostics: ['CS1525 1:34-1:35'],
  },
  {
    covers: 'missing : of a conditional',
    fragment: 'return v => v.Id > 3 ? 1;',
    diagnostics: ['CS1003 1:25-1:26', 'CS1525 1:25-1:26'],
  },
  {
    covers: 'missing argument after a comma',
    fragment: 'return v => v.Foo(1, );',
    diagnostics: ['CS1525 1:22-1:23'],
  },
  {
    covers: 'empty argument between commas',
    fragment: 'return v => v.Foo(1,, 2);',
    diagnostics: ['CS0839 1:21-1:22'],
  },
  {
    covers: 'empty indexer',
    fragment: 'return v => v.Items[];',
    diagnostics: ['CS0443 1:21-1:22'],
  },
  {
    covers: 'missing , between arguments',
    fragment: 'return v => v.Foo(1 2);',
    diagnostics: ['CS1003 1:21-1:22'],
  },
  {
    covers: 'missing , before a string argument',
    fragment: 'return v => v.TryGetProperty(out int age "age") && age > 1;',
    diagnostics: ['CS1003 1:42-1:47'],
  },
  {
    covers: 'missing ] of an indexer',
    fragment: "return v => v.Label.Length > 3 && v.Label[0 == 'a';",
    diagnostics: ['CS1003 1:51-1:52'],
  },
  {
    covers: 'missing member name',
    fragment: 'return v => v.Label.;',
    diagnostics: ['CS1001 1:21-1:22'],
  },
  {
    covers: 'missing member name after ?.',
    fragment: 'return v => v.Label?.;',
    diagnostics: ['CS1001 1:22-1:23'],
  },
  {
    covers: 'out with a type but no name',
    fragment: 'return v => v.TryGetProperty(out int, "age");',
    diagnostics: ['CS1525 1:34-1:37'],
  },
  {
    covers: 'unclosed type argument list',
    fragment: 'return v => v.TryGetProperty<int(out var a, "a");',
    diagnostics: ['CS1525 1:30-1:33'],
    note: 'Without a closing `>` the `<` is a comparison, and `int` not followed by `.` is an invalid term.',
  },
  {
    covers: 'keyword as a local name',
    fragment: 'var int = 3; return v => true;',
    diagnostics: ['CS1002 1:5-1:8', 'CS1001 1:9-1:10'],
    note: '`var int` is not a declaration to Roslyn (a keyword cannot be a name), so `var` is an expression statement and `int = 3;` a declaration without a name.',
  },
  {
    covers: 'missing local name',
    fragment: 'int = 5; return v => true;',
    diagnostics: ['CS1001 1:5-1:6'],
  },
  {
    covers: 'two expressions in a row',
    fragment: 'return v => v.Id > 3 v.Id < 5;',
    diagnostics: ['CS1002 1:22-1:23'],
  },
  {
    covers: 'two pattern designations',
    fragment: 'return v => v.Id is int n n > 3;',
    diagnostics: ['CS1002 1:27-1:28'],
  },
  {
    covers: 'new without a type',
    fragment: 'return v => new;',
    diagnostics: ['CS1526 1:16-1:17'],
  },
  {
    covers: 'new without arguments',
    fragment: 'return v => new List<int>;',
    diagnostics: ['CS1526 1:26-1:27'],
  },
  {
    covers: 'missing pattern after is',
    fragment: 'return v => v.Id is;',
    diagnostics: ['CS8504 1:20-1:21'],
  },
  {
    covers: 'missing relational pattern operand',
    fragment: 'return v => v.Id is > ;',
    diagnostics: ['CS1525 1:23-1:24'],
  },
  {
    covers: 'missing operand in a combined pattern',
    fragment: 'return v => v.Id is int n && n is > 3 and < ;',
    diagnostics: ['CS1525 1:45-1:46'],
  },
  {
    covers: 'missing , between switch arms',
    fragment: 'return v => v.Id switch { 1 => true _ => false };',
    diagnostics: ['CS1003 1:37-1:38'],
  },
  {
    covers: 'switch expression closed by ; instead of }',
    fragment: 'return v => v.Id switch { 1 => true, _ => false;',
    diagnostics: ['CS1003 1:48-1:49', 'CS1002 1:49-1:49', 'CS1513 1:49-1:49'],
    note: "The `;` is taken for the missing `,`; the method's wrapper brace then closes the switch, leaving `;` and the namespace's `}` missing at the end.",
  },
  {
    covers: 'missing ( of an if',
    fragment: 'if v.Id > 3) return v => true;',
    diagnostics: ['CS1003 1:4-1:5'],
  },
  {
    covers: 'missing in of a foreach',
    fragment: 'foreach (var x xs) { } return v => true;',
    diagnostics: ['CS1515 1:16-1:18'],
  },
  {
    covers: 'foreach without a declaration',
    fragment: 'foreach (x in xs) { } return v => true;',
    diagnostics: ['CS0230 1:12-1:14'],
  },
  {
    covers: 'missing ; in a for',
    fragment: 'for (int i = 0; i < 3 i++) { } return v => true;',
    diagnostics: ['CS1002 1:23-1:24'],
  },
  {
    covers: 'missing ; after do/while',
    fragment: 'do { } while (false) return v => true;',
    diagnostics: ['CS1002 1:22-1:28'],
  },
  {
    covers: 'else without if',
    fragment: 'else return v => true;',
    diagnostics: [
      'CS8641 1:1-1:1',
      'CS1003 1:1-1:1',
      'CS1525 1:1-1:1',
      'CS1026 1:1-1:1',
      'CS1525 1:1-1:1',
      'CS1002 1:1-1:1',
    ],
    note: "Roslyn parses an `if` with every part missing; all six diagnostics are zero-width after the previous token, which is the wrapper's `{` on the line before the fragment, so they clamp to 1:1.",
  },
  {
    covers: 'C-style array declarator',
    fragment: 'int x[] = new int[3]; return v => true;',
    diagnostics: ['CS0650 1:6-1:8'],
  },
  {
    covers: 'const without a value',
    fragment: 'const int k; return v => true;',
    diagnostics: ['CS0145 1:11-1:12'],
  },
  {
    covers: 'static local',
    fragment: 'static int k = 1; return v => true;',
    diagnostics: ['CS0106 1:1-1:7'],
  },
  {
    covers: 'class-member keyword',
    fragment: 'public int x = 3; return v => true;',
    diagnostics: ['CS1513 1:1-1:1'],
    note: "Skein's choice: Roslyn took `public` for a class member after a missing `}` (reported here, as Roslyn does) and went on with class-member errors; Skein reports only the `}` and reads the rest as statements.",
  },
  {
    covers: 'newline in a string',
    fragment: 'return v => v.Label == "abc;',
    diagnostics: ['CS1010 1:24-1:24', 'CS1002 1:29-1:29'],
  },
  {
    covers: 'newline in an interpolated string',
    fragment: 'return v => $"abc;',
    diagnostics: ['CS1010 1:19-1:19', 'CS1002 1:19-1:19'],
    note: "Roslyn reports the break itself (width 1); it is the wrapper's line break, clamped to the fragment's end.",
  },
  {
    covers: 'newline in a character literal',
    fragment: "return v => v.Label[0] == 'a;",
    diagnostics: ['CS1010 1:27-1:27', 'CS1012 1:27-1:27', 'CS1002 1:30-1:30'],
    note: 'The literal holds two characters when the line ends, so CS1012 follows CS1010, both zero-width at the quote.',
  },
  {
    covers: 'too many characters in a character literal',
    fragment: "return v => v.Label == 'ab';",
    diagnostics: ['CS1012 1:24-1:24'],
  },
  {
    covers: 'empty character literal',
    fragment: "return v => v.Label[0] == '';",
    diagnostics: ['CS1011 1:27-1:27'],
  },
  {
    covers: 'unterminated verbatim string',
    fragment: 'return v => v.Label == @"abc;',
    diagnostics: [
      'CS1039 1:24-1:24',
      'CS1002 1:30-1:30',
      'CS1513 1:30-1:30',
      'CS1513 1:30-1:30',
      'CS1513 1:30-1:30',
    ],
    note: "The string swallows the wrapper's braces: `;` and the method's, class's and namespace's `}` are all missing at the end.",
  },
  {
    covers: 'unterminated comment',
    fragment: 'return v => v.Id > 3; /* unterminated',
    diagnostics: ['CS1035 1:23-1:23', 'CS1513 1:38-1:38', 'CS1513 1:38-1:38', 'CS1513 1:38-1:38'],
    note: "The comment is trailing trivia of `;`, so its CS1035 comes first; it swallows the wrapper's braces as well.",
  },
  {
    covers: 'unrecognized escape',
    fragment: 'return v => v.Label == "a\\qb";',
    diagnostics: ['CS1009 1:26-1:28'],
  },
  {
    covers: 'hexadecimal prefix without digits',
    fragment: 'return v => v.Id > 0x;',
    diagnostics: ['CS1013 1:20-1:20'],
  },
  {
    covers: 'trailing digit separator',
    fragment: 'return v => v.Id > 1_;',
    diagnostics: ['CS1013 1:20-1:22'],
  },
  {
    covers: 'integer too large',
    fragment: 'return v => v.Id > 99999999999999999999;',
    diagnostics: ['CS1021 1:20-1:20'],
  },
  {
    covers: 'double out of range',
    fragment: 'return e => e.TryGetProperty(out double w, "w") && w > 1e999;',
    diagnostics: ['CS0594 1:56-1:56'],
  },
  {
    covers: 'exponent without digits',
    fragment: 'return v => v.Id > 1e;',
    diagnostics: ['CS0595 1:20-1:20'],
  },
  {
    covers: 'float out of range',
    fragment: 'return v => v.Id < 3.5e39f;',
    diagnostics: ['CS0594 1:20-1:20'],
  },
  {
    covers: 'decimal out of range',
    fragment: 'return v => v.Id > 1e30m;',
    diagnostics: ['CS0594 1:20-1:25'],
  },
  {
    covers: 'unexpected character',
    fragment: 'return v => v.Id ¤ 3;',
    diagnostics: ['CS1002 1:18-1:19', 'CS1056 1:18-1:18'],
    note: "CS1002 covers the bad token; its own CS1056 is zero-width at it, listed after, in Roslyn's tree order.",
  },
  {
    covers: 'unescaped } in an interpolated string',
    fragment: 'return v => $"a}b" != "";',
    diagnostics: ['CS8086 1:16-1:17'],
  },
  {
    covers: 'switch statement',
    fragment: 'switch (1) { case 1: break; } return v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:30'],
  },
  {
    covers: 'try statement',
    fragment: 'try { } finally { } return v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:20'],
  },
  {
    covers: 'throw statement',
    fragment: 'throw new Exception();',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:23'],
  },
  {
    covers: 'goto and a label',
    fragment: 'goto done; done: return v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:11', 'SVCUNSUPPORTED 1:12-1:35'],
  },
  {
    covers: 'lock statement',
    fragment: 'lock (this) { } return v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:16', 'SVCUNSUPPORTED 1:7-1:11'],
    note: 'Nested constructs outside the subset are each reported, the enclosing one first.',
  },
  {
    covers: 'using declaration',
    fragment: 'using var stream = new System.IO.MemoryStream(); return v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:49'],
  },
  {
    covers: 'checked block',
    fragment: 'checked { } return v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:12'],
  },
  {
    covers: 'local function',
    fragment: 'int Twice(int x) => x * 2; return v => Twice(v.Id) > 4;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:27'],
  },
  {
    covers: 'tuple',
    fragment: 'return v => (v.Id, v.Label).Item1 > 3;',
    diagnostics: ['SVCUNSUPPORTED 1:13-1:28'],
  },
  {
    covers: 'this',
    fragment: 'return v => this.GetHashCode() != 0;',
    diagnostics: ['SVCUNSUPPORTED 1:13-1:17'],
  },
  {
    covers: 'preprocessor directive',
    fragment: '#region filters\nreturn v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:1-1:16'],
  },
  {
    covers: 'raw string literal',
    fragment: 'return v => v.Label == """raw""";',
    diagnostics: ['SVCUNSUPPORTED 1:24-1:33'],
  },
  {
    covers: 'async lambda',
    fragment: 'return async v => true;',
    diagnostics: ['SVCUNSUPPORTED 1:8-1:23'],
  },
  {
    covers: 'list pattern',
    fragment: 'return v => v.Id is [1, 2];',
    diagnostics: ['SVCUNSUPPORTED 1:21-1:27'],
  },
  {
    covers: 'anonymous type',
    fragment: 'return v => new { A = 1 }.A > 0;',
    diagnostics: ['SVCUNSUPPORTED 1:13-1:26'],
  },
  {
    covers: 'query expression',
    fragment: 'return v => from x in new[] { 1 } select x;',
    diagnostics: ['SVCUNSUPPORTED 1:13-1:43'],
  },
  {
    covers: 'throw expression',
    fragment: 'return v => v.Id > 3 ?? throw new Exception();',
    diagnostics: ['SVCUNSUPPORTED 1:25-1:46'],
  },
  {
    covers: 'anonymous method',
    fragment: 'return delegate (VertexModel v) { return true; };',
    diagnostics: ['SVCUNSUPPORTED 1:8-1:49'],
  },
  {
    covers: 'stackalloc',
    fragment: 'return v => stackalloc int[3] != null;',
    diagnostics: ['SVCUNSUPPORTED 1:13-1:30'],
  },
];
