import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { maxFragmentChars } from '../../../src/fragments/limits.js';
import { toWireDiagnostics } from '../../../src/fragments/diagnostics.js';
import type { Expression, Literal, Node, Statement } from '../../../src/fragments/syntax/ast.js';
import { parseFragment } from '../../../src/fragments/syntax/parser.js';
import { printTree, walk } from '../../support/print-tree.js';
import { validFragments } from '../corpus/valid-syntax.js';

const minimumValidFragments = 120;

function parsesClean(fragment: string): readonly Statement[] {
  const result = parseFragment(fragment);
  assert.deepEqual(
    toWireDiagnostics(result.diagnostics, fragment).map((d) => `${d.id} ${d.line}:${d.column} ${d.message}`),
    [],
    fragment,
  );
  return result.statements;
}

function tree(fragment: string): string {
  return printTree(parsesClean(fragment));
}

/** The expression of `return <expression>;`. */
function returned(fragment: string): Expression {
  const [statement] = parsesClean(fragment);
  assert.equal(statement.kind, 'Return');
  assert.ok(statement.kind === 'Return' && statement.expression);
  return statement.expression;
}

describe('parser: the valid corpus', () => {
  it(`holds at least ${minimumValidFragments} fragments`, () => {
    assert.ok(validFragments.length >= minimumValidFragments, `${validFragments.length} fragments`);
  });

  for (const { covers, fragment } of validFragments) {
    it(`reads ${covers} without a diagnostic`, () => {
      parsesClean(fragment);
    });
  }

  it('gives every node a span inside the fragment and inside its parent', () => {
    for (const { fragment } of validFragments) {
      for (const { node, parent } of walk(parseFragment(fragment).statements)) {
        assert.ok(
          node.start >= 0 && node.start <= node.end && node.end <= fragment.length,
          `${node.kind} in ${fragment}`,
        );
        if (parent) {
          assert.ok(
            node.start >= parent.start && node.end <= parent.end,
            `${node.kind} [${node.start},${node.end}] outside ${parent.kind} [${parent.start},${parent.end}] in ${fragment}`,
          );
        }
      }
    }
  });

  it('leaves no Missing or Unsupported placeholder in a valid fragment', () => {
    for (const { fragment } of validFragments) {
      for (const { node } of walk(parseFragment(fragment).statements)) {
        assert.notEqual(node.kind, 'Missing', fragment);
        assert.notEqual(node.kind, 'Unsupported', fragment);
      }
    }
  });
});

