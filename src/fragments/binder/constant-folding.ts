/**
 * Constant folding (C# spec §12.23): operators over constant operands are evaluated by the checker, in
 * a checked context, so `int.MaxValue + 1` is CS0220 and `1 / 0` CS0020 at compile time, exactly where
 * C# reports them, and a constant `const` local or a constant conversion (`byte b = 2 * 3`) works.
 *
 * Folded: numeric operators over int, uint, long, ulong, float, double (decimal is left to run time:
 * its constants fold only from literals), comparisons and equality, bool logic, string concatenation of
 * two strings (or null). Anything else is simply not a constant.
 */
import { formatDecimal } from '../../engine/model/decimal-text.js';
import { decimal } from '../runtime/decimal.js';
import { isFragmentException } from '../runtime/exceptions.js';
import {
  BOOL,
  STRING,
  isDecimalConstant,
  numericKeyword,
  type ConstantValue,
  type DecimalConstant,
  type OperatorSignature,
} from '../types/index.js';
import type { BinaryOperator } from '../types/index.js';
import { wrapIntegral } from './conversions.js';

export type FoldResult =
  | { readonly kind: 'value'; readonly value: ConstantValue }
  | { readonly kind: 'overflow' }
  | { readonly kind: 'decimalOverflow' }
  | { readonly kind: 'divideByZero' }
  | { readonly kind: 'notConstant' };

const NOT_CONSTANT: FoldResult = { kind: 'notConstant' };

export function foldBinary(
  op: BinaryOperator,
  signature: OperatorSignature,
  left: ConstantValue,
  right: ConstantValue,
  checked: boolean,
): FoldResult {
  if (signature.lifted || signature.category === 'userDefined') return NOT_CONSTANT;
  if (isDecimalConstant(left) && isDecimalConstant(right)) return foldDecimal(op, left, right);
  if (isDecimalConstant(left) || isDecimalConstant(right)) return NOT_CONSTANT;
  const parameter = signature.parameters[0];
  switch (signature.category) {
    case 'stringConcatenation':
      if (signature.parameters[0] !== STRING || signature.parameters[1] !== STRING) return NOT_CONSTANT;
      return value(`${(left as string | null) ?? ''}${(right as string | null) ?? ''}`);
    case 'conditional':
    case 'logical':
      if (parameter === BOOL) return foldBool(op, left as boolean, right as boolean);
      return foldIntegral(op, parameter, left, right, checked);
    case 'equality':
    case 'comparison':
      return foldComparison(op, left, right);
    case 'numeric':
    case 'shift':
      return foldIntegral(op, parameter, left, right, checked);
    default:
      return NOT_CONSTANT;
  }
}

/** Decimal constants fold with the runtime's exact .NET arithmetic; overflow is CS0463, as in C#. */
function foldDecimal(op: BinaryOperator, left: DecimalConstant, right: DecimalConstant): FoldResult {
  const a = decimal.parse(left.decimal);
  const b = decimal.parse(right.decimal);
  try {
    switch (op) {
      case '+':
        return value({ decimal: formatDecimal(decimal.add(a, b)) });
      case '-':
        return value({ decimal: formatDecimal(decimal.sub(a, b)) });
      case '*':
        return value({ decimal: formatDecimal(decimal.mul(a, b)) });
      case '/':
        if (b.isZero()) return { kind: 'divideByZero' };
        return value({ decimal: formatDecimal(decimal.div(a, b)) });
      case '%':
        if (b.isZero()) return { kind: 'divideByZero' };
        return value({ decimal: formatDecimal(decimal.rem(a, b)) });
      case '==':
        return value(a.eq(b));
      case '!=':
        return value(!a.eq(b));
      case '<':
        return value(a.lt(b));
      case '<=':
        return value(a.lte(b));
      case '>':
        return value(a.gt(b));
      case '>=':
        return value(a.gte(b));
      default:
        return NOT_CONSTANT;
    }
  } catch (error) {
    if (isFragmentException(error)) return { kind: 'decimalOverflow' };
    throw error;
  }
}

function value(v: ConstantValue): FoldResult {
  return { kind: 'value', value: v };
}

function foldBool(op: BinaryOperator, a: boolean, b: boolean): FoldResult {
  switch (op) {
    case '&&':
    case '&':
      return value(a && b);
    case '||':
    case '|':
      return value(a || b);
    case '^':
      return value(a !== b);
    case '==':
      return value(a === b);
    case '!=':
      return value(a !== b);
    default:
      return NOT_CONSTANT;
  }
}

