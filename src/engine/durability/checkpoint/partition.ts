/**
 * One partition file of a checkpoint: the elements of the id range [idStart, idEnd), encoded from a
 * snapshot's columns (format in format.ts). Pure and synchronous: a worker thread runs it over the
 * snapshot's SharedArrayBuffers, or the main thread for a small graph. Writing the bytes is the caller's.
 */
import { classModulus } from '../../storage/block-pool.js';
import { edgeKindBase, kindVertex } from '../../graph/graph.js';
import { isInlineTag, typeTagCount } from '../../graph/property-store.js';
import { encodeRangeAdjacency, type RangeAdjacency } from './adjacency-encode.js';
import {
  SectionType,
  alignTo8,
  bytesOf,
  checkpointFormatVersion,
  crc32Of,
  encodePartitionHeader,
  partitionHeaderBytes,
  partitionMagic,
} from './format.js';

/** What a partition is encoded from: slices of a snapshot (views over its shared buffers). */
export interface PartitionInput {
  index: number;
  count: number;
  idStart: number;
  idEnd: number;
  checkpointId: Uint8Array;
  kindType: Int32Array;
  created: Uint32Array;
  first: Int32Array;
  second: Int32Array;
  labels: Int32Array;
  propertyRecords: Int32Array;
  propertyPool: Float64Array;
  /** The encoded side values of the range's records, in record order (write.ts). */
  sideValues: Uint8Array;
  /**
   * The range's element embeddings, encoded (src/engine/embeddings/checkpoint.ts) as consecutive chunks;
   * none for a range without embeddings.
   */
  embeddings: Uint8Array[];
  /** Interned edge types of the graph (with one, every adjacency group is type 0). */
  edgeTypeCount: number;
}

/** A partition to encode and write to `tempPath` (a worker's task). */
export interface PartitionJob extends PartitionInput {
  tempPath: string;
}

export type PartitionReply =
  | { index: number; ok: true; bytes: number; payloadCrc32: number; vertexCount: number; edgeCount: number }
  | { index: number; ok: false; message: string };

export interface EncodedPartition {
  /** The file's bytes in order: header, then sections with their padding. */
  parts: Uint8Array[];
  bytes: number;
  payloadCrc32: number;
  vertexCount: number;
  edgeCount: number;
}

const recordHeaderWords = 2;
const zeros = new Uint8Array(8);

/**
 * The range's `first` and `second` columns as the loaded graph will hold them (before the loader adds the
 * offset where it puts the records): an edge's source and target, a vertex's record offsets in the
 * partition's adjacency section (-1 for none), 0 for an absent id. Also counts vertices and edges.
 */
function headerColumns(
  input: PartitionInput,
  adjacency: RangeAdjacency,
): { first: Int32Array; second: Int32Array; vertices: number; edges: number } {
  const { idStart, idEnd, kindType } = input;
  const first = new Int32Array(idEnd - idStart);
  const second = new Int32Array(idEnd - idStart);
  let vertices = 0;
  let edges = 0;
  for (let id = idStart; id < idEnd; id++) {
    const kind = kindType[id];
    const local = id - idStart;
    if (kind >= edgeKindBase) {
      first[local] = input.first[id];
      second[local] = input.second[id];
      edges++;
    } else if (kind === kindVertex) {
      first[local] = adjacency.outRecords[local];
      second[local] = adjacency.inRecords[local];
      vertices++;
    }
  }
  return { first, second, vertices, edges };
}

/**
 * Property records of the range as [id, count, modification date, pairs...]; a side-table pair's value
 * word is 0 (its value is in the side-value section).
 */
function propertyRecords(input: PartitionInput): Float64Array {
  const { idStart, propertyRecords: records, propertyPool: pool } = input;
  const end = Math.min(input.idEnd, records.length);
  let words = 0;
  for (let id = idStart; id < end; id++) {
    const record = records[id] - 1;
    if (record >= 0) words += 1 + recordHeaderWords + 2 * Math.floor(pool[record] / classModulus);
  }
  const out = new Float64Array(words);
  let at = 0;
  for (let id = idStart; id < end; id++) {
    const record = records[id] - 1;
    if (record < 0) continue;
    const count = Math.floor(pool[record] / classModulus);
    out[at++] = id;
    out[at++] = count;
    out[at++] = pool[record + 1];
    for (let pair = record + recordHeaderWords; pair < record + recordHeaderWords + 2 * count; pair += 2) {
      const word = pool[pair];
      out[at++] = word;
      out[at++] = isInlineTag(word - Math.floor(word / typeTagCount) * typeTagCount) ? pool[pair + 1] : 0;
    }
  }
  return out;
}

/** The range's labels without the trailing unlabelled ids. */
function labelsOf(input: PartitionInput): Int32Array {
  const { idStart, labels } = input;
  let end = Math.min(input.idEnd, labels.length);
  while (end > idStart && labels[end - 1] === 0) end--;
  return end > idStart ? labels.subarray(idStart, end) : new Int32Array(0);
}

export function encodePartition(input: PartitionInput): EncodedPartition {
  const { idStart, idEnd } = input;
  const adjacency = encodeRangeAdjacency(
    input.kindType,
    input.first,
    input.second,
    input.kindType.length,
    idStart,
    idEnd,
    input.edgeTypeCount > 1,
  );
  const { first, second, vertices, edges } = headerColumns(input, adjacency);
  const sectionData: [SectionType, Uint8Array | Uint8Array[]][] = [
    [SectionType.kind, bytesOf(input.kindType.subarray(idStart, idEnd))],
    [SectionType.labels, bytesOf(labelsOf(input))],
    [SectionType.created, bytesOf(input.created.subarray(idStart, idEnd))],
    [SectionType.first, bytesOf(first)],
    [SectionType.second, bytesOf(second)],
    [SectionType.adjacency, bytesOf(adjacency.words)],
    [SectionType.properties, bytesOf(propertyRecords(input))],
    [SectionType.sideValues, input.sideValues],
    [SectionType.embeddings, input.embeddings],
  ];
  const payload: Uint8Array[] = [];
  const sections: { type: number; offset: number; length: number }[] = [];
  let offset = 0;
  for (const [type, data] of sectionData) {
    const parts = Array.isArray(data) ? data : [data];
    let length = 0;
    for (const part of parts) {
      if (part.byteLength > 0) payload.push(part);
      length += part.byteLength;
    }
    sections.push({ type, offset, length });
    const padded = alignTo8(length);
    if (padded > length) payload.push(zeros.subarray(0, padded - length));
    offset += padded;
  }
  const payloadCrc32 = crc32Of(payload);
  const header = encodePartitionHeader({
    magic: partitionMagic,
    version: checkpointFormatVersion,
    headerBytes: partitionHeaderBytes,
    payloadBytes: offset,
    payloadCrc32,
    checkpointId: input.checkpointId,
    partitionIndex: input.index,
    partitionCount: input.count,
    idStart,
    idEnd,
    vertexCount: vertices,
    edgeCount: edges,
    sections,
  });
  return {
    parts: [header, ...payload],
    bytes: partitionHeaderBytes + offset,
    payloadCrc32,
    vertexCount: vertices,
    edgeCount: edges,
  };
}
