/**
 * The analytics routes over HTTP (docs/analytics.md, "Over HTTP"), bare and under /ns/{ns}: the algorithm
 * list, every status of `POST /analytics/{algorithmName}` and of the partition route in their check order,
 * the results on the sample graph of `PUT /unittest` (Alice 0, Bob 1, Eve 2, Mallory 3, Trent 4), and the
 * write-back's keys, types and chunks. The run gate and the budget are in analytics-gate.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unlimited } from '../support/conventions-server.js';
import { assertJson, assertProblem, describePrefix, prefixes, useServer } from '../support/server.js';
import { sampleGraph } from '../support/subgraphs.js';

interface RunAnswer {
  algorithm: string;
  converged: boolean;
  iterationsRun: number;
  elapsedMs: number;
  budgetExhausted: boolean;
  vertexCount: number;
  statistics: Record<string, number>;
  results: { graphElementId: number; score: number }[] | null;
  partitions: { partitionId: number; size: number }[] | null;
  writeBack: { propertyKey: string; verticesWritten: number; chunks: number } | null;
}

interface PartitionAnswer {
  partitionId: number;
  size: number;
  offset: number;
  members: number[];
}

const names = ['PAGERANK', 'WCC', 'LABELPROPAGATION', 'DEGREE', 'TRIANGLECOUNT'];

for (const prefix of prefixes) {
  describe(`analytics routes: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix, { rateLimit: unlimited, analytics: { writeBackChunkVertices: 2 } });
    const run = (name: string, body?: unknown) => fixture.client.post(`/analytics/${name}`, body);
    const ok = async (name: string, body?: unknown) => assertJson<RunAnswer>(await run(name, body));
    const partition = (name: string, id: number | string, body?: unknown) =>
      fixture.client.post(`/analytics/${name}/partition/${id}`, body);
    const invalid = async (name: string, body: unknown, route = run) => {
      const problem = assertProblem(await route(name, body), 400);
      assert.match(
        String(problem.type),
        /(ANALYTICS_REQUEST_INVALID|VALIDATION_FAILED)$/,
        JSON.stringify(body),
      );
    };

    it('GET /analytics/algorithms maps each of the five names to its description block', async () => {
      const list = assertJson<Record<string, string>>(await fixture.client.get('/analytics/algorithms'));
      assert.deepEqual(Object.keys(list), names);
      assert.equal(
        list.WCC,
        'NAME: WCC\n  *DESCRIPTION: Weakly connected components via union-find - component id = smallest ' +
          'member vertex id\n  *MANUFACTURER: Skein\n  *TYPE: src/analytics/wcc.ts\n  *CATEGORY: Analytics\n',
      );
      for (const name of names)
        assert.match(list[name], new RegExp(`^NAME: ${name}\\n  \\*DESCRIPTION: .+\\n`));
    });

    it('GET /status lists the five algorithms as the analytics plugins', async () => {
      const status = await fixture.client.read<{ availableAnalyticsPlugins: string[] }>('/status');
      assert.deepEqual(status.availableAnalyticsPlugins, names);
    });

    it('answers each algorithm on the sample graph: scores as top rows, partitions as rows by size', async () => {
      await sampleGraph(fixture);
      const degree = await ok('DEGREE', {});
      assert.deepEqual(degree.results, [
        { graphElementId: 0, score: 4 },
        { graphElementId: 1, score: 3 },
        { graphElementId: 3, score: 2 },
        { graphElementId: 4, score: 2 },
        { graphElementId: 2, score: 1 },
      ]);
      assert.equal(degree.partitions, null);
      assert.equal(degree.writeBack, null);
      assert.deepEqual(degree.statistics, { Min: 1, Max: 4, Mean: 2.4 });
      assert.deepEqual(Object.keys(degree).sort(), [
        'algorithm',
        'budgetExhausted',
        'converged',
        'elapsedMs',
        'iterationsRun',
        'partitions',
        'results',
        'statistics',
        'vertexCount',
        'writeBack',
      ]);
      const triangles = await ok('TRIANGLECOUNT');
      assert.equal(triangles.statistics.TriangleCount, 2);
      assert.deepEqual(
        triangles.results?.map((row) => row.graphElementId),
        [0, 1, 3, 4, 2],
      );
      const rank = await ok('PAGERANK', { maxResults: 2 });
      assert.equal(rank.results?.length, 2);
      assert.equal(rank.converged, true);
      assert.equal(rank.results?.[0].graphElementId, 4, 'Trent, trusted by Alice and Bob, ranks first');
      const wcc = await ok('WCC', { edgePropertyId: 'attacks' });
      assert.equal(wcc.results, null);
      assert.deepEqual(wcc.partitions, [
        { partitionId: 0, size: 4 },
        { partitionId: 4, size: 1 },
      ]);
      assert.equal(wcc.statistics.ComponentCount, 2);
      const communities = await ok('LABELPROPAGATION');
      assert.equal(communities.vertexCount, 5);
      assert.equal(communities.results, null);
      assert.ok(communities.partitions !== null && communities.partitions.length >= 1);
    });

    it('answers an empty scope with no rows, converged, and no partitions for every algorithm', async () => {
      await sampleGraph(fixture);
      for (const name of names) {
        const answer = await ok(name, { vertexLabel: 'nobody' });
        assert.equal(answer.vertexCount, 0, name);
        assert.deepEqual(answer.results, [], name);
        assert.equal(answer.partitions, null, name);
        assert.equal(answer.converged, true, name);
        assert.equal(answer.iterationsRun, 0, name);
      }
    });

    it('refuses each out-of-range knob with 400 before it looks at the name', async () => {
      const bad = [
        { direction: 'sideways' },
        { direction: 'OUT' },
        { maxIterations: -1 },
        { maxIterations: 10_001 },
        { maxIterations: 1.5 },
        { epsilon: -0.1 },
        { parameters: { DampingFactor: 1.5 } },
        { parameters: { DampingFactor: -0.1 } },
        { timeBudgetSeconds: 0 },
        { timeBudgetSeconds: 301 },
        { timeBudgetSeconds: 0.5 },
        { maxResults: 0 },
        { maxResults: 10_001 },
        { writeBackPropertyKey: '' },
        { writeBackPropertyKey: 'k'.repeat(257) },
        { writeBack: 'yes' },
        { parameters: { DampingFactor: 'high' } },
      ];
      for (const body of bad) {
        await invalid('DEGREE', body);
        await invalid('NOSUCH', body);
      }
    });

    it('accepts the documented edges of every knob, an empty direction and nulls as the defaults', async () => {
      await sampleGraph(fixture);
      for (const body of [
        { direction: '', maxIterations: 0, epsilon: 0, timeBudgetSeconds: 300, maxResults: 10_000 },
        { direction: null, maxIterations: 10_000, parameters: { DampingFactor: 0 }, timeBudgetSeconds: 1 },
        {
          direction: 'in',
          parameters: { DampingFactor: 1 },
          maxResults: 1,
          writeBackPropertyKey: 'k'.repeat(256),
        },
        { vertexLabel: null, edgePropertyId: null, offset: null, writeBack: null },
      ]) {
        assertJson(await run('PAGERANK', body));
      }
    });

    it('answers 404 for an unknown name, names being case-sensitive', async () => {
      for (const name of ['pagerank', 'NOSUCH']) {
        const problem = assertProblem(await run(name, {}), 404);
        assert.equal(problem.detail, `No analytics algorithm named '${name}'.`);
        assert.match(String(problem.type), /ANALYTICS_ALGORITHM_NOT_FOUND$/);
      }
    });

    it('pages a partition: ascending members, offset and maxResults, the real size past the end', async () => {
      await sampleGraph(fixture);
      const body = { edgePropertyId: 'attacks' };
      assert.deepEqual(assertJson<PartitionAnswer>(await partition('WCC', 0, body)), {
        partitionId: 0,
        size: 4,
        offset: 0,
        members: [0, 1, 2, 3],
      });
      assert.deepEqual(
        assertJson<PartitionAnswer>(await partition('WCC', 0, { ...body, offset: 1, maxResults: 2 })),
        {
          partitionId: 0,
          size: 4,
          offset: 1,
          members: [1, 2],
        },
      );
      assert.deepEqual(assertJson<PartitionAnswer>(await partition('WCC', 0, { ...body, offset: 9 })), {
        partitionId: 0,
        size: 4,
        offset: 9,
        members: [],
      });
      const community = assertJson<PartitionAnswer>(await partition('LABELPROPAGATION', 0));
      assert.ok(community.size >= 1);
    });

    it('refuses on the partition route a score algorithm, writeBack and a negative offset (400), an unknown name and partition (404)', async () => {
      await sampleGraph(fixture);
      await invalid('DEGREE', {}, (name, body) => partition(name, 0, body));
      await invalid('WCC', { writeBack: true }, (name, body) => partition(name, 0, body));
      await invalid('WCC', { offset: -1 }, (name, body) => partition(name, 0, body));
      assertProblem(await partition('WCC', 'x'), 400);
      assertProblem(await partition('WCC', 2 ** 31), 400);
      const unknown = assertProblem(await partition('wcc', 0), 404);
      assert.match(String(unknown.type), /ANALYTICS_ALGORITHM_NOT_FOUND$/);
      for (const id of [4, -1]) {
        const missing = assertProblem(await partition('WCC', id), 404);
        assert.equal(missing.detail, `The run produced no partition ${id}.`);
        assert.match(String(missing.type), /ANALYTICS_PARTITION_NOT_FOUND$/);
      }
    });

    it('writes back every in-scope vertex under the convention key and type, in chunks', async () => {
      await sampleGraph(fixture);
      const expected: [string, unknown, string, string][] = [
        ['PAGERANK', {}, 'analytics.pagerank', 'Double'],
        ['WCC', {}, 'analytics.wcc', 'Int32'],
        ['LABELPROPAGATION', {}, 'analytics.community', 'Int32'],
        ['DEGREE', {}, 'analytics.degree.both', 'UInt32'],
        ['DEGREE', { direction: 'out' }, 'analytics.degree.out', 'UInt32'],
        ['DEGREE', { direction: 'in' }, 'analytics.degree.in', 'UInt32'],
        ['TRIANGLECOUNT', {}, 'analytics.triangles', 'Int64'],
        ['DEGREE', { writeBackPropertyKey: 'my.degree' }, 'my.degree', 'UInt32'],
      ];
      for (const [name, body, key, type] of expected) {
        const answer = await ok(name, { ...(body as object), writeBack: true });
        assert.deepEqual(answer.writeBack, { propertyKey: key, verticesWritten: 5, chunks: 3 }, name);
        for (let id = 0; id < 5; id++) {
          const property = fixture.engine.getVertex(id)?.properties.find((entry) => entry.key === key);
          assert.equal(property?.value.type, type, `${name} ${key} on ${id}`);
        }
      }
      const triangles = fixture.engine.getVertex(0)?.properties.find((p) => p.key === 'analytics.triangles');
      assert.deepEqual(triangles?.value, { type: 'Int64', value: 2n });
      const out = fixture.engine.getVertex(0)?.properties.find((p) => p.key === 'analytics.degree.out');
      assert.deepEqual(out?.value, { type: 'UInt32', value: 2 });
    });

    it('writes back only the scope: a label scope writes its vertices, an empty scope writes none', async () => {
      await sampleGraph(fixture);
      const none = await ok('DEGREE', { vertexLabel: 'nobody', writeBack: true });
      assert.deepEqual(none.writeBack, {
        propertyKey: 'analytics.degree.both',
        verticesWritten: 0,
        chunks: 0,
      });
      const people = await ok('WCC', { vertexLabel: 'person', writeBack: true });
      assert.deepEqual(people.writeBack, { propertyKey: 'analytics.wcc', verticesWritten: 5, chunks: 3 });
    });
  });
}
