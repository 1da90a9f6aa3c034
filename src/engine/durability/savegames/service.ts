/**
 * Save games (docs/savegames.md): saving namespaces to checkpoints and registering
 * them, loading checkpoints back by path or by registry entry, deleting entries, and the startup load.
 *
 * The registry alone decides what loads at startup. A save writes the checkpoint (never over an existing
 * one: see checkpoint/paths.ts), anchors the namespace's write-ahead log to it, then registers the entry.
 * A restore installs a checkpoint; the log control decides whether the log replays on top of it (it builds
 * on exactly this checkpoint) or is re-anchored (an older entry or a path: later history is discarded,
 * with a warning).
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../../errors.js';
import type { Namespace, Namespaces } from '../../namespaces/catalog.js';
import { defaultNamespaceName } from '../../namespaces/names.js';
import {
  checkpointFiles,
  installCheckpoint,
  loadCheckpoint,
  saveCheckpoint,
  type LoadedCheckpoint,
  type SaveCheckpointResult,
} from '../checkpoint/index.js';
import { exists } from '../checkpoint/files.js';
import {
  emptyKpis,
  entryFromMembers,
  membersOf,
  saveGameIndexRecord,
  savedAtText,
  newSaveGameId,
  type SaveGameEntry,
  type SaveGameKpis,
  type SaveGameMember,
  type SaveGameTrigger,
} from './entries.js';
import type { SaveGameRegistry } from './registry.js';
import type { JsonValue } from '../checkpoint/manifest.js';

/** The `pluginType` an index entry of a checkpoint's manifest records. */
function pluginTypeOf(metadata: JsonValue): string {
  const pluginType =
    metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)
      ? metadata.pluginType
      : null;
  return typeof pluginType === 'string' ? pluginType : 'unknown';
}

/**
 * How a restore treats the log: an entry restore replays the log when it builds on that checkpoint
 * ('replayWhenAnchored'); a load by path always re-anchors ('reanchor') (docs/savegames.md, Restore semantics).
 */
export type RestoreMode = 'replayWhenAnchored' | 'reanchor';

/** What a restore did to the namespace's log. */
export type RestoreLogOutcome = 'replayed' | 'reanchored' | 'noLog';

/**
 * The namespaces' write-ahead logs, as save games need them. The durability wiring implements it over
 * the logs it opened; without logs (volatile mode) `noLogControl` applies.
 */
export interface NamespaceLogControl {
  /** A checkpoint of the namespace was written: start its log anew on top of it, keeping later commits. */
  anchorAfterSave(
    namespace: Namespace,
    saved: { location: string; lastCommittedSequence: number },
  ): Promise<void>;
  /**
   * Installs a loaded checkpoint into the namespace and brings its log in line: when the log builds on
   * this very checkpoint, its later entries are replayed ('replayed'); otherwise the log is re-anchored to
   * it and the history after it is discarded ('reanchored').
   */
  restore(namespace: Namespace, loaded: LoadedCheckpoint, mode: RestoreMode): Promise<RestoreLogOutcome>;
  /** The namespace was created by a restore: give it a log. */
  namespaceCreated?(namespace: Namespace): Promise<void>;
  /** How many indexes the namespace's last checkpoint could not write (`lastCheckpointDroppedIndices`). */
  recordCheckpointDroppedIndices?(namespace: Namespace, count: number): void;
}

export const noLogControl: NamespaceLogControl = {
  anchorAfterSave: () => Promise.resolve(),
  restore: async (namespace, loaded) => {
    await installCheckpoint(namespace.engine, loaded);
    return 'noLog';
  },
};

export interface SaveGamesOptions {
  /** `Svc:Durability:StorageDirectory`. */
  readonly storageDirectory: string;
  /** `Svc:Durability:CheckpointBaseName`. */
  readonly checkpointBaseName: string;
  readonly engineVersion: string;
  readonly logs?: NamespaceLogControl;
  /** Lines for the server log (re-anchored restores, adopted checkpoints). */
  readonly onWarning?: (message: string) => void;
  /** Process memory for the kpis (the working set). */
  readonly usedMemoryBytes?: () => number;
}

