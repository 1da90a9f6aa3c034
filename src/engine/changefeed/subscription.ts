/**
 * One subscriber of a change feed: a cursor into the feed's ring, its filter, and the overflow rule.
 *
 * The subscriber's queue is the run of ring events between its cursor and the feed's newest event; it
 * holds no copies. The queue bound is checked when the subscriber reads, which gives the same answer as
 * checking at each append: the cursor moves only on reads, so the first `subscriberQueueSize` matching
 * events after it are the ones a real queue would hold, and every later matching event up to now arrived
 * while that queue was full. So a read that finds more than `subscriberQueueSize` matching events pending
 * delivers the first `subscriberQueueSize`, then a `resync` `overflow` carrying the newest dropped
 * event's `seq`, then continues with the events after it (docs/changefeed.md, Slow clients). Events the subscription started
 * behind (a `since` replay) are catch-up, not queue: they do not count. If the ring laps the cursor, what
 * was not read is gone: the subscriber gets `resync` `overflow` with the newest `seq` and continues live.
 */
import type { ChangeEvent } from './events.js';
import type { ChangeFeed } from './feed.js';
import type { EventPredicate } from './filter.js';
import { defaultFramesPerRead, type FrameWriter } from './frames.js';

export class ChangeSubscription {
  /**
   * Called once per committed group (in a microtask after the writer's commit hook, never inside it)
   * when events may be waiting, and when the feed closes. Read until `read` returns nothing.
   */
  onReadable: (() => void) | undefined = undefined;
  /** The next sequence number to look at. */
  private cursor: number;
  /** The feed's newest event when the subscription started: events up to it are catch-up. */
  private readonly backlogEnd: number;
  /** A `resync` `seekOutOfRange` to deliver first. */
  private initial: ChangeEvent | undefined;
  /** Overflow found: deliver up to `gapFrom` (excluded), then the resync of `gapResync`, then go on. */
  private inGap = false;
  private gapFrom = 0;
  private gapResync = 0;
  /** Matching events counted in [countedFrom, countedTo], for a filtered subscriber's queue bound. */
  private countedFrom: number;
  private countedTo: number;
  private counted = 0;
  private isClosed = false;
  private overflows = 0;

