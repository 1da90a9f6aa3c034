/**
 * The analytics run gate and time budget over HTTP (docs/analytics.md, "Over HTTP"): one gate for the
 * whole process, across namespaces (429 `Analytics run slots exhausted`), a run out of budget before it
 * has a result (408 `Analytics budget exhausted`), and an iterative run stopped by its budget answering
 * its last round.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Engine } from '../../src/index.js';
import { unlimited } from '../support/conventions-server.js';
import {
  assertJson,
  assertProblem,
  describePrefix,
  prefixes,
  testNamespace,
  useServer,
  type HttpReply,
} from '../support/server.js';
import { sampleGraph } from '../support/subgraphs.js';

const names = ['PAGERANK', 'WCC', 'LABELPROPAGATION', 'DEGREE', 'TRIANGLECOUNT'];

/** Pairs joined by one edge each: synchronous label propagation swaps each pair's labels every round. */
const oscillatingPairs = 50_000;

async function addOscillatingPairs(engine: Engine): Promise<void> {
  const vertices = await engine.createVertices(
    Array.from({ length: 2 * oscillatingPairs }, () => ({ creationDate: 0, label: null, properties: [] })),
  );
  await engine.createEdges(
    Array.from({ length: oscillatingPairs }, (_, pair) => ({
      sourceVertex: vertices[2 * pair],
      targetVertex: vertices[2 * pair + 1],
      edgePropertyId: 'pair',
      creationDate: 0,
      label: null,
    })),
  );
  await engine.flush();
}

/** Runs that go on until their budget of 1 s stops them. */
const endless = { maxIterations: 10_000, timeBudgetSeconds: 1 };

for (const prefix of prefixes) {
  describe(`analytics budget: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix, { rateLimit: unlimited, analytics: { budgetMillisecondsForTests: 0 } });

    it('answers 408 Analytics budget exhausted when the budget ends before any usable result', async () => {
      await sampleGraph(fixture);
      for (const name of names) {
        const problem = assertProblem(await fixture.client.post(`/analytics/${name}`, {}), 408);
        assert.equal(problem.title, 'Analytics budget exhausted', name);
        assert.equal(problem.budgetSeconds, 30, name);
      }
      const partition = assertProblem(await fixture.client.post('/analytics/WCC/partition/0', {}), 408);
      assert.equal(partition.title, 'Analytics budget exhausted');
    });

    it('checks the body and the name before the budget (400, 404)', async () => {
      await sampleGraph(fixture);
      assertProblem(await fixture.client.post('/analytics/WCC', { maxResults: 0 }), 400);
      assertProblem(await fixture.client.post('/analytics/NOSUCH', {}), 404);
    });
  });
}

describe('analytics run gate: one slot for the whole process', () => {
  const fixture = useServer('', { rateLimit: unlimited });
  const run = (path: string, body: unknown): Promise<HttpReply> => fixture.client.post(path, body);

  it('answers 429 to a run while another holds the only slot, whatever the namespace, then frees it', async () => {
    await addOscillatingPairs(fixture.engine);
    await addOscillatingPairs(fixture.server.namespaces.get(testNamespace)!.engine);
    const replies = await Promise.all([
      run('/analytics/LABELPROPAGATION', endless),
      run(`/ns/${testNamespace}/analytics/LABELPROPAGATION`, endless),
    ]);
    const statuses = replies.map((reply) => reply.status).sort();
    assert.deepEqual(statuses, [200, 429], replies.map((reply) => reply.text).join('\n'));
    const refused = assertProblem(
      replies.find((reply) => reply.status === 429)!,
      429,
    );
    assert.equal(refused.title, 'Analytics run slots exhausted');
    const answered = assertJson<{ budgetExhausted: boolean; converged: boolean; iterationsRun: number }>(
      replies.find((reply) => reply.status === 200)!,
    );
    assert.equal(answered.budgetExhausted, true, 'the budget stopped a run that never converges');
    assert.equal(answered.converged, false);
    assert.ok(answered.iterationsRun >= 1, 'the answer is a completed round');
    assertJson(await run('/analytics/DEGREE', {}));
  });

  it('answers 429 on the partition route too while the slot is taken', async () => {
    await addOscillatingPairs(fixture.engine);
    // Which of the two runs takes the slot is a race; the other is refused either way.
    const replies = await Promise.all([
      run('/analytics/LABELPROPAGATION/partition/0', endless),
      run('/analytics/LABELPROPAGATION/partition/0', endless),
    ]);
    const refused = replies.filter((reply) => reply.status === 429);
    assert.equal(refused.length, 1, replies.map((reply) => reply.text).join('\n'));
    assert.equal(assertProblem(refused[0], 429).title, 'Analytics run slots exhausted');
  });
});
