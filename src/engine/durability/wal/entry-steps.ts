/**
 * The log entry of a transaction applied in slices (src/engine/tx/apply-sliced.ts), which may hold
 * millions of operations: encoded and checksummed a step at a time, with a turn of the event loop
 * between steps, into a frame of its own. The writer applies nothing else until the log has it, so
 * nothing is encoded in between.
 */
import type { CommittedTransaction } from '../../tx/writer.js';
import { ByteWriter } from '../../codec/binary.js';
import { writeElementTransactionSteps } from './entry-codec.js';
import { beginFrame, endFrameSteps } from './frames.js';

/** Operations encoded between two turns: a few milliseconds. */
const encodeStepOperations = 16_384;
/** Bytes checksummed between two turns. */
const checksumStepBytes = 16 * 1024 * 1024;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The frame of `transaction` (element operations only) as commit `sequence`, the bytes `endFrame` makes
 * of `writeCommittedPayload`'s; throws what encoding throws.
 */
export async function encodeInSteps(
  transaction: CommittedTransaction,
  sequence: number,
  operationsPerStep = encodeStepOperations,
  bytesPerStep = checksumStepBytes,
): Promise<Buffer> {
  // A writer of its own: the log's shared encoder is reset by every other group's encoding.
  const out = new ByteWriter();
  const start = beginFrame(out);
  const payload = writeElementTransactionSteps(
    out,
    transaction,
    sequence,
    transaction.nowSeconds,
    operationsPerStep,
  );
  while (payload.next().done !== true) await yieldToEventLoop();
  const frame = endFrameSteps(out, start, bytesPerStep);
  while (frame.next().done !== true) await yieldToEventLoop();
  return out.written();
}
