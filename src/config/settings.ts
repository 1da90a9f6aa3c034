/**
 * The typed view of configuration that the rest of Skein reads: nested, camelCase, frozen.
 *
 * Each field is one catalogue key; its type comes from the catalogue entry (`ConfigValueOf`), so a field
 * and its key cannot disagree on kind or allowed values.
 */
import type { ConfigKey, ConfigValueOf } from './keys.js';

export type SkeinEnvironment = ConfigValueOf<'Svc:Environment'>;
export type LogLevel = ConfigValueOf<'Svc:Logging:Level'>;

export interface SkeinSettings {
  readonly environment: SkeinEnvironment;
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly maxBodyBytes: number;
    readonly codeBodyLimitBytes: number;
  };
  readonly bulkIO: {
    readonly importBatchSize: number;
    readonly maxLineBytes: number;
    /** 0: unlimited */
    readonly maxImportRequestBytes: number;
  };
  readonly security: {
    /** null: no key configured, so no credential is required */
    readonly apiKey: string | null;
    readonly apiKeyHeaderName: string;
    readonly enableDynamicPluginLoading: boolean;
    readonly sensitiveRateLimitPermitPerWindow: number;
    readonly rateLimitWindowSeconds: number;
    readonly enableConfigurationWrite: boolean;
    /** Most iterations of one `GET /benchmark`. */
    readonly benchmarkMaxIterations: number;
  };
  readonly cors: {
    readonly allowedOrigins: readonly string[];
  };
  readonly namespaces: {
    readonly maxNamespaces: number;
  };
  readonly observability: {
    readonly prometheus: {
      readonly enabled: boolean;
      readonly requireApiKey: boolean;
    };
  };
  readonly writer: {
    readonly maxGroupTransactions: number;
    readonly maxGroupsInFlight: number;
    readonly minTransactionsToOverlap: number;
    readonly maxQueuedTransactions: number;
    readonly maxQueuedBytes: number;
  };
  readonly storedQueries: {
    readonly maxCount: number;
  };
  readonly changeFeed: {
    readonly enabled: boolean;
    readonly bufferSize: number;
    readonly subscriberQueueSize: number;
    readonly maxSubscribers: number;
    readonly keepAliveSeconds: number;
    readonly flushIntervalMilliseconds: number;
  };
  readonly durability: {
    /** as configured (relative to the working directory unless absolute) */
    readonly storageDirectory: string;
    /** null: `<storageDirectory>/svc.wal` */
    readonly walPath: string | null;
    readonly volatile: boolean;
    readonly saveOnShutdown: boolean;
    readonly checkpointBaseName: string;
  };
  readonly metadata: {
    /** null: `<storageDirectory>/metadata` */
    readonly directory: string | null;
  };
  readonly fragments: {
    /** steps per top-level call of a compiled fragment (src/fragments/runtime/budget.ts) */
    readonly maxSteps: number;
  };
  readonly paths: {
    /** seconds a path search may run when its request names no budget */
    readonly defaultTimeBudgetSeconds: number;
  };
  readonly analytics: {
    readonly defaultTimeBudgetSeconds: number;
    readonly maxTimeBudgetSeconds: number;
    readonly maxConcurrentRuns: number;
  };
  readonly subgraphs: {
    /** seconds one extraction may run */
    readonly defaultTimeBudgetSeconds: number;
    /** compiled subgraph fragments kept */
    readonly compileCacheMaxEntries: number;
    /** seconds an unused compiled subgraph fragment is kept */
    readonly compileCacheSlidingSeconds: number;
  };
  readonly logging: {
    readonly level: LogLevel;
    /** per-request `info` lines (docs/logging.md) */
    readonly requests: boolean;
  };
}

/** Reads the parsed value of one key, typed by its catalogue entry. */
export type ConfigValueReader = <K extends ConfigKey>(key: K) => ConfigValueOf<K>;

