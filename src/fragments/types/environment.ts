/**
 * The compile environment a fragment is checked in: what the ancestor wraps it in, what it references,
 * and which type names are therefore in scope.
 *
 * The ancestor (docs/fragments.md, "What a fragment is"; its CodeGenerationHelper and
 * DelegateValidationHelper) places the
 * fragment as the body of `Delegates.X Create(TraversalContext context)` in a class declared in
 *   - path fragments:     namespace NoSQL.GraphDB.Core.Algorithms.Path
 *   - subgraph fragments: namespace NoSQL.GraphDB.Core.Algorithms.SubGraph.Generated
 * under `using System; using System.Linq; using NoSQL.GraphDB.Core.Model;
 * using NoSQL.GraphDB.Core.Index.Vector;` (subgraph: also `using NoSQL.GraphDB.Core.Algorithms;`).
 * Because the wrapper namespace is nested under NoSQL.GraphDB.Core.Algorithms, TraversalContext and the
 * `Delegates` class resolve through namespace ancestry in both environments.
 *
 * The compilation references, and only these:
 *   - System.Private.CoreLib (`typeof(object).Assembly`): object, string, the numeric types, DateTime,
 *     TimeSpan, Guid, Math, Convert, List<T>, Dictionary<K,V>, the collection interfaces, Func,
 *     ReadOnlySpan<T>, and also File, Environment, AppDomain, Activator, Type and System.Reflection;
 *   - System.Linq.dll (`typeof(Enumerable).Assembly`);
 *   - the facades mscorlib.dll, System.dll, System.Core.dll, System.Runtime.dll of the runtime directory,
 *     which define no types but forward them: to CoreLib (resolvable) or to assemblies that are not
 *     referenced (Regex, Process, Console: the source of CS1069);
 *   - the engine assembly.
 * The engine is compiled against the reference pack, so its metadata names each framework type by its
 * reference assembly: IReadOnlyList<T> and friends by System.Runtime (referenced, forwards to CoreLib),
 * but List<T> by System.Collections and ImmutableDictionary<,> by System.Collections.Immutable, neither
 * referenced. Hence CS0012 on exactly the engine members whose signatures name those two
 * (GetAllProperties, GetAllNeighbors, GetOutgoingEdgeIds, GetIncomingEdgeIds), while LINQ's ToList()
 * works: the runtime's System.Linq.dll is compiled against CoreLib, so its List<T> is CoreLib's.
 *
 * Versions: the ancestor targets net10.0, so framework assemblies carry Version=10.0.0.0 and the
 * framework public key token b03f5f7f11d50a3a in the assembly names CS0012 and CS1069 print.
 */
import { findDefinition, type TypeDefinition } from './types.js';

/** Assembly version of the ancestor's target framework (net10.0), as CS0012 and CS1069 print it. */
export const ANCESTOR_FRAMEWORK_ASSEMBLY_VERSION = '10.0.0.0';

const FRAMEWORK_PUBLIC_KEY_TOKEN = 'b03f5f7f11d50a3a';

/** The display name of a framework assembly: `System.Collections, Version=10.0.0.0, Culture=neutral, ...`. */
export function frameworkAssemblyName(name: string): string {
  return `${name}, Version=${ANCESTOR_FRAMEWORK_ASSEMBLY_VERSION}, Culture=neutral, PublicKeyToken=${FRAMEWORK_PUBLIC_KEY_TOKEN}`;
}

export type FragmentEnvironmentName = 'path' | 'subgraph';

export interface FragmentEnvironment {
  /** The namespace the wrapper class is declared in; its ancestors are in scope too. */
  readonly namespace: string;
  /** The using directives, in the order the ancestor emits them. */
  readonly usings: readonly string[];
}

export const FRAGMENT_ENVIRONMENTS: Readonly<Record<FragmentEnvironmentName, FragmentEnvironment>> = {
  path: {
    namespace: 'NoSQL.GraphDB.Core.Algorithms.Path',
    usings: ['System', 'System.Linq', 'NoSQL.GraphDB.Core.Model', 'NoSQL.GraphDB.Core.Index.Vector'],
  },
  subgraph: {
    namespace: 'NoSQL.GraphDB.Core.Algorithms.SubGraph.Generated',
    usings: [
      'System',
      'System.Linq',
      'NoSQL.GraphDB.Core.Model',
      'NoSQL.GraphDB.Core.Algorithms',
      'NoSQL.GraphDB.Core.Index.Vector',
    ],
  },
};

