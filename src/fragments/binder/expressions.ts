/**
 * Expressions: literals, names, operators, conditionals, casts, assignments. Member access,
 * invocation and element access live in members.ts and invocation.ts, patterns in patterns.ts,
 * lambdas in lambdas.ts, object and array creation in creation.ts.
 *
 * `bindExpression` answers a `Bound`: a value, or one of the things a name can denote before C# knows
 * how it is used (a type, a namespace, a method group, a lambda awaiting its target type).
 * `bindValue` insists on a value; `bindConverted` binds for a known target type (lambdas, `null`,
 * constants and conditionals are target-typed there).
 */
import { Decimal } from 'decimal.js';
import type * as ast from '../syntax/ast.js';
import {
  BOOL,
  CHAR,
  DECIMAL,
  DOUBLE,
  ERROR_TYPE,
  FLOAT,
  INT,
  LONG,
  NULL_TYPE,
  STRING,
  UINT,
  ULONG,
  coalesceType,
  conditionalType,
  isNullableValueType,
  isReferenceType,
  isReferencedNamespace,
  lookupTypeName,
  resolveBinaryOperator,
  resolveConversion,
  resolveUnaryOperator,
  stripNullable,
  typeToString,
  unresolvedNameVerdict,
  type BoundMember,
  type CsType,
} from '../types/index.js';
import type { BoundExpression, BoundLocal } from './bound.js';
import { foldBinary, foldUnary, type FoldResult } from './constant-folding.js';
import { errorExpression, type BindContext } from './context.js';
import {
  applyConversion,
  constantNode,
  convertExplicitly,
  convertImplicitly,
  expressionInfo,
} from './conversions.js';
import {
  bindArrayCreation,
  bindImplicitArrayCreation,
  bindObjectCreation,
  bindArrayInitializer,
} from './creation.js';
import { bindInvocation } from './invocation.js';
import { bindLambdaToDelegate } from './lambdas.js';
import { bindAssignmentLike, readLocal } from './assignment.js';
import {
  bindConditionalAccess,
  bindElementAccess,
  bindMemberAccess,
  bindMemberBinding,
  bindElementBinding,
} from './members.js';
import { bindIsPattern, bindSwitchExpression } from './patterns.js';
import { bindType } from './type-binding.js';

// ------------------------------------------------------------------------------------ Non-values

export interface TypeReference extends ast.Span {
  readonly kind: 'TypeReference';
  readonly type: CsType;
}

export interface NamespaceReference extends ast.Span {
  readonly kind: 'NamespaceReference';
  readonly name: string;
}

/** Methods named by `receiver.Name` or `Type.Name`, awaiting their arguments. */
export interface MethodGroup extends ast.Span {
  readonly kind: 'MethodGroup';
  readonly name: string;
  /** The instance the methods are called on (absent for static methods). */
  readonly receiver?: BoundExpression;
  readonly candidates: readonly BoundMember[];
  /** No instance method matched by name: extension methods apply to `receiver`. */
  readonly extension: boolean;
  /** Written type arguments (`TryGetProperty<int>`), bound. */
  readonly typeArguments?: readonly CsType[];
  /** The name's span, where C# reports overload failures. */
  readonly nameSpan: ast.Span;
}

export interface UnboundLambda extends ast.Span {
  readonly kind: 'UnboundLambda';
  readonly syntax: ast.Lambda;
}

export type Bound = BoundExpression | TypeReference | NamespaceReference | MethodGroup | UnboundLambda;

export function isValue(bound: Bound): bound is BoundExpression {
  return (
    bound.kind !== 'TypeReference' &&
    bound.kind !== 'NamespaceReference' &&
    bound.kind !== 'MethodGroup' &&
    bound.kind !== 'UnboundLambda'
  );
}

// ------------------------------------------------------------------------------------ Entry points

export function bindValue(cx: BindContext, node: ast.Expression): BoundExpression {
  return requireValue(cx, bindExpression(cx, node));
}

