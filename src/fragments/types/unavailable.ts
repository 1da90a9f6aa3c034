/**
 * Names a fragment may write that Skein does not model: what the ancestor's C# compile says about them,
 * and what Skein reports.
 *
 * The reasoning, from the reference set of environment.ts:
 * - A simple name the wrapper's usings do not reach is unknown to C#: in an expression
 *   (`Regex.IsMatch(...)`, `File.ReadAllText(...)`, `Process.Start(...)`) CS0103 "The name '{0}' does not
 *   exist in the current context"; as a type (`Regex r = ...`) CS0246 "The type or namespace name '{0}'
 *   could not be found (are you missing a using directive or an assembly reference?)", with generic names
 *   printed as `List<>`. For a type, Roslyn first looks for a type forwarder under each using'd namespace:
 *   `Console` (System.Console, forwarded by the mscorlib facade) or `Uri` is CS1069 instead.
 * - A qualified name fails on its first segment that names nothing. When the namespace before it exists
 *   in the references and a referenced facade forwards `namespace.segment` to an assembly that is not
 *   referenced, C# reports CS1069 "The type name '{0}' could not be found in the namespace '{1}'. This
 *   type has been forwarded to assembly '{2}' Consider adding a reference to that assembly." — so
 *   `System.Diagnostics.Process` is CS1069 (System.Diagnostics exists in CoreLib; the System.dll facade
 *   forwards Process to System.Diagnostics.Process). Otherwise CS0234 "The type or namespace name '{0}'
 *   does not exist in the namespace '{1}' (are you missing an assembly reference?)": no referenced assembly
 *   declares a type in System.Text.RegularExpressions, so `System.Text.RegularExpressions.Regex` fails on
 *   `RegularExpressions` with CS0234 before any forwarder is consulted; `System.Net.Http.HttpClient` fails
 *   on `Http` the same way.
 * - Everything CoreLib declares compiles in the ancestor, because CoreLib itself is referenced:
 *   `System.IO.File`, `Environment`, `AppDomain`, `Activator`, `Type.GetType`, `System.Reflection.Assembly`,
 *   `System.Threading.Thread`, `GC`. Skein cannot accept these (a fragment never reaches the host:
 *   docs/fragments.md, "How compiled fragments stay inside their box"), so it rejects them with its own id
 *   SVCUNSUPPORTED, "'{0}' is not supported in fragments", where C# would have compiled. The refusal covers
 *   whole namespaces that only reach the host (System.IO, System.Reflection, System.Threading,
 *   System.Runtime, System.Diagnostics, System.Net, System.Security, System.Resources) and the listed System
 *   types.
 * Names that exist in .NET but are not listed here reach the binder's ordinary lookup failure (CS0103,
 * CS0246, CS0234), which C# would give only if they did not exist.
 */
import type { TypeDiagnostic } from './conversions.js';
import {
  frameworkAssemblyName,
  isReferencedNamespace,
  namespacesInScope,
  type FragmentEnvironment,
} from './environment.js';
import { genericNameToString } from './types.js';

/** Skein's id for a name C# would accept but fragments may not use. */
export const SURFACE_REFUSED_ID = 'SVCUNSUPPORTED';

/** A type name with its arity, as metadata spells it: `Dictionary\`2`, `File`. */
function metadataName(name: string, arity: number): string {
  return arity === 0 ? name : `${name}\`${arity}`;
}

/**
 * CoreLib types outside the surface, by namespace: they compile in the ancestor, Skein refuses them.
 * Generic ones carry their arity (`Lazy\`1`).
 */