/** The name of the factory method's parameter, which fragments read as `context`. */
export const CONTEXT_PARAMETER_NAME = 'context';

/**
 * Namespaces that exist in the referenced assemblies (some type of CoreLib, System.Linq or the engine is
 * declared in them), beyond the ones the modelled types live in. A qualified name whose namespace part is
 * not among them fails with CS0234 on the first missing segment; inside an existing namespace a missing
 * type is CS0234 too, unless a referenced facade forwards it (CS1069, see unavailable.ts).
 */
export const REFERENCED_NAMESPACES: readonly string[] = [
  'System',
  'System.Buffers',
  'System.Collections',
  'System.Collections.Concurrent',
  'System.Collections.Generic',
  'System.Collections.ObjectModel',
  'System.Diagnostics',
  'System.Diagnostics.CodeAnalysis',
  'System.Globalization',
  'System.IO',
  'System.Linq',
  'System.Net',
  'System.Numerics',
  'System.Reflection',
  'System.Reflection.Emit',
  'System.Resources',
  'System.Runtime',
  'System.Runtime.CompilerServices',
  'System.Runtime.InteropServices',
  'System.Runtime.Loader',
  'System.Security',
  'System.Text',
  'System.Text.Unicode',
  'System.Threading',
  'System.Threading.Tasks',
  'NoSQL',
  'NoSQL.GraphDB',
  'NoSQL.GraphDB.Core',
  'NoSQL.GraphDB.Core.Algorithms',
  'NoSQL.GraphDB.Core.Algorithms.Path',
  'NoSQL.GraphDB.Core.Algorithms.SubGraph',
  'NoSQL.GraphDB.Core.Index',
  'NoSQL.GraphDB.Core.Index.Vector',
  'NoSQL.GraphDB.Core.Model',
];

const referencedNamespaces = new Set(REFERENCED_NAMESPACES);

export function isReferencedNamespace(name: string): boolean {
  return referencedNamespaces.has(name);
}

/**
 * The namespaces whose types a simple name can reach, in lookup order: the wrapper namespace and its
 * ancestors, innermost first, then the using directives.
 */
export function namespacesInScope(environment: FragmentEnvironment): string[] {
  const chain: string[] = [];
  const parts = environment.namespace.split('.');
  for (let i = parts.length; i > 0; i--) chain.push(parts.slice(0, i).join('.'));
  return [...chain, ...environment.usings];
}

/**
 * The modelled type a simple type name denotes in a fragment (`DateTime`, `VertexModel`, `Func` with
 * arity 2), or undefined: either the name is not in scope (`IEnumerable` and `List` are not: the wrapper
 * imports no System.Collections.Generic), or it names something Skein does not model.
 */
export function lookupTypeName(
  name: string,
  arity: number,
  environment: FragmentEnvironment,
): TypeDefinition | undefined {
  const definition = findDefinition(name, arity);
  // A nested type (Delegates.VertexFilter) is only reachable through its container.
  if (definition === undefined || definition.containingType !== undefined) return undefined;
  return namespacesInScope(environment).includes(definition.namespace) ? definition : undefined;
}

/**
 * A type named with a qualifier (`System.Collections.Generic.IReadOnlyList`, `Delegates.VertexFilter`,
 * `Model.VertexModel` relative to an enclosing namespace), or undefined.
 */
export function lookupQualifiedTypeName(
  qualifiedName: string,
  arity: number,
  environment: FragmentEnvironment,
): TypeDefinition | undefined {
  const dot = qualifiedName.lastIndexOf('.');
  if (dot < 0) return lookupTypeName(qualifiedName, arity, environment);
  const qualifier = qualifiedName.slice(0, dot);
  const definition = findDefinition(qualifiedName.slice(dot + 1), arity);
  if (definition === undefined) return undefined;
  if (definition.containingType !== undefined) {
    const container = findDefinition(definition.containingType, 0);
    return container !== undefined && lookupQualifiedTypeName(qualifier, 0, environment) === container
      ? definition
      : undefined;
  }
  const enclosing = namespacesInScope(environment).slice(0, environment.namespace.split('.').length);
  const candidates = [qualifier, ...enclosing.map((ns) => `${ns}.${qualifier}`)];
  return candidates.includes(definition.namespace) ? definition : undefined;
}
