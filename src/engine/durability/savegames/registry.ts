/**
 * The save-game registry: one JSON document per deployment, `savegames.json` in `Svc:Metadata:Directory`
 * (`{ "schemaVersion": 2, "saveGames": [entry, ...] }`, newest inserted first, written indented). It alone
 * decides what loads at startup.
 *
 * Written atomically (a temporary file, fsynced, renamed over the old one, the directory fsynced), one
 * write at a time. A registry that cannot be read as one is a loud failure: `open` throws
 * RegistryCorruptError and nothing ever overwrites the file.
 */
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDirectory, writeFileDurably } from '../checkpoint/files.js';
import { membersOf, type SaveGameEntry, type SaveGameMember } from './entries.js';

export const registryFileName = 'savegames.json';
export const registrySchemaVersion = 2;
/** Versions this code reads: 1 (pre-namespace entries only) and 2. */
const readableSchemaVersions = new Set([1, 2]);

export class RegistryCorruptError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `the save-game registry ${file} is unreadable (${reason}); it is left untouched: repair or move it, then start again`,
    );
    this.name = 'RegistryCorruptError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields startup and restores rely on; anything else in an entry is carried as it is. */
function entryProblem(value: unknown, index: number): string | undefined {
  if (!isRecord(value)) return `saveGames[${index}] is not an object`;
  if (typeof value.id !== 'string') return `saveGames[${index}].id is not a string`;
  if (typeof value.savedAt !== 'string') return `saveGames[${index}].savedAt is not a string`;
  if (value.location !== null && typeof value.location !== 'string')
    return `saveGames[${index}].location is neither a path nor null`;
  if (value.namespaces !== null && value.namespaces !== undefined) {
    if (!Array.isArray(value.namespaces)) return `saveGames[${index}].namespaces is not an array`;
    for (const [i, member] of (value.namespaces as unknown[]).entries()) {
      if (!isRecord(member) || typeof member.id !== 'string' || typeof member.location !== 'string') {
        return `saveGames[${index}].namespaces[${i}] lacks an id or a location`;
      }
    }
  }
  return undefined;
}

export class SaveGameRegistry {
  private chain: Promise<void> = Promise.resolve();

  private constructor(
    readonly file: string,
    private entriesInserted: SaveGameEntry[],
  ) {}

  /** Reads the registry in `directory` (an absent file is an empty registry). */
  static async open(directory: string): Promise<SaveGameRegistry> {
    const file = path.resolve(directory, registryFileName);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new SaveGameRegistry(file, []);
      throw new RegistryCorruptError(file, (error as Error).message);
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new RegistryCorruptError(file, `not JSON: ${(error as Error).message}`);
    }
    if (!isRecord(document)) throw new RegistryCorruptError(file, 'not a JSON object');
    if (typeof document.schemaVersion !== 'number' || !readableSchemaVersions.has(document.schemaVersion))
      throw new RegistryCorruptError(file, `unknown schemaVersion ${JSON.stringify(document.schemaVersion)}`);
    if (!Array.isArray(document.saveGames)) throw new RegistryCorruptError(file, 'saveGames is not an array');
    const entries = document.saveGames as unknown[];
    for (const [index, entry] of entries.entries()) {
      const problem = entryProblem(entry, index);
      if (problem !== undefined) throw new RegistryCorruptError(file, problem);
    }
    const normalized = entries.map((entry) => {
      const record = entry as SaveGameEntry & { namespaces?: SaveGameEntry['namespaces'] };
      return { ...record, namespaces: record.namespaces ?? null };
    });
    return new SaveGameRegistry(file, normalized);
  }

  /** Entries newest first by `savedAt` (insertion order among equal times). */
  list(): SaveGameEntry[] {
    return this.entriesInserted
      .map((entry, index) => ({ entry, index }))
      .sort((a, b) =>
        a.entry.savedAt > b.entry.savedAt ? -1 : a.entry.savedAt < b.entry.savedAt ? 1 : a.index - b.index,
      )
      .map(({ entry }) => entry);
  }

  get(id: string): SaveGameEntry | undefined {
    return this.entriesInserted.find((entry) => entry.id === id);
  }

  /** The newest entry that contains the namespace with this immutable id, with its member. */
  newestContaining(namespaceId: string): { entry: SaveGameEntry; member: SaveGameMember } | undefined {
    for (const entry of this.list()) {
      const member = membersOf(entry).find((m) => m.id === namespaceId);
      if (member !== undefined) return { entry, member };
    }
    return undefined;
  }

  /** Every namespace id some entry holds, each with its newest entry. */
  namespaceIds(): string[] {
    const ids = new Set<string>();
    for (const entry of this.list()) for (const member of membersOf(entry)) ids.add(member.id);
    return [...ids];
  }

  /** Is some entry's member (or pre-namespace entry) at this checkpoint location? */
  hasLocation(location: string): boolean {
    return this.entriesInserted.some((entry) => membersOf(entry).some((m) => m.location === location));
  }

  /** Inserts the entry first and writes the registry; the entry is not kept if the write fails. */
  add(entry: SaveGameEntry): Promise<void> {
    return this.update((entries) => [entry, ...entries]);
  }

  /** Removes the entry; false when there is none with this id. */
  async remove(id: string): Promise<boolean> {
    if (this.get(id) === undefined) return false;
    await this.update((entries) => entries.filter((entry) => entry.id !== id));
    return true;
  }

  private update(change: (entries: SaveGameEntry[]) => SaveGameEntry[]): Promise<void> {
    const run = this.chain.then(async () => {
      const next = change(this.entriesInserted);
      await this.write(next);
      this.entriesInserted = next;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async write(entries: readonly SaveGameEntry[]): Promise<void> {
    const directory = path.dirname(this.file);
    await mkdir(directory, { recursive: true });
    const text = `${JSON.stringify({ schemaVersion: registrySchemaVersion, saveGames: entries }, null, 2)}\n`;
    const temporary = path.join(directory, `.${registryFileName}.${process.pid}.${Date.now()}.tmp`);
    try {
      await writeFileDurably(temporary, [Buffer.from(text, 'utf8')]);
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await fsyncDirectory(directory);
  }
}
