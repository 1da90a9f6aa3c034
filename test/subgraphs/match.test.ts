/**
 * The extraction phases (src/subgraphs/match.ts) against docs/subgraphs.md, "How an extract is chosen":
 * random small graphs and rules compared with a brute-force enumerator of matching simple paths, and one
 * hand-written case per rule.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { Engine } from '../../src/index.js';
import {
  MatchCounters,
  type MatchRules,
  matchTask,
  ruleCallUnits,
  unitsPerYield,
} from '../../src/subgraphs/match.js';
import { seededRandom } from '../support/seeded-random.js';
import {
  bruteForce,
  buildSpec,
  CallLog,
  type Direction,
  type EntrySpec,
  type GraphSpec,
  keptOf,
  type Pred,
  rulesOf,
  type RulesSpec,
  runMatch,
} from './support.js';

const edgeTypes = ['a', 'b', 'c'] as const;
const maxVertices = 7;
const maxEdges = 14;
const propertyRuns = 500;
/** Fixed, so a failure replays; fast-check prints it with the counterexample. */
const propertySeed = 0x5b9a_0718;

const w = fc.integer({ min: 0, max: 5 });
/** Absent two times in three, so that patterns of five entries still match often. */
const pred: fc.Arbitrary<Pred | null> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.record({ kind: fc.constant('ge' as const), k: fc.integer({ min: 0, max: 4 }) }),
      fc.record({
        kind: fc.constant('mod' as const),
        m: fc.integer({ min: 2, max: 3 }),
        r: fc.integer({ min: 0, max: 1 }),
      }),
    ),
  },
);

/** Sizes drawn without fast-check's bias towards small values, so most graphs have several edges. */
const sizes = fc.noBias(
  fc.tuple(fc.integer({ min: 1, max: maxVertices }), fc.integer({ min: 0, max: maxEdges })),
);
const graphSpec: fc.Arbitrary<GraphSpec> = sizes.chain(([n, edgeCount]) =>
  fc.record({
    vertexWs: fc.array(w, { minLength: n, maxLength: n }),
    firstBatch: fc.integer({ min: 1, max: n }),
    edges: fc.array(
      fc.record({
        from: fc.integer({ min: 0, max: n - 1 }),
        to: fc.integer({ min: 0, max: n - 1 }),
        type: fc.constantFrom(...edgeTypes),
        w,
      }),
      { minLength: edgeCount, maxLength: edgeCount },
    ),
    removedVertices: fc.subarray(
      Array.from({ length: n }, (_, i) => i),
      { maxLength: 1 },
    ),
    removedEdges: fc.subarray(
      Array.from({ length: edgeCount }, (_, i) => i),
      { maxLength: Math.min(2, edgeCount) },
    ),
  }),
);

const vertexEntry: fc.Arbitrary<EntrySpec> = pred.map((p) => ({ kind: 'vertex', pred: p }));
const edgeEntry: fc.Arbitrary<EntrySpec> = fc
  .record({
    variable: fc.boolean(),
    direction: fc.constantFrom<Direction>('out', 'in', 'both'),
    a: fc.integer({ min: 1, max: 3 }),
    b: fc.integer({ min: 1, max: 3 }),
    types: fc.option(fc.subarray([...edgeTypes], { minLength: 1 }), { freq: 2 }),
    pred,
  })
  .map(({ variable, direction, a, b, types, pred: p }) => ({
    kind: 'edge',
    variable,
    direction,
    minHops: variable ? Math.min(a, b) : 1,
    maxHops: variable ? Math.max(a, b) : 1,
    types,
    pred: p,
  }));

