/**
 * Patterns (after `is`, in switch-expression arms) and switch expressions, following Roslyn's
 * LanguageParser_Patterns: a pattern is first tried as a type, then re-read as a constant expression.
 */
import type {
  Designation,
  Expression,
  Name,
  Pattern,
  QualifiedName,
  RelationalOperator,
  Subpattern,
  SwitchArm,
  TypeNode,
} from './ast.js';
import { CreationParser } from './parse-creation.js';
import {
  Precedence,
  isBinaryOperatorKind,
  missingPatternFollowerKinds,
  precedenceOfBinary,
  relationalPatternKinds,
} from './syntax-facts.js';
import { isPredefinedTypeKeyword, type TokenKind } from './tokens.js';

export abstract class PatternParser extends CreationParser {
  protected parsePattern(precedence: number, afterIs = false, whenIsKeyword = false): Pattern {
    this.enterNesting();
    try {
      return this.parseDisjunctivePattern(precedence, afterIs, whenIsKeyword);
    } finally {
      this.exitNesting();
    }
  }

  private parseDisjunctivePattern(precedence: number, afterIs: boolean, whenIsKeyword: boolean): Pattern {
    let result = this.parseConjunctivePattern(precedence, afterIs, whenIsKeyword);
    while (this.isContextual('or')) {
      this.eat();
      const right = this.parseConjunctivePattern(precedence, afterIs, whenIsKeyword);
      result = { kind: 'BinaryPattern', operator: 'or', left: result, right, ...this.span(result.start) };
    }
    return result;
  }

  private parseConjunctivePattern(precedence: number, afterIs: boolean, whenIsKeyword: boolean): Pattern {
    let result = this.parseNegatedPattern(precedence, afterIs, whenIsKeyword);
    while (this.isContextual('and')) {
      this.eat();
      const right = this.parseNegatedPattern(precedence, afterIs, whenIsKeyword);
      result = { kind: 'BinaryPattern', operator: 'and', left: result, right, ...this.span(result.start) };
    }
    return result;
  }

  private parseNegatedPattern(precedence: number, afterIs: boolean, whenIsKeyword: boolean): Pattern {
    if (!this.isContextual('not')) return this.parsePrimaryPattern(precedence, afterIs, whenIsKeyword);
    const start = this.eat().start;
    this.enterNesting();
    try {
      const pattern = this.parseNegatedPattern(precedence, afterIs, whenIsKeyword);
      return { kind: 'NotPattern', pattern, ...this.span(start) };
    } finally {
      this.exitNesting();
    }
  }

  private parsePrimaryPattern(precedence: number, afterIs: boolean, whenIsKeyword: boolean): Pattern {
    const token = this.current;
    const start = token.start;
    if (missingPatternFollowerKinds.has(token.kind)) {
      this.reportMissing('CS8504');
      const missing = this.missingNode();
      return { kind: 'ConstantPattern', expression: missing, start: missing.start, end: missing.end };
    }
    if (this.isContextual('_')) {
      this.eat();
      return { kind: 'DiscardPattern', ...this.tokenSpan(token) };
    }
    if (token.kind === '[') {
      this.parseSubpatternList('[', ']');
      this.tryParseSimpleDesignation(whenIsKeyword);
      return this.unsupported('list pattern', start, this.lastEnd);
    }
    if (token.kind === '..') {
      this.eat();
      if (this.isPossibleSubpatternElement()) this.parsePattern(precedence, false, whenIsKeyword);
      return this.unsupported('slice pattern', start, this.lastEnd);
    }
    if (relationalPatternKinds.has(token.kind)) {
      this.eat();
      const expression = this.parseSubExpression(Precedence.Relational);
      const operator = token.kind as RelationalOperator;
      return { kind: 'RelationalPattern', operator, expression, ...this.span(start) };
    }
    const point = this.resetPoint();
    let type: TypeNode | undefined;
    if (this.looksLikeTypeOfPattern()) {
      type = this.parseType(afterIs ? 'afterIs' : 'definitePattern');
      if (type.kind === 'Missing' || !this.canTokenFollowTypeInPattern(precedence)) {
        this.reset(point);
        type = undefined;
      }
    }
    const continued = this.parsePatternContinued(type, precedence, whenIsKeyword, start);
    if (continued) return continued;
    this.reset(point);
    const value = this.parseSubExpression(precedence);
    return { kind: 'ConstantPattern', expression: value, ...this.span(start) };
  }

  private looksLikeTypeOfPattern(): boolean {
    const kind = this.current.kind;
    if (isPredefinedTypeKeyword(kind)) return true;
    if (
      kind === 'Identifier' &&
      !this.isContextual('_') &&
      !(this.isContextual('nameof') && this.peek(1).kind === '(')
    ) {
      return true;
    }
    return kind === '(' && this.lookAhead(() => this.scanType('definitePattern') !== 'NotType');
  }

