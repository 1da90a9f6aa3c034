/**
 * Bulk export through the library (docs/bulk.md, "The file" and "Export"): the line format and order, the
 * filters, the 422 causes found before any byte, a consistent cut that later writes do not touch,
 * back-pressure, and round trips (every sample; generated graphs of every type) through import.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  BulkExportError,
  Engine,
  formatBulkValue,
  importJsonl,
  openExport,
  parseBulkValue,
  resolveBulkTypeName,
  unexportableReason,
  valuesEqual,
  writeEmbedding,
  type ExportFilters,
  type TypedValue,
} from '../../src/index.js';
import { assertIdentical } from '../engine/durability/arbitraries.js';
import { storableValue } from './arbitraries.js';
import { samplesDirectory } from '../support/samples.js';

async function exported(engine: Engine, filters: ExportFilters = {}, chunkLines?: number): Promise<string> {
  const { stream } = await openExport(engine, filters, chunkLines === undefined ? {} : { chunkLines });
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

interface Line {
  type: string;
  id: number;
  label?: string;
  creationDate?: number;
  edgePropertyId?: string;
  source?: number;
  target?: number;
  properties?: Record<string, { type: string; value: string }>;
  [field: string]: unknown;
}

function parse(text: string): Line[] {
  assert.ok(text.endsWith('\n'));
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
}

/** The lines with ids renumbered in line order (endpoints with them) and no timestamp: equal files compare equal. */
function normalized(text: string): string {
  const lines = parse(text);
  const ids = new Map<number, number>();
  lines.slice(1).forEach((line, index) => ids.set(line.id, index));
  return lines
    .map((line) => {
      if (line.type === 'meta') return JSON.stringify({ ...line, exportedAtUtc: '' });
      const copy = { ...line, id: ids.get(line.id) };
      if (line.type === 'edge')
        Object.assign(copy, { source: ids.get(line.source!), target: ids.get(line.target!) });
      return JSON.stringify(copy);
    })
    .join('\n');
}

const pins = (engine: Engine) => (engine.graph.embeddings as unknown as { pins: Set<unknown> }).pins.size;
const sidePins = (engine: Engine) => (engine.graph.properties as unknown as { sidePins: number }).sidePins;

