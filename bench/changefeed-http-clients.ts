/**
 * Child process of changefeed-http.ts: `--subscribers` SSE clients of `GET /changefeed` on `--port`, each
 * counting the frames (`event:` lines) and `resync` events it receives, in the bytes as they come (a
 * search, not a parse: the clients share the machine with the server and should take little of it).
 * Prints `connected` once every stream has its 200, then on each SIGUSR2 a JSON line with the counts
 * (`frames`: the least any client got; `resyncs`: all clients' together).
 *
 *   node dist/bench/changefeed-http-clients.js --port N --subscribers 32
 */
import http from 'node:http';
import { numericFlags } from './common.js';

const { port, subscribers } = numericFlags({ port: 0, subscribers: 32 }, {});
const frames = new Array<number>(subscribers).fill(0);
const eventField = Buffer.from('\nevent: ');
const resyncField = Buffer.from('\nevent: resync\n');
let resyncs = 0;
let connected = 0;

for (let i = 0; i < subscribers; i++) {
  http.get({ host: '127.0.0.1', port, path: '/changefeed', agent: false }, (response) => {
    if (response.statusCode !== 200) throw new Error(`client ${i}: status ${response.statusCode}`);
    if (++connected === subscribers) console.log('connected');
    // Bytes after the last whole `event:` field and its kind wait for the next chunk, so a field split
    // between chunks is counted once.
    let tail = Buffer.alloc(0);
    response.on('data', (chunk: Buffer) => {
      const bytes = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
      let keepFrom = Math.max(0, bytes.length - (eventField.length - 1));
      for (let at = bytes.indexOf(eventField); at >= 0; at = bytes.indexOf(eventField, at + 1)) {
        if (at + resyncField.length > bytes.length) {
          keepFrom = at;
          break;
        }
        frames[i]++;
        if (bytes.subarray(at, at + resyncField.length).equals(resyncField)) resyncs++;
      }
      tail = Buffer.from(bytes.subarray(keepFrom));
    });
  });
}

process.on('SIGUSR2', () => console.log(JSON.stringify({ frames: Math.min(...frames), resyncs })));