const rulesSpec: fc.Arbitrary<RulesSpec> = fc.record({
  vertexFilter: pred,
  edgeFilter: pred,
  // Longer patterns weigh more: they are the ones that exercise the walk.
  entries: fc
    .oneof(
      { weight: 1, arbitrary: fc.constantFrom(0, 1) },
      { weight: 2, arbitrary: fc.constant(3) },
      { weight: 4, arbitrary: fc.constant(5) },
    )
    .chain(
      (length) =>
        fc.tuple(
          ...Array.from({ length }, (_, i) => (i % 2 === 0 ? vertexEntry : edgeEntry)),
        ) as fc.Arbitrary<EntrySpec[]>,
    ),
});

const vertex = (p: Pred | null = null): EntrySpec => ({ kind: 'vertex', pred: p });
const edge = (
  direction: Direction = 'out',
  options: Partial<Extract<EntrySpec, { kind: 'edge' }>> = {},
): EntrySpec => ({
  kind: 'edge',
  variable: false,
  direction,
  minHops: 1,
  maxHops: 1,
  types: null,
  pred: null,
  ...options,
});
const variable = (minHops: number, maxHops: number, direction: Direction = 'out'): EntrySpec =>
  edge(direction, { variable: true, minHops, maxHops });
const atLeast = (value: number): Pred => ({ kind: 'ge', k: value });

async function extractOf(graph: GraphSpec, rules: RulesSpec) {
  const { engine, model } = await buildSpec(graph);
  const log = new CallLog();
  const { outcome } = runMatch(engine, rulesOf(rules, model, log));
  return { kept: keptOf(engine, outcome), expected: bruteForce(model, rules), log };
}

/** A graph of vertices 0..n-1 (their `w` as given) and edges n, n+1, ... in order, nothing removed. */
function plain(vertexWs: number[], edges: [number, number, string?, number?][]): GraphSpec {
  return {
    vertexWs,
    firstBatch: vertexWs.length,
    edges: edges.map(([from, to, type, weight]) => ({ from, to, type: type ?? 'a', w: weight ?? 0 })),
    removedVertices: [],
    removedEdges: [],
  };
}

describe('subgraph matching against a brute-force enumeration of paths', () => {
  it('keeps exactly the elements on some matching simple path (the scope without a pattern), calling each rule at most once per element and entry', async () => {
    await fc.assert(
      fc.asyncProperty(graphSpec, rulesSpec, async (graph, rules) => {
        const { kept, expected, log } = await extractOf(graph, rules);
        assert.deepEqual(kept, expected);
        assert.deepEqual(log.repeated(), [], 'no rule runs twice for one element and entry');
      }),
      { numRuns: propertyRuns, seed: propertySeed },
    );
  });

  it('gives the same result however often the walk pauses (a larger graph, resumed after every yield)', async () => {
    const random = seededRandom(18);
    // Dense, and mostly of one edge type, so adjacency groups hold many pairs and pauses fall inside them.
    const n = 400;
    const graph: GraphSpec = {
      vertexWs: Array.from({ length: n }, () => Math.floor(random() * 6)),
      firstBatch: 150,
      edges: Array.from({ length: 4000 }, () => ({
        from: Math.floor(random() * n),
        to: Math.floor(random() * n),
        type: random() < 0.8 ? 'a' : edgeTypes[Math.floor(random() * 3)],
        w: Math.floor(random() * 6),
      })),
      removedVertices: [3, 200, 300],
      removedEdges: [0, 10, 2000],
    };
    const rules: RulesSpec = {
      vertexFilter: { kind: 'ge', k: 1 },
      edgeFilter: { kind: 'ge', k: 1 },
      entries: [
        vertex({ kind: 'mod', m: 2, r: 0 }),
        edge('both', { variable: true, minHops: 1, maxHops: 2, types: ['a', 'b'] }),
        vertex({ kind: 'ge', k: 2 }),
        edge('in', { pred: { kind: 'mod', m: 2, r: 1 } }),
        vertex(),
      ],
    };
    const { engine, model } = await buildSpec(graph);
    const counters = new MatchCounters();
    const { outcome, yields } = runMatch(engine, rulesOf(rules, model), counters);
    assert.ok(yields > 10, `the walk yielded ${yields} times (every ${unitsPerYield} units)`);
    const kept = keptOf(engine, outcome);
    assert.ok(kept.edges.length > 0, 'the pattern matches something');
    assert.deepEqual(kept, bruteForce(model, rules));
  });
});

