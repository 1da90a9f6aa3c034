import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FragmentException } from '../../../src/fragments/runtime/index.js';
import { StringComparison as SC } from '../../../src/fragments/runtime/culture.js';
import { StringSplitOptions, str } from '../../../src/fragments/runtime/strings.js';
import { char } from '../../../src/fragments/runtime/chars.js';

const throwsDotNet = (fn: () => unknown, name: string, message?: string) =>
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof FragmentException, `expected a ${name}, got ${String(error)}`);
    assert.equal(error.name, name);
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });

const c = (text: string) => text.charCodeAt(0);

describe('string members: access and null receivers', () => {
  it('reads Length and chars as code units; a null receiver is a NullReferenceException', () => {
    assert.equal(str.Length('héllo'), 5);
    assert.equal(str.charAt('abc', 1), c('b'));
    throwsDotNet(
      () => str.charAt('abc', 3),
      'IndexOutOfRangeException',
      'Index was outside the bounds of the array.',
    );
    throwsDotNet(() => str.Length(null), 'NullReferenceException');
    throwsDotNet(() => str.Contains(null, 'a'), 'NullReferenceException');
    throwsDotNet(
      () => str.Contains('a', null),
      'ArgumentNullException',
      "Value cannot be null. (Parameter 'value')",
    );
  });
});

describe('string comparison', () => {
  it('compares equality ordinally by default', () => {
    assert.equal(str.Equals('a', 'A'), false);
    assert.equal(str.EqualsWith('a', 'A', SC.OrdinalIgnoreCase), true);
    assert.equal(str.equalsStatic(null, null), true);
    assert.equal(str.equalsStatic('a', null), false);
    assert.equal(
      str.equalsStatic('straße', 'STRASSE', SC.OrdinalIgnoreCase),
      false,
      'simple case mapping only',
    );
    assert.equal(str.equalsStatic('Ab', 'aB', SC.InvariantCultureIgnoreCase), true);
  });

  it('orders with the invariant culture by default and ordinally on request', () => {
    assert.equal(str.compare('a', 'B'), -1, 'culture: a before B');
    assert.ok(str.compare('a', 'B', SC.Ordinal) > 0, 'ordinal: B (66) before a (97)');
    assert.equal(str.compare('a', 'A'), -1, 'lower case first');
    assert.equal(str.compare('a', 'A', SC.CurrentCultureIgnoreCase), 0);
    assert.equal(str.compareIgnoreCase('a', 'A', true), 0);
    assert.equal(str.compare(null, 'a'), -1);
    assert.equal(str.CompareTo('b', null), 1);
    assert.equal(str.compareOrdinal('abc', 'ab'), 1);
    throwsDotNet(() => str.compare('a', 'b', 9), 'ArgumentException');
  });

  it('StartsWith/EndsWith/IndexOf of a string are culture-sensitive unless told otherwise', () => {
    assert.equal(str.StartsWith('Hello', 'He'), true);
    assert.equal(str.StartsWith('Hello', 'he'), false);
    assert.equal(str.StartsWith('Hello', 'he', SC.OrdinalIgnoreCase), true);
    assert.equal(str.StartsWith('\u00adHello', 'Hello'), true, 'a soft hyphen is ignorable');
    assert.equal(str.StartsWith('\u00adHello', 'Hello', SC.Ordinal), false);
    assert.equal(str.StartsWith('e\u0301tude', 'é'), true, 'canonically equivalent');
    assert.equal(str.StartsWith('étude', 'e'), false, 'e is not é');
    assert.equal(str.EndsWith('café', 'e\u0301'), true);
    assert.equal(str.IndexOf('résumé', 'sum'), 2);
    assert.equal(str.IndexOf('résumé', 'e'), -1, 'a match may not split a character');
    assert.equal(str.IndexOf('abc', ''), 0);
    assert.equal(str.IndexOf('Straße', 'SS', 0, undefined, SC.OrdinalIgnoreCase), -1);
    assert.equal(str.IndexOf('abcabc', 'c', 3), 5);
    assert.equal(str.IndexOf('abcABC', 'b', 0, undefined, SC.InvariantCultureIgnoreCase), 1);
    throwsDotNet(() => str.IndexOf('abc', 'a', 4), 'ArgumentOutOfRangeException');
    assert.equal(str.LastIndexOf('abcabc', 'bc'), 4);
    assert.equal(str.LastIndexOf('abc', ''), 3);
  });

  it('Contains, Replace and the char overloads are ordinal', () => {
    assert.equal(str.Contains('Hello', 'ell'), true);
    assert.equal(str.Contains('Hello', 'ELL'), false);
    assert.equal(str.ContainsWith('Hello', 'ELL', SC.OrdinalIgnoreCase), true);
    assert.equal(str.ContainsChar('Hello', c('o')), true);
    assert.equal(str.IndexOfChar('Hello', c('l')), 2);
    assert.equal(str.IndexOfChar('Hello', c('l'), 3), 3);
    assert.equal(str.LastIndexOfChar('Hello', c('l')), 3);
    assert.equal(str.StartsWithChar('', c('a')), false);
    assert.equal(str.Replace('a-b-c', '-', '+'), 'a+b+c');
    assert.equal(str.Replace('a$b', '$', '$&'), 'a$&b', 'replacement is literal');
    assert.equal(str.Replace('abc', 'b', null), 'ac');
    throwsDotNet(
      () => str.Replace('abc', '', 'x'),
      'ArgumentException',
      "String cannot be of zero length. (Parameter 'oldValue')",
    );
    assert.equal(str.ReplaceChar('banana', c('a'), c('o')), 'bonono');
    assert.equal(str.ReplaceWith('aXbxc', 'x', '-', SC.OrdinalIgnoreCase), 'a-b-c');
    assert.equal(str.ReplaceWith('e\u0301 é', 'é', 'E', SC.InvariantCulture), 'E E');
    assert.equal(str.LastIndexOfChar('abcabc', c('b'), 3), 1);
    assert.equal(str.LastIndexOf('abcabc', 'bc', 3, SC.Ordinal), 1);
    assert.equal(str.joinMapped(', ', [1, 2], String), '1, 2');
  });
});

