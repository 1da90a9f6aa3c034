/**
 * The C# type model of the fragment checker: immutable, interned type objects, so two types are the same
 * C# type exactly when they are the same object (`a === b` is C#'s identity conversion).
 *
 * A type is one of:
 * - a named type: a definition from `type-table.ts` with its type arguments (`int` is System.Int32 with
 *   none, `IReadOnlyList<EdgeModel>` is IReadOnlyList`1 with one, `int?` is Nullable`1 of int);
 * - an array `T[]` (single-dimensional, zero-based: the only arrays C# fragments write);
 * - a type parameter (`T` of TryGetProperty<T>, `TSource` of LINQ), only inside member signatures;
 * - a placeholder the binder needs before a type exists: the type of the `null` literal, of a lambda
 *   that has not been bound to a delegate yet, of a method group, and the error type that stops
 *   cascading diagnostics.
 *
 * `typeToString` prints types the way the C# compiler's error messages do (Roslyn's
 * SymbolDisplayFormat.CSharpErrorMessageFormat): keywords for the predefined types, `T?` for nullable
 * value types, and every other named type with its namespace and containing types
 * (`NoSQL.GraphDB.Core.Model.VertexModel`, `System.Collections.Generic.IReadOnlyList<...>`), because that
 * format qualifies types by namespace rather than printing the minimal name a using directive allows.
 */
import { TYPE_DEFINITIONS, type TypeDefinitionData } from './type-table.js';

export type { TypeKind, Variance } from './type-table.js';

export interface TypeDefinition extends TypeDefinitionData {
  /** Unique metadata name: `System.Collections.Generic.IReadOnlyList\`1`. */
  readonly key: string;
  readonly arity: number;
  readonly typeParameters: readonly string[];
}

export interface NamedType {
  readonly kind: 'named';
  readonly id: number;
  readonly definition: TypeDefinition;
  readonly typeArguments: readonly CsType[];
}

export interface ArrayType {
  readonly kind: 'array';
  readonly id: number;
  readonly elementType: CsType;
}

export interface TypeParameterType {
  readonly kind: 'typeParameter';
  readonly id: number;
  readonly name: string;
  readonly ordinal: number;
  /** Declared by the member's containing type (`T` of IReadOnlyList<T>) or by a generic method. */
  readonly owner: 'type' | 'method';
}

export interface PlaceholderType {
  readonly kind: 'null' | 'lambda' | 'methodGroup' | 'error';
  readonly id: number;
}

export type CsType = NamedType | ArrayType | TypeParameterType | PlaceholderType;

// ---------------------------------------------------------------------------------------------------
// Definitions

const definitionsByKey = new Map<string, TypeDefinition>();
const definitionsByName = new Map<string, TypeDefinition[]>();

for (const data of TYPE_DEFINITIONS) {
  const typeParameters = data.typeParameters ?? [];
  const arity = typeParameters.length;
  const container = data.containingType === undefined ? '' : `${data.containingType}.`;
  const key = `${data.namespace}.${container}${data.name}${arity > 0 ? `\`${arity}` : ''}`;
  if (definitionsByKey.has(key)) throw new Error(`type table: duplicate definition ${key}`);
  const definition: TypeDefinition = Object.freeze({ ...data, key, arity, typeParameters });
  definitionsByKey.set(key, definition);
  const sameName = definitionsByName.get(data.name) ?? [];
  sameName.push(definition);
  definitionsByName.set(data.name, sameName);
}

/** Every modelled definition, in table order. */
export function allDefinitions(): readonly TypeDefinition[] {
  return [...definitionsByKey.values()];
}

/**
 * The definition with this simple name and arity (`findDefinition('Func', 2)`), or undefined. Simple
 * names are unique per arity in the model, so no namespace is needed.
 */
export function findDefinition(name: string, arity: number): TypeDefinition | undefined {
  return definitionsByName.get(name)?.find((definition) => definition.arity === arity);
}

/** Every definition with this simple name, whatever its arity. */
export function definitionsNamed(name: string): readonly TypeDefinition[] {
  return definitionsByName.get(name) ?? [];
}

function definition(name: string, arity = 0): TypeDefinition {
  const found = findDefinition(name, arity);
  if (found === undefined) throw new Error(`type table: no definition ${name}/${arity}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Interning

let nextTypeId = 0;
const namedTypes = new Map<string, NamedType>();
const arrayTypes = new Map<number, ArrayType>();
const typeParameters = new Map<string, TypeParameterType>();

