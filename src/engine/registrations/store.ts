/**
 * Registrations: the named definitions features other than the graph keep per namespace (stored queries
 * and subgraph recipes now; plugins will join, with the log entry type reserved for them), as opaque
 * JSON payloads. They change only through the writer
 * (`register` / `unregister` operations), so they are ordered with element writes, logged in the
 * write-ahead log and saved in checkpoints like the graph, while the engine stays ignorant of what a
 * payload means: the owning feature (src/storedqueries, src/subgraphs) reads it.
 *
 * Within a family, order is registration order and it is part of the state: the log replays in commit
 * order and checkpoints list entries in that order, so a replay or a load gives back the same order (a
 * feature may rely on it, e.g. to rebuild entries that depend on earlier ones).
 *
 * Registrations belong to the namespace, not to its elements: a clear or trim of the graph keeps them; a
 * load replaces them with the checkpoint's (`Engine.onRegistrationsReplaced` tells the features).
 */
import { EngineError } from '../errors.js';

/** The families the log and checkpoints know; each has its own log entry type and manifest section. */
export const registrationFamilies = ['storedQuery', 'subgraphRecipe'] as const;
export type RegistrationFamily = (typeof registrationFamilies)[number];

export interface RegistrationEntry {
  readonly name: string;
  /** JSON text, owned by the family's feature. */
  readonly payload: string;
}

export type RegistrationSnapshot = Readonly<Record<RegistrationFamily, readonly RegistrationEntry[]>>;

export function isRegistrationFamily(value: unknown): value is RegistrationFamily {
  return typeof value === 'string' && (registrationFamilies as readonly string[]).includes(value);
}

export class RegistrationStore {
  private families = new Map<RegistrationFamily, Map<string, string>>();
  /** Rises with every change: features that derive state from a family compare it to resynchronise. */
  private changes = 0;
  /**
   * Rises when a load replaces every entry: state derived from an entry must then be derived again even
   * when its payload is unchanged, since what it was derived against was replaced too.
   */
  private replacements = 0;

  get version(): number {
    return this.changes;
  }

  get replacementCount(): number {
    return this.replacements;
  }

  get(family: RegistrationFamily, name: string): string | undefined {
    return this.families.get(family)?.get(name);
  }

  count(family: RegistrationFamily): number {
    return this.families.get(family)?.size ?? 0;
  }

  /** The family's entries in registration order. */
  entries(family: RegistrationFamily): RegistrationEntry[] {
    const names = this.families.get(family);
    if (names === undefined) return [];
    return [...names].map(([name, payload]) => ({ name, payload }));
  }

  /** Adds an entry; answers how to undo it. A taken name or a full family is a conflict. */
  register(family: RegistrationFamily, name: string, payload: string, maxEntries?: number): () => void {
    let names = this.families.get(family);
    if (names === undefined) {
      names = new Map();
      this.families.set(family, names);
    }
    if (names.has(name)) {
      throw new EngineError('REGISTRATION_EXISTS', `a ${family} named '${name}' is already registered`, {
        family,
        name,
      });
    }
    if (maxEntries !== undefined && names.size >= maxEntries) {
      throw new EngineError(
        'REGISTRATION_QUOTA_EXCEEDED',
        `the namespace already holds ${names.size} ${family} registrations, its limit`,
        { family, maxCount: maxEntries },
      );
    }
    names.set(name, payload);
    this.changes++;
    const added = names;
    return () => {
      added.delete(name);
      this.changes++;
    };
  }

  /** Removes an entry; an absent one is a committed no-op. Answers how to undo it. */
  unregister(family: RegistrationFamily, name: string): () => void {
    const names = this.families.get(family);
    const payload = names?.get(name);
    if (names === undefined || payload === undefined) return () => undefined;
    // Map order is registration order; a re-insert on undo would move the entry to the end, so rebuild.
    const before = [...names];
    names.delete(name);
    this.changes++;
    return () => {
      names.clear();
      for (const [key, value] of before) names.set(key, value);
      this.changes++;
    };
  }

  snapshot(): RegistrationSnapshot {
    const copy = {} as Record<RegistrationFamily, RegistrationEntry[]>;
    for (const family of registrationFamilies) copy[family] = this.entries(family);
    return copy;
  }

  /** Replaces every family's entries (a checkpoint's), each family in the order given. */
  replaceAll(snapshot: Partial<RegistrationSnapshot>): void {
    this.families = new Map();
    for (const family of registrationFamilies) {
      const entries = snapshot[family];
      if (entries === undefined || entries.length === 0) continue;
      this.families.set(family, new Map(entries.map((entry) => [entry.name, entry.payload])));
    }
    this.changes++;
    this.replacements++;
  }

  /** Takes over `other`'s entries (a graph built by the checkpoint loader being installed). */
  adopt(other: RegistrationStore): void {
    this.families = other.families;
    other.families = new Map();
    this.changes++;
    this.replacements++;
  }
}