export function requireValue(cx: BindContext, bound: Bound): BoundExpression {
  switch (bound.kind) {
    case 'TypeReference':
      cx.report('CS0119', bound, typeToString(bound.type), 'type');
      return errorExpression(bound);
    case 'NamespaceReference':
      cx.report('CS0119', bound, bound.name, 'namespace');
      return errorExpression(bound);
    case 'MethodGroup':
      cx.report('CS0428', bound, bound.name, 'object');
      return errorExpression(bound);
    case 'UnboundLambda':
      cx.report('CS8917', bound);
      return errorExpression(bound);
    default:
      return bound;
  }
}

/** Binds `node` for a target type and converts it implicitly (lambdas and conditionals are target-typed). */
export function bindConverted(cx: BindContext, node: ast.Expression, target: CsType): BoundExpression {
  const bound = bindForTarget(cx, node, target);
  return convertBound(cx, bound, target, node);
}

export function convertBound(cx: BindContext, bound: Bound, target: CsType, span: ast.Span): BoundExpression {
  if (bound.kind === 'UnboundLambda') return bindLambdaToDelegate(cx, bound.syntax, target, false);
  if (bound.kind === 'MethodGroup') {
    cx.report('CS0428', bound, bound.name, typeToString(target));
    return errorExpression(bound);
  }
  return convertImplicitly(cx, requireValue(cx, bound), target, span);
}

/** Like bindExpression, but a conditional without a natural type takes the target type (C# 9). */
function bindForTarget(cx: BindContext, node: ast.Expression, target: CsType): Bound {
  if (node.kind === 'Parenthesized') return bindForTarget(cx, node.expression, target);
  if (node.kind === 'Conditional') return bindConditional(cx, node, target);
  if (node.kind === 'SwitchExpression') return bindSwitchExpression(cx, node, target);
  if (node.kind === 'Initializer' && target.kind === 'array') return bindArrayInitializer(cx, node, target);
  if (node.kind === 'ObjectCreation' && node.type === undefined) return bindObjectCreation(cx, node, target);
  if (node.kind === 'Default' && node.type === undefined) return defaultValue(target, node);
  return bindExpression(cx, node);
}

export function bindExpression(cx: BindContext, node: ast.Expression): Bound {
  switch (node.kind) {
    case 'Literal':
      return bindLiteral(cx, node);
    case 'InterpolatedString':
      return bindInterpolatedString(cx, node);
    case 'Name':
      return bindName(cx, node);
    case 'PredefinedType':
      return { kind: 'TypeReference', type: bindType(cx, node), start: node.start, end: node.end };
    case 'Binary':
      return bindBinary(cx, node);
    case 'Assignment':
      return bindAssignmentLike(cx, node);
    case 'PrefixUnary':
      if (node.operator === '++' || node.operator === '--') return bindAssignmentLike(cx, node);
      return bindUnary(cx, node);
    case 'PostfixUnary':
      if (node.operator === '!') return bindExpression(cx, node.operand);
      return bindAssignmentLike(cx, node);
    case 'Conditional':
      return bindConditional(cx, node, undefined);
    case 'Cast':
      return bindCast(cx, node);
    case 'As':
      return bindAs(cx, node);
    case 'IsPattern':
      return bindIsPattern(cx, node);
    case 'MemberAccess':
      return bindMemberAccess(cx, node);
    case 'ConditionalAccess':
      return bindConditionalAccess(cx, node);
    case 'MemberBinding':
      return bindMemberBinding(cx, node);
    case 'ElementBinding':
      return bindElementBinding(cx, node);
    case 'Invocation':
      return bindInvocation(cx, node);
    case 'ElementAccess':
      return bindElementAccess(cx, node);
    case 'Parenthesized': {
      const inner = bindExpression(cx, node.expression);
      // A parenthesized literal is no longer "a literal" for CS0664's wording, as in Roslyn.
      return isValue(inner) ? { ...inner } : inner;
    }
    case 'Lambda':
      return { kind: 'UnboundLambda', syntax: node, start: node.start, end: node.end };
    case 'ObjectCreation':
      return bindObjectCreation(cx, node, undefined);
    case 'ArrayCreation':
      return bindArrayCreation(cx, node);
    case 'ImplicitArrayCreation':
      return bindImplicitArrayCreation(cx, node);
    case 'Default':
      return bindDefault(cx, node);
    case 'Checked':
      return bindChecked(cx, node);
    case 'SwitchExpression':
      return bindSwitchExpression(cx, node, undefined);
    case 'TypeOf':
      cx.report('SVCUNSUPPORTED', node, 'typeof');
      return errorExpression(node);
    case 'DeclarationExpression':
      cx.report('SVCUNSUPPORTED', node, 'declaration expression outside an out argument');
      return errorExpression(node);
    case 'Initializer':
      cx.report('SVCUNSUPPORTED', node, 'initializer without a target type');
      return errorExpression(node);
    case 'ImplicitElementAccess':
      cx.report('SVCUNSUPPORTED', node, 'object initializer');
      return errorExpression(node);
    case 'Missing':
    case 'Unsupported':
      return errorExpression(node);
  }
}

