/**
 * The fragment parser's nesting bound at its edge (docs/limits.md): blocks nested `maxSyntaxNestingDepth`
 * deep are read, one more is refused with CS8078 (the fragment and generated-source lengths have their own
 * edge tests in syntax/parser.test.ts and compiler.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFragment } from '../../src/fragments/syntax/parser.js';
import { maxSyntaxNestingDepth } from '../../src/fragments/limits.js';

const nestedBlocks = (depth: number): string => '{'.repeat(depth) + '}'.repeat(depth);

describe('fragment nesting limit', () => {
  it(`reads blocks nested ${maxSyntaxNestingDepth} deep`, () => {
    assert.deepEqual(parseFragment(nestedBlocks(maxSyntaxNestingDepth)).diagnostics, []);
  });

  it(`refuses blocks nested ${maxSyntaxNestingDepth + 1} deep with CS8078 alone`, () => {
    assert.deepEqual(
      parseFragment(nestedBlocks(maxSyntaxNestingDepth + 1)).diagnostics.map((diagnostic) => diagnostic.id),
      ['CS8078'],
    );
  });
});
