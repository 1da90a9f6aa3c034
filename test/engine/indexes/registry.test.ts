/**
 * The index registry through the library API (`engine.indexes`): creation rules, the boolean verbs,
 * upkeep at commit (purge, cascade, trim, clear), scans with restrictors, backfill, plug-in types and the
 * checkpoint round-trip of every index type.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  Engine,
  EngineError,
  IndexFormatError,
  ScanOperator,
  SpatialIndex,
  isEngineError,
  parseValue,
  type GraphIndex,
  type IndexPlugin,
  type TypedValue,
} from '../../../src/index.js';

const int = (n: number) => parseValue('Int32', String(n));
const text = (t: string) => parseValue('String', t);
const both = { resultType: 'Both' as const };

function isInvalidInput(error: unknown): boolean {
  return error instanceof EngineError && error.code === 'INVALID_INPUT';
}

/** v0 city, v1 city, v2 town, e3 v0->v1 road (label city), e4 v1->v2 road. */
async function sampleEngine(): Promise<Engine> {
  const engine = new Engine();
  await engine.createVertices([{ label: 'city' }, { label: 'city' }, { label: 'town' }]);
  await engine.createEdges([
    { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'road', label: 'city' },
    { sourceVertex: 1, targetVertex: 2, edgePropertyId: 'road' },
  ]);
  return engine;
}

describe('index registry: definitions', () => {
  it('creates the dictionary, range and regex types; false for a taken id or an unknown type', () => {
    const { indexes } = new Engine();
    assert.equal(indexes.create('d', 'DictionaryIndex'), true);
    assert.equal(indexes.create('r', 'RangeIndex', new Map([['ignored', int(1)]])), true);
    assert.equal(indexes.create('x', 'RegExIndex'), true);
    assert.equal(indexes.create('d', 'RangeIndex'), false);
    assert.equal(indexes.create('n', 'rangeindex'), false);
    assert.equal(indexes.create('n', 'NoSuchIndex'), false);
    assert.deepEqual(
      indexes.list().map((record) => [record.indexId, record.pluginType, record.capabilities]),
      [
        ['d', 'DictionaryIndex', ['equality']],
        ['r', 'RangeIndex', ['equality', 'range']],
        ['x', 'RegExIndex', ['equality', 'fulltext']],
      ],
    );
  });

  it('SpatialIndex: not creatable over the interface, creatable from the library', () => {
    const { indexes } = new Engine();
    assert.equal(indexes.create('s', 'SpatialIndex', new Map(), { overInterface: true }), false);
    assert.equal(indexes.create('s', 'SpatialIndex'), true);
    assert.equal(indexes.createSpatialIndex('s'), false);
    assert.equal(indexes.createSpatialIndex('g', { metric: 'Geographic' }), true);
    assert.equal(indexes.create('bad', 'SpatialIndex', new Map([['dimensions', int(0)]])), false);
    assert.throws(() => indexes.createSpatialIndex('bad', { dimensions: 0 }), isInvalidInput);
    assert.deepEqual(
      indexes.list().map((record) => [record.indexId, record.keys, record.values]),
      [
        ['s', null, null],
        ['g', null, null],
      ],
    );
  });

  it('drop answers whether the index existed', () => {
    const { indexes } = new Engine();
    indexes.create('d', 'DictionaryIndex');
    assert.equal(indexes.drop('d'), true);
    assert.equal(indexes.drop('d'), false);
    assert.equal(indexes.size, 0);
  });

  it('lists the registered types; a type name registers once', () => {
    const { indexes } = new Engine();
    for (const type of ['DictionaryIndex', 'RangeIndex', 'RegExIndex', 'SpatialIndex']) {
      assert.ok(indexes.pluginTypes.includes(type), type);
    }
    assert.throws(
      () => indexes.registerType({ ...countingPlugin, pluginType: 'RangeIndex' }),
      isInvalidInput,
    );
  });
});

