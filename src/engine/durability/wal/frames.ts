/**
 * Framing of log entries (format.ts): each payload behind its length, a check of the length, and the
 * payload's CRC-32 (`zlib.crc32`). Writing patches the header once the payload is in place; scanning
 * walks a file's frames and says where the whole, valid, consecutive entries end, and why they end there.
 *
 * How a scan ends:
 * - `end`: every byte belongs to a valid entry, or nothing but zero bytes follow the last valid entry
 *   (the space the log allocates ahead of its appends, `logExtentBytes`); `zeroTailBytes` counts them.
 * - `tornTail`: the last entry did not fully reach the disk (the crash case): fewer bytes than a frame
 *   header, a length running past the end of the file, a payload that fails its CRC with nothing but zero
 *   bytes behind it, or a damaged frame header with nothing but zero bytes from there on. None of these
 *   was ever acknowledged, since the callers of a group are released only after its sync.
 * - `corrupt`: a damaged length, a failed CRC with more data behind it, an undecodable prefix, or a
 *   sequence number out of order. The entries before it are history; what follows cannot be trusted.
 */
import { crc32 } from 'node:zlib';
import { ByteReader, LogDecodeError, type ByteWriter } from '../../codec/binary.js';
import { readEntryPrefix } from './entry-codec.js';
import { frameHeaderBytes, lengthCheckMask, maxEntryPayloadBytes } from './format.js';

/** Reserves a frame header; returns where the frame starts. */
export function beginFrame(out: ByteWriter): number {
  const start = out.length;
  out.reserveU32();
  out.reserveU32();
  out.reserveU32();
  return start;
}

/** Fills in the header of the frame begun at `start`, whose payload is everything written since. */
export function endFrame(out: ByteWriter, start: number): void {
  const payloadStart = start + frameHeaderBytes;
  const length = out.length - payloadStart;
  if (length > maxEntryPayloadBytes) {
    throw new RangeError(`a log entry of ${length} bytes exceeds the ${maxEntryPayloadBytes}-byte limit`);
  }
  out.patchU32(start, length);
  out.patchU32(start + 4, (length ^ lengthCheckMask) >>> 0);
  out.patchU32(start + 8, crc32(out.written(payloadStart, out.length)));
}

/** `endFrame` for a long payload: its CRC-32 computed `bytesPerStep` bytes at a time, pausing between. */
export function* endFrameSteps(out: ByteWriter, start: number, bytesPerStep: number): Generator<void> {
  const payloadStart = start + frameHeaderBytes;
  const length = out.length - payloadStart;
  if (length > maxEntryPayloadBytes) {
    throw new RangeError(`a log entry of ${length} bytes exceeds the ${maxEntryPayloadBytes}-byte limit`);
  }
  let crc = 0;
  for (let from = payloadStart; from < out.length; from += bytesPerStep) {
    if (from > payloadStart) yield;
    crc = crc32(out.written(from, Math.min(out.length, from + bytesPerStep)), crc);
  }
  out.patchU32(start, length);
  out.patchU32(start + 4, (length ^ lengthCheckMask) >>> 0);
  out.patchU32(start + 8, crc);
}

export interface FrameRef {
  /** Offset of the frame in the scanned buffer. */
  readonly offset: number;
  readonly payloadStart: number;
  readonly payloadEnd: number;
  readonly type: number;
  readonly sequence: number;
}

export type ScanStop = 'end' | 'tornTail' | 'corrupt';

export interface FrameScan {
  readonly frames: FrameRef[];
  /** One past the last byte of the last valid entry. */
  readonly validEnd: number;
  readonly stop: ScanStop;
  /** What was found at `validEnd` when the scan did not reach the end. */
  readonly detail: string | null;
  /** Zero bytes after `validEnd` when the scan ended (`end`) at allocated, never written space. */
  readonly zeroTailBytes: number;
}

function allZero(buffer: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (buffer[i] !== 0) return false;
  return true;
}

/**
 * Scans the frames of `buffer[start, end)`. The first entry must carry `firstSequence`, each following one
 * the next number.
 */
export function scanFrames(
  buffer: Buffer,
  start: number,
  firstSequence: number,
  end = buffer.length,
): FrameScan {
  const frames: FrameRef[] = [];
  let at = start;
  let expected = firstSequence;
  const stopAt = (stop: ScanStop, detail: string): FrameScan => ({
    frames,
    validEnd: at,
    stop,
    detail,
    zeroTailBytes: 0,
  });
  while (at < end) {
    const remaining = end - at;
    if (allZero(buffer, at, end)) {
      return { frames, validEnd: at, stop: 'end', detail: null, zeroTailBytes: remaining };
    }
    if (remaining < frameHeaderBytes) {
      return stopAt('tornTail', `${remaining} bytes at offset ${at}, fewer than a frame header`);
    }
    const length = buffer.readUInt32LE(at);
    const check = buffer.readUInt32LE(at + 4);
    if ((length ^ lengthCheckMask) >>> 0 !== check || length > maxEntryPayloadBytes) {
      if (allZero(buffer, at + frameHeaderBytes, end)) {
        return stopAt('tornTail', `a partly written frame header at offset ${at}, zero bytes after it`);
      }
      return stopAt('corrupt', `damaged frame header at offset ${at}`);
    }
    const payloadStart = at + frameHeaderBytes;
    const payloadEnd = payloadStart + length;
    if (payloadEnd > end) {
      return stopAt('tornTail', `the entry at offset ${at} runs ${payloadEnd - end} bytes past the end`);
    }
    if (crc32(buffer.subarray(payloadStart, payloadEnd)) !== buffer.readUInt32LE(at + 8)) {
      if (allZero(buffer, payloadEnd, end)) {
        return stopAt('tornTail', `the last entry, at offset ${at}, fails its CRC`);
      }
      return stopAt('corrupt', `the entry at offset ${at} fails its CRC-32`);
    }
    let type: number;
    let sequence: number;
    try {
      ({ type, sequence } = readEntryPrefix(new ByteReader(buffer, payloadStart, payloadEnd)));
    } catch (error) {
      if (!(error instanceof LogDecodeError)) throw error;
      return stopAt('corrupt', `the entry at offset ${at} has no readable prefix: ${error.message}`);
    }
    if (sequence !== expected) {
      return stopAt('corrupt', `the entry at offset ${at} has sequence ${sequence}, expected ${expected}`);
    }
    frames.push({ offset: at, payloadStart, payloadEnd, type, sequence });
    expected++;
    at = payloadEnd;
  }
  return { frames, validEnd: at, stop: 'end', detail: null, zeroTailBytes: 0 };
}
