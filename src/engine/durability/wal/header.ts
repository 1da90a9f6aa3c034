/**
 * The log file header (format.ts): which namespace the log belongs to and what it builds on.
 *
 * The anchor is the state the log's first entry applies to: the empty graph, or a checkpoint named by an
 * opaque id together with the sequence number of the last transaction the checkpoint includes. Entries
 * follow with consecutive sequence numbers from the anchor's plus one.
 */
import { crc32 } from 'node:zlib';
import { ByteReader, ByteWriter, LogDecodeError } from '../../codec/binary.js';
import {
  AnchorKind,
  fileHeaderFixedBytes,
  logFormatVersion,
  logMagic,
  maxHeaderPayloadBytes,
} from './format.js';

export type LogAnchor =
  | { readonly kind: 'emptyGraph' }
  | {
      readonly kind: 'checkpoint';
      /** Opaque to the log: whatever the checkpoint work uses to find the checkpoint again. */
      readonly id: string;
      /** Sequence number of the last transaction the checkpoint includes. */
      readonly sequence: number;
    };

export const emptyGraphAnchor: LogAnchor = Object.freeze({ kind: 'emptyGraph' });

/** The sequence number of the last transaction the anchor includes (0 for the empty graph). */
export function anchorSequence(anchor: LogAnchor): number {
  return anchor.kind === 'emptyGraph' ? 0 : anchor.sequence;
}

export interface LogHeader {
  readonly namespaceId: string;
  readonly anchor: LogAnchor;
  /** When this log file was started, Unix milliseconds. */
  readonly createdAtMs: number;
}

/** A file that is not a log this build can read; recovery refuses it rather than overwrite it. */
export class LogHeaderError extends Error {
  override readonly name = 'LogHeaderError';
}

export function encodeHeader(header: LogHeader): Buffer {
  const payload = new ByteWriter(256);
  payload.string(header.namespaceId);
  if (header.anchor.kind === 'emptyGraph') {
    payload.u8(AnchorKind.emptyGraph);
    payload.varUint(0);
    payload.string('');
  } else {
    payload.u8(AnchorKind.checkpoint);
    payload.varUint(header.anchor.sequence);
    payload.string(header.anchor.id);
  }
  payload.varUint(header.createdAtMs);
  const body = payload.written();
  const out = new ByteWriter(fileHeaderFixedBytes + body.length);
  out.bytes(logMagic);
  out.u16(logFormatVersion);
  out.u16(0);
  out.u32(body.length);
  out.u32(crc32(body));
  out.bytes(body);
  return out.toBuffer();
}

/** Reads the header at the start of `file`; returns it and where the first frame starts. */
export function decodeHeader(file: Buffer, path: string): { header: LogHeader; framesStart: number } {
  if (file.length < fileHeaderFixedBytes || !file.subarray(0, logMagic.length).equals(logMagic)) {
    throw new LogHeaderError(`${path} is not a Skein write-ahead log (no SKEINWAL header)`);
  }
  const version = file.readUInt16LE(8);
  if (version !== logFormatVersion) {
    throw new LogHeaderError(
      `${path} has log format version ${version}; this build reads version ${logFormatVersion}`,
    );
  }
  const length = file.readUInt32LE(12);
  const framesStart = fileHeaderFixedBytes + length;
  if (length > maxHeaderPayloadBytes || framesStart > file.length) {
    throw new LogHeaderError(`${path}: the log header is damaged (length ${length})`);
  }
  const body = file.subarray(fileHeaderFixedBytes, framesStart);
  if (crc32(body) !== file.readUInt32LE(16)) {
    throw new LogHeaderError(`${path}: the log header fails its CRC-32`);
  }
  try {
    const input = new ByteReader(body);
    const namespaceId = input.string();
    const kind = input.u8();
    const sequence = input.varUint();
    const id = input.string();
    const createdAtMs = input.varUint();
    let anchor: LogAnchor;
    if (kind === AnchorKind.emptyGraph) anchor = emptyGraphAnchor;
    else if (kind === AnchorKind.checkpoint) anchor = { kind: 'checkpoint', id, sequence };
    else throw new LogDecodeError(`unknown anchor kind ${kind}`);
    return { header: { namespaceId, anchor, createdAtMs }, framesStart };
  } catch (error) {
    if (error instanceof LogDecodeError) {
      throw new LogHeaderError(`${path}: the log header does not decode: ${error.message}`);
    }
    throw error;
  }
}
