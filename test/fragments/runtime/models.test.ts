import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import {
  Boxed,
  ClrType,
  EdgeView,
  FragmentException,
  KeyValuePair,
  VertexView,
  type ClrTypeName,
} from '../../../src/fragments/runtime/index.js';
import { ALICE_PROPERTIES, ISOLATED_CREATED_SECONDS, emitted, runtimeFixture } from './helpers.js';

const throwsDotNet = (fn: () => unknown, name: string, message?: string) =>
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof FragmentException, `expected a ${name}, got ${String(error)}`);
    assert.equal(error.name, name);
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });

describe('element views: typed reads (TryGetProperty<T>)', () => {
  it('reads a stored Int32 as int and refuses every other type, object excepted', async () => {
    const { rt, alice } = await runtimeFixture();
    const v = rt.vertex(alice);
    const cell = rt.out<unknown>(undefined);
    const age = rt.key('age');
    assert.equal(v.TryGetProperty(age, ClrType.Int32, cell), true);
    assert.equal(cell.value, 42);
    for (const other of [
      'Int64',
      'Int16',
      'UInt32',
      'Double',
      'Single',
      'Decimal',
      'String',
    ] as ClrTypeName[]) {
      assert.equal(v.TryGetProperty(age, ClrType[other], cell), false, other);
    }
    assert.equal(v.TryGetProperty(age, ClrType.Object, cell), true);
    assert.deepEqual(cell.value, new Boxed(ClrType.Int32, 42));
  });

  it('leaves default(T) in the out cell when the read fails', async () => {
    const { rt, alice } = await runtimeFixture();
    const v = rt.vertex(alice);
    const cell = rt.out<unknown>('untouched');
    const expected: [ClrTypeName, unknown][] = [
      ['Int32', 0],
      ['Int64', 0n],
      ['Boolean', false],
      ['String', null],
      ['Object', null],
      ['TimeSpan', 0n],
      ['Guid', '00000000-0000-0000-0000-000000000000'],
      ['Char', 0],
    ];
    for (const [type, value] of expected) {
      assert.equal(v.TryGetProperty(rt.key('missing'), ClrType[type], cell), false);
      assert.deepEqual(cell.value, value, type);
    }
    assert.equal(v.TryGetProperty(rt.key('missing'), ClrType.Decimal, cell), false);
    assert.ok((cell.value as Decimal).eq(0));
    assert.equal(v.TryGetProperty(rt.key('missing'), ClrType.DateTime, cell), false);
    assert.deepEqual(cell.value, { ticks: 0n, kind: 'Unspecified' });
  });

  it('reads an Int64 beyond 2^53 exactly, as long only', async () => {
    const { rt, alice } = await runtimeFixture();
    const cell = rt.out<unknown>(null);
    const v = rt.vertex(alice);
    assert.equal(v.TryGetProperty(rt.key('big'), ClrType.Int64, cell), true);
    assert.equal(cell.value, 2n ** 60n + 1n);
    assert.equal(v.TryGetProperty(rt.key('big'), ClrType.Int32, cell), false);
    assert.equal(v.TryGetProperty(rt.key('big'), ClrType.Double, cell), false);
  });

  it('gives each stored type in its runtime representation', async () => {
    const { rt, alice } = await runtimeFixture();
    const v = rt.vertex(alice);
    const cell = rt.out<unknown>(null);
    const read = (key: string, type: ClrTypeName) => {
      assert.equal(v.TryGetProperty(rt.key(key), ClrType[type], cell), true, key);
      return cell.value;
    };
    assert.equal(read('score', 'Double'), 1.5);
    assert.equal(read('ratio', 'Single'), Math.fround(0.1));
    assert.ok((read('price', 'Decimal') as Decimal).eq(new Decimal('12.5')));
    assert.deepEqual(read('born', 'DateTime'), { ticks: 630822816000000000n, kind: 'Utc' });
    assert.equal(read('flag', 'Boolean'), true);
    assert.equal(read('initial', 'Char'), 0x41, 'a char is its code unit');
    assert.equal(read('nick', 'String'), 'Al');
    assert.equal(read('small', 'Int16'), -7);
    assert.equal(read('id', 'Guid'), ALICE_PROPERTIES.id.value);
    assert.equal(read('wait', 'TimeSpan'), 36_000_000_000n);
    assert.equal(read('nick', 'Object'), 'Al', 'a string is its own object');
  });

  it('reads a key named at run time, and finds nothing for null', async () => {
    const { rt, alice } = await runtimeFixture();
    const cell = rt.out<unknown>(null);
    const v = rt.vertex(alice);
    assert.equal(v.TryGetPropertyNamed('a' + 'ge', ClrType.Int32, cell), true);
    assert.equal(cell.value, 42);
    assert.equal(v.TryGetPropertyNamed(null, ClrType.Int32, cell), false);
  });

  it('resolves a literal key that appears after the runtime was made', async () => {
    const { rt, engine, bob } = await runtimeFixture();
    const later = rt.key('joined');
    const cell = rt.out<unknown>(null);
    assert.equal(rt.vertex(bob).TryGetProperty(later, ClrType.Int32, cell), false);
    await engine.setProperty(bob, 'joined', { type: 'Int32', value: 2019 });
    assert.equal(rt.vertex(bob).TryGetProperty(later, ClrType.Int32, cell), true);
    assert.equal(cell.value, 2019);
  });

  it('copies a float[] read but hands out the stored embedding span as it is', async () => {
    const { rt, alice, engine } = await runtimeFixture();
    const v = rt.vertex(alice);
    const array = rt.out<unknown>(null);
    assert.equal(v.TryGetProperty(rt.key('$embedding:default'), ClrType.SingleArray, array), true);
    (array.value as Float32Array)[0] = 99;
    const span = rt.out(new Float32Array(0));
    assert.equal(v.TryGetEmbedding(null, span), true);
    assert.deepEqual([...span.value], [1, 0, 0]);
    const stored = engine.graph.embeddings.get(alice, 'default')!;
    assert.ok(
      span.value.buffer === stored.buffer && span.value.byteOffset === stored.byteOffset,
      'the span is the stored vector',
    );
  });
});

