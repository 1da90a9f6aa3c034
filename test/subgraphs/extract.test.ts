/**
 * One build of an extract (src/subgraphs/extract.ts) against docs/subgraphs.md, "The extract" and "Reads
 * and writes while it runs": what the copy holds and how it is numbered, that it shares nothing mutable
 * with its source, the element quota, the deadline and the abort, and builds over a source that is written
 * or cleared between slices.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  Engine,
  type ElementRecord,
  type Graph,
  isEngineError,
  type TypedValue,
  writeEmbedding,
} from '../../src/index.js';
import { readElement } from '../../src/engine/graph/read.js';
import {
  buildExtract,
  type ExtractionControl,
  ExtractTooLarge,
  SubgraphBudgetExhausted,
} from '../../src/subgraphs/extract.js';
import type { ElementTest, MatchRules } from '../../src/subgraphs/match.js';
import { seededRandom } from '../support/seeded-random.js';

const minute = 60_000;
const control = (over: Partial<ExtractionControl> = {}): ExtractionControl => ({
  deadlineMs: performance.now() + minute,
  budgetSeconds: 60,
  maxElements: 10_000_000,
  ...over,
});
const rules = (over: Partial<MatchRules> = {}): MatchRules => ({
  vertexFilter: null,
  edgeFilter: null,
  steps: [],
  ...over,
});

const int32 = (value: number): TypedValue => ({ type: 'Int32', value });
const string = (value: string): TypedValue => ({ type: 'String', value });
const singles = (...values: number[]): TypedValue => ({ type: 'Single[]', value: new Float32Array(values) });

/** Every live element of a graph, in id order, deep-copied so later writes cannot reach the snapshot. */
function contentsOf(graph: Graph): ElementRecord[] {
  const records: ElementRecord[] = [];
  for (let id = 0; id < graph.nextId; id++) {
    const record = readElement(graph, id);
    if (record !== undefined) records.push(structuredClone(record));
  }
  return records;
}

function snapshotOf(graph: Graph) {
  return {
    nextId: graph.nextId,
    vertexCount: graph.vertexCount,
    edgeCount: graph.edgeCount,
    idSpaceGeneration: graph.idSpaceGeneration,
    contents: contentsOf(graph),
  };
}

/** What the copy of `record` must read as, `copyIds` mapping source ids to copy ids (kept elements only). */
function expectedCopy(record: ElementRecord, copyIds: Map<number, number>): ElementRecord {
  const copied = structuredClone(record);
  copied.id = copyIds.get(record.id)!;
  if (copied.kind === 'edge') {
    copied.sourceVertex = copyIds.get(copied.sourceVertex)!;
    copied.targetVertex = copyIds.get(copied.targetVertex)!;
    return copied;
  }
  const keptOnly = (groups: Record<string, number[]> | null) => {
    if (groups === null) return null;
    const kept: Record<string, number[]> = {};
    for (const [type, edges] of Object.entries(groups)) {
      const ids = edges.filter((edge) => copyIds.has(edge)).map((edge) => copyIds.get(edge)!);
      if (ids.length > 0) kept[type] = ids;
    }
    return Object.keys(kept).length === 0 ? null : kept;
  };
  copied.outEdges = keptOnly(copied.outEdges);
  copied.inEdges = keptOnly(copied.inEdges);
  return copied;
}

/**
 * A source with holes in its id space and elements carrying labels, several property types, embeddings
 * (stamped and not) and dates. Vertices are 0-5 and 9-10, edges 6-8 and 11-13; vertex 4 and edge 7 removed.
 */
