/**
 * The checkpoint file format (docs/checkpoints.md): three kinds of files share one framed header.
 *
 * Every file, little-endian:
 *   0   8  magic: "SKEINCKM" manifest, "SKEINCKP" partition, "SKEINCKS" sidecar
 *   8   4  format version (`checkpointFormatVersion`)
 *   12  4  header bytes (this header and the partition's section table; a multiple of 8)
 *   16  8  payload bytes (everything after the header)
 *   24  4  CRC-32 of the payload
 *   28  4  CRC-32 of the header bytes with this field read as zero
 *   32  16 checkpoint id: random, the same in every file of one checkpoint
 *   48  ... kind-specific fields
 * A partition continues:
 *   48  4  partition index     52  4  partition count
 *   56  4  first id            60  4  end id (exclusive)
 *   64  4  vertices            68  4  edges
 *   72  4  section count       76  4  zero
 *   80  24 per section: type (4), zero (4), offset from the payload's start (8), length in bytes (8)
 * Sections start 8-aligned; the bytes between them are zero and covered by the payload CRC.
 *
 * Loads reject a file whose magic, version, CRCs or structure do not check out, naming the file.
 */
import { crc32 } from 'node:zlib';
import os from 'node:os';
import { EngineError } from '../../errors.js';

/** Bumped whenever a reader of the previous version would misread a file. */
export const checkpointFormatVersion = 1;

export const manifestMagic = 'SKEINCKM';
export const partitionMagic = 'SKEINCKP';
export const sidecarMagic = 'SKEINCKS';

export const commonHeaderBytes = 48;
export const partitionFixedHeaderBytes = 80;
export const sectionEntryBytes = 24;
export const checkpointIdBytes = 16;
const headerCrcOffset = 28;

/** Section types of a partition file. */
export const SectionType = {
  /** Int32 per id: 0 absent, 1 vertex, 2 + edge-type id. */
  kind: 1,
  /** Int32 per id from the partition's first id: 0 unlabelled, else label id + 1; may end early. */
  labels: 2,
  /** Uint32 per id: creation date, Unix seconds. */
  created: 3,
  /** Int32 per id: an edge's source; a vertex's out-record offset in the adjacency section, or -1; else 0. */
  first: 4,
  /** Int32 per id: an edge's target; a vertex's in-record offset in the adjacency section, or -1; else 0. */
  second: 5,
  /**
   * Int32 adjacency records of the range's vertices (layout in adjacency.ts) as whole blocks of the
   * block pool, back to back: every out-record in vertex order, then every in-record.
   */
  adjacency: 6,
  /** Float64 records: [id, property count, modification date, (key id * 32 + type tag, value) * count]. */
  properties: 7,
  /** The side-table values of the property records' non-inline pairs, in record order (side-values.ts). */
  sideValues: 8,
  /**
   * The element embeddings of the range (layout in src/engine/embeddings/checkpoint.ts); empty when the
   * range has none.
   */
  embeddings: 9,
} as const;
export type SectionType = (typeof SectionType)[keyof typeof SectionType];

/** Every section a partition of this version carries, in file order. */
export const partitionSections: readonly SectionType[] = [
  SectionType.kind,
  SectionType.labels,
  SectionType.created,
  SectionType.first,
  SectionType.second,
  SectionType.adjacency,
  SectionType.properties,
  SectionType.sideValues,
  SectionType.embeddings,
];

export const partitionHeaderBytes = partitionFixedHeaderBytes + partitionSections.length * sectionEntryBytes;

/** The format is little-endian and its typed-array sections are written as the host holds them. */
export function assertLittleEndianHost(): void {
  if (os.endianness() !== 'LE') throw new Error('checkpoints need a little-endian host');
}

export function alignTo8(bytes: number): number {
  return Math.ceil(bytes / 8) * 8;
}

export interface CommonHeader {
  magic: string;
  version: number;
  headerBytes: number;
  payloadBytes: number;
  payloadCrc32: number;
  checkpointId: Uint8Array;
}

export interface PartitionHeader extends CommonHeader {
  partitionIndex: number;
  partitionCount: number;
  idStart: number;
  idEnd: number;
  vertexCount: number;
  edgeCount: number;
  sections: { type: number; offset: number; length: number }[];
}

/** Writes the common fields into `header` (its header CRC last, see `sealHeader`). */
export function writeCommonHeader(header: Uint8Array, fields: CommonHeader): DataView {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  for (let i = 0; i < 8; i++) header[i] = fields.magic.charCodeAt(i);
  view.setUint32(8, fields.version, true);
  view.setUint32(12, fields.headerBytes, true);
  view.setBigUint64(16, BigInt(fields.payloadBytes), true);
  view.setUint32(24, fields.payloadCrc32, true);
  header.set(fields.checkpointId, 32);
  return view;
}

/** Stores the header CRC (computed with its own field zero). */
export function sealHeader(header: Uint8Array): void {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  view.setUint32(headerCrcOffset, 0, true);
  view.setUint32(headerCrcOffset, crc32(header), true);
}

