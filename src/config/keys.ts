/**
 * The configuration catalogue: every key Skein knows, declared once.
 *
 * Loading, validation, `GET /config` and docs/configuration.md all read this table, so adding a key is one
 * entry here plus its typed accessor in settings.ts (then regenerate the docs table, see render-docs.ts).
 */
import {
  defaultImportBatchSize,
  defaultMaxLineBytes,
  maxImportBatchSize,
  maxMaxLineBytes,
} from '../bulk/index.js';
import {
  DEFAULT_MAX_FRAGMENT_STEPS,
  MAX_MAX_FRAGMENT_STEPS,
  MIN_MAX_FRAGMENT_STEPS,
} from '../fragments/index.js';
import {
  defaultBufferSize,
  defaultMaxSubscribers,
  defaultSubscriberQueueSize,
  maxBufferSize,
  maxMaxSubscribers,
  maxSubscriberQueueSize,
} from '../engine/index.js';
import {
  defaultFlushIntervalMilliseconds,
  defaultKeepAliveSeconds,
  maxFlushIntervalMilliseconds,
  maxKeepAliveSeconds,
  minKeepAliveSeconds,
} from '../changefeed/index.js';
import { maxTraverseOutIterations } from '../workers/index.js';
import {
  defaultMaxQueuedBytes,
  defaultMaxQueuedTransactions,
  maxMaxQueuedBytes,
  maxMaxQueuedTransactions,
  minMaxQueuedBytes,
} from '../engine/index.js';

export type ConfigKind = 'bool' | 'int' | 'double' | 'string' | 'enum' | 'array';

/**
 * When a changed value takes effect once configuration can change at run time (`PATCH /config`):
 * `live` at once, `liveForNewWork` for work started afterwards, `restart` at the next start, `never`
 * not writable at all.
 */
export type ApplyMode = 'live' | 'liveForNewWork' | 'restart' | 'never';

/** The coarser grouping `GET /config` publishes beside `applyMode`. */
export type ConfigTier = 'live' | 'restart' | 'notWritable';

interface KeySpecBase {
  /** canonical spelling, colon-separated; lookups are case-insensitive */
  readonly key: string;
  /** what the value changes, as a user sees it; rendered into docs/configuration.md */
  readonly description: string;
  readonly applyMode: ApplyMode;
  /** a credential: its value never appears in logs, errors or `GET /config` */
  readonly secret?: boolean;
  /** why the key cannot be written over HTTP; present exactly when `applyMode` is `never` */
  readonly notWritableReason?: string;
}

/** An extra shape check for a string key; `description` completes the sentence "... is not <description>". */
export interface TextFormat {
  readonly pattern: RegExp;
  readonly description: string;
}

export type ConfigKeySpec =
  | (KeySpecBase & { readonly kind: 'bool'; readonly default: boolean })
  | (KeySpecBase & {
      readonly kind: 'int' | 'double';
      readonly default: number;
      readonly minimum?: number;
      readonly maximum?: number;
    })
  | (KeySpecBase & { readonly kind: 'string'; readonly default: string | null; readonly format?: TextFormat })
  | (KeySpecBase & {
      readonly kind: 'enum';
      readonly default: string;
      readonly allowedValues: readonly string[];
    })
  | (KeySpecBase & { readonly kind: 'array'; readonly default: readonly string[] });

const SECURITY_NOT_WRITABLE =
  'Security settings are fixed at deployment: a caller able to change them could weaken its own gate.';