export const REFUSED_RUNTIME_TYPES: Readonly<Record<string, readonly string[]>> = {
  System: [
    'Environment',
    'AppDomain',
    'Activator',
    'Type',
    'GC',
    'Random',
    'Lazy`1',
    'Array',
    'Buffer',
    'BitConverter',
    'Exception',
    'Action',
    'Action`1',
    'Action`2',
    'Predicate`1',
    'Span`1',
    'Memory`1',
    'ReadOnlyMemory`1',
    'Index',
    'Range',
    'Version',
    'Nullable',
    'TimeZoneInfo',
    'DateOnly',
    'TimeOnly',
    'MathF',
    'Half',
    'Int128',
    'UInt128',
    'HashCode',
    'StringComparer',
    'Tuple',
    'ValueTuple',
    'IntPtr',
    'UIntPtr',
  ],
  'System.Collections.Generic': [
    'Dictionary`2',
    'HashSet`1',
    'Comparer`1',
    'EqualityComparer`1',
    'IList`1',
    'ICollection`1',
  ],
  'System.Text': ['StringBuilder', 'Encoding'],
  'System.IO': [
    'File',
    'Directory',
    'Path',
    'FileInfo',
    'DirectoryInfo',
    'FileStream',
    'Stream',
    'StreamReader',
    'StreamWriter',
    'MemoryStream',
  ],
  'System.Reflection': ['Assembly', 'MethodInfo', 'PropertyInfo', 'FieldInfo', 'MemberInfo', 'BindingFlags'],
  'System.Threading': ['Thread', 'Interlocked', 'Monitor', 'CancellationToken'],
  'System.Threading.Tasks': ['Task', 'Task`1', 'ValueTask'],
  'System.Diagnostics': ['Debug', 'Debugger', 'Stopwatch', 'StackTrace'],
  'System.Runtime.InteropServices': ['Marshal', 'GCHandle'],
  'System.Runtime.Loader': ['AssemblyLoadContext'],
};

/** Namespaces refused as a whole: everything in them reaches the host or the process. */
export const REFUSED_NAMESPACES: readonly string[] = [
  'System.IO',
  'System.Reflection',
  'System.Threading',
  'System.Runtime',
  'System.Diagnostics',
  'System.Net',
  'System.Security',
  'System.Resources',
];

/**
 * Types the referenced facades (mscorlib, System, System.Core, System.Runtime) forward to assemblies the
 * compile does not reference, by metadata name: the source of CS1069.
 */
export const FORWARDED_TYPES: Readonly<Record<string, string>> = {
  'System.Console': 'System.Console',
  'System.Uri': 'System.Private.Uri',
  'System.Diagnostics.Process': 'System.Diagnostics.Process',
  'System.Diagnostics.ProcessStartInfo': 'System.Diagnostics.Process',
  'System.Diagnostics.Trace': 'System.Diagnostics.TraceSource',
  'System.Net.WebClient': 'System.Net.WebClient',
  'System.Net.WebRequest': 'System.Net.Requests',
  'System.Net.Dns': 'System.Net.NameResolution',
  'System.Net.IPAddress': 'System.Net.Primitives',
  'System.Text.RegularExpressions.Regex': 'System.Text.RegularExpressions',
  'System.Collections.Generic.Queue`1': 'System.Collections',
  'System.Collections.Generic.Stack`1': 'System.Collections',
  'System.Collections.Generic.LinkedList`1': 'System.Collections',
  'System.Collections.Generic.SortedDictionary`2': 'System.Collections',
  'System.Collections.Generic.SortedSet`1': 'System.Collections',
};

const refusedTypes = new Set(
  Object.entries(REFUSED_RUNTIME_TYPES).flatMap(([ns, names]) => names.map((n) => `${ns}.${n}`)),
);

function isRefusedNamespace(ns: string): boolean {
  return REFUSED_NAMESPACES.some((refused) => ns === refused || ns.startsWith(`${refused}.`));
}

export interface NameQuery {
  /** The name as written, dotted, without type arguments: `Regex`, `System.IO.File`. */
  readonly name: string;
  /** Number of type arguments written (`Dictionary<string, int>`: 2). */
  readonly arity?: number;
  /** Where the name stands: a type position (declaration, cast, type argument) or an expression. */
  readonly context: 'type' | 'expression';
  readonly environment: FragmentEnvironment;
}

