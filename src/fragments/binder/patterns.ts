/**
 * Patterns (`is` and switch expression arms): type, declaration, constant, relational, `not`, `and`,
 * `or`, `var`, discard and property patterns, each bound against the type of the value it tests.
 */
import type * as ast from '../syntax/ast.js';
import {
  BOOL,
  ERROR_TYPE,
  NULL_TYPE,
  OBJECT,
  bestCommonType,
  implicitTypeConversion,
  isNullableValueType,
  isReferenceType,
  isValueType,
  lookupMembers,
  resolveConversion,
  stripNullable,
  typeToString,
  type CsType,
} from '../types/index.js';
import type { BoundConstant, BoundExpression, BoundPattern, BoundSwitchArm } from './bound.js';
import { errorExpression, type BindContext } from './context.js';
import { convertImplicitly, expressionInfo } from './conversions.js';
import {
  bindConverted,
  bindExpression,
  bindValue,
  convertBound,
  isValue,
  requireValue,
} from './expressions.js';
import { memberRead } from './members.js';
import { bindType } from './type-binding.js';

export function bindIsPattern(cx: BindContext, node: ast.IsPattern): BoundExpression {
  const operand = bindValue(cx, node.expression);
  if (operand.type === ERROR_TYPE) return errorExpression(node);
  const pattern = bindPattern(cx, node.pattern, operand.type);
  if (pattern === undefined) return errorExpression(node);
  return { kind: 'IsPattern', operand, pattern, type: BOOL, start: node.start, end: node.end };
}

export function bindSwitchExpression(
  cx: BindContext,
  node: ast.SwitchExpression,
  target: CsType | undefined,
): BoundExpression {
  const governing = bindValue(cx, node.governing);
  if (governing.type === ERROR_TYPE) return errorExpression(node);
  const arms: {
    pattern: BoundPattern;
    whenClause?: BoundExpression;
    value: BoundExpression;
    span: ast.Span;
  }[] = [];
  let failed = false;
  for (const arm of node.arms) {
    cx.inScope(() => {
      const pattern = bindPattern(cx, arm.pattern, governing.type);
      const whenClause = arm.whenClause === undefined ? undefined : bindConverted(cx, arm.whenClause, BOOL);
      const bound = bindExpression(cx, arm.expression);
      const value = isValue(bound)
        ? bound
        : target !== undefined
          ? convertBound(cx, bound, target, arm.expression)
          : requireValue(cx, bound);
      if (pattern === undefined || value.type === ERROR_TYPE || whenClause?.type === ERROR_TYPE)
        failed = true;
      else arms.push({ pattern, ...(whenClause === undefined ? {} : { whenClause }), value, span: arm });
    });
  }
  if (failed) return errorExpression(node);
  let type = bestCommonType(arms.map((a) => expressionInfo(cx, a.value)));
  if (type === undefined || (target !== undefined && !arms.every((a) => a.value.type === type))) {
    if (target !== undefined) type = target;
  }
  if (type === undefined) {
    cx.report('CS8506', node);
    return errorExpression(node);
  }
  const resultType = type;
  const boundArms: BoundSwitchArm[] = arms.map((a) => ({
    pattern: a.pattern,
    ...(a.whenClause === undefined ? {} : { whenClause: a.whenClause }),
    value: convertImplicitly(cx, a.value, resultType),
    start: a.span.start,
    end: a.span.end,
  }));
  reportSubsumedArms(cx, boundArms);
  const last = boundArms[boundArms.length - 1];
  const exhaustive = last !== undefined && last.whenClause === undefined && matchesEverything(last.pattern);
  if (!exhaustive) cx.report('CS8509', { start: node.start, end: node.start + 1 }, '_');
  return {
    kind: 'SwitchExpression',
    governing,
    arms: boundArms,
    exhaustive,
    type: resultType,
    start: node.start,
    end: node.end,
  };
}

/**
 * CS8510 for an arm no value can reach: after an arm that matches everything, or repeating an earlier
 * arm's constant (the cases the ancestor's users meet; C#'s full subsumption analysis goes further).
 */
