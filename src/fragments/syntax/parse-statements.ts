/**
 * Statements and local declarations, with Roslyn's choice between a declaration and an expression
 * statement, its embedded-statement rules and its statement-list recovery. Statements outside the
 * fragment subset (switch statements, try, throw, using, local functions, ...) are parsed only far
 * enough to skip them correctly and reported as SVCUNSUPPORTED.
 */
import type {
  Block,
  Break,
  Continue,
  Do,
  Expression,
  For,
  ForEach,
  If,
  LocalDeclaration,
  Return,
  Statement,
  TypeNode,
  Unsupported,
  VariableDeclarator,
  While,
} from './ast.js';
import { Terminator } from './parser-core.js';
import { UnsupportedStatementParser } from './parse-unsupported.js';
import { isBinaryOperatorKind } from './syntax-facts.js';
import { isPredefinedTypeKeyword, type Token, type TokenKind } from './tokens.js';

const accessibilityModifiers: ReadonlySet<TokenKind> = new Set<TokenKind>([
  'public',
  'internal',
  'protected',
  'private',
]);

/** Modifiers Roslyn accepts before a local declaration or local function. */
function isLocalModifierKind(kind: TokenKind): boolean {
  return (
    kind === 'const' ||
    kind === 'static' ||
    kind === 'readonly' ||
    kind === 'volatile' ||
    kind === 'unsafe' ||
    kind === 'extern' ||
    accessibilityModifiers.has(kind)
  );
}

export abstract class StatementParser extends UnsupportedStatementParser {
  // ---------------------------------------------------------------------------- statement lists

  /** Roslyn's ParseStatements: statements up to `}` or the end, skipping what cannot start one. */
  protected parseStatementList(stopOnSwitchSections = false): Statement[] {
    const saved = this.termState;
    this.termState |= Terminator.StatementStartOrStop;
    if (stopOnSwitchSections) this.termState |= Terminator.SwitchSectionStart;
    const statements: Statement[] = [];
    let lastIndex = -1;
    while (
      !this.at('}') &&
      !this.at('EndOfFile') &&
      !(stopOnSwitchSections && this.isPossibleSwitchSection()) &&
      this.index !== lastIndex
    ) {
      lastIndex = this.index;
      if (this.isPossibleStatement(true)) {
        const statement = this.parseStatement();
        if (statement) {
          statements.push(statement);
          continue;
        }
      }
      const action = this.skipBadTokens(
        () => !this.isPossibleStatement(false),
        () => this.at('}'),
        '}',
      );
      if (action === 'abort') break;
    }
    this.termState = saved;
    return statements;
  }

  protected parseBlock(): Block {
    const start = this.current.start;
    this.expect('{');
    const statements = this.parseStatementList();
    this.expect('}');
    return { kind: 'Block', statements, ...this.span(start) };
  }

  /** Roslyn's ParseEmbeddedStatement: a statement, or an empty one whose `;` is missing. */
  protected parseEmbeddedStatement(): Statement {
    const statement = this.parseStatement();
    if (statement) return statement;
    const at = this.missingNode();
    this.expect(';');
    return { kind: 'Empty', start: at.start, end: at.end };
  }

  // ---------------------------------------------------------------------------------- statements

  /** Roslyn's ParseStatementCore; undefined when nothing here is a statement. */
  protected parseStatement(): Statement | undefined {
    this.enterNesting();
    try {
      if (this.at('[')) {
        const start = this.current.start;
        this.skipAttributeLists();
        this.report('SVCUNSUPPORTED', start, this.lastEnd, 'attribute');
      }
      return this.parseStatementCore();
    } finally {
      this.exitNesting();
    }
  }

