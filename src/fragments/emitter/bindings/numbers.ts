/**
 * `object`, `bool` and the numeric types' members (surface/system.ts): parsing through `rt.parse` /
 * `rt.tryParse` (runtime/convert.ts), comparison and equality with .NET's per-type rules, and text
 * through `rt.format.value` (runtime/format.ts).
 *
 * CompareTo differs by type in .NET: byte, sbyte, short and ushort answer the difference of the values,
 * int, uint, long and ulong -1/0/1, float and double order NaN first (`rt.floating`), decimal by value.
 * Equals of float and double holds for NaN and NaN, unlike `==`.
 *
 * object's members reach every type without its own (enums, `T?`, models, lists, KeyValuePair): a value
 * type receiver is boxed with its type code first (enums with their underlying type's, as the emitter
 * boxes them), and a `T?` receiver follows Nullable<T>'s overrides (no value: Equals(null) is true,
 * GetHashCode() 0, ToString() empty).
 */
import { OBJECT, isNullableValueType, stripNullable, type CsType } from '../../types/index.js';
import type { RuntimeBinding, RuntimeCallSite } from '../runtime-call.js';
import { GUARDED, SELF, argumentOf, binary, call, lowerFirst, type BindingTable } from './build.js';
import { hasTypeCode, toStringOf, typeCodeOf } from './typing.js';

function receiverTypeOf(site: RuntimeCallSite): CsType {
  return site.receiverType ?? OBJECT;
}

const objectEquals: RuntimeBinding = (site) => {
  const type = receiverTypeOf(site);
  const { services } = site;
  const other = argumentOf(site, 0);
  if (isNullableValueType(type)) {
    const code = typeCodeOf(stripNullable(type), services);
    const equals = services.hoist(
      `(value, other) => value === null ? other === null : rt.obj.equals(rt.obj.box(${code}, value), other)`,
    );
    return `${equals}(${SELF(site)}, ${other})`;
  }
  if (hasTypeCode(type)) {
    return `rt.obj.equals(rt.obj.box(${typeCodeOf(type, services)}, ${SELF(site)}), ${other})`;
  }
  return `rt.obj.equals(${GUARDED(site)}, ${other})`;
};

const objectGetHashCode: RuntimeBinding = (site) => {
  const type = receiverTypeOf(site);
  const { services } = site;
  if (isNullableValueType(type)) {
    const code = typeCodeOf(stripNullable(type), services);
    const hash = services.hoist(`(value) => value === null ? 0 : rt.obj.getHashCode(value, ${code})`);
    return `${hash}(${SELF(site)})`;
  }
  // rt.obj.getHashCode throws NullReferenceException for a null receiver.
  const code = hasTypeCode(type) ? typeCodeOf(type, services) : 'rt.T.Object';
  return `rt.obj.getHashCode(${SELF(site)}, ${code})`;
};

const OBJECT_BINDINGS: BindingTable = {
  'object.equals': objectEquals,
  'object.getHashCode': objectGetHashCode,
  // rt.obj.toString (references) throws NullReferenceException itself; value types are never null.
  'object.toString': (site) => toStringOf(receiverTypeOf(site), SELF(site), site.services),
  'object.equalsStatic': call('rt.obj.equals', 0, 1),
  'object.referenceEquals': call('rt.obj.refEquals', 0, 1),
};

const BOOLEAN_BINDINGS: BindingTable = {
  'boolean.parse': call('rt.parse', '"Boolean"', 0),
  'boolean.tryParse': call('rt.tryParse', '"Boolean"', 0, 1),
  'boolean.compareTo': call('rt.orders.Boolean.compare', GUARDED, 0),
  'boolean.equals': binary('===', GUARDED, 0),
  'boolean.toString': call('rt.format.value', GUARDED, 'rt.T.Boolean'),
};

type Comparison = 'difference' | 'integer' | 'floating' | 'decimal';

/** The numeric types by CLR name, with the CompareTo rule of each. */
const NUMERIC_TYPES: readonly (readonly [clr: string, comparison: Comparison])[] = [
  ['SByte', 'difference'],
  ['Byte', 'difference'],
  ['Int16', 'difference'],
  ['UInt16', 'difference'],
  ['Int32', 'integer'],
  ['UInt32', 'integer'],
  ['Int64', 'integer'],
  ['UInt64', 'integer'],
  ['Single', 'floating'],
  ['Double', 'floating'],
  ['Decimal', 'decimal'],
];

const COMPARE_TO: Readonly<Record<Comparison, RuntimeBinding>> = {
  difference: binary('-', GUARDED, 0),
  integer: call('rt.compareIntegers', GUARDED, 0),
  floating: call('rt.floating.CompareTo', GUARDED, 0),
  decimal: call('rt.dec.compare', GUARDED, 0),
};

const EQUALS: Readonly<Record<Comparison, RuntimeBinding>> = {
  difference: binary('===', GUARDED, 0),
  integer: binary('===', GUARDED, 0),
  floating: call('rt.floating.Equals', GUARDED, 0),
  decimal: call('rt.dec.eq', GUARDED, 0),
};

const FLOATING_STATICS = ['IsNaN', 'IsInfinity', 'IsPositiveInfinity', 'IsNegativeInfinity', 'IsFinite'];

function numericBindings(clr: string, comparison: Comparison): Record<string, RuntimeBinding> {
  const k = lowerFirst(clr);
  const bindings: Record<string, RuntimeBinding> = {
    [`${k}.parse`]: call('rt.parse', `"${clr}"`, 0),
    [`${k}.tryParse`]: call('rt.tryParse', `"${clr}"`, 0, 1),
    [`${k}.compareTo`]: COMPARE_TO[comparison],
    [`${k}.equals`]: EQUALS[comparison],
    [`${k}.toString`]: call('rt.format.value', GUARDED, `rt.T.${clr}`),
  };
  if (comparison === 'floating') {
    for (const name of FLOATING_STATICS)
      bindings[`${k}.${lowerFirst(name)}`] = call(`rt.floating.${name}`, 0);
  }
  return bindings;
}

export const NUMBER_BINDINGS: BindingTable = {
  ...OBJECT_BINDINGS,
  ...BOOLEAN_BINDINGS,
  ...Object.assign({}, ...NUMERIC_TYPES.map(([clr, comparison]) => numericBindings(clr, comparison))),
};
