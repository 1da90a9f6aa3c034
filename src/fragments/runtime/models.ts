/**
 * The element models a fragment receives (`VertexModel`, `EdgeModel`, `AGraphElementModel`), as thin views
 * over the engine's columns: a view is (scope, id) and every member reads the live graph. Nothing about the
 * element is copied into the view.
 *
 * Members keep their C# names so the emitter's surface table maps one to one; `out` parameters come last as
 * cells (`Out<T>`, types.ts). A view stays meaningful while its element lives; the lists it hands out are
 * valid for one synchronous delegate call (edge-groups.ts).
 *
 * Views are made per visited element (`scope.vertex(id)`), not pooled: a fragment may keep a view (in a
 * captured array, a LINQ result) beyond the call that received it, and a reused view would then change
 * under it. Two small fields make the allocation cheap (bench/fragments-runtime.ts measures it).
 *
 * `ElementView` (AGraphElementModel) is the union of the two view classes, not a base class: see
 * element-reads.ts for why the classes do not inherit.
 */
import { type Graph, isReservedKey } from '../../engine/index.js';
import { edgeKindBase, kindVertex } from '../../engine/graph/graph.js';
import { noRecord } from '../../engine/graph/adjacency.js';
import type { Interner } from '../../engine/model/interner.js';
import { EdgeGroups, EdgeList, EdgeSpan, groupOf, type EdgeViewFactory } from './edge-groups.js';
import {
  EMPTY_VECTOR,
  anyPropertyValueMatches,
  creationDate,
  modificationDate,
  propertyCount,
  tryGetProperty,
  tryGetReservedProperty,
} from './element-reads.js';
import type { DateTimeValue, Out } from './types.js';

/** The name `TryGetEmbedding` reads when none (or null) is given. */
export const DEFAULT_EMBEDDING_NAME = 'default';

/**
 * A property key resolved once against the scope's key table, for keys the fragment names as literals
 * (the emitter makes one per literal when it builds the delegate). A key absent at resolution is looked up
 * again only when the table has grown since.
 */
export class PropertyKey {
  private id: number;
  private tableSize: number;
  /** A reserved `$embedding:`/`$embeddingModel:` key: its entry comes from the embedding store. */
  readonly reserved: boolean;

  constructor(
    private readonly keys: Interner,
    readonly name: string,
  ) {
    this.id = keys.find(name);
    this.tableSize = keys.size;
    this.reserved = isReservedName(name);
  }

  /** The key id, or -1 when no element has ever had this key. */
  resolve(): number {
    if (this.id < 0 && this.keys.size !== this.tableSize) {
      this.id = this.keys.find(this.name);
      this.tableSize = this.keys.size;
    }
    return this.id;
  }
}

/** `AGraphElementModel`: what a GraphElementFilter receives and `TrySimilarity` takes. */
export type ElementView = VertexView | EdgeView;

export function isElementView(value: unknown): value is ElementView {
  return value instanceof VertexView || value instanceof EdgeView;
}

/** `VertexModel`. The members shared with EdgeView are repeated one-liners over element-reads.ts. */
export class VertexView {
  constructor(
    readonly scope: GraphScope,
    /** `int Id` */
    readonly Id: number,
  ) {}

  /** `string Label`, null when the element has none. */
  get Label(): string | null {
    return this.scope.graph.labelOf(this.Id);
  }

  GetCreationDate(): DateTimeValue {
    return creationDate(this.scope.graph, this.Id);
  }

  GetModificationDate(): DateTimeValue {
    return modificationDate(this.scope.graph, this.Id);
  }

  /** Every stored entry, reserved `$embedding:`/`$embeddingModel:` entries included. */
  GetPropertyCount(): number {
    return propertyCount(this.scope.graph, this.Id);
  }

  /** `TryGetProperty<T>(out T value, string key)` for a literal key (element-reads.ts). */
  TryGetProperty(key: PropertyKey, type: number, value: Out<unknown>): boolean {
    if (key.reserved) return tryGetReservedProperty(this.scope.graph, this.Id, key.name, type, value);
    return tryGetProperty(this.scope.graph, this.Id, key.resolve(), type, value);
  }

