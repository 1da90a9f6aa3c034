/**
 * Invocations and overload resolution (C# spec §12.6.4), over the surface's candidates: instance and
 * static methods, LINQ's extension methods (the receiver becomes the first argument), indexers and
 * constructors.
 *
 * For each candidate: map arguments to parameters (positional, named, optional defaults, `params` in
 * normal or expanded form), infer type arguments (types/inference.ts, lambdas bound per trial), check
 * each argument converts (out arguments by identity). Among the applicable, the better function member
 * wins. When none applies, C#'s diagnostic for the nearest candidate: CS1501 (argument count), CS0411
 * (inference), CS1620/CS1615 (out mismatch), the lambda's own errors, or CS1503.
 */
import type * as ast from '../syntax/ast.js';
import {
  ERROR_TYPE,
  NULL_TYPE,
  delegateSignatureOf,
  hasImplicitConversion,
  inferTypeArguments,
  instantiate,
  isBetterConversionFromExpression,
  isBetterLambdaTarget,
  isDelegate,
  memberToString,
  typeToString,
  type BoundMember,
  type CsType,
  type InferenceArgument,
  type NamedType,
  type ParsedParameter,
} from '../types/index.js';
import type { BoundExpression, LocalSymbol } from './bound.js';
import { errorExpression, type BindContext } from './context.js';
import { constantNode, convertImplicitly, expressionInfo } from './conversions.js';
import { bindExpression, isValue, requireValue, type Bound } from './expressions.js';
import { bindLambdaToDelegate, inferLambdaReturnType, lambdaConverts } from './lambdas.js';
import { bindMemberAccess, bindMemberBinding, mayBeNull, receiverTypeArguments } from './members.js';
import { bindType, isVarType } from './type-binding.js';

// ------------------------------------------------------------------------------------ Arguments

/** An argument as bound before its target parameter is known. */
export type PreArgument =
  | {
      readonly kind: 'value';
      readonly value: BoundExpression;
      readonly span: ast.Span;
      readonly name?: string;
    }
  | { readonly kind: 'lambda'; readonly syntax: ast.Lambda; readonly span: ast.Span; readonly name?: string }
  | {
      readonly kind: 'outVariable';
      /** Undefined for `out var x`. */
      readonly declaredType?: CsType;
      readonly designation: ast.Designation;
      readonly span: ast.Span;
      readonly name?: string;
    }
  | {
      readonly kind: 'outLocal';
      readonly symbol: LocalSymbol;
      readonly span: ast.Span;
      readonly name?: string;
    }
  | { readonly kind: 'outDiscard'; readonly span: ast.Span; readonly name?: string }
  | { readonly kind: 'invalid'; readonly span: ast.Span; readonly name?: string };

export function bindArguments(cx: BindContext, nodes: readonly ast.Argument[]): PreArgument[] {
  return nodes.map((node) => bindArgument(cx, node));
}

function bindArgument(cx: BindContext, node: ast.Argument): PreArgument {
  const named = node.name === undefined ? {} : { name: node.name };
  const span = { start: node.start, end: node.end };
  const expression = node.expression;
  if (node.refKind === 'out') {
    if (expression.kind === 'DeclarationExpression') {
      if (expression.designation.discard) return { kind: 'outDiscard', span, ...named };
      const declaredType = isVarType(expression.type) ? undefined : bindType(cx, expression.type);
      if (declaredType === ERROR_TYPE) return { kind: 'invalid', span, ...named };
      return {
        kind: 'outVariable',
        ...(declaredType === undefined ? {} : { declaredType }),
        designation: expression.designation,
        span,
        ...named,
      };
    }
    if (expression.kind === 'Name' && expression.identifier === '_' && cx.scope.lookup('_') === undefined) {
      return { kind: 'outDiscard', span, ...named };
    }
    if (expression.kind === 'Name' && expression.typeArguments === undefined) {
      const found = cx.scope.lookup(expression.identifier);
      if (
        found !== undefined &&
        !cx.constants.has(found.symbol) &&
        !cx.iterationVariables.has(found.symbol)
      ) {
        if (found.scope.frame !== cx.frame) found.symbol.captured = true;
        return { kind: 'outLocal', symbol: found.symbol, span, ...named };
      }
    }
    const bound = bindExpression(cx, expression);
    if (isValue(bound) && bound.type === ERROR_TYPE) return { kind: 'invalid', span, ...named };
    cx.report('CS1510', expression);
    return { kind: 'invalid', span, ...named };
  }
  if (node.refKind !== 'none') {
    cx.report('SVCUNSUPPORTED', node, `${node.refKind} argument`);
    return { kind: 'invalid', span, ...named };
  }
  if (expression.kind === 'Lambda') return { kind: 'lambda', syntax: expression, span, ...named };
  const bound: Bound = bindExpression(cx, expression);
  if (bound.kind === 'UnboundLambda') return { kind: 'lambda', syntax: bound.syntax, span, ...named };
  const value = requireValue(cx, bound);
  if (value.type === ERROR_TYPE) return { kind: 'invalid', span, ...named };
  return { kind: 'value', value, span, ...named };
}

