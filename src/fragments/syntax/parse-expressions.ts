/**
 * Expressions: C# operator precedence, postfix chains, argument lists and declaration expressions, in
 * the order and with the look-ahead of Roslyn's LanguageParser, so that the same text means the same
 * tree and the same mistakes produce the same diagnostics. Terms (literals, names, casts, lambdas) are
 * the next layer's.
 */
import type {
  Argument,
  AssignmentOperator,
  BinaryOperator,
  Block,
  Designation,
  Expression,
  Name,
  Pattern,
} from './ast.js';
import { Terminator } from './parser-core.js';
import { NameOptions, TypeParser, type TypeMode } from './parse-types.js';
import {
  Precedence,
  invalidSubExpressionKinds,
  isAssignmentOperatorKind,
  isBinaryOperatorKind,
  precedenceOfBinary,
  tokenText,
} from './syntax-facts.js';
import { isPredefinedTypeKeyword, type Token, type TokenKind } from './tokens.js';

export abstract class ExpressionParser extends TypeParser {
  /** Inside an interpolation hole whose text continues with `:` (CS8361 for a bare conditional). */
  protected interpolationFollowedByColon = false;

  protected abstract parsePattern(precedence: number, afterIs?: boolean, whenIsKeyword?: boolean): Pattern;
  protected abstract parseSwitchExpression(governing: Expression): Expression;
  protected abstract parseBlock(): Block;
  protected abstract parseTermWithoutPostfix(precedence: number): Expression;

  protected parseExpression(): Expression {
    return this.parseSubExpression(Precedence.Expression);
  }

  protected parseSubExpression(precedence: number): Expression {
    this.enterNesting();
    try {
      return this.parseSubExpressionCore(precedence);
    } finally {
      this.exitNesting();
    }
  }

  /** Reports CS1525 for the current token as Roslyn does, without consuming it. */
  protected invalidTerm(): Expression {
    if (this.at('EndOfFile')) this.reportMissing('CS1733');
    else this.reportMissing('CS1525', tokenText(this.current));
    return this.missingNode();
  }

  private parseSubExpressionCore(precedence: number): Expression {
    const token = this.current;
    if (invalidSubExpressionKinds.has(token.kind)) {
      // A statement keyword: the expression is missing and the statement starts here.
      this.reportMissing('CS1525', token.kind);
      return this.missingNode();
    }
    let left: Expression;
    const start = token.start;
    if (this.isPrefixOperator(token.kind)) {
      this.eat();
      const unaryPrecedence =
        token.kind === '&' || token.kind === '*' ? Precedence.PointerIndirection : Precedence.Unary;
      const operand = this.parseSubExpression(unaryPrecedence);
      if (token.kind === '&' || token.kind === '*') {
        left = this.unsupported('pointer operation', start, this.lastEnd);
      } else if (token.kind === '^') {
        left = this.unsupported('index from end', start, this.lastEnd);
      } else {
        const operator = token.kind as '!' | '-' | '+' | '~' | '++' | '--';
        left = { kind: 'PrefixUnary', operator, operand, ...this.span(start) };
      }
    } else if (token.kind === '..') {
      this.eat();
      if (this.canStartExpression()) this.parseSubExpression(Precedence.Range);
      left = this.unsupported('range', start, this.lastEnd);
    } else if (this.isAwaitExpression()) {
      this.eat();
      this.parseSubExpression(Precedence.Unary);
      left = this.unsupported('await', start, this.lastEnd);
    } else if (this.isQueryExpressionStart()) {
      left = this.skipQueryExpression();
    } else if (token.kind === 'throw') {
      this.eat();
      this.parseSubExpression(Precedence.Coalescing);
      return this.unsupported('throw expression', start, this.lastEnd);
    } else if (this.isPossibleDeconstructionLeft(precedence)) {
      left = this.skipDeconstruction();
    } else {
      left = this.parseTerm(precedence);
    }
    return this.parseExpressionContinued(left, precedence);
  }

