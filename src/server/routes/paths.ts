/**
 * Path finding (docs/paths.md): `POST /path/{from}/to/{to}`, bare and under
 * `/ns/{ns}`. A sensitive route (rate-limited) and a code endpoint (1 MiB body); the API key applies as
 * everywhere. The search runs in event-loop slices (src/paths).
 *
 * Statuses, checked in this order:
 *   400 the body does not bind (schema), `storedQuery` with a non-blank inline fragment (an empty `filter`
 *       or `cost` object counts: it is filled with default fragments), `queryVector` with `queryText`
 *   403 `semantic.queryText`: the embedding provider is disabled
 *   404 an unknown `storedQuery`; 409 a stored query that is not invocable; 400 one of kind SubGraph
 *   400 a fragment over 100,000 characters, a fragment that does not compile (diagnostics in the body), an
 *       invalid semantic block or a semantic rule wanting a slot a fragment holds
 *   200 the paths; `[]` for a missing or removed end vertex, the same vertex twice, maxDepth or
 *       maxResults 0, an unknown algorithm name
 *   408 `Path budget exhausted`: the time budget ran out (`timeBudgetSeconds`, else
 *       `Svc:Paths:DefaultTimeBudgetSeconds`) or the client went away
 *   422 a fragment exceeded its step budget; 500 a fragment threw (src/server/fragment-failures.ts)
 *   401 no credential while a key is configured; 413 body over the code limit; 429 rate limit (hooks)
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import {
  type CompiledPathFragments,
  type PathFragmentSet,
  DEFAULT_MAX_FRAGMENT_STEPS,
} from '../../fragments/index.js';
import {
  findPaths,
  defaultMaxDepth,
  defaultMaxResults,
  isPathBudgetExhausted,
  maxMaxDepth,
  maxMaxResults,
  type PathRules,
  bindPathSemantic,
  checkFragmentLengths,
  compileRequestFragments,
  isBlank,
  nonBlankMembers,
  pathFragmentNames,
  pathRulesOf,
  PathRequestError,
  withDefaults,
  type PathRequestErrorKind,
  lookupStoredPathQuery,
} from '../../paths/index.js';
import { PathCostBlock, PathFilterBlock } from '../wire/fragment-blocks.js';
import type { RouteContext } from '../app.js';
import { throwFragmentFailure } from '../fragment-failures.js';
import { problem, type ProblemError } from '../problems/problem.js';
import type { ProblemCode } from '../problems/registry.js';
import { ElementId } from '../wire/schemas.js';
import '../conventions/route-config.js';

const tags = ['paths'];

/** `timeBudgetSeconds` above this is 400 (docs/paths.md, Request). */
export const maxPathTimeBudgetSeconds = 3600;
/** `Svc:Paths:DefaultTimeBudgetSeconds` when the server options do not say. */
export const defaultPathTimeBudgetSeconds = 30;

const SemanticSchema = Type.Object(
  {
    queryVector: Type.Optional(Type.Union([Type.Array(Type.Number()), Type.Null()])),
    queryText: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    embeddingName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    metric: Type.Optional(
      Type.Union([Type.String({ description: 'Cosine (default), DotProduct or L2' }), Type.Null()]),
    ),
    minScore: Type.Optional(
      Type.Union([
        Type.Number({ description: 'vertex filter: score >= minScore (Cosine, DotProduct), <= (L2)' }),
        Type.Null(),
      ]),
    ),
    costBySimilarity: Type.Optional(
      Type.Union([
        Type.Boolean({ description: 'vertex cost: 1 - score (Cosine), the distance (L2); not DotProduct' }),
        Type.Null(),
      ]),
    ),
  },
  { description: 'Code-free similarity rules over element embeddings; also the fragments\u2019 `context`.' },
);

const PathRequest = Type.Object({
  pathAlgorithmName: Type.Optional(
    Type.Union([
      Type.String({ description: 'BLS (default) or DIJKSTRA, exact; any other name answers []' }),
      Type.Null(),
    ]),
  ),
  maxDepth: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: maxMaxDepth,
      description: `edges on a path, default ${defaultMaxDepth}`,
    }),
  ),
  maxResults: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: maxMaxResults,
      description: `paths returned (DIJKSTRA: K), default ${defaultMaxResults}`,
    }),
  ),
  maxPathWeight: Type.Optional(
    Type.Union([Type.Number({ description: 'inclusive total-weight cap (DIJKSTRA)' }), Type.Null()]),
  ),
  filter: Type.Optional(PathFilterBlock),
  cost: Type.Optional(PathCostBlock),
  storedQuery: Type.Optional(
    Type.Union([
      Type.String({ description: 'a registered Path query; exclusive with filter and cost' }),
      Type.Null(),
    ]),
  ),
  semantic: Type.Optional(Type.Union([SemanticSchema, Type.Null()])),
  timeBudgetSeconds: Type.Optional(
    Type.Union([
      Type.Number({
        exclusiveMinimum: 0,
        maximum: maxPathTimeBudgetSeconds,
        description: `seconds, at most ${maxPathTimeBudgetSeconds}; default Svc:Paths:DefaultTimeBudgetSeconds`,
      }),
      Type.Null(),
    ]),
  ),
});

type PathBody = Static<typeof PathRequest>;

const PathElement = Type.Object({
  sourceVertexId: Type.Integer(),
  targetVertexId: Type.Integer(),
  edgeId: Type.Integer(),
  edgePropertyId: Type.String(),
  direction: Type.Integer({ description: '0 against the stored direction, 1 with it' }),
  weight: Type.Number({ description: 'step cost (0 for BLS)' }),
});