describe('subgraph matching over a graph written while the walk is paused', () => {
  // A start test costs one unit plus a rule call: the walk pauses once a slice's units are spent.
  const testsPerSlice = Math.ceil(unitsPerYield / (1 + ruleCallUnits));

  it('abandons the walk from a vertex removed during a pause instead of reading another vertex edges', async () => {
    // 0 -> 1..10 and s -> 11..20. Only s passes entry 0; the s starts before it (s included) spend the
    // slice, so the walk pauses with s pushed, before it opens s's out-edges.
    const s = testsPerSlice - 1;
    const engine = new Engine();
    await engine.createVertices(Array.from({ length: s + 1 }, () => ({})));
    const fan = (from: number, first: number) =>
      Array.from({ length: 10 }, (_, i) => ({
        sourceVertex: from,
        targetVertex: first + i,
        edgePropertyId: 'a',
      }));
    await engine.createEdges(fan(0, 1));
    await engine.createEdges(fan(s, 11));
    const tested: number[] = [];
    const rules: MatchRules = {
      vertexFilter: null,
      edgeFilter: null,
      steps: [
        {
          kind: 'vertex',
          test: (id) => {
            tested.push(id);
            return id === s;
          },
        },
        { kind: 'edge', direction: 'out', minHops: 1, maxHops: 1, typeTest: null, edgeTest: null },
        { kind: 'vertex', test: null },
      ],
    };
    const task = matchTask(engine.graph, rules);
    assert.equal(task.next().done, false, 'the walk paused');
    assert.equal(tested.at(-1), s, `the walk paused at the start ${s}`);
    await engine.removeElement(s);
    let step = task.next();
    while (step.done !== true) step = task.next();
    const keptLive = [...step.value.keep.keys()].filter(
      (id) => step.value.keep[id] === 1 && engine.graph.exists(id),
    );
    assert.deepEqual(keptLive, [], `no live element lies on a path from ${s}, the only start`);
  });

  it('abandons a partial path whose edge was removed during a pause', async () => {
    // 0 -> 1, then 1 -> 2..(fanSize + 1). Testing 1's edges (a rule call each) pauses the walk among them.
    const fanSize = 2 * testsPerSlice;
    const vertices = fanSize + 2;
    const engine = new Engine();
    await engine.createVertices(Array.from({ length: vertices }, () => ({})));
    const [link] = await engine.createEdges([{ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'a' }]);
    await engine.createEdges(
      Array.from({ length: fanSize }, (_, i) => ({
        sourceVertex: 1,
        targetVertex: 2 + i,
        edgePropertyId: 'a',
      })),
    );
    const tested: number[] = [];
    const rules: MatchRules = {
      vertexFilter: null,
      edgeFilter: null,
      steps: [
        { kind: 'vertex', test: (id) => id === 0 },
        { kind: 'edge', direction: 'out', minHops: 1, maxHops: 1, typeTest: null, edgeTest: null },
        { kind: 'vertex', test: null },
        {
          kind: 'edge',
          direction: 'out',
          minHops: 1,
          maxHops: 1,
          typeTest: null,
          edgeTest: (id) => {
            tested.push(id);
            return true;
          },
        },
        { kind: 'vertex', test: null },
      ],
    };
    const task = matchTask(engine.graph, rules);
    assert.equal(task.next().done, false, 'the walk paused');
    const testedBeforePause = tested.length;
    assert.ok(testedBeforePause > 0 && testedBeforePause < fanSize, 'the walk paused among the edges of 1');
    await engine.removeElement(link);
    let step = task.next();
    while (step.done !== true) step = task.next();
    assert.equal(tested.length, testedBeforePause, 'no edge of 1 is tested once 0 -> 1 is gone');
    const keptFan = [...step.value.keep.keys()].filter((id) => id > link && step.value.keep[id] === 1);
    assert.deepEqual(keptFan, tested.slice(0, testedBeforePause), 'only the paths matched before the pause');
  });
});

