import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  bestCommonType,
  coalesceType,
  conditionalType,
  resolveBinaryOperator,
  resolveCompoundAssignment,
  resolveUnaryOperator,
  type BinaryOperator,
  type OperatorResolution,
  type TypingResult,
} from '../../../src/fragments/types/operators.js';
import {
  AGRAPH_ELEMENT_MODEL,
  BOOL,
  BYTE,
  CHAR,
  DATETIME,
  DECIMAL,
  DOUBLE,
  EDGE_MODEL,
  FLOAT,
  GUID,
  INT,
  LONG,
  NULL_TYPE,
  OBJECT,
  STRING,
  STRING_COMPARISON,
  TIMESPAN,
  UINT,
  ULONG,
  VECTOR_DISTANCE_METRIC,
  VERTEX_MODEL,
  nullableOf,
  typeOfKeyword,
  typeToString,
  type CsType,
} from '../../../src/fragments/types/types.js';

function keyword(name: string): CsType {
  const type = typeOfKeyword(name);
  assert.ok(type, name);
  return type;
}

/** The result type's name, or the diagnostic id. */
function outcome(resolution: OperatorResolution | TypingResult): string {
  if (!resolution.ok) return resolution.diagnostic.id;
  return typeToString('resultType' in resolution ? resolution.resultType : resolution.type);
}

describe('binary numeric promotion for every pair of numeric types (C# spec 12.4.7.3)', () => {
  const order = [
    'sbyte',
    'byte',
    'short',
    'ushort',
    'int',
    'uint',
    'long',
    'ulong',
    'char',
    'float',
    'double',
    'decimal',
  ];
  // The promoted type of `a + b`, written out from the C# specification's rules: decimal with float or double
  // is an error (CS0019); ulong with a signed integral type is ambiguous (CS0034); uint with a signed type
  // narrower than long gives long; integral types below int give int.
  const table = [
    'int int int int int long long CS0034 int float double decimal', // sbyte
    'int int int int int uint long ulong int float double decimal', // byte
    'int int int int int long long CS0034 int float double decimal', // short
    'int int int int int uint long ulong int float double decimal', // ushort
    'int int int int int long long CS0034 int float double decimal', // int
    'long uint long uint long uint long ulong uint float double decimal', // uint
    'long long long long long long long CS0034 long float double decimal', // long
    'CS0034 ulong CS0034 ulong CS0034 ulong CS0034 ulong ulong float double decimal', // ulong
    'int int int int int uint long ulong int float double decimal', // char
    'float float float float float float float float float float double CS0019', // float
    'double double double double double double double double double double double CS0019', // double
    'decimal decimal decimal decimal decimal decimal decimal decimal decimal CS0019 CS0019 decimal', // decimal
  ];

  for (const op of ['+', '-', '*', '/', '%'] as const) {
    it(`types a ${op} b as the promoted type`, () => {
      for (const [i, a] of order.entries()) {
        const cells = table[i].split(' ');
        for (const [j, b] of order.entries()) {
          assert.equal(
            outcome(resolveBinaryOperator(op, keyword(a), keyword(b))),
            cells[j],
            `${a} ${op} ${b}`,
          );
        }
      }
    });
  }

  for (const op of ['<', '=='] as const) {
    it(`types a ${op} b as bool with the same errors`, () => {
      for (const [i, a] of order.entries()) {
        const cells = table[i].split(' ');
        for (const [j, b] of order.entries()) {
          const expected = cells[j].startsWith('CS') ? cells[j] : 'bool';
          assert.equal(
            outcome(resolveBinaryOperator(op, keyword(a), keyword(b))),
            expected,
            `${a} ${op} ${b}`,
          );
        }
      }
    });
  }

  it('names the operator and both operand types in CS0019 and CS0034', () => {
    const decimalPlusDouble = resolveBinaryOperator('+', DECIMAL, DOUBLE);
    assert.ok(!decimalPlusDouble.ok);
    assert.deepEqual(decimalPlusDouble.diagnostic, { id: 'CS0019', args: ['+', 'decimal', 'double'] });
    const longPlusUlong = resolveBinaryOperator('+', LONG, ULONG);
    assert.ok(!longPlusUlong.ok);
    assert.deepEqual(longPlusUlong.diagnostic, { id: 'CS0034', args: ['+', 'long', 'ulong'] });
  });

  it('lets an integer constant convert to the other operand type', () => {
    assert.equal(outcome(resolveBinaryOperator('+', ULONG, { type: INT, constant: 1 })), 'ulong');
    assert.equal(outcome(resolveBinaryOperator('+', UINT, { type: INT, constant: 1 })), 'uint');
    assert.equal(outcome(resolveBinaryOperator('+', UINT, { type: INT, constant: -1 })), 'long');
    assert.equal(outcome(resolveBinaryOperator('+', ULONG, { type: INT, constant: -1 })), 'CS0034');
    assert.equal(outcome(resolveBinaryOperator('>', ULONG, { type: INT, constant: 0 })), 'bool');
  });
});