describe('index registry: the boolean verbs', () => {
  it('add: false for an unknown index or a missing or removed element', async () => {
    const engine = await sampleEngine();
    const { indexes } = engine;
    indexes.create('d', 'DictionaryIndex');
    assert.equal(indexes.add('nope', 0, int(1)), false);
    assert.equal(indexes.add('d', 99, int(1)), false);
    assert.equal(indexes.add('d', 3, int(1)), true); // an edge is an element too
    await engine.removeElement(2);
    assert.equal(indexes.add('d', 2, int(1)), false);
  });

  it('removeElement: true when index and element exist, member or not', async () => {
    const { indexes } = await sampleEngine();
    indexes.create('d', 'DictionaryIndex');
    indexes.add('d', 0, int(1));
    assert.equal(indexes.removeElement('d', 0), true);
    assert.equal(indexes.removeElement('d', 1), true);
    assert.equal(indexes.removeElement('d', 99), false);
    assert.equal(indexes.removeElement('nope', 0), false);
  });

  it('removeKey: true only when the key was there', async () => {
    const { indexes } = await sampleEngine();
    indexes.create('d', 'DictionaryIndex');
    indexes.add('d', 0, int(1));
    assert.equal(indexes.removeKey('d', parseValue('Int64', '1')), false);
    assert.equal(indexes.removeKey('d', int(1)), true);
    assert.equal(indexes.removeKey('d', int(1)), false);
    assert.equal(indexes.removeKey('nope', int(1)), false);
  });
});

describe('index registry: upkeep at commit', () => {
  it('removing an element purges it from every index', async () => {
    const engine = await sampleEngine();
    const { indexes } = engine;
    for (const [id, type] of [
      ['d', 'DictionaryIndex'],
      ['r', 'RangeIndex'],
      ['x', 'RegExIndex'],
    ] as const) {
      indexes.create(id, type);
      indexes.add(id, 0, text('zero'));
      indexes.add(id, 1, text('one'));
    }
    indexes.createSpatialIndex('s');
    indexes.addGeometry('s', 0, [0, 0]);
    indexes.addGeometry('s', 1, [0, 0]);
    await engine.removeElement(0);
    for (const id of ['d', 'r', 'x']) {
      assert.deepEqual(indexes.scan(id, ScanOperator.NotEquals, text(''), both), [1], id);
      assert.equal(indexes.get(id)!.valueCount, 1, id);
    }
    assert.deepEqual(indexes.spatial('s', 1, 1), [1]);
    assert.equal(indexes.spatial('s', 0, 1), undefined);
  });

  it('removing a vertex purges its cascaded edges too', async () => {
    const engine = await sampleEngine();
    const { indexes } = engine;
    indexes.create('d', 'DictionaryIndex');
    for (const id of [0, 2, 3, 4]) indexes.add('d', id, text('k'));
    await engine.removeElement(1); // takes e3 and e4 with it
    assert.deepEqual(indexes.scan('d', ScanOperator.Equals, text('k'), both), [0, 2]);
    assert.equal(indexes.get('d')!.valueCount, 2);
  });

  it('a rolled-back removal purges nothing', async () => {
    const engine = await sampleEngine();
    const { indexes } = engine;
    indexes.create('d', 'DictionaryIndex');
    indexes.add('d', 0, text('k'));
    await assert.rejects(
      engine.submit([
        { kind: 'removeElement', id: 0 },
        { kind: 'createEdge', input: { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'x' } },
      ]),
      (error: unknown) =>
        isEngineError(error, 'ELEMENT_NOT_FOUND') && /endpoint vertex 0 /.test(error.message),
    );
    assert.deepEqual(indexes.scan('d', ScanOperator.Equals, text('k'), both), [0]);
  });

  it('a trim renumbers memberships: they follow their elements', async () => {
    const engine = await sampleEngine();
    const { indexes } = engine;
    indexes.create('r', 'RangeIndex');
    indexes.createSpatialIndex('s');
    indexes.add('r', 2, int(20));
    indexes.add('r', 4, int(40));
    indexes.addGeometry('s', 2, [1, 1]);
    await engine.removeElement(0); // takes e3: survivors 1, 2, 4 become 0, 1, 2
    await engine.trim();
    assert.deepEqual(indexes.scan('r', ScanOperator.GreaterOrEquals, int(0), both), [1, 2]);
    assert.deepEqual(indexes.scan('r', ScanOperator.Equals, int(40), both), [2]);
    assert.deepEqual(indexes.spatial('s', 1, 0), [1]);
  });

  it('a clear drops every index', async () => {
    const engine = await sampleEngine();
    engine.indexes.create('d', 'DictionaryIndex');
    engine.indexes.createSpatialIndex('s');
    await engine.clear();
    assert.equal(engine.indexes.size, 0);
    assert.deepEqual(engine.indexes.list(), []);
  });
});

