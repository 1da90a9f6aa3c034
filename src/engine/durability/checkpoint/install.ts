/**
 * Installs a loaded checkpoint into an engine: in one exclusive writer step (after every write submitted
 * before it, while later writes wait) the engine's graph takes over the loaded graph's content, the
 * checkpoint's indexes replace the engine's whole index set (indexes created since the save are gone; a
 * bound vector index, stored as its definition, projects the installed embeddings at once), and the write
 * sequence continues from the checkpoint's. Later writes allocate ids exactly as they would have after the
 * save in the original engine.
 *
 * The indexes are decoded first, into the engine's registry but not yet installed, in slices where the
 * index type decodes in steps (the keyed types do); any index that cannot be read fails the install
 * (CHECKPOINT_CORRUPT naming its file) before the engine changes. The swap itself is synchronous, so a reader sees the old graph and indexes or the new ones,
 * never a mixture.
 */
import path from 'node:path';
import { EngineError } from '../../errors.js';
import type { Engine } from '../../engine.js';
import type { Graph } from '../../graph/graph.js';
import type { GraphIndex } from '../../tx/index-plugin.js';
import { corrupt } from './format.js';
import { loadCheckpoint, type LoadCheckpointOptions, type LoadedCheckpoint } from './load.js';
import { Pacer } from './pace.js';

/** Graphs already installed: their buffers now belong to an engine, so they cannot be installed again. */
const installed = new WeakSet<Graph>();

/** The checkpoint's indexes, decoded for `engine` (not installed); CHECKPOINT_CORRUPT names a bad file. */
async function decodeIndexes(engine: Engine, loaded: LoadedCheckpoint): Promise<GraphIndex[]> {
  const pacer = new Pacer();
  const records = loaded.manifest.sections.indexes.entries;
  const indexes: GraphIndex[] = [];
  for (const [i, entry] of loaded.sections.indexes.entries.entries()) {
    const file = path.join(path.dirname(loaded.location), records[i].file ?? loaded.location);
    let index: GraphIndex;
    try {
      const steps = engine.indexes.decodeIndexSteps(entry.data!);
      for (let step = steps.next(); ; step = steps.next()) {
        if (step.done === true) {
          index = step.value;
          break;
        }
        await pacer.pace();
      }
    } catch (error) {
      throw corrupt(file, `holds an index that cannot be read: ${(error as Error).message}`);
    }
    if (index.id !== entry.name) {
      throw corrupt(file, `holds the index '${index.id}' where its manifest lists '${entry.name}'`);
    }
    indexes.push(index);
    await pacer.pace();
  }
  return indexes;
}

/**
 * The install itself, for a caller already inside an exclusive step of `engine`'s writer (which may then
 * replay a log on top in the same step). Use `installCheckpoint` otherwise.
 */
export async function adoptCheckpoint(engine: Engine, loaded: LoadedCheckpoint): Promise<void> {
  if (installed.has(loaded.graph)) {
    throw new EngineError(
      'INVALID_INPUT',
      `the checkpoint ${loaded.location} was installed already; load it again`,
    );
  }
  const indexes = await decodeIndexes(engine, loaded);
  if (installed.has(loaded.graph)) {
    throw new EngineError('INVALID_INPUT', `the checkpoint ${loaded.location} was installed meanwhile`);
  }
  installed.add(loaded.graph);
  engine.graph.adopt(loaded.graph);
  engine.indexes.replaceAll(indexes);
  engine.resetCommittedSequence(loaded.lastCommittedSequence);
}

export async function installCheckpoint(engine: Engine, loaded: LoadedCheckpoint): Promise<void> {
  await engine.exclusive(() => adoptCheckpoint(engine, loaded));
}

/** Loads the checkpoint at `location` and installs it into `engine`; nothing changes if the load fails. */
export async function restoreCheckpoint(
  engine: Engine,
  location: string,
  options: LoadCheckpointOptions = {},
): Promise<LoadedCheckpoint> {
  const loaded = await loadCheckpoint(location, options);
  await installCheckpoint(engine, loaded);
  return loaded;
}
