/** Namespace management (docs/http.md, Namespace management): deployment-level routes over the catalog. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Namespace } from '../../index.js';
import type { RouteContext } from '../app.js';
import '../conventions/route-config.js';

const NamespaceRecord = Type.Object({
  name: Type.String(),
  state: Type.String({ description: 'ready' }),
  vertexCount: Type.Union([Type.Integer(), Type.Null()]),
  edgeCount: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ description: 'UTC, yyyy-MM-ddTHH:mm:ss.fffZ' }),
  pluginRegistrationEnabled: Type.Union([Type.Boolean(), Type.Null()]),
  loadOnStartupEnabled: Type.Union([Type.Boolean(), Type.Null()]),
});

const NamespaceList = Type.Object({
  namespaces: Type.Array(NamespaceRecord),
  maxNamespaces: Type.Integer(),
  loadOnStartupDefault: Type.Boolean(),
  startupLoadMode: Type.String(),
});

const NameParams = Type.Object({ ns: Type.String({ description: 'Namespace name' }) });

const TriStateText = Type.Union([Type.String({ description: 'enabled, disabled or inherit' }), Type.Null()]);
const NamespacePatch = Type.Object({
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  pluginRegistration: Type.Optional(TriStateText),
  loadOnStartup: Type.Optional(TriStateText),
});

function record(namespace: Namespace) {
  return {
    name: namespace.name,
    state: 'ready',
    vertexCount: namespace.engine.vertexCount,
    edgeCount: namespace.engine.edgeCount,
    createdAt: namespace.createdAt.toISOString(),
    pluginRegistrationEnabled: namespace.pluginRegistrationEnabled,
    loadOnStartupEnabled: namespace.loadOnStartupEnabled,
  };
}

export async function namespaceRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { namespaces } = options;
  const tags = ['namespaces'];

  app.get('/ns', { schema: { tags, response: { 200: NamespaceList } } }, async () => ({
    namespaces: namespaces.list().map(record),
    maxNamespaces: namespaces.maxNamespaces,
    loadOnStartupDefault: true,
    startupLoadMode: 'catalog',
  }));

  app.get(
    '/ns/:ns',
    { schema: { tags, params: NameParams, response: { 200: NamespaceRecord } } },
    async (request) => record(namespaces.require(request.params.ns)),
  );

  app.put(
    '/ns/:ns',
    {
      schema: { tags, params: NameParams, response: { 201: NamespaceRecord } },
      config: { rateLimited: true },
    },
    async (request, reply) => {
      const created = namespaces.create(request.params.ns);
      await namespaces.settled();
      return reply
        .code(201)
        .header('location', `/ns/${encodeURIComponent(created.name)}`)
        .send(record(created));
    },
  );

  app.patch(
    '/ns/:ns',
    {
      schema: { tags, params: NameParams, body: NamespacePatch, response: { 200: NamespaceRecord } },
      config: { rateLimited: true },
    },
    async (request) => {
      const updated = namespaces.update(request.params.ns, request.body ?? {});
      await namespaces.settled();
      return record(updated);
    },
  );

  app.delete(
    '/ns/:ns',
    { schema: { tags, params: NameParams }, config: { rateLimited: true } },
    async (request, reply) => {
      namespaces.drop(request.params.ns);
      await namespaces.settled();
      return reply.code(204).send();
    },
  );
}
