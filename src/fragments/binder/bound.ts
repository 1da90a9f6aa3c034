/**
 * The bound tree: what the binder (checker) produces from the syntax tree once every name, member,
 * overload, conversion and type is resolved, and what lowering and the emitter consume.
 *
 * Rules the binder guarantees, so later stages never re-derive C# meaning:
 * - Every expression carries its C# `type`; a constant expression also carries its folded `constant`
 *   (a ConstantValue of that type: number for the small integral types, char, float and double; bigint
 *   for long and ulong; DecimalConstant for decimal; string; boolean; null).
 * - Every implicit or explicit conversion is an explicit `Conversion` node (arguments to parameter types,
 *   operands to operator parameter types, returned values to the delegate's return type, assigned values
 *   to the target's type). An operand's `type` is therefore always the type its consumer expects.
 * - Every member use names the surface member (`member`, whose `runtimeKey` names the runtime helper) and
 *   the receiver and method type arguments it was bound with; optional parameters are filled in with
 *   their default constants and `params` arguments are packed into an ArrayCreation.
 * - Locals, parameters, pattern and `out var` variables are `LocalSymbol`s, unique per declaration: the
 *   emitter renames them (`l3_age`) so no user identifier reaches the JavaScript as written.
 * - Nothing here refers back to the syntax tree except spans, kept for debugging and run-time messages.
 *
 * A tree with errors is never lowered or emitted: the compiler stops after the checker when any
 * error-severity diagnostic was reported.
 */
import type { Span } from '../syntax/ast.js';
import type {
  BinaryOperator,
  ConstantValue,
  Conversion as TypeConversion,
  CsType,
  DelegateKind,
  NamedType,
  OperatorSignature,
  SurfaceMember,
  UnaryOperator,
} from '../types/index.js';

// ------------------------------------------------------------------------------------------ Symbols

export type LocalSymbolKind =
  /** `var x = ...`, `int x;`, a `for` or `foreach` variable. */
  | 'local'
  /** A `const` local: reads are folded to its constant by the binder, so the emitter never sees one. */
  | 'constant'
  /** A lambda parameter. */
  | 'parameter'
  /** `out var x`, `out int x`, `is int x`, a switch arm's designation. */
  | 'declared'
  /** The fragment method's `context` parameter: emitted as the factory's `context` argument. */
  | 'context';

export interface LocalSymbol {
  /** Unique in one fragment, from 0; the emitter names the JavaScript variable after it. */
  readonly id: number;
  /** The C# name as written (for readable generated code and messages only). */
  readonly name: string;
  readonly kind: LocalSymbolKind;
  readonly type: CsType;
  /** Assigned anywhere after its declaration (`x += 1`, `x++`, as an `out` argument). */
  mutated: boolean;
  /** Read or written inside a lambda other than the one that declares it. */
  captured: boolean;
}

// --------------------------------------------------------------------------------------- Expressions

interface ExpressionBase extends Span {
  readonly type: CsType;
  /** Set when the expression is a C# constant expression (§12.23). */
  readonly constant?: ConstantValue;
}

/** A literal or any folded constant expression (`1 + 2`, `int.MaxValue`, `StringComparison.Ordinal`). */
export interface BoundConstant extends ExpressionBase {
  readonly kind: 'Constant';
  readonly constant: ConstantValue;
}

/** `default(T)` / `default` of a type with no constant default (DateTime, TimeSpan, Guid, structs). */
export interface BoundDefault extends ExpressionBase {
  readonly kind: 'Default';
}

/** A read of a local, parameter or `context`. */
export interface BoundLocal extends ExpressionBase {
  readonly kind: 'Local';
  readonly symbol: LocalSymbol;
}

/**
 * A conversion of `operand` (of `operand.type`) to `type`. `conversion` is the type layer's
 * classification: identity never appears (the binder drops it); `constant` conversions are folded into a
 * BoundConstant instead; numeric, nullable (wrap `T` to `T?`, unwrap `T?` to `T` under a cast, lifted
 * numeric between nullables), reference, boxing, unboxing, enum, userDefined (its `runtimeKey`) and
 * `lambda` (the operand is a BoundLambda typed by its delegate) remain.
 */
