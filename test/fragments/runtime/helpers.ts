/**
 * A small fixed graph for the runtime's tests: the sample graph (Alice, Bob, Eve, Mallory, Trent and six
 * edges), typed properties on Alice, an embedding written the way the embeddings feature will write it,
 * and one isolated vertex.
 */
import { Decimal } from 'decimal.js';
import { Engine, addSampleGraph, type TypedValue } from '../../../src/index.js';
import { createFragmentRuntime, type FragmentRuntime } from '../../../src/fragments/runtime/index.js';

export interface RuntimeFixture {
  engine: Engine;
  rt: FragmentRuntime;
  alice: number;
  bob: number;
  eve: number;
  mallory: number;
  trent: number;
  isolated: number;
  /** Edge ids: Alice->Bob communicatesWith, Alice->Trent trusts, Bob->Trent trusts, Eve->Alice attacks,
   * Mallory->Alice attacks, Mallory->Bob attacks. */
  edges: number[];
}

export const ALICE_PROPERTIES: Record<string, TypedValue> = {
  age: { type: 'Int32', value: 42 },
  big: { type: 'Int64', value: 2n ** 60n + 1n },
  score: { type: 'Double', value: 1.5 },
  ratio: { type: 'Single', value: Math.fround(0.1) },
  price: { type: 'Decimal', value: new Decimal('12.50') },
  born: { type: 'DateTime', value: { ticks: 630822816000000000n, kind: 'Utc' } },
  flag: { type: 'Boolean', value: true },
  initial: { type: 'Char', value: 'A' },
  nick: { type: 'String', value: 'Al' },
  small: { type: 'Int16', value: -7 },
  id: { type: 'Guid', value: '0f8fad5b-d9cb-469f-a165-70867728950e' },
  wait: { type: 'TimeSpan', value: 36_000_000_000n },
};

/** Unix seconds of the isolated vertex's creation: 2020-01-02T03:04:05Z. */
export const ISOLATED_CREATED_SECONDS = 1_577_934_245;

export async function runtimeFixture(maxSteps?: number): Promise<RuntimeFixture> {
  const engine = new Engine();
  const { vertices, edges } = await addSampleGraph(engine);
  const [alice, bob, eve, mallory, trent] = vertices;
  for (const [key, value] of Object.entries(ALICE_PROPERTIES)) await engine.setProperty(alice, key, value);
  const isolated = await engine.createVertex({ creationDate: ISOLATED_CREATED_SECONDS });
  // Written below the API into the embedding store: the public API has no provider stamps yet.
  const graph = engine.graph;
  graph.embeddings.set(alice, 'default', new Float32Array([1, 0, 0]), 'bge-micro#3#Cosine');
  graph.embeddings.set(bob, 'default', new Float32Array([0.6, 0.8, 0]), null);
  const rt = createFragmentRuntime({ graph, maxSteps });
  return { engine, rt, alice, bob, eve, mallory, trent, isolated, edges };
}

/** Builds a delegate from emitter-style source text, as compiled fragments are built. */
export function emitted<D>(rt: FragmentRuntime, context: unknown, source: string): D {
  const factory = new Function('rt', 'context', source) as (rt: FragmentRuntime, context: unknown) => D;
  return factory(rt, context);
}
