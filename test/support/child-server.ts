/**
 * A real server process for tests that kill it: `node dist/src/main.js` on a free loopback port with its
 * own storage directory, started and awaited until `GET /readyz` answers 200.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storageLockFileName } from '../../src/engine/durability/storage-lock.js';
import { isConnectionFailure } from './connection-failure.js';

/** dist/test/support/child-server.js -> dist/src/main.js */
const mainScript = fileURLToPath(new URL('../../src/main.js', import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  assert.ok(address !== null && typeof address === 'object');
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return address.port;
}

function cleanEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    const upper = name.toUpperCase();
    if (upper.startsWith('SVC') || upper.startsWith('ALLOWEDCORSORIGINS')) continue;
    if (['PORT', 'HOST', 'NODE_ENV', 'NODE_OPTIONS', 'NODE_TEST_CONTEXT'].includes(upper)) continue;
    env[name] = value;
  }
  return env;
}

/**
 * Whether the process `pid` holds the storage directory's lock. A ready answer alone does not tell: the port
 * was free when probed, but another suite's server may have taken it before this child bound it (the child
 * then exits with EADDRINUSE while the other server answers its probes).
 */
function ownsStorage(storage: string, pid: number | undefined): boolean {
  try {
    const owner = JSON.parse(readFileSync(join(storage, storageLockFileName), 'utf8')) as { pid?: unknown };
    return owner.pid === pid;
  } catch (error) {
    // Not claimed yet: no lock file, or one the child is still writing.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return false;
    throw error;
  }
}

/** Starts the server on a free port and waits until it is ready; a port taken meanwhile is retried. */
export async function launchServer(
  storage: string,
  extraArguments: readonly string[] = [],
): Promise<ChildServer> {
  for (let attempt = 1; ; attempt++) {
    const server = await launchOnce(storage, extraArguments);
    if (server.ready) return server;
    if (attempt < 3 && server.output().includes('EADDRINUSE')) continue;
    assert.fail(`the server did not become ready; output:\n${server.output()}`);
  }
}

/** Starts the server once; `ready` is false when it exited (or never became ready within a minute). */
export async function launchOnce(
  storage: string,
  extraArguments: readonly string[] = [],
): Promise<ChildServer & { ready: boolean }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      mainScript,
      `--Svc:Http:Port=${port}`,
      `--Svc:Durability:StorageDirectory=${storage}`,
      '--Svc:Logging:Level=warn',
      '--Svc:Environment=Production',
      ...extraArguments,
    ],
    { env: cleanEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${server.base}/readyz`)).status === 200 && ownsStorage(storage, child.pid)) {
        return { ...server, ready: true };
      }
    } catch (error) {
      if (!isConnectionFailure(error)) throw error; // not listening yet otherwise
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill('SIGKILL');
  await exited;
  return { ...server, ready: false };
}
