/**
 * Durability of a namespace catalog: one write-ahead log per namespace, the catalog file, recovery at
 * startup, and an orderly close at shutdown.
 *
 * Storage layout (docs/durability.md, Where the files are):
 *   <storageDirectory>/svc.wal                      the `default` namespace's log (or `walPath`)
 *   <storageDirectory>/namespaces/<id>/svc.wal      every other namespace's, by immutable id
 *   <metadataDirectory>/namespaces.json             the catalog (names, ids, overrides)
 * Checkpoints of a namespace belong in the same directory as its log (`directoryOf`).
 *
 * `start` restores the catalog and replays every namespace's log before it resolves; the server reports
 * ready only then. Namespaces created later get a fresh log at once; a dropped namespace's log is closed
 * and deleted (its checkpoints are kept). In volatile mode nothing is read or written.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Namespace, NamespaceListener, Namespaces } from '../namespaces/catalog.js';
import { defaultNamespaceName } from '../namespaces/names.js';
import {
  adoptCheckpoint,
  loadCheckpoint,
  readCheckpointManifest,
  type LoadedCheckpoint,
} from './checkpoint/index.js';
import { catalogFileName, readCatalogFile, writeCatalogFile } from './namespace-catalog-file.js';
import type { SaveGameRegistry } from './savegames/registry.js';
import type { NamespaceLogControl, RestoreLogOutcome, RestoreMode } from './savegames/service.js';
import { nodeLogFileSystem, type LogFileSystem } from './wal/file-system.js';
import { WriteAheadLog, type LogStatus } from './wal/write-ahead-log.js';
import type { LogAnchor } from './wal/header.js';

export const logFileName = 'svc.wal';
/** Logs opened and replayed at once during startup. */
const recoveryConcurrency = 4;

export interface DurabilityOptions {
  /** Absolute. */
  readonly storageDirectory: string;
  /** The `default` namespace's log; absolute. */
  readonly walPath: string;
  /** Absolute. */
  readonly metadataDirectory: string;
  readonly volatile: boolean;
  readonly fileSystem?: LogFileSystem;
  /** Server-log warnings: cut tails, damaged logs kept aside, a tripped failure fence. */
  readonly onWarning?: (message: string) => void;
  /**
   * The save-game registry: at startup a namespace whose log does not build on a checkpoint of its own
   * (no log, or a log of the empty graph with nothing in it) loads the newest entry containing it.
   */
  readonly registry?: SaveGameRegistry;
  /**
   * `Svc:Durability:CheckpointBaseName`: the name of a checkpoint saved without a location. At startup a
   * checkpoint of that name (or a versioned sibling of it) in a namespace's directory that no entry
   * registers and that is strictly newer than the newest entry containing the namespace is adopted.
   */
  readonly checkpointBaseName?: string;
  /** Registers a checkpoint the startup adopted (one the registry did not list); see `recover`. */
  readonly onCheckpointAdopted?: (namespace: Namespace, loaded: LoadedCheckpoint) => Promise<void>;
}

/** `Svc:Durability:CheckpointBaseName`'s default. */
export const defaultCheckpointBaseName = 'Temp.f8s';

/** The `durability` block of `GET /status` (docs/durability.md). */
export interface DurabilityBlock {
  walEnabled: boolean;
  degraded: boolean;
  recoveryRan: boolean;
  lastRecoveryTruncated: boolean;
  lastRecoveryReplayedEntries: number;
  lastCheckpointDroppedIndices: number;
}

/** What shutdown runs after the writers drained and before the logs close (the shutdown save). */
export type ShutdownStep = () => Promise<void>;

/** Resolves the configured paths: relative ones against `workingDirectory`. */
export function durabilityPaths(
  settings: {
    storageDirectory: string;
    walPath: string | null;
    metadataDirectory: string | null;
  },
  workingDirectory = process.cwd(),
): { storageDirectory: string; walPath: string; metadataDirectory: string } {
  const storageDirectory = path.resolve(workingDirectory, settings.storageDirectory);
  return {
    storageDirectory,
    walPath: path.resolve(storageDirectory, settings.walPath ?? logFileName),
    metadataDirectory: path.resolve(storageDirectory, settings.metadataDirectory ?? 'metadata'),
  };
}

