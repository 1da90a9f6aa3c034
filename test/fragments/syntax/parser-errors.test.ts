import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { diagnosticMessages, toWireDiagnostics } from '../../../src/fragments/diagnostics.js';
import { parseFragment } from '../../../src/fragments/syntax/parser.js';
import { walk } from '../../support/print-tree.js';
import { invalidFragments } from '../corpus/invalid-syntax.js';

const minimumInvalidFragments = 40;

/** Diagnostics as the corpus writes them: `ID line:column-endLine:endColumn`. */
function reported(fragment: string): string[] {
  return toWireDiagnostics(parseFragment(fragment).diagnostics, fragment).map(
    (d) => `${d.id} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`,
  );
}

describe('parser: the invalid corpus', () => {
  it(`holds at least ${minimumInvalidFragments} fragments`, () => {
    assert.ok(invalidFragments.length >= minimumInvalidFragments, `${invalidFragments.length} fragments`);
  });

  for (const { covers, fragment, diagnostics } of invalidFragments) {
    it(`reports ${covers} as ${diagnostics.map((d) => d.split(' ')[0]).join(', ')}`, () => {
      assert.deepEqual(reported(fragment), diagnostics, fragment);
    });
  }

  it('reports at least one error for every invalid fragment', () => {
    for (const { fragment } of invalidFragments) {
      const errors = parseFragment(fragment).diagnostics.filter((d) => d.severity === 'error');
      assert.ok(errors.length > 0, fragment);
    }
  });

  it('still builds a tree, with placeholders where parts were missing', () => {
    const result = parseFragment('return v => v.Id > ;');
    assert.equal(result.statements.length, 1);
    const kinds = [...walk(result.statements)].map(({ node }) => node.kind);
    assert.ok(kinds.includes('Lambda'));
    assert.ok(kinds.includes('Missing'));
  });

  it('marks valid C# outside the subset as Unsupported nodes, naming the construct', () => {
    const result = parseFragment('try { } finally { } return v => true;');
    const [statement] = result.statements;
    assert.deepEqual(statement.kind === 'Unsupported' && statement.construct, 'try statement');
    assert.equal(result.statements[1].kind, 'Return');
  });
});

describe('parser: diagnostic messages', () => {
  it('names the offending token in CS1525 and the expected one in CS1003', () => {
    const messages = (fragment: string) => parseFragment(fragment).diagnostics.map((d) => d.message);
    assert.deepEqual(messages('return v => ;'), ["Invalid expression term ';'"]);
    assert.deepEqual(messages('return v => v.Foo(1 2);'), ["Syntax error, ',' expected"]);
    assert.deepEqual(messages('var x = if;'), [
      "Invalid expression term 'if'",
      '; expected',
      "Syntax error, '(' expected",
      "Invalid expression term ';'",
      ') expected',
    ]);
  });

  it('uses only ids from the diagnostics table', () => {
    for (const { fragment } of invalidFragments) {
      for (const diagnostic of parseFragment(fragment).diagnostics) {
        assert.ok(diagnostic.id in diagnosticMessages, diagnostic.id);
        assert.equal(diagnostic.severity, diagnosticMessages[diagnostic.id].severity);
      }
    }
  });
});
