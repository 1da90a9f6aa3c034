/**
 * Writes a snapshot as a checkpoint: id-partitioned files, sidecar files for the manifest's sections,
 * and the manifest, each written to a temporary name and fsynced, then published under its final name
 * (never replacing a file), the directory fsynced, the manifest last. Until the manifest appears nothing
 * names the new files, so a crash mid-save leaves the previous checkpoints as they were.
 *
 * Off the event loop's critical path: the partitions are encoded, checksummed and written by worker
 * threads reading the snapshot's shared buffers; the main thread only encodes what only it can read, in
 * slices that yield: the side-table values (JavaScript strings, bigints, dates) and the element embeddings
 * (the kernel's memories), each partition's into a buffer handed to its worker without a copy.
 *
 * The manifest's `indexes` section is the snapshot's: one sidecar file per index (its serialized form).
 */
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir } from 'node:fs/promises';
import { EngineError } from '../../errors.js';
import type { Engine } from '../../engine.js';
import { assertLittleEndianHost, checkpointFormatVersion, hex } from './format.js';
import {
  checkpointSectionNames,
  encodeManifest,
  type CheckpointManifest,
  type PartitionRecord,
} from './manifest.js';
import { encodePartition, type PartitionJob, type PartitionReply } from './partition.js';
import { partitionRanges } from './partition-ranges.js';
import { NameTakenError, fsyncDirectory, publish, removeQuietly, writeFileDurably } from './files.js';
import { partitionFileName, stampedSibling, temporaryName, versionedSiblingPath } from './paths.js';
import { Pacer } from './pace.js';
import { encodeSideValues } from './side-values.js';
import { encodePinnedRange } from '../../embeddings/checkpoint.js';
import {
  manifestSections,
  writeSidecars,
  type CheckpointSectionsInput,
  type PendingFile,
  type PendingSidecar,
} from './sidecars.js';
import { takeSnapshot, type GraphSnapshot, type SnapshotOptions } from './snapshot.js';
import type { RegistrationFamily } from '../../registrations/store.js';
import type { SectionEntryInput } from './sidecars.js';
import type { DroppedIndex } from './snapshot-indexes.js';
import { PartitionWorkers } from './worker-pool.js';

/** Most partitions one checkpoint may have: each is a file, written and fsynced on its own. */
export const maxSavePartitions = 1024;
/**
 * Below this many bytes of columns and records a checkpoint is written without worker threads: starting
 * one costs more, and encoding that much on the event loop takes a few milliseconds per partition.
 */
export const inlineWriteMaxBytes = 1 << 20;
/** Attempts at a fresh versioned sibling when another writer takes the chosen names first. */
const publishAttempts = 16;

/** Without `savePartitions`, 1.5 times the processor count, rounded down (docs/checkpoints.md). */
export function defaultSavePartitions(): number {
  return Math.max(1, Math.floor(1.5 * os.availableParallelism()));
}

export interface WriteCheckpointOptions {
  /** Id-partitioned files to write (default `defaultSavePartitions()`, at most `maxSavePartitions`). */
  partitions?: number;
  /**
   * Content of the reserved manifest sections, except `indexes`: that one is the snapshot's (every index
   * of the engine at the cut).
   */
  sections?: CheckpointSectionsInput;
  /** Worker threads to use; 0 writes on the main thread. Default: none for a small graph, else up to the CPU count. */
  workers?: number;
  /** Recorded in the manifest (default: this package's version). */
  engineVersion?: string;
  /** Longest synchronous slice of main-thread work, ms. */
  sliceMs?: number;
}