export interface BoundConversion extends ExpressionBase {
  readonly kind: 'Conversion';
  readonly operand: BoundExpression;
  readonly conversion: TypeConversion;
  /** Written as a cast `(T)x` (explicit); false for implicit conversions the binder inserted. */
  readonly explicit: boolean;
  /** Inside `checked(...)`: an overflowing numeric conversion throws OverflowException. */
  readonly checked: boolean;
}

/**
 * `left op right` with the resolved operator. Operands are already converted to
 * `signature.parameters`. Categories (types/operators.ts): numeric (over the parameter type: int, uint,
 * long, ulong, float, double, decimal), shift, comparison, equality (value or string equality),
 * logical (`&`, `|`, `^` on bool or integers), conditional (`&&`, `||`: short-circuit), stringConcatenation
 * (either operand may be a non-string: formatted by its type, null as ""), referenceEquality (objects,
 * models), enum, userDefined (`signature.runtimeKey`). `signature.lifted`: over nullable value types, null
 * propagating per C# (comparisons of a null are false, `==` of two nulls true).
 */
export interface BoundBinary extends ExpressionBase {
  readonly kind: 'Binary';
  readonly operator: BinaryOperator;
  readonly left: BoundExpression;
  readonly right: BoundExpression;
  readonly signature: OperatorSignature;
  /** Inside `checked(...)`: integral overflow throws OverflowException. */
  readonly checked: boolean;
}

/** `+x`, `-x`, `!x`, `~x` with the resolved operator; the operand is converted to the parameter type. */
export interface BoundUnary extends ExpressionBase {
  readonly kind: 'Unary';
  readonly operator: Exclude<UnaryOperator, '++' | '--'>;
  readonly operand: BoundExpression;
  readonly signature: OperatorSignature;
  readonly checked: boolean;
}

/** `c ? a : b`; both branches converted to `type`. */
export interface BoundConditional extends ExpressionBase {
  readonly kind: 'Conditional';
  readonly condition: BoundExpression;
  readonly whenTrue: BoundExpression;
  readonly whenFalse: BoundExpression;
}

/**
 * `left ?? right`. `left` keeps its own (nullable or reference) type; when it is not null its value is
 * converted by `leftConversion` (absent when none is needed, e.g. `int?` to `int` is the same JavaScript
 * value) to `type`; `right` is already converted to `type`.
 */
export interface BoundCoalesce extends ExpressionBase {
  readonly kind: 'Coalesce';
  readonly left: BoundExpression;
  readonly leftConversion?: TypeConversion;
  readonly right: BoundExpression;
}

/**
 * `receiver?.rest`: `receiver` is evaluated once; when null the whole expression is null, otherwise
 * `whenNotNull` is evaluated with every BoundConditionalReceiver of the same `id` standing for the
 * receiver's (non-null) value. `type` is `whenNotNull.type` made nullable when it is a non-nullable value
 * type (`s?.Length` is `int?`); the JavaScript value is the same either way.
 */
export interface BoundConditionalAccess extends ExpressionBase {
  readonly kind: 'ConditionalAccess';
  readonly id: number;
  readonly receiver: BoundExpression;
  readonly whenNotNull: BoundExpression;
}

/** The receiver of a `?.` inside its `whenNotNull`; its type is the receiver's, nullable value types unwrapped. */
export interface BoundConditionalReceiver extends ExpressionBase {
  readonly kind: 'ConditionalReceiver';
  readonly id: number;
}

/**
 * A use of a surface member: property or field read, method call (instance, static or extension),
 * indexer read, constructor (`new DateTime(...)`, `new List<int>()`), user-defined operator invoked by
 * name. The emitter looks `member.runtimeKey` up in its binding table.
 *
 * - `receiver`: the instance (absent for static members and constructors). For an extension method it is
 *   absent and the `this` argument is `arguments[0]`, as C# passes it.
 * - `arguments`: in parameter order, each converted to its parameter type (out arguments are BoundOut,
 *   lambdas BoundLambda, `params` packed in a BoundArrayCreation, optional ones filled with constants).
 * - `receiverTypeArguments`: the declaring type's type arguments as bound (`EdgeModel` for
 *   `IReadOnlyList<EdgeModel>.Count`); `typeArguments`: the method's, inferred or written.
 * - `receiverIsNullable`: the receiver's static type admits null, so the emitter must guard it with
 *   NullReferenceException semantics (false for value types and for `this`-like receivers known non-null,
 *   such as lambda parameters of a fragment delegate and conditional receivers).
 */
