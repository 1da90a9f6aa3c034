/**
 * The C# type definitions a fragment can meet, as data: every class, struct, interface, enum and delegate
 * of the fragment's compile environment that the checker models. `types.ts` builds the interned type
 * objects from this table; `surface/` lists their members.
 *
 * Where the definitions come from, and why a few are here at all:
 * - The ancestor compiles a fragment against System.Private.CoreLib (`typeof(object).Assembly`), the
 *   runtime's System.Linq.dll, the facades mscorlib.dll, System.dll, System.Core.dll, System.Runtime.dll,
 *   and the engine assembly (see `environment.ts`). Every System type below is defined in CoreLib except
 *   Enumerable and IOrderedEnumerable (System.Linq).
 * - `ValueType`, `Enum`, `Array`, `Delegate` and `MulticastDelegate` carry no members a fragment uses;
 *   they are the base classes that boxing and reference conversions walk through.
 * - Interfaces list only what conversions and LINQ need (IEnumerable<T> and the read-only collection
 *   interfaces). Value types implement no modelled interface (IComparable<T> and the generic-math
 *   interfaces are left out), so a conversion such as `int` to `IComparable` is not modelled.
 *
 * Type expressions (`baseType`, `interfaces`, `delegate`) use C# syntax over the definition's own type
 * parameters and are parsed by `declarations.ts`.
 */

export type TypeKind = 'class' | 'struct' | 'interface' | 'enum' | 'delegate';
export type Variance = 'in' | 'out' | '';

export interface TypeDefinitionData {
  /** Metadata name without the arity suffix: `IReadOnlyList`, `Int32`. */
  readonly name: string;
  readonly namespace: string;
  /** Simple name of the containing type of a nested type (`Delegates` for `Delegates.VertexFilter`). */
  readonly containingType?: string;
  /** The C# keyword of a predefined type; error messages print it instead of the full name. */
  readonly keyword?: string;
  readonly kind: TypeKind;
  readonly typeParameters?: readonly string[];
  readonly variance?: readonly Variance[];
  readonly sealed?: boolean;
  readonly abstract?: boolean;
  /** A static class: no instances, no conversions, only static members. */
  readonly static?: boolean;
  /** A ref struct (ReadOnlySpan<T>): never boxed, never a type argument, never captured by a lambda. */
  readonly refLike?: boolean;
  readonly baseType?: string;
  readonly interfaces?: readonly string[];
  /** Underlying type keyword of an enum. */
  readonly enumUnderlying?: string;
  /** Enum members with their values, in declaration order. */
  readonly enumMembers?: readonly (readonly [name: string, value: number])[];
  /** Signature of a delegate type: `bool (VertexModel vertex)`. */
  readonly delegate?: string;
  /** Simple name of the defining assembly (documentation; the CS0012 table names the missing ones). */
  readonly assembly: string;
}

const CORE = 'System.Private.CoreLib';
const LINQ = 'System.Linq';
const ENGINE = 'fallen-8-core';

const MODEL_NS = 'NoSQL.GraphDB.Core.Model';
const ALGORITHMS_NS = 'NoSQL.GraphDB.Core.Algorithms';
const VECTOR_NS = 'NoSQL.GraphDB.Core.Index.Vector';

function struct(name: string, keyword?: string): TypeDefinitionData {
  return {
    name,
    namespace: 'System',
    keyword,
    kind: 'struct',
    sealed: true,
    baseType: 'ValueType',
    assembly: CORE,
  };
}

function systemEnum(name: string, members: readonly (readonly [string, number])[]): TypeDefinitionData {
  return {
    name,
    namespace: 'System',
    kind: 'enum',
    sealed: true,
    baseType: 'Enum',
    enumUnderlying: 'int',
    enumMembers: members,
    assembly: CORE,
  };
}

function filterDelegate(name: string, signature: string): TypeDefinitionData {
  return {
    name,
    namespace: ALGORITHMS_NS,
    containingType: 'Delegates',
    kind: 'delegate',
    sealed: true,
    baseType: 'MulticastDelegate',
    delegate: signature,
    assembly: ENGINE,
  };
}

