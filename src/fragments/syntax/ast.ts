/**
 * The syntax tree of a fragment: a discriminated union on `kind`.
 *
 * Every node carries its source span (`start`, `end`: UTF-16 offsets into the fragment, end exclusive;
 * line and column come from `positionOf` in ../diagnostics.ts). Identifiers keep their name; literals
 * keep their raw source text, their kind and their C# type. The shapes follow Roslyn's syntax model where
 * the binder needs C# meaning (conditional access, `is` patterns, declaration expressions), so the
 * checker can apply the C# rules node by node.
 *
 * Error recovery leaves two kinds of placeholder: `Missing` where the parser expected an expression or a
 * type and found none (a diagnostic was reported; the checker stays silent about it), and `Unsupported`
 * for valid C# outside the fragment subset (SVCUNSUPPORTED was reported; its inner nodes are kept only
 * for spans).
 */
import type { NumericType, PredefinedTypeKeyword } from './tokens.js';

export interface Span {
  readonly start: number;
  readonly end: number;
}

// ---------------------------------------------------------------------------------------------- Types

/** `int`, `string`, `object`, ...: a type, or the receiver of a static member (`int.MaxValue`). */
export interface PredefinedType extends Span {
  readonly kind: 'PredefinedType';
  readonly keyword: PredefinedTypeKeyword;
}

/** A simple name, optionally generic: `x`, `var`, `List<int>`, `TryGetProperty<int>`. */
export interface Name extends Span {
  readonly kind: 'Name';
  /** The name as C# compares it: without `@`, escapes decoded. */
  readonly identifier: string;
  /** Written `@name`: never a contextual keyword. */
  readonly verbatim: boolean;
  /** Present for a generic name, also when empty is impossible: `F<>` is not parsed as generic. */
  readonly typeArguments?: readonly TypeNode[];
}

/** `System.Int32`, `System.Collections.Generic.List<int>` in type position. */
export interface QualifiedName extends Span {
  readonly kind: 'QualifiedName';
  readonly left: Name | QualifiedName;
  readonly right: Name;
}

/** `int?`. */
export interface NullableType extends Span {
  readonly kind: 'NullableType';
  readonly elementType: TypeNode;
}

/** One `[...]` of an array type: its rank and, in an array creation, its sizes. */
export interface ArrayRank extends Span {
  readonly kind: 'ArrayRank';
  /** One entry per dimension; `OmittedSize` where no size was written (`int[]`, `int[,]`). */
  readonly sizes: readonly (Expression | OmittedSize)[];
}

export interface OmittedSize extends Span {
  readonly kind: 'OmittedSize';
}

/** `int[]`, `string[][]`, `double[,]`, `new int[3]`'s type. */
export interface ArrayType extends Span {
  readonly kind: 'ArrayType';
  readonly elementType: TypeNode;
  readonly ranks: readonly ArrayRank[];
}

export type TypeNode =
  PredefinedType | Name | QualifiedName | NullableType | ArrayType | Missing | Unsupported;

// ------------------------------------------------------------------------------------------ Literals

export type LiteralKind = 'Numeric' | 'String' | 'Char' | 'True' | 'False' | 'Null';

export interface Literal extends Span {
  readonly kind: 'Literal';
  readonly literalKind: LiteralKind;
  /** The literal exactly as written, quotes, prefixes and suffixes included. */
  readonly raw: string;
  /**
   * Strings and chars: the decoded value. Numbers: the digits as C# reads them (no `0x`/`0b` prefix,
   * no `_` separators, no suffix), with `.` and `e` for reals. `true`, `false`, `null`: the keyword.
   */
  readonly value: string;
  /** Numbers only: the literal's C# type from its suffix and value. */
  readonly numericType?: NumericType;
  /** Numbers only. */
  readonly radix?: 2 | 10 | 16;
  /** Strings only: written `@"..."`. */
  readonly verbatim?: boolean;
}

/** A text part of an interpolated string. */
export interface InterpolatedText extends Span {
  readonly kind: 'InterpolatedText';
  readonly raw: string;
  /** The text with escapes decoded and `{{`/`}}` (and `""` in verbatim strings) undoubled. */
  readonly value: string;
}

/** A `{expression,alignment:format}` hole of an interpolated string. */
export interface Interpolation extends Span {
  readonly kind: 'Interpolation';
  readonly expression: Expression;
  readonly alignment?: Expression;
  readonly format?: InterpolationFormat;
}

/** The format specifier after `:` in a hole (`F2` in `{x:F2}`); may be empty, which the checker rejects. */
export interface InterpolationFormat extends Span {
  readonly kind: 'InterpolationFormat';
  readonly raw: string;
  readonly value: string;
}