  private isPrefixOperator(kind: TokenKind): boolean {
    return (
      kind === '+' ||
      kind === '-' ||
      kind === '!' ||
      kind === '~' ||
      kind === '++' ||
      kind === '--' ||
      kind === '&' ||
      kind === '*' ||
      kind === '^'
    );
  }

  /** `await` followed by something that cannot follow an identifier (Roslyn's IsAwaitExpression). */
  private isAwaitExpression(): boolean {
    if (!this.isContextual('await')) return false;
    const next = this.peek(1);
    if (next.kind === 'Identifier') return !this.isContextual('with', next);
    return (
      next.kind === 'new' ||
      next.kind === 'this' ||
      next.kind === 'base' ||
      next.kind === 'delegate' ||
      next.kind === 'typeof' ||
      next.kind === 'checked' ||
      next.kind === 'unchecked' ||
      next.kind === 'default' ||
      next.kind === 'true' ||
      next.kind === 'false' ||
      next.kind === 'null' ||
      next.kind === 'StringLiteral' ||
      next.kind === 'InterpolatedString' ||
      next.kind === 'NumericLiteral' ||
      next.kind === 'CharLiteral'
    );
  }

  /** `from x in ...` (Roslyn's IsQueryExpressionAfterFrom, not in a declaration). */
  protected isQueryExpressionStart(mayBeVariableDeclaration = false): boolean {
    if (!this.isContextual('from')) return false;
    const next = this.peek(1);
    if (isPredefinedTypeKeyword(next.kind)) return true;
    if (next.kind === 'Identifier') {
      const after = this.peek(2).kind;
      if (after === 'in') return true;
      if (mayBeVariableDeclaration && (after === ';' || after === ',' || after === '=')) return false;
      return true;
    }
    return this.lookAhead(() => {
      this.eat();
      return this.scanType() !== 'NotType' && (this.at('Identifier') || this.at('in'));
    });
  }

  /** Query syntax is outside the subset: its clauses are skipped to the end of the expression. */
  protected skipQueryExpression(): Expression {
    const start = this.current.start;
    this.skipBalancedUntil(
      (kind) => kind === ';' || kind === ')' || kind === ']' || kind === '}' || kind === ',',
    );
    return this.unsupported('query expression', start, this.lastEnd);
  }

  /** `var (a, b) = ...` or `int (a, b) = ...` (Roslyn's IsPossibleDeconstructionLeft). */
  private isPossibleDeconstructionLeft(precedence: number): boolean {
    if (precedence > Precedence.Assignment) return false;
    if (!this.isContextual('var') && !isPredefinedTypeKeyword(this.current.kind)) return false;
    return this.lookAhead(() => {
      this.eat();
      return this.at('(') && this.scanDesignator() && this.at('=');
    });
  }

  private scanDesignator(): boolean {
    this.enterNesting();
    try {
      return this.scanDesignatorCore();
    } finally {
      this.exitNesting();
    }
  }

  private scanDesignatorCore(): boolean {
    if (this.at('Identifier')) {
      this.eat();
      return true;
    }
    if (!this.at('(')) return false;
    for (;;) {
      this.eat();
      if (!this.scanDesignator()) return false;
      if (this.at(',')) continue;
      if (this.at(')')) {
        this.eat();
        return true;
      }
      return false;
    }
  }

  private skipDeconstruction(): Expression {
    const start = this.current.start;
    this.eat();
    this.skipBalancedUntil((kind) => kind === '=');
    return this.unsupported('deconstruction', start, this.lastEnd);
  }

