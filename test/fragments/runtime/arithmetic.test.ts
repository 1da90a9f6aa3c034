import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { FragmentException } from '../../../src/fragments/runtime/index.js';
import {
  cast,
  floating,
  int32,
  int64,
  single,
  uint32,
  uint64,
} from '../../../src/fragments/runtime/semantics.js';
import { decimal } from '../../../src/fragments/runtime/decimal.js';
import { math } from '../../../src/fragments/runtime/math.js';
import { formatValue } from '../../../src/index.js';

const INT_MAX = 2147483647;
const INT_MIN = -2147483648;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

const throwsDotNet = (fn: () => unknown, name: string, message?: string) =>
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof FragmentException, `expected a ${name}, got ${String(error)}`);
    assert.equal(error.name, name);
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });

/** C#'s int result of an exact integer: the low 32 bits, signed. */
const wrap32 = (value: bigint) => Number(BigInt.asIntN(32, value));
const int32Arbitrary = fc.integer({ min: INT_MIN, max: INT_MAX });
const int64Arbitrary = fc.bigInt({ min: LONG_MIN, max: LONG_MAX });

describe('C# int arithmetic', () => {
  it('wraps on overflow: int.MaxValue + 1 == int.MinValue', () => {
    assert.equal(int32.add(INT_MAX, 1), INT_MIN);
    assert.equal(int32.sub(INT_MIN, 1), INT_MAX);
    assert.equal(int32.mul(65536, 65536), 0);
    assert.equal(int32.neg(INT_MIN), INT_MIN);
  });

  it('divides toward zero and keeps the dividend sign in %', () => {
    assert.equal(int32.div(7, 2), 3);
    assert.equal(int32.div(-7, 2), -3);
    assert.equal(int32.rem(-7, 3), -1);
    assert.equal(int32.rem(7, -3), 1);
    assert.ok(Object.is(int32.rem(-4, 2), 0), 'never -0');
    assert.ok(Object.is(int32.div(0, -5), 0));
  });

  it('throws DivideByZeroException for / and % by zero, OverflowException for int.MinValue / -1', () => {
    throwsDotNet(() => int32.div(1, 0), 'DivideByZeroException', 'Attempted to divide by zero.');
    throwsDotNet(() => int32.rem(1, 0), 'DivideByZeroException');
    throwsDotNet(() => int32.div(INT_MIN, -1), 'OverflowException');
    throwsDotNet(() => int32.rem(INT_MIN, -1), 'OverflowException');
  });

  it('matches BigInt arithmetic reduced to 32 bits (property)', () => {
    fc.assert(
      fc.property(int32Arbitrary, int32Arbitrary, (a, b) => {
        const x = BigInt(a);
        const y = BigInt(b);
        assert.equal(int32.add(a, b), wrap32(x + y));
        assert.equal(int32.sub(a, b), wrap32(x - y));
        assert.equal(int32.mul(a, b), wrap32(x * y));
        if (b !== 0 && !(a === INT_MIN && b === -1)) {
          assert.equal(int32.div(a, b), Number(x / y));
          assert.equal(int32.rem(a, b), Number(x % y));
        }
      }),
    );
  });

  it('uint wraps modulo 2^32', () => {
    assert.equal(uint32.sub(0, 1), 4294967295);
    assert.equal(uint32.add(4294967295, 1), 0);
    assert.equal(uint32.mul(4294967295, 2), 4294967294);
    assert.equal(uint32.div(4294967295, 2), 2147483647);
    assert.equal(uint32.not(0), 4294967295);
    assert.equal(uint32.shr(0x80000000, 31), 1);
    throwsDotNet(() => uint32.rem(5, 0), 'DivideByZeroException');
  });
});

