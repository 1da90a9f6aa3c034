/**
 * Maintenance: erase (tabula rasa), trim, and the built-in sample graph. The namespace-scoped verbs
 * enqueue and answer at once; the deployment-level erase drops every namespace but `default`.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { addSampleGraph } from '../../index.js';
import type { RouteContext } from '../app.js';
import '../conventions/route-config.js';

export async function maintenanceRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['maintenance'];

  app.head('/tabularasa', { schema: { tags } }, async (request, reply) => {
    const { engine, name } = request.namespace;
    engine
      .clear()
      .catch((error: unknown) => request.log.error({ err: error, namespace: name }, 'clear failed'));
    return reply.code(200).send();
  });

  app.head(
    '/trim',
    { schema: { tags, description: 'Compacts tombstones; survivors are renumbered 0..n-1 in id order.' } },
    async (request, reply) => {
      const { engine, name } = request.namespace;
      engine
        .trim()
        .catch((error: unknown) => request.log.error({ err: error, namespace: name }, 'trim failed'));
      return reply.code(200).send();
    },
  );

  app.put('/unittest', { schema: { tags } }, async (request, reply) => {
    const { engine, name } = request.namespace;
    await addSampleGraph(engine);
    engine
      .trim()
      .catch((error: unknown) => request.log.error({ err: error, namespace: name }, 'trim failed'));
    return reply.code(200).send();
  });
}

export async function deploymentMaintenanceRoutes(
  scope: FastifyInstance,
  { options }: RouteContext,
): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.head(
    '/tabularasa/all',
    { schema: { tags: ['maintenance'] }, config: { rateLimited: true } },
    async (_request, reply) => {
      await options.namespaces.clearAll();
      await options.namespaces.settled();
      return reply.code(204).send();
    },
  );
}
