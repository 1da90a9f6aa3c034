/**
 * `System.Math` (surface/system.ts: `math.<method>.<parameter keywords>`) over `rt.math`
 * (runtime/math.ts), whose helpers are named by representation: integers held in a number share
 * `maxInt`/`minInt`/`clamp`/`signInt`, long and ulong the `Big` helpers, float the double helpers (the
 * result of Abs, Max, Min, Sign or Clamp of floats is already a float), decimal the `Decimal` helpers.
 * Round's overloads nest: `round(value, digits = 0, mode = ToEven)`.
 */
import type { RuntimeBinding } from '../runtime-call.js';
import { call, type BindingTable } from './build.js';

/** Runtime helper suffix per representation. */
function representation(keyword: string): 'Int' | 'Big' | 'Double' | 'Decimal' {
  switch (keyword) {
    case 'long':
    case 'ulong':
      return 'Big';
    case 'float':
    case 'double':
      return 'Double';
    case 'decimal':
      return 'Decimal';
    default:
      return 'Int';
  }
}

const ABS: Readonly<Record<string, string>> = {
  sbyte: 'absSByte',
  short: 'absInt16',
  int: 'absInt32',
  long: 'absInt64',
  float: 'absDouble',
  double: 'absDouble',
  decimal: 'absDecimal',
};

const MIN_MAX_TYPES = ['byte', 'sbyte', 'short', 'ushort', 'int', 'uint', 'long', 'ulong', 'float', 'double'];
const SIGN_TYPES = ['sbyte', 'short', 'int', 'long', 'float', 'double', 'decimal'];
const DOUBLE_UNARY = [
  'sqrt',
  'cbrt',
  'exp',
  'log10',
  'log2',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'sinh',
  'cosh',
  'tanh',
  'log',
];

function mathBindings(): Record<string, RuntimeBinding> {
  const bindings: Record<string, RuntimeBinding> = {};
  for (const [type, helper] of Object.entries(ABS))
    bindings[`math.abs.${type}`] = call(`rt.math.${helper}`, 0);
  for (const type of [...MIN_MAX_TYPES, 'decimal']) {
    const suffix = representation(type);
    bindings[`math.max.${type}`] = call(`rt.math.max${suffix}`, 0, 1);
    bindings[`math.min.${type}`] = call(`rt.math.min${suffix}`, 0, 1);
    const clamp = suffix === 'Big' ? 'clampBig' : suffix === 'Decimal' ? 'clampDecimal' : 'clamp';
    bindings[`math.clamp.${type}`] = call(`rt.math.${clamp}`, 0, 1, 2);
  }
  for (const type of SIGN_TYPES)
    bindings[`math.sign.${type}`] = call(`rt.math.sign${representation(type)}`, 0);
  for (const name of DOUBLE_UNARY) bindings[`math.${name}.double`] = call(`rt.math.${name}`, 0);
  Object.assign(bindings, {
    'math.log.double.double': call('rt.math.logBase', 0, 1),
    'math.pow.double.double': call('rt.math.pow', 0, 1),
    'math.atan2.double.double': call('rt.math.atan2', 0, 1),
    'math.ieeeRemainder.double.double': call('rt.math.ieeeRemainder', 0, 1),
    'math.fusedMultiplyAdd.double.double.double': call('rt.math.fusedMultiplyAdd', 0, 1, 2),
  });
  for (const [type, suffix] of [
    ['double', ''],
    ['decimal', 'Decimal'],
  ] as const) {
    bindings[`math.floor.${type}`] = call(`rt.math.floor${suffix}`, 0);
    bindings[`math.ceiling.${type}`] = call(`rt.math.ceiling${suffix}`, 0);
    bindings[`math.truncate.${type}`] = call(`rt.math.truncate${suffix}`, 0);
    const round = `rt.math.round${suffix}`;
    bindings[`math.round.${type}`] = call(round, 0);
    bindings[`math.round.${type}.int`] = call(round, 0, 1);
    bindings[`math.round.${type}.mode`] = call(round, 0, '0', 1);
    bindings[`math.round.${type}.int.mode`] = call(round, 0, 1, 2);
  }
  return bindings;
}

export const MATH_BINDINGS: BindingTable = mathBindings();
