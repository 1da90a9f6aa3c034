/**
 * The lexer: fragment text to tokens, with C#'s lexical grammar and Roslyn's lexical diagnostics.
 *
 * Trivia (whitespace, line breaks, comments) is not kept; each token records only whether a line break
 * preceded it, which is all the parser's missing-token diagnostics need. Lexical errors are positioned
 * as Roslyn positions them: most are zero-width at the token's start (CS1010, CS1011, CS1012, CS1021,
 * CS1056, CS0594, CS0595), a few cover a span (CS1009 the escape, CS1013 the number, CS0078 the `l`).
 *
 * An interpolated string is one token, as in Roslyn: the lexer finds its end and its holes; the parser
 * lexes and parses each hole's text on its own (`lex` over a sub-range).
 */
import { Decimal } from 'decimal.js';
import { createDiagnostic, type Diagnostic, type DiagnosticId } from '../diagnostics.js';
import { maxSyntaxNestingDepth } from '../limits.js';
import {
  codePointAt,
  decodeEscape,
  displayCharacter,
  isBinaryDigitCode,
  isDecimalDigitCode,
  isHexDigitCode,
  isIdentifierPartChar,
  isIdentifierStartChar,
  isNewLineCode,
  isWhitespaceCode,
} from './characters.js';
import { scanInterpolatedString } from './interpolated-scanner.js';
import {
  isReservedKeyword,
  punctuators,
  type InterpolatedStringInfo,
  type Punctuator,
  type NumericInfo,
  type NumericType,
  type Token,
  type TokenKind,
} from './tokens.js';

export interface LexOptions {
  /** Offset to start at; defaults to 0. */
  readonly start?: number;
  /** Offset to stop at; defaults to the text's length. */
  readonly end?: number;
  /**
   * The first token counts as following a line break. A fragment starts on the line after the `{` of
   * the method the ancestor wrapped it in, and Roslyn positions some diagnostics by that line break.
   */
  readonly startsAfterNewLine?: boolean;
  /** Report preprocessor directives (a hole of an interpolated string cannot contain one). */
  readonly allowDirectives?: boolean;
}

export interface LexResult {
  /** The tokens, ending with one `EndOfFile` token at the end offset. */
  readonly tokens: Token[];
  readonly diagnostics: Diagnostic[];
}

const UINT32_MAX = 0xffff_ffffn;
const INT32_MAX = 0x7fff_ffffn;
const INT64_MAX = 0x7fff_ffff_ffff_ffffn;
const UINT64_MAX = 0xffff_ffff_ffff_ffffn;
/** Half a unit above System.Decimal's largest magnitude (2^96 - 1): the smallest literal that cannot round into range. */
const DECIMAL_OVERFLOW = '79228162514264337593543950335.5';

/** Digits of each radix that always fit a double's 53-bit mantissa exactly. */
const maxExactDigits: Readonly<Record<2 | 10 | 16, number>> = { 2: 53, 10: 15, 16: 13 };

/** Punctuators by the code of their first character, longest first (no punctuator starts with `@` or a letter). */
const punctuatorsByFirstCode: (Punctuator[] | undefined)[] = [];
for (const punctuator of punctuators) {
  const code = punctuator.charCodeAt(0);
  (punctuatorsByFirstCode[code] ??= []).push(punctuator);
}

export function lex(text: string, options: LexOptions = {}): LexResult {
  return new Lexer(text, options).run();
}