  /** @internal Made by `ChangeFeed.subscribe`. */
  constructor(
    private readonly feed: ChangeFeed,
    private readonly predicate: EventPredicate | undefined,
    start: number,
    initial: ChangeEvent | undefined,
    private readonly detach: (subscription: ChangeSubscription) => void,
  ) {
    this.cursor = start;
    this.backlogEnd = feed.lastSeq;
    this.initial = initial;
    this.countedFrom = this.backlogEnd + 1;
    this.countedTo = this.backlogEnd;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /** The feed closed and everything it had for this subscriber was read: nothing more will come. */
  get ended(): boolean {
    return (
      this.isClosed || (this.feed.closed && this.initial === undefined && this.cursor > this.feed.lastSeq)
    );
  }

  /** Events this subscriber may fall behind before it overflows (the feed's `subscriberQueueSize`). */
  get queueSize(): number {
    return this.feed.subscriberQueueSize;
  }

  /** `resync` `overflow` events delivered so far: how often this subscriber fell too far behind. */
  get overflowCount(): number {
    return this.overflows;
  }

  /** Events appended since this subscriber's position, matching or not (how far behind it is). */
  get lag(): number {
    return Math.max(0, this.feed.lastSeq - this.cursor + 1);
  }

  /** The next pending events, filter applied, resyncs included, at most `max`; empty when none is waiting. */
  read(max = Number.POSITIVE_INFINITY): ChangeEvent[] {
    if (!this.pending) return [];
    const collector = new EventCollector(this.feed);
    this.pull(max, collector);
    return collector.events;
  }

  /**
   * Like `read`, handing each event to `visit` instead of collecting them (nothing is allocated per
   * event or per call). Answers how many were delivered.
   */
  drain(visit: (event: ChangeEvent) => void, max = Number.POSITIVE_INFINITY): number {
    if (!this.pending) return 0;
    const visitor = new EventVisitor(this.feed, visit);
    this.pull(max, visitor);
    return visitor.count;
  }

  /**
   * Like `read`, as the SSE frames of the events in UTF-8 (each frame made once by the feed; a run of
   * events read by several unfiltered subscribers is encoded once and the same bytes handed to each).
   * An empty buffer when none is waiting.
   */
  readFrames(max = defaultFramesPerRead): Buffer {
    if (!this.pending) return emptyBuffer; // the common last call of a reading loop: nothing to allocate
    const collector = new FrameCollector(this.feed);
    this.pull(max, collector);
    return collector.bytes();
  }

  /** Whether a read would deliver anything (before the filter). */
  private get pending(): boolean {
    return !this.isClosed && (this.initial !== undefined || this.cursor <= this.feed.lastSeq);
  }

  /** Releases the subscription at once; further reads return nothing. Idempotent. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.onReadable = undefined;
    this.detach(this);
  }

  /** @internal The feed's wake-up. */
  wake(): void {
    this.onReadable?.();
  }

  /** Hands up to `max` pending events to `sink`: runs of buffered events whole, the others one by one. */
  private pull(max: number, sink: Sink): void {
    if (this.isClosed) return;
    let taken = 0;
    if (this.initial !== undefined && max > 0) {
      sink.event(this.initial);
      this.initial = undefined;
      taken++;
    }
    const feed = this.feed;
    const predicate = this.predicate;
    const last = feed.lastSeq;
    while (taken < max && this.cursor <= last) {
      if (this.cursor < feed.oldestSeq) {
        sink.event(feed.subscriberResync(last, 'overflow'));
        this.overflows++;
        taken++;
        this.skipTo(last + 1);
        continue;
      }
      if (!this.inGap) this.findOverflow(last);
      if (this.inGap && this.cursor >= this.gapFrom) {
        sink.event(feed.subscriberResync(this.gapResync, 'overflow'));
        this.overflows++;
        taken++;
        this.skipTo(this.gapResync + 1);
        continue;
      }
      // Up to the next decision: the end of what is there, of what was asked for, of the queued part.
      let end = Math.min(last, this.cursor + (max - taken) - 1);
      if (this.inGap) end = Math.min(end, this.gapFrom - 1);
      if (predicate === undefined) {
        sink.run(this.cursor, end);
        taken += end - this.cursor + 1;
        this.cursor = end + 1;
        continue;
      }
      for (; this.cursor <= end; this.cursor++) {
        const seq = this.cursor;
        const event = feed.eventAt(seq);
        if (!predicate(event)) continue;
        sink.event(event);
        taken++;
        if (seq >= this.countedFrom && seq <= this.countedTo) this.counted--;
      }
    }
  }

  /** Enters the gap state when more matching events wait (past the catch-up) than the queue holds. */
  private findOverflow(last: number): void {
    const queueSize = this.feed.subscriberQueueSize;
    const from = Math.max(this.cursor, this.backlogEnd + 1);
    if (last - from + 1 <= queueSize) return; // not even counting non-matching events is it full
    const predicate = this.predicate;
    if (predicate === undefined) {
      this.enterGap(from + queueSize, last);
      return;
    }
    if (this.countedTo < from - 1) {
      this.countedFrom = from;
      this.countedTo = from - 1;
      this.counted = 0;
    }
    const feed = this.feed;
    while (this.countedTo < last) {
      const seq = ++this.countedTo;
      if (predicate(feed.eventAt(seq)) && ++this.counted > queueSize) {
        let newest = last;
        while (!predicate(feed.eventAt(newest))) newest--; // stops at `seq` at the latest
        this.enterGap(seq, newest);
        return;
      }
    }
  }

  private enterGap(from: number, resync: number): void {
    this.inGap = true;
    this.gapFrom = from;
    this.gapResync = resync;
  }

  private skipTo(seq: number): void {
    this.cursor = seq;
    this.inGap = false;
    this.countedFrom = Math.max(seq, this.backlogEnd + 1);
    this.countedTo = this.countedFrom - 1;
    this.counted = 0;
  }
}

/** Where `pull` puts what it takes. */
interface Sink {
  /** The buffered events `from`..`to`, every one delivered. */
  run(from: number, to: number): void;
  event(event: ChangeEvent): void;
}

class EventCollector implements Sink {
  events: ChangeEvent[] = [];
  constructor(private readonly feed: ChangeFeed) {}
  run(from: number, to: number): void {
    this.events = this.feed.copyRange(from, to, this.events);
  }
  event(event: ChangeEvent): void {
    this.events.push(event);
  }
}

class EventVisitor implements Sink {
  count = 0;
  constructor(
    private readonly feed: ChangeFeed,
    private readonly visit: (event: ChangeEvent) => void,
  ) {}
  run(from: number, to: number): void {
    this.feed.visitRange(from, to, this.visit);
    this.count += to - from + 1;
  }
  event(event: ChangeEvent): void {
    this.visit(event);
    this.count++;
  }
}

class FrameCollector implements Sink {
  private readonly parts: Buffer[] = [];
  private writer: FrameWriter | undefined;
  constructor(private readonly feed: ChangeFeed) {}
  run(from: number, to: number): void {
    this.flush();
    this.parts.push(this.feed.framesBytes(from, to));
  }
  event(event: ChangeEvent): void {
    (this.writer ??= this.feed.frameWriter(16)).add(event);
  }
  bytes(): Buffer {
    this.flush();
    if (this.parts.length === 1) return this.parts[0];
    return this.parts.length === 0 ? emptyBuffer : Buffer.concat(this.parts);
  }
  private flush(): void {
    if (this.writer === undefined || this.writer.empty) return;
    this.parts.push(this.writer.bytes());
    this.writer = undefined;
  }
}

const emptyBuffer = Buffer.alloc(0);
