/**
 * Bulk import through the library (docs/bulk.md, "The file" and "Import"): strict lines, every invalid-line
 * cause with its line number, batches as transactions with partial commit, ids remapped, the meta line's
 * rules, and ids that stay right whatever else the writer does meanwhile.
 */
import assert from 'node:assert/strict';
import { createReadStream } from 'node:fs';
import { describe, it } from 'node:test';
import {
  BulkImportError,
  Engine,
  importJsonl,
  type ImportOptions,
  type TypedValue,
  type WriteOperation,
} from '../../src/index.js';
import { samplesDirectory } from '../support/samples.js';

const samples = samplesDirectory;

function lines(...items: (object | string)[]): string {
  return items.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('\n') + '\n';
}

const meta = (extra: object = {}) => ({ type: 'meta', format: 'svc-jsonl', version: 2, ...extra });
const vertex = (id: number, extra: object = {}) => ({ type: 'vertex', id, creationDate: 0, ...extra });
const edge = (id: number, source: number, target: number, extra: object = {}) => ({
  type: 'edge',
  id,
  edgePropertyId: 'knows',
  source,
  target,
  creationDate: 0,
  ...extra,
});
const str = (value: string) => ({ type: 'System.String', value });

async function failure(
  text: string | string[],
  options: ImportOptions = {},
  engine = new Engine(),
): Promise<BulkImportError> {
  try {
    await importJsonl(engine, Array.isArray(text) ? text : [text], options);
  } catch (error) {
    if (error instanceof BulkImportError) return error;
    throw error;
  }
  assert.fail('the import succeeded');
}

/** Asserts that `text` fails on `lineNumber` with a message matching `reason`. */
async function assertInvalid(text: string, lineNumber: number, reason: RegExp): Promise<void> {
  const error = await failure(text);
  assert.equal(error.kind, 'invalidLine', error.message);
  assert.equal(error.lineNumber, lineNumber, error.message);
  assert.match(error.message, new RegExp(`^Line ${lineNumber}: `));
  assert.match(error.message, reason);
}

