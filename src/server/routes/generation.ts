/**
 * Deployment-level routes over the default namespace (docs/generation.md): `GET /generate` appends a
 * random graph through the writer, `GET /benchmark` walks every out-edge of the graph `iterations` times
 * on a worker thread and answers the traversal rate. Neither is registered under `/ns/{ns}`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { WorkerJobError, WorkerPool, shareGraph } from '../../workers/index.js';
import type { RouteContext } from '../app.js';
import { problem } from '../problems/problem.js';
import {
  generateGraph,
  maxGenerateEdges,
  maxGenerateNodeCount,
  cappedEdgeCount,
  type GenerateDistribution,
} from '../generate.js';
import '../conventions/route-config.js';

const tags = ['generation'];
export const defaultGenerateNodeCount = 200;
export const defaultGenerateEdgeCount = 5;
export const defaultBenchmarkIterations = 1000;
/** `Svc:Security:BenchmarkMaxIterations` when the server options give none. */
export const defaultBenchmarkMaxIterations = 10_000;
const distributions: readonly GenerateDistribution[] = ['uniform', 'preferential'];
const digits = /^[0-9]+$/;

const GenerateQuery = Type.Object({
  nodeCount: Type.Optional(
    Type.String({ description: `Vertices to create (default ${defaultGenerateNodeCount})` }),
  ),
  edgeCount: Type.Optional(
    Type.String({
      description: `Out-edges per vertex (default ${defaultGenerateEdgeCount}); capped to nodeCount - 1`,
    }),
  ),
  distribution: Type.Optional(Type.String({ description: '`uniform` (default) or `preferential`' })),
});
const GenerateSummary = Type.Object({
  namespace: Type.String(),
  verticesCreated: Type.Integer(),
  edgesCreated: Type.Integer(),
  distribution: Type.String(),
  elapsedMilliseconds: Type.Number(),
  vertexCountAfter: Type.Integer(),
  edgeCountAfter: Type.Integer(),
});
const BenchmarkQuery = Type.Object({
  iterations: Type.Optional(
    Type.String({ description: `Passes over the graph (default ${defaultBenchmarkIterations})` }),
  ),
});
const BenchmarkResult = Type.Object({
  iterations: Type.Integer(),
  edgesTraversed: Type.Integer({ description: 'Out-edges followed, summed over every iteration' }),
  averageTps: Type.Number({ description: 'Mean of the per-iteration rates, edges per second' }),
  medianTps: Type.Number(),
  standardDeviationTps: Type.Number({
    description: 'Population standard deviation of the per-iteration rates',
  }),
});

/** A non-negative integer query value, or the default when absent; anything else is a 400 `code` problem. */
function countOf(
  raw: string | undefined,
  fallback: number,
  name: string,
  code: 'GENERATE_REQUEST_INVALID' | 'BENCHMARK_REQUEST_INVALID',
): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!digits.test(raw) || !Number.isSafeInteger(value)) {
    throw problem(code, `${name} must be a non-negative integer, not '${raw}'`, { parameter: name });
  }
  return value;
}

function wantsJson(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').toLowerCase().includes('application/json');
}

/** Per-iteration rates: mean, median and population standard deviation. */
export function rateStatistics(rates: readonly number[]): {
  average: number;
  median: number;
  deviation: number;
} {
  const count = rates.length;
  const average = rates.reduce((sum, rate) => sum + rate, 0) / count;
  const sorted = [...rates].sort((a, b) => a - b);
  const middle = count >>> 1;
  const median = count % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  const variance = rates.reduce((sum, rate) => sum + (rate - average) ** 2, 0) / count;
  return { average, median, deviation: Math.sqrt(variance) };
}

