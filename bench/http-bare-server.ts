/**
 * Child process of http-get-vertex.ts: the reference, a bare Fastify route (same Fastify version, no
 * hooks, no schema) at GET /vertex/:id answering a fixed copy of a real Skein vertex body, given as JSON
 * in the SKEIN_BENCH_BODY environment variable. Prints `{"port":N}` on stdout once listening.
 */
import Fastify from 'fastify';

const text = process.env.SKEIN_BENCH_BODY;
if (text === undefined) throw new Error('SKEIN_BENCH_BODY must hold the JSON body to serve');
const body = JSON.parse(text) as object;

const app = Fastify({ logger: false });
app.get('/vertex/:id', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
console.log(JSON.stringify({ port: address.port }));

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
