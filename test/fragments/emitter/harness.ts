/**
 * Runs hand-built bound trees the way compiled fragments run: lower, emit, load the factory with
 * `new Function('rt', 'context', ...)` in strict mode, call it with a real runtime and context, and call
 * the delegate it returns.
 */
import type {
  BoundExpression,
  BoundFragment,
  BoundStatement,
  LocalSymbol,
} from '../../../src/fragments/binder/bound.js';
import { emitFragment } from '../../../src/fragments/emitter/emitter.js';
import { lowerFragment } from '../../../src/fragments/lowering/lowering.js';
import {
  EMPTY_TRAVERSAL_CONTEXT,
  createFragmentRuntime,
  type FragmentRuntime,
} from '../../../src/fragments/runtime/index.js';
import { VOID, type CsType } from '../../../src/fragments/types/index.js';
import { Engine } from '../../../src/index.js';
import { block, fragment, lambda, ret } from './bound-builders.js';

export interface Compiled {
  readonly source: string;
  readonly factory: (rt: FragmentRuntime, context: unknown) => unknown;
}

export function compile(bound: BoundFragment): Compiled {
  const source = emitFragment(lowerFragment(bound));
  const factory = new Function('rt', 'context', `'use strict';\n${source}`) as Compiled['factory'];
  return { source, factory };
}

/** A runtime over an empty graph (for fragments that read no element). */
export function emptyRuntime(maxSteps?: number): FragmentRuntime {
  return createFragmentRuntime({
    graph: new Engine().graph,
    ...(maxSteps === undefined ? {} : { maxSteps }),
  });
}

/**
 * The fragment `return (params) => body;` (a root lambda) compiled and its delegate made; `prelude` runs
 * in the factory first.
 */
export function delegateOf<D>(
  parameters: readonly LocalSymbol[],
  body: BoundExpression | BoundStatement[],
  returnType: CsType,
  options: { rt?: FragmentRuntime; prelude?: BoundStatement[]; context?: unknown } = {},
): { delegate: D; source: string; rt: FragmentRuntime } {
  const root = lambda(parameters, Array.isArray(body) ? block(...body) : body, returnType, { root: true });
  const compiled = compile(fragment([...(options.prelude ?? []), ret(root)]));
  const rt = options.rt ?? emptyRuntime();
  const delegate = compiled.factory(rt, options.context ?? EMPTY_TRAVERSAL_CONTEXT) as D;
  return { delegate, source: compiled.source, rt };
}

/** The value of an expression evaluated in a root lambda without parameters. */
export function evaluate(expression: BoundExpression, rt?: FragmentRuntime): unknown {
  const { delegate } = delegateOf<() => unknown>(
    [],
    expression,
    expression.type,
    rt === undefined ? {} : { rt },
  );
  return delegate();
}

/** Runs a block body (statements ending in a return) in a root lambda without parameters. */
export function run(statements: BoundStatement[], returnType: CsType = VOID, rt?: FragmentRuntime): unknown {
  const { delegate } = delegateOf<() => unknown>([], statements, returnType, rt === undefined ? {} : { rt });
  return delegate();
}
