/**
 * JavaScript literals for C# values, and the type codes of C# types (`rt.T.Int32`). Literals never name a
 * global: NaN is `(0/0)`, the infinities `(1/0)` and `(-1/0)`, and strings are escaped so that no quote,
 * line terminator or lone surrogate in a C# literal can end the JavaScript string early.
 */
import {
  enumUnderlyingType,
  isEnum,
  isNullableValueType,
  stripNullable,
  type CsType,
} from '../types/index.js';
import { ClrType, type ClrTypeName } from '../runtime/types.js';

/**
 * A JavaScript string literal with the same UTF-16 units. JSON.stringify escapes quotes, backslashes,
 * control characters and lone surrogates; U+2028 and U+2029 are escaped too (line terminators in older
 * JavaScript), and `<` so the text never contains `</script>` or `<!--`.
 */
export function stringLiteral(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/</g, '\\u003c');
}

/** A number exactly: shortest round-trip digits, `-0`, NaN and the infinities without globals. */
export function numberLiteral(value: number): string {
  if (value !== value) return '(0/0)';
  if (value === Infinity) return '(1/0)';
  if (value === -Infinity) return '(-1/0)';
  if (value === 0) return Object.is(value, -0) ? '(-0)' : '0';
  return value < 0 ? `(${String(value)})` : String(value);
}

export function bigintLiteral(value: bigint): string {
  return value < 0n ? `(${value.toString()}n)` : `${value.toString()}n`;
}

/**
 * The runtime type code name of a C# type: its own for the predefined value types, string, the date and
 * time types, Guid and float[]; a nullable value type has its underlying type's; an enum its underlying
 * type's (boxed enums are boxed as their underlying integer: the runtime has no codes for enums, so a
 * boxed enum passes `is int`); every other type `Object`.
 */
export function clrTypeName(type: CsType): ClrTypeName {
  const underlying = isNullableValueType(type) ? stripNullable(type) : type;
  if (underlying.kind === 'array') {
    const element = underlying.elementType;
    return element.kind === 'named' && element.definition.keyword === 'float' ? 'SingleArray' : 'Object';
  }
  if (underlying.kind !== 'named') return 'Object';
  if (isEnum(underlying)) return clrTypeName(enumUnderlyingType(underlying));
  // The modelled System types are named as the CLR names them (`Int32` for int), as the type codes are.
  const { namespace, name } = underlying.definition;
  return namespace === 'System' && Object.hasOwn(ClrType, name) ? (name as ClrTypeName) : 'Object';
}

/** `rt.T.Int32` and friends. */
export function typeCode(type: CsType): string {
  return `rt.T.${clrTypeName(type)}`;
}