describe('index registry: scans', () => {
  it('scan: ascending ids, each once, after the kind and label restrictor; undefined for an unknown index', async () => {
    const { indexes } = await sampleEngine();
    indexes.create('r', 'RangeIndex');
    indexes.add('r', 0, int(10));
    indexes.add('r', 0, int(11));
    indexes.add('r', 2, int(12));
    indexes.add('r', 3, int(13));
    indexes.add('r', 4, int(14));
    assert.deepEqual(indexes.scan('r', ScanOperator.Greater, int(9), both), [0, 2, 3, 4]);
    assert.deepEqual(indexes.scan('r', ScanOperator.Greater, int(9), { resultType: 'Vertices' }), [0, 2]);
    assert.deepEqual(indexes.scan('r', ScanOperator.Greater, int(9), { resultType: 'Edges' }), [3, 4]);
    assert.deepEqual(
      indexes.scan('r', ScanOperator.Greater, int(9), { resultType: 'Both', label: 'city' }),
      [0, 3],
    );
    assert.deepEqual(
      indexes.scan('r', ScanOperator.Greater, int(9), { resultType: 'Both', label: 'nope' }),
      [],
    );
    assert.equal(indexes.scan('nope', ScanOperator.Equals, int(1), both), undefined);
  });

  it('ordered operators on a dictionary index are a linear key scan with the same answers', async () => {
    const { indexes } = await sampleEngine();
    indexes.create('d', 'DictionaryIndex');
    indexes.create('r', 'RangeIndex');
    for (const id of ['d', 'r']) [5, 1, 3].forEach((n, element) => indexes.add(id, element, int(n)));
    for (const operator of [0, 1, 2, 3, 4, 5] as ScanOperator[]) {
      assert.deepEqual(indexes.scan('d', operator, int(3), both), indexes.scan('r', operator, int(3), both));
    }
  });

  it('indexes without keys answer empty scans; range is empty on a type without the range capability', async () => {
    const { indexes } = await sampleEngine();
    indexes.createSpatialIndex('s');
    indexes.create('d', 'DictionaryIndex');
    indexes.add('d', 0, int(1));
    assert.deepEqual(indexes.scan('s', ScanOperator.Equals, int(1), both), []);
    assert.deepEqual(indexes.range('d', int(0), int(5), true, true, both), []);
    assert.equal(indexes.range('nope', int(0), int(5), true, true, both), undefined);
  });

  it('fulltext: blank or invalid expressions are INVALID_INPUT; other index types and unknown ids undefined', async () => {
    const { indexes } = await sampleEngine();
    indexes.create('x', 'RegExIndex');
    indexes.create('d', 'DictionaryIndex');
    indexes.add('x', 0, text('Skein graph'));
    indexes.add('x', 1, text('graph graph'));
    assert.deepEqual(indexes.fulltext('x', 'GRAPH'), {
      maximumScore: 2,
      elements: [
        { graphElementId: 0, highlights: ['graph'], score: 1 },
        { graphElementId: 1, highlights: ['graph'], score: 2 },
      ],
    });
    assert.deepEqual(indexes.fulltext('x', 'nothing'), { maximumScore: 0, elements: [] });
    assert.throws(() => indexes.fulltext('x', '  '), isInvalidInput);
    assert.throws(() => indexes.fulltext('x', '(unclosed'), isInvalidInput);
    assert.equal(indexes.fulltext('d', 'graph'), undefined);
    assert.equal(indexes.fulltext('nope', 'graph'), undefined);
  });

  it('spatial: only live elements; undefined for a non-spatial index', async () => {
    const engine = await sampleEngine();
    const { indexes } = engine;
    indexes.createSpatialIndex('s');
    assert.equal(indexes.addGeometry('s', 0, [0, 0]), true);
    assert.equal(indexes.addGeometry('s', 99, [0, 0]), false);
    assert.equal(indexes.addGeometry('nope', 0, [0, 0]), false);
    indexes.create('d', 'DictionaryIndex');
    assert.equal(indexes.addGeometry('d', 0, [0, 0]), false);
    assert.equal(indexes.spatial('d', 0, 1), undefined);
    assert.deepEqual(indexes.spatial('s', 0, 1), [0]);
  });
});

