/**
 * Child process of bulk.ts: the Skein HTTP server (buildServer, no logger) with durability on, its storage
 * in `--dir` (`--volatile` turns the log off), and beside it a control listener the benchmark asks for
 * memory figures. Prints `{"port":N,"control":M}` on stdout once listening; exits on SIGTERM.
 *
 * Control routes: `POST /reset` forgets the peak resident set (Linux `clear_refs` 5) and the event-loop
 * delay histogram; `GET /memory` forces full collections and answers the settled resident set, the peak
 * since the reset (VmHWM), the engine's typed-array bytes, the longest event-loop delay since the reset, and
 * the process's CPU time so far (user + system, all threads).
 *
 *   node --expose-gc dist/bench/bulk-server.js --dir /tmp/x [--volatile]
 */
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Namespaces } from '../src/index.js';
import { Durability, durabilityPaths } from '../src/engine/durability/durability.js';
import { buildServer, defaultServerOptions } from '../src/server/app.js';
import { settledMemory } from './common.js';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, volatile: { type: 'boolean' } },
  strict: true,
});

const namespaces = new Namespaces();
const durability = await Durability.start(namespaces, {
  ...durabilityPaths({ storageDirectory: values.dir ?? '.', walPath: null, metadataDirectory: null }),
  volatile: values.volatile === true,
});
const server = await buildServer(defaultServerOptions(namespaces, { logger: false, durability }));
await server.listen({ port: 0, host: '127.0.0.1' });

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

/** VmHWM, the peak resident set since the last reset, in bytes. */
function peakResidentBytes(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  return match === null ? Number.NaN : Number(match[1]) * 1024;
}

const control = http.createServer((request, response) => {
  void (async () => {
    if (request.method === 'POST' && request.url === '/reset') {
      await settledMemory();
      fs.writeFileSync('/proc/self/clear_refs', '5');
      loopDelay.reset();
      const cpu = process.cpuUsage();
      response.end(JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000 }));
      return;
    }
    const peak = peakResidentBytes();
    const loopDelayMaxMs = loopDelay.max / 1e6;
    const loopDelayP99Ms = loopDelay.percentile(99) / 1e6;
    const cpu = process.cpuUsage();
    const settled = await settledMemory([namespaces.default.engine]);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        rss: settled.rss,
        peakRss: peak,
        engineBytes: settled.engineBytes,
        heapUsed: settled.heapUsed,
        loopDelayMaxMs,
        loopDelayP99Ms,
        cpuMs: (cpu.user + cpu.system) / 1000,
      }),
    );
  })();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const address = server.server.address();
const controlAddress = control.address();
if (
  address === null ||
  typeof address === 'string' ||
  controlAddress === null ||
  typeof controlAddress === 'string'
) {
  throw new Error('no TCP address');
}
console.log(JSON.stringify({ port: address.port, control: controlAddress.port }));
process.on('SIGTERM', () => {
  control.close();
  void server
    .close()
    .then(() => durability.close())
    .then(() => process.exit(0));
});