function foldComparison(op: BinaryOperator, a: ConstantValue, b: ConstantValue): FoldResult {
  if (typeof a === 'boolean' || typeof b === 'boolean' || typeof a === 'string' || typeof b === 'string') {
    if (op === '==') return value(a === b);
    if (op === '!=') return value(a !== b);
    return NOT_CONSTANT;
  }
  if (a === null || b === null) {
    if (op === '==') return value(a === b);
    if (op === '!=') return value(a !== b);
    return NOT_CONSTANT;
  }
  const x = a as number | bigint;
  const y = b as number | bigint;
  // Mixed number and bigint operands never occur (both are converted to the operator's type), but
  // comparing through `<` keeps the equality exact for either representation.
  switch (op) {
    case '==':
      return value(!(x < y) && !(x > y) && x === x && y === y);
    case '!=':
      return value(x < y || x > y || x !== x || y !== y);
    case '<':
      return value(x < y);
    case '<=':
      return value(x <= y);
    case '>':
      return value(x > y);
    case '>=':
      return value(x >= y);
    default:
      return NOT_CONSTANT;
  }
}

function foldIntegral(
  op: BinaryOperator,
  parameter: OperatorSignature['parameters'][number],
  left: ConstantValue,
  right: ConstantValue,
  checked: boolean,
): FoldResult {
  const keyword = numericKeyword(parameter);
  if (keyword === undefined) return NOT_CONSTANT;
  if (keyword === 'float' || keyword === 'double') {
    const a = left as number;
    const b = right as number;
    const result = floatOperation(op, a, b);
    if (result === undefined) return NOT_CONSTANT;
    return value(keyword === 'float' ? Math.fround(result) : result);
  }
  const a = BigInt(left as number | bigint);
  const b = BigInt(right as number | bigint);
  let result: bigint;
  switch (op) {
    case '+':
      result = a + b;
      break;
    case '-':
      result = a - b;
      break;
    case '*':
      result = a * b;
      break;
    case '/':
      if (b === 0n) return { kind: 'divideByZero' };
      result = a / b;
      break;
    case '%':
      if (b === 0n) return { kind: 'divideByZero' };
      result = a % b;
      break;
    case '&':
      result = a & b;
      break;
    case '|':
      result = a | b;
      break;
    case '^':
      result = a ^ b;
      break;
    case '<<':
    case '>>':
    case '>>>': {
      const bits = keyword === 'long' || keyword === 'ulong' ? 64n : 32n;
      const count = b & (bits - 1n);
      if (op === '<<') result = wrapIntegral(a << count, keyword);
      else if (op === '>>') result = a >> count;
      else
        result =
          wrapIntegral(a, keyword === 'long' ? 'ulong' : keyword === 'int' ? 'uint' : keyword) >> count;
      return value(represent(wrapIntegral(result, keyword), keyword));
    }
    default:
      return NOT_CONSTANT;
  }
  const wrapped = wrapIntegral(result, keyword);
  if (wrapped !== result && checked) return { kind: 'overflow' };
  return value(represent(wrapped, keyword));
}

function represent(v: bigint, keyword: string): ConstantValue {
  return keyword === 'long' || keyword === 'ulong' ? v : Number(v);
}

function floatOperation(op: BinaryOperator, a: number, b: number): number | undefined {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    default:
      return undefined;
  }
}

/** `-x`, `+x`, `!x`, `~x` over a constant. */
export function foldUnary(
  op: '+' | '-' | '!' | '~',
  signature: OperatorSignature,
  operand: ConstantValue,
  checked: boolean,
): FoldResult {
  if (signature.lifted || signature.category === 'userDefined' || isDecimalConstant(operand))
    return NOT_CONSTANT;
  if (op === '!') return typeof operand === 'boolean' ? value(!operand) : NOT_CONSTANT;
  const keyword = numericKeyword(signature.parameters[0]);
  if (keyword === undefined) return NOT_CONSTANT;
  if (keyword === 'float' || keyword === 'double') {
    const x = operand as number;
    if (op === '~') return NOT_CONSTANT;
    return value(op === '-' ? -x : x);
  }
  const x = BigInt(operand as number | bigint);
  const result = op === '-' ? -x : op === '~' ? ~x : x;
  const wrapped = wrapIntegral(result, keyword);
  if (wrapped !== result && checked) return { kind: 'overflow' };
  return value(represent(wrapped, keyword));
}