export class Durability implements NamespaceLogControl {
  private readonly logs = new Map<string, WriteAheadLog>();
  private readonly droppedIndices = new Map<string, number>();
  private readonly shutdownSteps: ShutdownStep[] = [];
  private readonly fileSystem: LogFileSystem;
  private readonly warn: (message: string) => void;
  private catalogWrites: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly namespaces: Namespaces,
    readonly options: DurabilityOptions,
  ) {
    this.fileSystem = options.fileSystem ?? nodeLogFileSystem;
    this.warn = options.onWarning ?? ((message) => process.emitWarning(message, { code: 'SKEIN_WAL' }));
  }

  /**
   * Restores the stored catalog into `namespaces`, opens and replays each namespace's log, and follows
   * the catalog from then on. Throws (the service must not start) when the catalog file or a log cannot
   * be read or replayed.
   */
  static async start(namespaces: Namespaces, options: DurabilityOptions): Promise<Durability> {
    const durability = new Durability(namespaces, options);
    if (options.volatile) return durability;
    const catalogFile = durability.catalogFile;
    const records = await readCatalogFile(durability.fileSystem, catalogFile);
    for (const record of records ?? []) namespaces.restore(record);
    const all = namespaces.list();
    const firstStart = records === undefined;
    for (let next = 0; next < all.length; next += recoveryConcurrency) {
      const batch = all.slice(next, next + recoveryConcurrency);
      await Promise.all(batch.map((namespace) => durability.recover(namespace, !firstStart)));
    }
    namespaces.addListener(durability.listener);
    if (firstStart) await durability.writeCatalog();
    return durability;
  }

  get volatile(): boolean {
    return this.options.volatile;
  }

  get catalogFile(): string {
    return path.join(this.options.metadataDirectory, catalogFileName);
  }

  /** The directory of a namespace's log and default checkpoints. */
  directoryOf(namespace: Namespace): string {
    return namespace.id === defaultNamespaceName
      ? this.options.storageDirectory
      : path.join(this.options.storageDirectory, 'namespaces', namespace.id);
  }

  logPathOf(namespace: Namespace): string {
    return namespace.id === defaultNamespaceName
      ? this.options.walPath
      : path.join(this.directoryOf(namespace), logFileName);
  }

  /** The namespace's log, or undefined (volatile mode, or a namespace this catalog does not hold). */
  logOf(namespace: Namespace): WriteAheadLog | undefined {
    return this.logs.get(namespace.id);
  }

  /** The `durability` block of `GET /status` for a loaded namespace. */
  status(namespace: Namespace): DurabilityBlock {
    const log: LogStatus | undefined = this.logs.get(namespace.id)?.status;
    return {
      walEnabled: log?.walEnabled ?? false,
      degraded: log?.degraded ?? false,
      recoveryRan: log?.recoveryRan ?? false,
      lastRecoveryTruncated: log?.lastRecoveryTruncated ?? false,
      lastRecoveryReplayedEntries: log?.lastRecoveryReplayedEntries ?? 0,
      lastCheckpointDroppedIndices: this.droppedIndices.get(namespace.id) ?? 0,
    };
  }

  /** Transactions committed in memory but not durably, over every log (`svc.transaction.nondurable`). */
  get nonDurableCommits(): number {
    let total = 0;
    for (const log of this.logs.values()) total += log.status.nonDurableCommits;
    return total;
  }

  /** For the checkpoint work: how many indexes the namespace's last checkpoint could not write. */
  recordCheckpointDroppedIndices(namespace: Namespace, count: number): void {
    this.droppedIndices.set(namespace.id, count);
  }

  /** Runs at shutdown once every writer has drained, before the logs close (the shutdown save). */
  onShutdown(step: ShutdownStep): void {
    this.shutdownSteps.push(step);
  }

  /**
   * Startup recovery of one namespace:
   *
   * - a log built on a checkpoint loads that checkpoint, then replays its entries (the log holds the
   *   namespace's latest history, whatever the registry says: after a restore of an older entry the log
   *   builds on that one);
   * - a log built on the empty graph that holds entries replays alone;
   * - with no log (or an empty one), the newest registered save game containing the namespace is loaded
   *   and a new log anchored to it; but a loose checkpoint strictly newer than that entry (see
   *   `newerLooseCheckpoint`) is loaded instead.
   *
   * A checkpoint loaded this way that no entry registers, and that is strictly newer than the newest entry
   * containing the namespace (or there is none), is adopted: registered as `imported`
   * (`onCheckpointAdopted`), so the registry again names what the namespace builds on. That is the
   * checkpoint of a save whose registry write did not land. A checkpoint that is needed but missing stops
   * the startup with a message naming it.
   */
  private async recover(namespace: Namespace, expectLog: boolean): Promise<void> {
    const log = await WriteAheadLog.open({
      path: this.logPathOf(namespace),
      namespaceId: namespace.id,
      engine: namespace.engine,
      fileSystem: this.fileSystem,
      onWarning: this.warn,
    });
    this.logs.set(namespace.id, log);
    const registered = this.options.registry?.newestContaining(namespace.id);
    if (log.degraded) {
      const anchor = log.anchor;
      if (anchor.kind === 'checkpoint') {
        const loaded = await this.loadForStartup(namespace, anchor.id);
        // One writer step: the load is whole (checkpoint and history) when the step ends and is announced.
        await this.install(namespace, loaded, async () => {
          await log.replay();
        });
        if (
          !this.isRegistered(loaded.location) &&
          (registered === undefined || isNewer(loaded, registered.entry))
        ) {
          await this.adopt(namespace, loaded, 'its write-ahead log builds on it');
        }
        return;
      }
      // A log of the empty graph that holds entries rebuilds the namespace from nothing: it wins over the
      // registry. An empty one leaves the choice to the registry.
      const report = await log.replay();
      if (report.replayedEntries > 0 || registered === undefined) return;
    } else if (registered === undefined && expectLog) {
      this.warn(
        `the write-ahead log of namespace '${namespace.name}' (${log.path}) was missing; ` +
          'the namespace starts empty with a new log',
      );
      return;
    }
    if (registered === undefined) return;
    const loose = await this.newerLooseCheckpoint(namespace, registered.entry.savedAt);
    const loaded = await this.loadForStartup(namespace, loose ?? registered.member.location);
    await this.install(namespace, loaded);
    await log.resetAnchoredTo(checkpointAnchor(loaded), { keepLaterEntries: false });
    if (loose !== undefined) {
      await this.adopt(namespace, loaded, `it is newer than the save game ${registered.entry.id}`);
    }
  }

  private isRegistered(location: string): boolean {
    return this.options.registry?.hasLocation(location) ?? false;
  }

  /** Registers a checkpoint the startup loaded although no entry listed it, and says so. */
  private async adopt(namespace: Namespace, loaded: LoadedCheckpoint, why: string): Promise<void> {
    this.warn(
      `namespace '${namespace.name}' builds on the checkpoint ${loaded.location}, which no save game ` +
        `registered (${why}): it is adopted${this.options.onCheckpointAdopted === undefined ? '' : ' and registered'}`,
    );
    try {
      await this.options.onCheckpointAdopted?.(namespace, loaded);
    } catch (error) {
      this.warn(
        `the adopted checkpoint ${loaded.location} could not be registered: ${(error as Error).message}`,
      );
    }
  }

  /**
   * The newest checkpoint in the namespace's directory, saved under the default name (`Temp.f8s` or a
   * versioned sibling `Temp.f8s#<stamp>`), that no entry registers and whose snapshot is strictly newer
   * than `savedAfter` (the newest registered entry's time); undefined when there is none. A file there
   * whose manifest cannot be read is skipped with a warning: it is not the registry's to vouch for.
   */
  private async newerLooseCheckpoint(namespace: Namespace, savedAfter: string): Promise<string | undefined> {
    const directory = this.directoryOf(namespace);
    const base = this.options.checkpointBaseName ?? defaultCheckpointBaseName;
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      return undefined;
    }
    let newest: { location: string; savedAt: string } | undefined;
    for (const name of names) {
      if (name !== base && !(name.startsWith(`${base}#`) && /^\d+$/.test(name.slice(base.length + 1))))
        continue;
      const location = path.join(directory, name);
      if (this.isRegistered(location)) continue;
      let savedAt: string;
      try {
        savedAt = (await readCheckpointManifest(location)).savedAt;
      } catch (error) {
        this.warn(`a loose checkpoint ${location} is not considered: ${(error as Error).message}`);
        continue;
      }
      if (savedAt > savedAfter && (newest === undefined || savedAt > newest.savedAt))
        newest = { location, savedAt };
    }
    return newest?.location;
  }

  private async loadForStartup(namespace: Namespace, location: string): Promise<LoadedCheckpoint> {
    try {
      return await loadCheckpoint(location);
    } catch (error) {
      throw new Error(
        `namespace '${namespace.name}' (id ${namespace.id}) needs the checkpoint ${location}, which cannot be ` +
          `loaded: ${(error as Error).message}. Restore the file, or remove its save-game entry, then start again`,
      );
    }
  }

  /** Installs a loaded checkpoint into the namespace's engine, in one exclusive writer step. */
  private async install(
    namespace: Namespace,
    loaded: LoadedCheckpoint,
    after?: () => Promise<void>,
  ): Promise<void> {
    await namespace.engine.exclusive(async () => {
      await adoptCheckpoint(namespace.engine, loaded);
      await after?.();
    });
  }

  // ---- save games (NamespaceLogControl) ----

  /** After a save: the namespace's log starts anew on the checkpoint, keeping commits made meanwhile. */
  async anchorAfterSave(
    namespace: Namespace,
    saved: { location: string; lastCommittedSequence: number },
  ): Promise<void> {
    await this.logs.get(namespace.id)?.resetAnchoredTo({
      kind: 'checkpoint',
      id: saved.location,
      sequence: saved.lastCommittedSequence,
    });
  }

  /**
   * A restore: when the log builds on exactly this checkpoint, the checkpoint is installed and the log's
   * later entries replayed (the state equals the current committed state); otherwise the log is
   * re-anchored to the checkpoint in the same writer step and the history after it is discarded.
   */
  async restore(
    namespace: Namespace,
    loaded: LoadedCheckpoint,
    mode: RestoreMode,
  ): Promise<RestoreLogOutcome> {
    const log = this.logs.get(namespace.id);
    if (log === undefined) {
      await this.install(namespace, loaded);
      return 'noLog';
    }
    const anchor = log.anchor;
    const anchoredHere = anchor.kind === 'checkpoint' && anchor.id === loaded.location;
    if (mode === 'replayWhenAnchored' && anchoredHere && !log.degraded) {
      await namespace.engine.flush();
      await log.close();
      const reopened = await WriteAheadLog.open({
        path: log.path,
        namespaceId: namespace.id,
        engine: namespace.engine,
        fileSystem: this.fileSystem,
        onWarning: this.warn,
      });
      this.logs.set(namespace.id, reopened);
      // Replayed in the install's writer step: no write may fall between the checkpoint and its history.
      await this.install(namespace, loaded, async () => {
        await reopened.replay();
      });
      return 'replayed';
    }
    await this.install(namespace, loaded, () =>
      log.resetAnchoredTo(checkpointAnchor(loaded), { keepLaterEntries: false }),
    );
    return 'reanchored';
  }

  private readonly listener: NamespaceListener = {
    created: async (namespace) => {
      const log = WriteAheadLog.create({
        path: this.logPathOf(namespace),
        namespaceId: namespace.id,
        engine: namespace.engine,
        fileSystem: this.fileSystem,
        onWarning: this.warn,
      });
      this.logs.set(namespace.id, log);
      await Promise.all([log.ready, this.writeCatalog()]);
    },
    changed: () => this.writeCatalog(),
    dropped: async (namespace) => {
      // The catalog first: once it no longer lists the namespace, a crash cannot bring it back.
      await this.writeCatalog();
      const log = this.logs.get(namespace.id);
      this.logs.delete(namespace.id);
      this.droppedIndices.delete(namespace.id);
      await namespace.engine.flush();
      await log?.remove();
      await this.fileSystem.removeDirectoryIfEmpty(this.directoryOf(namespace));
    },
  };

  /** Writes the catalog as it is when the write runs; writes are serialized. */
  private writeCatalog(): Promise<void> {
    const write = this.catalogWrites.then(() =>
      writeCatalogFile(this.fileSystem, this.catalogFile, this.namespaces.list()),
    );
    this.catalogWrites = write.catch(() => undefined);
    return write;
  }

  /**
   * Shutdown: waits for every writer to drain, runs the shutdown steps, and closes every log. Call it
   * after the server stopped accepting requests.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.namespaces.list().map((namespace) => namespace.engine.flush()));
    for (const step of this.shutdownSteps) {
      try {
        await step();
      } catch (error) {
        this.warn(`a shutdown step failed: ${(error as Error).message}`);
      }
    }
    await Promise.all([...this.logs.values()].map((log) => log.close()));
    await this.catalogWrites;
  }
}

/** The checkpoint's snapshot is strictly newer than the entry's registration (both ISO-8601 UTC texts). */
function isNewer(loaded: LoadedCheckpoint, entry: { savedAt: string }): boolean {
  return loaded.manifest.savedAt > entry.savedAt;
}

function checkpointAnchor(loaded: LoadedCheckpoint): LogAnchor {
  return { kind: 'checkpoint', id: loaded.location, sequence: loaded.lastCommittedSequence };
}
