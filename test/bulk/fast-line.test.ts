/**
 * The fast lane of bulk line parsing (src/bulk/fast-line.ts) against the general lane: for any line, and
 * any sequence of lines (file ids repeated, endpoints seen earlier or not), both give the same outcome,
 * the same operations or the same error with the same message and line number. And the lane does take
 * the lines exports write, so the comparison is not between the general lane and itself.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  Engine,
  formatBulkValue,
  openExport,
  unexportableReason,
  writeEmbedding,
  type TypedValue,
} from '../../src/index.js';
import { FastLineScanner } from '../../src/bulk/fast-line.js';
import { FileIdMap } from '../../src/bulk/id-map.js';
import { LineParser } from '../../src/bulk/line-parse.js';
import { bulkTypeName } from '../../src/bulk/values.js';
import { storableValue } from './arbitraries.js';
import { samplesDirectory } from '../support/samples.js';

const samples = samplesDirectory;

/** An engine with a vector index bound to the embedding name `e` (2 components, cosine: no zero vector). */
function engineWithBoundIndex(): Engine {
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
  return engine;
}

type Outcome =
  | { parsed: ReturnType<LineParser['parse']> }
  | { error: { name: string; message: string; lineNumber: unknown } };

/** Every line's outcome, then the count check's, through one parser (as an import does). */
function outcomes(lines: string[], fastLane: boolean): { results: Outcome[]; parser: LineParser } {
  const parser = new LineParser(engineWithBoundIndex(), new FileIdMap(), { fastLane });
  const results: Outcome[] = [];
  const failure = (error: unknown): Outcome => {
    const { name, message, lineNumber } = error as { name: string; message: string; lineNumber?: number };
    return { error: { name, message, lineNumber } };
  };
  let ordinal = 0;
  lines.forEach((line, index) => {
    try {
      const parsed = parser.parse(line, index + 1, ordinal, ordinal % 7);
      if (parsed !== undefined) ordinal++;
      // The parser answers one object for every line: keep a copy.
      results.push({ parsed: parsed === undefined ? undefined : { ...parsed } });
    } catch (error) {
      results.push(failure(error));
    }
  });
  try {
    parser.checkCounts(lines.length);
  } catch (error) {
    results.push(failure(error));
  }
  return { results, parser };
}

// ---- lines: members as JSON texts, so a generator can write what JSON.stringify never would ----

