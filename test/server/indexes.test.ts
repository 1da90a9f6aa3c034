/**
 * Index routes over HTTP (docs/indexes.md, Routes and Scans): the true/false
 * rules of the management routes, typed keys, the four scans with their statuses, purging on element
 * removal, and the status inventory; bare and under /ns/{ns}.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertJson,
  assertProblem,
  Client,
  describePrefix,
  prefixes,
  testNamespace,
  useServer,
  type HttpReply,
} from '../support/server.js';

const Equals = 0;
const Greater = 1;
const GreaterOrEquals = 2;
const Lower = 3;
const LowerOrEquals = 4;
const NotEquals = 5;

const key = (propertyValue: string, fullQualifiedTypeName?: string | null) =>
  fullQualifiedTypeName === undefined ? { propertyValue } : { propertyValue, fullQualifiedTypeName };
const literal = (value: string, fullQualifiedTypeName?: string) => ({ value, fullQualifiedTypeName });

function assertBoolean(reply: HttpReply, expected: boolean): void {
  assert.equal(reply.status, 200, reply.text);
  assert.equal(reply.contentType, 'application/json');
  assert.equal(reply.text, String(expected));
}

for (const prefix of prefixes) {
  describe(`index routes: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    const create = (uniqueId: string, pluginType: string, pluginOptions?: unknown) =>
      fixture.client.post('/index', { uniqueId, pluginType, pluginOptions });
    const add = (indexId: string, graphElementId: number, indexKey: unknown) =>
      fixture.client.put(`/index/${encodeURIComponent(indexId)}`, { graphElementId, key: indexKey });
    const scanAll = async (body: unknown) =>
      assertJson<number[]>(await fixture.client.post('/scan/index/all', body));
    const scanRange = async (body: unknown) =>
      assertJson<number[]>(await fixture.client.post('/scan/index/range', body));

    /** v0 city, v1 city, v2 town, v3 (no label), e4 v0->v1 road (label city), e5 v1->v2 road. */
    async function seed(): Promise<void> {
      await fixture.client.vertices({ label: 'city' }, { label: 'city' }, { label: 'town' }, {});
      await fixture.client.edges(
        { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'road', label: 'city' },
        { sourceVertex: 1, targetVertex: 2, edgePropertyId: 'road' },
      );
    }

    /** A RangeIndex 'age' with Int32 keys: v0 10, v1 20, v2 30, v3 20, e4 20, e5 5; v0 also 99 (Int64). */
    async function seedAges(): Promise<void> {
      await seed();
      assertBoolean(await create('age', 'RangeIndex'), true);
      for (const [id, age] of [
        [0, 10],
        [1, 20],
        [2, 30],
        [3, 20],
        [4, 20],
        [5, 5],
      ]) {
        assertBoolean(await add('age', id, key(String(age), 'System.Int32')), true);
      }
      assertBoolean(await add('age', 0, key('99', 'Int64')), true);
    }

    describe('POST /index', () => {
      it('creates DictionaryIndex, RangeIndex and RegExIndex, ignoring their options', async () => {
        assertBoolean(await create('d', 'DictionaryIndex'), true);
        assertBoolean(await create('r', 'RangeIndex', { anything: key('1', 'Int32') }), true);
        assertBoolean(await create('x', 'RegExIndex', {}), true);
        assertBoolean(await create('n', 'DictionaryIndex', null), true);
      });

      it('answers false for SpatialIndex, a taken id, an unknown type or a type of another case', async () => {
        assertBoolean(await create('s', 'SpatialIndex'), false);
        assertBoolean(await create('d', 'DictionaryIndex'), true);
        assertBoolean(await create('d', 'RangeIndex'), false);
        assertBoolean(await create('n', 'NoSuchIndex'), false);
        assertBoolean(await create('n', 'dictionaryindex'), false);
      });

      it('an option with an unknown type name or an unconvertible value is 400', async () => {
        assertProblem(await create('d', 'DictionaryIndex', { metric: key('Cosine', 'System.Nope') }), 400);
        // An absent type name means Int32 (docs/elements.md, Typed values), and 'Cosine' is not one.
        assertProblem(await create('d', 'DictionaryIndex', { metric: { propertyValue: 'Cosine' } }), 400);
        assertBoolean(await create('d', 'DictionaryIndex', { metric: key('Cosine', null) }), true);
      });

      it('a body without uniqueId or pluginType is 400', async () => {
        assertProblem(await fixture.client.post('/index', { pluginType: 'RangeIndex' }), 400);
        assertProblem(await fixture.client.post('/index', { uniqueId: 'r' }), 400);
      });
    });

    describe('PUT /index/{indexId}', () => {
      it('answers true after adding, false for an unknown index or element', async () => {
        await seed();
        await create('d', 'DictionaryIndex');
        assertBoolean(await add('d', 0, key('Oslo', 'String')), true);
        assertBoolean(await add('d', 0, key('Oslo', 'String')), true);
        assertBoolean(await add('nope', 0, key('Oslo', 'String')), false);
        assertBoolean(await add('d', 99, key('Oslo', 'String')), false);
        assert.deepEqual(await scanAll({ indexId: 'd', literal: literal('Oslo') }), [0]);
      });

      it('keys are typed like property values: absent type name Int32, null or empty String, unknown 400', async () => {
        await seed();
        await create('d', 'DictionaryIndex');
        assertBoolean(await add('d', 0, key('5')), true);
        assertBoolean(await add('d', 1, key('5', null)), true);
        assertBoolean(await add('d', 2, key('5', '')), true);
        assertBoolean(await add('d', 3, key('5', 'long')), true);
        assertProblem(await add('d', 0, key('Oslo')), 400);
        assertProblem(await add('d', 0, key('5', 'System.Nope')), 400);
        assertProblem(await add('d', 0, key('999', 'Byte')), 400);
        assert.deepEqual(await scanAll({ indexId: 'd', literal: literal('5', 'Int32') }), [0]);
        assert.deepEqual(await scanAll({ indexId: 'd', literal: literal('5') }), [1, 2]);
        assert.deepEqual(await scanAll({ indexId: 'd', literal: literal('5', 'Int64') }), [3]);
      });

      it('a RegExIndex ignores keys that are not strings, still answering true', async () => {
        await seed();
        await create('x', 'RegExIndex');
        assertBoolean(await add('x', 0, key('5', 'Int32')), true);
        assert.deepEqual(await scanAll({ indexId: 'x', literal: literal('5', 'Int32') }), []);
      });

      it('a body without graphElementId or key is 400', async () => {
        await create('d', 'DictionaryIndex');
        assertProblem(await fixture.client.put('/index/d', { key: key('1', 'Int32') }), 400);
        assertProblem(await fixture.client.put('/index/d', { graphElementId: 0 }), 400);
      });
    });

    describe('DELETE /index/{indexId}/{graphElementId}', () => {
      it('true when index and element exist, member or not; false otherwise', async () => {
        await seed();
        await create('d', 'DictionaryIndex');
        await add('d', 0, key('k', 'String'));
        assertBoolean(await fixture.client.delete('/index/d/0'), true);
        assert.deepEqual(await scanAll({ indexId: 'd', literal: literal('k') }), []);
        assertBoolean(await fixture.client.delete('/index/d/1'), true);
        assertBoolean(await fixture.client.delete('/index/d/99'), false);
        assertBoolean(await fixture.client.delete('/index/nope/0'), false);
      });
    });

    describe('DELETE /index/{indexId}/propertyValue', () => {
      it('true when the key was removed, false for an absent key or unknown index; unknown type 400', async () => {
        await seed();
        await create('d', 'DictionaryIndex');
        await add('d', 0, key('k', 'String'));
        await add('d', 1, key('k', 'String'));
        const remove = (indexId: string, body: unknown) =>
          fixture.client.delete(`/index/${indexId}/propertyValue`, body);
        assertBoolean(await remove('d', key('k', 'Char')), false);
        assertBoolean(await remove('d', key('k', 'String')), true);
        assertBoolean(await remove('d', key('k', 'String')), false);
        assertBoolean(await remove('nope', key('k', 'String')), false);
        assertProblem(await remove('d', key('k', 'System.Nope')), 400);
        assert.deepEqual(await scanAll({ indexId: 'd', literal: literal('k'), resultType: 'Both' }), []);
      });
    });

    describe('DELETE /index/{indexId}', () => {
      it('true when the index existed', async () => {
        await create('d', 'DictionaryIndex');
        assertBoolean(await fixture.client.delete('/index/d'), true);
        assertBoolean(await fixture.client.delete('/index/d'), false);
        assertBoolean(await create('d', 'RangeIndex'), true);
      });
    });

    describe('POST /index/backfill/{id}', () => {
      const backfill = (id: string, body?: unknown) => fixture.client.post(`/index/backfill/${id}`, body);

      it('fills an index from a property and answers the outcome object', async () => {
        await fixture.client.vertices(
          {
            label: 'p',
            properties: [{ propertyId: 'age', propertyValue: '30', fullQualifiedTypeName: 'int' }],
          },
          {
            label: 'q',
            properties: [{ propertyId: 'age', propertyValue: '40', fullQualifiedTypeName: 'int' }],
          },
          {},
        );
        await create('r', 'RangeIndex');
        const outcome = assertJson(await backfill('r', { propertyId: 'age' }));
        assert.deepEqual(outcome, {
          indexId: 'r',
          propertyId: 'age',
          replaced: false,
          scannedElements: 3,
          indexedElements: 2,
          skippedUnindexableValues: 0,
        });
        assert.deepEqual(
          await scanAll({ indexId: 'r', operator: Greater, literal: literal('35', 'Int32') }),
          [1],
        );
        const labelled = assertJson<{ scannedElements: number }>(
          await backfill('r', { propertyId: 'age', replace: true, label: 'p' }),
        );
        assert.equal(labelled.scannedElements, 1);
        assert.deepEqual(
          await scanAll({ indexId: 'r', operator: Greater, literal: literal('0', 'Int32') }),
          [0],
        );
      });

      it('400 for an unknown index, a missing propertyId, or no body on an index without a recorded source', async () => {
        await create('r', 'RangeIndex');
        assertProblem(await backfill('nope', { propertyId: 'age' }), 400);
        assertProblem(await backfill('r', {}), 400);
        assertProblem(await backfill('r', { propertyId: null }), 400);
        assertProblem(await backfill('r'), 400);
      });

      it('400 for a spatial index, which cannot take arbitrary keys', async () => {
        fixture.engine.indexes.createSpatialIndex('s');
        assertProblem(await backfill('s', { propertyId: 'age' }), 400);
      });
    });

    describe('POST /scan/index/all', () => {
      it('each of the six operators on a RangeIndex compares keys of the literal type only', async () => {
        await seedAges();
        const twenty = literal('20', 'System.Int32');
        const scan = (operator: number) =>
          scanAll({ indexId: 'age', operator, literal: twenty, resultType: 'Both' });
        assert.deepEqual(await scan(Equals), [1, 3, 4]);
        assert.deepEqual(await scan(Greater), [2]);
        assert.deepEqual(await scan(GreaterOrEquals), [1, 2, 3, 4]);
        assert.deepEqual(await scan(Lower), [0, 5]);
        assert.deepEqual(await scan(LowerOrEquals), [0, 1, 3, 4, 5]);
        assert.deepEqual(await scan(NotEquals), [0, 2, 5]);
        const int64 = { indexId: 'age', literal: literal('99', 'Int64'), resultType: 'Both' };
        assert.deepEqual(await scanAll({ ...int64, operator: Equals }), [0]);
        assert.deepEqual(await scanAll({ ...int64, operator: NotEquals }), []);
      });

      it('the same operators on a DictionaryIndex (a linear key scan) give the same answers', async () => {
        await seedAges();
        await create('dict', 'DictionaryIndex');
        for (const [id, age] of [
          [0, 10],
          [1, 20],
          [2, 30],
          [3, 20],
          [4, 20],
          [5, 5],
        ]) {
          await add('dict', id, key(String(age), 'Int32'));
        }
        for (let operator = 0; operator <= 5; operator++) {
          const body = { operator, literal: literal('20', 'Int32'), resultType: 'Both' };
          assert.deepEqual(
            await scanAll({ ...body, indexId: 'dict' }),
            await scanAll({ ...body, indexId: 'age' }),
          );
        }
      });

      it('resultType defaults to Vertices; the label restrictor is exact and case-sensitive', async () => {
        await seedAges();
        const body = { indexId: 'age', operator: GreaterOrEquals, literal: literal('0', 'Int32') };
        assert.deepEqual(await scanAll(body), [0, 1, 2, 3]);
        assert.deepEqual(await scanAll({ ...body, resultType: 'Edges' }), [4, 5]);
        assert.deepEqual(await scanAll({ ...body, resultType: 'Both', label: 'city' }), [0, 1, 4]);
        assert.deepEqual(await scanAll({ ...body, resultType: 'Both', label: 'City' }), []);
        assert.deepEqual(await scanAll({ ...body, resultType: 2, label: null }), [0, 1, 2, 3, 4, 5]);
      });

      it('an element under several matching keys appears once; an absent operator is Equals', async () => {
        await seed();
        await create('d', 'DictionaryIndex');
        await add('d', 0, key('a', 'String'));
        await add('d', 0, key('b', 'String'));
        assert.deepEqual(await scanAll({ indexId: 'd', operator: NotEquals, literal: literal('z') }), [0]);
        assert.deepEqual(await scanAll({ indexId: 'd', literal: literal('a') }), [0]);
      });

      it('a RegExIndex equality lookup is exact and case-sensitive', async () => {
        await seed();
        await create('x', 'RegExIndex');
        await add('x', 0, key('Oslo', 'String'));
        assert.deepEqual(await scanAll({ indexId: 'x', literal: literal('Oslo') }), [0]);
        assert.deepEqual(await scanAll({ indexId: 'x', literal: literal('oslo') }), []);
      });

      it('400 for an unknown index, a missing literal, an unknown type or an operator out of range', async () => {
        await seedAges();
        assertProblem(
          await fixture.client.post('/scan/index/all', { indexId: 'nope', literal: literal('1') }),
          400,
        );
        assertProblem(await fixture.client.post('/scan/index/all', { indexId: 'age' }), 400);
        assertProblem(await fixture.client.post('/scan/index/all', { indexId: 'age', literal: {} }), 400);
        assertProblem(
          await fixture.client.post('/scan/index/all', { indexId: 'age', literal: literal('1', 'Nope') }),
          400,
        );
        assertProblem(
          await fixture.client.post('/scan/index/all', {
            indexId: 'age',
            operator: 6,
            literal: literal('1'),
          }),
          400,
        );
      });

      it('an index without keys (spatial) answers []', async () => {
        fixture.engine.indexes.createSpatialIndex('s');
        assert.deepEqual(await scanAll({ indexId: 's', literal: literal('1') }), []);
      });
    });

    describe('POST /scan/index/range', () => {
      it('limits are inclusive or exclusive as asked; both default to exclusive', async () => {
        await seedAges();
        const body = {
          indexId: 'age',
          leftLimit: '10',
          rightLimit: '20',
          fullQualifiedTypeName: 'Int32',
          resultType: 'Both',
        };
        assert.deepEqual(await scanRange(body), []);
        assert.deepEqual(await scanRange({ ...body, includeLeft: true }), [0]);
        assert.deepEqual(await scanRange({ ...body, includeRight: true }), [1, 3, 4]);
        assert.deepEqual(await scanRange({ ...body, includeLeft: true, includeRight: true }), [0, 1, 3, 4]);
        assert.deepEqual(await scanRange({ ...body, leftLimit: '0', rightLimit: '100' }), [0, 1, 2, 3, 4, 5]);
        assert.deepEqual(
          await scanRange({ ...body, leftLimit: '30', rightLimit: '0', includeLeft: true }),
          [],
        );
      });

      it('resultType defaults to Vertices; limits of another type than the keys match nothing', async () => {
        await seedAges();
        const body = { indexId: 'age', leftLimit: '0', rightLimit: '100', fullQualifiedTypeName: 'Int32' };
        assert.deepEqual(await scanRange(body), [0, 1, 2, 3]);
        assert.deepEqual(await scanRange({ ...body, fullQualifiedTypeName: 'Int64' }), [0]);
        assert.deepEqual(await scanRange({ ...body, fullQualifiedTypeName: 'Double' }), []);
      });

      it('an absent type name means String (collation order)', async () => {
        await seed();
        await create('names', 'RangeIndex');
        for (const [id, name] of ['b', 'A', 'B', 'a'].entries()) await add('names', id, key(name, 'String'));
        assert.deepEqual(
          await scanRange({
            indexId: 'names',
            leftLimit: 'a',
            rightLimit: 'b',
            includeLeft: true,
            includeRight: true,
          }),
          [0, 1, 3],
        );
      });

      it('400 for an unknown index or a missing or unconvertible limit; [] on an index without range', async () => {
        await seedAges();
        await create('d', 'DictionaryIndex');
        await add('d', 0, key('1', 'Int32'));
        const body = { indexId: 'age', leftLimit: '0', rightLimit: '9', fullQualifiedTypeName: 'Int32' };
        assertProblem(await fixture.client.post('/scan/index/range', { ...body, indexId: 'nope' }), 400);
        assertProblem(await fixture.client.post('/scan/index/range', { ...body, leftLimit: null }), 400);
        assertProblem(await fixture.client.post('/scan/index/range', { ...body, rightLimit: 'x' }), 400);
        assert.deepEqual(await scanRange({ ...body, indexId: 'd' }), []);
      });
    });

    describe('POST /scan/index/fulltext', () => {
      const fulltext = (body: unknown) => fixture.client.post('/scan/index/fulltext', body);

      it('answers maximumScore and elements with whole-word highlights and summed scores', async () => {
        await seed();
        await create('x', 'RegExIndex');
        await add('x', 1, key('Graph databases store graphs', 'String'));
        await add('x', 1, key('one graph', 'String'));
        await add('x', 2, key('a database', 'String'));
        const result = assertJson(await fulltext({ indexId: 'x', requestString: 'GRAPH|datab' }));
        assert.deepEqual(result, {
          maximumScore: 4,
          elements: [
            { graphElementId: 1, highlights: ['Graph', 'databases', 'graphs', 'graph'], score: 4 },
            { graphElementId: 2, highlights: ['database'], score: 1 },
          ],
        });
      });

      it('204 for no hits, an unknown index, or an index of another type', async () => {
        await seed();
        await create('x', 'RegExIndex');
        await create('d', 'DictionaryIndex');
        await add('x', 0, key('alpha', 'String'));
        await add('d', 0, key('alpha', 'String'));
        for (const indexId of ['x', 'nope', 'd']) {
          const reply = await fulltext({ indexId, requestString: indexId === 'x' ? 'beta' : 'alpha' });
          assert.equal(reply.status, 204, indexId);
          assert.equal(reply.text, '');
        }
      });

      it('400 for a blank requestString or an invalid regular expression', async () => {
        await create('x', 'RegExIndex');
        assertProblem(await fulltext({ indexId: 'x', requestString: ' ' }), 400);
        assertProblem(await fulltext({ indexId: 'x', requestString: '[a-' }), 400);
        assertProblem(await fulltext({ indexId: 'x' }), 400);
      });

      it('a removed element is purged and no longer found', async () => {
        await seed();
        await create('x', 'RegExIndex');
        await add('x', 0, key('alpha', 'String'));
        assert.equal((await fixture.client.delete('/graphelement/0?waitForCompletion=true')).status, 202);
        assert.equal((await fulltext({ indexId: 'x', requestString: 'alpha' })).status, 204);
      });
    });

    describe('POST /scan/index/spatial', () => {
      const spatial = (body: unknown) => fixture.client.post('/scan/index/spatial', body);

      it('works on a spatial index created through the library: the grown box, reference included', async () => {
        await seed();
        const { indexes } = fixture.engine;
        indexes.createSpatialIndex('geo');
        indexes.addGeometry('geo', 0, [0, 0]);
        indexes.addGeometry('geo', 1, [1, 1]);
        indexes.addGeometry('geo', 2, [3, 0]);
        indexes.addGeometry('geo', 4, [0.5, -0.5]);
        assert.deepEqual(
          assertJson(await spatial({ indexId: 'geo', graphElementId: 0, distance: 1 })),
          [0, 1, 4],
        );
        assert.deepEqual(
          assertJson(await spatial({ indexId: 'geo', graphElementId: 2, distance: 0.5 })),
          [2],
        );
      });

      it('204 for an unknown index, another index type, or a reference element not in the index', async () => {
        await seed();
        fixture.engine.indexes.createSpatialIndex('geo');
        fixture.engine.indexes.addGeometry('geo', 0, [0, 0]);
        await create('d', 'DictionaryIndex');
        for (const body of [
          { indexId: 'nope', graphElementId: 0, distance: 1 },
          { indexId: 'd', graphElementId: 0, distance: 1 },
          { indexId: 'geo', graphElementId: 1, distance: 1 },
          { indexId: 'geo', graphElementId: 99, distance: 1 },
        ]) {
          const reply = await spatial(body);
          assert.equal(reply.status, 204, JSON.stringify(body));
        }
      });

      it('a removed reference element is purged: 204', async () => {
        await seed();
        fixture.engine.indexes.createSpatialIndex('geo');
        fixture.engine.indexes.addGeometry('geo', 3, [0, 0]);
        await fixture.client.delete('/graphelement/3?waitForCompletion=true');
        assert.equal((await spatial({ indexId: 'geo', graphElementId: 3, distance: 1 })).status, 204);
      });
    });

    describe('removing elements', () => {
      it('removing a vertex purges it and its cascaded edges from every index', async () => {
        await seedAges();
        await create('x', 'RegExIndex');
        await add('x', 4, key('road', 'String'));
        assert.equal((await fixture.client.delete('/graphelement/1?waitForCompletion=true')).status, 202);
        const all = {
          indexId: 'age',
          operator: GreaterOrEquals,
          literal: literal('0', 'Int32'),
          resultType: 'Both',
        };
        assert.deepEqual(await scanAll(all), [0, 2, 3]);
        assert.equal(
          (await fixture.client.post('/scan/index/fulltext', { indexId: 'x', requestString: 'road' })).status,
          204,
        );
        const status = assertJson<{ indices: { indexId: string; keys: number; values: number }[] }>(
          await fixture.client.get('/status'),
        );
        assert.deepEqual(
          status.indices.map(({ indexId, keys, values }) => ({ indexId, keys, values })),
          [
            { indexId: 'age', keys: 4, values: 4 },
            { indexId: 'x', keys: 0, values: 0 },
          ],
        );
      });

      it('HEAD /tabularasa drops every index', async () => {
        await seedAges();
        assert.equal((await fixture.client.head('/tabularasa')).status, 200);
        await fixture.engine.flush();
        const status = assertJson<{ indices: unknown[] }>(await fixture.client.get('/status'));
        assert.deepEqual(status.indices, []);
        assertProblem(
          await fixture.client.post('/scan/index/all', { indexId: 'age', literal: literal('1') }),
          400,
        );
      });
    });

    describe('GET /status', () => {
      it('lists each index: id, plugin type, capabilities, key and value counts (null when it cannot count)', async () => {
        await seedAges();
        await create('x', 'RegExIndex');
        fixture.engine.indexes.createSpatialIndex('geo');
        const status = assertJson<{ indices: unknown[]; availableIndexPlugins: string[] }>(
          await fixture.client.get('/status'),
        );
        assert.deepEqual(status.indices, [
          {
            indexId: 'age',
            pluginType: 'RangeIndex',
            embeddingName: null,
            model: null,
            capabilities: ['equality', 'range'],
            keys: 5,
            values: 7,
          },
          {
            indexId: 'x',
            pluginType: 'RegExIndex',
            embeddingName: null,
            model: null,
            capabilities: ['equality', 'fulltext'],
            keys: 0,
            values: 0,
          },
          {
            indexId: 'geo',
            pluginType: 'SpatialIndex',
            embeddingName: null,
            model: null,
            capabilities: ['spatial'],
            keys: null,
            values: null,
          },
        ]);
        for (const type of ['DictionaryIndex', 'RangeIndex', 'RegExIndex', 'SpatialIndex']) {
          assert.ok(status.availableIndexPlugins.includes(type), type);
        }
      });
    });
  });
}

describe('index routes: namespaces', () => {
  const fixture = useServer('');

  it('an index belongs to its namespace', async () => {
    const bare = fixture.client;
    const named = new Client(`${fixture.server.url}/ns/${testNamespace}`);
    assertBoolean(await bare.post('/index', { uniqueId: 'd', pluginType: 'DictionaryIndex' }), true);
    assertBoolean(await named.post('/index', { uniqueId: 'd', pluginType: 'DictionaryIndex' }), true);
    assertBoolean(await named.delete('/index/d'), true);
    assertBoolean(await named.delete('/index/d'), false);
    assertBoolean(await bare.delete('/index/d'), true);
  });

  it('an unknown namespace is 404 with the namespace member', async () => {
    const unknown = new Client(`${fixture.server.url}/ns/nowhere`);
    const problem = assertProblem(
      await unknown.post('/index', { uniqueId: 'd', pluginType: 'DictionaryIndex' }),
      404,
    );
    assert.equal(problem.namespace, 'nowhere');
  });
});
