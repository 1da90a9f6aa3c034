/**
 * The file operations the log needs, behind a small interface so tests can inject failures (a write that
 * fails, a sync that fails) and check the failure fence with real errors rather than by reasoning.
 * `nodeLogFileSystem` is the real implementation over `node:fs`.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface LogFile {
  /** Writes all of `data` at `position` (not yet durable). */
  write(data: Uint8Array, position: number): Promise<void>;
  /** Makes everything written so far durable (`fdatasync`). */
  sync(): Promise<void>;
  /** Cuts the file to `length` bytes. */
  truncate(length: number): Promise<void>;
  /** Reads `length` bytes at `position`. */
  read(position: number, length: number): Promise<Buffer>;
  close(): Promise<void>;
}

export interface LogFileSystem {
  /** The whole file, or undefined when it does not exist. */
  readFile(file: string): Promise<Buffer | undefined>;
  /** Opens an existing file for positioned reads and writes. */
  open(file: string): Promise<LogFile>;
  /**
   * Makes `file` hold exactly `chunks`, atomically: written under a temporary name in the same directory,
   * synced, renamed over `file`, and the directory synced. Missing directories are created.
   */
  replaceDurably(file: string, chunks: readonly Uint8Array[]): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(file: string): Promise<void>;
  /** Removes a directory if it exists and is empty; otherwise leaves it. */
  removeDirectoryIfEmpty(directory: string): Promise<void>;
}

function writeFully(fd: number, data: Uint8Array, position: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const step = (offset: number) => {
      fs.write(fd, data, offset, data.length - offset, position + offset, (error, written) => {
        if (error !== null) reject(error);
        else if (offset + written < data.length) step(offset + written);
        else resolve();
      });
    };
    step(0);
  });
}

function callback<T = void>(run: (done: (error: NodeJS.ErrnoException | null, value?: T) => void) => void) {
  return new Promise<T>((resolve, reject) =>
    run((error, value) => (error === null ? resolve(value as T) : reject(error))),
  );
}

class NodeLogFile implements LogFile {
  constructor(private readonly fd: number) {}

  write(data: Uint8Array, position: number): Promise<void> {
    return writeFully(this.fd, data, position);
  }

  sync(): Promise<void> {
    return callback((done) => fs.fdatasync(this.fd, done));
  }

  truncate(length: number): Promise<void> {
    return callback((done) => fs.ftruncate(this.fd, length, done));
  }

  async read(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const read = await callback<number>((finish) =>
        fs.read(this.fd, buffer, done, length - done, position + done, finish),
      );
      if (read === 0) throw new Error(`unexpected end of file reading ${length} bytes at ${position}`);
      done += read;
    }
    return buffer;
  }

  close(): Promise<void> {
    return callback((done) => fs.close(this.fd, done));
  }
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

let temporaryCounter = 0;

export const nodeLogFileSystem: LogFileSystem = {
  async readFile(file) {
    try {
      return await fs.promises.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },

  async open(file) {
    const fd = await callback<number>((done) => fs.open(file, 'r+', done));
    return new NodeLogFile(fd);
  },

  async replaceDurably(file, chunks) {
    const directory = path.dirname(file);
    await fs.promises.mkdir(directory, { recursive: true });
    const temporary = `${file}.${process.pid}.${++temporaryCounter}.tmp`;
    const handle = await fs.promises.open(temporary, 'w');
    try {
      for (const chunk of chunks) await handle.write(chunk);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await fs.promises.rename(temporary, file);
    await syncDirectory(directory);
  },

  async copyFile(from, to) {
    await fs.promises.copyFile(from, to);
  },

  async remove(file) {
    await fs.promises.rm(file, { force: true });
    await syncDirectory(path.dirname(file)).catch(() => undefined);
  },

  async removeDirectoryIfEmpty(directory) {
    try {
      await fs.promises.rmdir(directory);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  },
};
