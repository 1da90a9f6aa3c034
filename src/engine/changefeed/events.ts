/**
 * Change events (docs/changefeed.md, Events): their shape, and how a committed transaction
 * turns into them.
 *
 * One event per committed mutation, in operation order: a created vertex or edge, a removed element (a
 * vertex first, then each edge its removal cascaded to), a property set or removed that changed something,
 * an embedding written or removed (reported as `propertySet` of `$embedding:<name>`). A clear and a trim
 * are `resync` events. A no-op (an equal-value set, an absent-key removal, a missing element) has no
 * effect and so no event. Fields that do not apply are absent, never null, and no event carries a
 * property value.
 *
 * The writer's effects (src/engine/tx/apply.ts) carry everything an event needs as it was when the
 * operation applied (kind and label of an element a later operation of the group removes or renumbers),
 * so events are derived after the group without reading the graph.
 */
import type { CommittedTransaction } from '../tx/writer.js';
import { edgeRow, type CreateBatch } from '../tx/create-batch.js';
import type { GraphEffect } from '../tx/apply.js';
import { embeddingKey } from '../embeddings/names.js';

export const elementChangeKinds = [
  'vertexCreated',
  'vertexRemoved',
  'edgeCreated',
  'edgeRemoved',
  'propertySet',
  'propertyRemoved',
] as const;
export type ElementChangeKind = (typeof elementChangeKinds)[number];

/** Every kind a `kinds` filter accepts: the element kinds and `resync` (always delivered anyway). */
export const changeKinds = [...elementChangeKinds, 'resync'] as const;
export type ChangeKind = (typeof changeKinds)[number];

export const changeElements = ['vertex', 'edge'] as const;
export type ChangeElement = (typeof changeElements)[number];

/**
 * Why a subscriber must re-fetch (docs/changefeed.md, `resync`): `trim`, `tabulaRasa` and `load` also invalidate
 * the element ids it holds.
 */
export const resyncReasons = [
  'overflow',
  'seekOutOfRange',
  'trim',
  'tabulaRasa',
  'load',
  'delegateWrite',
] as const;
export type ResyncReason = (typeof resyncReasons)[number];

/** The `data:` payload of one SSE frame. Optional fields are absent (not undefined-valued) when they do not apply. */
export interface ChangeEvent {
  /** 1, 2, 3, ... per epoch, in commit order, gap-free. */
  readonly seq: number;
  /** Commit time, ISO-8601 UTC (see `timestampText`); shared by one transaction's events. */
  readonly ts: string;
  readonly kind: ChangeKind;
  readonly element?: ChangeElement;
  readonly id?: number;
  readonly label?: string;
  /** `edgeCreated` only. */
  readonly edgePropertyId?: string;
  /** Property events only. */
  readonly key?: string;
  /** `edgeCreated` only. */
  readonly source?: number;
  readonly target?: number;
  /** `resync` only. */
  readonly reason?: ResyncReason;
}

/**
 * ISO-8601 UTC with `Z` and the fraction without trailing zeros (`...:56.78Z`, `...:56Z`), the form of
 * docs/changefeed.md. The clock has millisecond resolution, so at most three of the seven permitted digits are used.
 */
export function timestampText(epochMilliseconds: number): string {
  // Commits come many per millisecond under load: the text of the last millisecond is reused.
  if (epochMilliseconds === lastTimestampMilliseconds) return lastTimestampText;
  lastTimestampMilliseconds = epochMilliseconds;
  lastTimestampText = formatTimestamp(epochMilliseconds);
  return lastTimestampText;
}

let lastTimestampMilliseconds = Number.NaN;
let lastTimestampText = '';

function formatTimestamp(epochMilliseconds: number): string {
  const iso = new Date(epochMilliseconds).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
  let end = iso.length - 1; // at the Z
  while (iso.charCodeAt(end - 1) === 48 /* 0 */) end--;
  if (iso.charCodeAt(end - 1) === 46 /* . */) end--;
  return `${iso.slice(0, end)}Z`;
}

/** Where derived events go: the feed's ring. Each event's `seq` is `lastSeq + 1` when it is appended. */
export interface EventSink {
  readonly lastSeq: number;
  append(event: ChangeEvent): void;
  /** Makes room for `count` more events (a hint: appends work without it). */
  reserve(count: number): void;
  /**
   * Advances `lastSeq` by `count` without keeping those events: the events of a transaction that the
   * same commit hook overwrites in the buffer before anyone can read them (see `deriveLastEvents`).
   */
  skip(count: number): void;
  /** Appends the creation event of vertex `id` (`edgePropertyId` undefined) or edge `id`, as `append` would. */
  appendCreated(
    ts: string,
    id: number,
    label: string | null,
    edgePropertyId: string | undefined,
    source: number,
    target: number,
  ): void;
}

