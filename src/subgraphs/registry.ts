/**
 * The subgraphs of one namespace (docs/subgraphs.md). The recipes are the engine's registrations of
 * family `subgraphRecipe`: they change only through the writer, so they are logged, saved in checkpoints
 * and restored with the graph. The extracts are derived from them and held here, beside the engine.
 *
 * This registry follows the engine's set of recipes. A recipe it has not built yet (one replayed from the
 * log at startup, or brought by a load) is built on the next access, parents before children; a load
 * that replaces the registrations rebuilds every extract against the loaded graph. A recipe whose build
 * fails stays listed with its failure, without contents, and cannot be recalculated.
 *
 * Dependencies: a nested subgraph names its parent. Deleting a parent is allowed; its children keep
 * their contents but can no longer be recalculated until a subgraph of the parent's name exists again.
 * Recalculating a subgraph refreshes only that subgraph: a child reads its parent's extract as it is when
 * the child is built.
 */
import { randomUUID } from 'node:crypto';
import { type Engine, type Graph, isEngineError, type RegistrationStore } from '../engine/index.js';
import { buildExtract, ExtractTooLarge, type ExtractionControl } from './extract.js';
import {
  defaultSubgraphAlgorithm,
  defaultSubgraphTimeBudgetSeconds,
  maxElementsPerNamespace,
  maxElementsPerSubgraph,
  maxSubgraphsPerNamespace,
  type SubgraphRecipe,
} from './model.js';
import { SubgraphRequestError } from './request.js';
import {
  bindRecipeSemantic,
  compileInline,
  matchRulesOf,
  templatePlan,
  templateUnavailable,
  type RecipePlan,
} from './rules.js';
import { semanticEcho, type SemanticEcho } from './semantic.js';
import type { MatchCounters } from './match.js';

const family = 'subgraphRecipe';

export interface SubgraphsOptions {
  /** Steps per fragment call (`Svc:Fragments:MaxSteps`). */
  readonly maxFragmentSteps?: number;
  /** Budget of a build that names none (`Svc:SubGraphs:DefaultTimeBudgetSeconds`). */
  readonly defaultTimeBudgetSeconds?: number;
  /** Subgraph algorithms that exist besides the built-in one (registered plugins). */
  readonly pluginAlgorithms?: () => readonly string[];
  /** The quotas; the defaults are the documented limits (a test lowers them to reach the edge). */
  readonly maxSubgraphs?: number;
  readonly maxElementsPerSubgraph?: number;
  readonly maxElementsPerNamespace?: number;
}

/** The summary of a subgraph (docs/subgraphs.md, "The summary"). */
export interface SubgraphSummary {
  name: string;
  vertexCount: number;
  edgeCount: number;
  algorithmPluginName: string;
  sourceFallen8Id: string;
  canRecalculate: boolean;
  additionalInformation: Record<string, string> | null;
  /** Why the last build after a load or replay failed; null when it did not. */
  rebuildFailure: string | null;
  semantic?: SemanticEcho;
}

interface Entry {
  readonly recipe: SubgraphRecipe;
  readonly payload: string;
  /** The id of this subgraph's own graph (the source id of its children). */
  readonly extractId: string;
  graph: Graph | null;
  /** The id of the graph the extract came from at its last build. */
  sourceId: string;
  failure: string | null;
  /** Settles when a pending build is done (never rejects). */
  ready: Promise<void>;
}

/** A build's outcome for a request: the extract and the work it took. */
interface Built {
  readonly graph: Graph;
  readonly sourceId: string;
  readonly counters: MatchCounters;
}

export interface BuildRequest {
  /** Seconds the build may take (else the configured default). */
  readonly timeBudgetSeconds?: number;
  readonly signal?: AbortSignal;
}

/** The built-in subgraph algorithms (registered plugins join them per namespace). */
export function subgraphAlgorithms(): string[] {
  return [defaultSubgraphAlgorithm];
}

function elementsOf(graph: Graph | null): number {
  return graph === null ? 0 : graph.vertexCount + graph.edgeCount;
}

export class Subgraphs {
  /** The id of the namespace's graph as a source. */
  readonly engineId = randomUUID();
  private entries = new Map<string, Entry>();
  private seenVersion = -1;
  /** Loads seen so far: an extract built before a load is not one of the loaded graph. */
  private loads = 0;
  /** Extracts built by `create`, waiting for their registration's commit, by payload. */
  private readonly prepared = new Map<
    string,
    { graph: Graph; sourceId: string; extractId: string; loads: number }
  >();
  /** The work counters of the most recent build (benchmarks and telemetry read them). */
  lastBuildCounters: MatchCounters | undefined;
  /** Elements of extracts being registered or recalculated, counted against the namespace's quota. */
  private reservedElements = 0;