function isOut(argument: PreArgument): boolean {
  return argument.kind === 'outVariable' || argument.kind === 'outLocal' || argument.kind === 'outDiscard';
}

// ------------------------------------------------------------------------------------ Invocation

export function bindInvocation(cx: BindContext, node: ast.Invocation): BoundExpression {
  const target = node.expression;
  const callee =
    target.kind === 'MemberAccess'
      ? bindMemberAccess(cx, target, true)
      : target.kind === 'MemberBinding'
        ? bindMemberBinding(cx, target, true)
        : bindExpression(cx, target);
  const args = bindArguments(cx, node.arguments);
  if (callee.kind !== 'MethodGroup') {
    if (isValue(callee)) {
      if (callee.type !== ERROR_TYPE) {
        if (callee.kind === 'Call' && (callee.member.kind === 'property' || callee.member.kind === 'field')) {
          cx.report('CS1955', node.expression, memberToString(callee.member));
        } else if (isDelegate(callee.type)) {
          cx.report('SVCUNSUPPORTED', node, 'delegate invocation');
        } else {
          cx.report('CS0149', node.expression);
        }
      }
      return errorExpression(node);
    }
    requireValue(cx, callee);
    return errorExpression(node);
  }
  if (args.some((a) => a.kind === 'invalid')) {
    declareOutVariablesAsErrors(cx, args);
    return errorExpression(node);
  }
  const receiver = callee.receiver;
  const allArguments: PreArgument[] =
    callee.extension && receiver !== undefined
      ? [{ kind: 'value', value: receiver, span: receiver }, ...args]
      : args;
  const resolved = resolveOverload(cx, callee.candidates, allArguments, {
    name: callee.name,
    nameSpan: callee.nameSpan,
    invocation: node,
    ...(callee.typeArguments === undefined ? {} : { typeArguments: callee.typeArguments }),
    extension: callee.extension,
  });
  if (resolved === undefined) {
    declareOutVariablesAsErrors(cx, args);
    return errorExpression(node);
  }
  const instanceReceiver = callee.extension ? undefined : receiver;
  return {
    kind: 'Call',
    member: resolved.member.member,
    ...(instanceReceiver === undefined ? {} : { receiver: instanceReceiver }),
    arguments: resolved.arguments,
    receiverTypeArguments: receiverTypeArguments(resolved.member),
    typeArguments: resolved.typeArguments,
    receiverIsNullable: instanceReceiver !== undefined && mayBeNull(cx, instanceReceiver),
    type: resolved.type,
    start: node.start,
    end: node.end,
  };
}

/** After a failed call, `out var x` still declares x (as the error type), so later uses stay quiet. */
function declareOutVariablesAsErrors(cx: BindContext, args: readonly PreArgument[]): void {
  for (const arg of args) {
    if (arg.kind === 'outVariable') {
      cx.declareLocal(
        arg.designation.identifier,
        arg.declaredType ?? ERROR_TYPE,
        'declared',
        arg.designation,
      );
    }
  }
}

// ------------------------------------------------------------------------------------ Resolution

