/**
 * Small builders of bound trees over the real type layer, for testing lowering and the emitter without
 * the binder: operators and conversions are resolved by types/operators.ts and types/conversions.ts, and
 * operands are converted to the resolved parameter types, as the binder does.
 */
import type {
  BoundBinary,
  BoundBlock,
  BoundCall,
  BoundCompoundAssignment,
  BoundConstant,
  BoundExpression,
  BoundFragment,
  BoundLambda,
  BoundLocal,
  BoundPattern,
  BoundStatement,
  BoundSwitchArm,
  LocalSymbol,
  LocalSymbolKind,
} from '../../../src/fragments/binder/bound.js';
import {
  BOOL,
  CHAR,
  DECIMAL,
  DELEGATE_KINDS,
  DOUBLE,
  FLOAT,
  INT,
  LONG,
  NULL_TYPE,
  STRING,
  TRAVERSAL_CONTEXT,
  constructorsOf,
  funcOf,
  instantiate,
  lookupMembers,
  resolveBinaryOperator,
  resolveConversion,
  resolveUnaryOperator,
  type BinaryOperator,
  type ConstantValue,
  type CsType,
  type DelegateKindName,
  type NamedType,
  type UnaryOperator,
} from '../../../src/fragments/types/index.js';

const SPAN = { start: 0, end: 0 };
let nextSymbolId = 1;

export function symbol(name: string, type: CsType, kind: LocalSymbolKind = 'local'): LocalSymbol {
  return { id: nextSymbolId++, name, kind, type, mutated: true, captured: false };
}

export function lit(value: ConstantValue, type: CsType): BoundConstant {
  return { kind: 'Constant', constant: value, type, ...SPAN };
}

export const int = (value: number): BoundConstant => lit(value, INT);
export const long = (value: bigint): BoundConstant => lit(value, LONG);
export const dbl = (value: number): BoundConstant => lit(value, DOUBLE);
export const flt = (value: number): BoundConstant => lit(Math.fround(value), FLOAT);
export const str = (value: string): BoundConstant => lit(value, STRING);
export const bool = (value: boolean): BoundConstant => lit(value, BOOL);
export const dec = (text: string): BoundConstant => lit({ decimal: text }, DECIMAL);
export const chr = (value: string): BoundConstant => lit(value.charCodeAt(0), CHAR);
export const nul = (): BoundConstant => lit(null, NULL_TYPE);

export function ref(local: LocalSymbol): BoundLocal {
  return { kind: 'Local', symbol: local, type: local.type, ...SPAN };
}

/** `value` converted to `to` as the binder would (folding constant conversions). */
export function convert(
  value: BoundExpression,
  to: CsType,
  options: { explicit?: boolean; checked?: boolean } = {},
): BoundExpression {
  if (value.type === to) return value;
  const conversion = resolveConversion(
    value.constant === undefined ? value.type : { type: value.type, constant: value.constant },
    to,
  );
  if (conversion.kind === 'none') throw new Error('no conversion');
  if (conversion.category === 'constant' && value.kind === 'Constant') {
    const v = value.constant;
    const big = to === LONG || (to.kind === 'named' && to.definition.keyword === 'ulong');
    return lit(big && typeof v === 'number' ? BigInt(v) : v, to);
  }
  return {
    kind: 'Conversion',
    operand: value,
    conversion,
    explicit: options.explicit ?? false,
    checked: options.checked ?? false,
    type: to,
    ...SPAN,
  };
}

export function cast(value: BoundExpression, to: CsType, checked = false): BoundExpression {
  return convert(value, to, { explicit: true, checked });
}

function info(e: BoundExpression): { type: CsType; constant?: ConstantValue } {
  return e.constant === undefined ? { type: e.type } : { type: e.type, constant: e.constant };
}

export function binary(
  operator: BinaryOperator,
  left: BoundExpression,
  right: BoundExpression,
  checked = false,
): BoundBinary {
  const resolution = resolveBinaryOperator(operator, info(left), info(right));
  if (!resolution.ok) throw new Error(`operator ${operator}: ${resolution.diagnostic.id}`);
  const { signature } = resolution;
  return {
    kind: 'Binary',
    operator,
    left: convert(left, signature.parameters[0]),
    right: convert(right, signature.parameters[1]),
    signature,
    checked,
    type: resolution.resultType,
    ...SPAN,
  };
}

export function unary(
  operator: Exclude<UnaryOperator, '++' | '--'>,
  operand: BoundExpression,
  checked = false,
): BoundExpression {
  const resolution = resolveUnaryOperator(operator, info(operand));
  if (!resolution.ok) throw new Error(`operator ${operator}: ${resolution.diagnostic.id}`);
  return {
    kind: 'Unary',
    operator,
    operand: convert(operand, resolution.signature.parameters[0]),
    signature: resolution.signature,
    checked,
    type: resolution.resultType,
    ...SPAN,
  };
}

