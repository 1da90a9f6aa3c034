/**
 * Stored queries over HTTP (docs/storedqueries.md): register, list, read and remove
 * the namespace's named fragment sets. Registration compiles the fragments (a code endpoint: the API key
 * and the code body limit apply) and answers 201 with the summary and a `Location`.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  parseRegistration,
  storedQueriesOf,
  StoredQueryInvalid,
  type StoredQueryEntry,
} from '../../storedqueries/index.js';
import type { RouteContext } from '../app.js';
import { FragmentText, PathCostBlock, PathFilterBlock } from '../wire/fragment-blocks.js';
import { problem, type ProblemError } from '../problems/problem.js';
import '../conventions/route-config.js';

const tags = ['stored queries'];

const RegistrationBody = Type.Object(
  {
    name: Type.String({ description: '^[A-Za-z0-9_-]{1,128}$, case-sensitive, unique per namespace' }),
    kind: Type.String({ description: 'exactly Path or SubGraph' }),
    description: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    path: Type.Optional(
      Type.Union([
        Type.Object({
          filter: Type.Optional(PathFilterBlock),
          cost: Type.Optional(PathCostBlock),
        }),
        Type.Null(),
      ]),
    ),
    subGraph: Type.Optional(
      Type.Union([
        Type.Object({
          vertexFilter: Type.Optional(FragmentText),
          edgeFilter: Type.Optional(FragmentText),
          patterns: Type.Optional(
            Type.Union([Type.Array(Type.Object({}, { additionalProperties: true })), Type.Null()]),
          ),
        }),
        Type.Null(),
      ]),
    ),
  },
  { description: 'Path queries carry `path`, SubGraph templates `subGraph`; the other block is forbidden.' },
);

const Summary = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('Path'), Type.Literal('SubGraph')]),
  description: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ description: 'UTC ISO-8601 with Z and seven fractional digits' }),
  compileState: Type.Union([Type.Literal('Compiled'), Type.Literal('Failed'), Type.Literal('SourceOnly')]),
});

const Detail = Type.Object({
  ...Summary.properties,
  specificationJson: Type.String({ description: 'the stored path or subGraph block as a JSON string' }),
  compileDiagnostics: Type.Union([Type.String(), Type.Null()]),
});

const NameParams = Type.Object({ name: Type.String() });

function summaryOf(entry: StoredQueryEntry) {
  const { name, kind, description, createdAt } = entry.definition;
  return { name, kind, description, createdAt, compileState: entry.compileState };
}

function detailOf(entry: StoredQueryEntry) {
  return {
    ...summaryOf(entry),
    specificationJson: entry.definition.specificationJson,
    compileDiagnostics: entry.compileDiagnostics,
  };
}

function invalid(error: StoredQueryInvalid): ProblemError {
  return problem('STORED_QUERY_INVALID', error.message);
}

export async function storedQueryRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const registryOf = (request: { namespace: { engine: Parameters<typeof storedQueriesOf>[0] } }) =>
    storedQueriesOf(request.namespace.engine, options.maxStoredQueries);

  app.post(
    '/storedquery',
    {
      schema: {
        tags,
        summary: 'Register a stored query (compiled now; 400 with the compile text when it does not compile)',
        body: RegistrationBody,
        response: { 201: Summary },
      },
      config: { rateLimited: true, codeEndpoint: true },
    },
    async (request, reply) => {
      const registry = registryOf(request);
      let entry: StoredQueryEntry;
      try {
        entry = await registry.register(parseRegistration(request.body, new Date()));
      } catch (error) {
        if (error instanceof StoredQueryInvalid) throw invalid(error);
        throw error;
      }
      // From the resolved namespace, not the rest of the URL: a namespace's name may hold `/storedquery`.
      const prefix = request.url.startsWith('/ns/')
        ? `/ns/${encodeURIComponent(request.namespace.name)}`
        : '';
      return reply
        .code(201)
        .header('location', `${prefix}/storedquery/${encodeURIComponent(entry.definition.name)}`)
        .send(summaryOf(entry));
    },
  );

  app.get(
    '/storedquery',
    {
      schema: {
        tags,
        summary: 'The stored queries, ordered by name',
        response: { 200: Type.Array(Summary) },
      },
    },
    async (request) => registryOf(request).list().map(summaryOf),
  );

  app.get(
    '/storedquery/:name',
    {
      schema: {
        tags,
        summary: 'One stored query with its specification and compile diagnostics',
        params: NameParams,
        response: { 200: Detail },
      },
    },
    async (request) => detailOf(registryOf(request).require(request.params.name)),
  );

  app.delete(
    '/storedquery/:name',
    { schema: { tags, summary: 'Remove a stored query', params: NameParams } },
    async (request, reply) => {
      const { name } = request.params;
      await registryOf(request).remove(name);
      return reply.code(204).send();
    },
  );
}
