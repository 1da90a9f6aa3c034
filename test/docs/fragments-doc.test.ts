import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseFragment } from '../../src/fragments/syntax/parser.js';
import { checkFragment } from '../../src/fragments/compiler.js';
import { DELEGATE_KINDS } from '../../src/fragments/types/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const page = readFileSync(path.join(root, 'docs/fragments.md'), 'utf8');

/** The ```csharp blocks of the page, unindented. */
function csharpBlocks(): string[] {
  const blocks: string[] = [];
  for (const match of page.matchAll(/^( *)```csharp\n([\s\S]*?)^ *```$/gm)) {
    const indent = match[1].length;
    blocks.push(
      match[2]
        .split('\n')
        .map((line) => line.slice(indent))
        .join('\n'),
    );
  }
  return blocks;
}

/** Rows of the diagnostics table: the fragment in the first cell, the ids named in the second. */
function diagnosticRows(): { fragment: string; ids: string[] }[] {
  const section = page.slice(page.indexOf('## Diagnostics'), page.indexOf('## Valid C# outside the subset'));
  return [...section.matchAll(/^\| `(.+?)` \| (.+) \|$/gm)].map((match) => ({
    fragment: match[1],
    ids: [...match[2].matchAll(/\b(CS\d{4})\b/g)].map((id) => id[1]),
  }));
}

describe('docs/fragments.md', () => {
  it('shows only examples the parser reads without a diagnostic', () => {
    const blocks = csharpBlocks();
    assert.ok(blocks.length >= 8, `${blocks.length} examples`);
    for (const block of blocks) {
      assert.deepEqual(
        parseFragment(block).diagnostics.map((d) => `${d.id} ${d.message}`),
        [],
        block,
      );
    }
  });

  it('reads every example of the kinds table without a diagnostic', () => {
    const section = page.slice(page.indexOf('## Kinds'), page.indexOf('## The syntax'));
    const examples = [...section.matchAll(/\| `(return [^`]+)` \|$/gm)].map((match) => match[1]);
    assert.equal(examples.length, 6);
    for (const example of examples) assert.deepEqual(parseFragment(example).diagnostics, [], example);
  });

  it('reports each mistake of the diagnostics table with the ids it names', () => {
    const rows = diagnosticRows();
    assert.ok(rows.length >= 5);
    for (const { fragment, ids } of rows) {
      assert.deepEqual(
        parseFragment(fragment).diagnostics.map((d) => d.id),
        ids,
        fragment,
      );
    }
  });
});

describe('docs/fragments.md: the checker part', () => {
  const section = page.slice(page.indexOf('## Accessor surface'), page.indexOf('## Run-time failures'));

  it('checks every example of the semantics section as a valid VertexFilter', () => {
    const examples = [...section.matchAll(/^```csharp\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
    assert.ok(examples.length >= 4, `${examples.length} examples`);
    for (const example of examples) {
      const result = checkFragment(DELEGATE_KINDS.VertexFilter, example);
      assert.deepEqual(
        result.diagnostics.map((d) => `${d.id} ${d.message}`),
        [],
        example,
      );
    }
  });

  it('reports each mistake of the checker diagnostics table with the ids it names', () => {
    const table = section.slice(section.indexOf('### Checker diagnostics'));
    const rows = [...table.matchAll(/^\| `(.+?)` \| (.+) \|$/gm)].map((match) => ({
      fragment: match[1],
      ids: [...match[2].matchAll(/\b(CS\d{4})\b/g)].map((id) => id[1]),
    }));
    assert.ok(rows.length >= 10);
    for (const { fragment, ids } of rows) {
      assert.deepEqual(
        checkFragment(DELEGATE_KINDS.VertexFilter, fragment).diagnostics.map((d) => d.id),
        ids,
        fragment,
      );
    }
  });
});
