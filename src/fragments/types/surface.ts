/**
 * The member surface of every type a fragment can use, as data: the tables in `surface/` list members as
 * C# declarations with the runtime helper that implements each; this module parses them once and answers
 * the binder's questions.
 *
 *   lookupMembers(VERTEX_MODEL, 'TryGetOutEdge')  members named so, inherited ones included, with the
 *                                                  receiver's type arguments substituted
 *   extensionMethods('Where')                      LINQ's candidates for `xs.Where(...)`
 *   constructorsOf(DATETIME), indexersOf(type)     `new DateTime(...)`, `x[i]`
 *   userDefinedOperatorsOf(TIMESPAN, '-')          operators.ts's user-defined candidates
 *   memberToString(member)                         the member as C# messages print it (CS0411, CS1501)
 *
 * Runtime helper keys name what the emitted code calls; `runtimeKeys()` lists them all, and the header of
 * each table module lists its families. Constants (const fields, enum members) have no key: the emitter
 * inlines their value. Members that exist in C# but that a fragment cannot use carry the diagnostic their
 * use reports (`useSiteDiagnostic`): CS0012 for the engine members whose signatures name assemblies the
 * compile does not reference, SVCUNSUPPORTED for runtime members Skein refuses (object.GetType()).
 */
import type { ConstantValue } from './constant-values.js';
import type { TypeDiagnostic } from './conversions.js';
import {
  declaredType,
  parseMember,
  scopeOf,
  type ParsedMember,
  type ParsedParameter,
  type TypeConstraint,
} from './declarations.js';
import { baseClassesOf, interfacesOf } from './hierarchy.js';
import { COLLECTIONS_SURFACE } from './surface/collections.js';
import { GRAPH_SURFACE } from './surface/graph.js';
import { LINQ_SURFACE } from './surface/linq.js';
import { SYSTEM_SURFACE } from './surface/system.js';
import { TIME_SURFACE } from './surface/time.js';
import {
  ERROR_TYPE,
  OBJECT,
  allDefinitions,
  constructType,
  findDefinition,
  isInterface,
  isNullableValueType,
  stripNullable,
  substitute,
  typeToString,
  type CsType,
  type NamedType,
  type TypeDefinition,
  type TypeParameterType,
} from './types.js';

// ---------------------------------------------------------------------------------------------------
// Table format

/** A member row: the runtime helper key (null for a constant) and the C# declaration. */
export type MemberRow = readonly [runtimeKey: string | null, declaration: string];

/**
 * A member C# has but a fragment cannot use: its name, its declaration as the ancestor has it (for the
 * documentation) and the diagnostic every use reports.
 */
export interface UnusableMemberRow {
  readonly unusable: string;
  readonly kind: 'method' | 'property';
  readonly isStatic?: boolean;
  readonly declaration: string;
  readonly diagnostic: TypeDiagnostic;
}

export interface SurfaceTable {
  /** The declaring type's simple name (`IReadOnlyList`), or `T[]` for the members of every array. */
  readonly type: string;
  readonly arity?: number;
  readonly members: readonly (MemberRow | UnusableMemberRow)[];
  /** Setter helpers of settable indexers, by the getter's key. */
  readonly setters?: Readonly<Record<string, string>>;
}

// ---------------------------------------------------------------------------------------------------
// Members

export type MemberKind =
  'field' | 'property' | 'indexer' | 'method' | 'constructor' | 'operator' | 'conversion';

/** The pseudo declaring type of array members (Length, the element indexer). */
export const ARRAY_MEMBERS_OWNER = 'T[]';

