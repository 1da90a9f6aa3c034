/**
 * Reads the C#-syntax declarations the type and surface tables are written in, so the tables stay
 * readable as C# (`bool TryGetProperty<T>(out T result, string propertyId)`) instead of nested objects.
 *
 * Grammar (a small subset of C# member declarations, enough for the tables):
 *
 *   type        := (keyword | name ('.' name)* typeArgs?) ('?' | '[' ']')*
 *   field       := ['static'] ['readonly' | 'const'] type name ['=' literal]
 *   property    := ['static'] type name '{' 'get' ';' ['set' ';'] '}'
 *   indexer     := type 'this' '[' parameters ']' '{' 'get' ';' ['set' ';'] '}'
 *   method      := ['static'] type name ['<' names '>'] '(' parameters ')' ['where' name ':' constraint]*
 *   constructor := 'new' '(' parameters ')'
 *   operator    := 'static' type 'operator' symbol '(' parameters ')'
 *   conversion  := 'static' ('implicit' | 'explicit') 'operator' type '(' parameters ')'
 *   parameter   := ['this'] ['out' | 'params'] type name ['=' literal]
 *   literal     := number | string | 'true' | 'false' | 'null' | ['-'] number | name '.' name (enum member)
 *
 * A name resolves to a type parameter of the method, then of the declaring type, then to a definition
 * of `type-table.ts` by simple name and arity. Anything else throws: the tables are code, and a typo in
 * them is a programming error the surface integrity test catches at load.
 */
import type { ConstantValue } from './constant-values.js';
import {
  arrayOf,
  constructType,
  findDefinition,
  isNonNullableValueType,
  nullableOf,
  typeOfKeyword,
  typeParameter,
  type CsType,
  type NamedType,
  type TypeDefinition,
  type TypeParameterType,
} from './types.js';

export type ParameterModifier = 'none' | 'out' | 'params';

export interface ParsedParameter {
  readonly name: string;
  readonly type: CsType;
  readonly modifier: ParameterModifier;
  /** The receiver of an extension method (`this IEnumerable<TSource> source`). */
  readonly isThis: boolean;
  /** Present when the parameter is optional: the value its default expression folds to. */
  readonly defaultValue?: ConstantValue;
  readonly optional: boolean;
}

export type TypeConstraint = 'class' | 'struct' | 'new()' | CsType;

export type ParsedMember =
  | {
      readonly kind: 'field';
      readonly name: string;
      readonly type: CsType;
      readonly isStatic: boolean;
      readonly isConst: boolean;
      readonly isReadOnly: boolean;
      readonly constant?: ConstantValue;
    }
  | {
      readonly kind: 'property';
      readonly name: string;
      readonly type: CsType;
      readonly isStatic: boolean;
      readonly hasSetter: boolean;
    }
  | {
      readonly kind: 'indexer';
      readonly type: CsType;
      readonly parameters: readonly ParsedParameter[];
      readonly hasSetter: boolean;
    }
  | {
      readonly kind: 'method';
      readonly name: string;
      readonly returnType: CsType;
      readonly isStatic: boolean;
      readonly isExtension: boolean;
      readonly typeParameters: readonly TypeParameterType[];
      readonly constraints: ReadonlyMap<string, readonly TypeConstraint[]>;
      readonly parameters: readonly ParsedParameter[];
    }
  | { readonly kind: 'constructor'; readonly parameters: readonly ParsedParameter[] }
  | {
      readonly kind: 'operator';
      readonly operator: string;
      readonly returnType: CsType;
      readonly parameters: readonly ParsedParameter[];
    }
  | {
      readonly kind: 'conversion';
      readonly implicit: boolean;
      readonly returnType: CsType;
      readonly parameters: readonly ParsedParameter[];
    };

const TOKEN = /\s*(?:(\d(?:[eE][+-]?\d|[\dA-Za-z_.])*)|("(?:[^"\\]|\\.)*")|([A-Za-z_]\w*)|(\S))/y;

type TokenKind = 'number' | 'string' | 'name' | 'symbol';

interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const match = TOKEN.exec(source);
    if (match === null) break;
    if (match[1] !== undefined) tokens.push({ kind: 'number', text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: 'string', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ kind: 'name', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'symbol', text: match[4] });
  }
  return tokens;
}

/** Names a declaration may refer to besides the table's definitions. */
export interface DeclarationScope {
  /** Type parameters of the declaring type, by name (`T` of IReadOnlyList<T>). */
  readonly typeParameters?: readonly string[];
}

class Reader {
  private position = 0;
  /**
   * Type parameters of a generic method (`Select<TSource, TResult>(`), found before reading so that the
   * return type, written first, already sees them.
   */
  private readonly methodTypeParameters: readonly string[];

  constructor(
    private readonly source: string,
    private readonly tokens: readonly Token[],
    private readonly scope: DeclarationScope,
  ) {
    this.methodTypeParameters = methodTypeParameterNames(tokens);
  }

  get done(): boolean {
    return this.position >= this.tokens.length;
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.position + offset];
  }

  is(text: string, offset = 0): boolean {
    return this.peek(offset)?.text === text;
  }

  take(): Token {
    const token = this.tokens[this.position++];
    if (token === undefined) this.fail('unexpected end');
    return token;
  }

  accept(text: string): boolean {
    if (!this.is(text)) return false;
    this.position++;
    return true;
  }

  expect(text: string): void {
    const token = this.take();
    if (token.text !== text) this.fail(`expected '${text}', found '${token.text}'`);
  }

  name(): string {
    const token = this.take();
    if (token.kind !== 'name') this.fail(`expected a name, found '${token.text}'`);
    return token.text;
  }

  fail(message: string): never {
    throw new Error(`declaration "${this.source}": ${message}`);
  }

  type(): CsType {
    let type = this.primaryType();
    for (;;) {
      if (this.accept('?')) {
        if (!isNonNullableValueType(type)) this.fail(`'${this.source}': '?' on a non-value type`);
        type = nullableOf(type);
      } else if (this.is('[') && this.is(']', 1)) {
        this.position += 2;
        type = arrayOf(type);
      } else {
        return type;
      }
    }
  }

  private primaryType(): CsType {
    const first = this.name();
    const keywordType = typeOfKeyword(first);
    if (keywordType !== undefined) return keywordType;
    const methodOrdinal = this.methodTypeParameters.indexOf(first);
    if (methodOrdinal >= 0) return typeParameter(first, methodOrdinal, 'method');
    const typeOrdinal = this.scope.typeParameters?.indexOf(first) ?? -1;
    if (typeOrdinal >= 0) return typeParameter(first, typeOrdinal, 'type');
    let simpleName = first;
    // A nested type is written with its container (`Delegates.VertexFilter`); simple names are unique.
    while (this.is('.') && this.peek(1)?.kind === 'name' && this.peek(2)?.text !== '(') {
      this.position++;
      simpleName = this.name();
    }
    const typeArguments: CsType[] = [];
    if (this.accept('<')) {
      do typeArguments.push(this.type());
      while (this.accept(','));
      this.expect('>');
    }
    const definition = findDefinition(simpleName, typeArguments.length);
    if (definition === undefined) this.fail(`unknown type ${simpleName}/${typeArguments.length}`);
    return constructType(definition, typeArguments);
  }

  literal(type: CsType): ConstantValue {
    const negative = this.accept('-');
    const token = this.take();
    if (token.kind === 'number') return numberConstant(token.text, negative, type, (m) => this.fail(m));
    // float and double constants the C# source writes as expressions (0.0 / 0.0, 1.0 / 0.0).
    if (token.text === 'NaN' || token.text === 'Infinity') {
      return numberConstant(token.text, negative, type, (m) => this.fail(m));
    }
    if (negative) this.fail('a minus sign before a non-number');
    if (token.kind === 'string') return JSON.parse(token.text) as string;
    if (token.text === 'true') return true;
    if (token.text === 'false') return false;
    if (token.text === 'null') return null;
    if (token.kind === 'name' && this.accept('.')) {
      const member = this.name();
      const enumType = findDefinition(token.text, 0);
      const value = enumType?.enumMembers?.find(([name]) => name === member)?.[1];
      if (value === undefined) this.fail(`unknown enum member ${token.text}.${member}`);
      return value;
    }
    return this.fail(`not a literal: '${token.text}'`);
  }

  parameters(): ParsedParameter[] {
    const parameters: ParsedParameter[] = [];
    if (this.is(')') || this.is(']')) return parameters;
    do {
      const isThis = this.accept('this');
      const modifier: ParameterModifier = this.accept('out')
        ? 'out'
        : this.accept('params')
          ? 'params'
          : 'none';
      const type = this.type();
      const name = this.name();
      if (this.accept('=')) {
        parameters.push({ name, type, modifier, isThis, optional: true, defaultValue: this.literal(type) });
      } else {
        parameters.push({ name, type, modifier, isThis, optional: false });
      }
    } while (this.accept(','));
    return parameters;
  }

  accessors(): boolean {
    this.expect('{');
    this.expect('get');
    this.expect(';');
    const hasSetter = this.accept('set');
    if (hasSetter) this.expect(';');
    this.expect('}');
    return hasSetter;
  }
}

