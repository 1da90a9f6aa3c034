/**
 * Typing of C# operators over the fragment's types: which operator implementation `a op b` selects, its
 * result type, or the diagnostic C# reports.
 *
 * Resolution is the C# specification's (§12.4.4 to §12.4.7), not a promotion table: the candidates are the
 * user-defined operators of the operand types (DateTime, TimeSpan, DateTimeOffset, Guid) when any of them
 * applies, otherwise the predefined operators and their lifted forms; a candidate applies when each
 * operand converts implicitly to its parameter (constants included, so `ulongValue + 1` is ulong and
 * `uintValue + 1` is uint); the best candidate wins by the better-function rules. This reproduces binary
 * numeric promotion (byte + byte is int, int + uint is long, float + double is double), its errors
 * (long + ulong is ambiguous, CS0034; decimal + double has no candidate, CS0019) and string
 * concatenation with any operand. `??` and `?:` follow Roslyn's typing rules.
 *
 * Diagnostics (arguments as the message placeholders):
 *   CS0019 "Operator '{0}' cannot be applied to operands of type '{1}' and '{2}'"
 *   CS0023 "Operator '{0}' cannot be applied to operand of type '{1}'"
 *   CS0034 "Operator '{0}' is ambiguous on operands of type '{1}' and '{2}'"
 *   CS0035 "Operator '{0}' is ambiguous on an operand of type '{1}'"
 *   CS0173 "Type of conditional expression cannot be determined because there is no implicit conversion
 *           between '{0}' and '{1}'"
 */
import {
  hasImplicitConversion,
  implicitTypeConversion,
  isBetterConversionFromExpression,
  resolveConversion,
  type ExpressionInfo,
  type TypeDiagnostic,
} from './conversions.js';
import { userDefinedOperatorsOf } from './surface.js';
import {
  NUMERIC_KEYWORDS,
  BOOL,
  DECIMAL,
  DOUBLE,
  ERROR_TYPE,
  FLOAT,
  INT,
  LONG,
  NULL_TYPE,
  OBJECT,
  STRING,
  UINT,
  ULONG,
  enumUnderlyingType,
  isEnum,
  isNonNullableValueType,
  isNullableValueType,
  isReferenceType,
  nullableOf,
  stripNullable,
  typeToString,
  type CsType,
  type NamedType,
} from './types.js';

export type BinaryOperator =
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '<<'
  | '>>'
  | '>>>'
  | '<'
  | '>'
  | '<='
  | '>='
  | '=='
  | '!='
  | '&'
  | '|'
  | '^'
  | '&&'
  | '||';

export type UnaryOperator = '+' | '-' | '!' | '~' | '++' | '--';

/** What an operator does, for the emitter: the operation over which operand type. */
export type OperatorCategory =
  | 'numeric'
  | 'shift'
  | 'comparison'
  | 'equality'
  | 'logical'
  | 'conditional'
  | 'stringConcatenation'
  | 'referenceEquality'
  | 'enum'
  | 'userDefined';

export interface OperatorSignature {
  readonly category: OperatorCategory;
  /** The operand types the operands convert to (the operation's parameters). */
  readonly parameters: readonly CsType[];
  readonly resultType: CsType;
  /** A lifted form over nullable value types (`int? + int?`): null in, null out. */
  readonly lifted: boolean;
  /** The runtime helper of a user-defined operator (`timeSpan.op_Subtraction`). */
  readonly runtimeKey?: string;
}

export type OperatorResolution =
  | { readonly ok: true; readonly signature: OperatorSignature; readonly resultType: CsType }
  | { readonly ok: false; readonly diagnostic: TypeDiagnostic };

type Operand = CsType | ExpressionInfo;

function info(operand: Operand): ExpressionInfo {
  return 'kind' in operand ? { type: operand } : operand;
}

/** The predefined numeric operand types of arithmetic, comparison and equality (§12.10, §12.12). */
const NUMERIC_OPERAND_TYPES: readonly NamedType[] = [INT, UINT, LONG, ULONG, FLOAT, DOUBLE, DECIMAL];
const INTEGER_OPERAND_TYPES: readonly NamedType[] = [INT, UINT, LONG, ULONG];

