/**
 * Reading checkpoint files and checking a partition before anything is built from it: its header against
 * its manifest entry, its payload CRC-32 (in slices that yield), its section table and section lengths.
 */
import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { EngineError } from '../../errors.js';
import {
  SectionType,
  corrupt,
  hex,
  partitionSections,
  readPartitionHeader,
  type PartitionHeader,
} from './format.js';
import type { CheckpointManifest, PartitionRecord } from './manifest.js';
import type { Pacer } from './pace.js';

/** A file's bytes; a missing file is CHECKPOINT_FILE_MISSING naming it. */
export async function readCheckpointFile(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new EngineError('CHECKPOINT_FILE_MISSING', `the checkpoint file ${file} is missing`, { file });
    }
    if (code === 'EISDIR') throw corrupt(file, 'is a directory');
    throw error;
  }
}

async function pacedCrc(bytes: Uint8Array, pacer: Pacer): Promise<number> {
  const chunk = 4 << 20;
  let crc = 0;
  for (let from = 0; from < bytes.byteLength; from += chunk) {
    crc = crc32(bytes.subarray(from, Math.min(bytes.byteLength, from + chunk)), crc);
    await pacer.pace();
  }
  return crc;
}

/** A checked partition file: its header and its sections by type. */
export interface Partition {
  file: string;
  record: PartitionRecord;
  header: PartitionHeader;
  bytes: Buffer;
  section: Map<number, Uint8Array>;
}

export async function checkPartition(
  file: string,
  bytes: Buffer,
  record: PartitionRecord,
  manifest: CheckpointManifest,
  pacer: Pacer,
): Promise<Partition> {
  const header = readPartitionHeader(bytes, file);
  if (hex(header.checkpointId) !== manifest.checkpointId) {
    throw corrupt(file, `belongs to another checkpoint than its manifest`);
  }
  if (
    header.partitionIndex !== record.index ||
    header.partitionCount !== manifest.partitions.length ||
    header.idStart !== record.idStart ||
    header.idEnd !== record.idEnd ||
    header.vertexCount !== record.vertexCount ||
    header.edgeCount !== record.edgeCount ||
    header.payloadCrc32 !== record.payloadCrc32 ||
    bytes.byteLength !== record.bytes
  ) {
    throw corrupt(file, 'does not match its entry in the manifest');
  }
  const payload = bytes.subarray(header.headerBytes);
  if ((await pacedCrc(payload, pacer)) !== header.payloadCrc32) throw corrupt(file, 'fails its CRC-32 check');

  const ids = header.idEnd - header.idStart;
  const section = new Map<number, Uint8Array>();
  for (const { type, offset, length } of header.sections) {
    if (!partitionSections.includes(type as SectionType))
      throw corrupt(file, `has an unknown section type ${type}`);
    if (section.has(type)) throw corrupt(file, `has section ${type} twice`);
    if (offset % 8 !== 0 || offset + length > payload.byteLength) {
      throw corrupt(file, `has section ${type} outside its payload`);
    }
    section.set(type, payload.subarray(offset, offset + length));
  }
  const expectLength = (type: SectionType, ok: (length: number) => boolean) => {
    const data = section.get(type);
    if (data === undefined) throw corrupt(file, `lacks section ${type}`);
    if (!ok(data.byteLength)) throw corrupt(file, `has section ${type} of an impossible length`);
  };
  for (const type of [SectionType.kind, SectionType.created, SectionType.first, SectionType.second]) {
    expectLength(type, (length) => length === 4 * ids);
  }
  expectLength(SectionType.labels, (length) => length <= 4 * ids && length % 4 === 0);
  expectLength(SectionType.adjacency, (length) => length % 4 === 0);
  expectLength(SectionType.properties, (length) => length % 8 === 0);
  expectLength(SectionType.sideValues, () => true);
  expectLength(SectionType.embeddings, () => true);
  return { file, record, header, bytes, section };
}
