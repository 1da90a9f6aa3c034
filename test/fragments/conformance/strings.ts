/**
 * Strings as C# has them: ordinal `==` and Contains, culture-sensitive StartsWith/EndsWith/Compare (the
 * service's culture is the invariant one, ICU root), case mapping without length changes, concatenation
 * with null and non-strings, interpolation with alignment and formats, and number-to-text conversions.
 */
import { ALL_VERTICES, CITIES, PERSONS, type ConformanceCase } from './corpus.js';

export const strings: readonly ConformanceCase[] = [
  {
    name: 'string: ToUpper then ordinal equality',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.ToUpper() == "ALICE";',
    expect: { passes: ['alice'] },
  },
  {
    name: 'string: == is case-sensitive',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n == "alice";',
    expect: { passes: [] },
  },
  {
    name: 'string: Equals with OrdinalIgnoreCase',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string n, "name") && n.Equals("aLiCe", StringComparison.OrdinalIgnoreCase);',
    expect: { passes: ['alice'] },
  },
  {
    name: 'string: static Equals with CurrentCultureIgnoreCase',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string n, "name") && string.Equals(n, "BOB", StringComparison.CurrentCultureIgnoreCase);',
    expect: { passes: ['bob'] },
  },
  {
    name: 'string: lower-cased Contains',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.ToLowerInvariant().Contains("o");',
    expect: { passes: ['bob', 'carol', 'globex'] },
  },
  {
    name: 'string: ordinal Contains',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.Contains("an");',
    expect: { passes: ['frank'] },
  },
  {
    name: 'string: Contains(char)',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.Contains(\'x\');',
    expect: { passes: ['globex'] },
  },
  {
    name: 'string: IndexOf(char)',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.IndexOf(\'r\') == 2;',
    expect: { passes: ['carol', 'paris', 'berlin'] },
  },
  {
    name: 'string: LastIndexOf(char)',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.LastIndexOf(\'o\') == 16;',
    expect: { passes: ['globex'] },
  },
  {
    name: 'string: IndexOf ordinal past a precomposed letter',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string n, "name") && n.IndexOf("rin", StringComparison.Ordinal) == 1;',
    expect: { passes: ['erin'] },
  },
  {
    name: 'string: Substring',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.Substring(0, 2) == "Gl";',
    expect: { passes: ['globex'] },
  },
  {
    name: 'string: Split on a char',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.Split(\' \').Length == 2;',
    expect: { passes: ['globex'] },
  },
  {
    name: 'string: Split then LINQ Contains',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string t, "tags") && t.Split(\',\').Contains("green");',
    expect: { passes: ['carol'] },
  },
  {
    name: 'string: Split with RemoveEmptyEntries',
    kind: 'VertexFilter',
    fragment:
      'return v => "a,b,,c".Split(\',\', StringSplitOptions.RemoveEmptyEntries).Length == 3 && "a,b,,c".Split(\',\').Length == 4;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: Replace',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.Replace("a", "4") == "P4ris";',
    expect: { passes: ['paris'] },
  },
  {
    name: 'string: Trim of padded text',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string k, "nickname") && k.Trim() == "padded" && k.Length == 10;',
    expect: { passes: ['erin'] },
  },
  {
    name: 'string: PadLeft and PadRight',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string n, "name") && n.PadLeft(6, \'*\') == "*Alice" && n.PadRight(7) + "|" == "Alice  |";',
    expect: { passes: ['alice'] },
  },
  {
    name: 'string: EndsWith on a non-ASCII name',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.EndsWith("in");',
    expect: { passes: ['erin', 'berlin'] },
  },
  {
    name: 'string: culture StartsWith does not ignore accents',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.StartsWith("E");',
    expect: { passes: [] },
  },
  {
    name: 'string: StartsWith a precomposed letter',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.StartsWith("\\u00C9");',
    expect: { passes: ['erin'] },
  },
  {
    name: 'string: culture StartsWith matches a decomposed prefix',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.StartsWith("E\\u0301");',
    expect: { passes: ['erin'] },
    note: 'Culture matching (ICU) treats canonically equivalent text as equal: U+00C9 is E + U+0301.',
  },
  {
    name: 'string: ordinal StartsWith does not match a decomposed prefix',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string n, "name") && n.StartsWith("E\\u0301", StringComparison.Ordinal);',
    expect: { passes: [] },
  },
  {
    name: 'string: culture Compare sorts accented letters with their base',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && string.Compare(n, "M") < 0;',
    expect: { passes: ['alice', 'bob', 'carol', 'erin', 'frank', 'acme', 'globex', 'initech', 'berlin'] },
  },
  {
    name: 'string: CompareOrdinal sorts by code unit',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && string.CompareOrdinal(n, "M") < 0;',
    expect: { passes: ['alice', 'bob', 'carol', 'frank', 'acme', 'globex', 'initech', 'berlin'] },
  },
  {
    name: 'string: culture order puts lower case first, ordinal upper case first',
    kind: 'VertexFilter',
    fragment:
      'return v => "abc".CompareTo("ABC") < 0 && string.CompareOrdinal("abc", "ABC") > 0 && string.Compare("a", "B") < 0;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: OrderBy uses the culture comparer',
    kind: 'VertexFilter',
    fragment:
      'var letters = new[] { "b", "A", "a", "B" };\nreturn v => string.Join("", letters.OrderBy(s => s)) == "aAbB";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: email suffix after ToLower',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string e, "email") && e.ToLower().EndsWith("@example.com");',
    expect: { passes: ['alice', 'bob', 'erin'] },
  },
  {
    name: 'string: ToUpper keeps the length (sharp s)',
    kind: 'VertexFilter',
    fragment:
      'return v => "Stra\\u00DFe".ToUpper() == "STRA\\u00DFE" && "\\u00E9".ToUpperInvariant() == "\\u00C9";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: indexer',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n[0] == \'A\';',
    expect: { passes: ['alice', 'acme'] },
  },
  {
    name: 'string: chars counted with LINQ',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string n, "name") && n.ToCharArray().Count(c => c == \'o\') == 1;',
    expect: { passes: ['bob', 'carol'] },
  },
  {
    name: 'string: string is an IEnumerable<char>',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n.Count(c => char.IsUpper(c)) == 2;',
    expect: { passes: ['globex'] },
  },
  {
    name: 'string: Join of a Split',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out string n, "name") && string.Join("-", n.Split(\' \')) == "Globex-Corporation";',
    expect: { passes: ['globex'] },
  },
  {
    name: 'string: Concat',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && string.Concat(n, "!").Length == 4;',
    expect: { passes: ['bob'] },
  },
  {
    name: 'string: IsNullOrEmpty on labels',
    kind: 'VertexFilter',
    fragment: 'return v => string.IsNullOrEmpty(v.Label);',
    expect: { passes: ['ghost'] },
  },
  {
    name: 'string: null-conditional ToUpper',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label?.ToUpper() == "CITY";',
    expect: { passes: CITIES },
  },
  {
    name: 'string: concatenating null gives the other operand',
    kind: 'VertexFilter',
    fragment: 'return v => v.Label + "!" == "!";',
    expect: { passes: ['ghost'] },
  },
  {
    name: 'string: concatenating an int',
    kind: 'VertexFilter',
    fragment: 'return v => (v.Label + v.Id).Length == 7;',
    expect: { passes: PERSONS },
  },
  {
    name: 'string: concatenation is left-associative',
    kind: 'VertexFilter',
    fragment:
      'return v => "abc" + 1 + 2 == "abc12" && 1 + 2 + "abc" == "3abc" && \'a\' + "b" == "ab" && "x" + null == "x";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: interpolation',
    kind: 'VertexFilter',
    fragment: 'return v => $"{v.Label}:{v.Id}" == "person:0" || $"{v.Label}:{v.Id}" == ":11";',
    expect: { passes: ['alice', 'ghost'] },
  },
  {
    name: 'string: interpolation alignment and format',
    kind: 'VertexFilter',
    fragment: 'return v => $"{v.Id,3}" == "  1" || $"{v.Id:D3}" == "002" || $"{v.Id,-3}|" == "10 |";',
    expect: { passes: ['bob', 'carol', 'berlin'] },
  },
  {
    name: 'string: interpolation with braces and a fixed-point format',
    kind: 'VertexFilter',
    fragment: 'return v => $"{{{1.5:F2}}}" == "{1.50}" && $"{1234.5:N1}" == "1,234.5";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: double ToString is the shortest round-trip form',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out double s, "score") && (s.ToString() == "88.5" || s.ToString() == "95");',
    expect: { passes: ['alice', 'carol'] },
  },
  {
    name: 'string: NaN text',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out double s, "score") && s.ToString() == "NaN";',
    expect: { passes: ['frank'] },
  },
  {
    name: 'string: float ToString',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out float w, "weight") && (w.ToString() == "0.1" || w.ToString() == "0.001");',
    expect: { passes: ['alice', 'carol'] },
  },
  {
    name: 'string: double texts of .NET Core 3.0+',
    kind: 'VertexFilter',
    fragment:
      'double negativeZero = -0.0;\nreturn v => (0.1 + 0.2).ToString() == "0.30000000000000004" && negativeZero.ToString() == "-0" && 1e21.ToString() == "1E+21" && 0.00001.ToString() == "1E-05" && (1.0 / 0).ToString() == "Infinity";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: concatenating bool, char, float and decimal',
    kind: 'VertexFilter',
    fragment:
      'return v => true + "" == "True" && \'c\' + "" == "c" && 0.1f + "" == "0.1" && 1m / 8 + "" == "0.125";',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: decimal ToString keeps the scale',
    kind: 'VertexFilter',
    fragment:
      'return v => v.TryGetProperty(out decimal p, "price") && p.ToString() == "0.10" && (p * 3).ToString() == "0.30";',
    expect: { passes: ['bob'] },
  },
  {
    name: 'string: escapes and verbatim strings',
    kind: 'VertexFilter',
    fragment:
      'return v => "\\t".Length == 1 && @"\\t".Length == 2 && @"say ""hi""".Length == 8 && "a\\u0301".Length == 2 && "\\U0001F600".Length == 2;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'string: hexadecimal escape takes up to four digits',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out string n, "name") && n == "\\x41lice";',
    expect: { passes: ['alice'] },
  },
];
