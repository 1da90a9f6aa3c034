/**
 * State of one fragment's lowering: temps per function, out cells, which locals are declared where, and
 * the values that stand for `?.` receivers, collection-initializer targets and property-pattern inputs.
 * Also the small constructors of lowered nodes the lowering modules share.
 */
import type { LocalSymbol } from '../binder/bound.js';
import {
  BOOL,
  VOID,
  isNullableValueType,
  isReferenceType,
  isValueType,
  stripNullable,
  type ConstantValue,
  type CsType,
} from '../types/index.js';
import type { LConstant, LLocal, LTemp, LoweredExpression, OutCell, Temp } from './lowered.js';

/** The temps of one JavaScript function (the factory or a lambda). */
interface FunctionScope {
  readonly temps: Temp[];
}

export class LoweringContext {
  private nextTempId = 0;
  private nextCellId = 0;
  readonly cells: OutCell[] = [];
  private readonly functions: FunctionScope[] = [{ temps: [] }];
  /** Collectors of locals declared by expressions (`out var x`, `is int x`), innermost last. */
  private readonly declarationScopes: LocalSymbol[][] = [];
  /** Ids of locals already declared (or parameters): a local is declared once, where it is first met. */
  private readonly declared = new Set<number>();
  /** `?.` receivers and property-pattern inputs, by the binder's id. */
  private readonly receivers = new Map<number, LoweredExpression>();
  /** Objects under construction in collection initializers, by the binder's id. */
  private readonly initializerTargets = new Map<number, LoweredExpression>();

  /** The factory's temps (the outermost function). */
  get factoryTemps(): readonly Temp[] {
    return this.functions[0].temps;
  }

  // ---- functions and temps ----

  /** Runs `body` as a new function (a lambda) and answers its temps with the result. */
  inFunction<T>(body: () => T): { readonly result: T; readonly temps: readonly Temp[] } {
    const scope: FunctionScope = { temps: [] };
    this.functions.push(scope);
    try {
      return { result: body(), temps: scope.temps };
    } finally {
      this.functions.pop();
    }
  }

  newTemp(type: CsType): LTemp {
    const temp: Temp = { id: this.nextTempId++, type };
    this.functions[this.functions.length - 1].temps.push(temp);
    return { kind: 'Temp', temp, type };
  }

  newCell(type: CsType): OutCell {
    const cell: OutCell = { id: this.nextCellId++, type };
    this.cells.push(cell);
    return cell;
  }

  /**
   * `expression` evaluated once: itself when reading it again is free and gives the same value (a
   * constant, a temp, a local nothing assigns after its declaration), else a temp assigned first.
   */
  spill(expression: LoweredExpression): {
    readonly effects: LoweredExpression[];
    readonly value: LoweredExpression;
  } {
    if (isStable(expression)) return { effects: [], value: expression };
    const temp = this.newTemp(expression.type);
    return { effects: [assign(temp, expression)], value: temp };
  }

  // ---- declarations ----

  /** Runs `body` collecting the locals its expressions declare; answers them with the result. */
  collectingDeclarations<T>(body: () => T): { readonly result: T; readonly declared: LocalSymbol[] } {
    const collected: LocalSymbol[] = [];
    this.declarationScopes.push(collected);
    try {
      return { result: body(), declared: collected };
    } finally {
      this.declarationScopes.pop();
    }
  }

  /** Marks a local declared by a statement or as a parameter (never collected). */
  markDeclared(symbol: LocalSymbol): void {
    this.declared.add(symbol.id);
  }

  /**
   * A local written by an expression (a pattern designation, an `out` target): the first time it is met
   * it is declared by the innermost enclosing statement (or lambda), as C# scopes expression variables.
   */
  noteExpressionVariable(symbol: LocalSymbol): void {
    if (this.declared.has(symbol.id)) return;
    this.declared.add(symbol.id);
    const scope = this.declarationScopes[this.declarationScopes.length - 1];
    if (scope === undefined) throw new Error(`lowering: no scope declares local ${symbol.id}`);
    scope.push(symbol);
  }

  // ---- stand-ins by id ----

  withReceiver<T>(id: number, value: LoweredExpression, body: () => T): T {
    return withEntry(this.receivers, id, value, body);
  }

  receiver(id: number): LoweredExpression {
    const value = this.receivers.get(id);
    if (value === undefined) throw new Error(`lowering: conditional receiver ${id} outside its access`);
    return value;
  }

  withInitializerTarget<T>(id: number, value: LoweredExpression, body: () => T): T {
    return withEntry(this.initializerTargets, id, value, body);
  }

  initializerTarget(id: number): LoweredExpression {
    const value = this.initializerTargets.get(id);
    if (value === undefined) throw new Error(`lowering: initializer target ${id} outside its creation`);
    return value;
  }
}

function withEntry<T>(
  map: Map<number, LoweredExpression>,
  id: number,
  value: LoweredExpression,
  body: () => T,
): T {
  const previous = map.get(id);
  map.set(id, value);
  try {
    return body();
  } finally {
    if (previous === undefined) map.delete(id);
    else map.set(id, previous);
  }
}