const ARITHMETIC = new Set<BinaryOperator>(['+', '-', '*', '/', '%']);
const SHIFTS = new Set<BinaryOperator>(['<<', '>>', '>>>']);
const RELATIONAL = new Set<BinaryOperator>(['<', '>', '<=', '>=']);
const EQUALITY = new Set<BinaryOperator>(['==', '!=']);
const LOGICAL = new Set<BinaryOperator>(['&', '|', '^']);

function signature(
  category: OperatorCategory,
  parameters: readonly CsType[],
  resultType: CsType,
  extra?: Partial<OperatorSignature>,
): OperatorSignature {
  return { category, parameters, resultType, lifted: false, ...extra };
}

/**
 * Lifted form (§12.4.8): every parameter and the result made nullable, except that the lifted
 * equality and relational operators still give bool.
 */
function lift(candidate: OperatorSignature, comparison: boolean): OperatorSignature | undefined {
  if (!candidate.parameters.every(isNonNullableValueType)) return undefined;
  if (!comparison && !isNonNullableValueType(candidate.resultType)) return undefined;
  return {
    ...candidate,
    parameters: candidate.parameters.map(nullableOf),
    resultType: comparison ? candidate.resultType : nullableOf(candidate.resultType),
    lifted: true,
  };
}

function withLifted(candidates: readonly OperatorSignature[], symbol: string): OperatorSignature[] {
  const comparison = (RELATIONAL as Set<string>).has(symbol) || (EQUALITY as Set<string>).has(symbol);
  const all = [...candidates];
  for (const candidate of candidates) {
    const lifted = lift(candidate, comparison && candidate.resultType === BOOL);
    if (lifted !== undefined) all.push(lifted);
  }
  return all;
}

/** Enum types among the operands, each once. */
function enumsOf(operands: readonly ExpressionInfo[]): NamedType[] {
  const found: NamedType[] = [];
  for (const operand of operands) {
    const type = stripNullable(operand.type);
    if (type.kind === 'named' && isEnum(type) && !found.includes(type)) found.push(type);
  }
  return found;
}

function predefinedBinaryCandidates(
  op: BinaryOperator,
  left: ExpressionInfo,
  right: ExpressionInfo,
): OperatorSignature[] {
  const candidates: OperatorSignature[] = [];
  const enums = enumsOf([left, right]);
  if (ARITHMETIC.has(op)) {
    for (const t of NUMERIC_OPERAND_TYPES) candidates.push(signature('numeric', [t, t], t));
  }
  if (op === '+') {
    candidates.push(
      signature('stringConcatenation', [STRING, STRING], STRING),
      signature('stringConcatenation', [STRING, OBJECT], STRING),
      signature('stringConcatenation', [OBJECT, STRING], STRING),
    );
    for (const e of enums) {
      const u = enumUnderlyingType(e);
      candidates.push(signature('enum', [e, u], e), signature('enum', [u, e], e));
    }
  }
  if (op === '-') {
    for (const e of enums) {
      const u = enumUnderlyingType(e);
      candidates.push(signature('enum', [e, e], u), signature('enum', [e, u], e));
    }
  }
  if (SHIFTS.has(op)) {
    for (const t of INTEGER_OPERAND_TYPES) candidates.push(signature('shift', [t, INT], t));
  }
  if (RELATIONAL.has(op)) {
    for (const t of NUMERIC_OPERAND_TYPES) candidates.push(signature('comparison', [t, t], BOOL));
    for (const e of enums) candidates.push(signature('comparison', [e, e], BOOL));
  }
  if (EQUALITY.has(op)) {
    for (const t of NUMERIC_OPERAND_TYPES) candidates.push(signature('equality', [t, t], BOOL));
    candidates.push(signature('equality', [BOOL, BOOL], BOOL));
    for (const e of enums) candidates.push(signature('equality', [e, e], BOOL));
    candidates.push(signature('equality', [STRING, STRING], BOOL));
  }
  if (LOGICAL.has(op)) {
    for (const t of INTEGER_OPERAND_TYPES) candidates.push(signature('logical', [t, t], t));
    candidates.push(signature('logical', [BOOL, BOOL], BOOL));
    for (const e of enums) candidates.push(signature('enum', [e, e], e));
  }
  return withLifted(candidates, op);
}