/** The names between `Name<` and `>(`: the type parameter list of a generic method declaration. */
function methodTypeParameterNames(tokens: readonly Token[]): string[] {
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (tokens[i].kind !== 'name' || tokens[i + 1].text !== '<') continue;
    // `operator ReadOnlySpan<T>(`: a conversion's target type, not a generic method.
    if (tokens[i - 1]?.text === 'operator') continue;
    let depth = 0;
    let j = i + 1;
    for (; j < tokens.length; j++) {
      if (tokens[j].text === '<') depth++;
      else if (tokens[j].text === '>' && --depth === 0) break;
    }
    if (tokens[j + 1]?.text === '(') {
      return tokens
        .slice(i + 2, j)
        .filter((t) => t.kind === 'name')
        .map((t) => t.text);
    }
  }
  return [];
}

function numberConstant(
  text: string,
  negative: boolean,
  type: CsType,
  fail: (m: string) => never,
): ConstantValue {
  const digits = text.replace(/[uUlLfFdDmM]+$/, '');
  const keyword =
    type.kind === 'named' ? (type.definition.keyword ?? type.definition.enumUnderlying) : undefined;
  const sign = negative ? '-' : '';
  switch (keyword) {
    case 'long':
    case 'ulong':
      return BigInt(`${sign}${digits}`);
    case 'decimal':
      return { decimal: `${sign}${digits}` };
    case 'float':
      return Math.fround(Number(`${sign}${digits}`));
    case 'sbyte':
    case 'byte':
    case 'short':
    case 'ushort':
    case 'int':
    case 'uint':
    case 'char':
    case 'double':
      return Number(`${sign}${digits}`);
    default:
      return fail(`a number literal for a ${keyword ?? type.kind} constant`);
  }
}

const OPERATOR_SYMBOLS = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '<',
  '>',
  '<=',
  '>=',
  '!',
  '~',
  '&',
  '|',
  '^',
]);

function reader(source: string, scope: DeclarationScope): Reader {
  return new Reader(source, tokenize(source), scope);
}

/** A type written in C# syntax: `IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>>`, `int?`, `T[]`. */
export function parseType(source: string, scope: DeclarationScope = {}): CsType {
  const r = reader(source, scope);
  const type = r.type();
  if (!r.done) r.fail(`trailing '${r.peek()?.text}'`);
  return type;
}

/** The type parameters of a definition, as the declaration scope of its members. */
export function scopeOf(definition: TypeDefinition): DeclarationScope {
  return { typeParameters: definition.typeParameters };
}

/** The declared type of a definition: its type parameters as its own type arguments. */
export function declaredType(definition: TypeDefinition): NamedType {
  return constructType(
    definition,
    definition.typeParameters.map((name, ordinal) => typeParameter(name, ordinal, 'type')),
  );
}

/** A delegate signature of the type table: `bool (VertexModel vertex)`. */
export function parseDelegateSignature(
  source: string,
  scope: DeclarationScope,
): { readonly returnType: CsType; readonly parameters: readonly ParsedParameter[] } {
  const r = reader(source, scope);
  const returnType = r.type();
  r.expect('(');
  const parameters = r.parameters();
  r.expect(')');
  if (!r.done) r.fail(`trailing '${r.peek()?.text}'`);
  return { returnType, parameters };
}

