/**
 * Loads a checkpoint into a fresh graph, off to the side: nothing live is touched, and any failure (a
 * missing file, a bad magic number, version or CRC-32, content that does not add up) throws before the
 * caller installs anything, naming the file. `installCheckpoint` then swaps the graph into an engine.
 *
 * Work on the event loop runs in slices that yield (CRC checks, column copies, record checks, decoding
 * side values), so a load into a serving process keeps the loop responsive.
 */
import type { RegistrationEntry } from '../../registrations/store.js';
import path from 'node:path';
import { Graph } from '../../graph/graph.js';
import { SectionType, assertLittleEndianHost, corrupt } from './format.js';
import { checkpointSectionNames, decodeManifest, type CheckpointManifest } from './manifest.js';
import { Pacer } from './pace.js';
import { checkPartition, readCheckpointFile, type Partition } from './partition-check.js';
import {
  checkEndpoints,
  loadAdjacency,
  loadColumns,
  loadEmbeddings,
  loadProperties,
} from './load-elements.js';
import { loadSections, type LoadedSections } from './sidecars.js';

export interface LoadedCheckpoint {
  /** The manifest's absolute path. */
  location: string;
  manifest: CheckpointManifest;
  /** The loaded graph: install it with `installCheckpoint` (once). */
  graph: Graph;
  /** The write sequence the checkpoint ends at (the manifest's `lastCommittedSequence`). */
  lastCommittedSequence: number;
  files: string[];
  fileCount: number;
  totalBytes: number;
  sections: LoadedSections;
  /** Wall time of the load. */
  loadMs: number;
}

export interface LoadCheckpointOptions {
  /** Longest synchronous slice of work on the event loop, ms. */
  sliceMs?: number;
}

/** Reads and checks a checkpoint's manifest (its partitions are not read). */
export async function readCheckpointManifest(location: string): Promise<CheckpointManifest> {
  const file = path.resolve(location);
  return decodeManifest(await readCheckpointFile(file), file);
}

/** Every file of the checkpoint at `location`, as its manifest lists them: manifest, partitions, sidecars. */
export async function checkpointFiles(location: string): Promise<string[]> {
  const file = path.resolve(location);
  return filesOf(file, await readCheckpointManifest(file));
}

function filesOf(location: string, manifest: CheckpointManifest): string[] {
  const directory = path.dirname(location);
  const files = [location, ...manifest.partitions.map((partition) => path.join(directory, partition.file))];
  for (const name of checkpointSectionNames) {
    for (const entry of manifest.sections[name].entries) {
      if (entry.file !== null) files.push(path.join(directory, entry.file));
    }
  }
  return files;
}

function internAll(graph: Graph, manifest: CheckpointManifest, file: string): void {
  const { labels, edgeTypes, propertyKeys } = manifest.graph;
  for (const [interner, names] of [
    [graph.labelNames, labels],
    [graph.edgeTypes, edgeTypes],
    [graph.propertyKeys, propertyKeys],
  ] as const) {
    names.forEach((name, id) => {
      if (interner.intern(name) !== id) throw corrupt(file, `names '${name}' twice in one interned list`);
    });
  }
}

/**
 * Every entry of the `indexes` section names an index and has its sidecar file (decoded at install, into
 * the engine's own index registry: see install.ts).
 */
function checkIndexEntries(file: string, sections: LoadedSections): void {
  const seen = new Set<string>();
  for (const entry of sections.indexes.entries) {
    if (entry.data === null) throw corrupt(file, `lists the index '${entry.name}' without its file`);
    if (seen.has(entry.name)) throw corrupt(file, `lists the index '${entry.name}' twice`);
    seen.add(entry.name);
  }
}

/** A registration section's entries: each named once, its payload the metadata, a string. */
function registrationsOf(
  file: string,
  sections: LoadedSections,
  section: 'storedQueries' | 'subgraphRecipes',
): RegistrationEntry[] {
  const seen = new Set<string>();
  return sections[section].entries.map((entry) => {
    if (typeof entry.metadata !== 'string') {
      throw corrupt(file, `lists the ${section} entry '${entry.name}' without its definition text`);
    }
    if (seen.has(entry.name)) throw corrupt(file, `lists the ${section} entry '${entry.name}' twice`);
    seen.add(entry.name);
    return { name: entry.name, payload: entry.metadata };
  });
}

