import { Engine, ScanOperator } from '../src/index.js';

// One engine is one namespace's graph: no HTTP involved.
const engine = new Engine();

// Every write is a transaction applied by the engine's single writer; the promise settles at commit.
const [alice, bob] = await engine.createVertices([
  { label: 'person', properties: [{ key: 'name', value: { type: 'String', value: 'Alice' } }] },
  { label: 'person', properties: [{ key: 'name', value: { type: 'String', value: 'Bob' } }] },
]);
const knows = await engine.createEdge({ sourceVertex: alice, targetVertex: bob, edgePropertyId: 'knows' });
await engine.setProperty(bob, 'age', { type: 'Int32', value: 42 });

// Reads are synchronous against the live graph.
const vertex = engine.getVertex(alice);
console.log(vertex?.label, vertex?.outEdges); // person { knows: [ 2 ] }
console.log(engine.getEdge(knows)?.targetVertex); // 1

// A linear scan over one property, no index needed.
const eighteen = { type: 'Int32', value: 18 } as const;
const adults = engine.scanProperty('age', ScanOperator.GreaterOrEquals, eighteen, { resultType: 'Vertices' });
console.log(adults); // [ 1 ]
