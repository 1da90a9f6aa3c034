/**
 * The lowered tree: the small core the emitter prints. Lowering (lowering.ts) turns the binder's tree into
 * it; everything that needs a temporary, a null test or an evaluation order is already spelled out here,
 * so each node maps to one JavaScript construct.
 *
 * What no longer exists after lowering: `?.` (a temp and a null test), `?:` over patterns, `is`, switch
 * expressions (conditional chains over temps), compound assignments and `++`/`--` (a plain assignment
 * with the target's parts evaluated once), `??=`, lifted operators and lifted nullable conversions (null
 * tests over temps around the unlifted operation), `out` arguments (a hoisted cell and a copy after the
 * call), collection initializers (a temp and calls), string concatenation and interpolation (one Text
 * node), foreach (indexed or iterable loops), `for` initializers (statements before the loop).
 *
 * Invariants the emitter relies on:
 * - Every Binary and Unary signature is unlifted, and no Binary is a string concatenation.
 * - A Conversion's category is never `nullable` (nullable conversions are decomposed into
 *   NullableValue, the underlying conversion and null tests), never `constant`.
 * - Every Temp is assigned before it is read, in the function (factory or lambda) that lists it.
 * - Every user local is declared (Declare) before its uses, in an enclosing block of the same function or
 *   of an enclosing one; lambda parameters and `context` are parameters.
 */
import type { LocalSymbol } from '../binder/bound.js';
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

/** A compiler temporary: `t<id>` in the JavaScript, declared at the top of its function. */
export interface Temp {
  readonly id: number;
  readonly type: CsType;
}

/** An `out` argument's cell: `c<id> = rt.out(<default of type>)`, hoisted to the factory, one per call site. */
export interface OutCell {
  readonly id: number;
  readonly type: CsType;
}

interface Typed {
  /** The C# static type of the value (void for calls without a result). */
  readonly type: CsType;
}

export interface LConstant extends Typed {
  readonly kind: 'Constant';
  readonly value: ConstantValue;
}

/** `default(T)` of a type without a constant default (DateTime, TimeSpan, Guid, decimal, spans). */
export interface LDefault extends Typed {
  readonly kind: 'Default';
}

/** A user local, lambda parameter or `context`. */
export interface LLocal extends Typed {
  readonly kind: 'Local';
  readonly symbol: LocalSymbol;
}

export interface LTemp extends Typed {
  readonly kind: 'Temp';
  readonly temp: Temp;
}

/** `target = value`; its value is the assigned value. */
export interface LAssign extends Typed {
  readonly kind: 'Assign';
  readonly target: LLocal | LTemp;
  readonly value: LoweredExpression;
}

/** `(effect, effect, value)`: the effects in order, then the value. */
export interface LSequence extends Typed {
  readonly kind: 'Sequence';
  readonly effects: readonly LoweredExpression[];
  readonly value: LoweredExpression;
}

/**
 * A conversion of `operand` (of `operand.type`) to `type`: numeric, enum, reference, boxing, unboxing,
 * userDefined, lambda, nullLiteral or enumZero. Boxing from a nullable value type keeps null; unboxing to
 * a nullable value type maps null to null.
 */
export interface LConversion extends Typed {
  readonly kind: 'Conversion';
  readonly operand: LoweredExpression;
  readonly conversion: TypeConversion;
  readonly checked: boolean;
}

/** `x.Value` of a nullable value type: InvalidOperationException when null (an explicit unwrap). */
export interface LNullableValue extends Typed {
  readonly kind: 'NullableValue';
  readonly operand: LoweredExpression;
}

/** An unlifted predefined or user-defined binary operator (never `&&`, `||`, string concatenation). */
export interface LBinary extends Typed {
  readonly kind: 'Binary';
  readonly operator: BinaryOperator;
  readonly left: LoweredExpression;
  readonly right: LoweredExpression;
  readonly signature: OperatorSignature;
  readonly checked: boolean;
}

export interface LUnary extends Typed {
  readonly kind: 'Unary';
  readonly operator: Exclude<UnaryOperator, '++' | '--'>;
  readonly operand: LoweredExpression;
  readonly signature: OperatorSignature;
  readonly checked: boolean;
}

