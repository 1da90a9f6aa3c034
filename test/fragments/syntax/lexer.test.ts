import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lex } from '../../../src/fragments/syntax/lexer.js';
import { punctuators, type Token } from '../../../src/fragments/syntax/tokens.js';

/** The tokens of `text` without the end-of-file token. */
function tokens(text: string): Token[] {
  return lex(text).tokens.slice(0, -1);
}

function single(text: string): Token {
  const all = tokens(text);
  assert.equal(
    all.length,
    1,
    `${JSON.stringify(text)} should be one token, got ${all.map((t) => t.kind).join(' ')}`,
  );
  return all[0];
}

/** Diagnostics as `ID start-end`, offsets into the text. */
function diagnostics(text: string): string[] {
  return lex(text).diagnostics.map((d) => `${d.id} ${d.start}-${d.end}`);
}

describe('lexer: identifiers and keywords', () => {
  it('reads identifiers with letters, digits, underscores and Unicode letters', () => {
    for (const name of ['v', '_x', 'age2', 'Straße', 'ÉtéLabel', 'x_y_z']) {
      const token = single(name);
      assert.equal(token.kind, 'Identifier', name);
      assert.equal(token.value, name);
    }
  });

  it('reads reserved words as keyword tokens', () => {
    for (const word of ['return', 'int', 'string', 'new', 'is', 'as', 'typeof', 'default', 'null', 'true']) {
      assert.equal(single(word).kind, word);
    }
  });

  it('keeps contextual keywords as identifiers, for the parser to recognise by text', () => {
    for (const word of ['var', 'when', 'not', 'and', 'or', 'async', 'await', 'nameof', 'from', 'with', '_']) {
      const token = single(word);
      assert.equal(token.kind, 'Identifier', word);
      assert.equal(token.verbatim, false);
    }
  });

  it('reads a verbatim identifier without its @, even for a keyword', () => {
    const token = single('@class');
    assert.equal(token.kind, 'Identifier');
    assert.equal(token.value, 'class');
    assert.equal(token.verbatim, true);
    assert.deepEqual([token.start, token.end], [0, 6]);
  });

  it('decodes Unicode escapes in identifiers, which then are never keywords', () => {
    const token = single('\\u0069nt');
    assert.equal(token.kind, 'Identifier');
    assert.equal(token.value, 'int');
  });
});

