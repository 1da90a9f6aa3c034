/**
 * The repository explains itself: comments, tests, benchmarks and pages point to the project's own `docs/`
 * pages, never to documents a reader of the repository cannot open (the wire contract, the specification's
 * parts and rules, the engineering notes, files beside the clone). The rules the code relies on are written
 * in the docs page of their area instead.
 *
 * The patterns are assembled from pieces so that this file does not match them itself.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the scan starts: every folder and top-level page of the repository that holds prose or code. */
const scannedRoots = ['src', 'test', 'bench', 'docs', 'examples', 'scripts', 'README.md', 'BENCHMARKS.md'];

/**
 * Folders not yet cleaned of outside references, skipped by the scan until they are. Empty it entry by
 * entry as each folder is cleaned; once it is empty, every file under `scannedRoots` is held to the rule.
 */
const foldersStillToClean: readonly string[] = [];

/** Files whose text is read: code and prose. Data files (`.jsonl` samples) are not prose. */
const scannedExtensions = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.md', '.json']);

interface OutsideReference {
  readonly name: string;
  readonly pattern: RegExp;
  /** A text the pattern must match, so the scan is known to catch what it is for. */
  readonly example: string;
}

const contract = 'CON' + 'TRACT';
const shared = 'sha' + 'red';
const spec = 'sp' + 'ec';

const outsideReferences: readonly OutsideReference[] = [
  {
    name: 'the wire contract',
    pattern: new RegExp(`\\b${contract}\\b`),
    example: `(${contract} 2.1)`,
  },
  {
    name: 'a part of the specification',
    pattern: new RegExp(`\\b${spec} part\\b`, 'i'),
    example: `(${spec} part 2, "Path finding")`,
  },
  {
    name: 'a rule of the specification',
    pattern: new RegExp(`\\(${spec}(ification)?, [^)]*\\brule\\b|\\b${spec}(ification)?('s)? rule\\b`, 'i'),
    example: `(${spec}, index routes rule 7)`,
  },
  {
    name: 'the engineering notes',
    pattern: new RegExp('ENGINEER' + 'ING\\.md'),
    example: `${'ENGINEER' + 'ING'}.md section 3`,
  },
  {
    name: 'a file beside the repository',
    // The outside folder's own entries, so an import of a module of the repository named `shared` is no hit.
    pattern: new RegExp(
      `(\\.\\.|/work)/${shared}/(${spec}|samples|hooks|${contract}|ENGINEER)|\\b${shared}/${spec}\\b`,
    ),
    example: `@../${shared}/samples/karate-club.jsonl`,
  },
];

function isStillToClean(relativePath: string): boolean {
  return foldersStillToClean.some((entry) => relativePath === entry || relativePath.startsWith(`${entry}/`));
}

/** Every scanned file under a root, as a path relative to the repository with forward slashes. */
function scannedFiles(relativePath: string): string[] {
  if (isStillToClean(relativePath)) return [];
  const absolute = path.join(root, relativePath);
  if (statSync(absolute).isDirectory()) {
    return readdirSync(absolute)
      .sort()
      .flatMap((entry) => scannedFiles(`${relativePath}/${entry}`));
  }
  return scannedExtensions.has(path.extname(relativePath)) ? [relativePath] : [];
}

const ownFile = 'test/docs/self-contained.test.ts';

describe('the repository explains itself', () => {
  it('recognises each kind of outside reference it scans for', () => {
    for (const reference of outsideReferences) {
      assert.match(reference.example, reference.pattern, reference.name);
    }
  });

  it('has no comment, test, benchmark or page pointing to a document outside the repository', () => {
    const files = scannedRoots.flatMap((entry) => scannedFiles(entry));
    assert.ok(files.length > 100, `only ${files.length} files scanned`);
    const found: string[] = [];
    for (const file of files) {
      if (file === ownFile) continue;
      const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((line, index) => {
        const kinds = outsideReferences.filter((reference) => reference.pattern.test(line));
        if (kinds.length > 0) {
          found.push(`${file}:${index + 1} (${kinds.map((kind) => kind.name).join(', ')}): ${line.trim()}`);
        }
      });
    }
    assert.deepEqual(
      found,
      [],
      `state the rule in the docs page of its area and point there instead:\n${found.join('\n')}`,
    );
  });
});