// Object literals rather than spreads: field order is the JSON order of the documented examples, and the
// create events are the hot path of a bulk load.

function elementEvent(
  seq: number,
  ts: string,
  kind: ChangeKind,
  element: ChangeElement,
  id: number,
  label: string | null | undefined,
): ChangeEvent {
  return label === null || label === undefined
    ? { seq, ts, kind, element, id }
    : { seq, ts, kind, element, id, label };
}

function propertyEvent(
  seq: number,
  ts: string,
  kind: ChangeKind,
  element: ChangeElement,
  id: number,
  label: string | null,
  key: string,
): ChangeEvent {
  return label === null ? { seq, ts, kind, element, id, key } : { seq, ts, kind, element, id, label, key };
}

/** A `resync` event (feed-wide ones go in the ring; per-subscriber ones are made at delivery). */
export function resyncEvent(seq: number, ts: string, reason: ResyncReason): ChangeEvent {
  return { seq, ts, kind: 'resync', reason };
}

/** Events of one effect: a removal's ids each, one per property, embedding, clear or trim, none else. */
function eventsOfEffect(effect: GraphEffect): number {
  if (effect.kind === 'removed') return effect.ids.length;
  return effect.kind === 'indexDefined' || effect.kind === 'indexDropped' ? 0 : 1;
}

/** Where derivation starts in a transaction of operations: an operation, its first effect, the creations before it. */
interface DerivationStart {
  op: number;
  effect: number;
  created: number;
  /** Events of operation `op` itself not made (they are overwritten before anyone can read them). */
  skipped: number;
}

const fromTheStart: DerivationStart = { op: 0, effect: 0, created: 0, skipped: 0 };

/**
 * Appends the events of one committed (not replayed) transaction, in operation order: one per created
 * element, per removed element (a vertex first, then the edges its removal cascaded to), per property or
 * embedding change, per clear or trim.
 */
export function deriveEvents(transaction: CommittedTransaction, ts: string, sink: EventSink): void {
  if (transaction.creates !== undefined) {
    deriveBatchEvents(transaction.creates, transaction.result.effects, ts, sink);
    return;
  }
  deriveFrom(transaction, ts, sink, fromTheStart);
}

/**
 * The number of events of a transaction of operations (not a columnar batch), counted `effectsPerStep`
 * effects at a time: the generator pauses between steps and returns the count.
 */
export function* countEvents(
  transaction: CommittedTransaction,
  effectsPerStep: number,
): Generator<void, number, void> {
  const { createdIds, effects } = transaction.result;
  let total = createdIds.length;
  for (let i = 0; i < effects.length; i++) {
    total += eventsOfEffect(effects[i]);
    if ((i + 1) % effectsPerStep === 0) yield;
  }
  return total;
}

/**
 * `deriveEvents` for a transaction of operations (not a columnar batch) of `total` events (`countEvents`)
 * that may be more than the buffer's `keep`: the sequence counts them all, but only the last `keep` are
 * made, since they would overwrite the others before anyone could read them. Finding where those begin
 * walks back from the end, so the work is the kept events'.
 */
export function deriveLastEvents(
  transaction: CommittedTransaction,
  ts: string,
  sink: EventSink,
  keep: number,
  total: number,
): void {
  const { operations, result } = transaction;
  const { createdIds, effects } = result;
  if (total <= keep) {
    deriveFrom(transaction, ts, sink, fromTheStart);
    return;
  }
  sink.skip(total - keep);
  let kept = 0;
  let created = createdIds.length;
  let effect = effects.length;
  let op = operations.length;
  while (kept < keep) {
    op--;
    const kind = operations[op].kind;
    let events = 0;
    if (kind === 'createVertex' || kind === 'createEdge') {
      created--;
      events = 1;
    }
    while (effect > 0 && effects[effect - 1].op === op) events += eventsOfEffect(effects[--effect]);
    kept += events;
  }
  deriveFrom(transaction, ts, sink, { op, effect, created, skipped: kept - keep });
}

