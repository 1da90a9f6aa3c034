/**
 * Conversions in the bound tree: the checker asks the type layer which conversion applies, reports the
 * C# diagnostic when none does, and makes it explicit as a BoundConversion (or folds it into a constant,
 * as C# does for constant expressions).
 */
import type { Span } from '../syntax/ast.js';
import {
  DECIMAL,
  DOUBLE,
  ERROR_TYPE,
  FLOAT,
  NULL_TYPE,
  castDiagnostic,
  enumUnderlyingType,
  implicitConversionDiagnostic,
  integralValue,
  isDecimalConstant,
  isEnum,
  isIntegral,
  numericKeyword,
  resolveConversion,
  type ConstantValue,
  type Conversion,
  type CsType,
  type ExpressionInfo,
  type NamedType,
} from '../types/index.js';
import type { BoundConstant, BoundExpression } from './bound.js';
import { errorExpression, type BindContext } from './context.js';

export function expressionInfo(cx: BindContext, expression: BoundExpression): ExpressionInfo {
  return {
    type: expression.type,
    ...(expression.constant === undefined ? {} : { constant: expression.constant }),
    ...(cx.numericLiterals.has(expression) ? { isNumericLiteral: true } : {}),
  };
}

/** An implicit conversion of `expression` to `target`, reported (CS0029, CS0266, ...) at `span` when none exists. */
export function convertImplicitly(
  cx: BindContext,
  expression: BoundExpression,
  target: CsType,
  span: Span = expression,
): BoundExpression {
  if (expression.type === target) return expression;
  if (expression.type === ERROR_TYPE || target === ERROR_TYPE) return errorExpression(span);
  const info = expressionInfo(cx, expression);
  const conversion = resolveConversion(info, target);
  if (conversion.kind !== 'identity' && conversion.kind !== 'implicit') {
    const diagnostic = implicitConversionDiagnostic(info, target);
    if (diagnostic !== undefined) cx.reportType(diagnostic, span);
    return errorExpression(span);
  }
  return applyConversion(cx, expression, conversion, target, false);
}

/** `(T)expression`: any conversion C# allows in a cast, reported (CS0030, CS0221, ...) at `span` otherwise. */
export function convertExplicitly(
  cx: BindContext,
  expression: BoundExpression,
  target: CsType,
  span: Span,
): BoundExpression {
  if (expression.type === ERROR_TYPE || target === ERROR_TYPE) return errorExpression(span);
  const info = expressionInfo(cx, expression);
  const diagnostic = castDiagnostic(info, target);
  // Constant casts are checked at compile time (CS0221) as C# does outside `unchecked(...)`; inside it
  // they wrap, and the folding below does the wrapping.
  const uncheckedOverflow = diagnostic?.id === 'CS0221' && cx.uncheckedConstants;
  if (diagnostic !== undefined && !uncheckedOverflow) {
    cx.reportType(diagnostic, span);
    return errorExpression(span);
  }
  const conversion = resolveConversion(info, target);
  if (conversion.kind === 'identity') return { ...expression, start: span.start, end: span.end };
  const converted = applyConversion(cx, expression, conversion, target, true);
  return { ...converted, start: span.start, end: span.end };
}

/** Makes a resolved conversion explicit in the tree, folding it when the operand is a constant. */
export function applyConversion(
  cx: BindContext,
  expression: BoundExpression,
  conversion: Conversion,
  target: CsType,
  explicit: boolean,
): BoundExpression {
  if (conversion.kind === 'identity') return expression;
  if (expression.constant !== undefined) {
    const folded = foldConstantConversion(expression.constant, expression.type, target, conversion);
    if (folded !== undefined) {
      const constant: BoundConstant = {
        kind: 'Constant',
        type: target,
        constant: folded.value,
        start: expression.start,
        end: expression.end,
      };
      return constant;
    }
  }
  return {
    kind: 'Conversion',
    type: target,
    operand: expression,
    conversion,
    explicit,
    checked: cx.checked,
    start: expression.start,
    end: expression.end,
  };
}

/**
 * The value of a constant converted to `target`, when the result is still a C# constant: numeric and
 * enum conversions between constant types, and the null literal to a reference type.
 */
function foldConstantConversion(
  value: ConstantValue,
  from: CsType,
  target: CsType,
  conversion: Conversion,
): { value: ConstantValue } | undefined {
  if (from === NULL_TYPE) {
    return conversion.category === 'nullLiteral' &&
      conversion.kind === 'implicit' &&
      !isNullableTarget(target)
      ? { value: null }
      : undefined;
  }
  const category = conversion.category;
  if (category !== 'numeric' && category !== 'constant' && category !== 'enum' && category !== 'enumZero')
    return undefined;
  const destination = isEnum(target) ? enumUnderlyingType(target as NamedType) : target;
  const keyword = numericKeyword(destination);
  if (keyword === undefined) return undefined;
  return { value: convertConstantValue(value, keyword) };
}

function isNullableTarget(target: CsType): boolean {
  return target.kind === 'named' && target.definition.name === 'Nullable';
}

/** A constant numeric value in another numeric type, with C#'s truncation and wrapping. */
export function convertConstantValue(value: ConstantValue, keyword: string): ConstantValue {
  const number = constantAsNumber(value);
  switch (keyword) {
    case 'double':
      return number;
    case 'float':
      return Math.fround(number);
    case 'decimal':
      return isDecimalConstant(value) ? value : { decimal: decimalText(value) };
    default: {
      const integral = integralValue(value) ?? BigInt(Math.trunc(Number.isFinite(number) ? number : 0));
      const wrapped = wrapIntegral(integral, keyword);
      return keyword === 'long' || keyword === 'ulong' ? wrapped : Number(wrapped);
    }
  }
}

function constantAsNumber(value: ConstantValue): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (isDecimalConstant(value)) return Number(value.decimal);
  return 0;
}

function decimalText(value: ConstantValue): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) < 1e21) return BigInt(value).toString();
    return String(value);
  }
  return '0';
}

const WIDTHS: Readonly<Record<string, readonly [bits: number, signed: boolean]>> = {
  sbyte: [8, true],
  byte: [8, false],
  short: [16, true],
  ushort: [16, false],
  char: [16, false],
  int: [32, true],
  uint: [32, false],
  long: [64, true],
  ulong: [64, false],
};

export function wrapIntegral(value: bigint, keyword: string): bigint {
  const width = WIDTHS[keyword];
  if (width === undefined) return value;
  return width[1] ? BigInt.asIntN(width[0], value) : BigInt.asUintN(width[0], value);
}

/** The constant's value as a bound constant of its own type (literals, folded expressions). */
export function constantNode(type: CsType, value: ConstantValue, span: Span): BoundConstant {
  return { kind: 'Constant', type, constant: value, start: span.start, end: span.end };
}

/** True for the floating and decimal types, whose constants are not integral. */
export function isRealType(type: CsType): boolean {
  return type === FLOAT || type === DOUBLE || type === DECIMAL;
}

export { isIntegral };