function reportSubsumedArms(cx: BindContext, arms: readonly BoundSwitchArm[]): void {
  let everythingMatched = false;
  const constants: unknown[] = [];
  for (const arm of arms) {
    const pattern = arm.pattern;
    const constant = pattern.kind === 'ConstantPattern' ? pattern.value.constant : undefined;
    const key = typeof constant === 'object' && constant !== null ? constant.decimal : constant;
    if (everythingMatched || (pattern.kind === 'ConstantPattern' && constants.includes(key))) {
      cx.report('CS8510', pattern);
      continue;
    }
    if (arm.whenClause !== undefined) continue;
    if (matchesEverything(pattern)) everythingMatched = true;
    if (pattern.kind === 'ConstantPattern') constants.push(key);
  }
}

function matchesEverything(pattern: BoundPattern): boolean {
  return pattern.kind === 'TypePattern' && !pattern.testsType && pattern.matchesNull;
}

export function bindPattern(cx: BindContext, node: ast.Pattern, input: CsType): BoundPattern | undefined {
  const base = { start: node.start, end: node.end, inputType: input };
  switch (node.kind) {
    case 'ParenthesizedPattern':
      return bindPattern(cx, node.pattern, input);
    case 'DiscardPattern':
      return { kind: 'TypePattern', ...base, narrowedType: input, testsType: false, matchesNull: true };
    case 'VarPattern': {
      const designation = declare(cx, node.designation, input);
      return {
        kind: 'TypePattern',
        ...base,
        narrowedType: input,
        testsType: false,
        matchesNull: true,
        ...(designation === undefined ? {} : { designation }),
      };
    }
    case 'TypePattern':
      return typePattern(cx, node, bindType(cx, node.type), input, undefined);
    case 'DeclarationPattern':
      return typePattern(cx, node, bindType(cx, node.type), input, node.designation);
    case 'ConstantPattern':
      return constantPattern(cx, node, input);
    case 'RelationalPattern':
      return relationalPattern(cx, node, input);
    case 'NotPattern': {
      const inner = bindPattern(cx, node.pattern, input);
      return inner === undefined
        ? undefined
        : { kind: 'NotPattern', ...base, narrowedType: input, pattern: inner };
    }
    case 'BinaryPattern': {
      const left = bindPattern(cx, node.left, input);
      const right = bindPattern(
        cx,
        node.right,
        node.operator === 'and' && left !== undefined ? left.narrowedType : input,
      );
      if (left === undefined || right === undefined) return undefined;
      const narrowedType = node.operator === 'and' ? right.narrowedType : input;
      return { kind: 'BinaryPattern', ...base, narrowedType, operator: node.operator, left, right };
    }
    case 'PropertyPattern':
      return propertyPattern(cx, node, input);
    case 'Missing':
    case 'Unsupported':
      return undefined;
  }
}

function declare(cx: BindContext, designation: ast.Designation, type: CsType) {
  if (designation.discard) return undefined;
  return cx.declareLocal(designation.identifier, type, 'declared', designation);
}

function typePattern(
  cx: BindContext,
  node: ast.Span,
  type: CsType,
  input: CsType,
  designation: ast.Designation | undefined,
): BoundPattern | undefined {
  if (type === ERROR_TYPE || input === ERROR_TYPE) return undefined;
  const narrowed = isNullableValueType(type) ? stripNullable(type) : type;
  const conversion = resolveConversion(input, narrowed);
  if (conversion.kind === 'none' && !(isNullableValueType(input) && stripNullable(input) === narrowed)) {
    cx.report('CS8121', node, typeToString(input), typeToString(type));
    return undefined;
  }
  const underlyingInput = stripNullable(input);
  // Only a null test remains when the input's static type already is the type (or derives from it).
  const onlyNullTest =
    underlyingInput === narrowed ||
    (isReferenceType(input) && implicitTypeConversion(input, narrowed)?.category === 'reference');
  const symbol = designation === undefined ? undefined : declare(cx, designation, narrowed);
  return {
    kind: 'TypePattern',
    start: node.start,
    end: node.end,
    inputType: input,
    narrowedType: narrowed,
    testsType: !onlyNullTest,
    matchesNull: false,
    ...(symbol === undefined ? {} : { designation: symbol }),
  };
}

