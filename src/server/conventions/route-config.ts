/** Per-route flags the cross-cutting hooks read (declared once, set in each route's `config`). */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers without an API key even when one is configured (GET /status, /healthz, /readyz). */
    anonymous?: boolean;
    /** Answers while the service is still starting (the probes); every other route answers 503 then. */
    availableWhileStarting?: boolean;
    /** Counts against the shared fixed-window limiter of sensitive routes. */
    rateLimited?: boolean;
    /** Accepts code (fragments, stored queries, plugins): its body is capped at `codeBodyLimitBytes`. */
    codeEndpoint?: boolean;
  }
  interface FastifyRequest {
    /** This request presented the configured API key. */
    authenticated: boolean;
  }
}

export {};
