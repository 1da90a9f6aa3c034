/**
 * Statements, with the two flow analyses C# requires of a fragment: reachability (does the end of a
 * method or lambda body run, so a value-returning one fails with CS0161/CS1643) and a conservative
 * definite assignment (a local read before a value reached it on every path is CS0165).
 */
import type * as ast from '../syntax/ast.js';
import {
  BOOL,
  CHAR,
  ERROR_TYPE,
  NULL_TYPE,
  STRING,
  VOID,
  castDiagnostic,
  enumerableElementType,
  resolveConversion,
  typeToString,
  type CsType,
} from '../types/index.js';
import type { BoundBlock, BoundExpression, BoundStatement, LocalSymbol } from './bound.js';
import { errorExpression, type BindContext } from './context.js';
import { convertImplicitly } from './conversions.js';
import { bindConverted, bindExpression, requireValue } from './expressions.js';
import { bindLambdaToDelegate, convertReturned } from './lambdas.js';
import { bindType, isVarType } from './type-binding.js';

export interface BoundFlow<T> {
  readonly bound: T;
  /** Control can reach the point after the statement. */
  readonly endReachable: boolean;
}

interface LoopFrame {
  hasBreak: boolean;
}

const loops: LoopFrame[] = [];

/** A lambda's block body; CS1643 when it can end without returning a value. */
export function bindLambdaBlock(
  cx: BindContext,
  block: ast.Block,
  lambda: ast.Lambda,
  returnType: CsType | undefined,
): BoundBlock {
  const saved = loops.splice(0);
  try {
    const flow = bindBlock(cx, block);
    if (flow.endReachable && returnType !== undefined && returnType !== VOID) {
      cx.report('CS1643', arrowSpan(cx, lambda), typeToString(cx.frameDelegate ?? returnType));
    }
    return flow.bound;
  } finally {
    loops.push(...saved);
  }
}

/** The `=>` of a lambda, where C# reports CS1643. */
function arrowSpan(cx: BindContext, lambda: ast.Lambda): ast.Span {
  const at = cx.text.lastIndexOf('=>', lambda.body.start);
  return at >= lambda.start ? { start: at, end: at + 2 } : lambda;
}

export function bindBlock(cx: BindContext, block: ast.Block): BoundFlow<BoundBlock> {
  return cx.inScope(() => bindStatementList(cx, block.statements, block));
}

export function bindStatementList(
  cx: BindContext,
  statements: readonly ast.Statement[],
  span: ast.Span,
): BoundFlow<BoundBlock> {
  const declared = new Map<string, number>();
  for (const statement of statements) {
    if (statement.kind !== 'LocalDeclaration') continue;
    for (const d of statement.declarators)
      if (!declared.has(d.identifier)) declared.set(d.identifier, d.nameStart);
  }
  return cx.withDeclaredNames(declared, () => {
    const bound: BoundStatement[] = [];
    let reachable = true;
    for (const statement of statements) {
      const flow = bindStatement(cx, statement);
      bound.push(...flow.bound);
      if (!flow.endReachable) reachable = false;
    }
    return {
      bound: { kind: 'Block', statements: bound, start: span.start, end: span.end },
      endReachable: reachable,
    };
  });
}

function single(bound: BoundStatement, endReachable = true): BoundFlow<BoundStatement[]> {
  return { bound: [bound], endReachable };
}

function bindEmbedded(cx: BindContext, node: ast.Statement): BoundFlow<BoundStatement> {
  const flow = cx.inScope(() => bindStatement(cx, node));
  const bound: BoundStatement =
    flow.bound.length === 1
      ? flow.bound[0]
      : { kind: 'Block', statements: flow.bound, start: node.start, end: node.end };
  return { bound, endReachable: flow.endReachable };
}

function bindStatement(cx: BindContext, node: ast.Statement): BoundFlow<BoundStatement[]> {
  switch (node.kind) {
    case 'Block': {
      const flow = bindBlock(cx, node);
      return single(flow.bound, flow.endReachable);
    }
    case 'LocalDeclaration':
      return { bound: bindLocalDeclaration(cx, node), endReachable: true };
    case 'ExpressionStatement':
      return single(bindExpressionStatement(cx, node));
    case 'If':
      return bindIf(cx, node);
    case 'While':
      return bindWhile(cx, node);
    case 'Do':
      return bindDo(cx, node);
    case 'For':
      return cx.inScope(() => bindFor(cx, node));
    case 'ForEach':
      return bindForEach(cx, node);
    case 'Break':
    case 'Continue': {
      const loop = loops[loops.length - 1];
      if (loop === undefined) {
        cx.report('CS0139', node);
        // C# binds it as a bad statement, which flow analysis passes through.
        return { bound: [], endReachable: true };
      }
      if (node.kind === 'Break') loop.hasBreak = true;
      return single({ kind: node.kind, start: node.start, end: node.end }, false);
    }
    case 'Return':
      return single(bindReturn(cx, node), false);
    case 'Empty':
    case 'Unsupported':
      return { bound: [], endReachable: true };
  }
}