async function richSource(): Promise<Engine> {
  const engine = new Engine();
  const vertex = (i: number) => ({
    label: i % 3 === 0 ? null : i % 3 === 1 ? 'person' : 'place',
    creationDate: 1_600_000_000 + i,
    properties: [
      { key: 'w', value: int32(i) },
      { key: 'name', value: string(`v${i}`) },
      { key: 'big', value: { type: 'Int64', value: 2n ** 60n + BigInt(i) } as TypedValue },
      {
        key: 'when',
        value: {
          type: 'DateTime',
          value: { ticks: 637_000_000_000_000_000n + BigInt(i), kind: 'Utc' },
        } as TypedValue,
      },
      { key: 'vec', value: singles(i, 0.5, -i) },
    ],
  });
  const edge = (from: number, to: number, type: string, i: number) => ({
    sourceVertex: from,
    targetVertex: to,
    edgePropertyId: type,
    label: i % 2 === 0 ? 'tie' : null,
    creationDate: 1_700_000_000 + i,
    properties: [
      { key: 'w', value: int32(i) },
      { key: 'vec', value: singles(i) },
    ],
  });
  await engine.createVertices([0, 1, 2, 3, 4, 5].map(vertex));
  await engine.createEdges([edge(0, 1, 'knows', 0), edge(1, 2, 'likes', 1), edge(2, 3, 'knows', 2)]);
  await engine.createVertices([9, 10].map(vertex));
  await engine.createEdges([edge(3, 9, 'knows', 3), edge(9, 10, 'likes', 4), edge(10, 5, 'knows', 5)]);
  await engine.removeElement(4);
  await engine.removeElement(7);
  await writeEmbedding(engine, 1, 'default', [1, 2, 3], { model: 'test-model@1#3#Cosine' });
  await writeEmbedding(engine, 1, 'other', [0.25, 0.5]);
  await writeEmbedding(engine, 9, 'default', [3, 2, 1]);
  await writeEmbedding(engine, 11, 'default', [7, 8, 9], { model: 'test-model@1#3#Cosine' });
  // A later write stamps a modification date.
  await engine.setProperty(3, 'note', string('written after creation'));
  return engine;
}

/** The source elements whose `w` is not `excluded`: a vertex and an edge test from a set of ids. */
function excluding(engine: Engine, ids: readonly number[]): ElementTest {
  const excluded = new Set(ids);
  return (id) => {
    assert.ok(engine.graph.exists(id), `a rule was called for ${id}, which is not live`);
    return !excluded.has(id);
  };
}

