import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('docs/library.md', () => {
  it('quotes examples/library-quickstart.ts verbatim, importing from the package name', () => {
    const source = readFileSync(path.join(root, 'examples/library-quickstart.ts'), 'utf8').replace(
      "from '../src/index.js'",
      "from 'skein'",
    );
    const page = readFileSync(path.join(root, 'docs/library.md'), 'utf8');
    assert.ok(
      page.includes('```ts\n' + source + '```'),
      'the page must contain the example file as a ts block',
    );
  });

  it('runs the quickstart and prints what its comments promise', () => {
    const output = execFileSync(process.execPath, [path.join(root, 'dist/examples/library-quickstart.js')], {
      encoding: 'utf8',
    });
    assert.equal(output, 'person { knows: [ 2 ] }\n1\n[ 1 ]\n');
  });
});
