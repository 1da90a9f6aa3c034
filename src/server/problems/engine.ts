/**
 * The one mapping from the engine's failures to problems. The engine names each failure with a code and a
 * reason and knows nothing of HTTP; here each engine code gets its registry entry, so a new engine code
 * does not compile until it is given one. A waited write that rolls back arrives as the engine error of
 * its cause, so this table is also how rollbacks map to 400, 404, 409 or 500 (docs/http.md, "Writes").
 */
import type { EngineError, EngineErrorCode, FailureReason } from '../../index.js';
import { problem, type ProblemError } from './problem.js';
import type { ProblemCode } from './registry.js';

export const problemCodeOfEngineCode: Readonly<Record<EngineErrorCode, ProblemCode>> = {
  INVALID_INPUT: 'INVALID_INPUT',
  ELEMENT_NOT_FOUND: 'ELEMENT_NOT_FOUND',
  NAMESPACE_NOT_FOUND: 'NAMESPACE_NOT_FOUND',
  NAMESPACE_NAME_INVALID: 'NAMESPACE_NAME_INVALID',
  NAMESPACE_UPDATE_INVALID: 'NAMESPACE_UPDATE_INVALID',
  NAMESPACE_PLUGIN_REGISTRATION_INVALID: 'NAMESPACE_PLUGIN_REGISTRATION_INVALID',
  NAMESPACE_LOAD_ON_STARTUP_INVALID: 'NAMESPACE_LOAD_ON_STARTUP_INVALID',
  NAMESPACE_NAME_IN_USE: 'NAMESPACE_NAME_IN_USE',
  NAMESPACE_RESERVED: 'NAMESPACE_RESERVED',
  NAMESPACE_QUOTA_EXCEEDED: 'NAMESPACE_QUOTA_EXCEEDED',
  WRITER_FAULT: 'WRITER_FAULT',
  INDEX_NOT_FOUND: 'INDEX_NOT_FOUND',
  INDEX_EXISTS: 'INDEX_EXISTS',
  INDEX_WRITE_REFUSED: 'INDEX_WRITE_REFUSED',
  INDEX_DEFINITION_INVALID: 'INDEX_DEFINITION_INVALID',
  CHECKPOINT_FILE_MISSING: 'CHECKPOINT_FILE_MISSING',
  CHECKPOINT_CORRUPT: 'CHECKPOINT_CORRUPT',
  CHECKPOINT_WRITE_FAILED: 'CHECKPOINT_WRITE_FAILED',
  IMPORT_INTERRUPTED: 'IMPORT_BATCH_CONFLICT',
  CHANGEFEED_FILTER_INVALID: 'CHANGEFEED_FILTER_INVALID',
  CHANGEFEED_SINCE_INVALID: 'CHANGEFEED_SINCE_INVALID',
  CHANGEFEED_DISABLED: 'CHANGEFEED_DISABLED',
  CHANGEFEED_SUBSCRIBER_LIMIT: 'CHANGEFEED_SUBSCRIBER_LIMIT',
  CHANGEFEED_UNAVAILABLE: 'CHANGEFEED_UNAVAILABLE',
  WRITER_QUEUE_FULL: 'WRITER_QUEUE_FULL',
  STORED_QUERY_NOT_FOUND: 'STORED_QUERY_NOT_FOUND',
  STORED_QUERY_EXISTS: 'STORED_QUERY_EXISTS',
  STORED_QUERY_QUOTA_EXCEEDED: 'STORED_QUERY_QUOTA_EXCEEDED',
  STORED_QUERY_NOT_INVOCABLE: 'STORED_QUERY_NOT_INVOCABLE',
  REGISTRATION_EXISTS: 'REGISTRATION_EXISTS',
  REGISTRATION_QUOTA_EXCEEDED: 'REGISTRATION_QUOTA_EXCEEDED',
};

/**
 * A bulk-import batch that rolled back, by the reason of its cause (docs/bulk.md): an endpoint the writer
 * found missing is a line of the file that does not hold, so 400; other causes map as for a waited write.
 */
export const importBatchProblemOfReason: Readonly<Record<FailureReason, ProblemCode>> = {
  invalid: 'IMPORT_BATCH_INVALID',
  notFound: 'IMPORT_BATCH_INVALID',
  conflict: 'IMPORT_BATCH_CONFLICT',
  fault: 'IMPORT_BATCH_FAULT',
  unavailable: 'IMPORT_BATCH_UNAVAILABLE',
};

export function problemFromEngineError(error: EngineError): ProblemError {
  return problem(problemCodeOfEngineCode[error.code], error.message, error.extensions);
}