function userDefinedCandidates(symbol: string, operands: readonly ExpressionInfo[]): OperatorSignature[] {
  const seen = new Set<string>();
  const candidates: OperatorSignature[] = [];
  for (const operand of operands) {
    for (const bound of userDefinedOperatorsOf(operand.type, symbol)) {
      if (bound.parameters.length !== operands.length) continue;
      const key = bound.member.runtimeKey ?? bound.member.declaration;
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push(
        signature(
          'userDefined',
          bound.parameters.map((p) => p.type),
          bound.type,
          bound.member.runtimeKey === undefined ? {} : { runtimeKey: bound.member.runtimeKey },
        ),
      );
    }
  }
  return withLifted(candidates, symbol);
}

function applicable(candidate: OperatorSignature, operands: readonly ExpressionInfo[]): boolean {
  return candidate.parameters.every((p, i) => hasImplicitConversion(operands[i], p));
}

/** §12.6.4.3: P is better than Q when no operand converts worse to it and one converts better. */
function better(p: OperatorSignature, q: OperatorSignature, operands: readonly ExpressionInfo[]): boolean {
  let anyBetter = false;
  for (let i = 0; i < operands.length; i++) {
    if (isBetterConversionFromExpression(operands[i], q.parameters[i], p.parameters[i])) return false;
    if (isBetterConversionFromExpression(operands[i], p.parameters[i], q.parameters[i])) anyBetter = true;
  }
  return anyBetter;
}

type Selection =
  | { readonly kind: 'best'; readonly candidate: OperatorSignature }
  | { readonly kind: 'none' }
  | { readonly kind: 'ambiguous' };

function select(candidates: readonly OperatorSignature[], operands: readonly ExpressionInfo[]): Selection {
  const usable = candidates.filter((c) => applicable(c, operands));
  if (usable.length === 0) return { kind: 'none' };
  const best = usable.filter((c) => usable.every((other) => other === c || better(c, other, operands)));
  return best.length === 1 ? { kind: 'best', candidate: best[0] } : { kind: 'ambiguous' };
}

function binaryError(
  id: 'CS0019' | 'CS0034',
  op: string,
  left: ExpressionInfo,
  right: ExpressionInfo,
): OperatorResolution {
  return { ok: false, diagnostic: { id, args: [op, typeToString(left.type), typeToString(right.type)] } };
}

function resolved(candidate: OperatorSignature): OperatorResolution {
  return { ok: true, signature: candidate, resultType: candidate.resultType };
}

/** `left op right`: the operator C# selects and its result type, or CS0019/CS0034. */
export function resolveBinaryOperator(
  op: BinaryOperator,
  leftOperand: Operand,
  rightOperand: Operand,
): OperatorResolution {
  const left = info(leftOperand);
  const right = info(rightOperand);
  if (left.type === ERROR_TYPE || right.type === ERROR_TYPE) {
    return resolved(signature('numeric', [ERROR_TYPE, ERROR_TYPE], ERROR_TYPE));
  }
  if (op === '&&' || op === '||') return resolveConditionalLogical(op, left, right);
  const operands = [left, right];

  const userDefined = select(userDefinedCandidates(op, operands), operands);
  if (userDefined.kind === 'best') return resolved(userDefined.candidate);
  if (userDefined.kind === 'ambiguous') return binaryError('CS0034', op, left, right);

  const candidates = predefinedBinaryCandidates(op, left, right);
  const referenceEquality = EQUALITY.has(op) && isReferenceOperand(left) && isReferenceOperand(right);
  if (referenceEquality) candidates.push(signature('referenceEquality', [OBJECT, OBJECT], BOOL));
  const selection = select(candidates, operands);
  if (selection.kind === 'ambiguous') return binaryError('CS0034', op, left, right);
  if (selection.kind === 'none') return binaryError('CS0019', op, left, right);
  if (selection.candidate.category === 'referenceEquality' && !referencesMayBeEqual(left.type, right.type)) {
    return binaryError('CS0019', op, left, right);
  }
  return resolved(selection.candidate);
}

function isReferenceOperand(operand: ExpressionInfo): boolean {
  return operand.type === NULL_TYPE || isReferenceType(operand.type);
}

/**
 * §12.12.7: reference equality between two types known to be different at compile time (two unrelated
 * classes, VertexModel and EdgeModel) is an error; there must be a reference conversion one way.
 */
