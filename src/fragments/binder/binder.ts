/** PLACEHOLDER (being written this session): the checker over the syntax tree. */
import type { Diagnostic } from '../diagnostics.js';
import type { Statement } from '../syntax/ast.js';
import type { DelegateKind } from '../types/index.js';
import type { BoundFragment } from './bound.js';

export interface BindOptions {
  /** The fragment text is empty or whitespace: no statements, the kind's empty meaning. */
  readonly empty: boolean;
}

export interface BindResult {
  readonly diagnostics: readonly Diagnostic[];
  /** Present when no error was reported. */
  readonly fragment?: BoundFragment;
}

export function bindFragment(
  _kind: DelegateKind,
  _statements: readonly Statement[],
  _options: BindOptions,
): BindResult {
  throw new Error('binder: not built yet');
}
