/**
 * Call sites for the binding table's tests, built from the surface member of a key as the emitter would
 * build them, and the checks every generated text must pass: the `rt.` paths it names exist on a real
 * runtime, and it names no identifier outside the allowed set.
 */
import {
  ARRAY_MEMBERS_OWNER,
  INT,
  allMembers,
  arrayOf,
  constructType,
  isEnum,
  keywordOf,
  substitute,
  type ConstantValue,
  type CsType,
  type SurfaceMember,
} from '../../../src/fragments/types/index.js';
import type { EmitServices, RuntimeCallSite } from '../../../src/fragments/emitter/runtime-call.js';
import { runtimeBinding } from '../../../src/fragments/emitter/runtime-bindings.js';

/** The placeholder names a generic site uses for its receiver and arguments. */
export const RECEIVER = 'r0';
export const argumentName = (index: number): string => `a${index}`;

const TYPE_CODE_NAMES = new Set([
  'Object',
  'String',
  'Boolean',
  'Byte',
  'SByte',
  'Int16',
  'UInt16',
  'Int32',
  'UInt32',
  'Int64',
  'UInt64',
  'Single',
  'Double',
  'Decimal',
  'Char',
  'DateTime',
  'DateTimeOffset',
  'TimeSpan',
  'Guid',
]);

/** The emitter's services as the tests stand them in: hoisted expressions become `h0`, `h1`, ... */
export class TestServices implements EmitServices {
  readonly hoisted: string[] = [];

  hoist(expression: string): string {
    let index = this.hoisted.indexOf(expression);
    if (index < 0) index = this.hoisted.push(expression) - 1;
    return `h${index}`;
  }

  typeCode(type: CsType): string {
    if (type.kind === 'array' && keywordOf(type.elementType) === 'float') return 'rt.T.SingleArray';
    if (type.kind !== 'named') return 'rt.T.Object';
    if (isEnum(type)) return 'rt.T.Int32';
    return TYPE_CODE_NAMES.has(type.definition.name) && type.typeArguments.length === 0
      ? `rt.T.${type.definition.name}`
      : 'rt.T.Object';
  }

  stringLiteral(value: string): string {
    return JSON.stringify(value);
  }

  /** The hoisted constants, in order, as the factory declares them. */
  prelude(): string {
    return this.hoisted.map((expression, i) => `const h${i} = ${expression};\n`).join('');
  }
}

export function memberOf(key: string): SurfaceMember {
  const member = allMembers().find((m) => m.runtimeKey === key || m.setterRuntimeKey === key);
  if (member === undefined) throw new Error(`no surface member has the key ${key}`);
  return member;
}

export interface SiteOptions {
  receiver?: string;
  receiverType?: CsType;
  receiverMayBeNull?: boolean;
  arguments?: readonly string[];
  constantArguments?: readonly (ConstantValue | undefined)[];
  receiverTypeArguments?: readonly CsType[];
  typeArguments?: readonly CsType[];
  assignedValue?: string;
}

function declaringArity(member: SurfaceMember): number {
  return member.declaringType === ARRAY_MEMBERS_OWNER ? 1 : member.declaringType.arity;
}

/** The receiver's type: the declaring type constructed with the receiver's type arguments. */
function declaredReceiverType(member: SurfaceMember, typeArguments: readonly CsType[]): CsType | undefined {
  if (member.isStatic || member.kind === 'constructor') return undefined;
  if (member.declaringType === ARRAY_MEMBERS_OWNER) return arrayOf(typeArguments[0]);
  return constructType(member.declaringType, typeArguments);
}

/**
 * A site for `key`: every type parameter is `fill` (int by default) unless given, arguments are `a0`, `a1`, ... and the
 * receiver `r0` unless given.
 */
