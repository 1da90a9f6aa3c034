/**
 * Stored queries over HTTP (docs/storedqueries.md): registration rules and statuses, the summary and
 * detail shapes, ordering, removal, and per-namespace isolation, both bare and under /ns/{ns}.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  assertJson,
  assertProblem,
  describePrefix,
  prefixes,
  startServer,
  useServer,
  Client,
} from '../support/server.js';
import { unlimited } from '../support/conventions-server.js';

const vertexFilter = 'return (v) => v.Label == "person";';
const edgeCost = 'return (e) => 1.0;';

function pathQuery(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    kind: 'Path',
    description: 'people only',
    path: { filter: { vertexFilter }, cost: { edgeCost } },
    ...extra,
  };
}

const createdAtPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z$/;

for (const prefix of prefixes) {
  describe(`stored queries, ${describePrefix(prefix)}`, () => {
    // The suite sends more registrations than one window of the sensitive-route limit admits.
    const fixture = useServer(prefix, { rateLimit: unlimited });

    test('registering a Path query answers 201 with the summary and a Location', async () => {
      const reply = await fixture.client.post('/storedquery', pathQuery('adults-shortest'));
      const summary = assertJson<Record<string, unknown>>(reply, 201);
      assert.deepEqual(Object.keys(summary).sort(), [
        'compileState',
        'createdAt',
        'description',
        'kind',
        'name',
      ]);
      assert.equal(summary.name, 'adults-shortest');
      assert.equal(summary.kind, 'Path');
      assert.equal(summary.description, 'people only');
      assert.equal(summary.compileState, 'Compiled');
      assert.match(summary.createdAt as string, createdAtPattern);
      const location = await fetch(`${fixture.client.base}/storedquery/adults-shortest`, { method: 'GET' });
      assert.equal(location.status, 200);
      const raw = await fetch(`${fixture.client.base}/storedquery`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(pathQuery('located')),
      });
      assert.equal(raw.headers.get('location'), `${prefix}/storedquery/located`);
    });

    test('the detail carries the stored block as a JSON string and null diagnostics', async () => {
      const body = pathQuery('detail-q', { description: undefined });
      assertJson(await fixture.client.post('/storedquery', body), 201);
      const detail = assertJson<Record<string, unknown>>(await fixture.client.get('/storedquery/detail-q'));
      assert.equal(typeof detail.specificationJson, 'string');
      assert.deepEqual(JSON.parse(detail.specificationJson as string), body.path);
      assert.equal(detail.compileDiagnostics, null);
      assert.equal(detail.description, null);
    });

    test('a SubGraph template with filters and patterns registers', async () => {
      const reply = await fixture.client.post('/storedquery', {
        name: 'friends-of',
        kind: 'SubGraph',
        subGraph: {
          vertexFilter,
          patterns: [
            { type: 'Vertex', vertexFilter },
            { type: 'Edge', direction: 'OutgoingEdge', edgePropertyFilter: 'return (t) => t == "knows";' },
            { type: 'Vertex' },
            { type: 'VariableLengthEdge', minLength: 1, maxLength: 3 },
            { patternName: 'end' },
          ],
        },
      });
      const summary = assertJson<Record<string, unknown>>(reply, 201);
      assert.equal(summary.kind, 'SubGraph');
    });

    test('pattern types and directions match in any case, aliases included, and are stored canonical', async () => {
      const reply = await fixture.client.post('/storedquery', {
        name: 'spelled-freely',
        kind: 'SubGraph',
        subGraph: {
          patterns: [
            { type: 'vertex' },
            { type: 'EDGE', direction: 'out' },
            { type: 'Vertex' },
            { type: 'variablelengthedge', direction: 'Incoming', minLength: 2, maxLength: 100 },
            {},
            { type: 'edge', direction: 'UNDIRECTED' },
            { type: 'VERTEX' },
          ],
        },
      });
      assertJson(reply, 201);
      const detail = assertJson<{ specificationJson: string }>(
        await fixture.client.get('/storedquery/spelled-freely'),
      );
      assert.deepEqual(JSON.parse(detail.specificationJson), {
        patterns: [
          { type: 'Vertex' },
          { type: 'Edge', direction: 'OutgoingEdge' },
          { type: 'Vertex' },
          { type: 'VariableLengthEdge', direction: 'IncomingEdge', minLength: 2, maxLength: 100 },
          { type: 'Vertex' },
          { type: 'Edge', direction: 'UndirectedEdge' },
          { type: 'Vertex' },
        ],
      });
    });

    test('the list is ordered by name in ordinal order', async () => {
      for (const name of ['list-b', 'List-C', 'list-a']) {
        assertJson(await fixture.client.post('/storedquery', pathQuery(name)), 201);
      }
      const names = assertJson<{ name: string }[]>(await fixture.client.get('/storedquery'))
        .map((entry) => entry.name)
        .filter((name) => name.toLowerCase().startsWith('list-'));
      assert.deepEqual(names, ['List-C', 'list-a', 'list-b']);
    });

    test("an unknown name answers 404 with the detail No stored query named '<name>'.", async () => {
      const problem = assertProblem(await fixture.client.get('/storedquery/nothing-here'), 404);
      assert.equal(problem.detail, "No stored query named 'nothing-here'.");
      assertProblem(await fixture.client.delete('/storedquery/nothing-here'), 404);
    });

    test('DELETE answers 204 and the query is gone; the name can be registered again', async () => {
      assertJson(await fixture.client.post('/storedquery', pathQuery('short-lived')), 201);
      const reply = await fixture.client.delete('/storedquery/short-lived');
      assert.equal(reply.status, 204);
      assertProblem(await fixture.client.get('/storedquery/short-lived'), 404);
      assertJson(await fixture.client.post('/storedquery', pathQuery('short-lived')), 201);
    });

    test('stored queries belong to the namespace, not its elements: a clear or a trim keeps them', async () => {
      assertJson(await fixture.client.post('/storedquery', pathQuery('outlives-clear')), 201);
      assert.equal((await fixture.client.head('/tabularasa')).status, 200);
      assert.equal((await fixture.client.head('/trim')).status, 200);
      assertJson(await fixture.client.get('/storedquery/outlives-clear'));
    });

    test('a duplicate name answers 409', async () => {
      assertJson(await fixture.client.post('/storedquery', pathQuery('twice')), 201);
      assertProblem(await fixture.client.post('/storedquery', pathQuery('twice')), 409);
    });

    for (const [why, body] of [
      ['an empty name', pathQuery('')],
      ['a name over 128 characters', pathQuery('n'.repeat(129))],
      ['a name with a space', pathQuery('two words')],
      ['a kind in the wrong case', pathQuery('kind-case', { kind: 'path' })],
      ['an unknown kind', pathQuery('kind-unknown', { kind: 'Cypher' })],
      ['a Path query without its block', { name: 'no-block', kind: 'Path' }],
      ['a Path query with a subGraph block', pathQuery('both', { subGraph: {} })],
      [
        'a SubGraph template with a path block',
        { name: 'sg-path', kind: 'SubGraph', subGraph: {}, path: {} },
      ],
      [
        'an unknown member in the filter block',
        pathQuery('member', { path: { filter: { labelFilter: 'x' } } }),
      ],
      [
        'patterns that do not alternate',
        { name: 'order', kind: 'SubGraph', subGraph: { patterns: [{ type: 'Vertex' }, { type: 'Vertex' }] } },
      ],
      [
        'patterns that end on an edge',
        { name: 'ends', kind: 'SubGraph', subGraph: { patterns: [{ type: 'Vertex' }, { type: 'Edge' }] } },
      ],
      [
        'a variable-length edge that leads',
        { name: 'leads', kind: 'SubGraph', subGraph: { patterns: [{ type: 'VariableLengthEdge' }] } },
      ],
      [
        'an unknown pattern type',
        { name: 'type-unknown', kind: 'SubGraph', subGraph: { patterns: [{ type: 'Node' }] } },
      ],
      [
        'an unknown direction',
        {
          name: 'direction-unknown',
          kind: 'SubGraph',
          subGraph: { patterns: [{}, { type: 'Edge', direction: 'Sideways' }, {}] },
        },
      ],
      [
        'a maxLength above 100',
        {
          name: 'too-long',
          kind: 'SubGraph',
          subGraph: { patterns: [{}, { type: 'VariableLengthEdge', maxLength: 101 }, {}] },
        },
      ],
      [
        'a minLength above maxLength',
        {
          name: 'min-max',
          kind: 'SubGraph',
          subGraph: { patterns: [{}, { type: 'VariableLengthEdge', minLength: 3, maxLength: 2 }, {}] },
        },
      ],
      [
        'a vertex step with both vertexFilter and semanticMinScore',
        {
          name: 'both-vf',
          kind: 'SubGraph',
          subGraph: { patterns: [{ type: 'Vertex', vertexFilter, semanticMinScore: 0.5 }] },
        },
      ],
    ] as const) {
      test(`${why} answers 400`, async () => {
        assertProblem(await fixture.client.post('/storedquery', body), 400);
      });
    }

    test('a fragment that does not compile answers 400 with the compile text, and nothing is registered', async () => {
      const problem = assertProblem(
        await fixture.client.post(
          '/storedquery',
          pathQuery('broken', { path: { filter: { vertexFilter: 'return (v) => v.Nope;' } } }),
        ),
        400,
      );
      assert.match(problem.detail as string, /^vertexFilter\(1,\d+\): error CS\d{4}: /);
      assertProblem(await fixture.client.get('/storedquery/broken'), 404);
    });
  });
}

describe('stored queries across namespaces and limits', () => {
  test('each namespace has its own stored queries', async () => {
    const server = await startServer();
    try {
      server.namespaces.create('other');
      const bare = new Client(server.url);
      const scoped = new Client(`${server.url}/ns/other`);
      assertJson(await bare.post('/storedquery', pathQuery('mine')), 201);
      assertProblem(await scoped.get('/storedquery/mine'), 404);
      assertJson(await scoped.post('/storedquery', pathQuery('mine')), 201);
      assert.equal(assertJson<unknown[]>(await scoped.get('/storedquery')).length, 1);
    } finally {
      await server.close();
    }
  });

  test('registrations beyond Svc:StoredQueries:MaxCount answer 409', async () => {
    const server = await startServer({ maxStoredQueries: 2 });
    try {
      const client = new Client(server.url);
      assertJson(await client.post('/storedquery', pathQuery('q1')), 201);
      assertJson(await client.post('/storedquery', pathQuery('q2')), 201);
      const problem = assertProblem(await client.post('/storedquery', pathQuery('q3')), 409);
      assert.equal(problem.maxCount, 2);
      assert.equal((await client.delete('/storedquery/q1')).status, 204);
      assertJson(await client.post('/storedquery', pathQuery('q3')), 201);
    } finally {
      await server.close();
    }
  });

  test('registration requires the API key when one is configured', async () => {
    const server = await startServer({ apiKey: 'sesame' });
    try {
      const client = new Client(server.url);
      assertProblem(await client.post('/storedquery', pathQuery('keyed')), 401);
      const reply = await client.request('POST', '/storedquery', {
        body: pathQuery('keyed'),
        headers: { 'X-Api-Key': 'sesame' },
      });
      assertJson(reply, 201);
    } finally {
      await server.close();
    }
  });

  test('a registration body over the code body limit answers 413', async () => {
    const server = await startServer({ codeBodyLimitBytes: 2048 });
    try {
      const client = new Client(server.url);
      const huge = pathQuery('huge', { description: 'x'.repeat(4096) });
      assertProblem(await client.post('/storedquery', huge), 413);
    } finally {
      await server.close();
    }
  });
});
