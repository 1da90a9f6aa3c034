/**
 * The change feed of one namespace (docs/changefeed.md): an epoch, a ring of the
 * last `bufferSize` events, and its subscribers.
 *
 * The writer's commit hook derives the group's events and appends them to the ring, assigning `seq`
 * 1, 2, 3, ... in commit order. That is all the writer pays: O(1) per event whatever the number of
 * subscribers, plus one deferred wake-up per group. Subscribers do not get copies: each holds a cursor
 * into the ring and reads from it when woken (see subscription.ts). A subscriber that falls more than
 * `subscriberQueueSize` events behind is given a `resync` of reason `overflow` and continues after it;
 * one the ring laps the same. So a stalled consumer costs the writer and the other consumers nothing, and
 * the feed's memory is the ring's, whatever the subscribers do.
 *
 * Events are appended when the group has been applied, before the write-ahead log's fsync completes:
 * readers of the live graph see the group at that moment too, so the feed tells nothing a read would not.
 * A crash before the fsync loses those commits, and the restarted process has a new epoch, so a client
 * resuming from an event of the old one gets `resync` `seekOutOfRange` and re-fetches.
 *
 * Feed-wide `resync` events go in the ring like any other: `tabulaRasa` (a clear), `trim`, `load` (a
 * checkpoint installed, or the write-ahead log replayed at startup) and `delegateWrite` (announced by
 * whoever performed an opaque write, see `resync`). `overflow` and `seekOutOfRange` are per subscriber.
 */
import { randomUUID } from 'node:crypto';
import { EngineError } from '../errors.js';
import type { CommitHook, CommittedTransaction } from '../tx/writer.js';
import {
  countEvents,
  deriveEvents,
  deriveLastEvents,
  resyncEvent,
  timestampText,
  type ChangeEvent,
  type ResyncReason,
} from './events.js';
import { compileFilter, type ChangeFilter } from './filter.js';
import { parsePosition, type FeedPosition } from './position.js';
import { FrameEncoder, type FrameWriter } from './frames.js';
import { ChangeSubscription } from './subscription.js';

/** The catch-up ring (`Svc:ChangeFeed:BufferSize`; docs/changefeed.md, Configuration). */
export const defaultBufferSize = 8192;
/** Events a subscriber may fall behind (`Svc:ChangeFeed:SubscriberQueueSize`). */
export const defaultSubscriberQueueSize = 1024;
/** Subscribers per namespace (`Svc:ChangeFeed:MaxSubscribers`). */
export const defaultMaxSubscribers = 32;
/** Bounds of the three sizes (config validation and the constructor). */
export const maxBufferSize = 1 << 20;
export const maxSubscriberQueueSize = 1 << 20;
export const maxMaxSubscribers = 100_000;

/** Slots a new feed's ring starts with (it doubles up to the buffer size as events come). */
const initialRingSlots = 64;

/** An array of `length` undefined slots, filled by pushes so it is packed (reads skip the hole checks). */
function packedArray<T>(length: number): (T | undefined)[] {
  const array: (T | undefined)[] = [];
  for (let i = 0; i < length; i++) array.push(undefined);
  return array;
}

/**
 * The creation events of columnar batches (`appendCreated`), one row per ring slot, made into objects
 * only when read. A bulk import appends 10,000 of them per batch and the ring keeps them for about a batch
 * period: as objects they would outlive young collections and be most of the garbage promoted during an
 * import, nearly doubling its peak memory beyond the graph (BENCHMARKS.md, section 12).
 */
class CreatedRows {
  readonly ts: (string | undefined)[];
  readonly labels: (string | null | undefined)[];
  /** The edge type, or undefined for a vertex. */
  readonly types: (string | undefined)[];
  readonly ids: Int32Array;
  readonly sources: Int32Array;
  readonly targets: Int32Array;

  constructor(readonly slots: number) {
    this.ts = packedArray(slots);
    this.labels = packedArray(slots);
    this.types = packedArray(slots);
    this.ids = new Int32Array(slots);
    this.sources = new Int32Array(slots);
    this.targets = new Int32Array(slots);
  }

