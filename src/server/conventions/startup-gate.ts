/**
 * Until the startup load completes (every namespace's log replayed), only the probes answer; every other
 * route, known or not, answers 503 `Service starting`, so no request reads a graph that is still being
 * recovered or commits a write ahead of the history it follows.
 *
 * Once the server is stopping, every request that still arrives on an open connection answers 503
 * `Service Unavailable` and the connection closes. The framework would answer these itself with a JSON
 * body that is not a problem; the gate answers them from the registry like every other error.
 */
import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from '../problems/problem.js';
import './route-config.js';

export const startingRetryAfterSeconds = 1;

export function registerStartupGate(app: FastifyInstance, isReady: (() => boolean) | undefined): void {
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    done();
  });
  const ready = isReady ?? (() => true);
  // Answered here in both cases: the lifecycle stops without `done`.
  app.addHook('onRequest', (request, reply, done) => {
    if (stopping) {
      reply.header('connection', 'close');
      sendProblem(reply, problem('SERVICE_STOPPING', 'The service is stopping.'));
      return;
    }
    if (ready() || request.routeOptions.config?.availableWhileStarting === true) {
      done();
      return;
    }
    reply.header('retry-after', String(startingRetryAfterSeconds));
    sendProblem(
      reply,
      problem(
        'SERVICE_STARTING',
        'The service is starting: the startup load has not completed. Retry shortly.',
      ),
    );
  });
}