/** The named type `definition<typeArguments>`; the same arguments give the same object. */
export function constructType(definition: TypeDefinition, typeArguments: readonly CsType[] = []): NamedType {
  if (typeArguments.length !== definition.arity) {
    throw new Error(
      `${definition.key} takes ${definition.arity} type arguments, not ${typeArguments.length}`,
    );
  }
  const key = `${definition.key}<${typeArguments.map((t) => t.id).join(',')}>`;
  let type = namedTypes.get(key);
  if (type === undefined) {
    type = Object.freeze({
      kind: 'named',
      id: nextTypeId++,
      definition,
      typeArguments: Object.freeze([...typeArguments]),
    });
    namedTypes.set(key, type);
  }
  return type;
}

export function arrayOf(elementType: CsType): ArrayType {
  let type = arrayTypes.get(elementType.id);
  if (type === undefined) {
    type = Object.freeze({ kind: 'array', id: nextTypeId++, elementType });
    arrayTypes.set(elementType.id, type);
  }
  return type;
}

export function typeParameter(name: string, ordinal: number, owner: 'type' | 'method'): TypeParameterType {
  const key = `${owner}:${ordinal}:${name}`;
  let type = typeParameters.get(key);
  if (type === undefined) {
    type = Object.freeze({ kind: 'typeParameter', id: nextTypeId++, name, ordinal, owner });
    typeParameters.set(key, type);
  }
  return type;
}

function placeholder(kind: PlaceholderType['kind']): PlaceholderType {
  return Object.freeze({ kind, id: nextTypeId++ });
}

function named(name: string): NamedType {
  return constructType(definition(name));
}

// ---------------------------------------------------------------------------------------------------
// The types a binder names directly

export const OBJECT = named('Object');
export const STRING = named('String');
export const VOID = named('Void');
export const BOOL = named('Boolean');
export const CHAR = named('Char');
export const SBYTE = named('SByte');
export const BYTE = named('Byte');
export const SHORT = named('Int16');
export const USHORT = named('UInt16');
export const INT = named('Int32');
export const UINT = named('UInt32');
export const LONG = named('Int64');
export const ULONG = named('UInt64');
export const FLOAT = named('Single');
export const DOUBLE = named('Double');
export const DECIMAL = named('Decimal');
export const VALUE_TYPE = named('ValueType');
export const ENUM = named('Enum');
export const ARRAY = named('Array');
export const DELEGATE = named('Delegate');
export const MULTICAST_DELEGATE = named('MulticastDelegate');

export const DATETIME = named('DateTime');
export const DATETIMEOFFSET = named('DateTimeOffset');
export const TIMESPAN = named('TimeSpan');
export const GUID = named('Guid');
export const STRING_COMPARISON = named('StringComparison');
export const STRING_SPLIT_OPTIONS = named('StringSplitOptions');
export const MIDPOINT_ROUNDING = named('MidpointRounding');
export const DAY_OF_WEEK = named('DayOfWeek');
export const DATETIME_KIND = named('DateTimeKind');
export const MATH = named('Math');
export const CONVERT = named('Convert');
export const ENUMERABLE = named('Enumerable');

export const AGRAPH_ELEMENT_MODEL = named('AGraphElementModel');
export const VERTEX_MODEL = named('VertexModel');
export const EDGE_MODEL = named('EdgeModel');
export const TRAVERSAL_CONTEXT = named('TraversalContext');
export const VECTOR_DISTANCE_METRIC = named('VectorDistanceMetric');
export const VECTOR_MATH = named('VectorMath');

/** The type of the `null` literal; prints as `<null>` like Roslyn's. */
export const NULL_TYPE = placeholder('null');
/** A lambda not yet converted to a delegate type; prints as `lambda expression`. */
export const LAMBDA_TYPE = placeholder('lambda');
/** A method name used without invocation; prints as `method group`. */
export const METHOD_GROUP_TYPE = placeholder('methodGroup');
/** The type of an expression that already failed: converts to and from everything silently. */
export const ERROR_TYPE = placeholder('error');

export function nullableOf(underlying: CsType): NamedType {
  if (!isNonNullableValueType(underlying)) {
    throw new Error(`${typeToString(underlying)} cannot be the underlying type of a nullable value type`);
  }
  return constructType(definition('Nullable', 1), [underlying]);
}