  copy(from: CreatedRows, fromSlot: number, toSlot: number): void {
    this.ts[toSlot] = from.ts[fromSlot];
    this.labels[toSlot] = from.labels[fromSlot];
    this.types[toSlot] = from.types[fromSlot];
    this.ids[toSlot] = from.ids[fromSlot];
    this.sources[toSlot] = from.sources[fromSlot];
    this.targets[toSlot] = from.targets[fromSlot];
  }

  /** The event of `slot`, as `deriveEvents` makes it for the operation. */
  event(seq: number, slot: number): ChangeEvent {
    const ts = this.ts[slot]!;
    const id = this.ids[slot];
    const label = this.labels[slot];
    const edgePropertyId = this.types[slot];
    if (edgePropertyId === undefined) {
      return label === null || label === undefined
        ? { seq, ts, kind: 'vertexCreated', element: 'vertex', id }
        : { seq, ts, kind: 'vertexCreated', element: 'vertex', id, label };
    }
    const source = this.sources[slot];
    const target = this.targets[slot];
    return label === null || label === undefined
      ? { seq, ts, kind: 'edgeCreated', element: 'edge', id, edgePropertyId, source, target }
      : { seq, ts, kind: 'edgeCreated', element: 'edge', id, label, edgePropertyId, source, target };
  }
}

/** Runs of frame bytes kept for sharing between subscribers (`framesBytes`). */
const keptChunks = 8;
/** Effects of a transaction applied in slices counted between two turns: a few milliseconds. */
const effectsCountedPerStep = 16_384;

export interface ChangeFeedOptions {
  /** Events kept for catch-up (default 8192). */
  bufferSize?: number;
  /** Events a subscriber may fall behind before it is given `resync` `overflow` (default 1024). */
  subscriberQueueSize?: number;
  /** Subscribers at once; one more is refused with CHANGEFEED_SUBSCRIBER_LIMIT (default 32). */
  maxSubscribers?: number;
  /** Wall clock in milliseconds (event timestamps); tests pin it. */
  clockMilliseconds?: () => number;
}

export interface SubscribeOptions {
  filter?: ChangeFilter;
  /**
   * Catch-up: replay the buffered events after this position, then continue live. A position of another
   * epoch or outside the buffered window starts with `resync` `seekOutOfRange`. Text is parsed as the
   * `since` parameter is (CHANGEFEED_SINCE_INVALID when malformed). Absent: start at the live head.
   */
  since?: FeedPosition | string;
}

function checkedSize(value: number | undefined, fallback: number, max: number, name: string): number {
  const size = value ?? fallback;
  if (!Number.isSafeInteger(size) || size < 1 || size > max) {
    throw new EngineError('INVALID_INPUT', `${name} must be an integer from 1 to ${max}, got ${size}`);
  }
  return size;
}

export class ChangeFeed {
  /** A lowercase GUID, new for every feed: a restarted process or a recreated namespace has another. */
  readonly epoch = randomUUID();
  readonly bufferSize: number;
  readonly subscriberQueueSize: number;
  readonly maxSubscribers: number;
  private readonly clock: () => number;
  private readonly encoder: FrameEncoder;
  /**
   * Slot `seq & mask` holds event `seq` while it is buffered. The ring starts small and doubles as events
   * come, up to `bufferSize` rounded up to a power of two (a mask instead of a division on every access):
   * a process may hold thousands of namespaces whose feeds see few events. Only `bufferSize` events count
   * as buffered.
   */
  private ring: (ChangeEvent | undefined)[];
  /** Rows of the slots whose `ring` entry is undefined; made at the first `appendCreated`. */
  private created: CreatedRows | undefined;
  private mask: number;
  private readonly capacity: number;
  /** The bytes of recent runs of frames, shared by subscribers that read the same run (see `framesBytes`). */
  private readonly chunks: { from: number; to: number; bytes: Buffer }[] = [];
  private last = 0;
  private readonly subscribers = new Set<ChangeSubscription>();
  private wakeScheduled = false;
  /** The newest event is a `load` resync: more replayed history of the same load adds nothing. */
  private loadAnnounced = false;
  private isClosed = false;

