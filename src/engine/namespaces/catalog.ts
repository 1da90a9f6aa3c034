/**
 * The namespaces of one process: each an isolated Engine under a URL name and an immutable internal id.
 * A rename keeps the id (and with it the data and history); drop and recreate gets a new id.
 */
import { Engine, type EngineOptions } from '../engine.js';
import { EngineError } from '../errors.js';
import { defaultNamespaceName, namespaceNameProblem, newNamespaceId } from './names.js';

export const defaultMaxNamespaces = 10_000;

/** A per-namespace override: `true`/`false`, or `null` to inherit the deployment setting. */
export type TriState = boolean | null;

export interface Namespace {
  readonly id: string;
  name: string;
  readonly createdAt: Date;
  readonly engine: Engine;
  pluginRegistrationEnabled: TriState;
  loadOnStartupEnabled: TriState;
}

export interface NamespaceUpdate {
  name?: string | null;
  /** `enabled`, `disabled` or `inherit`; absent or null leaves it unchanged. */
  pluginRegistration?: string | null;
  loadOnStartup?: string | null;
}

/**
 * Told about every change to the catalog, after it is made (durability keeps each namespace's log and the
 * catalog file in step). Work a callback returns is awaited by `settled()`.
 */
export interface NamespaceListener {
  created?(namespace: Namespace): Promise<void> | void;
  /** Renamed, or a tri-state override changed. */
  changed?(namespace: Namespace): Promise<void> | void;
  dropped?(namespace: Namespace): Promise<void> | void;
}

/** A namespace as stored, for `restore` at startup. */
export interface NamespaceRecord {
  id: string;
  name: string;
  createdAt: Date;
  pluginRegistrationEnabled: TriState;
  loadOnStartupEnabled: TriState;
}

export interface NamespacesOptions {
  maxNamespaces?: number;
  engine?: EngineOptions;
}

function parseTriState(
  value: string,
  code: 'NAMESPACE_PLUGIN_REGISTRATION_INVALID' | 'NAMESPACE_LOAD_ON_STARTUP_INVALID',
): TriState {
  switch (value) {
    case 'enabled':
      return true;
    case 'disabled':
      return false;
    case 'inherit':
      return null;
    default:
      throw new EngineError(code, `'${value}' is not one of enabled, disabled, inherit`);
  }
}

export class Namespaces {
  private readonly byName = new Map<string, Namespace>();
  readonly maxNamespaces: number;
  private readonly engineOptions: EngineOptions;
  private readonly listeners: NamespaceListener[] = [];
  /** Listener work not yet awaited by `settled()`, each resolving to its failure or undefined. */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(options: NamespacesOptions = {}) {
    this.maxNamespaces = options.maxNamespaces ?? defaultMaxNamespaces;
    this.engineOptions = options.engine ?? {};
    this.byName.set(defaultNamespaceName, {
      id: defaultNamespaceName,
      name: defaultNamespaceName,
      createdAt: new Date(),
      engine: new Engine(this.engineOptions),
      pluginRegistrationEnabled: null,
      loadOnStartupEnabled: true,
    });
  }

  addListener(listener: NamespaceListener): void {
    this.listeners.push(listener);
  }

  private notify(event: keyof NamespaceListener, namespace: Namespace): void {
    for (const listener of this.listeners) {
      let work: Promise<void> | void;
      try {
        work = listener[event]?.(namespace);
      } catch (error) {
        work = Promise.reject(error);
      }
      if (work === undefined) continue;
      const outcome: Promise<unknown> = work.then(
        () => undefined,
        (error: unknown) => error ?? new Error('listener failed'),
      );
      this.pending.add(outcome);
      void outcome.then(() => this.pending.delete(outcome));
    }
  }

  /**
   * Settles when the listeners' work for every change made so far is done (the catalog file written, a
   * new namespace's log created, a dropped one's removed). Rejects with WRITER_FAULT naming the first
   * failure; the change itself stays made in memory.
   */
  async settled(): Promise<void> {
    const outcomes = await Promise.all([...this.pending]);
    const failure = outcomes.find((outcome) => outcome !== undefined);
    if (failure !== undefined) {
      const cause = failure instanceof Error ? failure.message : String(failure);
      throw new EngineError('WRITER_FAULT', `the namespace change is in memory but not stored: ${cause}`);
    }
  }

  /**
   * Recreates a namespace from its stored record (startup). `default` only takes the record's overrides.
   * Listeners are not told: nothing changed.
   */
  restore(record: NamespaceRecord): Namespace {
    if (record.id === defaultNamespaceName) {
      this.default.pluginRegistrationEnabled = record.pluginRegistrationEnabled;
      return this.default;
    }
    const problem = namespaceNameProblem(record.name);
    if (problem !== undefined)
      throw new EngineError('NAMESPACE_NAME_INVALID', problem, { namespace: record.name });
    if (this.byName.has(record.name) || [...this.byName.values()].some((n) => n.id === record.id)) {
      throw new EngineError(
        'NAMESPACE_NAME_IN_USE',
        `the namespace '${record.name}' (${record.id}) exists twice`,
        {
          namespace: record.name,
        },
      );
    }
    const namespace: Namespace = {
      id: record.id,
      name: record.name,
      createdAt: record.createdAt,
      engine: new Engine(this.engineOptions),
      pluginRegistrationEnabled: record.pluginRegistrationEnabled,
      loadOnStartupEnabled: record.loadOnStartupEnabled,
    };
    this.byName.set(namespace.name, namespace);
    return namespace;
  }

