/**
 * Reads and writes of variables: local reads (constants folded, captures noted, definite assignment
 * checked: CS0165), and every form of assignment: `=`, `op=`, `??=`, `++`, `--` on locals and settable
 * indexers (CS0131, CS0200, CS0191, CS1656 otherwise).
 */
import type * as ast from '../syntax/ast.js';
import {
  ERROR_TYPE,
  INT,
  NULL_TYPE,
  isNullableValueType,
  isReferenceType,
  resolveBinaryOperator,
  resolveCompoundAssignment,
  resolveUnaryOperator,
  resolveConversion,
  stripNullable,
  type CsType,
  type BinaryOperator,
} from '../types/index.js';
import type { BoundAssignable, BoundExpression, LocalSymbol } from './bound.js';
import { errorExpression, type BindContext, type Scope } from './context.js';
import { constantNode, convertImplicitly, expressionInfo } from './conversions.js';
import {
  bindConverted,
  bindExpression,
  isValue,
  localNode,
  requireValue,
  type Bound,
} from './expressions.js';
import { bindIndexerTarget } from './members.js';

export function readLocal(
  cx: BindContext,
  symbol: LocalSymbol,
  scope: Scope,
  span: ast.Span,
): BoundExpression {
  noteCapture(cx, symbol, scope);
  const constant = cx.constants.get(symbol);
  if (constant !== undefined) return constantNode(symbol.type, constant, span);
  if (cx.unassigned.has(symbol)) {
    cx.report('CS0165', span, symbol.name);
    // Reported once: later reads are not new errors.
    cx.unassigned.delete(symbol);
  }
  return localNode(symbol, span);
}

function noteCapture(cx: BindContext, symbol: LocalSymbol, scope: Scope): void {
  if (scope.frame !== cx.frame) symbol.captured = true;
}

type AssignmentSyntax = ast.Assignment | ast.PrefixUnary | ast.PostfixUnary;

export function bindAssignmentLike(cx: BindContext, node: AssignmentSyntax): BoundExpression {
  if (node.kind === 'Assignment') {
    if (node.operator === '=') return bindSimpleAssignment(cx, node);
    if (node.operator === '??=') return bindCoalesceAssignment(cx, node);
    return bindCompound(cx, node, node.operator.slice(0, -1) as BinaryOperator, node.left, node.right);
  }
  const op = node.operator === '++' ? '+' : '-';
  return bindCompound(cx, node, op, node.operand, undefined, node.kind === 'PostfixUnary');
}

/** The place an assignment writes: a local or a settable indexer; undefined after reporting. */
function bindTarget(cx: BindContext, node: ast.Expression, reads: boolean): BoundAssignable | undefined {
  if (node.kind === 'Parenthesized') return bindTarget(cx, node.expression, reads);
  if (node.kind === 'Name' && node.typeArguments === undefined) {
    const found = cx.scope.lookup(node.identifier);
    if (found !== undefined) {
      const symbol = found.symbol;
      noteCapture(cx, symbol, found.scope);
      if (cx.constants.has(symbol)) {
        cx.report('CS0131', node);
        return undefined;
      }
      if (cx.iterationVariables.has(symbol)) {
        cx.report('CS1656', node, symbol.name, 'foreach iteration variable');
        return undefined;
      }
      if (reads && cx.unassigned.has(symbol)) {
        cx.report('CS0165', node, symbol.name);
        cx.unassigned.delete(symbol);
      }
      symbol.mutated = true;
      return localNode(symbol, node);
    }
  }
  if (node.kind === 'ElementAccess') return bindIndexerTarget(cx, node);
  const bound: Bound = bindExpression(cx, node);
  if (!isValue(bound)) {
    requireValue(cx, bound);
    return undefined;
  }
  if (bound.type === ERROR_TYPE) return undefined;
  if (bound.kind === 'Call' && (bound.member.kind === 'property' || bound.member.kind === 'field')) {
    if (bound.member.kind === 'field') cx.report('CS0191', node);
    else cx.report('CS0200', node, bound.member.name);
    return undefined;
  }
  cx.report('CS0131', node);
  return undefined;
}