export interface SaveOptions {
  readonly location?: string;
  readonly partitions?: number;
  readonly trigger?: SaveGameTrigger;
}

export interface SaveAllOutcome {
  /** One entry for every namespace saved; absent when none was. */
  readonly entry?: SaveGameEntry;
  readonly failedNamespaces: string[];
}

export type RestoreOutcome =
  | { readonly kind: 'restored'; readonly entry: SaveGameEntry; readonly activatedNamespaces: string[] }
  | { readonly kind: 'unknownEntry' }
  | { readonly kind: 'unknownMember'; readonly members: string[] }
  | { readonly kind: 'filesMissing'; readonly files: string[] }
  | { readonly kind: 'recreateFailed'; readonly detail: string }
  | { readonly kind: 'incomplete'; readonly failedNamespaces: string[]; readonly detail: string };

export class SaveGames {
  private readonly logs: NamespaceLogControl;
  private readonly usedMemoryBytes: () => number;
  /**
   * The last save of each namespace (by id) that is running or waiting: saves of one namespace run one
   * after another, because each holds a copy of the graph (its snapshot) until its files are written, and
   * concurrent requests would otherwise hold one copy each (docs/limits.md).
   */
  private readonly lastSaves = new Map<string, Promise<unknown>>();

  constructor(
    private readonly namespaces: Namespaces,
    readonly registry: SaveGameRegistry,
    private readonly options: SaveGamesOptions,
  ) {
    this.logs = options.logs ?? noLogControl;
    this.usedMemoryBytes = options.usedMemoryBytes ?? (() => process.memoryUsage.rss());
  }

  /** `<StorageDirectory>/<CheckpointBaseName>` for the default namespace, `namespaces/<id>/...` for others. */
  defaultLocation(namespace: Namespace): string {
    const directory =
      namespace.id === defaultNamespaceName
        ? this.options.storageDirectory
        : path.join(this.options.storageDirectory, 'namespaces', namespace.id);
    return path.resolve(directory, this.options.checkpointBaseName);
  }

  // ------------------------------------------------------------------------------------ save

  /** `PUT /save`: writes the namespace's checkpoint, anchors its log to it, registers one entry. */
  async save(namespace: Namespace, options: SaveOptions = {}): Promise<SaveGameEntry> {
    const member = await this.saveMember(namespace, options);
    const entry = entryFromMembers(
      [member],
      options.trigger ?? 'api',
      this.options.engineVersion,
      new Date(),
      this.usedMemoryBytes(),
    );
    await this.register(entry);
    return entry;
  }

  /** `PUT /save/all`: every namespace to its default location, one entry for those that saved. */
  async saveAll(trigger: SaveGameTrigger = 'api'): Promise<SaveAllOutcome> {
    const members: SaveGameMember[] = [];
    const failedNamespaces: string[] = [];
    for (const namespace of this.namespaces.list()) {
      try {
        members.push(await this.saveMember(namespace, { trigger }));
      } catch (error) {
        this.options.onWarning?.(
          `the save of namespace '${namespace.name}' rolled back: ${(error as Error).message}`,
        );
        failedNamespaces.push(namespace.name);
      }
    }
    if (members.length === 0) return { failedNamespaces };
    const entry = entryFromMembers(
      members,
      trigger,
      this.options.engineVersion,
      new Date(),
      this.usedMemoryBytes(),
    );
    await this.register(entry);
    return { entry, failedNamespaces };
  }

  /** Saves one namespace once the saves of it requested before have ended (see `lastSaves`). */
  private saveMember(namespace: Namespace, options: SaveOptions): Promise<SaveGameMember> {
    const before = this.lastSaves.get(namespace.id);
    const run = () => this.writeMember(namespace, options);
    const saved = before === undefined ? run() : before.then(run, run);
    const last = saved.catch(() => undefined);
    this.lastSaves.set(namespace.id, last);
    void last.then(() => {
      if (this.lastSaves.get(namespace.id) === last) this.lastSaves.delete(namespace.id);
    });
    return saved;
  }