describe('index registry: backfill', () => {
  async function propertyEngine(): Promise<Engine> {
    const engine = new Engine();
    await engine.createVertices([
      {
        label: 'p',
        properties: [
          { key: 'age', value: int(30) },
          { key: 'tag:a', value: text('x') },
        ],
      },
      {
        label: 'p',
        properties: [
          { key: 'age', value: int(40) },
          { key: 'tag:b', value: text('y') },
        ],
      },
      { label: 'q', properties: [{ key: 'age', value: parseValue('Single[]', '[1,2]') }] },
      { label: 'q' },
    ]);
    return engine;
  }

  it('indexes each element under its property value and counts what it saw', async () => {
    const { indexes } = await propertyEngine();
    indexes.create('r', 'RangeIndex');
    const outcome = await indexes.backfill('r', { propertyId: 'age' });
    assert.deepEqual(outcome, {
      indexId: 'r',
      propertyId: 'age',
      replaced: false,
      scannedElements: 4,
      indexedElements: 2,
      skippedUnindexableValues: 1,
    });
    assert.deepEqual(indexes.scan('r', ScanOperator.GreaterOrEquals, int(35), both), [1]);
  });

  it('is add-only by default; replace empties the index first', async () => {
    const { indexes } = await propertyEngine();
    indexes.create('d', 'DictionaryIndex');
    indexes.add('d', 3, text('manual'));
    await indexes.backfill('d', { propertyId: 'age' });
    assert.deepEqual(indexes.scan('d', ScanOperator.Equals, text('manual'), both), [3]);
    const replaced = await indexes.backfill('d', { propertyId: 'age', replace: true });
    assert.equal(replaced.replaced, true);
    assert.deepEqual(indexes.scan('d', ScanOperator.Equals, text('manual'), both), []);
    assert.equal(indexes.get('d')!.valueCount, 2);
  });

  it('prefix mode reads every key starting with propertyId; label restricts the elements', async () => {
    const { indexes } = await propertyEngine();
    indexes.create('d', 'DictionaryIndex');
    const outcome = await indexes.backfill('d', { propertyId: 'tag:', prefix: true, label: 'p' });
    assert.deepEqual([outcome.scannedElements, outcome.indexedElements], [2, 2]);
    assert.deepEqual(indexes.scan('d', ScanOperator.Equals, text('y'), both), [1]);
  });

  it('INVALID_INPUT for an unknown index, a missing propertyId, an index without keys, or no body on a non-derived index', async () => {
    const { indexes } = await propertyEngine();
    indexes.create('d', 'DictionaryIndex');
    indexes.createSpatialIndex('s');
    await assert.rejects(indexes.backfill('nope', { propertyId: 'age' }), isInvalidInput);
    await assert.rejects(indexes.backfill('d', { propertyId: '' }), isInvalidInput);
    await assert.rejects(indexes.backfill('s', { propertyId: 'age' }), isInvalidInput);
    await assert.rejects(indexes.backfill('d'), isInvalidInput);
  });

  it('never indexes an element removed while it runs, even when the graph grows meanwhile', async () => {
    const engine = new Engine();
    const count = 40_000;
    await engine.createVertices(
      Array.from({ length: count }, () => ({ properties: [{ key: 'n', value: int(1) }] })),
    );
    engine.indexes.create('d', 'DictionaryIndex');
    const running = engine.indexes.backfill('d', { propertyId: 'n' });
    // Between slices: an element not reached yet goes away, and the columns grow past their capacity
    // (a creation that large is itself applied in slices, between the backfill's).
    const removed = engine.removeElement(count - 1);
    await engine.createVertices(Array.from({ length: 200_000 }, () => ({})));
    await removed;
    const outcome = await running;
    assert.equal(outcome.indexedElements, count - 1);
    const hits = engine.indexes.scan('d', ScanOperator.Equals, int(1), both)!;
    assert.equal(hits.length, count - 1);
    assert.equal(engine.indexes.get('d')!.valueCount, count - 1);
  });

  it('walks a graph larger than one slice', async () => {
    const engine = new Engine();
    const count = 40_000;
    await engine.createVertices(
      Array.from({ length: count }, (_, i) => ({ properties: [{ key: 'n', value: int(i % 7) }] })),
    );
    engine.indexes.create('d', 'DictionaryIndex');
    const outcome = await engine.indexes.backfill('d', { propertyId: 'n' });
    assert.deepEqual([outcome.scannedElements, outcome.indexedElements], [count, count]);
    assert.equal(engine.indexes.get('d')!.keyCount, 7);
  });
});

