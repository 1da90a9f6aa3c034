/**
 * Lowering of patterns (`is`, switch expression arms) into boolean expressions over a value evaluated
 * once. Designations are assignments inside the test, made where the pattern has matched so far, as C#
 * definite assignment allows reading them only where the pattern matched.
 *
 * Semantics kept from C#:
 * - a constant pattern on an `object` (or other reference) input matches a boxed value of the constant's
 *   own type that equals it; `is double.NaN` matches NaN (unlike `==`); `is null` matches null only;
 * - relational and constant patterns never match null (a nullable input is tested first);
 * - `and` narrows: the right pattern sees the value as the left pattern's narrowed type (unboxed when
 *   the left pattern was a type test from object to a value type);
 * - a switch expression with no matching arm throws SwitchExpressionException.
 */
import type {
  BoundIsPattern,
  BoundPattern,
  BoundPropertyPattern,
  BoundSwitchExpression,
} from '../binder/bound.js';
import {
  BOOL,
  implicitReference,
  isNullableValueType,
  isReferenceType,
  isValueType,
  stripNullable,
  type ConstantValue,
  type CsType,
  type OperatorSignature,
} from '../types/index.js';
import { lowerExpression } from './lower-expressions.js';
import type { LoweredExpression } from './lowered.js';
import {
  FALSE,
  TRUE,
  assign,
  conditional,
  constant,
  isNull,
  local,
  logical,
  narrowed,
  narrowingUnboxes,
  not,
  sequence,
  type LoweringContext,
} from './lowering-context.js';

/** `x is pattern`: `(t = x, test(t))`. */
export function lowerIsPattern(context: LoweringContext, node: BoundIsPattern): LoweredExpression {
  const { effects, value } = context.spill(lowerExpression(context, node.operand));
  return sequence(effects, patternTest(context, node.pattern, value));
}

/** `governing switch { p1 when c1 => v1, ... }`: `(t = governing, test1(t) && c1 ? v1 : ... : fail)`. */
export function lowerSwitchExpression(
  context: LoweringContext,
  node: BoundSwitchExpression,
): LoweredExpression {
  const { effects, value } = context.spill(lowerExpression(context, node.governing));
  // Arms are tested in order, so their tests are lowered in order (designations are declared in order).
  const arms = node.arms.map((arm) => {
    const pattern = patternTest(context, arm.pattern, value);
    const test =
      arm.whenClause === undefined
        ? pattern
        : logical('&&', pattern, lowerExpression(context, arm.whenClause));
    return { test, value: lowerExpression(context, arm.value) };
  });
  let result: LoweredExpression = { kind: 'SwitchFailure', type: node.type };
  for (let i = arms.length - 1; i >= 0; i--) {
    result = conditional(arms[i].test, arms[i].value, result, node.type);
  }
  return sequence(effects, result);
}

/**
 * True when `input` (evaluated, free to read again) matches `pattern`; assigns designations on the way.
 */
export function patternTest(
  context: LoweringContext,
  pattern: BoundPattern,
  input: LoweredExpression,
): LoweredExpression {
  switch (pattern.kind) {
    case 'ConstantPattern':
      return constantTest(pattern.value.constant, pattern.value.type, input, '==');
    case 'RelationalPattern':
      return constantTest(pattern.value.constant, pattern.value.type, input, pattern.operator);
    case 'TypePattern': {
      const test = pattern.testsType
        ? typeTest(input, pattern.narrowedType)
        : pattern.matchesNull
          ? TRUE
          : nonNull(input);
      return withDesignation(context, test, input, pattern.designation);
    }
    case 'NotPattern':
      return not(patternTest(context, pattern.pattern, input));
    case 'BinaryPattern': {
      const left = patternTest(context, pattern.left, input);
      if (pattern.operator === 'or') return logical('||', left, patternTest(context, pattern.right, input));
      return logical(
        '&&',
        left,
        narrowThen(context, input, pattern.left.narrowedType, (value) =>
          patternTest(context, pattern.right, value),
        ),
      );
    }
    case 'PropertyPattern':
      return propertyTest(context, pattern, input);
  }
}