// ------------------------------------------------------------------------------------ Literals

function bindLiteral(cx: BindContext, node: ast.Literal): BoundExpression {
  switch (node.literalKind) {
    case 'True':
    case 'False':
      return constantNode(BOOL, node.literalKind === 'True', node);
    case 'Null':
      return constantNode(NULL_TYPE, null, node);
    case 'String':
      return constantNode(STRING, node.value, node);
    case 'Char':
      return constantNode(CHAR, node.value.charCodeAt(0), node);
    case 'Numeric': {
      const bound = numericLiteral(node);
      cx.numericLiterals.add(bound);
      return bound;
    }
  }
}

function numericLiteral(node: ast.Literal): BoundExpression {
  const type = node.numericType ?? 'int';
  const digits = node.value;
  switch (type) {
    case 'double':
      return constantNode(DOUBLE, Number(digits), node);
    case 'float':
      return constantNode(FLOAT, Math.fround(Number(digits)), node);
    case 'decimal':
      return constantNode(DECIMAL, { decimal: decimalLiteralText(digits) }, node);
    default: {
      const prefix = node.radix === 16 ? '0x' : node.radix === 2 ? '0b' : '';
      const value = BigInt(`${prefix}${digits}`);
      const csType = { int: INT, uint: UINT, long: LONG, ulong: ULONG }[type];
      return constantNode(csType, type === 'int' || type === 'uint' ? Number(value) : value, node);
    }
  }
}

/** A decimal literal's exact text without exponent, keeping its scale (`1.50m` stays `1.50`). */
function decimalLiteralText(digits: string): string {
  if (!/[eE]/.test(digits)) return digits.replace(/^0+(?=\d)/, '');
  const value = new Decimal(digits);
  const places = Math.max(0, value.decimalPlaces());
  return value.toFixed(Math.min(places, 28));
}

function bindInterpolatedString(cx: BindContext, node: ast.InterpolatedString): BoundExpression {
  const parts = node.parts.map((part) => {
    if (part.kind === 'InterpolatedText') return part.value;
    const value = bindValue(cx, part.expression);
    let alignment: number | undefined;
    if (part.alignment !== undefined) {
      const bound = convertImplicitly(cx, bindValue(cx, part.alignment), INT);
      if (typeof bound.constant === 'number') alignment = bound.constant;
      else if (bound.type !== ERROR_TYPE) cx.report('CS0150', part.alignment);
    }
    return {
      value,
      start: part.start,
      end: part.end,
      ...(alignment === undefined ? {} : { alignment }),
      ...(part.format === undefined ? {} : { format: part.format.value }),
    };
  });
  return { kind: 'InterpolatedString', type: STRING, parts, start: node.start, end: node.end };
}

// ------------------------------------------------------------------------------------ Names

function bindName(cx: BindContext, node: ast.Name): Bound {
  const arity = node.typeArguments?.length ?? 0;
  if (arity === 0) {
    const found = cx.scope.lookup(node.identifier);
    if (found !== undefined) return readLocal(cx, found.symbol, found.scope, node);
  }
  const definition = lookupTypeName(node.identifier, arity, cx.environment);
  if (definition !== undefined) {
    const type = bindType(cx, node);
    return { kind: 'TypeReference', type, start: node.start, end: node.end };
  }
  if (arity === 0 && cx.isDeclaredLater(node.identifier, node.start)) {
    cx.report('CS0841', node, node.identifier);
    return errorExpression(node);
  }
  if (arity === 0 && isNamespaceRoot(node.identifier)) {
    return { kind: 'NamespaceReference', name: node.identifier, start: node.start, end: node.end };
  }
  const verdict = unresolvedNameVerdict({
    name: node.identifier,
    arity,
    context: 'expression',
    environment: cx.environment,
  });
  cx.reportType(verdict.skein, node);
  return errorExpression(node);
}