  private parseStatementCore(): Statement | undefined {
    const token = this.current;
    const start = token.start;
    switch (token.kind) {
      case 'break':
      case 'continue': {
        this.eat();
        this.expect(';');
        const node: Break | Continue = {
          kind: token.kind === 'break' ? 'Break' : 'Continue',
          ...this.span(start),
        };
        return node;
      }
      case 'try':
      case 'catch':
      case 'finally':
        return this.skipTryStatement();
      case 'checked':
      case 'unchecked':
        if (this.peek(1).kind === '(') return this.parseExpressionStatement();
        this.eat();
        this.parseBlock();
        return this.unsupported(`${token.kind} block`, start, this.lastEnd);
      case 'do':
        return this.parseDo();
      case 'for':
        return this.parseForOrForEach();
      case 'foreach':
        return this.parseForEach();
      case 'goto':
        return this.skipGoto();
      case 'if':
        return this.parseIf();
      case 'else':
        return this.parseMisplacedElse();
      case 'lock':
        this.eat();
        this.expect('(');
        this.parseExpression();
        this.expect(')');
        this.parseEmbeddedStatement();
        return this.unsupported('lock statement', start, this.lastEnd);
      case 'return':
        return this.parseReturn();
      case 'switch':
        return this.skipSwitchStatement();
      case 'throw':
        this.eat();
        if (!this.at(';')) this.parseExpression();
        this.expect(';');
        return this.unsupported('throw statement', start, this.lastEnd);
      case 'unsafe':
        if (this.peek(1).kind === '{') {
          this.eat();
          this.parseBlock();
          return this.unsupported('unsafe block', start, this.lastEnd);
        }
        break;
      case 'using':
        return this.skipUsing(start);
      case 'fixed':
        this.eat();
        this.expect('(');
        this.parseVariableDeclaration();
        this.expect(')');
        this.parseEmbeddedStatement();
        return this.unsupported('fixed statement', start, this.lastEnd);
      case 'while':
        return this.parseWhile();
      case '{':
        return this.parseBlock();
      case ';':
        this.eat();
        return { kind: 'Empty', ...this.span(start) };
      case 'Identifier': {
        const result = this.tryParseStatementStartingWithIdentifier();
        if (result) return result;
        break;
      }
      default:
        break;
    }
    return this.parseStatementCoreRest();
  }

  private parseStatementCoreRest(): Statement | undefined {
    if (!this.isPossibleLocalDeclarationStatement()) return this.parseExpressionStatement();
    const point = this.resetPoint();
    const result = this.parseLocalDeclarationStatement();
    if (!result) this.reset(point);
    return result;
  }

  private tryParseStatementStartingWithIdentifier(): Statement | undefined {
    const start = this.current.start;
    const next = this.peek(1).kind;
    if (this.isContextual('await') && (next === 'foreach' || next === 'using')) {
      this.eat();
      if (next === 'foreach') this.parseForEach();
      else this.skipUsing(this.current.start);
      return this.unsupported(`await ${next}`, start, this.lastEnd);
    }
    if (next === ':') {
      this.eat();
      this.eat();
      if (!this.parseStatement()) this.expect(';');
      return this.unsupported('labeled statement', start, this.lastEnd);
    }
    if (this.isContextual('yield') && (next === 'return' || next === 'break')) {
      this.eat();
      if (this.eat().kind === 'return') this.parseExpression();
      this.expect(';');
      return this.unsupported('yield statement', start, this.lastEnd);
    }
    if (this.isQueryExpressionStart(true)) return this.parseExpressionStatement();
    return undefined;
  }

  private parseExpressionStatement(): Statement {
    const start = this.current.start;
    const expression = this.parseExpression();
    this.expect(';');
    return { kind: 'ExpressionStatement', expression, ...this.span(start) };
  }

  private parseReturn(): Return {
    const start = this.eat().start;
    const expression = this.at(';') ? undefined : this.parseExpression();
    this.expect(';');
    return { kind: 'Return', ...(expression ? { expression } : {}), ...this.span(start) };
  }

  private parseIf(): If {
    const start = this.eat().start;
    this.expect('(');
    const condition = this.parseExpression();
    this.expect(')');
    const then = this.parseEmbeddedStatement();
    const otherwise = this.parseElseClause();
    return { kind: 'If', condition, then, ...(otherwise ? { else: otherwise } : {}), ...this.span(start) };
  }

