/**
 * JavaScript of conversions (after lowering: numeric, enum, reference, boxing, unboxing, userDefined) and
 * of run-time type tests. Numeric conversions follow semantics.ts: unchecked integer narrowing wraps,
 * float and double to integer saturate (NaN to 0), decimal conversions always check their range; in a
 * `checked` context an out-of-range value throws OverflowException instead.
 */
import type { LConversion } from '../lowering/lowered.js';
import {
  NUMBER_RANGES,
  arithmeticKeyword,
  isStringAsChars,
  numericConversionKeepsValue,
  representationOf,
} from '../lowering/representation.js';
import {
  AGRAPH_ELEMENT_MODEL,
  EDGE_MODEL,
  OBJECT,
  STRING,
  VERTEX_MODEL,
  isNullableValueType,
  isValueType,
  stripNullable,
  type CsType,
  type NumericKeyword,
} from '../types/index.js';
import type { EmitContext } from './emit-context.js';
import { clrTypeName, stringLiteral, typeCode } from './emit-literals.js';

/** CLR names of the numeric keywords, as the runtime's helpers are named (`toInt32`, `bigToUInt64`). */
const CLR_NAMES: Readonly<Record<NumericKeyword, string>> = {
  sbyte: 'SByte',
  byte: 'Byte',
  short: 'Int16',
  ushort: 'UInt16',
  int: 'Int32',
  uint: 'UInt32',
  long: 'Int64',
  ulong: 'UInt64',
  char: 'Char',
  float: 'Single',
  double: 'Double',
  decimal: 'Decimal',
};

const BIG_RANGES: Readonly<Partial<Record<NumericKeyword, readonly [string, string]>>> = {
  long: ['(-9223372036854775808n)', '9223372036854775807n'],
  ulong: ['0n', '18446744073709551615n'],
};

/** Exclusive bounds a float or double must lie strictly between to convert to the integer type (checked). */
function realBounds(keyword: NumericKeyword): readonly [string, string] {
  if (keyword === 'long') return ['(-9223372036854777856)', '9223372036854775808'];
  if (keyword === 'ulong') return ['(-1)', '18446744073709551616'];
  const [min, max] = NUMBER_RANGES[keyword] ?? [0, 0];
  return [min - 1 < 0 ? `(${min - 1})` : `${min - 1}`, `${max + 1}`];
}

function numberRange(keyword: NumericKeyword): readonly [string, string] {
  const [min, max] = NUMBER_RANGES[keyword] ?? [0, 0];
  return [min < 0 ? `(${min})` : `${min}`, `${max}`];
}

/** `value` (JavaScript of a `from` value) converted to `to`. */
export function numericConversion(
  context: EmitContext,
  value: string,
  from: NumericKeyword,
  to: NumericKeyword,
  checked: boolean,
): string {
  if (numericConversionKeepsValue(from, to)) return value;
  const source = representationOf(from);
  const target = representationOf(to);
  const name = CLR_NAMES[to];
  switch (source) {
    case 'integer':
      if (target === 'integer') {
        if (!checked) return `rt.cast.to${name}(${value})`;
        const [min, max] = numberRange(to);
        return `${context.helper('kRange')}(${value}, ${min}, ${max})`;
      }
      if (target === 'bigint') {
        const unsignedFromSigned = to === 'ulong' && (NUMBER_RANGES[from]?.[0] ?? 0) < 0;
        const checkedValue =
          checked && unsignedFromSigned ? `${context.helper('kRange')}(${value}, 0, 4294967295)` : value;
        return `rt.cast.to${name}(${checkedValue})`;
      }
      if (target === 'single') return `rt.cast.toSingle(${value})`;
      if (target === 'decimal') return `rt.dec.fromInt(${value})`;
      return value;
    case 'bigint':
      if (target === 'integer' || target === 'bigint') {
        if (!checked) return `rt.cast.bigTo${name}(${value})`;
        const [min, max] = BIG_RANGES[to] ?? bigRangeOf(to);
        return `rt.cast.bigTo${name}(${context.helper('kRangeBig')}(${value}, ${min}, ${max}))`;
      }
      if (target === 'single') return `rt.cast.bigToSingle(${value})`;
      if (target === 'double') return `rt.cast.bigToDouble(${value})`;
      return `rt.dec.fromBig(${value})`;
    case 'single':
    case 'double':
      if (target === 'integer' || target === 'bigint') {
        if (!checked) return `rt.cast.realTo${name}(${value})`;
        const [below, above] = realBounds(to);
        return `rt.cast.realTo${name}(${context.helper('kRangeReal')}(${value}, ${below}, ${above}))`;
      }
      if (target === 'single') return `rt.cast.realToSingle(${value})`;
      if (target === 'decimal') return `rt.dec.from${source === 'single' ? 'Single' : 'Double'}(${value})`;
      return value;
    case 'decimal':
      return `rt.dec.to${name}(${value})`;
  }
}

