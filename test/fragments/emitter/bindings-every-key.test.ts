/**
 * Every binding runs: each key is generated with a value of each parameter type (type parameters are
 * int) and evaluated against a real runtime. A .NET exception is a fine answer (Convert.ToInt32 of a
 * DateTime is InvalidCastException in .NET too); a JavaScript error (a missing function, an argument in
 * the wrong place) or an `undefined` from a non-void member is a broken binding.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  FragmentException,
  TraversalContext,
  type FragmentRuntime,
} from '../../../src/fragments/runtime/index.js';
import { runtimeKeys, type CsType } from '../../../src/fragments/types/index.js';
import { runtimeBinding } from '../../../src/fragments/emitter/runtime-bindings.js';
import { runtimeFixture, type RuntimeFixture } from '../runtime/helpers.js';
import { TestServices, evaluate, memberOf, siteFor } from './binding-sites.js';

let fixture: RuntimeFixture;
let rt: FragmentRuntime;
const context = new TraversalContext({ queryVector: new Float32Array([1, 0, 0]) });

before(async () => {
  fixture = await runtimeFixture();
  rt = fixture.rt;
});

/** A JavaScript value of a C# type, as the runtime represents it (type parameters are int here). */
function sampleOf(type: CsType): string {
  if (type.kind === 'array') return `[${sampleOf(type.elementType)}, ${sampleOf(type.elementType)}]`;
  if (type.kind !== 'named') return '1';
  const name = type.definition.name;
  if (type.definition.kind === 'enum') return '0';
  switch (type.definition.keyword ?? name) {
    case 'bool':
      return 'true';
    case 'char':
      return '97';
    case 'long':
    case 'ulong':
      return '1n';
    case 'float':
    case 'double':
      return '1.5';
    case 'decimal':
      return 'rt.dec.fromInt(1)';
    case 'string':
      return '"1"';
    case 'object':
      return 'rt.obj.box(rt.T.Int32, 1)';
    case 'DateTime':
      return 'rt.dateTime.create(2024, 1, 2)';
    case 'DateTimeOffset':
      return 'rt.dateTimeOffset.fromDateTime(rt.dateTime.create(2024, 1, 2))';
    case 'TimeSpan':
      return '36000000000n';
    case 'Guid':
      return 'rt.guid.Empty';
    case 'Nullable':
      return sampleOf(type.typeArguments[0]);
    case 'AGraphElementModel':
    case 'VertexModel':
      return 'env.alice';
    case 'EdgeModel':
      return 'env.edge';
    case 'IReadOnlyDictionary':
      return 'env.groups';
    case 'KeyValuePair':
      return 'env.pair';
    case 'TraversalContext':
      return 'context';
    default:
      if (type.definition.kind === 'delegate')
        return `() => ${sampleOf(type.typeArguments.at(-1) as CsType)}`;
      if (type.typeArguments.length === 1)
        return sampleOf({ kind: 'array', id: -1, elementType: type.typeArguments[0] });
      return '1';
  }
}

describe('runtime bindings: every key', () => {
  it('runs with a value of each parameter type, answering a value or a .NET exception, never a JavaScript error', () => {
    const failures: string[] = [];
    for (const key of runtimeKeys()) {
      const member = memberOf(key);
      const probe = siteFor(key, new TestServices());
      const services = new TestServices();
      const site = {
        ...probe,
        services,
        ...(probe.receiver === undefined ? {} : { receiver: sampleOf(probe.receiverType as CsType) }),
        arguments: member.parameters.map((p, i) =>
          p.modifier === 'out' ? 'env.cell' : sampleOf(probe.argumentTypes[i]),
        ),
        ...(probe.assignedValue === undefined ? {} : { assignedValue: '1' }),
      };
      const js = runtimeBinding(key)(site);
      const groups = rt.vertex(fixture.alice).OutEdges;
      const env = {
        alice: rt.vertex(fixture.alice),
        edge: rt.edge(fixture.edges[1]),
        groups,
        pair: rt.linq.First(groups),
        cell: rt.out<unknown>(null),
      };
      try {
        const result = evaluate(rt, context, services, js, env);
        const isVoid =
          member.type.kind === 'named' && member.type.definition.name === 'Void' && member.kind === 'method';
        if (result === undefined && !isVoid) failures.push(`${key}: undefined from ${js}`);
      } catch (error) {
        if (!(error instanceof FragmentException)) failures.push(`${key}: ${String(error)} from ${js}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
