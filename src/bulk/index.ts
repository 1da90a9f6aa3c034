/**
 * Bulk interchange as a library (no HTTP): `importJsonl` reads a JSONL stream into an empty graph,
 * `openExport` writes a graph as one. The HTTP routes (src/server/routes/bulk.ts) are thin over these.
 */
export { importJsonl, BulkImportError } from './import.js';
export type { ImportOptions, ImportProgress, ImportSummary, ImportFailureKind } from './import.js';
export { openExport, BulkExportError, metaLine, exportTimestamp } from './export.js';
export type { ExportFilters, ExportOptions, BulkExport } from './export.js';
export {
  bulkFormatName,
  ancestorFormatName,
  acceptedFormatNames,
  bulkFormatVersion,
  bulkMediaType,
  defaultImportBatchSize,
  defaultMaxLineBytes,
  maxImportBatchSize,
  maxMaxLineBytes,
} from './format.js';
export { formatBulkValue, parseBulkValue, resolveBulkTypeName, unexportableReason } from './values.js';
