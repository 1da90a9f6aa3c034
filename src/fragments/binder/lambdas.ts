/**
 * Lambdas: converted to a delegate type (a fragment kind's, or a Func of LINQ), with C#'s checks
 * (CS1593 parameter count, CS1678/CS1661 explicit parameter types, each returned expression converting
 * to the return type or CS0029/CS0266 then CS1662, CS1643 when a block body can end without returning).
 *
 * Overload resolution asks two questions of a lambda many times (one per candidate delegate type):
 * does it convert, and what does it return for these parameter types. Both are answered by binding the
 * body in a trial (diagnostics discarded) and cached per lambda and parameter types.
 */
import type * as ast from '../syntax/ast.js';
import {
  ERROR_TYPE,
  NULL_TYPE,
  VOID,
  bestCommonType,
  checkLambdaParameters,
  delegateSignatureOf,
  implicitConversionDiagnostic,
  isDelegate,
  typeToString,
  type CsType,
  type NamedType,
} from '../types/index.js';
import type { BoundBlock, BoundExpression, LocalSymbol } from './bound.js';
import { errorExpression, type BindContext, type FunctionFrame } from './context.js';
import { convertImplicitly, expressionInfo } from './conversions.js';
import { bindExpression, isValue, requireValue } from './expressions.js';
import { bindLambdaBlock } from './statements.js';
import { bindType } from './type-binding.js';

export function bindLambdaToDelegate(
  cx: BindContext,
  syntax: ast.Lambda,
  target: CsType,
  root: boolean,
): BoundExpression {
  if (target === ERROR_TYPE) return errorExpression(syntax);
  if (!isDelegate(target) || target.kind !== 'named') {
    cx.report('CS1660', syntax, typeToString(target));
    return errorExpression(syntax);
  }
  const delegateType = target;
  const signature = delegateSignatureOf(delegateType);
  const explicitTypes = syntax.parameters.map((p) =>
    p.type === undefined ? undefined : bindType(cx, p.type),
  );
  const parameterProblems = checkLambdaParameters(delegateType, {
    parameterCount: syntax.parameters.length,
    ...(explicitTypes.some((t) => t !== undefined) ? { parameterTypes: explicitTypes } : {}),
  });
  for (const problem of parameterProblems) {
    const at = problem.at;
    const span = typeof at === 'object' && 'parameter' in at ? syntax.parameters[at.parameter] : syntax;
    cx.reportType(problem.diagnostic, span);
  }
  if (parameterProblems.length > 0 || explicitTypes.includes(ERROR_TYPE)) return errorExpression(syntax);
  for (const p of syntax.parameters) {
    if (p.modifier !== undefined) {
      cx.report('SVCUNSUPPORTED', p, `${p.modifier} lambda parameter`);
      return errorExpression(syntax);
    }
  }
  const parameterTypes = signature.parameters.map((p) => p.type);
  const returnType = signature.returnType;
  const isRoot = root || (cx.frame.isMethod && delegateType === cx.rootDelegateType);
  const bound = bindBody(cx, syntax, parameterTypes, returnType, isRoot, delegateType);
  if (bound === undefined) return errorExpression(syntax);
  return {
    kind: 'Lambda',
    delegateType,
    parameters: bound.parameters,
    returnType,
    body: bound.body,
    root: isRoot,
    type: delegateType,
    start: syntax.start,
    end: syntax.end,
  };
}

interface BoundBody {
  readonly parameters: LocalSymbol[];
  readonly body: BoundExpression | BoundBlock;
  readonly returned: readonly BoundExpression[];
  readonly failed: boolean;
}

/**
 * Binds the body for parameter types; `returnType` undefined infers (returns are recorded unconverted).
 * Undefined when the body could not be bound to a value at all.
 */
