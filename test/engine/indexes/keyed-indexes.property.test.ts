/**
 * The keyed indexes against a model: a plain list of (key, element) pairs, filtered with the engine's
 * value semantics (`valuesEqual`, `compareValues`) for every scan. Keys mix types that must never meet
 * (Int32 and Int64 of the same number), floats with NaN and -0, decimals equal at different scales, and
 * strings the collation orders apart from code units or calls equal (`e` + combining acute, `é`). The
 * RangeIndex answers ordered operators and ranges by seeking; the DictionaryIndex by a linear key scan;
 * both must agree with the model.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  DictionaryIndex,
  RangeIndex,
  ScanOperator,
  compareValues,
  parseValue,
  valuesEqual,
  type KeyedIndex,
  type OrderedIndex,
  type ScalarType,
  type TypedValue,
} from '../../../src/index.js';

const keyArbitrary: fc.Arbitrary<TypedValue> = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map((n) => parseValue('Int32', String(n))),
  fc.integer({ min: -5, max: 5 }).map((n) => parseValue('Int64', String(n))),
  fc.constantFrom('NaN', '0', '-0', '1.5', '-2', '1e300', '-Infinity').map((t) => parseValue('Double', t)),
  fc.constantFrom('1', '1.0', '1.00', '2.50', '-0.0', '3').map((t) => parseValue('Decimal', t)),
  fc
    .constantFrom('a', 'A', 'b', 'B', 'é', 'e\u0301', 'e', 'ab', 'Ab', '', ' ', 'z')
    .map((t) => parseValue('String', t)),
);

type Step =
  | { op: 'add'; id: number; key: TypedValue }
  | { op: 'removeElement'; id: number }
  | { op: 'removeKey'; key: TypedValue };

const elementId = fc.nat({ max: 12 });
const steps = fc.array(
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({ op: fc.constant('add' as const), id: elementId, key: keyArbitrary }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('removeElement' as const), id: elementId }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('removeKey' as const), key: keyArbitrary }) },
  ),
  { maxLength: 80, size: 'max' },
);

interface Pair {
  key: TypedValue;
  id: number;
}

/** The model's key equality: same type, `valuesEqual` (ordinal for strings). */
const same = (a: TypedValue, b: TypedValue) => a.type === b.type && valuesEqual(a, b);

function apply(index: KeyedIndex, model: Pair[], step: Step): Pair[] {
  switch (step.op) {
    case 'add':
      assert.equal(index.add(step.id, step.key), true);
      return model.some((p) => p.id === step.id && same(p.key, step.key)) ? model : [...model, step];
    case 'removeElement':
      assert.equal(index.removeElement(step.id), true);
      return model.filter((p) => p.id !== step.id);
    case 'removeKey':
      assert.equal(
        index.removeKey(step.key),
        model.some((p) => same(p.key, step.key)),
      );
      return model.filter((p) => !same(p.key, step.key));
  }
}

function ids(pairs: Pair[], keep: (key: TypedValue) => boolean): number[] {
  return [...new Set(pairs.filter((p) => keep(p.key)).map((p) => p.id))].sort((a, b) => a - b);
}

function collect(run: (visit: (id: number) => void) => void): number[] {
  const seen: number[] = [];
  run((id) => seen.push(id));
  return [...new Set(seen)].sort((a, b) => a - b);
}

const operators: [ScanOperator, (order: number, equal: boolean) => boolean][] = [
  [ScanOperator.Equals, (_, equal) => equal],
  [ScanOperator.NotEquals, (_, equal) => !equal],
  [ScanOperator.Greater, (order) => order > 0],
  [ScanOperator.GreaterOrEquals, (order) => order >= 0],
  [ScanOperator.Lower, (order) => order < 0],
  [ScanOperator.LowerOrEquals, (order) => order <= 0],
];