// ------------------------------------------------------------------------------------ Declarations

function bindLocalDeclaration(cx: BindContext, node: ast.LocalDeclaration): BoundStatement[] {
  const implicit = isVarType(node.type);
  if (implicit) {
    if (node.isConst) {
      cx.report('CS0822', node.type);
      return [];
    }
    if (node.declarators.length > 1) {
      cx.report('CS0819', node);
      // C# still declares each, typed by its own initializer, so later uses stay quiet.
      return node.declarators.flatMap((declarator) => bindImplicitDeclarator(cx, declarator));
    }
    return bindImplicitDeclarator(cx, node.declarators[0]);
  }
  const type = bindType(cx, node.type);
  const result: BoundStatement[] = [];
  for (const declarator of node.declarators) {
    const nameSpan = {
      start: declarator.nameStart,
      end: declarator.nameStart + declarator.identifier.length,
    };
    if (node.isConst) {
      bindConstDeclarator(cx, declarator, type, nameSpan);
      continue;
    }
    const symbol = cx.declareLocal(declarator.identifier, type, 'local', nameSpan);
    if (declarator.initializer === undefined) {
      cx.unassigned.add(symbol);
      result.push({ kind: 'LocalDeclaration', symbol, start: declarator.start, end: declarator.end });
      continue;
    }
    cx.unassigned.add(symbol);
    const initializer =
      type === ERROR_TYPE
        ? bindSilently(cx, declarator.initializer)
        : bindConverted(cx, declarator.initializer, type);
    cx.unassigned.delete(symbol);
    result.push({
      kind: 'LocalDeclaration',
      symbol,
      initializer,
      start: declarator.start,
      end: declarator.end,
    });
  }
  return result;
}

function bindSilently(cx: BindContext, node: ast.Expression): BoundExpression {
  bindExpression(cx, node);
  return errorExpression(node);
}

function bindConstDeclarator(
  cx: BindContext,
  declarator: ast.VariableDeclarator,
  type: CsType,
  nameSpan: ast.Span,
): void {
  const symbol = cx.declareLocal(declarator.identifier, type, 'constant', nameSpan);
  if (declarator.initializer === undefined || type === ERROR_TYPE) {
    cx.constants.set(symbol, null);
    return;
  }
  const value = bindConverted(cx, declarator.initializer, type);
  if (value.type !== ERROR_TYPE && value.constant === undefined) {
    cx.report('CS0133', declarator.initializer, declarator.identifier);
  }
  cx.constants.set(symbol, value.constant ?? null);
}

function bindImplicitDeclarator(cx: BindContext, declarator: ast.VariableDeclarator): BoundStatement[] {
  const nameSpan = { start: declarator.nameStart, end: declarator.nameStart + declarator.identifier.length };
  const initializerNode = declarator.initializer;
  if (initializerNode === undefined) {
    cx.report('CS0818', nameSpan);
    cx.declareLocal(declarator.identifier, ERROR_TYPE, 'local', nameSpan);
    return [];
  }
  if (initializerNode.kind === 'Initializer') {
    cx.report('CS0820', nameSpan);
    cx.declareLocal(declarator.identifier, ERROR_TYPE, 'local', nameSpan);
    return [];
  }
  // The variable is in scope in its own initializer (CS0841 there), so bind under a placeholder name check.
  const bound = bindExpression(cx, initializerNode);
  let initializer: BoundExpression;
  if (bound.kind === 'UnboundLambda' || bound.kind === 'MethodGroup') {
    cx.report('CS0815', declarator, bound.kind === 'UnboundLambda' ? 'lambda expression' : 'method group');
    initializer = errorExpression(initializerNode);
  } else {
    initializer = requireValue(cx, bound);
    if (initializer.type === NULL_TYPE) {
      cx.report('CS0815', declarator, '<null>');
      initializer = errorExpression(initializerNode);
    } else if (initializer.type === VOID) {
      cx.report('CS0815', declarator, 'void');
      initializer = errorExpression(initializerNode);
    }
  }
  const symbol = cx.declareLocal(declarator.identifier, initializer.type, 'local', nameSpan);
  return [{ kind: 'LocalDeclaration', symbol, initializer, start: declarator.start, end: declarator.end }];
}