describe('element views: members of AGraphElementModel', () => {
  it('reads label, id, dates and the property count (reserved entries included)', async () => {
    const { rt, alice, isolated } = await runtimeFixture();
    const a = rt.vertex(alice);
    assert.equal(a.Id, alice);
    assert.equal(a.Label, 'person');
    assert.equal(rt.vertex(isolated).Label, null);
    assert.equal(a.GetPropertyCount(), 1 + Object.keys(ALICE_PROPERTIES).length + 2);
    assert.deepEqual(rt.vertex(isolated).GetCreationDate(), {
      ticks: 621355968000000000n + BigInt(ISOLATED_CREATED_SECONDS) * 10_000_000n,
      kind: 'Utc',
    });
    assert.deepEqual(rt.vertex(isolated).GetModificationDate(), rt.vertex(isolated).GetCreationDate());
    assert.equal(rt.vertex(isolated).GetPropertyCount(), 0);
  });

  it('shows AnyPropertyValueMatches only string values, never names or reserved entries', async () => {
    const { rt, alice, isolated } = await runtimeFixture();
    const seen: string[] = [];
    assert.equal(
      rt.vertex(alice).AnyPropertyValueMatches((value) => {
        seen.push(value);
        return false;
      }),
      false,
    );
    assert.deepEqual(seen.sort(), ['Al', 'Alice']);
    assert.equal(
      rt.vertex(alice).AnyPropertyValueMatches((value) => value.startsWith('Ali')),
      true,
    );
    assert.equal(
      rt.vertex(isolated).AnyPropertyValueMatches(() => true),
      false,
    );
    throwsDotNet(() => rt.vertex(alice).AnyPropertyValueMatches(null), 'NullReferenceException');
  });

  it('reads embeddings and their model stamps by name', async () => {
    const { rt, alice, bob, isolated } = await runtimeFixture();
    const span = rt.out(new Float32Array(1));
    const stamp = rt.out<string | null>('x');
    assert.equal(rt.vertex(alice).TryGetEmbedding('default', span), true);
    assert.equal(span.value.length, 3);
    assert.equal(rt.vertex(alice).TryGetEmbedding('other', span), false);
    assert.equal(span.value.length, 0, 'default(ReadOnlySpan<float>) is empty');
    assert.equal(rt.vertex(alice).TryGetEmbeddingModelStamp(null, stamp), true);
    assert.equal(stamp.value, 'bge-micro#3#Cosine');
    assert.equal(rt.vertex(bob).TryGetEmbeddingModelStamp('default', stamp), false);
    assert.equal(stamp.value, null);
    assert.equal(rt.vertex(isolated).TryGetEmbedding(null, span), false);
  });
});

