/**
 * The binding table: for every runtime key of the surface (`runtimeKeys()`, types/surface.ts), the
 * binding that turns a call site into JavaScript against the runtime (runtime-call.ts has the contract).
 * The families live in `bindings/`, one module per runtime area; `bindings/build.ts` is their vocabulary
 * and `bindings/typing.ts` the parts that depend on a C# type.
 *
 * What a binding may emit: `rt`, `context`, the site's receiver and argument texts, names from
 * `services.hoist` (hoisted expressions may use earlier hoisted names), and JavaScript operators and
 * literals; never a global. The tests check every key against a real runtime.
 */
import type { RuntimeBinding } from './runtime-call.js';
import type { BindingTable } from './bindings/build.js';
import { COLLECTION_BINDINGS } from './bindings/collections.js';
import { CONVERT_BINDINGS } from './bindings/convert.js';
import { GRAPH_BINDINGS } from './bindings/graph.js';
import { LINQ_BINDINGS } from './bindings/linq.js';
import { MATH_BINDINGS } from './bindings/math.js';
import { NUMBER_BINDINGS } from './bindings/numbers.js';
import { STRING_AND_CHAR_BINDINGS } from './bindings/strings.js';
import { TIME_BINDINGS } from './bindings/time.js';

const FAMILIES: readonly BindingTable[] = [
  GRAPH_BINDINGS,
  STRING_AND_CHAR_BINDINGS,
  NUMBER_BINDINGS,
  MATH_BINDINGS,
  CONVERT_BINDINGS,
  TIME_BINDINGS,
  COLLECTION_BINDINGS,
  LINQ_BINDINGS,
];

const BINDINGS = new Map<string, RuntimeBinding>();
for (const family of FAMILIES) {
  for (const [key, binding] of Object.entries(family)) {
    if (BINDINGS.has(key)) throw new Error(`runtime bindings: ${key} is bound twice`);
    BINDINGS.set(key, binding);
  }
}

/** Every key the table binds. */
export const RUNTIME_BINDING_KEYS: readonly string[] = Object.freeze([...BINDINGS.keys()]);

/** The binding of a runtime key; an Error naming the key when the table has none. */
export function runtimeBinding(key: string): RuntimeBinding {
  const binding = BINDINGS.get(key);
  if (binding === undefined) throw new Error(`no runtime binding for the key '${key}'`);
  return binding;
}