export function conditional(c: BoundExpression, a: BoundExpression, b: BoundExpression): BoundExpression {
  return { kind: 'Conditional', condition: c, whenTrue: a, whenFalse: b, type: a.type, ...SPAN };
}

export function assign(target: LocalSymbol, value: BoundExpression): BoundExpression {
  return {
    kind: 'Assignment',
    target: ref(target),
    value: convert(value, target.type),
    type: target.type,
    ...SPAN,
  };
}

/** `target op= value` with the binary operator's signature and the conversions around it. */
export function compound(
  operator: BinaryOperator,
  target: LocalSymbol,
  value: BoundExpression,
  options: { postfix?: boolean; checked?: boolean } = {},
): BoundCompoundAssignment {
  const resolution = resolveBinaryOperator(operator, target.type, info(value));
  if (!resolution.ok) throw new Error(`operator ${operator}: ${resolution.diagnostic.id}`);
  const { signature } = resolution;
  const targetConversion =
    target.type === signature.parameters[0]
      ? undefined
      : resolveConversion(target.type, signature.parameters[0]);
  const resultConversion =
    signature.resultType === target.type ? undefined : resolveConversion(signature.resultType, target.type);
  return {
    kind: 'CompoundAssignment',
    target: ref(target),
    operator,
    value: convert(value, signature.parameters[1]),
    signature,
    ...(targetConversion === undefined ? {} : { targetConversion }),
    ...(resultConversion === undefined ? {} : { resultConversion }),
    postfix: options.postfix ?? false,
    checked: options.checked ?? false,
    type: target.type,
    ...SPAN,
  };
}

/** `x++` / `++x` / `x--` / `--x` with the unary operator's signature (the operand keeps its type). */
export function increment(
  target: LocalSymbol,
  options: { postfix?: boolean; decrement?: boolean } = {},
): BoundCompoundAssignment {
  const resolution = resolveUnaryOperator(options.decrement ? '--' : '++', target.type);
  if (!resolution.ok) throw new Error(`++: ${resolution.diagnostic.id}`);
  const operandType = resolution.signature.parameters[0];
  return {
    kind: 'CompoundAssignment',
    target: ref(target),
    operator: options.decrement ? '-' : '+',
    value: lit(operandType === LONG ? 1n : 1, operandType),
    signature: resolution.signature,
    postfix: options.postfix ?? false,
    checked: false,
    type: target.type,
    ...SPAN,
  };
}

/** A member call looked up on `owner` by name (the first overload with `arity` parameters). */
export function call(
  owner: CsType,
  name: string,
  receiver: BoundExpression | undefined,
  args: readonly BoundExpression[],
  options: { typeArguments?: CsType[]; receiverIsNullable?: boolean; arity?: number } = {},
): BoundCall {
  const candidates = lookupMembers(owner, name).filter(
    (m) => options.arity === undefined || m.parameters.length === options.arity,
  );
  if (candidates.length === 0) throw new Error(`no member ${name}`);
  const bound = candidates[0];
  const typeArguments = options.typeArguments ?? [];
  const signature = instantiate(bound, typeArguments);
  return {
    kind: 'Call',
    member: bound.member,
    ...(receiver === undefined ? {} : { receiver }),
    arguments: args.map((a, i) =>
      a.kind === 'Out' || a.kind === 'Lambda' ? a : convert(a, signature.parameters[i].type),
    ),
    receiverTypeArguments: bound.declaringType.kind === 'named' ? bound.declaringType.typeArguments : [],
    typeArguments,
    receiverIsNullable: options.receiverIsNullable ?? false,
    type: signature.type,
    ...SPAN,
  };
}

/** `new T(args)` through the first constructor with that many parameters. */
export function construct(type: NamedType, args: readonly BoundExpression[]): BoundCall {
  const bound = constructorsOf(type).find((c) => c.parameters.length === args.length);
  if (bound === undefined) throw new Error('no constructor');
  return {
    kind: 'Call',
    member: bound.member,
    arguments: args.map((a, i) => convert(a, bound.parameters[i].type)),
    receiverTypeArguments: type.typeArguments,
    typeArguments: [],
    receiverIsNullable: false,
    type,
    ...SPAN,
  };
}

export function out(type: CsType, target?: LocalSymbol): BoundExpression {
  return { kind: 'Out', ...(target === undefined ? {} : { target }), type, ...SPAN };
}

export function lambda(
  parameters: readonly LocalSymbol[],
  body: BoundExpression | BoundBlock,
  returnType: CsType,
  options: { root?: boolean; delegateType?: NamedType } = {},
): BoundLambda {
  const delegateType = options.delegateType ?? funcOf(...parameters.map((p) => p.type), returnType);
  return {
    kind: 'Lambda',
    delegateType,
    parameters,
    returnType,
    body,
    root: options.root ?? false,
    type: delegateType,
    ...SPAN,
  };
}

// ------------------------------------------------------------------------------------------ Patterns