/** Assembles the settings object from parsed values; the result is deeply frozen. */
export function buildSettings(get: ConfigValueReader): SkeinSettings {
  return deepFreeze<SkeinSettings>({
    environment: get('Svc:Environment'),
    http: {
      host: get('Svc:Http:Host'),
      port: get('Svc:Http:Port'),
      maxBodyBytes: get('Svc:Http:MaxBodyBytes'),
      codeBodyLimitBytes: get('Svc:Http:CodeBodyLimitBytes'),
    },
    bulkIO: {
      importBatchSize: get('Svc:BulkIO:ImportBatchSize'),
      maxLineBytes: get('Svc:BulkIO:MaxLineBytes'),
      maxImportRequestBytes: get('Svc:BulkIO:MaxImportRequestBytes'),
    },
    security: {
      apiKey: get('Svc:Security:ApiKey'),
      apiKeyHeaderName: get('Svc:Security:ApiKeyHeaderName'),
      enableDynamicPluginLoading: get('Svc:Security:EnableDynamicPluginLoading'),
      sensitiveRateLimitPermitPerWindow: get('Svc:Security:SensitiveRateLimitPermitPerWindow'),
      rateLimitWindowSeconds: get('Svc:Security:RateLimitWindowSeconds'),
      enableConfigurationWrite: get('Svc:Security:EnableConfigurationWrite'),
      benchmarkMaxIterations: get('Svc:Security:BenchmarkMaxIterations'),
    },
    cors: {
      // Copied so freezing the settings never freezes an array a caller still holds.
      allowedOrigins: [...get('AllowedCorsOrigins')],
    },
    namespaces: {
      maxNamespaces: get('Svc:Namespaces:MaxNamespaces'),
    },
    observability: {
      prometheus: {
        enabled: get('Svc:Observability:Prometheus:Enabled'),
        requireApiKey: get('Svc:Observability:Prometheus:RequireApiKey'),
      },
    },
    writer: {
      maxGroupTransactions: get('Svc:Writer:MaxGroupTransactions'),
      maxGroupsInFlight: get('Svc:Writer:MaxGroupsInFlight'),
      minTransactionsToOverlap: get('Svc:Writer:MinTransactionsToOverlap'),
      maxQueuedTransactions: get('Svc:Writer:MaxQueuedTransactions'),
      maxQueuedBytes: get('Svc:Writer:MaxQueuedBytes'),
    },
    storedQueries: {
      maxCount: get('Svc:StoredQueries:MaxCount'),
    },
    changeFeed: {
      enabled: get('Svc:ChangeFeed:Enabled'),
      bufferSize: get('Svc:ChangeFeed:BufferSize'),
      subscriberQueueSize: get('Svc:ChangeFeed:SubscriberQueueSize'),
      maxSubscribers: get('Svc:ChangeFeed:MaxSubscribers'),
      keepAliveSeconds: get('Svc:ChangeFeed:KeepAliveSeconds'),
      flushIntervalMilliseconds: get('Svc:ChangeFeed:FlushIntervalMilliseconds'),
    },
    durability: {
      storageDirectory: get('Svc:Durability:StorageDirectory'),
      walPath: get('Svc:Durability:WalPath'),
      volatile: get('Svc:Durability:Volatile'),
      saveOnShutdown: get('Svc:Durability:SaveOnShutdown'),
      checkpointBaseName: get('Svc:Durability:CheckpointBaseName'),
    },
    metadata: {
      directory: get('Svc:Metadata:Directory'),
    },
    fragments: {
      maxSteps: get('Svc:Fragments:MaxSteps'),
    },
    paths: {
      defaultTimeBudgetSeconds: get('Svc:Paths:DefaultTimeBudgetSeconds'),
    },
    analytics: {
      defaultTimeBudgetSeconds: get('Svc:Analytics:DefaultTimeBudgetSeconds'),
      maxTimeBudgetSeconds: get('Svc:Analytics:MaxTimeBudgetSeconds'),
      maxConcurrentRuns: get('Svc:Analytics:MaxConcurrentRuns'),
    },
    subgraphs: {
      defaultTimeBudgetSeconds: get('Svc:SubGraphs:DefaultTimeBudgetSeconds'),
      compileCacheMaxEntries: get('Svc:SubGraphs:CompileCacheMaxEntries'),
      compileCacheSlidingSeconds: get('Svc:SubGraphs:CompileCacheSlidingSeconds'),
    },
    logging: {
      level: get('Svc:Logging:Level'),
      requests: get('Svc:Logging:Requests'),
    },
  });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
