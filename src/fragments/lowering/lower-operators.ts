/**
 * Lowering of operators and conversions: lifted operators and lifted nullable conversions become null
 * tests over temps around the unlifted operation; string concatenation becomes one Text node; compound
 * assignment, `++`/`--`, `??` and `??=` evaluate their target once.
 */
import type {
  BoundBinary,
  BoundCoalesce,
  BoundCoalesceAssignment,
  BoundCompoundAssignment,
  BoundUnary,
} from '../binder/bound.js';
import {
  BOOL,
  OBJECT,
  isNullableValueType,
  stripNullable,
  type BinaryOperator,
  type Conversion,
  type CsType,
  type OperatorSignature,
} from '../types/index.js';
import { lowerAssignable, lowerExpression, type AssignableParts } from './lower-expressions.js';
import type { LoweredExpression, LText, TextHole } from './lowered.js';
import {
  FALSE,
  TRUE,
  assign,
  conditional,
  constant,
  is,
  isNull,
  isNullConstant,
  logical,
  not,
  nullOf,
  retype,
  sequence,
  type LoweringContext,
} from './lowering-context.js';
import { conversionKeepsValue } from './representation.js';

const IDENTITY: Conversion = { kind: 'identity', category: 'identity' };

// ------------------------------------------------------------------------------------- Conversions

/**
 * `operand` (of static type `from`) converted to `to`. Nullable conversions are decomposed: unwrapping is
 * NullableValue (skipped when `knownNonNull`), lifting tests for null around the underlying conversion.
 */
export function lowerConversion(
  context: LoweringContext,
  operand: LoweredExpression,
  conversion: Conversion,
  to: CsType,
  checked: boolean,
  knownNonNull = false,
): LoweredExpression {
  const from = operand.type;
  switch (conversion.category) {
    case 'identity':
      return retype(operand, to);
    case 'nullLiteral':
      return nullOf(to);
    case 'constant':
    case 'enumZero':
      return foldConstantConversion(operand, to);
    case 'lambda':
      return operand.kind === 'Lambda' ? operand : retype(operand, to);
    case 'nullable':
      return lowerNullableConversion(
        context,
        operand,
        conversion.underlying ?? IDENTITY,
        to,
        checked,
        knownNonNull,
      );
    case 'error':
    case 'none':
      throw new Error(`lowering: no conversion from ${describe(from)} to ${describe(to)}`);
    default:
      if (conversionKeepsValue(conversion, from, to)) return retype(operand, to);
      return { kind: 'Conversion', operand, conversion, checked, type: to };
  }
}

function describe(type: CsType): string {
  return type.kind === 'named' ? type.definition.name : type.kind;
}

/** The binder folds constant conversions; should one remain, its value only changes representation. */
function foldConstantConversion(operand: LoweredExpression, to: CsType): LoweredExpression {
  if (operand.kind !== 'Constant') return retype(operand, to);
  const value = operand.value;
  const target = stripNullable(to);
  const keyword = target.kind === 'named' ? target.definition.keyword : undefined;
  if ((keyword === 'long' || keyword === 'ulong') && typeof value === 'number')
    return constant(BigInt(value), to);
  if (typeof value === 'bigint' && keyword !== 'long' && keyword !== 'ulong')
    return constant(Number(value), to);
  return constant(value, to);
}

function lowerNullableConversion(
  context: LoweringContext,
  operand: LoweredExpression,
  underlying: Conversion,
  to: CsType,
  checked: boolean,
  knownNonNull: boolean,
): LoweredExpression {
  const from = operand.type;
  const source = stripNullable(from);
  const target = stripNullable(to);
  const fromNullable = isNullableValueType(from);
  const toNullable = isNullableValueType(to);
  if (fromNullable && !toNullable) {
    const value: LoweredExpression = knownNonNull
      ? retype(operand, source)
      : { kind: 'NullableValue', operand, type: source };
    return lowerConversion(context, value, underlying, to, checked);
  }
  if (!fromNullable) {
    // Wrapping: T? holds a T as the same JavaScript value.
    return retype(lowerConversion(context, operand, underlying, target, checked), to);
  }
  if (knownNonNull || conversionKeepsValue(underlying, source, target)) {
    return retype(lowerConversion(context, retype(operand, source), underlying, target, checked), to);
  }
  const { effects, value } = context.spill(operand);
  const converted = retype(lowerConversion(context, retype(value, source), underlying, target, checked), to);
  return sequence(effects, conditional(isNull(value), nullOf(to), converted, to));
}

// ---------------------------------------------------------------------------------------- Binaries

export function lowerBinary(context: LoweringContext, node: BoundBinary): LoweredExpression {
  const left = lowerExpression(context, node.left);
  const right = lowerExpression(context, node.right);
  return binaryOperation(context, node.operator, left, right, node.signature, node.checked, node.type);
}