describe('parser: tree shapes', () => {
  const shapes: [fragment: string, shape: string][] = [
    [
      'return v => v.Label == "person" && v.TryGetProperty(out int age, "age") && age > 30;',
      '(Return (Lambda ((LambdaParameter v)) (Binary && (Binary && (Binary == (MemberAccess (Name v) (Name Label)) (Literal "person")) (Invocation (MemberAccess (Name v) (Name TryGetProperty)) ((Argument out (DeclarationExpression (PredefinedType int) (Designation age))) (Argument (Literal "age"))))) (Binary > (Name age) (Literal 30 int)))))',
    ],
    [
      'var min = 3; return (e) => { if (e.Label == null) return false; return e.TryGetProperty<double>(out var w, "weight") && w >= min; };',
      '(LocalDeclaration (Name var) ((VariableDeclarator min (Literal 3 int)))) (Return (Lambda parenthesized ((LambdaParameter e)) (Block ((If (Binary == (MemberAccess (Name e) (Name Label)) (Literal null)) (Return (Literal false))) (Return (Binary && (Invocation (MemberAccess (Name e) (Name TryGetProperty ((PredefinedType double)))) ((Argument out (DeclarationExpression (Name var) (Designation w))) (Argument (Literal "weight")))) (Binary >= (Name w) (Name min))))))))',
    ],
    [
      'return x => x.OutEdges != null && x.OutEdges.Any(g => g.Key == "knows" && g.Value.Count > 2);',
      '(Return (Lambda ((LambdaParameter x)) (Binary && (Binary != (MemberAccess (Name x) (Name OutEdges)) (Literal null)) (Invocation (MemberAccess (MemberAccess (Name x) (Name OutEdges)) (Name Any)) ((Argument (Lambda ((LambdaParameter g)) (Binary && (Binary == (MemberAccess (Name g) (Name Key)) (Literal "knows")) (Binary > (MemberAccess (MemberAccess (Name g) (Name Value)) (Name Count)) (Literal 2 int))))))))))',
    ],
    [
      'return v => v.Id switch { var n when n > 100 => 3.0, > 10 => 2.0, _ => 1.0 };',
      '(Return (Lambda ((LambdaParameter v)) (SwitchExpression (MemberAccess (Name v) (Name Id)) ((SwitchArm (VarPattern (Designation n)) (Binary > (Name n) (Literal 100 int)) (Literal 3.0 double)) (SwitchArm (RelationalPattern > (Literal 10 int)) (Literal 2.0 double)) (SwitchArm (DiscardPattern) (Literal 1.0 double))))))',
    ],
    [
      'return v => $"{v.Id,5:D3}{{x}}" != "";',
      '(Return (Lambda ((LambdaParameter v)) (Binary != (InterpolatedString ((Interpolation (MemberAccess (Name v) (Name Id)) (Literal 5 int) (InterpolationFormat D3)) (InterpolatedText {{x}}))) (Literal ""))))',
    ],
    [
      'return v => v.Id is > 3 and < 10 or 42;',
      '(Return (Lambda ((LambdaParameter v)) (IsPattern (MemberAccess (Name v) (Name Id)) (BinaryPattern or (BinaryPattern and (RelationalPattern > (Literal 3 int)) (RelationalPattern < (Literal 10 int))) (ConstantPattern (Literal 42 int))))))',
    ],
    [
      'return v => (double)v.GetOutDegree() / (v.GetInDegree() + 1);',
      '(Return (Lambda ((LambdaParameter v)) (Binary / (Cast (PredefinedType double) (Invocation (MemberAccess (Name v) (Name GetOutDegree)) ())) (Parenthesized (Binary + (Invocation (MemberAccess (Name v) (Name GetInDegree)) ()) (Literal 1 int))))))',
    ],
    [
      'List<int> seen = new List<int>(); int low = 1, high = 100;',
      '(LocalDeclaration (Name List ((PredefinedType int))) ((VariableDeclarator seen (ObjectCreation (Name List ((PredefinedType int))) ())))) (LocalDeclaration (PredefinedType int) ((VariableDeclarator low (Literal 1 int)) (VariableDeclarator high (Literal 100 int))))',
    ],
    [
      'for (int i = 0, j = 10; i < j; i++, j--) hits++;',
      '(For (LocalDeclaration (PredefinedType int) ((VariableDeclarator i (Literal 0 int)) (VariableDeclarator j (Literal 10 int)))) () (Binary < (Name i) (Name j)) ((PostfixUnary ++ (Name i)) (PostfixUnary -- (Name j))) (ExpressionStatement (PostfixUnary ++ (Name hits))))',
    ],
    [
      'foreach (var x in xs) total += x;',
      '(ForEach x (Name var) (Name xs) (ExpressionStatement (Assignment += (Name total) (Name x))))',
    ],
    [
      'return v => v.OutEdges?.Values.SelectMany(x => x).Count() > 3;',
      '(Return (Lambda ((LambdaParameter v)) (Binary > (ConditionalAccess (MemberAccess (Name v) (Name OutEdges)) (Invocation (MemberAccess (Invocation (MemberAccess (MemberBinding (Name Values)) (Name SelectMany)) ((Argument (Lambda ((LambdaParameter x)) (Name x))))) (Name Count)) ())) (Literal 3 int))))',
    ],
    [
      'var costs = new Dictionary<string, double> { ["road"] = 1.0 };',
      '(LocalDeclaration (Name var) ((VariableDeclarator costs (ObjectCreation (Name Dictionary ((PredefinedType string) (PredefinedType double))) (Initializer initializerKind=Object ((Assignment = (ImplicitElementAccess ((Argument (Literal "road")))) (Literal 1.0 double))))))))',
    ],
    [
      'return (VertexModel v) => checked(v.Id + 1) > default(int);',
      '(Return (Lambda parenthesized ((LambdaParameter v (Name VertexModel))) (Binary > (Checked checked (Binary + (MemberAccess (Name v) (Name Id)) (Literal 1 int))) (Default (PredefinedType int)))))',
    ],
    [
      'int? cap = null; cap ??= 0x1F + 1_000L;',
      '(LocalDeclaration (NullableType (PredefinedType int)) ((VariableDeclarator cap (Literal null)))) (ExpressionStatement (Assignment ??= (Name cap) (Binary + (Literal 0x1F int) (Literal 1_000L long))))',
    ],
  ];
  for (const [fragment, shape] of shapes) {
    it(`reads ${fragment}`, () => {
      assert.equal(tree(fragment), shape);
    });
  }
});

