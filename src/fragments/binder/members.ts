/**
 * Member access (`x.Name`, `Type.Name`, `Namespace.Type`), null-conditional access (`x?.Name`,
 * `x?[i]`) and element access (`x[i]`), against the surface tables of types/surface.ts.
 *
 * C# reports an unknown member of a value as CS1061, of a type as CS0117; a member that exists but
 * cannot be used (the engine members whose signatures name unreferenced assemblies) reports its
 * use-site diagnostic (CS0012).
 */
import type * as ast from '../syntax/ast.js';
import {
  ENUMERABLE,
  ERROR_TYPE,
  extensionMethods,
  indexersOf,
  isNullableValueType,
  isReferenceType,
  isReferencedNamespace,
  lookupMembers,
  lookupQualifiedTypeName,
  memberToString,
  nullableOf,
  stripNullable,
  typeToString,
  unresolvedNameVerdict,
  constructType,
  isValueType,
  VOID,
  type BoundMember,
  type CsType,
} from '../types/index.js';
import type { BoundCall, BoundExpression, BoundIndexerTarget } from './bound.js';
import { errorExpression, type BindContext } from './context.js';
import { constantNode } from './conversions.js';
import { bindExpression, bindValue, requireValue, type Bound, type MethodGroup } from './expressions.js';
import { bindArguments, resolveOverload } from './invocation.js';
import { bindType } from './type-binding.js';

// ------------------------------------------------------------------------------------ x.Name

/**
 * `invoked`: the access is the callee of an invocation, where C# keeps only invocable members (§12.5),
 * so `list.Count(e => ...)` reaches LINQ's Count past the Count property.
 */
export function bindMemberAccess(cx: BindContext, node: ast.MemberAccess, invoked = false): Bound {
  const left = bindExpression(cx, node.expression);
  switch (left.kind) {
    case 'NamespaceReference':
      return bindNamespaceMember(cx, left.name, node);
    case 'TypeReference':
      return bindStaticMember(cx, left.type, node.name, node);
    case 'MethodGroup':
    case 'UnboundLambda':
      requireValue(cx, left);
      return errorExpression(node);
    default:
      return bindInstanceMember(cx, left, node.name, node, invoked);
  }
}

function bindNamespaceMember(cx: BindContext, namespace: string, node: ast.MemberAccess): Bound {
  const name = node.name;
  const arity = name.typeArguments?.length ?? 0;
  const qualified = `${namespace}.${name.identifier}`;
  if (arity === 0 && isReferencedNamespace(qualified)) {
    return { kind: 'NamespaceReference', name: qualified, start: node.start, end: node.end };
  }
  const definition = lookupQualifiedTypeName(qualified, arity, cx.environment);
  if (definition !== undefined) {
    const typeArguments = (name.typeArguments ?? []).map((t) => bindType(cx, t));
    if (typeArguments.includes(ERROR_TYPE)) return errorExpression(node);
    return {
      kind: 'TypeReference',
      type: constructType(definition, typeArguments),
      start: node.start,
      end: node.end,
    };
  }
  const verdict = unresolvedNameVerdict({
    name: qualified,
    arity,
    context: 'expression',
    environment: cx.environment,
  });
  cx.reportType(verdict.skein, node);
  return errorExpression(node);
}

function bindStaticMember(cx: BindContext, type: CsType, name: ast.Name, node: ast.Span): Bound {
  if (type === ERROR_TYPE) return errorExpression(node);
  const found = lookupMembers(type, name.identifier);
  if (found.length === 0) {
    const nested = lookupQualifiedTypeName(`${typeToString(type)}.${name.identifier}`, 0, cx.environment);
    if (nested !== undefined) {
      return { kind: 'TypeReference', type: constructType(nested), start: node.start, end: node.end };
    }
    cx.report('CS0117', name, typeToString(type), name.identifier);
    return errorExpression(node);
  }
  const statics = found.filter((m) => m.member.isStatic);
  if (statics.length === 0) {
    cx.report('CS0120', node, memberToString(found[0].member));
    return errorExpression(node);
  }
  return memberResult(cx, statics, undefined, name, node);
}

