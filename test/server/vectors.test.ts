/**
 * Vector indexes over HTTP (docs/vectors.md, Vector indexes): creation options, explicit
 * and property-mode adds with every 400 and 404 the page lists, bound indexes as live projections of element
 * embeddings, and exact kNN checked against an independent double-precision brute force.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertEmpty,
  assertJson,
  assertProblem,
  describePrefix,
  prefixes,
  useServer,
  type Client,
} from '../support/server.js';
import { bruteForce, exactScore, seededRandom, type Metric } from '../engine/vectors/support.js';

interface ScanResult {
  metric: string;
  higherIsBetter: boolean;
  results: { graphElementId: number; score: number }[];
}

interface IndexRecord {
  indexId: string;
  pluginType: string;
  embeddingName: string | null;
  model: string | null;
  capabilities: string[];
  keys: number | null;
  values: number | null;
}

type Options = Record<string, [string, string]>;

const int = (value: number): [string, string] => [String(value), 'System.Int32'];
const str = (value: string): [string, string] => [value, 'System.String'];

function createBody(uniqueId: string, options: Options, pluginType = 'VectorIndex') {
  const pluginOptions = Object.fromEntries(
    Object.entries(options).map(([name, [value, type]]) => [
      name,
      { propertyValue: value, fullQualifiedTypeName: type },
    ]),
  );
  return { uniqueId, pluginType, pluginOptions };
}

async function create(client: Client, uniqueId: string, options: Options): Promise<boolean> {
  return assertJson<boolean>(await client.post('/index', createBody(uniqueId, options)));
}

const add = (client: Client, indexId: string, body: object) => client.put(`/index/vector/${indexId}`, body);

const scan = (client: Client, body: object) => client.post('/scan/index/vector', body);

async function knn(client: Client, body: object): Promise<ScanResult> {
  return assertJson<ScanResult>(await scan(client, body));
}

async function indexRecord(client: Client, indexId: string): Promise<IndexRecord | undefined> {
  const status = await client.read<{ indices: IndexRecord[] }>('/status');
  return status.indices.find((record) => record.indexId === indexId);
}

const float32 = Math.fround;

for (const prefix of prefixes) {
  describe(`vector index: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    describe('POST /index with pluginType VectorIndex', () => {
      it('creates with a dimension and the optional metric, embeddingName and model', async () => {
        const { client } = fixture;
        assert.equal(await create(client, 'a', { dimension: int(3) }), true);
        assert.equal(await create(client, 'b', { dimension: str('384'), metric: str('L2') }), true);
        assert.equal(
          await create(client, 'c', {
            dimension: int(4096),
            metric: str('DotProduct'),
            embeddingName: str('title'),
            model: str('bge-micro#4096#DotProduct'),
          }),
          true,
        );
        assert.equal(await create(client, 'd', { dimension: ['7', 'System.Int64'] }), true);
        assert.deepEqual(await indexRecord(client, 'c'), {
          indexId: 'c',
          pluginType: 'VectorIndex',
          embeddingName: 'title',
          model: 'bge-micro#4096#DotProduct',
          capabilities: ['vector'],
          keys: 0,
          values: 0,
        });
        const a = await indexRecord(client, 'a');
        assert.equal(a?.embeddingName, null);
        assert.equal(a?.model, null);
      });

      it('answers false for invalid options: dimension missing, not an integer, outside 1..4096; a metric not exactly one of the three; a bad embeddingName', async () => {
        const { client } = fixture;
        const invalid: Options[] = [
          {},
          { metric: str('Cosine') },
          { dimension: int(0) },
          { dimension: int(4097) },
          { dimension: int(-3) },
          { dimension: str('twelve') },
          { dimension: ['2.5', 'System.Double'] },
          { dimension: int(3), metric: str('cosine') },
          { dimension: int(3), metric: str('Euclidean') },
          { dimension: int(3), embeddingName: str('has space') },
          { dimension: int(3), embeddingName: str('x'.repeat(65)) },
        ];
        for (const [i, options] of invalid.entries()) {
          assert.equal(await create(client, `bad${i}`, options), false, JSON.stringify(options));
        }
        const status = await client.read<{ indices: IndexRecord[] }>('/status');
        assert.deepEqual(status.indices, []);
      });

      it('400 (not false) for an option whose value does not convert to its type', async () => {
        const { client } = fixture;
        assertProblem(
          await client.post('/index', createBody('x', { dimension: ['abc', 'System.Int32'] })),
          400,
        );
        assertProblem(await client.post('/index', createBody('x', { dimension: ['3', 'System.Nope'] })), 400);
      });
    });

    describe('PUT /index/vector/{id}', () => {
      it('explicit mode adds a vector (200 true); re-adding replaces it: one vector per element', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        await create(client, 'v', { dimension: int(2), metric: str('DotProduct') });
        assert.equal(assertJson(await add(client, 'v', { graphElementId: a, vector: [1, 0] })), true);
        assert.equal(assertJson(await add(client, 'v', { graphElementId: b, vector: [0, 1] })), true);
        assert.equal(assertJson(await add(client, 'v', { graphElementId: a, vector: [5, 5] })), true);
        const record = await indexRecord(client, 'v');
        assert.equal(record?.values, 2);
        assert.equal(record?.keys, 2);
        const result = await knn(client, { indexId: 'v', query: [1, 0], k: 10 });
        assert.deepEqual(result.results, [
          { graphElementId: a, score: 5 },
          { graphElementId: b, score: 0 },
        ]);
      });

      it('property mode reads a float-array property, or an embedding through its $embedding: key', async () => {
        const { client, engine } = fixture;
        const [a, b] = await client.vertices({}, {});
        await engine.setProperty(a, 'vec', { type: 'Single[]', value: new Float32Array([3, 4]) });
        assertEmpty(
          await client.put(`/graphelement/${b}/embedding/default?waitForCompletion=true`, { vector: [6, 8] }),
          202,
        );
        await create(client, 'v', { dimension: int(2), metric: str('L2') });
        assert.equal(assertJson(await add(client, 'v', { graphElementId: a, propertyId: 'vec' })), true);
        assert.equal(
          assertJson(await add(client, 'v', { graphElementId: b, propertyId: '$embedding:default' })),
          true,
        );
        const result = await knn(client, { indexId: 'v', query: [0, 0], k: 5 });
        assert.deepEqual(result, {
          metric: 'L2',
          higherIsBetter: false,
          results: [
            { graphElementId: a, score: 5 },
            { graphElementId: b, score: 10 },
          ],
        });
      });

      it('answers 400 naming the reason for each refused put: dimension, non-finite, zero norm, vector and property both or neither, a missing or non-array property, another index type, a bound index', async () => {
        const { client, engine } = fixture;
        const [v] = await client.vertices({});
        await engine.setProperty(v, 'name', { type: 'String', value: 'not a vector' });
        await create(client, 'cos', { dimension: int(3) });
        await create(client, 'bound', { dimension: int(3), embeddingName: str('default') });
        assert.equal(
          assertJson(await client.post('/index', createBody('dict', {}, 'DictionaryIndex'))),
          true,
        );
        const cases: [string, object, RegExp][] = [
          ['cos', { graphElementId: v, vector: [1, 2] }, /dimension/],
          ['cos', { graphElementId: v, vector: [1, 2, 1e39] }, /finite/],
          ['cos', { graphElementId: v, vector: [0, 0, 0] }, /zero-norm/],
          ['cos', { graphElementId: v, vector: [1, 2, 3], propertyId: 'name' }, /not both/],
          ['cos', { graphElementId: v }, /vector .* or propertyId/],
          ['cos', { graphElementId: v, vector: null, propertyId: null }, /vector .* or propertyId/],
          ['cos', { graphElementId: v, propertyId: 'missing' }, /no property/],
          ['cos', { graphElementId: v, propertyId: 'name' }, /not a float array/],
          ['cos', { graphElementId: v, propertyId: '$embedding:default' }, /no property/],
          ['dict', { graphElementId: v, vector: [1, 2, 3] }, /not a VectorIndex/],
          ['bound', { graphElementId: v, vector: [1, 2, 3] }, /bound/],
        ];
        for (const [indexId, body, reason] of cases) {
          const problem = assertProblem(await add(client, indexId, body), 400);
          assert.match(String(problem.detail), reason, `${indexId} ${JSON.stringify(body)}`);
        }
        assert.equal((await indexRecord(client, 'cos'))?.values, 0);
      });

      it('a zero vector is fine under DotProduct and L2', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        await create(client, 'dot', { dimension: int(2), metric: str('DotProduct') });
        await create(client, 'l2', { dimension: int(2), metric: str('L2') });
        assert.equal(assertJson(await add(client, 'dot', { graphElementId: v, vector: [0, 0] })), true);
        assert.equal(assertJson(await add(client, 'l2', { graphElementId: v, vector: [0, 0] })), true);
      });

      it('404 for an unknown index or element', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        await create(client, 'v', { dimension: int(2) });
        assertProblem(await add(client, 'nope', { graphElementId: v, vector: [1, 0] }), 404);
        assertProblem(await add(client, 'v', { graphElementId: 99, vector: [1, 0] }), 404);
        assertProblem(await add(client, 'v', { graphElementId: -1, vector: [1, 0] }), 404);
      });

      it('400 for a body that does not bind (no graphElementId, a non-numeric component)', async () => {
        const { client } = fixture;
        await create(client, 'v', { dimension: int(2) });
        assertProblem(await add(client, 'v', { vector: [1, 0] }), 400);
        assertProblem(await add(client, 'v', { graphElementId: 0, vector: ['a', 0] }), 400);
      });
    });

    describe('the index routes on a vector index', () => {
      it('PUT /index/{id} answers true (key ignored) on an explicit index, false on a bound one', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        await create(client, 'explicit', { dimension: int(2) });
        await create(client, 'bound', { dimension: int(2), embeddingName: str('default') });
        const key = { propertyValue: '1', fullQualifiedTypeName: 'System.Int32' };
        assert.equal(assertJson(await client.put('/index/explicit', { graphElementId: v, key })), true);
        assert.equal(assertJson(await client.put('/index/bound', { graphElementId: v, key })), false);
      });

      it('DELETE /index/{id}/{elementId} drops the vector of an explicit index, false on a bound one', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        await create(client, 'explicit', { dimension: int(2) });
        await add(client, 'explicit', { graphElementId: a, vector: [1, 0] });
        await add(client, 'explicit', { graphElementId: b, vector: [0, 1] });
        assert.equal(assertJson(await client.delete(`/index/explicit/${a}`)), true);
        const result = await knn(client, { indexId: 'explicit', query: [1, 0], k: 5 });
        assert.deepEqual(
          result.results.map((hit) => hit.graphElementId),
          [b],
        );
        await create(client, 'bound', { dimension: int(2), embeddingName: str('default') });
        assert.equal(assertJson(await client.delete(`/index/bound/${a}`)), false);
        const key = { propertyValue: '1', fullQualifiedTypeName: 'System.Int32' };
        assert.equal(assertJson(await client.delete('/index/explicit/propertyValue', key)), false);
      });

      it('DELETE /index/{id} removes a vector index; its routes then answer 404', async () => {
        const { client } = fixture;
        await create(client, 'v', { dimension: int(2) });
        assert.equal(assertJson(await client.delete('/index/v')), true);
        assertProblem(await scan(client, { indexId: 'v', query: [1, 0], k: 1 }), 404);
      });

      it('POST /index/backfill/{id} without a body reports a bound index projection', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        await client.put(`/graphelement/${a}/embedding/e?waitForCompletion=true`, { vector: [1, 2] });
        await client.put(`/graphelement/${b}/embedding/e?waitForCompletion=true`, { vector: [1, 2, 3] });
        await create(client, 'bound', { dimension: int(2), embeddingName: str('e') });
        const outcome = assertJson(await client.post('/index/backfill/bound'));
        assert.deepEqual(outcome, {
          indexId: 'bound',
          propertyId: '$embedding:e',
          replaced: true,
          scannedElements: 2,
          indexedElements: 1,
          skippedUnindexableValues: 0,
        });
      });
    });

    describe('removing elements', () => {
      it('purges them from an explicit index (vertex removal cascades to its edges)', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        const [edge] = await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'k' });
        await create(client, 'v', { dimension: int(2), metric: str('DotProduct') });
        for (const id of [a, b, edge]) await add(client, 'v', { graphElementId: id, vector: [1, id] });
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        const result = await knn(client, { indexId: 'v', query: [1, 1], k: 10 });
        assert.deepEqual(
          result.results.map((hit) => hit.graphElementId),
          [b],
        );
        assert.equal((await indexRecord(client, 'v'))?.values, 1);
      });

      it('a trim renumbers the vectors with their elements', async () => {
        const { client } = fixture;
        const [a, b, c] = await client.vertices({}, {}, {});
        await create(client, 'v', { dimension: int(1), metric: str('DotProduct') });
        await add(client, 'v', { graphElementId: b, vector: [2] });
        await add(client, 'v', { graphElementId: c, vector: [3] });
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        assert.equal((await client.head('/trim')).status, 200);
        // HEAD /trim answers once the trim is queued; a write queued behind it commits after it.
        await client.vertices({});
        const result = await knn(client, { indexId: 'v', query: [1], k: 10 });
        assert.deepEqual(result.results, [
          { graphElementId: c - 1, score: 3 },
          { graphElementId: b - 1, score: 2 },
        ]);
      });
    });

    describe('a bound index (embeddingName)', () => {
      it('projects every element carrying that embedding at the index dimension, and follows writes and deletes', async () => {
        const { client } = fixture;
        const [a, b, c] = await client.vertices({}, {}, {});
        const write = (id: number, vector: number[]) =>
          client.put(`/graphelement/${id}/embedding/default?waitForCompletion=true`, { vector });
        assertEmpty(await write(a, [1, 0]), 202);
        assertEmpty(await write(c, [1, 0, 0]), 202);
        await create(client, 'bound', {
          dimension: int(2),
          metric: str('DotProduct'),
          embeddingName: str('default'),
        });
        const ids = async () =>
          (await knn(client, { indexId: 'bound', query: [1, 1], k: 10 })).results.map((hit) => [
            hit.graphElementId,
            hit.score,
          ]);
        assert.deepEqual(await ids(), [[a, 1]]);
        assertEmpty(await write(b, [2, 3]), 202);
        assert.deepEqual(await ids(), [
          [b, 5],
          [a, 1],
        ]);
        assertEmpty(await write(a, [4, 4]), 202);
        assert.deepEqual(await ids(), [
          [a, 8],
          [b, 5],
        ]);
        assertEmpty(await client.delete(`/graphelement/${b}/embedding/default?waitForCompletion=true`), 202);
        assert.deepEqual(await ids(), [[a, 8]]);
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        assert.deepEqual(await ids(), []);
        assert.equal((await indexRecord(client, 'bound'))?.values, 0);
      });

      it('skips elements whose stored embedding it cannot score (zero norm under Cosine, written before it)', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        await client.put(`/graphelement/${a}/embedding/e?waitForCompletion=true`, { vector: [0, 0] });
        await client.put(`/graphelement/${b}/embedding/e?waitForCompletion=true`, { vector: [0, 2] });
        await create(client, 'bound', { dimension: int(2), embeddingName: str('e') });
        const result = await knn(client, { indexId: 'bound', query: [0, 1], k: 10 });
        assert.deepEqual(result.results, [{ graphElementId: b, score: 1 }]);
      });
    });

    describe('POST /scan/index/vector', () => {
      it('answers metric and higherIsBetter for each metric, and [] for an empty index', async () => {
        const { client } = fixture;
        for (const metric of ['Cosine', 'DotProduct', 'L2']) {
          await create(client, metric, { dimension: int(2), metric: str(metric) });
          assert.deepEqual(await knn(client, { indexId: metric, query: [1, 1], k: 3 }), {
            metric,
            higherIsBetter: metric !== 'L2',
            results: [],
          });
        }
      });

      it('400 for k outside 1..1024, a bad kind, a query of another dimension, non-finite, or zero-norm under Cosine', async () => {
        const { client } = fixture;
        await create(client, 'v', { dimension: int(2) });
        const bad = [
          { indexId: 'v', query: [1, 1], k: 0 },
          { indexId: 'v', query: [1, 1], k: 1025 },
          { indexId: 'v', query: [1, 1], k: 1.5 },
          { indexId: 'v', query: [1, 1] },
          { indexId: 'v', query: [1, 1], k: 1, kind: 'Vertex' },
          { indexId: 'v', query: [1, 1], k: 1, kind: 'vertices' },
          { indexId: 'v', query: [1], k: 1 },
          { indexId: 'v', query: [], k: 1 },
          { indexId: 'v', query: [1, 1e39], k: 1 },
          { indexId: 'v', query: [0, 0], k: 1 },
          { indexId: 'v', k: 1 },
        ];
        for (const body of bad) assertProblem(await scan(client, body), 400);
        await knn(client, { indexId: 'v', query: [1, 1], k: 1024, kind: '' });
        await knn(client, { indexId: 'v', query: [1, 1], k: 1, kind: null, label: null });
      });

      it('404 for an unknown index, 400 for an index of another type', async () => {
        const { client } = fixture;
        assertProblem(await scan(client, { indexId: 'none', query: [1], k: 1 }), 404);
        await client.post('/index', createBody('dict', {}, 'RangeIndex'));
        assertProblem(await scan(client, { indexId: 'dict', query: [1], k: 1 }), 400);
      });

      it('a zero query is fine under L2 and DotProduct', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        await create(client, 'l2', { dimension: int(2), metric: str('L2') });
        await add(client, 'l2', { graphElementId: v, vector: [3, 4] });
        assert.deepEqual((await knn(client, { indexId: 'l2', query: [0, 0], k: 1 })).results, [
          { graphElementId: v, score: 5 },
        ]);
      });

      it('orders ties by ascending element id, best first, for every metric', async () => {
        const { client } = fixture;
        const ids = await client.vertices({}, {}, {}, {}, {}, {});
        for (const metric of ['Cosine', 'DotProduct', 'L2']) {
          await create(client, metric, { dimension: int(3), metric: str(metric) });
          // Added in descending id order: the order of insertion must not matter.
          for (const id of [...ids].reverse()) {
            const vector = id % 2 === 0 ? [1, 2, 3] : [3, 2, 1];
            await add(client, metric, { graphElementId: id, vector });
          }
          const result = await knn(client, { indexId: metric, query: [1, 2, 3], k: 4 });
          const evens = ids.filter((id) => id % 2 === 0);
          const odds = ids.filter((id) => id % 2 === 1);
          assert.deepEqual(
            result.results.map((hit) => hit.graphElementId),
            [...evens, odds[0]],
            metric,
          );
        }
      });

      it('applies kind and label before top-k: k qualifying elements come back while k exist', async () => {
        const { client } = fixture;
        const vertices = await client.vertices(
          { label: 'doc' },
          { label: 'doc' },
          { label: 'Doc' },
          {},
          { label: 'doc' },
        );
        const edges = await client.edges(
          { sourceVertex: vertices[0], targetVertex: vertices[1], edgePropertyId: 'k', label: 'doc' },
          { sourceVertex: vertices[1], targetVertex: vertices[2], edgePropertyId: 'k' },
        );
        await create(client, 'v', { dimension: int(1), metric: str('DotProduct') });
        // The scores rank the edges first, then the vertices from the last one back.
        for (const [rank, id] of [...vertices, ...edges].entries()) {
          await add(client, 'v', { graphElementId: id, vector: [rank] });
        }
        const hits = async (body: object) =>
          (await knn(client, { indexId: 'v', query: [1], k: 2, ...body })).results.map(
            (hit) => hit.graphElementId,
          );
        assert.deepEqual(await hits({}), [edges[1], edges[0]]);
        assert.deepEqual(await hits({ kind: 'any' }), [edges[1], edges[0]]);
        assert.deepEqual(await hits({ kind: 'vertex' }), [vertices[4], vertices[3]]);
        assert.deepEqual(await hits({ kind: 'edge', k: 5 }), [edges[1], edges[0]]);
        assert.deepEqual(await hits({ label: 'doc' }), [edges[0], vertices[4]]);
        assert.deepEqual(await hits({ label: 'doc', kind: 'vertex', k: 10 }), [
          vertices[4],
          vertices[1],
          vertices[0],
        ]);
        assert.deepEqual(await hits({ label: 'Doc' }), [vertices[2]]);
        assert.deepEqual(await hits({ label: 'nobody' }), []);
      });

      it('skips non-finite scores (an overflowing inner product)', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        await create(client, 'v', { dimension: int(2), metric: str('DotProduct') });
        await add(client, 'v', { graphElementId: a, vector: [3e38, 3e38] });
        await add(client, 'v', { graphElementId: b, vector: [1, 1] });
        const result = await knn(client, { indexId: 'v', query: [2, 2], k: 10 });
        assert.deepEqual(result.results, [{ graphElementId: b, score: 4 }]);
      });

      it('scores carry the float32 value in its shortest form', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        await create(client, 'v', { dimension: int(2), metric: str('DotProduct') });
        await add(client, 'v', { graphElementId: v, vector: [0.1, 0.2] });
        const [hit] = (await knn(client, { indexId: 'v', query: [1, 1], k: 1 })).results;
        assert.equal(hit.score, 0.3);
        assert.equal(float32(hit.score), float32(float32(0.1) + float32(0.2)));
      });

      for (const metric of ['Cosine', 'DotProduct', 'L2'] as Metric[]) {
        it(`${metric}: matches a double-precision brute force over random vectors, with constraints`, async () => {
          const { client } = fixture;
          const random = seededRandom(metric.length * 31);
          const dimension = 37;
          const count = 300;
          const vertexBodies = Array.from({ length: count }, (_, i) => ({ label: i % 3 === 0 ? 'a' : 'b' }));
          const ids = await client.vertices(...vertexBodies);
          const edges = await client.edges(
            ...Array.from({ length: 60 }, (_, i) => ({
              sourceVertex: ids[i],
              targetVertex: ids[i + 1],
              edgePropertyId: 'next',
              label: i % 2 === 0 ? 'a' : null,
            })),
          );
          await create(client, 'v', { dimension: int(dimension), metric: str(metric) });
          const vectors = new Map<number, Float32Array>();
          for (const id of [...ids, ...edges]) {
            const vector = Float32Array.from({ length: dimension }, () => random() * 2 - 1);
            vectors.set(id, vector);
            await add(client, 'v', { graphElementId: id, vector: [...vector] });
          }
          const labelOf = (id: number) =>
            id < count ? (id % 3 === 0 ? 'a' : 'b') : (id - count) % 2 === 0 ? 'a' : null;
          const constraints: { kind?: string; label?: string; keep: (id: number) => boolean }[] = [
            { keep: () => true },
            { kind: 'vertex', keep: (id) => id < count },
            { kind: 'edge', keep: (id) => id >= count },
            { label: 'a', keep: (id) => labelOf(id) === 'a' },
            { kind: 'edge', label: 'a', keep: (id) => id >= count && labelOf(id) === 'a' },
          ];
          for (let q = 0; q < 4; q++) {
            const query = Float32Array.from({ length: dimension }, () => random() * 2 - 1);
            for (const { kind, label, keep } of constraints) {
              const k = [1, 10, 50, 1024][q];
              const result = await knn(client, { indexId: 'v', query: [...query], k, kind, label });
              const candidates = new Map([...vectors].filter(([id]) => keep(id)));
              const expected = bruteForce(metric, query, candidates, k);
              assert.equal(result.results.length, expected.length);
              const seen = new Set<number>();
              result.results.forEach((hit, i) => {
                assert.ok(keep(hit.graphElementId), `constraint broken by ${hit.graphElementId}`);
                assert.ok(!seen.has(hit.graphElementId), 'each element once');
                seen.add(hit.graphElementId);
                // Float32 scores agree with the exact ones; near-ties may swap places, never more.
                const exact = exactScore(metric, query, vectors.get(hit.graphElementId)!);
                assert.ok(
                  Math.abs(hit.score - exact) <= 1e-5 * (1 + Math.abs(exact)),
                  `${hit.score} vs ${exact}`,
                );
                assert.ok(
                  Math.abs(exact - expected[i].score) <= 2e-5 * (1 + Math.abs(exact)),
                  `rank ${i}: ${hit.graphElementId} (${exact}) vs ${expected[i].id} (${expected[i].score})`,
                );
                if (i > 0) {
                  const previous = result.results[i - 1];
                  const ordered = metric === 'L2' ? previous.score <= hit.score : previous.score >= hit.score;
                  assert.ok(ordered, 'best first');
                }
              });
            }
          }
        });
      }
    });
  });
}