export interface ResolveOptions {
  readonly name: string;
  readonly nameSpan: ast.Span;
  readonly invocation: ast.Span;
  readonly typeArguments?: readonly CsType[];
  /** Extension method in reduced form: the first argument is the receiver. */
  readonly extension?: boolean;
}

export interface Resolved {
  readonly member: BoundMember;
  readonly typeArguments: readonly CsType[];
  readonly type: CsType;
  readonly arguments: BoundExpression[];
}

interface Candidate {
  readonly member: BoundMember;
  /** Parameter index of each argument. */
  readonly map: readonly number[];
  readonly expanded: boolean;
  typeArguments: readonly CsType[];
  parameters: readonly ParsedParameter[];
  type: CsType;
  inferenceFailed: boolean;
}

export function resolveOverload(
  cx: BindContext,
  members: readonly BoundMember[],
  args: readonly PreArgument[],
  options: ResolveOptions,
): Resolved | undefined {
  const shaped: Candidate[] = [];
  for (const member of members) {
    for (const expanded of [false, true]) {
      const map = mapArguments(member.parameters, args, expanded);
      if (map === undefined) continue;
      shaped.push({
        member,
        map,
        expanded,
        typeArguments: [],
        parameters: member.parameters,
        type: member.type,
        inferenceFailed: false,
      });
    }
  }
  if (shaped.length === 0) {
    const count = args.length - (options.extension === true ? 1 : 0);
    cx.report('CS1501', options.nameSpan, options.name, count);
    return undefined;
  }
  const applicable: Candidate[] = [];
  for (const candidate of shaped) {
    if (!instantiateCandidate(cx, candidate, args, options)) continue;
    if (isApplicable(cx, candidate, args)) applicable.push(candidate);
  }
  if (applicable.length === 0) {
    reportInapplicable(cx, shaped, args, options);
    return undefined;
  }
  const best = pickBest(cx, applicable, args);
  if (best === undefined) {
    cx.report(
      'CS0121',
      options.nameSpan,
      memberToString(applicable[0].member.member),
      memberToString(applicable[1].member.member),
    );
    return undefined;
  }
  return {
    member: best.member,
    typeArguments: best.typeArguments,
    type: best.type,
    arguments: finalArguments(cx, best, args),
  };
}

/** Parameter index per argument, or undefined when the arguments cannot match the parameter list. */
function mapArguments(
  parameters: readonly ParsedParameter[],
  args: readonly PreArgument[],
  expanded: boolean,
): number[] | undefined {
  const last = parameters.length - 1;
  const hasParams = last >= 0 && parameters[last].modifier === 'params';
  if (expanded && !hasParams) return undefined;
  const map: number[] = [];
  const used = new Set<number>();
  let positional = true;
  for (let i = 0; i < args.length; i++) {
    const name = args[i].name;
    let index: number;
    if (name !== undefined) {
      positional = false;
      index = parameters.findIndex((p) => p.name === name);
      if (index < 0 || (expanded && index === last)) return undefined;
    } else {
      if (!positional) return undefined;
      index = expanded && i >= last ? last : i;
      if (index >= parameters.length) return undefined;
    }
    if (used.has(index) && !(expanded && index === last)) return undefined;
    used.add(index);
    map.push(index);
  }
  for (let p = 0; p < parameters.length; p++) {
    if (used.has(p)) continue;
    if (parameters[p].optional) continue;
    if (p === last && hasParams && expanded) continue;
    return undefined;
  }
  return map;
}

function parameterType(candidate: Candidate, argIndex: number): CsType {
  const p = candidate.parameters[candidate.map[argIndex]];
  if (
    candidate.expanded &&
    candidate.map[argIndex] === candidate.parameters.length - 1 &&
    p.type.kind === 'array'
  ) {
    return p.type.elementType;
  }
  return p.type;
}

