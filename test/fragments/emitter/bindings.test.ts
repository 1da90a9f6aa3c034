/**
 * The binding table as a whole: it binds exactly the surface's runtime keys, and what every binding
 * generates names only runtime members that exist and no identifier outside the allowed set, whatever
 * the type arguments, receiver nullability or constant arguments of the site.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine } from '../../../src/index.js';
import { RUNTIME_BINDING_KEYS, runtimeBinding } from '../../../src/fragments/emitter/runtime-bindings.js';
import { TraversalContext, createFragmentRuntime } from '../../../src/fragments/runtime/index.js';
import {
  BOOL,
  CHAR,
  DATETIME,
  DATETIMEOFFSET,
  DAY_OF_WEEK,
  DECIMAL,
  DOUBLE,
  EDGE_MODEL,
  FLOAT,
  GUID,
  INT,
  LONG,
  OBJECT,
  STRING,
  TIMESPAN,
  VERTEX_MODEL,
  arrayOf,
  keyValuePairOf,
  listOf,
  nullableOf,
  readOnlyListOf,
  runtimeKeys,
  type CsType,
} from '../../../src/fragments/types/index.js';
import {
  RECEIVER,
  TestServices,
  argumentName,
  emit,
  foreignIdentifiers,
  memberOf,
  missingSegment,
  pathsFrom,
  type SiteOptions,
} from './binding-sites.js';

/** Type arguments the type-directed parts must handle: every kind of order, key and default. */
const TYPE_CHOICES: readonly CsType[] = [
  INT,
  LONG,
  FLOAT,
  DOUBLE,
  DECIMAL,
  BOOL,
  CHAR,
  STRING,
  OBJECT,
  DATETIME,
  DATETIMEOFFSET,
  TIMESPAN,
  GUID,
  DAY_OF_WEEK,
  nullableOf(INT),
  nullableOf(DECIMAL),
  nullableOf(DATETIME),
  nullableOf(DAY_OF_WEEK),
  VERTEX_MODEL,
  EDGE_MODEL,
  keyValuePairOf(STRING, readOnlyListOf(EDGE_MODEL)),
  arrayOf(FLOAT),
  listOf(INT),
];

interface Generated {
  readonly description: string;
  readonly js: string;
  readonly services: TestServices;
  readonly allowed: ReadonlySet<string>;
}

/** Every key at every type choice, receiver nullable and not, `TryGetProperty` with and without a literal key. */
function* everyGeneratedCall(): Generator<Generated> {
  for (const key of runtimeKeys()) {
    const member = memberOf(key);
    const names = new Set([RECEIVER, 'v0', ...member.parameters.map((_, i) => argumentName(i))]);
    for (const fill of TYPE_CHOICES) {
      for (const receiverMayBeNull of [false, true]) {
        const variants: SiteOptions[] = [{ receiverMayBeNull }];
        if (key.startsWith('object.')) variants.push({ receiverMayBeNull, receiverType: fill });
        if (key === 'element.tryGetProperty')
          variants.push({ receiverMayBeNull, constantArguments: [undefined, 'age'] });
        for (const options of variants) {
          const services = new TestServices();
          const js = emit(key, services, options, fill);
          const hoisted = services.hoisted.map((_, i) => `h${i}`);
          yield {
            description: `${key} (${JSON.stringify(options)}, type ${fill.id}): ${js}`,
            js,
            services,
            allowed: new Set(['rt', 'context', ...names, ...hoisted]),
          };
        }
      }
    }
  }
}

describe('runtime bindings: coverage', () => {
  it('binds every runtime key of the surface, and no key the surface does not have', () => {
    const surface = new Set(runtimeKeys());
    const bound = new Set(RUNTIME_BINDING_KEYS);
    assert.deepEqual(
      [...surface].filter((key) => !bound.has(key)),
      [],
      'keys without a binding',
    );
    assert.deepEqual(
      [...bound].filter((key) => !surface.has(key)),
      [],
      'bindings for keys the surface does not have',
    );
    assert.equal(bound.size, RUNTIME_BINDING_KEYS.length, 'no key bound twice');
  });

  it('answers an Error naming the key for a key it does not bind', () => {
    assert.throws(() => runtimeBinding('string.frobnicate'), /'string\.frobnicate'/);
  });

  it('reports a call site that lacks an argument the binding needs, naming the key', () => {
    assert.throws(
      () => emit('string.contains', new TestServices(), { arguments: [] }),
      /string\.contains: no argument 0/,
    );
  });
});