export interface BoundCall extends ExpressionBase {
  readonly kind: 'Call';
  readonly member: SurfaceMember;
  readonly receiver?: BoundExpression;
  readonly arguments: readonly BoundExpression[];
  readonly receiverTypeArguments: readonly CsType[];
  readonly typeArguments: readonly CsType[];
  readonly receiverIsNullable: boolean;
}

/** An `out` argument: the callee writes `target` (a local; `discard` for `out _` / `out var _`). */
export interface BoundOut extends ExpressionBase {
  readonly kind: 'Out';
  /** The local written; undefined for a discard. `type` is the parameter's type. */
  readonly target?: LocalSymbol;
}

/**
 * A lambda converted to `delegateType` (a fragment kind's delegate or a `Func<...>`). `root` marks the
 * lambda the fragment method returns: the delegate the traversal calls, which starts its budget with
 * `rt.enter()`; every other lambda ticks the budget once per invocation.
 */
export interface BoundLambda extends ExpressionBase {
  readonly kind: 'Lambda';
  readonly delegateType: NamedType;
  readonly parameters: readonly LocalSymbol[];
  readonly returnType: CsType;
  /** An expression body (converted to `returnType`, or of type void for an Action) or a block. */
  readonly body: BoundExpression | BoundBlock;
  readonly root: boolean;
}

/** `x = value` (value converted to the target's type); the expression's value is the assigned value. */
export interface BoundAssignment extends ExpressionBase {
  readonly kind: 'Assignment';
  readonly target: BoundAssignable;
  readonly value: BoundExpression;
}

/**
 * `x op= value`, `++x`, `x++`, `--x`, `x--`: `target = (T)(target op value)` with `target` evaluated once.
 * `value` is converted to `signature.parameters[1]`; the target's current value is converted to
 * `signature.parameters[0]` by `targetConversion` (absent when none is needed); the operator's result is
 * converted back to the target's type by `resultConversion` (absent when identity). Increment and
 * decrement use `+`/`-` with the constant 1 of the operand type. `postfix`: the expression's value is the
 * target's value before the assignment.
 */
export interface BoundCompoundAssignment extends ExpressionBase {
  readonly kind: 'CompoundAssignment';
  readonly target: BoundAssignable;
  readonly operator: BinaryOperator;
  readonly value: BoundExpression;
  readonly signature: OperatorSignature;
  readonly targetConversion?: TypeConversion;
  readonly resultConversion?: TypeConversion;
  readonly postfix: boolean;
  readonly checked: boolean;
}

/** `x ??= value`: assigns when `x` is null; the value is the result. */
export interface BoundCoalesceAssignment extends ExpressionBase {
  readonly kind: 'CoalesceAssignment';
  readonly target: BoundAssignable;
  readonly value: BoundExpression;
}

/**
 * An assignable place: a local, or an element of an array or a settable indexer (`list[i] = x`, with
 * `member.setterRuntimeKey`).
 */
export type BoundAssignable = BoundLocal | BoundIndexerTarget;

export interface BoundIndexerTarget extends ExpressionBase {
  readonly kind: 'IndexerTarget';
  readonly member: SurfaceMember;
  readonly receiver: BoundExpression;
  readonly arguments: readonly BoundExpression[];
  readonly receiverTypeArguments: readonly CsType[];
}

/** `x is pattern`. */
export interface BoundIsPattern extends ExpressionBase {
  readonly kind: 'IsPattern';
  readonly operand: BoundExpression;
  readonly pattern: BoundPattern;
}

/** `x as T`: null when `x` is not a T (T is a reference or nullable type). */
export interface BoundAs extends ExpressionBase {
  readonly kind: 'As';
  readonly operand: BoundExpression;
}

export interface BoundSwitchArm extends Span {
  readonly pattern: BoundPattern;
  readonly whenClause?: BoundExpression;
  /** Converted to the switch expression's type. */
  readonly value: BoundExpression;
}

/**
 * `governing switch { arms }`: the first arm whose pattern matches (and whose `when` holds) gives the
 * value; none matching throws SwitchExpressionException (`exhaustive` false means that can happen).
 */
