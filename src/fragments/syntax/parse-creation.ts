/**
 * Creation expressions and initializers (`new T(...)`, `new T[n]`, `new[] { ... }`, `{ ... }`) and
 * interpolated strings, whose holes are lexed and parsed on their own as Roslyn does.
 */
import type { Expression, Initializer, InterpolatedText, Interpolation, InterpolationFormat } from './ast.js';
import { decodeEscape } from './characters.js';
import { lex } from './lexer.js';
import { TermParser } from './parse-terms.js';
import type { InterpolationHole, Token } from './tokens.js';

export abstract class CreationParser extends TermParser {
  // ----------------------------------------------------------------------------------- new

  protected parseNewExpression(): Expression {
    const start = this.current.start;
    const next = this.peek(1).kind;
    if (next === '{') {
      this.eat();
      this.skipBalancedBraces();
      return this.unsupported('anonymous type', start, this.lastEnd);
    }
    if (next === '[') return this.parseImplicitArrayCreation();
    return this.parseArrayOrObjectCreation();
  }

  /** `new[] { ... }`; a size inside the brackets is CS0178. */
  private parseImplicitArrayCreation(): Expression {
    const start = this.current.start;
    this.eat();
    this.eat();
    let rank = 1;
    let lastIndex = -1;
    while (this.index !== lastIndex) {
      lastIndex = this.index;
      if (this.isPossibleExpression()) this.reportOn('CS0178', this.parseExpression());
      if (this.at(',')) {
        this.eat();
        rank++;
        continue;
      }
      break;
    }
    this.expect(']');
    const initializer = this.parseArrayInitializer();
    return { kind: 'ImplicitArrayCreation', rank, initializer, ...this.span(start) };
  }

  private parseArrayOrObjectCreation(): Expression {
    const start = this.current.start;
    this.eat();
    let type;
    let typeHasDiagnostics = false;
    if (!this.isImplicitObjectCreation()) {
      const before = this.diagnostics.length;
      type = this.parseType('newExpression');
      typeHasDiagnostics = this.diagnostics.length > before;
      if (type.kind === 'ArrayType') {
        const initializer = this.at('{') ? this.parseArrayInitializer() : undefined;
        return { kind: 'ArrayCreation', type, ...(initializer ? { initializer } : {}), ...this.span(start) };
      }
    }
    const args = this.at('(') ? this.parseArgumentList('(', ')') : undefined;
    const initializer = this.at('{') ? this.parseObjectOrCollectionInitializer() : undefined;
    if (!args && !initializer && type && !typeHasDiagnostics) this.expectWith('(', 'CS1526');
    return {
      kind: 'ObjectCreation',
      ...(type ? { type } : {}),
      ...(args ? { arguments: args } : {}),
      ...(initializer ? { initializer } : {}),
      ...this.span(start),
    };
  }

  /** `new(...)`: target-typed, unless `(a, b)` is a tuple type followed by `?`, `[` or `(`. */
  private isImplicitObjectCreation(): boolean {
    if (!this.at('(')) return false;
    return this.lookAhead(() => {
      this.eat();
      if (this.scanTupleType() !== 'NotType' && (this.at('?') || this.at('[') || this.at('('))) return false;
      return true;
    });
  }

  // ---------------------------------------------------------------------------- initializers

  /** `{ e, e, ... }` of an array (Roslyn's ParseArrayInitializer); a trailing comma is allowed. */
  protected parseArrayInitializer(): Initializer {
    const start = this.current.start;
    this.expect('{');
    const expressions: Expression[] = [];
    if (!this.at('}')) {
      for (;;) {
        if (this.isPossibleVariableInitializer() || this.at(',')) {
          expressions.push(this.parseVariableInitializer());
          let lastIndex = -1;
          let again = false;
          while (this.index !== lastIndex) {
            lastIndex = this.index;
            if (this.at('}')) break;
            if (this.isPossibleVariableInitializer() || this.at(',')) {
              this.expect(',');
              if (this.at('}')) break;
              if (!this.isPossibleVariableInitializer()) {
                again = true;
                break;
              }
              expressions.push(this.parseVariableInitializer());
              continue;
            }
            if (
              this.skipInitializerTokens(
                () => !this.at(',') && !this.isPossibleVariableInitializer(),
                ',',
              ) === 'abort'
            ) {
              break;
            }
          }
          if (again) continue;
          break;
        }
        if (
          this.skipInitializerTokens(() => !this.at(',') && !this.isPossibleVariableInitializer(), ',') ===
          'abort'
        ) {
          break;
        }
      }
    }
    this.expect('}');
    return { kind: 'Initializer', initializerKind: 'Array', expressions, ...this.span(start) };
  }

