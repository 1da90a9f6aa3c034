/**
 * `FragmentRuntime`: the one object compiled fragments receive. The emitter's output has the shape
 *
 *   (rt, context) => {                         // factory: run once per request
 *     const k0 = rt.key("age"), c0 = rt.out(0); // literal keys and out cells, hoisted here
 *     return (v) => { rt.enter(); ... };        // the delegate the traversal calls per element
 *   }
 *
 * and reaches every C# construct through `rt` (members below) and `context` (context.ts), never through a
 * global. One runtime serves one request: it holds the request's graph (views) and step budget.
 *
 * What the emitter calls, by construct (details in each module's comment):
 * - budget: `rt.enter()` first in the top-level delegate, `rt.tick()` first in every loop iteration and
 *   lambda body (budget.ts);
 * - element members: on the views themselves, C# names (`v.Label`, `v.TryGetProperty(k0, rt.T.Int32, c0)`,
 *   `v.OutEdges`, `e.TargetVertex`, ...; models.ts, edge-groups.ts); `context.TrySimilarity(v, c1)`;
 *   `VectorMath.Score`/`TryScore`: `rt.vectorMath` (context.ts);
 * - `out` arguments: a cell from `rt.out(initial)`, written by the callee, read as `c0.value`;
 * - member access on a possibly-null reference: `rt.nn(x).Member` (NullReferenceException);
 * - `?.` lowers to `(t = x) === null ? null : member(t)`, and `??` is JavaScript's `??` (values are never
 *   `undefined`); `rt.orNull` turns an `undefined` from a JavaScript `?.` chain into null;
 * - int/uint/long/ulong/float arithmetic and conversions: `rt.i32`, `rt.u32`, `rt.i64`, `rt.u64`,
 *   `rt.f32`, `rt.cast` (semantics.ts); decimal: `rt.dec` (decimal.ts); `Convert`, `Parse`: `rt.convert`,
 *   `rt.parse`, `rt.tryParse` (convert.ts);
 * - string `==` is `===`; string members: `rt.str` (strings.ts); char members: `rt.char` (chars.ts);
 * - `Math`: `rt.math`; DateTime, TimeSpan, DateTimeOffset, Guid: `rt.dateTime`, `rt.timeSpan`,
 *   `rt.dateTimeOffset`, `rt.guid` (time.ts);
 * - `ToString`, interpolation and concatenation of non-strings: `rt.format.value(x, rt.T.Double, "F2")`,
 *   `rt.format.align` (format.ts);
 * - `object`: `rt.obj` (boxing, `is`, casts, `Equals`, reference `==` of models; objects.ts);
 * - LINQ: `rt.linq` with `rt.orders` / `rt.keys` for the element type (linq.ts, orders.ts); arrays,
 *   lists, spans, `IReadOnlyCollection.Count`, `Nullable<T>`: `rt.arrays`, `rt.spans`, `rt.collections`,
 *   `rt.nullable` (collections.ts);
 * - enums: `rt.enums` (values are their underlying ints).
 */
import type { Graph } from '../../engine/index.js';
import { arrays, collections, nullable, spans } from './collections.js';
import { DEFAULT_MAX_FRAGMENT_STEPS, ExecutionBudget, FragmentBudgetExceeded } from './budget.js';
import { char } from './chars.js';
import { VectorDistanceMetric, VectorMath, type SimilarityKernel } from './context.js';
import { convert, convertTo, parse, tryParse } from './convert.js';
import { StringComparison } from './culture.js';
import { decimal } from './decimal.js';
import * as exceptions from './exceptions.js';
import { FragmentException, nullReference } from './exceptions.js';
import { align, enumText, formatWith } from './format.js';
import { linq } from './linq.js';
import { MidpointRounding, math } from './math.js';
import { GraphScope, type EdgeView, type PropertyKey, type VertexView } from './models.js';
import { objects } from './objects.js';
import { keys, orders, descending } from './orders.js';
import { cast, compareIntegers, floating, int32, int64, single, uint32, uint64 } from './semantics.js';
import { StringSplitOptions, str } from './strings.js';
import { DateTimeKind, DayOfWeek, dateTimeOffsets, dateTimes, guids, timeSpans } from './time.js';
import { ClrType, OutCell, type Out } from './types.js';

export interface FragmentRuntimeOptions {
  /** The graph the request reads. */
  graph: Graph;
  /** Steps per top-level delegate call (`Svc:Fragments:MaxSteps`). */
  maxSteps?: number;
  /**
   * The scoring kernel `VectorMath` uses: the vector index's shared kernel (pass the same one to the
   * request's TraversalContext). Default: the shared kernel of context.ts.
   */
  kernel?: SimilarityKernel;
}

const formatting = { value: formatWith, align, enumText } as const;
const enums = {
  StringComparison,
  StringSplitOptions,
  MidpointRounding,
  DateTimeKind,
  DayOfWeek,
  VectorDistanceMetric,
} as const;

