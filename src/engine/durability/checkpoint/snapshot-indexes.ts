/**
 * The indexes of a snapshot: every index of the engine, serialized (the registry's envelope around the
 * index's own payload) while the writer is held, so their memberships match the element cut: element
 * removals and trims reach an index only through commits, which wait. Index writes (`PUT /index/...`) are
 * not transactions and may interleave between two indexes; each index is serialized in one piece.
 *
 * An index whose serialization throws is left out of the checkpoint and reported (`dropped`): the save
 * goes on without it, and the durability block counts it (`lastCheckpointDroppedIndices`).
 */
import type { IndexRegistry } from '../../indexes/registry.js';
import type { Pacer } from './pace.js';

/** One serialized index (the bytes `IndexRegistry.restoreIndex` reads). */
export interface SnapshotIndex {
  readonly indexId: string;
  readonly pluginType: string;
  readonly data: Uint8Array;
}

/** An index the checkpoint could not write, and why. */
export interface DroppedIndex {
  readonly indexId: string;
  readonly pluginType: string;
  readonly reason: string;
}

export async function serializeIndexes(
  registry: IndexRegistry,
  pacer: Pacer,
): Promise<{ written: SnapshotIndex[]; dropped: DroppedIndex[] }> {
  const written: SnapshotIndex[] = [];
  const dropped: DroppedIndex[] = [];
  // The set as it is now: an index dropped while a later one is serialized is still in the cut.
  for (const index of registry.all()) {
    const { id: indexId, pluginType } = index;
    try {
      written.push({ indexId, pluginType, data: registry.serializeGraphIndex(index) });
    } catch (error) {
      dropped.push({ indexId, pluginType, reason: (error as Error).message });
    }
    await pacer.pace();
  }
  return { written, dropped };
}