describe('buildExtract: what the extract holds', () => {
  it('copies exactly the kept elements, vertices first then edges, each in ascending source id order and numbered from 0, with labels, types, properties, embeddings and dates', async () => {
    const engine = await richSource();
    // Vertex 2 out of scope takes edges 8 (2 -> 3) with it; edge 12 is filtered out.
    const { graph } = await buildExtract(
      engine.graph,
      () => rules({ vertexFilter: excluding(engine, [2]), edgeFilter: excluding(engine, [12]) }),
      control(),
    );
    const keptVertices = [0, 1, 3, 5, 9, 10];
    const keptEdges = [6, 11, 13];
    const copyIds = new Map([...keptVertices, ...keptEdges].map((id, index) => [id, index]));
    const expected = [...keptVertices, ...keptEdges].map((id) =>
      expectedCopy(readElement(engine.graph, id)!, copyIds),
    );
    assert.deepEqual(contentsOf(graph), expected);
    assert.equal(graph.nextId, keptVertices.length + keptEdges.length);
    assert.equal(graph.vertexCount, keptVertices.length);
    assert.equal(graph.edgeCount, keptEdges.length);
    // Embeddings sit in the extract's own vector storage, with their stamps.
    assert.deepEqual(graph.embeddings.read(copyIds.get(1)!, 'default'), {
      name: 'default',
      vector: new Float32Array([1, 2, 3]),
      model: 'test-model@1#3#Cosine',
    });
    assert.deepEqual(graph.embeddings.read(copyIds.get(1)!, 'other')?.model, null);
    assert.deepEqual(graph.embeddings.read(copyIds.get(11)!, 'default')?.vector, new Float32Array([7, 8, 9]));
    assert.ok(
      expected.some((record) => record.modificationDate !== 0),
      'some copied element carries a modification date',
    );
  });

  it('copies the modification date and embeddings of elements that hold no properties of their own', async () => {
    const engine = new Engine();
    const [written, embedded] = await engine.createVertices([{ creationDate: 3 }, { creationDate: 4 }]);
    // A property written then removed leaves a modification date and no property.
    await engine.setProperty(written, 'gone', int32(1));
    await engine.removeProperty(written, 'gone');
    await writeEmbedding(engine, embedded, 'default', [1, 2], { model: 'stamp@1#2#Cosine' });
    const [edge] = await engine.createEdges([
      { sourceVertex: written, targetVertex: embedded, edgePropertyId: 't' },
    ]);
    await writeEmbedding(engine, edge, 'default', [3, 4]);
    const { graph } = await buildExtract(engine.graph, () => rules(), control());
    assert.deepEqual(contentsOf(graph), contentsOf(engine.graph));
    assert.ok(readElement(graph, 0)!.modificationDate > 0, 'the modification date of the removal is kept');
  });

  it('answers an empty graph when nothing is kept', async () => {
    const engine = await richSource();
    const { graph } = await buildExtract(engine.graph, () => rules({ vertexFilter: () => false }), control());
    assert.deepEqual(snapshotOf(graph), {
      nextId: 0,
      vertexCount: 0,
      edgeCount: 0,
      idSpaceGeneration: 0,
      contents: [],
    });
  });

  it('never writes the source', async () => {
    const engine = await richSource();
    const before = snapshotOf(engine.graph);
    await buildExtract(
      engine.graph,
      () =>
        rules({
          steps: [
            { kind: 'vertex', test: null },
            { kind: 'edge', direction: 'both', minHops: 1, maxHops: 3, typeTest: null, edgeTest: null },
            { kind: 'vertex', test: null },
          ],
        }),
      control(),
    );
    assert.deepEqual(snapshotOf(engine.graph), before);
  });

  it('shares nothing mutable with its source: later writes, removals and in-place changes of the source leave it as it was, and the other way round', async () => {
    const engine = await richSource();
    const { graph } = await buildExtract(engine.graph, () => rules(), control());
    const copied = snapshotOf(graph);
    const source = engine.graph;

    await engine.setProperty(1, 'w', int32(-1));
    await engine.setProperty(1, 'vec', singles(42));
    await engine.setProperty(6, 'name', string('renamed'));
    await writeEmbedding(engine, 1, 'default', [9, 9, 9], { model: 'another@2#3#Cosine' });
    await engine.removeElement(10);
    await engine.removeElement(11);
    // In place: the stored objects themselves, as a shared reference would expose them.
    const keyOf = (name: string) => source.propertyKeys.find(name);
    (source.properties.get(0, keyOf('vec'))!.value as Float32Array)[0] = 1234;
    (source.properties.get(0, keyOf('when'))!.value as { ticks: bigint }).ticks = 1n;
    source.embeddings.get(9, 'default')![0] = 1234;
    assert.deepEqual(snapshotOf(graph), copied, 'the extract is unchanged');

    const sourceNow = snapshotOf(source);
    const copyKeyOf = (name: string) => graph.propertyKeys.find(name);
    (graph.properties.get(5, copyKeyOf('vec'))!.value as Float32Array)[0] = 4321;
    graph.embeddings.get(1, 'other')![0] = 4321;
    assert.deepEqual(snapshotOf(source), sourceNow, 'the source is unchanged by writes to the extract');
  });
});

