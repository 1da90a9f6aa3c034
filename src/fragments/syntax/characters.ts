/**
 * Character classes of the C# lexical grammar (ECMA-334 §6.4) and escape-sequence decoding, shared by the
 * lexer and by the parser's reading of interpolated-string text parts.
 */

const identifierStart = /[\p{L}\p{Nl}_]/u;
const identifierPart = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\p{Cf}]/u;
const spaceSeparator = /\p{Zs}/u;
const nonPrintable = /[\p{C}\p{Zl}\p{Zp}]/u;

export function isIdentifierStartChar(ch: string): boolean {
  return identifierStart.test(ch);
}

export function isIdentifierPartChar(ch: string): boolean {
  return identifierPart.test(ch);
}

/** Roslyn's SyntaxFacts.IsNewLine. */
export function isNewLineCode(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x85 || code === 0x2028 || code === 0x2029;
}

/** Roslyn's SyntaxFacts.IsWhitespace. */
export function isWhitespaceCode(code: number): boolean {
  return (
    code === 0x20 ||
    code === 0x09 ||
    code === 0x0b ||
    code === 0x0c ||
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x1a ||
    (code > 0xff && spaceSeparator.test(String.fromCharCode(code)))
  );
}

export function isDecimalDigitCode(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function isHexDigitCode(code: number): boolean {
  return isDecimalDigitCode(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}

export function isBinaryDigitCode(code: number): boolean {
  return code === 0x30 || code === 0x31;
}

/** The code point at `index` as a one- or two-unit string (a lone surrogate stays one unit). */
export function codePointAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

/** How C# displays a character in a message: printable as itself, anything else as `\uXXXX`. */
export function displayCharacter(ch: string): string {
  if (!nonPrintable.test(ch)) return ch;
  let shown = '';
  for (let i = 0; i < ch.length; i++)
    shown += '\\u' + ch.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return shown;
}

export interface DecodedEscape {
  /** The decoded text: one or two UTF-16 units. */
  readonly value: string;
  /** Offset just after the escape. */
  readonly end: number;
  /** False when CS1009 (unrecognized escape sequence) applies to `[start, end)`. */
  readonly valid: boolean;
}

const simpleEscapes: Readonly<Record<string, string>> = {
  "'": "'",
  '"': '"',
  '\\': '\\',
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

function hexRun(text: string, from: number, limit: number, max: number): number {
  let end = from;
  while (end < limit && end - from < max && isHexDigitCode(text.charCodeAt(end))) end++;
  return end;
}

/**
 * Decodes the escape sequence starting with the backslash at `start` (C# §6.4.5.5 and Roslyn's
 * ScanEscapeSequence): simple escapes, `\xH..HHHH`, `\uHHHH` and `\UHHHHHHHH`.
 */
export function decodeEscape(text: string, start: number, limit: number): DecodedEscape {
  const letter = start + 1 < limit ? text[start + 1] : '';
  const simple = simpleEscapes[letter];
  if (simple !== undefined) return { value: simple, end: start + 2, valid: true };
  if (letter === 'x') {
    const end = hexRun(text, start + 2, limit, 4);
    if (end === start + 2) return { value: '', end, valid: false };
    return { value: String.fromCharCode(parseInt(text.slice(start + 2, end), 16)), end, valid: true };
  }
  if (letter === 'u') {
    const end = hexRun(text, start + 2, limit, 4);
    if (end - (start + 2) !== 4) return { value: '', end, valid: false };
    return { value: String.fromCharCode(parseInt(text.slice(start + 2, end), 16)), end, valid: true };
  }
  if (letter === 'U') {
    const end = hexRun(text, start + 2, limit, 8);
    const codePoint = end - (start + 2) === 8 ? parseInt(text.slice(start + 2, end), 16) : -1;
    if (codePoint < 0 || codePoint > 0x10ffff) return { value: '', end, valid: false };
    return { value: String.fromCodePoint(codePoint), end, valid: true };
  }
  // An unknown escape: Roslyn consumes the backslash and the next UTF-16 unit, whatever it is (a line
  // break included), and keeps that unit as the value.
  const end = Math.min(limit, start + 2);
  return { value: text.slice(start + 1, end), end, valid: false };
}