export function enumerableOf(element: CsType): NamedType {
  return constructType(definition('IEnumerable', 1), [element]);
}

export function readOnlyCollectionOf(element: CsType): NamedType {
  return constructType(definition('IReadOnlyCollection', 1), [element]);
}

export function readOnlyListOf(element: CsType): NamedType {
  return constructType(definition('IReadOnlyList', 1), [element]);
}

export function listOf(element: CsType): NamedType {
  return constructType(definition('List', 1), [element]);
}

export function orderedEnumerableOf(element: CsType): NamedType {
  return constructType(definition('IOrderedEnumerable', 1), [element]);
}

export function readOnlyDictionaryOf(key: CsType, value: CsType): NamedType {
  return constructType(definition('IReadOnlyDictionary', 2), [key, value]);
}

export function keyValuePairOf(key: CsType, value: CsType): NamedType {
  return constructType(definition('KeyValuePair', 2), [key, value]);
}

export function readOnlySpanOf(element: CsType): NamedType {
  return constructType(definition('ReadOnlySpan', 1), [element]);
}

/** `Func<T1, ..., TResult>`: the parameter types then the result type (0 to 3 parameters). */
export function funcOf(...parameterAndResultTypes: CsType[]): NamedType {
  return constructType(definition('Func', parameterAndResultTypes.length), parameterAndResultTypes);
}

/** The delegate type of a fragment kind, `Delegates.VertexFilter` and its siblings. */
export function filterDelegateType(name: string): NamedType {
  const found = findDefinition(name, 0);
  if (found === undefined || found.containingType !== 'Delegates')
    throw new Error(`no delegate type ${name}`);
  return constructType(found);
}

// ---------------------------------------------------------------------------------------------------
// Classification

export type NumericKeyword =
  | 'sbyte'
  | 'byte'
  | 'short'
  | 'ushort'
  | 'int'
  | 'uint'
  | 'long'
  | 'ulong'
  | 'char'
  | 'float'
  | 'double'
  | 'decimal';

/** The 11 numeric types and char (C#'s integral types include char; it takes part in numeric promotion). */
export const NUMERIC_KEYWORDS: readonly NumericKeyword[] = [
  'sbyte',
  'byte',
  'short',
  'ushort',
  'int',
  'uint',
  'long',
  'ulong',
  'char',
  'float',
  'double',
  'decimal',
];

const INTEGRAL_KEYWORDS = new Set<string>([
  'sbyte',
  'byte',
  'short',
  'ushort',
  'int',
  'uint',
  'long',
  'ulong',
  'char',
]);

const TYPE_BY_KEYWORD = new Map<string, NamedType>(
  allDefinitions()
    .filter((d) => d.keyword !== undefined)
    .map((d) => [d.keyword as string, constructType(d)]),
);

/** The predefined type a keyword names (`int`, `string`, `object`, `void`), or undefined. */
export function typeOfKeyword(keyword: string): NamedType | undefined {
  return TYPE_BY_KEYWORD.get(keyword);
}

export function keywordOf(type: CsType): string | undefined {
  return type.kind === 'named' && type.typeArguments.length === 0 ? type.definition.keyword : undefined;
}

export function numericKeyword(type: CsType): NumericKeyword | undefined {
  const keyword = keywordOf(type);
  return keyword !== undefined && (NUMERIC_KEYWORDS as readonly string[]).includes(keyword)
    ? (keyword as NumericKeyword)
    : undefined;
}

export function isNumeric(type: CsType): boolean {
  return numericKeyword(type) !== undefined;
}

export function isIntegral(type: CsType): boolean {
  const keyword = keywordOf(type);
  return keyword !== undefined && INTEGRAL_KEYWORDS.has(keyword);
}

export function isNamed(type: CsType, name: string, arity = 0): boolean {
  return type.kind === 'named' && type.definition.name === name && type.definition.arity === arity;
}

export function isNullableValueType(type: CsType): boolean {
  return isNamed(type, 'Nullable', 1);
}

/** `T` of `T?`, or the type itself when it is not a nullable value type. */
export function stripNullable(type: CsType): CsType {
  return type.kind === 'named' && isNullableValueType(type) ? type.typeArguments[0] : type;
}

export function isEnum(type: CsType): boolean {
  return type.kind === 'named' && type.definition.kind === 'enum';
}

