/**
 * Finding the end and the holes of an interpolated string (`$"..."`, `$@"..."`, `@$"..."`), following
 * Roslyn's InterpolatedStringScanner: holes may contain strings, comments, nested interpolated strings
 * and bracketed text, so the scan balances all of them. Only the first error is kept, as in Roslyn,
 * and after it a `"` ends the string so a mismatched delimiter cannot run away with the rest.
 *
 * Errors inside nested literals are not reported here: the parser lexes each hole again and reports them
 * there, once.
 */
import type { DiagnosticId } from '../diagnostics.js';
import { decodeEscape, isNewLineCode } from './characters.js';
import type { InterpolatedStringInfo, InterpolationHole } from './tokens.js';

export interface ScanError {
  readonly id: DiagnosticId;
  readonly start: number;
  readonly end: number;
  readonly args: string[];
}

export interface InterpolatedScan {
  readonly end: number;
  readonly info: InterpolatedStringInfo;
  readonly error?: ScanError;
}

export function scanInterpolatedString(
  text: string,
  start: number,
  end: number,
  maxDepth: number,
): InterpolatedScan {
  const scanner = new Scanner(text, end, maxDepth);
  return scanner.scanTop(start, true);
}

class Scanner {
  pos = 0;
  error: ScanError | undefined;
  private depth = 0;

  constructor(
    private readonly text: string,
    private readonly end: number,
    private readonly maxDepth: number,
  ) {}

  private setError(id: DiagnosticId, start: number, length: number, ...args: string[]): void {
    this.error ??= { id, start, end: start + length, args };
  }

  private code(offset: number): number {
    return offset < this.end ? this.text.charCodeAt(offset) : -1;
  }

  private atEnd(allowNewLine: boolean): boolean {
    return this.pos >= this.end || (!allowNewLine && isNewLineCode(this.text.charCodeAt(this.pos)));
  }

  /** Scans one whole interpolated string starting at `start` (its `$` or `@`). */
  scanTop(start: number, recordHoles: boolean): InterpolatedScan {
    const verbatim = this.text[start] === '@' || this.text[start + 1] === '@';
    this.pos = start + (verbatim ? 3 : 2);
    const contentStart = this.pos;
    const holes: InterpolationHole[] = [];
    this.scanContents(verbatim, recordHoles ? holes : undefined);
    const contentEnd = this.pos;
    if (this.code(this.pos) === 0x22) {
      this.pos++;
    } else {
      const position = this.atEnd(true) ? this.pos - 1 : this.pos;
      this.setError(verbatim ? 'CS1039' : 'CS1010', position, 1);
    }
    return {
      end: this.pos,
      info: { verbatim, contentStart, contentEnd, holes },
      ...(this.error ? { error: this.error } : {}),
    };
  }

  private scanContents(verbatim: boolean, holes: InterpolationHole[] | undefined): void {
    for (;;) {
      if (this.atEnd(verbatim)) return;
      const ch = this.text[this.pos];
      if (ch === '"') {
        if (this.error) return;
        if (verbatim && this.code(this.pos + 1) === 0x22) {
          this.pos += 2;
          continue;
        }
        return;
      }
      if (ch === '}') {
        this.pos++;
        if (this.code(this.pos) === 0x7d) this.pos++;
        else this.setError('CS8086', this.pos - 1, 1, '}');
        continue;
      }
      if (ch === '{') {
        if (this.code(this.pos + 1) === 0x7b) {
          this.pos += 2;
          continue;
        }
        const openBrace = this.pos;
        this.pos++;
        const colon = this.scanBalanced('}', true, verbatim);
        const closeBrace = this.pos;
        const closed = this.code(this.pos) === 0x7d;
        if (closed) this.pos++;
        else this.setError('CS8076', openBrace - 1, 2);
        holes?.push({ openBrace, colon, closeBrace, closed });
        continue;
      }
      if (ch === '\\' && !verbatim) {
        const escapeStart = this.pos;
        const escape = decodeEscape(this.text, this.pos, this.end);
        this.pos = escape.end;
        if (escape.value === '{' || escape.value === '}') {
          this.setError('CS8087', escapeStart, escape.end - escapeStart, escape.value);
        }
        continue;
      }
      this.pos++;
    }
  }