export interface NameVerdict {
  /**
   * What the ancestor's C# compile does with the name: a diagnostic, 'compiles', or 'unknown' for a
   * name in a refused namespace that CoreLib may or may not declare (C# compiles it if it does, and
   * reports CS0234 if not).
   */
  readonly ancestor: TypeDiagnostic | 'compiles' | 'unknown';
  /** What Skein reports. */
  readonly skein: TypeDiagnostic;
}

function same(diagnostic: TypeDiagnostic): NameVerdict {
  return { ancestor: diagnostic, skein: diagnostic };
}

function refused(name: string, ancestor: 'compiles' | 'unknown' = 'compiles'): NameVerdict {
  return { ancestor, skein: { id: SURFACE_REFUSED_ID, args: [name] } };
}

/**
 * The verdict on a name the binder could not resolve against the surface. The binder calls this after
 * its own lookup (locals, parameters, modelled types and members) failed.
 */
export function unresolvedNameVerdict(query: NameQuery): NameVerdict {
  const arity = query.arity ?? 0;
  const segments = query.name.split('.');
  if (segments.length === 1) return simpleNameVerdict(query.name, arity, query);
  return qualifiedNameVerdict(segments, arity, query);
}

function simpleNameVerdict(name: string, arity: number, query: NameQuery): NameVerdict {
  const scopes = namespacesInScope(query.environment);
  if (scopes.some((ns) => refusedTypes.has(`${ns}.${metadataName(name, arity)}`))) return refused(name);
  if (query.context === 'type') {
    for (const ns of query.environment.usings) {
      const assembly = FORWARDED_TYPES[`${ns}.${metadataName(name, arity)}`];
      if (assembly !== undefined) {
        return same({
          id: 'CS1069',
          args: [genericNameToString(name, arity), ns, frameworkAssemblyName(assembly)],
        });
      }
    }
    return same({ id: 'CS0246', args: [genericNameToString(name, arity)] });
  }
  return same({ id: 'CS0103', args: [name] });
}

function qualifiedNameVerdict(segments: readonly string[], arity: number, query: NameQuery): NameVerdict {
  const enclosing = namespacesInScope(query.environment).slice(
    0,
    query.environment.namespace.split('.').length,
  );
  // The longest leading run of segments that names a namespace, absolutely or relative to an enclosing one.
  let namespaceName: string | undefined;
  let consumed = 0;
  for (let k = segments.length - 1; k >= 1 && namespaceName === undefined; k--) {
    const prefix = segments.slice(0, k).join('.');
    const absolute = [prefix, ...enclosing.map((ns) => `${ns}.${prefix}`)].find(isReferencedNamespace);
    if (absolute !== undefined) {
      namespaceName = absolute;
      consumed = k;
    }
  }
  if (namespaceName === undefined) {
    // The first segment names nothing: C# reports it like a simple name (in an expression, CS0103).
    return simpleNameVerdict(segments[0], segments.length === 1 ? arity : 0, query);
  }
  const segment = segments[consumed];
  const segmentArity = consumed === segments.length - 1 ? arity : 0;
  const fullName = `${namespaceName}.${metadataName(segment, segmentArity)}`;
  const written = segments.join('.');
  const assembly = FORWARDED_TYPES[fullName];
  if (assembly !== undefined) {
    // C# rejects it too: Skein reports the same CS1069, whatever the namespace.
    return same({
      id: 'CS1069',
      args: [genericNameToString(segment, segmentArity), namespaceName, frameworkAssemblyName(assembly)],
    });
  }
  if (refusedTypes.has(fullName)) return refused(written);
  if (isRefusedNamespace(namespaceName)) return refused(written, 'unknown');
  return same({ id: 'CS0234', args: [genericNameToString(segment, segmentArity), namespaceName] });
}
