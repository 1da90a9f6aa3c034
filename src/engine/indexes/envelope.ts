/**
 * The frame of one index in a checkpoint file (docs/checkpoints.md): magic, version, plug-in type, id and
 * the payload's length around the payload the index type writes, so a loader finds the type that reads it.
 */
import type { GraphIndex, IndexCapture } from '../tx/index-plugin.js';
import { readPayload, startPayload } from './codec.js';

const envelopeMagic = 'SKIX';
const envelopeVersion = 1;

/** One index's payload parts framed for a checkpoint file, as parts: no copy. */
export function envelope(index: GraphIndex, payload: readonly Uint8Array[]): Uint8Array[] {
  let payloadBytes = 0;
  for (const part of payload) payloadBytes += part.byteLength;
  const header = startPayload(envelopeMagic, envelopeVersion, 64 + 3 * index.id.length);
  header.string(index.pluginType);
  header.string(index.id);
  header.varUint(payloadBytes);
  return [header.written(), ...payload];
}

/**
 * The index framed as `envelope` frames it, as it is now, to be encoded later: the index's own `capture`
 * where it has one (cheap now, the work in `encodeSteps`), else serialized now. A checkpoint captures every
 * index with the writer held and encodes them after releasing it.
 */
export function captureFramed(index: GraphIndex): IndexCapture {
  if (index.capture === undefined) {
    const parts = envelope(index, [index.serialize()]);
    return {
      *encodeSteps() {
        return parts;
      },
      release: () => undefined,
    };
  }
  const captured = index.capture();
  return {
    *encodeSteps() {
      return envelope(index, yield* captured.encodeSteps());
    },
    release: captured.release,
  };
}

/** The type, id and payload of a framed index; `IndexFormatError` for bytes that are not one. */
export function readEnvelope(bytes: Uint8Array): { pluginType: string; id: string; payload: Uint8Array } {
  return readPayload(bytes, envelopeMagic, envelopeVersion, 'index file', (input) => {
    const pluginType = input.string();
    const id = input.string();
    const length = input.varUint();
    return { pluginType, id, payload: input.bytes(length) };
  });
}
