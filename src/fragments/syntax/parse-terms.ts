/**
 * Terms: literals, names, `typeof`/`default`/`checked`, casts and parenthesized expressions, and lambdas,
 * with Roslyn's look-ahead for telling a cast from parentheses and a lambda from everything else.
 */
import type { Block, Expression, Initializer, Lambda, LambdaParameter, TypeNode } from './ast.js';
import { Terminator } from './parser-core.js';
import { ExpressionParser } from './parse-expressions.js';
import { NameOptions } from './parse-types.js';
import { Precedence, cannotFollowCastKinds } from './syntax-facts.js';
import { isPredefinedTypeKeyword, type Token, type TokenKind } from './tokens.js';

export abstract class TermParser extends ExpressionParser {
  protected abstract parseNewExpression(): Expression;
  protected abstract parseInterpolatedString(): Expression;
  protected abstract parseArrayInitializer(): Initializer;

  // -------------------------------------------------------------------------------------- terms

  protected parseTermWithoutPostfix(precedence: number): Expression {
    const token = this.current;
    const start = token.start;
    switch (token.kind) {
      case 'typeof': {
        this.eat();
        this.expect('(');
        const type = this.at('void') && this.peek(1).kind !== '*' ? this.eatVoid() : this.parseType();
        this.expect(')');
        return { kind: 'TypeOf', type, ...this.span(start) };
      }
      case 'default': {
        this.eat();
        if (!this.at('(')) return { kind: 'Default', ...this.span(start) };
        this.eat();
        const type = this.parseType();
        this.expect(')');
        return { kind: 'Default', type, ...this.span(start) };
      }
      case 'sizeof':
        this.eat();
        this.expect('(');
        this.parseType();
        this.expect(')');
        return this.unsupported('sizeof', start, this.lastEnd);
      case 'checked':
      case 'unchecked': {
        this.eat();
        this.expect('(');
        const expression = this.parseExpression();
        this.expect(')');
        return { kind: 'Checked', checked: token.kind === 'checked', expression, ...this.span(start) };
      }
      case '::':
        this.reportMissing('CS1001');
        this.eat();
        this.parseSimpleName(NameOptions.InExpression);
        return this.unsupported('alias-qualified name', start, this.lastEnd);
      case '=>':
        return this.parseLambda();
      case 'static':
        if (this.isPossibleLambdaExpression(precedence)) return this.parseLambda();
        return this.invalidTerm();
      case 'Identifier':
        if (this.isPossibleLambdaExpression(precedence)) return this.parseLambda();
        return this.parseNameInExpression();
      case '[':
        if (this.isPossibleLambdaExpression(precedence)) return this.parseLambda();
        return this.invalidTerm();
      case 'this':
      case 'base':
        this.eat();
        return this.unsupported(token.kind, start, this.lastEnd);
      case 'true':
      case 'false':
      case 'null':
        this.eat();
        return {
          kind: 'Literal',
          literalKind: token.kind === 'true' ? 'True' : token.kind === 'false' ? 'False' : 'Null',
          raw: token.kind,
          value: token.kind,
          ...this.tokenSpan(token),
        };
      case 'NumericLiteral':
        this.eat();
        return {
          kind: 'Literal',
          literalKind: 'Numeric',
          raw: this.textOf(token.start, token.end),
          value: token.value,
          numericType: token.numeric?.type,
          radix: token.numeric?.radix,
          ...this.tokenSpan(token),
        };
      case 'StringLiteral':
        this.eat();
        return {
          kind: 'Literal',
          literalKind: 'String',
          raw: this.textOf(token.start, token.end),
          value: token.value,
          verbatim: token.verbatim,
          ...this.tokenSpan(token),
        };
      case 'CharLiteral':
        this.eat();
        return {
          kind: 'Literal',
          literalKind: 'Char',
          raw: this.textOf(token.start, token.end),
          value: token.value,
          ...this.tokenSpan(token),
        };
      case 'InterpolatedString':
        return this.parseInterpolatedString();
      case '(':
        if (this.isPossibleLambdaExpression(precedence)) return this.parseLambda();
        return this.parseCastOrParenthesized();
      case 'new':
        return this.parseNewExpression();
      case 'stackalloc':
        this.eat();
        if (this.at('[')) this.parseArrayRank();
        else this.parseType();
        if (this.at('{')) this.parseArrayInitializer();
        return this.unsupported('stackalloc', start, this.lastEnd);
      case 'delegate':
        return this.skipAnonymousMethod();
      case 'ref':
        this.eat();
        this.parseExpression();
        return this.unsupported('ref expression', start, this.lastEnd);
      default:
        if (isPredefinedTypeKeyword(token.kind)) {
          if (this.isPossibleLambdaExpression(precedence)) return this.parseLambda();
          this.eat();
          const type = { kind: 'PredefinedType', keyword: token.kind, ...this.tokenSpan(token) } as const;
          if (!this.at('.') || token.kind === 'void')
            this.report('CS1525', token.start, token.end, token.kind);
          return type;
        }
        return this.invalidTerm();
    }
  }