describe('lexer: numeric literals', () => {
  const cases: [text: string, value: string, type: string, radix: number][] = [
    ['0', '0', 'int', 10],
    ['42', '42', 'int', 10],
    ['1_000_000', '1000000', 'int', 10],
    ['2147483647', '2147483647', 'int', 10],
    ['2147483648', '2147483648', 'uint', 10],
    ['4294967296', '4294967296', 'long', 10],
    ['9223372036854775808', '9223372036854775808', 'ulong', 10],
    ['7u', '7', 'uint', 10],
    ['7U', '7', 'uint', 10],
    ['4294967296u', '4294967296', 'ulong', 10],
    ['7L', '7', 'long', 10],
    ['9223372036854775808L', '9223372036854775808', 'ulong', 10],
    ['7UL', '7', 'ulong', 10],
    ['7ul', '7', 'ulong', 10],
    ['7uL', '7', 'ulong', 10],
    ['7LU', '7', 'ulong', 10],
    ['7Lu', '7', 'ulong', 10],
    ['0x1F', '1F', 'int', 16],
    ['0X_ff', 'ff', 'int', 16],
    ['0xFFFFFFFF', 'FFFFFFFF', 'uint', 16],
    ['0xFFL', 'FF', 'long', 16],
    ['0x10u', '10', 'uint', 16],
    ['0b1010', '1010', 'int', 2],
    ['0B_1_0', '10', 'int', 2],
    ['0b1UL', '1', 'ulong', 2],
    ['1.5', '1.5', 'double', 10],
    ['.5', '.5', 'double', 10],
    ['1e3', '1e3', 'double', 10],
    ['1E-3', '1E-3', 'double', 10],
    ['1.5e+3', '1.5e+3', 'double', 10],
    ['2d', '2', 'double', 10],
    ['2.5D', '2.5', 'double', 10],
    ['1.5f', '1.5', 'float', 10],
    ['3F', '3', 'float', 10],
    ['1e10f', '1e10', 'float', 10],
    ['1.25m', '1.25', 'decimal', 10],
    ['3M', '3', 'decimal', 10],
    ['1_0.0_1', '10.01', 'double', 10],
  ];
  for (const [text, value, type, radix] of cases) {
    it(`reads ${text} as ${type} ${value}`, () => {
      const token = single(text);
      assert.equal(token.kind, 'NumericLiteral');
      assert.equal(token.value, value);
      assert.deepEqual(token.numeric, { type, radix });
      assert.deepEqual([token.start, token.end], [0, text.length]);
      assert.deepEqual(diagnostics(text), []);
    });
  }

  it('stops an integer before a dot that is not followed by a digit (member access, ranges)', () => {
    assert.deepEqual(
      tokens('1.ToString()').map((t) => t.kind),
      ['NumericLiteral', '.', 'Identifier', '(', ')'],
    );
    assert.deepEqual(
      tokens('1..2').map((t) => t.kind),
      ['NumericLiteral', '..', 'NumericLiteral'],
    );
  });

  it('warns about a lowercase l suffix at the l (CS0078)', () => {
    assert.deepEqual(diagnostics('42l'), ['CS0078 2-3']);
    assert.deepEqual(diagnostics('42lu'), ['CS0078 2-3']);
    assert.equal(single('42l').numeric?.type, 'long');
  });

  it('reports a prefix without digits as an invalid number, zero-width at the literal (CS1013)', () => {
    assert.deepEqual(diagnostics('0x'), ['CS1013 0-0']);
    assert.deepEqual(diagnostics('0b'), ['CS1013 0-0']);
  });

  it('reports a misplaced digit separator over the whole literal (CS1013)', () => {
    assert.deepEqual(diagnostics('1_'), ['CS1013 0-2']);
    assert.deepEqual(diagnostics('1e_5'), ['CS1013 0-4']);
  });

  it('reports an exponent without digits as an invalid real (CS0595)', () => {
    assert.deepEqual(diagnostics('1e'), ['CS0595 0-0']);
    assert.deepEqual(diagnostics('1e+f'), ['CS0595 0-0']);
  });

  it('reports an integer beyond 64 bits, zero-width at the literal (CS1021)', () => {
    assert.deepEqual(diagnostics('18446744073709551615'), []);
    assert.deepEqual(diagnostics('18446744073709551616'), ['CS1021 0-0']);
    assert.deepEqual(diagnostics('0x1_0000_0000_0000_0000'), ['CS1021 0-0']);
  });

  it('reports reals outside their type (CS0594), decimal over the literal', () => {
    const messages = (text: string) =>
      lex(text).diagnostics.map((d) => `${d.id} ${d.start}-${d.end} ${d.message}`);
    assert.deepEqual(messages('1e400'), [
      "CS0594 0-0 Floating-point constant is outside the range of type 'double'",
    ]);
    assert.deepEqual(messages('1e39f'), [
      "CS0594 0-0 Floating-point constant is outside the range of type 'float'",
    ]);
    assert.deepEqual(messages('1e29m'), [
      "CS0594 0-5 Floating-point constant is outside the range of type 'decimal'",
    ]);
    assert.deepEqual(messages('79228162514264337593543950335m'), []);
  });
});