export interface BoundSwitchExpression extends ExpressionBase {
  readonly kind: 'SwitchExpression';
  readonly governing: BoundExpression;
  readonly arms: readonly BoundSwitchArm[];
  readonly exhaustive: boolean;
}

/** `new T[n]` (sizes) or `new T[] { ... }` / `new[] { ... }` / `{ ... }` (elements, converted). */
export interface BoundArrayCreation extends ExpressionBase {
  readonly kind: 'ArrayCreation';
  readonly elementType: CsType;
  readonly size?: BoundExpression;
  readonly elements?: readonly BoundExpression[];
}

/**
 * `new T(args) { a, b }`: the constructor call, then each collection-initializer element added through
 * `add` (a BoundCall to `Add` whose receiver is a BoundInitializerTarget of this node's `id`).
 */
export interface BoundObjectCreation extends ExpressionBase {
  readonly kind: 'ObjectCreation';
  readonly id: number;
  readonly construct: BoundCall;
  readonly adds: readonly BoundCall[];
}

/** The object under construction in a collection initializer. */
export interface BoundInitializerTarget extends ExpressionBase {
  readonly kind: 'InitializerTarget';
  readonly id: number;
}

/** A hole of an interpolated string: formatted by its static type. */
export interface BoundInterpolation extends Span {
  readonly value: BoundExpression;
  /** Constant alignment: positive right-aligns, negative left-aligns. */
  readonly alignment?: number;
  readonly format?: string;
}

/** `$"..."`: text and holes, concatenated. */
export interface BoundInterpolatedString extends ExpressionBase {
  readonly kind: 'InterpolatedString';
  readonly parts: readonly (string | BoundInterpolation)[];
}

export type BoundExpression =
  | BoundConstant
  | BoundDefault
  | BoundLocal
  | BoundConversion
  | BoundBinary
  | BoundUnary
  | BoundConditional
  | BoundCoalesce
  | BoundConditionalAccess
  | BoundConditionalReceiver
  | BoundCall
  | BoundOut
  | BoundLambda
  | BoundAssignment
  | BoundCompoundAssignment
  | BoundCoalesceAssignment
  | BoundIndexerTarget
  | BoundIsPattern
  | BoundAs
  | BoundSwitchExpression
  | BoundArrayCreation
  | BoundObjectCreation
  | BoundInitializerTarget
  | BoundInterpolatedString;

// ------------------------------------------------------------------------------------------ Patterns

interface PatternBase extends Span {
  /** The static type of the value the pattern tests. */
  readonly inputType: CsType;
  /** The type the value has where the pattern matched (for `and` chains and designations). */
  readonly narrowedType: CsType;
}

/**
 * `is 3`, `is "x"`, `is null`, `is Metric.Cosine`: equality with a constant of the input's type
 * (`value` converted to it; for `object` input, the constant's own type: the input must be a boxed value
 * of that type and equal). `null` matches null only.
 */
export interface BoundConstantPattern extends PatternBase {
  readonly kind: 'ConstantPattern';
  readonly value: BoundConstant;
}

/** `is > 3`: a relational test against a constant of the (narrowed) input type; NaN never matches. */
export interface BoundRelationalPattern extends PatternBase {
  readonly kind: 'RelationalPattern';
  readonly operator: '<' | '<=' | '>' | '>=';
  readonly value: BoundConstant;
}

/**
 * `is T`, `is T x`, `is var x`, `_`: matches a non-null value of type `narrowedType` (any value for
 * `var` and `_`, null included). `designation` receives the value converted to `narrowedType`.
 */
export interface BoundTypePattern extends PatternBase {
  readonly kind: 'TypePattern';
  /** Only a null test is needed (the input's static type already is the type, or `var`/`_` when false). */
  readonly testsType: boolean;
  readonly matchesNull: boolean;
  readonly designation?: LocalSymbol;
}

export interface BoundNotPattern extends PatternBase {
  readonly kind: 'NotPattern';
  readonly pattern: BoundPattern;
}

export interface BoundBinaryPattern extends PatternBase {
  readonly kind: 'BinaryPattern';
  readonly operator: 'and' | 'or';
  readonly left: BoundPattern;
  readonly right: BoundPattern;
}