  constructor(
    private readonly engine: Engine,
    public options: SubgraphsOptions = {},
  ) {
    engine.onRegistrationsReplaced(() => this.sourceReplaced());
  }

  private get maxCount(): number {
    return this.options.maxSubgraphs ?? maxSubgraphsPerNamespace;
  }

  private get maxOwnElements(): number {
    return this.options.maxElementsPerSubgraph ?? maxElementsPerSubgraph;
  }

  private get maxNamespaceElements(): number {
    return this.options.maxElementsPerNamespace ?? maxElementsPerNamespace;
  }

  private get store(): RegistrationStore {
    return this.engine.graph.registrations;
  }

  /** The algorithms a recipe may name. */
  availableAlgorithms(): string[] {
    return [...subgraphAlgorithms(), ...(this.options.pluginAlgorithms?.() ?? [])];
  }

  /** Forgets every extract: the source graph was replaced by a load, so all are built again. */
  sourceReplaced(): void {
    this.loads++;
    this.entries = new Map();
    this.seenVersion = -1;
    this.sync();
  }

  /** Follows the engine's recipes: keeps what is unchanged, builds what is new, drops what is gone. */
  private sync(): void {
    if (this.seenVersion === this.store.version) return;
    const next = new Map<string, Entry>();
    const toBuild: Entry[] = [];
    for (const { name, payload } of this.store.entries(family)) {
      const known = this.entries.get(name);
      if (known !== undefined && known.payload === payload) {
        next.set(name, known);
        continue;
      }
      const recipe = JSON.parse(payload) as SubgraphRecipe;
      const built = this.prepared.get(payload);
      this.prepared.delete(payload);
      // A registration that commits after a load is built again against the loaded graph.
      const prepared = built?.loads === this.loads ? built : undefined;
      const entry: Entry = {
        recipe,
        payload,
        extractId: prepared?.extractId ?? randomUUID(),
        graph: prepared?.graph ?? null,
        sourceId: prepared?.sourceId ?? this.engineId,
        failure: null,
        ready: Promise.resolve(),
      };
      next.set(name, entry);
      if (prepared === undefined) toBuild.push(entry);
    }
    this.entries = next;
    this.seenVersion = this.store.version;
    this.scheduleBuilds(toBuild);
  }

  /** Builds recipes parents first; a recipe whose parent chain loops fails. */
  private scheduleBuilds(toBuild: Entry[]): void {
    for (const entry of toBuild) {
      const parentName = entry.recipe.fromSubGraph;
      const parent = parentName === null ? undefined : this.entries.get(parentName);
      const loops = parentName !== null && this.chainLoops(entry.recipe.name);
      const after = parent === undefined || loops ? Promise.resolve() : parent.ready;
      entry.ready = after.then(() => this.rebuild(entry, loops));
    }
  }

  private chainLoops(name: string): boolean {
    const seen = new Set<string>();
    let current: string | null = name;
    while (current !== null) {
      if (seen.has(current)) return true;
      seen.add(current);
      current = this.entries.get(current)?.recipe.fromSubGraph ?? null;
    }
    return false;
  }

  private async rebuild(entry: Entry, loops: boolean): Promise<void> {
    if (loops) {
      entry.failure = `the subgraph's chain of parents loops back to it ('${entry.recipe.fromSubGraph}')`;
      return;
    }
    try {
      const built = await this.build(entry.recipe, {}, elementsOf(entry.graph));
      entry.graph = built.graph;
      entry.sourceId = built.sourceId;
      entry.failure = null;
    } catch (error) {
      entry.graph = null;
      entry.failure = error instanceof Error ? error.message : String(error);
    }
  }

  /** The plan of a recipe: its inline fragments compiled, or its stored template's. */
  private planOf(recipe: SubgraphRecipe): RecipePlan {
    if (recipe.storedQuery !== null)
      return templatePlan(this.engine, recipe.storedQuery, recipe.semantic !== null);
    return compileInline(recipe);
  }

  /** The graph a recipe reads: the namespace's, or its parent's extract. */
  private async sourceOf(recipe: SubgraphRecipe): Promise<{ graph: Graph; id: string }> {
    if (recipe.fromSubGraph === null) return { graph: this.engine.graph, id: this.engineId };
    const parent = this.entries.get(recipe.fromSubGraph);
    if (parent === undefined) {
      throw new SubgraphRequestError('notFound', `No subgraph named '${recipe.fromSubGraph}'.`, {
        name: recipe.fromSubGraph,
      });
    }
    await parent.ready;
    if (parent.graph === null) {
      throw new SubgraphRequestError(
        'notRecalculable',
        `The parent subgraph '${recipe.fromSubGraph}' has no extract: ${parent.failure ?? 'it was not built'}.`,
        { name: recipe.fromSubGraph },
      );
    }
    return { graph: parent.graph, id: parent.extractId };
  }