describe('subgraph matching rules, one case each', () => {
  it('never matches a self-loop, in any direction or length', async () => {
    const graph = plain(
      [0, 0],
      [
        [0, 0],
        [1, 1],
      ],
    );
    for (const step of [edge('out'), edge('in'), edge('both'), variable(1, 3, 'both')]) {
      const { kept } = await extractOf(graph, {
        vertexFilter: null,
        edgeFilter: null,
        entries: [vertex(), step, vertex()],
      });
      assert.deepEqual(kept, { vertices: [], edges: [] });
    }
  });

  it('discards a path that cycles back to its start, keeping the simple prefix', async () => {
    // 0 -> 1 -> 2 -> 0 (edges 3, 4, 5); only vertex 0 has w 9.
    const graph = plain(
      [9, 0, 0],
      [
        [0, 1],
        [1, 2],
        [2, 0],
      ],
    );
    const back = await extractOf(graph, {
      vertexFilter: null,
      edgeFilter: null,
      entries: [vertex(atLeast(9)), variable(1, 3), vertex(atLeast(9))],
    });
    assert.deepEqual(back.kept, { vertices: [], edges: [] });
    const onward = await extractOf(graph, {
      vertexFilter: null,
      edgeFilter: null,
      entries: [vertex(atLeast(9)), variable(1, 3), vertex()],
    });
    assert.deepEqual(onward.kept, { vertices: [0, 1, 2], edges: [3, 4] });
  });

  it('treats parallel edges as separate paths, each tested on its own', async () => {
    // Three edges 0 -> 1: types a, b, a (ids 2, 3, 4), the last with w 5.
    const graph = plain(
      [0, 0],
      [
        [0, 1, 'a'],
        [0, 1, 'b'],
        [0, 1, 'a', 5],
      ],
    );
    const all = await extractOf(graph, {
      vertexFilter: null,
      edgeFilter: null,
      entries: [vertex(), edge(), vertex()],
    });
    assert.deepEqual(all.kept, { vertices: [0, 1], edges: [2, 3, 4] });
    const typed = await extractOf(graph, {
      vertexFilter: null,
      edgeFilter: null,
      entries: [vertex(), edge('out', { types: ['a'] }), vertex()],
    });
    assert.deepEqual(typed.kept, { vertices: [0, 1], edges: [2, 4] });
    const weighed = await extractOf(graph, {
      vertexFilter: null,
      edgeFilter: null,
      entries: [vertex(), edge('out', { types: ['a'], pred: atLeast(5) }), vertex()],
    });
    assert.deepEqual(weighed.kept, { vertices: [0, 1], edges: [4] });
  });

  it('walks an undirected step along and against the edges', async () => {
    // 0 -> 1 <- 2 (edges 3, 4); 0 has w 9.
    const graph = plain(
      [9, 0, 0],
      [
        [0, 1],
        [2, 1],
      ],
    );
    const entries = (direction: Direction) => [
      vertex(atLeast(9)),
      edge(direction),
      vertex(),
      edge(direction),
      vertex(),
    ];
    const both = await extractOf(graph, { vertexFilter: null, edgeFilter: null, entries: entries('both') });
    assert.deepEqual(both.kept, { vertices: [0, 1, 2], edges: [3, 4] });
    const out = await extractOf(graph, { vertexFilter: null, edgeFilter: null, entries: entries('out') });
    assert.deepEqual(out.kept, { vertices: [], edges: [] });
    const reversed = await extractOf(graph, {
      vertexFilter: null,
      edgeFilter: null,
      entries: [vertex(), edge('in'), vertex(atLeast(9))],
    });
    assert.deepEqual(reversed.kept, { vertices: [0, 1], edges: [3] });
  });

  it('tests only the terminal vertex after a variable-length step; the vertices in between need only be in scope', async () => {
    // 0 -> 1 -> 2 -> 3 (edges 4, 5, 6); w: 9, 1, 0, 7.
    const graph = plain(
      [9, 1, 0, 7],
      [
        [0, 1],
        [1, 2],
        [2, 3],
      ],
    );
    const rules = (vertexFilter: Pred | null): RulesSpec => ({
      vertexFilter,
      edgeFilter: null,
      entries: [vertex(atLeast(9)), variable(1, 3), vertex(atLeast(7))],
    });
    const through = await extractOf(graph, rules(null));
    assert.deepEqual(through.kept, { vertices: [0, 1, 2, 3], edges: [4, 5, 6] });
    // Out of scope (an even w), vertex 2 breaks the walk.
    const broken = await extractOf(graph, rules({ kind: 'mod', m: 2, r: 1 }));
    assert.deepEqual(broken.kept, { vertices: [], edges: [] });
    // minLength counts hops: three are needed, at most two allowed.
    const short = await extractOf(graph, {
      vertexFilter: null,
      edgeFilter: null,
      entries: [vertex(atLeast(9)), variable(1, 2), vertex(atLeast(7))],
    });
    assert.deepEqual(short.kept, { vertices: [], edges: [] });
  });

  it('keeps the phase 1 and 2 scope when the pattern is empty: edges need both endpoints in scope', async () => {
    // 0 -> 1, 1 -> 2, 0 -> 2 (edges 3, 4, 5); vertex 1 has w 0, the edge 5 has w 0.
    const graph = plain(
      [3, 0, 3],
      [
        [0, 1, 'a', 4],
        [1, 2, 'a', 4],
        [0, 2, 'a', 0],
      ],
    );
    const { kept } = await extractOf(graph, { vertexFilter: atLeast(1), edgeFilter: null, entries: [] });
    assert.deepEqual(kept, { vertices: [0, 2], edges: [5] });
    const filtered = await extractOf(graph, { vertexFilter: null, edgeFilter: atLeast(1), entries: [] });
    assert.deepEqual(filtered.kept, { vertices: [0, 1, 2], edges: [3, 4] });
  });

  it('calls a rule at most once per element and entry, however many paths pass through it', async () => {
    // A complete directed graph on five vertices: many paths share every element.
    const edges: [number, number, string][] = [];
    for (let from = 0; from < 5; from++) {
      for (let to = 0; to < 5; to++) if (from !== to) edges.push([from, to, edgeTypes[(from + to) % 3]]);
    }
    const graph = plain([1, 2, 3, 4, 5], edges);
    const rules: RulesSpec = {
      vertexFilter: atLeast(0),
      edgeFilter: atLeast(0),
      entries: [
        vertex(atLeast(0)),
        edge('both', { variable: true, minHops: 1, maxHops: 3, types: ['a', 'b', 'c'], pred: atLeast(0) }),
        vertex(atLeast(0)),
        edge('out', { types: ['a', 'c'], pred: atLeast(0) }),
        vertex(atLeast(0)),
      ],
    };
    const { kept, log } = await extractOf(graph, rules);
    assert.equal(kept.vertices.length, 5);
    assert.deepEqual(log.repeated(), []);
    // Every element met by a rule was tested by it: the vertex filter saw all five vertices once.
    for (let id = 0; id < 5; id++) assert.equal(log.calls.get(`vertexFilter:${id}`), 1);
    // The type tests ran once per type and entry.
    for (const type of edgeTypes) assert.equal(log.calls.get(`entry1.type:${type}`), 1);
  });
});