  get default(): Namespace {
    return this.byName.get(defaultNamespaceName)!;
  }

  get(name: string): Namespace | undefined {
    return this.byName.get(name);
  }

  /** The namespace called `name`, or NAMESPACE_NOT_FOUND carrying the `namespace` member. */
  require(name: string): Namespace {
    const namespace = this.byName.get(name);
    if (namespace === undefined) {
      throw new EngineError('NAMESPACE_NOT_FOUND', `the namespace '${name}' does not exist`, {
        namespace: name,
      });
    }
    return namespace;
  }

  /** Every namespace, ordered by name (ordinal). */
  list(): Namespace[] {
    return [...this.byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  get count(): number {
    return this.byName.size;
  }

  create(name: string): Namespace {
    const problem = namespaceNameProblem(name);
    if (problem !== undefined) throw new EngineError('NAMESPACE_NAME_INVALID', problem, { namespace: name });
    if (this.byName.has(name)) {
      throw new EngineError('NAMESPACE_NAME_IN_USE', `the namespace '${name}' already exists`, {
        namespace: name,
      });
    }
    if (this.byName.size >= this.maxNamespaces) {
      throw new EngineError(
        'NAMESPACE_QUOTA_EXCEEDED',
        `at most ${this.maxNamespaces} namespaces may exist`,
        {
          maxNamespaces: this.maxNamespaces,
        },
      );
    }
    const createdAt = new Date();
    const ids = new Set([...this.byName.values()].map((namespace) => namespace.id));
    const namespace: Namespace = {
      id: newNamespaceId(createdAt, (id) => ids.has(id)),
      name,
      createdAt,
      engine: new Engine(this.engineOptions),
      pluginRegistrationEnabled: null,
      loadOnStartupEnabled: null,
    };
    this.byName.set(name, namespace);
    this.notify('created', namespace);
    return namespace;
  }

  /** Validates every supplied field first, then applies them all. */
  update(name: string, update: NamespaceUpdate): Namespace {
    const namespace = this.require(name);
    const newName = update.name ?? undefined;
    const pluginRegistration = update.pluginRegistration ?? undefined;
    const loadOnStartup = update.loadOnStartup ?? undefined;
    if (newName === undefined && pluginRegistration === undefined && loadOnStartup === undefined) {
      throw new EngineError(
        'NAMESPACE_UPDATE_INVALID',
        'supply at least one of name, pluginRegistration, loadOnStartup',
        { namespace: name },
      );
    }
    const plugin =
      pluginRegistration === undefined
        ? undefined
        : parseTriState(pluginRegistration, 'NAMESPACE_PLUGIN_REGISTRATION_INVALID');
    const load =
      loadOnStartup === undefined
        ? undefined
        : parseTriState(loadOnStartup, 'NAMESPACE_LOAD_ON_STARTUP_INVALID');
    const isDefault = namespace.id === defaultNamespaceName;
    if (newName !== undefined && newName !== name) {
      const problem = namespaceNameProblem(newName);
      if (problem !== undefined)
        throw new EngineError('NAMESPACE_NAME_INVALID', problem, { namespace: newName });
      if (isDefault) {
        throw new EngineError('NAMESPACE_RESERVED', 'the default namespace cannot be renamed', {
          namespace: name,
        });
      }
      if (this.byName.has(newName)) {
        throw new EngineError('NAMESPACE_NAME_IN_USE', `the namespace '${newName}' already exists`, {
          namespace: newName,
        });
      }
    }
    if (load !== undefined && isDefault) {
      throw new EngineError('NAMESPACE_RESERVED', 'the default namespace always loads on startup', {
        namespace: name,
      });
    }
    if (plugin !== undefined) namespace.pluginRegistrationEnabled = plugin;
    if (load !== undefined) namespace.loadOnStartupEnabled = load;
    if (newName !== undefined && newName !== name) {
      this.byName.delete(name);
      namespace.name = newName;
      this.byName.set(newName, namespace);
    }
    this.notify('changed', namespace);
    return namespace;
  }

  drop(name: string): void {
    const namespace = this.require(name);
    if (namespace.id === defaultNamespaceName) {
      throw new EngineError('NAMESPACE_RESERVED', 'the default namespace cannot be dropped', {
        namespace: name,
      });
    }
    this.byName.delete(name);
    // Its change-feed streams end: the namespace they follow is gone (a recreated one has a new epoch).
    namespace.engine.changeFeed?.close();
    this.notify('dropped', namespace);
  }

  /** Drops every namespace but `default` and clears `default` (tabula rasa for the whole deployment). */
  async clearAll(): Promise<void> {
    // Queued first: a refusal (the default writer's queue full) then leaves every namespace in place.
    const cleared = this.default.engine.clear();
    for (const namespace of this.list()) {
      if (namespace.id !== defaultNamespaceName) {
        this.byName.delete(namespace.name);
        namespace.engine.changeFeed?.close();
        this.notify('dropped', namespace);
      }
    }
    await cleared;
  }
}