function instantiateCandidate(
  cx: BindContext,
  candidate: Candidate,
  args: readonly PreArgument[],
  options: ResolveOptions,
): boolean {
  const typeParameters = candidate.member.member.typeParameters;
  if (typeParameters.length === 0) {
    if (options.typeArguments !== undefined && options.typeArguments.length > 0) return false;
    return true;
  }
  let typeArguments = options.typeArguments;
  if (typeArguments !== undefined && typeArguments.length !== typeParameters.length) return false;
  if (typeArguments === undefined) {
    const inference = inferTypeArguments(candidate.member, inferenceArguments(cx, candidate, args));
    if (!inference.ok) {
      candidate.inferenceFailed = true;
      return false;
    }
    typeArguments = inference.typeArguments;
  }
  const signature = instantiate(candidate.member, typeArguments);
  candidate.typeArguments = typeArguments;
  candidate.parameters = signature.parameters;
  candidate.type = signature.type;
  return true;
}

function inferenceArguments(
  cx: BindContext,
  candidate: Candidate,
  args: readonly PreArgument[],
): InferenceArgument[] {
  const byParameter: InferenceArgument[] = candidate.member.parameters.map(() => ({ kind: 'outVar' }));
  args.forEach((arg, i) => {
    const index = candidate.map[i];
    if (candidate.expanded && index === candidate.member.parameters.length - 1) return;
    switch (arg.kind) {
      case 'value':
        byParameter[index] = { kind: 'expression', expression: expressionInfo(cx, arg.value) };
        break;
      case 'outVariable':
        if (arg.declaredType !== undefined)
          byParameter[index] = { kind: 'expression', expression: { type: arg.declaredType }, isOut: true };
        break;
      case 'outLocal':
        byParameter[index] = { kind: 'expression', expression: { type: arg.symbol.type }, isOut: true };
        break;
      case 'lambda': {
        const syntax = arg.syntax;
        const parameterTypes = explicitParameterTypes(cx, syntax);
        byParameter[index] = {
          kind: 'lambda',
          parameterCount: syntax.parameters.length,
          ...(parameterTypes === undefined ? {} : { parameterTypes }),
          inferReturnType: (types) => inferLambdaReturnType(cx, syntax, types),
        };
        break;
      }
      default:
        break;
    }
  });
  return byParameter;
}

function explicitParameterTypes(cx: BindContext, syntax: ast.Lambda): (CsType | undefined)[] | undefined {
  if (!syntax.parameters.some((p) => p.type !== undefined)) return undefined;
  return cx.trial(() =>
    syntax.parameters.map((p) => (p.type === undefined ? undefined : bindType(cx, p.type))),
  ).result;
}

function isApplicable(cx: BindContext, candidate: Candidate, args: readonly PreArgument[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const parameter = candidate.parameters[candidate.map[i]];
    const type = parameterType(candidate, i);
    const arg = args[i];
    const expectsOut = parameter.modifier === 'out';
    if (isOut(arg) !== expectsOut) return false;
    switch (arg.kind) {
      case 'value':
        if (!hasImplicitConversion(expressionInfo(cx, arg.value), type)) return false;
        break;
      case 'lambda':
        if (!isDelegate(type) || !lambdaConverts(cx, arg.syntax, type as NamedType)) return false;
        break;
      case 'outVariable':
        if (arg.declaredType !== undefined && arg.declaredType !== type) return false;
        break;
      case 'outLocal':
        if (arg.symbol.type !== type) return false;
        break;
      case 'outDiscard':
        break;
      case 'invalid':
        return false;
    }
  }
  return true;
}

// ------------------------------------------------------------------------------------ Better member

function pickBest(
  cx: BindContext,
  applicable: readonly Candidate[],
  args: readonly PreArgument[],
): Candidate | undefined {
  if (applicable.length === 1) return applicable[0];
  const best = applicable.filter((c) =>
    applicable.every((other) => other === c || isBetter(cx, c, other, args)),
  );
  return best.length === 1 ? best[0] : undefined;
}