describe('string concatenation (C# spec 12.10.5)', () => {
  it('concatenates a string with an operand of any type, on either side', () => {
    for (const other of [
      INT,
      DOUBLE,
      BOOL,
      CHAR,
      OBJECT,
      VERTEX_MODEL,
      DATETIME,
      NULL_TYPE,
      nullableOf(INT),
    ]) {
      assert.equal(outcome(resolveBinaryOperator('+', STRING, other)), 'string', typeToString(other));
      assert.equal(outcome(resolveBinaryOperator('+', other, STRING)), 'string', typeToString(other));
    }
  });

  it('adds two chars as ints', () => {
    assert.equal(outcome(resolveBinaryOperator('+', CHAR, CHAR)), 'int');
  });

  it('picks the string operand types over object when both fit', () => {
    const resolution = resolveBinaryOperator('+', STRING, STRING);
    assert.ok(resolution.ok);
    assert.deepEqual(resolution.signature.parameters, [STRING, STRING]);
    assert.equal(resolution.signature.category, 'stringConcatenation');
  });

  it('does not order strings', () => {
    assert.equal(outcome(resolveBinaryOperator('<', STRING, STRING)), 'CS0019');
  });
});

describe('lifted operators over nullable value types (C# spec 12.4.8)', () => {
  it('lifts arithmetic to a nullable result', () => {
    assert.equal(outcome(resolveBinaryOperator('+', nullableOf(INT), INT)), 'int?');
    assert.equal(outcome(resolveBinaryOperator('*', nullableOf(INT), nullableOf(DOUBLE))), 'double?');
    const lifted = resolveBinaryOperator('+', nullableOf(INT), INT);
    assert.ok(lifted.ok && lifted.signature.lifted);
  });

  it('keeps bool as the result of lifted comparisons and equality', () => {
    assert.equal(outcome(resolveBinaryOperator('<', nullableOf(INT), INT)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('==', nullableOf(INT), NULL_TYPE)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('==', INT, NULL_TYPE)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('==', nullableOf(DATETIME), NULL_TYPE)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('>', nullableOf(DATETIME), DATETIME)), 'bool');
  });

  it('lifts & and | on bool? but refuses && and || on it', () => {
    assert.equal(outcome(resolveBinaryOperator('&', nullableOf(BOOL), BOOL)), 'bool?');
    assert.equal(outcome(resolveBinaryOperator('&&', nullableOf(BOOL), BOOL)), 'CS0019');
  });

  it('lifts user-defined operators', () => {
    assert.equal(outcome(resolveBinaryOperator('-', nullableOf(DATETIME), DATETIME)), 'System.TimeSpan?');
  });
});

