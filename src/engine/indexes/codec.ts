/**
 * Byte helpers shared by the index formats: every payload starts with a four-letter magic and a u16
 * version, then the type's own body written with the log's little-endian codec (varints, typed values).
 * A reader refuses a foreign magic, a newer version, truncation and trailing bytes with `IndexFormatError`.
 */
import { ByteReader, ByteWriter, LogDecodeError } from '../codec/binary.js';
import { IndexFormatError } from '../tx/index-plugin.js';

export { ByteReader, ByteWriter };

function magicNumber(magic: string): number {
  if (!/^[\x20-\x7e]{4}$/.test(magic)) throw new RangeError(`a magic is four ASCII letters, got '${magic}'`);
  return Buffer.from(magic, 'latin1').readUInt32LE(0);
}

/**
 * Bytes a writer starts with when a payload is encoded in parts (`takePart` after every pause): a
 * payload is then never one contiguous buffer, which would be copied whole (tens of ms per 100 MiB) on
 * every growth and when joined to its envelope.
 */
export const payloadPartBytes = 1 << 20;

/** Moves what `out` holds into `parts` as one part (a copy of one step's bytes) and empties `out`. */
export function takePart(out: ByteWriter, parts: Uint8Array[]): void {
  if (out.length === 0) return;
  parts.push(Buffer.from(out.written()));
  out.reset(4 * payloadPartBytes);
}

/** Parts as one buffer (the synchronous `serialize` forms). */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

export function startPayload(magic: string, version: number, initialBytes = 1024): ByteWriter {
  const out = new ByteWriter(initialBytes);
  out.u32(magicNumber(magic));
  out.u16(version);
  return out;
}

/**
 * Reads a payload written after `startPayload(magic, ...)`: checks the magic and that the version is
 * one this code reads (1..`maxVersion`), then runs `body` and checks that it consumed every byte.
 */
export function readPayload<T>(
  bytes: Uint8Array,
  magic: string,
  maxVersion: number,
  what: string,
  body: (input: ByteReader, version: number) => T,
): T {
  // The stepwise reader run to its end in one go: one place checks magic, version and trailing bytes.
  const steps = readPayloadSteps(bytes, magic, maxVersion, what, function* (input, version) {
    return body(input, version);
  });
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * `readPayload` for a body that reads in steps (a generator that pauses now and then so its caller can
 * let the event loop turn): the same checks, the same errors.
 */
export function* readPayloadSteps<T>(
  bytes: Uint8Array,
  magic: string,
  maxVersion: number,
  what: string,
  body: (input: ByteReader, version: number) => Generator<void, T>,
): Generator<void, T> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const input = new ByteReader(buffer);
  try {
    if (input.remaining < 6 || input.u32() !== magicNumber(magic)) {
      throw new IndexFormatError(`${what}: not a ${magic} payload`);
    }
    const version = input.u16();
    if (version < 1 || version > maxVersion) {
      throw new IndexFormatError(`${what}: format version ${version} is not readable (1 to ${maxVersion})`);
    }
    const result = yield* body(input, version);
    if (input.remaining !== 0) throw new IndexFormatError(`${what}: ${input.remaining} bytes left over`);
    return result;
  } catch (error) {
    if (error instanceof LogDecodeError) throw new IndexFormatError(`${what}: ${error.message}`);
    throw error;
  }
}