function bindBody(
  cx: BindContext,
  syntax: ast.Lambda,
  parameterTypes: readonly CsType[],
  returnType: CsType | undefined,
  root: boolean,
  delegateType?: NamedType,
): BoundBody | undefined {
  const frame: FunctionFrame = {
    parent: cx.frame,
    ...(returnType === undefined ? {} : { returnType }),
    ...(delegateType === undefined ? {} : { delegateType }),
    returned: [],
    isMethod: false,
    isRootLambda: root,
  };
  const errorsBefore = cx.diagnostics.length;
  return cx.inFrame(frame, () => {
    const parameters = syntax.parameters.map((p, i) =>
      cx.declareLocal(p.identifier, parameterTypes[i] ?? ERROR_TYPE, 'parameter', p),
    );
    let body: BoundExpression | BoundBlock;
    if (syntax.body.kind === 'Block') {
      body = bindLambdaBlock(cx, syntax.body, syntax, returnType);
    } else {
      body = bindExpressionBody(cx, syntax.body, returnType);
      frame.returned.push(body);
    }
    const failed = cx.diagnostics.slice(errorsBefore).some((d) => d.severity === 'error');
    return { parameters, body, returned: frame.returned, failed };
  });
}

function bindExpressionBody(
  cx: BindContext,
  node: ast.Expression,
  returnType: CsType | undefined,
): BoundExpression {
  const bound = bindExpression(cx, node);
  if (returnType === undefined) return isValue(bound) ? bound : requireValue(cx, bound);
  if (bound.kind === 'UnboundLambda') return bindLambdaToDelegate(cx, bound.syntax, returnType, false);
  const value = requireValue(cx, bound);
  if (returnType === VOID) return value;
  return convertReturned(cx, value, returnType, node);
}

/** A returned value converted to a lambda's return type: the conversion's error then CS1662, at the value. */
export function convertReturned(
  cx: BindContext,
  value: BoundExpression,
  returnType: CsType,
  span: ast.Span,
): BoundExpression {
  if (value.type === ERROR_TYPE) return value;
  const diagnostic = implicitConversionDiagnostic(expressionInfo(cx, value), returnType);
  if (diagnostic !== undefined) {
    cx.reportType(diagnostic, span);
    cx.report('CS1662', span);
    return errorExpression(span);
  }
  return convertImplicitly(cx, value, returnType, span);
}

// ------------------------------------------------------------------------------------ Trials

function cacheFor<T>(
  cx: BindContext,
  table: WeakMap<ast.Lambda, Map<string, T>>,
  syntax: ast.Lambda,
): Map<string, T> {
  let entries = table.get(syntax);
  if (entries === undefined) {
    entries = new Map();
    table.set(syntax, entries);
  }
  void cx;
  return entries;
}

const conversionTrials = new WeakMap<ast.Lambda, Map<string, boolean>>();
const returnTrials = new WeakMap<ast.Lambda, Map<string, CsType | undefined>>();

/** Whether the lambda converts to the delegate type without error. */
export function lambdaConverts(cx: BindContext, syntax: ast.Lambda, delegateType: NamedType): boolean {
  const cache = cacheFor(cx, conversionTrials, syntax);
  const key = String(delegateType.id);
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const { diagnostics } = cx.trial(() => bindLambdaToDelegate(cx, syntax, delegateType, false));
  const converts = !diagnostics.some((d) => d.severity === 'error');
  cache.set(key, converts);
  return converts;
}

/** The type the lambda's body returns for these parameter types (C#'s inferred return type), if any. */
export function inferLambdaReturnType(
  cx: BindContext,
  syntax: ast.Lambda,
  parameterTypes: readonly CsType[],
): CsType | undefined {
  if (parameterTypes.length !== syntax.parameters.length) return undefined;
  const cache = cacheFor(cx, returnTrials, syntax);
  const key = parameterTypes.map((t) => t.id).join(',');
  if (cache.has(key)) return cache.get(key);
  const { result } = cx.trial(() => bindBody(cx, syntax, parameterTypes, undefined, false));
  let inferred: CsType | undefined;
  if (result !== undefined) {
    // `null` (and an untyped error) has no type: it gives inference nothing (CS0411 when nothing else does).
    const types = result.returned.filter((r) => r.type !== ERROR_TYPE && r.type !== NULL_TYPE);
    if (syntax.body.kind !== 'Block') inferred = types[0]?.type;
    else if (types.length === 0) inferred = result.returned.length === 0 ? VOID : undefined;
    if (syntax.body.kind !== 'Block' && result.returned[0]?.type === NULL_TYPE) inferred = undefined;
    else inferred = bestCommonType(types.map((r) => expressionInfo(cx, r)));
  }
  cache.set(key, inferred);
  return inferred;
}
