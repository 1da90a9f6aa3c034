/**
 * `System.Convert` (surface/system.ts: `convert.<method>.<source keyword>`): every overload is
 * `rt.convertTo(target, value, sourceTypeCode)` (runtime/convert.ts), which rounds half to even, checks
 * ranges, parses strings invariantly and throws InvalidCastException where .NET defines no conversion.
 *
 * One exception: `Convert.ToString(object)` is the object's own ToString() (null gives ""), which
 * `rt.obj.textOrEmpty` is; convertTo would refuse an object that is not IConvertible (a model, a list).
 */
import type { RuntimeBinding } from '../runtime-call.js';
import { call, lowerFirst, type BindingTable } from './build.js';

/** The surface's source keywords and the runtime type code of each. */
const SOURCES: readonly (readonly [source: string, code: string])[] = [
  ['bool', 'Boolean'],
  ['char', 'Char'],
  ['sbyte', 'SByte'],
  ['byte', 'Byte'],
  ['short', 'Int16'],
  ['ushort', 'UInt16'],
  ['int', 'Int32'],
  ['uint', 'UInt32'],
  ['long', 'Int64'],
  ['ulong', 'UInt64'],
  ['float', 'Single'],
  ['double', 'Double'],
  ['decimal', 'Decimal'],
  ['string', 'String'],
  ['object', 'Object'],
  ['DateTime', 'DateTime'],
];

/** `Convert.ToX` method names and the runtime's target name of each. */
const TARGETS: readonly (readonly [method: string, target: string])[] = [
  ['ToBoolean', 'Boolean'],
  ['ToChar', 'Char'],
  ['ToByte', 'Byte'],
  ['ToInt16', 'Int16'],
  ['ToInt32', 'Int32'],
  ['ToInt64', 'Int64'],
  ['ToSingle', 'Single'],
  ['ToDouble', 'Double'],
  ['ToDecimal', 'Decimal'],
  ['ToString', 'String'],
  ['ToDateTime', 'DateTime'],
];

function convertBindings(): Record<string, RuntimeBinding> {
  const bindings: Record<string, RuntimeBinding> = {};
  for (const [method, target] of TARGETS) {
    for (const [source, code] of SOURCES) {
      bindings[`convert.${lowerFirst(method)}.${lowerFirst(source)}`] = call(
        'rt.convertTo',
        `"${target}"`,
        0,
        `rt.T.${code}`,
      );
    }
  }
  bindings['convert.toString.object'] = call('rt.obj.textOrEmpty', 0);
  return bindings;
}

export const CONVERT_BINDINGS: BindingTable = convertBindings();