  private skipInitializerTokens(
    isNotExpected: () => boolean,
    expected: ',' | 'Identifier',
  ): 'continue' | 'abort' {
    return this.skipBadTokens(isNotExpected, () => this.at('}'), expected);
  }

  protected parseVariableInitializer(): Expression {
    return this.at('{') ? this.parseArrayInitializer() : this.parseExpression();
  }

  protected isPossibleVariableInitializer(): boolean {
    return this.at('{') || this.isPossibleExpression();
  }

  /** `{ A = 1, [k] = v }` (object) or `{ 1, 2 }`, `{ { k, v } }` (collection), after `new T(...)`. */
  private parseObjectOrCollectionInitializer(): Initializer {
    const start = this.current.start;
    this.eat();
    const expressions: Expression[] = [];
    let initializerKind: 'Object' | 'Collection' = 'Object';
    if (!this.at('}')) {
      for (;;) {
        if (this.isInitializerMember() || this.at(',')) {
          initializerKind = 'Collection';
          const first = this.parseInitializerMember();
          if (first.named) initializerKind = 'Object';
          expressions.push(first.expression);
          let lastIndex = -1;
          while (this.index !== lastIndex) {
            lastIndex = this.index;
            if (this.at('}')) break;
            if (this.at(',') || this.isInitializerMember()) {
              this.expect(',');
              if (this.at('}')) break;
              const member = this.parseInitializerMember();
              if (member.named) initializerKind = 'Object';
              expressions.push(member.expression);
              continue;
            }
            if (
              this.skipInitializerTokens(() => !this.at(',') && !this.isPossibleExpression(), ',') === 'abort'
            )
              break;
          }
          break;
        }
        if (
          this.skipInitializerTokens(() => !this.at(',') && !this.isPossibleExpression(), 'Identifier') ===
          'abort'
        ) {
          break;
        }
      }
    }
    this.expect('}');
    return { kind: 'Initializer', initializerKind, expressions, ...this.span(start) };
  }

  private isInitializerMember(): boolean {
    return this.at('{') || this.at('[') || this.isNamedAssignment() || this.isPossibleExpression();
  }

  private isNamedAssignment(): boolean {
    return this.at('Identifier') && this.peek(1).kind === '=';
  }

  private parseInitializerMember(): { expression: Expression; named: boolean } {
    const start = this.current.start;
    if (this.at('{')) return { expression: this.parseComplexElementInitializer(), named: false };
    if (this.at('[')) {
      const args = this.parseArgumentList('[', ']');
      const left = { kind: 'ImplicitElementAccess', arguments: args, ...this.span(start) } as const;
      this.expect('=');
      const right = this.at('{') ? this.parseObjectOrCollectionInitializer() : this.parseExpression();
      return {
        expression: { kind: 'Assignment', operator: '=', left, right, ...this.span(start) },
        named: true,
      };
    }
    if (this.isNamedAssignment()) {
      const token = this.eat();
      const left = {
        kind: 'Name',
        identifier: token.value,
        verbatim: token.verbatim,
        ...this.tokenSpan(token),
      } as const;
      this.eat();
      const right = this.at('{') ? this.parseObjectOrCollectionInitializer() : this.parseExpression();
      return {
        expression: { kind: 'Assignment', operator: '=', left, right, ...this.span(start) },
        named: true,
      };
    }
    return { expression: this.parseExpression(), named: false };
  }

  /** `{ k, v }` inside a collection initializer; a trailing comma is CS1733 on the `}`. */
  private parseComplexElementInitializer(): Initializer {
    const start = this.current.start;
    this.eat();
    const expressions: Expression[] = [];
    let closeBraceError: Token | undefined;
    if (!this.at('}')) {
      for (;;) {
        if (this.isPossibleExpression() || this.at(',')) {
          expressions.push(this.parseExpression());
          let lastIndex = -1;
          while (this.index !== lastIndex) {
            lastIndex = this.index;
            if (this.at('}')) break;
            if (this.at(',') || this.isPossibleExpression()) {
              this.expect(',');
              if (this.at('}')) {
                closeBraceError = this.current;
                break;
              }
              expressions.push(this.parseExpression());
              continue;
            }
            if (
              this.skipInitializerTokens(() => !this.at(',') && !this.isPossibleExpression(), ',') === 'abort'
            )
              break;
          }
          break;
        }
        if (
          this.skipInitializerTokens(() => !this.at(',') && !this.isPossibleExpression(), 'Identifier') ===
          'abort'
        ) {
          break;
        }
      }
    }
    this.expect('}');
    if (closeBraceError) this.report('CS1733', closeBraceError.start, closeBraceError.end);
    return { kind: 'Initializer', initializerKind: 'ComplexElement', expressions, ...this.span(start) };
  }

