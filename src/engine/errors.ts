/**
 * Every failure the engine reports, declared once. Each carries a failure reason; the HTTP layer maps
 * reasons to statuses in exactly one place, so the engine never knows HTTP and handlers never invent
 * statuses.
 */
/** `unavailable`: the service cannot take the request now (a disabled or saturated facility). */
export type FailureReason = 'invalid' | 'notFound' | 'conflict' | 'fault' | 'unavailable';

export const engineErrors = {
  INVALID_INPUT: { reason: 'invalid', title: 'Bad Request' },
  ELEMENT_NOT_FOUND: { reason: 'notFound', title: 'Not Found' },
  NAMESPACE_NOT_FOUND: { reason: 'notFound', title: 'Namespace not found' },
  NAMESPACE_NAME_INVALID: { reason: 'invalid', title: 'Invalid namespace name' },
  NAMESPACE_UPDATE_INVALID: { reason: 'invalid', title: 'Invalid namespace update' },
  NAMESPACE_PLUGIN_REGISTRATION_INVALID: { reason: 'invalid', title: 'Invalid pluginRegistration' },
  NAMESPACE_LOAD_ON_STARTUP_INVALID: { reason: 'invalid', title: 'Invalid loadOnStartup' },
  NAMESPACE_NAME_IN_USE: { reason: 'conflict', title: 'Namespace name in use' },
  NAMESPACE_RESERVED: { reason: 'conflict', title: 'Reserved namespace' },
  NAMESPACE_QUOTA_EXCEEDED: { reason: 'conflict', title: 'Namespace quota exceeded' },
  WRITER_FAULT: { reason: 'fault', title: 'Internal Server Error' },
  /** A route that names an index answers 404 for an unknown one (the vector routes, docs/vectors.md). */
  INDEX_NOT_FOUND: { reason: 'notFound', title: 'Index not found' },
  /** A `defineIndex` operation names an index id that is taken (`POST /index` answers false). */
  INDEX_EXISTS: { reason: 'conflict', title: 'Index exists' },
  /**
   * A `defineIndex` operation names an unknown index type, options the type refuses, or, over the
   * interface, a type not creatable there (`POST /index` answers false).
   */
  INDEX_DEFINITION_INVALID: { reason: 'invalid', title: 'Invalid index definition' },
  /**
   * An explicit index write the index refuses: a key to remove that is absent, an add or removal on a
   * vector index bound to an embedding (the boolean index routes answer false).
   */
  INDEX_WRITE_REFUSED: { reason: 'conflict', title: 'Index write refused' },
  /** A checkpoint file (manifest, partition or sidecar) is absent; `file` names it. */
  CHECKPOINT_FILE_MISSING: { reason: 'fault', title: 'Save game files missing' },
  /** A checkpoint file fails its magic, version, CRC-32 or structure checks; `file` names it. */
  CHECKPOINT_CORRUPT: { reason: 'fault', title: 'Checkpoint unreadable' },
  /** Writing a checkpoint failed; nothing was published at the target. */
  CHECKPOINT_WRITE_FAILED: { reason: 'fault', title: 'Save failed' },
  /**
   * A bulk import's batch found the graph cleared, trimmed or loaded since its earlier batches committed:
   * the ids those batches received no longer name their elements, so the batch is refused.
   */
  IMPORT_INTERRUPTED: { reason: 'conflict', title: 'Import batch rolled back' },
  /** A change-feed filter names an unknown kind or element (docs/changefeed.md, Filters). */
  CHANGEFEED_FILTER_INVALID: { reason: 'invalid', title: 'Invalid change feed filter' },
  /** A change-feed `since` (or `Last-Event-ID`) is neither `<epoch>:<seq>` nor a bare sequence number. */
  CHANGEFEED_SINCE_INVALID: { reason: 'invalid', title: 'Invalid since position' },
  /** `Svc:ChangeFeed:Enabled` is false: the namespace has no feed. */
  CHANGEFEED_DISABLED: { reason: 'unavailable', title: 'Change feed disabled' },
  /** The namespace's feed already has `MaxSubscribers` subscribers. */
  CHANGEFEED_SUBSCRIBER_LIMIT: { reason: 'unavailable', title: 'Subscriber limit reached' },
  /**
   * The namespace's writer holds `maxQueuedTransactions` transactions, or the write's bytes would take
   * the queue past `maxQueuedBytes` (docs/limits.md): the write is refused before it is queued.
   */
  WRITER_QUEUE_FULL: { reason: 'unavailable', title: 'Writer queue full' },
  /** The feed was closed: its namespace was dropped, or the server is stopping. */
  CHANGEFEED_UNAVAILABLE: { reason: 'unavailable', title: 'Change feed unavailable' },
  /** `No stored query named '<name>'.` (docs/storedqueries.md). */
  STORED_QUERY_NOT_FOUND: { reason: 'notFound', title: 'Not Found' },
  /** A stored query of that name is already registered in the namespace. */
  STORED_QUERY_EXISTS: { reason: 'conflict', title: 'Stored query exists' },
  /** The namespace holds `Svc:StoredQueries:MaxCount` stored queries. */
  STORED_QUERY_QUOTA_EXCEEDED: { reason: 'conflict', title: 'Stored query quota exceeded' },
  /** The stored query's recompile after a load failed (`compileState` Failed): it cannot be invoked. */
  STORED_QUERY_NOT_INVOCABLE: { reason: 'conflict', title: 'Stored query not invocable' },
  /** A `register` operation names a registration that exists (src/engine/registrations). */
  REGISTRATION_EXISTS: { reason: 'conflict', title: 'Registration exists' },
  /** A `register` operation would exceed its family's limit. */
  REGISTRATION_QUOTA_EXCEEDED: { reason: 'conflict', title: 'Registration quota exceeded' },
} as const satisfies Record<string, { reason: FailureReason; title: string }>;

export type EngineErrorCode = keyof typeof engineErrors;

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly reason: FailureReason;
  readonly title: string;

  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** Extension members a client can act on (for example `namespace`, `maxNamespaces`). */
    readonly extensions: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.reason = engineErrors[code].reason;
    this.title = engineErrors[code].title;
  }
}

export function isEngineError(error: unknown, code?: EngineErrorCode): error is EngineError {
  return error instanceof EngineError && (code === undefined || error.code === code);
}
