/**
 * Skein's library API: the in-memory graph engine, usable without HTTP.
 * The HTTP service (src/server) is built on exactly these exports.
 */
export { Engine, maxGraphPageElements, maxBatchReadIds, batchReadSliceIds } from './engine/engine.js';
export type { EngineOptions, GraphPage, BatchRead } from './engine/engine.js';
export { Namespaces, defaultMaxNamespaces } from './engine/namespaces/catalog.js';
export type { Namespace, NamespaceUpdate, NamespacesOptions, TriState } from './engine/namespaces/catalog.js';
export {
  defaultNamespaceName,
  namespaceNameProblem,
  maxNamespaceNameLength,
} from './engine/namespaces/names.js';
export { EngineError, engineErrors, isEngineError } from './engine/errors.js';
export type { EngineErrorCode, FailureReason } from './engine/errors.js';
export { ScanOperator, isReservedKey } from './engine/graph/scan.js';
export type { ResultType, ScanFilter } from './engine/graph/scan.js';
export type {
  VertexRecord,
  EdgeRecord,
  ElementRecord,
  ElementSummary,
  PropertyEntry,
} from './engine/graph/read.js';
export type {
  VertexInput,
  EdgeInput,
  PropertyInput,
  PropertyWrite,
  WriteOperation,
  TransactionResult,
} from './engine/tx/operations.js';
export type { CommitHook, CommitHookOptions, CommittedTransaction } from './engine/tx/writer.js';
export { CreateBatch } from './engine/tx/create-batch.js';
export { addSampleGraph } from './engine/sample.js';
export {
  importJsonl,
  openExport,
  BulkImportError,
  BulkExportError,
  bulkFormatName,
  ancestorFormatName,
  bulkFormatVersion,
  bulkMediaType,
  defaultImportBatchSize,
  defaultMaxLineBytes,
  formatBulkValue,
  parseBulkValue,
  resolveBulkTypeName,
  unexportableReason,
} from './bulk/index.js';
export type {
  ImportOptions,
  ImportProgress,
  ImportSummary,
  ImportFailureKind,
  ExportFilters,
  ExportOptions,
  BulkExport,
} from './bulk/index.js';
export { topologyView, vertexKind } from './engine/graph/topology.js';
export type { TopologyView } from './engine/graph/topology.js';
export * from './engine/model/values.js';
export { IndexRegistry, builtInIndexPlugins, indexScanSliceKeys } from './engine/indexes/registry.js';
export type { IndexRecord, FulltextResult, CreateOptions } from './engine/indexes/registry.js';
export { backfillSliceIds } from './engine/indexes/backfill.js';
export type { BackfillRequest, BackfillOutcome } from './engine/indexes/backfill.js';
export {
  IndexFormatError,
  isKeyedIndex,
  isOrderedIndex,
  isFulltextIndex,
  isSpatialIndex,
} from './engine/indexes/plugin.js';
export type {
  IndexCapability,
  IndexOptions,
  IndexContext,
  IndexPlugin,
  GraphIndex,
  IndexCapture,
  KeyedIndex,
  OrderedIndex,
  FulltextIndex,
  FulltextHit,
  SpatialScan,
  BackfillCounts,
  RebuildOutcome,
  IdVisitor,
} from './engine/indexes/plugin.js';
export { DictionaryIndex } from './engine/indexes/dictionary-index.js';
export { RangeIndex } from './engine/indexes/range-index.js';
export { RegExIndex } from './engine/indexes/regex-index.js';
export { SpatialIndex, defaultEarthRadiusKm, maxSpatialDimensions } from './engine/indexes/spatial-index.js';
export type { SpatialIndexConfig, SpatialGeometry, SpatialMetric } from './engine/indexes/spatial-index.js';
export {
  takeSnapshot,
  writeCheckpoint,
  saveCheckpoint,
  loadCheckpoint,
  adoptCheckpoint,
  installCheckpoint,
  restoreCheckpoint,
  readCheckpointManifest,
  checkpointFiles,
  versionedSiblingPath,
  defaultSavePartitions,
  maxSavePartitions,
  checkpointFormatVersion,
  checkpointSectionNames,
  checkpointSectionVersion,
} from './engine/durability/checkpoint/index.js';
export type {
  GraphSnapshot,
  SnapshotOptions,
  WriteCheckpointOptions,
  CheckpointWriteResult,
  SaveCheckpointResult,
  SectionEntryInput,
  CheckpointSectionsInput,
  LoadedCheckpoint,
  LoadedSectionEntry,
  LoadedSections,
  LoadCheckpointOptions,
  CheckpointManifest,
  CheckpointSectionName,
  ManifestSection,
  PartitionRecord,
  SectionEntryRecord,
  JsonValue,
  SnapshotIndex,
  DroppedIndex,
} from './engine/durability/checkpoint/index.js';
export { scorePair, vectorNorm } from './engine/vectors/kernel.js';
export {
  vectorMetrics,
  higherIsBetter,
  minVectorDimension,
  maxVectorDimension,
} from './engine/vectors/metric.js';
export type { VectorMetric } from './engine/vectors/metric.js';
export type { KnnHit, KnnFilter, KnnKind } from './engine/vectors/knn.js';
export { VectorIndex, minK as minVectorK, maxK as maxVectorK } from './engine/indexes/vector/vector-index.js';
export { vectorIndexPlugin } from './engine/indexes/vector/plugin.js';
export type { VectorIndexOptions } from './engine/indexes/vector/options.js';
export {
  addVector,
  searchVectors,
  searchVectorsSliced,
  vectorIndexOf,
} from './engine/indexes/vector/verbs.js';
export type {
  VectorAddRequest,
  VectorSearchRequest,
  VectorSearchResult,
} from './engine/indexes/vector/verbs.js';
export { writeEmbedding, removeEmbedding, readEmbedding } from './engine/embeddings/verbs.js';
export type { EmbeddingWriteOptions } from './engine/embeddings/verbs.js';
export type { StoredEmbedding } from './engine/embeddings/store.js';
export { isEmbeddingName, defaultEmbeddingName } from './engine/embeddings/names.js';
export {
  encodeEmbeddingRange,
  decodeEmbeddingRange,
  EmbeddingSectionError,
} from './engine/embeddings/checkpoint.js';
export {
  ChangeFeed,
  defaultBufferSize,
  defaultSubscriberQueueSize,
  defaultMaxSubscribers,
} from './changefeed/feed.js';
export type { ChangeFeedOptions, SubscribeOptions } from './changefeed/feed.js';
export { ChangeSubscription } from './changefeed/subscription.js';
export {
  ChangeFeedStream,
  defaultFlushIntervalMilliseconds,
  defaultKeepAliveSeconds,
  eventStreamContentType,
} from './changefeed/sse.js';
export { formatFrame, eventJson, keepAliveFrame } from './changefeed/frames.js';
export type { ChangeStreamOptions } from './changefeed/sse.js';
export {
  changeKinds,
  elementChangeKinds,
  changeElements,
  resyncReasons,
  timestampText,
} from './changefeed/events.js';
export type {
  ChangeEvent,
  ChangeKind,
  ElementChangeKind,
  ChangeElement,
  ResyncReason,
} from './changefeed/events.js';
export { parseFilter, splitValues } from './changefeed/filter.js';
export type { ChangeFilter, FilterQuery } from './changefeed/filter.js';
export { parsePosition, positionText } from './changefeed/position.js';
export type { FeedPosition } from './changefeed/position.js';
export { findPaths, findPathsSync, pathSearchTask } from './paths/find.js';
export type { FindControl } from './paths/find.js';
export {
  PathBudgetExhausted,
  isPathBudgetExhausted,
  pathAlgorithms,
  defaultMaxDepth,
  defaultMaxResults,
  searchSliceMs,
} from './paths/model.js';
export type {
  PathAlgorithm,
  PathQuery,
  PathRules,
  PathStep,
  FoundPath,
  Cost,
  SearchControl,
  StepDirection,
} from './paths/model.js';
