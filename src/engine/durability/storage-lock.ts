/**
 * One process per storage directory. Two services on the same files would assign the same ids and write
 * their logs over each other, so a durable service claims its storage directory before it reads anything
 * there, and a second one refuses to start, naming the holder.
 *
 * The claim is a file, `skein.lock`, holding the owner's pid, host name and start time; it is published
 * with `link`, which fails when the name exists, so two starting processes cannot both create it. A lock
 * left behind by a process that died (SIGKILL, power loss) is stale: its pid no longer runs on this host,
 * or it names this very process (a container restarted with the same pid). A lock written on another
 * host cannot be checked from here; it is taken to be stale too, since a recreated container gets a new
 * host name and must still start. So the lock guards against a second start on one host, not against
 * two hosts sharing a network directory. A stale lock is taken over with a warning.
 */
import { hostname } from 'node:os';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const storageLockFileName = 'skein.lock';

/** Lock files this process holds: a second claim from within the process is refused too. */
const heldHere = new Set<string>();

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
}

/** The storage directory is in use by another live process. */
export class StorageLockedError extends Error {
  override readonly name = 'StorageLockedError';
}

export interface StorageLock {
  readonly file: string;
  /** Removes the lock file (at shutdown); a lock that is no longer ours is left alone. */
  release(): Promise<void>;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return null;
    return { pid: value.pid, host: value.host, startedAt: String(value.startedAt ?? 'unknown') };
  } catch {
    return null;
  }
}

async function readOwner(file: string): Promise<LockOwner | null | undefined> {
  try {
    return parseOwner(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Claims `storageDirectory` (created if missing) for this process. Throws `StorageLockedError` when a
 * live process holds it; `onWarning` hears about a stale lock taken over.
 */
export async function acquireStorageLock(
  storageDirectory: string,
  onWarning: (message: string) => void,
): Promise<StorageLock> {
  await mkdir(storageDirectory, { recursive: true });
  const file = path.join(storageDirectory, storageLockFileName);
  if (heldHere.has(file)) {
    throw new StorageLockedError(
      `the storage directory ${storageDirectory} is already in use by a service of this process`,
    );
  }
  const me: LockOwner = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const mine = JSON.stringify(me);
  const draft = `${file}.${process.pid}.tmp`;
  await writeFile(draft, mine + '\n');
  try {
    // Two attempts: the second after a stale lock is removed.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(draft, file);
        heldHere.add(file);
        return lockHandle(file, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = await readOwner(file);
      if (owner === undefined) continue;
      const sameHost = owner !== null && owner.host === me.host;
      if (owner !== null && sameHost && owner.pid !== process.pid && isRunning(owner.pid)) {
        throw new StorageLockedError(
          `the storage directory ${storageDirectory} is in use by process ${owner.pid} ` +
            `(since ${owner.startedAt}): stop it, or give this service another ` +
            'Svc:Durability:StorageDirectory',
        );
      }
      onWarning(
        owner === null
          ? `${file} is unreadable; taking the storage directory over`
          : `${file} was left by process ${owner.pid} on host '${owner.host}' (since ` +
              `${owner.startedAt}), ${sameHost ? 'which is not running' : 'another host'}; taking the ` +
              'storage directory over',
      );
      await rm(file, { force: true });
    }
    throw new StorageLockedError(
      `the storage directory ${storageDirectory} is being claimed by another process`,
    );
  } finally {
    await rm(draft, { force: true });
  }
}

function lockHandle(file: string, mine: string): StorageLock {
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(file);
      const current = await readFile(file, 'utf8').catch(() => null);
      if (current?.trim() === mine) await rm(file, { force: true });
    },
  };
}
