/** Keyed index rules (docs/indexes.md): key typing, memberships, RegExIndex equality and fulltext. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DictionaryIndex,
  RangeIndex,
  RegExIndex,
  ScanOperator,
  parseValue,
  type KeyedIndex,
  type ScalarType,
} from '../../../src/index.js';

const value = (type: ScalarType, text: string) => parseValue(type, text);

function equalsScan(index: KeyedIndex, type: ScalarType, text: string): number[] {
  const ids: number[] = [];
  index.scan(ScanOperator.Equals, value(type, text), (id) => ids.push(id));
  return ids.sort((a, b) => a - b);
}

for (const make of [
  () => new DictionaryIndex('i'),
  () => new RangeIndex('i'),
  () => new RegExIndex('i'),
] as const) {
  const pluginType = make().pluginType;
  describe(`${pluginType}: memberships`, () => {
    it('adding the same (key, element) pair twice is idempotent', () => {
      const index = make();
      index.add(1, value('String', 'x'));
      index.add(1, value('String', 'x'));
      assert.equal(index.keyCount, 1);
      assert.equal(index.valueCount, 1);
      assert.deepEqual(equalsScan(index, 'String', 'x'), [1]);
    });

    it('a second key gives an element a second membership; removing the element removes both', () => {
      const index = make();
      index.add(1, value('String', 'x'));
      index.add(1, value('String', 'y'));
      index.add(2, value('String', 'y'));
      assert.deepEqual([index.keyCount, index.valueCount], [2, 3]);
      assert.deepEqual(equalsScan(index, 'String', 'x'), [1]);
      assert.equal(index.removeElement(1), true);
      assert.deepEqual([index.keyCount, index.valueCount], [1, 1]);
      assert.deepEqual(equalsScan(index, 'String', 'x'), []);
      assert.deepEqual(equalsScan(index, 'String', 'y'), [2]);
    });

    it('removing an element that is not a member still answers true', () => {
      assert.equal(make().removeElement(42), true);
    });

    it('removing a key removes it for every element and answers whether it was there', () => {
      const index = make();
      index.add(1, value('String', 'x'));
      index.add(2, value('String', 'x'));
      assert.equal(index.removeKey(value('String', 'x')), true);
      assert.equal(index.removeKey(value('String', 'x')), false);
      assert.deepEqual([index.keyCount, index.valueCount], [0, 0]);
    });

    it('string keys are equal ordinally: case and normalization matter', () => {
      const index = make();
      index.add(1, value('String', 'Oslo'));
      index.add(2, value('String', 'é'));
      assert.deepEqual(equalsScan(index, 'String', 'oslo'), []);
      assert.deepEqual(equalsScan(index, 'String', 'Oslo'), [1]);
      assert.deepEqual(equalsScan(index, 'String', 'e\u0301'), []);
    });

    it('renumbering moves memberships to the new ids', () => {
      const index = make();
      index.add(3, value('String', 'x'));
      index.add(5, value('String', 'x'));
      index.add(5, value('String', 'y'));
      index.renumber(Int32Array.from([0, 1, -1, 2, -1, 3]));
      assert.deepEqual(equalsScan(index, 'String', 'x'), [2, 3]);
      assert.deepEqual(equalsScan(index, 'String', 'y'), [3]);
      index.removeElement(3);
      assert.deepEqual(equalsScan(index, 'String', 'x'), [2]);
      assert.equal(index.valueCount, 1);
    });
  });
}

for (const make of [() => new DictionaryIndex('i'), () => new RangeIndex('i')] as const) {
  const pluginType = make().pluginType;
  describe(`${pluginType}: keys are typed exactly like properties`, () => {
    it('an Int32 5 and an Int64 5 are different keys', () => {
      const index = make();
      index.add(1, value('Int32', '5'));
      index.add(2, value('Int64', '5'));
      assert.equal(index.keyCount, 2);
      assert.deepEqual(equalsScan(index, 'Int32', '5'), [1]);
      assert.deepEqual(equalsScan(index, 'Int64', '5'), [2]);
      assert.deepEqual(equalsScan(index, 'Double', '5'), []);
    });

    it('decimals compare by value: 1.0 and 1.00 are one key', () => {
      const index = make();
      index.add(1, value('Decimal', '1.0'));
      index.add(2, value('Decimal', '1.00'));
      assert.equal(index.keyCount, 1);
      assert.deepEqual(equalsScan(index, 'Decimal', '1'), [1, 2]);
    });

    it('NaN equals NaN, and 0 equals -0', () => {
      const index = make();
      index.add(1, value('Double', 'NaN'));
      index.add(2, value('Double', '-0'));
      assert.deepEqual(equalsScan(index, 'Double', 'NaN'), [1]);
      assert.deepEqual(equalsScan(index, 'Double', '0'), [2]);
    });

    it('DateTime keys are equal by ticks whatever their kind; DateTimeOffset by instant', () => {
      const index = make();
      index.add(1, value('DateTime', '2026-08-09T10:00:00Z'));
      index.add(2, value('DateTime', '2026-08-09T10:00:00'));
      index.add(3, value('DateTimeOffset', '2026-08-09T10:00:00+02:00'));
      assert.deepEqual(equalsScan(index, 'DateTime', '2026-08-09T10:00:00.0000000'), [1, 2]);
      assert.deepEqual(equalsScan(index, 'DateTimeOffset', '2026-08-09T08:00:00+00:00'), [3]);
    });

    it('Single and Double keys of the same number are different keys', () => {
      const index = make();
      index.add(1, value('Single', '0.5'));
      assert.deepEqual(equalsScan(index, 'Double', '0.5'), []);
      assert.deepEqual(equalsScan(index, 'Single', '0.5'), [1]);
    });

    it('a Single[] is not a key: ignored on add', () => {
      const index = make();
      assert.equal(index.add(1, parseValue('Single[]', '[1,2]')), true);
      assert.equal(index.accepts(parseValue('Single[]', '[1,2]')), false);
      assert.equal(index.keyCount, 0);
    });
  });
}

describe('RangeIndex: ordered scans', () => {
  it('orders strings by the ICU root collation (a < A < b < B), as property scans do', () => {
    const index = new RangeIndex('r');
    ['b', 'A', 'B', 'a'].forEach((text, id) => index.add(id, value('String', text)));
    const lower: number[] = [];
    index.scan(ScanOperator.Lower, value('String', 'b'), (id) => lower.push(id));
    assert.deepEqual(lower.sort(), [1, 3]); // a and A
    const between: number[] = [];
    index.range(value('String', 'A'), value('String', 'B'), true, false, (id) => between.push(id));
    assert.deepEqual(between.sort(), [0, 1]); // A, b
  });

  it('collation-equal strings are not Greater than each other, and not Equal either', () => {
    const index = new RangeIndex('r');
    index.add(1, value('String', 'é'));
    const greater: number[] = [];
    index.scan(ScanOperator.Greater, value('String', 'e\u0301'), (id) => greater.push(id));
    const atLeast: number[] = [];
    index.scan(ScanOperator.GreaterOrEquals, value('String', 'e\u0301'), (id) => atLeast.push(id));
    assert.deepEqual([greater, atLeast], [[], [1]]);
    assert.deepEqual(equalsScan(index, 'String', 'e\u0301'), []);
  });

  it('NaN sorts before every other double', () => {
    const index = new RangeIndex('r');
    index.add(1, value('Double', 'NaN'));
    index.add(2, value('Double', '-Infinity'));
    const lower: number[] = [];
    index.scan(ScanOperator.Lower, value('Double', '-1e308'), (id) => lower.push(id));
    assert.deepEqual(lower.sort(), [1, 2]);
  });

  it('a range with the left limit above the right one is empty', () => {
    const index = new RangeIndex('r');
    for (let i = 0; i < 10; i++) index.add(i, value('Int32', String(i)));
    const hits: number[] = [];
    index.range(value('Int32', '7'), value('Int32', '3'), true, true, (id) => hits.push(id));
    assert.deepEqual(hits, []);
  });
});

describe('RegExIndex', () => {
  it('ignores keys that are not strings, still answering true', () => {
    const index = new RegExIndex('t');
    assert.equal(index.add(1, value('Int32', '5')), true);
    assert.equal(index.keyCount, 0);
    assert.equal(index.removeKey(value('Int32', '5')), false);
  });

  it('fulltext: highlights are whole words, de-duplicated; the score counts matches over all keys', () => {
    const index = new RegExIndex('t');
    index.add(17, value('String', 'Graph databases store graphs'));
    index.add(17, value('String', 'a graph'));
    index.add(23, value('String', 'database'));
    index.add(30, value('String', 'nothing here'));
    const hits = index.fulltext(/GRAPH/gi);
    assert.deepEqual(hits, [{ graphElementId: 17, highlights: ['Graph', 'graphs', 'graph'], score: 3 }]);
    assert.deepEqual(index.fulltext(/data/gi), [
      { graphElementId: 17, highlights: ['databases'], score: 1 },
      { graphElementId: 23, highlights: ['database'], score: 1 },
    ]);
  });

  it('fulltext: a match across a space highlights the words it spans', () => {
    const index = new RegExIndex('t');
    index.add(1, value('String', 'the quick brown fox'));
    assert.deepEqual(index.fulltext(/ck br/gi), [
      { graphElementId: 1, highlights: ['quick brown'], score: 1 },
    ]);
  });

  it('fulltext: empty matches count without looping forever', () => {
    const index = new RegExIndex('t');
    index.add(1, value('String', 'bab'));
    assert.deepEqual(index.fulltext(/a*/gi), [{ graphElementId: 1, highlights: ['bab'], score: 4 }]);
  });
});
