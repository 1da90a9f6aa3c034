/**
 * The parser's entry point: fragment text to statements and diagnostics.
 *
 * A fragment is the body of `<DelegateType> Create(TraversalContext context)`. The ancestor compiled it
 * inside a generated class, on its own lines: a line break and three closing braces (method, class,
 * namespace) follow it. Those braces matter to what Roslyn reports: an unclosed block in the fragment
 * takes the method's brace, an unterminated verbatim string or comment swallows all three, and a
 * diagnostic that lands on them was clamped to the fragment's end. So the parser reads the fragment
 * followed by that same trailer, and clamps every position to the fragment.
 */
import { createDiagnostic, type Diagnostic } from '../diagnostics.js';
import { maxFragmentChars } from '../limits.js';
import type { Statement } from './ast.js';
import { lex } from './lexer.js';
import { NestingLimitExceeded, Terminator } from './parser-core.js';
import { StatementParser } from './parse-statements.js';
import type { Token } from './tokens.js';

export interface ParseResult {
  readonly statements: readonly Statement[];
  /**
   * Lexical and syntax diagnostics in Roslyn's order: the syntax tree's, which is source order except
   * that a diagnostic clamped to the fragment's end stays where its token is.
   */
  readonly diagnostics: readonly Diagnostic[];
}

/** What follows the fragment in the ancestor's generated source: the method's, class's and namespace's `}`. */
const wrapperTrailer = '\n}\n}\n}\n';

/** How many of the trailer's braces a well-formed fragment leaves for the wrapper. */
const wrapperClosingBraces = 3;

/** The method's `{`, ending the line before the fragment. */
const methodOpenBrace: Token = {
  kind: '{',
  start: 0,
  end: 0,
  value: '{',
  newLineBefore: false,
  hasError: false,
  verbatim: false,
};

/**
 * Parses a fragment. Never throws: every input yields statements (possibly none) and diagnostics; a
 * fragment over the size limit yields only SVCLIMIT, without being read.
 */
export function parseFragment(text: string): ParseResult {
  if (text.length > maxFragmentChars) {
    return { statements: [], diagnostics: [createDiagnostic('SVCLIMIT', 0, 0, text.length)] };
  }
  const source = text + wrapperTrailer;
  const lexed = lex(source, { startsAfterNewLine: true, allowDirectives: true });
  const parser = new FragmentParser(source, lexed.tokens, text.length);
  try {
    const statements = parser.parseFragmentBody();
    return { statements, diagnostics: parser.collectedDiagnostics() };
  } catch (error) {
    if (!(error instanceof NestingLimitExceeded)) throw error;
    // As Roslyn's stack guard: the whole fragment is abandoned with one diagnostic.
    const at = Math.min(error.position, text.length);
    return { statements: [], diagnostics: [createDiagnostic('CS8078', at, at)] };
  }
}

class FragmentParser extends StatementParser {
  constructor(source: string, tokens: readonly Token[], limit: number) {
    super(source, tokens, limit, methodOpenBrace);
  }

  collectedDiagnostics(): readonly Diagnostic[] {
    return this.diagnostics;
  }

  /** The method body, then the wrapper's closing braces as Roslyn would consume them. */
  parseFragmentBody(): Statement[] {
    this.termState = Terminator.Member;
    const statements = this.parseStatementList();
    for (;;) {
      if (this.at('EndOfFile')) break;
      if (this.at('}')) {
        if (this.current.start >= this.limit || this.onlyClosingBracesRemain()) break;
        // A stray `}` with more fragment after it. In the ancestor it closed the method and the rest
        // was read as class members; Skein reports it where it stands and reads on as statements.
        const stray = this.eat();
        this.report('CS1022', stray.start, stray.end);
      } else {
        // A class-member keyword (`public`, `class`, ...) ended the statement list: Roslyn took it for
        // the start of a member after a forgotten `}`. Report that, then read on as statements.
        this.expect('}');
        this.eat();
      }
      statements.push(...this.parseStatementList());
    }
    for (let brace = 0; brace < wrapperClosingBraces; brace++) this.expect('}');
    while (!this.at('EndOfFile')) {
      const extra = this.eat();
      this.report('CS1022', extra.start, extra.end);
    }
    this.reportLexical(this.current);
    return statements;
  }

  private onlyClosingBracesRemain(): boolean {
    for (let i = this.index; i < this.tokens.length; i++) {
      const kind = this.tokens[i].kind;
      if (kind === 'EndOfFile') return true;
      if (kind !== '}') return false;
    }
    return true;
  }
}