describe('lexer: character literals', () => {
  const cases: [text: string, value: string][] = [
    ["'a'", 'a'],
    ["'\\n'", '\n'],
    ["'\\t'", '\t'],
    ["'\\''", "'"],
    ["'\\\"'", '"'],
    ["'\"'", '"'],
    ["'\\\\'", '\\'],
    ["'\\0'", '\0'],
    ["'\\a'", '\x07'],
    ["'\\u0041'", 'A'],
    ["'\\x41'", 'A'],
    ["'\\x0041'", 'A'],
    ["'\\U00000041'", 'A'],
  ];
  for (const [text, value] of cases) {
    it(`reads ${text}`, () => {
      const token = single(text);
      assert.equal(token.kind, 'CharLiteral');
      assert.equal(token.value, value);
      assert.deepEqual(diagnostics(text), []);
    });
  }

  it('reports an empty literal (CS1011) and too many characters (CS1012), zero-width at the quote', () => {
    assert.deepEqual(diagnostics("''"), ['CS1011 0-0']);
    assert.deepEqual(diagnostics("'ab'"), ['CS1012 0-0']);
    assert.deepEqual(diagnostics("'\\U0001F600'"), ['CS1012 0-0']);
  });

  it('reports a literal cut by a line break (CS1010) and ends it before the break', () => {
    const result = lex("'a\nb");
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.id} ${d.start}-${d.end}`),
      ['CS1010 0-0'],
    );
    assert.deepEqual([result.tokens[0].start, result.tokens[0].end], [0, 2]);
  });

  it('reports an unknown escape over the escape (CS1009)', () => {
    assert.deepEqual(diagnostics("'\\q'"), ['CS1009 1-3']);
  });
});

describe('lexer: string literals', () => {
  it('decodes every simple escape and the hexadecimal and Unicode forms', () => {
    const token = single(String.raw`"t\tq\"s\\n\0a\ab\bf\fn\nr\rv\vu\u00e9x\x41U\U0001F600"`);
    assert.equal(token.kind, 'StringLiteral');
    assert.equal(token.value, 't\tq"s\\n\0a\x07b\bf\fn\nr\rv\vuéxAU😀');
  });

  it('reads a \\x escape greedily, up to four hex digits, as C# does', () => {
    assert.equal(single(String.raw`"\x41BC"`).value, '\u41bc');
    assert.equal(single(String.raw`"\x41 "`).value, 'A ');
  });

  it('reads verbatim strings with doubled quotes, backslashes and line breaks as written', () => {
    const token = single('@"C:\\data\\""x""\nline"');
    assert.equal(token.kind, 'StringLiteral');
    assert.equal(token.verbatim, true);
    assert.equal(token.value, 'C:\\data\\"x"\nline');
  });

  it('reports a string cut by a line break (CS1010) zero-width at its quote', () => {
    const result = lex('"abc\n;');
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.id} ${d.start}-${d.end}`),
      ['CS1010 0-0'],
    );
    assert.equal(result.tokens[0].end, 4);
    assert.equal(result.tokens[1].kind, ';');
    assert.equal(result.tokens[1].newLineBefore, true);
  });

  it('reports an unterminated verbatim string (CS1039) at its start, running to the end', () => {
    const result = lex('@"abc\ndef');
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.id} ${d.start}-${d.end}`),
      ['CS1039 0-0'],
    );
    assert.equal(result.tokens[0].end, 9);
  });

  it('reports an unknown escape over the escape (CS1009) and keeps reading', () => {
    assert.deepEqual(diagnostics(String.raw`"a\qb"`), ['CS1009 2-4']);
    assert.deepEqual(diagnostics(String.raw`"\u12"`), ['CS1009 1-5']);
    assert.deepEqual(diagnostics(String.raw`"\x"`), ['CS1009 1-3']);
  });

  it('reports raw and UTF-8 string literals as outside the subset', () => {
    assert.deepEqual(
      lex('"""raw"""').diagnostics.map((d) => d.message),
      ["'raw string literal' is not supported in fragments"],
    );
    assert.deepEqual(
      lex('"abc"u8').diagnostics.map((d) => d.message),
      ["'UTF-8 string literal' is not supported in fragments"],
    );
  });
});

describe('lexer: interpolated strings', () => {
  it('reads one token with its holes, format colons and closing braces', () => {
    const text = '$"a{x}b{y:F2}c"';
    const token = single(text);
    assert.equal(token.kind, 'InterpolatedString');
    assert.deepEqual(token.interpolation, {
      verbatim: false,
      contentStart: 2,
      contentEnd: 14,
      holes: [
        { openBrace: 3, colon: -1, closeBrace: 5, closed: true },
        { openBrace: 7, colon: 9, closeBrace: 12, closed: true },
      ],
    });
  });

  it('skips doubled braces, which are text', () => {
    assert.deepEqual(single('$"{{literal}} {x}"').interpolation?.holes.length, 1);
  });

  it('reads $@ and @$ verbatim forms, with line breaks and doubled quotes', () => {
    for (const text of ['$@"a\n""{x}"""', '@$"a\n""{x}"""']) {
      const token = single(text);
      assert.equal(token.interpolation?.verbatim, true, text);
      assert.equal(token.interpolation?.holes.length, 1, text);
    }
  });

  it('balances strings, characters, brackets, comments and nested interpolations inside holes', () => {
    for (const text of [
      '$"{(a ? "}" : "{")}"',
      '$"{c == \'}\'}"',
      '$"{new[] { 1, 2 }[0]}"',
      '$"{x /* } */}"',
      '$"{$"inner {y}"}"',
      '$"{@"a""}"}"',
      '$"{f(a, (b))}"',
    ]) {
      const token = single(text);
      assert.equal(token.end, text.length, text);
      assert.equal(token.interpolation?.holes.length, 1, text);
      assert.deepEqual(diagnostics(text), [], text);
    }
  });

  it('reports a lone } in text (CS8086) at the brace', () => {
    assert.deepEqual(diagnostics('$"a}b"'), ['CS8086 3-4']);
  });

  it('reports an unclosed hole (CS8076) over the brace and the character before it', () => {
    assert.deepEqual(diagnostics('$"a{x"'), ['CS8076 2-4']);
  });

  it('reports a regular interpolated string cut by a line break (CS1010) at the break', () => {
    assert.deepEqual(diagnostics('$"abc\n'), ['CS1010 5-6']);
  });

  it('reports an unterminated verbatim interpolated string (CS1039) at its last character', () => {
    assert.deepEqual(diagnostics('$@"abc'), ['CS1039 5-6']);
  });
});

describe('lexer: operators, punctuation and trivia', () => {
  it('reads every punctuator as one token', () => {
    for (const punctuator of punctuators) assert.equal(single(punctuator).kind, punctuator, punctuator);
  });

  it('matches the longest operator first', () => {
    assert.deepEqual(
      tokens('a??=b?.c??d=>e<<=f->g::h').map((t) => t.kind),
      [
        'Identifier',
        '??=',
        'Identifier',
        '?',
        '.',
        'Identifier',
        '??',
        'Identifier',
        '=>',
        'Identifier',
        '<<=',
        'Identifier',
        '->',
        'Identifier',
        '::',
        'Identifier',
      ],
    );
  });

  it('leaves >> and >>= as separate tokens, for generic argument lists', () => {
    assert.deepEqual(
      tokens('a >> b >>= c').map((t) => t.kind),
      ['Identifier', '>', '>', 'Identifier', '>', '>=', 'Identifier'],
    );
  });

  it('skips comments and whitespace, recording line breaks outside comments', () => {
    const all = tokens('a // note\n/* x\ny */ b /* z */ c\r\n\td');
    assert.deepEqual(
      all.map((t) => [t.value, t.newLineBefore]),
      [
        ['a', false],
        ['b', true],
        ['c', false],
        ['d', true],
      ],
    );
  });

  it('does not count a line break inside a block comment', () => {
    const all = tokens('a /* x\ny */ b');
    assert.equal(all[1].newLineBefore, false);
  });

  it('reports an unterminated block comment zero-width at its start (CS1035)', () => {
    assert.deepEqual(diagnostics('a /* never closed'), ['CS1035 2-2']);
  });

  it('reports a character outside the grammar zero-width (CS1056) and makes it a Bad token', () => {
    const result = lex('a ¤ b');
    assert.equal(result.tokens[1].kind, 'Bad');
    assert.deepEqual([result.tokens[1].start, result.tokens[1].end], [2, 3]);
    assert.deepEqual(
      result.diagnostics.map((d) => `${d.id} ${d.start}-${d.end} ${d.message}`),
      ["CS1056 2-2 Unexpected character '¤'"],
    );
  });

  it('shows an invisible character as a \\u escape in CS1056', () => {
    assert.deepEqual(
      lex('a \u0001 b').diagnostics.map((d) => d.message),
      ["Unexpected character '\\u0001'"],
    );
  });

  it('reports preprocessor directives as outside the subset, and mid-line ones as misplaced (CS1040)', () => {
    assert.deepEqual(
      lex('#region x\na', { allowDirectives: true, startsAfterNewLine: true }).diagnostics.map(
        (d) => `${d.id} ${d.start}-${d.end}`,
      ),
      ['SVCUNSUPPORTED 0-9'],
    );
    assert.deepEqual(
      lex('a #if X\nb', { allowDirectives: true }).diagnostics.map((d) => `${d.id} ${d.start}-${d.end}`),
      ['CS1040 2-3', 'SVCUNSUPPORTED 2-7'],
    );
  });

  it('lexes a sub-range with absolute offsets, ending in an end-of-file token at its end', () => {
    const result = lex('xx a + b yy', { start: 3, end: 8 });
    assert.deepEqual(
      result.tokens.map((t) => `${t.kind}@${t.start}`),
      ['Identifier@3', '+@5', 'Identifier@7', 'EndOfFile@8'],
    );
  });

  it('attaches lexical diagnostics to their token, leading trivia first', () => {
    const result = lex("/* x\n'ab'");
    assert.deepEqual(
      result.tokens.map((t) => t.diagnostics?.map((d) => d.id)),
      [['CS1035']],
    );
    const chars = lex("'ab' x");
    assert.deepEqual(
      chars.tokens[0].diagnostics?.map((d) => d.id),
      ['CS1012'],
    );
    assert.equal(chars.tokens[0].hasError, true);
    assert.equal(chars.tokens[1].hasError, false);
  });
});