  /** Roslyn's ParseExpressionContinued: binary and assignment operators, then `?:`. */
  protected parseExpressionContinued(leftOperand: Expression, precedence: number): Expression {
    let left = leftOperand;
    for (;;) {
      const token = this.current;
      let operator: string = token.kind;
      let isAssignment = false;
      let tokensToCombine = 1;
      if (isBinaryOperatorKind(token.kind)) {
        // nothing to adjust
      } else if (isAssignmentOperatorKind(token.kind)) {
        isAssignment = true;
      } else if (token.kind === '..') {
        operator = '..';
      } else if (token.kind === 'switch' && this.peek(1).kind === '{') {
        operator = 'switch';
      } else if (this.isContextual('with') && this.peek(1).kind === '{') {
        operator = 'with';
      } else {
        break;
      }
      if (token.kind === '>') {
        const next = this.peek(1);
        if ((next.kind === '>' || next.kind === '>=') && next.start === token.end) {
          const third = this.peek(2);
          if (next.kind === '>' && (third.kind === '>' || third.kind === '>=') && third.start === next.end) {
            operator = third.kind === '>' ? '>>>' : '>>>=';
            isAssignment = third.kind === '>=';
            tokensToCombine = 3;
          } else {
            operator = next.kind === '>' ? '>>' : '>>=';
            isAssignment = next.kind === '>=';
            tokensToCombine = 2;
          }
        }
      }
      const newPrecedence = isAssignment
        ? Precedence.Assignment
        : operator === 'switch' || operator === 'with'
          ? Precedence.Switch
          : operator === '..'
            ? Precedence.Range
            : (precedenceOfBinary(operator) ?? Precedence.Expression);
      if (newPrecedence < precedence) break;
      const rightAssociative = isAssignment || operator === '??';
      if (newPrecedence === precedence && !rightAssociative) break;
      for (let i = 0; i < tokensToCombine; i++) this.eat();
      this.checkPrecedenceInversion(left, newPrecedence, token, operator);
      const start = left.start;
      if (operator === 'as') {
        const type = this.parseType('asExpression');
        left = { kind: 'As', expression: left, type, ...this.span(start) };
      } else if (operator === 'is') {
        const pattern = this.parsePattern(Precedence.Relational, true);
        left = { kind: 'IsPattern', expression: left, pattern, ...this.span(start) };
      } else if (isAssignment) {
        const right = this.parseSubExpression(newPrecedence);
        left = {
          kind: 'Assignment',
          operator: operator as AssignmentOperator,
          left,
          right,
          ...this.span(start),
        };
      } else if (operator === 'switch') {
        left = this.parseSwitchExpression(left);
      } else if (operator === 'with') {
        this.skipBalancedBraces();
        left = this.unsupported('with expression', start, this.lastEnd);
      } else if (operator === '..') {
        if (this.canStartExpression()) this.parseSubExpression(Precedence.Range);
        left = this.unsupported('range', start, this.lastEnd);
      } else {
        const right = this.parseSubExpression(newPrecedence);
        left = { kind: 'Binary', operator: operator as BinaryOperator, left, right, ...this.span(start) };
      }
    }
    if (this.at('?') && precedence <= Precedence.Conditional) {
      const start = left.start;
      this.eat();
      const whenTrue = this.parseExpression();
      if (this.at('EndOfFile') && this.interpolationFollowedByColon) {
        const node = { kind: 'Conditional', condition: left, whenTrue, ...this.span(start) } as const;
        this.reportOn('CS8361', node);
        return { ...node, whenFalse: this.missingNode() };
      }
      this.expect(':');
      const whenFalse = this.parseExpression();
      left = { kind: 'Conditional', condition: left, whenTrue, whenFalse, ...this.span(start) };
    }
    return left;
  }

  /**
   * An `is` pattern or a block-bodied lambda does not take a tighter operator on its right; Roslyn
   * accepts the operator and reports it (an error after a pattern, a warning otherwise).
   */
  private checkPrecedenceInversion(
    left: Expression,
    newPrecedence: number,
    token: Token,
    operator: string,
  ): void {
    let leftPrecedence: number = Precedence.Primary;
    if (left.kind === 'IsPattern' || left.kind === 'As') leftPrecedence = Precedence.Relational;
    else if (left.kind === 'SwitchExpression') leftPrecedence = Precedence.Switch;
    else if (left.kind === 'Lambda' && left.body.kind === 'Block') leftPrecedence = Precedence.Lambda;
    else return;
    if (newPrecedence <= leftPrecedence) return;
    if (left.kind === 'IsPattern' && !isTypeLikePattern(left.pattern))
      this.report('CS1073', token.start, token.end, operator);
    else this.report('CS8848', token.start, token.end, operator);
  }

