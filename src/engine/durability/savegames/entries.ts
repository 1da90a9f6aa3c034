/**
 * Save-game registry entries (docs/savegames.md, The registry entry): their shape, ids
 * and times, and how members combine into one entry.
 *
 * - `id` is `sg-<UTC yyyyMMdd-HHmmss>-<4 lowercase hex>`; `savedAt` is `yyyy-MM-ddTHH:mm:ss.fffZ`, so
 *   sorting by `savedAt` as text sorts by time.
 * - A single-member entry mirrors its member at the top level; a multi-member entry has `location` null,
 *   summed file facts, and kpis holding only the summed counts and the current memory.
 * - A pre-namespace entry has `namespaces: null` and means "the default namespace only".
 */
import { randomBytes } from 'node:crypto';

export type SaveGameTrigger = 'api' | 'shutdown' | 'imported';

export interface SaveGameIndexRecord {
  readonly indexId: string;
  readonly pluginType: string;
  readonly embeddingName: null;
  readonly model: null;
  readonly capabilities: null;
  readonly keys: null;
  readonly values: null;
}

export interface SaveGameKpis {
  readonly vertexCount: number;
  readonly edgeCount: number;
  readonly usedMemoryBytes: number;
  readonly indices: readonly SaveGameIndexRecord[];
  readonly availableIndexPlugins: readonly string[];
  readonly availablePathPlugins: readonly string[];
  readonly availableServicePlugins: readonly string[];
  /** The names of the namespace's subgraph recipes (registration family `subgraphRecipe`) at the save. */
  readonly subGraphs: readonly string[];
}

export interface SaveGameMember {
  readonly name: string;
  /** The namespace's immutable id (`default` for the default namespace). */
  readonly id: string;
  readonly location: string;
  readonly fileCount: number;
  readonly totalBytes: number;
  readonly kpis: SaveGameKpis;
}

export interface SaveGameEntry {
  readonly id: string;
  readonly savedAt: string;
  readonly trigger: SaveGameTrigger;
  readonly location: string | null;
  readonly fileCount: number;
  readonly totalBytes: number;
  readonly engineVersion: string;
  readonly kpis: SaveGameKpis;
  /** Null on a pre-namespace entry (default only). */
  readonly namespaces: readonly SaveGameMember[] | null;
}

/** `sg-20260301-090000-3fa2`. */
export function newSaveGameId(at: Date): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
  return `sg-${stamp}-${randomBytes(2).toString('hex')}`;
}

/** `yyyy-MM-ddTHH:mm:ss.fffZ`: what `Date.toISOString` prints for every year the service meets. */
export function savedAtText(at: Date): string {
  return at.toISOString();
}

/** A save game lists each index by id and type only; the other record fields are null (docs/savegames.md). */
export function saveGameIndexRecord(indexId: string, pluginType: string): SaveGameIndexRecord {
  return {
    indexId,
    pluginType,
    embeddingName: null,
    model: null,
    capabilities: null,
    keys: null,
    values: null,
  };
}

export function emptyKpis(usedMemoryBytes: number): SaveGameKpis {
  return {
    vertexCount: 0,
    edgeCount: 0,
    usedMemoryBytes,
    indices: [],
    availableIndexPlugins: [],
    availablePathPlugins: [],
    availableServicePlugins: [],
    subGraphs: [],
  };
}

/** One entry from its members: mirrored when there is one, summed when there are several. */
export function entryFromMembers(
  members: readonly SaveGameMember[],
  trigger: SaveGameTrigger,
  engineVersion: string,
  savedAt: Date,
  usedMemoryBytes: number,
): SaveGameEntry {
  const common = { id: newSaveGameId(savedAt), savedAt: savedAtText(savedAt), trigger, engineVersion };
  if (members.length === 1) {
    const [member] = members;
    return {
      ...common,
      location: member.location,
      fileCount: member.fileCount,
      totalBytes: member.totalBytes,
      kpis: member.kpis,
      namespaces: members,
    };
  }
  const sum = (pick: (m: SaveGameMember) => number) => members.reduce((total, m) => total + pick(m), 0);
  return {
    ...common,
    location: null,
    fileCount: sum((m) => m.fileCount),
    totalBytes: sum((m) => m.totalBytes),
    kpis: {
      ...emptyKpis(usedMemoryBytes),
      vertexCount: sum((m) => m.kpis.vertexCount),
      edgeCount: sum((m) => m.kpis.edgeCount),
    },
    namespaces: members,
  };
}

/** The members of an entry; a pre-namespace entry is its top level as the default namespace. */
export function membersOf(entry: SaveGameEntry): readonly SaveGameMember[] {
  if (entry.namespaces !== null) return entry.namespaces;
  if (entry.location === null) return [];
  return [
    {
      name: 'default',
      id: 'default',
      location: entry.location,
      fileCount: entry.fileCount,
      totalBytes: entry.totalBytes,
      kpis: entry.kpis,
    },
  ];
}