function isBetter(cx: BindContext, p: Candidate, q: Candidate, args: readonly PreArgument[]): boolean {
  let anyBetter = false;
  for (let i = 0; i < args.length; i++) {
    const tp = parameterType(p, i);
    const tq = parameterType(q, i);
    if (tp === tq) continue;
    const arg = args[i];
    let pBetter = false;
    let qBetter = false;
    if (arg.kind === 'value') {
      const info = expressionInfo(cx, arg.value);
      pBetter = isBetterConversionFromExpression(info, tp, tq);
      qBetter = isBetterConversionFromExpression(info, tq, tp);
    } else if (arg.kind === 'lambda' && isDelegate(tp) && isDelegate(tq)) {
      const pReturn = lambdaReturnFor(cx, arg.syntax, tp as NamedType);
      const qReturn = lambdaReturnFor(cx, arg.syntax, tq as NamedType);
      pBetter = isBetterLambdaTarget(pReturn, tp as NamedType, tq as NamedType);
      qBetter = isBetterLambdaTarget(qReturn, tq as NamedType, tp as NamedType);
    }
    if (qBetter && !pBetter) return false;
    if (pBetter && !qBetter) anyBetter = true;
  }
  if (anyBetter) return true;
  // Tie-breakers (§12.6.4.3): non-generic over generic, the more specific declared parameter types
  // (Max(Func<T, int>) over Max<T, TResult>(Func<T, TResult>)), normal form over expanded, fewer defaults.
  const pGeneric = p.member.member.typeParameters.length > 0;
  const qGeneric = q.member.member.typeParameters.length > 0;
  if (pGeneric !== qGeneric) return !pGeneric;
  const specificity = compareSpecificity(p.member.parameters, q.member.parameters);
  if (specificity !== 0) return specificity > 0;
  if (p.expanded !== q.expanded) return !p.expanded;
  const pDefaults = p.parameters.length - new Set(p.map).size;
  const qDefaults = q.parameters.length - new Set(q.map).size;
  if (pDefaults !== qDefaults) return pDefaults < qDefaults;
  // A member of a more derived type hides the base one.
  return p.member.depth < q.member.depth;
}

/** 1 when p's declared parameter types are more specific than q's, -1 when less, 0 otherwise. */
function compareSpecificity(p: readonly ParsedParameter[], q: readonly ParsedParameter[]): number {
  let result = 0;
  for (let i = 0; i < Math.min(p.length, q.length); i++) {
    const c = typeSpecificity(p[i].type, q[i].type);
    if (c === 0) continue;
    if (result !== 0 && c !== result) return 0;
    result = c;
  }
  return result;
}

function typeSpecificity(a: CsType, b: CsType): number {
  if (a === b) return 0;
  const aParameter = a.kind === 'typeParameter';
  const bParameter = b.kind === 'typeParameter';
  if (aParameter !== bParameter) return aParameter ? -1 : 1;
  if (a.kind === 'named' && b.kind === 'named' && a.definition === b.definition) {
    let result = 0;
    for (let i = 0; i < a.typeArguments.length; i++) {
      const c = typeSpecificity(a.typeArguments[i], b.typeArguments[i]);
      if (c === 0) continue;
      if (result !== 0 && c !== result) return 0;
      result = c;
    }
    return result;
  }
  if (a.kind === 'array' && b.kind === 'array') return typeSpecificity(a.elementType, b.elementType);
  return 0;
}

function lambdaReturnFor(cx: BindContext, syntax: ast.Lambda, delegateType: NamedType): CsType | undefined {
  return inferLambdaReturnType(cx, syntax, delegateParameterTypes(delegateType));
}

function delegateParameterTypes(delegateType: NamedType): CsType[] {
  return delegateSignatureOf(delegateType).parameters.map((p) => p.type);
}

// ------------------------------------------------------------------------------------ Failures

