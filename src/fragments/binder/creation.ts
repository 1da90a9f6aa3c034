/**
 * `new T(...)` with collection initializers, `new T[n]`, `new T[] { ... }`, `new[] { ... }` and the
 * bare `{ ... }` of an array-typed declaration. Object initializers (`new T { P = 1 }`) are outside the
 * subset: no surface type has a settable property.
 */
import type * as ast from '../syntax/ast.js';
import {
  ERROR_TYPE,
  INT,
  arrayOf,
  bestCommonType,
  constructorsOf,
  isValueType,
  lookupMembers,
  typeToString,
  type ArrayType,
  type CsType,
} from '../types/index.js';
import type { BoundCall, BoundExpression } from './bound.js';
import { errorExpression, type BindContext } from './context.js';
import { convertImplicitly, expressionInfo } from './conversions.js';
import { bindConverted, bindValue, defaultValue } from './expressions.js';
import { bindArguments, resolveOverload } from './invocation.js';
import { receiverTypeArguments } from './members.js';
import { bindType } from './type-binding.js';

export function bindObjectCreation(
  cx: BindContext,
  node: ast.ObjectCreation,
  target: CsType | undefined,
): BoundExpression {
  const type = node.type !== undefined ? bindType(cx, node.type) : target;
  const args = bindArguments(cx, node.arguments ?? []);
  if (type === undefined) {
    cx.report('SVCUNSUPPORTED', node, 'target-typed new without a target type');
    return errorExpression(node);
  }
  if (type === ERROR_TYPE) return errorExpression(node);
  if (node.initializer !== undefined && node.initializer.initializerKind !== 'Collection') {
    cx.report('SVCUNSUPPORTED', node.initializer, 'object initializer');
    return errorExpression(node);
  }
  const constructors = constructorsOf(type);
  if (constructors.length === 0) {
    if (isValueType(type) && args.length === 0 && node.initializer === undefined)
      return defaultValue(type, node);
    cx.report('CS1729', node, typeToString(type), args.length);
    return errorExpression(node);
  }
  const resolved = resolveOverload(cx, constructors, args, {
    name: typeToString(type),
    nameSpan: node.type ?? node,
    invocation: node,
  });
  if (resolved === undefined) return errorExpression(node);
  const construct: BoundCall = {
    kind: 'Call',
    member: resolved.member.member,
    arguments: resolved.arguments,
    receiverTypeArguments: receiverTypeArguments(resolved.member),
    typeArguments: [],
    receiverIsNullable: false,
    type,
    start: node.start,
    end: node.end,
  };
  const id = cx.nodeId();
  const adds: BoundCall[] = [];
  for (const element of node.initializer?.expressions ?? []) {
    const add = bindCollectionAdd(cx, id, type, element);
    if (add === undefined) return errorExpression(node);
    adds.push(add);
  }
  return { kind: 'ObjectCreation', id, construct, adds, type, start: node.start, end: node.end };
}

function bindCollectionAdd(
  cx: BindContext,
  id: number,
  type: CsType,
  element: ast.Expression,
): BoundCall | undefined {
  const candidates = lookupMembers(type, 'Add').filter(
    (m) => m.member.kind === 'method' && !m.member.isStatic,
  );
  if (candidates.length === 0) {
    cx.report('CS1061', element, typeToString(type), 'Add');
    return undefined;
  }
  const args = bindArguments(cx, [
    { kind: 'Argument', refKind: 'none', expression: element, start: element.start, end: element.end },
  ]);
  const resolved = resolveOverload(cx, candidates, args, {
    name: 'Add',
    nameSpan: element,
    invocation: element,
  });
  if (resolved === undefined) return undefined;
  return {
    kind: 'Call',
    member: resolved.member.member,
    receiver: { kind: 'InitializerTarget', id, type, start: element.start, end: element.end },
    arguments: resolved.arguments,
    receiverTypeArguments: receiverTypeArguments(resolved.member),
    typeArguments: resolved.typeArguments,
    receiverIsNullable: false,
    type: resolved.type,
    start: element.start,
    end: element.end,
  };
}

export function bindArrayCreation(cx: BindContext, node: ast.ArrayCreation): BoundExpression {
  const type = bindType(cx, node.type);
  const firstRank = node.type.ranks[0];
  const sizeNode = firstRank?.sizes[0];
  const size =
    sizeNode !== undefined && sizeNode.kind !== 'OmittedSize' ? bindConverted(cx, sizeNode, INT) : undefined;
  if (type === ERROR_TYPE || type.kind !== 'array') return errorExpression(node);
  if (size === undefined && node.initializer === undefined) {
    cx.report('CS1586', node);
    return errorExpression(node);
  }
  if (node.initializer !== undefined) {
    const created = bindArrayInitializer(cx, node.initializer, type);
    if (created.kind !== 'ArrayCreation' || size === undefined) return created;
    const count = created.elements?.length ?? 0;
    if (size.constant !== count) {
      cx.report('CS0847', node.initializer, String(size.constant ?? ''));
      return errorExpression(node);
    }
    return { ...created, start: node.start, end: node.end };
  }
  return {
    kind: 'ArrayCreation',
    type,
    elementType: type.elementType,
    size,
    start: node.start,
    end: node.end,
  };
}

export function bindArrayInitializer(
  cx: BindContext,
  node: ast.Initializer,
  type: ArrayType,
): BoundExpression {
  const elements = node.expressions.map((e) => bindConverted(cx, e, type.elementType));
  if (elements.some((e) => e.type === ERROR_TYPE)) return errorExpression(node);
  return {
    kind: 'ArrayCreation',
    type,
    elementType: type.elementType,
    elements,
    start: node.start,
    end: node.end,
  };
}

export function bindImplicitArrayCreation(cx: BindContext, node: ast.ImplicitArrayCreation): BoundExpression {
  if (node.rank !== 1) {
    cx.report('SVCUNSUPPORTED', node, 'multidimensional array');
    return errorExpression(node);
  }
  const values = node.initializer.expressions.map((e) => bindValue(cx, e));
  if (values.some((v) => v.type === ERROR_TYPE)) return errorExpression(node);
  const elementType = bestCommonType(values.map((v) => expressionInfo(cx, v)));
  if (elementType === undefined) {
    cx.report('CS0826', node);
    return errorExpression(node);
  }
  const type = arrayOf(elementType);
  const elements = values.map((v) => convertImplicitly(cx, v, elementType));
  return { kind: 'ArrayCreation', type, elementType, elements, start: node.start, end: node.end };
}
