import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  castDiagnostic,
  classifyConversion,
  constantCastDiagnostic,
  implicitConversionDiagnostic,
  isBetterConversionTarget,
  resolveConversion,
} from '../../../src/fragments/types/conversions.js';
import {
  AGRAPH_ELEMENT_MODEL,
  BYTE,
  CHAR,
  DATETIME,
  DATETIMEOFFSET,
  DECIMAL,
  DOUBLE,
  EDGE_MODEL,
  FLOAT,
  INT,
  LAMBDA_TYPE,
  LONG,
  NULL_TYPE,
  NUMERIC_KEYWORDS,
  OBJECT,
  SBYTE,
  SHORT,
  STRING,
  STRING_COMPARISON,
  UINT,
  ULONG,
  USHORT,
  VERTEX_MODEL,
  arrayOf,
  enumerableOf,
  funcOf,
  keyValuePairOf,
  listOf,
  nullableOf,
  readOnlyDictionaryOf,
  readOnlyListOf,
  readOnlySpanOf,
  typeOfKeyword,
  type CsType,
} from '../../../src/fragments/types/types.js';

function keyword(name: string): CsType {
  const type = typeOfKeyword(name);
  assert.ok(type, name);
  return type;
}

describe('implicit and explicit numeric conversions (C# spec 10.2.3 and 10.3.2)', () => {
  // The C# specification's table, written out independently of the implementation: '=' identity, 'I'
  // implicit, 'E' explicit. Rows convert from, columns to, both in this order.
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
  const table = [
    '= E I E I E I E E I I I', // sbyte
    'E = I I I I I I E I I I', // byte
    'E E = E I E I E E I I I', // short
    'E E E = I I I I E I I I', // ushort
    'E E E E = E I E E I I I', // int
    'E E E E E = I I E I I I', // uint
    'E E E E E E = E E I I I', // long
    'E E E E E E E = E I I I', // ulong
    'E E E I I I I I = I I I', // char
    'E E E E E E E E E = I E', // float
    'E E E E E E E E E E = E', // double
    'E E E E E E E E E E E =', // decimal
  ];
  const expected: Record<string, string> = { '=': 'identity', I: 'implicit', E: 'explicit' };

  it('covers the 11 numeric types and char', () => {
    assert.deepEqual([...NUMERIC_KEYWORDS].sort(), [...order].sort());
  });

  for (const [i, from] of order.entries()) {
    it(`classifies every conversion from ${from}`, () => {
      const cells = table[i].split(' ');
      for (const [j, to] of order.entries()) {
        assert.equal(classifyConversion(keyword(from), keyword(to)), expected[cells[j]], `${from} -> ${to}`);
      }
    });
  }

  it('has no implicit conversion to char, and long to float is implicit while double to float is not', () => {
    for (const from of order.filter((k) => k !== 'char')) {
      assert.equal(classifyConversion(keyword(from), CHAR), 'explicit', from);
    }
    assert.equal(classifyConversion(LONG, FLOAT), 'implicit');
    assert.equal(classifyConversion(DOUBLE, FLOAT), 'explicit');
  });

  it('reports CS0266 for a conversion that needs a cast and CS0029 where none exists', () => {
    assert.deepEqual(implicitConversionDiagnostic(DOUBLE, INT), { id: 'CS0266', args: ['double', 'int'] });
    assert.deepEqual(implicitConversionDiagnostic(DOUBLE, keyword('bool')), {
      id: 'CS0029',
      args: ['double', 'bool'],
    });
    assert.deepEqual(implicitConversionDiagnostic(STRING, DATETIME), {
      id: 'CS0029',
      args: ['string', 'System.DateTime'],
    });
    assert.equal(implicitConversionDiagnostic(INT, DOUBLE), undefined);
  });
});

