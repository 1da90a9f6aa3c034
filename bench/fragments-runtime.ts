/**
 * Per-call cost of a compiled filter: the issue's fragment
 * `v => v.Label == "person" && v.TryGetProperty(out int age, "age") && age > 30`, compiled by the
 * fragment compiler (src/fragments/compiler.ts) and run against `FragmentRuntime`,
 * called once per vertex with a fresh view, beside a hand-written closure reading the engine directly
 * (`graph.labelOf`, `graph.properties.get`) in the same run over the same 1M vertices. Target for the
 * compiled version: at most 1.5x the hand-written closure.
 *
 * Two more loops show where the time goes: one reuses a single view for every vertex (measurement only:
 * views are not pooled, see models.ts), the other reads the engine through the allocation-free pair
 * offsets the views use (`properties.locate`) instead of `properties.get`.
 *
 *   node --expose-gc dist/bench/fragments-runtime.js [--vertices 1e6] [--runs 9] [--quick]
 */
import { Engine, type VertexInput } from '../src/index.js';
import { compileFragment } from '../src/fragments/compiler.js';
import { DELEGATE_KINDS } from '../src/fragments/types/index.js';
import {
  EMPTY_TRAVERSAL_CONTEXT,
  createFragmentRuntime,
  type FragmentFactory,
} from '../src/fragments/runtime/index.js';
import type { VertexView } from '../src/fragments/runtime/index.js';
import { typeTag } from '../src/engine/graph/property-store.js';
import { bulkBatch, median, num, numericFlags, seconds, seededRandom, table, verdict } from './common.js';
import { printMachine } from './machine.js';

const targetRatio = 1.5;
/** Share of vertices labelled `person`; the rest are `company`. */
const personShare = 0.6;
/** Share of persons whose `age` is an Int64, which an `int` read must not match. */
const int64AgeShare = 0.05;
const maxAge = 90;

const flags = numericFlags(
  { vertices: 1_000_000, runs: 9, warmup: 3, seed: 42 },
  { vertices: 100_000, runs: 7 },
);

/** The issue's fragment, compiled by the fragment compiler as a route would. */
const fragmentText = 'return v => v.Label == "person" && v.TryGetProperty(out int age, "age") && age > 30;';

async function load(engine: Engine, count: number, seed: number): Promise<void> {
  const random = seededRandom(seed);
  for (let done = 0; done < count;) {
    const size = Math.min(bulkBatch, count - done);
    const operations = new Array<{ kind: 'createVertex'; input: VertexInput }>(size);
    for (let i = 0; i < size; i++) {
      const person = random() < personShare;
      const age = Math.floor(random() * maxAge);
      const wide = random() < int64AgeShare;
      operations[i] = {
        kind: 'createVertex',
        input: {
          label: person ? 'person' : 'company',
          properties: [
            { key: 'name', value: { type: 'String', value: `n${done + i}` } },
            {
              key: 'age',
              value: wide ? { type: 'Int64', value: BigInt(age) } : { type: 'Int32', value: age },
            },
          ],
        },
      };
    }
    await engine.submit(operations);
    done += size;
  }
}

printMachine('fragment per-call cost: a compiled VertexFilter against its hand-written equivalent');
const { vertices, runs, warmup, seed } = flags;
console.log(`-- ${num(vertices)} vertices (${personShare * 100}% person), properties name (String) and age`);

const engine = new Engine();
const loadStart = performance.now();
await load(engine, vertices, seed);
console.log(`build through Engine.submit: ${seconds(performance.now() - loadStart)}`);
const graph = engine.graph;
const endId = graph.nextId;

function handWritten(): number {
  const ageKey = graph.propertyKeys.find('age');
  const properties = graph.properties;
  const filter = (id: number): boolean => {
    if (graph.labelOf(id) !== 'person') return false;
    const age = properties.get(id, ageKey);
    return age !== undefined && age.type === 'Int32' && age.value > 30;
  };
  let matches = 0;
  for (let id = 0; id < endId; id++) if (filter(id)) matches++;
  return matches;
}

