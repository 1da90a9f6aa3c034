import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CONFIG_KEYS } from '../../src/config/index.js';
import {
  configurationDocPath,
  extractGeneratedTable,
  renderConfigurationTable,
  replaceGeneratedTable,
} from '../../src/config/render-docs.js';

describe('configuration documentation', () => {
  it('docs/configuration.md holds exactly the table rendered from the catalogue (regenerate with render-docs.js --write)', () => {
    const document = readFileSync(configurationDocPath(), 'utf8');
    const table = extractGeneratedTable(document);
    assert.notEqual(table, null, 'docs/configuration.md lost its generated-table markers');
    assert.equal(
      table,
      renderConfigurationTable(),
      'docs/configuration.md is stale: run `npm run build && node dist/src/config/render-docs.js --write`',
    );
  });

  it('renders one row per key after the header', () => {
    const rows = renderConfigurationTable().split('\n');
    assert.equal(rows.length, CONFIG_KEYS.length + 2);
    for (const { key } of CONFIG_KEYS)
      assert.ok(
        rows.some((row) => row.startsWith(`| \`${key}\` |`)),
        key,
      );
  });

  it('replaces only the text between the markers', () => {
    const document = readFileSync(configurationDocPath(), 'utf8');
    const rewritten = replaceGeneratedTable(document, 'TABLE');
    assert.equal(extractGeneratedTable(rewritten), 'TABLE');
    assert.equal(replaceGeneratedTable(rewritten, renderConfigurationTable()), document);
  });
});
