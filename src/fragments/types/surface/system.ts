/**
 * The runtime's System surface: object, string, char, bool, the numeric types, Math and Convert.
 * Signatures are .NET 10's for the overloads listed; overloads taking types Skein does not model
 * (IFormatProvider, CultureInfo, ReadOnlySpan<char>, the params-span overloads) are left out, which can
 * only make the checker pick an overload C# would also accept.
 *
 * Runtime key families (`<t>` is the CLR name in lower camel case: int32, uInt64, single, ...):
 *   object.equals, object.getHashCode, object.toString, object.equalsStatic, object.referenceEquals
 *   string.<member>[.<overload>]  (length, charAt, contains, startsWith, endsWith, equals, compareTo,
 *     indexOf, lastIndexOf, substring, trim, trimStart, trimEnd, toLower, toLowerInvariant, toUpper,
 *     toUpperInvariant, replace, split, padLeft, padRight, toCharArray, toString, empty, isNullOrEmpty,
 *     isNullOrWhiteSpace, equalsStatic, compare, compareOrdinal, concat, join)
 *   char.<isDigit|isLetter|...|toUpper|toLower|...>, boolean.<parse|tryParse|...>
 *   <t>.parse, <t>.tryParse, <t>.compareTo, <t>.equals, <t>.toString, and for single/double
 *     <t>.isNaN, <t>.isInfinity, <t>.isPositiveInfinity, <t>.isNegativeInfinity, <t>.isFinite
 *   math.<method>.<parameter keywords joined by '.'>   e.g. math.abs.int, math.round.double.int.mode
 *   convert.<method>.<source keyword>                  e.g. convert.toInt32.double, convert.toString.dateTime
 */
import type { MemberRow, SurfaceTable } from '../surface.js';

/** CLR name, C# keyword, key prefix of each numeric type. */
const NUMERIC_TYPES: readonly (readonly [clr: string, keyword: string, min: string, max: string])[] = [
  ['SByte', 'sbyte', '-128', '127'],
  ['Byte', 'byte', '0', '255'],
  ['Int16', 'short', '-32768', '32767'],
  ['UInt16', 'ushort', '0', '65535'],
  ['Int32', 'int', '-2147483648', '2147483647'],
  ['UInt32', 'uint', '0', '4294967295'],
  ['Int64', 'long', '-9223372036854775808', '9223372036854775807'],
  ['UInt64', 'ulong', '0', '18446744073709551615'],
  ['Single', 'float', '-3.40282347E+38', '3.40282347E+38'],
  ['Double', 'double', '-1.7976931348623157E+308', '1.7976931348623157E+308'],
  ['Decimal', 'decimal', '-79228162514264337593543950335', '79228162514264337593543950335'],
];

function lowerFirst(name: string): string {
  return name[0].toLowerCase() + name.slice(1);
}

/** Members every numeric type shares: range constants, parsing, comparison, text. */
function numericMembers(clr: string, keyword: string, min: string, max: string): MemberRow[] {
  const k = lowerFirst(clr);
  const rows: MemberRow[] = [
    [null, `const ${keyword} MinValue = ${min}`],
    [null, `const ${keyword} MaxValue = ${max}`],
    [`${k}.parse`, `static ${keyword} Parse(string s)`],
    [`${k}.tryParse`, `static bool TryParse(string s, out ${keyword} result)`],
    [`${k}.compareTo`, `int CompareTo(${keyword} value)`],
    [`${k}.equals`, `bool Equals(${keyword} obj)`],
    [`${k}.toString`, 'string ToString()'],
  ];
  if (keyword === 'float' || keyword === 'double') {
    const epsilon = keyword === 'float' ? '1.401298E-45' : '4.9406564584124654E-324';
    rows.push(
      [null, `const ${keyword} Epsilon = ${epsilon}`],
      [null, `const ${keyword} NaN = NaN`],
      [null, `const ${keyword} PositiveInfinity = Infinity`],
      [null, `const ${keyword} NegativeInfinity = -Infinity`],
      [`${k}.isNaN`, `static bool IsNaN(${keyword} f)`],
      [`${k}.isInfinity`, `static bool IsInfinity(${keyword} f)`],
      [`${k}.isPositiveInfinity`, `static bool IsPositiveInfinity(${keyword} f)`],
      [`${k}.isNegativeInfinity`, `static bool IsNegativeInfinity(${keyword} f)`],
      [`${k}.isFinite`, `static bool IsFinite(${keyword} f)`],
    );
  }
  if (keyword === 'decimal') {
    rows.push(
      [null, 'const decimal Zero = 0'],
      [null, 'const decimal One = 1'],
      [null, 'const decimal MinusOne = -1'],
    );
  }
  return rows;
}

