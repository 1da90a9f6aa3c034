/**
 * C# conversions between the fragment's types (C# spec §10): which exist implicitly, which only with a
 * cast, and the diagnostic an implicit context reports when none is implicit.
 *
 * Implicit, in the order tried: identity; the null literal to a reference or nullable type; a lambda to
 * a delegate type (its body is the binder's, `delegates.ts`); implicit constant expression conversions
 * (an int constant in range to sbyte, byte, short, ushort, uint or ulong; a non-negative long constant to
 * ulong; §10.2.11) and the constant zero to an enum (§10.2.4); implicit numeric conversions (§10.2.3,
 * the table below); nullable conversions (§10.6.1); reference conversions (§10.2.8: to object, to a base
 * class, to an implemented interface, interface variance, array covariance); boxing (§10.2.9); and the
 * runtime's user-defined implicit operators (DateTime to DateTimeOffset, T[] and string to ReadOnlySpan).
 *
 * Explicit (a cast is needed): every numeric pair the table does not cover, decimal and char included;
 * enum conversions; nullable unwrapping; downcasts and the other explicit reference conversions; unboxing.
 */
import { constantToString, fitsIntegral, integralValue, type ConstantValue } from './constant-values.js';
import { baseClassesOf, derivesFrom, interfacesOf } from './hierarchy.js';
import { userDefinedConversionsOf } from './surface.js';
import {
  DECIMAL,
  DOUBLE,
  ENUM,
  ERROR_TYPE,
  FLOAT,
  NULL_TYPE,
  OBJECT,
  VALUE_TYPE,
  isDelegate,
  isEnum,
  isIntegral,
  isInterface,
  isNullableValueType,
  isNumeric,
  isPlaceholder,
  isRefLike,
  isReferenceType,
  isValueType,
  numericKeyword,
  stripNullable,
  typeToString,
  type CsType,
  type NumericKeyword,
} from './types.js';

export type ConversionKind = 'identity' | 'implicit' | 'explicit' | 'none';

export type ConversionCategory =
  | 'identity'
  | 'numeric'
  | 'constant'
  | 'enumZero'
  | 'nullLiteral'
  | 'nullable'
  | 'reference'
  | 'boxing'
  | 'unboxing'
  | 'enum'
  | 'userDefined'
  | 'lambda'
  | 'error'
  | 'none';

export interface Conversion {
  readonly kind: ConversionKind;
  readonly category: ConversionCategory;
  /** Of a nullable conversion: the conversion between the underlying types (`int?` to `long?`: numeric). */
  readonly underlying?: Conversion;
  /** Of a user-defined conversion: the runtime helper implementing the operator. */
  readonly runtimeKey?: string;
}

/** What the checker knows about an expression whose conversion is asked for. */
export interface ExpressionInfo {
  readonly type: CsType;
  /** The value of a constant expression of `type` (see constant-values.ts). */
  readonly constant?: ConstantValue;
  /** The expression is a bare numeric literal token (`1.5`, not `-1.5`): C# words CS0664 for it. */
  readonly isNumericLiteral?: boolean;
}

export interface TypeDiagnostic {
  readonly id: string;
  readonly args: readonly string[];
}

/**
 * Implicit numeric conversions, C# spec §10.2.3: from each type, the types it converts to without a
 * cast. Every other pair of distinct numeric types converts explicitly (§10.3.2).
 */
