/**
 * The parser's machinery, shared by its layers (types, patterns, expressions, statements): the token
 * cursor, reset points for speculative parsing, and error recovery modelled on Roslyn's SyntaxParser and
 * LanguageParser, so that diagnostics land where C# puts them.
 *
 * Roslyn's rule for a missing token or term: if a line break follows the previous token, the diagnostic
 * is zero-width right after that token; otherwise it covers the current token. Skipped tokens are
 * reported once, on the first one, with the token the list expected.
 */
import { createDiagnostic, type Diagnostic, type DiagnosticId } from '../diagnostics.js';
import { maxSyntaxNestingDepth } from '../limits.js';
import type { Missing, Span, Unsupported } from './ast.js';
import {
  assignmentOperatorKinds,
  binaryOperatorKinds,
  isKeywordToken,
  memberStartKinds,
  statementStartKinds,
  termStartKinds,
  unaryOperatorKinds,
} from './syntax-facts.js';
import { isPredefinedTypeKeyword, type Token, type TokenKind } from './tokens.js';

/**
 * Roslyn's TerminatorState: what lets a list's error recovery stop skipping tokens. Each flag is set by
 * the construct being parsed and inherited by everything nested in it.
 */
export const Terminator = {
  /** Inside the generated method of the ancestor: a `}` or anything that starts a class member. */
  Member: 1 << 0,
  StatementStartOrStop: 1 << 1,
  ArgumentList: 1 << 2,
  DeclarationClause: 1 << 3,
  TypeArgumentList: 1 << 4,
  ParameterList: 1 << 5,
  ForArgument: 1 << 6,
  DoWhileExpression: 1 << 7,
  SwitchSectionStart: 1 << 8,
  CatchClause: 1 << 9,
} as const;

/** Thrown when nesting exceeds the limit; the entry point turns it into CS8078 and stops. */
export class NestingLimitExceeded extends Error {
  constructor(readonly position: number) {
    super('syntax nesting limit exceeded');
  }
}

export interface ResetPoint {
  readonly index: number;
  readonly diagnosticCount: number;
  readonly termState: number;
}

export abstract class ParserCore {
  protected tokens: readonly Token[];
  protected index = 0;
  protected termState = 0;
  protected readonly diagnostics: Diagnostic[] = [];
  private depth = 0;
  /** The token before the first one: the `{` of the generated method at the top level, none in a hole. */
  protected opener: Token | undefined;

  protected constructor(
    /** The text tokens were read from: the fragment, followed by the ancestor's closing wrapper. */
    protected readonly source: string,
    tokens: readonly Token[],
    /** The fragment's length: spans and diagnostics are clamped to it. */
    protected readonly limit: number,
    opener: Token | undefined,
  ) {
    this.tokens = tokens;
    this.opener = opener;
  }

  // ------------------------------------------------------------------------------------ cursor

  protected get current(): Token {
    return this.tokens[this.index];
  }