describe('buildExtract: quota and budget', () => {
  it('throws ExtractTooLarge, naming the count and the limit, when the kept elements exceed maxElements', async () => {
    const engine = await richSource();
    // 8 vertices and 6 edges, one of each removed: 12 elements.
    await assert.rejects(
      buildExtract(engine.graph, () => rules(), control({ maxElements: 11 })),
      (error: unknown) =>
        error instanceof ExtractTooLarge && error.elements === 12 && error.maxElements === 11,
    );
    const { graph } = await buildExtract(engine.graph, () => rules(), control({ maxElements: 12 }));
    assert.equal(graph.nextId, 12, 'exactly maxElements is allowed');
  });

  it('stops with SubgraphBudgetExhausted (deadline) when the deadline has passed (here: the clock origin)', async () => {
    const { engine } = await largeSource(50_000, 50_000);
    await assert.rejects(
      buildExtract(
        engine.graph,
        () => rules({ vertexFilter: () => true }),
        control({ deadlineMs: 0, budgetSeconds: 7, sliceMs: 0 }),
      ),
      (error: unknown) =>
        error instanceof SubgraphBudgetExhausted && error.reason === 'deadline' && error.budgetSeconds === 7,
    );
  });

  it('stops with SubgraphBudgetExhausted before it starts when the deadline has passed or the signal is aborted, however small the source', async () => {
    const engine = await richSource();
    await assert.rejects(
      buildExtract(engine.graph, () => rules(), control({ deadlineMs: 0, budgetSeconds: 3 })),
      (error: unknown) =>
        error instanceof SubgraphBudgetExhausted && error.reason === 'deadline' && error.budgetSeconds === 3,
    );
    await assert.rejects(
      buildExtract(engine.graph, () => rules(), control({ signal: AbortSignal.abort() })),
      (error: unknown) => error instanceof SubgraphBudgetExhausted && error.reason === 'aborted',
    );
  });

  it('stops with SubgraphBudgetExhausted (aborted) when its signal is aborted, before or while it runs', async () => {
    const { engine } = await largeSource(50_000, 50_000);
    const isAborted = (error: unknown) =>
      error instanceof SubgraphBudgetExhausted && error.reason === 'aborted';
    await assert.rejects(
      buildExtract(
        engine.graph,
        () => rules({ vertexFilter: () => true }),
        control({ signal: AbortSignal.abort(), sliceMs: 0 }),
      ),
      isAborted,
    );
    const controller = new AbortController();
    const build = buildExtract(
      engine.graph,
      () => rules({ vertexFilter: () => true }),
      control({ signal: controller.signal, sliceMs: 0 }),
    );
    await nextTurn();
    controller.abort();
    await assert.rejects(build, isAborted);
  });
});

/**
 * `vertices` vertices (ids 0..n-1, `w` = id % 10 and `sid` = id) and `edges` random edges of types a and b
 * (`w` = index % 10, `sid` = their id), in transactions of at most 10,000 elements. `ends` holds each
 * edge's source and target, and `typeA` 1 for each edge of type a, by edge index.
 */
async function largeSource(
  vertices: number,
  edges: number,
  seed = 18,
): Promise<{ engine: Engine; ends: Int32Array; typeA: Uint8Array }> {
  const engine = new Engine();
  const ends = new Int32Array(2 * edges);
  const typeA = new Uint8Array(edges);
  const chunk = 10_000;
  for (let from = 0; from < vertices; from += chunk) {
    const count = Math.min(chunk, vertices - from);
    await engine.createVertices(
      Array.from({ length: count }, (_, i) => ({
        properties: [
          { key: 'w', value: int32((from + i) % 10) },
          { key: 'sid', value: int32(from + i) },
        ],
      })),
    );
  }
  const random = seededRandom(seed);
  for (let from = 0; from < edges; from += chunk) {
    const count = Math.min(chunk, edges - from);
    await engine.createEdges(
      Array.from({ length: count }, (_, i) => {
        ends[2 * (from + i)] = Math.floor(random() * vertices);
        ends[2 * (from + i) + 1] = Math.floor(random() * vertices);
        typeA[from + i] = random() < 0.5 ? 1 : 0;
        return {
          sourceVertex: ends[2 * (from + i)],
          targetVertex: ends[2 * (from + i) + 1],
          edgePropertyId: typeA[from + i] === 1 ? 'a' : 'b',
          properties: [
            { key: 'w', value: int32((from + i) % 10) },
            { key: 'sid', value: int32(vertices + from + i) },
          ],
        };
      }),
    );
  }
  return { engine, ends, typeA };
}

