/** Edge routes: creation (single, batch), reads, count, endpoints, waited outcomes (docs/elements.md, docs/http.md). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type WriteOperation } from '../../src/index.js';
import { edgeInputOf } from '../../src/server/wire/creates.js';
import {
  assertEmpty,
  assertJson,
  assertProblem,
  describePrefix,
  prefixes,
  useServer,
  type Client,
} from '../support/server.js';

/** The id the next created element gets, observed by creating one vertex. */
async function nextIdOf(client: Client): Promise<number> {
  const [id] = await client.vertices({});
  return id;
}

for (const prefix of prefixes) {
  describe(`edges: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    it('PUT /edge answers 202 with no body, unwaited and waited', async () => {
      const { client } = fixture;
      const [a, b] = await client.vertices({}, {});
      assertEmpty(
        await client.put('/edge', { sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' }),
        202,
      );
      const waited = await client.put('/edge?waitForCompletion=true', {
        sourceVertex: b,
        targetVertex: a,
        edgePropertyId: 'knows',
      });
      assertEmpty(waited, 202);
      assert.equal(await client.read('/edge/count'), 2);
    });

    it('a created edge reads back with type, label, endpoints, properties and dates', async () => {
      const { client } = fixture;
      const [a, b] = await client.vertices({}, {});
      const body = {
        sourceVertex: a,
        targetVertex: b,
        edgePropertyId: 'flight',
        label: 'scheduled',
        creationDate: 60,
        properties: [{ propertyId: 'seats', propertyValue: '180', fullQualifiedTypeName: 'System.Int32' }],
      };
      assertEmpty(await client.put('/edge?waitForCompletion=true', body), 202);
      assert.deepEqual(await client.read('/edge/2'), {
        id: 2,
        creationDate: '1970-01-01T00:01:00',
        modificationDate: '1970-01-01T00:01:00',
        label: 'scheduled',
        properties: [{ propertyId: 'seats', fullQualifiedTypeName: 'System.Int32', propertyValue: '180' }],
        sourceVertex: a,
        targetVertex: b,
        edgePropertyId: 'flight',
      });
      const source = await client.read<{ outEdges: unknown }>(`/vertex/${a}`);
      assert.deepEqual(source.outEdges, { flight: [2] });
      assert.deepEqual((await client.read<{ inEdges: unknown }>(`/vertex/${b}`)).inEdges, { flight: [2] });
    });

    it('an edge without label reads label null and a null properties array counts as empty', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      const body = { sourceVertex: a, targetVertex: a, edgePropertyId: 'self', properties: null };
      assertEmpty(await client.put('/edge?waitForCompletion=true', body), 202);
      const edge = await client.read<{ label: unknown; properties: unknown }>('/edge/1');
      assert.equal(edge.label, null);
      assert.deepEqual(edge.properties, []);
    });

    it('a self-loop is allowed and appears in both directions of its vertex', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      const [loop] = await client.edges({ sourceVertex: a, targetVertex: a, edgePropertyId: 'self' });
      const vertex = await client.read<{ outEdges: unknown; inEdges: unknown }>(`/vertex/${a}`);
      assert.deepEqual(vertex.outEdges, { self: [loop] });
      assert.deepEqual(vertex.inEdges, { self: [loop] });
    });

    it('PUT /edge waited with a missing endpoint is 404 and nothing is created', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      assertProblem(
        await client.put('/edge?waitForCompletion=true', {
          sourceVertex: a,
          targetVertex: 42,
          edgePropertyId: 'x',
        }),
        404,
      );
      assertProblem(
        await client.put('/edge?waitForCompletion=true', {
          sourceVertex: 42,
          targetVertex: a,
          edgePropertyId: 'x',
        }),
        404,
      );
      assert.equal(await client.read('/edge/count'), 0);
      assertEmpty(await client.get(`/vertex/${a}/edges/out`), 204);
      assert.equal(await nextIdOf(client), 1);
    });

    it('PUT /edge waited with a removed endpoint is 404', async () => {
      const { client } = fixture;
      const [a, b] = await client.vertices({}, {});
      assertEmpty(await client.delete(`/graphelement/${b}?waitForCompletion=true`), 202);
      const body = { sourceVertex: a, targetVertex: b, edgePropertyId: 'x' };
      assertProblem(await client.put('/edge?waitForCompletion=true', body), 404);
    });

    it('PUT /edge unwaited with a missing endpoint answers 202 and creates nothing', async () => {
      const { client } = fixture;
      assertEmpty(await client.put('/edge', { sourceVertex: 7, targetVertex: 8, edgePropertyId: 'x' }), 202);
      await fixture.engine.flush();
      assert.equal(await client.read('/edge/count'), 0);
    });

    it('a missing or empty edgePropertyId is 400', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      const missing = assertProblem(
        await client.put('/edge?waitForCompletion=true', { sourceVertex: a, targetVertex: a }),
        400,
      );
      assert.ok('edgePropertyId' in (missing.errors as object));
      const empty = { sourceVertex: a, targetVertex: a, edgePropertyId: '' };
      assertProblem(await client.put('/edge?waitForCompletion=true', empty), 400);
      assertProblem(await client.put('/edges?waitForCompletion=true', [empty]), 400);
      assert.equal(await client.read('/edge/count'), 0);
    });

    it('a missing endpoint field or a JSON null body is 400', async () => {
      const { client } = fixture;
      assertProblem(await client.put('/edge', { targetVertex: 0, edgePropertyId: 'x' }), 400);
      assertProblem(await client.put('/edge', null), 400);
      assertProblem(await client.put('/edges', null), 400);
    });

    it('an unconvertible edge property is 400 naming it, and nothing is created', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      const body = {
        sourceVertex: a,
        targetVertex: a,
        edgePropertyId: 'x',
        properties: [{ propertyId: 'weight', propertyValue: 'heavy', fullQualifiedTypeName: 'Double' }],
      };
      const problem = assertProblem(await client.put('/edge?waitForCompletion=true', body), 400);
      assert.match(String(problem.detail), /weight/);
      assert.equal(await client.read('/edge/count'), 0);
    });

    it('PUT /edges waited answers 200 with consecutive ids in input order', async () => {
      const { client } = fixture;
      const [a, b] = await client.vertices({}, {});
      const reply = await client.put('/edges?waitForCompletion=true', [
        { sourceVertex: a, targetVertex: b, edgePropertyId: 'one' },
        { sourceVertex: b, targetVertex: a, edgePropertyId: 'two' },
      ]);
      assert.deepEqual(assertJson(reply), [2, 3]);
      assert.equal((await client.read<{ edgePropertyId: string }>('/edge/3')).edgePropertyId, 'two');
    });

    it('PUT /edges commits what one createEdge operation per item commits: the same elements and adjacency', async () => {
      const { client, engine } = fixture;
      const [a, b] = await client.vertices({}, {});
      const items = [
        { sourceVertex: a, targetVertex: b, edgePropertyId: 'knows', label: 'x', creationDate: 9 },
        {
          sourceVertex: b,
          targetVertex: a,
          edgePropertyId: 'likes',
          properties: [{ propertyId: 'w', propertyValue: '1.5', fullQualifiedTypeName: 'System.Double' }],
        },
        { sourceVertex: a, targetVertex: a, edgePropertyId: 'knows' },
      ];
      const ids = assertJson<number[]>(await client.put('/edges?waitForCompletion=true', items));
      const reference = new Engine({ clockSeconds: () => 0 });
      await reference.createVertices([{}, {}]);
      const operations = items.map((item, index): WriteOperation => ({
        kind: 'createEdge',
        input: edgeInputOf(item, `edges[${index}]`),
      }));
      assert.deepEqual(ids, (await reference.submit(operations)).createdIds);
      const read = (from: Engine) =>
        [a, b, ...ids].map((id) => {
          const { modificationDate: _ignored, ...rest } = from.getElement(id)!;
          return rest;
        });
      assert.deepEqual(read(engine), read(reference));
    });

    it('PUT /edges unwaited answers 202 with no body; an empty array answers [] when waited', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      assertEmpty(
        await client.put('/edges', [{ sourceVertex: a, targetVertex: a, edgePropertyId: 'x' }]),
        202,
      );
      await fixture.engine.flush();
      assert.equal(await client.read('/edge/count'), 1);
      assert.deepEqual(assertJson(await client.put('/edges?waitForCompletion=true', [])), []);
    });

    it('PUT /edges whose last edge has a missing endpoint rolls back the whole batch with 404', async () => {
      const { client } = fixture;
      const [a, b] = await client.vertices({}, {});
      const reply = await client.put('/edges?waitForCompletion=true', [
        { sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' },
        { sourceVertex: b, targetVertex: a, edgePropertyId: 'knows' },
        { sourceVertex: a, targetVertex: 99, edgePropertyId: 'knows' },
      ]);
      assertProblem(reply, 404);
      assert.equal(await client.read('/edge/count'), 0);
      assert.equal(await client.read('/vertex/count'), 2);
      assert.equal((await client.read<{ outEdges: unknown }>(`/vertex/${a}`)).outEdges, null);
      // The rolled-back edges did not consume ids.
      assert.equal(await nextIdOf(client), 2);
    });

    it('PUT /edges with one bad property is 400 naming the item, and nothing is written', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      const bad = { propertyId: 'when', propertyValue: 'yesterday', fullQualifiedTypeName: 'DateTime' };
      const reply = await client.put('/edges?waitForCompletion=true', [
        { sourceVertex: a, targetVertex: a, edgePropertyId: 'x' },
        { sourceVertex: a, targetVertex: a, edgePropertyId: 'x', properties: [bad] },
      ]);
      const problem = assertProblem(reply, 400);
      assert.match(String(problem.detail), /edges\[1\]/);
      assert.match(String(problem.detail), /when/);
      assert.equal(await client.read('/edge/count'), 0);
    });

    it('GET /edge/{id} answers 204 when absent, removed, or the id is a vertex', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      const [edge] = await client.edges({ sourceVertex: a, targetVertex: a, edgePropertyId: 'x' });
      assertEmpty(await client.get('/edge/99'), 204);
      assertEmpty(await client.get(`/edge/${a}`), 204);
      assertEmpty(await client.delete(`/graphelement/${edge}?waitForCompletion=true`), 202);
      assertEmpty(await client.get(`/edge/${edge}`), 204);
    });

    it('GET /edge/{id}/source and /target are bare vertex ids', async () => {
      const { client } = fixture;
      const [a, b] = await client.vertices({}, {});
      const [edge] = await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'x' });
      assert.equal(assertJson(await client.get(`/edge/${edge}/source`)), a);
      assert.equal(assertJson(await client.get(`/edge/${edge}/target`)), b);
    });

    it('GET /edge/{id}/source and /target answer 204 when the edge is missing or the id is a vertex', async () => {
      const { client } = fixture;
      const [a] = await client.vertices({});
      assertEmpty(await client.get('/edge/99/source'), 204);
      assertEmpty(await client.get('/edge/99/target'), 204);
      assertEmpty(await client.get(`/edge/${a}/source`), 204);
    });

    it('GET /edge/count is a bare integer of live edges; removing a vertex removes its edges', async () => {
      const { client } = fixture;
      assert.equal(assertJson(await client.get('/edge/count')), 0);
      const [a, b] = await client.vertices({}, {});
      await client.edges(
        { sourceVertex: a, targetVertex: b, edgePropertyId: 'x' },
        { sourceVertex: b, targetVertex: a, edgePropertyId: 'y' },
        { sourceVertex: b, targetVertex: b, edgePropertyId: 'z' },
      );
      assert.equal(await client.read('/edge/count'), 3);
      assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
      assert.equal(await client.read('/edge/count'), 1);
    });
  });
}