  /** `else` without `if`: Roslyn parses an `if` whose every part is missing, then the `else`. */
  private parseMisplacedElse(): If {
    const start = this.current.start;
    this.expectWith('if', 'CS8641');
    this.expect('(');
    const condition = this.parseExpression();
    this.expect(')');
    const then = this.parseExpressionStatement();
    const otherwise = this.parseElseClause();
    return { kind: 'If', condition, then, ...(otherwise ? { else: otherwise } : {}), ...this.span(start) };
  }

  private parseElseClause(): Statement | undefined {
    if (!this.at('else')) return undefined;
    this.eat();
    return this.parseEmbeddedStatement();
  }

  private parseWhile(): While {
    const start = this.eat().start;
    this.expect('(');
    const condition = this.parseExpression();
    this.expect(')');
    const body = this.parseEmbeddedStatement();
    return { kind: 'While', condition, body, ...this.span(start) };
  }

  private parseDo(): Do {
    const start = this.eat().start;
    const body = this.parseEmbeddedStatement();
    this.expect('while');
    this.expect('(');
    const condition = this.withTerminator(Terminator.DoWhileExpression, () => this.parseExpression());
    this.expect(')');
    this.expect(';');
    return { kind: 'Do', body, condition, ...this.span(start) };
  }

  /** `for (T x in ...)` is taken for a mistyped `foreach`, as Roslyn does. */
  private parseForOrForEach(): Statement {
    const looksLikeForEach = this.lookAhead(() => {
      this.eat();
      return (
        this.eat().kind === '(' &&
        this.scanType() !== 'NotType' &&
        this.eat().kind === 'Identifier' &&
        this.eat().kind === 'in'
      );
    });
    return looksLikeForEach ? this.parseForEach() : this.parseFor();
  }

  private parseFor(): For {
    const start = this.eat().start;
    this.expect('(');
    const saved = this.termState;
    this.termState |= Terminator.ForArgument;
    try {
      const isDeclaration =
        this.at('ref') ||
        this.lookAhead(
          () => !this.isQueryExpressionStart(true) && this.scanType() !== 'NotType' && this.at('Identifier'),
        );
      let declaration: LocalDeclaration | undefined;
      let initializers: Expression[] = [];
      if (isDeclaration) declaration = this.parseVariableDeclaration();
      else if (!this.at(';')) initializers = this.parseForExpressionList();
      this.expect(';');
      const condition = this.at(';') ? undefined : this.parseExpression();
      this.expect(';');
      const incrementors = this.at(')') ? [] : this.parseForExpressionList();
      this.expect(')');
      const body = this.parseEmbeddedStatement();
      return {
        kind: 'For',
        ...(declaration ? { declaration } : {}),
        initializers,
        ...(condition ? { condition } : {}),
        incrementors,
        body,
        ...this.span(start),
      };
    } finally {
      this.termState = saved;
    }
  }

  private parseForExpressionList(): Expression[] {
    const list: Expression[] = [];
    if (this.at(')') || this.at(';')) return list;
    const skip = (expected: TokenKind) =>
      this.skipBadTokens(
        () => !this.at(',') && !this.isPossibleExpression(),
        () => this.at(')') || this.at(';'),
        expected,
      );
    for (;;) {
      if (this.isPossibleExpression() || this.at(',')) {
        list.push(this.parseExpression());
        let lastIndex = -1;
        while (this.index !== lastIndex) {
          lastIndex = this.index;
          if (this.at(')') || this.at(';')) break;
          if (this.at(',') || this.isPossibleExpression()) {
            this.expect(',');
            list.push(this.parseExpression());
            continue;
          }
          if (skip(',') === 'abort') break;
        }
        return list;
      }
      if (skip('Identifier') === 'abort') return list;
    }
  }

