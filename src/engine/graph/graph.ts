/**
 * The graph of one namespace: per-id header columns, adjacency in both directions, properties.
 *
 * Header columns (one slot per element id, vertices and edges share the id space):
 *   kindType  0 absent (never created or removed), 1 vertex, 2 + edge-type id for an edge
 *   label     0 unlabeled, else label id + 1 (created at the first label and covering ids only up to the
 *             last labelled one: ids beyond its length are unlabelled, so unlabelled graphs pay nothing)
 *   created   creation date, Unix seconds
 *   first     vertex: offset of its out-adjacency record (-1 none); edge: source vertex id
 *   second    vertex: offset of its in-adjacency record (-1 none); edge: target vertex id
 * Reusing `first`/`second` for both kinds keeps every element at five 4-byte words of header.
 * `vertexBits` has one bit per id, set for live vertices, so whole-graph loops skip edge ids 32 at a time.
 *
 * Mutations here never validate: the transaction layer checks first and calls them only when they can
 * succeed, and each returns what its undo needs. Invariant: after a rolled-back transaction the graph is
 * indistinguishable from before it (ids included).
 */
import { SharedColumn } from '../storage/shared-column.js';
import { BlockPool } from '../storage/block-pool.js';
import { Interner } from '../model/interner.js';
import type { TypedValue } from '../model/values.js';
import { AdjacencyDirection, noRecord } from './adjacency.js';
import { PropertyStore, type PropertySnapshot } from './property-store.js';
import { EmbeddingStore, type StoredEmbedding } from '../embeddings/store.js';
import { RegistrationStore } from '../registrations/store.js';

export const kindAbsent = 0;
export const kindVertex = 1;
export const edgeKindBase = 2;
/** Largest id the int32 id space can assign. */
export const maxElementId = 2 ** 31 - 2;

export interface NewProperty {
  key: string;
  value: TypedValue;
}

/** Everything needed to put a removed edge back exactly where it was. */
export interface RemovedEdge {
  id: number;
  typeId: number;
  source: number;
  target: number;
  labelSlot: number;
  created: number;
  outPosition: number;
  inPosition: number;
  properties: PropertySnapshot;
  embeddings: StoredEmbedding[];
}

export interface RemovedVertex {
  id: number;
  labelSlot: number;
  created: number;
  properties: PropertySnapshot;
  embeddings: StoredEmbedding[];
  /** Cascaded edges in removal order: outgoing first, then incoming; a self-loop once. */
  edges: RemovedEdge[];
}

export class Graph {
  readonly kindType = new SharedColumn(Int32Array);
  readonly labels = new SharedColumn(Int32Array);
  readonly created = new SharedColumn(Uint32Array);
  readonly first = new SharedColumn(Int32Array);
  readonly second = new SharedColumn(Int32Array);
  readonly vertexBits = new SharedColumn(Uint32Array);
  /** Replaced as a whole by `replaceAdjacencyPool` (compaction). */
  adjacencyPool = new BlockPool(Int32Array);
  readonly out = new AdjacencyDirection(this.adjacencyPool, this.first);
  readonly in = new AdjacencyDirection(this.adjacencyPool, this.second);
  readonly properties = new PropertyStore();
  /** Named element embeddings (vectors live outside the property records). */
  readonly embeddings = new EmbeddingStore();
  /** The namespace's registrations (stored queries, ...): kept by clear and trim, replaced by a load. */
  readonly registrations = new RegistrationStore();
  readonly labelNames = new Interner();
  readonly edgeTypes = new Interner();
  readonly propertyKeys = new Interner();

  /** The id the next created element receives. */
  nextId = 0;
  /**
   * Changes whenever ids stop meaning what they meant: a clear, a trim that renumbered, a loaded graph
   * adopted. Work that holds ids across writer turns (bulk import's batches) compares it before relying on them.
   */
  idSpaceGeneration = 0;
  vertexCount = 0;
  edgeCount = 0;

  isVertex(id: number): boolean {
    return id >= 0 && id < this.nextId && this.kindType.view[id] === kindVertex;
  }

  isEdge(id: number): boolean {
    return id >= 0 && id < this.nextId && this.kindType.view[id] >= edgeKindBase;
  }

  exists(id: number): boolean {
    return id >= 0 && id < this.nextId && this.kindType.view[id] !== kindAbsent;
  }

  labelOf(id: number): string | null {
    const slot = this.labelSlotOf(id);
    return slot === 0 ? null : this.labelNames.nameOf(slot - 1);
  }

