/**
 * The bounds of a writer's queue and how a transaction is measured against them (docs/limits.md, "The
 * writer's queue"). A transaction is measured once, at submission, by an estimate of the memory it holds
 * while it waits: fixed costs for its queue record, each operation and each property, plus the length of
 * its strings and the bytes of its vectors. The estimate walks nothing the door's checks do not walk
 * already (validate.ts adds it up in the same pass), so bounding the queue costs a submission two
 * comparisons and two additions.
 */

/**
 * Transactions that may wait for the writer. A full group is 1024 transactions by default, so this is 64
 * groups: far more than any number of connections waiting for their commits puts in the queue (each has
 * one transaction in it), and a backlog the writer works through in a fraction of a second; what outgrows
 * it is a producer that does not wait (`waitForCompletion=false`) and writes faster than the writer.
 */
export const defaultMaxQueuedTransactions = 65_536;
/**
 * Estimated bytes the waiting transactions may hold: 256 MiB, eight request bodies of the default
 * `Svc:Http:MaxBodyBytes` (30,000,000) in text, and well under the heap limit Node sets by default on a
 * server (2 to 4 GiB). Small writes (a few hundred bytes each) reach `defaultMaxQueuedTransactions` first.
 */
export const defaultMaxQueuedBytes = 256 * 1024 * 1024;

/** The range `Svc:Writer:MaxQueuedTransactions` accepts. */
export const maxMaxQueuedTransactions = 16_777_216;
/** The range `Svc:Writer:MaxQueuedBytes` accepts: below 1 MiB only a few small writes would queue. */
export const minMaxQueuedBytes = 1_048_576;
export const maxMaxQueuedBytes = 68_719_476_736;

/**
 * The queue record of a transaction, its promise and the caller's resolvers. With one operation's cost
 * this matches the heap bench/writes.ts measures per queued single-operation transaction.
 */
export const queuedTransactionBytes = 320;
/** One operation object and its input object. */
export const queuedOperationBytes = 64;
/** One property: its input object and typed value object. */
export const queuedPropertyBytes = 48;

/**
 * Bytes of a property value beyond `queuedPropertyBytes`: a string's length (one byte per character, as
 * V8 stores Latin-1 text), a vector's bytes; numbers and the small objects of the other types are covered
 * by the fixed cost.
 */
export function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  return value instanceof Float32Array ? value.byteLength : 0;
}