const P = { ...SPAN };

export function constantPattern(value: BoundConstant, inputType: CsType): BoundPattern {
  return { kind: 'ConstantPattern', value, inputType, narrowedType: value.type, ...P };
}

export function relationalPattern(
  operator: '<' | '<=' | '>' | '>=',
  value: BoundConstant,
  inputType: CsType,
): BoundPattern {
  return { kind: 'RelationalPattern', operator, value, inputType, narrowedType: value.type, ...P };
}

export function typePattern(
  inputType: CsType,
  narrowedType: CsType,
  options: { designation?: LocalSymbol; testsType?: boolean; matchesNull?: boolean } = {},
): BoundPattern {
  return {
    kind: 'TypePattern',
    inputType,
    narrowedType,
    testsType: options.testsType ?? inputType !== narrowedType,
    matchesNull: options.matchesNull ?? false,
    ...(options.designation === undefined ? {} : { designation: options.designation }),
    ...P,
  };
}

export function notPattern(pattern: BoundPattern): BoundPattern {
  return { kind: 'NotPattern', pattern, inputType: pattern.inputType, narrowedType: pattern.inputType, ...P };
}

export function binaryPattern(operator: 'and' | 'or', left: BoundPattern, right: BoundPattern): BoundPattern {
  return {
    kind: 'BinaryPattern',
    operator,
    left,
    right,
    inputType: left.inputType,
    narrowedType: operator === 'and' ? right.narrowedType : left.inputType,
    ...P,
  };
}

export function isPattern(operand: BoundExpression, pattern: BoundPattern): BoundExpression {
  return { kind: 'IsPattern', operand, pattern, type: BOOL, ...SPAN };
}

export function switchExpression(
  governing: BoundExpression,
  arms: readonly BoundSwitchArm[],
  type: CsType,
  exhaustive = false,
): BoundExpression {
  return { kind: 'SwitchExpression', governing, arms, exhaustive, type, ...SPAN };
}

export function arm(
  pattern: BoundPattern,
  value: BoundExpression,
  whenClause?: BoundExpression,
): BoundSwitchArm {
  return { pattern, value, ...(whenClause === undefined ? {} : { whenClause }), ...SPAN };
}

// ---------------------------------------------------------------------------------------- Statements

export function block(...statements: BoundStatement[]): BoundBlock {
  return { kind: 'Block', statements, ...SPAN };
}

export function declare(local: LocalSymbol, initializer?: BoundExpression): BoundStatement {
  return {
    kind: 'LocalDeclaration',
    symbol: local,
    ...(initializer === undefined ? {} : { initializer: convert(initializer, local.type) }),
    ...SPAN,
  };
}

export function expression(e: BoundExpression): BoundStatement {
  return { kind: 'ExpressionStatement', expression: e, ...SPAN };
}

export function ret(value?: BoundExpression): BoundStatement {
  return { kind: 'Return', ...(value === undefined ? {} : { value }), ...SPAN };
}

export function ifThen(
  condition: BoundExpression,
  then: BoundStatement,
  otherwise?: BoundStatement,
): BoundStatement {
  return { kind: 'If', condition, then, ...(otherwise === undefined ? {} : { else: otherwise }), ...SPAN };
}

export function whileLoop(condition: BoundExpression, body: BoundStatement): BoundStatement {
  return { kind: 'While', condition, body, ...SPAN };
}

export function doLoop(body: BoundStatement, condition: BoundExpression): BoundStatement {
  return { kind: 'Do', body, condition, ...SPAN };
}

export function forLoop(
  initializers: BoundStatement[],
  condition: BoundExpression | undefined,
  incrementors: BoundExpression[],
  body: BoundStatement,
): BoundStatement {
  return {
    kind: 'For',
    initializers,
    ...(condition === undefined ? {} : { condition }),
    incrementors,
    body,
    ...SPAN,
  };
}

export function foreachLoop(
  variable: LocalSymbol,
  collection: BoundExpression,
  collectionKind: 'array' | 'string' | 'span' | 'enumerable',
  elementType: CsType,
  body: BoundStatement,
): BoundStatement {
  return { kind: 'ForEach', variable, collection, collectionKind, elementType, body, ...SPAN };
}

export const breakStatement: BoundStatement = { kind: 'Break', ...SPAN };
export const continueStatement: BoundStatement = { kind: 'Continue', ...SPAN };

// ---------------------------------------------------------------------------------------- Fragments

export function contextSymbol(): LocalSymbol {
  return {
    id: 0,
    name: 'context',
    kind: 'context',
    type: TRAVERSAL_CONTEXT,
    mutated: false,
    captured: false,
  };
}

export function fragment(
  statements: BoundStatement[],
  kind: DelegateKindName = 'VertexFilter',
): BoundFragment {
  return {
    delegateKind: DELEGATE_KINDS[kind],
    body: block(...statements),
    context: contextSymbol(),
    locals: [],
    empty: false,
  };
}