/** A minimal third-party index type: proves the plug-in path (create with options, status, purge). */
class CountingIndex implements GraphIndex {
  readonly pluginType = 'CountingIndex';
  readonly capabilities = ['vector' as const];
  readonly embeddingName = 'default';
  readonly model = 'm';
  members = new Set<number>();
  constructor(
    readonly id: string,
    readonly dimension: number,
  ) {}
  get keyCount() {
    return null;
  }
  get valueCount() {
    return this.members.size;
  }
  add(elementId: number, _key: TypedValue) {
    this.members.add(elementId);
    return true;
  }
  removeElement(elementId: number) {
    return this.members.delete(elementId) || true;
  }
  removeKey() {
    return false;
  }
  purge(elementId: number) {
    this.members.delete(elementId);
  }
  renumber(renumbering: Int32Array) {
    this.members = new Set([...this.members].map((id) => renumbering[id]).filter((id) => id >= 0));
  }
  clearEntries() {
    this.members.clear();
  }
  rebuild() {
    return { propertyId: null, scannedElements: 1, indexedElements: 1, skippedUnindexableValues: 0 };
  }
  serialize() {
    return Uint8Array.from([this.dimension, ...this.members]);
  }
}

const countingPlugin: IndexPlugin = {
  pluginType: 'CountingIndex',
  capabilities: ['vector'],
  creatableOverInterface: true,
  create(id, options) {
    const dimension = options.get('dimension');
    if (dimension?.type !== 'Int32' || dimension.value < 1) return undefined;
    return new CountingIndex(id, dimension.value);
  },
  deserialize(id, payload) {
    const index = new CountingIndex(id, payload[0]);
    for (const member of payload.subarray(1)) index.members.add(member);
    return index;
  },
};

describe('index registry: plug-in types', () => {
  it('a registered type is created with its options, listed, purged, rebuilt and checkpointed', async () => {
    const engine = await sampleEngine();
    const { indexes } = engine;
    indexes.registerType(countingPlugin);
    assert.equal(
      indexes.create('v', 'CountingIndex', new Map([['dimension', int(0)]]), { overInterface: true }),
      false,
    );
    assert.equal(
      indexes.create('v', 'CountingIndex', new Map([['dimension', int(3)]]), { overInterface: true }),
      true,
    );
    indexes.add('v', 0, int(0));
    indexes.add('v', 2, int(0));
    await engine.removeElement(0);
    assert.deepEqual(indexes.list(), [
      {
        indexId: 'v',
        pluginType: 'CountingIndex',
        embeddingName: 'default',
        model: 'm',
        capabilities: ['vector'],
        keys: null,
        values: 1,
      },
    ]);
    assert.deepEqual(await indexes.backfill('v'), {
      indexId: 'v',
      propertyId: null,
      replaced: true,
      scannedElements: 1,
      indexedElements: 1,
      skippedUnindexableValues: 0,
    });
    const bytes = indexes.serializeIndex('v')!;
    const other = new Engine();
    assert.throws(() => other.indexes.restoreIndex(bytes), IndexFormatError);
    other.indexes.registerType(countingPlugin);
    const restored = other.indexes.restoreIndex(bytes) as CountingIndex;
    assert.deepEqual([restored.id, restored.dimension, [...restored.members]], ['v', 3, [2]]);
  });
});

