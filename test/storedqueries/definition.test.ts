/**
 * The SubGraph template's pattern rules (docs/storedqueries.md, Registration body), checked as the
 * subgraph route checks them: `type` and `direction` in any case, the direction aliases, stored in their
 * canonical spelling; `minLength`/`maxLength` default 1, at most `maxPatternEdgeLength`, min not above max;
 * vertex-first alternation, no leading variable-length edge; every refusal names the step.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  StoredQueryInvalid,
  maxPatternEdgeLength,
  parseRegistration,
  subgraphSpecificationOf,
  type PatternEntry,
} from '../../src/storedqueries/index.js';

const now = new Date('2026-03-01T09:00:00.000Z');

function template(patterns: unknown[]) {
  return { name: 'template', kind: 'SubGraph', subGraph: { patterns } };
}

function storedPatterns(patterns: unknown[]): PatternEntry[] {
  return subgraphSpecificationOf(parseRegistration(template(patterns), now)).patterns ?? [];
}

function refused(patterns: unknown[], message: RegExp): void {
  assert.throws(
    () => parseRegistration(template(patterns), now),
    (error: unknown) => error instanceof StoredQueryInvalid && message.test(error.message),
  );
}

const aliases = [
  ['OutgoingEdge', 'OutgoingEdge'],
  ['Outgoing', 'OutgoingEdge'],
  ['Out', 'OutgoingEdge'],
  ['IncomingEdge', 'IncomingEdge'],
  ['Incoming', 'IncomingEdge'],
  ['In', 'IncomingEdge'],
  ['UndirectedEdge', 'UndirectedEdge'],
  ['Undirected', 'UndirectedEdge'],
] as const;

describe('SubGraph template patterns', () => {
  it('accepts every direction alias in any case and stores the canonical direction', () => {
    for (const [alias, canonical] of aliases) {
      for (const spelling of [alias, alias.toLowerCase(), alias.toUpperCase()]) {
        const [, edge] = storedPatterns([{}, { type: 'Edge', direction: spelling }, {}]);
        assert.equal(edge.direction, canonical, spelling);
      }
    }
  });

  it('matches the step type in any case and stores the canonical type; an absent type is Vertex', () => {
    const stored = storedPatterns([
      { type: 'VERTEX' },
      { type: 'edge' },
      {},
      { type: 'variableLengthEdge' },
      { type: 'vErTeX' },
    ]);
    assert.deepEqual(
      stored.map((entry) => entry.type),
      ['Vertex', 'Edge', 'Vertex', 'VariableLengthEdge', 'Vertex'],
    );
  });

  it(`accepts lengths up to maxPatternEdgeLength (${maxPatternEdgeLength}) and refuses one more`, () => {
    assert.equal(maxPatternEdgeLength, 100);
    const [, edge] = storedPatterns([
      {},
      { type: 'VariableLengthEdge', minLength: 100, maxLength: maxPatternEdgeLength },
      {},
    ]);
    assert.deepEqual([edge.minLength, edge.maxLength], [100, 100]);
    refused(
      [{}, { type: 'VariableLengthEdge', maxLength: maxPatternEdgeLength + 1 }, {}],
      /^subGraph\.patterns\[1\]\.maxLength must be an integer from 1 to 100$/,
    );
  });

  it('refuses minLength above maxLength, the absent one counting as 1, naming the step', () => {
    refused(
      [{}, { type: 'VariableLengthEdge', minLength: 4, maxLength: 3 }, {}],
      /^subGraph\.patterns\[1\]: minLength 4 is above maxLength 3$/,
    );
    refused(
      [{}, { type: 'Edge' }, {}, { type: 'VariableLengthEdge', minLength: 2 }, {}],
      /^subGraph\.patterns\[3\]: minLength 2 is above maxLength 1$/,
    );
    const [, edge] = storedPatterns([{}, { type: 'VariableLengthEdge', minLength: 1, maxLength: 1 }, {}]);
    assert.deepEqual([edge.minLength, edge.maxLength], [1, 1]);
  });

  it('refuses a leading variable-length edge with its own message', () => {
    refused(
      [{ type: 'VariableLengthEdge' }, {}],
      /^subGraph\.patterns\[0\] is a VariableLengthEdge step: a variable-length edge may not lead/,
    );
  });

  it('names the step in every refusal', () => {
    const cases: [unknown[], RegExp][] = [
      [[{ type: 'Node' }], /^subGraph\.patterns\[0\]\.type must be one of Vertex, Edge, VariableLengthEdge/],
      [[{}, { type: 'Edge', direction: 'Sideways' }, {}], /^subGraph\.patterns\[1\]\.direction must be/],
      [[{}, { type: 'Edge', direction: 3 }, {}], /^subGraph\.patterns\[1\]\.direction must be/],
      [[{ direction: 'Out' }], /^subGraph\.patterns\[0\]\.direction applies only to an edge step/],
      [[{}, { type: 'Edge', minLength: 1 }, {}], /^subGraph\.patterns\[1\]: minLength and maxLength apply/],
      [[{}, { type: 'VariableLengthEdge', minLength: -1 }, {}], /^subGraph\.patterns\[1\]\.minLength/],
      [[{}, { type: 'VariableLengthEdge', maxLength: 2.5 }, {}], /^subGraph\.patterns\[1\]\.maxLength/],
      [[{}, {}], /^subGraph\.patterns\[1\] is a Vertex step where an edge step belongs/],
      [[{ type: 'Edge' }, {}], /^subGraph\.patterns\[0\] is an Edge step where a Vertex step belongs/],
      [[{}, { type: 'Edge' }], /^subGraph\.patterns\[1\] is an Edge step at the end: patterns must end/],
    ];
    for (const [patterns, message] of cases) refused(patterns, message);
  });
});