  constructor(options: ChangeFeedOptions = {}) {
    this.bufferSize = checkedSize(options.bufferSize, defaultBufferSize, maxBufferSize, 'bufferSize');
    this.subscriberQueueSize = checkedSize(
      options.subscriberQueueSize,
      defaultSubscriberQueueSize,
      maxSubscriberQueueSize,
      'subscriberQueueSize',
    );
    this.maxSubscribers = checkedSize(
      options.maxSubscribers,
      defaultMaxSubscribers,
      maxMaxSubscribers,
      'maxSubscribers',
    );
    this.clock = options.clockMilliseconds ?? Date.now;
    this.encoder = new FrameEncoder(this.epoch);
    this.capacity = 2 ** Math.ceil(Math.log2(this.bufferSize));
    this.ring = packedArray<ChangeEvent>(Math.min(this.capacity, initialRingSlots));
    this.mask = this.ring.length - 1;
  }

  /** The newest event's sequence number; 0 before the first. */
  get lastSeq(): number {
    return this.last;
  }

  /** The oldest buffered event's sequence number (`lastSeq + 1` while nothing is buffered). */
  get oldestSeq(): number {
    return Math.max(1, this.last - this.bufferSize + 1);
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** The namespace was dropped (or the engine retired): subscriptions end, new ones are refused. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** `eventAt`, bound (for `FrameWriter.addRange`). */
  private readonly eventAtSeq = (seq: number): ChangeEvent => this.eventAt(seq);

  /** The buffered event `seq` (oldestSeq <= seq <= lastSeq). */
  eventAt(seq: number): ChangeEvent {
    const slot = seq & this.mask;
    return this.ring[slot] ?? this.created!.event(seq, slot);
  }

  /**
   * Calls `visit` with the buffered events `from`..`to` (inclusive, all buffered), in order. The ring and
   * mask are read once: this is every subscriber's inner loop.
   */
  visitRange(from: number, to: number, visit: (event: ChangeEvent) => void): void {
    const ring = this.ring;
    const mask = this.mask;
    for (let seq = from; seq <= to; seq++) visit(ring[seq & mask] ?? this.created!.event(seq, seq & mask));
  }

  /** Appends the buffered events `from`..`to` (inclusive, all buffered) to `out`; answers `out`, or a new array when `out` was empty. */
  copyRange(from: number, to: number, out: ChangeEvent[]): ChangeEvent[] {
    const ring = this.ring;
    const start = from & this.mask;
    const end = to & this.mask;
    if (out.length === 0) {
      // A slice is a block copy: far cheaper than pushing one by one, and subscribers read whole groups.
      const copy =
        start <= end ? ring.slice(start, end + 1) : ring.slice(start).concat(ring.slice(0, end + 1));
      if (this.created !== undefined) {
        for (let i = 0; i < copy.length; i++)
          copy[i] ??= this.created.event(from + i, (from + i) & this.mask);
      }
      return copy as ChangeEvent[];
    }
    for (let seq = from; seq <= to; seq++) out.push(this.eventAt(seq));
    return out;
  }

  /**
   * The frames of the buffered events `from`..`to` as UTF-8 bytes. The last few runs are kept: subscribers
   * without a filter read the same runs (each woken after the same group, reading the same chunk size), so
   * the text is joined and encoded once and the same bytes go to every socket.
   */
  framesBytes(from: number, to: number): Buffer {
    for (const chunk of this.chunks) if (chunk.from === from && chunk.to === to) return chunk.bytes;
    const writer = this.encoder.writer(to - from + 1);
    writer.addRange(from, to, this.eventAtSeq);
    const bytes = writer.bytes();
    if (this.chunks.length >= keptChunks) this.chunks.shift();
    this.chunks.push({ from, to, bytes });
    return bytes;
  }

  /** The buffered events after `since`, oldest first (a copy: for tests and tools, not the hot path). */
  buffered(since = 0): ChangeEvent[] {
    const events: ChangeEvent[] = [];
    for (let seq = Math.max(since + 1, this.oldestSeq); seq <= this.last; seq++)
      events.push(this.eventAt(seq));
    return events;
  }

  /** A writer of the SSE frames of this feed's events (its epoch), as UTF-8. */
  frameWriter(expectedFrames: number): FrameWriter {
    return this.encoder.writer(expectedFrames);
  }

  /** Appends the next event (its `seq` must be `lastSeq + 1`). */
  append(event: ChangeEvent): void {
    // While the ring is smaller than the buffer, every event since the first is still wanted.
    if (event.seq > this.ring.length && this.ring.length < this.capacity) this.grow();
    this.ring[event.seq & this.mask] = event;
    this.last = event.seq;
    this.loadAnnounced = false;
  }

  /**
   * Appends the next event, the creation of vertex `id` (`edgePropertyId` undefined) or edge `id`, kept
   * as a row and read as the object `deriveEvents` makes (see `CreatedRows`).
   */
  appendCreated(
    ts: string,
    id: number,
    label: string | null,
    edgePropertyId: string | undefined,
    source: number,
    target: number,
  ): void {
    const seq = this.last + 1;
    if (seq > this.ring.length && this.ring.length < this.capacity) this.grow();
    const slot = seq & this.mask;
    const rows = (this.created ??= new CreatedRows(this.ring.length));
    this.ring[slot] = undefined;
    rows.ts[slot] = ts;
    rows.labels[slot] = label;
    rows.types[slot] = edgePropertyId;
    rows.ids[slot] = id;
    rows.sources[slot] = source;
    rows.targets[slot] = target;
    this.last = seq;
    this.loadAnnounced = false;
  }

  /** Advances the sequence past `count` events that are not kept (`EventSink.skip`). */
  skip(count: number): void {
    this.last += count;
    this.loadAnnounced = false;
  }

  /**
   * Makes room for `count` more events at once: a bulk batch appends 10,000, and doubling the ring from 64
   * slots event by event copied it seven times in the first batch of an import.
   */
  reserve(count: number): void {
    let slots = this.ring.length;
    while (slots < this.last + count && slots < this.capacity) slots *= 2;
    if (slots > this.ring.length) this.grow(slots);
  }

  private grow(slots = this.ring.length * 2): void {
    const ring = packedArray<ChangeEvent>(slots);
    const mask = ring.length - 1;
    const rows = this.created === undefined ? undefined : new CreatedRows(ring.length);
    for (let seq = this.oldestSeq; seq <= this.last; seq++) {
      ring[seq & mask] = this.ring[seq & this.mask];
      rows?.copy(this.created!, seq & this.mask, seq & mask);
    }
    this.ring = ring;
    this.created = rows;
    this.mask = mask;
  }

  /** The writer's commit hook: appends the group's events, then wakes the subscribers once. */
  readonly onCommit: CommitHook = (group) => {
    if (this.isClosed) return;
    if (group.length === 1 && group[0].sliced === true) return this.onSlicedCommit(group[0]);
    const ts = timestampText(this.clock());
    const before = this.last;
    let replayed = false;
    for (const transaction of group) {
      if (transaction.replayed) replayed = true;
      else deriveEvents(transaction, ts, this);
    }
    // Re-applied history (startup recovery, a restore replaying its log) is part of a load: one resync,
    // not the events again (they belong to an earlier epoch or are already in this one).
    if (replayed && !this.loadAnnounced) this.appendResync('load', ts);
    if (this.last !== before) this.wake();
  };

  /**
   * `onCommit` for a transaction applied in slices: alone in its group, and the writer applies nothing
   * else until this settles. It may bring millions of events: they are counted a step at a time, and
   * only the last `bufferSize` are made (the others would be overwritten before anyone could read them).
   */
  private async onSlicedCommit(transaction: CommittedTransaction): Promise<void> {
    const ts = timestampText(this.clock());
    if (transaction.creates !== undefined) {
      // A bulk batch (of a bounded size): its events are rows, cheap to make.
      deriveEvents(transaction, ts, this);
      this.wake();
      return;
    }
    const counting = countEvents(transaction, effectsCountedPerStep);
    let step = counting.next();
    while (step.done !== true) {
      await new Promise((resolve) => setImmediate(resolve));
      step = counting.next();
    }
    if (this.isClosed) return;
    const before = this.last;
    deriveLastEvents(transaction, ts, this, this.bufferSize, step.value);
    if (this.last !== before) this.wake();
  }

  /**
   * Appends a feed-wide `resync`, in commit order when called on the writer (inside an `exclusive` step
   * or a commit hook): `load` after a checkpoint is installed (`Engine.resetCommittedSequence`, which
   * every install calls, does it), `delegateWrite` after an opaque write that reports no element events.
   * Every subscriber gets it whatever its filter.
   */
  resync(reason: Exclude<ResyncReason, 'overflow' | 'seekOutOfRange'>): void {
    if (this.isClosed) return;
    this.appendResync(reason, timestampText(this.clock()));
    this.wake();
  }

  private appendResync(reason: ResyncReason, ts: string): void {
    this.append(resyncEvent(this.last + 1, ts, reason));
    if (reason === 'load') this.loadAnnounced = true;
  }

  /** A subscriber-only resync (`overflow`, `seekOutOfRange`): not buffered, `seq` of an existing event. */
  subscriberResync(seq: number, reason: 'overflow' | 'seekOutOfRange'): ChangeEvent {
    return resyncEvent(seq, timestampText(this.clock()), reason);
  }

  /**
   * Subscribes: CHANGEFEED_SUBSCRIBER_LIMIT at `maxSubscribers`, CHANGEFEED_UNAVAILABLE once closed,
   * CHANGEFEED_FILTER_INVALID / CHANGEFEED_SINCE_INVALID for bad options. Close the subscription when done.
   */
  subscribe(options: SubscribeOptions = {}): ChangeSubscription {
    if (this.isClosed) {
      throw new EngineError(
        'CHANGEFEED_UNAVAILABLE',
        'the change feed is closed (namespace dropped or server stopping)',
      );
    }
    const predicate = compileFilter(options.filter);
    const since = typeof options.since === 'string' ? parsePosition(options.since) : options.since;
    if (this.subscribers.size >= this.maxSubscribers) {
      throw new EngineError(
        'CHANGEFEED_SUBSCRIBER_LIMIT',
        `the change feed already has ${this.maxSubscribers} subscribers, its limit`,
        { maxSubscribers: this.maxSubscribers },
      );
    }
    let start = this.last + 1;
    let initial: ChangeEvent | undefined;
    if (since !== undefined) {
      const sameEpoch = since.epoch === undefined || since.epoch === this.epoch;
      if (sameEpoch && since.seq >= this.oldestSeq - 1 && since.seq <= this.last) start = since.seq + 1;
      else initial = this.subscriberResync(this.last, 'seekOutOfRange');
    }
    const subscription = new ChangeSubscription(this, predicate, start, initial, this.detach);
    this.subscribers.add(subscription);
    return subscription;
  }

  /** Subscriptions open now (for tests, status and the server's shutdown). */
  get subscriptions(): readonly ChangeSubscription[] {
    return [...this.subscribers];
  }

  private readonly detach = (subscription: ChangeSubscription): void => {
    this.subscribers.delete(subscription);
  };

  /** Ends every subscription (they deliver what they have, then end) and refuses new ones. Idempotent. */
  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.wake();
  }

  /**
   * Wakes the subscribers once the writer's hook has returned: in a microtask, so before the group's
   * callers continue and before the next group can apply. A subscriber that reads when woken therefore
   * sees one group at a time and never falls behind by more than a group.
   */
  private wake(): void {
    if (this.wakeScheduled || this.subscribers.size === 0) return;
    this.wakeScheduled = true;
    queueMicrotask(this.wakeAll);
  }

  private readonly wakeAll = (): void => {
    this.wakeScheduled = false;
    for (const subscription of this.subscribers) subscription.wake();
  };
}

export type { FeedPosition };