/** The underlying integral type of an enum. */
export function enumUnderlyingType(type: NamedType): NamedType {
  const keyword = type.definition.enumUnderlying;
  const underlying = keyword === undefined ? undefined : typeOfKeyword(keyword);
  if (underlying === undefined) throw new Error(`${type.definition.key} is not an enum`);
  return underlying;
}

export function isDelegate(type: CsType): boolean {
  return type.kind === 'named' && type.definition.kind === 'delegate';
}

export function isInterface(type: CsType): boolean {
  return type.kind === 'named' && type.definition.kind === 'interface';
}

export function isStaticClass(type: CsType): boolean {
  return type.kind === 'named' && type.definition.static === true;
}

export function isRefLike(type: CsType): boolean {
  return type.kind === 'named' && type.definition.refLike === true;
}

/** A struct or enum, nullable value types included (not `void`). */
export function isValueType(type: CsType): boolean {
  return (
    type.kind === 'named' &&
    (type.definition.kind === 'struct' || type.definition.kind === 'enum') &&
    type !== VOID
  );
}

export function isNonNullableValueType(type: CsType): boolean {
  return isValueType(type) && !isNullableValueType(type);
}

/** Classes (string and object included), interfaces, delegates and arrays. */
export function isReferenceType(type: CsType): boolean {
  if (type.kind === 'array') return true;
  if (type.kind !== 'named') return false;
  const kind = type.definition.kind;
  return kind === 'class' || kind === 'interface' || kind === 'delegate';
}

export function isPlaceholder(type: CsType): type is PlaceholderType {
  return (
    type.kind === 'null' || type.kind === 'lambda' || type.kind === 'methodGroup' || type.kind === 'error'
  );
}

/** True when the type mentions a type parameter (an uninstantiated signature). */
export function containsTypeParameter(type: CsType): boolean {
  switch (type.kind) {
    case 'typeParameter':
      return true;
    case 'array':
      return containsTypeParameter(type.elementType);
    case 'named':
      return type.typeArguments.some(containsTypeParameter);
    default:
      return false;
  }
}

/**
 * Replaces type parameters: those of the containing type by `typeArguments`, those of a generic method
 * by `methodTypeArguments`. A parameter left without an argument stays as it is.
 */
export function substitute(
  type: CsType,
  typeArguments: readonly CsType[],
  methodTypeArguments: readonly CsType[] = [],
): CsType {
  switch (type.kind) {
    case 'typeParameter': {
      const source = type.owner === 'type' ? typeArguments : methodTypeArguments;
      return source[type.ordinal] ?? type;
    }
    case 'array':
      return arrayOf(substitute(type.elementType, typeArguments, methodTypeArguments));
    case 'named':
      return type.typeArguments.length === 0
        ? type
        : constructType(
            type.definition,
            type.typeArguments.map((t) => substitute(t, typeArguments, methodTypeArguments)),
          );
    default:
      return type;
  }
}

// ---------------------------------------------------------------------------------------------------
// Names

/**
 * How a type prints:
 * - `message`: as in C# compiler messages (keywords, `T?`, namespace-qualified names);
 * - `short`: the same without namespaces, for documentation and hovers.
 */
export type TypeNameStyle = 'message' | 'short';

export function typeToString(type: CsType, style: TypeNameStyle = 'message'): string {
  switch (type.kind) {
    case 'null':
      return '<null>';
    case 'lambda':
      return 'lambda expression';
    case 'methodGroup':
      return 'method group';
    case 'error':
      return '?';
    case 'typeParameter':
      return type.name;
    case 'array':
      return `${typeToString(type.elementType, style)}[]`;
    case 'named': {
      const { definition: d, typeArguments } = type;
      if (d.keyword !== undefined) return d.keyword;
      if (isNullableValueType(type)) return `${typeToString(typeArguments[0], style)}?`;
      const container = d.containingType === undefined ? '' : `${d.containingType}.`;
      const prefix = style === 'message' ? `${d.namespace}.${container}` : container;
      const args =
        typeArguments.length === 0 ? '' : `<${typeArguments.map((t) => typeToString(t, style)).join(', ')}>`;
      return `${prefix}${d.name}${args}`;
    }
  }
}

/**
 * A generic type named without its arguments, as C# prints it when the type cannot be found or its
 * assembly is not referenced: `List<>`, `ImmutableDictionary<,>`, `Regex`.
 */
export function genericNameToString(name: string, arity: number): string {
  return arity === 0 ? name : `${name}<${','.repeat(arity - 1)}>`;
}