describe('implicit constant expression conversions (C# spec 10.2.11)', () => {
  it('converts an int constant to sbyte, byte, short, ushort, uint and ulong when it fits', () => {
    for (const target of ['sbyte', 'byte', 'short', 'ushort', 'uint', 'ulong']) {
      assert.equal(classifyConversion(INT, keyword(target), 100), 'implicit', target);
    }
  });

  it('keeps the range of each target', () => {
    assert.equal(classifyConversion(INT, BYTE, 255), 'implicit');
    assert.equal(classifyConversion(INT, BYTE, 256), 'explicit');
    assert.equal(classifyConversion(INT, BYTE, -1), 'explicit');
    assert.equal(classifyConversion(INT, SBYTE, -128), 'implicit');
    assert.equal(classifyConversion(INT, SBYTE, 128), 'explicit');
    assert.equal(classifyConversion(INT, SHORT, -32768), 'implicit');
    assert.equal(classifyConversion(INT, USHORT, 65535), 'implicit');
    assert.equal(classifyConversion(INT, UINT, -1), 'explicit');
    assert.equal(classifyConversion(INT, ULONG, 0), 'implicit');
  });

  it('converts a non-negative long constant to ulong only', () => {
    assert.equal(classifyConversion(LONG, ULONG, 5n), 'implicit');
    assert.equal(classifyConversion(LONG, ULONG, -5n), 'explicit');
    assert.equal(classifyConversion(LONG, INT, 5n), 'explicit');
  });

  it('never converts an int constant to char', () => {
    assert.equal(classifyConversion(INT, CHAR, 65), 'explicit');
    assert.deepEqual(implicitConversionDiagnostic({ type: INT, constant: 65 }, CHAR), {
      id: 'CS0266',
      args: ['int', 'char'],
    });
  });

  it('applies to the underlying type of a nullable target', () => {
    assert.equal(classifyConversion(INT, nullableOf(BYTE), 1), 'implicit');
    assert.equal(resolveConversion({ type: INT, constant: 1 }, nullableOf(BYTE)).category, 'nullable');
  });

  it('reports CS0031 for a constant out of the range a constant conversion accepts', () => {
    assert.deepEqual(implicitConversionDiagnostic({ type: INT, constant: 300 }, BYTE), {
      id: 'CS0031',
      args: ['300', 'byte'],
    });
    assert.deepEqual(implicitConversionDiagnostic({ type: LONG, constant: -1n }, ULONG), {
      id: 'CS0031',
      args: ['-1', 'ulong'],
    });
    // A nullable target is a nullable conversion, not a numeric one: C# words it CS0266.
    assert.equal(implicitConversionDiagnostic({ type: INT, constant: 300 }, nullableOf(BYTE))?.id, 'CS0266');
  });

  it('converts the constant zero, and no other, to an enum', () => {
    assert.equal(classifyConversion(INT, STRING_COMPARISON, 0), 'implicit');
    assert.equal(classifyConversion(INT, STRING_COMPARISON, 4), 'explicit');
    assert.equal(classifyConversion(INT, STRING_COMPARISON), 'explicit');
    assert.equal(classifyConversion(STRING_COMPARISON, INT), 'explicit');
  });

  it('reports CS0664 for a double literal assigned to float or decimal', () => {
    assert.deepEqual(implicitConversionDiagnostic({ type: DOUBLE, isNumericLiteral: true }, FLOAT), {
      id: 'CS0664',
      args: ['F', 'float'],
    });
    assert.deepEqual(implicitConversionDiagnostic({ type: DOUBLE, isNumericLiteral: true }, DECIMAL), {
      id: 'CS0664',
      args: ['M', 'decimal'],
    });
    assert.equal(implicitConversionDiagnostic({ type: DOUBLE }, FLOAT)?.id, 'CS0266');
    assert.equal(
      implicitConversionDiagnostic({ type: DOUBLE, isNumericLiteral: true }, nullableOf(FLOAT))?.id,
      'CS0266',
    );
  });

  it('reports CS0030 for a cast with no conversion and accepts casts that exist', () => {
    assert.deepEqual(castDiagnostic(STRING, INT), { id: 'CS0030', args: ['string', 'int'] });
    assert.deepEqual(castDiagnostic(NULL_TYPE, INT), { id: 'CS0037', args: ['int'] });
    assert.equal(castDiagnostic(DOUBLE, INT), undefined);
    assert.equal(castDiagnostic(OBJECT, INT), undefined);
    assert.equal(castDiagnostic(AGRAPH_ELEMENT_MODEL, VERTEX_MODEL), undefined);
    assert.equal(castDiagnostic(VERTEX_MODEL, EDGE_MODEL)?.id, 'CS0030');
    assert.equal(castDiagnostic({ type: INT, constant: 300 }, BYTE)?.id, 'CS0221');
    assert.equal(castDiagnostic({ type: INT, constant: 200 }, BYTE), undefined);
  });

  it('reports CS0221 for a cast of a constant that does not fit an integral type', () => {
    assert.deepEqual(constantCastDiagnostic(300, BYTE), {
      id: 'CS0221',
      args: ['300', 'byte'],
    });
    assert.equal(constantCastDiagnostic(255, BYTE), undefined);
    assert.equal(constantCastDiagnostic(1e10, INT)?.id, 'CS0221');
    assert.equal(constantCastDiagnostic(3.9, INT), undefined);
    assert.equal(constantCastDiagnostic(1e10, DOUBLE), undefined);
  });
});

