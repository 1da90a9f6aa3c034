/**
 * Durable file steps of a checkpoint: write to a temporary name and fsync; publish under the final name
 * without ever replacing an existing file; fsync the directory so the names themselves survive a crash.
 */
import fs from 'node:fs';
import { copyFile, open, link, unlink, lstat } from 'node:fs/promises';

/** Creates `file` (it must not exist), writes `parts` in order, fsyncs and closes it. */
export function writeFileDurablySync(file: string, parts: readonly Uint8Array[]): void {
  const fd = fs.openSync(file, 'wx');
  try {
    for (const part of parts) {
      for (let done = 0; done < part.byteLength;) done += fs.writeSync(fd, part, done);
    }
    fs.fsyncSync(fd);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    throw error;
  }
  fs.closeSync(fd);
}

/** `writeFileDurablySync` with asynchronous calls (the main thread's path). */
export async function writeFileDurably(file: string, parts: readonly Uint8Array[]): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    for (const part of parts) {
      for (let done = 0; done < part.byteLength;) {
        const { bytesWritten } = await handle.write(part, done);
        done += bytesWritten;
      }
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(file).catch(() => undefined);
    throw error;
  }
  await handle.close();
}

/** Makes the directory's entries (creations, renames) durable. */
export async function fsyncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Raised by `publish` when the final name is taken. */
export class NameTakenError extends Error {
  override readonly name = 'NameTakenError';
}

/** Filesystems without hard links answer these; `publish` then copies exclusively instead. */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/**
 * Gives the written temporary file its final name as well, never replacing a file: a hard link, which
 * fails atomically when the name exists (`NameTakenError`). Where hard links are not available, an
 * exclusive copy, fsynced. The temporary name stays until the caller removes it (so a publication that
 * must be withdrawn can be retried under another name).
 */
export async function publish(temporary: string, final: string): Promise<void> {
  try {
    await link(temporary, final);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') throw new NameTakenError(`${final} exists`);
    if (!noHardLinks.has(code)) throw error;
    try {
      await copyFile(temporary, final, fs.constants.COPYFILE_EXCL);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw new NameTakenError(`${final} exists`);
      throw copyError;
    }
    const handle = await open(final, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

export async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Removes files, ignoring those already gone. */
export async function removeQuietly(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => unlink(file).catch(() => undefined)));
}
