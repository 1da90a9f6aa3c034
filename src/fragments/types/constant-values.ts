/**
 * Values of C# constant expressions as the checker sees them, and the integral ranges constant
 * conversions test against.
 *
 * | C# type                          | ConstantValue                                   |
 * |----------------------------------|-------------------------------------------------|
 * | bool                             | boolean                                         |
 * | char                             | number (the UTF-16 code unit)                   |
 * | sbyte, byte, short, ushort, int, uint | number                                     |
 * | long, ulong                      | bigint                                          |
 * | float, double                    | number (float values already Math.fround'ed)   |
 * | decimal                          | { decimal: '1.50' } (exact text, no exponent)  |
 * | string                           | string                                          |
 * | enums                            | the underlying value (number)                   |
 * | null literal, reference types    | null                                            |
 *
 * These are the runtime representations of `runtime/types.ts` where they coincide, so a folded constant
 * can be emitted as it is.
 */
import type { NumericKeyword } from './types.js';

export interface DecimalConstant {
  readonly decimal: string;
}

export type ConstantValue = boolean | number | bigint | string | null | DecimalConstant;

export function isDecimalConstant(value: ConstantValue | undefined): value is DecimalConstant {
  return typeof value === 'object' && value !== null;
}

/** Inclusive range of each integral type, char included. */
export const INTEGRAL_RANGES: Readonly<Record<string, readonly [min: bigint, max: bigint]>> = {
  sbyte: [-128n, 127n],
  byte: [0n, 255n],
  short: [-32768n, 32767n],
  ushort: [0n, 65535n],
  char: [0n, 65535n],
  int: [-2147483648n, 2147483647n],
  uint: [0n, 4294967295n],
  long: [-9223372036854775808n, 9223372036854775807n],
  ulong: [0n, 18446744073709551615n],
};

/** The integral value of a constant, or undefined when it is not an integer. */
export function integralValue(value: ConstantValue | undefined): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return undefined;
}

/** True when an integer fits the range of an integral type. */
export function fitsIntegral(value: bigint, keyword: NumericKeyword): boolean {
  const range = INTEGRAL_RANGES[keyword];
  return range !== undefined && value >= range[0] && value <= range[1];
}

/** A constant as C# prints it in messages such as CS0031 ("Constant value '300' cannot be converted..."). */
export function constantToString(value: ConstantValue): string {
  if (value === null) return 'null';
  if (isDecimalConstant(value)) return value.decimal;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}