  edgeTypeOf(edge: number): string {
    return this.edgeTypes.nameOf(this.kindType.view[edge] - edgeKindBase);
  }

  /** Modification date in Unix seconds: the creation date until a property changes. */
  modificationDateOf(id: number): number {
    const modified = this.properties.modificationDate(id);
    return modified < 0 ? this.created.view[id] : modified;
  }

  private allocateId(): number {
    const id = this.nextId;
    if (id > maxElementId) throw new RangeError('the int32 element id space is exhausted');
    this.nextId = id + 1;
    const length = id + 1;
    this.kindType.ensureLength(length);
    this.created.ensureLength(length);
    this.first.ensureLength(length);
    this.second.ensureLength(length);
    this.vertexBits.ensureLength((length + 31) >>> 5);
    return id;
  }

  /** 0 when unlabelled, else label id + 1. */
  labelSlotOf(id: number): number {
    return id < this.labels.length ? this.labels.view[id] : 0;
  }

  private setLabelSlot(id: number, slot: number): void {
    if (id >= this.labels.length) {
      if (slot === 0) return;
      this.labels.ensureLength(id + 1);
    }
    this.labels.view[id] = slot;
  }

  private labelSlot(label: string | null): number {
    return label === null ? 0 : this.labelNames.intern(label) + 1;
  }

  addVertex(created: number, label: string | null, properties: readonly NewProperty[]): number {
    const id = this.allocateId();
    this.kindType.view[id] = kindVertex;
    this.setLabelSlot(id, this.labelSlot(label));
    this.created.view[id] = created;
    this.first.view[id] = noRecord;
    this.second.view[id] = noRecord;
    this.vertexBits.view[id >>> 5] |= 1 << (id & 31);
    for (const { key, value } of properties) this.properties.set(id, this.propertyKeys.intern(key), value);
    this.vertexCount++;
    return id;
  }

  /** Both endpoints must be live vertices. */
  addEdge(
    source: number,
    target: number,
    edgeType: string,
    created: number,
    label: string | null,
    properties: readonly NewProperty[],
  ): number {
    const id = this.allocateId();
    const typeId = this.edgeTypes.intern(edgeType);
    this.kindType.view[id] = edgeKindBase + typeId;
    this.setLabelSlot(id, this.labelSlot(label));
    this.created.view[id] = created;
    this.first.view[id] = source;
    this.second.view[id] = target;
    this.out.insert(source, typeId, id, target);
    this.in.insert(target, typeId, id, source);
    for (const { key, value } of properties) this.properties.set(id, this.propertyKeys.intern(key), value);
    this.edgeCount++;
    return id;
  }

  /** Undoes the most recent creation (ids are handed back, so only the newest element can be undone). */
  undoCreate(id: number): void {
    if (id !== this.nextId - 1) throw new Error(`undo out of order: ${id} is not the newest element`);
    const kind = this.kindType.view[id];
    if (kind >= edgeKindBase) {
      const typeId = kind - edgeKindBase;
      this.out.remove(this.first.view[id], typeId, id);
      this.in.remove(this.second.view[id], typeId, id);
      this.edgeCount--;
    } else {
      this.out.release(id);
      this.in.release(id);
      this.vertexCount--;
    }
    this.properties.release(id);
    this.clearHeader(id);
    this.nextId = id;
  }

  removeEdge(id: number): RemovedEdge {
    const typeId = this.kindType.view[id] - edgeKindBase;
    const source = this.first.view[id];
    const target = this.second.view[id];
    const removed: RemovedEdge = {
      id,
      typeId,
      source,
      target,
      labelSlot: this.labelSlotOf(id),
      created: this.created.view[id],
      outPosition: this.out.remove(source, typeId, id),
      inPosition: this.in.remove(target, typeId, id),
      properties: this.properties.snapshot(id),
      embeddings: this.embeddings.takeAll(id),
    };
    this.properties.release(id);
    this.clearHeader(id);
    this.edgeCount--;
    return removed;
  }

  restoreEdge(removed: RemovedEdge): void {
    const { id, typeId, source, target } = removed;
    this.kindType.view[id] = edgeKindBase + typeId;
    this.setLabelSlot(id, removed.labelSlot);
    this.created.view[id] = removed.created;
    this.first.view[id] = source;
    this.second.view[id] = target;
    this.out.insert(source, typeId, id, target, removed.outPosition);
    this.in.insert(target, typeId, id, source, removed.inPosition);
    this.properties.restore(id, removed.properties);
    this.embeddings.restoreAll(id, removed.embeddings);
    this.edgeCount++;
  }

