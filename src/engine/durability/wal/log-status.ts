/**
 * What a write-ahead log tells about itself and the errors it throws: the shapes its callers (durability,
 * save games, the status route) read, apart from the log itself.
 */
import type { LogAnchor } from './header.js';

/** Why the log is degraded. */
export type DegradedCause =
  /** An append or sync failed (the failure fence). */
  | 'fence'
  /** An existing log has not been replayed or re-anchored yet. */
  | 'awaitingRecovery';

export interface LogStatus {
  /** The log is open (closed logs record nothing). */
  readonly walEnabled: boolean;
  readonly degraded: boolean;
  readonly degradedCause: DegradedCause | null;
  /** What failed, with the time it failed, when the fence tripped. */
  readonly degradedReason: string | null;
  /** A replay of an existing log has run in this log's lifetime. */
  readonly recoveryRan: boolean;
  /** The last recovery stopped at a damaged entry before the end of the log. */
  readonly lastRecoveryTruncated: boolean;
  /** Entries the last recovery replayed. */
  readonly lastRecoveryReplayedEntries: number;
  /** Transactions committed in memory but not made durable, since open. */
  readonly nonDurableCommits: number;
  readonly lastSequence: number;
  readonly anchor: LogAnchor;
  readonly path: string;
  /** Bytes of the header and the durable entries (the file's zero-filled extent after them aside). */
  readonly bytes: number;
}

export interface RecoveryReport {
  readonly replayedEntries: number;
  /** Replay stopped at a damaged entry before the end of the log. */
  readonly truncated: boolean;
  /** A torn trailing entry (never acknowledged) was discarded. */
  readonly tornTail: boolean;
  /** What stopped the scan, when it did not reach the end. */
  readonly detail: string | null;
  /** Where the damaged file was copied before it was cut, when it was. */
  readonly preservedCopy: string | null;
  readonly lastSequence: number;
}

export interface ReplayOptions {
  /**
   * The sequence number of the last transaction the engine's state already includes (default: the
   * anchor's, that is, the engine holds exactly the anchor's state). Entries up to it are skipped.
   */
  readonly afterSequence?: number;
}

export interface ResetOptions {
  /**
   * true (default, after a save): entries newer than the anchor's sequence are carried into the new file,
   * so commits made while the checkpoint was being written stay durable. false (after loading a
   * checkpoint into the engine): the new log is empty and the history after the anchor is discarded; call
   * it with no write in flight.
   */
  readonly keepLaterEntries?: boolean;
}

/** A log this build cannot replay, or a replay that did not reproduce the recorded history. */
export class LogReplayError extends Error {
  override readonly name = 'LogReplayError';
}

/** The log cannot do what was asked in its current state (closed, sequence out of range). */
export class LogStateError extends Error {
  override readonly name = 'LogStateError';
}