function isNamespaceRoot(name: string): boolean {
  return isReferencedNamespace(name);
}

export function localNode(symbol: BoundLocal['symbol'], span: ast.Span): BoundLocal {
  return { kind: 'Local', symbol, type: symbol.type, start: span.start, end: span.end };
}

// ------------------------------------------------------------------------------------ Operators

function reportFold(cx: BindContext, result: FoldResult, span: ast.Span): boolean {
  if (result.kind === 'overflow') {
    cx.report('CS0220', span);
    return true;
  }
  if (result.kind === 'decimalOverflow') {
    cx.report('CS0463', span);
    return true;
  }
  if (result.kind === 'divideByZero') {
    cx.report('CS0020', span);
    return true;
  }
  return false;
}

function bindBinary(cx: BindContext, node: ast.Binary): BoundExpression {
  if (node.operator === '??') return bindCoalesce(cx, node);
  // Long chains of `&&`/`||`/`+` are left-deep: bind them without recursing per operand.
  const chain: ast.Binary[] = [node];
  let leftmost: ast.Expression = node.left;
  while (leftmost.kind === 'Binary' && leftmost.operator !== '??') {
    chain.push(leftmost);
    leftmost = leftmost.left;
  }
  let left = bindValue(cx, leftmost);
  for (let i = chain.length - 1; i >= 0; i--) {
    const current = chain[i];
    const right = bindRightOperand(cx, current, () => bindValue(cx, current.right));
    left = combineBinary(cx, current, left, right);
  }
  return left;
}

/** The right operand of `&&`/`||` may not run: assignments in it do not count as definite. */
function bindRightOperand(cx: BindContext, node: ast.Binary, bind: () => BoundExpression): BoundExpression {
  if (node.operator !== '&&' && node.operator !== '||') return bind();
  const before = new Set(cx.unassigned);
  const bound = bind();
  for (const local of before) cx.unassigned.add(local);
  return bound;
}

function combineBinary(
  cx: BindContext,
  node: ast.Binary,
  left: BoundExpression,
  right: BoundExpression,
): BoundExpression {
  const op = node.operator as Exclude<ast.BinaryOperator, '??'>;
  if (left.type === ERROR_TYPE || right.type === ERROR_TYPE) return errorExpression(node);
  const resolution = resolveBinaryOperator(op, expressionInfo(cx, left), expressionInfo(cx, right));
  if (!resolution.ok) {
    cx.reportType(resolution.diagnostic, node);
    return errorExpression(node);
  }
  const { signature } = resolution;
  const l = convertOperand(cx, left, signature.parameters[0]);
  const r = convertOperand(cx, right, signature.parameters[1]);
  if (l.constant !== undefined && r.constant !== undefined) {
    const folded = foldBinary(op, signature, l.constant, r.constant, !cx.uncheckedConstants);
    if (reportFold(cx, folded, node)) return errorExpression(node);
    if (folded.kind === 'value') return constantNode(resolution.resultType, folded.value, node);
  } else if ((op === '/' || op === '%') && isZeroIntegral(r) && signature.category === 'numeric') {
    cx.report('CS0020', node);
    return errorExpression(node);
  }
  return {
    kind: 'Binary',
    operator: op,
    left: l,
    right: r,
    signature,
    type: resolution.resultType,
    checked: cx.checked,
    start: node.start,
    end: node.end,
  };
}

function isZeroIntegral(expression: BoundExpression): boolean {
  const c = expression.constant;
  return (
    (typeof c === 'number' || typeof c === 'bigint') && BigInt(c) === 0n && isIntegralType(expression.type)
  );
}

function isIntegralType(type: CsType): boolean {
  return type === INT || type === UINT || type === LONG || type === ULONG;
}

/** An operand converted to an operator's parameter type (always an implicit conversion by resolution). */
export function convertOperand(
  cx: BindContext,
  operand: BoundExpression,
  parameter: CsType,
): BoundExpression {
  if (operand.type === parameter) return operand;
  const conversion = resolveConversion(expressionInfo(cx, operand), parameter);
  return applyConversion(cx, operand, conversion, parameter, false);
}