export class FragmentRuntime extends ExecutionBudget {
  /** The graph and its resolved keys; makes the views. */
  readonly scope: GraphScope;

  /** Type codes of typed reads, boxing and formatting (`rt.T.Int32`). */
  readonly T = ClrType;
  readonly i32 = int32;
  readonly u32 = uint32;
  readonly i64 = int64;
  readonly u64 = uint64;
  readonly f32 = single;
  readonly cast = cast;
  /** `double`/`float` statics (IsNaN, ...), `Equals` and `CompareTo` with .NET's NaN rules. */
  readonly floating = floating;
  /** `CompareTo` of integers and chars. */
  readonly compareIntegers = compareIntegers;
  readonly dec = decimal;
  readonly convert = convert;
  /** `Convert.ToX(value)` of every overload: `rt.convertTo('Int32', x, rt.T.Double)`. */
  readonly convertTo = convertTo;
  readonly parse = parse;
  readonly tryParse = tryParse;
  readonly str = str;
  readonly char = char;
  readonly math = math;
  readonly dateTime = dateTimes;
  readonly timeSpan = timeSpans;
  readonly dateTimeOffset = dateTimeOffsets;
  readonly guid = guids;
  readonly format = formatting;
  readonly obj = objects;
  readonly linq = linq;
  readonly orders = orders;
  readonly descending = descending;
  readonly keys = keys;
  readonly arrays = arrays;
  readonly spans = spans;
  readonly collections = collections;
  readonly nullable = nullable;
  readonly enums = enums;
  /** `VectorMath.Score` / `TryScore`. */
  readonly vectorMath: VectorMath;
  /** Exception constructors, for checks the emitter writes inline (`throw rt.exceptions.nullReference()`). */
  readonly exceptions = exceptions;

  constructor(options: FragmentRuntimeOptions) {
    super(options.maxSteps ?? DEFAULT_MAX_FRAGMENT_STEPS);
    this.scope = new GraphScope(options.graph);
    this.vectorMath = new VectorMath(options.kernel);
  }

  // ---- for the traversal ----

  /** The view a VertexFilter or VertexCost receives. */
  vertex(id: number): VertexView {
    return this.scope.vertex(id);
  }

  /** The view an EdgeFilter or EdgeCost receives. */
  edge(id: number): EdgeView {
    return this.scope.edge(id);
  }

  /** The view a GraphElementFilter receives; undefined for an id that is not a live element. */
  element(id: number): VertexView | EdgeView | undefined {
    return this.scope.element(id);
  }

  // ---- for the emitter's factory ----

  /** The resolved key of a literal property name; make one per literal when building the delegate. */
  key(name: string): PropertyKey {
    return this.scope.key(name);
  }

  /** A cell for an `out` argument; make one per call site when building the delegate. */
  out<T>(initial: T): Out<T> {
    return new OutCell(initial);
  }

  // ---- for the delegate's body ----

  /** `x.Member` on a reference that may be null: NullReferenceException instead of a TypeError. */
  nn<T>(value: T | null | undefined): T {
    if (value === null || value === undefined) throw nullReference();
    return value;
  }

  /** Normalises JavaScript's `undefined` (from `?.`) to C#'s null. */
  orNull<T>(value: T | null | undefined): T | null {
    return value === undefined ? null : value;
  }
}

export function createFragmentRuntime(options: FragmentRuntimeOptions): FragmentRuntime {
  return new FragmentRuntime(options);
}

/** How a fragment's failure reaches a route: which problem to answer and the text to put in it. */
export type FragmentFailure =
  | { kind: 'budget'; maxSteps: number; message: string }
  | { kind: 'exception'; exceptionName: string; message: string };

/**
 * Classifies an error thrown while a compiled fragment ran: the budget (a 4xx problem), a .NET exception
 * ("the fragment failed: NullReferenceException: ...", a 500 problem), or undefined for anything else,
 * which is a defect of the compiler or runtime and must propagate as an internal error.
 */
export function fragmentFailure(error: unknown): FragmentFailure | undefined {
  if (error instanceof FragmentBudgetExceeded) {
    return { kind: 'budget', maxSteps: error.maxSteps, message: error.message };
  }
  if (error instanceof FragmentException) {
    return {
      kind: 'exception',
      exceptionName: error.name,
      message: `the fragment failed: ${error.describe()}`,
    };
  }
  // A string or array grown past the engine's limits by the fragment's own loop: .NET runs out of memory.
  if (error instanceof RangeError && /^Invalid (string|array|typed array) length/.test(error.message)) {
    const outOfMemory = new FragmentException(
      'OutOfMemoryException',
      'Insufficient memory to continue the execution of the program.',
    );
    return {
      kind: 'exception',
      exceptionName: outOfMemory.name,
      message: `the fragment failed: ${outOfMemory.describe()}`,
    };
  }
  return undefined;
}
