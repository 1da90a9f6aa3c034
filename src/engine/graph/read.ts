/**
 * Read projections of elements: the library's element shapes, built from the columns on demand.
 * Dates are Unix seconds here; the HTTP layer renders them.
 */
import type { TypedValue } from '../model/values.js';
import { Graph, edgeKindBase, kindVertex } from './graph.js';
import type { AdjacencyDirection } from './adjacency.js';
import { embeddingEntries } from '../embeddings/entries.js';

export interface PropertyEntry {
  key: string;
  value: TypedValue;
}

interface ElementBase {
  id: number;
  label: string | null;
  /** Unix seconds */
  creationDate: number;
  /** Unix seconds */
  modificationDate: number;
  /** Sorted by key, ordinal. */
  properties: PropertyEntry[];
}

export interface VertexRecord extends ElementBase {
  kind: 'vertex';
  /** Edge type to edge ids in creation order; null when the vertex has no edges in that direction. */
  outEdges: Record<string, number[]> | null;
  inEdges: Record<string, number[]> | null;
}

export interface EdgeRecord extends ElementBase {
  kind: 'edge';
  sourceVertex: number;
  targetVertex: number;
  edgePropertyId: string;
}

export type ElementRecord = VertexRecord | EdgeRecord;

/** An element without adjacency or endpoints (the batch-read projection). */
export interface ElementSummary extends ElementBase {
  kind: 'vertex' | 'edge';
}

function byKey(a: PropertyEntry, b: PropertyEntry): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** The element's properties, its embeddings included as their reserved entries (docs/elements.md). */
export function propertiesOf(graph: Graph, id: number): PropertyEntry[] {
  const stored = graph.properties.list(id);
  const entries = new Array<PropertyEntry>(stored.length);
  for (let i = 0; i < stored.length; i++) {
    entries[i] = { key: graph.propertyKeys.nameOf(stored[i].keyId), value: stored[i].value };
  }
  entries.push(...embeddingEntries(graph.embeddings, id));
  return entries.length > 1 ? entries.sort(byKey) : entries;
}

function groupsOf(
  graph: Graph,
  direction: AdjacencyDirection,
  vertex: number,
): Record<string, number[]> | null {
  let groups: Record<string, number[]> | null = null;
  direction.forEachGroup(vertex, (typeId, groupOffset) => {
    groups ??= {};
    groups[graph.edgeTypes.nameOf(typeId)] = direction.edgeIdsOfGroup(groupOffset);
  });
  return groups;
}

export function readVertex(graph: Graph, id: number): VertexRecord | undefined {
  if (!graph.isVertex(id)) return undefined;
  return {
    kind: 'vertex',
    id,
    label: graph.labelOf(id),
    creationDate: graph.created.view[id],
    modificationDate: graph.modificationDateOf(id),
    properties: propertiesOf(graph, id),
    outEdges: groupsOf(graph, graph.out, id),
    inEdges: groupsOf(graph, graph.in, id),
  };
}

export function readEdge(graph: Graph, id: number): EdgeRecord | undefined {
  if (!graph.isEdge(id)) return undefined;
  return {
    kind: 'edge',
    id,
    label: graph.labelOf(id),
    creationDate: graph.created.view[id],
    modificationDate: graph.modificationDateOf(id),
    properties: propertiesOf(graph, id),
    sourceVertex: graph.first.view[id],
    targetVertex: graph.second.view[id],
    edgePropertyId: graph.edgeTypeOf(id),
  };
}

export function readElement(graph: Graph, id: number): ElementRecord | undefined {
  if (!graph.exists(id)) return undefined;
  return graph.kindType.view[id] === kindVertex ? readVertex(graph, id) : readEdge(graph, id);
}

export function readSummary(graph: Graph, id: number): ElementSummary | undefined {
  if (!graph.exists(id)) return undefined;
  return {
    kind: graph.kindType.view[id] >= edgeKindBase ? 'edge' : 'vertex',
    id,
    label: graph.labelOf(id),
    creationDate: graph.created.view[id],
    modificationDate: graph.modificationDateOf(id),
    properties: propertiesOf(graph, id),
  };
}

/** Edge types present in one direction of a vertex, in type-id order; undefined when no such vertex. */
export function edgeTypesOf(graph: Graph, vertex: number, direction: 'out' | 'in'): string[] | undefined {
  if (!graph.isVertex(vertex)) return undefined;
  const types: string[] = [];
  graph[direction].forEachGroup(vertex, (typeId) => types.push(graph.edgeTypes.nameOf(typeId)));
  return types;
}

/** Edge ids of one group; undefined when the vertex or the group is missing. */
export function edgesOfType(
  graph: Graph,
  vertex: number,
  direction: 'out' | 'in',
  edgeType: string,
): number[] | undefined {
  if (!graph.isVertex(vertex)) return undefined;
  const typeId = graph.edgeTypes.find(edgeType);
  if (typeId < 0) return undefined;
  const group = graph[direction].findGroup(vertex, typeId);
  return group < 0 ? undefined : graph[direction].edgeIdsOfGroup(group);
}

/** Degree of a vertex in one direction, optionally within one edge type; undefined when no such vertex. */
export function degreeOf(
  graph: Graph,
  vertex: number,
  direction: 'out' | 'in',
  edgeType?: string,
): number | undefined {
  if (!graph.isVertex(vertex)) return undefined;
  if (edgeType === undefined) return graph[direction].degree(vertex);
  const typeId = graph.edgeTypes.find(edgeType);
  if (typeId < 0) return 0;
  const group = graph[direction].findGroup(vertex, typeId);
  return group < 0 ? 0 : graph.adjacencyPool.column.view[group + 1];
}

/** Ids of the first live vertices and edges in ascending id order, each list bounded independently. */
export function firstElements(graph: Graph, maxEach: number): { vertices: number[]; edges: number[] } {
  const vertices: number[] = [];
  const edges: number[] = [];
  const kinds = graph.kindType.view;
  for (let id = 0; id < graph.nextId && (vertices.length < maxEach || edges.length < maxEach); id++) {
    const kind = kinds[id];
    if (kind === kindVertex) {
      if (vertices.length < maxEach) vertices.push(id);
    } else if (kind >= edgeKindBase && edges.length < maxEach) edges.push(id);
  }
  return { vertices, edges };
}
