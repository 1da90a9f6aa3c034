import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BoundExpression, BoundStatement } from '../../../src/fragments/binder/bound.js';
import type {
  LBlock,
  LoweredExpression,
  LoweredFragment,
  LoweredStatement,
} from '../../../src/fragments/lowering/lowered.js';
import { lowerFragment } from '../../../src/fragments/lowering/lowering.js';
import {
  BOOL,
  INT,
  OBJECT,
  STRING,
  VERTEX_MODEL,
  arrayOf,
  indexersOf,
  nullableOf,
} from '../../../src/fragments/types/index.js';
import {
  arm,
  binary,
  call,
  compound,
  constantPattern,
  convert,
  declare,
  expression,
  fragment,
  ifThen,
  int,
  isPattern,
  lambda,
  nul,
  out,
  ref,
  ret,
  str,
  switchExpression,
  symbol,
  typePattern,
} from '../emitter/bound-builders.js';

/** Every lowered expression node of a fragment, depth first. */
function expressions(fragment: LoweredFragment): LoweredExpression[] {
  const found: LoweredExpression[] = [];
  const visitExpression = (node: LoweredExpression | undefined): void => {
    if (node === undefined) return;
    found.push(node);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item);
        for (const item of value) if (isHole(item)) visitExpression(item.value);
      } else if (isNode(value)) visit(value);
    }
  };
  const visitStatement = (node: LoweredStatement): void => {
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  const visit = (node: LoweredExpression | LoweredStatement): void => {
    if (STATEMENT_KINDS.has(node.kind)) visitStatement(node as LoweredStatement);
    else visitExpression(node as LoweredExpression);
  };
  visit(fragment.body);
  return found;
}

const STATEMENT_KINDS = new Set([
  'Block',
  'Declare',
  'Expression',
  'If',
  'While',
  'DoWhile',
  'For',
  'ForIndex',
  'ForOf',
  'Break',
  'Continue',
  'Return',
]);

function isNode(value: unknown): value is LoweredExpression | LoweredStatement {
  return typeof value === 'object' && value !== null && 'kind' in value && typeof value.kind === 'string';
}

function isHole(value: unknown): value is { value: LoweredExpression } {
  return typeof value === 'object' && value !== null && !('kind' in value) && 'value' in value;
}

function lowerReturning(value: BoundExpression, statements: BoundStatement[] = []): LoweredFragment {
  return lowerFragment(fragment([...statements, ret(lambda([], value, value.type, { root: true }))]));
}

function rootBody(lowered: LoweredFragment): LBlock {
  const last = lowered.body.statements[lowered.body.statements.length - 1];
  assert.ok(last.kind === 'Return' && last.value?.kind === 'Lambda');
  return last.value.body;
}