function bigRangeOf(keyword: NumericKeyword): readonly [string, string] {
  const [min, max] = NUMBER_RANGES[keyword] ?? [0, 0];
  return [min < 0 ? `(${min}n)` : `${min}n`, `${max}n`];
}

/** A lowered Conversion node, its operand already emitted as `value`. */
export function conversion(context: EmitContext, node: LConversion, value: string): string {
  const from = node.operand.type;
  const to = node.type;
  switch (node.conversion.category) {
    case 'numeric':
    case 'enum': {
      const source = arithmeticKeyword(from);
      const target = arithmeticKeyword(to);
      if (source === undefined || target === undefined) {
        throw new Error(`emitter: numeric conversion between non-numeric types`);
      }
      return numericConversion(context, value, source, target, node.checked);
    }
    case 'reference':
      if (isStringAsChars(from, to)) return `${context.helper('kChars')}(${value})`;
      return node.conversion.kind === 'implicit' ? value : downcast(context, value, to);
    case 'boxing': {
      // A struct without a type code (KeyValuePair) is already a JavaScript object the runtime
      // recognises (objects.ts prints it): it stays as it is.
      if (clrTypeName(from) === 'Object') return value;
      const code = typeCode(stripNullable(from));
      return isNullableValueType(from)
        ? `${context.helper('kBoxNullable')}(${code}, ${value})`
        : `rt.obj.box(${code}, ${value})`;
    }
    case 'unboxing': {
      if (clrTypeName(to) === 'Object') return isNullableValueType(to) ? value : `rt.nn(${value})`;
      const code = typeCode(stripNullable(to));
      return isNullableValueType(to)
        ? `${context.helper('kUnboxNullable')}(${value}, ${code})`
        : `rt.obj.unbox(${value}, ${code})`;
    }
    case 'identity':
    case 'nullLiteral':
    case 'lambda':
    case 'constant':
    case 'enumZero':
      return value;
    case 'userDefined':
    case 'nullable':
    case 'error':
    case 'none':
      throw new Error(`emitter: conversion ${node.conversion.category} reaches the conversion printer`);
  }
}

/**
 * An explicit reference conversion (a downcast): InvalidCastException when the value is not null and not
 * of the target type. Collection and interface targets are not checked (the runtime has no type test for
 * them); the value passes as it is.
 */
function downcast(context: EmitContext, value: string, to: CsType): string {
  if (to === STRING) return `rt.obj.castString(${value})`;
  const test = runtimeTest(to);
  if (test === undefined) return value;
  return `${context.helper('kCast')}(${value}, ${test}, ${stringLiteral(context.typeName(to))})`;
}

/** A function testing the run-time type, for the types the runtime can test; undefined for the others. */
function runtimeTest(type: CsType): string | undefined {
  if (type === VERTEX_MODEL) return 'rt.obj.isVertex';
  if (type === EDGE_MODEL) return 'rt.obj.isEdge';
  if (type === AGRAPH_ELEMENT_MODEL) return 'rt.obj.isElement';
  if (clrTypeName(type) === 'SingleArray') return '((x) => rt.obj.isType(x, rt.T.SingleArray))';
  return undefined;
}

/**
 * `value` is not null and has run-time type `type`: value types through their (boxed) type code, string,
 * float[] and the element models by their runtime tests, object by a null test. Other reference types
 * (lists, arrays of other elements, interfaces) cannot be told apart at run time and are tested for null
 * only.
 */
export function typeTest(value: string, type: CsType): string {
  const target = stripNullable(type);
  if (target === OBJECT) return `(${value} !== null)`;
  if (target === VERTEX_MODEL) return `rt.obj.isVertex(${value})`;
  if (target === EDGE_MODEL) return `rt.obj.isEdge(${value})`;
  if (target === AGRAPH_ELEMENT_MODEL) return `rt.obj.isElement(${value})`;
  const code = clrTypeName(target);
  if (isValueType(target) || code === 'String' || code === 'SingleArray') {
    return `rt.obj.isType(${value}, rt.T.${code})`;
  }
  return `(${value} !== null)`;
}
