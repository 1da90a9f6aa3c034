/**
 * `string` and `char` members (surface/system.ts) over `rt.str` (runtime/strings.ts) and `rt.char`
 * (runtime/chars.ts).
 *
 * Every `rt.str` instance function takes the receiver first and throws NullReferenceException for null
 * itself, so receivers pass as they are (SELF). Overloads share a runtime function with optional trailing
 * parameters in C#'s order; one an overload skips before one it gives is `void 0`. A char is its code
 * unit, so `Trim(char)` passes `[c]` and the char overloads of IndexOf with a comparison search for the
 * one-char string, as .NET's culture-aware char search does.
 */
import {
  GUARDED,
  INT_MAX,
  OMITTED,
  SELF,
  argumentOf,
  call,
  constant,
  same,
  type BindingTable,
  type Part,
} from './build.js';
import { textOf } from './typing.js';

const charAsString =
  (index: number): Part =>
  (site) =>
    `rt.char.ToString(${argumentOf(site, index)})`;
const oneChar =
  (index: number): Part =>
  (site) =>
    `[${argumentOf(site, index)}]`;
const objectText =
  (index: number): Part =>
  (site) =>
    `rt.obj.textOrEmpty(${argumentOf(site, index)})`;

const STRING_BINDINGS: BindingTable = {
  'string.length': call('rt.str.Length', SELF),
  'string.charAt': call('rt.str.charAt', SELF, 0),

  'string.contains': call('rt.str.Contains', SELF, 0),
  'string.contains.char': call('rt.str.ContainsChar', SELF, 0),
  'string.contains.comparison': call('rt.str.ContainsWith', SELF, 0, 1),
  'string.contains.char.comparison': call('rt.str.ContainsCharWith', SELF, 0, 1),
  'string.startsWith': call('rt.str.StartsWith', SELF, 0),
  'string.startsWith.char': call('rt.str.StartsWithChar', SELF, 0),
  'string.startsWith.comparison': call('rt.str.StartsWith', SELF, 0, 1),
  'string.endsWith': call('rt.str.EndsWith', SELF, 0),
  'string.endsWith.char': call('rt.str.EndsWithChar', SELF, 0),
  'string.endsWith.comparison': call('rt.str.EndsWith', SELF, 0, 1),
  'string.equals': call('rt.str.Equals', SELF, 0),
  'string.equals.comparison': call('rt.str.EqualsWith', SELF, 0, 1),
  'string.compareTo': call('rt.str.CompareTo', SELF, 0),

  'string.indexOf.char': call('rt.str.IndexOfChar', SELF, 0),
  'string.indexOf': call('rt.str.IndexOf', SELF, 0),
  'string.indexOf.char.start': call('rt.str.IndexOfChar', SELF, 0, 1),
  'string.indexOf.start': call('rt.str.IndexOf', SELF, 0, 1),
  'string.indexOf.char.start.count': call('rt.str.IndexOfChar', SELF, 0, 1, 2),
  'string.indexOf.start.count': call('rt.str.IndexOf', SELF, 0, 1, 2),
  'string.indexOf.char.comparison': call('rt.str.IndexOf', SELF, charAsString(0), '0', OMITTED, 1),
  'string.indexOf.comparison': call('rt.str.IndexOf', SELF, 0, '0', OMITTED, 1),
  'string.indexOf.start.comparison': call('rt.str.IndexOf', SELF, 0, 1, OMITTED, 2),
  'string.lastIndexOf.char': call('rt.str.LastIndexOfChar', SELF, 0),
  'string.lastIndexOf': call('rt.str.LastIndexOf', SELF, 0),
  'string.lastIndexOf.char.start': call('rt.str.LastIndexOfChar', SELF, 0, 1),
  'string.lastIndexOf.start': call('rt.str.LastIndexOf', SELF, 0, 1),
  'string.lastIndexOf.comparison': call('rt.str.LastIndexOf', SELF, 0, OMITTED, 1),

  'string.substring': call('rt.str.Substring', SELF, 0),
  'string.substring.length': call('rt.str.Substring', SELF, 0, 1),
  'string.trim': call('rt.str.Trim', SELF),
  'string.trim.char': call('rt.str.Trim', SELF, oneChar(0)),
  'string.trim.chars': call('rt.str.Trim', SELF, 0),
  'string.trimStart': call('rt.str.TrimStart', SELF),
  'string.trimStart.char': call('rt.str.TrimStart', SELF, oneChar(0)),
  'string.trimStart.chars': call('rt.str.TrimStart', SELF, 0),
  'string.trimEnd': call('rt.str.TrimEnd', SELF),
  'string.trimEnd.char': call('rt.str.TrimEnd', SELF, oneChar(0)),
  'string.trimEnd.chars': call('rt.str.TrimEnd', SELF, 0),
  // The current culture is the invariant one (runtime/culture.ts).
  'string.toLower': call('rt.str.ToLower', SELF),
  'string.toLowerInvariant': call('rt.str.ToLower', SELF),
  'string.toUpper': call('rt.str.ToUpper', SELF),
  'string.toUpperInvariant': call('rt.str.ToUpper', SELF),
  'string.replace': call('rt.str.Replace', SELF, 0, 1),
  'string.replace.char': call('rt.str.ReplaceChar', SELF, 0, 1),
  'string.replace.comparison': call('rt.str.ReplaceWith', SELF, 0, 1, 2),

  'string.split.char': call('rt.str.SplitChars', SELF, oneChar(0), INT_MAX, 1),
  'string.split.char.count': call('rt.str.SplitChars', SELF, oneChar(0), 1, 2),
  'string.split.chars': call('rt.str.SplitChars', SELF, 0),
  'string.split.chars.count': call('rt.str.SplitChars', SELF, 0, 1),
  'string.split.chars.options': call('rt.str.SplitChars', SELF, 0, INT_MAX, 1),
  'string.split': call('rt.str.SplitString', SELF, 0, INT_MAX, 1),
  'string.split.count': call('rt.str.SplitString', SELF, 0, 1, 2),
  'string.split.strings': call('rt.str.SplitStrings', SELF, 0, INT_MAX, 1),

  'string.padLeft': call('rt.str.PadLeft', SELF, 0),
  'string.padLeft.char': call('rt.str.PadLeft', SELF, 0, 1),
  'string.padRight': call('rt.str.PadRight', SELF, 0),
  'string.padRight.char': call('rt.str.PadRight', SELF, 0, 1),
  'string.toCharArray': call('rt.str.ToCharArray', SELF),
  // `s.ToString()` is `s` itself; a null `s` is a NullReferenceException.
  'string.toString': same(GUARDED),

  'string.empty': constant('rt.str.Empty'),
  'string.isNullOrEmpty': call('rt.str.IsNullOrEmpty', 0),
  'string.isNullOrWhiteSpace': call('rt.str.IsNullOrWhiteSpace', 0),
  'string.equalsStatic': call('rt.str.equalsStatic', 0, 1),
  'string.equalsStatic.comparison': call('rt.str.equalsStatic', 0, 1, 2),
  'string.compare': call('rt.str.compare', 0, 1),
  'string.compare.ignoreCase': call('rt.str.compareIgnoreCase', 0, 1, 2),
  'string.compare.comparison': call('rt.str.compare', 0, 1, 2),
  'string.compareOrdinal': call('rt.str.compareOrdinal', 0, 1),

  // Concat(object...) prints each argument's ToString(), null as empty.
  'string.concat.object': call('rt.obj.textOrEmpty', 0),
  'string.concat.object2': call('rt.str.concat', objectText(0), objectText(1)),
  'string.concat.object3': call('rt.str.concat', objectText(0), objectText(1), objectText(2)),
  'string.concat.objects': call('rt.str.joinMapped', '""', 0, 'rt.obj.textOrEmpty'),
  'string.concat': call('rt.str.concat', 0, 1),
  'string.concat.3': call('rt.str.concat', 0, 1, 2),
  'string.concat.4': call('rt.str.concat', 0, 1, 2, 3),
  'string.concat.strings': call('rt.str.concatAll', 0),
  'string.concat.enumerable': call('rt.str.concatAll', 0),
  'string.join': call('rt.str.join', 0, 1),
  'string.join.objects': call('rt.str.joinMapped', 0, 1, 'rt.obj.textOrEmpty'),
  'string.join.enumerable': call('rt.str.join', 0, 1),
  'string.join.generic': call('rt.str.joinMapped', 0, 1, (site) =>
    textOf(site.typeArguments[0], site.services),
  ),
  'string.join.char': call('rt.str.joinChar', 0, 1),
};