  /** Roslyn's CanTokenFollowTypeInPattern. */
  private canTokenFollowTypeInPattern(precedence: number): boolean {
    const kind = this.current.kind;
    switch (kind) {
      case '(':
      case '{':
      case 'Identifier':
      case '}':
      case ']':
      case ')':
      case ',':
      case ';':
        return true;
      case '.':
      case '->':
      case '!':
        return false;
      default: {
        if (!isBinaryOperatorKind(kind)) return true;
        const binary = precedenceOfBinary(kind);
        return binary !== undefined && binary <= precedence;
      }
    }
  }

  private parsePatternContinued(
    type: TypeNode | undefined,
    precedence: number,
    whenIsKeyword: boolean,
    start: number,
  ): Pattern | undefined {
    if (
      type?.kind === 'Name' &&
      !type.typeArguments &&
      !type.verbatim &&
      type.identifier === 'var' &&
      (this.at('(') || this.isValidPatternDesignation(whenIsKeyword))
    ) {
      if (this.at('(')) {
        this.skipBalancedUntil(() => false);
        return this.unsupported('deconstruction pattern', start, this.lastEnd);
      }
      const designation = this.parseSimpleDesignation();
      return { kind: 'VarPattern', designation, ...this.span(start) };
    }
    if (this.at('(') && (type !== undefined || !this.lookAhead(() => this.scanCast(true)))) {
      const list = this.parseSubpatternList('(', ')');
      const properties = this.at('{') ? this.parseSubpatternList('{', '}') : undefined;
      const designation = this.tryParseSimpleDesignation(whenIsKeyword);
      if (!type && !properties && !designation && list.subpatterns.length === 1 && list.separators === 0) {
        const only = list.subpatterns[0];
        if (!only.named) {
          if (only.pattern.kind === 'ConstantPattern') {
            const parenthesized: Expression = {
              kind: 'Parenthesized',
              expression: only.pattern.expression,
              ...this.span(start),
            };
            const expression = this.parseExpressionContinued(parenthesized, precedence);
            return { kind: 'ConstantPattern', expression, ...this.span(start) };
          }
          return { kind: 'ParenthesizedPattern', pattern: only.pattern, ...this.span(start) };
        }
      }
      return this.unsupported('positional pattern', start, this.lastEnd);
    }
    if (this.at('{')) {
      const list = this.parseSubpatternList('{', '}');
      const designation = this.tryParseSimpleDesignation(whenIsKeyword);
      const subpatterns: Subpattern[] = list.subpatterns.map((element) => ({
        kind: 'Subpattern',
        ...(element.member ? { member: element.member } : {}),
        pattern: element.pattern,
        start: element.start,
        end: element.end,
      }));
      return {
        kind: 'PropertyPattern',
        ...(type ? { type } : {}),
        subpatterns,
        ...(designation ? { designation } : {}),
        ...this.span(start),
      };
    }
    if (!type) return undefined;
    const designation = this.tryParseSimpleDesignation(whenIsKeyword);
    if (designation) return { kind: 'DeclarationPattern', type, designation, ...this.span(start) };
    const asExpression = typeToExpression(type, false);
    if (asExpression) {
      const expression = this.parseExpressionContinued(asExpression, precedence);
      return { kind: 'ConstantPattern', expression, ...this.span(start) };
    }
    return { kind: 'TypePattern', type, ...this.span(start) };
  }

  private tryParseSimpleDesignation(whenIsKeyword: boolean): Designation | undefined {
    if (this.at('Identifier') && this.isValidPatternDesignation(whenIsKeyword))
      return this.parseSimpleDesignation();
    return undefined;
  }

  /** Roslyn's IsValidPatternDesignation: `when`, `and` and `or` may be keywords here, not names. */
  private isValidPatternDesignation(whenIsKeyword: boolean): boolean {
    if (!this.at('Identifier')) return false;
    if (this.isContextual('when')) return !whenIsKeyword;
    if (!this.isContextual('and') && !this.isContextual('or')) return true;
    const next = this.peek(1).kind;
    switch (next) {
      case '}':
      case ']':
      case ')':
      case ',':
      case ';':
      case '?':
      case ':':
        return true;
      case '<=':
      case '<':
      case '>=':
      case '>':
      case 'Identifier':
      case '{':
      case '(':
      case '[':
        return false;
      default:
        if (isBinaryOperatorKind(next)) return true;
        return !this.lookAhead(() => {
          this.eat();
          return this.canStartExpression();
        });
    }
  }