  removeVertex(id: number): RemovedVertex {
    const edges: RemovedEdge[] = [];
    for (const direction of [this.out, this.in]) {
      // Detach one edge at a time from the front: removal rewrites the record, so offsets do not survive.
      for (;;) {
        const record = direction.recordOf(id);
        if (record === noRecord) break;
        const firstEdge = this.adjacencyPool.column.view[record + 4];
        edges.push(this.removeEdge(firstEdge));
      }
    }
    const removed: RemovedVertex = {
      id,
      labelSlot: this.labelSlotOf(id),
      created: this.created.view[id],
      properties: this.properties.snapshot(id),
      embeddings: this.embeddings.takeAll(id),
      edges,
    };
    this.properties.release(id);
    this.clearHeader(id);
    this.vertexCount--;
    return removed;
  }

  restoreVertex(removed: RemovedVertex): void {
    const { id } = removed;
    this.kindType.view[id] = kindVertex;
    this.setLabelSlot(id, removed.labelSlot);
    this.created.view[id] = removed.created;
    this.first.view[id] = noRecord;
    this.second.view[id] = noRecord;
    this.vertexBits.view[id >>> 5] |= 1 << (id & 31);
    this.properties.restore(id, removed.properties);
    this.embeddings.restoreAll(id, removed.embeddings);
    this.vertexCount++;
    for (let i = removed.edges.length - 1; i >= 0; i--) this.restoreEdge(removed.edges[i]);
  }

  private clearHeader(id: number): void {
    this.vertexBits.view[id >>> 5] &= ~(1 << (id & 31));
    this.kindType.view[id] = kindAbsent;
    this.setLabelSlot(id, 0);
    this.created.view[id] = 0;
    this.first.view[id] = 0;
    this.second.view[id] = 0;
  }

  /**
   * Installs a rebuilt adjacency pool and the vertices' record offsets into it (ids without an entry are
   * left alone: edges keep their endpoints in the same columns).
   */
  replaceAdjacencyPool(
    pool: BlockPool<Int32ArrayConstructor>,
    outRecords: Int32Array,
    inRecords: Int32Array,
  ): void {
    const kinds = this.kindType.view;
    const first = this.first.view;
    const second = this.second.view;
    for (let id = 0; id < this.nextId; id++) {
      if (kinds[id] !== kindVertex) continue;
      first[id] = outRecords[id];
      second[id] = inRecords[id];
    }
    this.adjacencyPool = pool;
    this.out.pool = pool;
    this.in.pool = pool;
  }

  /**
   * Takes over `other`'s whole content, ids and interned names included (installing a graph the checkpoint
   * loader built); synchronous, so a reader sees the old graph or the new one. `other` must not be used
   * afterwards.
   */
  adopt(other: Graph): void {
    this.kindType.adopt(other.kindType);
    this.labels.adopt(other.labels);
    this.created.adopt(other.created);
    this.first.adopt(other.first);
    this.second.adopt(other.second);
    this.vertexBits.adopt(other.vertexBits);
    this.adjacencyPool = other.adjacencyPool;
    this.out.pool = other.adjacencyPool;
    this.in.pool = other.adjacencyPool;
    this.properties.adopt(other.properties);
    this.embeddings.adopt(other.embeddings);
    this.registrations.adopt(other.registrations);
    this.labelNames.adopt(other.labelNames);
    this.edgeTypes.adopt(other.edgeTypes);
    this.propertyKeys.adopt(other.propertyKeys);
    this.nextId = other.nextId;
    this.vertexCount = other.vertexCount;
    this.edgeCount = other.edgeCount;
    this.idSpaceGeneration++;
  }

  /** Drops every element and interned name; ids restart at 0. */
  clear(): void {
    for (const column of [
      this.kindType,
      this.labels,
      this.created,
      this.first,
      this.second,
      this.vertexBits,
    ]) {
      column.reset();
    }
    this.adjacencyPool.reset();
    this.properties.reset();
    this.embeddings.clear();
    this.labelNames.clear();
    this.edgeTypes.clear();
    this.propertyKeys.clear();
    this.nextId = 0;
    this.vertexCount = 0;
    this.edgeCount = 0;
    this.idSpaceGeneration++;
  }

  /** Bytes committed by every typed-array structure of the graph (side values excluded). */
  get committedBytes(): number {
    return (
      this.kindType.byteLength +
      this.labels.byteLength +
      this.created.byteLength +
      this.first.byteLength +
      this.second.byteLength +
      this.vertexBits.byteLength +
      this.adjacencyPool.committedBytes +
      this.properties.committedBytes +
      this.embeddings.committedBytes
    );
  }
}
