/**
 * The single writer of one namespace. Transactions queue in submission order; the writer applies them in
 * groups, each transaction atomically, then runs the commit hooks for the group and releases the callers.
 *
 * Groups are the seam for durability and the change feed: the write-ahead log appends a whole group and
 * syncs once (group commit) before anyone waiting is released, and change events are dispatched in
 * commit order. A group is bounded (`maxGroupTransactions`) and the writer yields the event loop between
 * groups, so a burst of writes never holds it for long.
 *
 * Groups in flight: while a group's hooks are pending (its log sync), the writer applies the next group,
 * up to `maxGroupsInFlight` groups whose callers are not released yet, so several syncs run at once (a
 * disk completes two or four concurrent syncs in little more than the time of one). Callers are always
 * released in commit order: a group's outcome waits for every earlier group's. Exclusive steps and
 * compactions wait until no group is in flight.
 *
 * Maintenance (adjacency compaction) runs between groups as an asynchronous step: writes queue behind it,
 * reads continue. The writer starts one by itself when free-list waste grows past its threshold.
 *
 * The queue is bounded (`maxQueuedTransactions`, `maxQueuedBytes`; docs/limits.md): a transaction that
 * would pass either bound is refused at submission with WRITER_QUEUE_FULL, before anything of it is
 * queued. A transaction counts from its submission until the writer takes it into a group. Exclusive steps,
 * compactions the writer starts and `flush` barriers are not counted and never refused: they carry no
 * client data, and maintenance and saves must not fail because clients filled the queue.
 */
import { EngineError } from '../errors.js';
import type { Graph } from '../graph/graph.js';
import { applyTransaction, type AppliedTransaction, type WriterIndexes } from './apply.js';
import {
  applyCreateBatchInSlices,
  applyTransactionInSlices,
  batchWork,
  defaultApplyWorkPerSlice,
  isSliceable,
  transactionWork,
} from './apply-sliced.js';
import { applyCreateBatch } from './apply-batch.js';
import type { CreateBatch } from './create-batch.js';
import type { TransactionResult, WriteOperation } from './operations.js';
import { validateOperations } from './validate.js';
import { defaultMaxQueuedBytes, defaultMaxQueuedTransactions } from './queue-bounds.js';
import type { TrimSliceSizes } from '../graph/trim-sliced.js';
import { compactAdjacency, compactionWasteRatio, shouldCompact } from '../graph/compact.js';

import {
  CommittedCreates,
  type CommitHook,
  type CommitHookOptions,
  type CommittedTransaction,
} from './commits.js';
import {
  holdsWriter,
  isMaintenance,
  isTrim,
  pending,
  resolveBeforeApply,
  settle,
  yieldToEventLoop,
  type Pending,
} from './pending.js';

export type { CommittedTransaction, CommitHook, CommitHookOptions } from './commits.js';

export const defaultMaxGroupTransactions = 1024;
/**
 * Three groups syncing at once use three of libuv's four default threads, leaving one for the log's next
 * write and every other file operation.
 */
export const defaultMaxGroupsInFlight = 3;
/**
 * A group goes in flight beside others only when at least this many transactions wait: each sync costs
 * CPU (a thread hand-off, a write, the kernel's flush), so on a fast disk a few transactions are better
 * gathered behind the sync in flight, while on a slow disk the callers of a sync come back in crowds and
 * overlap pays. 32 was the best of the thresholds tried for durable writes over HTTP, on a quiet disk and
 * on one another process keeps busy (the figures are in BENCHMARKS.md, section 8).
 */
export const defaultMinTransactionsToOverlap = 32;