const OBJECT_TABLE: SurfaceTable = {
  type: 'Object',
  members: [
    ['object.equals', 'bool Equals(object obj)'],
    ['object.getHashCode', 'int GetHashCode()'],
    ['object.toString', 'string ToString()'],
    ['object.equalsStatic', 'static bool Equals(object objA, object objB)'],
    ['object.referenceEquals', 'static bool ReferenceEquals(object objA, object objB)'],
    {
      // Reflection is the way out of the sandbox: C# has GetType() on every object, Skein refuses it.
      unusable: 'GetType',
      kind: 'method',
      declaration: 'Type GetType()',
      diagnostic: { id: 'SVCUNSUPPORTED', args: ['object.GetType()'] },
    },
  ],
};

const STRING_TABLE: SurfaceTable = {
  type: 'String',
  members: [
    ['string.length', 'int Length { get; }'],
    ['string.charAt', 'char this[int index] { get; }'],
    ['string.contains', 'bool Contains(string value)'],
    ['string.contains.char', 'bool Contains(char value)'],
    ['string.contains.comparison', 'bool Contains(string value, StringComparison comparisonType)'],
    ['string.contains.char.comparison', 'bool Contains(char value, StringComparison comparisonType)'],
    ['string.startsWith', 'bool StartsWith(string value)'],
    ['string.startsWith.char', 'bool StartsWith(char value)'],
    ['string.startsWith.comparison', 'bool StartsWith(string value, StringComparison comparisonType)'],
    ['string.endsWith', 'bool EndsWith(string value)'],
    ['string.endsWith.char', 'bool EndsWith(char value)'],
    ['string.endsWith.comparison', 'bool EndsWith(string value, StringComparison comparisonType)'],
    ['string.equals', 'bool Equals(string value)'],
    ['string.equals.comparison', 'bool Equals(string value, StringComparison comparisonType)'],
    ['string.compareTo', 'int CompareTo(string strB)'],
    ['string.indexOf.char', 'int IndexOf(char value)'],
    ['string.indexOf', 'int IndexOf(string value)'],
    ['string.indexOf.char.start', 'int IndexOf(char value, int startIndex)'],
    ['string.indexOf.start', 'int IndexOf(string value, int startIndex)'],
    ['string.indexOf.char.start.count', 'int IndexOf(char value, int startIndex, int count)'],
    ['string.indexOf.start.count', 'int IndexOf(string value, int startIndex, int count)'],
    ['string.indexOf.char.comparison', 'int IndexOf(char value, StringComparison comparisonType)'],
    ['string.indexOf.comparison', 'int IndexOf(string value, StringComparison comparisonType)'],
    [
      'string.indexOf.start.comparison',
      'int IndexOf(string value, int startIndex, StringComparison comparisonType)',
    ],
    ['string.lastIndexOf.char', 'int LastIndexOf(char value)'],
    ['string.lastIndexOf', 'int LastIndexOf(string value)'],
    ['string.lastIndexOf.char.start', 'int LastIndexOf(char value, int startIndex)'],
    ['string.lastIndexOf.start', 'int LastIndexOf(string value, int startIndex)'],
    ['string.lastIndexOf.comparison', 'int LastIndexOf(string value, StringComparison comparisonType)'],
    ['string.substring', 'string Substring(int startIndex)'],
    ['string.substring.length', 'string Substring(int startIndex, int length)'],
    ['string.trim', 'string Trim()'],
    ['string.trim.char', 'string Trim(char trimChar)'],
    ['string.trim.chars', 'string Trim(params char[] trimChars)'],
    ['string.trimStart', 'string TrimStart()'],
    ['string.trimStart.char', 'string TrimStart(char trimChar)'],
    ['string.trimStart.chars', 'string TrimStart(params char[] trimChars)'],
    ['string.trimEnd', 'string TrimEnd()'],
    ['string.trimEnd.char', 'string TrimEnd(char trimChar)'],
    ['string.trimEnd.chars', 'string TrimEnd(params char[] trimChars)'],
    ['string.toLower', 'string ToLower()'],
    ['string.toLowerInvariant', 'string ToLowerInvariant()'],
    ['string.toUpper', 'string ToUpper()'],
    ['string.toUpperInvariant', 'string ToUpperInvariant()'],
    ['string.replace', 'string Replace(string oldValue, string newValue)'],
    ['string.replace.char', 'string Replace(char oldChar, char newChar)'],
    [
      'string.replace.comparison',
      'string Replace(string oldValue, string newValue, StringComparison comparisonType)',
    ],
    [
      'string.split.char',
      'string[] Split(char separator, StringSplitOptions options = StringSplitOptions.None)',
    ],
    [
      'string.split.char.count',
      'string[] Split(char separator, int count, StringSplitOptions options = StringSplitOptions.None)',
    ],
    ['string.split.chars', 'string[] Split(params char[] separator)'],
    ['string.split.chars.count', 'string[] Split(char[] separator, int count)'],
    ['string.split.chars.options', 'string[] Split(char[] separator, StringSplitOptions options)'],
    [
      'string.split',
      'string[] Split(string separator, StringSplitOptions options = StringSplitOptions.None)',
    ],
    [
      'string.split.count',
      'string[] Split(string separator, int count, StringSplitOptions options = StringSplitOptions.None)',
    ],
    ['string.split.strings', 'string[] Split(string[] separator, StringSplitOptions options)'],
    ['string.padLeft', 'string PadLeft(int totalWidth)'],
    ['string.padLeft.char', 'string PadLeft(int totalWidth, char paddingChar)'],
    ['string.padRight', 'string PadRight(int totalWidth)'],
    ['string.padRight.char', 'string PadRight(int totalWidth, char paddingChar)'],
    ['string.toCharArray', 'char[] ToCharArray()'],
    ['string.toString', 'string ToString()'],
    ['string.empty', 'static readonly string Empty'],
    ['string.isNullOrEmpty', 'static bool IsNullOrEmpty(string value)'],
    ['string.isNullOrWhiteSpace', 'static bool IsNullOrWhiteSpace(string value)'],
    ['string.equalsStatic', 'static bool Equals(string a, string b)'],
    [
      'string.equalsStatic.comparison',
      'static bool Equals(string a, string b, StringComparison comparisonType)',
    ],
    ['string.compare', 'static int Compare(string strA, string strB)'],
    ['string.compare.ignoreCase', 'static int Compare(string strA, string strB, bool ignoreCase)'],
    [
      'string.compare.comparison',
      'static int Compare(string strA, string strB, StringComparison comparisonType)',
    ],
    ['string.compareOrdinal', 'static int CompareOrdinal(string strA, string strB)'],
    ['string.concat.object', 'static string Concat(object arg0)'],
    ['string.concat.object2', 'static string Concat(object arg0, object arg1)'],
    ['string.concat.object3', 'static string Concat(object arg0, object arg1, object arg2)'],
    ['string.concat.objects', 'static string Concat(params object[] args)'],
    ['string.concat', 'static string Concat(string str0, string str1)'],
    ['string.concat.3', 'static string Concat(string str0, string str1, string str2)'],
    ['string.concat.4', 'static string Concat(string str0, string str1, string str2, string str3)'],
    ['string.concat.strings', 'static string Concat(params string[] values)'],
    ['string.concat.enumerable', 'static string Concat(IEnumerable<string> values)'],
    ['string.join', 'static string Join(string separator, params string[] value)'],
    ['string.join.objects', 'static string Join(string separator, params object[] values)'],
    ['string.join.enumerable', 'static string Join(string separator, IEnumerable<string> values)'],
    ['string.join.generic', 'static string Join<T>(string separator, IEnumerable<T> values)'],
    ['string.join.char', 'static string Join(char separator, params string[] value)'],
  ],
};

