/**
 * Statements outside the fragment subset (try, switch, goto, using): parsed only as far as needed to
 * skip them exactly as Roslyn would read them, then reported as SVCUNSUPPORTED with the construct named.
 */
import type { LocalDeclaration, Statement, Unsupported } from './ast.js';
import { Terminator } from './parser-core.js';
import { PatternParser } from './parse-patterns.js';
import { Precedence } from './syntax-facts.js';

export abstract class UnsupportedStatementParser extends PatternParser {
  protected abstract parseStatement(): Statement | undefined;
  protected abstract parseStatementList(stopOnSwitchSections?: boolean): Statement[];
  protected abstract parseEmbeddedStatement(): Statement;
  protected abstract parseVariableDeclaration(): LocalDeclaration;

  protected skipTryStatement(): Unsupported {
    const start = this.current.start;
    if (this.at('try')) {
      this.eat();
      this.withTerminator(Terminator.CatchClause, () => this.parseBlock());
    } else {
      this.expect('try');
    }
    let handlers = 0;
    while (this.at('catch')) {
      handlers++;
      this.eat();
      this.withTerminator(Terminator.CatchClause, () => {
        if (this.at('(')) {
          this.eat();
          this.parseType();
          if (this.at('Identifier')) this.eat();
          this.expect(')');
        }
        if (this.isContextual('when') || this.at('if')) {
          this.eat();
          this.expect('(');
          this.parseExpression();
          this.expect(')');
        }
      });
      this.parseBlock();
    }
    if (this.at('finally')) {
      handlers++;
      this.eat();
      this.parseBlock();
    }
    if (handlers === 0) this.reportMissing('CS1524');
    return this.unsupported('try statement', start, this.lastEnd);
  }

  protected skipSwitchStatement(): Unsupported {
    const start = this.eat().start;
    this.parseExpression();
    this.expect('{');
    while (this.isPossibleSwitchSection()) {
      do {
        if (this.at('case')) {
          this.eat();
          if (!this.at(':')) this.parsePattern(Precedence.Conditional, false, true);
          if (this.isContextual('when')) {
            this.eat();
            this.parseExpression();
          }
        } else {
          this.eat();
        }
        this.expect(':');
      } while (this.isPossibleSwitchSection());
      this.parseStatementList(true);
    }
    this.expect('}');
    return this.unsupported('switch statement', start, this.lastEnd);
  }

  protected skipGoto(): Unsupported {
    const start = this.eat().start;
    if (this.at('case')) {
      this.eat();
      this.parseExpression();
    } else if (this.at('default')) {
      this.eat();
    } else {
      this.parseIdentifierToken();
    }
    this.expect(';');
    return this.unsupported('goto statement', start, this.lastEnd);
  }

  protected skipUsing(start: number): Unsupported {
    this.eat();
    if (this.at('(')) {
      this.eat();
      const isDeclaration = this.lookAhead(() => this.scanType() !== 'NotType' && this.at('Identifier'));
      if (isDeclaration) this.parseVariableDeclaration();
      else this.parseExpression();
      this.expect(')');
      this.parseEmbeddedStatement();
      return this.unsupported('using statement', start, this.lastEnd);
    }
    this.parseVariableDeclaration();
    this.expect(';');
    return this.unsupported('using declaration', start, this.lastEnd);
  }
}