  /** Roslyn's ParseSubpatternList: `(...)`, `{...}` or `[...]` of patterns, each maybe `Name:`-prefixed. */
  private parseSubpatternList(
    open: '(' | '{' | '[',
    close: ')' | '}' | ']',
  ): {
    subpatterns: { member?: Expression; named: boolean; pattern: Pattern; start: number; end: number }[];
    separators: number;
  } {
    this.expect(open);
    const subpatterns: {
      member?: Expression;
      named: boolean;
      pattern: Pattern;
      start: number;
      end: number;
    }[] = [];
    let separators = 0;
    for (;;) {
      if (this.isPossibleSubpatternElement() || this.at(',')) {
        subpatterns.push(this.parseSubpatternElement());
        let lastIndex = -1;
        while (this.index !== lastIndex) {
          lastIndex = this.index;
          if (this.at(')') || this.at('}') || this.at(']') || this.at(';')) break;
          if (this.at(',') || this.isPossibleSubpatternElement()) {
            this.expect(',');
            separators++;
            if (this.at('}') || this.at(']')) break;
            subpatterns.push(this.parseSubpatternElement());
            continue;
          }
          if (this.skipPatternListTokens(',', close) === 'abort') break;
        }
        break;
      }
      if (this.skipPatternListTokens('Identifier', close) === 'abort') break;
    }
    this.expect(close);
    return { subpatterns, separators };
  }

  private skipPatternListTokens(expected: TokenKind, close: TokenKind): 'continue' | 'abort' {
    return this.skipBadTokens(
      () => !this.at(',') && !this.isPossibleSubpatternElement(),
      () => this.at(close) || this.at(';'),
      expected,
    );
  }

  private parseSubpatternElement(): {
    member?: Expression;
    named: boolean;
    pattern: Pattern;
    start: number;
    end: number;
  } {
    const start = this.current.start;
    let pattern = this.parsePattern(Precedence.Conditional);
    let member: Expression | undefined;
    if (this.at(':')) {
      const asExpression = patternToExpression(pattern);
      if (asExpression) {
        this.eat();
        member = asExpression;
        pattern = this.parsePattern(Precedence.Conditional);
      }
    }
    return { ...(member ? { member } : {}), named: member !== undefined, pattern, ...this.span(start) };
  }

  // ------------------------------------------------------------------------- switch expressions

  /** `governing switch { pattern [when e] => e, ... }` (the `switch` token is already consumed). */
  protected parseSwitchExpression(governing: Expression): Expression {
    const start = governing.start;
    this.expect('{');
    const arms: SwitchArm[] = [];
    while (!this.at('}')) {
      const armStart = this.current.start;
      const before = this.index;
      const pattern = this.parsePattern(Precedence.Coalescing, false, true);
      let whenClause: Expression | undefined;
      if (this.isContextual('when')) {
        this.eat();
        whenClause = this.parseSubExpression(Precedence.Coalescing);
      }
      this.expect('=>');
      const expression = this.parseExpression();
      if (this.index === before && !this.at(',')) break;
      arms.push({
        kind: 'SwitchArm',
        pattern,
        ...(whenClause ? { whenClause } : {}),
        expression,
        ...this.span(armStart),
      });
      if (!this.at('}')) {
        if (this.at(';')) this.eatAsKind(',');
        else this.expect(',');
      }
    }
    this.expect('}');
    return { kind: 'SwitchExpression', governing, arms, ...this.span(start) };
  }
}

/**
 * Roslyn's ConvertTypeToExpression: a name read as a type may be a constant (`Metric.Cosine`). A dotted
 * name is rebuilt as member accesses from the left, without recursion, however long it is.
 */
function typeToExpression(type: TypeNode, permitTypeArguments: boolean): Expression | undefined {
  if (type.kind === 'Name') return type.typeArguments && !permitTypeArguments ? undefined : type;
  if (type.kind !== 'QualifiedName') return undefined;
  if (type.right.typeArguments && !permitTypeArguments) return undefined;
  const rights: QualifiedName[] = [];
  let left: Name | QualifiedName = type;
  while (left.kind === 'QualifiedName') {
    rights.push(left);
    left = left.left;
  }
  let expression: Expression = left;
  for (let i = rights.length - 1; i >= 0; i--) {
    const part = rights[i];
    expression = { kind: 'MemberAccess', expression, name: part.right, start: part.start, end: part.end };
  }
  return expression;
}

/** Roslyn's ConvertPatternToExpressionIfPossible, for the `Name:` of a subpattern. */
function patternToExpression(pattern: Pattern): Expression | undefined {
  if (pattern.kind === 'ConstantPattern') return pattern.expression;
  if (pattern.kind === 'TypePattern') return typeToExpression(pattern.type, true);
  if (pattern.kind === 'DiscardPattern') {
    return { kind: 'Name', identifier: '_', verbatim: false, start: pattern.start, end: pattern.end };
  }
  return undefined;
}