  private async writeMember(namespace: Namespace, options: SaveOptions): Promise<SaveGameMember> {
    const target = path.resolve(options.location ?? this.defaultLocation(namespace));
    let result: SaveCheckpointResult;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      result = await saveCheckpoint(namespace.engine, target, {
        ...(options.partitions === undefined ? {} : { partitions: options.partitions }),
        engineVersion: this.options.engineVersion,
      });
    } catch (error) {
      if (error instanceof EngineError) throw error;
      throw new EngineError(
        'CHECKPOINT_WRITE_FAILED',
        `the save of namespace '${namespace.name}' to ${target} was rolled back: ${(error as Error).message}`,
        { namespace: namespace.name },
      );
    }
    await this.logs.anchorAfterSave(namespace, result);
    this.logs.recordCheckpointDroppedIndices?.(namespace, result.droppedIndexes.length);
    for (const dropped of result.droppedIndexes) {
      this.options.onWarning?.(
        `the checkpoint ${result.location} of namespace '${namespace.name}' goes without the ` +
          `${dropped.pluginType} '${dropped.indexId}', which could not be written: ${dropped.reason}`,
      );
    }
    return {
      name: namespace.name,
      id: namespace.id,
      location: result.location,
      fileCount: result.fileCount,
      totalBytes: result.totalBytes,
      kpis: this.kpisOf(namespace, result),
    };
  }

  /** A member's kpis: its counts, the indexes and subgraph recipes its checkpoint holds, and the index types available. */
  private kpisOf(
    namespace: Namespace,
    result: {
      vertexCount: number;
      edgeCount: number;
      indexes: readonly { indexId: string; pluginType: string }[];
      subgraphRecipes: readonly string[];
    },
  ): SaveGameKpis {
    return {
      ...emptyKpis(this.usedMemoryBytes()),
      vertexCount: result.vertexCount,
      edgeCount: result.edgeCount,
      indices: result.indexes.map(({ indexId, pluginType }) => saveGameIndexRecord(indexId, pluginType)),
      availableIndexPlugins: namespace.engine.indexes.pluginTypes,
      subGraphs: [...result.subgraphRecipes],
    };
  }

  /** Registers an entry; a registry that cannot be written is warned about, the checkpoint stands. */
  private async register(entry: SaveGameEntry): Promise<void> {
    try {
      await this.registry.add(entry);
    } catch (error) {
      this.options.onWarning?.(
        `the save game ${entry.id} was written but could not be registered: ${(error as Error).message}`,
      );
    }
  }

  // ------------------------------------------------------------------------------------ load by path

  /**
   * `PUT /load`: loads the checkpoint at `location` into the namespace; 'missing' (nothing loaded, nothing
   * registered) when no file is there. A checkpoint the registry does not know is registered as `imported`.
   */
  async loadPath(namespace: Namespace, location: string): Promise<'loaded' | 'missing'> {
    const absolute = path.resolve(location);
    if (!(await exists(absolute))) return 'missing';
    const loaded = await loadCheckpoint(absolute);
    const outcome = await this.logs.restore(namespace, loaded, 'reanchor');
    this.warnReanchored(namespace, loaded, outcome);
    if (!this.registry.hasLocation(loaded.location)) await this.registerImported(namespace, loaded);
    return 'loaded';
  }

  private warnReanchored(namespace: Namespace, loaded: LoadedCheckpoint, outcome: RestoreLogOutcome): void {
    if (outcome !== 'reanchored') return;
    this.options.onWarning?.(
      `namespace '${namespace.name}' was restored from ${loaded.location}, which its write-ahead log does not ` +
        'build on: the log now starts at that checkpoint and the transactions committed after it are discarded',
    );
  }

  /**
   * An `imported` entry for a checkpoint loaded from outside the registry (by path, by a restore that
   * recreated its namespace, or adopted at startup); its time is the file's.
   */
  async registerImported(namespace: Namespace, loaded: LoadedCheckpoint): Promise<SaveGameEntry> {
    const modified = (await stat(loaded.location)).mtime;
    const member: SaveGameMember = {
      name: namespace.name,
      id: namespace.id,
      location: loaded.location,
      fileCount: loaded.fileCount,
      totalBytes: loaded.totalBytes,
      kpis: this.kpisOf(namespace, {
        vertexCount: loaded.manifest.graph.vertexCount,
        edgeCount: loaded.manifest.graph.edgeCount,
        indexes: loaded.sections.indexes.entries.map((entry) => ({
          indexId: entry.name,
          pluginType: pluginTypeOf(entry.metadata),
        })),
        subgraphRecipes: loaded.sections.subgraphRecipes.entries.map((entry) => entry.name),
      }),
    };
    const entry: SaveGameEntry = {
      ...entryFromMembers([member], 'imported', this.options.engineVersion, modified, this.usedMemoryBytes()),
      id: newSaveGameId(new Date()),
      savedAt: savedAtText(modified),
    };
    await this.register(entry);
    return entry;
  }

  // ------------------------------------------------------------------------------------ restore an entry

  /**
   * `PUT /savegames/{id}/load`: restores every member of the entry (or the one named), recreating dropped
   * namespaces. Every member's files are checked, and dropped ones recreated, before any graph is touched.
   */
  async restore(id: string, options: { namespace?: string } = {}): Promise<RestoreOutcome> {
    const entry = this.registry.get(id);
    if (entry === undefined) return { kind: 'unknownEntry' };
    let members = [...membersOf(entry)];
    if (options.namespace !== undefined) {
      const named = members.filter((m) => m.name === options.namespace);
      if (named.length === 0) return { kind: 'unknownMember', members: members.map((m) => m.name) };
      members = named;
    }
    const missing: string[] = [];
    for (const member of members) {
      try {
        for (const file of await checkpointFiles(member.location))
          if (!(await exists(file))) missing.push(file);
      } catch {
        missing.push(member.location);
      }
    }
    if (missing.length > 0) return { kind: 'filesMissing', files: missing };

    const targets: { member: SaveGameMember; namespace: Namespace; recreated: boolean }[] = [];
    for (const member of members) {
      const existing = this.namespaceById(member.id) ?? this.namespaces.get(member.name);
      if (existing !== undefined) {
        targets.push({ member, namespace: existing, recreated: false });
        continue;
      }
      try {
        const created = this.namespaces.create(member.name);
        await this.logs.namespaceCreated?.(created);
        targets.push({ member, namespace: created, recreated: true });
      } catch (error) {
        return { kind: 'recreateFailed', detail: `namespace '${member.name}': ${(error as Error).message}` };
      }
    }

    const failedNamespaces: string[] = [];
    const activatedNamespaces: string[] = [];
    const details: string[] = [];
    for (const target of targets) {
      try {
        const loaded = await loadCheckpoint(target.member.location);
        const outcome = await this.logs.restore(target.namespace, loaded, 'replayWhenAnchored');
        this.warnReanchored(target.namespace, loaded, outcome);
        activatedNamespaces.push(target.namespace.name);
        // A recreated namespace has a new id: register the checkpoint under it so the next start finds it.
        if (target.recreated) await this.registerImported(target.namespace, loaded);
      } catch (error) {
        failedNamespaces.push(target.namespace.name);
        details.push(`namespace '${target.namespace.name}': ${(error as Error).message}`);
      }
    }
    if (failedNamespaces.length > 0)
      return { kind: 'incomplete', failedNamespaces, detail: details.join('; ') };
    return { kind: 'restored', entry, activatedNamespaces };
  }

  private namespaceById(id: string): Namespace | undefined {
    return this.namespaces.list().find((namespace) => namespace.id === id);
  }

  // ------------------------------------------------------------------------------------ delete

  /** `DELETE /savegames/{id}`: false for an unknown id; `deleteFiles` removes exactly the entry's files. */
  async delete(id: string, deleteFiles: boolean): Promise<boolean> {
    const entry = this.registry.get(id);
    if (entry === undefined) return false;
    if (deleteFiles) {
      for (const member of membersOf(entry)) {
        let files: string[];
        try {
          files = await checkpointFiles(member.location);
        } catch {
          files = [member.location];
        }
        for (const file of files) await rm(file, { force: true });
      }
    }
    await this.registry.remove(id);
    return true;
  }
}