/**
 * Reads the checkpoint whose manifest is at `location` into a new graph (not yet installed anywhere).
 * Throws CHECKPOINT_FILE_MISSING or CHECKPOINT_CORRUPT naming the file at fault.
 */
export async function loadCheckpoint(
  location: string,
  options: LoadCheckpointOptions = {},
): Promise<LoadedCheckpoint> {
  assertLittleEndianHost();
  const started = performance.now();
  const pacer = new Pacer(options.sliceMs);
  const manifestFile = path.resolve(location);
  const manifestBytes = await readCheckpointFile(manifestFile);
  const manifest = decodeManifest(manifestBytes, manifestFile);
  const directory = path.dirname(manifestFile);
  const files = filesOf(manifestFile, manifest);

  // Read every partition (in parallel), then check each before anything is built.
  const partitionFiles = manifest.partitions.map((partition) => path.join(directory, partition.file));
  const contents = await Promise.all(partitionFiles.map(readCheckpointFile));
  const partitions: Partition[] = [];
  for (const [i, record] of manifest.partitions.entries()) {
    partitions.push(await checkPartition(partitionFiles[i], contents[i], record, manifest, pacer));
  }
  const sections = await loadSections(manifestFile, manifest);

  const graph = new Graph();
  const end = manifest.graph.nextId;
  internAll(graph, manifest, manifestFile);
  graph.nextId = end;
  for (const column of [graph.kindType, graph.created, graph.first, graph.second]) column.ensureLength(end);
  graph.vertexBits.ensureLength((end + 31) >>> 5);
  for (const partition of partitions) await loadColumns(graph, partition, pacer);
  for (const partition of partitions) await checkEndpoints(graph, partition, pacer);
  graph.vertexCount = partitions.reduce((sum, partition) => sum + partition.header.vertexCount, 0);
  graph.edgeCount = partitions.reduce((sum, partition) => sum + partition.header.edgeCount, 0);
  if (graph.vertexCount !== manifest.graph.vertexCount || graph.edgeCount !== manifest.graph.edgeCount) {
    throw corrupt(manifestFile, 'declares other vertex or edge counts than its partitions hold');
  }
  graph.adjacencyPool.reserve(
    partitions.reduce(
      (sum, partition) => sum + partition.section.get(SectionType.adjacency)!.byteLength / 4,
      0,
    ),
  );
  let outPairs = 0;
  let inPairs = 0;
  for (const partition of partitions) {
    const pairs = await loadAdjacency(graph, partition, pacer);
    outPairs += pairs.outPairs;
    inPairs += pairs.inPairs;
  }
  if (outPairs !== graph.edgeCount || inPairs !== graph.edgeCount) {
    throw corrupt(manifestFile, 'has adjacency records that do not list every edge once in each direction');
  }
  for (const partition of partitions) await loadProperties(graph, partition, pacer);
  for (const partition of partitions) await loadEmbeddings(graph, partition, pacer);
  checkIndexEntries(manifestFile, sections);
  graph.registrations.replaceAll({
    storedQuery: registrationsOf(manifestFile, sections, 'storedQueries'),
    subgraphRecipe: registrationsOf(manifestFile, sections, 'subgraphRecipes'),
  });

  let totalBytes = manifestBytes.byteLength;
  for (const content of contents) totalBytes += content.byteLength;
  for (const name of checkpointSectionNames) {
    for (const entry of manifest.sections[name].entries) totalBytes += entry.bytes ?? 0;
  }
  return {
    location: manifestFile,
    manifest,
    graph,
    lastCommittedSequence: manifest.lastCommittedSequence,
    files,
    fileCount: files.length,
    totalBytes,
    sections,
    loadMs: performance.now() - started,
  };
}
