/**
 * Space the log allocates ahead of its appends: extents of zero bytes written behind an append and made
 * durable by its sync.
 */
import type { LogFile } from './file-system.js';

/**
 * The log allocates its file ahead of the appends in extents of zero bytes, written and synced once. An
 * `fdatasync` after an append that grows the file must also commit the new size (a journal transaction
 * on ext4 and XFS), while one after an overwrite inside written blocks flushes data alone, which allows
 * several times more syncs per second. Replay reads zero bytes after the last entry as the
 * end of the log (frames.ts).
 */
export const logExtentBytes = 4 * 1024 * 1024;
/**
 * A group at least this large is appended without an extent behind it: its own bytes dwarf the size
 * update, and zero-filling behind bulk loads would double what they write.
 */
export const unallocatedAppendBytes = 256 * 1024;
/** One extent of zero bytes, made at the first allocation (a zeroed allocation costs no memory until read). */
let zeroExtent: Buffer | null = null;

/**
 * Writes a zero extent from `from` (the end of the entries) and answers the file's new end. The caller's
 * sync makes it durable with the entries before it, so a crash leaves either the old end or zero bytes.
 */
export async function allocateExtent(file: LogFile, from: number): Promise<number> {
  zeroExtent ??= Buffer.alloc(logExtentBytes);
  await file.write(zeroExtent, from);
  return from + logExtentBytes;
}
