/**
 * The reserved sections of the manifest (indexes, services, subgraph recipes, stored queries, plugins):
 * entries the owning features supply, each with JSON metadata and optionally a sidecar file of its own,
 * framed and checksummed like every checkpoint file (magic "SKEINCKS"). Written beside the partitions,
 * read and checked on load.
 */
import path from 'node:path';
import { crc32 } from 'node:zlib';
import {
  checkpointFormatVersion,
  commonHeaderBytes,
  corrupt,
  hex,
  readCommonHeader,
  sealHeader,
  sidecarMagic,
  writeCommonHeader,
} from './format.js';
import {
  checkpointSectionNames,
  checkpointSectionVersion,
  type CheckpointManifest,
  type CheckpointSectionName,
  type JsonValue,
  type ManifestSection,
} from './manifest.js';
import { readCheckpointFile } from './partition-check.js';
import { sidecarFileName, temporaryName } from './paths.js';
import { writeFileDurably } from './files.js';
import { Pacer } from './pace.js';

/** One entry of a manifest section, supplied by the feature that owns the section. */
export interface SectionEntryInput {
  name: string;
  metadata?: JsonValue;
  /**
   * Written to a sidecar file of its own (framed and checksummed like every checkpoint file); several
   * buffers are written one after the other, as one payload.
   */
  data?: Uint8Array | readonly Uint8Array[];
}

export type CheckpointSectionsInput = Partial<Record<CheckpointSectionName, readonly SectionEntryInput[]>>;

export interface LoadedSectionEntry {
  name: string;
  metadata: JsonValue;
  /** The sidecar file's payload (checked), or null for an entry without one. */
  data: Uint8Array | null;
}

export type LoadedSections = Record<
  CheckpointSectionName,
  { version: number; entries: LoadedSectionEntry[] }
>;

/** A file written under a temporary name, published under a name derived from the final location. */
export interface PendingFile {
  temporary: string;
  /** The final name for a given location. */
  finalName: (location: string) => string;
  bytes: number;
}

export interface PendingSidecar extends PendingFile {
  section: CheckpointSectionName;
  entry: SectionEntryInput;
  payloadCrc32: number;
}

function sidecarParts(
  data: readonly Uint8Array[],
  payloadCrc32: number,
  checkpointId: Uint8Array,
): Uint8Array[] {
  let payloadBytes = 0;
  for (const part of data) payloadBytes += part.byteLength;
  const header = new Uint8Array(commonHeaderBytes);
  writeCommonHeader(header, {
    magic: sidecarMagic,
    version: checkpointFormatVersion,
    headerBytes: commonHeaderBytes,
    payloadBytes,
    payloadCrc32,
    checkpointId,
  });
  sealHeader(header);
  return [header, ...data];
}

/** Bytes checksummed between two pauses: about a millisecond (an index's sidecar can be gigabytes). */
const crcChunkBytes = 4 << 20;

/** CRC-32 of the parts one after the other, in chunks, pacing between them. */
async function crc32Paced(parts: readonly Uint8Array[], pacer: Pacer): Promise<number> {
  let crc = 0;
  for (const data of parts) {
    for (let from = 0; from < data.byteLength; from += crcChunkBytes) {
      crc = crc32(data.subarray(from, Math.min(data.byteLength, from + crcChunkBytes)), crc);
      await pacer.pace();
    }
  }
  return crc;
}

export async function writeSidecars(
  sections: CheckpointSectionsInput,
  requested: string,
  token: string,
  checkpointId: Uint8Array,
  pending: PendingSidecar[],
  pacer: Pacer = new Pacer(),
): Promise<void> {
  for (const name of checkpointSectionNames) {
    const entries = sections[name] ?? [];
    let fileIndex = 0;
    for (const entry of entries) {
      if (entry.data === undefined) continue;
      const index = fileIndex++;
      const temporary = temporaryName(sidecarFileName(requested, name, index), token);
      const data = entry.data instanceof Uint8Array ? [entry.data] : entry.data;
      const payloadCrc32 = await crc32Paced(data, pacer);
      const parts = sidecarParts(data, payloadCrc32, checkpointId);
      pending.push({
        section: name,
        entry,
        temporary,
        finalName: (location) => sidecarFileName(location, name, index),
        bytes: parts.reduce((sum, part) => sum + part.byteLength, 0),
        payloadCrc32,
      });
      await writeFileDurably(temporary, parts);
    }
  }
}

export function manifestSections(
  sections: CheckpointSectionsInput,
  sidecars: readonly PendingSidecar[],
  location: string,
): Record<CheckpointSectionName, ManifestSection> {
  const result = {} as Record<CheckpointSectionName, ManifestSection>;
  for (const name of checkpointSectionNames) {
    result[name] = {
      version: checkpointSectionVersion,
      entries: (sections[name] ?? []).map((entry) => {
        const sidecar = sidecars.find((candidate) => candidate.entry === entry);
        return {
          name: entry.name,
          metadata: entry.metadata ?? null,
          file: sidecar === undefined ? null : path.basename(sidecar.finalName(location)),
          bytes: sidecar?.bytes ?? null,
          payloadCrc32: sidecar?.payloadCrc32 ?? null,
        };
      }),
    };
  }
  return result;
}

/** Reads and checks every section entry's sidecar file. */
export async function loadSections(location: string, manifest: CheckpointManifest): Promise<LoadedSections> {
  const directory = path.dirname(location);
  const sections = {} as LoadedSections;
  for (const name of checkpointSectionNames) {
    const entries: LoadedSectionEntry[] = [];
    for (const entry of manifest.sections[name].entries) {
      if (entry.file === null) {
        entries.push({ name: entry.name, metadata: entry.metadata, data: null });
        continue;
      }
      const file = path.join(directory, entry.file);
      const bytes = await readCheckpointFile(file);
      const header = readCommonHeader(bytes, file, sidecarMagic);
      const data = bytes.subarray(header.headerBytes);
      if (hex(header.checkpointId) !== manifest.checkpointId) {
        throw corrupt(file, 'belongs to another checkpoint than its manifest');
      }
      if (crc32(data) !== header.payloadCrc32 || header.payloadCrc32 !== entry.payloadCrc32) {
        throw corrupt(file, 'fails its CRC-32 check');
      }
      entries.push({ name: entry.name, metadata: entry.metadata, data });
    }
    sections[name] = { version: manifest.sections[name].version, entries };
  }
  return sections;
}
