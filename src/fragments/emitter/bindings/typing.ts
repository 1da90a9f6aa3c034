/**
 * Type-directed parts: what a binding passes that depends on a C# type rather than on the member. The
 * runtime represents values without their type (runtime/types.ts), so the emitter supplies it where the
 * behaviour depends on it:
 *
 *   orderOf       Comparer<T>.Default as an `rt.orders` Order (OrderBy, Min, Max)
 *   keyOf         EqualityComparer<T>.Default as an `rt.keys` EqualityKey (Contains, Distinct, List.Remove)
 *   defaultOf     default(T) (FirstOrDefault, GetValueOrDefault)
 *   textOf        a function value -> T's ToString() text (string.Join<T>)
 *   toStringOf    `value.ToString()` of a value of type T reaching object.ToString (enums, T?, models)
 *
 * Objects made for a type (an order of a nullable type, an enum's names) are hoisted, so they are made
 * once per request, not per call.
 */
import {
  enumUnderlyingType,
  isEnum,
  isNamed,
  isNullableValueType,
  keywordOf,
  stripNullable,
  type CsType,
} from '../../types/index.js';
import type { EmitServices } from '../runtime-call.js';

const INTEGER_KEYWORDS = new Set(['sbyte', 'byte', 'short', 'ushort', 'int', 'uint', 'char']);
const NUMBER_KEYWORDS = new Set([...INTEGER_KEYWORDS, 'float', 'double']);
const ELEMENT_MODELS = new Set(['AGraphElementModel', 'VertexModel', 'EdgeModel']);
/** The struct types with a runtime type code (formatting, boxing, hashing), besides the keyword types. */
const CODED_STRUCTS = new Set(['DateTime', 'DateTimeOffset', 'TimeSpan', 'Guid']);

function simpleName(type: CsType): string | undefined {
  return type.kind === 'named' && type.typeArguments.length === 0 ? type.definition.name : undefined;
}

/**
 * A non-nullable value type the runtime has a type code for: the numeric types, bool, char, the time
 * types, Guid, and enums (by their underlying type's code, as they are numbers at run time).
 */
export function hasTypeCode(type: CsType): boolean {
  if (isEnum(type)) return true;
  const keyword = keywordOf(type);
  if (keyword !== undefined) return keyword !== 'object' && keyword !== 'string' && keyword !== 'void';
  return CODED_STRUCTS.has(simpleName(type) ?? '');
}

/** `rt.T.X` of a type with a code (enums: their underlying type's). */
export function typeCodeOf(type: CsType, services: EmitServices): string {
  return services.typeCode(type.kind === 'named' && isEnum(type) ? enumUnderlyingType(type) : type);
}

/** `Comparer<T>.Default` of `type`. */
export function orderOf(type: CsType, services: EmitServices): string {
  if (isNullableValueType(type)) {
    return services.hoist(`rt.orders.Nullable(${orderOf(stripNullable(type), services)})`);
  }
  if (isEnum(type)) return 'rt.orders.Integer';
  const keyword = keywordOf(type);
  if (keyword !== undefined && INTEGER_KEYWORDS.has(keyword)) return 'rt.orders.Integer';
  switch (keyword ?? simpleName(type)) {
    case 'long':
    case 'ulong':
    case 'TimeSpan':
      return 'rt.orders.BigInteger';
    case 'float':
    case 'double':
      return 'rt.orders.Floating';
    case 'decimal':
      return 'rt.orders.Decimal';
    case 'bool':
      return 'rt.orders.Boolean';
    case 'string':
      return 'rt.orders.String';
    case 'DateTime':
      return 'rt.orders.DateTime';
    case 'DateTimeOffset':
      return 'rt.orders.DateTimeOffset';
    case 'Guid':
      return 'rt.orders.Guid';
    default:
      // Models, lists, arrays, object: no IComparable. KeyValuePair is the one such struct.
      return isNamed(type, 'KeyValuePair', 2) ? 'rt.orders.IncomparableValue' : 'rt.orders.Incomparable';
  }
}

/** `EqualityComparer<T>.Default` of `type` (keys accept null, so `T?` shares T's key). */
export function keyOf(type: CsType): string {
  const underlying = stripNullable(type);
  switch (keywordOf(underlying) ?? simpleName(underlying)) {
    case 'decimal':
      return 'rt.keys.Decimal';
    case 'DateTime':
      return 'rt.keys.DateTime';
    case 'DateTimeOffset':
      return 'rt.keys.DateTimeOffset';
    case 'object':
      return 'rt.keys.Object';
    default:
      if (ELEMENT_MODELS.has(simpleName(underlying) ?? '')) return 'rt.keys.Element';
      // Numbers, bigints, bool, char, string (ordinal), Guid, TimeSpan, enums; references by identity.
      return 'rt.keys.Identity';
  }
}

/** `default(T)`. */
export function defaultOf(type: CsType, services: EmitServices): string {
  if (isEnum(type)) return '0';
  const keyword = keywordOf(type);
  if (keyword !== undefined && NUMBER_KEYWORDS.has(keyword)) return '0';
  switch (keyword ?? simpleName(type)) {
    case 'long':
    case 'ulong':
    case 'TimeSpan':
      return '0n';
    case 'bool':
      return 'false';
    case 'decimal':
      return services.hoist('rt.dec.fromInt(0)');
    case 'DateTime':
      return 'rt.dateTime.MinValue';
    case 'DateTimeOffset':
      return 'rt.dateTimeOffset.MinValue';
    case 'Guid':
      return 'rt.guid.Empty';
    default:
      // Reference types and T?; default(KeyValuePair<K, V>) is null too (see collections.ts).
      return 'null';
  }
}

/** The member names of an enum as an array literal indexed by value (holes where no member has it). */
function enumNames(type: CsType, services: EmitServices): string {
  const members = type.kind === 'named' ? (type.definition.enumMembers ?? []) : [];
  const names: string[] = [];
  for (const [name, value] of members) if (names[value] === undefined) names[value] = name;
  const items = Array.from({ length: names.length }, (_, i) =>
    names[i] === undefined ? '' : services.stringLiteral(names[i]),
  );
  return services.hoist(`[${items.join(', ')}]`);
}

/**
 * A function value that turns a non-null T into its `ToString()` text (null elements never reach it:
 * `rt.str.joinMapped` prints them as empty).
 */
export function textOf(type: CsType, services: EmitServices): string {
  const underlying = stripNullable(type);
  if (isEnum(underlying)) {
    return services.hoist(`(value) => rt.format.enumText(${enumNames(underlying, services)}, value)`);
  }
  if (hasTypeCode(underlying)) {
    return services.hoist(`(value) => rt.format.value(value, ${typeCodeOf(underlying, services)})`);
  }
  return 'rt.obj.textOrEmpty';
}

/**
 * `value.ToString()` where the member found is object.ToString: enums print their member name, a null
 * `T?` prints as empty (Nullable<T>.ToString), other value types their text, and references their .NET
 * text, a null reference being a NullReferenceException.
 */
export function toStringOf(type: CsType, value: string, services: EmitServices): string {
  const underlying = stripNullable(type);
  if (isEnum(underlying)) {
    return underlying === type
      ? `rt.format.enumText(${enumNames(underlying, services)}, ${value})`
      : `${services.hoist(`(value) => value === null ? "" : ${textOf(underlying, services)}(value)`)}(${value})`;
  }
  // rt.format.value prints null as empty, which is Nullable<T>.ToString() of no value.
  if (hasTypeCode(underlying)) return `rt.format.value(${value}, ${typeCodeOf(underlying, services)})`;
  return `rt.obj.toString(${value})`;
}
