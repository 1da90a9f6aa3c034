import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from '../../support/conventions-server.js';
import { isConnectionFailure } from '../../support/connection-failure.js';

/** dist/test/server/conventions/start.test.js -> dist/src/main.js */
const mainScript = fileURLToPath(new URL('../../../src/main.js', import.meta.url));

/** Environment without any configuration variable of the developer's shell. */
function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    const upper = name.toUpperCase();
    if (upper.startsWith('SVC') || upper.startsWith('ALLOWEDCORSORIGINS')) continue;
    if (['PORT', 'HOST', 'NODE_ENV', 'NODE_OPTIONS', 'NODE_TEST_CONTEXT'].includes(upper)) continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

/** A port that was free a moment ago: listen on port 0, read the port, close. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  assert.ok(address !== null && typeof address === 'object');
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return address.port;
}

interface Service {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Each launch keeps its write-ahead log in a fresh directory, never in the working tree's `data/`. */
function launch(args: string[], env: Record<string, string> = {}): Service {
  const storage = mkdtempSync(path.join(os.tmpdir(), 'skein-start-'));
  const child = spawn(process.execPath, [mainScript, ...args], {
    env: cleanEnvironment({ Svc__Durability__StorageDirectory: storage, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      rmSync(storage, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return { child, output: () => output, exited };
}

async function waitForHealth(base: string, service: Service): Promise<void> {
  const deadline = Date.now() + 15_000;
  let exited = false;
  void service.exited.then(() => (exited = true));
  while (Date.now() < deadline && !exited) {
    try {
      const response = await fetch(`${base}/readyz`);
      if (response.status === 200) return;
    } catch (error) {
      if (!isConnectionFailure(error)) throw error; // not listening yet otherwise
    }
    await sleep(50);
  }
  assert.fail(`the service did not become healthy; output:\n${service.output()}`);
}

/** Stops the process if a test failed before doing so. */
function ensureStopped(service: Service): void {
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
}

describe('starting the service from the command line', () => {
  it('serves on --Svc:Http:Port and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const service = launch([`--Svc:Http:Port=${port}`]);
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(base, service);
      const count = await fetch(`${base}/vertex/count`);
      assert.equal(count.status, 200);
      assert.equal(await count.json(), 0);
      assert.equal(
        (
          await fetch(`${base}/vertex`, {
            method: 'PUT',
            body: '{}',
            headers: { 'content-type': 'application/json' },
          })
        ).status,
        202,
      );
      service.child.kill('SIGTERM');
      const { code, signal } = await service.exited;
      assert.deepEqual({ code, signal }, { code: 0, signal: null }, service.output());
    } finally {
      ensureStopped(service);
    }
  });

  it('an invalid value stops the start with a non-zero exit naming the key', async () => {
    const service = launch(['--Svc:Http:Port=abc']);
    try {
      const { code } = await service.exited;
      assert.notEqual(code, 0);
      assert.notEqual(code, null);
      assert.match(service.output(), /Svc:Http:Port/);
    } finally {
      ensureStopped(service);
    }
  });

  it('an unknown key is reported once as a warning and the service still starts', async () => {
    const port = await freePort();
    const service = launch([`--Svc:Http:Port=${port}`, '--Svc:Nope=1']);
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, service);
      const mentions = service
        .output()
        .split('\n')
        .filter((line) => line.includes('Svc:Nope'));
      assert.equal(mentions.length, 1, service.output());
      const entry = JSON.parse(mentions[0]) as { level: number; msg: string };
      assert.equal(entry.level, 40, 'pino level 40 is warn');
      service.child.kill('SIGTERM');
      assert.equal((await service.exited).code, 0);
    } finally {
      ensureStopped(service);
    }
  });

  it('the PORT environment variable sets the port', async () => {
    const port = await freePort();
    const service = launch([], { PORT: String(port) });
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, service);
      service.child.kill('SIGTERM');
      assert.equal((await service.exited).code, 0);
    } finally {
      ensureStopped(service);
    }
  });

  it('a configured key is required, and never written to the log even at trace level', async () => {
    const port = await freePort();
    const key = 'start-test-secret-0f9e8d7c';
    const service = launch(
      [`--Svc:Http:Port=${port}`, '--Svc:Logging:Level=trace', '--Svc:Logging:Requests=true'],
      {
        Svc__Security__ApiKey: key,
      },
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(base, service);
      assert.equal((await fetch(`${base}/vertex/count`)).status, 401);
      assert.equal((await fetch(`${base}/vertex/count`, { headers: { 'x-api-key': key } })).status, 200);
      assert.equal(
        (await fetch(`${base}/graph`, { headers: { authorization: `Bearer ${key}` } })).status,
        200,
      );
      assert.equal((await fetch(`${base}/status`, { headers: { 'x-api-key': key } })).status, 200);
      service.child.kill('SIGTERM');
      assert.equal((await service.exited).code, 0);
      assert.match(service.output(), /incoming request/);
      assert.ok(!service.output().includes(key), 'the key must not be logged');
    } finally {
      ensureStopped(service);
    }
  });
});
