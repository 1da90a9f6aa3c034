/**
 * Lowering of expressions: the dispatch over bound expression kinds, and the constructs that are not
 * operators or patterns (`?.`, calls with `out` arguments, lambdas, assignments, object creation with
 * collection initializers, interpolated strings, `as`).
 */
import type {
  BoundAs,
  BoundAssignable,
  BoundAssignment,
  BoundCall,
  BoundConditionalAccess,
  BoundExpression,
  BoundIndexerTarget,
  BoundInterpolatedString,
  BoundLambda,
  BoundObjectCreation,
} from '../binder/bound.js';
import { VOID } from '../types/index.js';
import {
  lowerBinary,
  lowerCoalesce,
  lowerCoalesceAssignment,
  lowerCompoundAssignment,
  lowerConversion,
  lowerUnary,
} from './lower-operators.js';
import { lowerIsPattern, lowerSwitchExpression, typeTest } from './lower-patterns.js';
import { lowerLambdaBody } from './lowering.js';
import type { LCall, LLambda, LLocal, LoweredExpression, TextHole } from './lowered.js';
import {
  assign,
  conditional,
  constant,
  isNull,
  local,
  narrowed,
  nullOf,
  sequence,
  type LoweringContext,
} from './lowering-context.js';

/**
 * Lowers one expression. `discard`: the value is not used (an expression statement), so assignments
 * through indexers and postfix increments need no temp for it.
 */
export function lowerExpression(
  context: LoweringContext,
  node: BoundExpression,
  discard = false,
): LoweredExpression {
  switch (node.kind) {
    case 'Constant':
      return constant(node.constant, node.type);
    case 'Default':
      return { kind: 'Default', type: node.type };
    case 'Local':
      return local(node.symbol);
    case 'Conversion':
      return lowerConversion(
        context,
        lowerExpression(context, node.operand),
        node.conversion,
        node.type,
        node.checked,
      );
    case 'Binary':
      return lowerBinary(context, node);
    case 'Unary':
      return lowerUnary(context, node);
    case 'Conditional':
      return conditional(
        lowerExpression(context, node.condition),
        lowerExpression(context, node.whenTrue),
        lowerExpression(context, node.whenFalse),
        node.type,
      );
    case 'Coalesce':
      return lowerCoalesce(context, node);
    case 'ConditionalAccess':
      return lowerConditionalAccess(context, node);
    case 'ConditionalReceiver':
      return context.receiver(node.id);
    case 'Call':
      return lowerCall(context, node, discard);
    case 'Out':
      throw new Error('lowering: an out argument outside a call');
    case 'Lambda':
      return lowerLambda(context, node);
    case 'Assignment':
      return lowerAssignment(context, node, discard);
    case 'CompoundAssignment':
      return lowerCompoundAssignment(context, node, discard);
    case 'CoalesceAssignment':
      return lowerCoalesceAssignment(context, node, discard);
    case 'IndexerTarget':
      return indexerRead(context, node);
    case 'IsPattern':
      return lowerIsPattern(context, node);
    case 'As':
      return lowerAs(context, node);
    case 'SwitchExpression':
      return lowerSwitchExpression(context, node);
    case 'ArrayCreation':
      return {
        kind: 'ArrayCreation',
        elementType: node.elementType,
        ...(node.size === undefined ? {} : { size: lowerExpression(context, node.size) }),
        ...(node.elements === undefined
          ? {}
          : { elements: node.elements.map((element) => lowerExpression(context, element)) }),
        type: node.type,
      };
    case 'ObjectCreation':
      return lowerObjectCreation(context, node);
    case 'InitializerTarget':
      return context.initializerTarget(node.id);
    case 'InterpolatedString':
      return lowerInterpolatedString(context, node);
  }
}

// ------------------------------------------------------------------------------------------ `?.`

/** `(t = receiver) === null ? null : whenNotNull[t]`. */
function lowerConditionalAccess(context: LoweringContext, node: BoundConditionalAccess): LoweredExpression {
  const { effects, value } = context.spill(lowerExpression(context, node.receiver));
  const whenNotNull = context.withReceiver(node.id, value, () => lowerExpression(context, node.whenNotNull));
  return sequence(effects, conditional(isNull(value), nullOf(node.type), whenNotNull, node.type));
}

// ------------------------------------------------------------------------------------------ Calls

/**
 * A member use. Each `out` argument gets its own cell (hoisted by the emitter); after the call the cell's
 * value is copied into the target local, and the call's result is the expression's value.
 */
function lowerCall(context: LoweringContext, node: BoundCall, discard: boolean): LoweredExpression {
  const key = node.member.runtimeKey;
  if (key === undefined) throw new Error(`lowering: member ${node.member.declaration} has no runtime key`);
  const copies: LoweredExpression[] = [];
  const receiver = node.receiver === undefined ? undefined : lowerExpression(context, node.receiver);
  const args = node.arguments.map((argument): LoweredExpression => {
    if (argument.kind !== 'Out') return lowerExpression(context, argument);
    const cell = context.newCell(argument.type);
    if (argument.target !== undefined) {
      context.noteExpressionVariable(argument.target);
      copies.push(assign(local(argument.target), { kind: 'CellValue', cell, type: argument.type }));
    }
    return { kind: 'OutArgument', cell, type: argument.type };
  });
  const call: LCall = {
    kind: 'Call',
    member: node.member,
    key,
    ...(receiver === undefined ? {} : { receiver }),
    arguments: args,
    receiverMayBeNull: node.receiverIsNullable,
    receiverTypeArguments: node.receiverTypeArguments,
    typeArguments: node.typeArguments,
    type: node.type,
  };
  if (copies.length === 0) return call;
  if (discard || node.type === VOID)
    return sequence([call, ...copies.slice(0, -1)], copies[copies.length - 1]);
  const result = context.newTemp(node.type);
  return sequence([assign(result, call), ...copies], result);
}

