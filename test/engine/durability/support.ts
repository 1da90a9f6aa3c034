/**
 * Support for the write-ahead log tests: temporary directories, a file system that fails on demand
 * (and counts and can stall what it is asked to do), and a full, comparable picture of an engine's state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { Engine, formatValue } from '../../../src/index.js';
import {
  nodeLogFileSystem,
  type LogFile,
  type LogFileSystem,
} from '../../../src/engine/durability/wal/file-system.js';
import {
  WriteAheadLog,
  type WriteAheadLogOptions,
} from '../../../src/engine/durability/wal/write-ahead-log.js';

const created: string[] = [];
after(() => {
  for (const directory of created) rmSync(directory, { recursive: true, force: true });
});

/** A fresh directory, removed when the test file ends. */
export function temporaryDirectory(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'skein-wal-'));
  created.push(directory);
  return directory;
}

/** An I/O error as the kernel reports one. */
export function ioError(syscall: string): NodeJS.ErrnoException {
  const error = new Error(`EIO: i/o error, ${syscall}`) as NodeJS.ErrnoException;
  error.code = 'EIO';
  error.syscall = syscall;
  return error;
}

/**
 * Wraps the real file system. Set `failWrite`/`failSync`/`failReplace` to make the next calls throw;
 * `stallSync` makes syncs wait until `releaseSync()`. Counts writes of entries, writes of zero-filled
 * extents (the space the log allocates ahead of its appends) and syncs.
 */
export class FaultyFileSystem implements LogFileSystem {
  writes = 0;
  extentWrites = 0;
  syncs = 0;
  failWrite: Error | null = null;
  failSync: Error | null = null;
  failReplace: Error | null = null;
  stallSync = false;
  private stalled: ((failure: Error | null) => void)[] = [];

  constructor(private readonly inner: LogFileSystem = nodeLogFileSystem) {}

  releaseSync(): void {
    this.stallSync = false;
    for (const release of this.stalled.splice(0)) release(null);
  }

  /**
   * Lets the stalled sync at `index` (in the order they stalled) go on, or fail with `failure`; the
   * others stay stalled.
   */
  releaseStalledSync(index: number, failure: Error | null = null): void {
    const [release] = this.stalled.splice(index, 1);
    release(failure);
  }

  get stalledSyncs(): number {
    return this.stalled.length;
  }

  readFile(file: string): Promise<Buffer | undefined> {
    return this.inner.readFile(file);
  }

  async open(file: string): Promise<LogFile> {
    const inner = await this.inner.open(file);
    return {
      write: async (data, position) => {
        if (data.every((byte) => byte === 0)) this.extentWrites++;
        else this.writes++;
        if (this.failWrite !== null) throw this.failWrite;
        await inner.write(data, position);
      },
      sync: async () => {
        this.syncs++;
        if (this.stallSync) {
          const failure = await new Promise<Error | null>((resolve) => this.stalled.push(resolve));
          if (failure !== null) throw failure;
        }
        if (this.failSync !== null) throw this.failSync;
        await inner.sync();
      },
      truncate: (length) => inner.truncate(length),
      read: (position, length) => inner.read(position, length),
      close: () => inner.close(),
    };
  }

  async replaceDurably(file: string, chunks: readonly Uint8Array[]): Promise<void> {
    if (this.failReplace !== null) throw this.failReplace;
    await this.inner.replaceDurably(file, chunks);
  }

  copyFile(from: string, to: string): Promise<void> {
    return this.inner.copyFile(from, to);
  }

  remove(file: string): Promise<void> {
    return this.inner.remove(file);
  }

  removeDirectoryIfEmpty(directory: string): Promise<void> {
    return this.inner.removeDirectoryIfEmpty(directory);
  }
}

export const testNamespaceId = 'ns-test';

/** Opens (or creates) the log at `file` over a new engine; replays an existing one. */
export async function openLogged(
  file: string,
  options: Partial<WriteAheadLogOptions> = {},
): Promise<{ engine: Engine; log: WriteAheadLog; warnings: string[] }> {
  const warnings: string[] = [];
  const engine = options.engine ?? new Engine({ clockSeconds: () => 1_700_000_000 });
  const log = await WriteAheadLog.open({
    path: file,
    namespaceId: testNamespaceId,
    engine,
    onWarning: (message) => warnings.push(message),
    ...options,
  });
  if (log.degraded) await log.replay();
  return { engine, log, warnings };
}

/**
 * Everything a reader can observe about the engine, as plain data: each id's element (or null), with
 * property values as type and read text, adjacency in the order reads return it, and the counts.
 */
export function engineState(engine: Engine): unknown {
  const elements: unknown[] = [];
  for (let id = 0; id < engine.nextId; id++) {
    const element = engine.getElement(id);
    if (element === undefined) {
      elements.push(null);
      continue;
    }
    elements.push({
      ...element,
      outEdges: 'outEdges' in element ? JSON.stringify(element.outEdges) : undefined,
      inEdges: 'inEdges' in element ? JSON.stringify(element.inEdges) : undefined,
      properties: element.properties.map(({ key, value }) => [key, value.type, formatValue(value)]),
    });
  }
  return {
    nextId: engine.nextId,
    vertexCount: engine.vertexCount,
    edgeCount: engine.edgeCount,
    elements,
  };
}
