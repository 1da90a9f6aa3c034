/**
 * A vertex's adjacency as C# sees it: `IReadOnlyDictionary<string, IReadOnlyList<EdgeModel>>` (`OutEdges`,
 * `InEdges`), one `IReadOnlyList<EdgeModel>` per edge type (`TryGetOutEdge`), and `ReadOnlySpan<EdgeModel>`
 * (`TryGetOutEdgesSpan`). All are views over the adjacency records (layout in engine/graph/adjacency.ts):
 * nothing is copied, and an `EdgeView` is made only when the fragment reads that element, so `.Count` of a
 * group with a million edges costs one read.
 *
 * Lifetime: a list holds the offset of its group in the adjacency pool, which a write may move. Fragments
 * run synchronously between writes, so a list is valid for the delegate call that obtained it; traversals
 * must not keep one across a yield.
 */
import { groupHeaderWords, pairWords, recordHeaderWords, noRecord } from '../../engine/graph/adjacency.js';
import type { AdjacencyDirection } from '../../engine/graph/adjacency.js';
import type { Graph } from '../../engine/index.js';
import { argumentNull, indexOutOfRange, keyNotFound, listIndexOutOfRange } from './exceptions.js';
import type { Out } from './types.js';
import type { EdgeView } from './models.js';

/** What a list needs from its owner: the graph, and a way to make the view of an edge id. */
export interface EdgeViewFactory {
  readonly graph: Graph;
  edge(id: number): EdgeView;
}

/** `KeyValuePair<TKey, TValue>`: what enumerating a dictionary yields. */
export class KeyValuePair<K, V> {
  constructor(
    readonly Key: K,
    readonly Value: V,
  ) {}
}

/** Edge views of one group, made on demand. Shared by the list and span shapes. */
abstract class EdgeGroupView implements Iterable<EdgeView> {
  constructor(
    protected readonly owner: EdgeViewFactory,
    /** Offset of the group header `[typeId, count]` in the adjacency pool; -1 for the empty span. */
    protected readonly group: number,
  ) {}

  protected get size(): number {
    return this.group < 0 ? 0 : this.owner.graph.adjacencyPool.column.view[this.group + 1];
  }

  /** The edge at `index`, already bounds-checked. */
  protected edgeAt(index: number): EdgeView {
    const pool = this.owner.graph.adjacencyPool.column.view;
    return this.owner.edge(pool[this.group + groupHeaderWords + index * pairWords]);
  }

  /** Edge id at `index` without making a view (LINQ fast paths over ids). */
  edgeIdAt(index: number): number {
    return this.owner.graph.adjacencyPool.column.view[this.group + groupHeaderWords + index * pairWords];
  }

  *[Symbol.iterator](): Iterator<EdgeView> {
    const count = this.size;
    for (let i = 0; i < count; i++) yield this.edgeAt(i);
  }
}

/** `IReadOnlyList<EdgeModel>`: `Count`, the indexer (`get`), enumeration. */
export class EdgeList extends EdgeGroupView {
  get Count(): number {
    return this.size;
  }

  /** The indexer `list[i]`: ArgumentOutOfRangeException outside [0, Count), as `List<T>` throws. */
  get(index: number): EdgeView {
    if (index < 0 || index >= this.size) throw listIndexOutOfRange();
    return this.edgeAt(index);
  }
}

/** `ReadOnlySpan<EdgeModel>`: `Length`, `IsEmpty`, the indexer (`get`), enumeration. */
export class EdgeSpan extends EdgeGroupView {
  get Length(): number {
    return this.size;
  }

  get IsEmpty(): boolean {
    return this.size === 0;
  }

  /** The indexer `span[i]`: IndexOutOfRangeException outside [0, Length), as spans throw. */
  get(index: number): EdgeView {
    if (index < 0 || index >= this.size) throw indexOutOfRange();
    return this.edgeAt(index);
  }
}

/**
 * Reads one group of a vertex: the group offset, or -1 when the vertex has no edge of that type that way.
 * A null type (C# passing `null`) finds nothing, as the ancestor's dictionary lookup answers false.
 */
export function groupOf(
  graph: Graph,
  direction: AdjacencyDirection,
  vertex: number,
  edgeType: string | null,
): number {
  if (edgeType === null) return -1;
  const typeId = graph.edgeTypes.find(edgeType);
  return typeId < 0 ? -1 : direction.findGroup(vertex, typeId);
}

/** The `IReadOnlyDictionary` of one direction of one vertex; made only when the vertex has a record there. */
export class EdgeGroups implements Iterable<KeyValuePair<string, EdgeList>> {
  constructor(
    private readonly owner: EdgeViewFactory,
    private readonly direction: AdjacencyDirection,
    private readonly vertex: number,
  ) {}

  /** Number of edge types (groups), not edges. */
  get Count(): number {
    const pool = this.owner.graph.adjacencyPool.column.view;
    const record = this.direction.recordOf(this.vertex);
    if (record === noRecord) return 0;
    const end = record + recordHeaderWords + pool[record + 1];
    let count = 0;
    for (
      let group = record + recordHeaderWords;
      group < end;
      group += groupHeaderWords + pool[group + 1] * pairWords
    ) {
      count++;
    }
    return count;
  }

  /** Edge types in type-id order (the engine's order; .NET's dictionary order is unspecified). */
  get Keys(): Iterable<string> {
    return { [Symbol.iterator]: () => this.groups((typeId) => this.owner.graph.edgeTypes.nameOf(typeId)) };
  }

  get Values(): Iterable<EdgeList> {
    return { [Symbol.iterator]: () => this.groups((_, group) => new EdgeList(this.owner, group)) };
  }

  ContainsKey(key: string | null): boolean {
    if (key === null) throw argumentNull('key');
    return groupOf(this.owner.graph, this.direction, this.vertex, key) >= 0;
  }

  TryGetValue(key: string | null, value: Out<EdgeList | null>): boolean {
    if (key === null) throw argumentNull('key');
    const group = groupOf(this.owner.graph, this.direction, this.vertex, key);
    value.value = group < 0 ? null : new EdgeList(this.owner, group);
    return group >= 0;
  }

  /** The indexer `groups[key]`: KeyNotFoundException when the type is absent. */
  get(key: string | null): EdgeList {
    if (key === null) throw argumentNull('key');
    const group = groupOf(this.owner.graph, this.direction, this.vertex, key);
    if (group < 0) throw keyNotFound(key);
    return new EdgeList(this.owner, group);
  }

  [Symbol.iterator](): Iterator<KeyValuePair<string, EdgeList>> {
    return this.groups(
      (typeId, group) =>
        new KeyValuePair(this.owner.graph.edgeTypes.nameOf(typeId), new EdgeList(this.owner, group)),
    );
  }

  private *groups<T>(project: (typeId: number, group: number) => T): Generator<T> {
    const record = this.direction.recordOf(this.vertex);
    if (record === noRecord) return;
    // Re-read the pool per step: `project` runs fragment code, but fragments never write.
    const used = this.owner.graph.adjacencyPool.column.view[record + 1];
    const end = record + recordHeaderWords + used;
    for (let group = record + recordHeaderWords; group < end;) {
      const count = this.owner.graph.adjacencyPool.column.view[group + 1];
      yield project(this.owner.graph.adjacencyPool.column.view[group], group);
      group += groupHeaderWords + count * pairWords;
    }
  }
}