const outcome = compileFragment<(v: VertexView) => boolean>(DELEGATE_KINDS.VertexFilter, fragmentText);
if (!outcome.ok)
  throw new Error(`the bench fragment does not compile: ${JSON.stringify(outcome.diagnostics)}`);
const factory = outcome.fragment.factory as FragmentFactory<(v: VertexView) => boolean>;
console.log(`generated source:\n${outcome.fragment.source}`);

function compiled(): number {
  const rt = createFragmentRuntime({ graph });
  const filter = factory(rt, EMPTY_TRAVERSAL_CONTEXT);
  let matches = 0;
  for (let id = 0; id < endId; id++) if (filter(rt.vertex(id))) matches++;
  return matches;
}

function handWrittenLocate(): number {
  const ageKey = graph.propertyKeys.find('age');
  const properties = graph.properties;
  const int32Tag = typeTag('Int32');
  const filter = (id: number): boolean => {
    if (graph.labelOf(id) !== 'person') return false;
    const pair = properties.locate(id, ageKey);
    return pair >= 0 && properties.tagOf(pair, ageKey) === int32Tag && properties.inlineAt(pair) > 30;
  };
  let matches = 0;
  for (let id = 0; id < endId; id++) if (filter(id)) matches++;
  return matches;
}

function compiledReusedView(): number {
  const rt = createFragmentRuntime({ graph });
  const filter = factory(rt, EMPTY_TRAVERSAL_CONTEXT);
  const view = rt.vertex(0) as { Id: number } & VertexView;
  let matches = 0;
  for (let id = 0; id < endId; id++) {
    view.Id = id;
    if (filter(view)) matches++;
  }
  return matches;
}

interface Loop {
  name: string;
  run: () => number;
  times: number[];
  matches: number;
}
const loops: Loop[] = [
  { name: 'compiled by the fragment compiler', run: compiled, times: [], matches: -1 },
  { name: 'hand-written over the engine (reference)', run: handWritten, times: [], matches: -1 },
  { name: '  compiled, one reused view', run: compiledReusedView, times: [], matches: -1 },
  { name: '  hand-written over properties.locate', run: handWrittenLocate, times: [], matches: -1 },
];
for (let i = 0; i < warmup; i++) for (const loop of loops) loop.run();
for (let i = 0; i < runs; i++) {
  for (let k = 0; k < loops.length; k++) {
    const loop = loops[(i + k) % loops.length];
    const started = performance.now();
    loop.matches = loop.run();
    loop.times.push(performance.now() - started);
  }
}
const [runtime, reference] = loops;
if (loops.some((loop) => loop.matches !== reference.matches)) {
  throw new Error(`the loops disagree: ${loops.map((loop) => `${loop.name}: ${loop.matches}`).join(', ')}`);
}

const nsPerElement = (loop: Loop) => (median(loop.times) * 1e6) / endId;
const ratio = nsPerElement(runtime) / nsPerElement(reference);
const perRunRatios = runtime.times.map((ms, i) => ms / reference.times[i]);
console.log(
  `median of ${runs} runs after ${warmup} warm-up runs each; ${num(reference.matches)} vertices match`,
);
console.log();
console.log(
  table([
    ['loop', 'median', 'ns/vertex', 'x reference'],
    ...loops.map((loop) => [
      loop.name,
      seconds(median(loop.times)),
      nsPerElement(loop).toFixed(1),
      (nsPerElement(loop) / nsPerElement(reference)).toFixed(2),
    ]),
  ]),
);
console.log();
console.log(
  `compiled / hand-written: ${ratio.toFixed(2)}x (median of per-run ratios ${median(perRunRatios).toFixed(2)}x); ` +
    `target <= ${targetRatio}x: ${verdict(ratio <= targetRatio)}`,
);