/** `left op right` over lowered operands (already converted to the signature's parameters). */
export function binaryOperation(
  context: LoweringContext,
  operator: BinaryOperator,
  left: LoweredExpression,
  right: LoweredExpression,
  signature: OperatorSignature,
  checked: boolean,
  type: CsType,
): LoweredExpression {
  if (signature.category === 'conditional') {
    return logical(operator === '&&' ? '&&' : '||', left, right);
  }
  if (signature.category === 'stringConcatenation') return concatenation(left, right, type);
  if (!signature.lifted) return { kind: 'Binary', operator, left, right, signature, checked, type };
  return liftedBinary(context, operator, left, right, signature, checked, type);
}

/** The operator over the underlying types. */
export function unlifted(signature: OperatorSignature): OperatorSignature {
  return {
    ...signature,
    parameters: signature.parameters.map(stripNullable),
    resultType: stripNullable(signature.resultType),
    lifted: false,
  };
}

/** Equality whose JavaScript `===` is already right with null operands (numbers, bigints, bools, strings). */
function strictEqualityHandlesNull(signature: OperatorSignature): boolean {
  if (signature.category !== 'equality' && signature.category !== 'enum') return false;
  const parameter = stripNullable(signature.parameters[0]);
  const keyword = parameter.kind === 'named' ? parameter.definition.keyword : undefined;
  return keyword !== 'decimal';
}

function liftedBinary(
  context: LoweringContext,
  operator: BinaryOperator,
  leftOperand: LoweredExpression,
  rightOperand: LoweredExpression,
  signature: OperatorSignature,
  checked: boolean,
  type: CsType,
): LoweredExpression {
  const inner = unlifted(signature);
  const equality = operator === '==' || operator === '!=';
  if (equality) {
    // `x == null`: a null test, whatever the operand type.
    const nullLeft = isNullConstant(leftOperand);
    const nullRight = isNullConstant(rightOperand);
    if (nullLeft || nullRight) {
      const other = nullLeft ? rightOperand : leftOperand;
      const test = nullLeft && nullRight ? TRUE : isNull(other);
      return operator === '==' ? test : not(test);
    }
    if (strictEqualityHandlesNull(signature)) {
      return {
        kind: 'Binary',
        operator,
        left: leftOperand,
        right: rightOperand,
        signature: inner,
        checked,
        type,
      };
    }
  }
  const l = context.spill(leftOperand);
  const r = context.spill(rightOperand);
  const effects = [...l.effects, ...r.effects];
  const leftValue = retype(l.value, inner.parameters[0]);
  const rightValue = retype(r.value, inner.parameters[1]);
  const operation: LoweredExpression = {
    kind: 'Binary',
    operator,
    left: leftValue,
    right: rightValue,
    signature: inner,
    checked,
    type: inner.resultType,
  };
  const anyNull = logical('||', isNull(l.value), isNull(r.value));
  const bothNull = logical('&&', isNull(l.value), isNull(r.value));
  const boolLogic = stripNullable(signature.parameters[0]) === BOOL && (operator === '&' || operator === '|');
  let result: LoweredExpression;
  if (operator === '==') result = conditional(anyNull, bothNull, operation, BOOL);
  else if (operator === '!=') result = conditional(anyNull, not(bothNull), operation, BOOL);
  else if (operator === '<' || operator === '>' || operator === '<=' || operator === '>=') {
    result = logical('&&', not(anyNull), operation);
  } else if (boolLogic) {
    // bool? three-valued logic: false & null is false, true | null is true, otherwise null wins.
    const decisive = operator === '&';
    const decided = logical('||', is(l.value, !decisive), is(r.value, !decisive));
    const decidedValue = decisive ? FALSE : TRUE;
    const whenUndecided = conditional(anyNull, nullOf(type), retype(operation, type), type);
    result = conditional(decided, retype(decidedValue, type), whenUndecided, type);
  } else {
    result = conditional(anyNull, nullOf(type), retype(operation, type), type);
  }
  return sequence(effects, result);
}

// -------------------------------------------------------------------------------------------- Text

/**
 * `left + right` with a string operand: one Text whose parts are the operands, each formatted by its own
 * type. Boxing and reference conversions the binder inserted to reach `object` are looked through, so an
 * `int` prints as an int and not as a boxed object.
 */
function concatenation(left: LoweredExpression, right: LoweredExpression, type: CsType): LText {
  return { kind: 'Text', parts: [...textParts(left), ...textParts(right)], type };
}

function textParts(operand: LoweredExpression): (string | TextHole)[] {
  if (operand.kind === 'Text') return [...operand.parts];
  const value = unboxedForText(operand);
  if (value.kind === 'Constant') {
    if (value.value === null) return [];
    if (typeof value.value === 'string') return value.value === '' ? [] : [value.value];
  }
  return [{ value }];
}