function bindUnary(cx: BindContext, node: ast.PrefixUnary): BoundExpression {
  const op = node.operator as '+' | '-' | '!' | '~';
  // `-2147483648` and `-9223372036854775808`: the literal alone does not fit int or long, negated it does.
  if (op === '-' && node.operand.kind === 'Literal' && node.operand.literalKind === 'Numeric') {
    const literal = node.operand;
    if (literal.numericType === 'uint' && literal.value === '2147483648' && literal.radix === 10)
      return constantNode(INT, -2147483648, node);
    if (literal.numericType === 'ulong' && literal.value === '9223372036854775808' && literal.radix === 10)
      return constantNode(LONG, -9223372036854775808n, node);
  }
  const operand = bindValue(cx, node.operand);
  if (operand.type === ERROR_TYPE) return errorExpression(node);
  const resolution = resolveUnaryOperator(op, expressionInfo(cx, operand));
  if (!resolution.ok) {
    cx.reportType(resolution.diagnostic, node);
    return errorExpression(node);
  }
  const converted = convertOperand(cx, operand, resolution.signature.parameters[0]);
  if (converted.constant !== undefined) {
    const folded = foldUnary(op, resolution.signature, converted.constant, !cx.uncheckedConstants);
    if (reportFold(cx, folded, node)) return errorExpression(node);
    if (folded.kind === 'value') return constantNode(resolution.resultType, folded.value, node);
  }
  return {
    kind: 'Unary',
    operator: op,
    operand: converted,
    signature: resolution.signature,
    type: resolution.resultType,
    checked: cx.checked,
    start: node.start,
    end: node.end,
  };
}

function bindCoalesce(cx: BindContext, node: ast.Binary): BoundExpression {
  const left = bindValue(cx, node.left);
  const before = new Set(cx.unassigned);
  const rightBound = bindExpression(cx, node.right);
  for (const local of before) cx.unassigned.add(local);
  if (left.type === ERROR_TYPE) return errorExpression(node);
  if (rightBound.kind === 'UnboundLambda' || rightBound.kind === 'MethodGroup') {
    const right = requireValue(cx, rightBound);
    return right;
  }
  const right = requireValue(cx, rightBound);
  if (right.type === ERROR_TYPE) return errorExpression(node);
  const typing = coalesceType(expressionInfo(cx, left), expressionInfo(cx, right));
  if (!typing.ok) {
    cx.reportType(typing.diagnostic, node);
    return errorExpression(node);
  }
  const type = typing.type;
  const underlying = stripNullable(left.type);
  const leftConversion =
    isNullableValueType(left.type) && type === underlying
      ? undefined
      : left.type === type || left.type === NULL_TYPE
        ? undefined
        : resolveConversion(isNullableValueType(left.type) ? underlying : left.type, type);
  return {
    kind: 'Coalesce',
    left,
    ...(leftConversion === undefined || leftConversion.kind === 'identity' ? {} : { leftConversion }),
    right: convertImplicitly(cx, right, type, node.right),
    type,
    start: node.start,
    end: node.end,
  };
}

function bindConditional(
  cx: BindContext,
  node: ast.Conditional,
  target: CsType | undefined,
): BoundExpression {
  const condition = bindConverted(cx, node.condition, BOOL);
  const before = new Set(cx.unassigned);
  const whenTrueBound = bindExpression(cx, node.whenTrue);
  const afterTrue = new Set(cx.unassigned);
  for (const local of before) cx.unassigned.add(local);
  const whenFalseBound = bindExpression(cx, node.whenFalse);
  for (const local of afterTrue) cx.unassigned.add(local);
  const whenTrue = isValue(whenTrueBound) ? whenTrueBound : undefined;
  const whenFalse = isValue(whenFalseBound) ? whenFalseBound : undefined;
  if (whenTrue === undefined || whenFalse === undefined) {
    if (target === undefined) {
      requireValue(cx, whenTrueBound);
      requireValue(cx, whenFalseBound);
      return errorExpression(node);
    }
    return conditionalNode(
      node,
      condition,
      convertBound(cx, whenTrueBound, target, node.whenTrue),
      convertBound(cx, whenFalseBound, target, node.whenFalse),
      target,
    );
  }
  if (whenTrue.type === ERROR_TYPE || whenFalse.type === ERROR_TYPE) return errorExpression(node);
  const typing = conditionalType(expressionInfo(cx, whenTrue), expressionInfo(cx, whenFalse), target);
  if (!typing.ok) {
    cx.reportType(typing.diagnostic, node);
    return errorExpression(node);
  }
  const t = convertImplicitly(cx, whenTrue, typing.type, node.whenTrue);
  const f = convertImplicitly(cx, whenFalse, typing.type, node.whenFalse);
  if (typeof condition.constant === 'boolean' && t.constant !== undefined && f.constant !== undefined) {
    return constantNode(typing.type, condition.constant ? t.constant : f.constant, node);
  }
  return conditionalNode(node, condition, t, f, typing.type);
}

