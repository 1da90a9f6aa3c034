/**
 * Collections and wrappers (surface/collections.ts) over `rt.collections`, `rt.arrays` (arrays and
 * List<T>, both JavaScript arrays), `rt.spans` and `rt.nullable` (runtime/collections.ts), and the
 * adjacency dictionary of runtime/edge-groups.ts.
 *
 * - The `rt.arrays` and `rt.collections` functions throw NullReferenceException for a null receiver
 *   themselves; the dictionary (`EdgeGroups`) is an object with C# members, guarded with `rt.nn`.
 * - List<T> equality (Contains, IndexOf, Remove) uses the element type's `rt.keys` key.
 * - Spans are ref structs, never null (guarded all the same should a site say otherwise).
 *   `Nullable<T>` members take the value or null as it is: a null receiver is no value, not an error.
 * - `default(KeyValuePair<K, V>)` is null (typing.ts `defaultOf`, as FirstOrDefault over a dictionary
 *   answers it), so Key and Value of null are null, as the default pair's are.
 */
import type { RuntimeCallSite } from '../runtime-call.js';
import {
  ASSIGNED,
  GUARDED,
  SELF,
  call,
  method,
  operand,
  property,
  type BindingTable,
  type Part,
} from './build.js';
import { defaultOf, keyOf } from './typing.js';

/** The equality key of the receiver's element type (`T` of List<T>). */
const ELEMENT_KEY: Part = (site) => keyOf(site.receiverTypeArguments[0]);

/** default(T) of Nullable<T>'s T. */
const VALUE_DEFAULT: Part = (site) => defaultOf(site.receiverTypeArguments[0], site.services);

function pairMember(name: 'Key' | 'Value') {
  return (site: RuntimeCallSite): string => `rt.orNull(${operand(SELF(site))}?.${name})`;
}

export const COLLECTION_BINDINGS: BindingTable = {
  'collection.count': call('rt.collections.Count', SELF),
  'readOnlyList.getItem': call('rt.collections.getItem', SELF, 0),

  'dictionary.getItem': method('get', 0),
  'dictionary.keys': property('Keys'),
  'dictionary.values': property('Values'),
  'dictionary.containsKey': method('ContainsKey', 0),
  'dictionary.tryGetValue': method('TryGetValue', 0, 1),

  'keyValuePair.key': pairMember('Key'),
  'keyValuePair.value': pairMember('Value'),

  'list.new': call('rt.arrays.newList'),
  'list.new.collection': call('rt.arrays.newList', 0),
  'list.new.capacity': call('rt.arrays.newListWithCapacity', 0),
  'list.count': call('rt.arrays.Count', SELF),
  'list.getItem': call('rt.arrays.listGet', SELF, 0),
  'list.setItem': call('rt.arrays.listSet', SELF, 0, ASSIGNED),
  'list.add': call('rt.arrays.Add', SELF, 0),
  'list.addRange': call('rt.arrays.AddRange', SELF, 0),
  'list.contains': call('rt.arrays.Contains', SELF, 0, ELEMENT_KEY),
  'list.indexOf': call('rt.arrays.IndexOf', SELF, 0, ELEMENT_KEY),
  'list.remove': call('rt.arrays.Remove', SELF, 0, ELEMENT_KEY),
  'list.clear': call('rt.arrays.Clear', SELF),
  'list.toArray': call('rt.arrays.ToArray', SELF),

  'array.length': call('rt.arrays.Length', SELF),
  'array.getItem': call('rt.arrays.get', SELF, 0),
  'array.setItem': call('rt.arrays.set', SELF, 0, ASSIGNED),

  'span.length': call('rt.spans.Length', GUARDED),
  'span.isEmpty': call('rt.spans.IsEmpty', GUARDED),
  'span.getItem': call('rt.spans.get', GUARDED, 0),
  'span.toArray': call('rt.spans.ToArray', GUARDED),
  'span.fromArray': call('rt.spans.fromArray', 0),
  'span.fromString': call('rt.spans.fromString', 0),

  'nullable.hasValue': call('rt.nullable.HasValue', SELF),
  'nullable.value': call('rt.nullable.Value', SELF),
  'nullable.getValueOrDefault': call('rt.nullable.GetValueOrDefault', SELF, VALUE_DEFAULT),
  'nullable.getValueOrDefault.default': call('rt.nullable.GetValueOrDefault', SELF, 0),
};