function reportInapplicable(
  cx: BindContext,
  shaped: readonly Candidate[],
  args: readonly PreArgument[],
  options: ResolveOptions,
): void {
  const inferred = shaped.find((c) => !c.inferenceFailed);
  if (inferred === undefined) {
    cx.report('CS0411', options.nameSpan, memberToString(shaped[0].member.member));
    return;
  }
  const candidate = inferred;
  for (let i = 0; i < args.length; i++) {
    const parameter = candidate.parameters[candidate.map[i]];
    const type = parameterType(candidate, i);
    const arg = args[i];
    const position = i + 1;
    if (parameter.modifier === 'out' && !isOut(arg)) {
      cx.report('CS1620', arg.span, position, 'out');
      return;
    }
    if (parameter.modifier !== 'out' && isOut(arg)) {
      cx.report('CS1615', arg.span, position, 'out');
      return;
    }
    switch (arg.kind) {
      case 'value':
        if (!hasImplicitConversion(expressionInfo(cx, arg.value), type)) {
          cx.report('CS1503', arg.span, position, argumentTypeName(arg.value.type), typeToString(type));
          return;
        }
        break;
      case 'lambda':
        if (!isDelegate(type)) {
          cx.report('CS1660', arg.span, typeToString(type));
          return;
        }
        if (!lambdaConverts(cx, arg.syntax, type as NamedType)) {
          // C# reports the lambda's own errors against this candidate's delegate type.
          bindLambdaToDelegate(cx, arg.syntax, type, false);
          return;
        }
        break;
      case 'outVariable':
        if (arg.declaredType !== undefined && arg.declaredType !== type) {
          cx.report(
            'CS1503',
            arg.span,
            position,
            `out ${typeToString(arg.declaredType)}`,
            `out ${typeToString(type)}`,
          );
          return;
        }
        break;
      case 'outLocal':
        if (arg.symbol.type !== type) {
          cx.report(
            'CS1503',
            arg.span,
            position,
            `out ${typeToString(arg.symbol.type)}`,
            `out ${typeToString(type)}`,
          );
          return;
        }
        break;
      default:
        break;
    }
  }
  cx.report('CS1503', options.invocation, 1, '?', options.name);
}

function argumentTypeName(type: CsType): string {
  return type === NULL_TYPE ? '<null>' : typeToString(type);
}

// ------------------------------------------------------------------------------------ Final arguments

function finalArguments(
  cx: BindContext,
  candidate: Candidate,
  args: readonly PreArgument[],
): BoundExpression[] {
  const parameters = candidate.parameters;
  const last = parameters.length - 1;
  const result: (BoundExpression | undefined)[] = parameters.map(() => undefined);
  const expandedElements: BoundExpression[] = [];
  args.forEach((arg, i) => {
    const index = candidate.map[i];
    const type = parameterType(candidate, i);
    const bound = finalArgument(cx, arg, type);
    if (candidate.expanded && index === last) expandedElements.push(bound);
    else result[index] = bound;
  });
  if (candidate.expanded) {
    const arrayType = parameters[last].type;
    result[last] = {
      kind: 'ArrayCreation',
      type: arrayType,
      elementType: arrayType.kind === 'array' ? arrayType.elementType : ERROR_TYPE,
      elements: expandedElements,
      start: cxSpan(args).start,
      end: cxSpan(args).end,
    };
  }
  return result.map((bound, index) => bound ?? defaultArgument(parameters[index], cxSpan(args)));
}

function cxSpan(args: readonly PreArgument[]): ast.Span {
  if (args.length === 0) return { start: 0, end: 0 };
  return { start: args[0].span.start, end: args[args.length - 1].span.end };
}

function defaultArgument(parameter: ParsedParameter, span: ast.Span): BoundExpression {
  if (parameter.modifier === 'params' && parameter.type.kind === 'array') {
    return {
      kind: 'ArrayCreation',
      type: parameter.type,
      elementType: parameter.type.elementType,
      elements: [],
      ...span,
    };
  }
  return constantNode(parameter.type, parameter.defaultValue ?? null, span);
}

function finalArgument(cx: BindContext, arg: PreArgument, type: CsType): BoundExpression {
  switch (arg.kind) {
    case 'value':
      return convertImplicitly(cx, arg.value, type, arg.span);
    case 'lambda':
      return bindLambdaToDelegate(cx, arg.syntax, type, false);
    case 'outVariable': {
      const symbol = cx.declareLocal(
        arg.designation.identifier,
        arg.declaredType ?? type,
        'declared',
        arg.designation,
      );
      return { kind: 'Out', target: symbol, type, start: arg.span.start, end: arg.span.end };
    }
    case 'outLocal':
      arg.symbol.mutated = true;
      cx.unassigned.delete(arg.symbol);
      return { kind: 'Out', target: arg.symbol, type, start: arg.span.start, end: arg.span.end };
    case 'outDiscard':
      return { kind: 'Out', type, start: arg.span.start, end: arg.span.end };
    case 'invalid':
      return errorExpression(arg.span);
  }
}