describe('index registry: checkpoint round-trip', () => {
  it('every built-in type serializes and restores to an index answering the same scans', async () => {
    const engine = new Engine();
    const ids = await engine.createVertices(Array.from({ length: 300 }, () => ({})));
    const { indexes } = engine;
    indexes.create('d', 'DictionaryIndex');
    indexes.create('r', 'RangeIndex');
    indexes.create('x', 'RegExIndex');
    indexes.createSpatialIndex('s', { metric: 'Geographic', earthRadius: 6371 });
    const keys: TypedValue[] = [
      int(-3),
      parseValue('Int64', '9007199254740993'),
      parseValue('UInt64', '18446744073709551615'),
      parseValue('Double', 'NaN'),
      parseValue('Single', '0.1'),
      parseValue('Decimal', '1.250'),
      parseValue('DateTime', '2026-08-09T10:00:00Z'),
      parseValue('DateTimeOffset', '2026-08-09T10:00:00+02:00'),
      parseValue('TimeSpan', '1.02:03:04.5'),
      parseValue('Guid', '2f1c4b6a-9d33-4f7e-9a11-6b2c8d5e4f30'),
      parseValue('Char', 'x'),
      parseValue('Boolean', 'true'),
      text('Graph databases'),
      text('é'),
    ];
    for (const id of ids) {
      for (const index of ['d', 'r', 'x']) indexes.add(index, id, keys[id % keys.length]);
      indexes.add('r', id, int(id));
      indexes.addGeometry('s', id, [(id % 170) - 85, ((id * 7) % 360) - 180]);
    }
    const copy = new Engine();
    await copy.createVertices(Array.from({ length: 300 }, () => ({})));
    for (const id of ['d', 'r', 'x', 's']) {
      const restored = copy.indexes.restoreIndex(indexes.serializeIndex(id)!);
      assert.equal(restored.id, id);
      assert.equal(restored.pluginType, indexes.get(id)!.pluginType);
      assert.equal(restored.keyCount, indexes.get(id)!.keyCount);
      assert.equal(restored.valueCount, indexes.get(id)!.valueCount);
    }
    for (const id of ['d', 'r', 'x']) {
      for (const key of keys) {
        for (const operator of [0, 1, 2, 3, 4, 5] as ScanOperator[]) {
          assert.deepEqual(copy.indexes.scan(id, operator, key, both), indexes.scan(id, operator, key, both));
        }
      }
    }
    assert.deepEqual(
      copy.indexes.range('r', int(10), int(200), false, true, both),
      indexes.range('r', int(10), int(200), false, true, both),
    );
    assert.deepEqual(copy.indexes.fulltext('x', 'graph|x'), indexes.fulltext('x', 'graph|x'));
    for (const id of [0, 57, 299])
      assert.deepEqual(copy.indexes.spatial('s', id, 900), indexes.spatial('s', id, 900));
    assert.ok(copy.indexes.get('s') instanceof SpatialIndex);
  });

  it('refuses foreign, truncated, newer and trailing bytes with IndexFormatError', () => {
    const { indexes } = new Engine();
    indexes.create('r', 'RangeIndex');
    indexes.get('r')!.add(1, int(5));
    const bytes = indexes.serializeIndex('r')!;
    assert.equal(indexes.serializeIndex('nope'), undefined);
    const foreign = Uint8Array.from(bytes);
    foreign[1] ^= 0x20;
    const newer = Uint8Array.from(bytes);
    newer[4] = 99;
    const trailing = Uint8Array.from([...bytes, 0]);
    for (const bad of [foreign, bytes.subarray(0, bytes.length - 1), newer, trailing, new Uint8Array()]) {
      assert.throws(() => indexes.restoreIndex(bad), IndexFormatError);
    }
  });
});