/** The operand before a conversion to `object` (boxing, or a reference conversion). */
export function unboxedForText(operand: LoweredExpression): LoweredExpression {
  if (
    operand.kind === 'Conversion' &&
    operand.type === OBJECT &&
    (operand.conversion.category === 'boxing' || operand.conversion.category === 'reference')
  ) {
    return operand.operand;
  }
  if (
    operand.kind === 'Conversion' &&
    operand.conversion.category === 'identity' &&
    operand.type === OBJECT
  ) {
    return operand.operand;
  }
  return operand;
}

// ------------------------------------------------------------------------------------------ Unaries

export function lowerUnary(context: LoweringContext, node: BoundUnary): LoweredExpression {
  const operand = lowerExpression(context, node.operand);
  const { signature } = node;
  if (!signature.lifted) {
    if (node.operator === '!' && signature.category === 'logical') return not(operand);
    return {
      kind: 'Unary',
      operator: node.operator,
      operand,
      signature,
      checked: node.checked,
      type: node.type,
    };
  }
  const inner = unlifted(signature);
  const { effects, value } = context.spill(operand);
  const operation: LoweredExpression =
    node.operator === '!' && inner.category === 'logical'
      ? not(retype(value, inner.parameters[0]))
      : {
          kind: 'Unary',
          operator: node.operator,
          operand: retype(value, inner.parameters[0]),
          signature: inner,
          checked: node.checked,
          type: inner.resultType,
        };
  return sequence(
    effects,
    conditional(isNull(value), nullOf(node.type), retype(operation, node.type), node.type),
  );
}

// ------------------------------------------------------------------------------------- Coalescing

export function lowerCoalesce(context: LoweringContext, node: BoundCoalesce): LoweredExpression {
  const left = lowerExpression(context, node.left);
  const right = lowerExpression(context, node.right);
  const conversion = node.leftConversion;
  if (conversion === undefined || keepsValueWhenNonNull(conversion, node.left.type, node.type)) {
    return { kind: 'Coalesce', left, right, type: node.type };
  }
  const { effects, value } = context.spill(left);
  const converted = lowerConversion(context, value, conversion, node.type, false, true);
  return sequence(effects, conditional(isNull(value), right, converted, node.type));
}

/** A conversion of a value known non-null that leaves its JavaScript value unchanged. */
function keepsValueWhenNonNull(conversion: Conversion, from: CsType, to: CsType): boolean {
  if (conversion.category === 'nullable' && isNullableValueType(from)) {
    const inner = conversion.underlying ?? IDENTITY;
    return conversionKeepsValue(inner, stripNullable(from), stripNullable(to));
  }
  return conversionKeepsValue(conversion, from, to);
}

export function lowerCoalesceAssignment(
  context: LoweringContext,
  node: BoundCoalesceAssignment,
  discard: boolean,
): LoweredExpression {
  const target = lowerAssignable(context, node.target);
  const value = lowerExpression(context, node.value);
  if (target.local !== undefined) {
    // `x ?? (x = value)`: the assigned value, or x when it was not null.
    return {
      kind: 'Coalesce',
      left: target.local,
      right: assign(target.local, retype(value, target.local.type)),
      type: node.type,
    };
  }
  const current = context.newTemp(node.target.type);
  const store = storeThrough(context, target, value, discard);
  return sequence(target.effects, {
    kind: 'Coalesce',
    left: assign(current, target.read()),
    right: store,
    type: node.type,
  });
}

/** Writes `value` through an indexer target; its value is `value` unless discarded. */
function storeThrough(
  context: LoweringContext,
  target: AssignableParts,
  value: LoweredExpression,
  discard: boolean,
): LoweredExpression {
  if (discard) return target.write(value);
  const { effects, value: stored } = context.spill(value);
  return sequence([...effects, target.write(stored)], stored);
}

// -------------------------------------------------------------------------- Compound assignments

export function lowerCompoundAssignment(
  context: LoweringContext,
  node: BoundCompoundAssignment,
  discard: boolean,
): LoweredExpression {
  const target = lowerAssignable(context, node.target);
  const targetType = node.target.type;
  const compute = (current: LoweredExpression): LoweredExpression => {
    const left =
      node.targetConversion === undefined
        ? retype(current, node.signature.parameters[0])
        : lowerConversion(
            context,
            current,
            node.targetConversion,
            node.signature.parameters[0],
            node.checked,
          );
    const right = lowerExpression(context, node.value);
    const result = binaryOperation(
      context,
      node.operator,
      left,
      right,
      node.signature,
      node.checked,
      node.signature.resultType,
    );
    return node.resultConversion === undefined
      ? retype(result, targetType)
      : lowerConversion(context, result, node.resultConversion, targetType, node.checked);
  };
  if (node.postfix && !discard) {
    const old = context.newTemp(targetType);
    const write = target.write(compute(old));
    return sequence([...target.effects, assign(old, target.read()), write], old);
  }
  if (target.local !== undefined)
    return sequence(target.effects, assign(target.local, compute(target.local)));
  return sequence(target.effects, storeThrough(context, target, compute(target.read()), discard));
}