export const IMPLICIT_NUMERIC_CONVERSIONS: Readonly<Record<NumericKeyword, readonly NumericKeyword[]>> = {
  sbyte: ['short', 'int', 'long', 'float', 'double', 'decimal'],
  byte: ['short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  short: ['int', 'long', 'float', 'double', 'decimal'],
  ushort: ['int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  int: ['long', 'float', 'double', 'decimal'],
  uint: ['long', 'ulong', 'float', 'double', 'decimal'],
  long: ['float', 'double', 'decimal'],
  ulong: ['float', 'double', 'decimal'],
  char: ['ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double', 'decimal'],
  float: ['double'],
  double: [],
  decimal: [],
};

/** Targets of implicit constant expression conversions (§10.2.11), by the constant's type. */
const CONSTANT_CONVERSION_TARGETS: Readonly<Partial<Record<NumericKeyword, readonly NumericKeyword[]>>> = {
  int: ['sbyte', 'byte', 'short', 'ushort', 'uint', 'ulong'],
  long: ['ulong'],
};

const IDENTITY: Conversion = { kind: 'identity', category: 'identity' };
const NONE: Conversion = { kind: 'none', category: 'none' };
const ERROR: Conversion = { kind: 'implicit', category: 'error' };

function conversion(
  kind: 'implicit' | 'explicit',
  category: ConversionCategory,
  extra?: Partial<Conversion>,
): Conversion {
  return { kind, category, ...extra };
}

function asExpression(source: CsType | ExpressionInfo): ExpressionInfo {
  return 'kind' in source ? { type: source } : source;
}

/** The classification the binder asks for most: `identity`, `implicit`, `explicit` or `none`. */
export function classifyConversion(from: CsType, to: CsType, constantValue?: ConstantValue): ConversionKind {
  return resolveConversion(constantValue === undefined ? from : { type: from, constant: constantValue }, to)
    .kind;
}

/** The conversion from an expression (or a bare type) to a type, with its category. */
export function resolveConversion(source: CsType | ExpressionInfo, target: CsType): Conversion {
  const expression = asExpression(source);
  const from = expression.type;
  if (from === ERROR_TYPE || target === ERROR_TYPE) return ERROR;
  if (from === target) return IDENTITY;
  return implicitFromExpression(expression, target) ?? explicitConversion(from, target) ?? NONE;
}

export function hasImplicitConversion(source: CsType | ExpressionInfo, target: CsType): boolean {
  const kind = resolveConversion(source, target).kind;
  return kind === 'identity' || kind === 'implicit';
}

// ---------------------------------------------------------------------------------------------------
// Implicit

function implicitFromExpression(expression: ExpressionInfo, target: CsType): Conversion | undefined {
  const from = expression.type;
  if (from === NULL_TYPE) {
    return isReferenceType(target) || isNullableValueType(target)
      ? conversion('implicit', 'nullLiteral')
      : undefined;
  }
  if (from.kind === 'lambda') return isDelegate(target) ? conversion('implicit', 'lambda') : undefined;
  if (isPlaceholder(from)) return undefined;
  if (expression.constant !== undefined) {
    const constant = constantConversion(from, expression.constant, target);
    if (constant !== undefined) return constant;
  }
  return implicitTypeConversion(from, target);
}

function constantConversion(from: CsType, value: ConstantValue, target: CsType): Conversion | undefined {
  const underlyingTarget = stripNullable(target);
  const wrap = (inner: Conversion): Conversion =>
    underlyingTarget === target ? inner : conversion('implicit', 'nullable', { underlying: inner });
  const integral = integralValue(value);
  if (integral === undefined || !isIntegral(from)) return undefined;
  if (isEnum(underlyingTarget)) return integral === 0n ? wrap(conversion('implicit', 'enumZero')) : undefined;
  const source = numericKeyword(from);
  const destination = numericKeyword(underlyingTarget);
  if (source === undefined || destination === undefined) return undefined;
  if (!(CONSTANT_CONVERSION_TARGETS[source] ?? []).includes(destination)) return undefined;
  return fitsIntegral(integral, destination) ? wrap(conversion('implicit', 'constant')) : undefined;
}

/** The implicit conversion between two types, with no constant value to help. */
export function implicitTypeConversion(from: CsType, to: CsType): Conversion | undefined {
  if (from === to) return IDENTITY;
  if (from === ERROR_TYPE || to === ERROR_TYPE) return ERROR;
  if (isPlaceholder(from)) return implicitFromExpression({ type: from }, to);
  return (
    implicitNumeric(from, to) ??
    implicitNullable(from, to) ??
    (implicitReference(from, to) ? conversion('implicit', 'reference') : undefined) ??
    (boxing(from, to) ? conversion('implicit', 'boxing') : undefined) ??
    implicitUserDefined(from, to)
  );
}

function implicitNumeric(from: CsType, to: CsType): Conversion | undefined {
  const source = numericKeyword(from);
  const destination = numericKeyword(to);
  if (source === undefined || destination === undefined) return undefined;
  return IMPLICIT_NUMERIC_CONVERSIONS[source].includes(destination)
    ? conversion('implicit', 'numeric')
    : undefined;
}

/** S to T? and S? to T? when S converts to T by identity or an implicit numeric conversion (§10.6.1). */
function implicitNullable(from: CsType, to: CsType): Conversion | undefined {
  if (!isNullableValueType(to)) return undefined;
  const target = stripNullable(to);
  const source = stripNullable(from);
  if (!isValueType(source) || isNullableValueType(source)) return undefined;
  const inner = source === target ? IDENTITY : implicitNumeric(source, target);
  return inner === undefined ? undefined : conversion('implicit', 'nullable', { underlying: inner });
}

/** Implicit reference conversions, §10.2.8. */
export function implicitReference(from: CsType, to: CsType): boolean {
  if (from === to) return true;
  if (!isReferenceType(from) || !isReferenceType(to)) return false;
  if (to === OBJECT) return true;
  if (baseClassesOf(from).includes(to)) return true;
  if (
    isInterface(to) &&
    [...(isInterface(from) ? [from] : []), ...interfacesOf(from)].some((i) => varianceConvertible(i, to))
  ) {
    return true;
  }
  if (from.kind === 'array' && to.kind === 'array') {
    return isReferenceType(from.elementType) && implicitReference(from.elementType, to.elementType);
  }
  if (isDelegate(from) && isDelegate(to)) return varianceConvertible(from, to);
  return false;
}

/**
 * Variance conversion between two constructions of one generic interface or delegate (§18.2.3.3):
 * each type argument is identical, or converts by an implicit reference conversion in the direction
 * its parameter's variance allows (`out`: to the target's; `in`: from it).
 */
function varianceConvertible(from: CsType, to: CsType): boolean {
  if (from === to) return true;
  if (from.kind !== 'named' || to.kind !== 'named' || from.definition !== to.definition) return false;
  const variance = from.definition.variance ?? [];
  return from.typeArguments.every((a, i) => {
    const b = to.typeArguments[i];
    if (a === b) return true;
    if (!isReferenceType(a) || !isReferenceType(b)) return false;
    if (variance[i] === 'out') return implicitReference(a, b);
    if (variance[i] === 'in') return implicitReference(b, a);
    return false;
  });
}

/** Boxing, §10.2.9: a value type to object, System.ValueType, System.Enum (enums) or its interfaces. */
function boxing(from: CsType, to: CsType): boolean {
  if (!isValueType(from) || isRefLike(from)) return false;
  if (to === OBJECT || to === VALUE_TYPE) return true;
  const underlying = stripNullable(from);
  if (to === ENUM) return isEnum(underlying);
  return isInterface(to) && interfacesOf(underlying).some((i) => varianceConvertible(i, to));
}

function implicitUserDefined(from: CsType, to: CsType): Conversion | undefined {
  const lifted = isNullableValueType(from) && isNullableValueType(to);
  const source = lifted ? stripNullable(from) : from;
  const target = lifted ? stripNullable(to) : to;
  for (const operator of [...userDefinedConversionsOf(target), ...userDefinedConversionsOf(source)]) {
    if (!operator.implicit) continue;
    if (standardImplicit(source, operator.parameterType) && standardImplicit(operator.returnType, target)) {
      const inner = conversion('implicit', 'userDefined', { runtimeKey: operator.runtimeKey });
      return lifted ? conversion('implicit', 'nullable', { underlying: inner }) : inner;
    }
  }
  return undefined;
}

/** The standard implicit conversions (§10.4.2): what may surround a user-defined one. */
function standardImplicit(from: CsType, to: CsType): boolean {
  return (
    from === to ||
    implicitNumeric(from, to) !== undefined ||
    implicitNullable(from, to) !== undefined ||
    implicitReference(from, to) ||
    boxing(from, to)
  );
}

// ---------------------------------------------------------------------------------------------------
// Explicit

function explicitConversion(from: CsType, to: CsType): Conversion | undefined {
  if (isPlaceholder(from)) return undefined;
  if (isNumeric(from) && isNumeric(to)) return conversion('explicit', 'numeric');
  if (explicitEnum(from, to)) return conversion('explicit', 'enum');
  const nullable = explicitNullable(from, to);
  if (nullable !== undefined) return nullable;
  if (explicitReference(from, to)) return conversion('explicit', 'reference');
  if (unboxing(from, to)) return conversion('explicit', 'unboxing');
  return undefined;
}

/** §10.3.3: between a numeric type (char and decimal included) and an enum, and between enums. */
function explicitEnum(from: CsType, to: CsType): boolean {
  return (isEnum(from) && (isEnum(to) || isNumeric(to))) || (isNumeric(from) && isEnum(to));
}

/** §10.6.2: S? to T?, S to T? and S? to T, where S converts to T (explicitly or not). */
function explicitNullable(from: CsType, to: CsType): Conversion | undefined {
  if (!isNullableValueType(from) && !isNullableValueType(to)) return undefined;
  const source = stripNullable(from);
  const target = stripNullable(to);
  if (!isValueType(source) || !isValueType(target)) return undefined;
  const inner =
    source === target
      ? IDENTITY
      : (implicitNumeric(source, target) ??
        (isNumeric(source) && isNumeric(target) ? conversion('explicit', 'numeric') : undefined) ??
        (explicitEnum(source, target) ? conversion('explicit', 'enum') : undefined));
  return inner === undefined ? undefined : conversion('explicit', 'nullable', { underlying: inner });
}

/** §10.3.5, as far as class, interface, array and delegate types go (no variance-based explicit ones). */
function explicitReference(from: CsType, to: CsType): boolean {
  if (!isReferenceType(from) || !isReferenceType(to)) return false;
  if (from === OBJECT) return true;
  const fromSealed = from.kind === 'array' || (from.kind === 'named' && from.definition.sealed === true);
  const toSealed = to.kind === 'array' || (to.kind === 'named' && to.definition.sealed === true);
  if (isInterface(to)) {
    if (isInterface(from)) return true;
    return !fromSealed;
  }
  if (isInterface(from)) return !toSealed || interfacesOf(to).includes(from);
  if (from.kind === 'array' && to.kind === 'array') {
    return (
      isReferenceType(from.elementType) &&
      isReferenceType(to.elementType) &&
      explicitReference(from.elementType, to.elementType)
    );
  }
  return derivesFrom(to, from);
}

/** §10.3.7: object, System.ValueType (and System.Enum for enums) or an implemented interface to a value type. */
function unboxing(from: CsType, to: CsType): boolean {
  if (!isValueType(to) || isRefLike(to)) return false;
  const underlying = stripNullable(to);
  if (from === OBJECT || from === VALUE_TYPE) return true;
  if (from === ENUM) return isEnum(underlying);
  return isInterface(from) && interfacesOf(underlying).includes(from);
}

// ---------------------------------------------------------------------------------------------------
// Diagnostics

/**
 * The diagnostic an implicit conversion context (assignment, initializer, return) reports when the
 * expression does not convert implicitly, or undefined when it does. Roslyn's choice, in order:
 * - CS0037 for `null` to a non-nullable value type;
 * - CS1660 for a lambda to a type that is not a delegate;
 * - when an explicit conversion exists: CS0664 for a double literal to float or decimal (suggesting the
 *   F or M suffix), CS0031 for an integral constant out of the range a constant conversion would accept,
 *   otherwise CS0266 ("An explicit conversion exists (are you missing a cast?)");
 * - CS0029 otherwise.
 * Arguments are the message's placeholders, types printed as C# prints them.
 */
export function implicitConversionDiagnostic(
  source: CsType | ExpressionInfo,
  target: CsType,
): TypeDiagnostic | undefined {
  const expression = asExpression(source);
  const from = expression.type;
  const result = resolveConversion(expression, target);
  if (result.kind === 'identity' || result.kind === 'implicit') return undefined;
  if (from === NULL_TYPE && isValueType(target)) return { id: 'CS0037', args: [typeToString(target)] };
  if (from.kind === 'lambda') return { id: 'CS1660', args: [typeToString(target)] };
  if (result.kind === 'explicit') {
    if (from === DOUBLE && expression.isNumericLiteral === true && (target === FLOAT || target === DECIMAL)) {
      return { id: 'CS0664', args: [target === FLOAT ? 'F' : 'M', typeToString(target)] };
    }
    const constant = expression.constant;
    if (result.category === 'numeric' && constant !== undefined && constantConversionApplies(from, target)) {
      return { id: 'CS0031', args: [constantToString(constant), typeToString(target)] };
    }
    return { id: 'CS0266', args: [typeToString(from), typeToString(target)] };
  }
  return { id: 'CS0029', args: [typeToString(from), typeToString(target)] };
}

/** An implicit constant conversion exists between these types for some value. */
function constantConversionApplies(from: CsType, to: CsType): boolean {
  const source = numericKeyword(from);
  const destination = numericKeyword(to);
  return (
    source !== undefined &&
    destination !== undefined &&
    (CONSTANT_CONVERSION_TARGETS[source] ?? []).includes(destination)
  );
}

/**
 * The diagnostic of a cast `(T)e`, or undefined when it is allowed: CS0037 for `(int)null`, CS0030
 * "Cannot convert type '{0}' to '{1}'" when no conversion exists at all, and CS0221 for a constant that
 * does not fit the integral target.
 */
export function castDiagnostic(source: CsType | ExpressionInfo, target: CsType): TypeDiagnostic | undefined {
  const expression = asExpression(source);
  const result = resolveConversion(expression, target);
  if (result.kind === 'none') {
    if (expression.type === NULL_TYPE && isValueType(target))
      return { id: 'CS0037', args: [typeToString(target)] };
    if (expression.type.kind === 'lambda') return { id: 'CS1660', args: [typeToString(target)] };
    return { id: 'CS0030', args: [typeToString(expression.type), typeToString(target)] };
  }
  if (expression.constant !== undefined && result.category === 'numeric') {
    return constantCastDiagnostic(expression.constant, target);
  }
  return undefined;
}

/**
 * CS0221 for a cast of a constant to an integral type it does not fit: constant expressions are
 * evaluated in a checked context, so `(byte)300` and `(int)1e10` are compile-time errors.
 */
export function constantCastDiagnostic(value: ConstantValue, target: CsType): TypeDiagnostic | undefined {
  const destination = numericKeyword(stripNullable(target));
  if (destination === undefined || !isIntegral(stripNullable(target))) return undefined;
  let integral = integralValue(value);
  if (integral === undefined && typeof value === 'number') {
    if (!Number.isFinite(value))
      return { id: 'CS0221', args: [constantToString(value), typeToString(target)] };
    integral = BigInt(Math.trunc(value));
  }
  if (integral === undefined || fitsIntegral(integral, destination)) return undefined;
  return { id: 'CS0221', args: [constantToString(value), typeToString(target)] };
}

// ---------------------------------------------------------------------------------------------------
// Better conversions (overload resolution, §12.6.4.5 to §12.6.4.7)

const SIGNED_BETTER_THAN_UNSIGNED: Readonly<Partial<Record<NumericKeyword, readonly NumericKeyword[]>>> = {
  sbyte: ['byte', 'ushort', 'uint', 'ulong'],
  short: ['ushort', 'uint', 'ulong'],
  int: ['uint', 'ulong'],
  long: ['ulong'],
};

/** §12.6.4.7: T1 is a better conversion target than T2. */
export function isBetterConversionTarget(t1: CsType, t2: CsType): boolean {
  if (t1 === t2) return false;
  const oneToTwo = implicitTypeConversion(t1, t2) !== undefined;
  const twoToOne = implicitTypeConversion(t2, t1) !== undefined;
  if (oneToTwo && !twoToOne) return true;
  const s1 = numericKeyword(stripNullable(t1));
  const s2 = numericKeyword(stripNullable(t2));
  return s1 !== undefined && s2 !== undefined && (SIGNED_BETTER_THAN_UNSIGNED[s1] ?? []).includes(s2);
}

/**
 * §12.6.4.5: the conversion of `expression` to t1 is better than its conversion to t2 (both assumed to
 * exist): it matches t1 exactly and not t2, or matches both or neither and t1 is the better target.
 * Lambdas are the binder's (their inferred return type decides).
 */
export function isBetterConversionFromExpression(
  expression: ExpressionInfo,
  t1: CsType,
  t2: CsType,
): boolean {
  if (t1 === t2) return false;
  const exact1 = expression.type === t1;
  const exact2 = expression.type === t2;
  if (exact1 !== exact2) return exact1;
  return isBetterConversionTarget(t1, t2);
}
