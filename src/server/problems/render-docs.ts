/**
 * Renders the problem table of docs/http.md from the registry, so the documentation cannot drift from the
 * problems the service sends (a test compares the two).
 *
 *   node dist/src/server/problems/render-docs.js           print the table
 *   node dist/src/server/problems/render-docs.js --write   rewrite the table inside docs/http.md
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { problemCodes, problems } from './registry.js';

export const PROBLEM_TABLE_BEGIN_MARKER =
  '<!-- BEGIN GENERATED PROBLEM TABLE: edit src/server/problems/registry.ts, then run node dist/src/server/problems/render-docs.js --write -->';
export const PROBLEM_TABLE_END_MARKER = '<!-- END GENERATED PROBLEM TABLE -->';

/** docs/http.md, located from the compiled file (dist/src/server/problems/), which is what runs. */
export function httpDocPath(): string {
  return fileURLToPath(new URL('../../../../docs/http.md', import.meta.url));
}

/** One row per code, ordered by status and then code, so a reader finds a status's problems together. */
export function renderProblemTable(): string {
  const codes = [...problemCodes].sort(
    (a, b) => problems[a].status - problems[b].status || (a < b ? -1 : a > b ? 1 : 0),
  );
  const rows = codes.map((code) => {
    const { status, title, when } = problems[code];
    return [`\`${code}\``, String(status), `\`${title}\``, when].map(escapeCell);
  });
  const header = ['Code', 'Status', 'Title', 'When'];
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

/** The text between the markers of a document, or null when a marker is missing. */
export function extractProblemTable(document: string): string | null {
  const begin = document.indexOf(PROBLEM_TABLE_BEGIN_MARKER);
  const end = document.indexOf(PROBLEM_TABLE_END_MARKER);
  if (begin < 0 || end < begin) return null;
  return document.slice(begin + PROBLEM_TABLE_BEGIN_MARKER.length, end).trim();
}

export function replaceProblemTable(document: string, table: string): string {
  const begin = document.indexOf(PROBLEM_TABLE_BEGIN_MARKER);
  const end = document.indexOf(PROBLEM_TABLE_END_MARKER);
  if (begin < 0 || end < begin) {
    throw new Error(
      `the document has no "${PROBLEM_TABLE_BEGIN_MARKER}" ... "${PROBLEM_TABLE_END_MARKER}" section`,
    );
  }
  return `${document.slice(0, begin + PROBLEM_TABLE_BEGIN_MARKER.length)}\n\n${table}\n\n${document.slice(end)}`;
}

/** A `|` would end the cell, and a newline the row. */
function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function main(args: readonly string[]): void {
  const table = renderProblemTable();
  if (!args.includes('--write')) {
    process.stdout.write(`${table}\n`);
    return;
  }
  const path = httpDocPath();
  const before = readFileSync(path, 'utf8');
  const after = replaceProblemTable(before, table);
  if (after !== before) writeFileSync(path, after);
  process.stdout.write(
    after === before ? `${path} is up to date\n` : `rewrote the problem table in ${path}\n`,
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2));
}