describe('bulk import', () => {
  it('loads every sample of the ancestor unchanged (its format name accepted), ids remapped in file order', async () => {
    for (const [name, vertices, edges] of [
      ['karate-club', 34, 78],
      ['cyber-warfare', 6, 5],
      ['movie-night', 191, 1697],
    ] as const) {
      const engine = new Engine();
      const summary = await importJsonl(engine, createReadStream(`${samples}/${name}.jsonl`));
      assert.equal(summary.verticesCreated, vertices, name);
      assert.equal(summary.edgesCreated, edges, name);
      assert.equal(engine.vertexCount, vertices);
      assert.equal(engine.edgeCount, edges);
      // vertices get 0.., edges the ids after them, in file order
      assert.equal(engine.getVertex(vertices - 1)?.kind, 'vertex');
      assert.equal(engine.getEdge(vertices)?.kind, 'edge');
    }
  });

  it('keeps labels, creation dates, typed values, embeddings and their provider stamps', async () => {
    const engine = new Engine();
    await importJsonl(engine, createReadStream(`${samples}/movie-night.jsonl`));
    const first = engine.getVertex(0)!;
    assert.equal(first.label, 'movie');
    assert.equal(first.creationDate, 1767225600);
    const byKey = new Map(first.properties.map((p) => [p.key, p.value]));
    assert.deepEqual(byKey.get('title'), { type: 'String', value: 'Inception' });
    assert.deepEqual(byKey.get('year'), { type: 'Int32', value: 2010 });
    const embedding = engine.graph.embeddings.read(0, 'default')!;
    assert.equal(embedding.vector.length, 1024);
    assert.equal(embedding.vector[0], Math.fround(-0.02936));
    assert.equal(embedding.model, 'bge-m3#1024#Cosine');
    // the edge of file id 1000000 joins file vertices 0 and 49: engine 0 and the 50th vertex line
    const edge = engine.getEdge(191)!;
    assert.equal(edge.edgePropertyId, 'belongsTo');
    assert.equal(edge.sourceVertex, 0);
  });

  it('remaps any int32 file ids (negative, sparse) to fresh ids and wires edges by them', async () => {
    const engine = new Engine();
    const text = lines(
      vertex(-5),
      vertex(2 ** 31 - 1),
      vertex(700_000_000),
      edge(-(2 ** 31), 700_000_000, -5),
      edge(3, 2 ** 31 - 1, 2 ** 31 - 1),
    );
    assert.deepEqual(await importJsonl(engine, [text]), {
      verticesCreated: 3,
      edgesCreated: 2,
      linesRead: 5,
    });
    assert.deepEqual([engine.getEdge(3)!.sourceVertex, engine.getEdge(3)!.targetVertex], [2, 0]);
    assert.deepEqual([engine.getEdge(4)!.sourceVertex, engine.getEdge(4)!.targetVertex], [1, 1]);
  });

  it('counts every line in linesRead, the meta line and blank or whitespace-only lines included, CRLF too', async () => {
    const engine = new Engine();
    const text = [
      JSON.stringify(meta()),
      '',
      JSON.stringify(vertex(1)),
      '   ',
      '\t',
      JSON.stringify(vertex(2)),
    ].join('\r\n');
    assert.deepEqual(await importJsonl(engine, [text]), {
      verticesCreated: 2,
      edgesCreated: 0,
      linesRead: 6,
    });
  });

  it('loads files of version 1 and 2, with or without counts, and files without a meta line', async () => {
    for (const first of [
      meta({ version: 1 }),
      meta({ version: 2, vertexCount: 1, edgeCount: 0 }),
      meta({ format: 'fallen8-jsonl' }),
    ]) {
      const summary = await importJsonl(new Engine(), [lines(first, vertex(0))]);
      assert.equal(summary.verticesCreated, 1);
    }
    assert.equal((await importJsonl(new Engine(), [lines(vertex(0))])).linesRead, 1);
    assert.deepEqual(await importJsonl(new Engine(), []), {
      verticesCreated: 0,
      edgesCreated: 0,
      linesRead: 0,
    });
  });

  it('needs an empty graph: live elements refuse it, tombstones do not', async () => {
    const engine = new Engine();
    const id = await engine.createVertex();
    const error = await failure(lines(vertex(0)), {}, engine);
    assert.equal(error.kind, 'notEmpty');
    assert.equal(engine.vertexCount, 1);
    await engine.removeElement(id);
    assert.equal((await importJsonl(engine, [lines(vertex(0))])).verticesCreated, 1);
  });

  it('refuses a second import into the same graph while one is running', async () => {
    const engine = new Engine();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* slow() {
      yield lines(vertex(0));
      await gate;
    }
    const first = importJsonl(engine, slow());
    const second = await failure(lines(vertex(1)), {}, engine);
    assert.equal(second.kind, 'notEmpty');
    assert.match(second.message, /another import/);
    release();
    await first;
  });

  describe('refuses every invalid line with its line number', () => {
    const cases: [string, string, number, RegExp][] = [
      ['malformed JSON', lines(vertex(0), '{"type":"vertex","id":1,'), 2, /malformed JSON/],
      ['a line that is not an object', lines('[1,2]'), 1, /not a JSON object/],
      ['trailing content after the object', lines(`${JSON.stringify(vertex(0))} {}`), 1, /malformed JSON/],
      ['an unknown line type', lines({ type: 'node', id: 0 }), 1, /unknown line type "node"/],
      ['a missing type', lines({ id: 0, creationDate: 0 }), 1, /'type' is missing/],
      ['an unknown field', lines(vertex(0, { color: 'red' })), 1, /unknown field 'color'/],
      ['an edge field on a vertex line', lines(vertex(0, { source: 1 })), 1, /unknown field 'source'/],
      [
        'modificationDate (not carried)',
        lines(vertex(0, { modificationDate: 0 })),
        1,
        /unknown field 'modificationDate'/,
      ],
      [
        'a repeated field',
        lines('{"type":"vertex","id":0,"creationDate":0,"id":1}'),
        1,
        /'id' appears twice/,
      ],
      ['a missing id', lines({ type: 'vertex', creationDate: 0 }), 1, /'id' is missing/],
      ['an id that is not an int32', lines(vertex(2 ** 31)), 1, /id must be an int32/],
      ['a fractional id', lines(vertex(1.5)), 1, /id must be an int32/],
      ['a string id', lines({ type: 'vertex', id: '1', creationDate: 0 }), 1, /id must be an int32/],
      ['a missing creationDate', lines({ type: 'vertex', id: 0 }), 1, /'creationDate' is missing/],
      ['a negative creationDate', lines(vertex(0, { creationDate: -1 })), 1, /creationDate must be a uint32/],
      [
        'a creationDate past uint32',
        lines(vertex(0, { creationDate: 2 ** 32 })),
        1,
        /creationDate must be a uint32/,
      ],
      ['a label that is not a string', lines(vertex(0, { label: 5 })), 1, /label must be a string or null/],
      [
        'properties that are not an object',
        lines(vertex(0, { properties: [] })),
        1,
        /properties must be an object/,
      ],
      ['null properties', lines(vertex(0, { properties: null })), 1, /properties must be an object/],
      [
        'a property that is not an object',
        lines(vertex(0, { properties: { a: 'x' } })),
        1,
        /'a' must be an object/,
      ],
      [
        'an unknown property member',
        lines(vertex(0, { properties: { a: { ...str('x'), note: 1 } } })),
        1,
        /unknown member 'note'/,
      ],
      [
        'a repeated property member',
        lines(
          '{"type":"vertex","id":0,"creationDate":0,"properties":{"a":{"type":"int","value":"1","value":"2"}}}',
        ),
        1,
        /'value' appears twice in properties.a/,
      ],
      [
        'a repeated property key',
        lines(
          '{"type":"vertex","id":0,"creationDate":0,"properties":{"a":{"type":"int","value":"1"},"a":{"type":"int","value":"2"}}}',
        ),
        1,
        /'a' appears twice in properties/,
      ],
      [
        'a property without a type',
        lines(vertex(0, { properties: { a: { value: '1' } } })),
        1,
        /'a' has no type/,
      ],
      [
        'a property without a value',
        lines(vertex(0, { properties: { a: { type: 'int' } } })),
        1,
        /'a' has no value/,
      ],
      [
        'a value that is not a string',
        lines(vertex(0, { properties: { a: { type: 'int', value: 1 } } })),
        1,
        /must be a string/,
      ],
      [
        'an unknown property type',
        lines(vertex(0, { properties: { a: { type: 'System.Object', value: '1' } } })),
        1,
        /unknown type "System.Object"/,
      ],
      [
        'an unconvertible value',
        lines(vertex(0, { properties: { a: { type: 'System.Byte', value: '999' } } })),
        1,
        /not a valid System.Byte/,
      ],
      [
        'an empty property key',
        lines(vertex(0, { properties: { '': str('x') } })),
        1,
        /key must not be empty/,
      ],
      [
        'an embedding that is not a Single[]',
        lines(vertex(0, { properties: { '$embedding:a': str('1') } })),
        1,
        /must be a System.Single\[\]/,
      ],
      [
        'an empty embedding',
        lines(vertex(0, { properties: { '$embedding:a': { type: 'System.Single[]', value: '' } } })),
        1,
        /the embedding 'a' is invalid: the vector is empty/,
      ],
      [
        'an embedding name outside the grammar',
        lines(vertex(0, { properties: { '$embedding:a b': { type: 'System.Single[]', value: '1' } } })),
        1,
        /does not name an embedding/,
      ],
      [
        'a provider stamp without its embedding',
        lines(vertex(0, { properties: { '$embeddingModel:a': str('m') } })),
        1,
        /has no '\$embedding:a' beside it/,
      ],
      ['a duplicate vertex id', lines(vertex(7), vertex(7)), 2, /duplicate id 7/],
      ['an edge id used by a vertex', lines(vertex(7), vertex(8), edge(7, 7, 8)), 3, /duplicate id 7/],
      ['a vertex id used by an edge', lines(vertex(1), edge(2, 1, 1), vertex(2)), 3, /duplicate id 2/],
      [
        'an endpoint not seen earlier',
        lines(vertex(1), edge(3, 1, 2), vertex(2)),
        2,
        /target vertex 2 does not appear on an earlier line/,
      ],
      [
        'an edge as an endpoint',
        lines(vertex(1), edge(3, 1, 1), edge(4, 3, 1)),
        3,
        /source 3 is an edge, not a vertex/,
      ],
      [
        'a missing edgePropertyId',
        lines({ type: 'edge', id: 1, source: 0, target: 0, creationDate: 0 }),
        1,
        /'edgePropertyId' is missing/,
      ],
      [
        'an empty edgePropertyId',
        lines(vertex(0), edge(1, 0, 0, { edgePropertyId: '' })),
        2,
        /edgePropertyId must be a non-empty string/,
      ],
      [
        'a missing source',
        lines(vertex(0), { type: 'edge', id: 1, edgePropertyId: 'e', target: 0, creationDate: 0 }),
        2,
        /'source' is missing/,
      ],
      ['a meta line after line 1', lines(vertex(0), meta()), 2, /only valid as line 1/],
      ['a meta line after a blank first line', '\n' + lines(meta()), 2, /only valid as line 1/],
      [
        'an unknown format',
        lines(meta({ format: 'svc-json' })),
        1,
        /format "svc-json" is not svc-jsonl or fallen8-jsonl/,
      ],
      ['a format in another case', lines(meta({ format: 'SVC-JSONL' })), 1, /format/],
      ['version 3', lines(meta({ version: 3 })), 1, /version 3 is not an integer from 1 to 2/],
      ['a version as a string', lines(meta({ version: '2' })), 1, /version "2"/],
      ['a missing version', lines({ type: 'meta', format: 'svc-jsonl' }), 1, /version is missing/],
      ['a negative count', lines(meta({ vertexCount: -1 })), 1, /vertexCount must be a non-negative integer/],
      ['an unknown meta field', lines(meta({ note: 'x' })), 1, /unknown field 'note' in the meta line/],
      [
        'fewer vertex lines than announced',
        lines(meta({ vertexCount: 3 }), vertex(0), vertex(1), ''),
        4,
        /vertexCount 3 but 2 vertex lines/,
      ],
      [
        'more edge lines than announced',
        lines(meta({ edgeCount: 0 }), vertex(0), edge(1, 0, 0)),
        3,
        /edgeCount 0 but 1 edge lines/,
      ],
      ['a byte-order mark', '\ufeff' + lines(vertex(0)), 1, /byte-order mark/],
    ];
    for (const [cause, text, lineNumber, reason] of cases) {
      it(cause, () => assertInvalid(text, lineNumber, reason));
    }

    it('bytes that are not UTF-8', async () => {
      const engine = new Engine();
      try {
        await importJsonl(engine, [
          Buffer.from(lines(vertex(0))),
          Buffer.from([0x7b, 0xc3, 0x28, 0x7d, 0x0a]),
        ]);
        assert.fail('accepted');
      } catch (error) {
        assert.ok(error instanceof BulkImportError);
        assert.equal(error.lineNumber, 2);
        assert.match(error.message, /not valid UTF-8/);
      }
    });

    it('a line over maxLineBytes, as its own failure kind', async () => {
      const long = JSON.stringify(vertex(1, { properties: { a: str('x'.repeat(200)) } }));
      const error = await failure(lines(vertex(0), long), { maxLineBytes: 100 });
      assert.equal(error.kind, 'lineTooLong');
      assert.equal(error.lineNumber, 2);
    });
  });

  it('commits batches of batchSize elements; the first invalid line stops it, earlier batches stay', async () => {
    const engine = new Engine();
    const text = lines(meta(), vertex(0), vertex(1), vertex(2), edge(3, 0, 1), vertex(4), '{"broken"');
    const error = await failure(text, { batchSize: 2 }, engine);
    assert.equal(error.kind, 'invalidLine');
    assert.equal(error.lineNumber, 7);
    // batches [v0 v1] and [v2 e3] committed; [v4] was open when line 7 failed
    assert.equal(error.verticesCommitted, 3);
    assert.equal(error.edgesCommitted, 1);
    assert.equal(engine.vertexCount, 3);
    assert.equal(engine.edgeCount, 1);
  });

  it('makes each batch one transaction, with edges and embeddings naming vertices of the same batch', async () => {
    const engine = new Engine();
    const commits: number[] = [];
    engine.addCommitHook((group) => {
      for (const transaction of group) commits.push(transaction.result.createdIds.length);
    });
    const embedding = { '$embedding:e': { type: 'System.Single[]', value: '1,2' } };
    const text = lines(
      vertex(10, { properties: embedding }),
      vertex(11),
      edge(12, 10, 11, { properties: embedding }),
      vertex(13),
      edge(14, 13, 10),
    );
    const progress: number[] = [];
    await importJsonl(engine, [text], {
      batchSize: 3,
      onBatchCommitted: (p) => progress.push(p.verticesCommitted + p.edgesCommitted),
    });
    assert.deepEqual(commits, [3, 2]);
    assert.deepEqual(progress, [3, 5]);
    assert.deepEqual(Array.from(engine.graph.embeddings.read(0, 'e')!.vector), [1, 2]);
    assert.deepEqual(Array.from(engine.graph.embeddings.read(2, 'e')!.vector), [1, 2]);
    assert.deepEqual([engine.getEdge(4)!.sourceVertex, engine.getEdge(4)!.targetVertex], [3, 0]);
  });

  it('gives a commit hook each batch as its own operations, though the batches reuse their columns', async () => {
    const engine = new Engine();
    const kept: WriteOperation[][] = [];
    engine.addCommitHook((group) => {
      for (const transaction of group) kept.push([...transaction.operations]);
    });
    const text = lines(
      vertex(0, { label: 'a' }),
      vertex(1, { label: 'b' }),
      edge(2, 0, 1),
      vertex(3, { label: 'c' }),
      edge(4, 3, 0),
      edge(5, 1, 3),
      vertex(6, { label: 'd' }),
    );
    await importJsonl(engine, [text], { batchSize: 2 });
    const labels = kept.map((operations) =>
      operations.map((operation) =>
        operation.kind === 'createEdge'
          ? `${operation.input.sourceVertex}->${operation.input.targetVertex}`
          : operation.kind === 'createVertex'
            ? operation.input.label
            : operation.kind,
      ),
    );
    assert.deepEqual(labels, [['a', 'b'], ['0->1', 'c'], ['3->0', '1->3'], ['d']]);
  });

  it('wires edges to the right vertices while other writers commit between and inside its batches', async () => {
    const engine = new Engine();
    async function* interleaved() {
      for (let i = 0; i < 40; i++) {
        yield lines(vertex(i, { properties: { n: str(`v${i}`) } }));
        // another writer's transaction, queued before the import's next batch
        void engine.createVertex({ label: 'intruder' });
      }
      for (let i = 0; i < 40; i++) {
        yield lines(edge(100 + i, i, (i * 7) % 40));
        void engine.createVertex({ label: 'intruder' });
      }
    }
    await importJsonl(engine, interleaved(), { batchSize: 3 });
    await engine.flush();
    const nameOf = (id: number) => engine.getVertex(id)!.properties.find((p) => p.key === 'n')!.value.value;
    let edges = 0;
    for (let id = 0; id < engine.nextId; id++) {
      const edge = engine.getEdge(id);
      if (edge === undefined) continue;
      const i = edges++;
      assert.equal(nameOf(edge.sourceVertex), `v${i}`);
      assert.equal(nameOf(edge.targetVertex), `v${(i * 7) % 40}`);
    }
    assert.equal(edges, 40);
  });

  it('refuses a batch after the graph was cleared during the import, instead of wiring wrong vertices', async () => {
    const engine = new Engine();
    async function* clearedMidway() {
      yield lines(vertex(0), vertex(1));
      await engine.flush();
      await engine.clear();
      await engine.createVertex();
      yield lines(edge(2, 0, 1), vertex(3));
    }
    try {
      await importJsonl(engine, clearedMidway(), { batchSize: 2 });
      assert.fail('accepted');
    } catch (caught) {
      assert.ok(caught instanceof BulkImportError);
      assert.equal(caught.kind, 'batchRolledBack');
      assert.equal(caught.cause?.code, 'IMPORT_INTERRUPTED');
      assert.equal(caught.lineNumber, 4);
      assert.equal(caught.verticesCommitted, 2);
    }
    assert.equal(engine.edgeCount, 0);
  });

  it('reports a batch the writer rolled back, with the counts committed before it', async () => {
    const engine = new Engine();
    let calls = 0;
    engine.addCommitHook(() => (++calls === 2 ? Promise.reject(new Error('disk full')) : undefined));
    const error = await failure(
      lines(vertex(0), vertex(1), vertex(2), vertex(3), vertex(4)),
      { batchSize: 2 },
      engine,
    );
    assert.equal(error.kind, 'batchRolledBack');
    assert.equal(error.cause?.code, 'WRITER_FAULT');
    assert.equal(error.lineNumber, 4);
    assert.equal(error.verticesCommitted, 2);
    assert.match(error.message, /disk full/);
  });

  it('refuses an embedding a vector index bound to its name would refuse', async () => {
    const engine = new Engine();
    const int = (value: number): TypedValue => ({ type: 'Int32', value });
    const text = (value: string): TypedValue => ({ type: 'String', value });
    assert.ok(
      engine.indexes.create(
        'bound',
        'VectorIndex',
        new Map<string, TypedValue>([
          ['dimension', int(2)],
          ['metric', text('Cosine')],
          ['embeddingName', text('e')],
        ]),
      ),
    );
    const zero = { '$embedding:e': { type: 'System.Single[]', value: '0,0' } };
    const error = await failure(lines(vertex(0, { properties: zero })), {}, engine);
    assert.equal(error.kind, 'invalidLine');
    assert.match(error.message, /vector index 'bound'/);
  });

  it('stops at maxBytes with the tooLarge kind', async () => {
    const error = await failure([lines(vertex(0)), lines(vertex(1)), lines(vertex(2))], { maxBytes: 40 });
    assert.equal(error.kind, 'tooLarge');
    assert.equal(error.lineNumber, undefined);
  });
});
