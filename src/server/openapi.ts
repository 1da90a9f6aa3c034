/**
 * The OpenAPI 3.1 document `v0.1`, generated from the route schemas. It declares the API-key scheme for
 * the whole document and clears it on anonymous routes. The document and an interactive reference page
 * are served only in a development environment; with a key configured they require it like any route.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiVersion } from './conventions/versioning.js';

export const openApiDocumentPath = `/openapi/v${apiVersion}.json`;
export const referencePagePrefix = '/openapi';
const securitySchemeName = 'ApiKey';

export async function registerOpenApi(
  app: FastifyInstance,
  options: { apiKeyHeaderName: string; development: boolean },
): Promise<void> {
  await app.register(swagger, {
    // The plugin leaves HEAD routes out by default; HEAD /tabularasa, /tabularasa/all and /trim are real
    // operations (the server does not generate implicit HEAD routes), so they belong in the document.
    exposeHeadRoutes: true,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Skein',
        version: apiVersion,
        description: 'In-memory property-graph service. Document v0.1.',
      },
      // The default local address, not the running instance (docs/http.md, The OpenAPI document).
      servers: [{ url: 'http://127.0.0.1:8080', description: 'default local instance' }],
      components: {
        securitySchemes: {
          [securitySchemeName]: { type: 'apiKey', in: 'header', name: options.apiKeyHeaderName },
        },
      },
      security: [{ [securitySchemeName]: [] }],
    },
    transform: ({ schema, url, route }) => {
      const transformed = { ...(schema ?? {}) } as Record<string, unknown>;
      if (route.config?.anonymous === true) transformed.security = [];
      return { schema: transformed as typeof schema, url };
    },
  });
  if (options.development) {
    await app.register(swaggerUi, {
      routePrefix: referencePagePrefix,
      uiConfig: { url: openApiDocumentPath },
    });
  }
}

/** Serves the document at its versioned path (development only). */
export function exposeOpenApiDocument(app: FastifyInstance, development: boolean): void {
  if (!development) return;
  app.get(openApiDocumentPath, { schema: { hide: true } }, async () => app.swagger());
}