function deriveFrom(
  transaction: CommittedTransaction,
  ts: string,
  sink: EventSink,
  start: DerivationStart,
): void {
  const { operations, result } = transaction;
  const { createdIds, effects } = result;
  let created = start.created;
  let next = start.effect;
  let skipping = start.skipped;
  for (let op = start.op; op < operations.length; op++) {
    const operation = operations[op];
    if (operation.kind === 'createVertex') {
      const { label } = operation.input;
      sink.append(
        elementEvent(sink.lastSeq + 1, ts, 'vertexCreated', 'vertex', createdIds[created++], label),
      );
      continue;
    }
    if (operation.kind === 'createEdge') {
      const { label, edgePropertyId, sourceVertex: source, targetVertex: target } = operation.input;
      const seq = sink.lastSeq + 1;
      const kind = 'edgeCreated';
      const element = 'edge';
      const id = createdIds[created++];
      sink.append(
        label === null || label === undefined
          ? { seq, ts, kind, element, id, edgePropertyId, source, target }
          : { seq, ts, kind, element, id, label, edgePropertyId, source, target },
      );
      continue;
    }
    for (; next < effects.length && effects[next].op === op; next++) {
      const effect = effects[next];
      if (skipping > 0) {
        if (effect.kind === 'removed' && effect.ids.length > skipping) {
          // Part of the removal's events are kept: the cascaded edges from `skipping` on.
          const { ids, labels } = effect;
          for (let i = skipping; i < ids.length; i++) {
            sink.append(elementEvent(sink.lastSeq + 1, ts, 'edgeRemoved', 'edge', ids[i], labels[i]));
          }
          skipping = 0;
        } else skipping -= eventsOfEffect(effect);
        continue;
      }
      switch (effect.kind) {
        case 'removed': {
          const { ids, labels, vertex } = effect;
          const kind = vertex ? 'vertexRemoved' : 'edgeRemoved';
          sink.append(
            elementEvent(sink.lastSeq + 1, ts, kind, vertex ? 'vertex' : 'edge', ids[0], labels[0]),
          );
          for (let i = 1; i < ids.length; i++) {
            sink.append(elementEvent(sink.lastSeq + 1, ts, 'edgeRemoved', 'edge', ids[i], labels[i]));
          }
          break;
        }
        case 'property': {
          const { vertex, id, label, key } = effect;
          const kind = effect.removed ? 'propertyRemoved' : 'propertySet';
          sink.append(propertyEvent(sink.lastSeq + 1, ts, kind, vertex ? 'vertex' : 'edge', id, label, key));
          break;
        }
        case 'embedding': {
          // An embedding write or removal is a propertySet of its reserved key (docs/changefeed.md, Events).
          const { vertex, id, label } = effect;
          const element = vertex ? 'vertex' : 'edge';
          const key = embeddingKey(effect.name);
          sink.append(propertyEvent(sink.lastSeq + 1, ts, 'propertySet', element, id, label, key));
          break;
        }
        case 'cleared':
          sink.append(resyncEvent(sink.lastSeq + 1, ts, 'tabulaRasa'));
          break;
        case 'trimmed':
          sink.append(resyncEvent(sink.lastSeq + 1, ts, 'trim'));
          break;
      }
    }
  }
}

/** The events of a columnar batch (`CreateBatch`): those of its operations, without making them. */
function deriveBatchEvents(
  batch: CreateBatch,
  effects: readonly GraphEffect[],
  ts: string,
  sink: EventSink,
): void {
  const { kinds, labels, types, sources, targets, names, embeddings } = batch;
  // Every embedding of a batch has an effect, in order: effects[k] is embeddings[k]'s.
  sink.reserve(batch.count + embeddings.length);
  let next = 0;
  for (let row = 0; row < batch.count; row++) {
    const id = batch.firstId + row;
    const label = labels[row] < 0 ? null : names[labels[row]];
    if (kinds[row] === edgeRow)
      sink.appendCreated(ts, id, label, names[types[row]], sources[row], targets[row]);
    else sink.appendCreated(ts, id, label, undefined, 0, 0);
    for (; next < embeddings.length && embeddings[next].offset === row; next++) {
      const effect = effects[next];
      if (effect.kind !== 'embedding') continue;
      const key = embeddingKey(effect.name);
      const element = effect.vertex ? 'vertex' : 'edge';
      sink.append(propertyEvent(sink.lastSeq + 1, ts, 'propertySet', element, effect.id, effect.label, key));
    }
  }
}
