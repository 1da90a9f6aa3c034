/**
 * Renders the key table of docs/configuration.md from the catalogue, so the documentation cannot drift
 * from the keys the service accepts (a test compares the two).
 *
 *   node dist/src/config/render-docs.js           print the table
 *   node dist/src/config/render-docs.js --write   rewrite the table inside docs/configuration.md
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_KEYS, type ConfigKeySpec } from './keys.js';

export const TABLE_BEGIN_MARKER =
  '<!-- BEGIN GENERATED KEY TABLE: edit src/config/keys.ts, then run node dist/src/config/render-docs.js --write -->';
export const TABLE_END_MARKER = '<!-- END GENERATED KEY TABLE -->';

/** docs/configuration.md, located from the compiled file (dist/src/config/), which is what runs. */
export function configurationDocPath(): string {
  return fileURLToPath(new URL('../../../docs/configuration.md', import.meta.url));
}

export function renderConfigurationTable(): string {
  const specs: readonly ConfigKeySpec[] = CONFIG_KEYS;
  const rows = specs.map((spec) =>
    [
      code(spec.key),
      spec.secret === true ? `${spec.kind} (secret)` : spec.kind,
      renderDefault(spec),
      renderBounds(spec),
      code(spec.applyMode),
      spec.description,
    ].map(escapeCell),
  );
  const header = ['Key', 'Type', 'Default', 'Bounds / allowed values', 'Applies', 'Effect'];
  const lines = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`);
  return lines.join('\n');
}

/** The text between the markers of a document, or null when a marker is missing. */
export function extractGeneratedTable(document: string): string | null {
  const begin = document.indexOf(TABLE_BEGIN_MARKER);
  const end = document.indexOf(TABLE_END_MARKER);
  if (begin < 0 || end < begin) return null;
  return document.slice(begin + TABLE_BEGIN_MARKER.length, end).trim();
}

export function replaceGeneratedTable(document: string, table: string): string {
  const begin = document.indexOf(TABLE_BEGIN_MARKER);
  const end = document.indexOf(TABLE_END_MARKER);
  if (begin < 0 || end < begin) {
    throw new Error(`the document has no "${TABLE_BEGIN_MARKER}" ... "${TABLE_END_MARKER}" section`);
  }
  return `${document.slice(0, begin + TABLE_BEGIN_MARKER.length)}\n\n${table}\n\n${document.slice(end)}`;
}

function renderDefault(spec: ConfigKeySpec): string {
  if (spec.default === null) return '(unset)';
  if (Array.isArray(spec.default))
    return spec.default.length === 0 ? '(empty)' : code(spec.default.join(','));
  return code(String(spec.default));
}

function renderBounds(spec: ConfigKeySpec): string {
  switch (spec.kind) {
    case 'int':
    case 'double': {
      if (spec.minimum !== undefined && spec.maximum !== undefined)
        return `${spec.minimum} to ${spec.maximum}`;
      if (spec.minimum !== undefined) return `at least ${spec.minimum}`;
      if (spec.maximum !== undefined) return `at most ${spec.maximum}`;
      return '';
    }
    case 'enum':
      return spec.allowedValues.map(code).join(', ');
    case 'bool':
      return '`true`, `false`';
    case 'string':
      return spec.format?.description ?? '';
    case 'array':
      return 'JSON array, indexed keys, or comma-separated text';
  }
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A `|` would end the cell, and a newline the row. */
function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function main(args: readonly string[]): void {
  const table = renderConfigurationTable();
  if (!args.includes('--write')) {
    process.stdout.write(`${table}\n`);
    return;
  }
  const path = configurationDocPath();
  const before = readFileSync(path, 'utf8');
  const after = replaceGeneratedTable(before, table);
  if (after !== before) writeFileSync(path, after);
  process.stdout.write(after === before ? `${path} is up to date\n` : `rewrote the key table in ${path}\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
