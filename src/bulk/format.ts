/**
 * The bulk interchange format (docs/bulk.md, "The file"): newline-delimited JSON, one object per line, UTF-8
 * without a byte-order mark. The names and bounds of the format, declared once.
 */

/** The `format` of the meta line Skein writes. */
export const bulkFormatName = 'svc-jsonl';
/**
 * The `format` the ancestor service writes in its own exports. Accepted on import as a read-only alias
 * (docs/bulk.md, "The file"), so its existing files load unchanged; never written.
 */
export const ancestorFormatName = 'fallen8-jsonl';
/** Format names a meta line may carry on import (exact match). */
export const acceptedFormatNames: readonly string[] = [bulkFormatName, ancestorFormatName];

/** The version Skein writes. */
export const bulkFormatVersion = 2;
/** Versions an import accepts (the fields are the same; version 1 files carry no counts). */
export const minImportVersion = 1;
export const maxImportVersion = 2;

/** The response and request media type of the bulk routes. */
export const bulkMediaType = 'application/x-ndjson';

/** Elements per import transaction, unless configured (`Svc:BulkIO:ImportBatchSize`). */
export const defaultImportBatchSize = 10_000;
/**
 * Largest import batch that may be configured: a transaction is applied in one writer turn and logged as
 * one entry, so its size bounds both how long the writer holds the event loop and the entry's bytes.
 */
export const maxImportBatchSize = 100_000;
/** Longest line an import accepts, in bytes without its line break, unless configured (`MaxLineBytes`). */
export const defaultMaxLineBytes = 1_048_576;
/** Largest configurable line bound: one line is held whole in memory while it is parsed. */
export const maxMaxLineBytes = 256 * 1_048_576;

/** Largest value of the `id`, `source` and `target` fields (int32). */
export const minFileId = -(2 ** 31);
export const maxFileId = 2 ** 31 - 1;
/** `creationDate` is a uint32 of Unix seconds. */
export const maxCreationDateSeconds = 2 ** 32 - 1;

/** Top-level fields each kind of line may carry (strict: any other field fails the line). */
export const metaFields: ReadonlySet<string> = new Set([
  'type',
  'format',
  'version',
  'vertexCount',
  'edgeCount',
  'exportedAtUtc',
]);
export const vertexFields: ReadonlySet<string> = new Set([
  'type',
  'id',
  'label',
  'creationDate',
  'properties',
]);
export const edgeFields: ReadonlySet<string> = new Set([
  'type',
  'id',
  'label',
  'creationDate',
  'properties',
  'edgePropertyId',
  'source',
  'target',
]);
/** Members of one property object. */
export const propertyFields: ReadonlySet<string> = new Set(['type', 'value']);