// ------------------------------------------------------------------------------------ Expressions

const STATEMENT_EXPRESSIONS = new Set(['Invocation', 'Assignment', 'ObjectCreation']);

function isStatementExpression(node: ast.Expression): boolean {
  if (STATEMENT_EXPRESSIONS.has(node.kind)) return true;
  if (
    (node.kind === 'PrefixUnary' || node.kind === 'PostfixUnary') &&
    (node.operator === '++' || node.operator === '--')
  )
    return true;
  if (node.kind === 'ConditionalAccess') return isStatementExpression(node.whenNotNull);
  return node.kind === 'Missing' || node.kind === 'Unsupported';
}

function bindExpressionStatement(cx: BindContext, node: ast.ExpressionStatement): BoundStatement {
  if (!isStatementExpression(node.expression)) {
    bindExpression(cx, node.expression);
    cx.report('CS0201', node.expression);
    return {
      kind: 'ExpressionStatement',
      expression: errorExpression(node),
      start: node.start,
      end: node.end,
    };
  }
  const expression = requireValue(cx, bindExpression(cx, node.expression));
  return { kind: 'ExpressionStatement', expression, start: node.start, end: node.end };
}

// ------------------------------------------------------------------------------------ Control flow

function bindCondition(cx: BindContext, node: ast.Expression): BoundExpression {
  return bindConverted(cx, node, BOOL);
}

function bindIf(cx: BindContext, node: ast.If): BoundFlow<BoundStatement[]> {
  const condition = bindCondition(cx, node.condition);
  const before = new Set(cx.unassigned);
  const then = bindEmbedded(cx, node.then);
  const afterThen = new Set(cx.unassigned);
  resetTo(cx, before);
  const otherwise = node.else === undefined ? undefined : bindEmbedded(cx, node.else);
  const afterElse = new Set(cx.unassigned);
  const constant = condition.constant;
  const thenReachable = constant !== false && then.endReachable;
  const elseReachable = constant !== true && (otherwise === undefined || otherwise.endReachable);
  // Assigned after the if: assigned at the end of every branch whose end is reachable.
  resetTo(
    cx,
    new Set<LocalSymbol>([...(thenReachable ? afterThen : []), ...(elseReachable ? afterElse : [])]),
  );
  return single(
    {
      kind: 'If',
      condition,
      then: then.bound,
      ...(otherwise === undefined ? {} : { else: otherwise.bound }),
      start: node.start,
      end: node.end,
    },
    thenReachable || elseReachable,
  );
}

function resetTo(cx: BindContext, state: ReadonlySet<LocalSymbol>): void {
  cx.unassigned.clear();
  for (const local of state) cx.unassigned.add(local);
}

function inLoop<T>(cx: BindContext, body: (frame: LoopFrame) => T): T {
  const frame: LoopFrame = { hasBreak: false };
  loops.push(frame);
  cx.loopDepth++;
  try {
    return body(frame);
  } finally {
    loops.pop();
    cx.loopDepth--;
  }
}

function bindWhile(cx: BindContext, node: ast.While): BoundFlow<BoundStatement[]> {
  const condition = bindCondition(cx, node.condition);
  const before = new Set(cx.unassigned);
  return inLoop(cx, (frame) => {
    const body = bindEmbedded(cx, node.body);
    resetTo(cx, before);
    const endReachable = condition.constant !== true || frame.hasBreak;
    return single(
      { kind: 'While', condition, body: body.bound, start: node.start, end: node.end },
      endReachable,
    );
  });
}

function bindDo(cx: BindContext, node: ast.Do): BoundFlow<BoundStatement[]> {
  return inLoop(cx, (frame) => {
    const body = bindEmbedded(cx, node.body);
    const condition = bindCondition(cx, node.condition);
    const endReachable =
      (condition.constant !== true && body.endReachable) || frame.hasBreak || condition.constant === false;
    return single(
      { kind: 'Do', body: body.bound, condition, start: node.start, end: node.end },
      endReachable,
    );
  });
}