function checkScans(index: KeyedIndex, model: Pair[], literal: TypedValue): void {
  for (const [operator, holds] of operators) {
    const expected = ids(
      model,
      (key) => key.type === literal.type && holds(compareValues(key, literal), same(key, literal)),
    );
    assert.deepEqual(
      collect((visit) => index.scan(operator, literal, visit)),
      expected,
      `operator ${operator} against ${literal.type} ${String(literal.value)}`,
    );
  }
}

function checkRange(index: OrderedIndex, model: Pair[], left: TypedValue, right: TypedValue): void {
  for (const includeLeft of [false, true]) {
    for (const includeRight of [false, true]) {
      const expected = ids(model, (key) => {
        if (key.type !== left.type || left.type !== right.type) return false;
        const fromLeft = compareValues(key, left);
        const toRight = compareValues(key, right);
        return (includeLeft ? fromLeft >= 0 : fromLeft > 0) && (includeRight ? toRight <= 0 : toRight < 0);
      });
      assert.deepEqual(
        collect((visit) => index.range(left, right, includeLeft, includeRight, visit)),
        expected,
        `range ${String(left.value)}..${String(right.value)} ${includeLeft} ${includeRight}`,
      );
    }
  }
}

function checkCounts(index: KeyedIndex, model: Pair[]): void {
  const distinct: Pair[] = [];
  for (const pair of model) if (!distinct.some((d) => same(d.key, pair.key))) distinct.push(pair);
  assert.equal(index.keyCount, distinct.length);
  assert.equal(index.valueCount, model.length);
}

describe('keyed indexes against a model', () => {
  for (const make of [() => new RangeIndex('r'), () => new DictionaryIndex('d')]) {
    const name = make().pluginType;
    it(`${name}: every operator and count agrees with the model after random adds and removals`, () => {
      fc.assert(
        fc.property(steps, fc.array(keyArbitrary, { minLength: 1, maxLength: 6 }), (script, literals) => {
          const index = make();
          let model: Pair[] = [];
          for (const step of script) model = apply(index, model, step);
          checkCounts(index, model);
          for (const literal of literals) checkScans(index, model, literal);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('RangeIndex: inclusive and exclusive ranges agree with the model', () => {
    fc.assert(
      fc.property(steps, keyArbitrary, keyArbitrary, (script, a, b) => {
        const index = new RangeIndex('r');
        let model: Pair[] = [];
        for (const step of script) model = apply(index, model, step);
        checkRange(index, model, a, b);
        if (a.type === b.type) checkRange(index, model, b, a);
      }),
      { numRuns: 400 },
    );
  });

  it('RangeIndex: ranges over many numeric keys agree with a sorted array (blocks split and fold)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -2000, max: 2000 }), fc.nat({ max: 5000 })), {
          minLength: 600,
          maxLength: 3000,
        }),
        fc.array(fc.integer({ min: -2000, max: 2000 }), { maxLength: 400 }),
        fc.integer({ min: -2100, max: 2100 }),
        fc.integer({ min: 0, max: 800 }),
        (adds, removedKeys, low, width) => {
          const index = new RangeIndex('r');
          const type: ScalarType = 'Double';
          const model = new Map<number, Set<number>>();
          for (const [k, id] of adds) {
            index.add(id, parseValue(type, String(k)));
            if (!model.has(k)) model.set(k, new Set());
            model.get(k)!.add(id);
          }
          for (const k of removedKeys) {
            assert.equal(index.removeKey(parseValue(type, String(k))), model.delete(k));
          }
          const sortedKeys = [...model.keys()].sort((x, y) => x - y);
          const expected = [
            ...new Set(
              sortedKeys.filter((k) => k >= low && k < low + width).flatMap((k) => [...model.get(k)!]),
            ),
          ].sort((x, y) => x - y);
          const got = collect((visit) =>
            index.range(
              parseValue(type, String(low)),
              parseValue(type, String(low + width)),
              true,
              false,
              visit,
            ),
          );
          assert.deepEqual(got, expected);
          assert.equal(index.keyCount, model.size);
        },
      ),
      { numRuns: 60 },
    );
  });
});
