/**
 * Classifications of tokens the parser decides by (Roslyn's SyntaxFacts and the sets scattered through
 * its LanguageParser), and C#'s operator precedence. Each set is written as the space-separated kinds
 * it holds.
 */
import type { Token, TokenKind } from './tokens.js';

function kinds(list: string): ReadonlySet<TokenKind> {
  return new Set(list.split(/\s+/).filter((kind) => kind !== '') as TokenKind[]);
}

/** Roslyn's Precedence, loosest first; assignment and lambdas share the loosest level. */
export const Precedence = {
  Expression: 0,
  Assignment: 0,
  Lambda: 0,
  Conditional: 1,
  Coalescing: 2,
  ConditionalOr: 3,
  ConditionalAnd: 4,
  LogicalOr: 5,
  LogicalXor: 6,
  LogicalAnd: 7,
  Equality: 8,
  Relational: 9,
  Shift: 10,
  Additive: 11,
  Multiplicative: 12,
  Switch: 13,
  Range: 14,
  Unary: 15,
  Cast: 16,
  PointerIndirection: 17,
  Primary: 19,
} as const;

const binaryPrecedence: Readonly<Record<string, number>> = {
  '??': Precedence.Coalescing,
  '||': Precedence.ConditionalOr,
  '&&': Precedence.ConditionalAnd,
  '|': Precedence.LogicalOr,
  '^': Precedence.LogicalXor,
  '&': Precedence.LogicalAnd,
  '==': Precedence.Equality,
  '!=': Precedence.Equality,
  '<': Precedence.Relational,
  '>': Precedence.Relational,
  '<=': Precedence.Relational,
  '>=': Precedence.Relational,
  is: Precedence.Relational,
  as: Precedence.Relational,
  '<<': Precedence.Shift,
  '>>': Precedence.Shift,
  '>>>': Precedence.Shift,
  '+': Precedence.Additive,
  '-': Precedence.Additive,
  '*': Precedence.Multiplicative,
  '/': Precedence.Multiplicative,
  '%': Precedence.Multiplicative,
};

/** The precedence of a binary operator (joined shifts included), or undefined for anything else. */
export function precedenceOfBinary(operator: string): number | undefined {
  return binaryPrecedence[operator];
}

/** Tokens that can start a class member (Roslyn's CanStartMember and namespace-member starts). */
export const memberStartKinds = kinds(`
  abstract bool byte char class const decimal delegate double enum event extern fixed float int interface
  internal long new object override private protected public readonly sbyte sealed short static string
  struct uint ulong unsafe ushort virtual void volatile Identifier ~ [ implicit explicit ( ref namespace using`);

/** Keywords and punctuators that start a statement (Roslyn's IsPossibleStatement, first part). */
export const statementStartKinds = kinds(`
  fixed break continue try checked unchecked const do for foreach goto if else lock return switch throw
  unsafe using while { ; static readonly volatile ref extern [`);

/** Tokens that begin a term (Roslyn's IsPossibleExpression, without identifiers, types and operators). */
export const termStartKinds = kinds(`
  typeof default sizeof checked unchecked base false this true null ( NumericLiteral StringLiteral
  CharLiteral InterpolatedString new delegate :: throw stackalloc .. ref`);

/** Prefix operators (Roslyn's IsAnyUnaryExpression); `^`, `*` and `&` are C#'s index and pointer forms. */
export const unaryOperatorKinds = kinds('+ - ! ~ ++ -- ^ * &');

/** Binary operators as the lexer produces them (shifts right are joined by the parser). */
export const binaryOperatorKinds = kinds('|| && | ^ & == != < > <= >= << + - * / % ?? is as');

export const assignmentOperatorKinds = kinds('= += -= *= /= %= &= |= ^= <<= ??=');

/** Statement keywords that cannot start an expression (Roslyn's IsInvalidSubExpression). */
export const invalidSubExpressionKinds = kinds(
  'break case catch const continue do finally for foreach goto if else lock return switch try using while',
);

/** After `(T)`, these make the parentheses an expression rather than a cast (Roslyn's CanFollowCast). */
export const cannotFollowCastKinds = kinds(`
  as is ; ) ] { } , = += -= *= /= %= &= ^= |= <<= ? : || && | ^ & == != < <= > >= ??= << + - * / % ++ --
  [ . -> ?? EndOfFile switch => ..`);

/** After `a<b>` in an expression, these make it a generic name (C# grammar ambiguities, §12.8.9.2). */
export const definiteAfterTypeArgumentsKinds = kinds(
  '( ) ] } : ; , . ? == != | ^ && || & [ < <= >= is as { => EndOfFile',
);

/** Where a pattern was expected but one of these follows, the pattern is missing (CS8504). */
export const missingPatternFollowerKinds = kinds(', ; } ) ] =>');

export const relationalPatternKinds = kinds('< <= > >= == !=');

export function isBinaryOperatorKind(kind: TokenKind): boolean {
  return binaryOperatorKinds.has(kind);
}

export function isAssignmentOperatorKind(kind: TokenKind): boolean {
  return assignmentOperatorKinds.has(kind);
}

/** Keyword kinds are lowercase words; the other kinds are capitalised or punctuation. */
export function isKeywordToken(token: Token): boolean {
  return /^[a-z]+$/.test(token.kind);
}

/** A token's text in "Invalid expression term '{0}'": punctuators and keywords, '' for anything else. */
export function tokenText(token: Token): string {
  return /^[A-Z]/.test(token.kind) ? '' : token.kind;
}