export interface SurfaceMember {
  readonly kind: MemberKind;
  /** `TryGetProperty`; `this[]` for an indexer, `.ctor` for a constructor, the symbol for an operator. */
  readonly name: string;
  /** The declaring definition, or ARRAY_MEMBERS_OWNER. */
  readonly declaringType: TypeDefinition | typeof ARRAY_MEMBERS_OWNER;
  readonly declaration: string;
  readonly isStatic: boolean;
  readonly isExtension: boolean;
  /** Field, property or indexer type; method, operator or conversion return type; void for constructors. */
  readonly type: CsType;
  readonly parameters: readonly ParsedParameter[];
  readonly typeParameters: readonly TypeParameterType[];
  readonly constraints: ReadonlyMap<string, readonly TypeConstraint[]>;
  /** Fields that are readonly or const, properties and indexers without a setter. */
  readonly readOnly: boolean;
  /** The value of a const field or enum member. */
  readonly constant?: ConstantValue;
  /** The runtime helper implementing the member; undefined for constants and unusable members. */
  readonly runtimeKey?: string;
  /** The helper assigning through a settable indexer. */
  readonly setterRuntimeKey?: string;
  /** Reported on every use; the member exists (so lookup succeeds, no CS1061) but cannot be used. */
  readonly useSiteDiagnostic?: TypeDiagnostic;
  /** Of a conversion operator: implicit or explicit. */
  readonly implicit?: boolean;
}

/** A member seen through a receiver type: its signature with the receiver's type arguments substituted. */
export interface BoundMember {
  readonly member: SurfaceMember;
  /** The constructed declaring type the member was found on (`IReadOnlyCollection<EdgeModel>` for Count). */
  readonly declaringType: CsType;
  /** 0 on the receiver's own type, growing up the base classes and interfaces (for hiding rules). */
  readonly depth: number;
  readonly type: CsType;
  readonly parameters: readonly ParsedParameter[];
}

const TABLES: readonly SurfaceTable[] = [
  ...GRAPH_SURFACE,
  ...SYSTEM_SURFACE,
  ...TIME_SURFACE,
  ...COLLECTIONS_SURFACE,
  ...LINQ_SURFACE,
];

const membersByOwner = new Map<TypeDefinition | typeof ARRAY_MEMBERS_OWNER, SurfaceMember[]>();
const allSurfaceMembers: SurfaceMember[] = [];

function add(owner: TypeDefinition | typeof ARRAY_MEMBERS_OWNER, member: SurfaceMember): void {
  const list = membersByOwner.get(owner) ?? [];
  list.push(Object.freeze(member));
  membersByOwner.set(owner, list);
  allSurfaceMembers.push(member);
}

function ownerOf(table: SurfaceTable): TypeDefinition | typeof ARRAY_MEMBERS_OWNER {
  if (table.type === ARRAY_MEMBERS_OWNER) return ARRAY_MEMBERS_OWNER;
  const definition = findDefinition(table.type, table.arity ?? 0);
  if (definition === undefined) throw new Error(`surface table for unknown type ${table.type}`);
  return definition;
}

function memberFrom(
  owner: TypeDefinition | typeof ARRAY_MEMBERS_OWNER,
  declaration: string,
  parsed: ParsedMember,
  runtimeKey: string | null,
  setterKey: string | undefined,
): SurfaceMember {
  const common = {
    declaringType: owner,
    declaration,
    ...(runtimeKey === null ? {} : { runtimeKey }),
    ...(setterKey === undefined ? {} : { setterRuntimeKey: setterKey }),
  };
  const noGenerics = { typeParameters: [], constraints: new Map<string, readonly TypeConstraint[]>() };
  switch (parsed.kind) {
    case 'field':
      return {
        ...common,
        ...noGenerics,
        kind: 'field',
        name: parsed.name,
        isStatic: parsed.isStatic || parsed.isConst,
        isExtension: false,
        type: parsed.type,
        parameters: [],
        readOnly: parsed.isReadOnly,
        ...(parsed.constant === undefined ? {} : { constant: parsed.constant }),
      };
    case 'property':
      return {
        ...common,
        ...noGenerics,
        kind: 'property',
        name: parsed.name,
        isStatic: parsed.isStatic,
        isExtension: false,
        type: parsed.type,
        parameters: [],
        readOnly: !parsed.hasSetter,
      };
    case 'indexer':
      return {
        ...common,
        ...noGenerics,
        kind: 'indexer',
        name: 'this[]',
        isStatic: false,
        isExtension: false,
        type: parsed.type,
        parameters: parsed.parameters,
        readOnly: !parsed.hasSetter,
      };
    case 'method':
      return {
        ...common,
        kind: 'method',
        name: parsed.name,
        isStatic: parsed.isStatic,
        isExtension: parsed.isExtension,
        type: parsed.returnType,
        parameters: parsed.parameters,
        typeParameters: parsed.typeParameters,
        constraints: parsed.constraints,
        readOnly: true,
      };
    case 'constructor':
      return {
        ...common,
        ...noGenerics,
        kind: 'constructor',
        name: '.ctor',
        isStatic: false,
        isExtension: false,
        type: findVoid(),
        parameters: parsed.parameters,
        readOnly: true,
      };
    case 'operator':
      return {
        ...common,
        ...noGenerics,
        kind: 'operator',
        name: parsed.operator,
        isStatic: true,
        isExtension: false,
        type: parsed.returnType,
        parameters: parsed.parameters,
        readOnly: true,
      };
    case 'conversion':
      return {
        ...common,
        ...noGenerics,
        kind: 'conversion',
        name: parsed.implicit ? 'op_Implicit' : 'op_Explicit',
        isStatic: true,
        isExtension: false,
        type: parsed.returnType,
        parameters: parsed.parameters,
        readOnly: true,
        implicit: parsed.implicit,
      };
  }
}

