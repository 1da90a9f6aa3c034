/** Element read shapes on the wire (CONTRACT 1.1): engine records with rendered dates and values. */
import type { EdgeRecord, ElementSummary, VertexRecord } from '../../index.js';
import { wireProperties, type WireProperty } from './values.js';

/** Unix seconds as ISO-8601 without zone designator or fraction (clients treat it as UTC). */
export function wireDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19);
}

interface WireElementBase {
  id: number;
  creationDate: string;
  modificationDate: string;
  label: string | null;
  properties: WireProperty[];
}

export interface WireVertex extends WireElementBase {
  outEdges: Record<string, number[]> | null;
  inEdges: Record<string, number[]> | null;
}

export interface WireEdge extends WireElementBase {
  sourceVertex: number;
  targetVertex: number;
  edgePropertyId: string;
}

export interface WireSummary extends WireElementBase {
  kind: 'vertex' | 'edge';
}

export function wireVertex(vertex: VertexRecord): WireVertex {
  return {
    id: vertex.id,
    creationDate: wireDate(vertex.creationDate),
    modificationDate: wireDate(vertex.modificationDate),
    label: vertex.label,
    properties: wireProperties(vertex.properties),
    outEdges: vertex.outEdges,
    inEdges: vertex.inEdges,
  };
}

export function wireEdge(edge: EdgeRecord): WireEdge {
  return {
    id: edge.id,
    creationDate: wireDate(edge.creationDate),
    modificationDate: wireDate(edge.modificationDate),
    label: edge.label,
    properties: wireProperties(edge.properties),
    sourceVertex: edge.sourceVertex,
    targetVertex: edge.targetVertex,
    edgePropertyId: edge.edgePropertyId,
  };
}

export function wireSummary(element: ElementSummary): WireSummary {
  return {
    id: element.id,
    creationDate: wireDate(element.creationDate),
    modificationDate: wireDate(element.modificationDate),
    label: element.label,
    properties: wireProperties(element.properties),
    kind: element.kind,
  };
}
