/**
 * GET /graph and what the maintenance routes do to the id space as seen over HTTP: the sample graph, trim
 * renumbering and tabula rasa (docs/elements.md, Ids and Maintenance).
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
} from '../support/server.js';

interface Page {
  vertices: {
    id: number;
    label: string | null;
    properties: { propertyValue: string }[];
    [k: string]: unknown;
  }[];
  edges: {
    id: number;
    sourceVertex: number;
    targetVertex: number;
    edgePropertyId: string;
    label: string | null;
  }[];
}

const ids = (list: { id: number }[]) => list.map((element) => element.id);

for (const prefix of prefixes) {
  describe(`graph and maintenance: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    describe('GET /graph', () => {
      it('answers exactly vertices and edges, each the first live elements in id order', async () => {
        const { client } = fixture;
        const [a, b, c] = await client.vertices({}, {}, {});
        const edges = await client.edges(
          { sourceVertex: a, targetVertex: b, edgePropertyId: 'x' },
          { sourceVertex: b, targetVertex: c, edgePropertyId: 'x' },
        );
        assertEmpty(await client.delete(`/graphelement/${b}?waitForCompletion=true`), 202);
        const page = assertJson<Page>(await client.get('/graph'));
        assert.deepEqual(Object.keys(page).sort(), ['edges', 'vertices']);
        assert.deepEqual(ids(page.vertices), [a, c]);
        assert.deepEqual(ids(page.edges), []);
        const [d] = await client.vertices({});
        const [edge] = await client.edges({ sourceVertex: d, targetVertex: a, edgePropertyId: 'y' });
        const again = await client.read<Page>('/graph');
        assert.deepEqual(ids(again.vertices), [a, c, d]);
        assert.deepEqual(again.edges, [
          {
            id: edge,
            creationDate: '1970-01-01T00:00:00',
            modificationDate: '1970-01-01T00:00:00',
            label: null,
            properties: [],
            sourceVertex: d,
            targetVertex: a,
            edgePropertyId: 'y',
          },
        ]);
        assert.ok(!edges.includes(edge));
      });

      it('an empty namespace answers two empty arrays', async () => {
        assert.deepEqual(await fixture.client.read('/graph'), { vertices: [], edges: [] });
      });

      it('maxElements bounds each list independently', async () => {
        const { client } = fixture;
        const [a, b, c] = await client.vertices({}, {}, {});
        const [e1, e2] = await client.edges(
          { sourceVertex: a, targetVertex: b, edgePropertyId: 'x' },
          { sourceVertex: b, targetVertex: c, edgePropertyId: 'x' },
        );
        const page = await client.read<Page>('/graph?maxElements=1');
        assert.deepEqual(ids(page.vertices), [a]);
        assert.deepEqual(ids(page.edges), [e1]);
        const two = await client.read<Page>('/graph?maxElements=2');
        assert.deepEqual(ids(two.vertices), [a, b]);
        assert.deepEqual(ids(two.edges), [e1, e2]);
      });

      it('maxElements defaults to 1000', async () => {
        const { client } = fixture;
        await client.vertices(...Array.from({ length: 1001 }, () => ({})));
        assert.equal((await client.read<Page>('/graph')).vertices.length, 1000);
        assert.equal((await client.read<Page>('/graph?maxElements=1001')).vertices.length, 1001);
      });

      it('maxElements is clamped: zero or negative gives two empty arrays, a huge value is accepted', async () => {
        const { client } = fixture;
        await client.vertices({}, {});
        assert.deepEqual(await client.read('/graph?maxElements=0'), { vertices: [], edges: [] });
        assert.deepEqual(await client.read('/graph?maxElements=-5'), { vertices: [], edges: [] });
        assert.deepEqual(await client.read('/graph?maxElements=-2147483648'), { vertices: [], edges: [] });
        assert.equal((await client.read<Page>('/graph?maxElements=2147483647')).vertices.length, 2);
      });

      it('a non-integer maxElements is 400', async () => {
        assertProblem(await fixture.client.get('/graph?maxElements=many'), 400);
        assertProblem(await fixture.client.get('/graph?maxElements=2147483648'), 400);
      });
    });

    describe('PUT /unittest', () => {
      it('creates the five people and six edges of the sample graph, ids 0 to 10, in an empty namespace', async () => {
        const { client } = fixture;
        assertEmpty(await client.put('/unittest'), 200);
        await fixture.engine.flush();
        const page = await client.read<Page>('/graph');
        assert.deepEqual(
          page.vertices.map((v) => [v.id, v.label, v.properties.map((p) => p.propertyValue)]),
          [
            [0, 'person', ['Alice']],
            [1, 'person', ['Bob']],
            [2, 'person', ['Eve']],
            [3, 'person', ['Mallory']],
            [4, 'person', ['Trent']],
          ],
        );
        assert.deepEqual(
          page.edges.map((e) => [e.id, e.sourceVertex, e.targetVertex, e.edgePropertyId, e.label]),
          [
            [5, 0, 1, 'communicatesWith', null],
            [6, 0, 4, 'trusts', 'trusts'],
            [7, 1, 4, 'trusts', 'trusts'],
            [8, 2, 0, 'attacks', null],
            [9, 3, 0, 'attacks', null],
            [10, 3, 1, 'attacks', null],
          ],
        );
        assert.deepEqual(await client.read('/vertex/4'), {
          id: 4,
          creationDate: '1970-01-01T00:00:00',
          modificationDate: '1970-01-01T00:00:00',
          label: 'person',
          properties: [
            { propertyId: 'name', fullQualifiedTypeName: 'System.String', propertyValue: 'Trent' },
          ],
          outEdges: null,
          inEdges: { trusts: [6, 7] },
        });
        assert.deepEqual(await client.read('/edge/6'), {
          id: 6,
          creationDate: '1970-01-01T00:00:00',
          modificationDate: '1970-01-01T00:00:00',
          label: 'trusts',
          properties: [],
          sourceVertex: 0,
          targetVertex: 4,
          edgePropertyId: 'trusts',
        });
      });

      it('appends to a namespace that is not empty', async () => {
        const { client } = fixture;
        await client.vertices({ label: 'before' });
        assertEmpty(await client.put('/unittest'), 200);
        await fixture.engine.flush();
        assert.equal(await client.read('/vertex/count'), 6);
        assert.equal(await client.read('/edge/count'), 6);
        assert.equal((await client.read<{ label: string }>('/vertex/0')).label, 'before');
      });
    });

    describe('HEAD /trim', () => {
      it('renumbers survivors 0..n-1 in old id order and the next element gets the survivor count', async () => {
        const { client } = fixture;
        // ids: v0 v1 v2 v3, e4 (v0->v2), e5 (v1->v3), e6 (v3->v0)
        const [v0, v1, v2, v3] = await client.vertices(
          { label: 'v0' },
          { label: 'v1' },
          { label: 'v2' },
          { label: 'v3' },
        );
        await client.edges(
          { sourceVertex: v0, targetVertex: v2, edgePropertyId: 'a', label: 'e4' },
          { sourceVertex: v1, targetVertex: v3, edgePropertyId: 'b', label: 'e5' },
          { sourceVertex: v3, targetVertex: v0, edgePropertyId: 'c', label: 'e6' },
        );
        // Removing v1 takes e5 with it; survivors v0 v2 v3 e4 e6 become 0 1 2 3 4.
        assertEmpty(await client.delete(`/graphelement/${v1}?waitForCompletion=true`), 202);
        assertEmpty(await client.head('/trim'), 200);
        // The writer is FIFO: this waited create runs after the trim.
        assert.deepEqual(await client.vertices({ label: 'new' }), [5]);
        const page = await client.read<Page>('/graph');
        assert.deepEqual(
          page.vertices.map((v) => [v.id, v.label]),
          [
            [0, 'v0'],
            [1, 'v2'],
            [2, 'v3'],
            [5, 'new'],
          ],
        );
        assert.deepEqual(
          page.edges.map((e) => [e.id, e.label, e.sourceVertex, e.targetVertex]),
          [
            [3, 'e4', 0, 1],
            [4, 'e6', 2, 0],
          ],
        );
        const first = await client.read<{ outEdges: unknown; inEdges: unknown }>('/vertex/0');
        assert.deepEqual(first.outEdges, { a: [3] });
        assert.deepEqual(first.inEdges, { c: [4] });
        assert.deepEqual(await client.read(`/vertex/2/edges/out/c`), [4]);
        assertEmpty(await client.get(`/vertex/${v3}`), 204); // old id 3 is now the edge e4
        assert.equal(await client.read('/edge/3/source'), 0);
      });

      it('leaves an id space without tombstones unchanged', async () => {
        const { client } = fixture;
        await client.vertices({ label: 'a' }, { label: 'b' });
        assertEmpty(await client.head('/trim'), 200);
        assert.deepEqual(await client.vertices({}), [2]);
        assert.equal((await client.read<{ label: string }>('/vertex/1')).label, 'b');
      });
    });

    describe('HEAD /tabularasa', () => {
      it('erases every element and ids restart at 0', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'x' });
        assertEmpty(await client.head('/tabularasa'), 200);
        assert.deepEqual(await client.vertices({ label: 'fresh' }), [0]);
        assert.equal(await client.read('/vertex/count'), 1);
        assert.equal(await client.read('/edge/count'), 0);
        assert.equal((await client.read<{ label: string }>('/vertex/0')).label, 'fresh');
      });

      it('erases only the addressed namespace', async () => {
        const { client, server } = fixture;
        await client.vertices({});
        const other = prefix === '' ? server.namespaces.get('flights')! : server.namespaces.default;
        await other.engine.createVertex({ label: 'elsewhere' });
        assertEmpty(await client.head('/tabularasa'), 200);
        await fixture.engine.flush();
        assert.equal(await client.read('/vertex/count'), 0);
        assert.equal(other.engine.vertexCount, 1);
      });
    });
  });
}
