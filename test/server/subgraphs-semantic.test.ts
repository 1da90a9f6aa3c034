/**
 * The semantic block, stored SubGraph templates and the subgraph compile cache over HTTP
 * (docs/subgraphs.md, "Fragments and the semantic block", "Stored templates", "The compile cache"), bare
 * and under /ns/{ns}.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { pathFragmentCache, subgraphFragmentCache } from '../../src/fragments/compiled-sets.js';
import { unlimited } from '../support/conventions-server.js';
import { assertJson, assertProblem, describePrefix, prefixes } from '../support/server.js';
import {
  createSubgraph,
  describePage,
  named,
  putSubgraph,
  sampleGraph,
  useSubgraphServer,
  type GraphPage,
  type Summary,
} from '../support/subgraphs.js';

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

const vertexIds = (page: GraphPage) => describePage(page).vertices;

for (const prefix of prefixes) {
  describe(`subgraph semantic block, templates and compile cache: ${describePrefix(prefix)}`, () => {
    const fixture = useSubgraphServer(prefix, { rateLimit: unlimited });
    const put = (body: unknown, query = '') => putSubgraph(fixture.client, body, query);
    const create = (body: unknown, query = '') => createSubgraph(fixture.client, body, query);
    const graphOf = (name: string) => fixture.client.read<GraphPage>(`/subgraph/${name}/graph`);

    describe('semantic block', () => {
      let indexes = 0;
      /**
       * Vertices 0..5, each with a `name` property of its id: 0 -> m -> 3 for m in 1, 2, 4, 5. Embeddings:
       * 1 near the query [1, 0], 2 far from it, 3 between, 4 none, 5 of another dimension. Answers the
       * scores a vector index of `metric` gives for the query [1, 0] (float32, as the wire carries them).
       */
      async function semanticGraph(metric: string): Promise<Map<number, number>> {
        if (fixture.engine.vertexCount === 0) {
          const name = (id: number) => ({
            properties: [
              { propertyId: 'name', fullQualifiedTypeName: 'System.String', propertyValue: `v${id}` },
            ],
          });
          await fixture.client.vertices(...[0, 1, 2, 3, 4, 5].map(name));
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
        const index = `sem-${metric}-${++indexes}`;
        const created = await fixture.client.post('/index', {
          uniqueId: index,
          pluginType: 'VectorIndex',
          pluginOptions: {
            dimension: { propertyValue: '2', fullQualifiedTypeName: 'System.Int32' },
            metric: { propertyValue: metric, fullQualifiedTypeName: 'System.String' },
            embeddingName: { propertyValue: 'default', fullQualifiedTypeName: 'System.String' },
          },
        });
        assert.equal(assertJson(created), true);
        const scan = assertJson<{ results: { graphElementId: number; score: number }[] }>(
          await fixture.client.post('/scan/index/vector', { indexId: index, query: [1, 0], k: 10 }),
        );
        return new Map(scan.results.map((r) => [r.graphElementId, Math.fround(r.score)]));
      }

      it('minScore fills the top-level vertex filter at score >= minScore under Cosine, bit-identical to the vector scan', async () => {
        const scores = await semanticGraph('Cosine');
        const near = scores.get(1)!;
        assert.ok(near > scores.get(3)! && scores.get(3)! > scores.get(2)!);
        const at = await create({ name: 'at', semantic: { queryVector: [1, 0], minScore: near } });
        assert.deepEqual(vertexIds(await graphOf('at')), ['v1']);
        assert.equal(at.edgeCount, 0);
        const above = await create({
          name: 'above',
          semantic: { queryVector: [1, 0], minScore: nextUp(near) },
        });
        assert.deepEqual([above.vertexCount, above.edgeCount], [0, 0]);
        const all = await create({ name: 'all', semantic: { queryVector: [1, 0], minScore: -1 } });
        assert.deepEqual(
          vertexIds(await graphOf('all')),
          ['v0', 'v1', 'v2', 'v3'],
          'no embedding (4) or another dimension (5) never passes',
        );
        assert.equal(all.edgeCount, 4);
        const third = scores.get(3)!;
        await create({ name: 'third', semantic: { queryVector: [1, 0], minScore: third } });
        assert.deepEqual(vertexIds(await graphOf('third')), ['v1', 'v3']);
      });

      it('minScore passes at >= under DotProduct and at <= under L2, each at the vector scan score', async () => {
        const dot = await semanticGraph('DotProduct');
        const dotBlock = { queryVector: [1, 0], metric: 'DotProduct' };
        await create({ name: 'dot-at', semantic: { ...dotBlock, minScore: dot.get(1) } });
        assert.deepEqual(vertexIds(await graphOf('dot-at')), ['v1']);
        const above = await create({
          name: 'dot-above',
          semantic: { ...dotBlock, minScore: nextUp(dot.get(1)!) },
        });
        assert.equal(above.vertexCount, 0);
        const l2 = await semanticGraph('L2');
        const near = l2.get(1)!;
        assert.ok(near < l2.get(2)!);
        const l2Block = { queryVector: [1, 0], metric: 'L2' };
        await create({ name: 'l2-at', semantic: { ...l2Block, minScore: near } });
        assert.deepEqual(vertexIds(await graphOf('l2-at')), ['v1']);
        const below = await create({ name: 'l2-below', semantic: { ...l2Block, minScore: nextDown(near) } });
        assert.equal(below.vertexCount, 0);
      });

      it("a step's semanticMinScore applies at its step; the summary echoes the block without the vector", async () => {
        const scores = await semanticGraph('Cosine');
        const near = scores.get(1)!;
        const body = {
          name: 'via-near',
          semantic: { queryVector: [1, 0] },
          patterns: [
            { vertexFilter: named('v0') },
            { type: 'Edge' },
            { patternName: 'near', semanticMinScore: near },
            { type: 'Edge' },
            { semanticMinScore: -1 },
          ],
        };
        const summary = await create(body);
        assert.deepEqual(describePage(await graphOf('via-near')), {
          vertices: ['v0', 'v1', 'v3'],
          edges: [
            ['v0', 'v1', 'x'],
            ['v1', 'v3', 'x'],
          ],
        });
        assert.deepEqual(summary.semantic, {
          embeddingName: 'default',
          metric: 'Cosine',
          dimension: 2,
          patternThresholds: [
            { pattern: 'near', minScore: near },
            { pattern: '4', minScore: -1 },
          ],
        });
        const withMinScore = await create({
          name: 'echo',
          semantic: { queryVector: [0.5, 0.25, 0.125], metric: 'L2', embeddingName: 'other', minScore: 2 },
        });
        assert.deepEqual(withMinScore.semantic, {
          embeddingName: 'other',
          metric: 'L2',
          dimension: 3,
          minScore: 2,
        });
        const text = (await fixture.client.get('/subgraph/via-near')).text;
        assert.ok(!text.includes('queryVector') && !text.includes('0.5'), text);
      });

      it("a nested subgraph scores the embeddings copied into its parent's extract like the source's", async () => {
        const scores = await semanticGraph('Cosine');
        const semantic = { queryVector: [1, 0], minScore: scores.get(3) };
        const direct = await create({ name: 'direct', semantic });
        await create({ name: 'copy', vertexFilter: 'return v => v.Id != 0;' });
        const nested = await create({ name: 'nested', semantic }, '?fromSubGraph=copy');
        assert.deepEqual(vertexIds(await graphOf('nested')), vertexIds(await graphOf('direct')));
        assert.deepEqual(vertexIds(await graphOf('nested')), ['v1', 'v3']);
        assert.deepEqual([nested.vertexCount, nested.edgeCount], [direct.vertexCount, direct.edgeCount]);
      });

      it('the vector binds once: a recalculation over an unchanged graph gives the same extract and summary', async () => {
        const scores = await semanticGraph('Cosine');
        // 0.1 is not a float32: the bound vector is rounded once and every build uses that same vector.
        const block = { queryVector: [1, 0.1], minScore: Math.fround(scores.get(3)!) - 0.05 };
        const first = await create({ name: 'bound', semantic: block });
        const page = await graphOf('bound');
        for (let i = 0; i < 3; i++) {
          const again = assertJson<Summary>(await fixture.client.post('/subgraph/bound/recalculate'));
          assert.deepEqual(again, first);
          assert.equal(again.semantic?.dimension, 2);
          assert.deepEqual(await graphOf('bound'), page);
        }
      });

      it('answers 400 for every semantic rule broken and 403 for queryText', async () => {
        const cases: [string, Record<string, unknown>, RegExp][] = [
          [
            'minScore with a top-level vertexFilter',
            { vertexFilter: 'return v => true;', semantic: { queryVector: [1, 0], minScore: 0.5 } },
            /^semantic\.minScore and the vertexFilter fragment own the same delegate slot/,
          ],
          [
            'semanticMinScore with a vertexFilter on the same step',
            {
              semantic: { queryVector: [1, 0] },
              patterns: [{ vertexFilter: 'return v => true;', semanticMinScore: 0.5 }],
            },
            /^patterns\[0\] sets both vertexFilter and semanticMinScore; a step takes one of them\.$/,
          ],
          [
            'semanticMinScore on an edge step',
            {
              semantic: { queryVector: [1, 0] },
              patterns: [{}, { type: 'Edge', semanticMinScore: 0.5 }, {}],
            },
            /^patterns\[1\] is an Edge step: semanticMinScore applies to Vertex steps only\.$/,
          ],
          [
            'semanticMinScore without a request-level block',
            { patterns: [{ semanticMinScore: 0.5 }] },
            /^patterns\[0\]\.semanticMinScore needs a request-level semantic block/,
          ],
          [
            'costBySimilarity true',
            { semantic: { queryVector: [1, 0], costBySimilarity: true } },
            /^semantic\.costBySimilarity applies to path requests only/,
          ],
          [
            'a zero-norm vector under Cosine',
            { semantic: { queryVector: [0, 0] } },
            /^semantic\.queryVector must not be zero-norm under Cosine\.$/,
          ],
          ['an empty vector', { semantic: { queryVector: [] } }, /must not be empty/],
          ['no vector', { semantic: { minScore: 0.5 } }, /must not be empty/],
          [
            'a bad metric',
            { semantic: { queryVector: [1, 0], metric: 'Manhattan' } },
            /^'Manhattan' is not a valid semantic metric/,
          ],
          [
            'a bad embedding name',
            { semantic: { queryVector: [1, 0], embeddingName: 'no spaces' } },
            /^'no spaces' is not a valid embedding name/,
          ],
          [
            'queryVector with queryText',
            { semantic: { queryVector: [1, 0], queryText: 'cats' } },
            /^semantic\.queryText and semantic\.queryVector are mutually exclusive\.$/,
          ],
        ];
        for (const [what, body, detail] of cases) {
          const problem = assertProblem(await put({ name: 'x', ...body }), 400);
          assert.match(String(problem.type), /SUBGRAPH_REQUEST_INVALID$/, what);
          assert.match(String(problem.detail), detail, what);
        }
        const forbidden = assertProblem(await put({ name: 'x', semantic: { queryText: 'cats' } }), 403);
        assert.match(String(forbidden.detail), /embedding provider/);
        assert.deepEqual(await fixture.client.read('/subgraph'), []);
        // Zero norm is fine where nothing divides by it; a costBySimilarity of false or null asks nothing.
        await create({ name: 'zero-l2', semantic: { queryVector: [0, 0], metric: 'L2' } });
        await create({ name: 'no-cost', semantic: { queryVector: [1, 0], costBySimilarity: false } });
      });
    });

    describe('stored templates', () => {
      const template = (name: string, vertexFilter: string) =>
        fixture.client.post('/storedquery', {
          name,
          kind: 'SubGraph',
          subGraph: {
            vertexFilter,
            patterns: [{}, { type: 'Edge', edgePropertyFilter: 'return (p) => p == "attacks";' }, {}],
          },
        });

      it('one template serves two subgraphs: each holds the same result as the inline fragments', async () => {
        await sampleGraph(fixture);
        assertJson(await template('attacks', 'return v => v.Id != 2;'), 201);
        const one = await create({ name: 'one', storedQuery: 'attacks', additionalInformation: { n: '1' } });
        const two = await create({ name: 'two', storedQuery: 'attacks', additionalInformation: { n: '2' } });
        const inline = await create({
          name: 'inline',
          vertexFilter: 'return v => v.Id != 2;',
          patterns: [{}, { type: 'Edge', edgePropertyFilter: 'return (p) => p == "attacks";' }, {}],
        });
        assert.deepEqual(describePage(await graphOf('one')), {
          vertices: ['Alice', 'Bob', 'Mallory'],
          edges: [
            ['Mallory', 'Alice', 'attacks'],
            ['Mallory', 'Bob', 'attacks'],
          ],
        });
        assert.deepEqual(await graphOf('two'), await graphOf('one'));
        assert.deepEqual(await graphOf('inline'), await graphOf('one'));
        assert.deepEqual(one.additionalInformation, { n: '1' });
        assert.deepEqual(two.additionalInformation, { n: '2' });
        assert.deepEqual([one.vertexCount, one.edgeCount, two.vertexCount], [3, 2, inline.vertexCount]);
      });

      it('an unknown template is 404; a Path query named is 400', async () => {
        const unknown = assertProblem(await put({ name: 'x', storedQuery: 'no-such-template' }), 404);
        assert.equal(unknown.detail, "No stored query named 'no-such-template'.");
        assertJson(
          await fixture.client.post('/storedquery', {
            name: 'a-path-query',
            kind: 'Path',
            path: { filter: { vertexFilter: 'return v => true;' } },
          }),
          201,
        );
        const path = assertProblem(await put({ name: 'x', storedQuery: 'a-path-query' }), 400);
        assert.equal(
          path.detail,
          "The stored query 'a-path-query' is a Path query, not a SubGraph template.",
        );
        await fixture.client.delete('/storedquery/a-path-query');
      });

      it('the recipe keeps the template name: a recalculation uses the template as it is then', async () => {
        await sampleGraph(fixture);
        assertJson(await template('changing', 'return v => v.Id != 2;'), 201);
        const before = await create({ name: 'follows', storedQuery: 'changing' });
        assert.deepEqual(vertexIds(await graphOf('follows')), ['Alice', 'Bob', 'Mallory']);
        assert.equal((await fixture.client.delete('/storedquery/changing')).status, 204);
        assertJson(await template('changing', 'return v => v.Id != 3;'), 201);
        const after = assertJson<Summary>(await fixture.client.post('/subgraph/follows/recalculate'));
        assert.deepEqual(after, { ...before, vertexCount: 2, edgeCount: 1 });
        assert.deepEqual(vertexIds(await graphOf('follows')), ['Alice', 'Eve']);
      });

      it('a subgraph whose template is gone cannot be recalculated: 409, the contents kept', async () => {
        await sampleGraph(fixture);
        assertJson(await template('vanishing', 'return v => v.Id != 2;'), 201);
        const before = await create({ name: 'orphaned', storedQuery: 'vanishing' });
        const page = await graphOf('orphaned');
        assert.equal((await fixture.client.delete('/storedquery/vanishing')).status, 204);
        const summary = await fixture.client.read<Summary>('/subgraph/orphaned');
        assert.deepEqual(summary, { ...before, canRecalculate: false });
        const problem = assertProblem(await fixture.client.post('/subgraph/orphaned/recalculate'), 409);
        assert.match(String(problem.type), /SUBGRAPH_NOT_RECALCULABLE$/);
        assert.equal(
          problem.detail,
          "The subgraph 'orphaned' cannot be recalculated: its stored template 'vanishing' no longer exists.",
        );
        assert.deepEqual(await graphOf('orphaned'), page);
        const pathQuery = {
          name: 'vanishing',
          kind: 'Path',
          path: { filter: { vertexFilter: 'return v => true;' } },
        };
        assertJson(await fixture.client.post('/storedquery', pathQuery), 201);
        assert.equal(
          assertProblem(await fixture.client.post('/subgraph/orphaned/recalculate'), 409).detail,
          "The subgraph 'orphaned' cannot be recalculated: its stored template 'vanishing' is now a Path query.",
        );
        assert.equal((await fixture.client.delete('/storedquery/vanishing')).status, 204);
        // A template whose recompile failed, as a load or a log replay can bring one back.
        await fixture.engine.submit([
          {
            kind: 'register',
            family: 'storedQuery',
            name: 'vanishing',
            payload: JSON.stringify({
              name: 'vanishing',
              kind: 'SubGraph',
              description: null,
              createdAt: '2026-01-01T00:00:00.0000000Z',
              specificationJson: JSON.stringify({ vertexFilter: 'return v => v.Nope;' }),
            }),
          },
        ]);
        assert.equal(
          assertProblem(await fixture.client.post('/subgraph/orphaned/recalculate'), 409).detail,
          "The subgraph 'orphaned' cannot be recalculated: its stored template 'vanishing' failed to compile.",
        );
        assert.equal((await fixture.client.delete('/storedquery/vanishing')).status, 204);
        // A SubGraph template of the name exists again: the subgraph follows it.
        assertJson(await template('vanishing', 'return v => v.Id != 3;'), 201);
        assert.equal((await fixture.client.read<Summary>('/subgraph/orphaned')).canRecalculate, true);
        const recalculated = assertJson<Summary>(await fixture.client.post('/subgraph/orphaned/recalculate'));
        assert.deepEqual([recalculated.vertexCount, recalculated.edgeCount], [2, 1]);
        assert.equal((await fixture.client.delete('/storedquery/vanishing')).status, 204);
      });
    });

    describe('the compile cache', () => {
      it('a second PUT with the same fragment texts is a hit for each; the path cache is separate', async () => {
        await sampleGraph(fixture);
        // Texts no other test compiles, so the first PUT misses.
        const nonce = `${prefix.length}-${randomUUID()}`;
        const body = (name: string) => ({
          name,
          vertexFilter: `return v => v.Id >= 0 || "${nonce}" == "a";`,
          edgeFilter: `return e => e.Id >= 0 || "${nonce}" == "b";`,
          patterns: [
            { vertexFilter: `return v => v.Id >= 0 || "${nonce}" == "c";` },
            { type: 'Edge', edgePropertyFilter: `return (p) => p != "${nonce}";` },
            {},
          ],
        });
        const subgraphBefore = subgraphFragmentCache.statistics();
        const pathBefore = pathFragmentCache.statistics();
        await create(body('first'));
        const afterFirst = subgraphFragmentCache.statistics();
        assert.equal(afterFirst.misses - subgraphBefore.misses, 4);
        assert.equal(afterFirst.hits - subgraphBefore.hits, 0);
        const second = await create(body('second'));
        const afterSecond = subgraphFragmentCache.statistics();
        assert.equal(afterSecond.hits - afterFirst.hits, 4, 'one hit per fragment');
        assert.equal(afterSecond.misses, afterFirst.misses, 'no compile');
        assert.deepEqual(await graphOf('second'), await graphOf('first'));
        assert.equal(second.edgeCount, 6);
        // A recalculation compiles through the cache as well.
        assertJson(await fixture.client.post('/subgraph/second/recalculate'));
        const afterRecalculation = subgraphFragmentCache.statistics();
        assert.equal(afterRecalculation.hits - afterSecond.hits, 4);
        assert.equal(afterRecalculation.misses, afterSecond.misses);
        const pathAfter = pathFragmentCache.statistics();
        assert.deepEqual(
          [pathAfter.hits, pathAfter.misses],
          [pathBefore.hits, pathBefore.misses],
          'subgraph compiles leave the path cache alone',
        );
        // The same vertex filter text in a path request compiles into the path cache, not this one.
        const path = await fixture.client.post('/path/0/to/1', {
          filter: { vertexFilter: body('x').vertexFilter },
        });
        assert.equal(path.status, 200, path.text);
        assert.equal(pathFragmentCache.statistics().misses, pathBefore.misses + 1);
        assert.deepEqual(
          [subgraphFragmentCache.statistics().hits, subgraphFragmentCache.statistics().misses],
          [afterRecalculation.hits, afterRecalculation.misses],
        );
      });

      it('a failed compile is not cached: each attempt compiles again', async () => {
        const text = `return v => v.Nope${randomUUID().replaceAll('-', '')};`;
        const before = subgraphFragmentCache.statistics();
        assertProblem(await put({ name: 'x', vertexFilter: text }), 400);
        assertProblem(await put({ name: 'x', vertexFilter: text }), 400);
        const after = subgraphFragmentCache.statistics();
        assert.equal(after.misses - before.misses, 2);
        assert.equal(after.compileFailures - before.compileFailures, 2);
        assert.equal(after.hits, before.hits);
      });
    });
  });
}
