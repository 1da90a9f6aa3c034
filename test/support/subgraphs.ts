/**
 * Shared by the subgraph route tests (docs/subgraphs.md): the summary's shape, a fixture that also
 * removes every subgraph before each test (a clear of the namespace keeps them), and the fragments the
 * sample graph of `PUT /unittest` is filtered with.
 */
import assert from 'node:assert/strict';
import { beforeEach } from 'node:test';
import type { ServerOptions } from '../../src/server/app.js';
import { assertJson, useServer, type Client, type Fixture, type HttpReply } from './server.js';

import type { SubgraphSummary } from '../../src/subgraphs/index.js';
export type { SemanticEcho } from '../../src/subgraphs/index.js';
export type Summary = SubgraphSummary;

export interface WireElement {
  id: number;
  label: string | null;
  properties: { propertyId: string; propertyValue: string }[];
  [member: string]: unknown;
}

export interface GraphPage {
  vertices: WireElement[];
  edges: (WireElement & { sourceVertex: number; targetVertex: number; edgePropertyId: string })[];
}

export const defaultAlgorithm = 'Breadth First Search Subgraph Algorithm';

/** Sample graph: a vertex passes when its `name` property is `name`. */
export const named = (name: string): string =>
  `return v => v.TryGetProperty(out string n, "name") && n == "${name}";`;

/** Sample graph: an edge type test. */
export const edgeType = (type: string): string => `return (p) => p == "${type}";`;

/** Everyone who attacks Alice, with the attack edges (the sample graph: Eve, Mallory, Alice; edges 8, 9). */
export const attackersOfAlice = [
  { type: 'Vertex' },
  { type: 'Edge', edgePropertyFilter: edgeType('attacks') },
  { type: 'Vertex', vertexFilter: named('Alice') },
];

/** `useServer` plus the removal of every subgraph before each test, so names can repeat across tests. */
export function useSubgraphServer(prefix: string, overrides: Partial<ServerOptions> = {}): Fixture {
  const fixture = useServer(prefix, overrides);
  beforeEach(async () => {
    for (const name of await fixture.client.read<string[]>('/subgraph')) {
      const reply = await fixture.client.delete(`/subgraph/${encodeURIComponent(name)}`);
      assert.equal(reply.status, 204, reply.text);
    }
  });
  return fixture;
}

/** `PUT /subgraph` (with `query`, e.g. `?fromSubGraph=x`). */
export function putSubgraph(client: Client, body: unknown, query = ''): Promise<HttpReply> {
  return client.put(`/subgraph${query}`, body);
}

/** `PUT /subgraph` that must answer 201; returns the summary. */
export async function createSubgraph(client: Client, body: unknown, query = ''): Promise<Summary> {
  return assertJson<Summary>(await putSubgraph(client, body, query), 201);
}

/** The sample graph of `PUT /unittest`, flushed so every element is readable. */
export async function sampleGraph(fixture: Fixture): Promise<void> {
  const reply = await fixture.client.put('/unittest');
  assert.equal(reply.status, 200, reply.text);
  await fixture.engine.flush();
}

/** The ids of a page's elements, by their `name` property (vertices) or `[source, target, type]` (edges). */
export function describePage(page: GraphPage): { vertices: string[]; edges: [string, string, string][] } {
  const nameOf = (vertex: WireElement) =>
    vertex.properties.find((p) => p.propertyId === 'name')?.propertyValue ?? `#${vertex.id}`;
  const byId = new Map(page.vertices.map((vertex) => [vertex.id, nameOf(vertex)]));
  return {
    vertices: page.vertices.map(nameOf),
    edges: page.edges.map((edge) => [
      byId.get(edge.sourceVertex) ?? '?',
      byId.get(edge.targetVertex) ?? '?',
      edge.edgePropertyId,
    ]),
  };
}
