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
import {
  Durability,
  durabilityPaths,
  SaveGameRegistry,
  SaveGames,
  acquireStorageLock,
  type StorageLock,
  Namespaces,
  configureSubgraphCompileCache,
  rebuildSubgraphsOnLoad,
} from '../index.js';
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

/** This package's version, recorded in save games. */
function engineVersion(): string {
  return process.env.npm_package_version ?? '0.1.0';
}

function pathsOf(settings: LoadedConfig['settings']) {
  return durabilityPaths({
    storageDirectory: settings.durability.storageDirectory,
    walPath: settings.durability.walPath,
    metadataDirectory: settings.metadata.directory,
  });
}

export async function startService(config: LoadedConfig): Promise<RunningService> {
  // Before anything in the storage directory is read: a second service on the same files stops here.
  const lock = config.settings.durability.volatile
    ? undefined
    : await acquireStorageLock(pathsOf(config.settings).storageDirectory, (message) =>
        process.emitWarning(message, { code: 'SKEIN_STORAGE' }),
      );
  try {
    return await startClaimed(config, lock);
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

async function startClaimed(config: LoadedConfig, lock: StorageLock | undefined): Promise<RunningService> {
  const { settings } = config;
  const namespaces = new Namespaces({
    maxNamespaces: settings.namespaces.maxNamespaces,
    engine: {
      onRegistrationsReplaced: rebuildSubgraphsOnLoad({
        maxFragmentSteps: settings.fragments.maxSteps,
        defaultTimeBudgetSeconds: settings.subgraphs.defaultTimeBudgetSeconds,
      }),
      maxGroupTransactions: settings.writer.maxGroupTransactions,
      maxGroupsInFlight: settings.writer.maxGroupsInFlight,
      minTransactionsToOverlap: settings.writer.minTransactionsToOverlap,
      maxQueuedTransactions: settings.writer.maxQueuedTransactions,
      maxQueuedBytes: settings.writer.maxQueuedBytes,
      changeFeed: settings.changeFeed.enabled && {
        bufferSize: settings.changeFeed.bufferSize,
        subscriberQueueSize: settings.changeFeed.subscriberQueueSize,
        maxSubscribers: settings.changeFeed.maxSubscribers,
      },
    },
  });
  let durability: Durability | undefined;
  const paths = pathsOf(settings);
  const volatile = settings.durability.volatile;
  // A corrupt registry stops the start here, loudly, and is never overwritten.
  const registry = volatile ? undefined : await SaveGameRegistry.open(paths.metadataDirectory);
  let warn: (message: string) => void = (message) =>
    process.emitWarning(message, { code: 'SKEIN_SAVEGAMES' });
  const saveGames =
    registry === undefined
      ? undefined
      : new SaveGames(namespaces, registry, {
          storageDirectory: paths.storageDirectory,
          checkpointBaseName: settings.durability.checkpointBaseName,
          engineVersion: engineVersion(),
          onWarning: (message) => warn(message),
          logs: {
            anchorAfterSave: (namespace, saved) =>
              durability?.anchorAfterSave(namespace, saved) ?? Promise.resolve(),
            restore: (namespace, loaded, mode) => {
              if (durability === undefined)
                throw new Error('save games are not available before startup ends');
              return durability.restore(namespace, loaded, mode);
            },
            recordCheckpointDroppedIndices: (namespace, count) =>
              durability?.recordCheckpointDroppedIndices(namespace, count),
          },
        });
  configureSubgraphCompileCache({
    maxEntries: settings.subgraphs.compileCacheMaxEntries,
    slidingSeconds: settings.subgraphs.compileCacheSlidingSeconds,
  });
  const server = await buildServer({
    namespaces,
    maxStoredQueries: settings.storedQueries.maxCount,
    fragmentMaxSteps: settings.fragments.maxSteps,
    pathDefaultTimeBudgetSeconds: settings.paths.defaultTimeBudgetSeconds,
    subgraphDefaultTimeBudgetSeconds: settings.subgraphs.defaultTimeBudgetSeconds,
    analytics: {
      defaultTimeBudgetSeconds: settings.analytics.defaultTimeBudgetSeconds,
      maxTimeBudgetSeconds: settings.analytics.maxTimeBudgetSeconds,
      maxConcurrentRuns: settings.analytics.maxConcurrentRuns,
    },
    changeFeedKeepAliveSeconds: settings.changeFeed.keepAliveSeconds,
    changeFeedFlushIntervalMilliseconds: settings.changeFeed.flushIntervalMilliseconds,
    benchmarkMaxIterations: settings.security.benchmarkMaxIterations,
    apiKey: settings.security.apiKey,
    apiKeyHeaderName: settings.security.apiKeyHeaderName,
    allowedCorsOrigins: settings.cors.allowedOrigins,
    rateLimit: {
      permitsPerWindow: settings.security.sensitiveRateLimitPermitPerWindow,
      windowSeconds: settings.security.rateLimitWindowSeconds,
    },
    maxBodyBytes: settings.http.maxBodyBytes,
    codeBodyLimitBytes: settings.http.codeBodyLimitBytes,
    bulk: settings.bulkIO,
    development: settings.environment === 'Development',
    isReady: () => durability !== undefined,
    ...(saveGames === undefined ? {} : { saveGames }),
    durability: { status: (namespace) => durability?.status(namespace) ?? null },
    logRequests: settings.logging.requests,
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
  warn = (message) => server.log.warn(message);
  const address = await server.listen({ port: settings.http.port, host: settings.http.host });
  try {
    durability = await Durability.start(namespaces, {
      ...paths,
      volatile,
      onWarning: (message) => server.log.warn(message),
      ...(registry === undefined ? {} : { registry }),
      checkpointBaseName: settings.durability.checkpointBaseName,
      ...(saveGames === undefined
        ? {}
        : {
            onCheckpointAdopted: async (namespace, loaded) => {
              await saveGames.registerImported(namespace, loaded);
            },
          }),
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
  if (saveGames !== undefined && settings.durability.saveOnShutdown) {
    running.onShutdown(async () => {
      const outcome = await saveGames.saveAll('shutdown');
      if (outcome.failedNamespaces.length > 0) {
        server.log.warn({ failedNamespaces: outcome.failedNamespaces }, 'the shutdown save did not complete');
      }
    });
  }
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
      await lock?.release();
    },
  };
}