class Lexer {
  private pos: number;
  private readonly end: number;
  private readonly tokens: Token[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private newLineBefore: boolean;
  private atLineStart: boolean;
  /** Diagnostics since the previous token: on the trivia before the next token, then on the token. */
  private pending: Diagnostic[] = [];

  constructor(
    private readonly text: string,
    private readonly options: LexOptions,
  ) {
    this.pos = options.start ?? 0;
    this.end = Math.min(options.end ?? text.length, text.length);
    this.newLineBefore = options.startsAfterNewLine ?? false;
    this.atLineStart = options.startsAfterNewLine ?? false;
  }

  run(): LexResult {
    for (;;) {
      this.skipTrivia();
      if (this.pos >= this.end) {
        this.tokens.push(this.makeToken('EndOfFile', this.end, this.end, ''));
        return { tokens: this.tokens, diagnostics: this.diagnostics };
      }
      this.tokens.push(this.scanToken());
      this.newLineBefore = false;
      this.atLineStart = false;
    }
  }

  private report(id: DiagnosticId, start: number, end: number, ...args: (string | number)[]): void {
    const diagnostic = createDiagnostic(id, start, end, ...args);
    this.diagnostics.push(diagnostic);
    this.pending.push(diagnostic);
  }

  /**
   * A diagnostic on trivia. Trivia on the line of the previous token is that token's trailing trivia in
   * Roslyn, so its diagnostic travels with that token; trivia after a line break leads the next token.
   */
  private reportTrivia(id: DiagnosticId, start: number, end: number, ...args: (string | number)[]): void {
    const previous = this.tokens.length > 0 ? this.tokens[this.tokens.length - 1] : undefined;
    if (!previous || this.newLineBefore) {
      this.report(id, start, end, ...args);
      return;
    }
    const diagnostic = createDiagnostic(id, start, end, ...args);
    this.diagnostics.push(diagnostic);
    this.tokens[this.tokens.length - 1] = {
      ...previous,
      hasError: true,
      diagnostics: [...(previous.diagnostics ?? []), diagnostic],
    };
  }

  private code(offset: number): number {
    return offset < this.end ? this.text.charCodeAt(offset) : -1;
  }

  private makeToken(
    kind: TokenKind,
    start: number,
    end: number,
    value: string,
    verbatim = false,
    numeric?: NumericInfo,
    interpolation?: InterpolatedStringInfo,
  ): Token {
    // One object shape for every token keeps property reads monomorphic in the parser.
    const diagnostics = this.pending.length > 0 ? this.pending : undefined;
    if (diagnostics) this.pending = [];
    return {
      kind,
      start,
      end,
      value,
      newLineBefore: this.newLineBefore,
      hasError: diagnostics !== undefined,
      verbatim,
      diagnostics,
      numeric,
      interpolation,
    };
  }

  private skipTrivia(): void {
    while (this.pos < this.end) {
      const code = this.text.charCodeAt(this.pos);
      if (isWhitespaceCode(code)) {
        this.pos++;
      } else if (isNewLineCode(code)) {
        this.pos += code === 0x0d && this.code(this.pos + 1) === 0x0a ? 2 : 1;
        this.newLineBefore = true;
        this.atLineStart = true;
      } else if (code === 0x2f /* / */ && this.code(this.pos + 1) === 0x2f) {
        while (this.pos < this.end && !isNewLineCode(this.text.charCodeAt(this.pos))) this.pos++;
        this.atLineStart = false;
      } else if (code === 0x2f && this.code(this.pos + 1) === 0x2a /* * */) {
        this.skipBlockComment();
      } else if (code === 0x23 /* # */ && this.options.allowDirectives) {
        this.skipDirective();
      } else {
        return;
      }
    }
  }

  private skipBlockComment(): void {
    const start = this.pos;
    const close = this.text.indexOf('*/', start + 2);
    if (close < 0 || close + 2 > this.end) {
      // Roslyn reports an unterminated comment zero-width at its start, on the comment trivia.
      this.reportTrivia('CS1035', start, start);
      this.pos = this.end;
    } else {
      this.pos = close + 2;
    }
    this.atLineStart = false;
  }

  /** A directive runs to the end of its line; Skein supports none, and C# wants it first on its line. */
  private skipDirective(): void {
    const start = this.pos;
    if (!this.atLineStart) this.reportTrivia('CS1040', start, start + 1);
    while (this.pos < this.end && !isNewLineCode(this.text.charCodeAt(this.pos))) this.pos++;
    this.reportTrivia('SVCUNSUPPORTED', start, this.pos, 'preprocessor directive');
  }

  private scanToken(): Token {
    const start = this.pos;
    const code = this.text.charCodeAt(start);
    const next = this.code(start + 1);
    if (code === 0x22 /* " */) return this.scanStringOrRaw(start);
    if (code === 0x27 /* ' */) return this.scanCharLiteral(start);
    if (code === 0x40 /* @ */) {
      if (next === 0x22) return this.scanVerbatimString(start);
      if (next === 0x24 /* $ */ && this.code(start + 2) === 0x22) return this.scanInterpolated(start);
    }
    if (code === 0x24 /* $ */) {
      if (next === 0x22 && this.code(start + 2) === 0x22 && this.code(start + 3) === 0x22) {
        return this.scanRawString(start, 1);
      }
      if (next === 0x22 || (next === 0x40 && this.code(start + 2) === 0x22))
        return this.scanInterpolated(start);
      if (next === 0x24) {
        let dollars = 1;
        while (this.code(start + dollars) === 0x24) dollars++;
        if (this.code(start + dollars) === 0x22) return this.scanRawString(start, dollars);
      }
    }
    if (isDecimalDigitCode(code) || (code === 0x2e /* . */ && isDecimalDigitCode(next))) {
      return this.scanNumber(start);
    }
    const candidates = code < 0x80 ? punctuatorsByFirstCode[code] : undefined;
    if (candidates) {
      for (let i = 0; i < candidates.length; i++) {
        const candidate = candidates[i];
        if (start + candidate.length <= this.end && this.text.startsWith(candidate, start)) {
          this.pos = start + candidate.length;
          return this.makeToken(candidate, start, this.pos, candidate);
        }
      }
    }
    const identifier = this.tryScanIdentifier(start);
    if (identifier) return identifier;
    const ch = codePointAt(this.text, start);
    this.pos = start + ch.length;
    this.report('CS1056', start, start, displayCharacter(ch));
    return this.makeToken('Bad', start, this.pos, ch);
  }

  /** Reads one identifier character, plain or as a `\u`/`\U` escape; undefined when there is none. */
  private readIdentifierChar(offset: number, first: boolean): { ch: string; end: number } | undefined {
    if (offset >= this.end) return undefined;
    if (this.text.charCodeAt(offset) === 0x5c /* \ */) {
      const letter = this.text[offset + 1];
      if (letter !== 'u' && letter !== 'U') return undefined;
      const escape = decodeEscape(this.text, offset, this.end);
      if (!escape.valid) return undefined;
      const ok = first ? isIdentifierStartChar(escape.value) : isIdentifierPartChar(escape.value);
      return ok ? { ch: escape.value, end: escape.end } : undefined;
    }
    const code = this.text.charCodeAt(offset);
    if (code < 0x80) {
      // ASCII fast path: letters, `_`, and digits after the first character.
      const letter = (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
      const ok = letter || (!first && isDecimalDigitCode(code));
      return ok ? { ch: this.text[offset], end: offset + 1 } : undefined;
    }
    const ch = codePointAt(this.text, offset);
    const ok = first ? isIdentifierStartChar(ch) : isIdentifierPartChar(ch);
    return ok ? { ch, end: offset + ch.length } : undefined;
  }

  private tryScanIdentifier(start: number): Token | undefined {
    const verbatim = this.text.charCodeAt(start) === 0x40;
    let offset = verbatim ? start + 1 : start;
    // Fast path for the common plain-ASCII name; anything else takes the general path below.
    let ascii = offset;
    while (ascii < this.end) {
      const code = this.text.charCodeAt(ascii);
      const letter = (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
      if (!letter && !(ascii > offset && isDecimalDigitCode(code))) break;
      ascii++;
    }
    const next = ascii < this.end ? this.text.charCodeAt(ascii) : 0;
    if (ascii > offset && next < 0x80 && next !== 0x5c) {
      const name = this.text.slice(offset, ascii);
      this.pos = ascii;
      const kind: TokenKind = !verbatim && isReservedKeyword(name) ? name : 'Identifier';
      return this.makeToken(kind, start, ascii, name, verbatim);
    }
    const first = this.readIdentifierChar(offset, true);
    if (!first) return undefined;
    let name = first.ch;
    let escaped = first.end - offset !== first.ch.length;
    offset = first.end;
    for (;;) {
      const part = this.readIdentifierChar(offset, false);
      if (!part) break;
      escaped ||= part.end - offset !== part.ch.length;
      name += part.ch;
      offset = part.end;
    }
    this.pos = offset;
    const kind: TokenKind = !verbatim && !escaped && isReservedKeyword(name) ? name : 'Identifier';
    return this.makeToken(kind, start, offset, name, verbatim);
  }

  private scanStringOrRaw(start: number): Token {
    if (this.code(start + 1) === 0x22 && this.code(start + 2) === 0x22) return this.scanRawString(start, 0);
    return this.scanQuoted(start, 0x22);
  }

  private scanCharLiteral(start: number): Token {
    return this.scanQuoted(start, 0x27);
  }

  /** A regular string or character literal (Roslyn's ScanStringLiteral). */
  private scanQuoted(start: number, quote: number): Token {
    let offset = start + 1;
    let value = '';
    for (;;) {
      if (offset >= this.end || isNewLineCode(this.text.charCodeAt(offset))) {
        this.report('CS1010', start, start);
        break;
      }
      const code = this.text.charCodeAt(offset);
      if (code === quote) {
        offset++;
        break;
      }
      if (code === 0x5c) {
        const escape = decodeEscape(this.text, offset, this.end);
        if (!escape.valid) this.report('CS1009', offset, escape.end);
        value += escape.value;
        offset = escape.end;
      } else {
        value += this.text[offset];
        offset++;
      }
    }
    this.pos = offset;
    if (quote === 0x27) {
      if (value.length !== 1) this.report(value.length === 0 ? 'CS1011' : 'CS1012', start, start);
      return this.makeToken('CharLiteral', start, offset, value.slice(0, 1));
    }
    if ((this.text[offset] === 'u' || this.text[offset] === 'U') && this.text[offset + 1] === '8') {
      this.pos = offset + 2;
      this.report('SVCUNSUPPORTED', start, this.pos, 'UTF-8 string literal');
      return this.makeToken('StringLiteral', start, this.pos, value);
    }
    return this.makeToken('StringLiteral', start, offset, value);
  }

  private scanVerbatimString(start: number): Token {
    let offset = start + 2;
    let value = '';
    for (;;) {
      if (offset >= this.end) {
        // Roslyn reports the missing end quote back at the starting point.
        this.report('CS1039', start, start);
        break;
      }
      const ch = this.text[offset];
      if (ch === '"') {
        if (this.text[offset + 1] === '"' && offset + 1 < this.end) {
          value += '"';
          offset += 2;
          continue;
        }
        offset++;
        break;
      }
      value += ch;
      offset++;
    }
    this.pos = offset;
    return this.makeToken('StringLiteral', start, offset, value, true);
  }

  /**
   * Raw string literals (`"""..."""`, `$"""..."""`, `$$"""..."""`) are C# 11 and outside the subset: the
   * lexer only finds their end, so that what follows still lexes, and reports them unsupported.
   */
  private scanRawString(start: number, dollars: number): Token {
    let offset = start + dollars;
    let quotes = 0;
    while (this.code(offset) === 0x22) {
      quotes++;
      offset++;
    }
    const contentStart = offset;
    const closing = '"'.repeat(quotes);
    const close = this.text.indexOf(closing, offset);
    offset = close < 0 || close + quotes > this.end ? this.end : close + quotes;
    while (offset < this.end && this.text.charCodeAt(offset) === 0x22) offset++;
    this.pos = offset;
    this.report('SVCUNSUPPORTED', start, offset, 'raw string literal');
    const value = this.text.slice(contentStart, Math.max(contentStart, offset - quotes));
    return this.makeToken('StringLiteral', start, offset, value);
  }

  private scanInterpolated(start: number): Token {
    const scan = scanInterpolatedString(this.text, start, this.end, maxSyntaxNestingDepth);
    if (scan.error) this.report(scan.error.id, scan.error.start, scan.error.end, ...scan.error.args);
    this.pos = scan.end;
    const text = this.text.slice(start, scan.end);
    return this.makeToken(
      'InterpolatedString',
      start,
      scan.end,
      text,
      scan.info.verbatim,
      undefined,
      scan.info,
    );
  }

  /**
   * Reads digits of one radix with `_` separators, as Roslyn's ScanNumericLiteralSingleInteger: a
   * separator may not end the run, nor start a decimal run.
   */
  private scanDigitRun(radix: 2 | 10 | 16, state: NumberState): void {
    const isDigit = radix === 16 ? isHexDigitCode : radix === 2 ? isBinaryDigitCode : isDecimalDigitCode;
    if (this.code(this.pos) === 0x5f /* _ */ && radix === 10) state.underscoreMisplaced = true;
    let lastWasUnderscore = false;
    for (;;) {
      const code = this.code(this.pos);
      if (code === 0x5f) {
        lastWasUnderscore = true;
      } else if (isDigit(code)) {
        state.digits += this.text[this.pos];
        lastWasUnderscore = false;
      } else {
        break;
      }
      this.pos++;
    }
    if (lastWasUnderscore) state.underscoreMisplaced = true;
  }

  /** Reads `U`, `L`, `UL` or `LU` in any case; returns which were present. */
  private scanIntegerSuffix(): { unsigned: boolean; long: boolean; lowercaseL: number } {
    let unsigned = false;
    let long = false;
    let lowercaseL = -1;
    const ch = this.text[this.pos];
    if (this.pos < this.end && (ch === 'L' || ch === 'l')) {
      if (ch === 'l') lowercaseL = this.pos;
      long = true;
      this.pos++;
      if (this.pos < this.end && (this.text[this.pos] === 'u' || this.text[this.pos] === 'U')) {
        unsigned = true;
        this.pos++;
      }
    } else if (this.pos < this.end && (ch === 'u' || ch === 'U')) {
      unsigned = true;
      this.pos++;
      if (this.pos < this.end && (this.text[this.pos] === 'l' || this.text[this.pos] === 'L')) {
        long = true;
        this.pos++;
      }
    }
    return { unsigned, long, lowercaseL };
  }

  /** Numeric literals, following Roslyn's ScanNumericLiteral rule for rule. */
  private scanNumber(start: number): Token {
    this.pos = start;
    const state: NumberState = { digits: '', underscoreMisplaced: false };
    let radix: 2 | 10 | 16 = 10;
    const prefix = this.text[start + 1];
    if (this.text[start] === '0' && (prefix === 'x' || prefix === 'X')) radix = 16;
    if (this.text[start] === '0' && (prefix === 'b' || prefix === 'B')) radix = 2;
    let realType: NumericType | undefined;
    let suffix = { unsigned: false, long: false, lowercaseL: -1 };
    let invalidReal = false;
    if (radix !== 10) {
      this.pos += 2;
      this.scanDigitRun(radix, state);
      suffix = this.scanIntegerSuffix();
    } else {
      this.scanDigitRun(10, state);
      let isReal = false;
      if (this.code(this.pos) === 0x2e && isDecimalDigitCode(this.code(this.pos + 1))) {
        isReal = true;
        state.digits += '.';
        this.pos++;
        this.scanDigitRun(10, state);
      }
      const e = this.text[this.pos];
      if (this.pos < this.end && (e === 'e' || e === 'E')) {
        isReal = true;
        state.digits += e;
        this.pos++;
        const sign = this.text[this.pos];
        if (this.pos < this.end && (sign === '+' || sign === '-')) {
          state.digits += sign;
          this.pos++;
        }
        const code = this.code(this.pos);
        if (isDecimalDigitCode(code) || code === 0x5f) {
          this.scanDigitRun(10, state);
        } else {
          invalidReal = true;
          state.digits += '0';
        }
      }
      const ch = this.pos < this.end ? this.text[this.pos] : '';
      if (ch === 'f' || ch === 'F') realType = 'float';
      else if (ch === 'd' || ch === 'D') realType = 'double';
      else if (ch === 'm' || ch === 'M') realType = 'decimal';
      else if (isReal) realType = 'double';
      if (realType !== undefined && ch !== '' && 'fFdDmM'.includes(ch)) this.pos++;
      else if (realType === undefined) suffix = this.scanIntegerSuffix();
    }
    const end = this.pos;
    if (invalidReal) this.report('CS0595', start, start);
    if (state.underscoreMisplaced) this.report('CS1013', start, end);
    if (suffix.lowercaseL >= 0) {
      this.report('CS0078', suffix.lowercaseL, suffix.lowercaseL + 1);
    }
    const type = realType ?? this.integerType(state, radix, suffix, start);
    if (realType !== undefined) this.checkRealRange(realType, state.digits, start, end);
    return this.makeToken('NumericLiteral', start, end, state.digits, false, { type, radix });
  }

  /** The type C# gives an integer literal: the first of its suffix's candidates that holds the value. */
  private integerType(
    state: NumberState,
    radix: 2 | 10 | 16,
    suffix: { unsigned: boolean; long: boolean },
    start: number,
  ): NumericType {
    let value = 0n;
    if (state.digits === '') {
      if (!state.underscoreMisplaced) this.report('CS1013', start, start);
    } else {
      const prefix = radix === 16 ? '0x' : radix === 2 ? '0b' : '';
      // Short literals fit a double exactly; BigInt is only needed near and beyond 64 bits.
      value =
        state.digits.length <= maxExactDigits[radix]
          ? BigInt(Number(prefix + state.digits))
          : BigInt(prefix + state.digits);
      if (value > UINT64_MAX) {
        this.report('CS1021', start, start);
        value = 0n;
      }
    }
    if (suffix.unsigned && suffix.long) return 'ulong';
    if (suffix.unsigned) return value <= UINT32_MAX ? 'uint' : 'ulong';
    if (suffix.long) return value <= INT64_MAX ? 'long' : 'ulong';
    if (value <= INT32_MAX) return 'int';
    if (value <= UINT32_MAX) return 'uint';
    return value <= INT64_MAX ? 'long' : 'ulong';
  }

  private checkRealRange(type: NumericType, digits: string, start: number, end: number): void {
    const value = Number(digits);
    if (type === 'double' && !Number.isFinite(value)) this.report('CS0594', start, start, 'double');
    if (type === 'float' && !Number.isFinite(Math.fround(value)))
      this.report('CS0594', start, start, 'float');
    if (type === 'decimal' && new Decimal(digits).abs().greaterThanOrEqualTo(DECIMAL_OVERFLOW)) {
      this.report('CS0594', start, end, 'decimal');
    }
  }
}

interface NumberState {
  digits: string;
  underscoreMisplaced: boolean;
}