describe('null, nullable and boxing conversions', () => {
  it('converts null to reference and nullable types, and reports CS0037 for a value type', () => {
    assert.equal(classifyConversion(NULL_TYPE, STRING), 'implicit');
    assert.equal(classifyConversion(NULL_TYPE, VERTEX_MODEL), 'implicit');
    assert.equal(classifyConversion(NULL_TYPE, nullableOf(INT)), 'implicit');
    assert.equal(classifyConversion(NULL_TYPE, INT), 'none');
    assert.deepEqual(implicitConversionDiagnostic(NULL_TYPE, INT), { id: 'CS0037', args: ['int'] });
  });

  it('wraps implicitly and unwraps only with a cast', () => {
    assert.equal(classifyConversion(INT, nullableOf(INT)), 'implicit');
    assert.equal(classifyConversion(INT, nullableOf(LONG)), 'implicit');
    assert.equal(classifyConversion(nullableOf(INT), nullableOf(LONG)), 'implicit');
    assert.equal(classifyConversion(nullableOf(LONG), nullableOf(INT)), 'explicit');
    assert.equal(classifyConversion(nullableOf(INT), INT), 'explicit');
    assert.equal(classifyConversion(DOUBLE, nullableOf(INT)), 'explicit');
    assert.deepEqual(implicitConversionDiagnostic(nullableOf(keyword('bool')), keyword('bool')), {
      id: 'CS0266',
      args: ['bool?', 'bool'],
    });
  });

  it('boxes value types to object and unboxes with a cast', () => {
    assert.equal(classifyConversion(INT, OBJECT), 'implicit');
    assert.equal(resolveConversion(INT, OBJECT).category, 'boxing');
    assert.equal(classifyConversion(nullableOf(INT), OBJECT), 'implicit');
    assert.equal(classifyConversion(OBJECT, INT), 'explicit');
    assert.equal(resolveConversion(OBJECT, INT).category, 'unboxing');
    assert.equal(classifyConversion(OBJECT, nullableOf(INT)), 'explicit');
  });

  it('never boxes a ReadOnlySpan', () => {
    assert.equal(classifyConversion(readOnlySpanOf(FLOAT), OBJECT), 'none');
    assert.equal(classifyConversion(OBJECT, readOnlySpanOf(FLOAT)), 'none');
  });
});

