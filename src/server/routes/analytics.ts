/**
 * Whole-graph analytics over HTTP (docs/analytics.md, "Over HTTP"), bare and under `/ns/{ns}`:
 * `GET /analytics/algorithms`, `POST /analytics/{algorithmName}` and
 * `POST /analytics/{WCC|LABELPROPAGATION}/partition/{partitionId}`. A run executes in the server's worker
 * pool over the namespace's shared columns; the client closing its socket cancels it.
 *
 * `POST` statuses, checked in this order:
 *   400 the body does not bind (schema) or a knob is out of range (ANALYTICS_REQUEST_INVALID); on the
 *       partition route also `writeBack` or a negative `offset`
 *   404 no algorithm of that name (case-sensitive); 400 a score algorithm on the partition route
 *   429 `Analytics run slots exhausted`: `Svc:Analytics:MaxConcurrentRuns` runs already going
 *   408 `Analytics budget exhausted`: the budget ran out before the run had a usable result
 *   404 the partition route: the run produced no such partition
 *   500 `Analytics write-back failed mid-way`
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import {
  AnalyticsWriteBackFailed,
  analyticsAlgorithms,
  analyticsDescription,
  analyticsScopeOf,
  analyticsTaskName,
  defaultWriteBackKey,
  isAnalyticsAlgorithm,
  maxAnalyticsIterations,
  maxWriteBackKeyChars,
  partitionMembers,
  partitionRows,
  scoreAlgorithms,
  topScoreRows,
  writeBack,
  type AnalyticsAlgorithm,
  type AnalyticsDirection,
  type AnalyticsKnobs,
  type AnalyticsOutcome,
  type AnalyticsResult,
  type AnalyticsTaskParameters,
  type WriteBackSummary,
} from '../../analytics/index.js';
import { shareGraph, WorkerJobError } from '../../workers/index.js';
import type { Namespace } from '../../index.js';
import type { RouteContext } from '../app.js';
import type { AnalyticsRuntime } from '../analytics-runtime.js';
import { problem } from '../problems/problem.js';
import { Int32 } from '../wire/schemas.js';
import '../conventions/route-config.js';

const tags = ['analytics'];

/** `maxResults` when the request gives none, and the most it may give. */
export const defaultAnalyticsMaxResults = 100;
export const maxAnalyticsMaxResults = 10_000;
/** How long past its budget a run may take to stop by itself before the pool cancels it. */
const stopGraceMilliseconds = 10_000;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

const AnalyticsRequest = Type.Object({
  vertexLabel: Nullable(Type.String({ description: 'only vertices with exactly this label' })),
  edgePropertyId: Nullable(Type.String({ description: 'only edges of this type' })),
  direction: Nullable(Type.String({ description: 'in, out or both; absent, null or empty: the default' })),
  maxIterations: Nullable(Type.Number({ description: `0..${maxAnalyticsIterations}; 0: the default` })),
  epsilon: Nullable(Type.Number({ description: '>= 0; 0: the default (1e-6)' })),
  parameters: Nullable(
    Type.Record(Type.String(), Type.Number(), { description: 'DampingFactor: within [0, 1]' }),
  ),
  timeBudgetSeconds: Nullable(
    Type.Number({ description: 'whole seconds, 1..Svc:Analytics:MaxTimeBudgetSeconds' }),
  ),
  maxResults: Nullable(
    Type.Number({ description: `rows answered, 1..${maxAnalyticsMaxResults}, default 100` }),
  ),
  offset: Nullable(Type.Number({ description: 'rows skipped, >= 0' })),
  writeBack: Nullable(Type.Boolean()),
  writeBackPropertyKey: Nullable(
    Type.String({ description: `1..${maxWriteBackKeyChars} characters; default the algorithm's key` }),
  ),
});
type AnalyticsBody = Static<typeof AnalyticsRequest>;

const WriteBackBlock = Type.Object({
  propertyKey: Type.String(),
  verticesWritten: Type.Integer(),
  chunks: Type.Integer(),
});

