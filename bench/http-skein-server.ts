/**
 * Child process of http-get-vertex.ts: the Skein HTTP server (buildServer, no API key, production mode,
 * no logger) over a graph of `--vertices` vertices with 2-3 properties each and `--outEdges` random
 * out-edges per vertex. Prints `{"port":N}` on stdout once listening; exits on SIGTERM.
 *
 *   node dist/bench/http-skein-server.js [--vertices 10000] [--outEdges 3]
 */
import { Namespaces, type PropertyInput, type WriteOperation } from '../src/index.js';
import { buildServer, defaultServerOptions } from '../src/server/app.js';
import { numericFlags, seededRandom } from './common.js';

const { vertices, outEdges } = numericFlags({ vertices: 10_000, outEdges: 3 }, {});

const namespaces = new Namespaces();
const engine = namespaces.default.engine;
const creates: WriteOperation[] = [];
for (let i = 0; i < vertices; i++) {
  const properties: PropertyInput[] = [
    { key: 'name', value: { type: 'String', value: `person-${i}` } },
    { key: 'age', value: { type: 'Int32', value: 18 + (i % 60) } },
  ];
  if (i % 2 === 0) properties.push({ key: 'score', value: { type: 'Double', value: i * 0.37 } });
  creates.push({
    kind: 'createVertex',
    input: { label: 'person', creationDate: 1_700_000_000 + i, properties },
  });
}
const { createdIds } = await engine.submit(creates);
const random = seededRandom(7);
const links: WriteOperation[] = [];
for (const source of createdIds) {
  for (let k = 0; k < outEdges; k++) {
    const targetVertex = createdIds[Math.floor(random() * createdIds.length)];
    links.push({
      kind: 'createEdge',
      input: { sourceVertex: source, targetVertex, edgePropertyId: 'knows' },
    });
  }
}
await engine.submit(links);

const server = await buildServer(defaultServerOptions(namespaces, { logger: false }));
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
console.log(JSON.stringify({ port: address.port, firstVertex: createdIds[0], vertices: createdIds.length }));

process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