  protected peek(offset: number): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)];
  }

  protected get previous(): Token | undefined {
    return this.index > 0 ? this.tokens[this.index - 1] : this.opener;
  }

  protected at(kind: TokenKind): boolean {
    return this.tokens[this.index].kind === kind;
  }

  /**
   * Consumes the current token (never past the end), reporting its lexical diagnostics: Roslyn lists
   * diagnostics in tree order, so a token's own come after those for anything missing before it.
   */
  protected eat(): Token {
    const token = this.tokens[this.index];
    if (token.kind === 'EndOfFile') return token;
    this.index++;
    this.reportLexical(token);
    return token;
  }

  /** Reports a token's lexical diagnostics, clamped to the fragment. */
  protected reportLexical(token: Token): void {
    if (!token.diagnostics) return;
    for (const diagnostic of token.diagnostics) {
      const start = Math.min(diagnostic.start, this.limit);
      this.diagnostics.push({
        ...diagnostic,
        start,
        end: Math.max(start, Math.min(diagnostic.end, this.limit)),
      });
    }
  }

  protected tryEat(kind: TokenKind): Token | undefined {
    return this.at(kind) ? this.eat() : undefined;
  }

  /** Roslyn's EatToken(kind): the token, or a missing one with the expected-token diagnostic. */
  protected expect(kind: TokenKind): Token | undefined {
    if (this.at(kind)) return this.eat();
    const [start, end] = this.missingSpan();
    this.reportExpected(kind, start, end);
    return undefined;
  }

  /** Roslyn's EatToken(kind, code): like `expect`, with a specific diagnostic. */
  protected expectWith(kind: TokenKind, id: DiagnosticId): Token | undefined {
    if (this.at(kind)) return this.eat();
    this.reportMissing(id);
    return undefined;
  }

  /** Roslyn's GetExpectedTokenErrorCode. */
  protected reportExpected(kind: TokenKind, start: number, end: number): void {
    switch (kind) {
      case 'Identifier':
        if (isKeywordToken(this.current)) this.report('CS1041', start, end, '', this.current.value);
        else this.report('CS1001', start, end);
        return;
      case ';':
        this.report('CS1002', start, end);
        return;
      case ')':
        this.report('CS1026', start, end);
        return;
      case '{':
        this.report('CS1514', start, end);
        return;
      case '}':
        this.report('CS1513', start, end);
        return;
      default:
        this.report('CS1003', start, end, kind);
    }
  }

  /** Where Roslyn puts a diagnostic for something missing before the current token. */
  protected missingSpan(): [number, number] {
    const previous = this.previous;
    const current = this.current;
    if (previous && current.newLineBefore) return [previous.end, previous.end];
    return [current.start, current.end];
  }

  protected reportMissing(id: DiagnosticId, ...args: (string | number)[]): void {
    const [start, end] = this.missingSpan();
    this.report(id, start, end, ...args);
  }

  protected report(id: DiagnosticId, start: number, end: number, ...args: (string | number)[]): void {
    const clampedStart = Math.min(start, this.limit);
    const clampedEnd = Math.max(clampedStart, Math.min(end, this.limit));
    this.diagnostics.push(createDiagnostic(id, clampedStart, clampedEnd, ...args));
  }

  protected reportOn(id: DiagnosticId, node: Span, ...args: (string | number)[]): void {
    this.report(id, node.start, node.end, ...args);
  }

  /** Roslyn's EatTokenWithPrejudice: consumes the current token, reporting that `kind` was expected. */
  protected eatWithPrejudice(kind: TokenKind): Token {
    const [start, end] = this.missingSpan();
    this.reportExpected(kind, start, end);
    return this.eat();
  }

  // ------------------------------------------------------------------------------ recovery

  /**
   * Roslyn's SkipBadTokensWithExpectedKind: skips tokens while `isNotExpected`, stopping when `abort`
   * or a terminator holds. Only the first skipped token is reported, unless it was already diagnosed.
   */
  protected skipBadTokens(
    isNotExpected: () => boolean,
    abort: () => boolean,
    expected: TokenKind,
  ): 'continue' | 'abort' {
    let first = true;
    while (isNotExpected()) {
      if (abort() || this.isTerminator()) return 'abort';
      if (first && !this.current.hasError) this.eatWithPrejudice(expected);
      else this.eat();
      first = false;
    }
    return 'continue';
  }

  protected isTerminator(): boolean {
    const kind = this.current.kind;
    if (kind === 'EndOfFile') return true;
    const state = this.termState;
    if (state & Terminator.Member && (kind === '}' || this.isMemberStart())) return true;
    if (state & Terminator.StatementStartOrStop && (kind === ';' || this.isPossibleStatement(true)))
      return true;
    if (state & Terminator.ArgumentList && (kind === ')' || kind === ']')) return true;
    if (state & Terminator.DeclarationClause && (kind === ';' || kind === ')' || kind === ':')) return true;
    if (state & Terminator.TypeArgumentList && kind === '>') return true;
    if (state & Terminator.ParameterList && (kind === ')' || kind === ']')) return true;
    if (state & Terminator.ForArgument && (kind === ';' || kind === ')' || kind === '{')) return true;
    if (state & Terminator.DoWhileExpression && (kind === ')' || kind === ';')) return true;
    if (state & Terminator.SwitchSectionStart && this.isPossibleSwitchSection()) return true;
    if (
      state & Terminator.CatchClause &&
      (kind === ')' || kind === '{' || kind === '}' || kind === 'catch' || kind === 'finally')
    ) {
      return true;
    }
    return false;
  }

  private isMemberStart(): boolean {
    const kind = this.current.kind;
    return memberStartKinds.has(kind) || isPredefinedTypeKeyword(kind);
  }

  protected isPossibleSwitchSection(): boolean {
    return this.at('case') || (this.at('default') && this.peek(1).kind !== '(');
  }

  /** Roslyn's IsPossibleStatement. */
  protected isPossibleStatement(acceptAccessibilityModifiers: boolean): boolean {
    const kind = this.current.kind;
    if (statementStartKinds.has(kind)) return true;
    if (kind === 'Identifier') return true;
    if (kind === 'public' || kind === 'internal' || kind === 'protected' || kind === 'private') {
      return acceptAccessibilityModifiers;
    }
    return isPredefinedTypeKeyword(kind) || this.isPossibleExpression();
  }

  /** Roslyn's IsPossibleExpression (with binary and assignment operators allowed). */
  protected isPossibleExpression(): boolean {
    const kind = this.current.kind;
    return (
      termStartKinds.has(kind) ||
      kind === 'Identifier' ||
      isPredefinedTypeKeyword(kind) ||
      unaryOperatorKinds.has(kind) ||
      binaryOperatorKinds.has(kind) ||
      assignmentOperatorKinds.has(kind) ||
      (kind === 'static' && (this.peek(1).kind === '(' || this.peek(1).kind === 'Identifier'))
    );
  }

  /** Roslyn's CanStartExpression: a term or a prefix operator, not a binary operator. */
  protected canStartExpression(): boolean {
    const kind = this.current.kind;
    return (
      termStartKinds.has(kind) ||
      kind === 'Identifier' ||
      isPredefinedTypeKeyword(kind) ||
      unaryOperatorKinds.has(kind)
    );
  }

  protected withTerminator<T>(flag: number, parse: () => T): T {
    const saved = this.termState;
    this.termState |= flag;
    try {
      return parse();
    } finally {
      this.termState = saved;
    }
  }

  /** Consumes tokens, keeping brackets balanced, until `stop` holds at nesting depth zero. */
  protected skipBalancedUntil(stop: (kind: TokenKind) => boolean): void {
    let depth = 0;
    while (!this.at('EndOfFile')) {
      const kind = this.current.kind;
      if (depth === 0 && stop(kind)) return;
      if (kind === '(' || kind === '[' || kind === '{') depth++;
      if (kind === ')' || kind === ']' || kind === '}') {
        if (depth === 0) return;
        depth--;
      }
      this.eat();
    }
  }

  // ---------------------------------------------------------------------------- reset points

  protected resetPoint(): ResetPoint {
    return { index: this.index, diagnosticCount: this.diagnostics.length, termState: this.termState };
  }

  protected reset(point: ResetPoint): void {
    this.index = point.index;
    this.diagnostics.length = point.diagnosticCount;
    this.termState = point.termState;
  }

  /** Runs a look-ahead scan and always rewinds, keeping no diagnostics. */
  protected lookAhead<T>(scan: () => T): T {
    const point = this.resetPoint();
    try {
      return scan();
    } finally {
      this.reset(point);
    }
  }

  // --------------------------------------------------------------------------------- nesting

  protected enterNesting(): void {
    if (++this.depth > maxSyntaxNestingDepth) throw new NestingLimitExceeded(this.current.start);
  }

  protected exitNesting(): void {
    this.depth--;
  }

  // ----------------------------------------------------------------------------------- spans

  /** End of the last consumed token, clamped to the fragment. */
  protected get lastEnd(): number {
    const previous = this.index > 0 ? this.tokens[this.index - 1] : undefined;
    return Math.min(previous ? previous.end : this.current.start, this.limit);
  }

  protected clamp(offset: number): number {
    return Math.min(offset, this.limit);
  }

  /** A node's span from `start` to the end of the last consumed token (never before `start`). */
  protected span(start: number): { start: number; end: number } {
    const clampedStart = this.clamp(start);
    return { start: clampedStart, end: Math.max(clampedStart, this.lastEnd) };
  }

  protected tokenSpan(token: Token): { start: number; end: number } {
    return { start: this.clamp(token.start), end: this.clamp(token.end) };
  }

  /** The raw fragment text of a span. */
  protected textOf(start: number, end: number): string {
    return this.source.slice(this.clamp(start), this.clamp(end));
  }

  /** A Missing placeholder at the position a missing-term diagnostic would use. */
  protected missingNode(): Missing {
    const [start] = this.missingSpan();
    const at = this.clamp(start);
    return { kind: 'Missing', start: at, end: at };
  }

  /**
   * Valid C# outside the subset: SVCUNSUPPORTED over the construct. The diagnostic goes before those
   * already reported inside the construct, as Roslyn lists a node's diagnostics before its children's.
   */
  protected unsupported(construct: string, start: number, end: number): Unsupported {
    const clampedStart = this.clamp(start);
    const clampedEnd = Math.max(clampedStart, this.clamp(end));
    let at = this.diagnostics.length;
    while (
      at > 0 &&
      this.diagnostics[at - 1].start >= clampedStart &&
      this.diagnostics[at - 1].start <= clampedEnd
    ) {
      at--;
    }
    this.diagnostics.splice(at, 0, createDiagnostic('SVCUNSUPPORTED', clampedStart, clampedEnd, construct));
    return { kind: 'Unsupported', construct, start: clampedStart, end: clampedEnd };
  }

  // ------------------------------------------------------------------------------ identifiers

  protected isIdentifier(token: Token = this.current): boolean {
    return token.kind === 'Identifier';
  }

  /** A contextual keyword (`var`, `when`, `and`, ...): an identifier with that text, not written `@`. */
  protected isContextual(text: string, token: Token = this.current): boolean {
    return token.kind === 'Identifier' && !token.verbatim && token.value === text;
  }
}