const RunResponse = Type.Object({
  algorithm: Type.String(),
  converged: Type.Boolean(),
  iterationsRun: Type.Integer(),
  elapsedMs: Type.Number(),
  budgetExhausted: Type.Boolean(),
  vertexCount: Type.Integer(),
  statistics: Type.Record(Type.String(), Type.Number()),
  results: Type.Union([
    Type.Array(Type.Object({ graphElementId: Type.Integer(), score: Type.Number() })),
    Type.Null(),
  ]),
  partitions: Type.Union([
    Type.Array(Type.Object({ partitionId: Type.Integer(), size: Type.Integer() })),
    Type.Null(),
  ]),
  writeBack: Type.Union([WriteBackBlock, Type.Null()]),
});

const PartitionResponse = Type.Object({
  partitionId: Type.Integer(),
  size: Type.Integer(),
  offset: Type.Integer(),
  members: Type.Array(Type.Integer()),
});

const NameParams = Type.Object({ algorithmName: Type.String() });
const PartitionParams = Type.Object({
  algorithmName: Type.String(),
  partitionId: Type.Integer({ ...Int32 }),
});

const invalid = (detail: string) => problem('ANALYTICS_REQUEST_INVALID', detail);

const isWholeIn = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** A request checked and resolved against its bounds. */
interface RunRequest {
  readonly vertexLabel: string | undefined;
  readonly edgePropertyId: string | undefined;
  readonly direction: AnalyticsDirection | undefined;
  readonly knobs: AnalyticsKnobs;
  readonly budgetSeconds: number;
  readonly maxResults: number;
  readonly offset: number;
  readonly writeBack: boolean;
  readonly writeBackPropertyKey: string | undefined;
}

/** The body's rules (400), before the algorithm's name is looked at. */
function checkedRequest(body: AnalyticsBody | undefined, runtime: AnalyticsRuntime): RunRequest {
  const b = body ?? {};
  const direction = b.direction ?? '';
  if (direction !== '' && direction !== 'in' && direction !== 'out' && direction !== 'both') {
    throw invalid(`direction must be 'in', 'out' or 'both', not '${direction}'.`);
  }
  const maxIterations = b.maxIterations ?? 0;
  if (!isWholeIn(maxIterations, 0, maxAnalyticsIterations)) {
    throw invalid(
      `maxIterations must be an integer from 0 to ${maxAnalyticsIterations}, not ${maxIterations}.`,
    );
  }
  const epsilon = b.epsilon ?? 0;
  if (!(Number.isFinite(epsilon) && epsilon >= 0)) {
    throw invalid(`epsilon must be a finite number of at least 0, not ${epsilon}.`);
  }
  const parameters = b.parameters ?? {};
  const dampingFactor = parameters['DampingFactor'];
  if (dampingFactor !== undefined && !(dampingFactor >= 0 && dampingFactor <= 1)) {
    throw invalid(`parameters.DampingFactor must lie within [0, 1], not ${dampingFactor}.`);
  }
  const maxBudget = runtime.maxTimeBudgetSeconds;
  const budgetSeconds = b.timeBudgetSeconds ?? runtime.defaultTimeBudgetSeconds;
  if (!isWholeIn(budgetSeconds, 1, maxBudget)) {
    throw invalid(`timeBudgetSeconds must be an integer from 1 to ${maxBudget}, not ${budgetSeconds}.`);
  }
  const maxResults = b.maxResults ?? defaultAnalyticsMaxResults;
  if (!isWholeIn(maxResults, 1, maxAnalyticsMaxResults)) {
    throw invalid(`maxResults must be an integer from 1 to ${maxAnalyticsMaxResults}, not ${maxResults}.`);
  }
  const offset = b.offset ?? 0;
  if (!isWholeIn(offset, 0, Number.MAX_SAFE_INTEGER)) {
    throw invalid(`offset must be an integer of at least 0, not ${offset}.`);
  }
  const key = b.writeBackPropertyKey ?? undefined;
  if (key !== undefined && (key.length < 1 || key.length > maxWriteBackKeyChars)) {
    throw invalid(
      `writeBackPropertyKey must hold 1 to ${maxWriteBackKeyChars} characters, not ${key.length}.`,
    );
  }
  const knobs: AnalyticsKnobs = {
    maxIterations,
    ...(epsilon === 0 ? {} : { epsilon }),
    ...(dampingFactor === undefined ? {} : { dampingFactor }),
  };
  return {
    vertexLabel: b.vertexLabel ?? undefined,
    edgePropertyId: b.edgePropertyId ?? undefined,
    direction: direction === '' ? undefined : direction,
    knobs,
    budgetSeconds,
    maxResults,
    offset,
    writeBack: b.writeBack === true,
    writeBackPropertyKey: key,
  };
}