function referencesMayBeEqual(a: CsType, b: CsType): boolean {
  if (a === NULL_TYPE || b === NULL_TYPE || a === b) return true;
  const ab = resolveConversion(a, b);
  const ba = resolveConversion(b, a);
  return ab.category === 'reference' || ba.category === 'reference';
}

/**
 * `&&` and `||` (§12.14): resolved as `&` and `|`; allowed only when that selects the bool operator (not
 * an integer one, not the lifted bool? one).
 */
function resolveConditionalLogical(
  op: '&&' | '||',
  left: ExpressionInfo,
  right: ExpressionInfo,
): OperatorResolution {
  const selection = select(predefinedBinaryCandidates(op === '&&' ? '&' : '|', left, right), [left, right]);
  if (
    selection.kind === 'best' &&
    selection.candidate.category === 'logical' &&
    selection.candidate.resultType === BOOL
  ) {
    return resolved({ ...selection.candidate, category: 'conditional' });
  }
  return binaryError(selection.kind === 'ambiguous' ? 'CS0034' : 'CS0019', op, left, right);
}

// ---------------------------------------------------------------------------------------------------
// Unary

/** `++` and `--` apply to every numeric type and char (and enums). */
const INCREMENTABLE: ReadonlySet<string> = new Set(NUMERIC_KEYWORDS);

function predefinedUnaryCandidates(op: UnaryOperator, operand: ExpressionInfo): OperatorSignature[] {
  const candidates: OperatorSignature[] = [];
  const enums = enumsOf([operand]);
  switch (op) {
    case '+':
      for (const t of NUMERIC_OPERAND_TYPES) candidates.push(signature('numeric', [t], t));
      break;
    case '-':
      for (const t of [INT, LONG, FLOAT, DOUBLE, DECIMAL]) candidates.push(signature('numeric', [t], t));
      break;
    case '!':
      candidates.push(signature('logical', [BOOL], BOOL));
      break;
    case '~':
      for (const t of INTEGER_OPERAND_TYPES) candidates.push(signature('logical', [t], t));
      for (const e of enums) candidates.push(signature('enum', [e], e));
      break;
    case '++':
    case '--': {
      // The operand keeps its own type: byte++ is a byte (§12.8.16), unlike byte + 1.
      const type = stripNullable(operand.type);
      const keyword = type.kind === 'named' ? type.definition.keyword : undefined;
      if ((keyword !== undefined && INCREMENTABLE.has(keyword)) || isEnum(type)) {
        candidates.push(signature(isEnum(type) ? 'enum' : 'numeric', [type], type));
      }
      break;
    }
  }
  return withLifted(candidates, op);
}

/** `op operand`: the operator C# selects, or CS0023 (CS0035 when ambiguous). */
export function resolveUnaryOperator(op: UnaryOperator, operandInput: Operand): OperatorResolution {
  const operand = info(operandInput);
  if (operand.type === ERROR_TYPE) return resolved(signature('numeric', [ERROR_TYPE], ERROR_TYPE));
  const userDefined = select(userDefinedCandidates(op, [operand]), [operand]);
  if (userDefined.kind === 'best') return resolved(userDefined.candidate);
  const selection = select(predefinedUnaryCandidates(op, operand), [operand]);
  if (selection.kind === 'best') return resolved(selection.candidate);
  // Negating a ulong has three applicable candidates (float, double, decimal) and no best one; C#
  // reports it as inapplicable, CS0023, rather than ambiguous.
  const negatingUnsignedLong = op === '-' && stripNullable(operand.type) === ULONG;
  const id = selection.kind === 'ambiguous' && !negatingUnsignedLong ? 'CS0035' : 'CS0023';
  return { ok: false, diagnostic: { id, args: [op, typeToString(operand.type)] } };
}

// ---------------------------------------------------------------------------------------------------
// ??, ?:, best common type, compound assignment

export type TypingResult =
  { readonly ok: true; readonly type: CsType } | { readonly ok: false; readonly diagnostic: TypeDiagnostic };

/**
 * `a ?? b` (§12.15): a must be of a reference or nullable value type; the result is A0 (A unwrapped)
 * when b converts to it, else A when b converts to it, else B when A0 (or a) converts to B, else
 * CS0019.
 */