  // --------------------------------------------------------------------- interpolated strings

  protected parseInterpolatedString(): Expression {
    const token = this.eat();
    const info = token.interpolation;
    if (!info) return { kind: 'Missing', ...this.tokenSpan(token) };
    const parts: (InterpolatedText | Interpolation)[] = [];
    let textStart = info.contentStart;
    for (const hole of info.holes) {
      if (hole.openBrace > textStart)
        parts.push(this.interpolatedText(textStart, hole.openBrace, info.verbatim));
      parts.push(this.parseHole(hole, info.verbatim));
      textStart = hole.closed ? hole.closeBrace + 1 : hole.closeBrace;
    }
    if (info.contentEnd > textStart)
      parts.push(this.interpolatedText(textStart, info.contentEnd, info.verbatim));
    return { kind: 'InterpolatedString', verbatim: info.verbatim, parts, ...this.tokenSpan(token) };
  }

  private interpolatedText(start: number, end: number, verbatim: boolean): InterpolatedText {
    return {
      kind: 'InterpolatedText',
      raw: this.textOf(start, end),
      value: this.decodeInterpolatedText(start, end, verbatim),
      start: this.clamp(start),
      end: this.clamp(end),
    };
  }

  /**
   * The value of a text part or format specifier: escapes decoded as in a regular string (CS1009 for a
   * bad one), `""` undoubled in a verbatim string, and `{{`/`}}` undoubled.
   */
  private decodeInterpolatedText(start: number, end: number, verbatim: boolean): string {
    let value = '';
    let offset = start;
    while (offset < end) {
      const ch = this.source[offset];
      if (ch === '\\' && !verbatim) {
        const escape = decodeEscape(this.source, offset, end);
        if (!escape.valid) this.report('CS1009', offset, escape.end);
        value += escape.value;
        offset = escape.end;
      } else if ((ch === '{' || ch === '}' || (ch === '"' && verbatim)) && this.source[offset + 1] === ch) {
        value += ch;
        offset += 2;
      } else {
        value += ch;
        offset++;
      }
    }
    return value;
  }

  /** One hole: its text is lexed and parsed on its own, from scratch, as Roslyn's ParseInterpolation does. */
  private parseHole(hole: InterpolationHole, verbatim: boolean): Interpolation {
    const expressionEnd = hole.colon >= 0 ? hole.colon : hole.closeBrace;
    const sub = lex(this.source, { start: hole.openBrace + 1, end: expressionEnd });
    const saved = {
      tokens: this.tokens,
      index: this.index,
      opener: this.opener,
      termState: this.termState,
      followedByColon: this.interpolationFollowedByColon,
    };
    this.tokens = sub.tokens;
    this.index = 0;
    this.opener = undefined;
    this.termState = 0;
    this.interpolationFollowedByColon = hole.colon >= 0;
    let expression: Expression;
    let alignment: Expression | undefined;
    try {
      expression = this.parseExpression();
      if (this.at(',')) {
        this.eat();
        alignment = this.consumeUnexpectedTokens(this.parseExpression());
      } else {
        expression = this.consumeUnexpectedTokens(expression);
      }
      this.reportLexical(this.current);
    } finally {
      this.tokens = saved.tokens;
      this.index = saved.index;
      this.opener = saved.opener;
      this.termState = saved.termState;
      this.interpolationFollowedByColon = saved.followedByColon;
    }
    let format: InterpolationFormat | undefined;
    if (hole.colon >= 0) {
      format = {
        kind: 'InterpolationFormat',
        raw: this.textOf(hole.colon + 1, hole.closeBrace),
        value: this.decodeInterpolatedText(hole.colon + 1, hole.closeBrace, verbatim),
        start: this.clamp(hole.colon + 1),
        end: this.clamp(hole.closeBrace),
      };
    }
    return {
      kind: 'Interpolation',
      expression,
      ...(alignment ? { alignment } : {}),
      ...(format ? { format } : {}),
      start: this.clamp(hole.openBrace),
      end: this.clamp(hole.closed ? hole.closeBrace + 1 : hole.closeBrace),
    };
  }

  /** Tokens left in a hole after its expression: CS1073 naming the first, all skipped. */
  private consumeUnexpectedTokens(expression: Expression): Expression {
    if (this.at('EndOfFile')) return expression;
    const first = this.current;
    while (!this.at('EndOfFile')) this.eat();
    const text = this.source.slice(first.start, first.end);
    if (expression.kind === 'Missing') this.reportMissing('CS1073', text);
    else this.reportOn('CS1073', expression, text);
    return expression;
  }
}
