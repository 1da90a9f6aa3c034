/**
 * Keeps the conformance corpus from shrinking silently, and checks that its cases are well-formed
 * without the compiler: unique names, element names the sample graph has, diagnostic ids of the table,
 * and fragments that are meant to compile parse without a syntax error.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnosticMessages, isError } from '../../../src/fragments/diagnostics.js';
import { maxFragmentChars } from '../../../src/fragments/limits.js';
import { parseFragment } from '../../../src/fragments/syntax/parser.js';
import { DELEGATE_KINDS } from '../../../src/fragments/types/index.js';
import type { ConformanceCase } from './corpus.js';
import { CONFORMANCE_CASES, CORPUS_BY_TOPIC } from './index.js';
import { EDGE_NAMES, EDGE_PROPERTY_FILTER_INPUTS, VERTEX_NAMES } from './sample-graph.js';

const FLOORS = { total: 250, valid: 150, invalid: 60, escape: 25, runtime: 20 };

const escapeCases = CORPUS_BY_TOPIC['escape-attempts'];
const otherCases = CONFORMANCE_CASES.filter((c) => !escapeCases.includes(c));
const isValid = (c: ConformanceCase) => 'passes' in c.expect || 'costs' in c.expect || 'empty' in c.expect;
const isInvalid = (c: ConformanceCase) => 'diagnostics' in c.expect;
const failsAtRunTime = (c: ConformanceCase) => 'runtimeError' in c.expect || 'budgetExceeded' in c.expect;

/** The names a case of a kind may give in `passes`, `costs` and `on`. */
function inputNames(kind: ConformanceCase['kind']): readonly string[] {
  switch (kind) {
    case 'VertexFilter':
    case 'VertexCost':
      return VERTEX_NAMES;
    case 'EdgeFilter':
    case 'EdgeCost':
      return EDGE_NAMES;
    case 'GraphElementFilter':
      return [...VERTEX_NAMES, ...EDGE_NAMES];
    case 'EdgePropertyFilter':
      return EDGE_PROPERTY_FILTER_INPUTS;
  }
}

describe('conformance corpus: size', () => {
  it(`has at least ${FLOORS.total} cases`, () => {
    assert.ok(CONFORMANCE_CASES.length >= FLOORS.total, `${CONFORMANCE_CASES.length} cases`);
  });

  it(`has at least ${FLOORS.valid} valid cases with results, escape attempts not counted`, () => {
    const count = otherCases.filter(isValid).length;
    assert.ok(count >= FLOORS.valid, `${count} valid cases`);
  });

  it(`has at least ${FLOORS.invalid} invalid cases with diagnostics, escape attempts not counted`, () => {
    const count = otherCases.filter(isInvalid).length;
    assert.ok(count >= FLOORS.invalid, `${count} invalid cases`);
  });

  it(`has at least ${FLOORS.escape} escape attempts, harmless and rejected ones both`, () => {
    assert.ok(escapeCases.length >= FLOORS.escape, `${escapeCases.length} escape cases`);
    assert.ok(escapeCases.some(isValid) && escapeCases.some(isInvalid));
  });

  it(`has at least ${FLOORS.runtime} budget and run-time error cases`, () => {
    const count = CONFORMANCE_CASES.filter(failsAtRunTime).length;
    assert.ok(count >= FLOORS.runtime, `${count} run-time failure cases`);
  });
});

describe('conformance corpus: well-formed cases', () => {
  it('names every case uniquely', () => {
    const seen = new Set<string>();
    for (const c of CONFORMANCE_CASES) {
      assert.ok(!seen.has(c.name), `duplicate case name: ${c.name}`);
      seen.add(c.name);
    }
  });

  it('uses the six fragment kinds only', () => {
    for (const c of CONFORMANCE_CASES) assert.ok(c.kind in DELEGATE_KINDS, `${c.name}: ${c.kind}`);
  });

  it('names only inputs the kind is run on, and costs only for cost kinds', () => {
    for (const c of CONFORMANCE_CASES) {
      const names = inputNames(c.kind);
      const { expect } = c;
      const named =
        'passes' in expect
          ? expect.passes
          : 'costs' in expect
            ? Object.keys(expect.costs)
            : 'runtimeError' in expect
              ? (expect.on ?? [])
              : [];
      for (const name of named)
        assert.ok(names.includes(name), `${c.name}: unknown input ${JSON.stringify(name)}`);
      if ('passes' in expect) {
        assert.ok(c.kind.endsWith('Filter'), `${c.name}: passes on a ${c.kind}`);
        assert.equal(new Set(expect.passes).size, expect.passes.length, `${c.name}: a name passes twice`);
      }
      if ('costs' in expect) {
        assert.ok(c.kind.endsWith('Cost'), `${c.name}: costs on a ${c.kind}`);
        if (expect.otherwise === undefined) {
          assert.deepEqual(
            Object.keys(expect.costs).sort(),
            [...names].sort(),
            `${c.name}: costs for every input`,
          );
        }
      }
    }
  });

  it('expects diagnostic ids of the table, with whole positions', () => {
    for (const c of CONFORMANCE_CASES) {
      if (!('diagnostics' in c.expect)) continue;
      assert.ok(c.expect.diagnostics.length > 0, `${c.name}: no diagnostic`);
      for (const wanted of c.expect.diagnostics) {
        assert.ok(wanted.id in diagnosticMessages, `${c.name}: unknown id ${wanted.id}`);
        assert.equal(
          diagnosticMessages[wanted.id].severity,
          'error',
          `${c.name}: ${wanted.id} is not an error`,
        );
        assert.equal(
          wanted.line === undefined,
          wanted.column === undefined,
          `${c.name}: line without column`,
        );
      }
    }
  });

  it('parses every fragment that is meant to compile without a syntax error', () => {
    for (const c of CONFORMANCE_CASES) {
      if ('diagnostics' in c.expect) continue;
      assert.ok(c.fragment.length <= maxFragmentChars, c.name);
      const errors = parseFragment(c.fragment).diagnostics.filter(isError);
      assert.deepEqual(
        errors.map((e) => `${e.id} at ${e.start}: ${e.message}`),
        [],
        `${c.name}: ${JSON.stringify(c.fragment)}`,
      );
    }
  });
});