  private parseForEach(): ForEach {
    const start = this.current.start;
    if (this.at('for')) {
      const token = this.eat();
      this.report('CS1003', token.start, token.end, 'foreach');
    } else {
      this.expect('foreach');
    }
    this.expect('(');
    const variable = this.parseExpressionOrDeclaration('normal', true);
    const inToken = this.expectWith('in', 'CS1515');
    const valid =
      variable.kind === 'DeclarationExpression' ||
      (variable.kind === 'Name' && !variable.verbatim && variable.identifier === '_');
    if (!valid) {
      if (inToken) this.report('CS0230', inToken.start, inToken.end);
      else this.reportMissing('CS0230');
    }
    const expression = this.parseExpression();
    this.expect(')');
    const body = this.parseEmbeddedStatement();
    let type: TypeNode = { kind: 'Missing', start: variable.start, end: variable.start };
    let identifier = '';
    let nameStart = variable.start;
    if (variable.kind === 'DeclarationExpression') {
      type = variable.type;
      identifier = variable.designation.identifier;
      nameStart = variable.designation.start;
    } else if (variable.kind === 'Name' && valid) {
      identifier = '_';
    }
    return { kind: 'ForEach', type, identifier, nameStart, expression, body, ...this.span(start) };
  }

  // ------------------------------------------------------------------------- local declarations

  /** Roslyn's IsPossibleLocalDeclarationStatement. */
  private isPossibleLocalDeclarationStatement(): boolean {
    const kind = this.current.kind;
    if (
      kind === 'ref' ||
      kind === 'const' ||
      kind === 'static' ||
      kind === 'readonly' ||
      kind === 'volatile' ||
      (isPredefinedTypeKeyword(kind) && this.peek(1).kind !== '.' && this.peek(1).kind !== '(')
    ) {
      return true;
    }
    if (kind === 'unsafe' || kind === 'extern' || accessibilityModifiers.has(kind) || kind === '[')
      return true;
    if (this.isContextual('async') && this.isAsyncLocalFunctionModifier()) return true;
    return this.isPossibleFirstTypedIdentifier();
  }

  private isAsyncLocalFunctionModifier(): boolean {
    return this.lookAhead(() => {
      this.eat();
      return (
        isLocalModifierKind(this.current.kind) || (this.scanType() !== 'NotType' && this.at('Identifier'))
      );
    });
  }

  private isPossibleFirstTypedIdentifier(): boolean {
    const typed = this.isPossibleTypedIdentifierStart(this.current, this.peek(1));
    if (typed !== undefined) return typed;
    // `X.` at the end of a line followed by `Y z`: only a declaration if `z` is followed by what a
    // declarator allows, else the member access is incomplete and the next line a new statement.
    if (this.at('Identifier')) {
      const dot = this.peek(1);
      const afterDot = this.peek(2);
      if (
        dot.kind === '.' &&
        afterDot.newLineBefore &&
        afterDot.kind === 'Identifier' &&
        this.peek(3).kind === 'Identifier'
      ) {
        const fourth = this.peek(4).kind;
        if (fourth !== ';' && fourth !== '=' && fourth !== ',' && fourth !== '(' && fourth !== '<')
          return false;
      }
    }
    return this.lookAhead(() => {
      const flags = this.scanType();
      if (flags === 'MustBeType' && !this.at('.') && !this.at('(')) return true;
      if (flags === 'NotType' || !this.at('Identifier')) return false;
      return true;
    });
  }

  /** Roslyn's IsPossibleTypedIdentifierStart: true, false, or undefined when a scan must decide. */
  private isPossibleTypedIdentifierStart(current: Token, next: Token): boolean | undefined {
    if (current.kind !== 'Identifier') return undefined;
    switch (next.kind) {
      case '.':
      case '*':
      case '?':
      case '[':
      case '<':
      case '::':
        return undefined;
      case '(':
        return this.isContextual('var', current) ? undefined : false;
      case 'Identifier':
        return true;
      default:
        return false;
    }
  }