describe('C# long and ulong arithmetic', () => {
  it('wraps at 64 bits and stays exact beyond 2^53', () => {
    assert.equal(int64.add(LONG_MAX, 1n), LONG_MIN);
    assert.equal(int64.mul(2n ** 53n + 1n, 3n), 3n * 2n ** 53n + 3n);
    assert.equal(uint64.sub(0n, 1n), 2n ** 64n - 1n);
    assert.equal(int64.shl(1n, 64), 1n, 'the count is masked to 6 bits');
    assert.equal(int64.shl(1n, 63), LONG_MIN);
    assert.equal(int64.shr(-8n, 1), -4n);
    assert.equal(uint64.not(0n), 2n ** 64n - 1n);
  });

  it('divides toward zero and throws as int does', () => {
    assert.equal(int64.div(-7n, 2n), -3n);
    assert.equal(int64.rem(-7n, 3n), -1n);
    throwsDotNet(() => int64.div(1n, 0n), 'DivideByZeroException');
    throwsDotNet(() => int64.div(LONG_MIN, -1n), 'OverflowException');
    throwsDotNet(() => uint64.rem(1n, 0n), 'DivideByZeroException');
  });

  it('matches BigInt arithmetic reduced to 64 bits (property)', () => {
    fc.assert(
      fc.property(int64Arbitrary, int64Arbitrary, (a, b) => {
        assert.equal(int64.add(a, b), BigInt.asIntN(64, a + b));
        assert.equal(int64.sub(a, b), BigInt.asIntN(64, a - b));
        assert.equal(int64.mul(a, b), BigInt.asIntN(64, a * b));
        if (b !== 0n && !(a === LONG_MIN && b === -1n)) {
          assert.equal(int64.div(a, b), a / b);
          assert.equal(int64.rem(a, b), a % b);
        }
        const ua = BigInt.asUintN(64, a);
        const ub = BigInt.asUintN(64, b);
        assert.equal(uint64.add(ua, ub), BigInt.asUintN(64, ua + ub));
        assert.equal(uint64.mul(ua, ub), BigInt.asUintN(64, ua * ub));
      }),
    );
  });
});