function bindFor(cx: BindContext, node: ast.For): BoundFlow<BoundStatement[]> {
  const initializers: BoundStatement[] =
    node.declaration !== undefined
      ? bindLocalDeclaration(cx, node.declaration)
      : node.initializers.map((e) =>
          bindExpressionStatement(cx, {
            kind: 'ExpressionStatement',
            expression: e,
            start: e.start,
            end: e.end,
          }),
        );
  const condition = node.condition === undefined ? undefined : bindCondition(cx, node.condition);
  const before = new Set(cx.unassigned);
  return inLoop(cx, (frame) => {
    const body = bindEmbedded(cx, node.body);
    const incrementors = node.incrementors.map((e) => {
      const statement = bindExpressionStatement(cx, {
        kind: 'ExpressionStatement',
        expression: e,
        start: e.start,
        end: e.end,
      });
      return statement.kind === 'ExpressionStatement' ? statement.expression : errorExpression(e);
    });
    resetTo(cx, before);
    const infinite = condition === undefined || condition.constant === true;
    return single(
      {
        kind: 'For',
        initializers,
        ...(condition === undefined ? {} : { condition }),
        incrementors,
        body: body.bound,
        start: node.start,
        end: node.end,
      },
      !infinite || frame.hasBreak,
    );
  });
}

function bindForEach(cx: BindContext, node: ast.ForEach): BoundFlow<BoundStatement[]> {
  const collection = requireValue(cx, bindExpression(cx, node.expression));
  const before = new Set(cx.unassigned);
  return cx.inScope(() => {
    const shape = iterationShape(collection.type);
    if (collection.type !== ERROR_TYPE && shape === undefined) {
      cx.report('CS1579', node.expression, typeToString(collection.type));
    }
    const elementType = shape?.elementType ?? ERROR_TYPE;
    const nameSpan = { start: node.nameStart, end: node.nameStart + node.identifier.length };
    const declared = isVarType(node.type) ? elementType : bindType(cx, node.type);
    let elementConversion;
    if (declared !== ERROR_TYPE && elementType !== ERROR_TYPE && declared !== elementType) {
      const diagnostic = castDiagnostic(elementType, declared);
      if (diagnostic !== undefined) cx.reportType(diagnostic, node.type);
      else elementConversion = resolveConversion(elementType, declared);
    }
    const variable = cx.declareLocal(node.identifier, declared, 'local', nameSpan);
    cx.iterationVariables.add(variable);
    const body = inLoop(cx, () => bindEmbedded(cx, node.body));
    resetTo(cx, before);
    return single({
      kind: 'ForEach',
      variable,
      collection,
      collectionKind: shape?.kind ?? 'enumerable',
      elementType,
      ...(elementConversion === undefined || elementConversion.kind === 'identity'
        ? {}
        : { elementConversion }),
      body: body.bound,
      start: node.start,
      end: node.end,
    });
  });
}

function iterationShape(
  type: CsType,
): { kind: 'array' | 'string' | 'span' | 'enumerable'; elementType: CsType } | undefined {
  if (type.kind === 'array') return { kind: 'array', elementType: type.elementType };
  if (type === STRING) return { kind: 'string', elementType: CHAR };
  if (type.kind === 'named' && type.definition.name === 'ReadOnlySpan')
    return { kind: 'span', elementType: type.typeArguments[0] };
  const element = enumerableElementType(type);
  return element === undefined ? undefined : { kind: 'enumerable', elementType: element };
}

// ------------------------------------------------------------------------------------ return

function bindReturn(cx: BindContext, node: ast.Return): BoundStatement {
  const frame = cx.frame;
  const span = { start: node.start, end: node.end };
  if (node.expression === undefined) {
    if (frame.returnType !== undefined && frame.returnType !== VOID) {
      cx.report('CS0126', node, typeToString(frame.returnType));
    }
    return { kind: 'Return', ...span };
  }
  if (frame.returnType === undefined) {
    // Inferring a lambda's return type: record what it returns.
    const bound = bindExpression(cx, node.expression);
    const value = bound.kind === 'UnboundLambda' ? errorExpression(bound) : requireValue(cx, bound);
    frame.returned.push(value);
    return { kind: 'Return', value, ...span };
  }
  if (frame.returnType === VOID) {
    bindExpression(cx, node.expression);
    cx.report('CS8030', node.expression);
    return { kind: 'Return', ...span };
  }
  if (frame.isMethod) {
    const bound = bindExpression(cx, node.expression);
    const value =
      bound.kind === 'UnboundLambda'
        ? bindLambdaToDelegate(cx, bound.syntax, frame.returnType, true)
        : convertImplicitly(cx, requireValue(cx, bound), frame.returnType, node.expression);
    return { kind: 'Return', value, ...span };
  }
  const bound = bindExpression(cx, node.expression);
  const value =
    bound.kind === 'UnboundLambda'
      ? bindLambdaToDelegate(cx, bound.syntax, frame.returnType, false)
      : convertReturned(cx, requireValue(cx, bound), frame.returnType, node.expression);
  frame.returned.push(value);
  return { kind: 'Return', value, ...span };
}