function bindInstanceMember(
  cx: BindContext,
  receiver: BoundExpression,
  name: ast.Name,
  node: ast.Span,
  invoked = false,
): Bound {
  if (receiver.type === ERROR_TYPE) return errorExpression(node);
  const all = lookupMembers(receiver.type, name.identifier);
  const invocable = all.filter((m) => m.member.kind === 'method');
  const found =
    invoked && invocable.length === 0 && extensionMethods(name.identifier).length > 0 ? invocable : all;
  if (found.length === 0) {
    if (extensionMethods(name.identifier).length > 0 && receiver.type !== VOID) {
      return methodGroup(cx, name, node, receiver, extensionCandidates(name.identifier), true);
    }
    cx.report('CS1061', name, typeToString(receiver.type), name.identifier);
    return errorExpression(node);
  }
  const instance = found.filter((m) => !m.member.isStatic);
  if (instance.length === 0) {
    cx.report('CS0176', node, memberToString(found[0].member));
    return errorExpression(node);
  }
  return memberResult(cx, instance, receiver, name, node);
}

function extensionCandidates(name: string): BoundMember[] {
  return extensionMethods(name).map((member) => ({
    member,
    declaringType: ENUMERABLE,
    depth: 0,
    type: member.type,
    parameters: member.parameters,
  }));
}

/** Properties and fields become reads; methods a group awaiting arguments. */
function memberResult(
  cx: BindContext,
  found: readonly BoundMember[],
  receiver: BoundExpression | undefined,
  name: ast.Name,
  node: ast.Span,
): Bound {
  const first = found[0];
  if (first.member.useSiteDiagnostic !== undefined) {
    cx.reportType(first.member.useSiteDiagnostic, name);
    return errorExpression(node);
  }
  if (first.member.kind === 'method') {
    const methods = found.filter(
      (m) => m.member.kind === 'method' && m.member.useSiteDiagnostic === undefined,
    );
    return methodGroup(cx, name, node, receiver, methods, false);
  }
  if (name.typeArguments !== undefined) {
    cx.report('CS0307', name, name.identifier, 'property');
    return errorExpression(node);
  }
  if (first.member.constant !== undefined) return constantNode(first.type, first.member.constant, node);
  return memberRead(cx, first, receiver, node);
}

function methodGroup(
  cx: BindContext,
  name: ast.Name,
  node: ast.Span,
  receiver: BoundExpression | undefined,
  candidates: readonly BoundMember[],
  extension: boolean,
): MethodGroup {
  const typeArguments = name.typeArguments?.map((t) => bindType(cx, t));
  return {
    kind: 'MethodGroup',
    name: name.identifier,
    ...(receiver === undefined ? {} : { receiver }),
    candidates,
    extension,
    ...(typeArguments === undefined ? {} : { typeArguments }),
    nameSpan: { start: name.start, end: name.end },
    start: node.start,
    end: node.end,
  };
}

/** A property or field read as a call of its runtime helper. */
export function memberRead(
  cx: BindContext,
  bound: BoundMember,
  receiver: BoundExpression | undefined,
  node: ast.Span,
): BoundCall {
  return {
    kind: 'Call',
    member: bound.member,
    ...(receiver === undefined ? {} : { receiver }),
    arguments: [],
    receiverTypeArguments: receiverTypeArguments(bound),
    typeArguments: [],
    receiverIsNullable: receiver !== undefined && mayBeNull(cx, receiver),
    type: bound.type,
    start: node.start,
    end: node.end,
  };
}

export function receiverTypeArguments(bound: BoundMember): readonly CsType[] {
  const declaring = bound.declaringType;
  if (declaring.kind === 'named') return declaring.typeArguments;
  if (declaring.kind === 'array') return [declaring.elementType];
  return [];
}

/**
 * Whether the receiver's value may be null at run time, so member use must raise
 * NullReferenceException: reference-typed values other than the fragment delegate's own parameter,
 * `context`, a `?.` receiver, a constant string or a freshly created object.
 */
export function mayBeNull(cx: BindContext, receiver: BoundExpression): boolean {
  if (!isReferenceType(receiver.type)) return false;
  switch (receiver.kind) {
    case 'ConditionalReceiver':
    case 'InitializerTarget':
    case 'ObjectCreation':
    case 'ArrayCreation':
    case 'InterpolatedString':
      return false;
    case 'Constant':
      return receiver.constant === null;
    case 'Local': {
      const symbol = receiver.symbol;
      if (symbol.kind === 'context') return false;
      if (symbol.kind === 'parameter') return !(cx.declaringFrame.get(symbol)?.isRootLambda ?? false);
      return true;
    }
    default:
      return true;
  }
}

// ------------------------------------------------------------------------------------ x?.Name

