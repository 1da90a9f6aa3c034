/**
 * The built-in sample graph of `PUT /unittest` (docs/elements.md): five people and six edges, created as one
 * vertex batch and one edge batch, all with creation date 0. In an empty namespace the vertices get ids
 * 0-4 and the edges 5-10.
 */
import type { Engine } from '../engine.js';
import type { EdgeInput } from '../tx/operations.js';

const people = ['Alice', 'Bob', 'Eve', 'Mallory', 'Trent'] as const;
type Person = (typeof people)[number];

const relations: readonly { from: Person; to: Person; type: string; label: string | null }[] = [
  { from: 'Alice', to: 'Bob', type: 'communicatesWith', label: null },
  { from: 'Alice', to: 'Trent', type: 'trusts', label: 'trusts' },
  { from: 'Bob', to: 'Trent', type: 'trusts', label: 'trusts' },
  { from: 'Eve', to: 'Alice', type: 'attacks', label: null },
  { from: 'Mallory', to: 'Alice', type: 'attacks', label: null },
  { from: 'Mallory', to: 'Bob', type: 'attacks', label: null },
];

/** Appends the sample graph (it does not clear) and returns the ids it created, vertices then edges. */
export async function addSampleGraph(engine: Engine): Promise<{ vertices: number[]; edges: number[] }> {
  const vertices = await engine.createVertices(
    people.map((name) => ({
      creationDate: 0,
      label: 'person',
      properties: [{ key: 'name', value: { type: 'String', value: name } }],
    })),
  );
  const idOf = (person: Person) => vertices[people.indexOf(person)];
  const edges = await engine.createEdges(
    relations.map(({ from, to, type, label }): EdgeInput => ({
      sourceVertex: idOf(from),
      targetVertex: idOf(to),
      edgePropertyId: type,
      creationDate: 0,
      label,
    })),
  );
  return { vertices, edges };
}
