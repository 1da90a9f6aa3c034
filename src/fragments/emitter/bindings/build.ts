/**
 * The vocabulary the binding families are written in: a binding is declared as the runtime function it
 * calls and the parts it passes, and this module turns that into the JavaScript of one call site.
 *
 *   call('rt.str.Contains', SELF, 0)         rt.str.Contains(<receiver>, <argument 0>)
 *   method('TryGetOutEdge', 1, 0)            rt.nn(<receiver>).TryGetOutEdge(<argument 1>, <argument 0>)
 *   property('Label')                        <receiver>.Label (guarded when it may be null)
 *
 * A part is an argument index, JavaScript text taken as it is (`'void 0'`, `'rt.T.Int32'`), or a
 * function of the site (type-directed parts: orders, equality keys, defaults). Arguments may be passed
 * in another order than C#'s only when the moved ones are `out` cells (plain names, no evaluation).
 */
import type { RuntimeBinding, RuntimeCallSite } from '../runtime-call.js';

export type Part = (site: RuntimeCallSite) => string;
export type PartSpec = number | string | Part;
export type BindingTable = Readonly<Record<string, RuntimeBinding>>;

/** `undefined` without naming the global: the value of an omitted optional JavaScript parameter. */
export const OMITTED = 'void 0';

/** C#'s int.MaxValue: the `count` of the Split overloads that take none. */
export const INT_MAX = '2147483647';

function fail(site: RuntimeCallSite, what: string): never {
  throw new Error(`runtime binding ${site.key}: ${what}`);
}

export function argumentOf(site: RuntimeCallSite, index: number): string {
  const value = site.arguments[index];
  if (value === undefined) fail(site, `no argument ${index} (the emitter passes one per parameter)`);
  return value;
}

function receiverOf(site: RuntimeCallSite): string {
  if (site.receiver === undefined) fail(site, 'no receiver for an instance member');
  return site.receiver;
}

const SIMPLE_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** A name path, or a name path called once (`rt.nn(x)`), with no string literal to confuse the count. */
function isPrimary(expression: string): boolean {
  if (SIMPLE_PATH.test(expression)) return true;
  const open = expression.indexOf('(');
  if (open <= 0 || !SIMPLE_PATH.test(expression.slice(0, open)) || /["'`]/.test(expression)) return false;
  let depth = 0;
  for (let i = open; i < expression.length; i++) {
    if (expression[i] === '(') depth++;
    else if (expression[i] === ')' && --depth === 0) return i === expression.length - 1;
  }
  return false;
}

/** `expression` ready for a member access or an operator: parenthesized unless it is primary already. */
export function operand(expression: string): string {
  return isPrimary(expression) ? expression : `(${expression})`;
}

/** The receiver as it is: the runtime function called checks it for null itself. */
export const SELF: Part = receiverOf;

/** The receiver, wrapped in `rt.nn` when it may be null (NullReferenceException instead of a TypeError). */
export const GUARDED: Part = (site) =>
  site.receiverMayBeNull ? `rt.nn(${receiverOf(site)})` : receiverOf(site);

/** The value assigned through a settable indexer. */
export const ASSIGNED: Part = (site) => site.assignedValue ?? fail(site, 'no assigned value for a setter');

export function part(spec: PartSpec, site: RuntimeCallSite): string {
  if (typeof spec === 'number') return argumentOf(site, spec);
  return typeof spec === 'string' ? spec : spec(site);
}

function parts(specs: readonly PartSpec[], site: RuntimeCallSite): string {
  return specs.map((spec) => part(spec, site)).join(', ');
}

/** `callee(parts...)`. */
export function call(callee: string, ...specs: PartSpec[]): RuntimeBinding {
  return (site) => `${callee}(${parts(specs, site)})`;
}

/** `callee(parts...)` where the callee itself depends on the site (a hoisted helper). */
export function callOf(callee: Part, ...specs: PartSpec[]): RuntimeBinding {
  return (site) => `${callee(site)}(${parts(specs, site)})`;
}

/** JavaScript text that needs no call: a runtime constant (`rt.str.Empty`). */
export function constant(expression: string): RuntimeBinding {
  return () => expression;
}

/** The single part itself (an identity conversion, `+t` of a TimeSpan), parenthesized as needed. */
export function same(spec: PartSpec): RuntimeBinding {
  return (site) => operand(part(spec, site));
}

function guardedOperand(site: RuntimeCallSite): string {
  return site.receiverMayBeNull ? `rt.nn(${receiverOf(site)})` : operand(receiverOf(site));
}

/** `receiver.Name` on an object with C#-named members (element views, edge groups, context). */
export function property(name: string): RuntimeBinding {
  return (site) => `${guardedOperand(site)}.${name}`;
}

/** `receiver.Name(parts...)` on an object with C#-named members. */
export function method(name: string, ...specs: PartSpec[]): RuntimeBinding {
  return (site) => `${guardedOperand(site)}.${name}(${parts(specs, site)})`;
}

/** `(left op right)` with both sides parenthesized as needed. */
export function binary(operator: string, left: PartSpec, right: PartSpec): RuntimeBinding {
  return (site) => `(${operand(part(left, site))} ${operator} ${operand(part(right, site))})`;
}

/** `(left.field op right.field)`: DateTime comparisons by ticks. */
export function fieldComparison(field: string, operator: string): RuntimeBinding {
  return (site) =>
    `(${operand(argumentOf(site, 0))}.${field} ${operator} ${operand(argumentOf(site, 1))}.${field})`;
}

/** `(compare(a, b) op 0)`: ordering operators through a runtime comparison. */
export function comparedWith(compare: string, operator: string): RuntimeBinding {
  return (site) => `(${compare}(${argumentOf(site, 0)}, ${argumentOf(site, 1)}) ${operator} 0)`;
}

/** The six comparison operators C# names op_Equality ... op_GreaterThanOrEqual, by JavaScript operator. */
export const COMPARISON_OPERATORS: readonly (readonly [name: string, operator: string])[] = [
  ['op_Equality', '==='],
  ['op_Inequality', '!=='],
  ['op_LessThan', '<'],
  ['op_GreaterThan', '>'],
  ['op_LessThanOrEqual', '<='],
  ['op_GreaterThanOrEqual', '>='],
];

/** `{ 'prefix.op_Equality': ..., ... }` from a binding per JavaScript operator. */
export function comparisonOperators(
  prefix: string,
  bindingFor: (operator: string) => RuntimeBinding,
): Record<string, RuntimeBinding> {
  return Object.fromEntries(COMPARISON_OPERATORS.map(([name, op]) => [`${prefix}.${name}`, bindingFor(op)]));
}

/** Lower camel case of a CLR name, as the surface keys spell types (`Int32` -> `int32`). */
export function lowerFirst(name: string): string {
  return name[0].toLowerCase() + name.slice(1);
}