describe('parser: C# disambiguation', () => {
  it('takes (T)x for a cast and (x) - y for a parenthesized operand, as C# does', () => {
    assert.equal(printTree(returned('return (int)x;')), '(Cast (PredefinedType int) (Name x))');
    assert.equal(printTree(returned('return (A)b;')), '(Cast (Name A) (Name b))');
    assert.equal(printTree(returned('return (A)(b);')), '(Cast (Name A) (Parenthesized (Name b)))');
    assert.equal(printTree(returned('return (a) - b;')), '(Binary - (Parenthesized (Name a)) (Name b))');
    assert.equal(
      printTree(returned('return (int)-b;')),
      '(Cast (PredefinedType int) (PrefixUnary - (Name b)))',
    );
    assert.equal(
      printTree(returned('return (a)[0];')),
      '(ElementAccess (Parenthesized (Name a)) ((Argument (Literal 0 int))))',
    );
  });

  it('reads a<b>(c) as a generic call and a < b > c as comparisons', () => {
    assert.equal(
      printTree(returned('return F<int>(1);')),
      '(Invocation (Name F ((PredefinedType int))) ((Argument (Literal 1 int))))',
    );
    assert.equal(
      printTree(returned('return a < b > c;')),
      '(Binary > (Binary < (Name a) (Name b)) (Name c))',
    );
    assert.equal(
      printTree(returned('return a < b && c > d;')),
      '(Binary && (Binary < (Name a) (Name b)) (Binary > (Name c) (Name d)))',
    );
  });

  it('joins adjacent > tokens into shifts but leaves nested generic closers alone', () => {
    assert.equal(printTree(returned('return a >> 2;')), '(Binary >> (Name a) (Literal 2 int))');
    assert.deepEqual(
      parseFragment('return a > > 2;').diagnostics.map((d) => d.message),
      ["Invalid expression term '>'"],
    );
    assert.equal(
      tree('List<List<int>> x = null;'),
      '(LocalDeclaration (Name List ((Name List ((PredefinedType int))))) ((VariableDeclarator x (Literal null))))',
    );
    assert.equal(tree('a >>= 1;'), '(ExpressionStatement (Assignment >>= (Name a) (Literal 1 int)))');
  });

  it('tells a declaration statement from an expression statement', () => {
    assert.equal(
      tree('x.y z;'),
      '(LocalDeclaration (QualifiedName (Name x) (Name y)) ((VariableDeclarator z)))',
    );
    assert.equal(tree('x.y();'), '(ExpressionStatement (Invocation (MemberAccess (Name x) (Name y)) ()))');
    assert.equal(tree('x = 1;'), '(ExpressionStatement (Assignment = (Name x) (Literal 1 int)))');
    assert.equal(tree('int.Parse("1");').startsWith('(ExpressionStatement (Invocation'), true);
    assert.equal(
      tree('var var = 1;'),
      '(LocalDeclaration (Name var) ((VariableDeclarator var (Literal 1 int))))',
    );
  });

  it('reads every lambda form', () => {
    assert.equal(printTree(returned('return x => x;')), '(Lambda ((LambdaParameter x)) (Name x))');
    assert.equal(
      printTree(returned('return (x) => x;')),
      '(Lambda parenthesized ((LambdaParameter x)) (Name x))',
    );
    assert.equal(
      printTree(returned('return (x, y) => { return x; };')),
      '(Lambda parenthesized ((LambdaParameter x) (LambdaParameter y)) (Block ((Return (Name x)))))',
    );
    assert.equal(
      printTree(returned('return (int x) => x;')),
      '(Lambda parenthesized ((LambdaParameter x (PredefinedType int))) (Name x))',
    );
    assert.equal(
      printTree(returned('return static x => x;')),
      '(Lambda isStatic ((LambdaParameter x)) (Name x))',
    );
    assert.equal(printTree(returned('return () => 1;')), '(Lambda parenthesized () (Literal 1 int))');
  });

  it('binds operators with C# precedence and associativity', () => {
    assert.equal(
      printTree(returned('return a || b && c | d ^ e & f == g < h << i + j * k;')),
      '(Binary || (Name a) (Binary && (Name b) (Binary | (Name c) (Binary ^ (Name d) (Binary & (Name e) (Binary == (Name f) (Binary < (Name g) (Binary << (Name h) (Binary + (Name i) (Binary * (Name j) (Name k)))))))))))',
    );
    assert.equal(
      printTree(returned('return a - b - c;')),
      '(Binary - (Binary - (Name a) (Name b)) (Name c))',
    );
    assert.equal(
      printTree(returned('return a ?? b ?? c;')),
      '(Binary ?? (Name a) (Binary ?? (Name b) (Name c)))',
    );
    assert.equal(
      printTree(returned('return a ? b : c ? d : e;')),
      '(Conditional (Name a) (Name b) (Conditional (Name c) (Name d) (Name e)))',
    );
    assert.equal(
      tree('a = b += c;'),
      '(ExpressionStatement (Assignment = (Name a) (Assignment += (Name b) (Name c))))',
    );
    assert.equal(
      printTree(returned('return !a is bool;')),
      '(IsPattern (PrefixUnary ! (Name a)) (TypePattern (PredefinedType bool)))',
    );
    assert.equal(
      printTree(returned('return a as string ?? "";')),
      '(Binary ?? (As (Name a) (PredefinedType string)) (Literal ""))',
    );
  });

  it('binds pattern combinators not, and, or from tightest to loosest', () => {
    assert.equal(
      printTree(returned('return x is not 1 or 2 and 3;')),
      '(IsPattern (Name x) (BinaryPattern or (NotPattern (ConstantPattern (Literal 1 int))) (BinaryPattern and (ConstantPattern (Literal 2 int)) (ConstantPattern (Literal 3 int)))))',
    );
  });

  it('reads null-conditional access as one conditional access over the rest of the chain', () => {
    assert.equal(
      printTree(returned('return a?.b.c(1)[2];')),
      '(ConditionalAccess (Name a) (ElementAccess (Invocation (MemberAccess (MemberBinding (Name b)) (Name c)) ((Argument (Literal 1 int)))) ((Argument (Literal 2 int)))))',
    );
    assert.equal(
      printTree(returned('return a?[0]?.b;')),
      '(ConditionalAccess (Name a) (ConditionalAccess (ElementBinding ((Argument (Literal 0 int)))) (MemberBinding (Name b))))',
    );
  });

  it('reads named, out and ref arguments', () => {
    assert.equal(
      printTree(returned('return f(name: 1, out var a, out int b, out c, out _, ref d);')),
      '(Invocation (Name f) ((Argument name: (Literal 1 int)) (Argument out (DeclarationExpression (Name var) (Designation a))) (Argument out (DeclarationExpression (PredefinedType int) (Designation b))) (Argument out (Name c)) (Argument out (Name _)) (Argument ref (Name d))))',
    );
  });

  it('reads array creation forms', () => {
    assert.equal(
      printTree(returned('return new int[3];')),
      '(ArrayCreation (ArrayType (PredefinedType int) ((ArrayRank ((Literal 3 int))))))',
    );
    assert.equal(
      printTree(returned('return new[] { 1, 2 };')),
      '(ImplicitArrayCreation rank=1 (Initializer initializerKind=Array ((Literal 1 int) (Literal 2 int))))',
    );
    assert.equal(
      printTree(returned('return new int[] { 1 };')),
      '(ArrayCreation (ArrayType (PredefinedType int) ((ArrayRank ((OmittedSize))))) (Initializer initializerKind=Array ((Literal 1 int))))',
    );
  });
});

