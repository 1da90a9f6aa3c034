/** Liveness and readiness probes: deployment-level, anonymous, plain text. */
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../app.js';
import '../conventions/route-config.js';

export async function healthRoutes(app: FastifyInstance, { options }: RouteContext): Promise<void> {
  const probeSchema = { tags: ['probes'], response: { 200: { type: 'string' }, 503: { type: 'string' } } };
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