const CHAR_TABLE: SurfaceTable = {
  type: 'Char',
  members: [
    [null, 'const char MinValue = 0'],
    [null, 'const char MaxValue = 65535'],
    ['char.isDigit', 'static bool IsDigit(char c)'],
    ['char.isLetter', 'static bool IsLetter(char c)'],
    ['char.isLetterOrDigit', 'static bool IsLetterOrDigit(char c)'],
    ['char.isWhiteSpace', 'static bool IsWhiteSpace(char c)'],
    ['char.isUpper', 'static bool IsUpper(char c)'],
    ['char.isLower', 'static bool IsLower(char c)'],
    ['char.isPunctuation', 'static bool IsPunctuation(char c)'],
    ['char.toUpper', 'static char ToUpper(char c)'],
    ['char.toLower', 'static char ToLower(char c)'],
    ['char.toUpperInvariant', 'static char ToUpperInvariant(char c)'],
    ['char.toLowerInvariant', 'static char ToLowerInvariant(char c)'],
    ['char.compareTo', 'int CompareTo(char value)'],
    ['char.equals', 'bool Equals(char obj)'],
    ['char.toString', 'string ToString()'],
  ],
};

const BOOLEAN_TABLE: SurfaceTable = {
  type: 'Boolean',
  members: [
    ['boolean.parse', 'static bool Parse(string value)'],
    ['boolean.tryParse', 'static bool TryParse(string value, out bool result)'],
    ['boolean.compareTo', 'int CompareTo(bool value)'],
    ['boolean.equals', 'bool Equals(bool obj)'],
    ['boolean.toString', 'string ToString()'],
  ],
};

// ---------------------------------------------------------------------------------------------------
// Math: overload families over the numeric types, as System.Math declares them.