/** RFC 9110 token characters, the only ones a header name may contain. */
const HTTP_TOKEN_PATTERN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const CONFIG_KEYS = [
  {
    key: 'Svc:Environment',
    kind: 'enum',
    default: 'Development',
    allowedValues: ['Development', 'Production'],
    applyMode: 'restart',
    description:
      '`Development` serves the OpenAPI document and the API reference page; `Production` serves neither. ' +
      'The `NODE_ENV` environment variable also sets it when it is exactly `development` or `production`.',
  },
  {
    key: 'Svc:Http:Host',
    kind: 'string',
    default: '127.0.0.1',
    format: { pattern: /^\S+$/, description: 'a host name or address (non-empty, without spaces)' },
    applyMode: 'restart',
    description: 'Address the HTTP listener binds to; `0.0.0.0` listens on every IPv4 interface.',
  },
  {
    key: 'Svc:Http:Port',
    kind: 'int',
    default: 8080,
    minimum: 0,
    maximum: 65535,
    applyMode: 'restart',
    description: 'TCP port of the HTTP listener; `0` picks a free ephemeral port.',
  },
  {
    key: 'Svc:Http:MaxBodyBytes',
    kind: 'int',
    default: 30_000_000,
    minimum: 1,
    applyMode: 'restart',
    description:
      'Largest request body, in bytes, on ordinary JSON routes; a larger body is refused with 413.',
  },
  {
    key: 'Svc:Http:CodeBodyLimitBytes',
    kind: 'int',
    default: 1_048_576,
    minimum: 1,
    applyMode: 'restart',
    description:
      'Largest request body, in bytes, on the endpoints that accept code or call a provider ' +
      '(paths, subgraphs, stored queries, delegates, plugins, embedding, chat); a larger body is refused with 413.',
  },
  {
    key: 'Svc:BulkIO:ImportBatchSize',
    kind: 'int',
    default: defaultImportBatchSize,
    minimum: 1,
    maximum: maxImportBatchSize,
    applyMode: 'restart',
    description:
      'Elements per transaction of `POST /bulk/import`: each batch is one commit (one log entry and sync); ' +
      'a failed import keeps the batches committed before the failing line.',
  },
  {
    key: 'Svc:BulkIO:MaxLineBytes',
    kind: 'int',
    default: defaultMaxLineBytes,
    minimum: 64,
    maximum: maxMaxLineBytes,
    applyMode: 'restart',
    description:
      'Longest line of a bulk import, in bytes without its line break; a longer line fails the import with ' +
      '400 `Import line too long`.',
  },
  {
    key: 'Svc:BulkIO:MaxImportRequestBytes',
    kind: 'int',
    default: 0,
    minimum: 0,
    applyMode: 'restart',
    description:
      'Largest body of `POST /bulk/import`, in bytes; `0` means unlimited. A larger body fails the import ' +
      'with 413 `Import body too large` (batches committed before stay).',
  },
  {
    key: 'Svc:Security:ApiKey',
    kind: 'string',
    default: null,
    secret: true,
    applyMode: 'never',
    notWritableReason: SECURITY_NOT_WRITABLE,
    description:
      'The API key every non-anonymous route requires. Unset (or empty) means no credential is required.',
  },
  {
    key: 'Svc:Security:ApiKeyHeaderName',
    kind: 'string',
    default: 'X-Api-Key',
    format: { pattern: HTTP_TOKEN_PATTERN, description: 'an HTTP header name' },
    applyMode: 'never',
    notWritableReason: SECURITY_NOT_WRITABLE,
    description: 'Request header that carries the API key.',
  },
  {
    key: 'Svc:Security:EnableDynamicPluginLoading',
    kind: 'bool',
    default: true,
    applyMode: 'never',
    notWritableReason: SECURITY_NOT_WRITABLE,
    description:
      'Allows plugin registration; a namespace can override it with `PATCH /ns/{name}`. ' +
      'Invoking an already registered plugin is never gated.',
  },
  {
    key: 'Svc:Security:SensitiveRateLimitPermitPerWindow',
    kind: 'int',
    default: 30,
    minimum: 1,
    applyMode: 'never',
    notWritableReason: SECURITY_NOT_WRITABLE,
    description:
      'Requests admitted per window by the one fixed-window limiter shared by every sensitive route, ' +
      'caller and namespace; the next one is refused with 429.',
  },
  {
    key: 'Svc:Security:RateLimitWindowSeconds',
    kind: 'int',
    default: 10,
    minimum: 1,
    applyMode: 'never',
    notWritableReason: SECURITY_NOT_WRITABLE,
    description: 'Length, in seconds, of the sensitive-route rate-limit window.',
  },
  {
    key: 'Svc:Security:EnableConfigurationWrite',
    kind: 'bool',
    default: false,
    applyMode: 'never',
    notWritableReason: SECURITY_NOT_WRITABLE,
    description: 'Allows `PATCH /config`; it takes effect only while an API key is configured.',
  },
  {
    key: 'Svc:Security:BenchmarkMaxIterations',
    kind: 'int',
    default: 10_000,
    minimum: 1,
    maximum: maxTraverseOutIterations,
    applyMode: 'never',
    notWritableReason: SECURITY_NOT_WRITABLE,
    description:
      'Most `iterations` one `GET /benchmark` may ask for; more is refused with 400. Each iteration walks ' +
      'every edge of the default namespace on a worker thread (docs/generation.md).',
  },
  {
    key: 'AllowedCorsOrigins',
    kind: 'array',
    default: [],
    applyMode: 'restart',
    description: 'Origins allowed to call from a browser; empty denies every cross-origin call.',
  },
  {
    key: 'Svc:Namespaces:MaxNamespaces',
    kind: 'int',
    default: 10_000,
    minimum: 1,
    applyMode: 'live',
    description:
      'Most namespaces that may exist at once; creating one more is refused with 409 and `maxNamespaces`.',
  },
  {
    key: 'Svc:Observability:Prometheus:Enabled',
    kind: 'bool',
    default: false,
    applyMode: 'restart',
    description: 'Serves `GET /metrics` in the Prometheus text format; while false that path answers 404.',
  },
  {
    key: 'Svc:Observability:Prometheus:RequireApiKey',
    kind: 'bool',
    default: false,
    applyMode: 'restart',
    description: 'Makes `GET /metrics` require the API key; no effect while no key is configured.',
  },
  {
    key: 'Svc:StoredQueries:MaxCount',
    kind: 'int',
    default: 256,
    minimum: 0,
    maximum: 1_000_000,
    applyMode: 'liveForNewWork',
    description: 'Most stored queries one namespace holds; a registration beyond it is refused with 409.',
  },
  {
    key: 'Svc:Writer:MaxGroupTransactions',
    kind: 'int',
    default: 1024,
    minimum: 1,
    maximum: 1_000_000,
    applyMode: 'liveForNewWork',
    description:
      'Most transactions the writer applies in one group before yielding the event loop, ' +
      'which bounds how long one group can hold it.',
  },
  {
    key: 'Svc:Writer:MaxGroupsInFlight',
    kind: 'int',
    default: 3,
    minimum: 1,
    maximum: 64,
    applyMode: 'restart',
    description:
      'Most commit groups applied ahead of their write-ahead log syncs: while a group syncs, the writer ' +
      'applies and writes the next ones (once Svc:Writer:MinTransactionsToOverlap transactions wait) so ' +
      'their syncs run together; callers ' +
      'are released in commit ' +
      'order. 1 applies a group only after the previous one is released. Each sync in flight holds ' +
      "one of libuv's threads (4 unless UV_THREADPOOL_SIZE says otherwise).",
  },
  {
    key: 'Svc:Writer:MinTransactionsToOverlap',
    kind: 'int',
    default: 32,
    minimum: 1,
    maximum: 1_000_000,
    applyMode: 'restart',
    description:
      'Transactions that must be waiting before a commit group goes in flight beside a group whose ' +
      'log sync is pending: each sync costs CPU, so on a fast disk a few writes are better gathered ' +
      'behind the sync in flight, while on a slow disk the callers of a sync come back in crowds.',
  },
  {
    key: 'Svc:Writer:MaxQueuedTransactions',
    kind: 'int',
    default: defaultMaxQueuedTransactions,
    minimum: 1,
    maximum: maxMaxQueuedTransactions,
    applyMode: 'restart',
    description:
      "Most transactions waiting for a namespace's writer; a write beyond it is refused before it is " +
      'queued, with 503 `Writer queue full` and `Retry-After`, whether or not it waits for completion ' +
      '(docs/limits.md).',
  },
  {
    key: 'Svc:Writer:MaxQueuedBytes',
    kind: 'int',
    default: defaultMaxQueuedBytes,
    minimum: minMaxQueuedBytes,
    maximum: maxMaxQueuedBytes,
    applyMode: 'restart',
    description:
      "Most bytes the transactions waiting for a namespace's writer may hold, as estimated from their " +
      'operations (fixed costs plus text and vector lengths); a write that would pass it is refused like ' +
      'one past `MaxQueuedTransactions`, except into an empty queue, so any request the body limit ' +
      'admits can commit.',
  },
  {
    key: 'Svc:ChangeFeed:Enabled',
    kind: 'bool',
    default: true,
    applyMode: 'restart',
    description:
      'Keeps a change feed per namespace (`GET /changefeed`); `false` derives no events at all and the ' +
      'route answers 503 `Change feed disabled`.',
  },
  {
    key: 'Svc:ChangeFeed:BufferSize',
    kind: 'int',
    default: defaultBufferSize,
    minimum: 1,
    maximum: maxBufferSize,
    applyMode: 'restart',
    description:
      "Events each namespace's feed keeps for catch-up: a client reconnecting with `since` or " +
      '`Last-Event-ID` within the last this-many events gets what it missed; further back it gets ' +
      '`resync` `seekOutOfRange`.',
  },
  {
    key: 'Svc:ChangeFeed:SubscriberQueueSize',
    kind: 'int',
    default: defaultSubscriberQueueSize,
    minimum: 1,
    maximum: maxSubscriberQueueSize,
    applyMode: 'restart',
    description:
      'Events a subscriber may fall behind (matching its filters, catch-up not counted) before the events ' +
      'after them are dropped for it; it then gets `resync` `overflow` and continues live.',
  },
  {
    key: 'Svc:ChangeFeed:MaxSubscribers',
    kind: 'int',
    default: defaultMaxSubscribers,
    minimum: 1,
    maximum: maxMaxSubscribers,
    applyMode: 'restart',
    description:
      'Open `GET /changefeed` streams per namespace; one more answers 503 `Subscriber limit reached`.',
  },
  {
    key: 'Svc:ChangeFeed:FlushIntervalMilliseconds',
    kind: 'int',
    default: defaultFlushIntervalMilliseconds,
    minimum: 0,
    maximum: maxFlushIntervalMilliseconds,
    applyMode: 'liveForNewWork',
    description:
      'While events keep coming, a change-feed stream sends at most once per this interval (the first ' +
      'events after a quiet interval go at once, and a stream half its `SubscriberQueueSize` behind sends ' +
      'at once): each send is a system call per subscriber. 0 sends at every commit.',
  },
  {
    key: 'Svc:ChangeFeed:KeepAliveSeconds',
    kind: 'int',
    default: defaultKeepAliveSeconds,
    minimum: minKeepAliveSeconds,
    maximum: maxKeepAliveSeconds,
    applyMode: 'liveForNewWork',
    description: 'A change-feed stream idle this long is sent a `: keepalive` comment line.',
  },
  {
    key: 'Svc:Durability:StorageDirectory',
    kind: 'string',
    default: 'data',
    format: { pattern: /\S/, description: 'a directory path (non-empty)' },
    applyMode: 'restart',
    description:
      'Directory of the write-ahead logs and default checkpoints, relative to the working directory unless ' +
      'absolute (created on demand). The `default` namespace keeps its files in it, every other namespace ' +
      "in `namespaces/<id>/` below it, where `<id>` is the namespace's immutable internal id.",
  },
  {
    key: 'Svc:Durability:WalPath',
    kind: 'string',
    default: null,
    format: { pattern: /\S/, description: 'a file path (non-empty)' },
    applyMode: 'restart',
    description: 'Write-ahead log file of the `default` namespace; unset means `<StorageDirectory>/svc.wal`.',
  },
  {
    key: 'Svc:Durability:Volatile',
    kind: 'bool',
    default: false,
    applyMode: 'restart',
    description:
      '`true` keeps everything in memory only: no write-ahead log, no load at startup, no save at shutdown; ' +
      'every start begins empty.',
  },
  {
    key: 'Svc:Durability:SaveOnShutdown',
    kind: 'bool',
    default: true,
    applyMode: 'live',
    description:
      'Saves a checkpoint of every namespace when SIGTERM or SIGINT stops the service; `false` relies on ' +
      'replaying the write-ahead log at the next start.',
  },
  {
    key: 'Svc:Durability:CheckpointBaseName',
    kind: 'string',
    default: 'Temp.f8s',
    format: { pattern: /^[^/\\]+$/, description: 'a file name (non-empty, without a path separator)' },
    applyMode: 'liveForNewWork',
    description:
      "File name of a checkpoint saved without an explicit location, inside the namespace's directory.",
  },
  {
    key: 'Svc:Metadata:Directory',
    kind: 'string',
    default: null,
    format: { pattern: /\S/, description: 'a directory path (non-empty)' },
    applyMode: 'restart',
    description:
      "Directory of the deployment's metadata: the save-game registry `savegames.json` and the namespace " +
      'catalog `namespaces.json`; unset means `<StorageDirectory>/metadata`.',
  },
  {
    key: 'Svc:Fragments:MaxSteps',
    kind: 'int',
    default: DEFAULT_MAX_FRAGMENT_STEPS,
    minimum: MIN_MAX_FRAGMENT_STEPS,
    maximum: MAX_MAX_FRAGMENT_STEPS,
    applyMode: 'liveForNewWork',
    description:
      'Most steps (loop iterations and lambda invocations) one call of a compiled C# fragment may take, ' +
      'counted afresh for each element the fragment is called on; a fragment that exceeds it is stopped ' +
      'and its request fails with a problem naming the limit.',
  },
  {
    key: 'Svc:Paths:DefaultTimeBudgetSeconds',
    kind: 'double',
    default: 30,
    minimum: 0.001,
    maximum: 3600,
    applyMode: 'liveForNewWork',
    description:
      'Time budget, in seconds, of a `POST /path/{from}/to/{to}` search whose body gives no ' +
      '`timeBudgetSeconds`; a search still running then is stopped and answered 408 `Path budget exhausted`.',
  },
  {
    key: 'Svc:Analytics:DefaultTimeBudgetSeconds',
    kind: 'int',
    default: 30,
    minimum: 1,
    maximum: 3600,
    applyMode: 'liveForNewWork',
    description:
      'Time budget, in seconds, of a `POST /analytics/{algorithmName}` run whose body gives no ' +
      '`timeBudgetSeconds` (capped by `Svc:Analytics:MaxTimeBudgetSeconds`); an iterative run then answers ' +
      'its last completed round, any other 408 `Analytics budget exhausted`.',
  },
  {
    key: 'Svc:Analytics:MaxTimeBudgetSeconds',
    kind: 'int',
    default: 300,
    minimum: 1,
    maximum: 3600,
    applyMode: 'liveForNewWork',
    description:
      'Largest `timeBudgetSeconds` an analytics request may give; a larger one is refused with 400.',
  },
  {
    key: 'Svc:Analytics:MaxConcurrentRuns',
    kind: 'int',
    default: 1,
    minimum: 1,
    maximum: 64,
    applyMode: 'restart',
    description:
      'Analytics runs the process executes at once, all namespaces together; a run beyond it is refused ' +
      'with 429 `Analytics run slots exhausted`.',
  },
  {
    key: 'Svc:SubGraphs:DefaultTimeBudgetSeconds',
    kind: 'double',
    default: 30,
    minimum: 0.001,
    maximum: 3600,
    applyMode: 'liveForNewWork',
    description:
      'Time budget, in seconds, of one subgraph extraction (`PUT /subgraph` without `timeBudgetSeconds`, a ' +
      'recalculation, a rebuild after a load); an extraction still running then is stopped: 408 ' +
      '`Subgraph budget exhausted`, and nothing is registered or replaced.',
  },
  {
    key: 'Svc:SubGraphs:CompileCacheMaxEntries',
    kind: 'int',
    default: 256,
    minimum: 1,
    maximum: 65536,
    applyMode: 'restart',
    description:
      'Compiled subgraph fragments kept in the process-wide subgraph cache (keyed by fragment kind and ' +
      'text); the least recently used is dropped beyond it.',
  },
  {
    key: 'Svc:SubGraphs:CompileCacheSlidingSeconds',
    kind: 'double',
    default: 60,
    minimum: 1,
    maximum: 86400,
    applyMode: 'restart',
    description:
      'A compiled subgraph fragment not used for this many seconds is dropped from the subgraph cache.',
  },
  {
    key: 'Svc:Logging:Level',
    kind: 'enum',
    default: 'info',
    allowedValues: ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'],
    applyMode: 'live',
    description: 'Least severe log level written; `silent` writes nothing.',
  },
  {
    key: 'Svc:Logging:Requests',
    kind: 'bool',
    default: false,
    applyMode: 'restart',
    description:
      'Writes two `info` lines per request (received, completed). Off by default: errors and warnings are ' +
      'still written, each 5xx answer with its request id (docs/logging.md).',
  },
] as const satisfies readonly ConfigKeySpec[];

