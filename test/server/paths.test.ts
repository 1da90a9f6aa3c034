/**
 * POST /path/{from}/to/{to} over HTTP (docs/paths.md, with its semantic block): both algorithms through the wire, the filter and cost defaults of a present block, stored
 * queries, the semantic block (scores bit-identical to the vector scan), and every status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { storedQueriesOf } from '../../src/storedqueries/index.js';
import {
  assertJson,
  assertProblem,
  Client,
  describePrefix,
  prefixes,
  startServer,
  useServer,
  type TestServer,
} from '../support/server.js';
import { unlimited } from '../support/conventions-server.js';

interface Step {
  sourceVertexId: number;
  targetVertexId: number;
  edgeId: number;
  edgePropertyId: string;
  direction: number;
  weight: number;
}
interface WirePath {
  pathElements: Step[];
  totalWeight: number;
}

const vertexRoute = (path: WirePath) => [
  path.pathElements[0].sourceVertexId,
  ...path.pathElements.map((s) => s.targetVertexId),
];

/** The smallest double above / below x. */
function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x >= 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}
function nextDown(x: number): number {
  return -nextUp(-x);
}

for (const prefix of prefixes) {
  describe(`POST /path/{from}/to/{to}: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix, { rateLimit: unlimited, fragmentMaxSteps: 10_000 });
    const path = (from: number, to: number, body?: unknown) =>
      fixture.client.post(`/path/${from}/to/${to}`, body);
    const paths = async (from: number, to: number, body?: unknown) =>
      assertJson<WirePath[]>(await path(from, to, body));

    /** 0 -> 1 -> 3 and 0 -> 2 -> 3 (types road/rail), 3 -> 4; edges 5..9. */
    async function diamond(): Promise<void> {
      await fixture.client.vertices({}, {}, {}, {}, {});
      await fixture.client.edges(
        { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'road' },
        { sourceVertex: 1, targetVertex: 3, edgePropertyId: 'road' },
        { sourceVertex: 0, targetVertex: 2, edgePropertyId: 'rail' },
        { sourceVertex: 2, targetVertex: 3, edgePropertyId: 'rail' },
        { sourceVertex: 3, targetVertex: 4, edgePropertyId: 'road' },
      );
    }

    describe('results', () => {
      it('answers BLS paths by default, an empty body and no body alike', async () => {
        await diamond();
        const expected = [
          {
            pathElements: [
              {
                sourceVertexId: 0,
                targetVertexId: 1,
                edgeId: 5,
                edgePropertyId: 'road',
                direction: 1,
                weight: 0,
              },
              {
                sourceVertexId: 1,
                targetVertexId: 3,
                edgeId: 6,
                edgePropertyId: 'road',
                direction: 1,
                weight: 0,
              },
            ],
            totalWeight: 0,
          },
          {
            pathElements: [
              {
                sourceVertexId: 0,
                targetVertexId: 2,
                edgeId: 7,
                edgePropertyId: 'rail',
                direction: 1,
                weight: 0,
              },
              {
                sourceVertexId: 2,
                targetVertexId: 3,
                edgeId: 8,
                edgePropertyId: 'rail',
                direction: 1,
                weight: 0,
              },
            ],
            totalWeight: 0,
          },
        ];
        assert.deepEqual(await paths(0, 3, {}), expected);
        assert.deepEqual(await paths(0, 3), expected);
        assert.deepEqual(await paths(0, 3, { pathAlgorithmName: null }), expected);
        // Walked backwards: every step against the stored direction.
        const back = await paths(4, 0, {});
        assert.deepEqual(
          back.map((p) => p.pathElements.map((s) => s.direction)),
          [
            [0, 0, 0],
            [0, 0, 0],
          ],
        );
      });

      it('answers [] for a missing vertex, the same vertex twice, maxDepth 0, maxResults 0 and an unknown algorithm', async () => {
        await diamond();
        assert.deepEqual(await paths(0, 99, {}), []);
        assert.deepEqual(await paths(99, 0, {}), []);
        assert.deepEqual(await paths(0, 5, {}), [], 'an edge id is no vertex');
        assert.deepEqual(await paths(3, 3, {}), []);
        assert.deepEqual(await paths(0, 3, { maxDepth: 0 }), []);
        assert.deepEqual(await paths(0, 3, { maxResults: 0 }), []);
        assert.deepEqual(await paths(0, 3, { pathAlgorithmName: 'A*' }), []);
        assert.deepEqual(
          await paths(0, 3, { pathAlgorithmName: 'dijkstra' }),
          [],
          'matched case-sensitively',
        );
      });

      it('runs DIJKSTRA: K paths by weight; no cost block costs 1 per edge and 0 per vertex', async () => {
        await diamond();
        const found = await paths(0, 4, { pathAlgorithmName: 'DIJKSTRA', maxResults: 5 });
        assert.deepEqual(found.map(vertexRoute), [
          [0, 1, 3, 4],
          [0, 2, 3, 4],
        ]);
        assert.deepEqual(
          found.map((p) => p.totalWeight),
          [3, 3],
        );
        assert.ok(found.every((p) => p.pathElements.every((s) => s.weight === 1)));
      });

      it('a cost block without vertexCost costs 1 per vertex reached; vertexCost null costs 0', async () => {
        await diamond();
        const edgeCost = 'return e => e.EdgePropertyId == "rail" ? 0.5 : 2.0;';
        const withDefault = await paths(0, 3, { pathAlgorithmName: 'DIJKSTRA', cost: { edgeCost } });
        assert.deepEqual(
          withDefault[0].pathElements.map((s) => s.weight),
          [1.5, 1.5],
        );
        const pure = await paths(0, 3, {
          pathAlgorithmName: 'DIJKSTRA',
          cost: { edgeCost, vertexCost: null },
        });
        assert.deepEqual(
          pure[0].pathElements.map((s) => s.weight),
          [0.5, 0.5],
        );
        const emptyBlock = await paths(0, 3, { pathAlgorithmName: 'DIJKSTRA', cost: {} });
        assert.equal(emptyBlock[0].totalWeight, 4, 'the default edge cost 1 and vertex cost 1');
        const vertexOnly = await paths(0, 3, {
          pathAlgorithmName: 'DIJKSTRA',
          cost: { vertexCost: 'return v => v.Id == 3 ? 0.0 : 10.0;' },
          maxResults: 1,
        });
        assert.deepEqual(
          vertexOnly[0].pathElements.map((s) => s.weight),
          [11, 1],
          'edge cost 1 (default) plus the vertex reached',
        );
      });

      it('applies filter fragments, the type filter before the edge filter', async () => {
        await diamond();
        assert.deepEqual(
          (await paths(0, 3, { filter: { edgePropertyFilter: 'return t => t == "rail";' } })).map(
            vertexRoute,
          ),
          [[0, 2, 3]],
        );
        assert.deepEqual(
          (await paths(0, 3, { filter: { vertexFilter: 'return v => v.Id != 1;' } })).map(vertexRoute),
          [[0, 2, 3]],
        );
        assert.deepEqual(
          (await paths(0, 3, { filter: { edgeFilter: 'return e => e.Id != 8;' } })).map(vertexRoute),
          [[0, 1, 3]],
        );
        // The edge filter would throw on a rail edge; the type filter keeps every rail edge away from it.
        const guarded = await paths(0, 3, {
          filter: {
            edgePropertyFilter: 'return t => t == "road";',
            edgeFilter: 'return e => e.EdgePropertyId == "road" ? true : e.Label.Length > 0;',
          },
        });
        assert.deepEqual(guarded.map(vertexRoute), [[0, 1, 3]]);
      });

      it('BLS leaves the target untested on a path of several hops, DIJKSTRA tests it', async () => {
        await diamond();
        const filter = { vertexFilter: 'return v => v.Id != 1 && v.Id != 4;' };
        assert.deepEqual(
          (await paths(0, 4, { filter })).map(vertexRoute),
          [[0, 2, 3, 4]],
          'BLS does not test the ends of a path of several hops',
        );
        assert.deepEqual(
          (await paths(0, 4, { filter, pathAlgorithmName: 'DIJKSTRA' })).map(vertexRoute),
          [],
          'DIJKSTRA tests the target: 4 fails',
        );
      });
    });

    describe('stored queries', () => {
      /**
       * A Path query whose fragments do not compile, as a load or a log replay can bring one back: it is
       * listed as Failed. Written past the registration route, which refuses such a query.
       */
      async function registerUncompilablePathQuery(name: string): Promise<void> {
        const definition = {
          name,
          kind: 'Path' as const,
          description: null,
          createdAt: '2026-01-01T00:00:00.0000000Z',
          specificationJson: JSON.stringify({ filter: { vertexFilter: 'return v => v.Nope;' } }),
        };
        const registry = storedQueriesOf(fixture.engine) as unknown as {
          restore?: (definition: object) => unknown;
        };
        if (typeof registry.restore === 'function') registry.restore(definition);
        else {
          await fixture.engine.submit([
            {
              kind: 'register',
              family: 'storedQuery',
              name,
              payload: JSON.stringify(definition),
            } as unknown as Parameters<typeof fixture.engine.submit>[0][number],
          ]);
        }
        assert.equal(storedQueriesOf(fixture.engine).get(name)?.compileState, 'Failed');
      }

      it('runs a stored Path query like the same fragments inline', async () => {
        await diamond();
        const name = `avoid-one${prefix === '' ? '' : '-ns'}`;
        assertJson(
          await fixture.client.post('/storedquery', {
            name,
            kind: 'Path',
            path: {
              filter: { vertexFilter: 'return v => v.Id != 1;' },
              cost: { edgeCost: 'return e => 2.0;' },
            },
          }),
          201,
        );
        const stored = await paths(0, 3, { storedQuery: name, pathAlgorithmName: 'DIJKSTRA' });
        const inline = await paths(0, 3, {
          filter: { vertexFilter: 'return v => v.Id != 1;' },
          cost: { edgeCost: 'return e => 2.0;' },
          pathAlgorithmName: 'DIJKSTRA',
        });
        assert.deepEqual(stored, inline);
        assert.deepEqual(stored.map(vertexRoute), [[0, 2, 3]]);
        assert.equal(stored[0].totalWeight, 6, 'the stored cost block keeps the vertex cost default of 1');
      });

      it('answers 404 for an unknown stored query', async () => {
        const problem = assertProblem(await path(0, 1, { storedQuery: 'no-such-query' }), 404);
        assert.equal(problem.detail, "No stored query named 'no-such-query'.");
      });

      it('answers 400 for storedQuery with an inline fragment, including an empty filter or cost object', async () => {
        for (const extra of [
          { filter: { vertexFilter: 'return v => true;' } },
          { filter: {} },
          { cost: {} },
          { cost: { edgeCost: 'return e => 1.0;' } },
        ]) {
          assertProblem(await path(0, 1, { storedQuery: 'anything', ...extra }), 400);
        }
        // Members sent as null carry no fragment: the reference goes through (and is unknown here).
        assertProblem(
          await path(0, 1, {
            storedQuery: 'anything',
            filter: { vertexFilter: null, edgeFilter: null, edgePropertyFilter: null },
            cost: null,
          }),
          404,
        );
      });

      it('answers 400 for a SubGraph template and 409 for a query whose recompile failed', async () => {
        const template = `template${prefix === '' ? '' : '-ns'}`;
        assertJson(
          await fixture.client.post('/storedquery', {
            name: template,
            kind: 'SubGraph',
            subGraph: { vertexFilter: 'return v => true;' },
          }),
          201,
        );
        assertProblem(await path(0, 1, { storedQuery: template }), 400);
        await registerUncompilablePathQuery('broken');
        const problem = assertProblem(await path(0, 1, { storedQuery: 'broken' }), 409);
        assert.match(String(problem.detail), /CS1061/);
      });
    });

    describe('400s', () => {
      it('answers 400 for a body that does not bind', async () => {
        for (const body of [
          { maxDepth: -1 },
          { maxDepth: 65_536 },
          { maxDepth: 1.5 },
          { maxResults: 70_000 },
          { maxDepth: '3' },
          { pathAlgorithmName: 3 },
          { filter: { vertexFilter: 7 } },
          { filter: 'return v => true;' },
          { maxPathWeight: 'heavy' },
          { timeBudgetSeconds: 0 },
          { timeBudgetSeconds: 3601 },
          { semantic: { queryVector: ['a'] } },
          [],
        ]) {
          const problem = assertProblem(await path(0, 1, body), 400);
          assert.equal(problem.title, 'One or more validation errors occurred.', JSON.stringify(body));
        }
        assertProblem(await fixture.client.request('POST', '/path/0/to/1', { body: '{"maxDepth":' }), 400);
        assertProblem(await path(0.5, 1, {}), 400);
      });

      it('answers 400 with the diagnostics for a fragment that does not compile', async () => {
        const problem = assertProblem(
          await path(0, 1, {
            filter: { vertexFilter: 'return v => v.Id > 3', edgeFilter: 'return e => e.Nope;' },
          }),
          400,
        );
        const lines = String(problem.detail).split('\n');
        assert.equal(lines[0], 'Failed to compile the path filter/cost expression(s):');
        assert.equal(
          lines[1],
          'ID: CS1002, Message: ; expected, Location: filter.vertex (1,21)-(1,21), Severity: Error',
        );
        assert.match(lines[2], /^ID: CS1061, .* Location: filter\.edge /);
        const diagnostics = problem.diagnostics as {
          fragment: string;
          id: string;
          line: number;
          column: number;
        }[];
        assert.deepEqual(
          diagnostics.map((d) => [d.fragment, d.id, d.line, d.column]),
          [
            ['filter.vertex', 'CS1002', 1, 21],
            ['filter.edge', 'CS1061', 1, 15],
          ],
        );
      });

      it('answers 400 for a fragment over 100,000 characters, before compiling it', async () => {
        const long = `return v => true;${' '.repeat(100_000)}`;
        const problem = assertProblem(await path(0, 1, { cost: { edgeCost: long } }), 400);
        assert.equal(
          problem.detail,
          `The cost.edge fragment (${long.length} chars) exceeds the maximum of 100000.`,
        );
      });
    });

    describe('fragment failures and budgets', () => {
      it('answers 422 when a fragment exceeds its step budget, 500 when it throws', async () => {
        await diamond();
        const spin = assertProblem(
          await path(0, 3, { filter: { vertexFilter: 'return v => { while (true) {} };' } }),
          422,
        );
        assert.equal(spin.title, 'Fragment step budget exceeded');
        assert.equal(spin.maxSteps, 10_000);
        const thrown = assertProblem(
          await path(0, 3, {
            filter: { vertexFilter: 'return v => v.InEdges.Count > 0 && v.Label.Length > 0;' },
          }),
          500,
        );
        assert.equal(thrown.exceptionName, 'NullReferenceException');
      });

      it('answers 408 "Path budget exhausted" when the time budget runs out', async () => {
        // A hub of 5000 leaves: expanding it takes more than one work slice, and 1 us has passed by then.
        await fixture.client.vertices(...Array.from({ length: 5002 }, () => ({})));
        await fixture.client.edges(
          ...Array.from({ length: 5000 }, (_, i) => ({
            sourceVertex: 0,
            targetVertex: 2 + i,
            edgePropertyId: 'x',
          })),
        );
        // A vertex filter makes every neighbour count as a fragment call: the clock is read within the hub.
        const filter = { vertexFilter: 'return v => v.Id >= 0;' };
        const problem = assertProblem(await path(0, 1, { timeBudgetSeconds: 0.000001, filter }), 408);
        assert.equal(problem.title, 'Path budget exhausted');
        assert.equal(problem.budgetSeconds, 0.000001);
        assert.deepEqual(
          await paths(0, 1, { timeBudgetSeconds: 60, filter }),
          [],
          'with time enough: no path',
        );
      });
    });

    describe('semantic block', () => {
      /**
       * Vertices 0..5: 0 -> 1 -> 3 and 0 -> 2 -> 3 and 0 -> 4 -> 3 and 0 -> 5 -> 3. Embeddings: 1 near the
       * query [1, 0], 2 far from it, 3 the target, 4 none, 5 of another dimension. A vector index bound to
       * the embedding answers the scores the traversal must reproduce bit for bit.
       */
      async function semanticGraph(metric: string): Promise<Map<number, number>> {
        if (fixture.engine.vertexCount === 0) await buildSemanticGraph();
        const index = `sem-${metric}`;
        assert.equal(
          assertJson(
            await fixture.client.post('/index', {
              uniqueId: index,
              pluginType: 'VectorIndex',
              pluginOptions: {
                dimension: { propertyValue: '2', fullQualifiedTypeName: 'System.Int32' },
                metric: { propertyValue: metric, fullQualifiedTypeName: 'System.String' },
                embeddingName: { propertyValue: 'default', fullQualifiedTypeName: 'System.String' },
              },
            }),
          ),
          true,
        );
        const scan = assertJson<{ results: { graphElementId: number; score: number }[] }>(
          await fixture.client.post('/scan/index/vector', { indexId: index, query: [1, 0], k: 10 }),
        );
        // The wire carries each float32 score in its shortest form: fround recovers the float32 exactly.
        return new Map(scan.results.map((r) => [r.graphElementId, Math.fround(r.score)]));
      }

      async function buildSemanticGraph(): Promise<void> {
        await fixture.client.vertices({}, {}, {}, {}, {}, {});
        await fixture.client.edges(
          ...[1, 2, 4, 5].flatMap((m) => [
            { sourceVertex: 0, targetVertex: m, edgePropertyId: 'x' },
            { sourceVertex: m, targetVertex: 3, edgePropertyId: 'x' },
          ]),
        );
        const vectors: [number, number[]][] = [
          [0, [0.2, 0.3]],
          [1, [0.9, 0.1]],
          [2, [0.1, 0.9]],
          [3, [0.7, 0.71]],
          [5, [1, 0, 0]],
        ];
        for (const [id, vector] of vectors) {
          const reply = await fixture.client.put(
            `/graphelement/${id}/embedding/default?waitForCompletion=true`,
            {
              vector,
            },
          );
          assert.equal(reply.status, 202, reply.text);
        }
      }

      const via = (found: WirePath[]) => found.map((p) => p.pathElements[0].targetVertexId);

      it('minScore filters by score >= minScore under Cosine, bit-identical to the vector scan', async () => {
        const scores = await semanticGraph('Cosine');
        const near = scores.get(1)!;
        assert.ok(near > scores.get(2)!);
        assert.deepEqual(via(await paths(0, 3, { semantic: { queryVector: [1, 0], minScore: near } })), [1]);
        assert.deepEqual(
          via(await paths(0, 3, { semantic: { queryVector: [1, 0], minScore: nextUp(near) } })),
          [],
        );
        assert.deepEqual(
          via(await paths(0, 3, { semantic: { queryVector: [1, 0], minScore: -1 } })),
          [1, 2],
          'no embedding (4) or another dimension (5) never matches',
        );
      });

      it('minScore passes at >= under DotProduct and at <= under L2', async () => {
        const dot = await semanticGraph('DotProduct');
        const semantic = { queryVector: [1, 0], metric: 'DotProduct' };
        assert.deepEqual(via(await paths(0, 3, { semantic: { ...semantic, minScore: dot.get(1) } })), [1]);
        assert.deepEqual(
          via(await paths(0, 3, { semantic: { ...semantic, minScore: nextUp(dot.get(1)!) } })),
          [],
        );
        const l2 = await semanticGraph('L2');
        const near = l2.get(1)!;
        assert.ok(near < l2.get(2)!);
        const l2Block = { queryVector: [1, 0], metric: 'L2' };
        assert.deepEqual(via(await paths(0, 3, { semantic: { ...l2Block, minScore: near } })), [1]);
        assert.deepEqual(via(await paths(0, 3, { semantic: { ...l2Block, minScore: nextDown(near) } })), []);
      });

      it('costBySimilarity costs 1 minus the score under Cosine and the distance under L2 (DIJKSTRA)', async () => {
        const cosine = await semanticGraph('Cosine');
        const found = await paths(0, 3, {
          pathAlgorithmName: 'DIJKSTRA',
          maxResults: 5,
          semantic: { queryVector: [1, 0], costBySimilarity: true },
        });
        assert.deepEqual(via(found), [1, 2], 'vertices without a score are not traversable');
        assert.deepEqual(
          found[0].pathElements.map((s) => s.weight),
          [1 + (1 - cosine.get(1)!), 1 + (1 - cosine.get(3)!)],
        );
        const l2 = await semanticGraph('L2');
        const byDistance = await paths(0, 3, {
          pathAlgorithmName: 'DIJKSTRA',
          maxResults: 1,
          semantic: { queryVector: [1, 0], metric: 'L2', costBySimilarity: true },
          cost: { edgeCost: 'return e => 0.0;', vertexCost: null },
        });
        assert.deepEqual(
          byDistance[0].pathElements.map((s) => s.weight),
          [l2.get(1)!, l2.get(3)!],
        );
      });

      it('gives fragments the query through context', async () => {
        const scores = await semanticGraph('Cosine');
        const fragment =
          'return v => context.HasQueryVector && context.QueryVector[0] == 1f && ' +
          'context.TrySimilarity(v, out var s) && s >= 0.9f;';
        assert.ok(scores.get(1)! >= Math.fround(0.9) && scores.get(2)! < Math.fround(0.9));
        assert.deepEqual(
          via(await paths(0, 3, { filter: { vertexFilter: fragment }, semantic: { queryVector: [1, 0] } })),
          [1],
        );
        assert.deepEqual(
          via(await paths(0, 3, { filter: { vertexFilter: fragment } })),
          [],
          'no block: empty context',
        );
      });

      it('answers 403 for queryText (the embedding provider is disabled) and 400 for queryText with queryVector', async () => {
        const forbidden = assertProblem(await path(0, 1, { semantic: { queryText: 'red bicycles' } }), 403);
        assert.match(String(forbidden.detail), /embedding provider/);
        assertProblem(
          await path(0, 1, { semantic: { queryText: 'red bicycles', queryVector: [1, 0] } }),
          400,
        );
      });

      it('answers 400 for every invalid semantic block', async () => {
        const cases: [string, object][] = [
          ['no vector', { semantic: {} }],
          ['empty vector', { semantic: { queryVector: [] } }],
          ['beyond float32', { semantic: { queryVector: [1e39, 0] } }],
          ['too long', { semantic: { queryVector: new Array(4097).fill(1) } }],
          ['zero norm under Cosine', { semantic: { queryVector: [0, 0] } }],
          ['bad name', { semantic: { queryVector: [1, 0], embeddingName: 'no spaces' } }],
          ['bad metric', { semantic: { queryVector: [1, 0], metric: 'cosine' } }],
          [
            'cost under DotProduct',
            { semantic: { queryVector: [1, 0], metric: 'DotProduct', costBySimilarity: true } },
          ],
          [
            'minScore and a vertex filter',
            {
              semantic: { queryVector: [1, 0], minScore: 0.5 },
              filter: { vertexFilter: 'return v => true;' },
            },
          ],
          [
            'minScore and the default vertex filter',
            { semantic: { queryVector: [1, 0], minScore: 0.5 }, filter: {} },
          ],
          [
            'costBySimilarity and a vertex filter',
            {
              semantic: { queryVector: [1, 0], costBySimilarity: true },
              filter: { vertexFilter: 'return v => true;' },
            },
          ],
          [
            'costBySimilarity and a vertex cost',
            {
              semantic: { queryVector: [1, 0], costBySimilarity: true },
              cost: { vertexCost: 'return v => 1.0;' },
            },
          ],
          [
            'costBySimilarity and the default vertex cost',
            {
              semantic: { queryVector: [1, 0], costBySimilarity: true },
              cost: { edgeCost: 'return e => 1.0;' },
            },
          ],
        ];
        for (const [what, body] of cases) assert.equal((await path(0, 1, body)).status, 400, what);
        // Zero norm is fine where nothing divides by it; a vertex filter member sent as null owns nothing.
        assert.deepEqual(await paths(0, 1, { semantic: { queryVector: [0, 0], metric: 'L2' } }), []);
        assert.deepEqual(
          await paths(0, 1, {
            semantic: { queryVector: [1, 0], minScore: 0.5 },
            filter: { vertexFilter: null },
          }),
          [],
        );
      });

      it('answers 400 for minScore with a stored query that has a vertex filter', async () => {
        const name = `sem-stored${prefix === '' ? '' : '-ns'}`;
        assertJson(
          await fixture.client.post('/storedquery', {
            name,
            kind: 'Path',
            path: { filter: { vertexFilter: 'return v => true;' } },
          }),
          201,
        );
        assertProblem(
          await path(0, 1, { storedQuery: name, semantic: { queryVector: [1, 0], minScore: 0 } }),
          400,
        );
      });
    });
  });
}

describe('POST /path/{from}/to/{to}: cross-cutting rules', () => {
  let keyed: TestServer;
  let limited: TestServer;
  before(async () => {
    keyed = await startServer({ apiKey: 'path-key', rateLimit: unlimited });
    limited = await startServer({ rateLimit: { permitsPerWindow: 2, windowSeconds: 60 } });
  });
  after(async () => {
    await keyed.close();
    await limited.close();
  });

  it('answers 401 without the key when one is configured, 200 with it', async () => {
    const client = new Client(keyed.url);
    assertProblem(await client.post('/path/0/to/1', {}), 401);
    assertProblem(
      await client.post('/path/0/to/1', { semantic: { queryVector: [1, 0], minScore: 0.5 } }),
      401,
    );
    const reply = await client.request('POST', '/path/0/to/1', {
      body: {},
      headers: { 'x-api-key': 'path-key' },
    });
    assert.deepEqual(assertJson(reply), []);
  });

  it('counts against the sensitive-route limiter: 429 once the window is spent', async () => {
    const client = new Client(limited.url);
    assert.equal((await client.post('/path/0/to/1', {})).status, 200);
    assert.equal((await client.post('/path/0/to/1', {})).status, 200);
    const refused = assertProblem(await client.post('/path/0/to/1', {}), 429);
    assert.equal(refused.title, 'Too Many Requests');
  });

  it('takes bodies up to the 1 MiB code limit and answers 413 beyond it', async () => {
    const open = await startServer({ rateLimit: unlimited });
    try {
      const client = new Client(open.url);
      const envelope = JSON.stringify({ pathAlgorithmName: '' }).length;
      const atLimit = { pathAlgorithmName: 'x'.repeat(1_048_576 - envelope) };
      assert.deepEqual(assertJson(await client.post('/path/0/to/1', atLimit)), []);
      const over = { pathAlgorithmName: 'x'.repeat(1_048_577 - envelope) };
      assertProblem(await client.post('/path/0/to/1', over), 413);
    } finally {
      await open.close();
    }
  });
});
