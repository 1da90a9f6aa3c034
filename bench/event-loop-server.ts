/**
 * Child process of event-loop.ts: a Skein server over `--pageVertices` vertices (two properties each) and
 * as many edges, plus `--scanVertices` more vertices with one Int32 property, so a full `GET /graph` page
 * and a million-element scan are both possible. It measures its own event-loop delay and answers the
 * parent over IPC: `{ reset: true }` clears the histogram, `{ report: true }` answers max and p99 in ms.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Namespaces, type WriteOperation } from '../src/index.js';
import { buildServer, defaultServerOptions } from '../src/server/app.js';
import { numericFlags } from './common.js';

const { pageVertices, scanVertices } = numericFlags({ pageVertices: 100_000, scanVertices: 900_000 }, {});
const batch = 10_000;

const namespaces = new Namespaces();
const engine = namespaces.default.engine;
for (let start = 0; start < pageVertices; start += batch) {
  const operations: WriteOperation[] = [];
  for (let i = start; i < Math.min(pageVertices, start + batch); i++) {
    operations.push({
      kind: 'createVertex',
      input: {
        label: 'person',
        properties: [
          { key: 'name', value: { type: 'String', value: `person-${i}` } },
          { key: 'n', value: { type: 'Int32', value: i } },
        ],
      },
    });
  }
  await engine.submit(operations);
}
for (let start = 0; start < pageVertices; start += batch) {
  const operations: WriteOperation[] = [];
  for (let i = start; i < Math.min(pageVertices, start + batch); i++) {
    operations.push({
      kind: 'createEdge',
      input: { sourceVertex: i, targetVertex: (i + 1) % pageVertices, edgePropertyId: 'next' },
    });
  }
  await engine.submit(operations);
}
for (let start = 0; start < scanVertices; start += batch) {
  const operations: WriteOperation[] = [];
  for (let i = start; i < Math.min(scanVertices, start + batch); i++) {
    operations.push({
      kind: 'createVertex',
      input: { properties: [{ key: 'n', value: { type: 'Int32', value: pageVertices + i } }] },
    });
  }
  await engine.submit(operations);
}

const server = await buildServer(defaultServerOptions(namespaces, { logger: false }));
await server.listen({ port: 0, host: '127.0.0.1' });
const address = server.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
process.on('message', (message: { reset?: boolean; report?: boolean }) => {
  if (message.reset === true) delay.reset();
  if (message.report === true) {
    process.send?.({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 });
  }
});
process.send?.({ port: address.port, elements: engine.vertexCount + engine.edgeCount });
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
