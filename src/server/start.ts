/**
 * Starts the service from loaded configuration: the namespace catalog, the HTTP server, and a clean
 * shutdown on SIGTERM/SIGINT (the server stops accepting, in-flight requests finish).
 */
import type { LoadedConfig } from '../config/index.js';
import { Namespaces } from '../engine/namespaces/catalog.js';
import { buildServer, type SkeinServer } from './app.js';

export interface RunningService {
  server: SkeinServer;
  namespaces: Namespaces;
  /** The address the server listens on, e.g. http://127.0.0.1:8080 */
  address: string;
}

export async function startService(config: LoadedConfig): Promise<RunningService> {
  const { settings } = config;
  const namespaces = new Namespaces({
    maxNamespaces: settings.namespaces.maxNamespaces,
    engine: { maxGroupTransactions: settings.writer.maxGroupTransactions },
  });
  const server = await buildServer({
    namespaces,
    apiKey: settings.security.apiKey,
    apiKeyHeaderName: settings.security.apiKeyHeaderName,
    allowedCorsOrigins: settings.cors.allowedOrigins,
    rateLimit: {
      permitsPerWindow: settings.security.sensitiveRateLimitPermitPerWindow,
      windowSeconds: settings.security.rateLimitWindowSeconds,
    },
    maxBodyBytes: settings.http.maxBodyBytes,
    codeBodyLimitBytes: settings.http.codeBodyLimitBytes,
    development: settings.environment === 'Development',
    logger: {
      level: settings.logging.level,
      // The API key must never reach a log line.
      redact: [
        'req.headers.authorization',
        `req.headers["${settings.security.apiKeyHeaderName.toLowerCase()}"]`,
      ],
    },
  });
  for (const warning of config.warnings) server.log.warn(warning);
  const address = await server.listen({ port: settings.http.port, host: settings.http.host });
  return { server, namespaces, address };
}