  /** A local declaration statement, a local function (unsupported), or undefined to back out. */
  private parseLocalDeclarationStatement(): Statement | undefined {
    const start = this.current.start;
    const modifiers: Token[] = [];
    while (
      isLocalModifierKind(this.current.kind) ||
      (this.isContextual('async') && this.isAsyncLocalFunctionModifier())
    ) {
      const modifier = this.eat();
      if (modifier.kind === 'readonly' || modifier.kind === 'volatile') {
        this.report('CS0106', modifier.start, modifier.end, modifier.kind);
      } else if (
        modifiers.some((previous) => previous.kind === modifier.kind && previous.value === modifier.value)
      ) {
        this.report('CS1031', modifier.start, modifier.end);
      }
      modifiers.push(modifier);
    }
    if (this.at('ref')) {
      this.skipBalancedUntil((kind) => kind === ';');
      this.expect(';');
      return this.unsupported('ref local', start, this.lastEnd);
    }
    // An accessibility modifier means a forgotten `}` to Roslyn unless a local function follows; decided
    // before parsing the declaration, which would be thrown away (and nested ones parsed twice each).
    if (
      modifiers.some((modifier) => accessibilityModifiers.has(modifier.kind)) &&
      !this.isLocalFunctionAhead()
    ) {
      return undefined;
    }
    const isConst = modifiers.some((modifier) => modifier.kind === 'const');
    const type = this.parseReturnType();
    const result = this.withTerminator(Terminator.DeclarationClause, () =>
      this.parseVariableDeclarators(type, isConst, true, start),
    );
    if ('localFunction' in result) return result.localFunction;
    for (const modifier of modifiers) {
      if (
        modifier.kind === 'static' ||
        modifier.kind === 'unsafe' ||
        modifier.kind === 'extern' ||
        modifier.kind === 'Identifier'
      ) {
        this.report('CS0106', modifier.start, modifier.end, modifier.value);
      }
    }
    if (type.kind === 'PredefinedType' && type.keyword === 'void')
      this.report('CS1547', type.start, type.end);
    this.expect(';');
    return { kind: 'LocalDeclaration', isConst, type, declarators: result.declarators, ...this.span(start) };
  }

  /** A return type, a name, then `(` or `<`: a local function. */
  private isLocalFunctionAhead(): boolean {
    return this.lookAhead(() => {
      if (this.at('void')) this.eat();
      else if (this.scanType() === 'NotType') return false;
      if (!this.tryEat('Identifier')) return false;
      return this.at('(') || this.at('<');
    });
  }

  /** A type where `void` is allowed (a local function's return type). */
  private parseReturnType(): TypeNode {
    if (this.at('void') && this.peek(1).kind !== '*') {
      const token = this.eat();
      return { kind: 'PredefinedType', keyword: 'void', ...this.tokenSpan(token) };
    }
    return this.parseType();
  }

  /** A declaration without its `;`: in `for (...)`, `fixed (...)` and `using (...)`. */
  protected parseVariableDeclaration(): LocalDeclaration {
    const start = this.current.start;
    const type = this.parseType();
    const result = this.withTerminator(Terminator.DeclarationClause, () =>
      this.parseVariableDeclarators(type, false, false, start),
    );
    const declarators = 'localFunction' in result ? [] : result.declarators;
    return { kind: 'LocalDeclaration', isConst: false, type, declarators, ...this.span(start) };
  }

  private parseVariableDeclarators(
    type: TypeNode,
    isConst: boolean,
    allowLocalFunctions: boolean,
    statementStart: number,
  ): { declarators: VariableDeclarator[] } | { localFunction: Unsupported } {
    const first = this.parseVariableDeclarator(type, isConst, true, allowLocalFunctions, statementStart);
    if ('localFunction' in first) return first;
    const declarators = [first];
    for (;;) {
      if (this.at(';')) break;
      if (this.at(',')) {
        this.eat();
        const next = this.parseVariableDeclarator(type, isConst, false, false, statementStart);
        if (!('localFunction' in next)) declarators.push(next);
        continue;
      }
      if (
        this.skipBadTokens(
          () => !this.at(','),
          () => this.at(';'),
          ',',
        ) === 'abort'
      )
        break;
    }
    return { declarators };
  }

