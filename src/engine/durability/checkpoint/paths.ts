/**
 * Where a checkpoint's files go. The location (the "primary checkpoint path") is the manifest; the
 * partitions and sidecars sit beside it under names derived from it:
 *
 *   <location>                       the manifest
 *   <location>.part-0000 ...         the partitions
 *   <location>.<section>-0000 ...    sidecar files of the manifest's sections (indexes, ...)
 *
 * A save never overwrites: when the requested path exists, the checkpoint goes to the versioned sibling
 * `<path>#<stamp>` (docs/savegames.md, Rules; docs/checkpoints.md, Files). The stamp is a decimal 64-bit integer in the form of .NET's
 * `DateTime.UtcNow.ToBinary()` (100-ns ticks since 0001-01-01 with the UTC kind bit, as the ancestor
 * writes), made strictly increasing within the process; clients treat it as opaque.
 */
import path from 'node:path';
import { exists } from './files.js';

/** 100-ns ticks from 0001-01-01 to the Unix epoch. */
const unixEpochTicks = 621_355_968_000_000_000n;
/** `DateTime.ToBinary()` marks a UTC value with bit 62. */
const utcKindBit = 1n << 62n;

let lastStamp = 0n;

/** The next stamp: the current UTC time as .NET's binary DateTime, above every stamp handed out before. */
export function nextStamp(nowMs: number = Date.now()): bigint {
  const now = (unixEpochTicks + BigInt(Math.floor(nowMs)) * 10_000n) | utcKindBit;
  lastStamp = now > lastStamp ? now : lastStamp + 1n;
  return lastStamp;
}

/** `<file>#<stamp>` for a fresh stamp. */
export function stampedSibling(file: string): string {
  return `${file}#${nextStamp()}`;
}

/**
 * The location a save aimed at `target` writes to: `target` itself (made absolute) when nothing is
 * there, else a versioned sibling `<target>#<stamp>` that does not exist either. The answer is the
 * authoritative location; `writeCheckpoint` applies this rule itself.
 */
export async function versionedSiblingPath(target: string): Promise<string> {
  const absolute = path.resolve(target);
  if (!(await exists(absolute))) return absolute;
  for (;;) {
    const sibling = stampedSibling(absolute);
    if (!(await exists(sibling))) return sibling;
  }
}

export function partitionFileName(location: string, index: number): string {
  return `${location}.part-${String(index).padStart(4, '0')}`;
}

export function sidecarFileName(location: string, section: string, index: number): string {
  return `${location}.${section}-${String(index).padStart(4, '0')}`;
}

/** A temporary name beside `file`, unique to one save (`token`) and never a checkpoint's own name. */
export function temporaryName(file: string, token: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${token}.tmp`);
}