  private eatVoid(): TypeNode {
    const token = this.eat();
    return { kind: 'PredefinedType', keyword: 'void', ...this.tokenSpan(token) };
  }

  /** An identifier in an expression: a simple name (maybe generic), or `alias::name` (outside the subset). */
  private parseNameInExpression(): Expression {
    const start = this.current.start;
    const name = this.parseSimpleName(NameOptions.InExpression);
    if (this.at('::')) {
      this.eat();
      this.parseSimpleName(NameOptions.InExpression);
      return this.unsupported('alias-qualified name', start, this.lastEnd);
    }
    return name;
  }

  private skipAnonymousMethod(): Expression {
    const start = this.current.start;
    this.eat();
    if (this.at('(')) {
      this.eat();
      this.skipBalancedUntil((kind) => kind === ')');
      this.expect(')');
    }
    if (this.at('{')) this.parseBlock();
    else this.expect('{');
    return this.unsupported('anonymous method', start, this.lastEnd);
  }

  // ------------------------------------------------------------------------ casts and parens

  private parseCastOrParenthesized(): Expression {
    const start = this.current.start;
    if (this.lookAhead(() => this.scanCast())) {
      this.eat();
      const type = this.parseType();
      this.expect(')');
      const expression = this.parseSubExpression(Precedence.Cast);
      return { kind: 'Cast', type, expression, ...this.span(start) };
    }
    this.eat();
    const expression = this.parseExpressionOrDeclaration('firstElementOfPossibleTupleLiteral', true);
    if (this.at(',') || (expression.kind === 'Name' && this.at(':'))) {
      this.skipBalancedUntil(() => false);
      this.expect(')');
      return this.unsupported('tuple', start, this.lastEnd);
    }
    this.expect(')');
    return { kind: 'Parenthesized', expression, ...this.span(start) };
  }

  /** Roslyn's ScanCast: `(T)` followed by something a cast can apply to. */
  protected scanCast(forPattern = false): boolean {
    if (!this.at('(')) return false;
    this.eat();
    const type = this.scanType();
    if (type === 'NotType' || !this.at(')')) return false;
    this.eat();
    if (forPattern && this.at('Identifier')) return !this.isBinaryPatternKeywordAhead();
    switch (type) {
      case 'PointerOrMultiplication':
      case 'NullableType':
      case 'MustBeType':
      case 'AliasQualifiedName':
        if (!forPattern) return true;
        return (
          this.at('+') ||
          this.at('-') ||
          this.at('&') ||
          this.at('*') ||
          this.at('..') ||
          !cannotFollowCastKinds.has(this.current.kind)
        );
      default:
        return !cannotFollowCastKinds.has(this.current.kind);
    }
  }

  private isBinaryPatternKeywordAhead(): boolean {
    if (!this.isContextual('and') && !this.isContextual('or')) return false;
    let lastIsOperator = true;
    this.eat();
    while (this.isContextual('and') || this.isContextual('or')) {
      lastIsOperator = !lastIsOperator;
      this.eat();
    }
    return lastIsOperator === this.isPossibleSubpatternElement();
  }

  /** Roslyn's IsPossibleSubpatternElement. */
  protected isPossibleSubpatternElement(): boolean {
    return (
      this.canStartExpression() ||
      this.at('{') ||
      this.at('[') ||
      this.at('<') ||
      this.at('<=') ||
      this.at('>') ||
      this.at('>=')
    );
  }

  // ------------------------------------------------------------------------------------ lambdas