export interface WriterOptions {
  maxGroupTransactions?: number;
  /** Groups applied whose callers wait for their hooks (log syncs); 1 applies a group only after the last is released. */
  maxGroupsInFlight?: number;
  /** Transactions that must wait before a group goes in flight beside others (`defaultMinTransactionsToOverlap`). */
  minTransactionsToOverlap?: number;
  /** Most transactions waiting to be applied (`defaultMaxQueuedTransactions`); one more is refused. */
  maxQueuedTransactions?: number;
  /**
   * Most estimated bytes the waiting transactions hold (`defaultMaxQueuedBytes`, queue-bounds.ts); a
   * transaction that would pass it is refused, unless no other transaction waits.
   */
  maxQueuedBytes?: number;
  /** Server clock in Unix seconds (modification dates). */
  clockSeconds?: () => number;
  /** Told when maintenance the writer started by itself fails (default: a process warning). */
  onBackgroundError?: (error: Error) => void;
  /**
   * Element changes one turn of the event loop applies at most (`defaultApplyWorkPerSlice`): a group
   * stops short of passing it, and a single transaction that passes it is applied in slices of it
   * (apply-sliced.ts).
   */
  applyWorkPerSlice?: number;
  /** The sizes of a trim's slices (trim-sliced.ts; defaults `trimIdsPerSlice` and the others there). */
  trimSlices?: TrimSliceSizes;
}

export class Writer {
  private queue: Pending[] = [];
  /** A drain is queued. */
  private scheduled = false;
  /** An exclusive step or a compaction runs: the writer is held. */
  private holding = false;
  /** Groups applied whose callers are not released yet (their hooks are pending). */
  private groupsInFlight = 0;
  /** Settles after the last group in flight is released: releases chain onto it, in commit order. */
  private releases: Promise<void> = Promise.resolve();
  private readonly hooks: CommitHook[] = [];
  /** Hooks that read `creates` themselves (see `CommitHookOptions`). */
  private readonly batchReaders = new Set<CommitHook>();
  private readonly maxGroupTransactions: number;
  private readonly maxGroupsInFlight: number;
  private readonly minTransactionsToOverlap: number;
  private readonly maxQueuedTransactions: number;
  private readonly maxQueuedBytes: number;
  /** Counted transactions in `queue` (submitted, not yet taken into a group) and their bytes. */
  private queuedTransactions = 0;
  private queuedBytes = 0;
  /** Settled when counted transactions next leave the queue (see `queueShrank`). */
  private shrinkSignal: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly applyWorkPerSlice: number;
  private readonly trimSlices: TrimSliceSizes | undefined;
  private readonly clockSeconds: () => number;
  private readonly onBackgroundError: (error: Error) => void;
  /** Transactions committed and rolled back since start. */
  committedCount = 0;
  rolledBackCount = 0;
  /**
   * Committed transactions with at least one operation (those the commit hooks see) since the graph's
   * origin: the engine's start, or the checkpoint it was loaded from (whose `lastCommittedSequence` the
   * loader installs). A snapshot taken in an exclusive step records it as the cut's position.
   */
  committedSequence = 0;
  private exclusiveStepRunning = false;
  /** Where index definitions, explicit index writes and a clear change the indexes (the engine's registry). */
  private indexes: WriterIndexes | undefined;

  constructor(
    private readonly graph: Graph,
    options: WriterOptions = {},
  ) {
    this.maxGroupTransactions = options.maxGroupTransactions ?? defaultMaxGroupTransactions;
    this.maxGroupsInFlight = Math.max(1, options.maxGroupsInFlight ?? defaultMaxGroupsInFlight);
    this.minTransactionsToOverlap = Math.max(
      1,
      options.minTransactionsToOverlap ?? defaultMinTransactionsToOverlap,
    );
    this.maxQueuedTransactions = Math.max(1, options.maxQueuedTransactions ?? defaultMaxQueuedTransactions);
    this.maxQueuedBytes = Math.max(1, options.maxQueuedBytes ?? defaultMaxQueuedBytes);
    this.applyWorkPerSlice = Math.max(1, options.applyWorkPerSlice ?? defaultApplyWorkPerSlice);
    this.trimSlices = options.trimSlices;
    this.clockSeconds = options.clockSeconds ?? (() => Math.floor(Date.now() / 1000));
    this.onBackgroundError =
      options.onBackgroundError ??
      ((error) => process.emitWarning(error.message, { code: 'SKEIN_MAINTENANCE' }));
  }

  /** Lets transactions define, drop and write indexes in `indexes` (the engine attaches its registry once). */
  attachIndexes(indexes: WriterIndexes): void {
    this.indexes = indexes;
  }

