/**
 * A change-feed subscription as a Server-Sent Events stream (docs/changefeed.md), a Node `Readable` any HTTP
 * server can pipe to a response: the frames of src/engine/changefeed/frames.ts, and `: keepalive` every `keepAliveSeconds`
 * while nothing else was written.
 *
 * Back-pressure: the stream reads from its subscription only when its consumer asks (`_read`), at most
 * `framesPerRead` events at a time, so a response whose socket stops draining stops reading; its
 * subscription then falls behind and overflows (src/engine/changefeed/subscription.ts) instead of buffering without bound.
 *
 * Coalescing: a push ends in a system call on the client's socket, and a stream that pushed at every
 * committed group made each write cost one call per subscriber, which with tens of subscribers costs the
 * HTTP writers most of their throughput (BENCHMARKS.md, section 11b). So while events keep coming, a
 * stream pushes at most once per `flushIntervalMilliseconds`: the first events after a quiet interval go
 * at once, later ones wait for the interval's end. It does not wait once half its subscriber queue is
 * pending, so the delay never makes it overflow.
 *
 * Written here rather than taken from an SSE library: the maintained Fastify one (@fastify/sse 0.6)
 * formats and writes one message per call with a promise each, serializes every message again for every
 * connection, sends its own heartbeat text on a fixed timer, and wraps route handlers with its own
 * content negotiation; this feed needs each event's frame made once and shared by every subscriber,
 * batched writes, and the exact `: keepalive` comment. The framing is a few lines (src/engine/changefeed/frames.ts).
 */
import { Readable } from 'node:stream';
import { type ChangeSubscription, defaultFramesPerRead, keepAliveFrame } from '../engine/index.js';

export const eventStreamContentType = 'text/event-stream';

/** The shortest interval between two pushes while events keep coming (`Svc:ChangeFeed:FlushIntervalMilliseconds`). */
export const defaultFlushIntervalMilliseconds = 10;
export const maxFlushIntervalMilliseconds = 1000;

/** The idle interval of `: keepalive` (`Svc:ChangeFeed:KeepAliveSeconds`, docs/changefeed.md). */
export const defaultKeepAliveSeconds = 15;
/** A keepalive interval is at least one second (docs/changefeed.md, Configuration). */
export const minKeepAliveSeconds = 1;
export const maxKeepAliveSeconds = 3600;

export interface ChangeStreamOptions {
  keepAliveSeconds?: number;
  /** Events per chunk pushed (default 512, about 90 KiB). */
  framesPerRead?: number;
  /** The shortest interval between pushes while events keep coming; 0 pushes at every commit (default 10). */
  flushIntervalMilliseconds?: number;
  /**
   * Called once when the consumer first reads, before anything is pushed: an HTTP response flushes its
   * headers there, so a client sees the 200 before the first event.
   */
  onStart?: () => void;
}

/** Bytes buffered in the stream before it stops reading from its subscription. */
const highWaterMarkBytes = 64 * 1024;

export class ChangeFeedStream extends Readable {
  private readonly framesPerRead: number;
  private readonly flushIntervalMilliseconds: number;
  /** Pending events that make a wake-up push at once, interval or not: half the subscriber queue. */
  private readonly urgentLag: number;
  private readonly onStart: (() => void) | undefined;
  private readonly timer: NodeJS.Timeout;
  /** A push waits for the end of the interval (see the header). */
  private flushTimer: NodeJS.Timeout | undefined = undefined;
  private lastPushMilliseconds = Number.NEGATIVE_INFINITY;
  /** The consumer asked for data and has not been refused since (push returned true). */
  private wanted = false;
  private started = false;
  private wroteSinceTick = false;
  private finished = false;

  constructor(
    private readonly subscription: ChangeSubscription,
    options: ChangeStreamOptions = {},
  ) {
    super({ highWaterMark: highWaterMarkBytes });
    const keepAliveSeconds = options.keepAliveSeconds ?? defaultKeepAliveSeconds;
    if (!(keepAliveSeconds >= minKeepAliveSeconds && keepAliveSeconds <= maxKeepAliveSeconds)) {
      throw new RangeError(
        `keepAliveSeconds must be from ${minKeepAliveSeconds} to ${maxKeepAliveSeconds}, got ${keepAliveSeconds}`,
      );
    }
    this.framesPerRead = options.framesPerRead ?? defaultFramesPerRead;
    const flushIntervalMilliseconds = options.flushIntervalMilliseconds ?? defaultFlushIntervalMilliseconds;
    if (!(flushIntervalMilliseconds >= 0 && flushIntervalMilliseconds <= maxFlushIntervalMilliseconds)) {
      throw new RangeError(
        `flushIntervalMilliseconds must be from 0 to ${maxFlushIntervalMilliseconds}, got ${flushIntervalMilliseconds}`,
      );
    }
    this.flushIntervalMilliseconds = flushIntervalMilliseconds;
    this.urgentLag = Math.max(1, Math.floor(subscription.queueSize / 2));
    this.onStart = options.onStart;
    subscription.onReadable = this.onReadable;
    this.timer = setInterval(this.tick, keepAliveSeconds * 1000);
    // A stream alone must not keep a process alive; the server's socket does that.
    this.timer.unref();
  }

  override _read(): void {
    if (!this.started) {
      this.started = true;
      this.onStart?.();
    }
    this.wanted = true;
    this.pump();
  }

  /** Ends the stream after what it has pushed or gathered (server shutdown); the subscription is released. */
  finish(): void {
    if (this.finished) return;
    // Events gathered for the end of the interval go first (as far as the consumer takes them).
    if (this.flushTimer !== undefined) this.pump();
    if (this.finished) return; // the pump found the subscription ended and finished the stream
    this.finished = true;
    this.wanted = false;
    this.release();
    this.push(null);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.finished = true;
    this.release();
    callback(error);
  }

  /** The subscription's wake-up (a committed group, or the feed closing): push now or at the interval's end. */
  private readonly onReadable = (): void => {
    if (!this.wanted || this.flushTimer !== undefined) return;
    const wait = this.lastPushMilliseconds + this.flushIntervalMilliseconds - performance.now();
    if (wait <= 0 || this.subscription.lag >= this.urgentLag || this.subscription.ended) {
      this.pump();
      return;
    }
    this.flushTimer = setTimeout(this.flush, wait);
  };

  private readonly flush = (): void => {
    this.flushTimer = undefined;
    this.pump();
  };

  private pump(): void {
    if (this.flushTimer !== undefined) {
      clearTimeout(this.flushTimer);
      this.flushTimer = undefined;
    }
    while (this.wanted && !this.finished) {
      const bytes = this.subscription.readFrames(this.framesPerRead);
      if (bytes.length === 0) {
        if (this.subscription.ended) this.finish();
        return;
      }
      this.wroteSinceTick = true;
      this.lastPushMilliseconds = performance.now();
      this.wanted = this.push(bytes);
    }
  }

  private readonly tick = (): void => {
    if (!this.wroteSinceTick && this.wanted && !this.finished) this.wanted = this.push(keepAliveFrame);
    this.wroteSinceTick = false;
  };

  private release(): void {
    clearInterval(this.timer);
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.subscription.close();
  }
}
