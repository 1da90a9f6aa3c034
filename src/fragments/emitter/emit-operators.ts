/**
 * JavaScript of C#'s predefined operators, chosen by the signature's category and parameter type
 * (semantics.ts and decimal.ts implement what JavaScript lacks):
 *
 * - int: `(a + b) | 0`, `(a - b) | 0`, `rt.i32.mul`, `rt.i32.div` / `rt.i32.rem` (DivideByZeroException,
 *   OverflowException for int.MinValue / -1); uint, long, ulong through `rt.u32`, `rt.i64`, `rt.u64`;
 *   float through `rt.f32` (every result rounded to float32); double as JavaScript does; decimal `rt.dec`.
 * - sbyte, byte, short, ushort, char operands only reach an operator through `++`/`--` and compound
 *   assignment signatures that keep the operand's type: the operation is computed as int, then narrowed
 *   to the type (wrapping, or OverflowException when checked).
 * - `checked`: +, -, * and unary - of integral types throw OverflowException instead of wrapping.
 * - shifts mask their count as C# does (JavaScript's number shifts already mask by 31).
 * - comparisons are false with NaN (JavaScript's too); equality is `===` except for decimals.
 * - bool `&`, `|`, `^` evaluate both operands; enums compute over their underlying type.
 */
import type { LBinary, LUnary } from '../lowering/lowered.js';
import { NUMBER_RANGES, arithmeticKeyword, representationOf } from '../lowering/representation.js';
import { BOOL, stripNullable, type BinaryOperator, type NumericKeyword } from '../types/index.js';
import type { EmitContext } from './emit-context.js';
import { numericConversion } from './emit-conversions.js';

const ARITHMETIC_NAMES: Readonly<Partial<Record<BinaryOperator, string>>> = {
  '+': 'add',
  '-': 'sub',
  '*': 'mul',
  '/': 'div',
  '%': 'rem',
};

const RUNTIME_OF: Readonly<Partial<Record<NumericKeyword, string>>> = {
  int: 'rt.i32',
  uint: 'rt.u32',
  long: 'rt.i64',
  ulong: 'rt.u64',
  float: 'rt.f32',
  decimal: 'rt.dec',
};

const COMPARISON_NAMES: Readonly<Partial<Record<BinaryOperator, string>>> = {
  '<': 'lt',
  '<=': 'le',
  '>': 'gt',
  '>=': 'ge',
};

function keywordOf(node: LBinary | LUnary): NumericKeyword | undefined {
  return arithmeticKeyword(node.signature.parameters[0]);
}

function requireKeyword(node: LBinary | LUnary): NumericKeyword {
  const keyword = keywordOf(node);
  if (keyword === undefined) throw new Error(`emitter: operator ${node.operator} over a non-numeric type`);
  return keyword;
}

function range(keyword: NumericKeyword): string {
  const [min, max] = NUMBER_RANGES[keyword] ?? [0, 0];
  return `${min < 0 ? `(${min})` : min}, ${max}`;
}

function bigRange(keyword: NumericKeyword): string {
  return keyword === 'long' ? '(-9223372036854775808n), 9223372036854775807n' : '0n, 18446744073709551615n';
}

/** A predefined binary operator, operands already emitted (`left`, `right` are safe as operands). */
export function binaryOperator(context: EmitContext, node: LBinary, left: string, right: string): string {
  const { operator } = node;
  switch (node.signature.category) {
    case 'numeric':
      return arithmetic(context, requireKeyword(node), operator, left, right, node.checked);
    case 'enum':
      return enumArithmetic(context, node, left, right);
    case 'shift':
      return shift(requireKeyword(node), operator, left, right);
    case 'comparison':
      if (keywordOf(node) === 'decimal') return `rt.dec.${COMPARISON_NAMES[operator]}(${left}, ${right})`;
      return `(${left} ${operator} ${right})`;
    case 'equality': {
      if (keywordOf(node) === 'decimal') {
        const equal = `rt.dec.eq(${left}, ${right})`;
        return operator === '==' ? equal : `(!${equal})`;
      }
      return `(${left} ${operator === '==' ? '===' : '!=='} ${right})`;
    }
    case 'logical':
      return logical(requireLogicalType(node), operator, left, right);
    case 'conditional':
      return `(${left} ${operator} ${right})`;
    case 'referenceEquality': {
      const equal =
        left === 'null' || right === 'null'
          ? `(${left} === ${right})`
          : `rt.obj.refEquals(${left}, ${right})`;
      return operator === '==' ? equal : `(!${equal})`;
    }
    case 'stringConcatenation':
    case 'userDefined':
      throw new Error(`emitter: ${node.signature.category} operator reaches the operator printer`);
  }
}

function requireLogicalType(node: LBinary): NumericKeyword | 'bool' {
  return stripNullable(node.signature.parameters[0]) === BOOL ? 'bool' : requireKeyword(node);
}