describe('equality, logic, shifts and enums', () => {
  it('compares references only when one type may be the other', () => {
    assert.equal(outcome(resolveBinaryOperator('==', VERTEX_MODEL, AGRAPH_ELEMENT_MODEL)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('==', VERTEX_MODEL, NULL_TYPE)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('!=', OBJECT, STRING)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('==', VERTEX_MODEL, EDGE_MODEL)), 'CS0019');
    assert.equal(outcome(resolveBinaryOperator('==', INT, STRING)), 'CS0019');
  });

  it('uses string equality for two strings', () => {
    const resolution = resolveBinaryOperator('==', STRING, NULL_TYPE);
    assert.ok(resolution.ok);
    assert.deepEqual(resolution.signature.parameters, [STRING, STRING]);
  });

  it('combines bools with & | ^ && || and refuses them on ints for && and ||', () => {
    for (const op of ['&', '|', '^', '&&', '||'] as const) {
      assert.equal(outcome(resolveBinaryOperator(op, BOOL, BOOL)), 'bool', op);
    }
    assert.equal(outcome(resolveBinaryOperator('&', INT, LONG)), 'long');
    assert.equal(outcome(resolveBinaryOperator('&&', INT, INT)), 'CS0019');
    assert.equal(outcome(resolveBinaryOperator('^', BOOL, INT)), 'CS0019');
    assert.equal(outcome(resolveBinaryOperator('==', BOOL, INT)), 'CS0019');
  });

  it('shifts by an int count and keeps the left operand type (promoted)', () => {
    const cases: [CsType, BinaryOperator, CsType, string][] = [
      [INT, '<<', INT, 'int'],
      [LONG, '<<', INT, 'long'],
      [BYTE, '<<', INT, 'int'],
      [ULONG, '>>', INT, 'ulong'],
      [UINT, '>>>', INT, 'uint'],
      [INT, '<<', LONG, 'CS0019'],
    ];
    for (const [a, op, b, expected] of cases) {
      assert.equal(
        outcome(resolveBinaryOperator(op, a, b)),
        expected,
        `${typeToString(a)} ${op} ${typeToString(b)}`,
      );
    }
  });

  it('compares an enum with its own values and the constant zero', () => {
    assert.equal(
      outcome(resolveBinaryOperator('==', VECTOR_DISTANCE_METRIC, VECTOR_DISTANCE_METRIC)),
      'bool',
    );
    assert.equal(
      outcome(resolveBinaryOperator('==', VECTOR_DISTANCE_METRIC, { type: INT, constant: 0 })),
      'bool',
    );
    assert.equal(
      outcome(resolveBinaryOperator('==', VECTOR_DISTANCE_METRIC, { type: INT, constant: 1 })),
      'CS0019',
    );
    assert.equal(outcome(resolveBinaryOperator('==', VECTOR_DISTANCE_METRIC, STRING_COMPARISON)), 'CS0019');
  });

  it('does enum arithmetic over the underlying type', () => {
    assert.equal(outcome(resolveBinaryOperator('-', VECTOR_DISTANCE_METRIC, VECTOR_DISTANCE_METRIC)), 'byte');
    assert.equal(
      outcome(resolveBinaryOperator('+', VECTOR_DISTANCE_METRIC, { type: INT, constant: 1 })),
      'NoSQL.GraphDB.Core.Index.Vector.VectorDistanceMetric',
    );
  });
});

describe('user-defined operators of the runtime types', () => {
  it('subtracts and adds dates and durations', () => {
    assert.equal(outcome(resolveBinaryOperator('-', DATETIME, DATETIME)), 'System.TimeSpan');
    assert.equal(outcome(resolveBinaryOperator('+', DATETIME, TIMESPAN)), 'System.DateTime');
    assert.equal(outcome(resolveBinaryOperator('-', DATETIME, TIMESPAN)), 'System.DateTime');
    assert.equal(outcome(resolveBinaryOperator('+', DATETIME, INT)), 'CS0019');
    assert.equal(outcome(resolveBinaryOperator('<', DATETIME, DATETIME)), 'bool');
  });

  it('scales and divides durations', () => {
    assert.equal(outcome(resolveBinaryOperator('*', TIMESPAN, INT)), 'System.TimeSpan');
    assert.equal(outcome(resolveBinaryOperator('*', DOUBLE, TIMESPAN)), 'System.TimeSpan');
    assert.equal(outcome(resolveBinaryOperator('/', TIMESPAN, TIMESPAN)), 'double');
  });

  it('names the runtime helper of the selected operator', () => {
    const resolution = resolveBinaryOperator('-', DATETIME, DATETIME);
    assert.ok(resolution.ok);
    assert.equal(resolution.signature.runtimeKey, 'dateTime.op_Subtraction');
  });

  it('orders and compares Guids', () => {
    assert.equal(outcome(resolveBinaryOperator('<', GUID, GUID)), 'bool');
    assert.equal(outcome(resolveBinaryOperator('==', GUID, GUID)), 'bool');
  });
});

describe('unary operators (C# spec 12.9)', () => {
  const cases: [string, CsType, string][] = [
    ['-', INT, 'int'],
    ['-', BYTE, 'int'],
    ['-', UINT, 'long'],
    ['-', ULONG, 'CS0023'],
    ['-', DECIMAL, 'decimal'],
    ['-', nullableOf(INT), 'int?'],
    ['+', CHAR, 'int'],
    ['+', ULONG, 'ulong'],
    ['~', LONG, 'long'],
    ['~', BYTE, 'int'],
    ['~', DOUBLE, 'CS0023'],
    ['~', VECTOR_DISTANCE_METRIC, 'NoSQL.GraphDB.Core.Index.Vector.VectorDistanceMetric'],
    ['!', BOOL, 'bool'],
    ['!', nullableOf(BOOL), 'bool?'],
    ['!', INT, 'CS0023'],
    ['++', BYTE, 'byte'],
    ['--', CHAR, 'char'],
    ['++', FLOAT, 'float'],
    ['++', STRING, 'CS0023'],
    ['-', TIMESPAN, 'System.TimeSpan'],
  ];
  for (const [op, operand, expected] of cases) {
    it(`types ${op}${typeToString(operand)} as ${expected}`, () => {
      assert.equal(outcome(resolveUnaryOperator(op as '-', operand)), expected);
    });
  }

  it('names the operator and operand in CS0023', () => {
    const resolution = resolveUnaryOperator('!', INT);
    assert.ok(!resolution.ok);
    assert.deepEqual(resolution.diagnostic, { id: 'CS0023', args: ['!', 'int'] });
  });
});