  protected skipBalancedBraces(): void {
    this.expect('{');
    this.skipBalancedUntil((kind) => kind === '}');
    this.expect('}');
  }

  protected parseTerm(precedence: number): Expression {
    return this.parsePostfix(this.parseTermWithoutPostfix(precedence));
  }

  // ---------------------------------------------------------------------------- postfix chains

  protected parsePostfix(expression: Expression): Expression {
    let expr = expression;
    for (;;) {
      const start = expr.start;
      switch (this.current.kind) {
        case '(': {
          const args = this.parseArgumentList('(', ')');
          expr = { kind: 'Invocation', expression: expr, arguments: args, ...this.span(start) };
          break;
        }
        case '[': {
          const args = this.parseArgumentList('[', ']');
          expr = { kind: 'ElementAccess', expression: expr, arguments: args, ...this.span(start) };
          break;
        }
        case '++':
        case '--': {
          const operator = this.eat().kind as '++' | '--';
          expr = { kind: 'PostfixUnary', operator, operand: expr, ...this.span(start) };
          break;
        }
        case '::':
          if (this.peek(1).kind === 'Identifier') {
            const colons = this.eat();
            this.report('CS0687', colons.start, colons.end);
            const name = this.parseSimpleName(NameOptions.InExpression);
            expr = { kind: 'MemberAccess', expression: expr, name, ...this.span(start) };
          } else {
            this.eatWithPrejudice('.');
          }
          break;
        case '->':
          this.eat();
          this.parseSimpleName(NameOptions.InExpression);
          expr = this.unsupported('pointer member access', start, this.lastEnd);
          break;
        case '.': {
          // `expr.` at the end of a line followed by `X Y`: the member access is incomplete and the next
          // line declares something; Roslyn reports the missing name instead of reading `X` as one.
          const afterDot = this.peek(1);
          if (
            afterDot.newLineBefore &&
            afterDot.kind === 'Identifier' &&
            this.peek(2).kind === 'Identifier'
          ) {
            this.eat();
            this.reportMissing('CS1001');
            const at = this.missingNode();
            const name: Name = {
              kind: 'Name',
              identifier: '',
              verbatim: false,
              start: at.start,
              end: at.end,
            };
            return { kind: 'MemberAccess', expression: expr, name, ...this.span(start) };
          }
          this.eat();
          const name = this.parseSimpleName(NameOptions.InExpression);
          expr = { kind: 'MemberAccess', expression: expr, name, ...this.span(start) };
          break;
        }
        case '?': {
          const next = this.peek(1).kind;
          if (next !== '.' && next !== '[') return expr;
          this.eat();
          const whenNotNull = this.parseConsequence();
          expr = { kind: 'ConditionalAccess', expression: expr, whenNotNull, ...this.span(start) };
          break;
        }
        case '!':
          this.eat();
          expr = { kind: 'PostfixUnary', operator: '!', operand: expr, ...this.span(start) };
          break;
        default:
          return expr;
      }
    }
  }

  /** What follows `?` in a conditional access: a binding, then the rest of the chain (Roslyn's ParseConsequenceSyntax). */
  private parseConsequence(): Expression {
    this.enterNesting();
    try {
      return this.parseConsequenceCore();
    } finally {
      this.exitNesting();
    }
  }

