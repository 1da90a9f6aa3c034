/**
 * Base classes, implemented interfaces and delegate signatures of constructed types: what reference
 * conversions, member lookup and `foreach` walk. Read from the type table's C#-syntax entries once per
 * definition and then substituted with the type's arguments.
 */
import { parseDelegateSignature, parseType, scopeOf, type ParsedParameter } from './declarations.js';
import {
  ARRAY,
  OBJECT,
  VALUE_TYPE,
  enumerableOf,
  isNamed,
  readOnlyCollectionOf,
  readOnlyListOf,
  substitute,
  typeParameter,
  type CsType,
  type NamedType,
  type TypeDefinition,
} from './types.js';

interface DefinitionShape {
  readonly baseType?: CsType;
  readonly interfaces: readonly CsType[];
}

const shapes = new Map<TypeDefinition, DefinitionShape>();

function shapeOf(definition: TypeDefinition): DefinitionShape {
  let shape = shapes.get(definition);
  if (shape === undefined) {
    const scope = scopeOf(definition);
    shape = {
      baseType: definition.baseType === undefined ? undefined : parseType(definition.baseType, scope),
      interfaces: (definition.interfaces ?? []).map((text) => parseType(text, scope)),
    };
    shapes.set(definition, shape);
  }
  return shape;
}

// Arrays are generic over their element type without a definition of their own: `T[]` derives from
// System.Array and implements the read-only list interfaces of T.
const ARRAY_ELEMENT = typeParameter('T', 0, 'type');
const ARRAY_INTERFACES: readonly CsType[] = [
  readOnlyListOf(ARRAY_ELEMENT),
  readOnlyCollectionOf(ARRAY_ELEMENT),
  enumerableOf(ARRAY_ELEMENT),
];

/** The direct base class, or undefined for object, interfaces and placeholders. */
export function baseTypeOf(type: CsType): CsType | undefined {
  if (type.kind === 'array') return ARRAY;
  if (type.kind !== 'named') return type.kind === 'typeParameter' ? OBJECT : undefined;
  const base = shapeOf(type.definition).baseType;
  return base === undefined ? undefined : substitute(base, type.typeArguments);
}

/** The class chain above a type, nearest first (VertexModel: AGraphElementModel, object). */
export function baseClassesOf(type: CsType): CsType[] {
  const chain: CsType[] = [];
  for (let base = baseTypeOf(type); base !== undefined; base = baseTypeOf(base)) chain.push(base);
  return chain;
}

/** Every interface a type implements or an interface extends, directly or not, without duplicates. */
export function interfacesOf(type: CsType): CsType[] {
  const found = new Set<CsType>();
  const visit = (direct: readonly CsType[]): void => {
    for (const i of direct) {
      if (found.has(i)) continue;
      found.add(i);
      visit(directInterfacesOf(i));
    }
  };
  visit(directInterfacesOf(type));
  for (const base of baseClassesOf(type)) visit(directInterfacesOf(base));
  return [...found];
}

function directInterfacesOf(type: CsType): readonly CsType[] {
  if (type.kind === 'array') return ARRAY_INTERFACES.map((i) => substitute(i, [type.elementType]));
  if (type.kind !== 'named') return [];
  return shapeOf(type.definition).interfaces.map((i) => substitute(i, type.typeArguments));
}

/** True when `base` is a proper base class of `type` (classes only; interfaces are not base classes). */
export function derivesFrom(type: CsType, base: CsType): boolean {
  return baseClassesOf(type).includes(base);
}

export interface DelegateSignature {
  readonly returnType: CsType;
  readonly parameters: readonly ParsedParameter[];
}

const delegateSignatures = new Map<TypeDefinition, DelegateSignature>();

/** Parameters and return type of a delegate type, substituted (`Func<string, bool>`: bool (string arg)). */
export function delegateSignatureOf(type: NamedType): DelegateSignature {
  const definition = type.definition;
  if (definition.delegate === undefined) throw new Error(`${definition.key} is not a delegate type`);
  let declared = delegateSignatures.get(definition);
  if (declared === undefined) {
    declared = parseDelegateSignature(definition.delegate, scopeOf(definition));
    delegateSignatures.set(definition, declared);
  }
  return {
    returnType: substitute(declared.returnType, type.typeArguments),
    parameters: declared.parameters.map((p) => ({ ...p, type: substitute(p.type, type.typeArguments) })),
  };
}

/**
 * The element type `foreach` and LINQ see: T of an IEnumerable<T> the type is or implements, char for
 * string, the element of an array or of a ReadOnlySpan<T> (which `foreach` walks through its enumerator
 * pattern, not an interface). Undefined when the type is not enumerable or implements IEnumerable<T>
 * for more than one T.
 */
export function enumerableElementType(type: CsType): CsType | undefined {
  if (type.kind === 'array') return type.elementType;
  if (type.kind === 'named' && isNamed(type, 'ReadOnlySpan', 1)) return type.typeArguments[0];
  const candidates = [type, ...interfacesOf(type)].filter(
    (t): t is NamedType => t.kind === 'named' && isNamed(t, 'IEnumerable', 1),
  );
  if (candidates.length !== 1) return undefined;
  return candidates[0].typeArguments[0];
}

/** True for the value-type roots boxing converts to (object, System.ValueType). */
export function isBoxingRoot(type: CsType): boolean {
  return type === OBJECT || type === VALUE_TYPE;
}