describe('lowering', () => {
  it('turns ?. into a temp and a null test', () => {
    const s = symbol('s', STRING);
    const length = call(
      STRING,
      'Length',
      { kind: 'ConditionalReceiver', id: 7, type: STRING, start: 0, end: 0 },
      [],
    );
    const access: BoundExpression = {
      kind: 'ConditionalAccess',
      id: 7,
      receiver: ref(s),
      whenNotNull: length,
      type: nullableOf(INT),
      start: 0,
      end: 0,
    };
    const lowered = lowerReturning(access, [declare(s, nul())]);
    const nodes = expressions(lowered);
    assert.ok(
      nodes.some((n) => n.kind === 'Is' && n.value === null),
      'a null test',
    );
    const lengthCall = nodes.find((n) => n.kind === 'Call');
    assert.ok(
      lengthCall?.kind === 'Call' && lengthCall.receiver?.kind === 'Temp',
      'the receiver read once, from a temp',
    );
    assert.equal(lengthCall.receiverMayBeNull, false);
  });

  it('unlifts lifted operators behind null tests', () => {
    const a = symbol('a', nullableOf(INT));
    const b = symbol('b', nullableOf(INT));
    const lowered = lowerReturning(binary('+', ref(a), ref(b)), [declare(a, nul()), declare(b, int(1))]);
    const binaries = expressions(lowered).filter((n) => n.kind === 'Binary');
    assert.equal(binaries.length, 1);
    assert.ok(binaries.every((n) => n.kind === 'Binary' && !n.signature.lifted));
    assert.ok(expressions(lowered).some((n) => n.kind === 'Is' && n.value === null));
  });

  it('lowers string concatenation to one Text with each operand formatted by its own type', () => {
    const name = symbol('name', STRING);
    const concatenation = binary('+', binary('+', str('n='), ref(name)), int(3));
    const lowered = lowerReturning(concatenation, [declare(name, str('x'))]);
    const texts = expressions(lowered).filter((n) => n.kind === 'Text');
    assert.equal(texts.length, 1);
    const [text] = texts;
    assert.ok(text.kind === 'Text');
    assert.equal(text.parts[0], 'n=');
    assert.deepEqual(
      text.parts.slice(1).map((p) => (typeof p === 'string' ? p : p.value.type)),
      [STRING, INT],
      'the int is not boxed for its text',
    );
  });

  it('hoists one out cell per call site and copies it into the local after the call', () => {
    const v = symbol('v', VERTEX_MODEL, 'parameter');
    const age = symbol('age', INT, 'declared');
    const tryGet = call(VERTEX_MODEL, 'TryGetProperty', ref(v), [out(INT, age), str('age')], {
      typeArguments: [INT],
    });
    const lowered = lowerFragment(
      fragment([
        ret(lambda([v], binary('&&', tryGet, binary('>', ref(age), int(30))), BOOL, { root: true })),
      ]),
    );
    assert.equal(lowered.cells.length, 1);
    assert.equal(lowered.cells[0].type, INT);
    const body = rootBody(lowered);
    assert.deepEqual(
      body.statements.map((s) => s.kind),
      ['Declare', 'Return'],
      'the out variable is declared at the top of the expression-bodied lambda',
    );
    const copy = expressions(lowered).find((n) => n.kind === 'Assign' && n.value.kind === 'CellValue');
    assert.ok(
      copy !== undefined &&
        copy.kind === 'Assign' &&
        copy.target.kind === 'Local' &&
        copy.target.symbol === age,
    );
  });

  it('declares a pattern variable just before the statement that introduces it', () => {
    const o = symbol('o', OBJECT);
    const i = symbol('i', INT, 'declared');
    const statements: BoundStatement[] = [
      declare(o, convert(int(5), OBJECT)),
      ifThen(isPattern(ref(o), typePattern(OBJECT, INT, { designation: i })), ret(ref(i))),
      ret(int(0)),
    ];
    const lowered = lowerFragment(
      fragment([ret(lambda([], { kind: 'Block', statements, start: 0, end: 0 }, INT, { root: true }))]),
    );
    const kinds = rootBody(lowered).statements.map((s) =>
      s.kind === 'Declare' ? `Declare ${s.symbol.name}` : s.kind,
    );
    assert.deepEqual(kinds, ['Declare o', 'Declare i', 'If', 'Return']);
  });

  it('evaluates the parts of a compound assignment target once', () => {
    const xs = symbol('xs', arrayOf(INT));
    const index = symbol('i', INT);
    const indexer = indexersOf(arrayOf(INT))[0];
    const target: BoundExpression = {
      kind: 'IndexerTarget',
      member: indexer.member,
      receiver: ref(xs),
      arguments: [ref(index)],
      receiverTypeArguments: [INT],
      type: INT,
      start: 0,
      end: 0,
    };
    const assignment = { ...compound('+', index, int(10)), target } as BoundExpression;
    const lowered = lowerFragment(
      fragment([
        ret(
          lambda(
            [],
            {
              kind: 'Block',
              statements: [
                declare(xs, {
                  kind: 'ArrayCreation',
                  elementType: INT,
                  elements: [int(1), int(2)],
                  type: arrayOf(INT),
                  start: 0,
                  end: 0,
                }),
                declare(index, int(1)),
                expression(assignment),
                ret(int(0)),
              ],
              start: 0,
              end: 0,
            },
            INT,
            { root: true },
          ),
        ),
      ]),
    );
    const reads = expressions(lowered).filter((n) => n.kind === 'Local' && n.symbol === index);
    // One read in the declaration's own node list is not counted: the declaration is a statement.
    assert.equal(reads.length, 1, 'the index is read once, into a temp');
    assert.ok(expressions(lowered).some((n) => n.kind === 'IndexerSet'));
  });

  it('ends a non-exhaustive switch with SwitchFailure and an exhaustive one without', () => {
    const x = symbol('x', INT);
    const partial = switchExpression(ref(x), [arm(constantPattern(int(1), INT), str('one'))], STRING);
    const nodesPartial = expressions(lowerReturning(partial, [declare(x, int(2))]));
    assert.ok(nodesPartial.some((n) => n.kind === 'SwitchFailure'));
    const total = switchExpression(
      ref(x),
      [
        arm(constantPattern(int(1), INT), str('one')),
        arm(typePattern(INT, INT, { matchesNull: true, testsType: false }), str('other')),
      ],
      STRING,
      true,
    );
    const nodesTotal = expressions(lowerReturning(total, [declare(x, int(2))]));
    assert.ok(!nodesTotal.some((n) => n.kind === 'SwitchFailure'));
  });

  it('lowers an empty fragment to an empty body', () => {
    const lowered = lowerFragment({ ...fragment([]), empty: true });
    assert.equal(lowered.empty, true);
    assert.deepEqual(lowered.body.statements, []);
  });
});