  private parseConsequenceCore(): Expression {
    const start = this.current.start;
    let expr: Expression;
    if (this.at('.')) {
      this.eat();
      const name = this.parseSimpleName(NameOptions.InExpression);
      expr = { kind: 'MemberBinding', name, ...this.span(start) };
    } else {
      const args = this.parseArgumentList('[', ']');
      expr = { kind: 'ElementBinding', arguments: args, ...this.span(start) };
    }
    for (;;) {
      if (this.at('!') && this.suppressionsFollowedByAccess()) {
        while (this.at('!')) {
          this.eat();
          expr = { kind: 'PostfixUnary', operator: '!', operand: expr, ...this.span(start) };
        }
      }
      switch (this.current.kind) {
        case '(': {
          const args = this.parseArgumentList('(', ')');
          expr = { kind: 'Invocation', expression: expr, arguments: args, ...this.span(start) };
          break;
        }
        case '[': {
          const args = this.parseArgumentList('[', ']');
          expr = { kind: 'ElementAccess', expression: expr, arguments: args, ...this.span(start) };
          break;
        }
        case '.': {
          this.eat();
          const name = this.parseSimpleName(NameOptions.InExpression);
          expr = { kind: 'MemberAccess', expression: expr, name, ...this.span(start) };
          break;
        }
        case '?': {
          const next = this.peek(1).kind;
          if (next === '.' || next === '[') {
            this.eat();
            const whenNotNull = this.parseConsequence();
            expr = { kind: 'ConditionalAccess', expression: expr, whenNotNull, ...this.span(start) };
          }
          return expr;
        }
        default:
          return expr;
      }
    }
  }

  private suppressionsFollowedByAccess(): boolean {
    let offset = 0;
    while (this.peek(offset).kind === '!') offset++;
    const kind = this.peek(offset).kind;
    return kind === '(' || kind === '[' || kind === '.' || kind === '?';
  }

  // -------------------------------------------------------------------------------- arguments

  /** Roslyn's ParseArgumentList for `(...)` and `[...]`. */
  protected parseArgumentList(open: '(' | '[', close: ')' | ']'): Argument[] {
    const isIndexer = open === '[';
    if (this.at('(') || this.at('[')) this.eatAsKind(open);
    else this.expect(open);
    const args: Argument[] = [];
    const saved = this.termState;
    this.termState |= Terminator.ArgumentList;
    if (!this.at(close) && !this.at(';')) {
      for (;;) {
        if (this.isPossibleArgumentExpression() || this.at(',')) {
          args.push(this.parseArgument(isIndexer));
          let lastIndex = -1;
          while (this.index !== lastIndex) {
            lastIndex = this.index;
            if (this.at(')') || this.at(']') || this.at(';')) break;
            if (this.at(',') || this.isPossibleArgumentExpression()) {
              this.expect(',');
              args.push(this.parseArgument(isIndexer));
              continue;
            }
            if (this.skipArgumentListTokens(',', close) === 'abort') break;
          }
          break;
        }
        if (this.skipArgumentListTokens('Identifier', close) === 'abort') break;
      }
    } else if (isIndexer && this.at(close)) {
      args.push(this.parseArgument(isIndexer));
    }
    this.termState = saved;
    if (this.at(')') || this.at(']')) this.eatAsKind(close);
    else this.expect(close);
    return args;
  }

  private skipArgumentListTokens(expected: TokenKind, close: TokenKind): 'continue' | 'abort' {
    return this.skipBadTokens(
      () => !this.at(',') && !this.isPossibleArgumentExpression(),
      () => this.at(close) || this.at(';'),
      expected,
    );
  }

  /** Roslyn's EatTokenAsKind: the current token stands for `kind`, with CS1003 (or kin) when it is another. */
  protected eatAsKind(kind: TokenKind): Token {
    if (this.at(kind)) return this.eat();
    const [start, end] = this.missingSpan();
    this.reportExpected(kind, start, end);
    return this.eat();
  }

  private isPossibleArgumentExpression(): boolean {
    return this.at('ref') || this.at('out') || this.at('in') || this.isPossibleExpression();
  }

  private parseArgument(isIndexer: boolean): Argument {
    const start = this.current.start;
    let name: string | undefined;
    if (this.at('Identifier') && this.peek(1).kind === ':') {
      name = this.eat().value;
      this.eat();
    }
    let refKind: Argument['refKind'] = 'none';
    if (this.at('ref') || this.at('out') || this.at('in')) refKind = this.eat().kind as 'ref' | 'out' | 'in';
    let expression: Expression;
    if (isIndexer && (this.at(',') || this.at(']'))) {
      this.reportMissing('CS0443');
      expression = this.missingNode();
    } else if (this.at(',')) {
      this.reportMissing('CS0839');
      expression = this.missingNode();
    } else if (refKind === 'out') {
      expression = this.parseExpressionOrDeclaration('normal', false);
    } else {
      expression = this.parseSubExpression(Precedence.Expression);
    }
    return {
      kind: 'Argument',
      ...(name !== undefined ? { name } : {}),
      refKind,
      expression,
      ...this.span(start),
    };
  }