export const TYPE_DEFINITIONS: readonly TypeDefinitionData[] = [
  // The roots.
  { name: 'Object', namespace: 'System', keyword: 'object', kind: 'class', assembly: CORE },
  {
    name: 'ValueType',
    namespace: 'System',
    kind: 'class',
    abstract: true,
    baseType: 'object',
    assembly: CORE,
  },
  { name: 'Enum', namespace: 'System', kind: 'class', abstract: true, baseType: 'ValueType', assembly: CORE },
  { name: 'Array', namespace: 'System', kind: 'class', abstract: true, baseType: 'object', assembly: CORE },
  {
    name: 'Delegate',
    namespace: 'System',
    kind: 'class',
    abstract: true,
    baseType: 'object',
    assembly: CORE,
  },
  {
    name: 'MulticastDelegate',
    namespace: 'System',
    kind: 'class',
    abstract: true,
    baseType: 'Delegate',
    assembly: CORE,
  },
  {
    name: 'String',
    namespace: 'System',
    keyword: 'string',
    kind: 'class',
    sealed: true,
    baseType: 'object',
    // string is an IEnumerable<char>, which is what puts LINQ (`s.Any(char.IsDigit)`) on strings.
    interfaces: ['IEnumerable<char>'],
    assembly: CORE,
  },
  { name: 'Void', namespace: 'System', keyword: 'void', kind: 'struct', sealed: true, assembly: CORE },

  // The predefined value types.
  struct('Boolean', 'bool'),
  struct('Char', 'char'),
  struct('SByte', 'sbyte'),
  struct('Byte', 'byte'),
  struct('Int16', 'short'),
  struct('UInt16', 'ushort'),
  struct('Int32', 'int'),
  struct('UInt32', 'uint'),
  struct('Int64', 'long'),
  struct('UInt64', 'ulong'),
  struct('Single', 'float'),
  struct('Double', 'double'),
  struct('Decimal', 'decimal'),
  {
    name: 'Nullable',
    namespace: 'System',
    kind: 'struct',
    sealed: true,
    typeParameters: ['T'],
    baseType: 'ValueType',
    assembly: CORE,
  },

  // Dates, durations, identifiers.
  struct('DateTime'),
  struct('DateTimeOffset'),
  struct('TimeSpan'),
  struct('Guid'),
  systemEnum('StringComparison', [
    ['CurrentCulture', 0],
    ['CurrentCultureIgnoreCase', 1],
    ['InvariantCulture', 2],
    ['InvariantCultureIgnoreCase', 3],
    ['Ordinal', 4],
    ['OrdinalIgnoreCase', 5],
  ]),
  systemEnum('StringSplitOptions', [
    ['None', 0],
    ['RemoveEmptyEntries', 1],
    ['TrimEntries', 2],
  ]),
  systemEnum('MidpointRounding', [
    ['ToEven', 0],
    ['AwayFromZero', 1],
    ['ToZero', 2],
    ['ToNegativeInfinity', 3],
    ['ToPositiveInfinity', 4],
  ]),
  systemEnum('DayOfWeek', [
    ['Sunday', 0],
    ['Monday', 1],
    ['Tuesday', 2],
    ['Wednesday', 3],
    ['Thursday', 4],
    ['Friday', 5],
    ['Saturday', 6],
  ]),
  systemEnum('DateTimeKind', [
    ['Unspecified', 0],
    ['Utc', 1],
    ['Local', 2],
  ]),

  // Static helper classes.
  {
    name: 'Math',
    namespace: 'System',
    kind: 'class',
    static: true,
    sealed: true,
    abstract: true,
    assembly: CORE,
  },
  {
    name: 'Convert',
    namespace: 'System',
    kind: 'class',
    static: true,
    sealed: true,
    abstract: true,
    assembly: CORE,
  },

  // Delegates of the runtime: the lambdas LINQ takes.
  {
    name: 'Func',
    namespace: 'System',
    kind: 'delegate',
    sealed: true,
    typeParameters: ['TResult'],
    variance: ['out'],
    baseType: 'MulticastDelegate',
    delegate: 'TResult ()',
    assembly: CORE,
  },
  {
    name: 'Func',
    namespace: 'System',
    kind: 'delegate',
    sealed: true,
    typeParameters: ['T', 'TResult'],
    variance: ['in', 'out'],
    baseType: 'MulticastDelegate',
    delegate: 'TResult (T arg)',
    assembly: CORE,
  },
  {
    name: 'Func',
    namespace: 'System',
    kind: 'delegate',
    sealed: true,
    typeParameters: ['T1', 'T2', 'TResult'],
    variance: ['in', 'in', 'out'],
    baseType: 'MulticastDelegate',
    delegate: 'TResult (T1 arg1, T2 arg2)',
    assembly: CORE,
  },
  {
    name: 'Func',
    namespace: 'System',
    kind: 'delegate',
    sealed: true,
    typeParameters: ['T1', 'T2', 'T3', 'TResult'],
    variance: ['in', 'in', 'in', 'out'],
    baseType: 'MulticastDelegate',
    delegate: 'TResult (T1 arg1, T2 arg2, T3 arg3)',
    assembly: CORE,
  },

  // Spans: what TryGetEmbedding, TryGet*EdgesSpan and TraversalContext.QueryVector hand out.
  {
    name: 'ReadOnlySpan',
    namespace: 'System',
    kind: 'struct',
    sealed: true,
    refLike: true,
    typeParameters: ['T'],
    baseType: 'ValueType',
    assembly: CORE,
  },

  // Collections.
  {
    name: 'IEnumerable',
    namespace: 'System.Collections.Generic',
    kind: 'interface',
    typeParameters: ['T'],
    variance: ['out'],
    assembly: CORE,
  },
  {
    name: 'IReadOnlyCollection',
    namespace: 'System.Collections.Generic',
    kind: 'interface',
    typeParameters: ['T'],
    variance: ['out'],
    interfaces: ['IEnumerable<T>'],
    assembly: CORE,
  },
  {
    name: 'IReadOnlyList',
    namespace: 'System.Collections.Generic',
    kind: 'interface',
    typeParameters: ['T'],
    variance: ['out'],
    interfaces: ['IReadOnlyCollection<T>', 'IEnumerable<T>'],
    assembly: CORE,
  },
  {
    name: 'IReadOnlyDictionary',
    namespace: 'System.Collections.Generic',
    kind: 'interface',
    typeParameters: ['TKey', 'TValue'],
    interfaces: [
      'IReadOnlyCollection<KeyValuePair<TKey, TValue>>',
      'IEnumerable<KeyValuePair<TKey, TValue>>',
    ],
    assembly: CORE,
  },
  {
    name: 'KeyValuePair',
    namespace: 'System.Collections.Generic',
    kind: 'struct',
    sealed: true,
    typeParameters: ['TKey', 'TValue'],
    baseType: 'ValueType',
    assembly: CORE,
  },
  {
    // CoreLib's List<T>: the one ToList() returns and `new System.Collections.Generic.List<int>()` names.
    // The engine's List<T>-returning members reference System.Collections instead and are CS0012.
    name: 'List',
    namespace: 'System.Collections.Generic',
    kind: 'class',
    typeParameters: ['T'],
    baseType: 'object',
    interfaces: ['IReadOnlyList<T>', 'IReadOnlyCollection<T>', 'IEnumerable<T>'],
    assembly: CORE,
  },

  // LINQ.
  {
    name: 'Enumerable',
    namespace: 'System.Linq',
    kind: 'class',
    static: true,
    sealed: true,
    abstract: true,
    assembly: LINQ,
  },
  {
    name: 'IOrderedEnumerable',
    namespace: 'System.Linq',
    kind: 'interface',
    typeParameters: ['TElement'],
    variance: ['out'],
    interfaces: ['IEnumerable<TElement>'],
    assembly: LINQ,
  },

  // The engine: element models, traversal context, vector metric and scoring, delegate types.
  {
    name: 'AGraphElementModel',
    namespace: MODEL_NS,
    kind: 'class',
    abstract: true,
    baseType: 'object',
    assembly: ENGINE,
  },
  {
    name: 'VertexModel',
    namespace: MODEL_NS,
    kind: 'class',
    sealed: true,
    baseType: 'AGraphElementModel',
    assembly: ENGINE,
  },
  {
    name: 'EdgeModel',
    namespace: MODEL_NS,
    kind: 'class',
    sealed: true,
    baseType: 'AGraphElementModel',
    assembly: ENGINE,
  },
  {
    name: 'TraversalContext',
    namespace: ALGORITHMS_NS,
    kind: 'class',
    sealed: true,
    baseType: 'object',
    assembly: ENGINE,
  },
  {
    name: 'Delegates',
    namespace: ALGORITHMS_NS,
    kind: 'class',
    static: true,
    sealed: true,
    abstract: true,
    assembly: ENGINE,
  },
  filterDelegate('VertexFilter', 'bool (VertexModel vertex)'),
  filterDelegate('EdgeFilter', 'bool (EdgeModel edge)'),
  filterDelegate('EdgePropertyFilter', 'bool (string edgePropertyId)'),
  filterDelegate('VertexCost', 'double (VertexModel vertex)'),
  filterDelegate('EdgeCost', 'double (EdgeModel edge)'),
  filterDelegate('GraphElementFilter', 'bool (AGraphElementModel graphElement)'),
  {
    name: 'VectorDistanceMetric',
    namespace: VECTOR_NS,
    kind: 'enum',
    sealed: true,
    baseType: 'Enum',
    // `enum VectorDistanceMetric : byte` in the ancestor: the underlying type decides enum arithmetic.
    enumUnderlying: 'byte',
    enumMembers: [
      ['Cosine', 0],
      ['DotProduct', 1],
      ['L2', 2],
    ],
    assembly: ENGINE,
  },
  {
    name: 'VectorMath',
    namespace: VECTOR_NS,
    kind: 'class',
    static: true,
    sealed: true,
    abstract: true,
    assembly: ENGINE,
  },
];