  /** Roslyn's IsPossibleLambdaExpression. */
  protected isPossibleLambdaExpression(precedence: number): boolean {
    if (precedence > Precedence.Lambda) return false;
    if (this.peek(1).kind === '=>') return true;
    return this.lookAhead(() => {
      if (this.at('[')) this.skipAttributeLists();
      let seenStatic = false;
      if (this.at('static')) {
        this.eat();
        seenStatic = true;
      } else if (this.isContextual('async') && this.peek(1).kind === 'static') {
        this.eat();
        this.eat();
        seenStatic = true;
      }
      if (seenStatic && (this.at('=>') || this.at('('))) return true;
      if (this.at('Identifier') && this.peek(1).kind === '=>') return true;
      if (this.isContextual('async') && this.isAsyncModifier()) this.eat();
      const beforeType = this.resetPoint();
      const flags = this.scanType();
      if (flags === 'NotType' || !this.at('(')) this.reset(beforeType);
      if (this.at('Identifier') && this.peek(1).kind === '=>') return true;
      if (!this.at('(')) return false;
      return this.scanParenthesizedLambda(precedence);
    });
  }

  private isAsyncModifier(): boolean {
    const next = this.peek(1).kind;
    return (
      next === '(' ||
      next === 'Identifier' ||
      next === 'static' ||
      next === 'ref' ||
      next === 'delegate' ||
      isPredefinedTypeKeyword(next)
    );
  }

  private scanParenthesizedLambda(precedence: number): boolean {
    return (
      this.scanImplicitlyTypedLambda(precedence) ||
      this.lookAhead(() => this.scanExplicitlyTypedLambda(precedence))
    );
  }

  private scanImplicitlyTypedLambda(precedence: number): boolean {
    if (precedence > Precedence.Lambda) return false;
    const first = this.peek(1);
    if (first.kind === 'Identifier' && this.peek(2).kind === ',') {
      let offset = 3;
      for (;;) {
        const kind = this.peek(offset++).kind;
        if (kind !== 'Identifier' && !isPredefinedTypeKeyword(kind) && kind !== ',') break;
      }
      return this.peek(offset - 1).kind === ')' && this.peek(offset).kind === '=>';
    }
    if (first.kind === 'Identifier' && this.peek(2).kind === ')' && this.peek(3).kind === '=>') return true;
    if (first.kind === ')' && this.peek(2).kind === '=>') return true;
    return first.kind === 'params';
  }

  private scanExplicitlyTypedLambda(precedence: number): boolean {
    if (precedence > Precedence.Lambda) return false;
    for (;;) {
      this.eat();
      if (this.at('[')) this.skipAttributeLists();
      let hasModifier = false;
      while (this.isParameterModifier()) {
        this.eat();
        hasModifier = true;
      }
      if ((hasModifier || this.shouldParseLambdaParameterType()) && this.scanType() === 'NotType')
        return false;
      if (this.at('Identifier')) this.eat();
      // A default value (C# 12) is skipped, not parsed: parsing it inside this look-ahead would make
      // nested defaults re-parse each other exponentially.
      if (this.tryEat('=')) this.skipBalancedUntil((kind) => kind === ',' || kind === ')');
      if (this.at(',')) continue;
      if (this.at(')')) return this.peek(1).kind === '=>';
      return false;
    }
  }

  private isParameterModifier(): boolean {
    return (
      this.at('ref') ||
      this.at('out') ||
      this.at('in') ||
      this.at('params') ||
      this.at('this') ||
      this.isContextual('scoped')
    );
  }

  /** Roslyn's ShouldParseLambdaParameterType. */
  private shouldParseLambdaParameterType(): boolean {
    if (isPredefinedTypeKeyword(this.current.kind) || this.at('(')) return true;
    if (this.at('Identifier')) {
      const next = this.peek(1).kind;
      return next !== ',' && next !== ')' && next !== '=>' && next !== '{' && next !== '!' && next !== '=';
    }
    return false;
  }

  protected skipAttributeLists(): void {
    while (this.at('[')) {
      this.eat();
      this.skipBalancedUntil((kind) => kind === ']');
      this.tryEat(']');
    }
  }