/**
 * `{ Length: > 3, Label: "a" }` (optionally `T { ... } x`): a non-null (and type-tested) input whose
 * members match. Each subpattern reads `member` from the narrowed input, given by the
 * BoundConditionalReceiver of `inputId`.
 */
export interface BoundPropertyPattern extends PatternBase {
  readonly kind: 'PropertyPattern';
  readonly inputId: number;
  readonly testsType: boolean;
  readonly subpatterns: readonly { readonly member: BoundExpression; readonly pattern: BoundPattern }[];
  readonly designation?: LocalSymbol;
}

export type BoundPattern =
  | BoundConstantPattern
  | BoundRelationalPattern
  | BoundTypePattern
  | BoundNotPattern
  | BoundBinaryPattern
  | BoundPropertyPattern;

// ---------------------------------------------------------------------------------------- Statements

export interface BoundBlock extends Span {
  readonly kind: 'Block';
  readonly statements: readonly BoundStatement[];
}

export interface BoundLocalDeclaration extends Span {
  readonly kind: 'LocalDeclaration';
  readonly symbol: LocalSymbol;
  /** Converted to the local's type; absent for `int x;`. */
  readonly initializer?: BoundExpression;
}

export interface BoundExpressionStatement extends Span {
  readonly kind: 'ExpressionStatement';
  readonly expression: BoundExpression;
}

export interface BoundIf extends Span {
  readonly kind: 'If';
  readonly condition: BoundExpression;
  readonly then: BoundStatement;
  readonly else?: BoundStatement;
}

export interface BoundWhile extends Span {
  readonly kind: 'While';
  readonly condition: BoundExpression;
  readonly body: BoundStatement;
}

export interface BoundDo extends Span {
  readonly kind: 'Do';
  readonly body: BoundStatement;
  readonly condition: BoundExpression;
}

export interface BoundFor extends Span {
  readonly kind: 'For';
  readonly initializers: readonly BoundStatement[];
  readonly condition?: BoundExpression;
  readonly incrementors: readonly BoundExpression[];
  readonly body: BoundStatement;
}

/**
 * `foreach (T x in collection)`: `collectionKind` says how to iterate: `array` (a JavaScript array or
 * Float32Array, by index), `string` (its UTF-16 code units as chars), `span` (ReadOnlySpan: Float32Array),
 * `enumerable` (any JavaScript iterable: LINQ queries, edge lists, lists, dictionaries' pairs).
 * `elementConversion` converts each element (of `elementType`) to the variable's type (explicitly, as C#
 * foreach does).
 */
export interface BoundForEach extends Span {
  readonly kind: 'ForEach';
  readonly variable: LocalSymbol;
  readonly collection: BoundExpression;
  readonly collectionKind: 'array' | 'string' | 'span' | 'enumerable';
  readonly elementType: CsType;
  readonly elementConversion?: TypeConversion;
  readonly body: BoundStatement;
}

export interface BoundBreak extends Span {
  readonly kind: 'Break';
}

export interface BoundContinue extends Span {
  readonly kind: 'Continue';
}

/** `return value;` (converted to the enclosing method's or lambda's return type) or `return;`. */
export interface BoundReturn extends Span {
  readonly kind: 'Return';
  readonly value?: BoundExpression;
}

export type BoundStatement =
  | BoundBlock
  | BoundLocalDeclaration
  | BoundExpressionStatement
  | BoundIf
  | BoundWhile
  | BoundDo
  | BoundFor
  | BoundForEach
  | BoundBreak
  | BoundContinue
  | BoundReturn;

// ---------------------------------------------------------------------------------------------- Root

/**
 * A checked fragment: the body of `Delegates.<Kind> Create(TraversalContext context)`. Its returns yield
 * a root BoundLambda (converted to the kind's delegate) or the constant null ("no delegate"). `empty`
 * marks an empty or null fragment, whose meaning is the kind's `emptyFragment`.
 */
export interface BoundFragment {
  readonly delegateKind: DelegateKind;
  readonly body: BoundBlock;
  readonly context: LocalSymbol;
  /** Every local of the fragment, by id. */
  readonly locals: readonly LocalSymbol[];
  readonly empty: boolean;
}
