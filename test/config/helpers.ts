/** Shared fixtures for the configuration tests: temporary JSON files, removed when the test file ends. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';

const directory = mkdtempSync(join(tmpdir(), 'skein-config-'));
after(() => rmSync(directory, { recursive: true, force: true }));

let fileCount = 0;

/** Writes `content` (JSON-encoded unless already text) to a fresh file and returns its absolute path. */
export function writeConfigFile(content: unknown): string {
  const path = join(directory, `settings-${++fileCount}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