const PathResult = Type.Array(
  Type.Object({ pathElements: Type.Array(PathElement), totalWeight: Type.Number() }),
);

const PathParams = Type.Object({ from: ElementId, to: ElementId });

const problemCodeOfKind: Record<PathRequestErrorKind, ProblemCode> = {
  invalid: 'PATH_REQUEST_INVALID',
  compile: 'PATH_FRAGMENT_COMPILE_FAILED',
  forbidden: 'CAPABILITY_DISABLED',
  storedQueryNotFound: 'STORED_QUERY_NOT_FOUND',
  storedQueryNotInvocable: 'STORED_QUERY_NOT_INVOCABLE',
};

function problemOf(error: PathRequestError): ProblemError {
  return problem(problemCodeOfKind[error.kind], error.message, error.extensions);
}

/** The fragments and compiled delegates the request runs with: inline, or a stored query's. */
function fragmentSources(
  body: PathBody,
  inline: PathFragmentSet,
  lookup: (name: string) => ReturnType<typeof lookupStoredPathQuery>,
): { fragments: PathFragmentSet; compiled: CompiledPathFragments } {
  const name = body.storedQuery;
  if (name === undefined || name === null || name === '') {
    checkFragmentLengths(inline);
    return { fragments: inline, compiled: compileRequestFragments(inline) };
  }
  const found = lookup(name);
  switch (found.status) {
    case 'found':
      return { fragments: found.query.fragments, compiled: found.query.compiled };
    case 'notFound':
      throw new PathRequestError('storedQueryNotFound', `No stored query named '${name}'.`, { name });
    case 'wrongKind':
      throw new PathRequestError(
        'invalid',
        `The stored query '${name}' is a ${found.kind} template, not a Path query.`,
        { name },
      );
    case 'notInvocable':
      throw new PathRequestError(
        'storedQueryNotInvocable',
        `The stored query '${name}' cannot be invoked: its compile failed` +
          (found.compileDiagnostics === null ? '.' : `:\n${found.compileDiagnostics}`),
        { name },
      );
  }
}

/** The request checks that come before anything is compiled or looked up. */
function checkRequestShape(body: PathBody, inline: PathFragmentSet): void {
  if (body.storedQuery !== undefined && body.storedQuery !== null && body.storedQuery !== '') {
    const members = nonBlankMembers(inline);
    if (members.length > 0) {
      throw new PathRequestError(
        'invalid',
        `storedQuery cannot be combined with inline fragments (${members.map((m) => pathFragmentNames[m]).join(', ')}); ` +
          'an empty filter or cost object counts, as it gets default fragments: omit both objects.',
      );
    }
  }
  const semantic = body.semantic;
  if (semantic === undefined || semantic === null || isBlank(semantic.queryText)) return;
  if (semantic.queryVector !== undefined && semantic.queryVector !== null) {
    throw new PathRequestError(
      'invalid',
      'semantic.queryText and semantic.queryVector are mutually exclusive.',
    );
  }
  throw new PathRequestError(
    'forbidden',
    'semantic.queryText needs the embedding provider, which is disabled (Svc:Embedding:Enabled); ' +
      'send semantic.queryVector instead.',
  );
}

export async function pathRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const maxSteps = options.fragmentMaxSteps ?? DEFAULT_MAX_FRAGMENT_STEPS;
  const defaultBudgetSeconds = options.pathDefaultTimeBudgetSeconds ?? defaultPathTimeBudgetSeconds;

  app.post(
    '/path/:from/to/:to',
    {
      schema: {
        tags,
        summary: 'Shortest paths between two vertices (BLS: fewest hops; DIJKSTRA: K least weights)',
        params: PathParams,
        body: PathRequest,
        response: { 200: PathResult },
      },
      config: { rateLimited: true, codeEndpoint: true },
      // The body is optional (docs/paths.md): no body validates as `{}`, every default.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request, reply) => {
      const body: PathBody = request.body ?? {};
      const engine = request.namespace.engine;
      let rules: PathRules;
      try {
        const inline = withDefaults(body);
        checkRequestShape(body, inline);
        const sources = fragmentSources(body, inline, (name) =>
          lookupStoredPathQuery(engine, name, options.maxStoredQueries),
        );
        const semantic =
          body.semantic === undefined || body.semantic === null
            ? undefined
            : bindPathSemantic(body.semantic, sources.fragments);
        rules = pathRulesOf(engine.graph, { ...sources, semantic }, maxSteps);
      } catch (error) {
        if (error instanceof PathRequestError) throw problemOf(error);
        throwFragmentFailure(error);
      }
      const budgetSeconds = body.timeBudgetSeconds ?? defaultBudgetSeconds;
      const abandoned = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) abandoned.abort();
      };
      reply.raw.once('close', onClose);
      try {
        return await findPaths(
          engine,
          request.params.from,
          request.params.to,
          {
            ...rules,
            algorithm: body.pathAlgorithmName ?? 'BLS',
            maxDepth: body.maxDepth,
            maxResults: body.maxResults,
            maxPathWeight: body.maxPathWeight,
          },
          { deadlineMs: performance.now() + budgetSeconds * 1000, signal: abandoned.signal, budgetSeconds },
        );
      } catch (error) {
        if (isPathBudgetExhausted(error))
          throw problem('PATH_BUDGET_EXHAUSTED', error.message, { budgetSeconds });
        throwFragmentFailure(error);
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
}
