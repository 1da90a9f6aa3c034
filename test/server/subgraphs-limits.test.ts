/**
 * The subgraph routes' cross-cutting rules and quotas at their edges (docs/subgraphs.md, "Quotas and
 * limits"; docs/http.md): the API key on every route, the 1 MiB code body limit, the sensitive-route
 * rate limit, the count quota of 1024 per namespace over HTTP, and the element quotas per extract and per
 * namespace through the library with lowered limits (a real extract of 10,000,000 elements is out of a
 * test's reach).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Engine } from '../../src/index.js';
import {
  recipeOf,
  SubgraphRequestError,
  subgraphAlgorithms,
  Subgraphs,
  type SubgraphRecipe,
  type SubgraphRequestBody,
} from '../../src/subgraphs/index.js';
import { unlimited } from '../support/conventions-server.js';
import {
  assertEmpty,
  assertJson,
  assertProblem,
  Client,
  describePrefix,
  prefixes,
  startServer,
  testNamespace,
  type TestServer,
} from '../support/server.js';
import { createSubgraph, putSubgraph, type Summary } from '../support/subgraphs.js';

describe('subgraph routes: the API key, the body limit and the rate limit', () => {
  let keyed: TestServer;
  before(async () => {
    keyed = await startServer({ apiKey: 'sesame', rateLimit: unlimited });
    keyed.namespaces.create(testNamespace);
  });
  after(() => keyed.close());

  for (const prefix of prefixes) {
    it(`every subgraph route answers 401 without the key when one is configured: ${describePrefix(prefix)}`, async () => {
      const anonymous = new Client(keyed.url + prefix);
      const calls = [
        () => anonymous.put('/subgraph', { name: 'keyed' }),
        () => anonymous.get('/subgraph'),
        () => anonymous.get('/subgraph/keyed'),
        () => anonymous.get('/subgraph/keyed/graph'),
        () => anonymous.post('/subgraph/keyed/recalculate'),
        () => anonymous.delete('/subgraph/keyed'),
      ];
      for (const call of calls) assert.equal(assertProblem(await call(), 401).title, 'Unauthorized');
      const headers = { 'x-api-key': 'sesame' };
      const withKey = (method: string, path: string, body?: unknown) =>
        anonymous.request(method, path, body === undefined ? { headers } : { body, headers });
      assertJson(await withKey('PUT', '/subgraph', { name: 'keyed' }), 201);
      assert.deepEqual(assertJson(await withKey('GET', '/subgraph')), ['keyed']);
      assert.equal(assertJson<Summary>(await withKey('GET', '/subgraph/keyed')).name, 'keyed');
      assertJson(await withKey('GET', '/subgraph/keyed/graph'));
      assertJson(await withKey('POST', '/subgraph/keyed/recalculate'));
      for (const call of calls) assertProblem(await call(), 401);
      assertEmpty(await withKey('DELETE', '/subgraph/keyed'), 204);
    });
  }

  for (const prefix of prefixes) {
    it(`PUT /subgraph takes a body up to the 1 MiB code limit and answers 413 beyond it: ${describePrefix(prefix)}`, async () => {
      const open = await startServer({ rateLimit: unlimited });
      open.namespaces.create(testNamespace);
      try {
        const client = new Client(open.url + prefix);
        const envelope = JSON.stringify({ name: 'big', additionalInformation: { pad: '' } }).length;
        const body = (bytes: number) => ({
          name: 'big',
          additionalInformation: { pad: 'x'.repeat(bytes - envelope) },
        });
        assert.equal(JSON.stringify(body(1_048_576)).length, 1_048_576);
        assertJson(await putSubgraph(client, body(1_048_576)), 201);
        const refused = assertProblem(await putSubgraph(client, { ...body(1_048_577), name: 'bigger' }), 413);
        assert.equal(refused.title, 'Payload Too Large');
        assert.deepEqual(await client.read('/subgraph'), ['big']);
      } finally {
        await open.close();
      }
    });

    it(`PUT /subgraph counts against the sensitive-route limiter: 429 once the window is spent; reads do not: ${describePrefix(prefix)}`, async () => {
      const limited = await startServer({ rateLimit: { permitsPerWindow: 2, windowSeconds: 60 } });
      limited.namespaces.create(testNamespace);
      try {
        const client = new Client(limited.url + prefix);
        await createSubgraph(client, { name: 'one' });
        assertProblem(await putSubgraph(client, { name: 7 }), 400);
        const refused = assertProblem(await putSubgraph(client, { name: 'three' }), 429);
        assert.equal(refused.title, 'Too Many Requests');
        assert.deepEqual(await client.read('/subgraph'), ['one']);
        assert.equal((await client.read<Summary>('/subgraph/one')).name, 'one');
        assertJson(await client.get('/subgraph/one/graph'));
      } finally {
        await limited.close();
      }
    });
  }
});

describe('the default time budget (Svc:SubGraphs:DefaultTimeBudgetSeconds)', () => {
  it('applies to a request that names none and to every recalculation: 408, the contents kept', async () => {
    const server = await startServer({ rateLimit: unlimited, subgraphDefaultTimeBudgetSeconds: 0.000001 });
    try {
      const client = new Client(server.url);
      // A rule call per vertex: 300 vertices are more work than one slice, and 1 us has passed by then.
      await client.vertices(...Array.from({ length: 300 }, () => ({})));
      const body = { name: 'slow', vertexFilter: 'return v => v.Id >= 0;' };
      const refused = assertProblem(await putSubgraph(client, body), 408);
      assert.equal(refused.title, 'Subgraph budget exhausted');
      assert.equal(refused.budgetSeconds, 0.000001);
      const summary = await createSubgraph(client, { ...body, timeBudgetSeconds: 60 });
      assert.equal(summary.vertexCount, 300);
      await client.vertices({});
      const recalculation = assertProblem(await client.post('/subgraph/slow/recalculate'), 408);
      assert.equal(recalculation.budgetSeconds, 0.000001);
      assert.deepEqual(await client.read('/subgraph/slow'), summary);
      assert.equal((await client.read<{ vertices: unknown[] }>('/subgraph/slow/graph')).vertices.length, 300);
    } finally {
      await server.close();
    }
  });
});

describe('the count quota at the HTTP edge', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ rateLimit: unlimited });
    server.namespaces.create(testNamespace);
  });
  after(() => server.close());

  for (const prefix of prefixes) {
    it(`1024 subgraphs register, the 1025th is 409, and after a delete one more fits: ${describePrefix(prefix)}`, async () => {
      const client = new Client(server.url + prefix);
      for (let i = 0; i < 1024; i++) {
        const reply = await putSubgraph(client, { name: `s${i}` });
        assert.equal(reply.status, 201, `subgraph ${i}: ${reply.text}`);
      }
      const problem = assertProblem(await putSubgraph(client, { name: 's1024' }), 409);
      assert.equal(problem.title, 'Conflict');
      assert.match(String(problem.type), /SUBGRAPH_QUOTA_EXCEEDED$/);
      assert.equal(problem.detail, 'The maximum number of subgraphs (1024) has been reached.');
      assert.equal((await client.read<string[]>('/subgraph')).length, 1024);
      // A duplicate name at the limit is still a duplicate.
      assert.equal(
        assertProblem(await putSubgraph(client, { name: 's0' }), 409).detail,
        "A subgraph named 's0' already exists.",
      );
      assertEmpty(await client.delete('/subgraph/s17'), 204);
      await createSubgraph(client, { name: 's1024' });
      assertProblem(await putSubgraph(client, { name: 's1025' }), 409);
    });
  }
});

describe('the element quotas at their edges (library, lowered limits)', () => {
  /** Vertices 0..3 and the edges 0 -> 1 (id 4), 1 -> 2 (id 5): six elements. */
  async function engineOfSix(): Promise<Engine> {
    const engine = new Engine();
    await engine.submit([
      { kind: 'createVertex', input: {} },
      { kind: 'createVertex', input: {} },
      { kind: 'createVertex', input: {} },
      { kind: 'createVertex', input: {} },
      { kind: 'createEdge', input: { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'x' } },
      { kind: 'createEdge', input: { sourceVertex: 1, targetVertex: 2, edgePropertyId: 'x' } },
    ]);
    return engine;
  }

  const recipe = (body: SubgraphRequestBody): SubgraphRecipe => ({
    ...recipeOf(body, null, subgraphAlgorithms()),
    semantic: null,
  });
  /** Vertices 0..2 with both edges: five elements. */
  const five = (name: string) => recipe({ name, vertexFilter: 'return v => v.Id != 3;' });
  /** Vertices 0..2 without edges: three elements. */
  const three = (name: string) =>
    recipe({ name, vertexFilter: 'return v => v.Id <= 2;', edgeFilter: 'return e => false;' });

  const elementQuota = (pattern: RegExp) => (error: unknown) =>
    error instanceof SubgraphRequestError && error.kind === 'elementQuota' && pattern.test(error.message);

  it('an extract of exactly maxElementsPerSubgraph elements registers; one more is refused', async () => {
    const subgraphs = new Subgraphs(await engineOfSix(), { maxElementsPerSubgraph: 5 });
    const summary = await subgraphs.create(five('five'));
    assert.deepEqual([summary.vertexCount, summary.edgeCount], [3, 2]);
    await assert.rejects(
      subgraphs.create(recipe({ name: 'six' })),
      elementQuota(/^The subgraph would hold 6 elements, more than the maximum of 5 per subgraph\.$/),
    );
    assert.deepEqual(await subgraphs.names(), ['five']);
  });

  it("the namespace's extracts together hold at most maxElementsPerNamespace elements", async () => {
    const subgraphs = new Subgraphs(await engineOfSix(), {
      maxElementsPerSubgraph: 100,
      maxElementsPerNamespace: 8,
    });
    await subgraphs.create(five('five'));
    await subgraphs.create(three('three'));
    await assert.rejects(
      subgraphs.create(recipe({ name: 'one', vertexFilter: 'return v => v.Id == 0;' })),
      elementQuota(
        /^The subgraph would hold 1 elements, and the namespace's subgraphs may hold at most 8 together \(room left: 0\)\.$/,
      ),
    );
    await subgraphs.remove('three');
    await subgraphs.create(three('three-again'));
    assert.deepEqual(await subgraphs.names(), ['five', 'three-again']);
    // A recalculation replaces its own elements: at the namespace's limit it still fits.
    assert.equal((await subgraphs.recalculate('five')).vertexCount, 3);
  });

  it('a recalculation that would exceed a quota is refused and keeps the previous contents', async () => {
    const engine = await engineOfSix();
    const subgraphs = new Subgraphs(engine, { maxElementsPerSubgraph: 5, maxElementsPerNamespace: 8 });
    const before = await subgraphs.create(five('five'));
    const extract = await subgraphs.extract('five');
    await engine.submit([
      { kind: 'createEdge', input: { sourceVertex: 2, targetVertex: 0, edgePropertyId: 'x' } },
    ]);
    await assert.rejects(
      subgraphs.recalculate('five'),
      elementQuota(
        /^The subgraph 'five' was not recalculated and keeps its previous contents: The subgraph would hold 6 elements, more than the maximum of 5 per subgraph\.$/,
      ),
    );
    assert.deepEqual(await subgraphs.summary('five'), before);
    assert.equal(await subgraphs.extract('five'), extract);
    // The namespace's sum: vertex 3 and those after the new edge (id 6), without edges.
    const growing = recipe({
      name: 'growing',
      vertexFilter: 'return v => v.Id == 3 || v.Id > 6;',
      edgeFilter: 'return e => false;',
    });
    assert.equal((await subgraphs.create(growing)).vertexCount, 1);
    const vertex = { kind: 'createVertex', input: {} } as const;
    await engine.submit([vertex, vertex]);
    const atLimit = await subgraphs.recalculate('growing');
    assert.equal(atLimit.vertexCount, 3, 'five plus three: exactly the namespace limit of 8');
    await engine.submit([vertex]);
    await assert.rejects(
      subgraphs.recalculate('growing'),
      elementQuota(
        /^The subgraph 'growing' was not recalculated and keeps its previous contents: The subgraph would hold 4 elements, and the namespace's subgraphs may hold at most 8 together/,
      ),
    );
    assert.deepEqual(await subgraphs.summary('growing'), atLimit);
    assert.deepEqual(await subgraphs.summary('five'), before);
  });
});