  /** Roslyn's ParseLambdaExpression; async lambdas, attributes and explicit return types are outside the subset. */
  protected parseLambda(): Expression {
    const start = this.current.start;
    const unsupportedParts: string[] = [];
    if (this.at('[')) {
      this.skipAttributeLists();
      unsupportedParts.push('lambda attribute');
    }
    let isStatic = false;
    for (;;) {
      if (this.at('static')) {
        this.eat();
        isStatic = true;
      } else if (this.isContextual('async') && this.isAsyncModifier()) {
        this.eat();
        unsupportedParts.push('async lambda');
      } else {
        break;
      }
    }
    const beforeReturnType = this.resetPoint();
    if (!this.at('(') && !(this.at('Identifier') && this.peek(1).kind === '=>')) {
      this.parseType();
      if (this.at('(')) unsupportedParts.push('lambda return type');
      else this.reset(beforeReturnType);
    }
    let parameters: LambdaParameter[];
    let parenthesized: boolean;
    if (this.at('(')) {
      parenthesized = true;
      parameters = this.parseLambdaParameterList();
    } else {
      parenthesized = false;
      const token = this.current;
      let identifier: Token | undefined;
      if (!this.at('Identifier') && this.peek(1).kind === '=>') identifier = this.eatAsKind('Identifier');
      else identifier = this.parseIdentifierToken();
      parameters = [
        {
          kind: 'LambdaParameter',
          identifier: identifier && identifier.kind === 'Identifier' ? identifier.value : '',
          ...(identifier
            ? this.tokenSpan(identifier)
            : { start: this.clamp(token.start), end: this.clamp(token.start) }),
        },
      ];
    }
    this.expect('=>');
    const body: Block | Expression = this.at('{') ? this.parseBlock() : this.parseExpression();
    const lambda: Lambda = { kind: 'Lambda', parameters, parenthesized, isStatic, body, ...this.span(start) };
    if (unsupportedParts.length > 0) return this.unsupported(unsupportedParts[0], lambda.start, lambda.end);
    return lambda;
  }

  private parseLambdaParameterList(): LambdaParameter[] {
    this.eat();
    const parameters: LambdaParameter[] = [];
    const saved = this.termState;
    this.termState |= Terminator.ParameterList;
    if (!this.at(')')) {
      for (;;) {
        if (this.at(',') || this.isPossibleLambdaParameter()) {
          parameters.push(this.parseLambdaParameter());
          let lastIndex = -1;
          while (this.index !== lastIndex) {
            lastIndex = this.index;
            if (this.at(')')) break;
            if (this.at(',') || this.isPossibleLambdaParameter()) {
              this.expect(',');
              parameters.push(this.parseLambdaParameter());
              continue;
            }
            if (this.skipParameterTokens(',') === 'abort') break;
          }
          break;
        }
        if (this.skipParameterTokens('Identifier') === 'abort') break;
      }
    }
    this.termState = saved;
    this.expect(')');
    return parameters;
  }

  private skipParameterTokens(expected: TokenKind): 'continue' | 'abort' {
    return this.skipBadTokens(
      () => !this.at(',') && !this.isPossibleLambdaParameter(),
      () => this.at(')'),
      expected,
    );
  }

  private isPossibleLambdaParameter(): boolean {
    const kind = this.current.kind;
    return (
      kind === 'params' ||
      kind === 'readonly' ||
      kind === 'ref' ||
      kind === 'out' ||
      kind === 'in' ||
      kind === '(' ||
      kind === '[' ||
      kind === 'Identifier' ||
      isPredefinedTypeKeyword(kind)
    );
  }

  private parseLambdaParameter(): LambdaParameter {
    const start = this.current.start;
    if (this.at('[')) {
      this.skipAttributeLists();
      this.report('SVCUNSUPPORTED', start, this.lastEnd, 'lambda attribute');
    }
    let modifier: LambdaParameter['modifier'];
    let hasModifier = false;
    while (this.isParameterModifier() || this.at('readonly')) {
      const token = this.eat();
      hasModifier = true;
      if (token.kind === 'ref' || token.kind === 'out' || token.kind === 'in') modifier = token.kind;
      else this.report('SVCUNSUPPORTED', token.start, token.end, `'${token.value}' parameter`);
    }
    let type: TypeNode | undefined;
    if (hasModifier || this.shouldParseLambdaParameterType()) type = this.parseType('parameter');
    const identifier = this.parseIdentifierToken();
    if (this.at('=')) {
      const equals = this.eat();
      this.parseExpression();
      this.report('SVCUNSUPPORTED', equals.start, this.lastEnd, 'default parameter value');
    }
    return {
      kind: 'LambdaParameter',
      identifier: identifier ? identifier.value : '',
      ...(type ? { type } : {}),
      ...(modifier ? { modifier } : {}),
      ...this.span(start),
    };
  }
}