export type ConfigKeyEntry = (typeof CONFIG_KEYS)[number];
/** The canonical spelling of every key, as a union of string literals. */
export type ConfigKey = ConfigKeyEntry['key'];

type ValueOfEntry<E> = E extends { kind: 'bool' }
  ? boolean
  : E extends { kind: 'int' | 'double' }
    ? number
    : E extends { kind: 'enum'; allowedValues: readonly (infer V)[] }
      ? V
      : E extends { kind: 'array' }
        ? readonly string[]
        : E extends { kind: 'string'; default: null }
          ? string | null
          : E extends { kind: 'string' }
            ? string
            : never;

/** The parsed type of one key, derived from its catalogue entry (an enum key yields its literal union). */
export type ConfigValueOf<K extends ConfigKey> = ValueOfEntry<Extract<ConfigKeyEntry, { key: K }>>;

/** Any parsed value; `null` only for a string key whose default is null. */
export type ConfigValue = boolean | number | string | null | readonly string[];

const ALL_KEYS: readonly ConfigKeySpec[] = CONFIG_KEYS;
const BY_LOWER_KEY = new Map(ALL_KEYS.map((spec) => [spec.key.toLowerCase(), spec]));

/** The catalogue entry for a key in any letter case, or undefined when the key is unknown. */
export function findConfigKey(key: string): ConfigKeySpec | undefined {
  return BY_LOWER_KEY.get(key.toLowerCase());
}

