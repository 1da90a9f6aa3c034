/**
 * GET /generate and GET /benchmark over loopback HTTP (docs/generation.md): deployment-level routes on the
 * default namespace, their defaults, bounds and answers.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Engine } from '../../src/index.js';
import { assertJson, assertProblem, startServer, testNamespace, useServer } from '../support/server.js';

interface Summary {
  namespace: string;
  verticesCreated: number;
  edgesCreated: number;
  distribution: string;
  elapsedMilliseconds: number;
  vertexCountAfter: number;
  edgeCountAfter: number;
}

interface Benchmark {
  iterations: number;
  edgesTraversed: number;
  averageTps: number;
  medianTps: number;
  standardDeviationTps: number;
}

const json = { headers: { accept: 'application/json' } };

/** Every out-edge of every vertex of `engine`: vertex id to its targets, all of type `A`, unlabelled. */
function outTargets(engine: Engine, vertexIds: readonly number[]): Map<number, number[]> {
  const targets = new Map<number, number[]>();
  for (const id of vertexIds) {
    const vertex = engine.getVertex(id);
    assert.ok(vertex !== undefined, `vertex ${id} exists`);
    assert.equal(vertex.label, null, 'generated vertices carry no label');
    const edges = vertex.outEdges ?? {};
    assert.deepEqual(
      Object.keys(edges).filter((type) => type !== 'A'),
      [],
      'every edge is of type A',
    );
    targets.set(
      id,
      (edges.A ?? []).map((edgeId) => {
        const edge = engine.getEdge(edgeId)!;
        assert.equal(edge.label, null, 'generated edges carry no label');
        return edge.targetVertex;
      }),
    );
  }
  return targets;
}

function assertDistinctTargets(
  targets: Map<number, number[]>,
  perVertex: number,
  pool: ReadonlySet<number>,
): void {
  for (const [source, list] of targets) {
    assert.equal(list.length, perVertex, `vertex ${source} has ${perVertex} out-edges`);
    assert.equal(new Set(list).size, list.length, `vertex ${source}'s targets are distinct`);
    assert.ok(!list.includes(source), `vertex ${source} does not target itself`);
    for (const target of list) assert.ok(pool.has(target), `target ${target} was created by the same call`);
  }
}

describe('GET /generate', () => {
  const fixture = useServer('');

  it('creates 200 vertices with 5 edges each by default and answers a text summary', async () => {
    const reply = await fixture.client.get('/generate');
    assert.equal(reply.status, 200, reply.text);
    assert.equal(reply.contentType, 'text/plain');
    assert.match(reply.text, /^Generated 200 vertices and 1000 edges \(uniform\) in \d+ ms\.$/);
    assert.equal(fixture.engine.vertexCount, 200);
    assert.equal(fixture.engine.edgeCount, 1000);
  });

  it('answers the JSON summary with Accept: application/json', async () => {
    const summary = assertJson<Summary>(
      await fixture.client.request('GET', '/generate?nodeCount=30&edgeCount=2', json),
    );
    assert.deepEqual(
      { ...summary, elapsedMilliseconds: 0 },
      {
        namespace: 'default',
        verticesCreated: 30,
        edgesCreated: 60,
        distribution: 'uniform',
        elapsedMilliseconds: 0,
        vertexCountAfter: 30,
        edgeCountAfter: 60,
      },
    );
    assert.ok(Number.isFinite(summary.elapsedMilliseconds) && summary.elapsedMilliseconds >= 0);
  });

  it('appends to the graph: earlier elements stay and the counts add up', async () => {
    const [kept] = await fixture.client.vertices({ label: 'kept' });
    await fixture.client.request('GET', '/generate?nodeCount=50&edgeCount=3', json);
    const second = assertJson<Summary>(
      await fixture.client.request(
        'GET',
        '/generate?nodeCount=40&edgeCount=4&distribution=preferential',
        json,
      ),
    );
    assert.equal(second.vertexCountAfter, 1 + 50 + 40);
    assert.equal(second.edgeCountAfter, 50 * 3 + 40 * 4);
    assert.equal(fixture.engine.getVertex(kept)?.label, 'kept');
  });

  for (const distribution of ['uniform', 'preferential']) {
    it(`${distribution}: each vertex has edgeCount distinct targets among the call's vertices, never itself`, async () => {
      await fixture.client.vertices({ label: 'before' });
      const before = fixture.engine.vertexCount;
      const summary = assertJson<Summary>(
        await fixture.client.request(
          'GET',
          `/generate?nodeCount=300&edgeCount=7&distribution=${distribution}`,
          json,
        ),
      );
      assert.equal(summary.distribution, distribution);
      assert.equal(summary.edgesCreated, 300 * 7);
      const ids = Array.from({ length: 300 }, (_, at) => before + at);
      assertDistinctTargets(outTargets(fixture.engine, ids), 7, new Set(ids));
    });

    it(`${distribution}: an edgeCount above nodeCount - 1 is capped (1000 with 10 vertices makes 9 each)`, async () => {
      const summary = assertJson<Summary>(
        await fixture.client.request(
          'GET',
          `/generate?nodeCount=10&edgeCount=1000&distribution=${distribution}`,
          json,
        ),
      );
      assert.equal(summary.edgesCreated, 90);
      const ids = Array.from({ length: 10 }, (_, at) => at);
      assertDistinctTargets(outTargets(fixture.engine, ids), 9, new Set(ids));
    });
  }

  it('makes no edge for a single vertex and nothing for nodeCount 0', async () => {
    let summary = assertJson<Summary>(await fixture.client.request('GET', '/generate?nodeCount=1', json));
    assert.deepEqual([summary.verticesCreated, summary.edgesCreated], [1, 0]);
    summary = assertJson<Summary>(
      await fixture.client.request('GET', '/generate?nodeCount=0&edgeCount=0', json),
    );
    assert.deepEqual([summary.verticesCreated, summary.edgesCreated], [0, 0]);
  });

  for (const query of [
    'nodeCount=abc',
    'nodeCount=-1',
    'nodeCount=1.5',
    'nodeCount=',
    'edgeCount=-3',
    'edgeCount=ten',
    'distribution=zipf',
    'distribution=',
    'nodeCount=10000001',
    'nodeCount=100000&edgeCount=1001',
  ]) {
    it(`answers 400 for ${query}, creating nothing`, async () => {
      const problem = assertProblem(await fixture.client.get(`/generate?${query}`), 400);
      assert.equal(problem.type, 'urn:skein:problem:GENERATE_REQUEST_INVALID');
      assert.equal(fixture.engine.vertexCount, 0);
    });
  }

  it('is deployment-level: not served under /ns/{ns}', async () => {
    const reply = await fixture.client.get(`/ns/${testNamespace}/generate`);
    assertProblem(reply, 404);
  });
});