  /** `TryGetProperty<T>` for a key computed at run time (a null key finds nothing). */
  TryGetPropertyNamed(key: string | null, type: number, value: Out<unknown>): boolean {
    if (isReservedName(key)) return tryGetReservedProperty(this.scope.graph, this.Id, key, type, value);
    return tryGetProperty(this.scope.graph, this.Id, this.scope.dynamicKeyId(key), type, value);
  }

  AnyPropertyValueMatches(predicate: ((value: string) => boolean) | null): boolean {
    return anyPropertyValueMatches(this.scope.graph, this.Id, predicate);
  }

  /** `TryGetEmbedding(out ReadOnlySpan<float>, string name = "default")`: the stored vector, not a copy. */
  TryGetEmbedding(name: string | null, vector: Out<Float32Array>): boolean {
    return this.scope.tryGetEmbedding(this.Id, name, vector);
  }

  /** `TryGetEmbeddingModelStamp(out string, string name = "default")`. */
  TryGetEmbeddingModelStamp(name: string | null, stamp: Out<string | null>): boolean {
    return this.scope.tryGetEmbeddingModelStamp(this.Id, name, stamp);
  }

  /** `uint GetOutDegree()`: edges of every type leaving the vertex. */
  GetOutDegree(): number {
    return this.scope.graph.out.degree(this.Id);
  }

  GetInDegree(): number {
    return this.scope.graph.in.degree(this.Id);
  }

  /** Out-edges grouped by edge type; null when the vertex has none. */
  get OutEdges(): EdgeGroups | null {
    const graph = this.scope.graph;
    return graph.first.view[this.Id] === noRecord ? null : new EdgeGroups(this.scope, graph.out, this.Id);
  }

  get InEdges(): EdgeGroups | null {
    const graph = this.scope.graph;
    return graph.second.view[this.Id] === noRecord ? null : new EdgeGroups(this.scope, graph.in, this.Id);
  }

  /** `TryGetOutEdge(out IReadOnlyList<EdgeModel>, string)`: false with null when the group is absent. */
  TryGetOutEdge(edgeType: string | null, edges: Out<EdgeList | null>): boolean {
    const group = groupOf(this.scope.graph, this.scope.graph.out, this.Id, edgeType);
    edges.value = group < 0 ? null : new EdgeList(this.scope, group);
    return group >= 0;
  }

  TryGetInEdge(edgeType: string | null, edges: Out<EdgeList | null>): boolean {
    const group = groupOf(this.scope.graph, this.scope.graph.in, this.Id, edgeType);
    edges.value = group < 0 ? null : new EdgeList(this.scope, group);
    return group >= 0;
  }

  /** `TryGetOutEdgesSpan(out ReadOnlySpan<EdgeModel>, string)`: false with an empty span when absent. */
  TryGetOutEdgesSpan(edgeType: string | null, edges: Out<EdgeSpan>): boolean {
    const group = groupOf(this.scope.graph, this.scope.graph.out, this.Id, edgeType);
    edges.value = group < 0 ? this.scope.emptySpan : new EdgeSpan(this.scope, group);
    return group >= 0;
  }

  TryGetInEdgesSpan(edgeType: string | null, edges: Out<EdgeSpan>): boolean {
    const group = groupOf(this.scope.graph, this.scope.graph.in, this.Id, edgeType);
    edges.value = group < 0 ? this.scope.emptySpan : new EdgeSpan(this.scope, group);
    return group >= 0;
  }
}

/** `EdgeModel`. */
export class EdgeView {
  constructor(
    readonly scope: GraphScope,
    /** `int Id` */
    readonly Id: number,
  ) {}

  /** `string Label`, null when the element has none. */
  get Label(): string | null {
    return this.scope.graph.labelOf(this.Id);
  }

  GetCreationDate(): DateTimeValue {
    return creationDate(this.scope.graph, this.Id);
  }

  GetModificationDate(): DateTimeValue {
    return modificationDate(this.scope.graph, this.Id);
  }

  /** Every stored entry, reserved `$embedding:`/`$embeddingModel:` entries included. */
  GetPropertyCount(): number {
    return propertyCount(this.scope.graph, this.Id);
  }

