/**
 * Factory-level state of one emission: hoisted constants (`h<n>`), the helper functions the generated
 * code needs beyond the runtime (`k...`: checked arithmetic, casts with .NET's messages), and the
 * services a runtime binding may use (runtime-call.ts).
 *
 * Names in the generated JavaScript, none of them user-chosen: `rt` and `context` (the factory's
 * parameters), `l<id>` (user locals and lambda parameters, by symbol id), `t<id>` (temps), `c<id>` (out
 * cells), `h<n>` (hoisted constants), `k<Name>` (helpers).
 */
import { ClrType, type ClrTypeName } from '../runtime/types.js';
import { allMembers, typeToString, type CsType, type SurfaceMember } from '../types/index.js';
import { stringLiteral, typeCode } from './emit-literals.js';
import type { EmitServices, RuntimeBinding } from './runtime-call.js';

/** The binding table lookup (runtime-bindings.ts in production; tests may pass their own). */
export type RuntimeBindingLookup = (key: string) => RuntimeBinding;

/** .NET's message text for run-time overflow (conv.ovf, add.ovf, ...). */
const OVERFLOW = 'rt.exceptions.arithmeticOverflow()';

/** Helpers by name, as JavaScript declarations; each depends only on `rt` and earlier helpers. */
const HELPERS: Readonly<Record<string, () => string>> = {
  /** A checked integer result held in a number: in [min, max] or OverflowException; `+ 0` drops -0. */
  kRange: () =>
    `const kRange = (x, min, max) => { if (x < min || x > max) throw ${OVERFLOW}; return x + 0; };`,
  /** A checked integer result held in a bigint. */
  kRangeBig: () =>
    `const kRangeBig = (x, min, max) => { if (x < min || x > max) throw ${OVERFLOW}; return x; };`,
  /** A checked float/double to integer conversion: strictly between the bounds (NaN fails). */
  kRangeReal: () =>
    `const kRangeReal = (x, below, above) => { if (!(x > below && x < above)) throw ${OVERFLOW}; return x; };`,
  /** Boxing a nullable value type: null stays null. */
  kBoxNullable: () => 'const kBoxNullable = (code, x) => x === null ? null : rt.obj.box(code, x);',
  /** Unboxing to a nullable value type: null stays null. */
  kUnboxNullable: () => 'const kUnboxNullable = (x, code) => x === null ? null : rt.obj.unbox(x, code);',
  /** An enum's text (its member name), null as "" (interpolation and concatenation). */
  kEnumText: () => 'const kEnumText = (names, x) => x === null ? "" : rt.format.enumText(names, x);',
  /** A string as `IEnumerable<char>`: its code units (null stays null, for LINQ to reject). */
  kChars: () => 'const kChars = (x) => x === null ? null : rt.linq.chars(x);',
  /**
   * A switch expression without a matching arm: .NET's SwitchExpressionException (an
   * InvalidOperationException), raised as a FragmentException of that name since exceptions.ts has no
   * constructor for it.
   */
  kSwitchFailed: () =>
    'const kSwitchFailed = () => { throw new rt.exceptions.FragmentException("SwitchExpressionException", ' +
    '"Non-exhaustive switch expression failed to match its input."); };',
  /** The .NET name of a value's run-time type, for InvalidCastException messages. */
  kTypeName: () => {
    const boxed = (Object.keys(ClrType) as ClrTypeName[])
      .filter((name) => name !== 'Object' && name !== 'String' && name !== 'SingleArray')
      .map((name) => `rt.obj.isType(x, rt.T.${name}) ? ${stringLiteral(`System.${name}`)}`)
      .join(' : ');
    return (
      'const kTypeName = (x) => typeof x === "string" ? "System.String"' +
      ' : rt.obj.isVertex(x) ? "NoSQL.GraphDB.Core.Model.VertexModel"' +
      ' : rt.obj.isEdge(x) ? "NoSQL.GraphDB.Core.Model.EdgeModel"' +
      ` : rt.obj.isType(x, rt.T.SingleArray) ? "System.Single[]" : ${boxed} : "System.Object";`
    );
  },
  /** A downcast: null or a value passing `test`, else InvalidCastException. */
  kCast: () =>
    'const kCast = (x, test, to) => { if (x === null || test(x)) return x; ' +
    'throw rt.exceptions.invalidCast(kTypeName(x), to); };',
};

/** Helpers a helper calls, so they are declared first. */
const HELPER_DEPENDENCIES: Readonly<Record<string, readonly string[]>> = { kCast: ['kTypeName'] };

let membersByKey: Map<string, SurfaceMember> | undefined;

/** The surface member implementing a runtime key (user-defined operators and conversions name only keys). */
export function memberOfKey(key: string): SurfaceMember {
  if (membersByKey === undefined) {
    membersByKey = new Map();
    for (const member of allMembers()) {
      if (member.runtimeKey !== undefined && !membersByKey.has(member.runtimeKey)) {
        membersByKey.set(member.runtimeKey, member);
      }
    }
  }
  const member = membersByKey.get(key);
  if (member === undefined) throw new Error(`emitter: no surface member has the runtime key '${key}'`);
  return member;
}

export class EmitContext implements EmitServices {
  private readonly hoisted = new Map<string, string>();
  private readonly hoistLines: string[] = [];
  private readonly helperNames = new Set<string>();
  private readonly helperLines: string[] = [];

  constructor(private readonly lookup: RuntimeBindingLookup) {}

  hoist(expression: string): string {
    const existing = this.hoisted.get(expression);
    if (existing !== undefined) return existing;
    const name = `h${this.hoisted.size}`;
    this.hoisted.set(expression, name);
    this.hoistLines.push(`const ${name} = ${expression};`);
    return name;
  }

  typeCode(type: CsType): string {
    return typeCode(type);
  }

  stringLiteral(value: string): string {
    return stringLiteral(value);
  }

  /** The helper's name, declaring it (and what it calls) in the factory on first use. */
  helper(name: keyof typeof HELPERS): string {
    if (this.helperNames.has(name)) return name;
    for (const dependency of HELPER_DEPENDENCIES[name] ?? []) this.helper(dependency);
    this.helperNames.add(name);
    this.helperLines.push(HELPERS[name]());
    return name;
  }

  binding(key: string): RuntimeBinding {
    return this.lookup(key);
  }

  /** A C# type's name as .NET messages print it. */
  typeName(type: CsType): string {
    return typeToString(type);
  }

  /** Helpers first (they use only `rt`), then hoisted constants in the order they were made. */
  factoryPrologue(): string[] {
    return [...this.helperLines, ...this.hoistLines];
  }
}