/** What a configuration path (as written in a layer) addresses: a whole key, or one element of an array. */
export interface ResolvedPath {
  readonly spec: ConfigKeySpec;
  /** the element index of an ASP.NET-style indexed array entry (`AllowedCorsOrigins:0`) */
  readonly index?: number;
}

const INDEXED_PATH = /^(.*):(\d+)$/;

/** Resolves a colon-separated path case-insensitively; undefined when no key or array element matches. */
export function resolveConfigPath(path: string): ResolvedPath | undefined {
  const whole = findConfigKey(path);
  if (whole !== undefined) return { spec: whole };
  const indexed = INDEXED_PATH.exec(path);
  if (indexed === null) return undefined;
  const spec = findConfigKey(indexed[1]);
  const index = Number(indexed[2]);
  if (spec?.kind !== 'array' || !Number.isSafeInteger(index)) return undefined;
  return { spec, index };
}

/** Lower-case first segments of all keys: an environment variable is configuration only under one of them. */
export const CONFIG_ROOTS: ReadonlySet<string> = new Set(
  ALL_KEYS.map((spec) => spec.key.split(':')[0].toLowerCase()),
);

export function tierOf(spec: ConfigKeySpec): ConfigTier {
  switch (spec.applyMode) {
    case 'never':
      return 'notWritable';
    case 'restart':
      return 'restart';
    case 'live':
    case 'liveForNewWork':
      return 'live';
  }
}
