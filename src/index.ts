/**
 * Skein's library API: the in-memory graph engine, usable without HTTP.
 * The HTTP service (src/server) is built on exactly these exports.
 */
export { Engine, maxGraphPageElements, maxBatchReadIds } from './engine/engine.js';
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
export type { CommitHook, CommittedTransaction } from './engine/tx/writer.js';
export { addSampleGraph } from './engine/sample.js';
export { topologyView, vertexKind } from './engine/graph/topology.js';
export type { TopologyView } from './engine/graph/topology.js';
export * from './engine/model/values.js';
export {
  takeSnapshot,
  writeCheckpoint,
  saveCheckpoint,
  loadCheckpoint,
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
} from './engine/durability/checkpoint/index.js';
