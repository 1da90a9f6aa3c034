/**
 * The run-time side of the fragment compiler: what compiled C# fragments run against. The emitter targets
 * `FragmentRuntime` (runtime.ts, where each member is documented with the construct it serves) and
 * `TraversalContext` (context.ts); routes create one runtime per request, hand the compiled factory the
 * runtime and the request's context, and call the delegate it returns with `rt.vertex(id)` /
 * `rt.edge(id)` / `rt.element(id)`.
 */
import type { FragmentRuntime } from './runtime.js';
import type { TraversalContext } from './context.js';
export { FragmentRuntime, createFragmentRuntime, fragmentFailure } from './runtime.js';
export type { FragmentRuntimeOptions, FragmentFailure } from './runtime.js';
export {
  DEFAULT_MAX_FRAGMENT_STEPS,
  MIN_MAX_FRAGMENT_STEPS,
  MAX_MAX_FRAGMENT_STEPS,
  ExecutionBudget,
  FragmentBudgetExceeded,
  isFragmentBudgetExceeded,
} from './budget.js';
export { FragmentException, isFragmentException } from './exceptions.js';
export type { DotNetExceptionName } from './exceptions.js';
export {
  TraversalContext,
  EMPTY_TRAVERSAL_CONTEXT,
  VectorDistanceMetric,
  sharedSimilarityKernel,
  metricName,
  VectorMath,
} from './context.js';
export type { SemanticOptions, SimilarityKernel, VectorDistanceMetricName } from './context.js';
export { VertexView, EdgeView, GraphScope, PropertyKey, isElementView } from './models.js';
export type { ElementView } from './models.js';
export { EdgeGroups, EdgeList, EdgeSpan, KeyValuePair } from './edge-groups.js';
export { Query, OrderedQuery, Grouping } from './linq.js';
export { Boxed, ClrType, OutCell } from './types.js';
export type { ClrTypeName, ClrTypeCode, Out, DateTimeValue, DateTimeOffsetValue } from './types.js';

/**
 * The signature of a compiled fragment: the factory the emitter's JavaScript evaluates to. `D` is the
 * delegate: `(vertex) => boolean` for a VertexFilter, `(edge) => number` for an EdgeCost, and so on.
 */
export type FragmentFactory<D> = (rt: FragmentRuntime, context: TraversalContext) => D;
