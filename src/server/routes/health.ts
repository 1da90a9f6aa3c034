/** Liveness and readiness probes: deployment-level, anonymous, plain text. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { RouteContext } from '../app.js';
import '../conventions/route-config.js';

export async function healthRoutes(scope: FastifyInstance, { options }: RouteContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const probeSchema = { tags: ['probes'], response: { 200: Type.String(), 503: Type.String() } };
  const config = { anonymous: true, availableWhileStarting: true };
  app.get('/healthz', { schema: probeSchema, config }, async (_request, reply) =>
    reply.type('text/plain').send('Healthy'),
  );
  app.get('/readyz', { schema: probeSchema, config }, async (_request, reply) => {
    const ready = options.isReady?.() ?? true;
    return reply
      .code(ready ? 200 : 503)
      .type('text/plain')
      .send(ready ? 'Healthy' : 'Unhealthy');
  });
}
