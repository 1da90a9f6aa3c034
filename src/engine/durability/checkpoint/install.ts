/**
 * Installs a loaded checkpoint into an engine: in one exclusive writer step (after every write submitted
 * before it, while later writes wait) the engine's graph takes over the loaded graph's content and the
 * write sequence continues from the checkpoint's. Synchronous inside the step, so a reader sees the old
 * graph or the new one, never a mixture. Later writes allocate ids exactly as they would have after the
 * save in the original engine.
 */
import { EngineError } from '../../errors.js';
import type { Engine } from '../../engine.js';
import type { Graph } from '../../graph/graph.js';
import { loadCheckpoint, type LoadCheckpointOptions, type LoadedCheckpoint } from './load.js';

/** Graphs already installed: their buffers now belong to an engine, so they cannot be installed again. */
const installed = new WeakSet<Graph>();

export async function installCheckpoint(engine: Engine, loaded: LoadedCheckpoint): Promise<void> {
  if (installed.has(loaded.graph)) {
    throw new EngineError(
      'INVALID_INPUT',
      `the checkpoint ${loaded.location} was installed already; load it again`,
    );
  }
  installed.add(loaded.graph);
  await engine.exclusive(() => {
    engine.graph.adopt(loaded.graph);
    engine.resetCommittedSequence(loaded.lastCommittedSequence);
  });
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