  private parseVariableDeclarator(
    type: TypeNode,
    isConst: boolean,
    isFirst: boolean,
    allowLocalFunctions: boolean,
    statementStart: number,
  ): VariableDeclarator | { localFunction: Unsupported } {
    if (this.isDeclaratorOnNextStatement(type)) {
      const [start, end] = this.missingSpan();
      this.report('CS1001', start, end);
      const at = this.clamp(start);
      return { kind: 'VariableDeclarator', identifier: '', nameStart: at, start: at, end: at };
    }
    const nameToken = this.current;
    const name = this.parseIdentifierToken();
    const start = name ? name.start : this.missingNode().start;
    if (!isFirst && this.at('Identifier')) {
      if (name) this.report('CS1044', name.start, name.end);
      else this.reportMissing('CS1044');
    }
    let initializer: Expression | undefined;
    switch (this.current.kind) {
      case '=':
        this.eat();
        initializer = this.parseVariableInitializer();
        break;
      case '<':
      case '(':
        if (allowLocalFunctions && isFirst) return { localFunction: this.skipLocalFunction(statementStart) };
        if (this.at('(')) {
          const listStart = this.current.start;
          this.parseArgumentList('[', ']');
          this.report('CS1528', listStart, this.lastEnd);
        }
        break;
      case '[': {
        const rank = this.parseArrayRank();
        for (const size of rank.sizes) {
          if (size.kind !== 'OmittedSize' && size.kind !== 'Missing') this.reportOn('CS0270', size);
        }
        this.reportOn('CS0650', rank);
        if (this.at('=')) {
          this.eat();
          initializer = this.parseVariableInitializer();
        }
        break;
      }
      default:
        if (isConst) {
          if (name) this.report('CS0145', name.start, name.end);
          else this.reportMissing('CS0145');
        }
        break;
    }
    return {
      kind: 'VariableDeclarator',
      identifier: name ? name.value : '',
      nameStart: this.clamp(name ? name.start : nameToken.start),
      ...(initializer ? { initializer } : {}),
      ...this.span(start),
    };
  }

  /**
   * `C` at the end of a line, then `Console.WriteLine();`: the identifier after the line break belongs
   * to the next statement, and the declarator's name is missing (Roslyn's check in ParseVariableDeclarator).
   */
  private isDeclaratorOnNextStatement(type: TypeNode): boolean {
    if (!this.at('Identifier') || type.kind === 'Missing' || !this.current.newLineBefore) return false;
    return this.lookAhead(() => {
      this.eat();
      const kind = this.current.kind;
      const nonEqualsBinary = kind !== '=' && isBinaryOperatorKind(kind);
      if (kind !== '.' && kind !== '(' && kind !== '->' && !nonEqualsBinary) return false;
      if (kind === '(' || kind === '<') return !this.isLocalFunctionAfterIdentifier();
      return true;
    });
  }

  private isLocalFunctionAfterIdentifier(): boolean {
    return this.lookAhead(() => {
      if (this.at('<')) this.skipAngleBrackets();
      if (!this.at('(')) return false;
      this.eat();
      this.skipBalancedUntil((kind) => kind === ')');
      if (!this.tryEat(')')) return false;
      return this.at('{') || this.at('=>') || this.isContextual('where');
    });
  }

  private skipAngleBrackets(): void {
    let depth = 0;
    while (!this.at('EndOfFile') && !this.at(';') && !this.at('{')) {
      if (this.at('<')) depth++;
      if (this.at('>')) depth--;
      this.eat();
      if (depth === 0) return;
    }
  }

  /** A local function: its signature and body are skipped; it is outside the subset. */
  protected skipLocalFunction(start: number): Unsupported {
    if (this.at('<')) this.skipAngleBrackets();
    if (this.at('(')) {
      this.eat();
      this.skipBalancedUntil((kind) => kind === ')');
      this.expect(')');
    }
    if (this.isContextual('where'))
      this.skipBalancedUntil((kind) => kind === '{' || kind === '=>' || kind === ';');
    if (this.at('{')) {
      this.parseBlock();
    } else if (this.at('=>')) {
      this.eat();
      this.parseExpression();
      this.expect(';');
    } else {
      this.expect(';');
    }
    return this.unsupported('local function', start, this.lastEnd);
  }
}
