/**
 * One service per storage directory: a second one refuses to start and names the holder; stopping
 * releases the directory; a lock left by a killed process is taken over with a warning; volatile services
 * claim nothing.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { StorageLockedError, storageLockFileName } from '../../src/engine/durability/storage-lock.js';
import { launchOnce, launchServer } from '../support/child-server.js';
import { temporaryDirectory } from '../support/temporary-directory.js';
import { startDurableService } from '../support/durable-service.js';

function storage(): string {
  return temporaryDirectory('lock');
}

/** Creates a vertex, waiting for its commit; answers the vertex count after it. */
async function createVertex(base: string): Promise<number> {
  const response = await fetch(`${base}/vertex?waitForCompletion=true`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: '{"label":"kept"}',
  });
  assert.equal(response.status, 202);
  return Number(await (await fetch(`${base}/vertex/count`)).text());
}

describe('the storage directory lock', () => {
  it('refuses a second server on the same storage directory, naming the process that holds it', async () => {
    const directory = storage();
    const first = await launchServer(directory);
    try {
      assert.equal(await createVertex(first.base), 1);
      const second = await launchOnce(directory);
      await second.exited;
      assert.equal(second.ready, false);
      assert.equal(second.child.exitCode, 1);
      assert.match(second.output(), new RegExp(`in use by process ${first.child.pid}`));
      // The first server and its log are untouched.
      assert.equal(await createVertex(first.base), 2);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
    assert.equal(existsSync(path.join(directory, storageLockFileName)), false, 'SIGTERM releases the lock');
    const restarted = await launchServer(directory);
    try {
      assert.equal(await createVertex(restarted.base), 3, 'the restart has both writes and a third');
      assert.doesNotMatch(restarted.output(), /taking the storage directory over/);
    } finally {
      restarted.child.kill('SIGTERM');
      await restarted.exited;
    }
  });

  it('takes over a lock left by a process killed with SIGKILL, with a warning', async () => {
    const directory = storage();
    const killed = await launchServer(directory);
    killed.child.kill('SIGKILL');
    await killed.exited;
    const lock = JSON.parse(readFileSync(path.join(directory, storageLockFileName), 'utf8')) as {
      pid: number;
    };
    assert.equal(lock.pid, killed.child.pid, 'the killed process left its lock');
    const next = await launchServer(directory);
    try {
      assert.match(
        next.output(),
        /was left by process \d+ .*which is not running; taking the storage directory over/s,
      );
      await createVertex(next.base);
    } finally {
      next.child.kill('SIGTERM');
      await next.exited;
    }
  });

  it('refuses a second service of the same process, and frees the directory when the first stops', async () => {
    const directory = storage();
    const first = await startDurableService(directory);
    await assert.rejects(startDurableService(directory), (error: unknown) => {
      assert.ok(error instanceof StorageLockedError);
      assert.match(error.message, /already in use by a service of this process/);
      return true;
    });
    await first.stop();
    const again = await startDurableService(directory);
    await again.stop();
  });

  it('takes over an unreadable lock file with a warning', async () => {
    const directory = storage();
    writeFileSync(path.join(directory, storageLockFileName), 'not json');
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listener);
    try {
      const service = await startDurableService(directory);
      await service.stop();
      await new Promise((resolve) => setImmediate(resolve));
      assert.match(warnings.join('\n'), /unreadable; taking the storage directory over/);
    } finally {
      process.off('warning', listener);
    }
  });

  it('claims nothing in volatile mode: two volatile services share a directory', async () => {
    const directory = storage();
    const one = await startDurableService(directory, ['--Svc:Durability:Volatile=true']);
    const two = await startDurableService(directory, ['--Svc:Durability:Volatile=true']);
    assert.equal(existsSync(path.join(directory, storageLockFileName)), false);
    await one.stop();
    await two.stop();
  });
});
