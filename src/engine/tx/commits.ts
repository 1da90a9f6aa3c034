/**
 * What the writer hands its commit hooks (the write-ahead log, the change feed, the index registry): one
 * record per committed transaction, and the hook type itself (writer.ts runs them; docs/durability.md).
 */
import type { AppliedTransaction } from './apply.js';
import type { CreateBatch } from './create-batch.js';
import type { WriteOperation } from './operations.js';

export interface CommittedTransaction {
  operations: readonly WriteOperation[];
  /**
   * The columns of a batch of creations (`Writer.submitCreates`), whose `operations` are derived from them
   * when first read. The batch's owner reuses it once the transaction is released, so its content (and
   * `operations`, unless read before) is only valid while the hooks run: the writer reads `operations` for
   * every hook not registered with `readsCreateBatches`, and those hooks may keep them.
   */
  creates?: CreateBatch;
  result: AppliedTransaction;
  /** The writer's clock when it applied the transaction (Unix seconds; modification dates). */
  nowSeconds: number;
  /** Re-applied from the write-ahead log (`applyReplayed`), not a new commit: the log skips it. */
  replayed: boolean;
  /**
   * Applied in slices across turns of the event loop (apply-sliced.ts): it is the only transaction of its
   * group, and the writer applies nothing else until every hook's promise for it has settled, so a hook
   * may take several turns over it too.
   */
  sliced?: boolean;
}

/**
 * Runs after a group is applied and before its callers are released. A hook that returns a promise holds
 * the release until it settles (the log's fsync); if it rejects, every caller of the group is told.
 */
export type CommitHook = (group: readonly CommittedTransaction[]) => void | Promise<void>;

export interface CommitHookOptions {
  /**
   * The hook reads `creates` when present and keeps nothing of a transaction's content after it returns
   * (the log, the change feed, the index registry), so `operations` need not be made for it.
   */
  readsCreateBatches?: boolean;
}

/** A committed batch of creations: `operations` made from the columns on first read, while they hold. */
export class CommittedCreates implements CommittedTransaction {
  readonly replayed = false;
  private derived: WriteOperation[] | undefined;
  private readonly generation: number;

  constructor(
    readonly creates: CreateBatch,
    readonly result: AppliedTransaction,
    readonly nowSeconds: number,
    readonly sliced = false,
  ) {
    this.generation = creates.generation;
  }

  get operations(): readonly WriteOperation[] {
    if (this.derived === undefined) {
      if (this.creates.generation !== this.generation) {
        throw new Error(
          'the batch of this committed transaction was reused: read its operations in the hook',
        );
      }
      this.derived = this.creates.toOperations();
    }
    return this.derived;
  }
}