describe('reference conversions (C# spec 10.2.8 and 10.3.5)', () => {
  it('converts a derived element model to its base and back only with a cast', () => {
    assert.equal(classifyConversion(VERTEX_MODEL, AGRAPH_ELEMENT_MODEL), 'implicit');
    assert.equal(classifyConversion(AGRAPH_ELEMENT_MODEL, VERTEX_MODEL), 'explicit');
    assert.equal(classifyConversion(VERTEX_MODEL, OBJECT), 'implicit');
    assert.equal(classifyConversion(OBJECT, EDGE_MODEL), 'explicit');
  });

  it('has no conversion between sibling sealed classes', () => {
    assert.equal(classifyConversion(VERTEX_MODEL, EDGE_MODEL), 'none');
    assert.deepEqual(implicitConversionDiagnostic(VERTEX_MODEL, EDGE_MODEL), {
      id: 'CS0029',
      args: ['NoSQL.GraphDB.Core.Model.VertexModel', 'NoSQL.GraphDB.Core.Model.EdgeModel'],
    });
  });

  it('converts collections to the interfaces they implement', () => {
    assert.equal(classifyConversion(listOf(INT), readOnlyListOf(INT)), 'implicit');
    assert.equal(classifyConversion(listOf(INT), enumerableOf(INT)), 'implicit');
    assert.equal(classifyConversion(readOnlyListOf(EDGE_MODEL), enumerableOf(EDGE_MODEL)), 'implicit');
    assert.equal(classifyConversion(arrayOf(STRING), enumerableOf(STRING)), 'implicit');
    assert.equal(classifyConversion(arrayOf(STRING), readOnlyListOf(STRING)), 'implicit');
    assert.equal(classifyConversion(STRING, enumerableOf(CHAR)), 'implicit');
    const groups = readOnlyDictionaryOf(STRING, readOnlyListOf(EDGE_MODEL));
    assert.equal(
      classifyConversion(groups, enumerableOf(keyValuePairOf(STRING, readOnlyListOf(EDGE_MODEL)))),
      'implicit',
    );
  });

  it('is covariant in the out parameters of IEnumerable and IReadOnlyList for reference types only', () => {
    assert.equal(
      classifyConversion(readOnlyListOf(EDGE_MODEL), enumerableOf(AGRAPH_ELEMENT_MODEL)),
      'implicit',
    );
    assert.equal(classifyConversion(listOf(VERTEX_MODEL), enumerableOf(OBJECT)), 'implicit');
    assert.equal(classifyConversion(enumerableOf(INT), enumerableOf(OBJECT)), 'explicit');
    assert.equal(
      classifyConversion(enumerableOf(AGRAPH_ELEMENT_MODEL), enumerableOf(VERTEX_MODEL)),
      'explicit',
    );
  });

  it('is contravariant in Func parameters and covariant in its result', () => {
    assert.equal(
      classifyConversion(
        funcOf(AGRAPH_ELEMENT_MODEL, keyword('bool')),
        funcOf(VERTEX_MODEL, keyword('bool')),
      ),
      'implicit',
    );
    assert.equal(
      classifyConversion(
        funcOf(VERTEX_MODEL, keyword('bool')),
        funcOf(AGRAPH_ELEMENT_MODEL, keyword('bool')),
      ),
      'none',
    );
  });

  it('converts arrays covariantly and interfaces back to arrays with a cast', () => {
    assert.equal(classifyConversion(arrayOf(VERTEX_MODEL), arrayOf(AGRAPH_ELEMENT_MODEL)), 'implicit');
    assert.equal(classifyConversion(arrayOf(AGRAPH_ELEMENT_MODEL), arrayOf(VERTEX_MODEL)), 'explicit');
    assert.equal(classifyConversion(arrayOf(INT), arrayOf(LONG)), 'none');
    assert.equal(classifyConversion(enumerableOf(STRING), arrayOf(STRING)), 'explicit');
  });
});

describe('user-defined and lambda conversions', () => {
  it('converts DateTime to DateTimeOffset, lifted to their nullables', () => {
    assert.deepEqual(resolveConversion(DATETIME, DATETIMEOFFSET), {
      kind: 'implicit',
      category: 'userDefined',
      runtimeKey: 'dateTimeOffset.op_Implicit',
    });
    assert.equal(classifyConversion(nullableOf(DATETIME), nullableOf(DATETIMEOFFSET)), 'implicit');
    assert.equal(classifyConversion(DATETIMEOFFSET, DATETIME), 'none');
  });

  it('converts arrays and strings to read-only spans', () => {
    assert.equal(resolveConversion(arrayOf(FLOAT), readOnlySpanOf(FLOAT)).runtimeKey, 'span.fromArray');
    assert.equal(resolveConversion(STRING, readOnlySpanOf(CHAR)).runtimeKey, 'span.fromString');
    assert.equal(classifyConversion(arrayOf(DOUBLE), readOnlySpanOf(FLOAT)), 'none');
  });

  it('converts a lambda to a delegate type and reports CS1660 for any other type', () => {
    assert.equal(classifyConversion(LAMBDA_TYPE, funcOf(STRING, keyword('bool'))), 'implicit');
    assert.deepEqual(implicitConversionDiagnostic(LAMBDA_TYPE, INT), {
      id: 'CS1660',
      args: ['int'],
    });
  });
});

describe('better conversion targets (C# spec 12.6.4.7)', () => {
  it('prefers the type that converts implicitly to the other', () => {
    assert.ok(isBetterConversionTarget(INT, LONG));
    assert.ok(!isBetterConversionTarget(LONG, INT));
    assert.ok(isBetterConversionTarget(FLOAT, DOUBLE));
    assert.ok(isBetterConversionTarget(STRING, OBJECT));
  });

  it('prefers a signed integral type to an unsigned one', () => {
    assert.ok(isBetterConversionTarget(INT, UINT));
    assert.ok(isBetterConversionTarget(LONG, ULONG));
    assert.ok(isBetterConversionTarget(SBYTE, BYTE));
    assert.ok(!isBetterConversionTarget(UINT, INT));
  });
});