const MATH_ABS = ['sbyte', 'short', 'int', 'long', 'float', 'double', 'decimal'];
const MATH_MIN_MAX = [
  'byte',
  'sbyte',
  'short',
  'ushort',
  'int',
  'uint',
  'long',
  'ulong',
  'float',
  'double',
  'decimal',
];
const MATH_SIGN = ['sbyte', 'short', 'int', 'long', 'float', 'double', 'decimal'];
const MATH_DOUBLE_UNARY = [
  'Sqrt',
  'Cbrt',
  'Exp',
  'Log10',
  'Log2',
  'Sin',
  'Cos',
  'Tan',
  'Asin',
  'Acos',
  'Atan',
  'Sinh',
  'Cosh',
  'Tanh',
];

function mathRows(): MemberRow[] {
  const rows: MemberRow[] = [
    [null, 'const double PI = 3.141592653589793'],
    [null, 'const double E = 2.718281828459045'],
    [null, 'const double Tau = 6.283185307179586'],
  ];
  for (const t of MATH_ABS) rows.push([`math.abs.${t}`, `static ${t} Abs(${t} value)`]);
  for (const t of MATH_MIN_MAX) {
    rows.push([`math.max.${t}`, `static ${t} Max(${t} val1, ${t} val2)`]);
    rows.push([`math.min.${t}`, `static ${t} Min(${t} val1, ${t} val2)`]);
    rows.push([`math.clamp.${t}`, `static ${t} Clamp(${t} value, ${t} min, ${t} max)`]);
  }
  for (const t of MATH_SIGN) rows.push([`math.sign.${t}`, `static int Sign(${t} value)`]);
  for (const name of MATH_DOUBLE_UNARY)
    rows.push([`math.${lowerFirst(name)}.double`, `static double ${name}(double d)`]);
  rows.push(
    ['math.log.double', 'static double Log(double d)'],
    ['math.log.double.double', 'static double Log(double a, double newBase)'],
    ['math.pow.double.double', 'static double Pow(double x, double y)'],
    ['math.atan2.double.double', 'static double Atan2(double y, double x)'],
    ['math.ieeeRemainder.double.double', 'static double IEEERemainder(double x, double y)'],
    [
      'math.fusedMultiplyAdd.double.double.double',
      'static double FusedMultiplyAdd(double x, double y, double z)',
    ],
  );
  for (const t of ['double', 'decimal']) {
    const p = t === 'double' ? 'a' : 'd';
    rows.push(
      [`math.floor.${t}`, `static ${t} Floor(${t} d)`],
      [`math.ceiling.${t}`, `static ${t} Ceiling(${t} ${p})`],
      [`math.truncate.${t}`, `static ${t} Truncate(${t} d)`],
      [`math.round.${t}`, `static ${t} Round(${t} ${p})`],
      [`math.round.${t}.int`, `static ${t} Round(${t} value, int digits)`],
      [`math.round.${t}.mode`, `static ${t} Round(${t} value, MidpointRounding mode)`],
      [`math.round.${t}.int.mode`, `static ${t} Round(${t} value, int digits, MidpointRounding mode)`],
    );
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Convert: each conversion method has an overload per source type (several throw at run time, as in
// .NET: Convert.ToDouble(char), Convert.ToInt32(DateTime)); they all compile.

const CONVERT_SOURCES = [
  'bool',
  'char',
  'sbyte',
  'byte',
  'short',
  'ushort',
  'int',
  'uint',
  'long',
  'ulong',
  'float',
  'double',
  'decimal',
  'string',
  'object',
  'DateTime',
];
const CONVERT_TARGETS: readonly (readonly [method: string, returns: string])[] = [
  ['ToBoolean', 'bool'],
  ['ToChar', 'char'],
  ['ToByte', 'byte'],
  ['ToInt16', 'short'],
  ['ToInt32', 'int'],
  ['ToInt64', 'long'],
  ['ToSingle', 'float'],
  ['ToDouble', 'double'],
  ['ToDecimal', 'decimal'],
  ['ToString', 'string'],
  ['ToDateTime', 'DateTime'],
];

function convertRows(): MemberRow[] {
  const rows: MemberRow[] = [];
  for (const [method, returns] of CONVERT_TARGETS) {
    for (const source of CONVERT_SOURCES) {
      rows.push([
        `convert.${lowerFirst(method)}.${lowerFirst(source)}`,
        `static ${returns} ${method}(${source} value)`,
      ]);
    }
  }
  return rows;
}

export const SYSTEM_SURFACE: readonly SurfaceTable[] = [
  OBJECT_TABLE,
  STRING_TABLE,
  CHAR_TABLE,
  BOOLEAN_TABLE,
  ...NUMERIC_TYPES.map(([clr, keyword, min, max]) => ({
    type: clr,
    members: numericMembers(clr, keyword, min, max),
  })),
  { type: 'Math', members: mathRows() },
  { type: 'Convert', members: convertRows() },
];
