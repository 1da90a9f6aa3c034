/**
 * The stored queries of one namespace: definitions by name with their compiled fragments. Registration
 * compiles first and refuses a failing definition; a definition restored from a save or the log is
 * compiled again and, when that fails, stays listed as `Failed` (answering 409 when invoked) so nothing
 * registered is silently lost.
 */
import { EngineError } from '../engine/errors.js';
import { compileStoredQuery, type CompiledStoredQuery } from './compile.js';
import { defaultMaxStoredQueries, StoredQueryInvalid, type StoredQueryDefinition } from './definition.js';

export type CompileState = 'Compiled' | 'Failed' | 'SourceOnly';

export interface StoredQueryEntry {
  readonly definition: StoredQueryDefinition;
  readonly compileState: CompileState;
  /** The compile text of a failed recompile; null otherwise. */
  readonly compileDiagnostics: string | null;
  /** Present when `compileState` is `Compiled`. */
  readonly compiled?: CompiledStoredQuery;
}

export function storedQueryNotFound(name: string): EngineError {
  return new EngineError('STORED_QUERY_NOT_FOUND', `No stored query named '${name}'.`, { name });
}

export class StoredQueries {
  private readonly entries = new Map<string, StoredQueryEntry>();

  constructor(readonly maxCount: number = defaultMaxStoredQueries) {}

  get size(): number {
    return this.entries.size;
  }

  /** Every entry ordered by name, ordinal (UTF-16 code unit) order. */
  list(): StoredQueryEntry[] {
    return [...this.entries.values()].sort((a, b) =>
      a.definition.name < b.definition.name ? -1 : a.definition.name > b.definition.name ? 1 : 0,
    );
  }

  get(name: string): StoredQueryEntry | undefined {
    return this.entries.get(name);
  }

  /** The entry or 404. */
  require(name: string): StoredQueryEntry {
    const entry = this.entries.get(name);
    if (entry === undefined) throw storedQueryNotFound(name);
    return entry;
  }

  /**
   * Compiles a new definition and checks it can be added: 400 (StoredQueryInvalid) when it does not
   * compile, 409 for a taken name or a full namespace. Adds nothing: `add` does, once the registration
   * is committed.
   */
  prepare(definition: StoredQueryDefinition): StoredQueryEntry {
    this.checkAddable(definition.name);
    const result = compileStoredQuery(definition);
    if (!result.ok) throw new StoredQueryInvalid(result.diagnosticsText);
    return { definition, compileState: 'Compiled', compileDiagnostics: null, compiled: result.compiled };
  }

  checkAddable(name: string): void {
    if (this.entries.has(name)) {
      throw new EngineError('STORED_QUERY_EXISTS', `A stored query named '${name}' already exists.`, {
        name,
      });
    }
    if (this.entries.size >= this.maxCount) {
      throw new EngineError(
        'STORED_QUERY_QUOTA_EXCEEDED',
        `The namespace already holds ${this.entries.size} stored queries, its limit (Svc:StoredQueries:MaxCount).`,
        { maxCount: this.maxCount },
      );
    }
  }

  add(entry: StoredQueryEntry): void {
    this.checkAddable(entry.definition.name);
    this.entries.set(entry.definition.name, entry);
  }

  remove(name: string): boolean {
    return this.entries.delete(name);
  }

  /**
   * Adds a definition that was registered before (a save, the log): compiled again, kept as `Failed` with
   * its diagnostics when that fails. A restore is not refused for the quota: it was within it when made.
   */
  restore(definition: StoredQueryDefinition): StoredQueryEntry {
    const result = compileStoredQuery(definition);
    const entry: StoredQueryEntry = result.ok
      ? { definition, compileState: 'Compiled', compileDiagnostics: null, compiled: result.compiled }
      : { definition, compileState: 'Failed', compileDiagnostics: result.diagnosticsText };
    this.entries.set(definition.name, entry);
    return entry;
  }

  /** Replaces every entry (a load): the loaded set is the namespace's set. */
  replaceAll(definitions: readonly StoredQueryDefinition[]): void {
    this.entries.clear();
    for (const definition of definitions) this.restore(definition);
  }

  clear(): void {
    this.entries.clear();
  }

  definitions(): StoredQueryDefinition[] {
    return this.list().map((entry) => entry.definition);
  }
}
