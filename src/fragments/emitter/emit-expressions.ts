/**
 * JavaScript of lowered expressions. Every result is safe as an operand: a name, a literal, a call, or a
 * parenthesized expression, so callers never reason about JavaScript precedence.
 */
import type {
  LCall,
  LConstant,
  LIndexerSet,
  LoweredExpression,
  LText,
  TextHole,
} from '../lowering/lowered.js';
import { arithmeticKeyword, representationOf } from '../lowering/representation.js';
import {
  BOOL,
  STRING,
  isDecimalConstant,
  isEnum,
  isNullableValueType,
  isReferenceType,
  stripNullable,
  type ConstantValue,
  type CsType,
} from '../types/index.js';
import { memberOfKey, type EmitContext } from './emit-context.js';
import { conversion, typeTest } from './emit-conversions.js';
import { bigintLiteral, clrTypeName, numberLiteral, stringLiteral, typeCode } from './emit-literals.js';
import { binaryOperator, unaryOperator } from './emit-operators.js';
import { emitLambda } from './emitter.js';
import type { RuntimeCallSite } from './runtime-call.js';

/** The JavaScript name of a local: `context`, or `l<id>` (never the C# name). */
export function localName(symbol: { readonly id: number; readonly kind: string }): string {
  return symbol.kind === 'context' ? 'context' : `l${symbol.id}`;
}

const NAME_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/;
const LITERAL = /^(?:\d[\w.]*|"(?:[^"\\]|\\.)*")$/;

/**
 * `text` parenthesized unless it already is one operand: a name path, an unsigned number, a string
 * literal, a parenthesized expression, or a name path called once (`rt.nn(x)`), checked by matching
 * the parentheses outside string literals.
 */
export function operand(text: string): string {
  if (LITERAL.test(text)) return text;
  const path = NAME_PATH.exec(text)?.[0] ?? '';
  if (path.length === text.length) return text;
  const rest = text.slice(path.length);
  return rest.startsWith('(') && closingParenthesis(rest) === rest.length - 1 ? text : `(${text})`;
}