export function siteFor(
  key: string,
  services: EmitServices,
  options: SiteOptions = {},
  fill?: CsType,
): RuntimeCallSite {
  const member = memberOf(key);
  const filler = fill ?? INT;
  const receiverTypeArguments =
    options.receiverTypeArguments ?? Array.from({ length: declaringArity(member) }, () => filler);
  const typeArguments = options.typeArguments ?? member.typeParameters.map(() => filler);
  const argumentTypes = member.parameters.map((p) =>
    substitute(p.type, receiverTypeArguments, typeArguments),
  );
  const receiverType = options.receiverType ?? declaredReceiverType(member, receiverTypeArguments);
  const instance = !member.isStatic && member.kind !== 'constructor';
  return {
    member,
    key,
    ...(instance ? { receiver: options.receiver ?? RECEIVER } : {}),
    ...(receiverType === undefined ? {} : { receiverType }),
    receiverMayBeNull: options.receiverMayBeNull ?? false,
    arguments: options.arguments ?? member.parameters.map((_, i) => argumentName(i)),
    argumentTypes,
    constantArguments: options.constantArguments ?? member.parameters.map(() => undefined),
    receiverTypeArguments,
    typeArguments,
    resultType: substitute(member.type, receiverTypeArguments, typeArguments),
    ...(key === member.setterRuntimeKey ? { assignedValue: options.assignedValue ?? 'v0' } : {}),
    services,
  };
}

/** The JavaScript of a key's binding at a site. */
export function emit(key: string, services: EmitServices, options: SiteOptions = {}, fill?: CsType): string {
  return runtimeBinding(key)(siteFor(key, services, options, fill));
}

// ---- checks over generated text ----

const TOKEN =
  /\s+|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?n?|[A-Za-z_$][\w$]*|\?\.|=>|===|!==|<=|>=|\S/gy;

interface Token {
  readonly text: string;
  readonly identifier: boolean;
  /** After `.` or `?.`: a property name, not a reference. */
  readonly property: boolean;
}

export function tokenize(js: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let previous = '';
  while (TOKEN.lastIndex < js.length) {
    const match = TOKEN.exec(js);
    if (match === null) throw new Error(`cannot tokenize ${js}`);
    const text = match[0];
    if (/^\s/.test(text)) continue;
    const identifier = /^[A-Za-z_$]/.test(text);
    tokens.push({ text, identifier, property: identifier && (previous === '.' || previous === '?.') });
    previous = text;
  }
  return tokens;
}

/** Names an arrow function declares as its parameters (`(a, b) =>`, `a =>`). */
function arrowParameters(tokens: readonly Token[]): Set<string> {
  const names = new Set<string>();
  tokens.forEach((token, i) => {
    if (token.text !== '=>') return;
    if (tokens[i - 1]?.identifier === true) {
      names.add(tokens[i - 1].text);
      return;
    }
    for (let j = i - 2; j >= 0 && tokens[j].text !== '('; j--)
      if (tokens[j].identifier) names.add(tokens[j].text);
  });
  return names;
}

/** Keywords generated code may use. */
const KEYWORDS = new Set(['void', 'null', 'true', 'false', 'if', 'throw', 'return']);

/** Identifiers the text refers to that are neither allowed nor its own arrow parameters. */
export function foreignIdentifiers(js: string, allowed: ReadonlySet<string>): string[] {
  const tokens = tokenize(js);
  const own = arrowParameters(tokens);
  return tokens
    .filter((t) => t.identifier && !t.property)
    .map((t) => t.text)
    .filter((name) => !allowed.has(name) && !own.has(name) && !KEYWORDS.has(name));
}

/** The member paths after each reference to `root` (`rt.str.Contains` gives ['str', 'Contains']). */
export function pathsFrom(js: string, root: string): string[][] {
  const tokens = tokenize(js);
  const paths: string[][] = [];
  tokens.forEach((token, i) => {
    if (token.text !== root || token.property) return;
    const path: string[] = [];
    for (let j = i + 1; tokens[j]?.text === '.' && tokens[j + 1]?.identifier === true; j += 2) {
      path.push(tokens[j + 1].text);
    }
    paths.push(path);
  });
  return paths;
}

/** The first segment of `path` missing when walked from `root`, or undefined when it all exists. */
export function missingSegment(root: unknown, path: readonly string[]): string | undefined {
  let value = root;
  for (const segment of path) {
    if (value === null || value === undefined || !(segment in Object(value))) return segment;
    value = (value as Record<string, unknown>)[segment];
  }
  return undefined;
}

/** Evaluates generated text with its hoisted constants, as the factory would; `env` holds test values. */
export function evaluate(
  rt: unknown,
  context: unknown,
  services: TestServices,
  js: string,
  env: Record<string, unknown> = {},
): unknown {
  const body = `${services.prelude()}return ${js};`;
  return new Function('rt', 'context', 'env', body)(rt, context, env);
}