/** A JSON string literal of `text`, plain or with some or all characters written as escapes. */
const stringLiteral = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(
      text,
      fc.constantFrom('plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'unicode', 'first', 'quote'),
    )
    .map(([s, how]) => {
      const unicode = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
      if (how === 'unicode') return `"${Array.from(s, (c) => [...c].map(unicode).join('')).join('')}"`;
      if (how === 'first' && s.length > 0) return `"${unicode(s[0])}${JSON.stringify(s.slice(1)).slice(1)}`;
      if (how === 'quote') return JSON.stringify(`${s}"`);
      return JSON.stringify(s);
    });

/** Integers as JSON texts: small ones (ids repeat, endpoints hit), edges of int32 and of the lane. */
const integerText = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -3, max: 12 }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '-0',
      '01',
      '00',
      '1e3',
      '1E0',
      '1.0',
      '0.5',
      '-1',
      '2147483647',
      '2147483648',
      '-2147483648',
      '-2147483649',
      '4294967295',
      '4294967296',
      '999999999999999',
      '1000000000000000',
      '99999999999999999999',
      '-',
      '"3"',
      'null',
      'true',
      '[]',
      '{}',
    ),
  },
);
const creationDateText = fc.oneof(
  fc.constantFrom('0', '1767225600', '4294967295', '4294967296', '-1', '1.5', '1e3', '"0"', 'null'),
  fc.nat().map(String),
);
const words = fc.constantFrom(
  'person',
  'knows',
  'e',
  'a b',
  'é',
  '𝄞',
  'x\ud800',
  '',
  '"',
  '\\',
  '\t',
  '\u007f',
);
const anyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('person', 'knows', 'e', 'a b', 'é', '𝄞', 'name', 'x'.repeat(20)) },
  { weight: 2, arbitrary: words },
  { weight: 2, arbitrary: fc.string({ maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);
const labelText = fc.oneof(
  { weight: 4, arbitrary: stringLiteral(anyString) },
  { weight: 1, arbitrary: fc.constantFrom('null', '1', '[]', '{}', 'true') },
);
const edgeTypeText = fc.oneof(
  { weight: 4, arbitrary: stringLiteral(anyString) },
  { weight: 1, arbitrary: fc.constantFrom('null', '1', '{}') },
);

const typeNames = fc.constantFrom(
  'System.String',
  'System.Int32',
  'int',
  'INT32',
  'System.Double',
  'System.Single[]',
  'float[]',
  'System.Boolean',
  'System.Nope',
  '',
);
const embeddingKeys = fc.constantFrom(
  '$embedding:e',
  '$embedding:default',
  '$embeddingModel:e',
  '$embeddingModel:default',
  '$embedding:',
  '$embedding:bad name',
  '$embeddingModel:zz',
  '$other',
);
const propertyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('name', 'score', 'age') },
  { weight: 2, arbitrary: embeddingKeys },
  { weight: 1, arbitrary: fc.constantFrom('', '1', '01', '9x', '__proto__', 'constructor', 'a"b', 'é') },
  { weight: 1, arbitrary: anyString },
);
/** A property entry's `{"type":...,"value":...}` text, mostly right. */
const propertyEntry = fc.oneof(
  {
    weight: 5,
    arbitrary: storableValue.map((value) => ({
      type: bulkTypeName(value.type),
      value: formatBulkValue(value),
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .float32Array({ maxLength: 3 })
      .map((vector) => ({ type: 'System.Single[]', value: Array.from(vector).join(',') })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { type: 'System.Single[]', value: '0,0' },
      { type: 'System.Single[]', value: '0.5,1' },
      { type: 'System.Single[]', value: '[1,2]' },
      { type: 'System.String', value: 'm#3#Cosine' },
    ),
  },
  { weight: 2, arbitrary: fc.record({ type: typeNames, value: anyString }) },
);
const propertyText = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(propertyEntry, fc.boolean())
      .chain(([{ type, value }, plain]) =>
        plain
          ? fc.constant(`{"type":${JSON.stringify(type)},"value":${JSON.stringify(value)}}`)
          : fc
              .tuple(stringLiteral(fc.constant(type)), stringLiteral(fc.constant(value)))
              .map(([t, v]) => `{"type":${t},"value":${v}}`),
      ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"value":"1","type":"int"}',
      '{"type":"int"}',
      '{"value":"1"}',
      '{"type":"int","value":1}',
      '{"type":1,"value":"1"}',
      '{"type":"int","value":"1","x":0}',
      '{"type":"int","type":"int","value":"1"}',
      '{}',
      'null',
      '"1"',
      '[]',
    ),
  },
);
const propertiesText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(fc.tuple(stringLiteral(propertyKey), propertyText), { maxLength: 4 })
      .map((members) => `{${members.map(([k, v]) => `${k}:${v}`).join(',')}}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('null', '[]', '"x"', '1') },
);

type Member = [name: string, value: string];

/** The texts of one line's members, before they are put in order. */
interface MemberTexts {
  edge: boolean;
  type: string;
  id: string;
  edgePropertyId: string | null;
  source: string | null;
  target: string | null;
  label: string | null;
  creationDate: string | null;
  properties: string | null;
}

/** An element line's members in the exports' order; optional ones left out. */
function inOrder(m: MemberTexts): Member[] {
  const members: Member[] = [['type', m.type !== '' ? m.type : m.edge ? '"edge"' : '"vertex"']];
  members.push(['id', m.id]);
  if (m.edge) {
    if (m.edgePropertyId !== null) members.push(['edgePropertyId', m.edgePropertyId]);
    if (m.source !== null) members.push(['source', m.source]);
    if (m.target !== null) members.push(['target', m.target]);
  }
  if (m.label !== null) members.push(['label', m.label]);
  if (m.creationDate !== null) members.push(['creationDate', m.creationDate]);
  if (m.properties !== null) members.push(['properties', m.properties]);
  return members;
}

/** Any member texts: wrong types, odd numbers, escapes, odd keys and values. */
const elementMembers: fc.Arbitrary<Member[]> = fc
  .record({
    edge: fc.boolean(),
    type: fc.oneof(
      { weight: 12, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom('"meta"', '"Vertex"', '1', 'null', '"v\\u0065rtex"') },
    ),
    id: integerText,
    edgePropertyId: fc.option(edgeTypeText, { freq: 8 }),
    source: fc.option(integerText, { freq: 8 }),
    target: fc.option(integerText, { freq: 8 }),
    label: fc.option(labelText),
    creationDate: fc.option(creationDateText, { freq: 8 }),
    properties: fc.option(propertiesText),
  })
  .map(inOrder);

/** Values whose bulk text JSON writes without an escape, as exports mostly hold. */
const plainEntry = fc.oneof(
  storableValue
    .filter((value) => value.type !== 'String' && value.type !== 'Char')
    .map((value) => ({ type: bulkTypeName(value.type), value: formatBulkValue(value) })),
  fc
    .constantFrom('Alice', 'person 12', 'é𝄞', '', 'x'.repeat(40))
    .map((value) => ({ type: 'System.String', value })),
  fc.constantFrom('0.5,1', '0,0', '1', '', '1,2,3').map((value) => ({ type: 'System.Single[]', value })),
);
/** Member texts as exports write them (most still fail a check: ids repeat, endpoints are missing...). */
const plainMembers: fc.Arbitrary<Member[]> = fc
  .record({
    edge: fc.boolean(),
    type: fc.constant(''),
    id: fc.integer({ min: -2, max: 12 }).map(String),
    edgePropertyId: fc.constantFrom('"knows"', '"owns"', '""'),
    source: fc.integer({ min: 0, max: 12 }).map(String),
    target: fc.integer({ min: 0, max: 12 }).map(String),
    label: fc.option(fc.constantFrom('"person"', '"a b"', 'null', '"ä"', '""')),
    creationDate: fc.constantFrom('0', '1767225600', '4294967295'),
    properties: fc.option(
      fc
        .uniqueArray(
          fc.tuple(
            fc.constantFrom(
              'name',
              'score',
              'k',
              '1',
              '01',
              '$embedding:e',
              '$embeddingModel:e',
              '$embedding:default',
            ),
            plainEntry,
          ),
          { maxLength: 4, selector: ([key]) => key },
        )
        .map(
          (members) =>
            `{${members.map(([key, { type, value }]) => `"${key}":{"type":"${type}","value":"${value}"}`).join(',')}}`,
        ),
    ),
  })
  .map(inOrder);

/** Changes to the members: a repeat, an unknown field, a swap, an escaped name, an edge field in a vertex. */
const memberChange = fc.oneof(
  { weight: 12, arbitrary: fc.constant((members: Member[]) => members) },
  fc.nat().map((i) => (members: Member[]) => [...members, members[i % members.length]]),
  fc
    .constantFrom<Member>(['extra', '1'], ['modificationDate', '0'], ['source', '0'], ['Type', '"vertex"'])
    .map((member) => (members: Member[]) => [...members, member]),
  fc.tuple(fc.nat(), fc.nat()).map(([i, j]) => (members: Member[]) => {
    const copy = [...members];
    const a = i % copy.length;
    const b = j % copy.length;
    [copy[a], copy[b]] = [copy[b], copy[a]];
    return copy;
  }),
  fc.nat().map((i) => (members: Member[]) => members.filter((_, index) => index !== i % members.length)),
);
const nameText = (name: string, escaped: boolean) =>
  escaped ? `"\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${name.slice(1)}"` : `"${name}"`;

/** Changes to the text: whitespace, a cut, trailing content, a control character, a backslash. */
const textChange = fc.oneof(
  { weight: 16, arbitrary: fc.constant((text: string) => text) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat(), fc.constantFrom(' ', '\t', '\r', '\n', '\u00a0')).map(
      ([i, ws]) =>
        (text: string) =>
          text.slice(0, i % (text.length + 1)) + ws + text.slice(i % (text.length + 1)),
    ),
  },
  { weight: 1, arbitrary: fc.nat().map((i) => (text: string) => text.slice(0, i % (text.length + 1))) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(' ', 'x', '}', ',', ',{}', '\u0000')
      .map((tail) => (text: string) => text + tail),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom('\u0001', '\u001f', '\\', '"', '\\"', '\\u0041', '0', '-'))
      .map(([i, c]) => (text: string) => {
        const at = i % (text.length + 1);
        return text.slice(0, at) + c + text.slice(at);
      }),
  },
);

const elementLine = fc
  .tuple(
    fc.oneof(elementMembers, plainMembers),
    memberChange,
    fc.nat(9).map((n) => n === 0),
    fc.integer({ min: 0, max: 20 }),
    textChange,
  )
  .map(([members, change, escapeName, nameIndex, finish]) => {
    const changed = change(members);
    const text = `{${changed
      .map(([name, value], i) => `${nameText(name, escapeName && i === nameIndex % changed.length)}:${value}`)
      .join(',')}}`;
    return finish(text);
  });
const metaLineText = fc.constantFrom(
  '{"type":"meta","format":"svc-jsonl","version":2}',
  '{"type":"meta","format":"svc-jsonl","version":2,"vertexCount":2,"edgeCount":1}',
  '{"type":"meta","format":"fallen8-jsonl","version":1}',
  '',
  '   ',
);
const lineSequence = fc
  .tuple(fc.option(metaLineText), fc.array(elementLine, { minLength: 1, maxLength: 8 }))
  .map(([meta, lines]) => (meta === null ? lines : [meta, ...lines]));

describe('bulk fast lane', () => {
  it('gives every sequence of lines the outcome of the general lane (operations, or error, message and line)', () => {
    let fastLines = 0;
    let runs = 0;
    let retries = 0;
    fc.assert(
      fc.property(lineSequence, (lines) => {
        const general = outcomes(lines, false);
        const fast = outcomes(lines, true);
        assert.deepStrictEqual(fast.results, general.results);
        assert.equal(general.parser.fastLines, 0);
        fastLines += fast.parser.fastLines;
        retries += fast.parser.fastRetries;
        runs++;
      }),
      { numRuns: 3000 },
    );
    // The comparison means something only if the fast lane read many of the lines itself.
    assert.ok(fastLines > runs / 5, `the fast lane read ${fastLines} lines in ${runs} runs`);
    assert.ok(retries > runs / 5, `the fast lane handed back ${retries} lines in ${runs} runs`);
  });

  it('reads a line that fails a check after the scan in the general lane, with its error', () => {
    const lines = [
      '{"type":"vertex","id":1,"creationDate":0}',
      '{"type":"vertex","id":1,"creationDate":0}',
      '{"type":"edge","id":2,"edgePropertyId":"knows","source":1,"target":7,"creationDate":0}',
      '{"type":"vertex","id":3,"creationDate":4294967296}',
      '{"type":"vertex","id":4,"creationDate":0,"properties":{"a":{"type":"int","value":"x"},"b":{"type":"nope","value":"1"}}}',
    ];
    const fast = outcomes(lines, true);
    assert.deepStrictEqual(fast.results, outcomes(lines, false).results);
    assert.equal(fast.parser.fastLines, 1);
    assert.equal(fast.parser.fastRetries, 4);
    assert.deepStrictEqual(
      fast.results.slice(1).map((r) => ('error' in r ? r.error.message : '')),
      [
        'duplicate id 1',
        'the target vertex 7 does not appear on an earlier line',
        'creationDate must be a uint32 of Unix seconds, not 4294967296',
        "the property 'a': The value 'x' is not a valid System.Int32",
      ],
    );
  });

  it('refuses a repeated property key in the scan (the general lane reports it)', () => {
    const scanner = new FastLineScanner();
    const line = (keys: string[]) =>
      `{"type":"vertex","id":1,"creationDate":0,"properties":{${keys
        .map((k) => `"${k}":{"type":"int","value":"1"}`)
        .join(',')}}}`;
    const many = Array.from({ length: 40 }, (_, i) => `k${i}`);
    assert.equal(scanner.scan(line(many)), true);
    assert.equal(scanner.propertyCount, 40);
    assert.equal(scanner.scan(line(['a', 'b', 'a'])), false);
    assert.equal(scanner.scan(line([...many, 'k3'])), false);
    assert.equal(scanner.scan(line([...many, 'k39'])), false);
  });

  it('takes every element line of the ancestor samples and of exports that holds no escape', async () => {
    for (const name of ['karate-club', 'cyber-warfare', 'movie-night']) {
      const lines = readFileSync(`${samples}/${name}.jsonl`, 'utf8').trimEnd().split('\n');
      const { results, parser } = outcomes(lines, true);
      assert.ok(results.every((r) => 'parsed' in r));
      assert.equal(parser.fastLines, lines.length - 1, name);
      assert.equal(parser.fastRetries, 0);
    }
    const element = fc.record({
      label: fc.option(fc.constantFrom('person', 'ä', 'a "quoted" one', 'x'.repeat(30)), { nil: null }),
      properties: fc.uniqueArray(
        fc.record({
          key: fc.constantFrom('name', 'score', 'é', 'a\\b', 'k'),
          value: storableValue.filter((value) => unexportableReason(value) === undefined),
        }),
        { maxLength: 4, selector: (p) => p.key },
      ),
      creationDate: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(element, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), element), { maxLength: 8 }),
        fc.option(fc.float32Array({ minLength: 2, maxLength: 2, noNaN: true, noDefaultInfinity: true })),
        async (vertices, edges, vector) => {
          const engine = new Engine();
          const ids = await engine.createVertices(vertices);
          if (edges.length > 0) {
            await engine.createEdges(
              edges.map(([s, t, e]) => ({
                ...e,
                sourceVertex: ids[s % ids.length],
                targetVertex: ids[t % ids.length],
                edgePropertyId: 'knows',
              })),
            );
          }
          if (vector !== null && vector.some((x) => x !== 0)) {
            await writeEmbedding(engine, ids[0], 'default', vector, { model: 'm' });
          }
          const { stream } = await openExport(engine);
          let text = '';
          for await (const chunk of stream) text += String(chunk);
          const lines = text.trimEnd().split('\n');
          const { results, parser } = outcomes(lines, true);
          assert.ok(results.every((r) => 'parsed' in r));
          const plain = lines.slice(1).filter((line) => !line.includes('\\')).length;
          assert.equal(parser.fastLines, plain);
          assert.equal(parser.fastRetries, 0);
          assert.deepStrictEqual(results, outcomes(lines, false).results);
        },
      ),
      { numRuns: 100 },
    );
  });
});