describe('runtime bindings: generated JavaScript', () => {
  const engine = new Engine();
  const rt = createFragmentRuntime({ graph: engine.graph });
  const context = new TraversalContext();

  it('names only rt members that exist on a real runtime, in the call and in what it hoists', () => {
    const failures: string[] = [];
    for (const generated of everyGeneratedCall()) {
      for (const text of [generated.js, ...generated.services.hoisted]) {
        for (const path of pathsFrom(text, 'rt')) {
          const missing = missingSegment(rt, path);
          if (missing !== undefined)
            failures.push(`rt.${path.join('.')} (no ${missing}) in ${generated.description}`);
        }
        for (const path of pathsFrom(text, 'context')) {
          const missing = missingSegment(context, path);
          if (missing !== undefined) failures.push(`context.${path.join('.')} in ${generated.description}`);
        }
      }
    }
    assert.deepEqual(failures.slice(0, 20), []);
  });

  it('refers to no identifier but rt, context, the receiver, the arguments and hoisted names', () => {
    const failures: string[] = [];
    for (const generated of everyGeneratedCall()) {
      const hoistedSoFar = new Set(['rt', 'context']);
      // A hoisted expression sees rt, context and the names hoisted before it; never a site's values.
      generated.services.hoisted.forEach((text, i) => {
        const foreign = foreignIdentifiers(text, hoistedSoFar);
        if (foreign.length > 0)
          failures.push(`${foreign.join(', ')} in hoisted ${text} of ${generated.description}`);
        hoistedSoFar.add(`h${i}`);
      });
      const foreign = foreignIdentifiers(generated.js, generated.allowed);
      if (foreign.length > 0) failures.push(`${foreign.join(', ')} in ${generated.description}`);
    }
    assert.deepEqual(failures.slice(0, 20), []);
  });

  it('generates text that parses as one JavaScript expression', () => {
    const failures: string[] = [];
    for (const generated of everyGeneratedCall()) {
      const hoisted = new Set(generated.services.hoisted.map((_, i) => `h${i}`));
      const names = [...generated.allowed].filter((n) => n !== 'rt' && n !== 'context' && !hoisted.has(n));
      try {
        // Declared, not run: a syntax error is all this can find.
        new Function('rt', 'context', ...names, `${generated.services.prelude()}return ${generated.js};`);
      } catch (error) {
        failures.push(`${(error as Error).message} in ${generated.description}`);
      }
    }
    assert.deepEqual(failures.slice(0, 20), []);
  });

  it('guards a receiver that may be null for the members whose runtime function does not check it', () => {
    const services = new TestServices();
    assert.equal(emit('element.label', services, { receiverMayBeNull: true }), 'rt.nn(r0).Label');
    assert.equal(emit('element.label', services, { receiverMayBeNull: false }), 'r0.Label');
    assert.equal(
      emit('dictionary.containsKey', services, { receiverMayBeNull: true }),
      'rt.nn(r0).ContainsKey(a0)',
    );
    // rt.str and rt.arrays check their receiver themselves.
    assert.equal(emit('string.length', services, { receiverMayBeNull: true }), 'rt.str.Length(r0)');
    assert.equal(emit('list.count', services, { receiverMayBeNull: true }), 'rt.arrays.Count(r0)');
    assert.equal(
      emit('element.label', services, { receiverMayBeNull: false, receiver: 'c ? x : y' }),
      '(c ? x : y).Label',
    );
    assert.equal(emit('element.label', services, { receiver: 'f(a).b' }), '(f(a).b).Label');
    assert.equal(emit('element.label', services, { receiver: 'f(a)(b)' }), '(f(a)(b)).Label');
    assert.equal(emit('element.label', services, { receiver: 'rt.edge(g(1))' }), 'rt.edge(g(1)).Label');
    assert.equal(emit('timeSpan.op_LessThan', services, { arguments: ['-x', 'f(y)'] }), '((-x) < f(y))');
    assert.equal(
      emit('int32.equals', services, { receiver: 'a', receiverMayBeNull: true }),
      '(rt.nn(a) === a0)',
    );
  });

  it('hoists the resolved key of a literal property name and passes the type code and the cell', () => {
    const services = new TestServices();
    const js = emit('element.tryGetProperty', services, {
      receiver: 'v',
      arguments: ['c0', '"age"'],
      constantArguments: [undefined, 'age'],
      typeArguments: [INT],
    });
    assert.equal(js, 'v.TryGetProperty(h0, rt.T.Int32, c0)');
    assert.deepEqual(services.hoisted, ['rt.key("age")']);
  });
});