  addCommitHook(hook: CommitHook, options: CommitHookOptions = {}): void {
    this.hooks.push(hook);
    if (options.readsCreateBatches === true) this.batchReaders.add(hook);
  }

  /** Detaches a hook (a closed log stops hearing about commits); unknown hooks are ignored. */
  removeCommitHook(hook: CommitHook): void {
    const index = this.hooks.indexOf(hook);
    if (index >= 0) this.hooks.splice(index, 1);
    if (!this.hooks.includes(hook)) this.batchReaders.delete(hook);
  }

  /** Transactions and steps waiting to be applied. */
  get queueLength(): number {
    return this.queue.length;
  }

  /** Transactions waiting to be applied, as the queue bound counts them (steps and barriers not counted). */
  get queuedTransactionCount(): number {
    return this.queuedTransactions;
  }

  /** The estimated bytes of the transactions waiting (see queue-bounds.ts). */
  get queuedByteCount(): number {
    return this.queuedBytes;
  }

  /**
   * Whether a transaction of `bytes` would be admitted now: fewer than `maxQueuedTransactions` wait, and
   * their bytes with it stay within `maxQueuedBytes`, or no transaction waits at all (so one transaction
   * larger than the byte bound can still commit, alone).
   */
  hasRoomFor(bytes: number): boolean {
    return (
      this.queuedTransactions < this.maxQueuedTransactions &&
      (this.queuedBytes + bytes <= this.maxQueuedBytes || this.queuedTransactions === 0)
    );
  }

  /**
   * Settles the next time counted transactions leave the queue (taken into a group). A producer that must
   * not be refused (bulk import) waits on it until `hasRoomFor` answers true, then submits at once.
   */
  queueShrank(): Promise<void> {
    if (this.shrinkSignal === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((settle) => (resolve = settle));
      this.shrinkSignal = { promise, resolve };
    }
    return this.shrinkSignal.promise;
  }

  /** Counts a transaction of `bytes` into the queue, or throws WRITER_QUEUE_FULL: nothing is queued. */
  private admit(bytes: number): void {
    if (
      this.queuedTransactions >= this.maxQueuedTransactions ||
      (this.queuedBytes + bytes > this.maxQueuedBytes && this.queuedTransactions > 0)
    ) {
      throw this.queueFull(bytes);
    }
    this.queuedTransactions++;
    this.queuedBytes += bytes;
  }

  private queueFull(bytes: number): EngineError {
    const { maxQueuedTransactions, maxQueuedBytes } = this;
    const which =
      this.queuedTransactions >= maxQueuedTransactions
        ? `${this.queuedTransactions} transactions wait (at most ${maxQueuedTransactions})`
        : `${this.queuedTransactions} waiting transactions hold ${this.queuedBytes} bytes and this one ` +
          `${bytes} more (at most ${maxQueuedBytes})`;
    return new EngineError('WRITER_QUEUE_FULL', `the writer's queue is full: ${which}; retry later`, {
      maxQueuedTransactions,
      maxQueuedBytes,
    });
  }

  /** Counted transactions left the queue: their share of the bounds is free again. */
  private leftQueue(transactions: number, bytes: number): void {
    this.queuedTransactions -= transactions;
    this.queuedBytes -= bytes;
    const signal = this.shrinkSignal;
    if (signal !== undefined) {
      this.shrinkSignal = undefined;
      signal.resolve();
    }
  }

  /**
   * Validates and enqueues a transaction. Throws `EngineError` at once, with nothing enqueued, for bad input
   * (INVALID_INPUT) or a full queue (WRITER_QUEUE_FULL); otherwise the promise settles when the transaction
   * has committed (or rolled back).
   */
  submit(operations: readonly WriteOperation[]): Promise<TransactionResult>;
  /** `submit`, settling with `pick(result)` instead of the result (one promise, not two, per transaction). */
  submit<T>(operations: readonly WriteOperation[], pick: (result: TransactionResult) => T): Promise<T>;
  submit(
    operations: readonly WriteOperation[],
    pick?: (result: TransactionResult) => unknown,
  ): Promise<unknown> {
    const bytes = validateOperations(operations);
    const work = transactionWork(this.graph, operations, this.applyWorkPerSlice);
    const sliced = this.appliesInSlices(operations, work);
    this.admit(bytes);
    return new Promise<unknown>((resolve, reject) => {
      // Spelled out rather than through `pending()`: every write comes here, without an `extra` object.
      this.queue.push({
        operations,
        resolve,
        reject,
        pick,
        step: undefined,
        resolveIds: undefined,
        creates: undefined,
        bytes,
        work,
        sliced,
      });
      this.schedule(queueMicrotask);
    });
  }

