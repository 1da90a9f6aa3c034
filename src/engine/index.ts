/**
 * The engine's one entry: everything of src/engine that code outside it may use. The package's public API
 * (src/index.ts) re-exports all of it; the capability folders (src/bulk, src/paths, ...) and src/config
 * import the engine through here, and the HTTP server through src/index.ts. The door rules and the lint
 * that enforces them are in docs/architecture.md.
 */
export { Engine, maxGraphPageElements, maxBatchReadIds, batchReadSliceIds } from './engine.js';
export type { EngineOptions, GraphPage, BatchRead, RegistrationsReplacedListener } from './engine.js';
export { Namespaces, defaultMaxNamespaces } from './namespaces/catalog.js';
export type { Namespace, NamespaceUpdate, NamespacesOptions, TriState } from './namespaces/catalog.js';
export { defaultNamespaceName, namespaceNameProblem, maxNamespaceNameLength } from './namespaces/names.js';
export { EngineError, engineErrors, isEngineError } from './errors.js';
export type { EngineErrorCode, FailureReason } from './errors.js';
export { ScanOperator, isReservedKey } from './graph/scan.js';
export type { ResultType, ScanFilter } from './graph/scan.js';
export type { VertexRecord, EdgeRecord, ElementRecord, ElementSummary, PropertyEntry } from './graph/read.js';
export type {
  VertexInput,
  EdgeInput,
  PropertyInput,
  PropertyWrite,
  WriteOperation,
  TransactionResult,
} from './tx/operations.js';
export type { CommitHook, CommitHookOptions, CommittedTransaction } from './tx/writer.js';
export {
  defaultMaxQueuedTransactions,
  defaultMaxQueuedBytes,
  maxMaxQueuedTransactions,
  minMaxQueuedBytes,
  maxMaxQueuedBytes,
} from './tx/queue-bounds.js';
export { CreateBatch } from './tx/create-batch.js';
export { addSampleGraph } from './verbs/sample.js';
export { topologyView, vertexKind, edgeTypeBase } from './graph/topology.js';
export { GraphCopy } from './graph/copy.js';
export { readVertex, readEdge, firstElements } from './graph/read.js';
export type { TopologyView } from './graph/topology.js';
export type { Graph } from './graph/graph.js';
export { registrationFamilies } from './registrations/store.js';
export type { RegistrationStore, RegistrationFamily, RegistrationEntry } from './registrations/store.js';
export * from './model/values.js';
export { IndexRegistry, builtInIndexPlugins, indexScanSliceKeys } from './indexes/registry.js';
export type { IndexRecord, FulltextResult, CreateOptions } from './indexes/registry.js';
export { backfillSliceIds } from './indexes/backfill.js';
export type { BackfillRequest, BackfillOutcome } from './indexes/backfill.js';
export {
  IndexFormatError,
  isKeyedIndex,
  isOrderedIndex,
  isFulltextIndex,
  isSpatialIndex,
} from './tx/index-plugin.js';
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
} from './tx/index-plugin.js';
export { DictionaryIndex } from './indexes/dictionary-index.js';
export { RangeIndex } from './indexes/range-index.js';
export { RegExIndex } from './indexes/regex-index.js';
export { SpatialIndex, defaultEarthRadiusKm, maxSpatialDimensions } from './indexes/spatial-index.js';
export type { SpatialIndexConfig, SpatialGeometry, SpatialMetric } from './indexes/spatial-index.js';
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
} from './durability/checkpoint/index.js';
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
} from './durability/checkpoint/index.js';
export { scorePair, vectorNorm } from './vectors/kernel.js';
export {
  vectorMetrics,
  isVectorMetric,
  higherIsBetter,
  minVectorDimension,
  maxVectorDimension,
} from './vectors/metric.js';
export type { VectorMetric } from './vectors/metric.js';
export type { KnnHit, KnnFilter, KnnKind } from './indexes/vector/knn.js';
export { VectorIndex, minK as minVectorK, maxK as maxVectorK } from './indexes/vector/vector-index.js';
export { vectorIndexPlugin } from './indexes/vector/plugin.js';
export type { VectorIndexOptions } from './indexes/vector/options.js';
export { addVector, searchVectors, searchVectorsSliced, vectorIndexOf } from './verbs/vectors.js';
export type { VectorAddRequest, VectorSearchRequest, VectorSearchResult } from './verbs/vectors.js';
export { writeEmbedding, removeEmbedding, readEmbedding } from './verbs/embeddings.js';
export type { EmbeddingWriteOptions } from './verbs/embeddings.js';
export type { StoredEmbedding } from './embeddings/store.js';
export { isEmbeddingName, defaultEmbeddingName } from './embeddings/names.js';
export {
  encodeEmbeddingRange,
  decodeEmbeddingRange,
  EmbeddingSectionError,
} from './embeddings/checkpoint.js';
export {
  ChangeFeed,
  defaultBufferSize,
  defaultSubscriberQueueSize,
  defaultMaxSubscribers,
  maxBufferSize,
  maxSubscriberQueueSize,
  maxMaxSubscribers,
} from './changefeed/feed.js';
export type { ChangeFeedOptions, SubscribeOptions } from './changefeed/feed.js';
export { ChangeSubscription } from './changefeed/subscription.js';
export { formatFrame, eventJson, keepAliveFrame, defaultFramesPerRead } from './changefeed/frames.js';
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

export { formatSingle, formatDouble } from './model/numeric-text.js';
export {
  Durability,
  durabilityPaths,
  logFileName,
  defaultCheckpointBaseName,
} from './durability/durability.js';
export type { DurabilityOptions, DurabilityBlock, ShutdownStep } from './durability/durability.js';
export { acquireStorageLock, StorageLockedError, storageLockFileName } from './durability/storage-lock.js';
export type { StorageLock } from './durability/storage-lock.js';
export { SaveGames } from './durability/savegames/service.js';
export type {
  SaveGamesOptions,
  SaveOptions,
  SaveAllOutcome,
  RestoreMode,
  RestoreOutcome,
  RestoreLogOutcome,
  NamespaceLogControl,
} from './durability/savegames/service.js';
export { SaveGameRegistry, RegistryCorruptError, registryFileName } from './durability/savegames/registry.js';
export { membersOf } from './durability/savegames/entries.js';
export type {
  SaveGameEntry,
  SaveGameMember,
  SaveGameKpis,
  SaveGameIndexRecord,
  SaveGameTrigger,
} from './durability/savegames/entries.js';