describe('parser: literals and names', () => {
  function literal(fragment: string): Literal {
    const expression = returned(fragment);
    assert.equal(expression.kind, 'Literal');
    return expression as Literal;
  }

  it('keeps a literal raw text, decoded value and C# type', () => {
    assert.deepEqual(pick(literal('return 1_000UL;')), {
      raw: '1_000UL',
      value: '1000',
      numericType: 'ulong',
      radix: 10,
    });
    assert.deepEqual(pick(literal('return 0xFF;')), {
      raw: '0xFF',
      value: 'FF',
      numericType: 'int',
      radix: 16,
    });
    assert.deepEqual(pick(literal('return 1.5e3f;')), {
      raw: '1.5e3f',
      value: '1.5e3',
      numericType: 'float',
      radix: 10,
    });
    assert.deepEqual(pick(literal('return "a\\tb";')), { raw: '"a\\tb"', value: 'a\tb' });
    assert.deepEqual(pick(literal('return @"a""b";')), { raw: '@"a""b"', value: 'a"b' });
    assert.deepEqual(pick(literal("return '\\n';")), { raw: "'\\n'", value: '\n' });
    assert.equal(literal('return null;').literalKind, 'Null');
    assert.equal(literal('return true;').literalKind, 'True');
  });

  it('decodes interpolated text parts and keeps format specifiers raw', () => {
    const expression = returned('return $"a\\t{{{x:0.00}}}b";');
    assert.equal(expression.kind, 'InterpolatedString');
    if (expression.kind !== 'InterpolatedString') return;
    assert.deepEqual(
      expression.parts.map((part) => (part.kind === 'InterpolatedText' ? part.value : part.format?.raw)),
      ['a\t{', '0.00', '}b'],
    );
  });

  it('keeps an identifier name without @ and marks it verbatim', () => {
    const expression = returned('return @class;');
    assert.deepEqual(expression.kind === 'Name' && [expression.identifier, expression.verbatim], [
      'class',
      true,
    ]);
  });

  it('reads predefined types as receivers of static members', () => {
    assert.equal(
      printTree(returned('return int.MaxValue;')),
      '(MemberAccess (PredefinedType int) (Name MaxValue))',
    );
    assert.equal(
      printTree(returned('return string.IsNullOrEmpty(s);')),
      '(Invocation (MemberAccess (PredefinedType string) (Name IsNullOrEmpty)) ((Argument (Name s))))',
    );
  });

  it('records spans of names and literals in the fragment', () => {
    const fragment = 'return v => v.Id > 30;';
    const nodes = [...walk(parseFragment(fragment).statements)].map(({ node }) => node);
    const spans = (kind: Node['kind']) =>
      nodes.filter((node) => node.kind === kind).map((node) => fragment.slice(node.start, node.end));
    assert.deepEqual(spans('Name'), ['v', 'Id']);
    assert.deepEqual(spans('Literal'), ['30']);
    assert.deepEqual(spans('Lambda'), ['v => v.Id > 30']);
    assert.deepEqual(spans('Return'), [fragment]);
  });
});