  /**
   * `submit` for a transaction whose operations refer to elements it creates itself (an edge between two
   * vertices of the same transaction, an embedding of a new element). Just before the transaction applies,
   * on the writer, `resolveIds` receives the id its first created element will get (a transaction's
   * created ids are consecutive, in operation order) and patches the element ids of `operations` in
   * place; nothing can commit in between, so the ids are exact whatever else is queued. The operations are
   * validated at the door with their placeholder ids; `resolveIds` must only replace ids by ids. If it
   * throws, the transaction rolls back. The log records the patched operations, so replay needs no resolver.
   */
  submitResolving(
    operations: readonly WriteOperation[],
    resolveIds: (firstCreatedId: number) => void,
  ): Promise<TransactionResult> {
    const bytes = validateOperations(operations);
    const work = transactionWork(this.graph, operations, this.applyWorkPerSlice);
    const sliced = this.appliesInSlices(operations, work);
    this.admit(bytes);
    return new Promise<TransactionResult>((resolve, reject) => {
      this.queue.push(
        pending(operations, resolve as (result: unknown) => void, reject, {
          resolveIds,
          bytes,
          work,
          sliced,
        }),
      );
      this.schedule(queueMicrotask);
    });
  }

  /**
   * `submitResolving` for a batch of creations held in columns (create-batch.ts: what bulk import
   * commits), checked as it was filled. The transaction is the one `batch.toOperations()` describes: same
   * effects, log entry and change events. `resolveIds`, if given, may patch the batch's endpoint columns
   * just before it applies. The caller may reuse the batch (`reset`) once the promise has settled. Counted
   * against the queue's bounds as `batch.queuedBytes` (WRITER_QUEUE_FULL at once when it does not fit).
   */
  submitCreates(
    batch: CreateBatch,
    resolveIds?: (firstCreatedId: number) => void,
  ): Promise<TransactionResult> {
    const bytes = batch.queuedBytes;
    const work = batchWork(batch);
    this.admit(bytes);
    return new Promise<TransactionResult>((resolve, reject) => {
      this.queue.push(
        pending(noOperations, resolve as (result: unknown) => void, reject, {
          resolveIds,
          creates: batch,
          bytes,
          work,
          sliced: work > this.applyWorkPerSlice,
        }),
      );
      this.schedule(queueMicrotask);
    });
  }

