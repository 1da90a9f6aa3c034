/**
 * Until the startup load completes (every namespace's log replayed), only the probes answer; every other
 * route, known or not, answers 503 `Service starting`, so no request reads a graph that is still being
 * recovered or commits a write ahead of the history it follows.
 */
import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../problem.js';
import './route-config.js';

export const startingRetryAfterSeconds = 1;

export function registerStartupGate(app: FastifyInstance, isReady: (() => boolean) | undefined): void {
  if (isReady === undefined) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (isReady() || request.routeOptions.config?.availableWhileStarting === true) {
      done();
      return;
    }
    reply.header('retry-after', String(startingRetryAfterSeconds));
    // Answered here: the lifecycle stops without `done`.
    sendProblem(reply, {
      title: 'Service starting',
      status: 503,
      detail: 'The service is starting: the startup load has not completed. Retry shortly.',
    });
  });
}