const CHAR_BINDINGS: BindingTable = {
  'char.isDigit': call('rt.char.IsDigit', 0),
  'char.isLetter': call('rt.char.IsLetter', 0),
  'char.isLetterOrDigit': call('rt.char.IsLetterOrDigit', 0),
  'char.isWhiteSpace': call('rt.char.IsWhiteSpace', 0),
  'char.isUpper': call('rt.char.IsUpper', 0),
  'char.isLower': call('rt.char.IsLower', 0),
  'char.isPunctuation': call('rt.char.IsPunctuation', 0),
  'char.toUpper': call('rt.char.ToUpper', 0),
  'char.toLower': call('rt.char.ToLower', 0),
  'char.toUpperInvariant': call('rt.char.ToUpperInvariant', 0),
  'char.toLowerInvariant': call('rt.char.ToLowerInvariant', 0),
  // .NET's char.CompareTo is the difference of the units, as rt.char.CompareTo.
  'char.compareTo': call('rt.char.CompareTo', GUARDED, 0),
  'char.equals': call('rt.char.Equals', GUARDED, 0),
  'char.toString': call('rt.char.ToString', GUARDED),
};

export const STRING_AND_CHAR_BINDINGS: BindingTable = { ...STRING_BINDINGS, ...CHAR_BINDINGS };
