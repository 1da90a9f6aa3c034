/**
 * `VectorIndex`: exact k-nearest-neighbour search over float32 vectors of one dimension
 * (docs/vectors.md), one vector per element, scored by the shared kernel (src/engine/vectors).
 *
 * Two kinds:
 * - explicit: filled by `PUT /index/vector/{id}` (a vector, or an element's float-array property); the
 *   index owns a `VectorSet`; removing an element purges its vector, a trim renumbers them;
 * - bound (`embeddingName`): a live projection of every element carrying that named embedding at the
 *   index dimension. It owns nothing: it scans the embedding store's vectors of that (name, dimension)
 *   directly, so element writes and removals show at once, it rejects explicit adds and removals, and its
 *   checkpoint holds only its definition (the content is element state).
 *
 * Memory: an explicit index costs 4 x its padded dimension bytes per vector plus 12 bytes of slot
 * bookkeeping (set.ts), and 4 bytes per id of the id space; a bound index costs nothing beyond the
 * embeddings themselves.
 */
import { EngineError } from '../../errors.js';
import type { Graph } from '../../graph/graph.js';
import type { TypedValue } from '../../model/values.js';
import { embeddingKey } from '../../embeddings/names.js';
import { search, searchSliced, type KnnFilter, type KnnHit } from './knn.js';
import { vectorNorm } from '../../vectors/kernel.js';
import { rejectsZeroNorm, vectorProblem, type VectorMetric } from '../../vectors/metric.js';
import { VectorSet } from '../../vectors/set.js';
import type { GraphIndex, IndexCapability, IndexCapture, RebuildOutcome } from '../../tx/index-plugin.js';
import type { VectorIndexOptions } from './options.js';
import { decodeVectorIndexSteps, encodeVectorIndex, encodeVectorIndexSteps } from './format.js';

const capabilities: readonly IndexCapability[] = ['vector'];

/** Smallest and largest `k` of a kNN query (docs/vectors.md, Searching). */
export const minK = 1;
export const maxK = 1024;

export class VectorIndex implements GraphIndex {
  readonly pluginType = 'VectorIndex';
  readonly capabilities = capabilities;
  readonly dimension: number;
  readonly metric: VectorMetric;
  readonly embeddingName: string | null;
  readonly model: string | null;
  /** The explicit index's vectors; null for a bound index. */
  private readonly own: VectorSet | null;
  /** `POST /index/backfill/{id}` without a body: only a bound index has a source to rebuild from. */
  readonly rebuild?: () => RebuildOutcome;

  constructor(
    readonly id: string,
    options: VectorIndexOptions,
    private readonly graph: Graph,
  ) {
    this.dimension = options.dimension;
    this.metric = options.metric;
    this.embeddingName = options.embeddingName;
    this.model = options.model;
    this.own = this.embeddingName === null ? new VectorSet(this.dimension) : null;
    if (this.embeddingName !== null) this.rebuild = () => this.projectionCounts();
  }

  get options(): VectorIndexOptions {
    const { dimension, metric, embeddingName, model } = this;
    return { dimension, metric, embeddingName, model };
  }

  /** Bound to an element embedding: maintains itself, rejects explicit adds and removals. */
  get bound(): boolean {
    return this.embeddingName !== null;
  }

  /** The vectors this index ranks: its own, or the bound embedding's at its dimension (maybe none yet). */
  vectors(): VectorSet | undefined {
    return this.own ?? this.graph.embeddings.vectorsOf(this.embeddingName!, this.dimension);
  }

  /** Indexed vectors. */
  get size(): number {
    return this.vectors()?.size ?? 0;
  }

  /** One key per indexed element: its vector. */
  get keyCount(): number {
    return this.size;
  }

  get valueCount(): number {
    return this.size;
  }

  /** The stored vector of an element (a copy), or undefined. */
  vectorOf(elementId: number): Float32Array | undefined {
    return this.vectors()?.get(elementId);
  }

  /**
   * Why `vector` cannot be added or queried here, or undefined: its dimension differs, a component is not
   * finite (as float32), or it has zero norm under Cosine.
   */
  vectorProblem(vector: Float32Array): string | undefined {
    if (vector.length !== this.dimension) {
      return `the vector index '${this.id}' has dimension ${this.dimension}, the vector has ${vector.length} components`;
    }
    const problem = vectorProblem(vector);
    if (problem !== undefined) return problem;
    if (rejectsZeroNorm(this.metric) && vectorNorm(vector) === 0) {
      return `the vector index '${this.id}' uses Cosine, which cannot score a zero-norm vector`;
    }
    return undefined;
  }

  /**
   * Adds or replaces the element's vector (explicit index only). INVALID_INPUT for a bound index or a
   * vector `vectorProblem` refuses; the caller checks that the element lives.
   */
  put(elementId: number, vector: Float32Array): void {
    if (this.own === null) throw this.boundRefusal();
    const problem = this.vectorProblem(vector);
    if (problem !== undefined) throw new EngineError('INVALID_INPUT', problem);
    this.own.put(elementId, vector);
  }

