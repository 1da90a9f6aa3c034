/**
 * C# numeric semantics: integer division truncating toward zero, `%` with the dividend's sign, unchecked
 * int/long/uint wraparound, uint arithmetic of degrees, float32 rounding at every step, exact decimals,
 * long precision beyond 2^53, shifts, conversions and Math.
 */
import { ALL_VERTICES, type ConformanceCase } from './corpus.js';

const f = Math.fround;

export const numbers: readonly ConformanceCase[] = [
  {
    name: 'int division truncates toward zero',
    kind: 'VertexCost',
    fragment: 'return v => v.TryGetProperty(out int a, "age") ? a / 10 : -1;',
    expect: { costs: { alice: 3, bob: 2, carol: 4, erin: 1, frank: 5, ghost: 0 }, otherwise: -1 },
    note: 'ghost: -7 / 10 is 0, not -1.',
  },
  {
    name: 'remainder takes the sign of the dividend',
    kind: 'VertexCost',
    fragment: 'return v => v.TryGetProperty(out int a, "age") ? a % 4 : 99;',
    expect: { costs: { alice: 2, bob: 3, carol: 1, erin: 3, frank: 0, ghost: -3 }, otherwise: 99 },
  },
  {
    name: 'negative division and remainder',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out int a, "age") && a / 2 == -3 && a % 2 == -1;',
    expect: { passes: ['ghost'] },
  },
  {
    name: 'int addition wraps at int.MaxValue',
    kind: 'VertexCost',
    fragment: 'return v => v.TryGetProperty(out int e, "employees") ? e + 1 : 0;',
    expect: { costs: { acme: 1201, initech: -2147483648 }, otherwise: 0 },
  },
  {
    name: 'int multiplication wraps',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out int e, "employees") && e * 2 < 0;',
    expect: { passes: ['initech'] },
  },
  {
    name: 'int product exact modulo 2^32',
    kind: 'VertexCost',
    fragment: 'return v => v.TryGetProperty(out int e, "employees") ? e * e : 0;',
    expect: { costs: { acme: 1_440_000, initech: 1 }, otherwise: 0 },
    note: '(2^31 - 1)^2 = 2^62 - 2^32 + 1, which is 1 modulo 2^32; a double product would lose the low bits.',
  },
  {
    name: 'unchecked expression wraps',
    kind: 'VertexFilter',
    fragment: 'int max = int.MaxValue;\nreturn v => unchecked(max + v.Id) < 0;',
    expect: { passes: ALL_VERTICES.filter((name) => name !== 'alice') },
  },
  {
    name: 'int.MaxValue plus a long is a long',
    kind: 'VertexFilter',
    fragment: 'return v => int.MaxValue + 1L == 2147483648L && (long)int.MaxValue * 2 == 4294967294;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'long arithmetic beyond 2^53',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out long b, "big") && b + 1 == 9007199254740994L;',
    expect: { passes: ['alice'] },
  },
  {
    name: 'long multiplication wraps',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out long b, "big") && b * 2 < 0;',
    expect: { passes: ['bob', 'carol'] },
    note: 'carol: 2^62 * 2 = 2^63 wraps to long.MinValue; bob: -84.',
  },
  {
    name: 'long shift wraps',
    kind: 'VertexFilter',
    fragment: 'var big = 1L << 62;\nreturn v => big * 2 == long.MinValue && (big << 2) == 0;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'long converts to double as a cost',
    kind: 'VertexCost',
    fragment: 'return v => v.TryGetProperty(out long b, "big") ? b : 0;',
    expect: { costs: { alice: 9007199254740992, bob: -42, carol: 4611686018427387904 }, otherwise: 0 },
    note: 'alice: 2^53 + 1 rounds to even, 2^53.',
  },
  {
    name: 'int shift count is masked to 5 bits',
    kind: 'VertexFilter',
    fragment: 'int n = 33;\nreturn v => (1 << n) == 2 && (1 << 32) == 1;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'arithmetic and unsigned right shift',
    kind: 'VertexFilter',
    fragment: 'int m = -7;\nreturn v => (m >> 1) == -4 && (m >>> 1) == 2147483644 && (m & 0xFF) == 249;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'uint minus 1 wraps on a zero degree',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetOutDegree() - 1 > 100;',
    expect: { passes: ['frank', 'initech', 'paris', 'berlin'] },
    note: 'uint - constant 1 is uint subtraction: 0u - 1 is 4294967295.',
  },
  {
    name: 'uint minus int is long',
    kind: 'VertexFilter',
    fragment: 'return v => v.GetOutDegree() - v.Id < 0;',
    expect: { passes: ['erin', 'frank', 'acme', 'globex', 'initech', 'paris', 'berlin', 'ghost'] },
    note: 'uint and int operands promote to long, so nothing wraps.',
  },
  {
    name: 'uint variable wraps',
    kind: 'VertexFilter',
    fragment: 'uint u = 0;\nreturn v => u - 1 == uint.MaxValue && unchecked(u - 1) == 4294967295;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'byte compound assignment wraps',
    kind: 'VertexFilter',
    fragment: 'byte b = 250;\nb += 10;\nreturn v => b == 4;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'short increment wraps',
    kind: 'VertexFilter',
    fragment: 'short s = short.MaxValue;\ns++;\nreturn v => s == short.MinValue;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'unchecked constant narrowing',
    kind: 'VertexFilter',
    fragment: 'return v => unchecked((sbyte)200) == -56 && unchecked((byte)-1) == 255;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'char arithmetic is int arithmetic',
    kind: 'VertexFilter',
    fragment: "return v => 'a' + 1 == 98 && (char)('a' + 1) == 'b';",
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'float sum rounds to float32',
    kind: 'VertexFilter',
    fragment: 'float a = 0.1f, b = 0.2f;\nreturn v => a + b == 0.3f;',
    expect: { passes: ALL_VERTICES },
    note: 'In float32 0.1f + 0.2f rounds to 0.3f; the double sum of the same values would not.',
  },
  {
    name: 'double sum does not equal 0.3',
    kind: 'VertexFilter',
    fragment: 'double a = 0.1, b = 0.2;\nreturn v => a + b == 0.3;',
    expect: { passes: [] },
  },
  {
    name: 'float absorbs 1 at 2^24',
    kind: 'VertexFilter',
    fragment: 'float big = 16777216f;\nreturn v => big + 1 == big;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'float division result widened to double',
    kind: 'VertexFilter',
    fragment:
      'float third = 1f / 3f;\ndouble d = third;\nreturn v => d == 0.3333333432674408 && third != 1.0 / 3.0;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'float cost keeps float precision',
    kind: 'VertexCost',
    fragment: 'return v => v.TryGetProperty(out float w, "weight") ? w * 3 : 0;',
    expect: { costs: { alice: f(f(0.1) * 3), bob: 7.5, carol: f(f(0.001) * 3) }, otherwise: 0 },
  },
  {
    name: 'float literal as a cost',
    kind: 'VertexCost',
    fragment: 'return v => 0.1f;',
    expect: { costs: {}, otherwise: f(0.1) },
    note: 'float to double is exact: the cost is 0.10000000149011612.',
  },
  {
    name: 'int divided by float',
    kind: 'VertexCost',
    fragment: 'return v => (float)v.Id / 3;',
    expect: { costs: Object.fromEntries(ALL_VERTICES.map((name, id) => [name, f(id / 3)])) },
  },
  {
    name: 'int divided by int as a cost',
    kind: 'VertexCost',
    fragment: 'return v => v.Id / 3;',
    expect: { costs: Object.fromEntries(ALL_VERTICES.map((name, id) => [name, Math.trunc(id / 3)])) },
  },
  {
    name: 'double division by an int zero is infinite',
    kind: 'VertexFilter',
    fragment: 'return v => 1.0 / (v.Id - v.Id) > 1e308;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'NaN is not equal to itself but Equals itself',
    kind: 'VertexFilter',
    fragment:
      'double z = 0;\nreturn v => z / z != z / z && (z / z).Equals(z / z) && double.NaN.Equals(double.NaN);',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'decimal addition is exact',
    kind: 'VertexFilter',
    fragment: 'decimal a = 0.1m, b = 0.2m;\nreturn v => a + b == 0.3m && a * 3 == 0.3m;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'decimal division keeps 28 digits',
    kind: 'VertexFilter',
    fragment:
      'decimal one = 1m, three = 3m;\nreturn v => one / three * three != one && one / three * three == 0.9999999999999999999999999999m;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'decimal equality ignores scale',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out decimal p, "price") && p == 0.1m;',
    expect: { passes: ['bob'] },
    note: "bob's price is 0.10 (scale 2).",
  },
  {
    name: 'decimal to double as a cost',
    kind: 'VertexCost',
    fragment: 'return v => v.TryGetProperty(out decimal p, "price") ? (double)p : 0;',
    expect: { costs: { alice: 19.99, bob: 0.1, carol: 250, dave: -3.5 }, otherwise: 0 },
  },
  {
    name: 'decimal sum of revenues',
    kind: 'VertexFilter',
    fragment: 'return v => v.TryGetProperty(out decimal r, "revenue") && r + 0.11m == 1234568m;',
    expect: { passes: ['acme'] },
  },
  {
    name: 'double to int cast truncates',
    kind: 'VertexFilter',
    fragment:
      'double a = 2.9, b = -2.9;\nfloat c = 7.99f;\nreturn v => (int)a == 2 && (int)b == -2 && (int)c == 7;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'double to int cast saturates out of range',
    kind: 'VertexFilter',
    fragment:
      'double big = 3e9, nan = double.NaN;\nreturn v => (int)big == int.MaxValue && (int)-big == int.MinValue && (int)nan == 0;',
    expect: { passes: ALL_VERTICES },
    unsure:
      'unchecked double-to-int conversion out of range: .NET 9+ saturates (and NaN gives 0) on every platform; older .NET on x64 gave int.MinValue',
  },
  {
    name: 'Convert.ToInt32 rounds half to even',
    kind: 'VertexFilter',
    fragment:
      'return v => Convert.ToInt32(2.5) == 2 && Convert.ToInt32(3.5) == 4 && Convert.ToInt32(-2.5) == -2;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'Math.Round defaults to banker rounding',
    kind: 'VertexFilter',
    fragment:
      'return v => Math.Round(2.5) == 2 && Math.Round(-2.5) == -2 && Math.Round(2.5, MidpointRounding.AwayFromZero) == 3;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'Math functions on ages',
    kind: 'VertexCost',
    fragment:
      'return v => v.TryGetProperty(out int a, "age") ? Math.Abs(a) + Math.Max(a, 40) : Math.Sqrt(16);',
    expect: { costs: { alice: 74, bob: 67, carol: 82, erin: 59, frank: 104, ghost: 47 }, otherwise: 4 },
  },
  {
    name: 'Math.Floor and Ceiling of negatives',
    kind: 'VertexFilter',
    fragment:
      'double x = -2.5;\nreturn v => Math.Floor(x) == -3 && Math.Ceiling(x) == -2 && Math.Truncate(x) == -2;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'int.Parse and TryParse',
    kind: 'VertexFilter',
    fragment: 'return v => int.Parse("42") + 1 == 43 && !int.TryParse("4x", out var n) && n == 0;',
    expect: { passes: ALL_VERTICES },
  },
  {
    name: 'hex, binary and separated literals',
    kind: 'VertexFilter',
    fragment: 'return v => v.Id == 0x0A || v.Id == 0b11 || v.Id == 1_1;',
    expect: { passes: ['dave', 'berlin', 'ghost'] },
  },
  {
    name: 'integer literal types from suffixes',
    kind: 'VertexFilter',
    fragment:
      'var a = 4000000000;\nvar b = 1u;\nreturn v => a > int.MaxValue && b - 2 == 4294967295u && 2147483648 == 2147483648L;',
    expect: { passes: ALL_VERTICES },
    note: '4000000000 has no suffix and is a uint; 2147483648 is a uint too.',
  },
  {
    name: 'mixed int and double promote to double',
    kind: 'VertexCost',
    fragment: 'return v => v.Id / 2 + v.Id / 2.0;',
    expect: {
      costs: Object.fromEntries(ALL_VERTICES.map((name, id) => [name, Math.trunc(id / 2) + id / 2])),
    },
  },
  {
    name: 'compound assignment sequence',
    kind: 'VertexFilter',
    fragment: 'var x = 10;\nx -= 3;\nx *= 2;\nx /= 3;\nx %= 3;\nreturn v => v.Id == x;',
    expect: { passes: ['bob'] },
    note: '10 - 3 = 7, * 2 = 14, / 3 = 4, % 3 = 1.',
  },
  {
    name: 'increment operators yield old and new values',
    kind: 'VertexFilter',
    fragment: 'var a = 5;\nvar b = a++ + ++a;\nreturn v => v.Id == b - 10;',
    expect: { passes: ['carol'] },
    note: 'a++ yields 5 (a becomes 6), ++a yields 7: b = 12.',
  },
];