function arithmetic(
  context: EmitContext,
  keyword: NumericKeyword,
  operator: BinaryOperator,
  left: string,
  right: string,
  checked: boolean,
): string {
  const name = ARITHMETIC_NAMES[operator];
  if (name === undefined) throw new Error(`emitter: ${operator} is not arithmetic`);
  const representation = representationOf(keyword);
  if (representation === 'double') return `(${left} ${operator} ${right})`;
  if (representation === 'single' || representation === 'decimal')
    return `${RUNTIME_OF[keyword]}.${name}(${left}, ${right})`;
  const exact = operator === '+' || operator === '-' || operator === '*';
  if (checked && exact) {
    if (representation === 'bigint') {
      return `${context.helper('kRangeBig')}((${left} ${operator} ${right}), ${bigRange(keyword)})`;
    }
    return `${context.helper('kRange')}((${left} ${operator} ${right}), ${range(keyword)})`;
  }
  if (keyword === 'int') {
    if (operator === '+' || operator === '-') return `((${left} ${operator} ${right}) | 0)`;
    return `rt.i32.${name}(${left}, ${right})`;
  }
  const runtime = RUNTIME_OF[keyword];
  if (runtime !== undefined) return `${runtime}.${name}(${left}, ${right})`;
  // A small integral type: computed as int, then narrowed to the type.
  return numericConversion(
    context,
    arithmetic(context, 'int', operator, left, right, false),
    'int',
    keyword,
    checked,
  );
}

/** `e + n`, `e - e`, `e & e`, ...: over the underlying type, the result narrowed to it. */
function enumArithmetic(context: EmitContext, node: LBinary, left: string, right: string): string {
  const result = arithmeticKeyword(node.type) ?? requireKeyword(node);
  switch (node.operator) {
    case '+':
    case '-':
      return arithmetic(context, result, node.operator, left, right, node.checked);
    case '&':
    case '|':
    case '^':
      return logical(result, node.operator, left, right);
    default:
      return binaryComparisonFallback(node.operator, left, right);
  }
}

function binaryComparisonFallback(operator: BinaryOperator, left: string, right: string): string {
  if (operator === '==') return `(${left} === ${right})`;
  if (operator === '!=') return `(${left} !== ${right})`;
  return `(${left} ${operator} ${right})`;
}

function shift(keyword: NumericKeyword, operator: BinaryOperator, left: string, right: string): string {
  switch (keyword) {
    case 'uint':
      return operator === '<<' ? `rt.u32.shl(${left}, ${right})` : `rt.u32.shr(${left}, ${right})`;
    case 'long':
      if (operator === '<<') return `rt.i64.shl(${left}, ${right})`;
      if (operator === '>>') return `rt.i64.shr(${left}, ${right})`;
      return `rt.cast.bigToInt64(rt.u64.shr(rt.cast.bigToUInt64(${left}), ${right}))`;
    case 'ulong':
      return operator === '<<' ? `rt.u64.shl(${left}, ${right})` : `rt.u64.shr(${left}, ${right})`;
    default:
      // int (and the small types promoted to it): JavaScript masks the count by 31 as C# does.
      if (operator === '>>>') return `((${left} >>> ${right}) | 0)`;
      return `(${left} ${operator} ${right})`;
  }
}

function logical(
  type: NumericKeyword | 'bool',
  operator: BinaryOperator,
  left: string,
  right: string,
): string {
  if (type === 'bool') {
    // Both operands are evaluated, unlike && and ||.
    if (operator === '^') return `(${left} !== ${right})`;
    return `((${left} ${operator} ${right}) !== 0)`;
  }
  if (type === 'uint') {
    const name = operator === '&' ? 'and' : operator === '|' ? 'or' : 'xor';
    return `rt.u32.${name}(${left}, ${right})`;
  }
  return `(${left} ${operator} ${right})`;
}

/** A predefined unary operator, the operand already emitted. */
export function unaryOperator(context: EmitContext, node: LUnary, operand: string): string {
  const keyword =
    node.signature.category === 'logical' && stripNullable(node.signature.parameters[0]) === BOOL
      ? 'bool'
      : requireKeyword(node);
  switch (node.operator) {
    case '!':
      return `(!${operand})`;
    case '+':
      return operand;
    case '-':
      return negation(context, keyword as NumericKeyword, operand, node.checked);
    case '~':
      if (keyword === 'uint') return `rt.u32.not(${operand})`;
      if (keyword === 'ulong') return `rt.u64.not(${operand})`;
      if (keyword === 'int' || keyword === 'long') return `(~${operand})`;
      return numericConversion(context, `(~${operand})`, 'int', keyword as NumericKeyword, false);
  }
}

function negation(context: EmitContext, keyword: NumericKeyword, operand: string, checked: boolean): string {
  switch (representationOf(keyword)) {
    case 'double':
    case 'single':
      return `(-${operand})`;
    case 'decimal':
      return `rt.dec.neg(${operand})`;
    case 'bigint':
      if (checked) return `${context.helper('kRangeBig')}((-${operand}), ${bigRange(keyword)})`;
      return keyword === 'long' ? `rt.i64.neg(${operand})` : `rt.cast.bigToUInt64(-${operand})`;
    case 'integer':
      if (checked) return `${context.helper('kRange')}((-${operand}), ${range(keyword)})`;
      if (keyword === 'int') return `(-${operand} | 0)`;
      return numericConversion(context, `(-${operand})`, 'int', keyword, false);
  }
}