async function sampleGraph(): Promise<Engine> {
  const engine = new Engine();
  await engine.createVertices([
    {
      label: 'person',
      properties: [
        { key: 'name', value: { type: 'String', value: 'Alice' } },
        { key: 'vip', value: { type: 'Boolean', value: true } },
      ],
    },
    { creationDate: 1713862800 },
  ]);
  await engine.createEdge({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows', label: 'friendship' });
  await writeEmbedding(engine, 2, 'default', [0.12, -0.5, 0.33]);
  return engine;
}

describe('bulk export', () => {
  it('writes the meta line, vertex lines then edge lines, fields in the documented order, label and properties left out when absent', async () => {
    const engine = await sampleGraph();
    const lines = (await exported(engine)).split('\n');
    assert.match(
      lines[0],
      /^\{"type":"meta","format":"svc-jsonl","version":2,"exportedAtUtc":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}0000Z","vertexCount":2,"edgeCount":1\}$/,
    );
    assert.deepEqual(lines.slice(1), [
      '{"type":"vertex","id":0,"label":"person","creationDate":0,"properties":{"name":{"type":"System.String","value":"Alice"},"vip":{"type":"System.Boolean","value":"true"}}}',
      '{"type":"vertex","id":1,"creationDate":1713862800}',
      '{"type":"edge","id":2,"edgePropertyId":"knows","source":0,"target":1,"label":"friendship","creationDate":0,"properties":{"$embedding:default":{"type":"System.Single[]","value":"0.12,-0.5,0.33"}}}',
      '',
    ]);
  });

  it('writes each line exactly through runs of elements sharing a label and creation date, and after them', async () => {
    const engine = new Engine();
    const runs: [string | null, number, number][] = [
      ['a', 5, 7],
      ['a', 6, 7],
      ['b', 6, 1],
      [null, 6, 9],
      ['a', 4_294_967_295, 6],
    ];
    const expected: string[] = [];
    for (const [label, creationDate, count] of runs) {
      for (let i = 0; i < count; i++) {
        const id = expected.length;
        expected.push(
          `{"type":"vertex","id":${id}${label === null ? '' : `,"label":"${label}"`},"creationDate":${creationDate}}`,
        );
        await engine.createVertex({ label, creationDate });
      }
    }
    const lines = (await exported(engine)).split('\n');
    assert.deepEqual(lines.slice(1, -1), expected);
  });

  it('writes the meta line of an empty graph with zero counts', async () => {
    const lines = parse(await exported(new Engine()));
    assert.equal(lines.length, 1);
    assert.equal(lines[0].vertexCount, 0);
    assert.equal(lines[0].edgeCount, 0);
  });

  it('filters vertices by label and edges by label and type (AND), leaving out edges whose endpoints are not exported', async () => {
    const engine = new Engine();
    await engine.createVertices([{ label: 'a' }, { label: 'a' }, { label: 'b' }, {}]);
    await engine.createEdges([
      { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'x', label: 'l' },
      { sourceVertex: 0, targetVertex: 2, edgePropertyId: 'x', label: 'l' },
      { sourceVertex: 1, targetVertex: 0, edgePropertyId: 'y', label: 'l' },
      { sourceVertex: 3, targetVertex: 3, edgePropertyId: 'x' },
    ]);
    const ids = async (filters: ExportFilters) => {
      const lines = parse(await exported(engine, filters));
      const [meta, ...rest] = lines;
      assert.equal(meta.vertexCount, rest.filter((l) => l.type === 'vertex').length);
      assert.equal(meta.edgeCount, rest.filter((l) => l.type === 'edge').length);
      return rest.map((line) => line.id);
    };
    assert.deepEqual(await ids({}), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(await ids({ vertexLabel: 'a' }), [0, 1, 4, 6]);
    assert.deepEqual(await ids({ edgePropertyId: 'x' }), [0, 1, 2, 3, 4, 5, 7]);
    assert.deepEqual(await ids({ edgePropertyId: 'x', edgeLabel: 'l' }), [0, 1, 2, 3, 4, 5]);
    assert.deepEqual(await ids({ vertexLabel: 'a', edgeLabel: 'l', edgePropertyId: 'y' }), [0, 1, 6]);
    assert.deepEqual(await ids({ vertexLabel: 'A' }), []);
    assert.deepEqual(await ids({ edgePropertyId: 'none' }), [0, 1, 2, 3]);
  });

  describe('refuses an unexportable value before producing anything, naming element and key', () => {
    const cases: [string, (engine: Engine) => Promise<unknown>, string, RegExp][] = [
      [
        'a String with an unpaired surrogate',
        (e) => e.setProperty(1, 's', { type: 'String', value: 'a\udc00' }),
        's',
        /unpaired surrogate/,
      ],
      [
        'a Char that is a lone surrogate',
        (e) => e.setProperty(1, 'c', { type: 'Char', value: '\ud801' }),
        'c',
        /unpaired surrogate/,
      ],
      [
        'a key with an unpaired surrogate',
        (e) => e.setProperty(1, 'k\ud800', { type: 'Int32', value: 1 }),
        'k\ud800',
        /key holds an unpaired surrogate/,
      ],
      [
        'a provider stamp with an unpaired surrogate',
        (e) => writeEmbedding(e, 1, 'v', [1], { model: 'm\ud800' }),
        '$embeddingModel:v',
        /unpaired surrogate/,
      ],
    ];
    for (const [name, write, key, reason] of cases) {
      it(name, async () => {
        const engine = new Engine();
        await engine.createVertices([{}, {}]);
        await write(engine);
        await assert.rejects(openExport(engine), (error: unknown) => {
          assert.ok(error instanceof BulkExportError);
          assert.equal(error.elementId, 1);
          assert.equal(error.propertyKey, key);
          assert.match(error.message, reason);
          return true;
        });
        assert.equal(pins(engine), 0, 'the cut is released');
        assert.equal(sidePins(engine), 0);
      });
    }

    it('unless the filters leave the element out', async () => {
      const engine = new Engine();
      await engine.createVertices([{ label: 'ok' }, { label: 'bad' }]);
      await engine.setProperty(1, 's', { type: 'String', value: '\ud800' });
      assert.equal(parse(await exported(engine, { vertexLabel: 'ok' })).length, 2);
    });
  });

  it('exports the graph as it was when the export began, whatever is written, removed or trimmed while it streams', async () => {
    const engine = new Engine();
    const count = 3000;
    await engine.createVertices(
      Array.from({ length: count }, (_, i) => ({
        label: i % 2 === 0 ? 'even' : 'odd',
        properties: [{ key: 'n', value: { type: 'String', value: `v${i}` } as TypedValue }],
      })),
    );
    await engine.createEdges(
      Array.from({ length: count }, (_, i) => ({
        sourceVertex: i,
        targetVertex: (i + 1) % count,
        edgePropertyId: 'next',
      })),
    );
    for (let i = 0; i < 50; i++) await writeEmbedding(engine, i, 'e', [i + 1, 2], { model: `m${i}` });
    await engine.removeElement(count - 1); // a tombstone, so the trim below renumbers
    const before = await exported(engine);

    const { stream } = await openExport(engine, {}, { chunkLines: 100 });
    let text = '';
    let writes = 0;
    for await (const chunk of stream) {
      text += String(chunk);
      // Between chunks: writes of every kind, each committed before the next chunk is made.
      if (writes++ === 0) {
        await engine.removeElement(0);
        await engine.setProperty(2, 'n', { type: 'String', value: 'changed' });
        await writeEmbedding(engine, 4, 'e', [9, 9]);
        await engine.createVertex({ label: 'late' });
        await engine.trim();
        await writeEmbedding(engine, 10, 'e', [7, 7]);
      }
    }
    assert.ok(writes > 10);
    assert.equal(text.replace(/"exportedAtUtc":"[^"]*"/, ''), before.replace(/"exportedAtUtc":"[^"]*"/, ''));
    assert.equal(pins(engine), 0);
    assert.equal(sidePins(engine), 0);
  });

  it('produces only what its reader asks for, and a destroyed stream releases the cut', async () => {
    const engine = new Engine();
    await engine.createVertices(Array.from({ length: 100_000 }, () => ({ label: 'v' })));
    await writeEmbedding(engine, 5, 'e', [1]);
    const { stream } = await openExport(engine, {}, { chunkLines: 500 });
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    // A paused reader: at most the buffer's high-water mark and one chunk are produced ahead of it.
    assert.ok(
      stream.readableLength <= stream.readableHighWaterMark + 4 * first.length,
      `${stream.readableLength} buffered`,
    );
    assert.equal(pins(engine), 1);
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(pins(engine), 0);
    assert.equal(sidePins(engine), 0);
  });

  it('lets the event loop turn while it checks and writes a large graph', async () => {
    const engine = new Engine();
    await engine.createVertices(
      Array.from({ length: 200_000 }, () => ({
        properties: [{ key: 'k', value: { type: 'Int32', value: 1 } as TypedValue }],
      })),
    );
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const { stream } = await openExport(engine, {}, { sliceMs: 1 });
    const afterCheck = turns;
    let chunks = 0;
    for await (const chunk of stream) if (String(chunk).length > 0) chunks++;
    ticking = false;
    assert.ok(afterCheck > 2, `${afterCheck} turns while the cut was taken and checked`);
    assert.ok(turns > afterCheck + chunks / 2, `${turns - afterCheck} turns for ${chunks} chunks`);
  });

  it('round-trips every sample: the export holds the sample values exactly, and export-import-export is stable', async () => {
    for (const name of ['karate-club', 'cyber-warfare', 'movie-night']) {
      const sample = readFileSync(`${samplesDirectory}/${name}.jsonl`, 'utf8');
      const engine = new Engine();
      await importJsonl(engine, [sample]);
      const first = await exported(engine);
      const sampleLines = parse(sample).slice(1);
      const firstLines = parse(first).slice(1);
      assert.equal(firstLines.length, sampleLines.length, name);
      const ids = new Map(sampleLines.map((line, index) => [line.id, firstLines[index].id]));
      sampleLines.forEach((line, index) => {
        const out = firstLines[index];
        assert.equal(out.type, line.type);
        assert.equal(out.label, line.label);
        assert.equal(out.creationDate, line.creationDate);
        if (line.type === 'edge') {
          assert.equal(out.edgePropertyId, line.edgePropertyId);
          assert.equal(out.source, ids.get(line.source!));
          assert.equal(out.target, ids.get(line.target!));
        }
        const keys = Object.keys(line.properties ?? {}).sort();
        assert.deepEqual(Object.keys(out.properties ?? {}), keys, `${name} line ${index + 2}`);
        for (const key of keys) {
          const expected = line.properties![key];
          const actual = out.properties![key];
          const type = resolveBulkTypeName(expected.type)!;
          assert.equal(actual.type, `System.${type}`);
          const a = parseBulkValue(type, actual.value);
          const b = parseBulkValue(type, expected.value);
          assert.ok(valuesEqual(a, b), `${name} ${key}: ${actual.value} vs ${expected.value}`);
        }
      });
      const again = new Engine();
      await importJsonl(again, [first]);
      assert.equal(normalized(await exported(again)), normalized(first), name);
    }
  });

  it('round-trips generated graphs holding every value type, labels, tombstones and embeddings', async () => {
    const key = fc.oneof(
      fc.constantFrom('name', 'n', 'κλειδί', 'a b', '"q"', '\\', '𝄞'),
      fc.string({ minLength: 1, maxLength: 6 }),
    );
    const value = storableValue.filter((v) => unexportableReason(v) === undefined);
    const properties = fc.uniqueArray(fc.record({ key, value }), { maxLength: 4, selector: (p) => p.key });
    const label = fc.option(fc.constantFrom('person', 'city', 'Ünïcødé', 'with "quotes"'), { nil: null });
    const element = fc.record({ label, properties, creationDate: fc.integer({ min: 0, max: 2 ** 32 - 1 }) });
    const embedding = fc.record({
      name: fc.constantFrom('default', 'e-2', 'X_y'),
      vector: fc.float32Array({ minLength: 1, maxLength: 6, noDefaultInfinity: true, noNaN: true }),
      model: fc.option(fc.constantFrom('m#3#Cosine', 'bge'), { nil: null }),
    });
    const graph = fc.record({
      vertices: fc.array(element, { minLength: 1, maxLength: 12 }),
      edges: fc.array(
        fc.record({
          element,
          source: fc.nat(),
          target: fc.nat(),
          type: fc.constantFrom('knows', 'owns', 'ä'),
        }),
        { maxLength: 16 },
      ),
      embeddings: fc.array(fc.record({ at: fc.nat(), embedding }), { maxLength: 6 }),
      removed: fc.array(fc.nat(), { maxLength: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(graph, async (spec) => {
        const engine = new Engine();
        const vertices = await engine.createVertices(spec.vertices);
        const pick = (n: number) => vertices[n % vertices.length];
        if (spec.edges.length > 0) {
          await engine.createEdges(
            spec.edges.map((e) => ({
              ...e.element,
              sourceVertex: pick(e.source),
              targetVertex: pick(e.target),
              edgePropertyId: e.type,
            })),
          );
        }
        for (const {
          at,
          embedding: { name, vector, model },
        } of spec.embeddings) {
          const id = at % engine.nextId;
          if (engine.graph.exists(id)) await writeEmbedding(engine, id, name, vector, { model });
        }
        for (const n of spec.removed) await engine.removeElement(n % engine.nextId);

        const first = await exported(engine);
        const copy = new Engine();
        const summary = await importJsonl(copy, [first], { batchSize: 3 });
        assert.equal(summary.verticesCreated, engine.vertexCount);
        assert.equal(summary.edgesCreated, engine.edgeCount);
        const second = await exported(copy);
        assert.equal(normalized(second), normalized(first));
        // Every value came back identical (type, bits, text), not merely equal.
        const original = parse(first).slice(1);
        parse(second)
          .slice(1)
          .forEach((line, index) => {
            const from = original[index];
            for (const [k, entry] of Object.entries(line.properties ?? {})) {
              const type = resolveBulkTypeName(entry.type)!;
              const expected = parseBulkValue(type, from.properties![k].value);
              assertIdentical(parseBulkValue(type, entry.value), expected);
              assert.equal(formatBulkValue(expected), entry.value);
            }
          });
      }),
      { numRuns: 150 },
    );
  });
});

/**
 * A destination that takes each chunk's bytes only when it calls back, `delayTurns` turns after the write,
 * and asks for more at once (a large high-water mark): chunks are made while earlier ones are still held.
 */
function lateCopyingSink(delayTurns: number): { sink: Writable; text: () => string; writes: () => number } {
  const copies: Buffer[] = [];
  let writes = 0;
  const sink = new Writable({
    highWaterMark: 1 << 30,
    write(chunk: Buffer, _encoding, callback) {
      writes++;
      let turns = delayTurns;
      const later = (): void => {
        if (turns-- > 0) return void setImmediate(later);
        copies.push(Buffer.from(chunk));
        callback();
      };
      later();
    },
  });
  return { sink, text: () => Buffer.concat(copies).toString('utf8'), writes: () => writes };
}

async function largeGraph(): Promise<Engine> {
  const engine = new Engine();
  await engine.createVertices(
    Array.from({ length: 20_000 }, (_, i) => ({
      label: i % 3 === 0 ? 'a' : 'b',
      properties: [
        { key: 'name', value: { type: 'String', value: `n${i} é` } as TypedValue },
        { key: 'score', value: { type: 'Double', value: i / 8 } as TypedValue },
      ],
    })),
  );
  await engine.createEdges(
    Array.from({ length: 20_000 }, (_, i) => ({
      sourceVertex: i,
      targetVertex: (i * 7) % 20_000,
      edgePropertyId: 'e',
    })),
  );
  return engine;
}

const withoutTimestamp = (text: string) => text.replace(/"exportedAtUtc":"[^"]*"/, '');

describe('bulk export: writeTo', () => {
  it('writes the bytes the stream gives and ends the destination, reusing a chunk buffer only after its callback', async () => {
    const engine = await largeGraph();
    const expected = await exported(engine, {}, 300);
    const { sink, text, writes } = lateCopyingSink(3);
    const opened = await openExport(engine, {}, { chunkLines: 300 });
    await opened.writeTo(sink);
    assert.ok(sink.writableFinished);
    assert.ok(writes() > 100, `${writes()} chunks`);
    assert.equal(withoutTimestamp(text()), withoutTimestamp(expected));
    assert.equal(pins(engine), 0, 'the cut is released');
    assert.equal(sidePins(engine), 0);
  });

  it('makes a chunk only when the destination takes more', async () => {
    const engine = await largeGraph();
    let writes = 0;
    const held: (() => void)[] = [];
    const sink = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, callback) {
        writes++;
        held.push(callback);
      },
    });
    const opened = await openExport(engine, {}, { chunkLines: 100 });
    const done = opened.writeTo(sink);
    for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes, 1, 'nothing beyond the chunk the destination has not taken');
    held.shift()!();
    for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes, 2);
    sink.destroy();
    await assert.rejects(done, { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    assert.equal(pins(engine), 0);
  });

  it('rejects and releases the cut when the destination closes before the end', async () => {
    const engine = await largeGraph();
    let writes = 0;
    const sink = new Writable({
      write(_chunk, _encoding, callback) {
        if (++writes === 3) sink.destroy();
        callback();
      },
    });
    const opened = await openExport(engine, {}, { chunkLines: 100 });
    await assert.rejects(opened.writeTo(sink), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    assert.equal(writes, 3);
    assert.equal(pins(engine), 0);
    assert.equal(sidePins(engine), 0);
  });

  it('is read once: through writeTo or through stream', async () => {
    const engine = await sampleGraph();
    const opened = await openExport(engine);
    const { sink } = lateCopyingSink(0);
    await opened.writeTo(sink);
    assert.throws(() => opened.stream, /already being read/);
    const other = await openExport(engine);
    void other.stream;
    assert.throws(() => void other.writeTo(lateCopyingSink(0).sink), /already being read/);
    other.release();
  });

  it('writes a line longer than a chunk whole, in one chunk', async () => {
    const engine = new Engine();
    const long = 'ü"x'.repeat(200_000);
    await engine.createVertices([
      {},
      { properties: [{ key: 'k', value: { type: 'String', value: long } }] },
      {},
    ]);
    const { sink, text } = lateCopyingSink(1);
    await (await openExport(engine, {}, { chunkBytes: 1024 })).writeTo(sink);
    const lines = text().split('\n');
    assert.equal(lines.length, 5);
    assert.equal(
      lines[2],
      `{"type":"vertex","id":1,"creationDate":0,"properties":{"k":{"type":"System.String","value":${JSON.stringify(long)}}}}`,
    );
  });
});