describe('GET /benchmark', () => {
  const fixture = useServer('');

  async function knownGraph(): Promise<void> {
    const [a, b, c] = await fixture.client.vertices({}, {}, {});
    await fixture.client.edges(
      { sourceVertex: a, targetVertex: b, edgePropertyId: 'A' },
      { sourceVertex: a, targetVertex: c, edgePropertyId: 'B' },
      { sourceVertex: b, targetVertex: c, edgePropertyId: 'A' },
      { sourceVertex: c, targetVertex: c, edgePropertyId: 'loop' },
    );
  }

  it('follows every out-edge whatever its type: edgesTraversed = iterations x edge count', async () => {
    await knownGraph();
    const result = assertJson<Benchmark>(await fixture.client.get('/benchmark?iterations=25'));
    assert.deepEqual(Object.keys(result).sort(), [
      'averageTps',
      'edgesTraversed',
      'iterations',
      'medianTps',
      'standardDeviationTps',
    ]);
    assert.equal(result.iterations, 25);
    assert.equal(result.edgesTraversed, 25 * 4);
    for (const rate of [result.averageTps, result.medianTps]) assert.ok(Number.isFinite(rate) && rate > 0);
    assert.ok(Number.isFinite(result.standardDeviationTps) && result.standardDeviationTps >= 0);
  });

  it('runs 1000 iterations by default', async () => {
    await knownGraph();
    const result = assertJson<Benchmark>(await fixture.client.get('/benchmark'));
    assert.equal(result.iterations, 1000);
    assert.equal(result.edgesTraversed, 4000);
  });

  it('accepts iterations up to Svc:Security:BenchmarkMaxIterations (10000) and refuses 10001', async () => {
    await knownGraph();
    assert.equal(
      assertJson<Benchmark>(await fixture.client.get('/benchmark?iterations=10000')).iterations,
      10000,
    );
    const problem = assertProblem(await fixture.client.get('/benchmark?iterations=10001'), 400);
    assert.equal(problem.type, 'urn:skein:problem:BENCHMARK_REQUEST_INVALID');
  });

  for (const iterations of ['0', '-1', 'many', '2.5', '']) {
    it(`answers 400 for iterations='${iterations}'`, async () => {
      await knownGraph();
      const problem = assertProblem(await fixture.client.get(`/benchmark?iterations=${iterations}`), 400);
      assert.equal(problem.type, 'urn:skein:problem:BENCHMARK_REQUEST_INVALID');
    });
  }

  it('answers 400 on an empty default namespace', async () => {
    const problem = assertProblem(await fixture.client.get('/benchmark'), 400);
    assert.equal(problem.type, 'urn:skein:problem:BENCHMARK_GRAPH_EMPTY');
  });

  it('reads the default namespace only, and is not served under /ns/{ns}', async () => {
    await fixture.server.namespaces.get(testNamespace)!.engine.submit([{ kind: 'createVertex', input: {} }]);
    assertProblem(await fixture.client.get('/benchmark'), 400);
    assertProblem(await fixture.client.get(`/ns/${testNamespace}/benchmark`), 404);
  });
});

describe('GET /benchmark with a configured bound', () => {
  it('refuses iterations above the configured Svc:Security:BenchmarkMaxIterations', async () => {
    const server = await startServer({ benchmarkMaxIterations: 5 });
    try {
      await server.namespaces.default.engine.submit([{ kind: 'createVertex', input: {} }]);
      const base = server.url;
      const ok = await fetch(`${base}/benchmark?iterations=5`);
      assert.equal(ok.status, 200);
      assert.equal(((await ok.json()) as Benchmark).edgesTraversed, 0);
      const refused = await fetch(`${base}/benchmark?iterations=6`);
      assert.equal(refused.status, 400);
      assert.equal(
        ((await refused.json()) as { type: string }).type,
        'urn:skein:problem:BENCHMARK_REQUEST_INVALID',
      );
    } finally {
      await server.close();
    }
  });
});