describe('element views: adjacency of VertexModel', () => {
  it('answers null OutEdges and InEdges for an isolated vertex, and degrees of 0', async () => {
    const { rt, isolated, trent, eve } = await runtimeFixture();
    const v = rt.vertex(isolated);
    assert.equal(v.OutEdges, null);
    assert.equal(v.InEdges, null);
    assert.equal(v.GetOutDegree(), 0);
    assert.equal(v.GetInDegree(), 0);
    assert.equal(rt.vertex(trent).OutEdges, null);
    assert.equal(rt.vertex(eve).InEdges, null);
  });

  it('dereferencing a null OutEdges through rt.nn is a NullReferenceException', async () => {
    const { rt, trent } = await runtimeFixture();
    const filter = emitted<(v: VertexView) => boolean>(
      rt,
      null,
      'return (v) => { rt.enter(); return rt.nn(v.OutEdges).Count > 0; };',
    );
    throwsDotNet(
      () => filter(rt.vertex(trent)),
      'NullReferenceException',
      'Object reference not set to an instance of an object.',
    );
  });

  it('groups edges by type as a read-only dictionary', async () => {
    const { rt, alice, mallory, edges } = await runtimeFixture();
    const out = rt.vertex(alice).OutEdges!;
    assert.equal(out.Count, 2);
    assert.deepEqual([...out.Keys], ['communicatesWith', 'trusts']);
    assert.deepEqual(
      [...out.Values].map((list) => list.Count),
      [1, 1],
    );
    assert.equal(out.ContainsKey('trusts'), true);
    assert.equal(out.ContainsKey('attacks'), false);
    const cell = rt.out<unknown>(undefined);
    assert.equal(out.TryGetValue('attacks', cell as never), false);
    assert.equal(cell.value, null);
    assert.equal(out.TryGetValue('trusts', cell as never), true);
    const pairs = [...out];
    assert.ok(pairs.every((pair) => pair instanceof KeyValuePair));
    assert.deepEqual(
      pairs.map((pair) => [pair.Key, [...pair.Value].map((e) => e.Id)]),
      [
        ['communicatesWith', [edges[0]]],
        ['trusts', [edges[1]]],
      ],
    );
    throwsDotNet(
      () => out.get('attacks'),
      'KeyNotFoundException',
      "The given key 'attacks' was not present in the dictionary.",
    );
    throwsDotNet(() => out.ContainsKey(null), 'ArgumentNullException');
    const attacks = rt.vertex(mallory).OutEdges!.get('attacks');
    assert.equal(attacks.Count, 2);
    assert.equal(rt.vertex(mallory).GetOutDegree(), 2);
  });

  it('makes edge views only for the edges a fragment reads', async () => {
    const { rt, mallory } = await runtimeFixture();
    let made = 0;
    const original = rt.scope.edge.bind(rt.scope);
    rt.scope.edge = (id: number) => {
      made++;
      return original(id);
    };
    const list = rt.vertex(mallory).OutEdges!.get('attacks');
    assert.equal(list.Count, 2);
    assert.equal(rt.linq.Count(list), 2);
    assert.equal(rt.linq.Any(list), true);
    assert.equal(made, 0);
    assert.equal(list.get(1).TargetVertex.Label, 'person');
    assert.equal(made, 1);
  });

  it('gives one group with TryGetOutEdge / TryGetInEdge, null when absent', async () => {
    const { rt, alice, bob, eve, edges } = await runtimeFixture();
    const cell = rt.out<unknown>(undefined);
    assert.equal(rt.vertex(alice).TryGetOutEdge('trusts', cell as never), true);
    assert.deepEqual(
      [...(cell.value as Iterable<EdgeView>)].map((e) => e.Id),
      [edges[1]],
    );
    assert.equal(rt.vertex(alice).TryGetOutEdge('attacks', cell as never), false);
    assert.equal(cell.value, null);
    assert.equal(rt.vertex(alice).TryGetOutEdge(null, cell as never), false);
    assert.equal(rt.vertex(bob).TryGetInEdge('attacks', cell as never), true);
    assert.equal(rt.vertex(eve).TryGetInEdge('attacks', cell as never), false);
  });

  it('gives spans with Length, an empty span when absent, and IndexOutOfRangeException past the end', async () => {
    const { rt, alice, mallory } = await runtimeFixture();
    const span = rt.out(rt.scope.emptySpan);
    assert.equal(rt.vertex(mallory).TryGetOutEdgesSpan('attacks', span), true);
    assert.equal(span.value.Length, 2);
    assert.equal(span.value.get(0).SourceVertex.Id, mallory);
    throwsDotNet(() => span.value.get(2), 'IndexOutOfRangeException');
    assert.equal(rt.vertex(alice).TryGetInEdgesSpan('trusts', span), false);
    assert.equal(span.value.Length, 0);
    assert.equal(span.value.IsEmpty, true);
    const list = rt.vertex(mallory).OutEdges!.get('attacks');
    throwsDotNet(() => list.get(-1), 'ArgumentOutOfRangeException');
  });
});