/** The index of the parenthesis closing the one `text` starts with, skipping string literals; -1 if none. */
function closingParenthesis(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

export function emitExpression(context: EmitContext, node: LoweredExpression): string {
  switch (node.kind) {
    case 'Constant':
      return constantValue(context, node.value, node.type);
    case 'Default':
      return defaultValue(context, node.type);
    case 'Local':
      return localName(node.symbol);
    case 'Temp':
      return `t${node.temp.id}`;
    case 'Assign':
      return `(${emitExpression(context, node.target)} = ${emitExpression(context, node.value)})`;
    case 'Sequence':
      return `(${[...node.effects, node.value].map((e) => emitExpression(context, e)).join(', ')})`;
    case 'Conversion': {
      const value = emitExpression(context, node.operand);
      if (node.conversion.category === 'userDefined') {
        const key = node.conversion.runtimeKey;
        if (key === undefined) throw new Error('emitter: user-defined conversion without a runtime key');
        return staticCall(context, key, [node.operand], [value], node.type);
      }
      return conversion(context, node, value);
    }
    case 'NullableValue':
      return `rt.nullable.Value(${emitExpression(context, node.operand)})`;
    case 'Binary': {
      const left = emitExpression(context, node.left);
      const right = emitExpression(context, node.right);
      if (node.signature.category === 'userDefined') {
        const key = node.signature.runtimeKey;
        if (key === undefined) throw new Error('emitter: user-defined operator without a runtime key');
        return staticCall(context, key, [node.left, node.right], [left, right], node.type);
      }
      return binaryOperator(context, node, left, right);
    }
    case 'Unary': {
      const value = emitExpression(context, node.operand);
      if (node.signature.category === 'userDefined') {
        const key = node.signature.runtimeKey;
        if (key === undefined) throw new Error('emitter: user-defined operator without a runtime key');
        return staticCall(context, key, [node.operand], [value], node.type);
      }
      return unaryOperator(context, node, value);
    }
    case 'Conditional':
      return `(${emitExpression(context, node.condition)} ? ${emitExpression(context, node.whenTrue)} : ${emitExpression(context, node.whenFalse)})`;
    case 'Logical':
      return `(${emitExpression(context, node.left)} ${node.operator} ${emitExpression(context, node.right)})`;
    case 'Not':
      return `(!${emitExpression(context, node.operand)})`;
    case 'Is':
      return `(${emitExpression(context, node.operand)} === ${node.value === null ? 'null' : String(node.value)})`;
    case 'Coalesce':
      return `(${emitExpression(context, node.left)} ?? ${emitExpression(context, node.right)})`;
    case 'Call':
      return memberCall(context, node);
    case 'IndexerSet':
      return indexerSet(context, node);
    case 'OutArgument':
      return `c${node.cell.id}`;
    case 'CellValue':
      return `c${node.cell.id}.value`;
    case 'Lambda':
      return emitLambda(context, node);
    case 'TypeTest':
      return typeTest(emitExpression(context, node.operand), node.testedType);
    case 'SwitchFailure':
      return `${context.helper('kSwitchFailed')}()`;
    case 'ArrayCreation':
      if (node.elements !== undefined) {
        return `[${node.elements.map((element) => emitExpression(context, element)).join(', ')}]`;
      }
      if (node.size !== undefined) {
        return `rt.arrays.create(${emitExpression(context, node.size)}, ${defaultValue(context, node.elementType)})`;
      }
      return '[]';
    case 'Text':
      return text(context, node);
    case 'ElementAt':
      return node.ofString
        ? `t${node.collection.temp.id}.charCodeAt(t${node.index.temp.id})`
        : `t${node.collection.temp.id}[t${node.index.temp.id}]`;
    case 'Length':
      return `t${node.collection.temp.id}.length`;
    case 'NotNull':
      return `rt.nn(${emitExpression(context, node.operand)})`;
  }
}

// -------------------------------------------------------------------------------- Values of types

/** A constant of a C# type (constant-values.ts representations). */
export function constantValue(context: EmitContext, value: ConstantValue, type: CsType): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return stringLiteral(value);
  const keyword = arithmeticKeyword(type);
  if (isDecimalConstant(value)) return context.hoist(`rt.dec.parse(${stringLiteral(value.decimal)})`);
  if (keyword === 'decimal') return context.hoist(`rt.dec.parse(${stringLiteral(String(value))})`);
  if (typeof value === 'bigint') {
    return keyword !== undefined && representationOf(keyword) !== 'bigint'
      ? numberLiteral(Number(value))
      : bigintLiteral(value);
  }
  if (keyword === 'long' || keyword === 'ulong' || clrTypeName(type) === 'TimeSpan') {
    return bigintLiteral(BigInt(value));
  }
  return numberLiteral(value);
}

/** `default(T)`: the runtime's representation of each type's default. */
export function defaultValue(context: EmitContext, type: CsType): string {
  if (isNullableValueType(type) || isReferenceType(type) || type.kind !== 'named') return 'null';
  if (type === BOOL) return 'false';
  const keyword = arithmeticKeyword(type);
  if (keyword !== undefined) {
    const representation = representationOf(keyword);
    if (representation === 'bigint') return '0n';
    if (representation === 'decimal') return context.hoist('rt.dec.parse("0")');
    return '0';
  }
  switch (type.definition.name) {
    case 'DateTime':
      return 'rt.dateTime.MinValue';
    case 'DateTimeOffset':
      return 'rt.dateTimeOffset.MinValue';
    case 'TimeSpan':
      return '0n';
    case 'Guid':
      return 'rt.guid.Empty';
    case 'ReadOnlySpan':
      // An empty span: the runtime's spans are arrays (or Float32Arrays) read through rt.spans.
      return 'rt.spans.fromArray(null)';
    default:
      return 'null';
  }
}

// ---------------------------------------------------------------------------------------- Members

function constantOf(node: LoweredExpression): ConstantValue | undefined {
  return node.kind === 'Constant' ? (node as LConstant).value : undefined;
}

