/**
 * One fixed-window limiter shared by every sensitive route, caller and namespace (docs/http.md): thirty
 * permits per ten seconds by default, no queue, no Retry-After. `@fastify/rate-limit` keeps a bucket per
 * route, which cannot express one bucket across routes, so this is the whole limiter.
 */
import type { FastifyInstance } from 'fastify';
import { problem } from '../problems/problem.js';
import './route-config.js';

export interface RateLimitOptions {
  permitsPerWindow: number;
  windowSeconds: number;
}

export class FixedWindowLimiter {
  private windowStartMs = 0;
  private used = 0;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Takes one permit; answers false when the current window has none left. */
  tryAcquire(): boolean {
    const now = this.nowMs();
    const windowMs = this.options.windowSeconds * 1000;
    if (now - this.windowStartMs >= windowMs) {
      this.windowStartMs = now;
      this.used = 0;
    }
    if (this.used >= this.options.permitsPerWindow) return false;
    this.used++;
    return true;
  }
}

export function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): FixedWindowLimiter {
  const limiter = new FixedWindowLimiter(options);
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config.rateLimited === true && !limiter.tryAcquire()) {
      done(
        problem(
          'RATE_LIMITED',
          `The sensitive-route limit of ${options.permitsPerWindow} requests per ${options.windowSeconds} s is exhausted.`,
        ),
      );
      return;
    }
    done();
  });
  return limiter;
}
