/**
 * Every problem the service can answer, declared once: a stable code, the HTTP status and the title. A
 * call supplies only the `detail` and the extension members (see problem.ts). The titles are part of the
 * interface (docs/http.md, "Errors"): change one only together with its documentation and tests.
 *
 * Codes name the condition, not the route, so one condition keeps one title wherever it arises. Several
 * codes share a title where the interface answers the HTTP reason phrase (`Bad Request`, `Not Found`).
 * The table in docs/http.md is rendered from this one (render-docs.ts; a test keeps them in sync).
 */

export interface ProblemEntry {
  readonly status: number;
  readonly title: string;
  /** When the service answers it: one line for the documentation table. */
  readonly when: string;
}

export const problems = {
  // Framework and cross-cutting conventions: raised before, or around, any handler.
  VALIDATION_FAILED: {
    status: 400,
    title: 'One or more validation errors occurred.',
    when: 'the request does not bind to the route schema; `errors` maps each field path to its messages',
  },
  BAD_REQUEST: {
    status: 400,
    title: 'Bad Request',
    when: 'the framework refused the request without a more specific code (malformed JSON, for example)',
  },
  BODY_LENGTH_MISMATCH: {
    status: 400,
    title: 'Bad Request',
    when: 'the body is shorter or longer than its `Content-Length`',
  },
  MALFORMED_URL_ENCODING: {
    status: 400,
    title: 'Bad Request',
    when: 'a path segment holds a malformed percent-encoding',
  },
  MALFORMED_REQUEST: {
    status: 400,
    title: 'Bad Request',
    when: 'the request line or a header field is not HTTP (answered before routing; the connection closes)',
  },
  UNSUPPORTED_API_VERSION: {
    status: 400,
    title: 'Unsupported API version',
    when: 'the request pins an API version other than 0.1',
  },
  API_KEY_REQUIRED: {
    status: 401,
    title: 'Unauthorized',
    when: 'a key is configured and the request does not present it',
  },
  ACCESS_DENIED: {
    status: 403,
    title: 'Forbidden',
    when: 'the framework refused access to a resource',
  },
  ROUTE_NOT_FOUND: { status: 404, title: 'Not Found', when: 'no route answers the method and path' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    title: 'Method Not Allowed',
    when: 'the framework refused the method for the resource',
  },
  NOT_ACCEPTABLE: {
    status: 406,
    title: 'Not Acceptable',
    when: 'the framework cannot answer in a media type the request accepts',
  },
  REQUEST_TIMEOUT: {
    status: 408,
    title: 'Request Timeout',
    when: 'the request head or body did not arrive in time (answered before routing; the connection closes)',
  },
  LENGTH_REQUIRED: {
    status: 411,
    title: 'Length Required',
    when: 'the framework needs a `Content-Length` the request did not give',
  },
  PRECONDITION_FAILED: {
    status: 412,
    title: 'Precondition Failed',
    when: 'a conditional request header does not hold',
  },
  BODY_TOO_LARGE: {
    status: 413,
    title: 'Payload Too Large',
    when: 'the body is over the limit of its route (`Svc:Http:MaxBodyBytes` or `Svc:Http:CodeBodyLimitBytes`)',
  },
  CHUNK_EXTENSIONS_TOO_LARGE: {
    status: 413,
    title: 'Payload Too Large',
    when: 'the chunk extensions of a chunked body are over the limit of the parser (before routing; the connection closes)',
  },
  PATH_PARAMETER_TOO_LONG: {
    status: 414,
    title: 'URI Too Long',
    when: 'a path parameter (a namespace name, for example) is over 500 characters',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Unsupported Media Type',
    when: 'the media type of the body is not the one the route takes',
  },
  RANGE_NOT_SATISFIABLE: {
    status: 416,
    title: 'Range Not Satisfiable',
    when: 'a `Range` header names no part of the resource',
  },
  RATE_LIMITED: {
    status: 429,
    title: 'Too Many Requests',
    when: 'the sensitive-route rate limit is exhausted',
  },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    status: 431,
    title: 'Request Header Fields Too Large',
    when: 'the request line and header fields are over the limit of the parser (before routing; the connection closes)',
  },
  INTERNAL_ERROR: {
    status: 500,
    title: 'Internal Server Error',
    when: 'an unexpected fault (logged with the request id)',
  },
  SERVICE_STARTING: {
    status: 503,
    title: 'Service starting',
    when: 'the startup load has not completed (every route but the probes; `Retry-After` names the wait)',
  },
  SERVICE_STOPPING: {
    status: 503,
    title: 'Service Unavailable',
    when: 'the server is stopping; the connection closes',
  },
  WRITER_QUEUE_FULL: {
    status: 503,
    title: 'Writer queue full',
    when:
      "the namespace's writer holds `Svc:Writer:MaxQueuedTransactions` transactions or " +
      '`Svc:Writer:MaxQueuedBytes` bytes; nothing of the write is queued; `Retry-After` names the wait',
  },

  // Namespaces.
  NAMESPACE_NOT_FOUND: {
    status: 404,
    title: 'Namespace not found',
    when: 'the path names a namespace that does not exist; `namespace` names it',
  },
  NAMESPACE_NAME_INVALID: {
    status: 400,
    title: 'Invalid namespace name',
    when: 'a namespace name breaks the rules',
  },
  NAMESPACE_UPDATE_INVALID: {
    status: 400,
    title: 'Invalid namespace update',
    when: '`PATCH /ns/{name}` supplies no field',
  },
  NAMESPACE_PLUGIN_REGISTRATION_INVALID: {
    status: 400,
    title: 'Invalid pluginRegistration',
    when: '`pluginRegistration` is not `enabled`, `disabled` or `inherit`',
  },
  NAMESPACE_LOAD_ON_STARTUP_INVALID: {
    status: 400,
    title: 'Invalid loadOnStartup',
    when: '`loadOnStartup` is not `enabled`, `disabled` or `inherit`',
  },
  NAMESPACE_NAME_IN_USE: { status: 409, title: 'Namespace name in use', when: 'the name is taken' },
  NAMESPACE_RESERVED: {
    status: 409,
    title: 'Reserved namespace',
    when: '`default` cannot be renamed, dropped or kept from loading on startup',
  },
  NAMESPACE_QUOTA_EXCEEDED: {
    status: 409,
    title: 'Namespace quota exceeded',
    when: 'the deployment holds its most namespaces; `maxNamespaces` holds the limit',
  },

  // Elements and their values.
  INVALID_INPUT: { status: 400, title: 'Bad Request', when: 'the writer refused a write as invalid' },
  INVALID_PROPERTY_VALUE: {
    status: 400,
    title: 'Bad Request',
    when: 'a property or literal names an unknown type, holds a value that does not convert, or lacks its id or value',
  },
  INVALID_RESULT_TYPE: {
    status: 400,
    title: 'Bad Request',
    when: '`resultType` is not `Vertices`, `Edges`, `Both`, 0, 1 or 2',
  },
  ELEMENT_NOT_FOUND: {
    status: 404,
    title: 'Not Found',
    when: 'a waited write names an element that does not exist; `elementId` names it',
  },
  VERTEX_NOT_FOUND: {
    status: 404,
    title: 'Not Found',
    when: 'a degree route names a vertex that does not exist',
  },
  WRITER_FAULT: {
    status: 500,
    title: 'Internal Server Error',
    when: 'the writer failed while applying a waited write (logged)',
  },

  // Indexes.
  INDEX_NOT_FOUND: { status: 404, title: 'Index not found', when: 'a vector route names an unknown index' },
  INDEX_NOT_DEFINED: {
    status: 400,
    title: 'Bad Request',
    when: 'an index scan names an index that does not exist',
  },
  INDEX_EXISTS: { status: 409, title: 'Index exists', when: 'an index definition names a taken id' },
  INDEX_WRITE_REFUSED: {
    status: 409,
    title: 'Index write refused',
    when: 'the index refuses an explicit index write (the index routes answer it as `false`; kept for completeness)',
  },
  INDEX_DEFINITION_INVALID: {
    status: 400,
    title: 'Invalid index definition',
    when: 'an index definition names an unknown type or options the type refuses',
  },
  INDEX_OPTION_INVALID: {
    status: 400,
    title: 'Bad Request',
    when: 'an index option is `null`, or a backfill body lacks `propertyId`',
  },

  // Registrations.
  REGISTRATION_EXISTS: { status: 409, title: 'Registration exists', when: 'the registration exists' },
  REGISTRATION_QUOTA_EXCEEDED: {
    status: 409,
    title: 'Registration quota exceeded',
    when: 'a registration would exceed the limit of its family',
  },

  // Fragments, delegates, stored queries and paths.
  DELEGATE_KIND_UNKNOWN: {
    status: 400,
    title: 'Bad Request',
    when: '`delegateKind` is not an accepted kind; the detail lists them',
  },
  FRAGMENT_STEP_BUDGET_EXCEEDED: {
    status: 422,
    title: 'Fragment step budget exceeded',
    when: 'one call of a fragment took more steps than `Svc:Fragments:MaxSteps`; `maxSteps` holds the limit',
  },
  FRAGMENT_FAILED: {
    status: 500,
    title: 'Fragment failed',
    when: 'a fragment raised a .NET exception; `exceptionName` names it',
  },
  STORED_QUERY_INVALID: {
    status: 400,
    title: 'Bad Request',
    when: 'a stored-query registration is malformed or does not compile (the detail holds the compile text)',
  },
  STORED_QUERY_NOT_FOUND: { status: 404, title: 'Not Found', when: 'no stored query has that name' },
  STORED_QUERY_EXISTS: { status: 409, title: 'Stored query exists', when: 'the name is registered' },
  STORED_QUERY_QUOTA_EXCEEDED: {
    status: 409,
    title: 'Stored query quota exceeded',
    when: 'the namespace holds `Svc:StoredQueries:MaxCount` stored queries',
  },
  STORED_QUERY_NOT_INVOCABLE: {
    status: 409,
    title: 'Stored query not invocable',
    when: 'the recompile of the stored query failed, so it cannot run',
  },
  PATH_REQUEST_INVALID: { status: 400, title: 'Bad Request', when: 'a path request breaks one of its rules' },
  PATH_FRAGMENT_COMPILE_FAILED: {
    status: 400,
    title: 'Bad Request',
    when: 'a fragment of a path request does not compile; `diagnostics` lists why',
  },
  CAPABILITY_DISABLED: {
    status: 403,
    title: 'Forbidden',
    when: 'the request needs a capability that is switched off (the embedding provider, for example)',
  },
  PATH_BUDGET_EXHAUSTED: {
    status: 408,
    title: 'Path budget exhausted',
    when: 'a path search ran out of its time budget or the client went away; `budgetSeconds` holds it',
  },

  // Generation and the traversal benchmark (docs/generation.md).
  GENERATE_REQUEST_INVALID: {
    status: 400,
    title: 'Bad Request',
    when: '`GET /generate` got a non-numeric, negative, fractional, too large or unknown value',
  },
  BENCHMARK_REQUEST_INVALID: {
    status: 400,
    title: 'Bad Request',
    when: '`GET /benchmark` got `iterations` that is not a positive integer or is over `Svc:Security:BenchmarkMaxIterations`',
  },
  BENCHMARK_GRAPH_EMPTY: {
    status: 400,
    title: 'Bad Request',
    when: '`GET /benchmark` found no vertex in the default namespace',
  },
  BENCHMARK_BUSY: {
    status: 503,
    title: 'Benchmark busy',
    when: "every benchmark worker is busy and the pool's queue is full; retry later",
  },

  // Subgraphs.
  SUBGRAPH_REQUEST_INVALID: {
    status: 400,
    title: 'Bad Request',
    when: 'a subgraph request breaks one of its rules (name, patterns, storedQuery, semantic, algorithm)',
  },
  SUBGRAPH_FRAGMENT_COMPILE_FAILED: {
    status: 400,
    title: 'Bad Request',
    when: 'a fragment of a subgraph request does not compile; `diagnostics` lists why',
  },
  SUBGRAPH_NOT_FOUND: {
    status: 404,
    title: 'Not Found',
    when: "no subgraph has that name (the route's, or `fromSubGraph`)",
  },
  SUBGRAPH_EXISTS: { status: 409, title: 'Conflict', when: 'a subgraph of that name is registered' },
  SUBGRAPH_QUOTA_EXCEEDED: {
    status: 409,
    title: 'Conflict',
    when: 'the namespace holds the most subgraphs it may (1024)',
  },
  SUBGRAPH_ELEMENT_QUOTA_EXCEEDED: {
    status: 409,
    title: 'Conflict',
    when: "the extract would hold more than 10,000,000 elements, or the namespace's extracts more than 25,000,000",
  },
  SUBGRAPH_NOT_RECALCULABLE: {
    status: 409,
    title: 'Conflict',
    when: 'the subgraph cannot be recalculated: its source, template or algorithm is gone, or its build failed',
  },
  SUBGRAPH_BUDGET_EXHAUSTED: {
    status: 408,
    title: 'Subgraph budget exhausted',
    when: 'an extraction ran out of its time budget or the client went away; `budgetSeconds` holds it',
  },

  // Analytics.
  ANALYTICS_REQUEST_INVALID: {
    status: 400,
    title: 'Bad Request',
    when: 'an analytics request breaks one of its rules (a knob out of range, a direction, a write-back key)',
  },
  ANALYTICS_ALGORITHM_NOT_FOUND: {
    status: 404,
    title: 'Not Found',
    when: 'no analytics algorithm has that name (names are case-sensitive)',
  },
  ANALYTICS_PARTITION_NOT_FOUND: {
    status: 404,
    title: 'Not Found',
    when: 'the run produced no partition of that id',
  },
  ANALYTICS_RUN_SLOTS_EXHAUSTED: {
    status: 429,
    title: 'Analytics run slots exhausted',
    when: 'every run slot of the process is taken (`Svc:Analytics:MaxConcurrentRuns`); retry later',
  },
  ANALYTICS_BUDGET_EXHAUSTED: {
    status: 408,
    title: 'Analytics budget exhausted',
    when: 'an analytics run ran out of its time budget before it had a usable result; `budgetSeconds` holds it',
  },
  ANALYTICS_WRITE_BACK_FAILED: {
    status: 500,
    title: 'Analytics write-back failed mid-way',
    when: 'a chunk of an analytics write-back failed; earlier chunks stay, `chunksWritten` counts them',
  },

  // Bulk interchange.
  IMPORT_TARGET_NOT_EMPTY: {
    status: 409,
    title: 'Import requires an empty graph',
    when: 'the namespace holds live elements',
  },
  IMPORT_LINE_INVALID: {
    status: 400,
    title: 'Invalid import line',
    when: 'a line of the import breaks the format; `lineNumber` names it',
  },
  IMPORT_LINE_TOO_LONG: {
    status: 400,
    title: 'Import line too long',
    when: 'a line is over `Svc:BulkIO:MaxLineBytes`',
  },
  IMPORT_BODY_TOO_LARGE: {
    status: 413,
    title: 'Import body too large',
    when: 'the body is over `Svc:BulkIO:MaxImportRequestBytes`',
  },
  IMPORT_BATCH_INVALID: {
    status: 400,
    title: 'Import batch rolled back',
    when: 'a batch rolled back because a line does not hold (an endpoint that is not in the file, for example)',
  },
  IMPORT_BATCH_CONFLICT: {
    status: 409,
    title: 'Import batch rolled back',
    when: 'a batch rolled back on a conflict (the graph was cleared, trimmed or loaded since earlier batches)',
  },
  IMPORT_BATCH_FAULT: {
    status: 500,
    title: 'Import batch rolled back',
    when: 'a batch rolled back on a writer fault',
  },
  IMPORT_BATCH_UNAVAILABLE: {
    status: 503,
    title: 'Import batch rolled back',
    when: 'a batch was refused because the writer cannot take it now',
  },
  EXPORT_VALUE_NOT_EXPORTABLE: {
    status: 422,
    title: 'Graph not exportable',
    when: 'a value cannot be written to the export; `elementId` and `propertyKey` name it',
  },

  // Change feed.
  CHANGEFEED_FILTER_INVALID: {
    status: 400,
    title: 'Invalid change feed filter',
    when: 'a filter names an unknown event or element kind',
  },
  CHANGEFEED_SINCE_INVALID: {
    status: 400,
    title: 'Invalid since position',
    when: '`since` or `Last-Event-ID` is neither `<epoch>:<seq>` nor a sequence number',
  },
  CHANGEFEED_DISABLED: {
    status: 503,
    title: 'Change feed disabled',
    when: '`Svc:ChangeFeed:Enabled` is false',
  },
  CHANGEFEED_SUBSCRIBER_LIMIT: {
    status: 503,
    title: 'Subscriber limit reached',
    when: 'the feed has `Svc:ChangeFeed:MaxSubscribers` subscribers',
  },
  CHANGEFEED_UNAVAILABLE: {
    status: 503,
    title: 'Change feed unavailable',
    when: 'the feed closed: its namespace was dropped or the server is stopping',
  },

  // Checkpoints and save games.
  SAVE_GAMES_UNAVAILABLE: {
    status: 409,
    title: 'Save games unavailable',
    when: 'the server runs in volatile mode, without save games',
  },
  SAVE_LOCATION_INVALID: {
    status: 400,
    title: 'Bad Request',
    when: '`saveGameLocation` is blank, or missing on `PUT /load`',
  },
  SAVE_GAME_NOT_FOUND: { status: 404, title: 'Not Found', when: 'no save game has that id' },
  SAVE_GAME_MEMBER_NOT_FOUND: {
    status: 404,
    title: 'Namespace not in save game',
    when: 'the save game holds no namespace of that name',
  },
  SAVE_INCOMPLETE: {
    status: 500,
    title: 'Save incomplete',
    when: 'the save of some namespaces of `PUT /save/all` rolled back; `failedNamespaces` names them',
  },
  CHECKPOINT_FILE_MISSING: {
    status: 500,
    title: 'Save game files missing',
    when: 'a checkpoint file is absent; `file` names it (or the detail lists the files)',
  },
  CHECKPOINT_CORRUPT: {
    status: 500,
    title: 'Checkpoint unreadable',
    when: 'a checkpoint file fails its checks; `file` names it',
  },
  CHECKPOINT_WRITE_FAILED: {
    status: 500,
    title: 'Save failed',
    when: 'writing a checkpoint failed; nothing was published',
  },
  NAMESPACE_RESTORE_FAILED: {
    status: 500,
    title: 'Namespace restore failed',
    when: 'a namespace of the save game could not be recreated',
  },
  RESTORE_INCOMPLETE: {
    status: 500,
    title: 'Restore incomplete',
    when: 'some namespaces of the save game did not load; `failedNamespaces` names them',
  },
} as const satisfies Record<string, ProblemEntry>;

export type ProblemCode = keyof typeof problems;

export const problemCodes = Object.keys(problems) as ProblemCode[];
