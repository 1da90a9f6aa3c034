/**
 * Starts the service from loaded configuration: the namespace catalog, the HTTP server, durability, and
 * a clean stop.
 *
 * Order: the server listens first, answering only the probes (`GET /readyz` 503) while durability restores
 * the stored namespaces and replays each one's write-ahead log; then it reports ready and serves
 * everything. `stop` closes the listener (in-flight requests finish), drains every writer, runs the
 * shutdown steps (the shutdown save registers one with `durability.onShutdown`) and closes the logs.
 */
import type { LoadedConfig } from '../config/index.js';
import { Durability, durabilityPaths } from '../engine/durability/durability.js';
import { Namespaces } from '../engine/namespaces/catalog.js';
import { buildServer, type SkeinServer } from './app.js';

export interface RunningService {
  server: SkeinServer;
  namespaces: Namespaces;
  durability: Durability;
  /** The address the server listens on, e.g. http://127.0.0.1:8080 */
  address: string;
  /** Stops accepting requests, drains the writers, saves if configured, closes the logs. */
  stop(): Promise<void>;
}

export async function startService(config: LoadedConfig): Promise<RunningService> {
  const { settings } = config;
  const namespaces = new Namespaces({
    maxNamespaces: settings.namespaces.maxNamespaces,
    engine: { maxGroupTransactions: settings.writer.maxGroupTransactions },
  });
  let durability: Durability | undefined;
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
    isReady: () => durability !== undefined,
    durability: { status: (namespace) => durability?.status(namespace) ?? null },
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
  const paths = durabilityPaths({
    storageDirectory: settings.durability.storageDirectory,
    walPath: settings.durability.walPath,
    metadataDirectory: settings.metadata.directory,
  });
  try {
    durability = await Durability.start(namespaces, {
      ...paths,
      volatile: settings.durability.volatile,
      onWarning: (message) => server.log.warn(message),
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  for (const namespace of namespaces.list()) {
    const log = durability.logOf(namespace)?.status;
    if (log?.recoveryRan === true) {
      server.log.info(
        {
          namespace: namespace.name,
          replayedEntries: log.lastRecoveryReplayedEntries,
          truncated: log.lastRecoveryTruncated,
        },
        'write-ahead log replayed',
      );
    }
  }
  const running = durability;
  server.log.info(
    settings.durability.volatile
      ? 'volatile: no write-ahead log, nothing is kept across restarts'
      : `durable: storage in ${paths.storageDirectory}`,
  );
  return {
    server,
    namespaces,
    durability: running,
    address,
    stop: async () => {
      await server.close();
      await running.close();
    },
  };
}
