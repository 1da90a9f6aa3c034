/**
 * The contract between the emitter and the runtime binding table: for one use of a surface member
 * (a BoundCall or an indexer target), the emitter has already emitted the receiver and the arguments
 * as JavaScript expressions; the binding for the member's runtime key turns them into the JavaScript of
 * the call against `rt` (FragmentRuntime), the element views or `context`.
 */
import type { ConstantValue, CsType, SurfaceMember } from '../types/index.js';

/** Factory-level services a binding may use; the emitter implements them. */
export interface EmitServices {
  /**
   * Hoists a pure JavaScript expression to the factory (evaluated once per request, before the delegate
   * is returned) and answers the name of the constant holding it. Identical expressions share a name.
   */
  hoist(expression: string): string;
  /** `rt.T.Int32`, `rt.T.Object`, `rt.T.SingleArray`, ...: the type code of a C# type, for typed reads and boxing. */
  typeCode(type: CsType): string;
  /** A JavaScript string literal for a string value, escaped so no quote or line break can break out. */
  stringLiteral(value: string): string;
}

export interface RuntimeCallSite {
  readonly member: SurfaceMember;
  /** `member.runtimeKey` (or `member.setterRuntimeKey` for an indexer assignment). */
  readonly key: string;
  /** The receiver's JavaScript (instance members only), as evaluated: not guarded against null. */
  readonly receiver?: string;
  readonly receiverType?: CsType;
  /**
   * The receiver's static type admits null (a string, a list, `OutEdges`, an element view read from a
   * nullable place). The binding must then throw NullReferenceException for a null receiver: either the
   * runtime function it calls checks its receiver itself, or it wraps the receiver in `rt.nn(...)`.
   */
  readonly receiverMayBeNull: boolean;
  /**
   * One JavaScript expression per parameter, in parameter order: `out` arguments as the cell's name
   * (an `Out<T>` the callee writes), lambdas as JavaScript functions, `params` as one array.
   */
  readonly arguments: readonly string[];
  /** The C# types of the arguments (the parameter types after conversion). */
  readonly argumentTypes: readonly CsType[];
  /** Constant values of constant arguments (undefined where not constant), for hoisting literal keys. */
  readonly constantArguments: readonly (ConstantValue | undefined)[];
  /** The declaring type's type arguments (`T` of `IReadOnlyList<T>`), as bound. */
  readonly receiverTypeArguments: readonly CsType[];
  /** The method's type arguments, inferred or written (`T` of `TryGetProperty<T>`). */
  readonly typeArguments: readonly CsType[];
  /** The member's result type (void for `Add`), after substitution. */
  readonly resultType: CsType;
  /** For an indexer assignment: the assigned value's JavaScript. */
  readonly assignedValue?: string;
  readonly services: EmitServices;
}

/** Turns a call site into JavaScript; one per runtime key. */
export type RuntimeBinding = (site: RuntimeCallSite) => string;
