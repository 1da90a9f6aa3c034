/** The log's file system with a count of the syncs it issues, for the durable-write benchmarks. */
import { nodeLogFileSystem, type LogFileSystem } from '../src/engine/durability/wal/file-system.js';

export function countingFileSystem(counter: { syncs: number }): LogFileSystem {
  return {
    ...nodeLogFileSystem,
    open: async (file) => {
      const inner = await nodeLogFileSystem.open(file);
      return {
        write: (data, position) => inner.write(data, position),
        sync: () => {
          counter.syncs++;
          return inner.sync();
        },
        truncate: (length) => inner.truncate(length),
        read: (position, length) => inner.read(position, length),
        close: () => inner.close(),
      };
    },
  };
}
