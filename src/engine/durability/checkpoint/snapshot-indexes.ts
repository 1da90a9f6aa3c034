/**
 * The indexes of a snapshot, in two stages.
 *
 * `captureIndexes` runs with the writer held, at the element cut, in one synchronous piece: it takes each
 * index's capture (`IndexRegistry.captureGraphIndex`), which costs O(1) or a copy of compact arrays per
 * index (copy on write: copy-on-write.ts), so every index is taken at the same instant and its memberships
 * match the element cut (element removals and trims reach an index only through commits, which wait for
 * the writer). An index without a `capture` of its own is serialized there, under the hold.
 *
 * `encodeIndexes` runs after the writer is released, in steps that respect the pacer: each capture is
 * encoded to the registry's envelope around the index's payload, while index writes, commits, purges and
 * trims go on and never reach it. Each capture is released once encoded (or failed).
 *
 * An index whose capture or encoding throws is left out of the checkpoint and reported (`dropped`): the
 * save goes on without it, and the durability block counts it (`lastCheckpointDroppedIndices`).
 */
import type { IndexRegistry } from '../../indexes/registry.js';
import type { IndexCapture } from '../../tx/index-plugin.js';
import type { Pacer } from './pace.js';

/** One serialized index (the bytes `IndexRegistry.restoreIndex` reads). */
export interface SnapshotIndex {
  readonly indexId: string;
  readonly pluginType: string;
  /** The bytes as consecutive parts, as the encoding made them (a checkpoint writes them as they are). */
  readonly parts: readonly Uint8Array[];
  /** The bytes in one buffer: the parts joined on first read (a copy). */
  readonly data: Uint8Array;
}

function snapshotIndex(indexId: string, pluginType: string, parts: readonly Uint8Array[]): SnapshotIndex {
  let joined: Uint8Array | undefined;
  return {
    indexId,
    pluginType,
    parts,
    get data() {
      return (joined ??= parts.length === 1 ? parts[0] : Buffer.concat(parts));
    },
  };
}

/** An index the checkpoint could not write, and why. */
export interface DroppedIndex {
  readonly indexId: string;
  readonly pluginType: string;
  readonly reason: string;
}

/** One index captured at the cut, not yet encoded. */
export interface CapturedIndex {
  readonly indexId: string;
  readonly pluginType: string;
  readonly capture: IndexCapture;
}

export interface CapturedIndexes {
  captured: CapturedIndex[];
  dropped: DroppedIndex[];
}

/** Every index of `registry` now, in creation order (with the writer held: see the module comment). */
export function captureIndexes(registry: IndexRegistry): CapturedIndexes {
  const captured: CapturedIndex[] = [];
  const dropped: DroppedIndex[] = [];
  for (const index of registry.all()) {
    const { id: indexId, pluginType } = index;
    try {
      captured.push({ indexId, pluginType, capture: registry.captureGraphIndex(index) });
    } catch (error) {
      dropped.push({ indexId, pluginType, reason: (error as Error).message });
    }
  }
  return { captured, dropped };
}

/** Releases every capture (a snapshot abandoned before its indexes were encoded). */
export function releaseCaptures(indexes: CapturedIndexes): void {
  for (const { capture } of indexes.captured) capture.release();
}

/** Encodes the captures in steps that respect `pacer`, releasing each (see the module comment). */
export async function encodeIndexes(
  indexes: CapturedIndexes,
  pacer: Pacer,
): Promise<{ written: SnapshotIndex[]; dropped: DroppedIndex[] }> {
  const written: SnapshotIndex[] = [];
  const dropped = [...indexes.dropped];
  try {
    for (const { indexId, pluginType, capture } of indexes.captured) {
      try {
        const steps = capture.encodeSteps();
        let step = steps.next();
        while (step.done !== true) {
          await pacer.pace();
          step = steps.next();
        }
        written.push(snapshotIndex(indexId, pluginType, step.value));
      } catch (error) {
        dropped.push({ indexId, pluginType, reason: (error as Error).message });
      } finally {
        capture.release();
      }
      await pacer.pace();
    }
  } finally {
    releaseCaptures(indexes);
  }
  return { written, dropped };
}
