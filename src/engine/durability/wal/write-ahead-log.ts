/**
 * One namespace's write-ahead log: every committed transaction is appended as an entry, each commit group
 * in one write followed by one `fdatasync`, before the group's callers are released (group commit through
 * the writer's commit hook). On open the log is scanned; `replay` re-applies its entries to the engine;
 * `resetAnchoredTo` starts a new log file on top of a new checkpoint.
 *
 * Groups in flight: the writer applies the next group while a group's sync runs (Writer
 * `maxGroupsInFlight`), so the log writes each group as soon as the write before it is done and starts its
 * sync at once: several syncs run together. What each group's callers are told is decided in commit order
 * (`settleGroup`): a group is durable when its own sync succeeded and no earlier group failed.
 *
 * Lifecycle:
 *   open ── (new file) ───────────────────────────────────────────────> live
 *   open ── (existing file) ── awaiting recovery ── replay / reset ──> live ── close
 * Until the log is live, commits on the engine are not logged and their callers are told so (the log
 * reports itself degraded): a commit must never reach the log ahead of the history it follows.
 *
 * Failure fence: when an append or a sync fails, the log is degraded. The group's callers and every later
 * caller are told that their commit is in memory but not durable (the writer turns the hook's rejection
 * into a `fault` EngineError naming the cause); nothing more is written to this file, so it stays a
 * consistent prefix of the history. The encoded entries of non-durable commits are held in memory (up to
 * `maxHeldBytes`) so that the next `resetAnchoredTo` (a save) can write them into the new file; a
 * successful reset clears the fence. There is no automatic retry.
 *
 * Invariant: the file holds the header and then entries with consecutive sequence numbers starting right
 * after the anchor's; `lastSequence` is the sequence number of the last transaction applied to the engine.
 */
import type { Engine } from '../../engine.js';
import type { CommittedTransaction } from '../../tx/writer.js';
import { ByteWriter } from '../../codec/binary.js';
import { writeCommittedPayload } from './entry-codec.js';
import { replayFrames } from './replay-frames.js';
import { nodeLogFileSystem, type LogFile, type LogFileSystem } from './file-system.js';
import { beginFrame, endFrame, scanFrames, type FrameScan } from './frames.js';
import { encodeInSteps } from './entry-steps.js';
import { anchorSequence, decodeHeader, emptyGraphAnchor, encodeHeader, type LogAnchor } from './header.js';
import { allocateExtent, logExtentBytes, unallocatedAppendBytes } from './extents.js';
import {
  LogReplayError,
  LogStateError,
  type DegradedCause,
  type LogStatus,
  type RecoveryReport,
  type ReplayOptions,
  type ResetOptions,
} from './log-status.js';

export { logExtentBytes, LogReplayError, LogStateError };
export type { DegradedCause, LogStatus, RecoveryReport, ReplayOptions, ResetOptions };

/**
 * Most bytes of non-durable entries held for the next reset (the default of `maxHeldBytes`); beyond it only
 * a full checkpoint clears the fence. Writes go on while the log is degraded, so this bounds what they hold.
 */
export const maxHeldBytes = 256 * 1024 * 1024;
/**
 * Resolves once the event loop has polled for input: an immediate set while input is handled (the poll
 * phase, where a commit usually starts) runs right after it in the same turn, so it takes two.
 */