/** An Int32 property of a live element, read from the graph as it is now. */
function int32Of(graph: Graph, id: number, key: string): number | undefined {
  const keyId = graph.propertyKeys.find(key);
  if (keyId < 0) return undefined;
  const value = graph.properties.get(id, keyId);
  return value?.type === 'Int32' ? value.value : undefined;
}

describe('buildExtract over a source written between slices', () => {
  it('keeps the pattern rules and whole edges when writes land between its slices', async () => {
    const vertices = 50_000;
    const edges = 60_000;
    const { engine, ends, typeA } = await largeSource(vertices, edges);
    const source = engine.graph;
    // In scope: w >= 2. Pattern: an even w, an outgoing edge of type a with w < 5, any vertex. The writes
    // below never change `w`, so every rule gives the same verdict at match and at copy time.
    const inScope = (w: number) => w >= 2;
    const startPasses = (w: number) => w % 2 === 0;
    const edgePasses = (w: number) => w < 5;
    const makeRules = (): MatchRules => ({
      vertexFilter: (id) => inScope(int32Of(source, id, 'w')!),
      edgeFilter: null,
      steps: [
        {
          kind: 'vertex',
          test: (id) => {
            walkingFrom = id;
            return startPasses(int32Of(source, id, 'w')!);
          },
        },
        {
          kind: 'edge',
          direction: 'out',
          minHops: 1,
          maxHops: 1,
          typeTest: (type) => type === 'a',
          edgeTest: (id) => edgePasses(int32Of(source, id, 'w')!),
        },
        { kind: 'vertex', test: null },
      ],
    });

    // Entry 0 is tested once per start, in order: the last vertex it saw is the one the walk is at.
    let walkingFrom = -1;
    // The source ids of vertices that were, at some time, the end of a one-edge match.
    const everTerminal = new Set<number>();
    const matchesOneEdge = (fromW: number, edgeType: string, edgeW: number) =>
      inScope(fromW) && startPasses(fromW) && edgeType === 'a' && edgePasses(edgeW);
    for (let index = 0; index < edges; index++) {
      if (matchesOneEdge(ends[2 * index] % 10, typeA[index] === 1 ? 'a' : 'b', index % 10)) {
        everTerminal.add(ends[2 * index + 1]);
      }
    }

    const random = seededRandom(7);
    let building = true;
    let committedDuringBuild = 0;
    const writes: Promise<void>[] = [];
    const write = async (): Promise<void> => {
      while (building) {
        const target = Math.floor(random() * vertices);
        const [freshW, freshEdgeW] = [Math.floor(random() * 10), Math.floor(random() * 10)];
        if (matchesOneEdge(freshW, 'a', freshEdgeW)) everTerminal.add(target);
        const pending: Promise<unknown>[] = [
          // The vertex the walk is at, and any element.
          engine.removeElement(walkingFrom),
          engine.removeElement(Math.floor(random() * source.nextId)),
          engine.setProperty(target, 'note', string('written during the build')),
          engine.createVertex({ properties: [{ key: 'w', value: int32(freshW) }] }).then((id) =>
            engine.createEdge({
              sourceVertex: id,
              targetVertex: target,
              edgePropertyId: 'a',
              properties: [{ key: 'w', value: int32(freshEdgeW) }],
            }),
          ),
        ];
        // A write to an element removed meanwhile fails; that is part of the traffic, not of the test.
        for (const outcome of await Promise.allSettled(pending)) {
          if (outcome.status === 'rejected') {
            assert.ok(isEngineError(outcome.reason, 'ELEMENT_NOT_FOUND'), String(outcome.reason));
          }
        }
        if (building) committedDuringBuild++;
        await nextTurn();
      }
    };
    writes.push(write());
    const { graph } = await buildExtract(source, makeRules, control({ sliceMs: 0 }));
    building = false;
    await Promise.all(writes);
    assert.ok(committedDuringBuild > 0, 'writes committed while the build ran');

    assert.ok(graph.vertexCount > 0 && graph.edgeCount > 0, 'the extract is not empty');
    for (let id = 0; id < graph.nextId; id++) {
      const w = int32Of(graph, id, 'w');
      assert.notEqual(w, undefined, `copy element ${id} has its w`);
      if (graph.isVertex(id)) {
        assert.ok(inScope(w!), `copy vertex ${id} is in scope`);
        // It started a match or ended one: vertices created during the build have no in-edges.
        const sid = int32Of(graph, id, 'sid');
        assert.ok(
          startPasses(w!) || (sid !== undefined && everTerminal.has(sid)),
          `copy vertex ${id} (source ${sid}) lies on a match of some time`,
        );
        continue;
      }
      assert.ok(graph.isEdge(id), `copy id ${id} is a vertex or an edge`);
      const from = graph.first.view[id];
      const to = graph.second.view[id];
      assert.ok(
        graph.isVertex(from) && graph.isVertex(to),
        `copy edge ${id} has both endpoints in the extract`,
      );
      assert.equal(graph.edgeTypeOf(id), 'a');
      assert.ok(edgePasses(w!), `copy edge ${id} passes the edge test`);
      assert.ok(startPasses(int32Of(graph, from, 'w')!), `copy edge ${id} leaves a vertex passing entry 0`);
      // The endpoints are the source edge's (those created before the build carry their source ids).
      const sid = int32Of(graph, id, 'sid');
      if (sid !== undefined) {
        const index = sid - vertices;
        assert.deepEqual(
          [int32Of(graph, from, 'sid'), int32Of(graph, to, 'sid')],
          [ends[2 * index], ends[2 * index + 1]],
          `copy edge ${id} joins the copies of its source endpoints`,
        );
      }
    }
  });

  it('starts again when the source is cleared while the pattern is matched, answering the extract of the rebuilt graph', async () => {
    const { engine } = await largeSource(50_000, 20_000);
    let attempts = 0;
    const makeRules = (): MatchRules => {
      attempts++;
      return rules({ vertexFilter: (id) => int32Of(engine.graph, id, 'w')! >= 3 });
    };
    const build = buildExtract(engine.graph, makeRules, control({ sliceMs: 0 }));
    // The build has run its first slice and waits for the next turn. The clear and the rebuild are
    // submitted in the same turn, so the writer applies them together, before the build resumes.
    const rebuilt = [
      engine.clear(),
      engine.createVertices([1, 5, 2, 7].map((w) => ({ properties: [{ key: 'w', value: int32(w) }] }))),
    ];
    const { graph } = await build;
    await Promise.all(rebuilt);
    assert.equal(attempts, 2, 'the build started again once');
    const quiet = await buildExtract(engine.graph, makeRules, control());
    assert.deepEqual(contentsOf(graph), contentsOf(quiet.graph));
    assert.deepEqual(
      contentsOf(graph).map((record) => record.properties.find((p) => p.key === 'w')?.value.value),
      [5, 7],
    );
  });

  it('starts again when the source is cleared while the kept elements are copied', async () => {
    const vertices = 50_000;
    const { engine } = await largeSource(vertices, 0);
    let attempts = 0;
    let matched = false;
    const makeRules = (): MatchRules => {
      attempts++;
      // The scan tests vertices in id order: after the last one the match ends within the same slice, so
      // the build's next pause is in the copy.
      return rules({
        vertexFilter: (id) => {
          if (id === vertices - 1) matched = true;
          return true;
        },
      });
    };
    const build = buildExtract(engine.graph, makeRules, control({ sliceMs: 0 }));
    while (!matched) await nextTurn();
    const rebuilt = [engine.clear(), engine.createVertices([{ label: 'after' }, { label: 'clear' }])];
    const { graph } = await build;
    await Promise.all(rebuilt);
    assert.equal(attempts, 2, 'the build started again once');
    assert.deepEqual(
      contentsOf(graph).map((record) => record.label),
      ['after', 'clear'],
    );
  });
});
