/**
 * The stored queries of one namespace, compiled. The definitions themselves are the engine's
 * registrations of family `storedQuery` (src/engine/registrations): they change only through the writer,
 * so they are logged, saved in checkpoints and restored with the graph. This registry keeps each one
 * compiled and follows the engine's set: on every read it compares the set's version and recompiles what
 * a load or a log replay brought in. A definition whose recompile fails stays listed as `Failed` (409 when
 * invoked), so nothing registered is lost silently.
 */
import { type Engine, EngineError, isEngineError, type RegistrationStore } from '../engine/index.js';
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

const family = 'storedQuery';

export function storedQueryNotFound(name: string): EngineError {
  return new EngineError('STORED_QUERY_NOT_FOUND', `No stored query named '${name}'.`, { name });
}

function ordinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class StoredQueries {
  /** Compiled entries by name, as of `seenVersion` of the engine's registrations. */
  private entries = new Map<string, { payload: string; entry: StoredQueryEntry }>();
  private seenVersion = -1;
  /** Compiled at registration, waiting for their commit: reused instead of compiling twice. */
  private readonly prepared = new Map<string, StoredQueryEntry>();

  constructor(
    private readonly engine: Engine,
    readonly maxCount: number = defaultMaxStoredQueries,
  ) {}

  private get store(): RegistrationStore {
    return this.engine.graph.registrations;
  }

  /** Follows the engine's set: keeps what is unchanged, compiles what is new, drops what is gone. */
  private sync(): void {
    if (this.seenVersion === this.store.version) return;
    const next = new Map<string, { payload: string; entry: StoredQueryEntry }>();
    for (const { name, payload } of this.store.entries(family)) {
      const known = this.entries.get(name);
      if (known !== undefined && known.payload === payload) {
        next.set(name, known);
        continue;
      }
      const entry = this.prepared.get(payload) ?? this.recompile(payload);
      this.prepared.delete(payload);
      next.set(name, { payload, entry });
    }
    this.entries = next;
    this.seenVersion = this.store.version;
  }

  private recompile(payload: string): StoredQueryEntry {
    const definition = JSON.parse(payload) as StoredQueryDefinition;
    const result = compileStoredQuery(definition);
    return result.ok
      ? { definition, compileState: 'Compiled', compileDiagnostics: null, compiled: result.compiled }
      : { definition, compileState: 'Failed', compileDiagnostics: result.diagnosticsText };
  }

  get size(): number {
    this.sync();
    return this.entries.size;
  }

  /** Every entry ordered by name, ordinal (UTF-16 code unit) order. */
  list(): StoredQueryEntry[] {
    this.sync();
    return [...this.entries.values()]
      .map(({ entry }) => entry)
      .sort((a, b) => ordinal(a.definition.name, b.definition.name));
  }

  get(name: string): StoredQueryEntry | undefined {
    this.sync();
    return this.entries.get(name)?.entry;
  }

  /** The entry or 404. */
  require(name: string): StoredQueryEntry {
    const entry = this.get(name);
    if (entry === undefined) throw storedQueryNotFound(name);
    return entry;
  }

  /** The compiled form for invocation: 404 unknown, 409 when its recompile failed. */
  requireCompiled(name: string): { entry: StoredQueryEntry; compiled: CompiledStoredQuery } {
    const entry = this.require(name);
    if (entry.compiled === undefined) {
      throw new EngineError(
        'STORED_QUERY_NOT_INVOCABLE',
        `The stored query '${name}' cannot be invoked: its recompile failed (compileState ${entry.compileState}).`,
        { name, compileState: entry.compileState },
      );
    }
    return { entry, compiled: entry.compiled };
  }

  /**
   * Registers a definition: compiles it (StoredQueryInvalid with the compile text when it does not
   * compile), then commits it through the writer, which refuses a taken name or a full namespace (409).
   * Resolves once the registration is committed (and durable, where the namespace has a log).
   */
  async register(definition: StoredQueryDefinition): Promise<StoredQueryEntry> {
    this.checkAddable(definition.name);
    const result = compileStoredQuery(definition);
    if (!result.ok) throw new StoredQueryInvalid(result.diagnosticsText);
    const entry: StoredQueryEntry = {
      definition,
      compileState: 'Compiled',
      compileDiagnostics: null,
      compiled: result.compiled,
    };
    const payload = JSON.stringify(definition);
    this.prepared.set(payload, entry);
    try {
      await this.engine.submit([
        { kind: 'register', family, name: definition.name, payload, maxEntries: this.maxCount },
      ]);
    } catch (error) {
      throw this.translate(error, definition.name);
    } finally {
      // Kept only until the commit is seen by `sync`; a refused registration must not linger.
      if (this.store.get(family, definition.name) !== payload) this.prepared.delete(payload);
    }
    return entry;
  }

  /** Removes a stored query: 404 when unknown. Resolves once the removal is committed. */
  async remove(name: string): Promise<void> {
    this.require(name);
    await this.engine.submit([{ kind: 'unregister', family, name }]);
  }

  private checkAddable(name: string): void {
    this.sync();
    if (this.entries.has(name)) throw this.exists(name);
    if (this.entries.size >= this.maxCount) throw this.quota();
  }

  private exists(name: string): EngineError {
    return new EngineError('STORED_QUERY_EXISTS', `A stored query named '${name}' already exists.`, { name });
  }

  private quota(): EngineError {
    return new EngineError(
      'STORED_QUERY_QUOTA_EXCEEDED',
      `The namespace already holds ${this.maxCount} stored queries, its limit (Svc:StoredQueries:MaxCount).`,
      { maxCount: this.maxCount },
    );
  }

  /** The writer's generic registration conflicts, in stored-query words. */
  private translate(error: unknown, name: string): unknown {
    if (!isEngineError(error)) return error;
    if (error.code === 'REGISTRATION_EXISTS') return this.exists(name);
    if (error.code === 'REGISTRATION_QUOTA_EXCEEDED') return this.quota();
    return error;
  }
}
