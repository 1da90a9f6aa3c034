/**
 * The records of the writer's queue (writer.ts): a transaction or a step waiting to be applied, and how a
 * committed one settles its caller.
 */
import { EngineError } from '../errors.js';
import type { CreateBatch } from './create-batch.js';
import type { TransactionResult, WriteOperation } from './operations.js';

/**
 * A queued transaction or step. Every record has every field (undefined when it does not apply): one
 * shape, so the writer's loops over a group stay monomorphic.
 */
export interface Pending {
  operations: readonly WriteOperation[];
  /** Called with `pick(result)` when `pick` is set, else with the result itself. */
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  /**
   * What the caller wants of the result (`Writer.submit`'s `pick`): settling with it directly saves the
   * caller a second promise per transaction, which with thousands in flight is memory the young
   * generation copies at every scavenge.
   */
  pick: ((result: TransactionResult) => unknown) | undefined;
  /** An exclusive step (see `Writer.exclusive`) instead of a transaction. */
  step: (() => unknown) | undefined;
  /** Patches the operations' ids just before they apply (see `Writer.submitResolving`). */
  resolveIds: ((firstCreatedId: number) => void) | undefined;
  /** A columnar batch of creations (see `Writer.submitCreates`) instead of `operations`. */
  creates: CreateBatch | undefined;
  /** What the transaction counts against `maxQueuedBytes`; 0 for what the bounds do not count. */
  bytes: number;
  /** Element changes, measured at submission (apply-sliced.ts); 0 for steps. */
  work: number;
  /** Too much work for one turn: applied alone, in slices, while the writer holds its queue. */
  sliced: boolean;
}

export function pending(
  operations: readonly WriteOperation[],
  resolve: (result: unknown) => void,
  reject: (error: unknown) => void,
  extra: Partial<
    Pick<Pending, 'pick' | 'step' | 'resolveIds' | 'creates' | 'bytes' | 'work' | 'sliced'>
  > = {},
): Pending {
  return {
    operations,
    resolve,
    reject,
    pick: extra.pick,
    step: extra.step,
    resolveIds: extra.resolveIds,
    creates: extra.creates,
    bytes: extra.bytes ?? 0,
    work: extra.work ?? 0,
    sliced: extra.sliced ?? false,
  };
}

/** Resolves a committed transaction's caller with its result, or what its `pick` makes of it (a throw rejects). */
export function settle(record: Pending, result: TransactionResult): void {
  if (record.pick === undefined) {
    record.resolve(result);
    return;
  }
  let picked: unknown;
  try {
    picked = record.pick(result);
  } catch (error) {
    record.reject(error);
    return;
  }
  record.resolve(picked);
}

export function resolveBeforeApply(resolveIds: (firstCreatedId: number) => void, nextId: number): void {
  try {
    resolveIds(nextId);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new EngineError(
      'WRITER_FAULT',
      `the transaction's ids could not be resolved: ${(error as Error).message}`,
    );
  }
}

export function isTrim(operations: readonly WriteOperation[]): boolean {
  return operations.length === 1 && operations[0].kind === 'trim';
}

export function isMaintenance(pending: Pending | undefined): boolean {
  return pending !== undefined && pending.operations.length === 1 && pending.operations[0].kind === 'compact';
}

/** A compaction, an exclusive step or a transaction applied in slices: runs alone, between groups. */
export function holdsWriter(pending: Pending | undefined): boolean {
  return pending !== undefined && (pending.step !== undefined || pending.sliced || isMaintenance(pending));
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