export async function generationRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const benchmarkMaxIterations = options.benchmarkMaxIterations ?? defaultBenchmarkMaxIterations;
  // One pool per server, started by the first benchmark; its workers start on demand.
  let pool: WorkerPool | null = null;
  app.addHook('onClose', async () => {
    await pool?.close();
  });

  app.get(
    '/generate',
    {
      schema: {
        tags,
        description:
          'Appends a random graph to the default namespace: unlabelled vertices, edges of type A to distinct ' +
          'other vertices of the call. A text summary, or the JSON object with Accept: application/json.',
        querystring: GenerateQuery,
        response: {
          200: {
            content: {
              'application/json': { schema: GenerateSummary },
              'text/plain': { schema: Type.String() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const nodeCount = countOf(
        query.nodeCount,
        defaultGenerateNodeCount,
        'nodeCount',
        'GENERATE_REQUEST_INVALID',
      );
      const edgeCount = countOf(
        query.edgeCount,
        defaultGenerateEdgeCount,
        'edgeCount',
        'GENERATE_REQUEST_INVALID',
      );
      const distribution = (query.distribution ?? 'uniform') as GenerateDistribution;
      if (!distributions.includes(distribution)) {
        throw problem(
          'GENERATE_REQUEST_INVALID',
          `distribution must be 'uniform' or 'preferential', not '${query.distribution}'`,
          { parameter: 'distribution' },
        );
      }
      if (nodeCount > maxGenerateNodeCount) {
        throw problem(
          'GENERATE_REQUEST_INVALID',
          `nodeCount must be at most ${maxGenerateNodeCount}, not ${nodeCount}`,
          {
            parameter: 'nodeCount',
          },
        );
      }
      const edges = nodeCount * cappedEdgeCount(nodeCount, edgeCount);
      if (edges > maxGenerateEdges) {
        throw problem(
          'GENERATE_REQUEST_INVALID',
          `the call would create ${edges} edges, more than the ${maxGenerateEdges} one call may`,
          { parameter: 'edgeCount' },
        );
      }
      const namespace = options.namespaces.default;
      const started = performance.now();
      const result = await generateGraph(namespace.engine, nodeCount, edgeCount, distribution);
      const elapsedMilliseconds = Math.round(performance.now() - started);
      if (wantsJson(request)) {
        return reply.type('application/json').send({
          namespace: namespace.name,
          verticesCreated: result.verticesCreated,
          edgesCreated: result.edgesCreated,
          distribution,
          elapsedMilliseconds,
          vertexCountAfter: namespace.engine.vertexCount,
          edgeCountAfter: namespace.engine.edgeCount,
        });
      }
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          `Generated ${result.verticesCreated} vertices and ${result.edgesCreated} edges (${distribution}) ` +
            `in ${elapsedMilliseconds} ms.`,
        );
    },
  );

  app.get(
    '/benchmark',
    {
      schema: {
        tags,
        description:
          'Follows every outgoing edge of every vertex of the default namespace `iterations` times on a worker ' +
          'thread; rates are edges per second of one iteration.',
        querystring: BenchmarkQuery,
        response: { 200: BenchmarkResult },
      },
    },
    async (request, reply) => {
      const iterations = countOf(
        request.query.iterations,
        defaultBenchmarkIterations,
        'iterations',
        'BENCHMARK_REQUEST_INVALID',
      );
      if (iterations < 1 || iterations > benchmarkMaxIterations) {
        throw problem(
          'BENCHMARK_REQUEST_INVALID',
          `iterations must be from 1 to ${benchmarkMaxIterations} (Svc:Security:BenchmarkMaxIterations), not ${iterations}`,
          { parameter: 'iterations' },
        );
      }
      const engine = options.namespaces.default.engine;
      if (engine.vertexCount === 0) {
        throw problem('BENCHMARK_GRAPH_EMPTY', 'the default namespace holds no vertex to traverse from');
      }
      pool ??= new WorkerPool();
      const abandoned = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) abandoned.abort();
      };
      reply.raw.once('close', onClose);
      try {
        const result = await pool.run('traverse-out', {
          graph: shareGraph(engine.graph),
          parameters: { iterations },
          signal: abandoned.signal,
        });
        const rates: number[] = [];
        let edgesTraversed = 0;
        for (let at = 0; at < result.iterationsRun; at++) {
          edgesTraversed += result.edgesPerIteration[at];
          // A pass shorter than the clock's resolution counts at the resolution, never as a division by 0.
          rates.push(result.edgesPerIteration[at] / Math.max(result.secondsPerIteration[at], 1e-9));
        }
        const statistics = rateStatistics(rates);
        return {
          iterations: result.iterationsRun,
          edgesTraversed,
          averageTps: statistics.average,
          medianTps: statistics.median,
          standardDeviationTps: statistics.deviation,
        };
      } catch (error) {
        if (error instanceof WorkerJobError && error.code === 'queue-full') {
          throw problem('BENCHMARK_BUSY', `the benchmark could not start: ${error.message}`);
        }
        throw error;
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}