  /**
   * Scans hole text up to `closer`, leaving the position on it (or at the end). In a hole, the first
   * `:` outside brackets starts the format specifier; its offset is returned (-1 without one).
   */
  private scanBalanced(closer: string, isHole: boolean, verbatim: boolean): number {
    if (++this.depth > this.maxDepth) {
      this.setError('CS8078', this.pos, 0);
      this.pos = this.end;
      this.depth--;
      return -1;
    }
    try {
      for (;;) {
        if (this.atEnd(true)) return -1;
        const ch = this.text[this.pos];
        switch (ch) {
          case '#':
            this.setError('CS1003', this.pos, 1, closer);
            this.pos++;
            continue;
          case '$':
            if (this.tryNestedInterpolated()) continue;
            this.pos++;
            continue;
          case ':':
            if (isHole) {
              const colon = this.pos;
              this.scanFormat(verbatim);
              return colon;
            }
            this.pos++;
            continue;
          case '}':
          case ')':
          case ']':
            if (ch === closer) return -1;
            this.setError('CS1003', this.pos, 1, closer);
            this.pos++;
            continue;
          case '"':
            if (this.error) return -1;
            this.skipQuoted(0x22);
            continue;
          case "'":
            this.skipQuoted(0x27);
            continue;
          case '@':
            if (this.code(this.pos + 1) === 0x22) {
              this.skipVerbatim();
              continue;
            }
            if (this.tryNestedInterpolated()) continue;
            this.pos++;
            continue;
          case '/':
            if (this.code(this.pos + 1) === 0x2f) {
              while (this.pos < this.end && !isNewLineCode(this.text.charCodeAt(this.pos))) this.pos++;
            } else if (this.code(this.pos + 1) === 0x2a) {
              const close = this.text.indexOf('*/', this.pos + 2);
              this.pos = close < 0 || close + 2 > this.end ? this.end : close + 2;
            } else {
              this.pos++;
            }
            continue;
          case '{':
            this.scanBracketed('}', verbatim);
            continue;
          case '(':
            this.scanBracketed(')', verbatim);
            continue;
          case '[':
            this.scanBracketed(']', verbatim);
            continue;
          default:
            this.pos++;
        }
      }
    } finally {
      this.depth--;
    }
  }

  private scanBracketed(closer: string, verbatim: boolean): void {
    this.pos++;
    this.scanBalanced(closer, false, verbatim);
    if (this.text[this.pos] === closer && this.pos < this.end) this.pos++;
  }

  private scanFormat(verbatim: boolean): void {
    this.pos++;
    for (;;) {
      const ch = this.text[this.pos];
      if (this.atEnd(verbatim)) return;
      if (ch === '\\' && !verbatim) {
        const at = this.pos;
        const escape = decodeEscape(this.text, this.pos, this.end);
        this.pos = escape.end;
        if (escape.value === '{' || escape.value === '}') this.setError('CS8087', at, 1, escape.value);
      } else if (ch === '"') {
        if (verbatim && this.code(this.pos + 1) === 0x22) this.pos += 2;
        else return;
      } else if (ch === '{') {
        this.setError('CS1056', this.pos, 1, '{');
        this.pos++;
      } else if (ch === '}') {
        return;
      } else {
        this.pos++;
      }
    }
  }

  /** A nested `$"`, `$@"` or `@$"` string inside a hole: scanned whole, its own errors left to the parser. */
  private tryNestedInterpolated(): boolean {
    const a = this.text[this.pos];
    const b = this.text[this.pos + 1];
    const c = this.text[this.pos + 2];
    const starts =
      (a === '$' && b === '"') ||
      (a === '$' && b === '@' && c === '"') ||
      (a === '@' && b === '$' && c === '"');
    if (!starts || this.pos + 1 >= this.end) return false;
    if (++this.depth > this.maxDepth) {
      this.setError('CS8078', this.pos, 0);
      this.pos = this.end;
      this.depth--;
      return true;
    }
    const nested = new Scanner(this.text, this.end, this.maxDepth - this.depth);
    this.pos = nested.scanTop(this.pos, false).end;
    this.depth--;
    return true;
  }

  /** A regular string or character literal inside a hole, ending at its quote or at a line break. */
  private skipQuoted(quote: number): void {
    this.pos++;
    for (;;) {
      if (this.pos >= this.end || isNewLineCode(this.text.charCodeAt(this.pos))) return;
      const code = this.text.charCodeAt(this.pos);
      if (code === quote) {
        this.pos++;
        return;
      }
      this.pos = code === 0x5c ? decodeEscape(this.text, this.pos, this.end).end : this.pos + 1;
    }
  }

  private skipVerbatim(): void {
    this.pos += 2;
    for (;;) {
      if (this.pos >= this.end) return;
      if (this.text.charCodeAt(this.pos) === 0x22) {
        if (this.code(this.pos + 1) === 0x22) {
          this.pos += 2;
          continue;
        }
        this.pos++;
        return;
      }
      this.pos++;
    }
  }
}