describe('string members that make strings', () => {
  it('Substring checks its arguments as .NET does', () => {
    assert.equal(str.Substring('hello', 1), 'ello');
    assert.equal(str.Substring('hello', 1, 3), 'ell');
    assert.equal(str.Substring('hello', 5), '');
    throwsDotNet(
      () => str.Substring('hello', 6),
      'ArgumentOutOfRangeException',
      "startIndex cannot be larger than length of string. (Parameter 'startIndex')",
    );
    throwsDotNet(() => str.Substring('hello', -1), 'ArgumentOutOfRangeException');
    throwsDotNet(
      () => str.Substring('hello', 2, 4),
      'ArgumentOutOfRangeException',
      "Index and length must refer to a location within the string. (Parameter 'length')",
    );
  });

  it('trims .NET white space, or the given chars', () => {
    assert.equal(str.Trim('\u0085 a b\u00a0\t'), 'a b');
    assert.equal(str.Trim('\ufeffa'), '\ufeffa', 'U+FEFF is not white space in .NET');
    assert.equal(str.Trim('xxaxx', [c('x')]), 'a');
    assert.equal(str.TrimStart('  a  '), 'a  ');
    assert.equal(str.TrimEnd('a.,', [c('.'), c(',')]), 'a');
  });

  it('changes case character by character (invariant simple mapping)', () => {
    assert.equal(str.ToUpper('straße'), 'STRAßE');
    assert.equal(str.ToLower('İ'), 'i');
    assert.equal(str.ToLower('ΟΔΟΣ'), 'οδοσ', 'no final sigma');
    assert.equal(str.ToUpper('abc'), 'ABC');
    assert.equal(str.ToUpper('𐐨'), '𐐀', 'supplementary letters map too');
    // Ordinal ignore-case compares supplementary letters as whole pairs (a fast-check counterexample).
    assert.equal(str.equalsStatic('a𞤢', 'A𞤀', SC.OrdinalIgnoreCase), true);
    assert.equal(str.equalsStatic('𞤢', '𞤁', SC.OrdinalIgnoreCase), false);
  });

  it('splits by chars, strings and white space, with options and a count', () => {
    assert.deepEqual(str.SplitChars('a,b,,c', [c(',')]), ['a', 'b', '', 'c']);
    assert.deepEqual(str.SplitChars('a,b,,c', [c(',')], undefined, StringSplitOptions.RemoveEmptyEntries), [
      'a',
      'b',
      'c',
    ]);
    assert.deepEqual(str.SplitChars('a b\tc', null), ['a', 'b', 'c']);
    assert.deepEqual(str.SplitChars('a, b ,c', [c(',')], undefined, StringSplitOptions.TrimEntries), [
      'a',
      'b',
      'c',
    ]);
    assert.deepEqual(str.SplitChars('a,b,c,d', [c(',')], 2), ['a', 'b,c,d']);
    assert.deepEqual(str.SplitString('a--b--c', '--'), ['a', 'b', 'c']);
    assert.deepEqual(str.SplitString('abc', ''), ['abc']);
    assert.deepEqual(str.SplitString('', null, undefined, StringSplitOptions.RemoveEmptyEntries), []);
    assert.deepEqual(str.SplitStrings('a1b22c', ['1', '22']), ['a', 'b', 'c']);
    assert.deepEqual(str.SplitChars('', [c(',')]), ['']);
    throwsDotNet(() => str.SplitChars('a', [c(',')], -1), 'ArgumentOutOfRangeException');
  });

  it('IsNullOrEmpty, IsNullOrWhiteSpace, Join, Concat, Pad, Insert, Remove', () => {
    assert.equal(str.IsNullOrEmpty(null), true);
    assert.equal(str.IsNullOrEmpty(''), true);
    assert.equal(str.IsNullOrEmpty(' '), false);
    assert.equal(str.IsNullOrWhiteSpace(' \u3000\n'), true);
    assert.equal(str.IsNullOrWhiteSpace('a'), false);
    assert.equal(str.join(', ', ['a', null, 'c']), 'a, , c');
    assert.equal(str.joinChar(c('|'), ['a', 'b']), 'a|b');
    assert.equal(str.concat('a', null, 'b'), 'ab');
    assert.equal(str.PadLeft('7', 3, c('0')), '007');
    assert.equal(str.PadRight('ab', 4), 'ab  ');
    assert.equal(str.Insert('ac', 1, 'b'), 'abc');
    assert.equal(str.Remove('abcdef', 2), 'ab');
    assert.equal(str.Remove('abcdef', 1, 2), 'adef');
    assert.deepEqual(str.ToCharArray('ab'), [97, 98]);
  });
});

