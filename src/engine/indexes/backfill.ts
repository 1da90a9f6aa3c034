/**
 * Backfill (docs/indexes.md, Backfill; `POST /index/backfill/{id}` with a body): fills a keyed index from element
 * state. Each live element (with exactly `label`, when given) whose `propertyId` (or, with `prefix`, any
 * property key starting with it) holds a value the index accepts is indexed under that value.
 *
 * It walks the id space in slices that yield the event loop. Elements written meanwhile may or may not be
 * seen; removed ones are purged by the registry as always, and a slice only adds elements live when it
 * runs. A trim meanwhile renumbers what was added so far, and the walk starts over (add-only, so nothing
 * is added twice).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Graph } from '../graph/graph.js';
import { elementFilter } from '../graph/scan.js';
import type { BackfillCounts, KeyedIndex } from '../tx/index-plugin.js';

/** The body of `POST /index/backfill/{id}` (docs/indexes.md, Backfill). */
export interface BackfillRequest {
  /** The property whose value becomes the key; with `prefix`, a prefix of property keys. */
  propertyId: string;
  /** Empty the index first, then rebuild exactly (default: add only). */
  replace?: boolean;
  /** Every property whose key starts with `propertyId` contributes a key. */
  prefix?: boolean;
  /** Only elements with exactly this label. */
  label?: string | null;
}

export interface BackfillOutcome extends BackfillCounts {
  indexId: string;
  propertyId: string | null;
  replaced: boolean;
}

/** Element ids one backfill slice reads and indexes before yielding the event loop: a few milliseconds. */
export const backfillSliceIds = 4096;

/** What a running backfill asks the registry between slices. */
export interface BackfillWatch {
  /** The index is still the one registered under its id (not dropped or replaced). */
  stillInstalled(): boolean;
  /** Counts trims and clears: a change means ids were renumbered. */
  generation(): number;
}

/** Runs a validated backfill request (`propertyId` not empty) over `index`. */
export async function backfillIndex(
  graph: Graph,
  index: KeyedIndex,
  request: BackfillRequest,
  watch: BackfillWatch,
): Promise<BackfillOutcome> {
  const { propertyId, replace = false, prefix = false, label } = request;
  if (replace) index.clearEntries();
  const outcome: BackfillOutcome = {
    indexId: index.id,
    propertyId,
    replaced: replace,
    scannedElements: 0,
    indexedElements: 0,
    skippedUnindexableValues: 0,
  };
  let generation = watch.generation();
  for (let from = 0; from < graph.nextId; from += backfillSliceIds) {
    if (from > 0) {
      await yieldToEventLoop();
      if (!watch.stillInstalled()) break;
      if (watch.generation() !== generation) {
        generation = watch.generation();
        from = -backfillSliceIds;
        outcome.scannedElements = outcome.indexedElements = outcome.skippedUnindexableValues = 0;
        continue;
      }
    }
    // Fresh per slice: the graph's columns are replaced when it grows, and names are interned meanwhile.
    const accept = elementFilter(graph, { resultType: 'Both', label: label ?? undefined });
    const keyIds = keyIdsFor(graph, propertyId, prefix);
    const to = Math.min(graph.nextId, from + backfillSliceIds);
    for (let elementId = from; elementId < to; elementId++) {
      if (!accept(elementId)) continue;
      outcome.scannedElements++;
      let indexed = false;
      for (const keyId of keyIds) {
        const value = graph.properties.get(elementId, keyId);
        if (value === undefined) continue;
        if (index.accepts(value)) {
          index.add(elementId, value);
          indexed = true;
        } else outcome.skippedUnindexableValues++;
      }
      if (indexed) outcome.indexedElements++;
    }
  }
  return outcome;
}

/** Interned ids of the property keys a backfill reads. */
function keyIdsFor(graph: Graph, propertyId: string, prefix: boolean): number[] {
  const keys = graph.propertyKeys;
  if (!prefix) {
    const keyId = keys.find(propertyId);
    return keyId < 0 ? [] : [keyId];
  }
  const keyIds: number[] = [];
  for (let keyId = 0; keyId < keys.size; keyId++) {
    if (keys.nameOf(keyId).startsWith(propertyId)) keyIds.push(keyId);
  }
  return keyIds;
}