function conditionalNode(
  node: ast.Span,
  condition: BoundExpression,
  whenTrue: BoundExpression,
  whenFalse: BoundExpression,
  type: CsType,
): BoundExpression {
  return { kind: 'Conditional', condition, whenTrue, whenFalse, type, start: node.start, end: node.end };
}

function bindCast(cx: BindContext, node: ast.Cast): BoundExpression {
  const type = bindType(cx, node.type);
  const bound = bindForTarget(cx, node.expression, type);
  if (bound.kind === 'UnboundLambda') return bindLambdaToDelegate(cx, bound.syntax, type, false);
  const operand = requireValue(cx, bound);
  if (type === ERROR_TYPE) return errorExpression(node);
  return convertExplicitly(cx, operand, type, node);
}

function bindAs(cx: BindContext, node: ast.As): BoundExpression {
  const operand = bindValue(cx, node.expression);
  const type = bindType(cx, node.type);
  if (operand.type === ERROR_TYPE || type === ERROR_TYPE) return errorExpression(node);
  if (!isReferenceType(type) && !isNullableValueType(type)) {
    cx.report('CS0077', node, typeToString(type));
    return errorExpression(node);
  }
  const conversion = resolveConversion(expressionInfo(cx, operand), type);
  if (conversion.kind === 'none') {
    cx.report('CS0039', node, typeToString(operand.type), typeToString(type));
    return errorExpression(node);
  }
  if (
    conversion.kind === 'identity' ||
    (conversion.kind === 'implicit' && conversion.category === 'reference')
  )
    return applyConversion(cx, operand, conversion, type, false);
  return { kind: 'As', operand, type, start: node.start, end: node.end };
}

function bindDefault(cx: BindContext, node: ast.Default): BoundExpression {
  if (node.type === undefined) {
    cx.report('CS8716', node);
    return errorExpression(node);
  }
  const type = bindType(cx, node.type);
  return defaultValue(type, node);
}

/** `default(T)`: a constant for the constant types, a BoundDefault for the rest. */
export function defaultValue(type: CsType, span: ast.Span): BoundExpression {
  if (type === ERROR_TYPE) return errorExpression(span);
  if (isReferenceType(type) || isNullableValueType(type)) return constantNode(type, null, span);
  if (type === BOOL) return constantNode(type, false, span);
  if (type === DECIMAL) return constantNode(type, { decimal: '0' }, span);
  if (type === LONG || type === ULONG) return constantNode(type, 0n, span);
  const keyword = type.kind === 'named' ? type.definition.keyword : undefined;
  if (keyword !== undefined && keyword !== 'object' && keyword !== 'string')
    return constantNode(type, 0, span);
  if (type.kind === 'named' && type.definition.kind === 'enum') return constantNode(type, 0, span);
  return { kind: 'Default', type, start: span.start, end: span.end };
}

function bindChecked(cx: BindContext, node: ast.CheckedExpression): Bound {
  const savedChecked = cx.checked;
  const savedUnchecked = cx.uncheckedConstants;
  cx.checked = node.checked;
  cx.uncheckedConstants = !node.checked;
  try {
    return bindExpression(cx, node.expression);
  } finally {
    cx.checked = savedChecked;
    cx.uncheckedConstants = savedUnchecked;
  }
}