  /**
   * Runs `step` once every write submitted before it has been applied and its callers released; writes
   * submitted meanwhile wait until the step settles (its promise, if it returns one), reads continue. For
   * work that needs the graph unchanged across event-loop turns: a checkpoint's snapshot copy, installing
   * a loaded checkpoint. Settles with the step's outcome.
   */
  exclusive<T>(step: () => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(pending(noOperations, resolve as (result: unknown) => void, reject, { step }));
      this.schedule(queueMicrotask);
    });
  }

  /** Whether a transaction of `work` element changes is applied in slices (apply-sliced.ts). */
  private appliesInSlices(operations: readonly WriteOperation[], work: number): boolean {
    return (work > this.applyWorkPerSlice || isTrim(operations)) && isSliceable(operations);
  }

  /** An exclusive step is running (see `exclusive`): the writer is held and nothing else applies. */
  get inExclusiveStep(): boolean {
    return this.exclusiveStepRunning;
  }

  /**
   * Re-applies transactions read back from the write-ahead log, in order (one too large for a turn in
   * slices, as live), each with the clock of its original commit so modification dates come out
   * identical; the commit hooks see them as one
   * group flagged `replayed` and are awaited. Only inside an exclusive step: the writer is held, so no
   * other write can fall between a loaded checkpoint and the history replayed on top of it. Answers each
   * transaction's outcome (a rolled-back one as its EngineError).
   */
  async applyReplayed(
    transactions: readonly { operations: readonly WriteOperation[]; nowSeconds: number }[],
  ): Promise<(TransactionResult | EngineError)[]> {
    if (!this.exclusiveStepRunning) {
      throw new Error('replayed transactions are applied only inside an exclusive writer step');
    }
    // As in a live group (see `drain`), a trim ends the batch; the log replays each trim alone.
    if (transactions.slice(0, -1).some(({ operations }) => isTrim(operations))) {
      throw new Error('a replayed trim must be the last transaction of its batch');
    }
    const committed: CommittedTransaction[] = [];
    const outcomes = new Array<TransactionResult | EngineError>(transactions.length);
    const slices = {
      workPerSlice: this.applyWorkPerSlice,
      trimSlices: this.trimSlices,
      yieldToEventLoop,
    };
    for (let i = 0; i < transactions.length; i++) {
      const { operations, nowSeconds } = transactions[i];
      try {
        validateOperations(operations);
        // A transaction too large for one turn replays in slices, as it was applied live (apply-sliced.ts);
        // the hooks still see the batch once, as before.
        const result = this.appliesInSlices(
          operations,
          transactionWork(this.graph, operations, this.applyWorkPerSlice),
        )
          ? await applyTransactionInSlices(this.graph, operations, nowSeconds, this.indexes, slices)
          : applyTransaction(this.graph, operations, nowSeconds, this.indexes);
        outcomes[i] = { createdIds: result.createdIds };
        if (operations.length > 0) committed.push({ operations, result, nowSeconds, replayed: true });
        this.committedCount++;
      } catch (error) {
        outcomes[i] = error as EngineError;
        this.rolledBackCount++;
      }
    }
    this.committedSequence += committed.length;
    await this.runHooks(committed);
    return outcomes;
  }

  /**
   * Resolves once everything submitted so far has been applied and released. The barrier is not counted
   * against the queue's bounds: draining a writer (a stop, a save) never fails on a full queue.
   */
  flush(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push(pending(noOperations, resolve as (result: unknown) => void, reject, { pick: ignore }));
      this.schedule(queueMicrotask);
    });
  }

  /**
   * Queues a drain through `defer` unless one is queued, the writer is held, nothing waits, or what waits
   * must wait for groups in flight (a step that holds the writer: for all of them; a group: for a free
   * place, and beside others only with `minTransactionsToOverlap` waiting). Whatever ends such a wait (a
   * release, a submission) calls it again.
   */
  private schedule(defer: (run: () => void) => void): void {
    if (this.scheduled || this.holding || this.queue.length === 0) return;
    const holds = holdsWriter(this.queue[0]);
    if (this.groupsInFlight >= (holds ? 1 : this.maxGroupsInFlight)) return;
    if (!holds && this.groupsInFlight > 0 && this.queue.length < this.minTransactionsToOverlap) return;
    this.scheduled = true;
    defer(this.drain);
  }

  private readonly drain = (): void => {
    this.scheduled = false;
    if (this.queue.length === 0) return;
    if (holdsWriter(this.queue[0])) {
      const held = this.queue.shift()!;
      if (held.bytes > 0) this.leftQueue(1, held.bytes);
      if (held.sliced) void this.applyInSlices(held);
      else this.runMaintenance(held);
      return;
    }
    // A group is bounded in transactions and in work: it is applied and hooked in one turn.
    let size = 0;
    let work = 0;
    const limit = Math.min(this.queue.length, this.maxGroupTransactions);
    while (size < limit) {
      const next = this.queue[size];
      if (holdsWriter(next) || (size > 0 && work + next.work > this.applyWorkPerSlice)) break;
      work += next.work;
      size++;
      // A trim ends its group: the indexes follow its renumbering at the group's commit hook, so an index
      // write after it in the same group (made in the new ids, at apply) would be renumbered again.
      if (isTrim(next.operations)) break;
    }
    let group: Pending[];
    if (size === this.queue.length) {
      group = this.queue;
      this.queue = [];
    } else {
      group = this.queue.splice(0, size);
    }
    const now = this.clockSeconds();
    const committed: CommittedTransaction[] = [];
    const outcomes = new Array<AppliedTransaction | EngineError>(group.length);
    let counted = 0;
    let countedBytes = 0;
    for (let i = 0; i < group.length; i++) {
      const { operations, resolveIds, creates, bytes } = group[i];
      if (bytes > 0) {
        counted++;
        countedBytes += bytes;
      }
      try {
        if (resolveIds !== undefined) resolveBeforeApply(resolveIds, this.graph.nextId);
        if (creates !== undefined) {
          const result = applyCreateBatch(this.graph, creates, now);
          outcomes[i] = result;
          if (!creates.isEmpty) committed.push(new CommittedCreates(creates, result, now));
        } else {
          const result = applyTransaction(this.graph, operations, now, this.indexes);
          outcomes[i] = result;
          if (operations.length > 0) committed.push({ operations, result, nowSeconds: now, replayed: false });
        }
        this.committedCount++;
      } catch (error) {
        outcomes[i] = error as EngineError;
        this.rolledBackCount++;
      }
    }
    this.committedSequence += committed.length;
    if (counted > 0) this.leftQueue(counted, countedBytes);
    const hookResults = this.runHooks(committed);
    if (hookResults === undefined && this.groupsInFlight === 0) {
      this.release(group, outcomes, undefined);
      return;
    }
    // Released after its hooks and after every earlier group; meanwhile the next group may apply.
    this.groupsInFlight++;
    const settled =
      hookResults === undefined
        ? undefined
        : hookResults.then(
            () => undefined,
            (error: unknown) => ({ error }),
          );
    this.releases = this.releases
      .then(() => settled)
      .then((failure) => {
        this.groupsInFlight--;
        this.release(group, outcomes, failure === undefined ? undefined : failure.error);
      });
    this.schedule(setImmediate);
  };

  /**
   * Applies a transaction too large for one turn in slices (apply-sliced.ts) while the writer holds its
   * queue, runs the hooks over it and waits for them (they may take turns too), then releases its caller.
   */
  private async applyInSlices(record: Pending): Promise<void> {
    this.holding = true;
    // The turn that submitted it has validated and measured it already: the slices start on the next.
    await yieldToEventLoop();
    const now = this.clockSeconds();
    let outcome: AppliedTransaction | EngineError;
    const { creates } = record;
    const slices = {
      workPerSlice: this.applyWorkPerSlice,
      trimSlices: this.trimSlices,
      yieldToEventLoop,
    };
    try {
      if (record.resolveIds !== undefined) resolveBeforeApply(record.resolveIds, this.graph.nextId);
      outcome =
        creates === undefined
          ? await applyTransactionInSlices(this.graph, record.operations, now, this.indexes, slices)
          : await applyCreateBatchInSlices(this.graph, creates, now, slices);
      this.committedCount++;
    } catch (error) {
      outcome = error as EngineError;
      this.rolledBackCount++;
    }
    let failure: { error: unknown } | undefined;
    if (!(outcome instanceof EngineError)) {
      this.committedSequence++;
      const committed: CommittedTransaction =
        creates === undefined
          ? {
              operations: record.operations,
              result: outcome,
              nowSeconds: now,
              replayed: false,
              // A trim's hooks (its log marker, its resync event, the indexes' renumbering) are those of
              // a trim in a group; only element writes have hook work to slice.
              sliced: !isTrim(record.operations),
            }
          : new CommittedCreates(creates, outcome, now, true);
      const hookResults = this.runHooks([committed]);
      if (hookResults !== undefined) {
        failure = await hookResults.then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
      }
    }
    this.holding = false;
    this.release([record], [outcome], failure?.error);
  }

  private runHooks(committed: CommittedTransaction[]): Promise<void> | undefined {
    if (this.hooks.length === 0 || committed.length === 0) return undefined;
    if (this.batchReaders.size < this.hooks.length) {
      // A hook that reads `operations` may keep them: make them now, while the batch's columns hold.
      for (const transaction of committed) if (transaction.creates !== undefined) void transaction.operations;
    }
    const waits: Promise<void>[] = [];
    for (const hook of this.hooks) {
      try {
        const outcome = hook(committed);
        if (outcome !== undefined) waits.push(outcome);
      } catch (error) {
        // A hook that throws instead of rejecting must not strand the group: treat it as a rejection.
        waits.push(Promise.reject(error));
      }
    }
    return waits.length === 0 ? undefined : Promise.all(waits).then(() => undefined);
  }

  /** Tells a group's callers its outcome, then lets the writer go on (a compaction first if waste calls for one). */
  private release(
    group: Pending[],
    outcomes: (AppliedTransaction | EngineError)[],
    hookError: unknown,
  ): void {
    for (let i = 0; i < group.length; i++) {
      const outcome = outcomes[i];
      if (outcome instanceof EngineError) group[i].reject(outcome);
      else if (hookError !== undefined) {
        group[i].reject(
          new EngineError(
            'WRITER_FAULT',
            `committed in memory but not durably: ${(hookError as Error).message}`,
          ),
        );
      } else settle(group[i], { createdIds: outcome.createdIds });
    }
    if (shouldCompact(this.graph, this.wasteRatio()) && !this.queue.some(isMaintenance)) {
      // Next, ahead of queued writes: they would only add to the waste it removes.
      this.queue.unshift(pending(compactOperation, ignore, this.reportMaintenanceFailure));
    }
    this.schedule(setImmediate);
  }

  /** The waste ratios of the open `holdCompaction` holds. */
  private readonly compactionHolds = new Set<{ wasteRatio: number }>();

  /** The waste ratio that starts a compaction now: the largest an open hold asks for, else the default. */
  private wasteRatio(): number {
    let ratio = compactionWasteRatio;
    for (const hold of this.compactionHolds) ratio = Math.max(ratio, hold.wasteRatio);
    return ratio;
  }

  /**
   * Lets the adjacency waste grow to `wasteRatio` times the live words (Infinity: without bound) before the
   * writer compacts by itself, until the returned function is called (idempotent); then one compaction is
   * queued if the usual ratio calls for it. A bulk load holds it: its growing records would otherwise
   * trigger a compaction every few hundred thousand edges, each copying the whole adjacency and leaving the
   * old pool to the garbage collector.
   */
  holdCompaction(wasteRatio: number): () => void {
    const hold = { wasteRatio };
    this.compactionHolds.add(hold);
    return () => {
      if (!this.compactionHolds.delete(hold)) return;
      if (shouldCompact(this.graph, this.wasteRatio()) && !this.queue.some(isMaintenance)) {
        this.requestCompaction();
      }
    };
  }

  /** Enqueues a compaction nobody waits for; a failure goes to `onBackgroundError`. */
  requestCompaction(): void {
    this.queue.push(pending(compactOperation, ignore, this.reportMaintenanceFailure));
    this.schedule(queueMicrotask);
  }

  private endHold(): void {
    this.holding = false;
    this.schedule(setImmediate);
  }

  private runMaintenance(pending: Pending): void {
    const { step } = pending;
    this.holding = true;
    if (step !== undefined) {
      this.exclusiveStepRunning = true;
      new Promise((resolve) => resolve(step())).then(
        (outcome) => {
          this.exclusiveStepRunning = false;
          pending.resolve(outcome);
          this.endHold();
        },
        (error: unknown) => {
          this.exclusiveStepRunning = false;
          pending.reject(error);
          this.endHold();
        },
      );
      return;
    }
    compactAdjacency(this.graph, yieldToEventLoop).then(
      () => {
        settle(pending, { createdIds: [] });
        this.endHold();
      },
      (error: unknown) => {
        pending.reject(
          new EngineError('WRITER_FAULT', `adjacency compaction failed: ${(error as Error).message}`),
        );
        this.endHold();
      },
    );
  }

  /** An automatic compaction has no caller to tell; its failure must still surface. */
  private readonly reportMaintenanceFailure = (error: unknown): void => {
    this.onBackgroundError(error as Error);
  };
}

const compactOperation: readonly WriteOperation[] = [{ kind: 'compact' }];
const noOperations: readonly WriteOperation[] = [];
const ignore = (): void => undefined;

/** Runs a transaction's id resolver; a failure of it is a rollback of that transaction, never a crash. */