function findVoid(): CsType {
  const definition = findDefinition('Void', 0);
  if (definition === undefined) throw new Error('type table: no System.Void');
  return constructType(definition);
}

for (const table of TABLES) {
  const owner = ownerOf(table);
  const scope = owner === ARRAY_MEMBERS_OWNER ? { typeParameters: ['T'] } : scopeOf(owner);
  for (const row of table.members) {
    if ('unusable' in row) {
      add(owner, {
        kind: row.kind,
        name: row.unusable,
        declaringType: owner,
        declaration: row.declaration,
        isStatic: row.isStatic ?? false,
        isExtension: false,
        type: ERROR_TYPE,
        parameters: [],
        typeParameters: [],
        constraints: new Map(),
        readOnly: true,
        useSiteDiagnostic: row.diagnostic,
      });
      continue;
    }
    const [key, declaration] = row;
    const parsed = parseMember(declaration, scope);
    const setter = key === null ? undefined : table.setters?.[key];
    add(owner, memberFrom(owner, declaration, parsed, key, setter));
  }
}

// Enum members are constants of their enum type; they come from the type table.
for (const definition of allDefinitions()) {
  for (const [name, value] of definition.enumMembers ?? []) {
    const type = constructType(definition);
    add(definition, {
      kind: 'field',
      name,
      declaringType: definition,
      declaration: `const ${definition.name} ${name} = ${value}`,
      isStatic: true,
      isExtension: false,
      type,
      parameters: [],
      typeParameters: [],
      constraints: new Map(),
      readOnly: true,
      constant: value,
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Lookup

/** Members declared by a definition itself (unsubstituted), in table order. */
export function declaredMembers(
  owner: TypeDefinition | typeof ARRAY_MEMBERS_OWNER,
): readonly SurfaceMember[] {
  return membersByOwner.get(owner) ?? [];
}

/** Every member of every table, enum members included. */
export function allMembers(): readonly SurfaceMember[] {
  return allSurfaceMembers;
}

/** Every runtime helper key: the runtime maps each to a function. */
export function runtimeKeys(): string[] {
  const keys: string[] = [];
  for (const member of allSurfaceMembers) {
    if (member.runtimeKey !== undefined) keys.push(member.runtimeKey);
    if (member.setterRuntimeKey !== undefined) keys.push(member.setterRuntimeKey);
  }
  return keys;
}

interface Source {
  readonly owner: TypeDefinition | typeof ARRAY_MEMBERS_OWNER;
  readonly type: CsType;
  readonly typeArguments: readonly CsType[];
  readonly depth: number;
}

/**
 * The types whose members a receiver of `type` sees, nearest first: the type itself, then its base
 * classes (object last); for an interface, the interfaces it extends and then object (C# member lookup
 * on an interface includes object's members). Interfaces a class or struct implements are not searched:
 * their members are the class's own (List<T>.Count) or hidden behind explicit implementation (an array's
 * IReadOnlyCollection<T>.Count, which is why `array.Count` means LINQ's Count()).
 */
function sourcesOf(type: CsType): Source[] {
  if (type.kind === 'array') {
    return [
      { owner: ARRAY_MEMBERS_OWNER, type, typeArguments: [type.elementType], depth: 0 },
      ...classSources(type, 1),
    ];
  }
  if (type.kind === 'typeParameter') return classSources(type, 0);
  if (type.kind !== 'named') return [];
  const own: Source = { owner: type.definition, type, typeArguments: type.typeArguments, depth: 0 };
  if (isInterface(type)) {
    const inherited = interfacesOf(type).map((i, index): Source | undefined =>
      i.kind === 'named'
        ? { owner: i.definition, type: i, typeArguments: i.typeArguments, depth: index + 1 }
        : undefined,
    );
    const objectSource: Source = {
      owner: OBJECT.definition,
      type: OBJECT,
      typeArguments: [],
      depth: inherited.length + 1,
    };
    return [own, ...inherited.filter((s): s is Source => s !== undefined), objectSource];
  }
  return [own, ...classSources(type, 1)];
}

function classSources(type: CsType, firstDepth: number): Source[] {
  return baseClassesOf(type)
    .filter((t): t is NamedType => t.kind === 'named')
    .map((t, index) => ({
      owner: t.definition,
      type: t,
      typeArguments: t.typeArguments,
      depth: firstDepth + index,
    }));
}

function bind(member: SurfaceMember, source: Source): BoundMember {
  return {
    member,
    declaringType: source.type,
    depth: source.depth,
    type: substitute(member.type, source.typeArguments),
    parameters: member.parameters.map((p) => ({ ...p, type: substitute(p.type, source.typeArguments) })),
  };
}

/**
 * Members named `name` that a receiver of `type` sees, static and instance alike (the binder decides
 * which the access allows), nearest declaring type first. Constructors, indexers, operators and
 * conversions are not found by name; see their own functions.
 */
export function lookupMembers(type: CsType, name: string): BoundMember[] {
  const found: BoundMember[] = [];
  for (const source of sourcesOf(type)) {
    for (const member of declaredMembers(source.owner)) {
      if (member.name === name && isNamedMember(member)) found.push(bind(member, source));
    }
  }
  return found;
}

function isNamedMember(member: SurfaceMember): boolean {
  return member.kind === 'field' || member.kind === 'property' || member.kind === 'method';
}

/** Every member name a receiver of `type` can reach (for "did you mean" lists and completion). */
export function memberNamesOf(type: CsType): string[] {
  const names = new Set<string>();
  for (const source of sourcesOf(type)) {
    for (const member of declaredMembers(source.owner)) if (isNamedMember(member)) names.add(member.name);
  }
  return [...names];
}

/** Extension methods named `name` (LINQ's), unsubstituted: their receiver is their first parameter. */
export function extensionMethods(name: string): SurfaceMember[] {
  return allSurfaceMembers.filter((m) => m.isExtension && m.name === name);
}

/** Indexers a receiver of `type` sees (arrays, string, lists, dictionaries, spans). */
export function indexersOf(type: CsType): BoundMember[] {
  const found: BoundMember[] = [];
  for (const source of sourcesOf(type)) {
    for (const member of declaredMembers(source.owner))
      if (member.kind === 'indexer') found.push(bind(member, source));
  }
  return found;
}

/** Constructors of a type (`new DateTime(2024, 1, 1)`, `new List<int>()`), substituted. */
export function constructorsOf(type: CsType): BoundMember[] {
  if (type.kind !== 'named') return [];
  const source: Source = { owner: type.definition, type, typeArguments: type.typeArguments, depth: 0 };
  return declaredMembers(type.definition)
    .filter((m) => m.kind === 'constructor')
    .map((m) => bind(m, source));
}

/** User-defined operators a type declares for a symbol (`-` on DateTime), substituted. */
export function userDefinedOperatorsOf(type: CsType, symbol: string): BoundMember[] {
  const underlying = stripNullable(type);
  if (underlying.kind !== 'named') return [];
  const source: Source = {
    owner: underlying.definition,
    type: underlying,
    typeArguments: underlying.typeArguments,
    depth: 0,
  };
  return declaredMembers(underlying.definition)
    .filter((m) => m.kind === 'operator' && m.name === symbol)
    .map((m) => bind(m, source));
}

export interface UserDefinedConversion {
  readonly implicit: boolean;
  readonly parameterType: CsType;
  readonly returnType: CsType;
  readonly runtimeKey?: string;
}

/** Conversion operators declared by a type (not by nullable wrappers of it), substituted. */
export function userDefinedConversionsOf(type: CsType): UserDefinedConversion[] {
  if (type.kind !== 'named' || isNullableValueType(type)) return [];
  const source: Source = { owner: type.definition, type, typeArguments: type.typeArguments, depth: 0 };
  return declaredMembers(type.definition)
    .filter((m) => m.kind === 'conversion')
    .map((m) => {
      const bound = bind(m, source);
      return {
        implicit: m.implicit === true,
        parameterType: bound.parameters[0].type,
        returnType: bound.type,
        ...(m.runtimeKey === undefined ? {} : { runtimeKey: m.runtimeKey }),
      };
    });
}

/** A generic method's signature with its type arguments supplied (after inference or `M<int>(...)`). */
export function instantiate(
  bound: BoundMember,
  methodTypeArguments: readonly CsType[],
): { readonly type: CsType; readonly parameters: readonly ParsedParameter[] } {
  const receiverArguments = bound.declaringType.kind === 'named' ? bound.declaringType.typeArguments : [];
  return {
    type: substitute(bound.type, receiverArguments, methodTypeArguments),
    parameters: bound.parameters.map((p) => ({
      ...p,
      type: substitute(p.type, receiverArguments, methodTypeArguments),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Display

/**
 * A member as C# messages print it (SymbolDisplayFormat.CSharpErrorMessageFormat): containing type with
 * namespace, name, type parameters, and parameter types with `out`/`params` but without names, e.g.
 * `NoSQL.GraphDB.Core.Model.AGraphElementModel.TryGetProperty<T>(out T, string)` and
 * `System.Linq.Enumerable.Select<TSource, TResult>(System.Collections.Generic.IEnumerable<TSource>,
 * System.Func<TSource, TResult>)`.
 */
export function memberToString(member: SurfaceMember): string {
  const owner =
    member.declaringType === ARRAY_MEMBERS_OWNER
      ? 'System.Array'
      : typeToString(declaredType(member.declaringType));
  const generics =
    member.typeParameters.length === 0 ? '' : `<${member.typeParameters.map((t) => t.name).join(', ')}>`;
  const parameters = member.parameters.map(
    (p) => `${p.modifier === 'none' ? '' : `${p.modifier} `}${typeToString(p.type)}`,
  );
  switch (member.kind) {
    case 'field':
    case 'property':
      return `${owner}.${member.name}`;
    case 'indexer':
      return `${owner}.this[${parameters.join(', ')}]`;
    case 'constructor':
      return `${owner}.${shortName(member)}(${parameters.join(', ')})`;
    case 'operator':
      return `${owner}.operator ${member.name}(${parameters.join(', ')})`;
    case 'conversion':
      return `${owner}.${member.implicit === true ? 'implicit' : 'explicit'} operator ${typeToString(member.type)}(${parameters.join(', ')})`;
    case 'method':
      return `${owner}.${member.name}${generics}(${parameters.join(', ')})`;
  }
}

function shortName(member: SurfaceMember): string {
  return member.declaringType === ARRAY_MEMBERS_OWNER ? 'Array' : member.declaringType.name;
}
