/**
 * Child process of durable-writes.ts. `--mode skein`: the Skein HTTP server (buildServer, production
 * mode, no logger) with durability on, its storage in `--dir`, so every waited write is fsynced through
 * the write-ahead log. `--mode bare`: the reference, a bare Fastify route `PUT /vertex` (same Fastify
 * version, no hooks, no schema) that parses the JSON body and answers 202. Prints `{"port":N}` on stdout
 * once listening, `{"syncs":N}` (the log's
 * fdatasync calls so far) on each SIGUSR2; exits on SIGTERM.
 *
 *   node dist/bench/durable-writes-server.js --mode skein --dir /tmp/x
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { Namespaces } from '../src/index.js';
import { Durability, durabilityPaths } from '../src/engine/durability/durability.js';
import { buildServer, defaultServerOptions } from '../src/server/app.js';
import { countingFileSystem } from './counting-file-system.js';

const counter = { syncs: 0 };
const { values } = parseArgs({
  options: { mode: { type: 'string' }, dir: { type: 'string' } },
  strict: true,
});

async function start(): Promise<{ port: number; close: () => Promise<void> }> {
  if (values.mode === 'bare') {
    const app = Fastify({ logger: false });
    app.put('/vertex', async (_request, reply) => reply.code(202).send());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    return { port: address.port, close: () => app.close() };
  }
  if (values.mode !== 'skein') {
    throw new Error('--mode skein --dir D, or --mode bare');
  }
  const namespaces = new Namespaces();
  const durability = await Durability.start(namespaces, {
    ...durabilityPaths({ storageDirectory: values.dir ?? '.', walPath: null, metadataDirectory: null }),
    volatile: false,
    fileSystem: countingFileSystem(counter),
  });
  const server = await buildServer(defaultServerOptions(namespaces, { logger: false, durability }));
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    port: address.port,
    close: async () => {
      await server.close();
      await durability.close();
    },
  };
}

const { port, close } = await start();
console.log(JSON.stringify({ port }));
process.on('SIGUSR2', () => console.log(JSON.stringify({ syncs: counter.syncs })));
process.on('SIGTERM', () => {
  void close().then(() => process.exit(0));
});