/** `$"..."`, `$@"..."`, `@$"..."`. */
export interface InterpolatedString extends Span {
  readonly kind: 'InterpolatedString';
  readonly verbatim: boolean;
  readonly parts: readonly (InterpolatedText | Interpolation)[];
}

// ------------------------------------------------------------------------------------------ Patterns

/** `is 3`, `is null`, `is Metric.Cosine`; a name here may also denote a type, which the checker decides. */
export interface ConstantPattern extends Span {
  readonly kind: 'ConstantPattern';
  readonly expression: Expression;
}

/** `is int`, `is string[]`. */
export interface TypePattern extends Span {
  readonly kind: 'TypePattern';
  readonly type: TypeNode;
}

/** A pattern's variable: a name, or `_` which binds nothing. */
export interface Designation extends Span {
  readonly kind: 'Designation';
  readonly identifier: string;
  readonly discard: boolean;
}

/** `is int n`, `is string s`. */
export interface DeclarationPattern extends Span {
  readonly kind: 'DeclarationPattern';
  readonly type: TypeNode;
  readonly designation: Designation;
}

/** `is var x`. */
export interface VarPattern extends Span {
  readonly kind: 'VarPattern';
  readonly designation: Designation;
}

/** `_` in a switch arm or pattern. */
export interface DiscardPattern extends Span {
  readonly kind: 'DiscardPattern';
}

export type RelationalOperator = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** `is > 3`, `<= 10.5`; `==` and `!=` parse here as in Roslyn and are rejected by the checker. */
export interface RelationalPattern extends Span {
  readonly kind: 'RelationalPattern';
  readonly operator: RelationalOperator;
  readonly expression: Expression;
}

export interface NotPattern extends Span {
  readonly kind: 'NotPattern';
  readonly pattern: Pattern;
}

/** `and` binds tighter than `or`. */
export interface BinaryPattern extends Span {
  readonly kind: 'BinaryPattern';
  readonly operator: 'and' | 'or';
  readonly left: Pattern;
  readonly right: Pattern;
}

export interface ParenthesizedPattern extends Span {
  readonly kind: 'ParenthesizedPattern';
  readonly pattern: Pattern;
}

/**
 * One `Member: pattern` of a property pattern; `member` is a name or a dotted member path, absent when
 * only a pattern was written (which the checker rejects).
 */
export interface Subpattern extends Span {
  readonly kind: 'Subpattern';
  readonly member?: Expression;
  readonly pattern: Pattern;
}

/** `{ Length: > 3 }`, `string { Length: 0 } s`. */
export interface PropertyPattern extends Span {
  readonly kind: 'PropertyPattern';
  readonly type?: TypeNode;
  readonly subpatterns: readonly Subpattern[];
  readonly designation?: Designation;
}

export type Pattern =
  | ConstantPattern
  | TypePattern
  | DeclarationPattern
  | VarPattern
  | DiscardPattern
  | RelationalPattern
  | NotPattern
  | BinaryPattern
  | ParenthesizedPattern
  | PropertyPattern
  | Missing
  | Unsupported;

// --------------------------------------------------------------------------------------- Expressions

export type BinaryOperator =
  | '||'
  | '&&'
  | '|'
  | '^'
  | '&'
  | '=='
  | '!='
  | '<'
  | '>'
  | '<='
  | '>='
  | '<<'
  | '>>'
  | '>>>'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '??';

export type AssignmentOperator =
  '=' | '+=' | '-=' | '*=' | '/=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>=' | '>>>=' | '??=';

export interface Binary extends Span {
  readonly kind: 'Binary';
  readonly operator: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
}

export interface Assignment extends Span {
  readonly kind: 'Assignment';
  readonly operator: AssignmentOperator;
  readonly left: Expression;
  readonly right: Expression;
}

/** `!x`, `-x`, `+x`, `~x`, `++x`, `--x`. */
export interface PrefixUnary extends Span {
  readonly kind: 'PrefixUnary';
  readonly operator: '!' | '-' | '+' | '~' | '++' | '--';
  readonly operand: Expression;
}

/** `x++`, `x--`, and the null-forgiving `x!` (no run-time effect in C#). */
export interface PostfixUnary extends Span {
  readonly kind: 'PostfixUnary';
  readonly operator: '++' | '--' | '!';
  readonly operand: Expression;
}

/** `c ? a : b`. */
export interface Conditional extends Span {
  readonly kind: 'Conditional';
  readonly condition: Expression;
  readonly whenTrue: Expression;
  readonly whenFalse: Expression;
}

/** `(int)x`. */
export interface Cast extends Span {
  readonly kind: 'Cast';
  readonly type: TypeNode;
  readonly expression: Expression;
}

/** `x as string`. */
export interface As extends Span {
  readonly kind: 'As';
  readonly expression: Expression;
  readonly type: TypeNode;
}