function isStable(expression: LoweredExpression): boolean {
  switch (expression.kind) {
    case 'Constant':
    case 'Temp':
      return true;
    case 'Local':
      return !expression.symbol.mutated;
    case 'Conversion':
      // An identity conversion of a stable value only changes the static type.
      return expression.conversion.category === 'identity' && isStable(expression.operand);
    default:
      return false;
  }
}

// ------------------------------------------------------------------------------------ Constructors

export function constant(value: ConstantValue, type: CsType): LConstant {
  return { kind: 'Constant', value, type };
}

export const TRUE: LConstant = constant(true, BOOL);
export const FALSE: LConstant = constant(false, BOOL);

export function nullOf(type: CsType): LConstant {
  return constant(null, type);
}

export function local(symbol: LocalSymbol): LLocal {
  return { kind: 'Local', symbol, type: symbol.type };
}

export function assign(target: LLocal | LTemp, value: LoweredExpression): LoweredExpression {
  return { kind: 'Assign', target, value, type: target.type };
}

/** `(effects..., value)`; just `value` without effects. */
export function sequence(effects: readonly LoweredExpression[], value: LoweredExpression): LoweredExpression {
  if (effects.length === 0) return value;
  if (value.kind === 'Sequence') return sequence([...effects, ...value.effects], value.value);
  return { kind: 'Sequence', effects, value, type: value.type };
}

/** The same JavaScript value seen with another static type (`int?` known non-null as `int`, an upcast). */
export function retype(expression: LoweredExpression, type: CsType): LoweredExpression {
  if (expression.type === type) return expression;
  if (expression.kind === 'Constant') return constant(expression.value, type);
  if (expression.kind === 'Conversion' && expression.conversion.category === 'identity') {
    return retype(expression.operand, type);
  }
  return {
    kind: 'Conversion',
    operand: expression,
    conversion: { kind: 'identity', category: 'identity' },
    checked: false,
    type,
  };
}

export function isNull(operand: LoweredExpression): LoweredExpression {
  return { kind: 'Is', operand, value: null, type: BOOL };
}

export function is(operand: LoweredExpression, value: boolean): LoweredExpression {
  return { kind: 'Is', operand, value, type: BOOL };
}

export function not(operand: LoweredExpression): LoweredExpression {
  if (operand.kind === 'Constant' && typeof operand.value === 'boolean') return operand.value ? FALSE : TRUE;
  if (operand.kind === 'Not') return operand.operand;
  return { kind: 'Not', operand, type: BOOL };
}

/** `left && right` / `left || right`, folding constant operands that do not need evaluating. */
export function logical(
  operator: '&&' | '||',
  left: LoweredExpression,
  right: LoweredExpression,
): LoweredExpression {
  const neutral = operator === '&&';
  if (isBoolConstant(left, neutral)) return right;
  if (isBoolConstant(left, !neutral)) return left;
  if (isBoolConstant(right, neutral)) return left;
  return { kind: 'Logical', operator, left, right, type: BOOL };
}

export function conditional(
  condition: LoweredExpression,
  whenTrue: LoweredExpression,
  whenFalse: LoweredExpression,
  type: CsType,
): LoweredExpression {
  if (isBoolConstant(condition, true)) return whenTrue;
  if (isBoolConstant(condition, false)) return whenFalse;
  return { kind: 'Conditional', condition, whenTrue, whenFalse, type };
}

export function isBoolConstant(expression: LoweredExpression, value: boolean): boolean {
  return expression.kind === 'Constant' && expression.value === value;
}

/** The constant null (possibly seen through identity conversions). */
export function isNullConstant(expression: LoweredExpression): boolean {
  if (expression.kind === 'Constant') return expression.value === null;
  if (expression.kind === 'Conversion' && expression.conversion.category === 'identity') {
    return isNullConstant(expression.operand);
  }
  return false;
}

/** A value of this static type can be null: references, nullable value types, the null type. */
export function admitsNull(type: CsType): boolean {
  return isReferenceType(type) || isNullableValueType(type) || type.kind === 'null';
}

/** Void: a call without a result. */
export function isVoid(type: CsType): boolean {
  return type === VOID;
}

/**
 * The value of `input` (known non-null and of run-time type `to`) as a `to`: the same JavaScript value,
 * except a boxed value type, which is unboxed.
 */
export function narrowed(input: LoweredExpression, to: CsType): LoweredExpression {
  const target = stripNullable(to);
  if (isValueType(target) && !isValueType(input.type)) {
    return {
      kind: 'Conversion',
      operand: input,
      conversion: { kind: 'explicit', category: 'unboxing' },
      checked: false,
      type: target,
    };
  }
  return retype(input, to);
}

/** Whether `narrowed(input, to)` needs work (an unboxing) rather than only a new static type. */
export function narrowingUnboxes(from: CsType, to: CsType): boolean {
  return isValueType(stripNullable(to)) && !isValueType(from);
}