function markAssigned(cx: BindContext, target: BoundAssignable): void {
  if (target.kind === 'Local') cx.unassigned.delete(target.symbol);
}

function bindSimpleAssignment(cx: BindContext, node: ast.Assignment): BoundExpression {
  const target = bindTarget(cx, node.left, false);
  if (target === undefined) {
    bindExpression(cx, node.right);
    return errorExpression(node);
  }
  const value = bindConverted(cx, node.right, target.type);
  markAssigned(cx, target);
  if (value.type === ERROR_TYPE) return errorExpression(node);
  return { kind: 'Assignment', target, value, type: target.type, start: node.start, end: node.end };
}

function bindCoalesceAssignment(cx: BindContext, node: ast.Assignment): BoundExpression {
  const target = bindTarget(cx, node.left, true);
  if (target === undefined) {
    bindExpression(cx, node.right);
    return errorExpression(node);
  }
  if (!isReferenceType(target.type) && !isNullableValueType(target.type)) {
    cx.report('CS0019', node, '??=', cx.typeName(target.type), '?');
    return errorExpression(node);
  }
  const value = bindConverted(cx, node.right, target.type);
  if (value.type === ERROR_TYPE) return errorExpression(node);
  return { kind: 'CoalesceAssignment', target, value, type: target.type, start: node.start, end: node.end };
}

function bindCompound(
  cx: BindContext,
  node: AssignmentSyntax,
  op: BinaryOperator,
  targetNode: ast.Expression,
  valueNode: ast.Expression | undefined,
  postfix = false,
): BoundExpression {
  const target = bindTarget(cx, targetNode, true);
  const rawValue =
    valueNode === undefined ? constantNode(INT, 1, node) : requireValue(cx, bindExpression(cx, valueNode));
  if (target === undefined || rawValue.type === ERROR_TYPE) return errorExpression(node);
  const incrementOf = valueNode === undefined;
  // `x++` is valid for every type `++` applies to (char, byte, enums, ...); it computes `(T)(x + 1)`
  // with the operator `x + 1` resolves to, whatever the constant 1 converts to.
  const resolution = incrementOf
    ? resolveIncrement(op, target.type, op === '-' ? '--' : '++', rawValue, cx)
    : resolveCompoundAssignment(op, target.type, expressionInfo(cx, rawValue));
  if (!resolution.ok) {
    if (incrementOf)
      cx.report('CS0023', node, node.kind === 'Assignment' ? op : node.operator, cx.typeName(target.type));
    else cx.reportType(resolution.diagnostic, node);
    return errorExpression(node);
  }
  const { signature } = resolution;
  const value = convertImplicitly(cx, rawValue, signature.parameters[1], valueNode ?? node);
  const targetConversion = conversionBetween(target.type, signature.parameters[0]);
  const resultConversion = conversionBetween(resolution.resultType, target.type);
  return {
    kind: 'CompoundAssignment',
    target,
    operator: op,
    value,
    signature,
    ...(targetConversion === undefined ? {} : { targetConversion }),
    ...(resultConversion === undefined ? {} : { resultConversion }),
    postfix,
    checked: cx.checked,
    type: target.type,
    start: node.start,
    end: node.end,
  };
}

function resolveIncrement(
  op: BinaryOperator,
  type: CsType,
  unary: '++' | '--',
  one: BoundExpression,
  cx: BindContext,
): ReturnType<typeof resolveCompoundAssignment> {
  const increment = resolveUnaryOperator(unary, type);
  if (!increment.ok) return increment;
  return resolveBinaryOperator(op, type, expressionInfo(cx, one));
}

function conversionBetween(from: CsType, to: CsType): ReturnType<typeof resolveConversion> | undefined {
  if (from === to || from === NULL_TYPE) return undefined;
  if (isNullableValueType(from) && stripNullable(from) === to) return resolveConversion(from, to);
  const conversion = resolveConversion(from, to);
  return conversion.kind === 'identity' ? undefined : conversion;
}