function knownAlgorithm(name: string): AnalyticsAlgorithm {
  if (!isAnalyticsAlgorithm(name)) {
    throw problem('ANALYTICS_ALGORITHM_NOT_FOUND', `No analytics algorithm named '${name}'.`);
  }
  return name;
}

/** Aborted when the client goes away before the answer is written. */
function abandonedSignal(reply: FastifyReply): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  reply.raw.once('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}

interface Run {
  readonly result: AnalyticsResult;
  readonly idSpaceGeneration: number;
  readonly elapsedMs: number;
}

/** Runs one algorithm in the pool over the namespace's shared columns: the result, or 408. */
async function runInPool(
  runtime: AnalyticsRuntime,
  namespace: Namespace,
  algorithm: AnalyticsAlgorithm,
  request: RunRequest,
  signal: AbortSignal,
): Promise<Run> {
  const started = performance.now();
  const { graph } = namespace.engine;
  const budgetMilliseconds = runtime.budgetMillisecondsForTests ?? request.budgetSeconds * 1000;
  const shared = shareGraph(graph);
  const parameters: AnalyticsTaskParameters = {
    algorithm,
    scope: analyticsScopeOf(graph, request),
    knobs: request.knobs,
    stopAtEpochMilliseconds: Date.now() + budgetMilliseconds,
  };
  const exhausted = () =>
    problem(
      'ANALYTICS_BUDGET_EXHAUSTED',
      `${algorithm} had no usable result within its budget of ${request.budgetSeconds} s.`,
      { budgetSeconds: request.budgetSeconds },
    );
  let outcome: AnalyticsOutcome;
  try {
    outcome = await runtime.pool.run<AnalyticsOutcome>(analyticsTaskName, {
      graph: shared,
      parameters,
      signal,
      deadlineMilliseconds: budgetMilliseconds + stopGraceMilliseconds,
    });
  } catch (error) {
    if (error instanceof WorkerJobError) {
      if (error.code === 'deadline' || error.code === 'aborted') throw exhausted();
      if (error.code === 'queue-full') {
        throw problem(
          'ANALYTICS_RUN_SLOTS_EXHAUSTED',
          `The worker pool cannot take the ${algorithm} run now.`,
        );
      }
    }
    throw error;
  }
  if (!outcome.usable) throw exhausted();
  return {
    result: outcome,
    idSpaceGeneration: shared.idSpaceGeneration,
    elapsedMs: performance.now() - started,
  };
}

/** Holds a run slot for `work`, or answers 429 when none is free. */
async function withRunSlot<T>(runtime: AnalyticsRuntime, work: () => Promise<T>): Promise<T> {
  if (!runtime.tryAcquire()) {
    throw problem(
      'ANALYTICS_RUN_SLOTS_EXHAUSTED',
      `All ${runtime.maxConcurrentRuns} analytics run slots are taken; retry when a run has finished.`,
      { maxConcurrentRuns: runtime.maxConcurrentRuns },
    );
  }
  try {
    return await work();
  } finally {
    runtime.release();
  }
}

async function writeBackRun(
  runtime: AnalyticsRuntime,
  namespace: Namespace,
  run: Run,
  request: RunRequest,
): Promise<WriteBackSummary> {
  const { result } = run;
  const direction = request.direction ?? 'both';
  const key = request.writeBackPropertyKey ?? defaultWriteBackKey(result.algorithm, direction);
  const { engine } = namespace;
  try {
    return await writeBack(engine, result, key, {
      ...(runtime.writeBackChunkVertices === undefined
        ? {}
        : { chunkVertices: runtime.writeBackChunkVertices }),
      beforeChunk: () => {
        // A trim, a clear or a load since the run gave the ids other meanings.
        if (engine.idSpaceGeneration !== run.idSpaceGeneration) {
          throw new Error('the graph was trimmed, cleared or loaded since the run: its ids changed meaning');
        }
      },
    });
  } catch (error) {
    if (error instanceof AnalyticsWriteBackFailed) {
      throw problem('ANALYTICS_WRITE_BACK_FAILED', error.message, {
        propertyKey: key,
        chunksWritten: error.chunksWritten,
        verticesWritten: error.verticesWritten,
      });
    }
    throw error;
  }
}

type RunAnswer = Static<typeof RunResponse>;

function answerOf(run: Run, request: RunRequest, writeBackBlock: WriteBackSummary | null): RunAnswer {
  const { result } = run;
  const base = {
    algorithm: result.algorithm,
    converged: result.converged,
    iterationsRun: result.iterationsRun,
    elapsedMs: run.elapsedMs,
    budgetExhausted: result.budgetExhausted,
    vertexCount: result.vertexCount,
    statistics: { ...result.statistics },
    writeBack: writeBackBlock,
  };
  if (result.vertexCount === 0) return { ...base, results: [], partitions: null };
  if (result.kind === 'scores') {
    const rows = topScoreRows(result, request.maxResults, request.offset);
    return {
      ...base,
      results: rows.map((row) => ({ graphElementId: row.vertexId, score: row.score })),
      partitions: null,
    };
  }
  return { ...base, results: null, partitions: partitionRows(result, request.maxResults, request.offset) };
}

export async function analyticsRoutes(scope: FastifyInstance, { analytics }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  // No body is the whole graph with every default, like `{}`.
  app.addHook('preValidation', async (request) => {
    request.body ??= {};
  });

  app.get(
    '/analytics/algorithms',
    {
      schema: {
        tags,
        summary: 'The analytics algorithms: name to description',
        response: { 200: Type.Record(Type.String(), Type.String()) },
      },
    },
    async () => Object.fromEntries(analyticsAlgorithms.map((name) => [name, analyticsDescription(name)])),
  );

  app.post(
    '/analytics/:algorithmName',
    {
      schema: {
        tags,
        summary: 'Run an algorithm over the graph (or a label, an edge type): top rows, optional write-back',
        params: NameParams,
        body: AnalyticsRequest,
        response: { 200: RunResponse },
      },
      config: { rateLimited: true },
    },
    async (request, reply) => {
      const checked = checkedRequest(request.body, analytics);
      const algorithm = knownAlgorithm(request.params.algorithmName);
      return withRunSlot(analytics, async () => {
        const abandoned = abandonedSignal(reply);
        try {
          const run = await runInPool(analytics, request.namespace, algorithm, checked, abandoned.signal);
          const block = checked.writeBack
            ? await writeBackRun(analytics, request.namespace, run, checked)
            : null;
          return answerOf(run, checked, block);
        } finally {
          abandoned.release();
        }
      });
    },
  );

  app.post(
    '/analytics/:algorithmName/partition/:partitionId',
    {
      schema: {
        tags,
        summary: 'Run WCC or LABELPROPAGATION and page through one partition\u2019s members',
        params: PartitionParams,
        body: AnalyticsRequest,
        response: { 200: PartitionResponse },
      },
      config: { rateLimited: true },
    },
    async (request, reply) => {
      const checked = checkedRequest(request.body, analytics);
      if (checked.writeBack) throw invalid('writeBack is not available on the partition route.');
      const algorithm = knownAlgorithm(request.params.algorithmName);
      if (scoreAlgorithms.includes(algorithm)) {
        throw invalid(`${algorithm} gives scores, not partitions; use WCC or LABELPROPAGATION.`);
      }
      const { partitionId } = request.params;
      return withRunSlot(analytics, async () => {
        const abandoned = abandonedSignal(reply);
        let run: Run;
        try {
          run = await runInPool(analytics, request.namespace, algorithm, checked, abandoned.signal);
        } finally {
          abandoned.release();
        }
        const { result } = run;
        const members =
          result.kind === 'partitions' ? partitionMembers(result, partitionId) : new Int32Array(0);
        if (members.length === 0) {
          throw problem('ANALYTICS_PARTITION_NOT_FOUND', `The run produced no partition ${partitionId}.`, {
            partitionId,
          });
        }
        const page = members.subarray(
          Math.min(checked.offset, members.length),
          checked.offset + checked.maxResults,
        );
        return { partitionId, size: members.length, offset: checked.offset, members: Array.from(page) };
      });
    },
  );
}
