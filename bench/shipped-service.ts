/**
 * The service as the README starts it, for the HTTP benchmarks: `node dist/src/main.js` in a child
 * process with the embedded defaults (durable storage, logging as shipped), told only where to keep its
 * files and which port to take. Extra `--Svc:...` flags make a second, differently named row.
 *
 * Its log goes to a file in the storage directory, as a deployment's would go to a file or a collector,
 * so the load generator in this process spends nothing draining it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const mainScript = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'main.js');
const readyTimeoutMilliseconds = 60_000;

export interface ShippedService {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly child: ChildProcess;
  /** Where its files and its log (`service.log`) are. */
  readonly storageDirectory: string;
  /** SIGTERM, then waits for the exit (the shutdown save included). */
  stop(): Promise<void>;
}

/** A port free at the time of asking (the service binds it moments later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Ways a bench watches the service without changing it: Node flags before the script (a preload that only
 * reports, `--trace-gc`), and an IPC channel to such a preload.
 */
export interface WatchOptions {
  readonly nodeFlags?: readonly string[];
  readonly ipc?: boolean;
}

export async function startShippedService(
  extraFlags: readonly string[] = [],
  watch: WatchOptions = {},
): Promise<ShippedService> {
  const storageDirectory = fs.mkdtempSync(
    path.join(process.env.SKEIN_BENCH_DIR ?? os.tmpdir(), 'skein-shipped-'),
  );
  const port = await freePort();
  const log = fs.openSync(path.join(storageDirectory, 'service.log'), 'a');
  const child = spawn(
    process.execPath,
    [
      ...(watch.nodeFlags ?? []),
      mainScript,
      `--Svc:Http:Port=${port}`,
      `--Svc:Durability:StorageDirectory=${storageDirectory}`,
      ...extraFlags,
    ],
    { stdio: watch.ipc === true ? ['ignore', log, log, 'ipc'] : ['ignore', log, log] },
  );
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMilliseconds;
  for (;;) {
    if (child.exitCode !== null) {
      const text = fs.readFileSync(path.join(storageDirectory, 'service.log'), 'utf8');
      throw new Error(`the service exited with ${child.exitCode} before it was ready:\n${text}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the service at ${url} was not ready in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url,
    child,
    storageDirectory,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Sends one JSON request and returns the parsed answer; anything but a 2xx fails the run. */
export async function sendJson<T>(url: string, method: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 500)}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
