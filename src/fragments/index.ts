/**
 * The C# fragment compiler and runtime (docs/fragments.md): checking and compiling fragments, the cached
 * path fragment sets, diagnostics in their wire form, the delegate kinds, the step budget, and the
 * runtime views a compiled fragment reads the graph through. Code outside this folder reaches it only
 * through this entry (docs/architecture.md).
 */
export { checkFragment, compileFragment, isEmptyFragment } from './compiler.js';
export type { CompiledFragment, CompileOptions, CompileOutcome, FragmentCheck } from './compiler.js';
export {
  compilePathFragments,
  compilePathSetUncached,
  compileSubgraphFragment,
  subgraphFragmentCache,
} from './compiled-sets.js';
export type {
  CompiledPathFragments,
  FragmentCompileFailure,
  PathCompileResult,
  PathFragmentField,
  PathFragmentSet,
  SubgraphCompileResult,
} from './compiled-sets.js';
export { lineStarts, positionOf, toWireDiagnostics } from './diagnostics.js';
export type { Diagnostic, WireDiagnostic } from './diagnostics.js';
export { maxFragmentChars } from './limits.js';
export {
  DELEGATE_KINDS,
  SUBGRAPH_DELEGATE_KINDS,
  REJECTED_DELEGATE_KINDS,
  resolveDelegateKind,
} from './types/delegates.js';
export type { DelegateKind, DelegateKindName } from './types/delegates.js';
export {
  DEFAULT_MAX_FRAGMENT_STEPS,
  MAX_MAX_FRAGMENT_STEPS,
  MIN_MAX_FRAGMENT_STEPS,
} from './runtime/budget.js';
export { createFragmentRuntime, fragmentFailure } from './runtime/runtime.js';
export type { FragmentFailure, FragmentRuntime, FragmentRuntimeOptions } from './runtime/runtime.js';
export { EMPTY_TRAVERSAL_CONTEXT, TraversalContext } from './runtime/context.js';
export type { EdgeView, VertexView } from './runtime/models.js';
export { OutCell } from './runtime/types.js';
