/** Vertex routes: creation (single, batch), reads, count, and traversal reads (docs/elements.md, docs/http.md). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Engine, type CommitHook, type WriteOperation } from '../../src/index.js';
import { vertexInputOf } from '../../src/server/wire/creates.js';
import {
  assertEmpty,
  assertJson,
  assertProblem,
  describePrefix,
  prefixes,
  useServer,
} from '../support/server.js';

const name = (text: string) => ({
  propertyId: 'name',
  propertyValue: text,
  fullQualifiedTypeName: 'System.String',
});

for (const prefix of prefixes) {
  describe(`vertices: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    it('PUT /vertex answers 202 with no body, unwaited and waited', async () => {
      const { client } = fixture;
      assertEmpty(await client.put('/vertex', { label: 'city' }), 202);
      assertEmpty(await client.put('/vertex?waitForCompletion=true', { label: 'city' }), 202);
      assert.equal(await client.read('/vertex/count'), 2);
    });

    it('a created vertex reads back with label, properties, dates and null adjacency', async () => {
      const { client } = fixture;
      const body = { creationDate: 86_400, label: 'city', properties: [name('Oslo')] };
      assertEmpty(await client.put('/vertex?waitForCompletion=true', body), 202);
      assert.deepEqual(await client.read('/vertex/0'), {
        id: 0,
        creationDate: '1970-01-02T00:00:00',
        modificationDate: '1970-01-02T00:00:00',
        label: 'city',
        properties: [{ propertyId: 'name', fullQualifiedTypeName: 'System.String', propertyValue: 'Oslo' }],
        outEdges: null,
        inEdges: null,
      });
    });

    it('an absent creationDate is 0 and an absent or null label reads as null', async () => {
      const { client } = fixture;
      const [id] = await client.vertices({}, { label: null });
      const vertex = await client.read<Record<string, unknown>>(`/vertex/${id}`);
      assert.equal(vertex.creationDate, '1970-01-01T00:00:00');
      assert.equal(vertex.label, null);
      assert.deepEqual(vertex.properties, []);
      assert.equal((await client.read<Record<string, unknown>>(`/vertex/${id + 1}`)).label, null);
    });

    it('a null properties array counts as empty', async () => {
      const { client } = fixture;
      assertEmpty(await client.put('/vertex?waitForCompletion=true', { label: 'x', properties: null }), 202);
      assert.deepEqual((await client.read<{ properties: unknown[] }>('/vertex/0')).properties, []);
    });

    it('PUT /vertex with a JSON null body is 400', async () => {
      assertProblem(await fixture.client.put('/vertex', null), 400);
    });

    it('PUT /vertex with an unconvertible property is 400 naming the property, and nothing is created', async () => {
      const { client } = fixture;
      const bad = { propertyId: 'population', propertyValue: 'many', fullQualifiedTypeName: 'Int32' };
      const problem = assertProblem(
        await client.put('/vertex?waitForCompletion=true', { properties: [name('x'), bad] }),
        400,
      );
      assert.match(String(problem.detail), /population/);
      assert.equal(await client.read('/vertex/count'), 0);
    });

    it('PUT /vertices waited answers 200 with consecutive ids in input order', async () => {
      const { client } = fixture;
      await client.vertices({});
      const reply = await client.put('/vertices?waitForCompletion=true', [
        { label: 'a', properties: [name('first')] },
        { label: 'b' },
        { label: 'c' },
      ]);
      assert.deepEqual(assertJson(reply), [1, 2, 3]);
      assert.equal((await client.read<{ label: string }>('/vertex/1')).label, 'a');
      assert.equal((await client.read<{ label: string }>('/vertex/3')).label, 'c');
    });

    it('PUT /vertices commits what one createVertex operation per item commits: the same elements, hooked as those operations', async () => {
      const { client, engine } = fixture;
      const items = [
        { label: 'a', creationDate: 12, properties: [name('first')] },
        {},
        {
          label: null,
          properties: [
            { propertyId: 'n', propertyValue: '7', fullQualifiedTypeName: 'System.Int32' },
            { propertyId: 'ok', propertyValue: 'true', fullQualifiedTypeName: 'System.Boolean' },
            { propertyId: 'x', propertyValue: '2.5', fullQualifiedTypeName: 'System.Double' },
          ],
        },
      ];
      const hooked: WriteOperation[][] = [];
      const hook: CommitHook = (group) => {
        for (const committed of group) hooked.push([...committed.operations]);
      };
      engine.addCommitHook(hook);
      const ids = assertJson<number[]>(await client.put('/vertices?waitForCompletion=true', items));
      engine.removeCommitHook(hook);
      const operations = items.map((item, index): WriteOperation => ({
        kind: 'createVertex',
        input: vertexInputOf(item, `vertices[${index}]`),
      }));
      const reference = new Engine({ clockSeconds: () => 0 });
      assert.deepEqual(ids, (await reference.submit(operations)).createdIds);
      const read = (from: Engine) =>
        ids.map((id) => {
          const { modificationDate: _ignored, ...rest } = from.getVertex(id)!;
          return rest;
        });
      assert.deepEqual(read(engine), read(reference));
      assert.equal(hooked.length, 1, 'one transaction');
      // An absent creation date is 0 and absent properties none (docs/elements.md): compared as such.
      const normalized = (list: WriteOperation[]) =>
        list.map((operation) =>
          operation.kind === 'createVertex'
            ? {
                creationDate: operation.input.creationDate ?? 0,
                label: operation.input.label ?? null,
                properties: operation.input.properties ?? [],
              }
            : operation,
        );
      assert.deepEqual(normalized(hooked[0]), normalized(operations));
    });

    it('PUT /vertices unwaited answers 202 with no body', async () => {
      const { client } = fixture;
      assertEmpty(await client.put('/vertices', [{}, {}]), 202);
      await fixture.engine.flush();
      assert.equal(await client.read('/vertex/count'), 2);
    });

    it('PUT /vertices with an empty array answers [] when waited and 202 otherwise', async () => {
      const { client } = fixture;
      assert.deepEqual(assertJson(await client.put('/vertices?waitForCompletion=true', [])), []);
      assertEmpty(await client.put('/vertices', []), 202);
    });

    it('PUT /vertices with a null body or a null item is 400', async () => {
      const { client } = fixture;
      assertProblem(await client.put('/vertices?waitForCompletion=true', null), 400);
      assertProblem(await client.put('/vertices?waitForCompletion=true', [{}, null]), 400);
      assert.equal(await client.read('/vertex/count'), 0);
    });

    it('PUT /vertices with one bad property fails the whole batch, naming the item and property', async () => {
      const { client } = fixture;
      const bad = { propertyId: 'age', propertyValue: '300', fullQualifiedTypeName: 'Byte' };
      const problem = assertProblem(
        await client.put('/vertices?waitForCompletion=true', [{}, { properties: [bad] }]),
        400,
      );
      assert.match(String(problem.detail), /vertices\[1\]/);
      assert.match(String(problem.detail), /age/);
      assert.equal(await client.read('/vertex/count'), 0);
      assert.deepEqual(await client.vertices({}), [0]);
    });

    it('PUT /vertices with an empty propertyId is 400 naming the item, and nothing is created', async () => {
      const { client } = fixture;
      const empty = { propertyId: '', propertyValue: '1', fullQualifiedTypeName: 'Int32' };
      const problem = assertProblem(
        await client.put('/vertices?waitForCompletion=true', [{}, { properties: [empty] }]),
        400,
      );
      assert.match(String(problem.detail), /vertices\[1\]\.properties\[0\]/);
      assert.equal(await client.read('/vertex/count'), 0);
    });

    it('GET /vertex/{id} answers 204 when absent, removed, or the id is an edge', async () => {
      const { client } = fixture;
      const [a, b] = await client.vertices({}, {});
      const [edge] = await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
      assertEmpty(await client.get('/vertex/99'), 204);
      assertEmpty(await client.get('/vertex/-1'), 204);
      assertEmpty(await client.get(`/vertex/${edge}`), 204);
      assertEmpty(await client.delete(`/graphelement/${b}?waitForCompletion=true`), 202);
      assertEmpty(await client.get(`/vertex/${b}`), 204);
    });

    it('a non-integer id in the path is 400 with the validation errors member', async () => {
      const problem = assertProblem(await fixture.client.get('/vertex/abc'), 400);
      assert.equal(typeof problem.errors, 'object');
      assertProblem(await fixture.client.get('/vertex/1.5'), 400);
      assertProblem(await fixture.client.get('/vertex/4294967296'), 400);
    });

    it('GET /vertex/count is a bare integer of live vertices', async () => {
      const { client } = fixture;
      assert.equal(assertJson(await client.get('/vertex/count')), 0);
      const [a] = await client.vertices({}, {}, {});
      assert.equal(await client.read('/vertex/count'), 3);
      assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
      assert.equal(await client.read('/vertex/count'), 2);
    });

    describe('traversal reads', () => {
      /** a -knows-> b, a -knows-> c, a -likes-> b; d is isolated. Ids: a0 b1 c2 d3, edges 4 5 6. */
      async function diamond() {
        const { client } = fixture;
        const [a, b, c, d] = await client.vertices({}, {}, {}, {});
        const edges = await client.edges(
          { sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' },
          { sourceVertex: a, targetVertex: c, edgePropertyId: 'knows' },
          { sourceVertex: a, targetVertex: b, edgePropertyId: 'likes' },
        );
        return { a, b, c, d, edges };
      }

      it('GET /vertex/{id}/edges/out and /in list the edge types present', async () => {
        const { client } = fixture;
        const { a, b } = await diamond();
        assert.deepEqual([...assertJson<string[]>(await client.get(`/vertex/${a}/edges/out`))].sort(), [
          'knows',
          'likes',
        ]);
        assert.deepEqual([...(await client.read<string[]>(`/vertex/${b}/edges/in`))].sort(), [
          'knows',
          'likes',
        ]);
      });

      it('an existing vertex without edges in a direction answers 204 with no body', async () => {
        const { client } = fixture;
        const { a, d } = await diamond();
        assertEmpty(await client.get(`/vertex/${a}/edges/in`), 204);
        assertEmpty(await client.get(`/vertex/${d}/edges/out`), 204);
        assertEmpty(await client.get(`/vertex/${d}/edges/in`), 204);
      });

      it('edge-type lists answer 204 when the vertex is missing or is an edge', async () => {
        const { client } = fixture;
        const { edges } = await diamond();
        assertEmpty(await client.get('/vertex/99/edges/out'), 204);
        assertEmpty(await client.get('/vertex/99/edges/in'), 204);
        assertEmpty(await client.get(`/vertex/${edges[0]}/edges/out`), 204);
      });

      it('GET /vertex/{id}/edges/out/{type} lists edge ids in creation order', async () => {
        const { client } = fixture;
        const { a, b, edges } = await diamond();
        assert.deepEqual(assertJson(await client.get(`/vertex/${a}/edges/out/knows`)), [edges[0], edges[1]]);
        assert.deepEqual(await client.read(`/vertex/${b}/edges/in/likes`), [edges[2]]);
      });

      it('edge-id lists answer 204 when the vertex or the group is missing', async () => {
        const { client } = fixture;
        const { a, d } = await diamond();
        assertEmpty(await client.get('/vertex/99/edges/out/knows'), 204);
        assertEmpty(await client.get(`/vertex/${a}/edges/out/hates`), 204);
        assertEmpty(await client.get(`/vertex/${a}/edges/in/knows`), 204);
        assertEmpty(await client.get(`/vertex/${d}/edges/out/knows`), 204);
      });

      it('outdegree and indegree are bare integers', async () => {
        const { client } = fixture;
        const { a, b, d } = await diamond();
        assert.equal(assertJson(await client.get(`/vertex/${a}/edges/outdegree`)), 3);
        assert.equal(assertJson(await client.get(`/vertex/${a}/edges/indegree`)), 0);
        assert.equal(await client.read(`/vertex/${b}/edges/indegree`), 2);
        assert.equal(await client.read(`/vertex/${d}/edges/outdegree`), 0);
      });

      it('the degree routes answer 404 problem when the vertex is missing', async () => {
        const { client } = fixture;
        const { edges } = await diamond();
        assertProblem(await client.get('/vertex/99/edges/outdegree'), 404);
        assertProblem(await client.get('/vertex/99/edges/indegree'), 404);
        assertProblem(await client.get('/vertex/99/edges/out/knows/degree'), 404);
        assertProblem(await client.get('/vertex/99/edges/in/knows/degree'), 404);
        assertProblem(await client.get(`/vertex/${edges[0]}/edges/outdegree`), 404);
      });

      it('a group degree is a bare integer, 0 for an absent group on a live vertex', async () => {
        const { client } = fixture;
        const { a, b, d } = await diamond();
        assert.equal(assertJson(await client.get(`/vertex/${a}/edges/out/knows/degree`)), 2);
        assert.equal(await client.read(`/vertex/${b}/edges/in/likes/degree`), 1);
        assert.equal(await client.read(`/vertex/${a}/edges/out/hates/degree`), 0);
        assert.equal(await client.read(`/vertex/${d}/edges/in/knows/degree`), 0);
      });

      it('an edge type with reserved URL characters is addressed percent-encoded', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        const [edge] = await client.edges({
          sourceVertex: a,
          targetVertex: b,
          edgePropertyId: 'works at/for',
        });
        assert.deepEqual(await client.read(`/vertex/${a}/edges/out/${encodeURIComponent('works at/for')}`), [
          edge,
        ]);
      });

      it('removing the last edge of a group drops the group: adjacency reads null, the lists 204', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        const [edge] = await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
        assertEmpty(await client.delete(`/graphelement/${edge}?waitForCompletion=true`), 202);
        assert.equal((await client.read<{ outEdges: unknown }>(`/vertex/${a}`)).outEdges, null);
        assertEmpty(await client.get(`/vertex/${a}/edges/out`), 204);
        assertEmpty(await client.get(`/vertex/${a}/edges/out/knows`), 204);
        assertEmpty(await client.get(`/vertex/${b}/edges/in/knows`), 204);
        assert.equal(await client.read(`/vertex/${a}/edges/out/knows/degree`), 0);
      });
    });
  });
}