describe('C# float and double', () => {
  it('rounds every float operation to float32: 0.1f + 0.2f', () => {
    const a = Math.fround(0.1);
    const b = Math.fround(0.2);
    assert.equal(single.add(a, b), Math.fround(a + b));
    assert.notEqual(single.add(a, b), 0.1 + 0.2);
    assert.equal(single.div(1, 3), Math.fround(1 / 3));
  });

  it('Equals and CompareTo treat NaN as .NET does; == does not', () => {
    assert.equal(floating.Equals(NaN, NaN), true);
    assert.equal(floating.CompareTo(NaN, -Infinity), -1);
    assert.equal(floating.CompareTo(NaN, NaN), 0);
    assert.equal(floating.IsInfinity(-Infinity), true);
    assert.equal(floating.IsFinite(NaN), false);
  });

  it('float arithmetic equals float32 arithmetic on random operands (property)', () => {
    const floats = fc.float({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(floats, floats, (a, b) => {
        const f32 = new Float32Array(1);
        f32[0] = a * b;
        assert.ok(Object.is(single.mul(a, b), f32[0]) || Number.isNaN(f32[0]));
      }),
    );
  });
});

describe('C# numeric conversions', () => {
  it('narrows integers by truncating bits', () => {
    assert.equal(cast.toByte(300), 44);
    assert.equal(cast.toSByte(200), -56);
    assert.equal(cast.toInt16(40000), -25536);
    assert.equal(cast.toUInt16(-1), 65535);
    assert.equal(cast.toChar(0x10041), 0x41);
    assert.equal(cast.toUInt32(-1), 4294967295);
    assert.equal(cast.toUInt64(-1), 2n ** 64n - 1n);
    assert.equal(cast.bigToInt32(2n ** 32n + 5n), 5);
    assert.equal(cast.bigToInt32(LONG_MIN), 0);
    assert.equal(cast.bigToByte(-1n), 255);
  });

  it('truncates floating values toward zero and saturates out of range (NaN is 0)', () => {
    assert.equal(cast.realToInt32(2.9), 2);
    assert.equal(cast.realToInt32(-2.9), -2);
    assert.equal(cast.realToInt32(1e10), INT_MAX);
    assert.equal(cast.realToInt32(-1e10), INT_MIN);
    assert.equal(cast.realToInt32(NaN), 0);
    assert.equal(cast.realToUInt32(-5), 0);
    assert.equal(cast.realToByte(300.5), 255);
    assert.equal(cast.realToInt64(1e19), LONG_MAX);
    assert.equal(cast.realToInt64(-0.5), 0n);
    assert.equal(cast.realToUInt64(Infinity), 2n ** 64n - 1n);
    assert.equal(cast.realToInt64(2 ** 60), 2n ** 60n);
  });

  it('converts long to float with one rounding', () => {
    // 2^60 + 2^36 + 1 lies just above a float32 tie: Number() first would round to the tie and then to even.
    const value = 2n ** 60n + 2n ** 36n + 1n;
    assert.equal(cast.bigToSingle(value), 2 ** 60 + 2 ** 37);
    assert.equal(cast.bigToSingle(16777217n), 16777216);
    assert.equal(cast.bigToSingle(-(2n ** 63n)), -(2 ** 63));
    assert.equal(cast.bigToDouble(2n ** 53n + 1n), 2 ** 53);
  });
});

describe('C# decimal', () => {
  const d = (text: string) => decimal.parse(text);

  it('is exact: 0.1m + 0.2m == 0.3m', () => {
    assert.ok(decimal.eq(decimal.add(d('0.1'), d('0.2')), d('0.3')));
    assert.equal(decimal.mul(d('0.1'), d('0.1')).toString(), '0.01');
  });

  it('keeps the scale .NET prints with: literals, sums, products, negation', () => {
    const text = (value: Decimal) => formatValue({ type: 'Decimal', value });
    assert.equal(text(d('12.50')), '12.50');
    assert.equal(text(decimal.add(d('1.10'), d('1'))), '2.10');
    assert.equal(text(decimal.sub(d('5.000'), d('0.5'))), '4.500');
    assert.equal(text(decimal.mul(d('12.50'), d('2'))), '25.00');
    assert.equal(text(decimal.mul(d('1.5'), d('1.5'))), '2.25');
    assert.equal(text(decimal.neg(d('1.50'))), '-1.50');
    assert.equal(text(math.roundDecimal(d('1.005'), 2)), '1.00');
    assert.equal(decimal.scaleOf(d('0.10')), 2);
  });

  it('divides to 28-29 significant digits, rounding half to even', () => {
    assert.equal(decimal.div(d('1'), d('3')).toFixed(), '0.3333333333333333333333333333');
    assert.equal(decimal.div(d('2'), d('3')).toFixed(), '0.6666666666666666666666666667');
    assert.equal(decimal.div(d('10'), d('3')).toFixed(), '3.3333333333333333333333333333');
    assert.equal(decimal.div(d('100'), d('3')).toFixed(), '33.333333333333333333333333333');
    assert.equal(decimal.div(d('1'), d('4')).toFixed(), '0.25');
    assert.equal(
      decimal.mul(decimal.div(d('1'), d('3')), d('3')).toFixed(),
      '0.9999999999999999999999999999',
    );
  });

  it('throws DivideByZeroException and OverflowException as .NET does', () => {
    throwsDotNet(() => decimal.div(d('1'), d('0')), 'DivideByZeroException');
    throwsDotNet(() => decimal.rem(d('1'), d('0')), 'DivideByZeroException');
    throwsDotNet(
      () => decimal.mul(d('79228162514264337593543950335'), d('2')),
      'OverflowException',
      'Value was either too large or too small for a Decimal.',
    );
    assert.equal(decimal.rem(d('-7.5'), d('2')).toFixed(), '-1.5');
  });

  it('converts to and from other numeric types', () => {
    assert.equal(decimal.fromDouble(0.1).toFixed(), '0.1');
    assert.equal(decimal.fromDouble(1 / 3).toFixed(), '0.333333333333333');
    assert.equal(decimal.fromSingle(Math.fround(0.1)).toFixed(), '0.1');
    throwsDotNet(() => decimal.fromDouble(NaN), 'OverflowException');
    throwsDotNet(() => decimal.fromDouble(1e30), 'OverflowException');
    assert.equal(decimal.toInt32(d('-2.9')), -2);
    throwsDotNet(
      () => decimal.toInt32(d('3000000000')),
      'OverflowException',
      'Value was either too large or too small for an Int32.',
    );
    assert.equal(decimal.toInt64(d('9223372036854775807.9')), LONG_MAX);
    assert.equal(decimal.toDouble(d('0.1')), 0.1);
    assert.equal(decimal.toDouble(d('12.50')), 12.5);
    assert.equal(decimal.fromBig(2n ** 70n).toFixed(), (2n ** 70n).toString());
    assert.ok(decimal.parse('1.0').eq(new Decimal(1)));
  });
});