describe('string properties', () => {
  it('changes case without changing length, and ordinal search is JavaScript search (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'binary', maxLength: 3 }),
        (text, part) => {
          assert.equal(str.ToUpper(text).length, text.length);
          assert.equal(str.ToLower(text).length, text.length);
          assert.equal(str.IndexOf(text, part, 0, undefined, SC.Ordinal), text.indexOf(part));
          assert.equal(str.StartsWith(text, part, SC.Ordinal), text.startsWith(part));
          assert.equal(str.equalsStatic(text, str.ToUpper(text), SC.OrdinalIgnoreCase), true);
        },
      ),
    );
  });

  it('culture matching of printable ASCII is ordinal matching (property)', () => {
    const ascii = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    });
    fc.assert(
      fc.property(ascii, ascii, (text, part) => {
        assert.equal(str.IndexOf(text, part), text.indexOf(part));
        assert.equal(str.EndsWith(text, part), text.endsWith(part));
      }),
    );
  });
});

describe('char members', () => {
  it('classifies and maps chars as .NET does', () => {
    assert.equal(char.IsDigit(c('7')), true);
    assert.equal(char.IsDigit(c('٣')), true, 'Arabic-Indic digit');
    assert.equal(char.IsLetter(c('é')), true);
    assert.equal(char.IsWhiteSpace(0x2028), true);
    assert.equal(char.IsUpper(c('É')), true);
    assert.equal(char.IsPunctuation(c('!')), true);
    assert.equal(char.ToUpper(c('ß')), c('ß'));
    assert.equal(char.ToString(0x41), 'A');
    assert.equal(char.GetNumericValue(c('٣')), 3);
    assert.equal(char.GetNumericValue(c('x')), -1);
  });
});
