import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { diagnosticMessages, toWireDiagnostics } from '../../../src/fragments/diagnostics.js';
import { parseFragment } from '../../../src/fragments/syntax/parser.js';
import { walk } from '../../support/print-tree.js';
import { validFragments } from '../corpus/valid-syntax.js';

/** Pieces of C#, well- and ill-formed, that random fragments are assembled from. */
const pieces = [
  'return',
  'v',
  'x',
  '=>',
  '.',
  'Id',
  'Label',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  ';',
  ',',
  '=',
  '==',
  '>',
  '<',
  '>=',
  '&&',
  '||',
  '?',
  ':',
  '??',
  '?.',
  '!',
  '-',
  '++',
  '+=',
  'is',
  'as',
  'not',
  'and',
  'or',
  'when',
  'var',
  'int',
  'double',
  'string',
  'new',
  'out',
  'ref',
  'switch',
  '_',
  'if',
  'else',
  'for',
  'foreach',
  'in',
  'while',
  'do',
  'break',
  'continue',
  'typeof',
  'default',
  'static',
  'checked',
  'this',
  'throw',
  'try',
  'List',
  '<int>',
  'TryGetProperty',
  'OutEdges',
  'Any',
  '"s"',
  "'c'",
  '"',
  "'",
  '1',
  '1.5f',
  '0x1F',
  '1e',
  '1_',
  '$"a{x}b"',
  '$"{',
  '$@"',
  '@"v"',
  '@',
  '$',
  '#',
  '\\',
  '¤',
  '//c\n',
  '/*c*/',
  '/*',
  '\n',
  '\r\n',
  '\t',
  '{{',
  '}}',
];

const pieceSoup = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(' '));
const tightSoup = fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join(''));

/** A valid fragment changed in one place: a cut, an insertion, a replacement or a truncation. */
const mutatedFragment = fc
  .tuple(
    fc.constantFrom(...validFragments.map((entry) => entry.fragment)),
    fc.nat(),
    fc.nat(),
    fc.constantFrom(...pieces),
    fc.constantFrom('cut', 'insert', 'replace', 'truncate'),
  )
  .map(([fragment, a, b, piece, operation]) => {
    const start = a % (fragment.length + 1);
    const end = Math.min(fragment.length, start + (b % 8));
    switch (operation) {
      case 'cut':
        return fragment.slice(0, start) + fragment.slice(end);
      case 'insert':
        return fragment.slice(0, start) + piece + fragment.slice(start);
      case 'replace':
        return fragment.slice(0, start) + piece + fragment.slice(end);
      default:
        return fragment.slice(0, start);
    }
  });

/** What must hold for any input: no throw, well-formed diagnostics and spans, placeholders explained. */
function checkInvariants(fragment: string): void {
  const result = parseFragment(fragment);
  for (const diagnostic of result.diagnostics) {
    assert.ok(diagnostic.id in diagnosticMessages, diagnostic.id);
    assert.equal(diagnostic.severity, diagnosticMessages[diagnostic.id].severity);
    assert.ok(diagnostic.message.length > 0);
    assert.ok(
      0 <= diagnostic.start && diagnostic.start <= diagnostic.end && diagnostic.end <= fragment.length,
    );
  }
  for (const wire of toWireDiagnostics(result.diagnostics, fragment)) {
    assert.ok(wire.line >= 1 && wire.column >= 1);
    assert.ok(wire.endLine > wire.line || (wire.endLine === wire.line && wire.endColumn >= wire.column));
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  for (const { node } of walk(result.statements)) {
    assert.ok(0 <= node.start && node.start <= node.end && node.end <= fragment.length, node.kind);
    if (node.kind === 'Missing') assert.ok(errors.length > 0, 'a Missing node without an error');
    if (node.kind === 'Unsupported') {
      assert.ok(
        result.diagnostics.some(
          (d) => d.id === 'SVCUNSUPPORTED' && d.message.startsWith(`'${node.construct}'`),
        ),
        `an Unsupported ${node.construct} without its diagnostic`,
      );
    }
  }
  assert.deepEqual(parseFragment(fragment), result, 'parsing is deterministic');
}

describe('parser: any input', () => {
  it('never throws on random strings of any characters', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), checkInvariants), { numRuns: 300 });
  });

  it('never throws on random strings of ASCII', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary-ascii', maxLength: 200 }), checkInvariants), {
      numRuns: 300,
    });
  });

  it('never throws on random sequences of C# pieces, spaced or run together', () => {
    fc.assert(fc.property(pieceSoup, checkInvariants), { numRuns: 600 });
    fc.assert(fc.property(tightSoup, checkInvariants), { numRuns: 400 });
  });

  it('never throws on valid fragments with one mutation', () => {
    fc.assert(fc.property(mutatedFragment, checkInvariants), { numRuns: 800 });
  });

  it('reads every prefix of a valid fragment without throwing', () => {
    for (const { fragment } of validFragments.slice(0, 40)) {
      for (let end = 0; end <= fragment.length; end++) checkInvariants(fragment.slice(0, end));
    }
  });
});