/** `x is <pattern>`; `x is int` is a TypePattern, `x is int n` a DeclarationPattern. */
export interface IsPattern extends Span {
  readonly kind: 'IsPattern';
  readonly expression: Expression;
  readonly pattern: Pattern;
}

/** `x.Name`, `int.MaxValue`, `v.TryGetProperty<int>` (the name may be generic). */
export interface MemberAccess extends Span {
  readonly kind: 'MemberAccess';
  readonly expression: Expression;
  readonly name: Name;
}

/**
 * `a?.b.c` and `a?[i]`: C#'s null-conditional access. `whenNotNull` is evaluated only when `expression`
 * is not null; inside it, the receiver is the value of `expression`, reached through the leftmost
 * MemberBinding or ElementBinding. The whole access is null when `expression` is null.
 */
export interface ConditionalAccess extends Span {
  readonly kind: 'ConditionalAccess';
  readonly expression: Expression;
  readonly whenNotNull: Expression;
}

/** `.b` right after `?` in a ConditionalAccess. */
export interface MemberBinding extends Span {
  readonly kind: 'MemberBinding';
  readonly name: Name;
}

/** `[i]` right after `?` in a ConditionalAccess. */
export interface ElementBinding extends Span {
  readonly kind: 'ElementBinding';
  readonly arguments: readonly Argument[];
}

export interface Invocation extends Span {
  readonly kind: 'Invocation';
  readonly expression: Expression;
  readonly arguments: readonly Argument[];
}

export interface ElementAccess extends Span {
  readonly kind: 'ElementAccess';
  readonly expression: Expression;
  readonly arguments: readonly Argument[];
}

export interface Argument extends Span {
  readonly kind: 'Argument';
  /** A named argument's parameter name (`name: value`). */
  readonly name?: string;
  readonly refKind: 'none' | 'out' | 'ref' | 'in';
  readonly expression: Expression;
}

/** `out var x`, `out int x`, `out var _`: declares a local where it appears. */
export interface DeclarationExpression extends Span {
  readonly kind: 'DeclarationExpression';
  /** `var` is the Name `var`. */
  readonly type: TypeNode;
  readonly designation: Designation;
}

export interface Parenthesized extends Span {
  readonly kind: 'Parenthesized';
  readonly expression: Expression;
}

export interface LambdaParameter extends Span {
  readonly kind: 'LambdaParameter';
  readonly identifier: string;
  /** Explicitly typed lambdas: `(int x) => ...`. */
  readonly type?: TypeNode;
  readonly modifier?: 'ref' | 'out' | 'in';
}

/** `x => e`, `(x, y) => { ... }`, `(int x) => e`, `static x => e`. */
export interface Lambda extends Span {
  readonly kind: 'Lambda';
  readonly parameters: readonly LambdaParameter[];
  /** Written with parentheses around the parameters. */
  readonly parenthesized: boolean;
  readonly isStatic: boolean;
  readonly body: Block | Expression;
}

/** `{ 1, 2 }` after `new T[]`, `new[]`, or in a declaration; `{ A = 1 }` and `{ 1, 2 }` after `new T()`. */
export interface Initializer extends Span {
  readonly kind: 'Initializer';
  readonly initializerKind: 'Array' | 'Object' | 'Collection' | 'ComplexElement';
  /** Object initializers hold Assignments whose left side is a Name or an ImplicitElementAccess. */
  readonly expressions: readonly Expression[];
}

/** `[key]` on the left of an object initializer member: `new Dictionary<string, int> { ["a"] = 1 }`. */
export interface ImplicitElementAccess extends Span {
  readonly kind: 'ImplicitElementAccess';
  readonly arguments: readonly Argument[];
}

/** `new T(args) { ... }`; `new(args)` (target-typed) has no type. */
export interface ObjectCreation extends Span {
  readonly kind: 'ObjectCreation';
  readonly type?: TypeNode;
  readonly arguments?: readonly Argument[];
  readonly initializer?: Initializer;
}

/** `new int[3]`, `new int[] { 1, 2 }`, `new string[2, 2]`. */
export interface ArrayCreation extends Span {
  readonly kind: 'ArrayCreation';
  readonly type: ArrayType;
  readonly initializer?: Initializer;
}

/** `new[] { 1, 2 }`; `rank` counts the dimensions (`new[,]` is 2). */
export interface ImplicitArrayCreation extends Span {
  readonly kind: 'ImplicitArrayCreation';
  readonly rank: number;
  readonly initializer: Initializer;
}

/** `default` (the literal) or `default(T)`. */
export interface Default extends Span {
  readonly kind: 'Default';
  readonly type?: TypeNode;
}