function indexerRead(context: LoweringContext, node: BoundIndexerTarget): LoweredExpression {
  const key = node.member.runtimeKey;
  if (key === undefined) throw new Error(`lowering: indexer ${node.member.declaration} has no runtime key`);
  return {
    kind: 'Call',
    member: node.member,
    key,
    receiver: lowerExpression(context, node.receiver),
    arguments: node.arguments.map((argument) => lowerExpression(context, argument)),
    receiverMayBeNull: mayBeNull(node.receiver),
    receiverTypeArguments: node.receiverTypeArguments,
    typeArguments: [],
    type: node.type,
  };
}

/** Indexer receivers carry no flag of their own: a reference-typed receiver may be null. */
function mayBeNull(receiver: BoundExpression): boolean {
  return (
    receiver.kind !== 'ConditionalReceiver' &&
    receiver.kind !== 'InitializerTarget' &&
    admitsNullType(receiver)
  );
}

function admitsNullType(receiver: BoundExpression): boolean {
  const type = receiver.type;
  if (type.kind === 'array') return true;
  if (type.kind !== 'named') return false;
  const kind = type.definition.kind;
  return (
    kind === 'class' || kind === 'interface' || kind === 'delegate' || type.definition.name === 'Nullable'
  );
}

// ---------------------------------------------------------------------------------------- Lambdas

function lowerLambda(context: LoweringContext, node: BoundLambda): LLambda {
  for (const parameter of node.parameters) context.markDeclared(parameter);
  const { result: body, temps } = context.inFunction(() => lowerLambdaBody(context, node));
  return {
    kind: 'Lambda',
    delegateType: node.delegateType,
    parameters: node.parameters,
    temps,
    body,
    root: node.root,
    type: node.type,
  };
}

// ------------------------------------------------------------------------------------ Assignments

/** An assignable place, its parts evaluated once: `effects` first, then any number of reads and writes. */
export interface AssignableParts {
  readonly effects: readonly LoweredExpression[];
  /** Set for a local: reads and writes are the local itself. */
  readonly local?: LLocal;
  read(): LoweredExpression;
  /** The write; its value is the written value for a local, unspecified for an indexer. */
  write(value: LoweredExpression): LoweredExpression;
}

export function lowerAssignable(context: LoweringContext, target: BoundAssignable): AssignableParts {
  if (target.kind === 'Local') {
    const place = local(target.symbol);
    return { effects: [], local: place, read: () => place, write: (value) => assign(place, value) };
  }
  const setterKey = target.member.setterRuntimeKey;
  const getterKey = target.member.runtimeKey;
  if (setterKey === undefined || getterKey === undefined) {
    throw new Error(`lowering: indexer ${target.member.declaration} cannot be assigned`);
  }
  const receiver = context.spill(lowerExpression(context, target.receiver));
  const args = target.arguments.map((argument) => context.spill(lowerExpression(context, argument)));
  const effects = [...receiver.effects, ...args.flatMap((argument) => argument.effects)];
  const argumentValues = args.map((argument) => argument.value);
  const receiverMayBeNull = mayBeNull(target.receiver);
  return {
    effects,
    read: () => ({
      kind: 'Call',
      member: target.member,
      key: getterKey,
      receiver: receiver.value,
      arguments: argumentValues,
      receiverMayBeNull,
      receiverTypeArguments: target.receiverTypeArguments,
      typeArguments: [],
      type: target.type,
    }),
    write: (value) => ({
      kind: 'IndexerSet',
      member: target.member,
      key: setterKey,
      receiver: receiver.value,
      arguments: argumentValues,
      value,
      receiverMayBeNull,
      receiverTypeArguments: target.receiverTypeArguments,
      type: target.type,
    }),
  };
}

function lowerAssignment(
  context: LoweringContext,
  node: BoundAssignment,
  discard: boolean,
): LoweredExpression {
  const target = lowerAssignable(context, node.target);
  const value = lowerExpression(context, node.value);
  if (target.local !== undefined || discard) return sequence(target.effects, target.write(value));
  const stored = context.spill(value);
  return sequence([...target.effects, ...stored.effects, target.write(stored.value)], stored.value);
}

// ----------------------------------------------------------------------------------- `as`, `new`

/** `x as T`: `(t = x, t is T ? t : null)`. */
function lowerAs(context: LoweringContext, node: BoundAs): LoweredExpression {
  const { effects, value } = context.spill(lowerExpression(context, node.operand));
  return sequence(
    effects,
    conditional(typeTest(value, node.type), narrowed(value, node.type), nullOf(node.type), node.type),
  );
}

/** `new T(args) { a, b }`: `(t = new T(args), t.Add(a), t.Add(b), t)`. */
function lowerObjectCreation(context: LoweringContext, node: BoundObjectCreation): LoweredExpression {
  const construct = lowerExpression(context, node.construct);
  if (node.adds.length === 0) return construct;
  const target = context.newTemp(node.type);
  const adds = context.withInitializerTarget(node.id, target, () =>
    node.adds.map((add) => lowerExpression(context, add, true)),
  );
  return sequence([assign(target, construct), ...adds], target);
}

function lowerInterpolatedString(context: LoweringContext, node: BoundInterpolatedString): LoweredExpression {
  const parts = node.parts.map((part): string | TextHole => {
    if (typeof part === 'string') return part;
    return {
      value: lowerExpression(context, part.value),
      ...(part.alignment === undefined ? {} : { alignment: part.alignment }),
      ...(part.format === undefined ? {} : { format: part.format }),
    };
  });
  return { kind: 'Text', parts: parts.filter((part) => part !== ''), type: node.type };
}