  /** Roslyn's ParseExpressionOrDeclaration: `var x`, `int x` where a declaration may appear, else an expression. */
  protected parseExpressionOrDeclaration(mode: TypeMode, permitTupleDesignation: boolean): Expression {
    if (this.isPossibleDeclarationExpression(mode, permitTupleDesignation))
      return this.parseDeclarationExpression(mode);
    return this.parseSubExpression(Precedence.Expression);
  }

  private isPossibleDeclarationExpression(mode: TypeMode, permitTupleDesignation: boolean): boolean {
    return this.lookAhead(() => {
      const typeIsVar = this.isVarType();
      const flags = this.scanType(mode);
      if (flags === 'NotType') return false;
      const lastKind = this.tokens[this.index - 1].kind;
      if (!this.scanDesignation(permitTupleDesignation && (typeIsVar || isPredefinedTypeKeyword(lastKind))))
        return false;
      if (mode === 'firstElementOfPossibleTupleLiteral') return this.at(',');
      if (mode === 'afterTupleComma') return this.at(',') || this.at(')');
      return true;
    });
  }

  /** `var` used as a type (Roslyn's IsVarType). */
  protected isVarType(): boolean {
    if (!this.isContextual('var')) return false;
    const next = this.peek(1).kind;
    return next !== '.' && next !== '::' && next !== '[' && next !== '*' && next !== '?' && next !== '<';
  }

  private scanDesignation(permitTuple: boolean): boolean {
    this.enterNesting();
    try {
      return this.scanDesignationCore(permitTuple);
    } finally {
      this.exitNesting();
    }
  }

  private scanDesignationCore(permitTuple: boolean): boolean {
    if (this.at('Identifier')) {
      this.eat();
      return true;
    }
    if (!this.at('(') || !permitTuple) return false;
    let sawComma = false;
    for (;;) {
      this.eat();
      if (!this.scanDesignation(true)) return false;
      if (this.at(')')) {
        this.eat();
        return sawComma;
      }
      if (!this.at(',')) return false;
      sawComma = true;
    }
  }

  protected parseDeclarationExpression(mode: TypeMode): Expression {
    const start = this.current.start;
    const type = this.parseType(mode);
    if (this.at('(')) {
      this.skipBalancedUntil(() => false);
      return this.unsupported('deconstruction', start, this.lastEnd);
    }
    const designation = this.parseSimpleDesignation();
    return { kind: 'DeclarationExpression', type, designation, ...this.span(start) };
  }

  /** A variable name, or `_` (a discard). */
  protected parseSimpleDesignation(): Designation {
    const token = this.current;
    if (this.isContextual('_')) {
      this.eat();
      return { kind: 'Designation', identifier: '_', discard: true, ...this.tokenSpan(token) };
    }
    const identifier = this.expect('Identifier');
    if (!identifier) {
      const at = this.missingNode();
      return { kind: 'Designation', identifier: '', discard: false, start: at.start, end: at.end };
    }
    return {
      kind: 'Designation',
      identifier: identifier.value,
      discard: false,
      ...this.tokenSpan(identifier),
    };
  }
}

/** Whether Roslyn would read an `is` operand as a type (an IsExpression) rather than a pattern. */
function isTypeLikePattern(pattern: Pattern): boolean {
  if (pattern.kind === 'TypePattern' || pattern.kind === 'DiscardPattern') return true;
  if (pattern.kind !== 'ConstantPattern') return false;
  let expression = pattern.expression;
  while (expression.kind === 'MemberAccess') expression = expression.expression;
  return expression.kind === 'Name';
}