export interface LConditional extends Typed {
  readonly kind: 'Conditional';
  readonly condition: LoweredExpression;
  readonly whenTrue: LoweredExpression;
  readonly whenFalse: LoweredExpression;
}

/** Short-circuit `&&` / `||` over bools. */
export interface LLogical extends Typed {
  readonly kind: 'Logical';
  readonly operator: '&&' | '||';
  readonly left: LoweredExpression;
  readonly right: LoweredExpression;
}

export interface LNot extends Typed {
  readonly kind: 'Not';
  readonly operand: LoweredExpression;
}

/** `operand === value` for null or a bool: null tests and the three-valued logic of `bool?`. */
export interface LIs extends Typed {
  readonly kind: 'Is';
  readonly operand: LoweredExpression;
  readonly value: null | boolean;
}

/** JavaScript's `left ?? right`, where the non-null left value needs no conversion to `type`. */
export interface LCoalesce extends Typed {
  readonly kind: 'Coalesce';
  readonly left: LoweredExpression;
  readonly right: LoweredExpression;
}

/** A use of a surface member through its runtime binding (`key`). */
export interface LCall extends Typed {
  readonly kind: 'Call';
  readonly member: SurfaceMember;
  readonly key: string;
  readonly receiver?: LoweredExpression;
  readonly arguments: readonly LoweredExpression[];
  readonly receiverMayBeNull: boolean;
  readonly receiverTypeArguments: readonly CsType[];
  readonly typeArguments: readonly CsType[];
}

/** An indexer assignment `receiver[arguments] = value` through the setter's binding; its value is unused. */
export interface LIndexerSet extends Typed {
  readonly kind: 'IndexerSet';
  readonly member: SurfaceMember;
  readonly key: string;
  readonly receiver: LoweredExpression;
  readonly arguments: readonly LoweredExpression[];
  readonly value: LoweredExpression;
  readonly receiverMayBeNull: boolean;
  readonly receiverTypeArguments: readonly CsType[];
}

/** An `out` argument: the cell the callee writes. */
export interface LOutArgument extends Typed {
  readonly kind: 'OutArgument';
  readonly cell: OutCell;
}

/** `c<id>.value`: what the callee wrote. */
export interface LCellValue extends Typed {
  readonly kind: 'CellValue';
  readonly cell: OutCell;
}

export interface LLambda extends Typed {
  readonly kind: 'Lambda';
  readonly delegateType: NamedType;
  readonly parameters: readonly LocalSymbol[];
  /** Temps of this function, declared at the top of its body. */
  readonly temps: readonly Temp[];
  readonly body: LBlock;
  /** The delegate the fragment returns: its body starts with `rt.enter()`, others with `rt.tick()`. */
  readonly root: boolean;
}

/** `operand` is not null and its run-time type is `testedType` (for `is T`, `as T` and type patterns). */
export interface LTypeTest extends Typed {
  readonly kind: 'TypeTest';
  readonly operand: LoweredExpression;
  readonly testedType: CsType;
}

/** No arm of a switch expression matched: throws SwitchExpressionException. */
export interface LSwitchFailure extends Typed {
  readonly kind: 'SwitchFailure';
}

/** `new T[size]` (default-filled) or `new T[] { elements }`. */
export interface LArrayCreation extends Typed {
  readonly kind: 'ArrayCreation';
  readonly elementType: CsType;
  readonly size?: LoweredExpression;
  readonly elements?: readonly LoweredExpression[];
}

/** A hole of a Text: `value` formatted by its static type (null as ""), then aligned. */
export interface TextHole {
  readonly value: LoweredExpression;
  readonly alignment?: number;
  readonly format?: string;
}

/** String concatenation and interpolation: literal parts and holes, concatenated left to right. */
export interface LText extends Typed {
  readonly kind: 'Text';
  readonly parts: readonly (string | TextHole)[];
}