  /**
   * Builds a recipe's extract. `replacing` is the element count of the extract it will replace (a
   * recalculation), which the namespace's quota no longer counts once replaced.
   */
  private async build(recipe: SubgraphRecipe, request: BuildRequest, replacing: number): Promise<Built> {
    if (!this.availableAlgorithms().includes(recipe.algorithm)) {
      throw new SubgraphRequestError(
        'notRecalculable',
        `The subgraph algorithm '${recipe.algorithm}' is not available.`,
        { algorithm: recipe.algorithm },
      );
    }
    const plan = this.planOf(recipe);
    const semantic = recipe.semantic === null ? undefined : bindRecipeSemantic(recipe.semantic);
    const source = await this.sourceOf(recipe);
    const budgetSeconds =
      request.timeBudgetSeconds ?? this.options.defaultTimeBudgetSeconds ?? defaultSubgraphTimeBudgetSeconds;
    const namespaceRoom =
      this.maxNamespaceElements - (this.totalElements() - replacing) - this.reservedElements;
    const control: ExtractionControl = {
      deadlineMs: performance.now() + budgetSeconds * 1000,
      budgetSeconds,
      signal: request.signal,
      maxElements: Math.max(0, Math.min(this.maxOwnElements, namespaceRoom)),
    };
    try {
      const result = await buildExtract(
        source.graph,
        () => matchRulesOf(source.graph, plan, semantic, this.options.maxFragmentSteps ?? 10_000_000),
        control,
      );
      this.lastBuildCounters = result.counters;
      return { graph: result.graph, sourceId: source.id, counters: result.counters };
    } catch (error) {
      if (error instanceof ExtractTooLarge) throw this.elementQuota(error, namespaceRoom);
      throw error;
    }
  }

  private elementQuota(error: ExtractTooLarge, namespaceRoom: number): SubgraphRequestError {
    const overOwn = error.elements > this.maxOwnElements;
    return new SubgraphRequestError(
      'elementQuota',
      overOwn
        ? `The subgraph would hold ${error.elements} elements, more than the maximum of ${this.maxOwnElements} per subgraph.`
        : `The subgraph would hold ${error.elements} elements, and the namespace's subgraphs may hold at most ` +
            `${this.maxNamespaceElements} together (room left: ${Math.max(0, namespaceRoom)}).`,
      { elements: error.elements, maxElements: overOwn ? this.maxOwnElements : this.maxNamespaceElements },
    );
  }

  private totalElements(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += elementsOf(entry.graph);
    return total;
  }

  /** The subgraph names, in registration order. */
  async names(): Promise<string[]> {
    this.sync();
    return [...this.entries.keys()];
  }

  get size(): number {
    this.sync();
    return this.entries.size;
  }

  /** The entry once its pending build is done; 404 when unknown. */
  private async require(name: string): Promise<Entry> {
    this.sync();
    const entry = this.entries.get(name);
    if (entry === undefined) {
      throw new SubgraphRequestError('notFound', `No subgraph named '${name}'.`, { name });
    }
    await entry.ready;
    return entry;
  }

  async summary(name: string): Promise<SubgraphSummary> {
    return this.summaryOf(await this.require(name));
  }

  /** The extract's graph (an empty one when the last build failed). */
  async extract(name: string): Promise<Graph | null> {
    return (await this.require(name)).graph;
  }

  /** Whether the subgraph can be recalculated, and if not, why. */
  private recalculable(entry: Entry): string | null {
    if (entry.failure !== null) return `its last build failed: ${entry.failure}`;
    if (!this.availableAlgorithms().includes(entry.recipe.algorithm)) {
      return `its algorithm '${entry.recipe.algorithm}' is not available`;
    }
    if (entry.recipe.storedQuery !== null) {
      const why = templateUnavailable(this.engine, entry.recipe.storedQuery);
      if (why !== null) return why;
    }
    const parentName = entry.recipe.fromSubGraph;
    if (parentName !== null) {
      const parent = this.entries.get(parentName);
      if (parent === undefined) return `its source subgraph '${parentName}' no longer exists`;
      if (parent.graph === null) return `its source subgraph '${parentName}' has no extract`;
    }
    return null;
  }

  private summaryOf(entry: Entry): SubgraphSummary {
    const { recipe } = entry;
    const summary: SubgraphSummary = {
      name: recipe.name,
      vertexCount: entry.graph?.vertexCount ?? 0,
      edgeCount: entry.graph?.edgeCount ?? 0,
      algorithmPluginName: recipe.algorithm,
      sourceFallen8Id: entry.sourceId,
      canRecalculate: this.recalculable(entry) === null,
      additionalInformation:
        recipe.additionalInformation === null ? null : { ...recipe.additionalInformation },
      rebuildFailure: entry.failure,
    };
    if (recipe.semantic !== null) summary.semantic = semanticEcho(recipe.semantic, recipe.patterns);
    return summary;
  }

