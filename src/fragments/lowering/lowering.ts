/**
 * Lowering: the binder's tree to the small core of lowered.ts that the emitter prints. This module holds
 * the entry and the statements; expressions, operators and patterns have their own modules.
 *
 * Scopes of locals, as C# has them:
 * - a declared local (`var x = ...`) is a `let` where its declaration stands, so a local declared in a
 *   loop body is fresh per iteration (closures capture each iteration's);
 * - expression variables (`out var x`, `is int x`, switch arm designations) are declared just before the
 *   statement whose expressions introduce them (or at the top of an expression-bodied lambda); those of
 *   a `while` condition are fresh per iteration;
 * - a `for` loop's variables are declared once before the loop, so every iteration (and every closure)
 *   shares them, as in C# (unlike JavaScript's per-iteration `for (let ...)`);
 * - a `foreach` variable is fresh per iteration (C# 5 and later).
 */
import type {
  BoundBlock,
  BoundForEach,
  BoundFragment,
  BoundLambda,
  BoundStatement,
} from '../binder/bound.js';
import { FLOAT, INT, VOID, stripNullable } from '../types/index.js';
import { lowerConversion } from './lower-operators.js';
import { lowerExpression } from './lower-expressions.js';
import type { LBlock, LoweredExpression, LoweredFragment, LoweredStatement, LTemp } from './lowered.js';
import { LoweringContext, assign, retype } from './lowering-context.js';

export function lowerFragment(bound: BoundFragment): LoweredFragment {
  const context = new LoweringContext();
  context.markDeclared(bound.context);
  const body = bound.empty ? { kind: 'Block' as const, statements: [] } : lowerBlock(context, bound.body);
  return {
    delegateKind: bound.delegateKind,
    context: bound.context,
    body,
    temps: context.factoryTemps,
    cells: context.cells,
    empty: bound.empty,
  };
}

/** A lambda's body as a block: an expression body becomes `return e;` (or `e;` for a void result). */
export function lowerLambdaBody(context: LoweringContext, lambda: BoundLambda): LBlock {
  const body = lambda.body;
  if (body.kind === 'Block') return lowerBlock(context, body);
  const { result, declared } = context.collectingDeclarations((): LoweredStatement => {
    const expression = lowerExpression(context, body, lambda.returnType === VOID);
    return lambda.returnType === VOID
      ? { kind: 'Expression', expression }
      : { kind: 'Return', value: expression };
  });
  return { kind: 'Block', statements: [...declarations(declared), result] };
}

function lowerBlock(context: LoweringContext, block: BoundBlock): LBlock {
  const statements: LoweredStatement[] = [];
  for (const statement of block.statements) lowerStatementInto(context, statement, statements);
  return { kind: 'Block', statements };
}

/** A statement as a block (the bodies of if, loops): JavaScript forbids a bare `let` there. */
function asBlock(context: LoweringContext, statement: BoundStatement): LBlock {
  if (statement.kind === 'Block') return lowerBlock(context, statement);
  const statements: LoweredStatement[] = [];
  lowerStatementInto(context, statement, statements);
  return { kind: 'Block', statements };
}

function declarations(symbols: readonly BoundFragment['context'][]): LoweredStatement[] {
  return symbols.map((symbol) => ({ kind: 'Declare', symbol }));
}

/** Lowers `statement`, preceded by the declarations of the expression variables it introduces. */
function lowerStatementInto(
  context: LoweringContext,
  statement: BoundStatement,
  into: LoweredStatement[],
): void {
  const { result, declared } = context.collectingDeclarations(() => lowerStatement(context, statement));
  into.push(...declarations(declared), ...result);
}