describe('?? typing (C# spec 12.15)', () => {
  it('unwraps a nullable left operand when the right one converts to its underlying type', () => {
    assert.equal(outcome(coalesceType(nullableOf(INT), { type: INT, constant: 0 })), 'int');
    assert.equal(outcome(coalesceType(nullableOf(BYTE), { type: INT, constant: 1 })), 'byte');
    assert.equal(outcome(coalesceType(nullableOf(INT), nullableOf(INT))), 'int?');
    assert.equal(outcome(coalesceType(nullableOf(INT), LONG)), 'long');
  });

  it('keeps a reference type, or takes the right type the left converts to', () => {
    assert.equal(outcome(coalesceType(STRING, STRING)), 'string');
    assert.equal(
      outcome(coalesceType(VERTEX_MODEL, AGRAPH_ELEMENT_MODEL)),
      'NoSQL.GraphDB.Core.Model.AGraphElementModel',
    );
    assert.equal(outcome(coalesceType(STRING, NULL_TYPE)), 'string');
  });

  it('reports CS0019 for a non-nullable value type on the left or incompatible operands', () => {
    const notNullable = coalesceType(INT, INT);
    assert.ok(!notNullable.ok);
    assert.deepEqual(notNullable.diagnostic, { id: 'CS0019', args: ['??', 'int', 'int'] });
    assert.equal(outcome(coalesceType(STRING, INT)), 'CS0019');
  });
});

describe('?: typing (C# spec 12.18, Roslyn best type, C# 9 target typing)', () => {
  it('takes the type the other branch converts to', () => {
    assert.equal(outcome(conditionalType(INT, LONG)), 'long');
    assert.equal(outcome(conditionalType({ type: INT, constant: 1 }, { type: LONG, constant: 2n })), 'long');
    assert.equal(outcome(conditionalType(STRING, NULL_TYPE)), 'string');
    assert.equal(
      outcome(conditionalType(VERTEX_MODEL, AGRAPH_ELEMENT_MODEL)),
      'NoSQL.GraphDB.Core.Model.AGraphElementModel',
    );
  });

  it('prefers the wider type when a constant makes both directions convert', () => {
    assert.equal(outcome(conditionalType({ type: BYTE, constant: 1 }, { type: INT, constant: 2 })), 'int');
  });

  it('uses the target type when there is no natural type, and reports CS0173 without one', () => {
    assert.equal(outcome(conditionalType(INT, NULL_TYPE, nullableOf(INT))), 'int?');
    assert.equal(
      outcome(conditionalType(VERTEX_MODEL, EDGE_MODEL, AGRAPH_ELEMENT_MODEL)),
      'NoSQL.GraphDB.Core.Model.AGraphElementModel',
    );
    const noType = conditionalType(INT, NULL_TYPE);
    assert.ok(!noType.ok);
    assert.deepEqual(noType.diagnostic, { id: 'CS0173', args: ['int', '<null>'] });
  });

  it('finds the best common type of several arms', () => {
    assert.equal(bestCommonType([INT, LONG, { type: INT, constant: 3 }]), LONG);
    assert.equal(bestCommonType([VERTEX_MODEL, EDGE_MODEL]), undefined);
  });
});

describe('compound assignment (C# spec 12.21.4)', () => {
  it('casts the result back to the target of a predefined operator', () => {
    assert.equal(outcome(resolveCompoundAssignment('+', BYTE, { type: INT, constant: 1 })), 'int');
    assert.equal(outcome(resolveCompoundAssignment('<<', BYTE, INT)), 'int');
    assert.equal(outcome(resolveCompoundAssignment('+', DOUBLE, INT)), 'double');
  });

  it('reports the conversion of the result when the value itself does not fit the target', () => {
    assert.equal(outcome(resolveCompoundAssignment('+', INT, DOUBLE)), 'CS0266');
    assert.equal(outcome(resolveCompoundAssignment('+', INT, STRING)), 'CS0029');
  });
});
