/**
 * Reading subgraphs over HTTP (docs/subgraphs.md): `/status`'s algorithm list, `GET /subgraph/{name}/graph`
 * (its bound and the read shapes it shares with `GET /graph`), the source id of top-level and nested
 * subgraphs, maintenance (`HEAD /trim`, `HEAD /tabularasa`) leaving extracts alone, and the `Location` of
 * a namespace created over HTTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { unlimited } from '../support/conventions-server.js';
import {
  assertJson,
  assertProblem,
  Client,
  describePrefix,
  prefixes,
  startServer,
  type TestServer,
} from '../support/server.js';
import {
  attackersOfAlice,
  createSubgraph,
  describePage,
  named,
  sampleGraph,
  useSubgraphServer,
  type GraphPage,
  type Summary,
} from '../support/subgraphs.js';

describe('subgraphs in /status and in namespaces created over HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ rateLimit: unlimited });
  });
  after(() => server.close());

  it('GET /status lists availableSubGraphPlugins: the built-in algorithm', async () => {
    const client = new Client(server.url);
    const status = await client.read<Record<string, unknown>>('/status');
    assert.deepEqual(status.availableSubGraphPlugins, ['Breadth First Search Subgraph Algorithm']);
  });

  it('the Location of a subgraph in a namespace is /ns/{ns}/subgraph/{name}, whatever the names hold', async () => {
    const client = new Client(server.url);
    for (const [namespace, encoded] of [
      ['a', 'a'],
      ['subgraph-lab', 'subgraph-lab'],
      ['my subgraphs', 'my%20subgraphs'],
    ]) {
      assert.equal((await client.put(`/ns/${encodeURIComponent(namespace)}`)).status, 201);
      // An empty fromSubGraph reads the namespace's graph.
      for (const [query, name] of [
        ['', 'plain'],
        ['?fromSubGraph=', 'empty from'],
      ]) {
        const response = await fetch(`${server.url}/ns/${encoded}/subgraph${query}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
        assert.equal(response.status, 201, await response.text());
        const expected = `/ns/${encoded}/subgraph/${encodeURIComponent(name)}`;
        assert.equal(response.headers.get('location'), expected);
        assert.equal((await client.read<Summary>(expected)).name, name);
      }
    }
    assertProblem(await client.put('/ns/absent/subgraph', { name: 'x' }), 404);
  });
});

for (const prefix of prefixes) {
  describe(`subgraph reads and maintenance: ${describePrefix(prefix)}`, () => {
    const fixture = useSubgraphServer(prefix, { rateLimit: unlimited });
    const create = (body: unknown, query = '') => createSubgraph(fixture.client, body, query);
    const graphOf = (name: string, query = '') =>
      fixture.client.read<GraphPage>(`/subgraph/${name}/graph${query}`);

    describe('GET /subgraph/{name}/graph', () => {
      it('answers the read shapes of GET /graph for the same elements, only the ids differ', async () => {
        // A removed first vertex shifts the namespace's ids by one; the extract numbers from 0.
        const [gone] = await fixture.client.vertices({});
        assert.equal(
          (await fixture.client.delete(`/graphelement/${gone}?waitForCompletion=true`)).status,
          202,
        );
        await sampleGraph(fixture);
        await fixture.client.vertices({
          label: 'typed',
          creationDate: 86_400,
          properties: [
            { propertyId: 'n', fullQualifiedTypeName: 'System.Int32', propertyValue: '7' },
            {
              propertyId: 'when',
              fullQualifiedTypeName: 'System.DateTime',
              propertyValue: '2024-05-06T07:08:09',
            },
            { propertyId: 'ok', fullQualifiedTypeName: 'System.Boolean', propertyValue: 'true' },
          ],
        });
        const summary = await create({ name: 'everything' });
        const source = await fixture.client.read<GraphPage>('/graph');
        const extract = await graphOf('everything');
        assert.deepEqual(
          [summary.vertexCount, summary.edgeCount],
          [source.vertices.length, source.edges.length],
        );
        assert.deepEqual(
          extract.vertices.map((v) => v.id),
          [0, 1, 2, 3, 4, 5],
        );
        assert.deepEqual(
          extract.edges.map((e) => e.id),
          [6, 7, 8, 9, 10, 11],
        );
        const idOf = new Map<number, number>();
        source.vertices.forEach((v, i) => idOf.set(v.id, extract.vertices[i].id));
        source.edges.forEach((e, i) => idOf.set(e.id, extract.edges[i].id));
        const renumber = (value: unknown): unknown => {
          if (Array.isArray(value)) return value.map(renumber);
          if (value === null || typeof value !== 'object') return value;
          return Object.fromEntries(
            Object.entries(value).map(([key, member]) => {
              if (['id', 'sourceVertex', 'targetVertex'].includes(key))
                return [key, idOf.get(member as number)];
              if (key === 'outEdges' || key === 'inEdges') {
                return [
                  key,
                  member === null
                    ? null
                    : Object.fromEntries(
                        Object.entries(member as Record<string, number[]>).map(([type, ids]) => [
                          type,
                          ids.map((id) => idOf.get(id)),
                        ]),
                      ),
                ];
              }
              return [key, renumber(member)];
            }),
          );
        };
        assert.deepEqual(extract, renumber(source));
      });

      it('maxElements bounds each list: 1000 by default, clamped to 0..100,000', async () => {
        const batch = Array.from({ length: 10_000 }, () => ({ kind: 'createVertex', input: {} }) as const);
        for (let i = 0; i < 10; i++) await fixture.engine.submit(batch);
        await fixture.engine.submit([{ kind: 'createVertex', input: {} }]);
        await fixture.engine.submit(
          Array.from(
            { length: 1001 },
            (_, i) =>
              ({
                kind: 'createEdge',
                input: { sourceVertex: i, targetVertex: i + 1, edgePropertyId: 'x' },
              }) as const,
          ),
        );
        const summary = await create({ name: 'wide' });
        assert.deepEqual([summary.vertexCount, summary.edgeCount], [100_001, 1001]);
        const lengths = async (query: string) => {
          const page = await graphOf('wide', query);
          return [page.vertices.length, page.edges.length];
        };
        assert.deepEqual(await lengths(''), [1000, 1000]);
        assert.deepEqual(await lengths('?maxElements=1001'), [1001, 1001]);
        assert.deepEqual(await lengths('?maxElements=100000'), [100_000, 1001]);
        assert.deepEqual(await lengths('?maxElements=100001'), [100_000, 1001]);
        assert.deepEqual(await lengths('?maxElements=2147483647'), [100_000, 1001]);
        assert.deepEqual(await lengths('?maxElements=0'), [0, 0]);
        assert.deepEqual(await lengths('?maxElements=-5'), [0, 0]);
        const first = await graphOf('wide', '?maxElements=3');
        assert.deepEqual(
          first.vertices.map((v) => v.id),
          [0, 1, 2],
        );
        assert.deepEqual(
          first.edges.map((e) => e.id),
          [100_001, 100_002, 100_003],
        );
        assertProblem(await fixture.client.get('/subgraph/wide/graph?maxElements=many'), 400);
        assertProblem(await fixture.client.get('/subgraph/wide/graph?maxElements=2147483648'), 400);
      });
    });

    describe('source ids', () => {
      it("a nested subgraph's sourceFallen8Id is its parent's own graph id, stable across the parent's recalculation", async () => {
        await sampleGraph(fixture);
        const parent = await create({ name: 'parent', patterns: attackersOfAlice });
        const other = await create({ name: 'other' });
        assert.equal(
          other.sourceFallen8Id,
          parent.sourceFallen8Id,
          "top-level subgraphs name the namespace's graph",
        );
        const child = await create({ name: 'child' }, '?fromSubGraph=parent');
        const sibling = await create(
          { name: 'sibling', vertexFilter: named('Alice') },
          '?fromSubGraph=parent',
        );
        const cousin = await create({ name: 'cousin' }, '?fromSubGraph=other');
        assert.notEqual(child.sourceFallen8Id, parent.sourceFallen8Id);
        assert.equal(sibling.sourceFallen8Id, child.sourceFallen8Id, 'one parent, one id');
        assert.notEqual(cousin.sourceFallen8Id, child.sourceFallen8Id, 'another parent, another id');
        assert.deepEqual([child.vertexCount, child.edgeCount], [3, 2], "the parent's extract is the source");
        const grandchild = await create({ name: 'grandchild' }, '?fromSubGraph=child');
        assert.notEqual(grandchild.sourceFallen8Id, child.sourceFallen8Id);

        await fixture.client.edges({ sourceVertex: 4, targetVertex: 0, edgePropertyId: 'attacks' });
        const recalculated = assertJson<Summary>(await fixture.client.post('/subgraph/parent/recalculate'));
        assert.equal(recalculated.sourceFallen8Id, parent.sourceFallen8Id);
        assert.equal(recalculated.vertexCount, 4);
        assert.deepEqual(
          await fixture.client.read('/subgraph/child'),
          child,
          'a child is refreshed only when asked',
        );
        const refreshed = assertJson<Summary>(await fixture.client.post('/subgraph/child/recalculate'));
        assert.deepEqual(refreshed, { ...child, vertexCount: 4, edgeCount: 3 });
        const again = assertJson<Summary>(await fixture.client.post('/subgraph/grandchild/recalculate'));
        assert.equal(
          again.sourceFallen8Id,
          grandchild.sourceFallen8Id,
          "the child's id survives its recalculation",
        );
        assert.equal(again.vertexCount, 4);
      });

      it("a namespace's top-level subgraphs share its graph id; another namespace has another", async () => {
        const here = await create({ name: 'here' });
        const otherPrefix = prefix === '' ? prefixes[1] : prefixes[0];
        const elsewhere = new Client(fixture.server.url + otherPrefix);
        const there = await createSubgraph(elsewhere, { name: `there-${prefix.length}` });
        assert.notEqual(there.sourceFallen8Id, here.sourceFallen8Id);
        assert.equal((await elsewhere.delete(`/subgraph/there-${prefix.length}`)).status, 204);
      });
    });

    describe('maintenance', () => {
      it('HEAD /tabularasa and HEAD /trim keep subgraphs and their contents', async () => {
        await sampleGraph(fixture);
        const [gone] = await fixture.client.vertices({});
        assert.equal(
          (await fixture.client.delete(`/graphelement/${gone}?waitForCompletion=true`)).status,
          202,
        );
        const summary = await create({ name: 'kept', patterns: attackersOfAlice });
        const nested = await create({ name: 'nested', vertexFilter: named('Eve') }, '?fromSubGraph=kept');
        const page = await graphOf('kept');
        assert.equal((await fixture.client.head('/trim')).status, 200);
        assert.deepEqual(await fixture.client.read('/subgraph'), ['kept', 'nested']);
        assert.deepEqual(await fixture.client.read('/subgraph/kept'), summary);
        assert.deepEqual(await graphOf('kept'), page);
        assert.equal((await fixture.client.head('/tabularasa')).status, 200);
        assert.equal(await fixture.client.read('/vertex/count'), 0);
        assert.deepEqual(await fixture.client.read('/subgraph'), ['kept', 'nested']);
        assert.deepEqual(await fixture.client.read('/subgraph/kept'), summary);
        assert.deepEqual(await fixture.client.read('/subgraph/nested'), nested);
        assert.deepEqual(await graphOf('kept'), page);
        assert.deepEqual(describePage(await graphOf('nested')).vertices, ['Eve']);
        // A recalculation reads the namespace as it is now: empty.
        const emptied = assertJson<Summary>(await fixture.client.post('/subgraph/kept/recalculate'));
        assert.deepEqual([emptied.vertexCount, emptied.edgeCount], [0, 0]);
      });
    });
  });
}