function lowerStatement(context: LoweringContext, statement: BoundStatement): LoweredStatement[] {
  switch (statement.kind) {
    case 'Block':
      return [lowerBlock(context, statement)];
    case 'LocalDeclaration': {
      const initializer =
        statement.initializer === undefined ? undefined : lowerExpression(context, statement.initializer);
      context.markDeclared(statement.symbol);
      return [
        { kind: 'Declare', symbol: statement.symbol, ...(initializer === undefined ? {} : { initializer }) },
      ];
    }
    case 'ExpressionStatement':
      return [{ kind: 'Expression', expression: lowerExpression(context, statement.expression, true) }];
    case 'If': {
      const condition = lowerExpression(context, statement.condition);
      const then = asBlock(context, statement.then);
      const otherwise = statement.else === undefined ? undefined : asBlock(context, statement.else);
      return [{ kind: 'If', condition, then, ...(otherwise === undefined ? {} : { else: otherwise }) }];
    }
    case 'While': {
      const { result: condition, declared } = context.collectingDeclarations(() =>
        lowerExpression(context, statement.condition),
      );
      return [
        { kind: 'While', condition, conditionDeclarations: declared, body: asBlock(context, statement.body) },
      ];
    }
    case 'Do': {
      const body = asBlock(context, statement.body);
      return [{ kind: 'DoWhile', body, condition: lowerExpression(context, statement.condition) }];
    }
    case 'For': {
      const statements: LoweredStatement[] = [];
      for (const initializer of statement.initializers) lowerStatementInto(context, initializer, statements);
      const condition =
        statement.condition === undefined ? undefined : lowerExpression(context, statement.condition);
      const incrementors = statement.incrementors.map((incrementor) =>
        lowerExpression(context, incrementor, true),
      );
      const body = asBlock(context, statement.body);
      statements.push({ kind: 'For', ...(condition === undefined ? {} : { condition }), incrementors, body });
      return [{ kind: 'Block', statements }];
    }
    case 'ForEach':
      return [lowerForEach(context, statement)];
    case 'Break':
      return [{ kind: 'Break' }];
    case 'Continue':
      return [{ kind: 'Continue' }];
    case 'Return':
      return [
        statement.value === undefined
          ? { kind: 'Return' }
          : { kind: 'Return', value: lowerExpression(context, statement.value) },
      ];
  }
}

/**
 * `foreach`: arrays, float spans and strings by index over the evaluated, null-checked collection;
 * everything else with `for...of`. The variable is declared in the body from the element.
 */
function lowerForEach(context: LoweringContext, statement: BoundForEach): LBlock {
  const collection: LoweredExpression = {
    kind: 'NotNull',
    operand: lowerExpression(context, statement.collection),
    type: statement.collection.type,
  };
  const indexed =
    statement.collectionKind === 'array' ||
    statement.collectionKind === 'string' ||
    (statement.collectionKind === 'span' && stripNullable(statement.elementType) === FLOAT);
  if (indexed) {
    const items = context.newTemp(statement.collection.type);
    const index = context.newTemp(INT);
    const element: LoweredExpression = {
      kind: 'ElementAt',
      collection: items,
      index,
      ofString: statement.collectionKind === 'string',
      type: statement.elementType,
    };
    return {
      kind: 'Block',
      statements: [
        { kind: 'Expression', expression: assign(items, collection) },
        { kind: 'ForIndex', collection: items, index, body: foreachBody(context, statement, element) },
      ],
    };
  }
  const element: LTemp = context.newTemp(statement.elementType);
  return {
    kind: 'Block',
    statements: [
      { kind: 'ForOf', element, iterable: collection, body: foreachBody(context, statement, element) },
    ],
  };
}

function foreachBody(context: LoweringContext, statement: BoundForEach, element: LoweredExpression): LBlock {
  const value =
    statement.elementConversion === undefined
      ? element
      : lowerConversion(context, element, statement.elementConversion, statement.variable.type, false);
  context.markDeclared(statement.variable);
  const body = asBlock(context, statement.body);
  return {
    kind: 'Block',
    statements: [
      { kind: 'Declare', symbol: statement.variable, initializer: retype(value, statement.variable.type) },
      body,
    ],
  };
}