export function coalesceType(leftOperand: Operand, rightOperand: Operand): TypingResult {
  const left = info(leftOperand);
  const right = info(rightOperand);
  const a = left.type;
  if (a === ERROR_TYPE || right.type === ERROR_TYPE) return { ok: true, type: ERROR_TYPE };
  const fail: TypingResult = {
    ok: false,
    diagnostic: { id: 'CS0019', args: ['??', typeToString(a), typeToString(right.type)] },
  };
  if (a !== NULL_TYPE && !isReferenceType(a) && !isNullableValueType(a)) return fail;
  const a0 = stripNullable(a);
  if (a !== NULL_TYPE) {
    if (isNullableValueType(a) && hasImplicitConversion(right, a0)) return { ok: true, type: a0 };
    if (hasImplicitConversion(right, a)) return { ok: true, type: a };
  }
  const b = right.type;
  if (b !== NULL_TYPE) {
    if (isNullableValueType(a) && implicitTypeConversion(a0, b) !== undefined) return { ok: true, type: b };
    if (hasImplicitConversion(left, b)) return { ok: true, type: b };
  }
  return fail;
}

/**
 * The natural type of `c ? x : y`, Roslyn's way: each branch's type is a candidate when the other
 * branch (as an expression, constants included) converts to it; the best candidate is the one every
 * other candidate converts to. Without a natural type, C# 9 target-types the conditional when both
 * branches convert to the target; otherwise CS0173.
 */
export function conditionalType(whenTrue: Operand, whenFalse: Operand, target?: CsType): TypingResult {
  const x = info(whenTrue);
  const y = info(whenFalse);
  if (x.type === ERROR_TYPE || y.type === ERROR_TYPE) return { ok: true, type: ERROR_TYPE };
  const natural = bestTypeOf([x, y]);
  if (natural !== undefined) return { ok: true, type: natural };
  if (target !== undefined && hasImplicitConversion(x, target) && hasImplicitConversion(y, target)) {
    return { ok: true, type: target };
  }
  return {
    ok: false,
    diagnostic: { id: 'CS0173', args: [typeToString(x.type), typeToString(y.type)] },
  };
}

/**
 * The best common type of several expressions (switch expression arms, conditional branches), or
 * undefined: the candidate types are the expressions' own types to which every expression converts;
 * the best is the candidate every other candidate converts to.
 */
export function bestCommonType(operands: readonly Operand[]): CsType | undefined {
  return bestTypeOf(operands.map(info));
}

function bestTypeOf(expressions: readonly ExpressionInfo[]): CsType | undefined {
  const candidates: CsType[] = [];
  for (const { type } of expressions) {
    if (type.kind !== 'named' && type.kind !== 'array' && type.kind !== 'typeParameter') continue;
    if (candidates.includes(type)) continue;
    if (expressions.every((e) => hasImplicitConversion(e, type))) candidates.push(type);
  }
  const best = candidates.filter((c) =>
    candidates.every((other) => other === c || implicitTypeConversion(other, c) !== undefined),
  );
  return best.length === 1 ? best[0] : undefined;
}

/**
 * `x op= y` (§12.21.4): the operator of `x op y`; its result must convert implicitly to x's type, or,
 * for a predefined operator, explicitly when y converts implicitly to x's type (or op is a shift), so
 * that `byteValue += 1` compiles. Otherwise the conversion diagnostic of assigning the result.
 */
export function resolveCompoundAssignment(
  op: BinaryOperator,
  targetType: CsType,
  valueOperand: Operand,
): OperatorResolution {
  const value = info(valueOperand);
  const resolution = resolveBinaryOperator(op, targetType, value);
  if (!resolution.ok) return resolution;
  const result = resolution.resultType;
  if (hasImplicitConversion(result, targetType)) return resolution;
  const predefined = resolution.signature.category !== 'userDefined';
  const explicit = resolveConversion(result, targetType).kind === 'explicit';
  if (predefined && explicit && (hasImplicitConversion(value, targetType) || SHIFTS.has(op)))
    return resolution;
  const id = explicit ? 'CS0266' : 'CS0029';
  return { ok: false, diagnostic: { id, args: [typeToString(result), typeToString(targetType)] } };
}