function pastPendingInput(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** The encoder keeps its buffer between groups up to this size (a bulk group may grow it far beyond). */
const maxKeptEncoderBytes = 16 * 1024 * 1024;
/** Replayed transactions in flight at once: bounds the memory of decoded entries during recovery. */
export interface WriteAheadLogOptions {
  /** The log file. */
  readonly path: string;
  /** The namespace's immutable id, recorded in the header and checked on open. */
  readonly namespaceId: string;
  /** The engine whose commits the log records and into which it replays. */
  readonly engine: Engine;
  readonly fileSystem?: LogFileSystem;
  /** Told about what deserves a line in the server log (a cut tail, a preserved damaged file). */
  readonly onWarning?: (message: string) => void;
  /** Clock of header timestamps and degraded-since times, Unix milliseconds. */
  readonly nowMs?: () => number;
  /** Bytes of non-durable entries held while degraded (default `maxHeldBytes`). */
  readonly maxHeldBytes?: number;
}

/** What became of a group's write (`writeGroup`), for `settleGroup` to decide on. */
type GroupWrite =
  | { kind: 'written'; bytes: Buffer; sync: Promise<void>; end: number }
  /** Writes had stopped (the fence, or an earlier failure): held with the non-durable commits. */
  | { kind: 'notWritten'; bytes: Buffer }
  | { kind: 'failed'; bytes: Buffer; error: unknown }
  | { kind: 'unencodable'; error: unknown };

interface HeldEntries {
  /** Encoded frames of non-durable commits, in order, from the first one after the last durable entry. */
  readonly chunks: Buffer[];
  bytes: number;
}

/** Non-durable entries are held (`HeldEntries`), or some were lost (`lost`), or the fence is not tripped. */
type Held = HeldEntries | 'lost' | null;

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export class WriteAheadLog {
  readonly path: string;
  readonly namespaceId: string;
  private readonly engine: Engine;
  private readonly fileSystem: LogFileSystem;
  private readonly warn: (message: string) => void;
  private readonly nowMs: () => number;
  private readonly maxHeldBytes: number;
  private readonly encoder = new ByteWriter();

  /** Null until a created log's file exists (or for good, when creating it failed). */
  private file: LogFile | null;
  private anchorValue: LogAnchor;
  /** Bytes of the file's header. */
  private framesStart: number;
  /** Where the next group is written: the end of the last group written. */
  private writtenEnd: number;
  /** The end of the last durable entry: the file up to here is the durable history. */
  private durableEnd: number;
  /** A write failed or an entry could not be encoded: nothing more is written until a reset. */
  private writesStopped = false;
  /** Settles once the last group's outcome is decided (groups are decided in commit order). */
  private settled: Promise<unknown> = Promise.resolve();
  /** Bytes of the file: the entries and the zero-filled extent after them (`logExtentBytes`). */
  private allocatedEnd: number;
  /** The last sequence number the commit hook gave an entry (or found it could not). */
  private encodedThrough: number;
  /** The last sequence number whose entry the append chain has handled (written or held). */
  private handledThrough: number;
  /** The last sequence number written and synced to the file. */
  private durableThrough: number;
  /** The scan of the file as found on open, until the first replay consumes it. */
  private opened: { content: Buffer; scan: FrameScan } | null;
  private live: boolean;
  private closed = false;
  private failure: string | null = null;
  /** Entries of commits since the fence tripped. */
  private held: Held = null;
  private chain: Promise<unknown> = Promise.resolve();
  private nonDurableCommits = 0;
  private recovery = { ran: false, truncated: false, replayedEntries: 0 };
  private readyPromise: Promise<void> = Promise.resolve();
  /** A created log's header until its file exists (it stands in for the file if creating it failed). */
  private unwrittenHeader: Buffer | null = null;

  private constructor(
    options: WriteAheadLogOptions,
    fileSystem: LogFileSystem,
    file: LogFile | null,
    state: {
      anchor: LogAnchor;
      framesStart: number;
      size: number;
      allocatedEnd: number;
      opened: { content: Buffer; scan: FrameScan } | null;
    },
  ) {
    this.path = options.path;
    this.namespaceId = options.namespaceId;
    this.engine = options.engine;
    this.fileSystem = fileSystem;
    this.warn = options.onWarning ?? ((message) => process.emitWarning(message, { code: 'SKEIN_WAL' }));
    this.nowMs = options.nowMs ?? Date.now;
    this.maxHeldBytes = options.maxHeldBytes ?? maxHeldBytes;
    this.file = file;
    this.anchorValue = state.anchor;
    this.framesStart = state.framesStart;
    this.writtenEnd = state.size;
    this.durableEnd = state.size;
    this.allocatedEnd = state.allocatedEnd;
    this.opened = state.opened;
    this.live = state.opened === null;
    const start = anchorSequence(state.anchor);
    this.encodedThrough = start;
    this.handledThrough = start;
    this.durableThrough = start;
    this.engine.addCommitHook(this.onCommit, { readsCreateBatches: true });
  }

  /**
   * Starts a new, empty log for the engine at once, anchored to the empty graph and live: commits are
   * recorded from this moment, and their appends wait until the file is written (replacing any file at the
   * path). If it cannot be written the failure fence trips and `ready` rejects with the cause.
   */
  static create(options: WriteAheadLogOptions): WriteAheadLog {
    const fileSystem = options.fileSystem ?? nodeLogFileSystem;
    const nowMs = options.nowMs ?? Date.now;
    const header = encodeHeader({
      namespaceId: options.namespaceId,
      anchor: emptyGraphAnchor,
      createdAtMs: nowMs(),
    });
    const log = new WriteAheadLog(options, fileSystem, null, {
      anchor: emptyGraphAnchor,
      framesStart: header.length,
      size: header.length,
      allocatedEnd: header.length,
      opened: null,
    });
    log.unwrittenHeader = header;
    const ready = log.enqueue(async () => {
      try {
        await fileSystem.replaceDurably(options.path, [header]);
        log.file = await fileSystem.open(options.path);
        log.unwrittenHeader = null;
      } catch (error) {
        log.tripFence(`the log file could not be created: ${describe(error)}`);
        log.held = { chunks: [], bytes: 0 };
        throw error;
      }
    });
    ready.catch(() => undefined);
    log.readyPromise = ready;
    return log;
  }

  /**
   * Opens the log at `options.path`, creating it (anchored to the empty graph, and live at once) when it
   * does not exist. An existing log is scanned, not applied: call `replay` (after loading the checkpoint
   * its anchor names, if any) or `resetAnchoredTo` to make it live. Throws `LogHeaderError` for a file
   * that is not a log of this namespace in a format this build reads.
   */
  static async open(options: WriteAheadLogOptions): Promise<WriteAheadLog> {
    const fileSystem = options.fileSystem ?? nodeLogFileSystem;
    const content = await fileSystem.readFile(options.path);
    if (content === undefined) {
      const created = WriteAheadLog.create(options);
      await created.ready;
      return created;
    }
    const { header, framesStart } = decodeHeader(content, options.path);
    if (header.namespaceId !== options.namespaceId) {
      throw new LogStateError(
        `${options.path} is the log of namespace id '${header.namespaceId}', not '${options.namespaceId}'`,
      );
    }
    const scan = scanFrames(content, framesStart, anchorSequence(header.anchor) + 1);
    const file = await fileSystem.open(options.path);
    return new WriteAheadLog(options, fileSystem, file, {
      anchor: header.anchor,
      framesStart,
      size: scan.validEnd,
      allocatedEnd: scan.stop === 'end' ? content.length : scan.validEnd,
      opened: { content, scan },
    });
  }

  /** Settles when the log's file exists; rejects when a created log's file could not be written. */
  get ready(): Promise<void> {
    return this.readyPromise;
  }

  /** What the log builds on. */
  get anchor(): LogAnchor {
    return this.anchorValue;
  }

  /**
   * The sequence number of the last transaction applied to the engine. Read between writer groups (for
   * example while the writer is held for a snapshot), it names exactly the state the engine holds.
   */
  get lastSequence(): number {
    return this.engine.committedSequence;
  }

  get degraded(): boolean {
    return this.degradedCause !== null;
  }

  private get degradedCause(): DegradedCause | null {
    if (this.failure !== null) return 'fence';
    if (!this.live) return 'awaitingRecovery';
    return null;
  }

  get status(): LogStatus {
    return {
      walEnabled: !this.closed,
      degraded: this.degraded,
      degradedCause: this.degradedCause,
      degradedReason: this.failure,
      recoveryRan: this.recovery.ran,
      lastRecoveryTruncated: this.recovery.truncated,
      lastRecoveryReplayedEntries: this.recovery.replayedEntries,
      nonDurableCommits: this.nonDurableCommits,
      lastSequence: this.lastSequence,
      anchor: this.anchorValue,
      path: this.path,
      bytes: this.durableEnd,
    };
  }

  // ---- recording commits ----

  /**
   * The writer's commit hook: encodes the group's entries (now, or on the chain for a bulk batch), writes
   * them on the chain after the previous group and starts their sync, and decides in commit order what the
   * group's callers are told (`settleGroup`).
   * Sequence numbers are the writer's (`committedSequence`, already advanced past the group), so the log
   * and a checkpoint's cut always count alike.
   */
  private readonly onCommit = (group: readonly CommittedTransaction[]): Promise<void> | undefined => {
    let fresh = 0;
    for (const transaction of group) if (!transaction.replayed) fresh++;
    if (fresh === 0) return undefined;
    if (this.closed || !this.live) {
      this.nonDurableCommits += fresh;
      const state = this.closed ? 'is closed' : 'has not been recovered yet';
      return Promise.reject(new Error(`the write-ahead log ${this.path} ${state}; not logged`));
    }
    const end = this.engine.committedSequence;
    const firstSequence = end - group.length + 1;
    const previous = this.encodedThrough;
    const follows = fresh === group.length && firstSequence === previous + 1;
    this.encodedThrough = end;
    let write: Promise<GroupWrite>;
    if (!follows) {
      const error = new Error(
        `commits ${firstSequence} to ${end} do not follow the last logged one (${previous})`,
      );
      write = Promise.resolve(this.unencodable(error));
    } else if (group.length === 1 && group[0].sliced === true && group[0].creates === undefined) {
      // A transaction applied in slices may hold millions of operations: it is encoded a step at a time,
      // on later turns (the writer applies nothing else until its hooks settle). A batch of creations
      // (bulk import's, of a bounded size) goes the way below.
      const [transaction] = group;
      write = this.enqueue(() =>
        encodeInSteps(transaction, firstSequence).then(
          (bytes) => this.writeGroup(bytes),
          (error: unknown) => this.unencodable(error),
        ),
      );
    } else if (group.some((transaction) => transaction.creates !== undefined)) {
      // A bulk batch is encoded on a later turn of the event loop: applying and encoding it in one turn
      // would hold the loop past the 50 ms rule. Its columns hold until the group is released,
      // which waits for its outcome here.
      write = this.enqueue(async () => {
        await pastPendingInput();
        const encoded = this.encode(group, firstSequence);
        return encoded.kind === 'encoded' ? this.writeGroup(encoded.bytes) : encoded;
      });
    } else {
      const encoded = this.encode(group, firstSequence);
      write =
        encoded.kind === 'encoded'
          ? this.enqueue(() => this.writeGroup(encoded.bytes))
          : Promise.resolve(encoded);
    }
    return this.inOrder(() => this.settleGroup(write, firstSequence, fresh));
  };

  /** The group's frames, or why they cannot be made (then nothing more is written until a reset). */
  private encode(
    group: readonly CommittedTransaction[],
    firstSequence: number,
  ): { kind: 'encoded'; bytes: Buffer } | GroupWrite {
    const out = this.encoder;
    out.reset(maxKeptEncoderBytes);
    try {
      for (let i = 0; i < group.length; i++) {
        const transaction = group[i];
        const start = beginFrame(out);
        writeCommittedPayload(out, transaction, firstSequence + i, transaction.nowSeconds);
        endFrame(out, start);
      }
    } catch (error) {
      return this.unencodable(error);
    }
    return { kind: 'encoded', bytes: out.toBuffer() };
  }

  /** Applied but not representable: from here on the log cannot follow the history. */
  private unencodable(error: unknown): GroupWrite {
    this.writesStopped = true;
    return { kind: 'unencodable', error };
  }

  /**
   * A chain step: writes a group after the last one (and a zero extent behind it when it passes the
   * allocated end) and starts its sync. The chain goes on to the next group's write without waiting for
   * the sync. Never rejects: a failure is the group's outcome.
   */
  private async writeGroup(bytes: Buffer): Promise<GroupWrite> {
    if (this.writesStopped || this.failure !== null) return { kind: 'notWritten', bytes };
    try {
      const file = this.requireFile();
      await file.write(bytes, this.writtenEnd);
      const end = this.writtenEnd + bytes.length;
      if (end > this.allocatedEnd) {
        this.allocatedEnd = bytes.length >= unallocatedAppendBytes ? end : await allocateExtent(file, end);
      }
      this.writtenEnd = end;
      const sync = file.sync();
      sync.catch(() => undefined);
      return { kind: 'written', bytes, sync, end };
    } catch (error) {
      this.writesStopped = true;
      return { kind: 'failed', bytes, error };
    }
  }

  /** Decides a group's outcome, in commit order: durable, or held behind the failure fence. */
  private async settleGroup(write: Promise<GroupWrite>, firstSequence: number, count: number): Promise<void> {
    const outcome = await write;
    this.handledThrough = firstSequence + count - 1;
    if (outcome.kind === 'unencodable') {
      this.nonDurableCommits += count;
      this.tripFence(`an entry could not be encoded: ${describe(outcome.error)}`);
      this.held = 'lost';
      throw new Error(`write-ahead log: ${this.failure}`);
    }
    let failed: string | null =
      outcome.kind === 'failed' ? `append failed: ${describe(outcome.error)}` : null;
    if (outcome.kind === 'written') {
      try {
        await outcome.sync;
      } catch (error) {
        failed = `append failed: ${describe(error)}`;
      }
    }
    if (failed === null && this.failure === null && outcome.kind === 'written') {
      this.durableEnd = outcome.end;
      this.durableThrough = this.handledThrough;
      return;
    }
    if (failed !== null) this.tripFence(failed);
    this.hold(outcome.bytes);
    this.nonDurableCommits += count;
    throw new Error(
      failed === null
        ? `the write-ahead log is degraded: ${this.failure ?? 'writes stopped'}; not logged`
        : `write-ahead log ${failed}`,
    );
  }

  /** Runs `decide` after the outcome of every earlier group is decided. */
  private inOrder(decide: () => Promise<void>): Promise<void> {
    const outcome = this.settled.then(decide);
    this.settled = outcome.catch(() => undefined);
    return outcome;
  }

  /**
   * A chain step after every group decided so far: for the steps that read or replace the file (replay,
   * reset, close), which must see each earlier group either durable or held. Only the groups committed
   * before the call are waited for: a later one's write is queued behind this step.
   */
  private enqueueSettled<T>(step: () => Promise<T>): Promise<T> {
    const before = this.settled;
    return this.enqueue(async () => {
      await before;
      return step();
    });
  }

  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    const run = this.chain.then(step, step);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private tripFence(reason: string): void {
    if (this.failure !== null) return;
    this.failure = `${reason} (since ${new Date(this.nowMs()).toISOString()})`;
    this.warn(`write-ahead log ${this.path} is degraded: ${this.failure}`);
  }

  private hold(bytes: Buffer): void {
    const held = this.held ?? { chunks: [], bytes: 0 };
    if (held === 'lost') return;
    if (held.bytes + bytes.length > this.maxHeldBytes) {
      this.held = 'lost';
      this.warn(
        `write-ahead log ${this.path}: more than ${this.maxHeldBytes} bytes of non-durable entries; ` +
          'only a checkpoint of the whole current state clears the fence now',
      );
      return;
    }
    held.chunks.push(bytes);
    held.bytes += bytes.length;
    this.held = held;
  }

  // ---- replay ----

  /**
   * Re-applies the log's entries newer than `afterSequence` to the engine, in order, and checks each
   * reproduced the recorded ids. The engine must hold exactly the state after `afterSequence`
   * (`engine.committedSequence` equal to it). Replay runs inside one exclusive writer step, so no other
   * write falls between the state and the history replayed on top of it: called inside a step (after
   * installing a checkpoint in it) it uses that step; otherwise it takes one.
   *
   * The first replay after open also repairs the file's tail: a torn trailing entry is cut; a damaged
   * entry stops replay there (`truncated`), the damaged file is copied aside, and the file is cut after the
   * last good entry. The log is live afterwards. A later replay (restoring the checkpoint the log is
   * anchored to) re-reads the file and includes the entries held by a tripped fence.
   *
   * Throws `LogReplayError` when an entry cannot be replayed (a newer format, a reserved or unknown type,
   * a divergence from the recorded ids) or the engine's state does not match; the file is left untouched.
   */
  replay(options: ReplayOptions = {}): Promise<RecoveryReport> {
    const run = () => this.enqueueSettled(() => this.replayNow(options));
    return this.engine.inExclusiveStep ? run() : this.engine.exclusive(run);
  }

  private async replayNow(options: ReplayOptions): Promise<RecoveryReport> {
    this.ensureOpen();
    const after = options.afterSequence ?? anchorSequence(this.anchorValue);
    if (this.engine.committedSequence !== after) {
      throw new LogReplayError(
        `${this.path}: replay after sequence ${after} asked for, but the engine's state is at sequence ` +
          `${this.engine.committedSequence}`,
      );
    }
    const first = this.opened;
    if (first === null && this.held === 'lost') {
      throw new LogReplayError(
        `${this.path}: commits after sequence ${this.durableThrough} exist only in memory, so the log ` +
          'cannot reproduce the current state',
      );
    }
    const source = first ?? (await this.readCurrent());
    const { frames } = source.scan;
    const logStart = anchorSequence(this.anchorValue);
    const logEnd = frames.length === 0 ? logStart : frames[frames.length - 1].sequence;
    if (after < logStart) {
      throw new LogReplayError(
        `${this.path} builds on sequence ${logStart} (${describeAnchor(this.anchorValue)}), but the ` +
          `engine's state ends at ${after}: load the checkpoint the log is anchored to first`,
      );
    }
    if (after > logEnd) {
      throw new LogReplayError(
        `the engine's state includes sequence ${after} but ${this.path} ends at ${logEnd}: ` +
          're-anchor the log (resetAnchoredTo) instead of replaying it',
      );
    }
    const replayedEntries = await replayFrames(this.engine, this.path, source.content, frames, after);
    if (first === null) return this.report(replayedEntries, false, false, null, null);
    const { scan } = first;
    const preservedCopy = await this.repairTail(first.content, scan);
    this.opened = null;
    this.live = true;
    this.encodedThrough = logEnd;
    this.handledThrough = logEnd;
    this.durableThrough = logEnd;
    this.recovery = { ran: true, truncated: scan.stop === 'corrupt', replayedEntries };
    return this.report(
      replayedEntries,
      scan.stop === 'corrupt',
      scan.stop === 'tornTail',
      scan.detail,
      preservedCopy,
    );
  }

  private report(
    replayedEntries: number,
    truncated: boolean,
    tornTail: boolean,
    detail: string | null,
    preservedCopy: string | null,
  ): RecoveryReport {
    return { replayedEntries, truncated, tornTail, detail, preservedCopy, lastSequence: this.lastSequence };
  }

  /** The file as it is now, plus entries held by a tripped fence, as one scanned buffer. */
  private async readCurrent(): Promise<{ content: Buffer; scan: FrameScan }> {
    const durable = this.unwrittenHeader ?? (await this.requireFile().read(0, this.durableEnd));
    const held = this.held !== null && this.held !== 'lost' ? this.held.chunks : [];
    const content = held.length === 0 ? durable : Buffer.concat([durable, ...held]);
    const scan = scanFrames(content, this.framesStart, anchorSequence(this.anchorValue) + 1);
    if (scan.stop !== 'end') {
      throw new LogStateError(`${this.path} changed under the running log: ${scan.detail}`);
    }
    return { content, scan };
  }

  /** Applies the entries after `after` in batches (a trim alone in its own), yielding between batches. */
  /** Cuts what follows the last good entry; a damaged file is copied aside first. */
  private async repairTail(content: Buffer, scan: FrameScan): Promise<string | null> {
    if (scan.stop === 'end') return null;
    let preservedCopy: string | null = null;
    if (scan.stop === 'corrupt') {
      preservedCopy = `${this.path}.damaged-${new Date(this.nowMs()).toISOString().replace(/[:.]/g, '-')}`;
      await this.fileSystem.copyFile(this.path, preservedCopy);
      this.warn(
        `write-ahead log ${this.path}: ${scan.detail}; replay stopped after sequence ` +
          `${this.lastSequence}, ${content.length - scan.validEnd} bytes after it were cut ` +
          `(the damaged file is kept as ${preservedCopy})`,
      );
    } else {
      this.warn(
        `write-ahead log ${this.path}: discarded a torn trailing entry (${scan.detail}; ` +
          `${content.length - scan.validEnd} bytes)`,
      );
    }
    const file = this.requireFile();
    await file.truncate(scan.validEnd);
    await file.sync();
    this.allocatedEnd = scan.validEnd;
    return preservedCopy;
  }

  // ---- re-anchoring ----

  /**
   * Atomically replaces the log with a new one built on `anchor`: the new file is written under a
   * temporary name, synced, renamed over the log, and the directory synced; then appends continue in it.
   * Appends wait while it runs. With `keepLaterEntries` (the default) entries newer than the anchor are
   * carried over, so a save can call it after its checkpoint is durable while writes went on; a reset
   * that makes every commit durable clears the failure fence. The log is live afterwards.
   */
  resetAnchoredTo(anchor: LogAnchor, options: ResetOptions = {}): Promise<void> {
    return this.enqueueSettled(() => this.resetNow(anchor, options.keepLaterEntries ?? true));
  }

  private async resetNow(anchor: LogAnchor, keepLaterEntries: boolean): Promise<void> {
    this.ensureOpen();
    const sequence = anchorSequence(anchor);
    const header = encodeHeader({ namespaceId: this.namespaceId, anchor, createdAtMs: this.nowMs() });
    const chunks: Buffer[] = [header];
    let through = sequence;
    if (!keepLaterEntries && this.engine.committedSequence !== sequence) {
      throw new LogStateError(
        `cannot re-anchor ${this.path} at sequence ${sequence}: the engine's state is at sequence ` +
          `${this.engine.committedSequence}; install the checkpoint first, in the same exclusive step`,
      );
    }
    if (keepLaterEntries) {
      if (!this.live) {
        throw new LogStateError(`${this.path} has not been recovered: replay it before carrying its entries`);
      }
      if (sequence > this.handledThrough) {
        throw new LogStateError(
          `cannot anchor ${this.path} at sequence ${sequence}: the last commit is ${this.handledThrough}`,
        );
      }
      through = this.handledThrough;
      if (sequence < through) {
        if (sequence < anchorSequence(this.anchorValue)) {
          throw new LogStateError(
            `cannot anchor ${this.path} at sequence ${sequence}, before its current anchor ` +
              `(${anchorSequence(this.anchorValue)})`,
          );
        }
        if (this.held === 'lost' && through > this.durableThrough) {
          throw new LogStateError(
            `cannot anchor ${this.path} at sequence ${sequence}: commits ${this.durableThrough + 1} to ` +
              `${through} exist only in memory; save a checkpoint that includes them`,
          );
        }
        const { content, scan } = await this.readCurrent();
        const carried = scan.frames.find((frame) => frame.sequence > sequence);
        if (carried !== undefined) chunks.push(content.subarray(carried.offset, scan.validEnd));
      }
    }
    await this.fileSystem.replaceDurably(this.path, chunks);
    const previous = this.file;
    this.file = await this.fileSystem.open(this.path);
    await previous?.close().catch(() => undefined);
    let size = 0;
    for (const chunk of chunks) size += chunk.length;
    this.anchorValue = anchor;
    this.framesStart = header.length;
    this.writtenEnd = size;
    this.durableEnd = size;
    this.allocatedEnd = size;
    this.writesStopped = false;
    this.durableThrough = through;
    this.handledThrough = through;
    if (!keepLaterEntries) this.encodedThrough = sequence;
    if (this.failure !== null) this.warn(`write-ahead log ${this.path}: the failure fence is cleared`);
    this.failure = null;
    this.held = null;
    this.unwrittenHeader = null;
    if (!this.live) {
      this.opened = null;
      this.live = true;
    }
  }

  // ---- closing ----

  /**
   * Waits for appends in progress, detaches the log from the engine's commits and closes the file. Call it
   * after the engine's writer has drained (`engine.flush()`); a commit racing with the close is told it
   * was not logged.
   */
  close(): Promise<void> {
    return this.enqueueSettled(async () => {
      if (this.closed) return;
      this.closed = true;
      // A closed log is done with this engine: a log reopened on the same file takes over its commits.
      this.engine.removeCommitHook(this.onCommit);
      await this.file?.close();
    });
  }

  /** Closes the log and deletes its file (the namespace was dropped). */
  async remove(): Promise<void> {
    await this.close();
    await this.fileSystem.remove(this.path);
  }

  private ensureOpen(): void {
    if (this.closed) throw new LogStateError(`the write-ahead log ${this.path} is closed`);
  }

  private requireFile(): LogFile {
    if (this.file === null) throw new LogStateError(`the write-ahead log ${this.path} has no file`);
    return this.file;
  }
}

function describeAnchor(anchor: LogAnchor): string {
  return anchor.kind === 'emptyGraph' ? 'the empty graph' : `checkpoint '${anchor.id}'`;
}