function site(
  context: EmitContext,
  node: LCall | LIndexerSet,
  args: readonly string[],
  extra: Partial<RuntimeCallSite>,
): RuntimeCallSite {
  return {
    member: node.member,
    key: node.key,
    ...(node.receiver === undefined
      ? {}
      : { receiver: emitExpression(context, node.receiver), receiverType: node.receiver.type }),
    receiverMayBeNull: node.receiverMayBeNull,
    arguments: args,
    argumentTypes: node.arguments.map((argument) => argument.type),
    constantArguments: node.arguments.map(constantOf),
    receiverTypeArguments: node.receiverTypeArguments,
    typeArguments: node.kind === 'Call' ? node.typeArguments : [],
    resultType: node.type,
    services: context,
    ...extra,
  };
}

function memberCall(context: EmitContext, node: LCall): string {
  // The receiver is emitted before the arguments, as C# evaluates it first.
  const receiverSite = site(context, node, [], {});
  const args = node.arguments.map((argument) => emitExpression(context, argument));
  return operand(context.binding(node.key)({ ...receiverSite, arguments: args }));
}

function indexerSet(context: EmitContext, node: LIndexerSet): string {
  const receiverSite = site(context, node, [], {});
  const args = node.arguments.map((argument) => emitExpression(context, argument));
  const assignedValue = emitExpression(context, node.value);
  return operand(context.binding(node.key)({ ...receiverSite, arguments: args, assignedValue }));
}

/** A user-defined operator or conversion: a static member named by its runtime key. */
function staticCall(
  context: EmitContext,
  key: string,
  operands: readonly LoweredExpression[],
  args: readonly string[],
  resultType: CsType,
): string {
  const member = memberOfKey(key);
  return operand(
    context.binding(key)({
      member,
      key,
      receiverMayBeNull: false,
      arguments: args,
      argumentTypes: operands.map((o) => o.type),
      constantArguments: operands.map(constantOf),
      receiverTypeArguments: [],
      typeArguments: [],
      resultType,
      services: context,
    }),
  );
}

// ------------------------------------------------------------------------------------------- Text

/** Concatenation and interpolation: each part a string, `+` between them. */
function text(context: EmitContext, node: LText): string {
  const parts = node.parts.map((part) =>
    typeof part === 'string' ? stringLiteral(part) : hole(context, part),
  );
  if (parts.length === 0) return '""';
  if (parts.length === 1) return parts[0];
  return `(${parts.join(' + ')})`;
}

/** A value's text by its static type (null as ""), formatted and aligned as an interpolation hole. */
function hole(context: EmitContext, part: TextHole): string {
  const value = emitExpression(context, part.value);
  const formatted = valueText(context, value, part.value.type, part.format);
  return part.alignment === undefined
    ? formatted
    : `rt.format.align(${formatted}, ${numberLiteral(part.alignment)})`;
}

function valueText(context: EmitContext, value: string, type: CsType, format: string | undefined): string {
  const underlying = stripNullable(type);
  if (underlying === STRING) return `(${value} ?? "")`;
  if (underlying.kind === 'named' && isEnum(underlying)) {
    const names: (string | undefined)[] = [];
    for (const [name, memberValue] of underlying.definition.enumMembers ?? []) {
      if (Number.isInteger(memberValue) && memberValue >= 0 && names[memberValue] === undefined) {
        names[memberValue] = name;
      }
    }
    const list = `[${Array.from(names, (name) => (name === undefined ? 'null' : stringLiteral(name))).join(', ')}]`;
    return `${context.helper('kEnumText')}(${context.hoist(list)}, ${value})`;
  }
  const code = clrTypeName(underlying);
  if (code === 'Object' || code === 'String') {
    // References without a type code (object, element models, collections): ToString(), null as "".
    // A format is not applied to an `object` hole holding a boxed number (the runtime formats boxes
    // only with their default text).
    return `rt.obj.textOrEmpty(${value})`;
  }
  const formatArgument = format === undefined ? '' : `, ${stringLiteral(format)}`;
  return `rt.format.value(${value}, ${typeCode(underlying)}${formatArgument})`;
}