  /** `TryGetProperty<T>(out T value, string key)` for a literal key (element-reads.ts). */
  TryGetProperty(key: PropertyKey, type: number, value: Out<unknown>): boolean {
    if (key.reserved) return tryGetReservedProperty(this.scope.graph, this.Id, key.name, type, value);
    return tryGetProperty(this.scope.graph, this.Id, key.resolve(), type, value);
  }

  /** `TryGetProperty<T>` for a key computed at run time (a null key finds nothing). */
  TryGetPropertyNamed(key: string | null, type: number, value: Out<unknown>): boolean {
    if (isReservedName(key)) return tryGetReservedProperty(this.scope.graph, this.Id, key, type, value);
    return tryGetProperty(this.scope.graph, this.Id, this.scope.dynamicKeyId(key), type, value);
  }

  AnyPropertyValueMatches(predicate: ((value: string) => boolean) | null): boolean {
    return anyPropertyValueMatches(this.scope.graph, this.Id, predicate);
  }

  /** `TryGetEmbedding(out ReadOnlySpan<float>, string name = "default")`: the stored vector, not a copy. */
  TryGetEmbedding(name: string | null, vector: Out<Float32Array>): boolean {
    return this.scope.tryGetEmbedding(this.Id, name, vector);
  }

  /** `TryGetEmbeddingModelStamp(out string, string name = "default")`. */
  TryGetEmbeddingModelStamp(name: string | null, stamp: Out<string | null>): boolean {
    return this.scope.tryGetEmbeddingModelStamp(this.Id, name, stamp);
  }

  /** The source vertex itself (a view), not its id. */
  get SourceVertex(): VertexView {
    return new VertexView(this.scope, this.scope.graph.first.view[this.Id]);
  }

  get TargetVertex(): VertexView {
    return new VertexView(this.scope, this.scope.graph.second.view[this.Id]);
  }

  /** The edge type. */
  get EdgePropertyId(): string {
    return this.scope.graph.edgeTypeOf(this.Id);
  }
}

/**
 * The graph a runtime reads, with its resolved keys. One scope per runtime (one request); it makes the
 * views the traversal hands to delegates and the views fragments reach through edges.
 */
export class GraphScope implements EdgeViewFactory {
  /** `default(ReadOnlySpan<EdgeModel>)`. */
  readonly emptySpan: EdgeSpan;
  private readonly literalKeys = new Map<string, PropertyKey>();

  constructor(readonly graph: Graph) {
    this.emptySpan = new EdgeSpan(this, -1);
  }

  vertex(id: number): VertexView {
    return new VertexView(this, id);
  }

  edge(id: number): EdgeView {
    return new EdgeView(this, id);
  }

  /** The view of any live element id (GraphElementFilter); undefined for an absent id. */
  element(id: number): VertexView | EdgeView | undefined {
    if (!this.graph.exists(id)) return undefined;
    const kind = this.graph.kindType.view[id];
    return kind === kindVertex ? this.vertex(id) : kind >= edgeKindBase ? this.edge(id) : undefined;
  }

  /** The resolved key of a literal (one per distinct name per scope). */
  key(name: string): PropertyKey {
    let key = this.literalKeys.get(name);
    if (key === undefined) {
      key = new PropertyKey(this.graph.propertyKeys, name);
      this.literalKeys.set(name, key);
    }
    return key;
  }

  /** The id of a key named at run time, -1 when absent or null (not cached: names are unbounded). */
  dynamicKeyId(name: string | null): number {
    return name === null ? -1 : this.graph.propertyKeys.find(name);
  }

  /** The embedding as a view of the stored vector (the embedding store's memory), not a copy. */
  tryGetEmbedding(id: number, name: string | null, vector: Out<Float32Array>): boolean {
    const found = this.graph.embeddings.get(id, name ?? DEFAULT_EMBEDDING_NAME);
    vector.value = found ?? EMPTY_VECTOR;
    return found !== undefined;
  }

  tryGetEmbeddingModelStamp(id: number, name: string | null, stamp: Out<string | null>): boolean {
    const found = this.graph.embeddings.model(id, name ?? DEFAULT_EMBEDDING_NAME);
    stamp.value = typeof found === 'string' ? found : null;
    return typeof found === 'string';
  }
}

function isReservedName(key: string | null): key is string {
  return key !== null && key.charCodeAt(0) === 0x24 && isReservedKey(key);
}
