/**
 * Token kinds of the C# lexical grammar, as far as fragments need them.
 *
 * A punctuator's or keyword's kind is its own text (`';'`, `'=>'`, `'return'`), so parser code reads like
 * the grammar. Contextual keywords (`var`, `is` patterns' `not`/`and`/`or`, `when`, ...) are identifiers;
 * the parser recognises them by text, as Roslyn does, and never when written verbatim (`@var`).
 *
 * The lexer never combines `>` `>` into a shift operator: generic type argument lists end in `>`, so the
 * parser joins adjacent `>` tokens into `>>` and `>>=` where an operator is expected.
 */

/** Every reserved C# keyword; a keyword cannot be an identifier unless written verbatim (`@class`). */
import type { Diagnostic } from '../diagnostics.js';

export const reservedKeywords = [
  'abstract',
  'as',
  'base',
  'bool',
  'break',
  'byte',
  'case',
  'catch',
  'char',
  'checked',
  'class',
  'const',
  'continue',
  'decimal',
  'default',
  'delegate',
  'do',
  'double',
  'else',
  'enum',
  'event',
  'explicit',
  'extern',
  'false',
  'finally',
  'fixed',
  'float',
  'for',
  'foreach',
  'goto',
  'if',
  'implicit',
  'in',
  'int',
  'interface',
  'internal',
  'is',
  'lock',
  'long',
  'namespace',
  'new',
  'null',
  'object',
  'operator',
  'out',
  'override',
  'params',
  'private',
  'protected',
  'public',
  'readonly',
  'ref',
  'return',
  'sbyte',
  'sealed',
  'short',
  'sizeof',
  'stackalloc',
  'static',
  'string',
  'struct',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'uint',
  'ulong',
  'unchecked',
  'unsafe',
  'ushort',
  'using',
  'virtual',
  'void',
  'volatile',
  'while',
] as const;

export type Keyword = (typeof reservedKeywords)[number];

const keywordSet: ReadonlySet<string> = new Set(reservedKeywords);

export function isReservedKeyword(text: string): text is Keyword {
  return keywordSet.has(text);
}

/** Keywords that name a predefined type (`int`, `string`, ...); `void` is one too, as in Roslyn. */
export const predefinedTypeKeywords = [
  'bool',
  'byte',
  'sbyte',
  'short',
  'ushort',
  'int',
  'uint',
  'long',
  'ulong',
  'float',
  'double',
  'decimal',
  'char',
  'string',
  'object',
  'void',
] as const;

export type PredefinedTypeKeyword = (typeof predefinedTypeKeywords)[number];

const predefinedTypeSet: ReadonlySet<string> = new Set(predefinedTypeKeywords);

export function isPredefinedTypeKeyword(kind: string): kind is PredefinedTypeKeyword {
  return predefinedTypeSet.has(kind);
}

/** Punctuators and operators, longest first so the lexer can match greedily. */
export const punctuators = [
  '??=',
  '<<=',
  '=>',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '<<',
  '??',
  '::',
  '->',
  '..',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
  ':',
  ';',
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '!',
  '~',
  '=',
  '<',
  '>',
  '?',
] as const;

export type Punctuator = (typeof punctuators)[number];

export type TokenKind =
  | Keyword
  | Punctuator
  | 'Identifier'
  | 'NumericLiteral'
  | 'StringLiteral'
  | 'CharLiteral'
  | 'InterpolatedString'
  /** A character the lexer could not place in any token; CS1056 was reported for it. */
  | 'Bad'
  | 'EndOfFile';

/** The C# type of a numeric literal, decided by the lexer from its suffix and value as C# does. */
export type NumericType = 'int' | 'uint' | 'long' | 'ulong' | 'float' | 'double' | 'decimal';

export interface NumericInfo {
  readonly type: NumericType;
  readonly radix: 2 | 10 | 16;
}

/** One `{...}` hole of an interpolated string, as offsets into the source. */
export interface InterpolationHole {
  /** Offset of `{`. */
  readonly openBrace: number;
  /** Offset of the `:` that starts the format specifier, or -1. */
  readonly colon: number;
  /** Offset of the closing `}`, or of where it is missing. */
  readonly closeBrace: number;
  /** False when the hole was not closed; CS8076 was reported. */
  readonly closed: boolean;
}

export interface InterpolatedStringInfo {
  readonly verbatim: boolean;
  /** Offset just after the opening `$"`, `$@"` or `@$"`. */
  readonly contentStart: number;
  /** Offset of the closing quote, or the token's end when it is missing. */
  readonly contentEnd: number;
  readonly holes: readonly InterpolationHole[];
}

export interface Token {
  readonly kind: TokenKind;
  /** Offset of the token's first character (trivia excluded). */
  readonly start: number;
  /** Offset just after the token's last character. */
  readonly end: number;
  /**
   * Identifiers: the name (no `@`, escapes decoded). String and char literals: the decoded value.
   * Numbers: the digits as C# reads them (no prefix, separators or suffix). Others: the token text.
   */
  readonly value: string;
  /**
   * An end-of-line separates this token from the previous one outside any comment, i.e. Roslyn's
   * previous token carries an EndOfLine in its trailing trivia. Missing-token diagnostics depend on it.
   */
  readonly newLineBefore: boolean;
  /** The lexer reported a diagnostic on this token or its leading trivia (Roslyn: it contains diagnostics). */
  readonly hasError: boolean;
  /** Those diagnostics, trivia's first; the parser reports them as it consumes the token. */
  readonly diagnostics?: readonly Diagnostic[];
  /** `@identifier` or `@"..."`. */
  readonly verbatim: boolean;
  readonly numeric?: NumericInfo;
  readonly interpolation?: InterpolatedStringInfo;
}