describe('parser: empty and oversized fragments', () => {
  it('reads an empty, blank or comment-only fragment as no statements and no diagnostics', () => {
    for (const fragment of ['', '   \n\t', '// nothing\n/* here */']) {
      const result = parseFragment(fragment);
      assert.deepEqual(
        [result.statements.length, result.diagnostics.length],
        [0, 0],
        JSON.stringify(fragment),
      );
    }
  });

  it(`reads a fragment of exactly ${maxFragmentChars} characters`, () => {
    const body = 'return v => true;';
    const fragment = body + ' '.repeat(maxFragmentChars - body.length);
    const result = parseFragment(fragment);
    assert.equal(result.diagnostics.length, 0);
    assert.equal(result.statements.length, 1);
  });

  it('answers only SVCLIMIT at 1:1 for a longer fragment, without reading it', () => {
    const fragment = '"'.repeat(maxFragmentChars + 1);
    const result = parseFragment(fragment);
    assert.deepEqual(result.statements, []);
    assert.deepEqual(toWireDiagnostics(result.diagnostics, fragment), [
      {
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        id: 'SVCLIMIT',
        severity: 'error',
        message: 'The fragment (100001 chars) exceeds the maximum of 100000.',
      },
    ]);
  });

  it('stops at a nesting too deep to compile with CS8078, without exhausting the stack', () => {
    const deep = 4_000;
    for (const fragment of [
      'return ' + '('.repeat(deep) + '1;',
      'return ' + '!'.repeat(deep) + 'x;',
      '{'.repeat(deep),
      'return x is ' + 'not '.repeat(deep) + '1;',
      'return a' + '?.b'.repeat(deep) + ';',
      'List<'.repeat(deep) + 'int x;',
      'return $"{' + '$"{'.repeat(deep) + '1}";',
      'return ' + 'x => '.repeat(deep) + '1;',
    ]) {
      const result = parseFragment(fragment);
      assert.deepEqual(
        result.diagnostics.map((d) => d.id),
        ['CS8078'],
        fragment.slice(0, 20),
      );
    }
  });

  it('reads long chains of operators and member accesses, which do not nest calls', () => {
    const terms = 3_000;
    const chain =
      'return v => ' + Array.from({ length: terms }, (_, i) => `v.Label == "l${i}"`).join(' || ') + ';';
    assert.equal(parseFragment(chain).diagnostics.length, 0);
    const members = 'return v' + '.x'.repeat(terms) + ';';
    assert.equal(parseFragment(members).diagnostics.length, 0);
    const qualified = 'return v is ' + Array.from({ length: terms }, (_, i) => `N${i}`).join('.') + ';';
    assert.equal(parseFragment(qualified).diagnostics.length, 0);
  });
});

function pick(node: Literal): Partial<Literal> {
  const { raw, value, numericType, radix } = node;
  return { raw, value, ...(numericType ? { numericType } : {}), ...(radix ? { radix } : {}) };
}