export function bindConditionalAccess(cx: BindContext, node: ast.ConditionalAccess): Bound {
  const receiver = bindValue(cx, node.expression);
  if (receiver.type === ERROR_TYPE) {
    bindWhenNotNullSilently(cx, node);
    return errorExpression(node);
  }
  if (isValueType(receiver.type) && !isNullableValueType(receiver.type)) {
    cx.report('CS0023', node, '?', typeToString(receiver.type));
    return errorExpression(node);
  }
  const id = cx.nodeId();
  cx.conditionalReceivers.push({ id, type: stripNullable(receiver.type) });
  const before = new Set(cx.unassigned);
  let whenNotNull: BoundExpression;
  try {
    whenNotNull = bindValue(cx, node.whenNotNull);
  } finally {
    cx.conditionalReceivers.pop();
  }
  for (const local of before) cx.unassigned.add(local);
  if (whenNotNull.type === ERROR_TYPE) return errorExpression(node);
  const type =
    isValueType(whenNotNull.type) && !isNullableValueType(whenNotNull.type) && whenNotNull.type !== VOID
      ? nullableOf(whenNotNull.type)
      : whenNotNull.type;
  return { kind: 'ConditionalAccess', id, receiver, whenNotNull, type, start: node.start, end: node.end };
}

function bindWhenNotNullSilently(cx: BindContext, node: ast.ConditionalAccess): void {
  cx.conditionalReceivers.push({ id: cx.nodeId(), type: ERROR_TYPE });
  try {
    bindValue(cx, node.whenNotNull);
  } finally {
    cx.conditionalReceivers.pop();
  }
}

function currentConditionalReceiver(cx: BindContext, span: ast.Span): BoundExpression {
  const top = cx.conditionalReceivers[cx.conditionalReceivers.length - 1];
  if (top === undefined || top.type === ERROR_TYPE) return errorExpression(span);
  return { kind: 'ConditionalReceiver', id: top.id, type: top.type, start: span.start, end: span.end };
}

export function bindMemberBinding(cx: BindContext, node: ast.MemberBinding, invoked = false): Bound {
  const receiver = currentConditionalReceiver(cx, node);
  return bindInstanceMember(cx, receiver, node.name, node, invoked);
}

export function bindElementBinding(cx: BindContext, node: ast.ElementBinding): Bound {
  const receiver = currentConditionalReceiver(cx, node);
  return bindIndexer(cx, receiver, node.arguments, node);
}

// ------------------------------------------------------------------------------------ x[i]

export function bindElementAccess(cx: BindContext, node: ast.ElementAccess): Bound {
  const receiver = bindValue(cx, node.expression);
  return bindIndexer(cx, receiver, node.arguments, node);
}

function bindIndexer(
  cx: BindContext,
  receiver: BoundExpression,
  argumentNodes: readonly ast.Argument[],
  node: ast.Span,
): BoundExpression {
  const args = bindArguments(cx, argumentNodes);
  if (receiver.type === ERROR_TYPE) return errorExpression(node);
  const indexers = indexersOf(receiver.type);
  if (indexers.length === 0) {
    cx.report('CS0021', node, typeToString(receiver.type));
    return errorExpression(node);
  }
  const resolved = resolveOverload(cx, indexers, args, {
    name: 'this[]',
    nameSpan: node,
    invocation: node,
  });
  if (resolved === undefined) return errorExpression(node);
  return {
    kind: 'Call',
    member: resolved.member.member,
    receiver,
    arguments: resolved.arguments,
    receiverTypeArguments: receiverTypeArguments(resolved.member),
    typeArguments: [],
    receiverIsNullable: mayBeNull(cx, receiver),
    type: resolved.type,
    start: node.start,
    end: node.end,
  };
}

/** `x[i]` as the target of an assignment: a settable indexer (arrays, lists) or CS0200. */
export function bindIndexerTarget(cx: BindContext, node: ast.ElementAccess): BoundIndexerTarget | undefined {
  const read = bindElementAccess(cx, node);
  if (read.kind !== 'Call') return undefined;
  if (read.member.setterRuntimeKey === undefined || read.receiver === undefined) {
    cx.report('CS0200', node, memberToString(read.member));
    return undefined;
  }
  return {
    kind: 'IndexerTarget',
    member: read.member,
    receiver: read.receiver,
    arguments: read.arguments,
    receiverTypeArguments: read.receiverTypeArguments,
    type: read.type,
    start: node.start,
    end: node.end,
  };
}
