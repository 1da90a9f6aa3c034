import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnosticMessages } from '../../../src/fragments/diagnostics.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('diagnostic ids of the type layer', () => {
  it('every id the type layer can emit has a message in the diagnostics table', () => {
    const folder = path.join(root, 'src/fragments/types');
    const missing = new Set<string>();
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      const source = readFileSync(path.join(folder, file), 'utf8');
      for (const [, id] of source.matchAll(/'(CS\d{4}|SVC[A-Z]+)'/g)) {
        if (!(id in diagnosticMessages)) missing.add(`${id} (${file})`);
      }
    }
    assert.deepEqual([...missing], []);
  });
});
