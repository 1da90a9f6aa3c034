/**
 * Child-process script of the pool tests: runs one job and never closes its pool; the process must exit by
 * itself. Does nothing unless started with the argument `run` (the test runner loads every file here).
 */
import { Engine } from '../../../src/index.js';
import { WorkerPool, shareGraph } from '../../../src/workers/index.js';

if (process.argv[2] === 'run') {
  const engine = new Engine();
  await engine.createVertices(Array.from({ length: 50 }, () => ({})));
  await engine.createEdges(
    Array.from({ length: 200 }, (_, i) => ({
      sourceVertex: i % 50,
      targetVertex: (i * 7) % 50,
      edgePropertyId: 'a',
    })),
  );
  const pool = new WorkerPool({ workers: 2 });
  const result = await pool.run('traverse-out', {
    graph: shareGraph(engine.graph),
    parameters: { iterations: 1 },
  });
  console.log(`edges ${result.edgesPerIteration[0]}`);
}
