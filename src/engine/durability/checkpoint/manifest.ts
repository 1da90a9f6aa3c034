/**
 * The manifest: the file at a checkpoint's location. Framed like every checkpoint file (format.ts, magic
 * "SKEINCKM"); its payload is UTF-8 JSON naming the partitions and carrying the graph-wide state (counts,
 * next id, interned names, the write sequence the checkpoint ends at) and the reserved sections that later
 * features fill (indexes, services, subgraph recipes, stored queries, plugins), each versioned, each entry
 * optionally backed by one sidecar file of its own.
 */
import { crc32 } from 'node:zlib';
import type { RegistrationFamily } from '../../registrations/store.js';
import {
  checkpointFormatVersion,
  commonHeaderBytes,
  corrupt,
  manifestMagic,
  readCommonHeader,
  sealHeader,
  writeCommonHeader,
  hex,
} from './format.js';

/** The manifest sections later features fill, in manifest order. */
export const checkpointSectionNames = [
  'indexes',
  'services',
  'subgraphRecipes',
  'storedQueries',
  'plugins',
] as const;
export type CheckpointSectionName = (typeof checkpointSectionNames)[number];

/**
 * The section each registration family is saved in (src/engine/registrations): written from the
 * registrations, one entry per registration in registration order, and loaded back into them.
 */
export const registrationSections: Readonly<Record<RegistrationFamily, CheckpointSectionName>> = {
  storedQuery: 'storedQueries',
  subgraphRecipe: 'subgraphRecipes',
};

/** Version of each section's entry shape; a section's owner bumps it when its entries change meaning. */
export const checkpointSectionVersion = 1;

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface SectionEntryRecord {
  /** The entry's name within its section (an index id, a service key, a recipe name, ...). */
  name: string;
  /** The owner's description of the entry (JSON). */
  metadata: JsonValue;
  /** Its sidecar file, relative to the manifest's directory, or null when the metadata says it all. */
  file: string | null;
  bytes: number | null;
  payloadCrc32: number | null;
}

export interface ManifestSection {
  version: number;
  entries: SectionEntryRecord[];
}

export interface PartitionRecord {
  /** Relative to the manifest's directory. */
  file: string;
  index: number;
  idStart: number;
  idEnd: number;
  vertexCount: number;
  edgeCount: number;
  bytes: number;
  payloadCrc32: number;
}

export interface CheckpointManifest {
  format: 'skein-checkpoint';
  formatVersion: number;
  /** Hex of the 16 random bytes every file of this checkpoint carries. */
  checkpointId: string;
  engineVersion: string;
  /** ISO-8601 UTC: when the snapshot was taken. */
  savedAt: string;
  /** The writer's `committedSequence` at the cut: the log re-anchors after it. */
  lastCommittedSequence: number;
  graph: {
    nextId: number;
    vertexCount: number;
    edgeCount: number;
    /** Interned names in id order: label ids, edge-type ids and property-key ids are their positions. */
    labels: string[];
    edgeTypes: string[];
    propertyKeys: string[];
  };
  partitions: PartitionRecord[];
  sections: Record<CheckpointSectionName, ManifestSection>;
}

export function encodeManifest(manifest: CheckpointManifest, checkpointId: Uint8Array): Uint8Array[] {
  const payload = Buffer.from(JSON.stringify(manifest), 'utf8');
  const header = new Uint8Array(commonHeaderBytes);
  writeCommonHeader(header, {
    magic: manifestMagic,
    version: checkpointFormatVersion,
    headerBytes: commonHeaderBytes,
    payloadBytes: payload.byteLength,
    payloadCrc32: crc32(payload),
    checkpointId,
  });
  sealHeader(header);
  return [header, payload];
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((name) => typeof name === 'string');
}

/** Parses and checks a manifest file's bytes; every failure names `file`. */
export function decodeManifest(bytes: Uint8Array, file: string): CheckpointManifest {
  const header = readCommonHeader(bytes, file, manifestMagic);
  const payload = bytes.subarray(header.headerBytes);
  if (crc32(payload) !== header.payloadCrc32) throw corrupt(file, 'fails its CRC-32 check');
  let manifest: CheckpointManifest;
  try {
    manifest = JSON.parse(Buffer.from(payload).toString('utf8')) as CheckpointManifest;
  } catch {
    throw corrupt(file, 'does not hold a JSON manifest');
  }
  const problem = manifestProblem(manifest, hex(header.checkpointId));
  if (problem !== undefined) throw corrupt(file, problem);
  return manifest;
}

function manifestProblem(manifest: CheckpointManifest, headerId: string): string | undefined {
  if (manifest === null || typeof manifest !== 'object') return 'does not hold a manifest object';
  if (manifest.format !== 'skein-checkpoint') return 'is not a Skein checkpoint manifest';
  if (manifest.formatVersion !== checkpointFormatVersion) {
    return `declares format version ${String(manifest.formatVersion)}`;
  }
  if (manifest.checkpointId !== headerId) return 'carries a checkpoint id that differs from its header';
  if (!isNonNegativeInteger(manifest.lastCommittedSequence)) return 'has no valid lastCommittedSequence';
  const graph = manifest.graph;
  if (
    graph === null ||
    typeof graph !== 'object' ||
    !isNonNegativeInteger(graph.nextId) ||
    !isNonNegativeInteger(graph.vertexCount) ||
    !isNonNegativeInteger(graph.edgeCount) ||
    !isStringArray(graph.labels) ||
    !isStringArray(graph.edgeTypes) ||
    !isStringArray(graph.propertyKeys)
  ) {
    return 'has an invalid graph block';
  }
  if (!Array.isArray(manifest.partitions) || manifest.partitions.length === 0) return 'lists no partitions';
  let expectedStart = 0;
  for (const [i, partition] of manifest.partitions.entries()) {
    if (
      partition === null ||
      typeof partition.file !== 'string' ||
      partition.file.includes('/') ||
      partition.file.includes('\\') ||
      partition.index !== i ||
      partition.idStart !== expectedStart ||
      !isNonNegativeInteger(partition.idEnd) ||
      partition.idEnd < partition.idStart ||
      !isNonNegativeInteger(partition.bytes) ||
      !isNonNegativeInteger(partition.payloadCrc32)
    ) {
      return `has an invalid entry for partition ${i}`;
    }
    expectedStart = partition.idEnd;
  }
  if (expectedStart !== graph.nextId) return 'has partitions that do not cover the id space';
  if (manifest.sections === null || typeof manifest.sections !== 'object') return 'has no sections block';
  for (const name of Object.keys(manifest.sections)) {
    if (!(checkpointSectionNames as readonly string[]).includes(name)) {
      return `has a section '${name}' this version does not know`;
    }
  }
  for (const name of checkpointSectionNames) {
    const section = manifest.sections[name];
    if (section === undefined || section === null || !Array.isArray(section.entries)) {
      return `has no valid '${name}' section`;
    }
    if (section.version !== checkpointSectionVersion) {
      return `has '${name}' entries of version ${String(section.version)}; this build reads version ${checkpointSectionVersion}`;
    }
    for (const entry of section.entries) {
      if (entry === null || typeof entry.name !== 'string') return `has an invalid '${name}' entry`;
      if (entry.file !== null && (typeof entry.file !== 'string' || entry.file.includes('/'))) {
        return `has an invalid file in its '${name}' entry '${entry.name}'`;
      }
    }
  }
  return undefined;
}