  /**
   * Registers a recipe: checks the name and the count quota, builds the extract (the element quotas
   * apply before anything is copied), then commits the recipe through the writer. Resolves with the
   * summary once the registration is committed (and durable, where the namespace has a log).
   */
  async create(recipe: SubgraphRecipe, request: BuildRequest = {}): Promise<SubgraphSummary> {
    this.sync();
    this.checkAddable(recipe.name);
    const loads = this.loads;
    const built = await this.build(recipe, request, 0);
    const elements = elementsOf(built.graph);
    // Another registration may have taken the name or the room while this one was building.
    this.sync();
    this.checkAddable(recipe.name);
    const room = this.maxNamespaceElements - this.totalElements() - this.reservedElements;
    if (elements > room) throw this.elementQuota(new ExtractTooLarge(elements, room), room);
    const payload = JSON.stringify(recipe);
    const extractId = randomUUID();
    this.prepared.set(payload, { graph: built.graph, sourceId: built.sourceId, extractId, loads });
    this.reservedElements += elements;
    try {
      await this.engine.submit([
        { kind: 'register', family, name: recipe.name, payload, maxEntries: this.maxCount },
      ]);
    } catch (error) {
      throw this.translate(error, recipe.name);
    } finally {
      this.reservedElements -= elements;
      if (this.store.get(family, recipe.name) !== payload) this.prepared.delete(payload);
    }
    return this.summary(recipe.name);
  }

  /**
   * Replaces the contents from the current source, keeping the name and the extract's id: 409 when the
   * subgraph cannot be recalculated or the fresh extract breaks a quota (the previous contents are kept).
   */
  async recalculate(name: string, request: BuildRequest = {}): Promise<SubgraphSummary> {
    const entry = await this.require(name);
    const loads = this.loads;
    const why = this.recalculable(entry);
    if (why !== null) {
      throw new SubgraphRequestError(
        'notRecalculable',
        `The subgraph '${name}' cannot be recalculated: ${why}.`,
        {
          name,
        },
      );
    }
    let built: Built;
    try {
      built = await this.build(entry.recipe, request, elementsOf(entry.graph));
    } catch (error) {
      if (error instanceof SubgraphRequestError && error.kind === 'elementQuota') {
        throw new SubgraphRequestError(
          'elementQuota',
          `The subgraph '${name}' was not recalculated and keeps its previous contents: ${error.message}`,
          error.extensions,
        );
      }
      throw error;
    }
    this.sync();
    const current = this.entries.get(name);
    if (current !== entry) {
      if (current === undefined || this.loads === loads) {
        throw new SubgraphRequestError('notFound', `No subgraph named '${name}'.`, { name });
      }
      // A load overtook this build and rebuilt the subgraph against the loaded graph: that is the answer.
      await current.ready;
      if (current.failure !== null) {
        throw new SubgraphRequestError(
          'notRecalculable',
          `The subgraph '${name}' cannot be recalculated: its last build failed: ${current.failure}.`,
          { name },
        );
      }
      return this.summaryOf(current);
    }
    entry.graph = built.graph;
    entry.sourceId = built.sourceId;
    return this.summaryOf(entry);
  }

  /** Deregisters a subgraph: 404 when unknown. Resolves once the removal is committed. */
  async remove(name: string): Promise<void> {
    this.sync();
    if (!this.entries.has(name)) {
      throw new SubgraphRequestError('notFound', `No subgraph named '${name}'.`, { name });
    }
    await this.engine.submit([{ kind: 'unregister', family, name }]);
    this.sync();
  }

  private checkAddable(name: string): void {
    if (this.entries.has(name)) throw this.exists(name);
    if (this.entries.size >= this.maxCount) throw this.countQuota();
  }

  private exists(name: string): SubgraphRequestError {
    return new SubgraphRequestError('exists', `A subgraph named '${name}' already exists.`, { name });
  }

  private countQuota(): SubgraphRequestError {
    return new SubgraphRequestError(
      'countQuota',
      `The maximum number of subgraphs (${this.maxCount}) has been reached.`,
      { maxCount: this.maxCount },
    );
  }

  /** The writer's generic registration conflicts, in subgraph words. */
  private translate(error: unknown, name: string): unknown {
    if (!isEngineError(error)) return error;
    if (error.code === 'REGISTRATION_EXISTS') return this.exists(name);
    if (error.code === 'REGISTRATION_QUOTA_EXCEEDED') return this.countQuota();
    return error;
  }
}
