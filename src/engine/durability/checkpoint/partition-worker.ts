/**
 * Worker-thread entry: encodes partitions of a snapshot (its columns arrive as views over
 * SharedArrayBuffers, no copy) and writes each to its temporary file, fsynced, with synchronous file calls
 * that block only this thread. Answers one message per partition; the main thread publishes the files.
 */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { encodePartition, type PartitionJob, type PartitionReply } from './partition.js';
import { writeFileDurablySync } from './files.js';

function run(job: PartitionJob): PartitionReply {
  try {
    const encoded = encodePartition(job);
    writeFileDurablySync(job.tempPath, encoded.parts);
    return {
      index: job.index,
      ok: true,
      bytes: encoded.bytes,
      payloadCrc32: encoded.payloadCrc32,
      vertexCount: encoded.vertexCount,
      edgeCount: encoded.edgeCount,
    };
  } catch (error) {
    return { index: job.index, ok: false, message: (error as Error).message };
  }
}

// Save work is background work: on Linux, where a thread has a nice value of its own, this thread yields
// the CPU to the event loop's thread (elsewhere the call would renice the whole process, so it is skipped).
if (process.platform === 'linux') os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);

parentPort?.on('message', (job: PartitionJob) => {
  parentPort!.postMessage(run(job));
});