/** One member declaration of a surface table. */
export function parseMember(source: string, scope: DeclarationScope = {}): ParsedMember {
  const r = reader(source, scope);
  const member = parseMemberFrom(r);
  if (!r.done) r.fail(`trailing '${r.peek()?.text}'`);
  return member;
}

function parseMemberFrom(r: Reader): ParsedMember {
  if (r.is('new') && r.is('(', 1)) {
    r.take();
    r.expect('(');
    const parameters = r.parameters();
    r.expect(')');
    return { kind: 'constructor', parameters };
  }
  const isStatic = r.accept('static');
  if (r.is('implicit') || r.is('explicit')) {
    const implicit = r.take().text === 'implicit';
    r.expect('operator');
    const returnType = r.type();
    r.expect('(');
    const parameters = r.parameters();
    r.expect(')');
    return { kind: 'conversion', implicit, returnType, parameters };
  }
  const isConst = r.accept('const');
  const isReadOnly = isConst || r.accept('readonly');
  const type = r.type();
  if (r.accept('operator')) {
    let symbol = '';
    while (!r.is('(')) symbol += r.take().text;
    if (!OPERATOR_SYMBOLS.has(symbol)) r.fail(`unknown operator '${symbol}'`);
    r.expect('(');
    const parameters = r.parameters();
    r.expect(')');
    return { kind: 'operator', operator: symbol, returnType: type, parameters };
  }
  if (r.accept('this')) {
    r.expect('[');
    const parameters = r.parameters();
    r.expect(']');
    return { kind: 'indexer', type, parameters, hasSetter: r.accessors() };
  }
  const name = r.name();
  if (r.is('{')) return { kind: 'property', name, type, isStatic, hasSetter: r.accessors() };
  if (r.is('(') || r.is('<')) return parseMethodRest(r, name, type, isStatic);
  let constant: ConstantValue | undefined;
  if (r.accept('=')) constant = r.literal(type);
  if (isConst && constant === undefined) r.fail('a const field without a value');
  return { kind: 'field', name, type, isStatic, isConst, isReadOnly, ...(isConst ? { constant } : {}) };
}

function parseMethodRest(r: Reader, name: string, returnType: CsType, isStatic: boolean): ParsedMember {
  const typeParameterNames: string[] = [];
  if (r.accept('<')) {
    do typeParameterNames.push(r.name());
    while (r.accept(','));
    r.expect('>');
  }
  r.expect('(');
  const parameters = r.parameters();
  r.expect(')');
  const typeParameters = typeParameterNames.map((n, ordinal) => typeParameter(n, ordinal, 'method'));
  return finishMethod(r, name, returnType, isStatic, typeParameters, parameters);
}

function finishMethod(
  r: Reader,
  name: string,
  returnType: CsType,
  isStatic: boolean,
  typeParameters: readonly TypeParameterType[],
  parameters: readonly ParsedParameter[],
): ParsedMember {
  const constraints = new Map<string, TypeConstraint[]>();
  while (r.accept('where')) {
    const parameterName = r.name();
    if (!typeParameters.some((p) => p.name === parameterName))
      r.fail(`constraint on unknown ${parameterName}`);
    r.expect(':');
    const list: TypeConstraint[] = [];
    do {
      if (r.accept('class')) list.push('class');
      else if (r.accept('struct')) list.push('struct');
      else if (r.is('new')) {
        r.take();
        r.expect('(');
        r.expect(')');
        list.push('new()');
      } else list.push(r.type());
    } while (r.accept(','));
    constraints.set(parameterName, list);
  }
  const isExtension = parameters[0]?.isThis === true;
  if (isExtension && !isStatic) r.fail('an extension method must be static');
  if (parameters.some((p, i) => p.isThis && i > 0)) r.fail("'this' on a parameter other than the first");
  return { kind: 'method', name, returnType, isStatic, isExtension, typeParameters, constraints, parameters };
}