function constantPattern(
  cx: BindContext,
  node: ast.ConstantPattern,
  input: CsType,
): BoundPattern | undefined {
  const bound = bindExpression(cx, node.expression);
  if (bound.kind === 'TypeReference') return typePattern(cx, node, bound.type, input, undefined);
  const value = requireValue(cx, bound);
  if (value.type === ERROR_TYPE || input === ERROR_TYPE) return undefined;
  if (value.constant === undefined) {
    cx.report('CS0150', node.expression);
    return undefined;
  }
  const base = { start: node.start, end: node.end, inputType: input };
  if (value.type === NULL_TYPE) {
    if (isValueType(input) && !isNullableValueType(input)) {
      cx.report('CS0037', node.expression, typeToString(input));
      return undefined;
    }
    return { kind: 'ConstantPattern', ...base, narrowedType: input, value: value as BoundConstant };
  }
  const target = input === OBJECT ? value.type : stripNullable(input);
  const converted = convertImplicitly(cx, value, target, node.expression);
  if (converted.kind !== 'Constant') return undefined;
  return { kind: 'ConstantPattern', ...base, narrowedType: target, value: converted };
}

function relationalPattern(
  cx: BindContext,
  node: ast.RelationalPattern,
  input: CsType,
): BoundPattern | undefined {
  if (node.operator === '==' || node.operator === '!=') {
    cx.report('CS1525', node, node.operator);
    return undefined;
  }
  const value = bindValue(cx, node.expression);
  if (value.type === ERROR_TYPE || input === ERROR_TYPE) return undefined;
  if (value.constant === undefined || value.constant === null) {
    cx.report('CS0150', node.expression);
    return undefined;
  }
  const target = input === OBJECT ? value.type : stripNullable(input);
  const converted = convertImplicitly(cx, value, target, node.expression);
  if (converted.kind !== 'Constant') return undefined;
  return {
    kind: 'RelationalPattern',
    start: node.start,
    end: node.end,
    inputType: input,
    narrowedType: target,
    operator: node.operator,
    value: converted,
  };
}

function propertyPattern(
  cx: BindContext,
  node: ast.PropertyPattern,
  input: CsType,
): BoundPattern | undefined {
  const declared = node.type === undefined ? undefined : bindType(cx, node.type);
  if (declared === ERROR_TYPE) return undefined;
  const narrowed = declared ?? stripNullable(input);
  const typeTest = declared === undefined ? undefined : typePattern(cx, node, declared, input, undefined);
  if (declared !== undefined && typeTest === undefined) return undefined;
  const inputId = cx.nodeId();
  const receiver: BoundExpression = {
    kind: 'ConditionalReceiver',
    id: inputId,
    type: narrowed,
    start: node.start,
    end: node.end,
  };
  const subpatterns: { member: BoundExpression; pattern: BoundPattern }[] = [];
  for (const sub of node.subpatterns) {
    if (sub.member === undefined || sub.member.kind !== 'Name') {
      cx.report('SVCUNSUPPORTED', sub, 'positional or extended property pattern');
      return undefined;
    }
    const name = sub.member.identifier;
    const found = lookupMembers(narrowed, name).filter(
      (m) => !m.member.isStatic && (m.member.kind === 'property' || m.member.kind === 'field'),
    );
    if (found.length === 0) {
      cx.report('CS0117', sub.member, typeToString(narrowed), name);
      return undefined;
    }
    const member = memberRead(cx, found[0], receiver, sub.member);
    const pattern = bindPattern(cx, sub.pattern, member.type);
    if (pattern === undefined) return undefined;
    subpatterns.push({ member: { ...member, receiverIsNullable: false }, pattern });
  }
  const symbol = node.designation === undefined ? undefined : declare(cx, node.designation, narrowed);
  return {
    kind: 'PropertyPattern',
    start: node.start,
    end: node.end,
    inputType: input,
    narrowedType: narrowed,
    inputId,
    testsType: typeTest?.kind === 'TypePattern' ? typeTest.testsType : false,
    subpatterns,
    ...(symbol === undefined ? {} : { designation: symbol }),
  };
}