/** `typeof(T)`: parsed so the checker can reject it with a precise diagnostic. */
export interface TypeOf extends Span {
  readonly kind: 'TypeOf';
  readonly type: TypeNode;
}

/** `checked(e)`, `unchecked(e)`. */
export interface CheckedExpression extends Span {
  readonly kind: 'Checked';
  readonly checked: boolean;
  readonly expression: Expression;
}

export interface SwitchArm extends Span {
  readonly kind: 'SwitchArm';
  readonly pattern: Pattern;
  readonly whenClause?: Expression;
  readonly expression: Expression;
}

/** `x switch { 1 => "a", > 5 => "b", _ => "c" }`. */
export interface SwitchExpression extends Span {
  readonly kind: 'SwitchExpression';
  readonly governing: Expression;
  readonly arms: readonly SwitchArm[];
}

export type Expression =
  | Literal
  | InterpolatedString
  | Name
  | PredefinedType
  | Binary
  | Assignment
  | PrefixUnary
  | PostfixUnary
  | Conditional
  | Cast
  | As
  | IsPattern
  | MemberAccess
  | ConditionalAccess
  | MemberBinding
  | ElementBinding
  | Invocation
  | ElementAccess
  | DeclarationExpression
  | Parenthesized
  | Lambda
  | Initializer
  | ImplicitElementAccess
  | ObjectCreation
  | ArrayCreation
  | ImplicitArrayCreation
  | Default
  | TypeOf
  | CheckedExpression
  | SwitchExpression
  | Missing
  | Unsupported;

// ---------------------------------------------------------------------------------------- Statements

export interface Block extends Span {
  readonly kind: 'Block';
  readonly statements: readonly Statement[];
}

export interface VariableDeclarator extends Span {
  readonly kind: 'VariableDeclarator';
  readonly identifier: string;
  /** The name's own span. */
  readonly nameStart: number;
  readonly initializer?: Expression;
}

/** `var x = 1;`, `int a = 1, b;`, `const double Limit = 2.5;`. */
export interface LocalDeclaration extends Span {
  readonly kind: 'LocalDeclaration';
  readonly isConst: boolean;
  /** `var` is the Name `var`. */
  readonly type: TypeNode;
  readonly declarators: readonly VariableDeclarator[];
}

export interface ExpressionStatement extends Span {
  readonly kind: 'ExpressionStatement';
  readonly expression: Expression;
}

export interface If extends Span {
  readonly kind: 'If';
  readonly condition: Expression;
  readonly then: Statement;
  readonly else?: Statement;
}

export interface While extends Span {
  readonly kind: 'While';
  readonly condition: Expression;
  readonly body: Statement;
}

export interface Do extends Span {
  readonly kind: 'Do';
  readonly body: Statement;
  readonly condition: Expression;
}

export interface For extends Span {
  readonly kind: 'For';
  /** A declaration, or a list of expressions, or nothing. */
  readonly declaration?: LocalDeclaration;
  readonly initializers: readonly Expression[];
  readonly condition?: Expression;
  readonly incrementors: readonly Expression[];
  readonly body: Statement;
}

export interface ForEach extends Span {
  readonly kind: 'ForEach';
  /** `var` is the Name `var`. */
  readonly type: TypeNode;
  readonly identifier: string;
  readonly nameStart: number;
  readonly expression: Expression;
  readonly body: Statement;
}

export interface Break extends Span {
  readonly kind: 'Break';
}

export interface Continue extends Span {
  readonly kind: 'Continue';
}

export interface Return extends Span {
  readonly kind: 'Return';
  readonly expression?: Expression;
}

/** A lone `;`. */
export interface Empty extends Span {
  readonly kind: 'Empty';
}

export type Statement =
  | Block
  | LocalDeclaration
  | ExpressionStatement
  | If
  | While
  | Do
  | For
  | ForEach
  | Break
  | Continue
  | Return
  | Empty
  | Unsupported;

// ------------------------------------------------------------------------------------- Placeholders

/** Where an expression, type or pattern was expected and none was written; already diagnosed. */
export interface Missing extends Span {
  readonly kind: 'Missing';
}

/** Valid C# outside the fragment subset; SVCUNSUPPORTED was reported for `construct`. */
export interface Unsupported extends Span {
  readonly kind: 'Unsupported';
  /** What was written, as named in the diagnostic (`switch statement`, `tuple`, `query expression`, ...). */
  readonly construct: string;
}

export type Node =
  | TypeNode
  | Expression
  | Pattern
  | Statement
  | ArrayRank
  | OmittedSize
  | InterpolatedText
  | Interpolation
  | InterpolationFormat
  | Designation
  | Subpattern
  | Argument
  | LambdaParameter
  | SwitchArm
  | VariableDeclarator;

export type NodeKind = Node['kind'];
