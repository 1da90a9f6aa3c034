/**
 * The checker's entry: binds a parsed fragment as the body of
 * `Delegates.<Kind> Create(TraversalContext context)` in the kind's environment (docs/fragments.md, "What
 * a fragment is") and answers the bound tree, or the diagnostics that stop the compile.
 *
 * Diagnostics come in binding order, as the ancestor's compile lists a method body's. A method whose end can be
 * reached without a `return` is CS0161, reported on the wrapper's method name, which lies outside the
 * fragment and is clamped to its start (1,1).
 */
import { isError, type Diagnostic } from '../diagnostics.js';
import type { Statement } from '../syntax/ast.js';
import {
  FRAGMENT_ENVIRONMENTS,
  TRAVERSAL_CONTEXT,
  CONTEXT_PARAMETER_NAME,
  typeToString,
  type DelegateKind,
} from '../types/index.js';
import type { BoundFragment } from './bound.js';
import { BindContext } from './context.js';
import { bindStatementList } from './statements.js';

export interface BindOptions {
  /** The fragment text is empty or whitespace: no statements, the kind's empty meaning. */
  readonly empty: boolean;
  /** The fragment's text (positions the tree does not keep are found in it). */
  readonly text: string;
}

export interface BindResult {
  readonly diagnostics: readonly Diagnostic[];
  /** Present when no error was reported. */
  readonly fragment?: BoundFragment;
}

/** The wrapper method as C# messages name it (CS0161). */
export function wrapperMethodName(kind: DelegateKind): string {
  const environment = FRAGMENT_ENVIRONMENTS[kind.validationEnvironment];
  return `${environment.namespace}.FragmentFactory.Create(${typeToString(TRAVERSAL_CONTEXT)})`;
}

export function bindFragment(
  kind: DelegateKind,
  statements: readonly Statement[],
  options: BindOptions,
): BindResult {
  const cx = new BindContext(
    FRAGMENT_ENVIRONMENTS[kind.validationEnvironment],
    kind.delegateType,
    options.text,
  );
  const context = cx.declareLocal(CONTEXT_PARAMETER_NAME, TRAVERSAL_CONTEXT, 'context', { start: 0, end: 0 });
  const span = { start: 0, end: options.text.length };
  if (options.empty) {
    return {
      diagnostics: [],
      fragment: {
        delegateKind: kind,
        body: { kind: 'Block', statements: [], ...span },
        context,
        locals: cx.locals,
        empty: true,
      },
    };
  }
  const flow = cx.inScope(() => bindStatementList(cx, statements, span));
  if (flow.endReachable) cx.report('CS0161', { start: 0, end: 0 }, wrapperMethodName(kind));
  // Binding order, as the ancestor's compile reports a method body's diagnostics.
  const diagnostics = cx.diagnostics;
  if (diagnostics.some(isError)) return { diagnostics };
  return {
    diagnostics,
    fragment: { delegateKind: kind, body: flow.bound, context, locals: cx.locals, empty: false },
  };
}
