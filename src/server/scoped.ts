/**
 * Namespace scoping. Every namespace-scoped route area is one Fastify plugin registered twice: bare,
 * addressing `default`, and under `/ns/:ns`, addressing the named namespace. A hook resolves the
 * namespace before anything else runs, so an unknown name is a 404 problem (with the `namespace` member)
 * whatever the route, and handlers read `request.namespace`.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { Namespace, Namespaces } from '../index.js';
import { problem } from './problems/problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The namespace the route addresses. */
    namespace: Namespace;
  }
}

export const namespacePrefix = '/ns/:ns';

/** Registers a route area bare and under `/ns/:ns`. */
export function registerScoped(
  app: FastifyInstance,
  namespaces: Namespaces,
  plugin: FastifyPluginAsync,
): void {
  app.register(async (scope) => {
    scope.addHook('onRequest', (request, _reply, done) => {
      request.namespace = namespaces.default;
      done();
    });
    await scope.register(plugin);
  });
  app.register(
    async (scope) => {
      // The prefix's parameter must appear in each route's schema for validation and the OpenAPI document.
      scope.addHook('onRoute', (route) => {
        const schema = (route.schema ??= {}) as {
          params?: { type?: string; properties?: Record<string, unknown>; required?: string[] };
        };
        const params = schema.params ?? Type.Object({});
        schema.params = {
          ...params,
          properties: { ns: Type.String({ description: 'Namespace name' }), ...(params.properties ?? {}) },
          required: ['ns', ...(params.required ?? [])],
        };
      });
      // Every route here lies under the prefix, so its path parameters hold `ns`.
      scope.addHook<{ Params: { ns: string } }>('onRequest', (request, _reply, done) => {
        const name = request.params.ns;
        const namespace = namespaces.get(name);
        if (namespace === undefined) {
          done(
            problem('NAMESPACE_NOT_FOUND', `The namespace '${name}' does not exist.`, { namespace: name }),
          );
          return;
        }
        request.namespace = namespace;
        done();
      });
      await scope.register(plugin);
    },
    { prefix: namespacePrefix },
  );
}
