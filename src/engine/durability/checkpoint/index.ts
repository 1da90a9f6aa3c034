/**
 * Checkpoints ("save games"): a consistent snapshot of one engine's graph written as id-partitioned,
 * checksummed files with a manifest, and loaded back into a fresh graph. docs/checkpoints.md describes the
 * format and guarantees.
 */
export { takeSnapshot, type GraphSnapshot, type SnapshotOptions } from './snapshot.js';
export {
  writeCheckpoint,
  saveCheckpoint,
  defaultSavePartitions,
  maxSavePartitions,
  type WriteCheckpointOptions,
  type CheckpointWriteResult,
  type SaveCheckpointResult,
} from './write.js';
export type {
  SectionEntryInput,
  CheckpointSectionsInput,
  LoadedSectionEntry,
  LoadedSections,
} from './sidecars.js';
export {
  loadCheckpoint,
  readCheckpointManifest,
  checkpointFiles,
  type LoadedCheckpoint,
  type LoadCheckpointOptions,
} from './load.js';
export { adoptCheckpoint, installCheckpoint, restoreCheckpoint } from './install.js';
export type { SnapshotIndex, DroppedIndex } from './snapshot-indexes.js';
export { versionedSiblingPath, nextStamp, partitionFileName } from './paths.js';
export { checkpointFormatVersion } from './format.js';
export {
  checkpointSectionNames,
  checkpointSectionVersion,
  type CheckpointManifest,
  type CheckpointSectionName,
  type ManifestSection,
  type PartitionRecord,
  type SectionEntryRecord,
  type JsonValue,
} from './manifest.js';