/** The element at `index` of an array, a Float32Array (`collection[index]`) or a string (its code unit). */
export interface LElementAt extends Typed {
  readonly kind: 'ElementAt';
  readonly collection: LTemp;
  readonly index: LTemp;
  readonly ofString: boolean;
}

/** `collection.length` of an array, a Float32Array or a string (a foreach bound). */
export interface LLength extends Typed {
  readonly kind: 'Length';
  readonly collection: LTemp;
}

/** `rt.nn(operand)`: NullReferenceException for null (a foreach over a null collection). */
export interface LNotNull extends Typed {
  readonly kind: 'NotNull';
  readonly operand: LoweredExpression;
}

export type LoweredExpression =
  | LConstant
  | LDefault
  | LLocal
  | LTemp
  | LAssign
  | LSequence
  | LConversion
  | LNullableValue
  | LBinary
  | LUnary
  | LConditional
  | LLogical
  | LNot
  | LIs
  | LCoalesce
  | LCall
  | LIndexerSet
  | LOutArgument
  | LCellValue
  | LLambda
  | LTypeTest
  | LSwitchFailure
  | LArrayCreation
  | LText
  | LElementAt
  | LLength
  | LNotNull;

// ---------------------------------------------------------------------------------------- Statements

export interface LBlock {
  readonly kind: 'Block';
  readonly statements: readonly LoweredStatement[];
}

/** `let l<id> = initializer;` (the type's default when absent). */
export interface LDeclare {
  readonly kind: 'Declare';
  readonly symbol: LocalSymbol;
  readonly initializer?: LoweredExpression;
}

export interface LExpressionStatement {
  readonly kind: 'Expression';
  readonly expression: LoweredExpression;
}

export interface LIf {
  readonly kind: 'If';
  readonly condition: LoweredExpression;
  readonly then: LBlock;
  readonly else?: LBlock;
}

/**
 * `while (condition) body`. `conditionDeclarations`: locals the condition declares (`while (x is int y)`),
 * fresh per iteration as in C#: the emitter then tests the condition inside the loop.
 */
export interface LWhile {
  readonly kind: 'While';
  readonly condition: LoweredExpression;
  readonly conditionDeclarations: readonly LocalSymbol[];
  readonly body: LBlock;
}

export interface LDoWhile {
  readonly kind: 'DoWhile';
  readonly body: LBlock;
  readonly condition: LoweredExpression;
}

/** `for (; condition; incrementors) body`: the initializers were lowered to statements before it. */
export interface LFor {
  readonly kind: 'For';
  readonly condition?: LoweredExpression;
  readonly incrementors: readonly LoweredExpression[];
  readonly body: LBlock;
}

/**
 * `for (let index = 0; index < collection.length; index++) body` over an array, a Float32Array or a
 * string (already evaluated into `collection`, null-checked); the body reads the element itself.
 */
export interface LForIndex {
  readonly kind: 'ForIndex';
  readonly collection: LTemp;
  readonly index: LTemp;
  readonly body: LBlock;
}

/** `for (const element of iterable) body` over a JavaScript iterable (null-checked). */
export interface LForOf {
  readonly kind: 'ForOf';
  readonly element: LTemp;
  readonly iterable: LoweredExpression;
  readonly body: LBlock;
}

export interface LBreak {
  readonly kind: 'Break';
}

export interface LContinue {
  readonly kind: 'Continue';
}

export interface LReturn {
  readonly kind: 'Return';
  readonly value?: LoweredExpression;
}

export type LoweredStatement =
  | LBlock
  | LDeclare
  | LExpressionStatement
  | LIf
  | LWhile
  | LDoWhile
  | LFor
  | LForIndex
  | LForOf
  | LBreak
  | LContinue
  | LReturn;

/**
 * The lowered fragment: the factory's body. `temps` are the factory's own temps; `cells` every out cell of
 * the fragment (hoisted to the factory); `context` the symbol emitted as the factory's `context`.
 */
export interface LoweredFragment {
  readonly delegateKind: DelegateKind;
  readonly context: LocalSymbol;
  readonly body: LBlock;
  readonly temps: readonly Temp[];
  readonly cells: readonly OutCell[];
  readonly empty: boolean;
}