  /**
   * Adds or replaces the element's vector from its float-array property `propertyId` (an ordinary
   * `Single[]` property, or `$embedding:<name>` for one of its embeddings). INVALID_INPUT when the
   * property is missing or not a float array, and as `put`.
   */
  putFromProperty(elementId: number, propertyId: string): void {
    if (this.own === null) throw this.boundRefusal();
    const value = this.propertyOf(elementId, propertyId);
    if (value === undefined) {
      throw new EngineError('INVALID_INPUT', `the element ${elementId} has no property '${propertyId}'`);
    }
    if (value.type !== 'Single[]') {
      throw new EngineError(
        'INVALID_INPUT',
        `the property '${propertyId}' of element ${elementId} is a ${value.type}, not a float array`,
      );
    }
    this.put(elementId, value.value);
  }

  // ---- search ----

  /**
   * Checks a kNN query: `k` in 1..1024 and each query vector as `vectorProblem`. INVALID_INPUT otherwise.
   */
  checkQuery(queries: readonly Float32Array[], k: number): void {
    if (!Number.isInteger(k) || k < minK || k > maxK) {
      throw new EngineError('INVALID_INPUT', `k must be an integer from ${minK} to ${maxK}, got ${k}`);
    }
    for (const query of queries) {
      const problem = this.vectorProblem(query);
      if (problem !== undefined) throw new EngineError('INVALID_INPUT', `the query is invalid: ${problem}`);
    }
  }

  /** The `k` best elements for `query`, best first (knn.ts); synchronous. */
  search(query: Float32Array, k: number, filter: KnnFilter = {}): KnnHit[] {
    return this.searchBatch([query], k, filter)[0];
  }

  /** Several queries answered in one pass over the vectors; synchronous. */
  searchBatch(queries: readonly Float32Array[], k: number, filter: KnnFilter = {}): KnnHit[][] {
    this.checkQuery(queries, k);
    const set = this.vectors();
    if (set === undefined) return queries.map(() => []);
    return search(this.graph, set, this.metric, queries, k, filter);
  }

  /** `searchBatch` in slices that yield the event loop (servers). */
  async searchSliced(
    queries: readonly Float32Array[],
    k: number,
    filter: KnnFilter = {},
  ): Promise<KnnHit[][]> {
    this.checkQuery(queries, k);
    const set = this.vectors();
    if (set === undefined) return queries.map(() => []);
    return searchSliced(this.graph, set, this.metric, queries, k, filter);
  }

  // ---- GraphIndex ----

  /** `PUT /index/{id}` on a vector index: the key is ignored (the ancestor answers true); false when bound. */
  add(): boolean {
    return !this.bound;
  }

  /** `DELETE /index/{id}/{elementId}`: drops the element's vector; false when bound. */
  removeElement(elementId: number): boolean {
    if (this.own === null) return false;
    this.own.delete(elementId);
    return true;
  }

  /** A vector index has no keys to remove. */
  removeKey(): boolean {
    return false;
  }

  purge(elementId: number): void {
    this.own?.delete(elementId);
  }

  renumber(renumbering: Int32Array): void {
    this.own?.renumber(renumbering);
  }

  clearEntries(): void {
    this.own?.clear();
  }

  /** The definition and, for an explicit index, its vectors (format.ts); a bound index's are element state. */
  serialize(): Uint8Array {
    return encodeVectorIndex(this.options, this.own);
  }

  /** The definition and the explicit vectors now (`VectorSet.capture`: 4 bytes per id copied). */
  capture(): IndexCapture {
    const options = this.options;
    const captured = this.own?.capture() ?? null;
    return {
      encodeSteps: () => encodeVectorIndexSteps(options, captured),
      release: () => captured?.release(),
    };
  }

  /** An index from `serialize` bytes; throws `IndexFormatError` for bytes it cannot read. */
  static deserialize(id: string, payload: Uint8Array, graph: Graph): VectorIndex {
    const steps = VectorIndex.deserializeSteps(id, payload, graph);
    for (;;) {
      const step = steps.next();
      if (step.done === true) return step.value;
    }
  }

  /**
   * `deserialize` in steps (a checkpoint installed into a serving process): the vectors go straight into
   * the index, its memory sized once for all of them, with a pause every 2048 vectors.
   */
  static *deserializeSteps(id: string, payload: Uint8Array, graph: Graph): Generator<void, VectorIndex> {
    let index: VectorIndex | undefined;
    yield* decodeVectorIndexSteps(payload, (options, count) => {
      const created = new VectorIndex(id, options, graph);
      index = created;
      created.own?.reserve(count);
      return (elementId, vector) => created.own!.put(elementId, vector);
    });
    return index!;
  }

  private projectionCounts(): RebuildOutcome {
    const name = this.embeddingName!;
    return {
      propertyId: embeddingKey(name),
      scannedElements: this.graph.embeddings.countOf(name),
      indexedElements: this.size,
      skippedUnindexableValues: 0,
    };
  }

  private propertyOf(elementId: number, propertyId: string): TypedValue | undefined {
    const graph = this.graph;
    if (propertyId.startsWith('$embedding:')) {
      const vector = graph.embeddings.get(elementId, propertyId.slice('$embedding:'.length));
      return vector === undefined ? undefined : { type: 'Single[]', value: vector };
    }
    const keyId = graph.propertyKeys.find(propertyId);
    return keyId < 0 ? undefined : graph.properties.get(elementId, keyId);
  }

  /** The error of an explicit add to a bound index. */
  boundRefusal(): EngineError {
    return new EngineError(
      'INVALID_INPUT',
      `the vector index '${this.id}' is bound to the embedding '${this.embeddingName}' and maintains itself: write the element's embedding instead`,
    );
  }
}