export interface CheckpointWriteResult {
  /** The manifest's absolute path: the requested one, or a versioned sibling if that existed. */
  location: string;
  /** Every file of the checkpoint: the manifest first, then partitions, then sidecars. */
  files: string[];
  fileCount: number;
  totalBytes: number;
  partitions: number;
  checkpointId: string;
  /** ISO-8601 UTC time of the snapshot. */
  savedAt: string;
  lastCommittedSequence: number;
  nextId: number;
  vertexCount: number;
  edgeCount: number;
  /** The indexes the checkpoint holds, in creation order. */
  indexes: { indexId: string; pluginType: string }[];
  /** Indexes the checkpoint could not write (their serialization failed), with the reason. */
  droppedIndexes: DroppedIndex[];
  /** The names of the subgraph recipes the checkpoint holds, in registration order. */
  subgraphRecipes: string[];
  /** Wall time of `writeCheckpoint`. */
  writeMs: number;
}

function packageVersion(): string {
  try {
    // From dist/src/engine/durability/checkpoint/ (or src/...) up to the package root.
    const require = createRequire(import.meta.url);
    return (require('../../../../../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function checkPartitions(partitions: number): void {
  if (!Number.isInteger(partitions) || partitions < 1 || partitions > maxSavePartitions) {
    throw new EngineError(
      'INVALID_INPUT',
      `savePartitions must be an integer from 1 to ${maxSavePartitions}, got ${partitions}`,
    );
  }
}

async function writePartitions(
  snapshot: GraphSnapshot,
  ranges: readonly [number, number][],
  requested: string,
  token: string,
  checkpointId: Uint8Array,
  partitions: number,
  workerCount: number,
  pacer: Pacer,
  pending: PendingFile[],
): Promise<Extract<PartitionReply, { ok: true }>[]> {
  const workers = workerCount > 0 ? new PartitionWorkers(Math.min(workerCount, partitions)) : undefined;
  const outcomes: Promise<PartitionReply>[] = [];
  try {
    for (const [index, [idStart, idEnd]] of ranges.entries()) {
      const sink = await encodeSideValues(snapshot, idStart, idEnd, pacer);
      const embeddings = await encodeEmbeddings(snapshot, idStart, idEnd, pacer);
      const temporary = temporaryName(partitionFileName(requested, index), token);
      pending.push({ temporary, finalName: (location) => partitionFileName(location, index), bytes: 0 });
      const job: PartitionJob = {
        index,
        count: partitions,
        idStart,
        idEnd,
        checkpointId,
        kindType: snapshot.kindType,
        created: snapshot.created,
        first: snapshot.first,
        second: snapshot.second,
        labels: snapshot.labels,
        propertyRecords: snapshot.propertyRecords,
        propertyPool: snapshot.propertyPool,
        sideValues: sink.written,
        embeddings,
        edgeTypeCount: snapshot.edgeTypeNames.length,
        tempPath: temporary,
      };
      const transfer = [sink.bytes.buffer as ArrayBuffer];
      for (const chunk of embeddings) transfer.push(chunk.buffer as ArrayBuffer);
      if (workers !== undefined) outcomes.push(workers.run(job, transfer));
      else outcomes.push(writePartitionHere(job, pacer));
    }
    // Every job settles before anyone cleans up, so no worker is still writing a file being removed.
    const settled = await Promise.allSettled(outcomes);
    const replies: Extract<PartitionReply, { ok: true }>[] = [];
    for (const outcome of settled) {
      if (outcome.status === 'rejected') throw outcome.reason;
      const reply = outcome.value;
      if (!reply.ok) throw new Error(`partition ${reply.index}: ${reply.message}`);
      replies.push(reply);
      pending[reply.index].bytes = reply.bytes;
    }
    return replies;
  } finally {
    await workers?.close();
  }
}

/** The pinned embeddings of one partition's range, encoded in steps that respect `pacer`. */
async function encodeEmbeddings(
  snapshot: GraphSnapshot,
  idStart: number,
  idEnd: number,
  pacer: Pacer,
): Promise<Uint8Array[]> {
  const steps = encodePinnedRange(snapshot.embeddings, idStart, idEnd);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await pacer.pace();
  }
}

async function writePartitionHere(job: PartitionJob, pacer: Pacer): Promise<PartitionReply> {
  try {
    const encoded = encodePartition(job);
    await pacer.pace();
    await writeFileDurably(job.tempPath, encoded.parts);
    return {
      index: job.index,
      ok: true,
      bytes: encoded.bytes,
      payloadCrc32: encoded.payloadCrc32,
      vertexCount: encoded.vertexCount,
      edgeCount: encoded.edgeCount,
    };
  } catch (error) {
    return { index: job.index, ok: false, message: (error as Error).message };
  }
}

/**
 * A registration family's section (`storedQueries`, `subgraphRecipes`): one entry per registration, named by its name, its
 * payload (JSON text, the owning feature's) as the metadata; no sidecar file.
 */
function registrationEntries(snapshot: GraphSnapshot, family: RegistrationFamily): SectionEntryInput[] {
  return snapshot.registrations[family].map(({ name, payload }) => ({ name, metadata: payload }));
}

/** The `indexes` section: one entry per index, named by its id, its serialized form in a sidecar file. */
function indexEntries(snapshot: GraphSnapshot): CheckpointSectionsInput['indexes'] {
  return snapshot.indexes.map(({ indexId, pluginType, parts }) => ({
    name: indexId,
    metadata: { pluginType },
    data: parts,
  }));
}

/**
 * Writes `snapshot` as a checkpoint at `location` (or its versioned sibling when `location` exists;
 * the result names the one written). Missing directories are created. On failure nothing is published
 * and the temporary files are removed: `CHECKPOINT_WRITE_FAILED`.
 */
export async function writeCheckpoint(
  snapshot: GraphSnapshot,
  location: string,
  options: WriteCheckpointOptions = {},
): Promise<CheckpointWriteResult> {
  assertLittleEndianHost();
  const started = performance.now();
  const partitions = options.partitions ?? defaultSavePartitions();
  checkPartitions(partitions);
  const given = options.sections ?? {};
  for (const name of Object.keys(given)) {
    if (!(checkpointSectionNames as readonly string[]).includes(name)) {
      throw new EngineError('INVALID_INPUT', `'${name}' is not a checkpoint section`);
    }
  }
  if (given.indexes !== undefined) {
    throw new EngineError('INVALID_INPUT', "the 'indexes' section is written from the engine's indexes");
  }
  for (const section of ['storedQueries', 'subgraphRecipes'] as const) {
    if (given[section] !== undefined) {
      throw new EngineError('INVALID_INPUT', `the '${section}' section is written from the registrations`);
    }
  }
  const sections: CheckpointSectionsInput = {
    ...given,
    indexes: indexEntries(snapshot),
    storedQueries: registrationEntries(snapshot, 'storedQuery'),
    subgraphRecipes: registrationEntries(snapshot, 'subgraphRecipe'),
  };
  const requested = path.resolve(location);
  const directory = path.dirname(requested);
  const checkpointId = new Uint8Array(randomBytes(16));
  const token = hex(checkpointId).slice(0, 16);
  const pacer = new Pacer(options.sliceMs);
  const columnBytes = snapshot.nextId * 20 + snapshot.propertyPool.byteLength;
  const workerCount =
    options.workers ??
    (columnBytes < inlineWriteMaxBytes ? 0 : Math.min(partitions, os.availableParallelism()));

  const ranges = await partitionRanges(snapshot, partitions, pacer);
  const partitionFiles: PendingFile[] = [];
  const sidecars: PendingSidecar[] = [];
  const published: string[] = [];
  let manifestTemporary: string | undefined;
  try {
    await mkdir(directory, { recursive: true });
    const replies = await writePartitions(
      snapshot,
      ranges,
      requested,
      token,
      checkpointId,
      partitions,
      workerCount,
      pacer,
      partitionFiles,
    );
    await writeSidecars(sections, requested, token, checkpointId, sidecars, pacer);
    const allFiles: PendingFile[] = [...partitionFiles, ...sidecars];

    let target = await versionedSiblingPath(requested);
    for (let attempt = 1; ; attempt++) {
      try {
        for (const file of allFiles) {
          const finalName = file.finalName(target);
          await publish(file.temporary, finalName);
          published.push(finalName);
        }
        await fsyncDirectory(directory);
        const manifest: CheckpointManifest = {
          format: 'skein-checkpoint',
          formatVersion: checkpointFormatVersion,
          checkpointId: hex(checkpointId),
          engineVersion: options.engineVersion ?? packageVersion(),
          savedAt: snapshot.takenAt.toISOString(),
          lastCommittedSequence: snapshot.lastCommittedSequence,
          graph: {
            nextId: snapshot.nextId,
            vertexCount: snapshot.vertexCount,
            edgeCount: snapshot.edgeCount,
            labels: [...snapshot.labelNames],
            edgeTypes: [...snapshot.edgeTypeNames],
            propertyKeys: [...snapshot.propertyKeyNames],
          },
          partitions: replies.map((reply): PartitionRecord => ({
            file: path.basename(partitionFileName(target, reply.index)),
            index: reply.index,
            idStart: ranges[reply.index][0],
            idEnd: ranges[reply.index][1],
            vertexCount: reply.vertexCount,
            edgeCount: reply.edgeCount,
            bytes: reply.bytes,
            payloadCrc32: reply.payloadCrc32,
          })),
          sections: manifestSections(sections, sidecars, target),
        };
        const manifestParts = encodeManifest(manifest, checkpointId);
        manifestTemporary ??= temporaryName(requested, token);
        await removeQuietly([manifestTemporary]);
        await writeFileDurably(manifestTemporary, manifestParts);
        await publish(manifestTemporary, target);
        published.push(target);
        await fsyncDirectory(directory);
        const manifestBytes = manifestParts[0].byteLength + manifestParts[1].byteLength;
        await removeQuietly([manifestTemporary, ...allFiles.map((file) => file.temporary)]);
        return {
          location: target,
          files: [target, ...allFiles.map((file) => file.finalName(target))],
          fileCount: 1 + allFiles.length,
          totalBytes: manifestBytes + allFiles.reduce((sum, file) => sum + file.bytes, 0),
          partitions,
          checkpointId: manifest.checkpointId,
          savedAt: manifest.savedAt,
          lastCommittedSequence: snapshot.lastCommittedSequence,
          nextId: snapshot.nextId,
          vertexCount: snapshot.vertexCount,
          edgeCount: snapshot.edgeCount,
          indexes: snapshot.indexes.map(({ indexId, pluginType }) => ({ indexId, pluginType })),
          droppedIndexes: [...snapshot.droppedIndexes],
          subgraphRecipes: snapshot.registrations.subgraphRecipe.map(({ name }) => name),
          writeMs: performance.now() - started,
        };
      } catch (error) {
        // Another writer took one of the names: withdraw ours and try a fresh sibling.
        if (!(error instanceof NameTakenError) || attempt >= publishAttempts) throw error;
        await removeQuietly(published.splice(0));
        target = stampedSibling(requested);
      }
    }
  } catch (error) {
    await removeQuietly([
      ...published,
      ...partitionFiles.map((file) => file.temporary),
      ...sidecars.map((file) => file.temporary),
      ...(manifestTemporary === undefined ? [] : [manifestTemporary]),
    ]);
    if (error instanceof EngineError) throw error;
    throw new EngineError(
      'CHECKPOINT_WRITE_FAILED',
      `the checkpoint at ${requested} could not be written (rolled back): ${(error as Error).message}`,
      { file: requested },
    );
  }
}

export interface SaveCheckpointResult extends CheckpointWriteResult {
  /** How long writes waited while the snapshot was copied. */
  writerHeldMs: number;
}

/** Snapshot, write, release: the whole save of one engine. */
export async function saveCheckpoint(
  engine: Engine,
  location: string,
  options: WriteCheckpointOptions & SnapshotOptions = {},
): Promise<SaveCheckpointResult> {
  const snapshot = await takeSnapshot(engine, options);
  try {
    const result = await writeCheckpoint(snapshot, location, options);
    return { ...result, writerHeldMs: snapshot.writerHeldMs };
  } finally {
    snapshot.release();
  }
}
