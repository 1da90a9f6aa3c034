/** Element read shapes on the wire (docs/elements.md): engine records with rendered dates and values. */
import type { EdgeRecord, ElementSummary, VertexRecord } from '../../index.js';
import { wireProperties, type WireProperty } from './values.js';

/**
 * Recently rendered dates, direct-mapped by the low bits of their second: elements written together share
 * their seconds, and a vertex read renders two dates, so most reads find theirs here instead of building a
 * Date and its ISO text.
 */
const dateCacheSlots = 1024;
const cachedSeconds = new Float64Array(dateCacheSlots).fill(Number.NaN);
const cachedTexts: string[] = new Array<string>(dateCacheSlots).fill('');

/** Unix seconds as ISO-8601 without zone designator or fraction (clients treat it as UTC). */
export function wireDate(seconds: number): string {
  const slot = seconds & (dateCacheSlots - 1);
  if (cachedSeconds[slot] === seconds) return cachedTexts[slot];
  const text = new Date(seconds * 1000).toISOString().slice(0, 19);
  cachedSeconds[slot] = seconds;
  cachedTexts[slot] = text;
  return text;
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
