/**
 * Subgraphs over HTTP (docs/subgraphs.md): register an extract from a pattern (`PUT /subgraph`, optional
 * query `fromSubGraph`), list, read the summary and the contents, recalculate, remove; bare and under
 * `/ns/{ns}`. `PUT /subgraph` is a sensitive route (rate-limited) and a code endpoint (the API key and the
 * 1 MiB body limit apply). Extraction runs in event-loop slices (src/subgraphs).
 *
 * `PUT /subgraph` statuses, checked in this order:
 *   400 the body does not bind (schema); the name, a pattern entry, `storedQuery` with inline fragments or
 *       `semantic`, a semantic rule, an unknown algorithm; a fragment over 100,000 characters or one that
 *       does not compile (diagnostics in the body)
 *   403 `semantic.queryText`: the embedding provider is disabled
 *   404 an unknown `fromSubGraph` or `storedQuery`; 409 a stored query that is not invocable
 *   409 the name is taken, the namespace holds 1024 subgraphs, or the extract breaks an element quota
 *   408 `Subgraph budget exhausted`; 422 a fragment exceeded its step budget; 500 a fragment threw
 *   201 the summary, `Location: /subgraph/{name}`
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { readEdge, readVertex, firstElements, type Graph } from '../../index.js';
import {
  captureSemantic,
  defaultGraphMaxElements,
  maxGraphMaxElements,
  maxSubgraphTimeBudgetSeconds,
  recipeOf,
  SubgraphBudgetExhausted,
  SubgraphRequestError,
  subgraphsOf,
  type SubgraphRecipe,
  type SubgraphRequestErrorKind,
  type Subgraphs,
} from '../../subgraphs/index.js';
import type { RouteContext } from '../app.js';
import { fragmentFailureProblem } from '../fragment-failures.js';
import { problem, type ProblemError } from '../problems/problem.js';
import type { ProblemCode } from '../problems/registry.js';
import { wireEdge, wireVertex } from '../wire/elements.js';
import { FragmentText } from '../wire/fragment-blocks.js';
import { jsonArrayItems } from '../wire/json-stream.js';
import { Int32, WireEdge, WireVertex } from '../wire/schemas.js';
import '../conventions/route-config.js';

const tags = ['subgraphs'];

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

const PatternEntry = Type.Object(
  {
    type: Nullable(Type.String({ description: 'Vertex (default), Edge or VariableLengthEdge; any case' })),
    patternName: Nullable(Type.String()),
    vertexFilter: Type.Optional(FragmentText),
    semanticMinScore: Nullable(
      Type.Number({ description: 'Vertex steps: a code-free similarity threshold' }),
    ),
    direction: Nullable(
      Type.String({
        description:
          'OutgoingEdge (default; Outgoing, Out), IncomingEdge (Incoming, In), UndirectedEdge (Undirected)',
      }),
    ),
    edgePropertyFilter: Type.Optional(FragmentText),
    edgeFilter: Type.Optional(FragmentText),
    minLength: Nullable(Type.Integer({ description: 'VariableLengthEdge: fewest hops, default 1' })),
    maxLength: Nullable(
      Type.Integer({ description: 'VariableLengthEdge: most hops, default 1, at most 100' }),
    ),
  },
  { additionalProperties: true },
);

const Semantic = Type.Object({
  queryVector: Nullable(Type.Array(Type.Number())),
  queryText: Nullable(Type.String()),
  embeddingName: Nullable(Type.String()),
  metric: Nullable(Type.String({ description: 'Cosine (default), DotProduct or L2' })),
  minScore: Nullable(
    Type.Number({ description: 'the top-level vertex filter: score >= (Cosine, DotProduct), <= (L2)' }),
  ),
  costBySimilarity: Nullable(Type.Boolean({ description: 'refused on subgraphs' })),
});

const SubgraphRequest = Type.Object({
  name: Type.String({ description: 'registration name, 1 to 256 characters, no slash' }),
  vertexFilter: Type.Optional(FragmentText),
  edgeFilter: Type.Optional(FragmentText),
  patterns: Nullable(Type.Array(PatternEntry)),
  storedQuery: Nullable(Type.String({ description: 'a SubGraph template; replaces every inline fragment' })),
  semantic: Nullable(Semantic),
  additionalInformation: Nullable(Type.Record(Type.String(), Type.String())),
  algorithm: Nullable(
    Type.String({ description: 'a subgraph plugin; default Breadth First Search Subgraph Algorithm' }),
  ),
  timeBudgetSeconds: Nullable(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: maxSubgraphTimeBudgetSeconds,
      description: 'seconds the extraction may take; default Svc:SubGraphs:DefaultTimeBudgetSeconds',
    }),
  ),
});

const SemanticEcho = Type.Object({
  embeddingName: Type.String(),
  metric: Type.String(),
  dimension: Type.Integer(),
  queryText: Type.Optional(Type.String()),
  minScore: Type.Optional(Type.Number()),
  patternThresholds: Type.Optional(
    Type.Array(Type.Object({ pattern: Type.String(), minScore: Type.Number() })),
  ),
});

const Summary = Type.Object({
  name: Type.String(),
  vertexCount: Type.Integer(),
  edgeCount: Type.Integer(),
  algorithmPluginName: Type.String(),
  sourceFallen8Id: Type.String({ description: 'the id of the graph the extract came from' }),
  canRecalculate: Type.Boolean(),
  additionalInformation: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  rebuildFailure: Type.Union([Type.String(), Type.Null()], {
    description: 'why the build after a load or a replay failed; null when it did not',
  }),
  semantic: Type.Optional(SemanticEcho),
});

const NameParams = Type.Object({ name: Type.String() });
const FromQuery = Type.Object({ fromSubGraph: Type.Optional(Type.String()) });
const GraphQuery = Type.Object({
  maxElements: Type.Optional(
    Type.Integer({
      ...Int32,
      default: defaultGraphMaxElements,
      description: `Bound of each list, clamped to [0, ${maxGraphMaxElements}]`,
    }),
  ),
});
const GraphPage = Type.Object({ vertices: Type.Array(WireVertex), edges: Type.Array(WireEdge) });

const problemCodeOfKind: Record<SubgraphRequestErrorKind, ProblemCode> = {
  invalid: 'SUBGRAPH_REQUEST_INVALID',
  compile: 'SUBGRAPH_FRAGMENT_COMPILE_FAILED',
  forbidden: 'CAPABILITY_DISABLED',
  notFound: 'SUBGRAPH_NOT_FOUND',
  storedQueryNotFound: 'STORED_QUERY_NOT_FOUND',
  storedQueryNotInvocable: 'STORED_QUERY_NOT_INVOCABLE',
  exists: 'SUBGRAPH_EXISTS',
  countQuota: 'SUBGRAPH_QUOTA_EXCEEDED',
  elementQuota: 'SUBGRAPH_ELEMENT_QUOTA_EXCEEDED',
  notRecalculable: 'SUBGRAPH_NOT_RECALCULABLE',
  budget: 'SUBGRAPH_BUDGET_EXHAUSTED',
};

/** The problem for a failure of a subgraph operation; the error itself when it is none of ours. */
function problemOf(error: unknown): ProblemError | unknown {
  if (error instanceof SubgraphRequestError)
    return problem(problemCodeOfKind[error.kind], error.message, error.extensions);
  if (error instanceof SubgraphBudgetExhausted) {
    return problem('SUBGRAPH_BUDGET_EXHAUSTED', error.message, { budgetSeconds: error.budgetSeconds });
  }
  return fragmentFailureProblem(error) ?? error;
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

async function* renderExtract(graph: Graph | null, maxEach: number): AsyncGenerator<string> {
  const bound = Math.max(0, Math.min(maxGraphMaxElements, Math.trunc(maxEach)));
  const ids = graph === null ? { vertices: [], edges: [] } : firstElements(graph, bound);
  yield '{"vertices":[';
  // The extract never changes in place (a recalculation installs a new graph), so ids stay valid.
  yield* jsonArrayItems(ids.vertices, (id) => {
    const vertex = readVertex(graph!, id);
    return vertex && wireVertex(vertex);
  });
  yield '],"edges":[';
  yield* jsonArrayItems(ids.edges, (id) => {
    const edge = readEdge(graph!, id);
    return edge && wireEdge(edge);
  });
  yield ']}';
}

export async function subgraphRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const registryOf = (request: { namespace: { engine: Parameters<typeof subgraphsOf>[0] } }): Subgraphs =>
    subgraphsOf(request.namespace.engine, {
      maxFragmentSteps: options.fragmentMaxSteps,
      defaultTimeBudgetSeconds: options.subgraphDefaultTimeBudgetSeconds,
    });

  app.put(
    '/subgraph',
    {
      schema: {
        tags,
        summary: 'Extract and register a subgraph from a pattern (201 with its summary)',
        querystring: FromQuery,
        body: SubgraphRequest,
        response: { 201: Summary },
      },
      config: { rateLimited: true, codeEndpoint: true },
    },
    async (request, reply) => {
      const registry = registryOf(request);
      const body = request.body;
      const fromSubGraph = request.query.fromSubGraph ?? null;
      const abandoned = abandonedSignal(reply);
      try {
        const partial = recipeOf(
          body,
          fromSubGraph === '' ? null : fromSubGraph,
          registry.availableAlgorithms(),
        );
        const semantic =
          body.semantic === undefined || body.semantic === null
            ? null
            : captureSemantic(body.semantic, partial.vertexFilter);
        const recipe: SubgraphRecipe = { ...partial, semantic };
        const summary = await registry.create(recipe, {
          timeBudgetSeconds: body.timeBudgetSeconds ?? undefined,
          signal: abandoned.signal,
        });
        // From the resolved namespace, not the rest of the URL: a namespace's name may itself hold `/subgraph`.
        const prefix = request.url.startsWith('/ns/')
          ? `/ns/${encodeURIComponent(request.namespace.name)}`
          : '';
        return reply
          .code(201)
          .header('location', `${prefix}/subgraph/${encodeURIComponent(summary.name)}`)
          .send(summary);
      } catch (error) {
        throw problemOf(error);
      } finally {
        abandoned.release();
      }
    },
  );

  app.get(
    '/subgraph',
    { schema: { tags, summary: 'The subgraph names', response: { 200: Type.Array(Type.String()) } } },
    async (request) => registryOf(request).names(),
  );

  app.get(
    '/subgraph/:name',
    {
      schema: {
        tags,
        summary: 'One subgraph\u2019s summary',
        params: NameParams,
        response: { 200: Summary },
      },
    },
    async (request) => {
      try {
        return await registryOf(request).summary(request.params.name);
      } catch (error) {
        throw problemOf(error);
      }
    },
  );

  app.get(
    '/subgraph/:name/graph',
    {
      schema: {
        tags,
        summary: 'The extract\u2019s elements, each list bounded by maxElements',
        params: NameParams,
        querystring: GraphQuery,
        response: { 200: GraphPage },
      },
    },
    async (request, reply) => {
      let graph: Graph | null;
      try {
        graph = await registryOf(request).extract(request.params.name);
      } catch (error) {
        throw problemOf(error);
      }
      const maxEach = request.query.maxElements ?? defaultGraphMaxElements;
      // A stream bypasses the response serializer; the schema still documents the shape it renders.
      const body = Readable.from(renderExtract(graph, maxEach)) as unknown as Static<typeof GraphPage>;
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post(
    '/subgraph/:name/recalculate',
    {
      schema: {
        tags,
        summary: 'Re-extract from the current source, keeping the name (409 when not recalculable)',
        params: NameParams,
        response: { 200: Summary },
      },
    },
    async (request, reply) => {
      const abandoned = abandonedSignal(reply);
      try {
        return await registryOf(request).recalculate(request.params.name, { signal: abandoned.signal });
      } catch (error) {
        throw problemOf(error);
      } finally {
        abandoned.release();
      }
    },
  );

  app.delete(
    '/subgraph/:name',
    { schema: { tags, summary: 'Deregister a subgraph', params: NameParams } },
    async (request, reply) => {
      try {
        await registryOf(request).remove(request.params.name);
      } catch (error) {
        throw problemOf(error);
      }
      return reply.code(204).send();
    },
  );
}