describe('element views: EdgeModel and element lookup', () => {
  it('reads the endpoints as vertex views, the edge type and the label', async () => {
    const { rt, alice, trent, edges } = await runtimeFixture();
    const e = rt.edge(edges[1]);
    assert.ok(e.SourceVertex instanceof VertexView);
    assert.equal(e.SourceVertex.Id, alice);
    assert.equal(e.TargetVertex.Id, trent);
    assert.equal(e.EdgePropertyId, 'trusts');
    assert.equal(e.Label, 'trusts');
    assert.equal(rt.edge(edges[0]).Label, null);
    assert.equal(e.GetPropertyCount(), 0);
  });

  it('makes the right view for any live id, and nothing for an absent one', async () => {
    const { rt, alice, edges } = await runtimeFixture();
    assert.ok(rt.element(alice) instanceof VertexView);
    assert.ok(rt.element(edges[0]) instanceof EdgeView);
    assert.equal(rt.element(10_000), undefined);
  });

  it('runs the issue fragment over the sample graph', async () => {
    const { rt, engine, alice, bob } = await runtimeFixture();
    await engine.setProperty(bob, 'age', { type: 'Int64', value: 50n });
    const filter = emitted<(v: VertexView) => boolean>(
      rt,
      null,
      `const k0 = rt.key("age"); const c0 = rt.out(0);
       return (v) => { rt.enter(); return v.Label === "person" && v.TryGetProperty(k0, rt.T.Int32, c0) && c0.value > 30; };`,
    );
    const passing = [];
    for (let id = 0; id < engine.nextId; id++) {
      const view = rt.element(id);
      if (view instanceof VertexView && filter(view)) passing.push(id);
    }
    assert.deepEqual(passing, [alice], 'an Int64 age is not an int');
  });
});