/** `test` and, where it holds, `designation = input` seen as the designation's type. */
function withDesignation(
  context: LoweringContext,
  test: LoweredExpression,
  input: LoweredExpression,
  designation: BoundPropertyPattern['designation'],
): LoweredExpression {
  if (designation === undefined) return test;
  context.noteExpressionVariable(designation);
  return logical('&&', test, sequence([assign(local(designation), narrowed(input, designation.type))], TRUE));
}

/** Runs `then` on the input seen as `type`: a temp holding the unboxed value when narrowing unboxes. */
function narrowThen(
  context: LoweringContext,
  input: LoweredExpression,
  type: CsType,
  then: (value: LoweredExpression) => LoweredExpression,
): LoweredExpression {
  if (!narrowingUnboxes(input.type, type)) return then(narrowed(input, type));
  const temp = context.newTemp(stripNullable(type));
  return sequence([assign(temp, narrowed(input, type))], then(temp));
}

function propertyTest(
  context: LoweringContext,
  pattern: BoundPropertyPattern,
  input: LoweredExpression,
): LoweredExpression {
  const base = pattern.testsType ? typeTest(input, pattern.narrowedType) : nonNull(input);
  const members = narrowThen(context, input, pattern.narrowedType, (value) =>
    context.withReceiver(pattern.inputId, value, () => {
      let all: LoweredExpression = TRUE;
      for (const subpattern of pattern.subpatterns) {
        const member = context.spill(lowerExpression(context, subpattern.member));
        all = logical(
          '&&',
          all,
          sequence(member.effects, patternTest(context, subpattern.pattern, member.value)),
        );
      }
      return withDesignation(context, all, value, pattern.designation);
    }),
  );
  return logical('&&', base, members);
}

/** Not null, for inputs that can be null. */
function nonNull(input: LoweredExpression): LoweredExpression {
  return isValueType(input.type) && !isNullableValueType(input.type) ? TRUE : not(isNull(input));
}

/**
 * `input` is not null and of run-time type `type` (nullable stripped): a null test when the input's static
 * type already is one (`VertexModel` tested as `AGraphElementModel`), else a run-time type test.
 */
export function typeTest(input: LoweredExpression, type: CsType): LoweredExpression {
  const target = stripNullable(type);
  const from = stripNullable(input.type);
  if (from === target || (isReferenceType(from) && implicitReference(from, target))) return nonNull(input);
  return { kind: 'TypeTest', operand: input, testedType: target, type: BOOL };
}

type ComparisonOperator = '==' | '<' | '<=' | '>' | '>=';

/**
 * `input op constant` for constant and relational patterns. The constant has the input's (underlying)
 * type, or its own type when the input is `object`: then the input must be a boxed value of that type.
 */
function constantTest(
  value: ConstantValue,
  valueType: CsType,
  input: LoweredExpression,
  operator: ComparisonOperator,
): LoweredExpression {
  if (value === null) return isNull(input);
  const type = stripNullable(valueType);
  const inputType = stripNullable(input.type);
  if (!isValueType(inputType) && isValueType(type)) {
    // object (or another reference type) input: a boxed value of the constant's type.
    const test = typeTest(input, type);
    return logical('&&', test, compareWith(narrowed(input, type), value, type, operator));
  }
  if (isNullableValueType(input.type) || (!isValueType(inputType) && operator !== '==')) {
    return logical('&&', not(isNull(input)), compareWith(narrowed(input, type), value, type, operator));
  }
  return compareWith(narrowed(input, type), value, type, operator);
}

function compareWith(
  input: LoweredExpression,
  value: ConstantValue,
  type: CsType,
  operator: ComparisonOperator,
): LoweredExpression {
  const signature: OperatorSignature = {
    category: operator === '==' ? 'equality' : 'comparison',
    parameters: [type, type],
    resultType: BOOL,
    lifted: false,
  };
  if (typeof value === 'number' && value !== value) {
    // `is double.NaN` matches NaN; relational patterns against NaN never match.
    if (operator !== '==') return FALSE;
    return {
      kind: 'Binary',
      operator: '!=',
      left: input,
      right: input,
      signature,
      checked: false,
      type: BOOL,
    };
  }
  return {
    kind: 'Binary',
    operator,
    left: input,
    right: constant(value, type),
    signature,
    checked: false,
    type: BOOL,
  };
}