export function encodePartitionHeader(fields: PartitionHeader): Uint8Array {
  const header = new Uint8Array(fields.headerBytes);
  const view = writeCommonHeader(header, fields);
  view.setUint32(48, fields.partitionIndex, true);
  view.setUint32(52, fields.partitionCount, true);
  view.setUint32(56, fields.idStart, true);
  view.setUint32(60, fields.idEnd, true);
  view.setUint32(64, fields.vertexCount, true);
  view.setUint32(68, fields.edgeCount, true);
  view.setUint32(72, fields.sections.length, true);
  fields.sections.forEach((section, i) => {
    const at = partitionFixedHeaderBytes + i * sectionEntryBytes;
    view.setUint32(at, section.type, true);
    view.setBigUint64(at + 8, BigInt(section.offset), true);
    view.setBigUint64(at + 16, BigInt(section.length), true);
  });
  sealHeader(header);
  return header;
}

export function corrupt(file: string, problem: string): EngineError {
  return new EngineError('CHECKPOINT_CORRUPT', `the checkpoint file ${file} ${problem}`, { file });
}

function safeNumber(file: string, value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt(file, `has an impossible ${what}`);
  return Number(value);
}

/**
 * Reads and checks the common header at the start of `bytes` (the whole file): magic, version, header
 * CRC, and that the payload length matches the file's size. The payload CRC is the caller's to check.
 */
export function readCommonHeader(bytes: Uint8Array, file: string, expectedMagic: string): CommonHeader {
  if (bytes.byteLength < commonHeaderBytes) throw corrupt(file, 'is too short to be a checkpoint file');
  const magic = String.fromCharCode(...bytes.subarray(0, 8));
  if (magic !== expectedMagic) {
    throw corrupt(
      file,
      `has the wrong magic number (${JSON.stringify(magic)}, expected ${JSON.stringify(expectedMagic)})`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== checkpointFormatVersion) {
    throw corrupt(file, `has format version ${version}; this build reads version ${checkpointFormatVersion}`);
  }
  const headerBytes = view.getUint32(12, true);
  if (headerBytes < commonHeaderBytes || headerBytes > bytes.byteLength || headerBytes % 8 !== 0) {
    throw corrupt(file, `declares an impossible header length (${headerBytes} bytes)`);
  }
  // A copy (Buffer#slice would share the caller's bytes, and the CRC field is zeroed below).
  const header = Uint8Array.prototype.slice.call(bytes, 0, headerBytes);
  const storedHeaderCrc = view.getUint32(headerCrcOffset, true);
  new DataView(header.buffer).setUint32(headerCrcOffset, 0, true);
  if (crc32(header) !== storedHeaderCrc) throw corrupt(file, 'has a header that fails its CRC-32 check');
  const payloadBytes = safeNumber(file, view.getBigUint64(16, true), 'payload length');
  if (headerBytes + payloadBytes !== bytes.byteLength) {
    throw corrupt(
      file,
      `is ${bytes.byteLength} bytes long but its header declares ${headerBytes + payloadBytes} (truncated or extended)`,
    );
  }
  return {
    magic,
    version,
    headerBytes,
    payloadBytes,
    payloadCrc32: view.getUint32(24, true),
    checkpointId: Uint8Array.prototype.slice.call(bytes, 32, 32 + checkpointIdBytes),
  };
}

export function readPartitionHeader(bytes: Uint8Array, file: string): PartitionHeader {
  const common = readCommonHeader(bytes, file, partitionMagic);
  if (common.headerBytes < partitionFixedHeaderBytes) throw corrupt(file, 'has a truncated partition header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectionCount = view.getUint32(72, true);
  if (partitionFixedHeaderBytes + sectionCount * sectionEntryBytes > common.headerBytes) {
    throw corrupt(file, `declares ${sectionCount} sections, more than its header holds`);
  }
  const sections: PartitionHeader['sections'] = [];
  for (let i = 0; i < sectionCount; i++) {
    const at = partitionFixedHeaderBytes + i * sectionEntryBytes;
    sections.push({
      type: view.getUint32(at, true),
      offset: safeNumber(file, view.getBigUint64(at + 8, true), 'section offset'),
      length: safeNumber(file, view.getBigUint64(at + 16, true), 'section length'),
    });
  }
  return {
    ...common,
    partitionIndex: view.getUint32(48, true),
    partitionCount: view.getUint32(52, true),
    idStart: view.getUint32(56, true),
    idEnd: view.getUint32(60, true),
    vertexCount: view.getUint32(64, true),
    edgeCount: view.getUint32(68, true),
    sections,
  };
}

/** CRC-32 over several byte ranges in order, as if they were one. */
export function crc32Of(parts: readonly Uint8Array[], initial = 0): number {
  let crc = initial;
  for (const part of parts) crc = crc32(part, crc);
  return crc;
}

export function bytesOf(view: ArrayBufferView): Uint8Array {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);
}
