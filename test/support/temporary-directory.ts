/**
 * Fresh directories under the system's temporary directory, removed when the test file that made them
 * ends (each test file runs in its own process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

const created: string[] = [];
let cleanupRegistered = false;

/** A new empty directory named `skein-<purpose>-XXXXXX`. */
export function temporaryDirectory(purpose: string): string {
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    after(() => {
      for (const directory of created) rmSync(directory, { recursive: true, force: true });
    });
  }
  const directory = mkdtempSync(path.join(os.tmpdir(), `skein-${purpose}-`));
  created.push(directory);
  return directory;
}
