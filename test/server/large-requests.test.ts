/**
 * Requests large enough to be parsed, converted, applied, read and rendered in slices (docs/http.md,
 * "Large requests and answers") answer exactly what the same requests answer in one piece.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { batchReadSliceIds, ScanOperator } from '../../src/index.js';
import { wireSummary } from '../../src/server/wire/elements.js';
import { idsPerChunk, minStreamedRecords } from '../../src/server/wire/json-stream.js';
import { jsonBytesPerSlice } from '../../src/server/wire/json-slices.js';
import { batchItemsPerSlice } from '../../src/server/wire/batches.js';
import { defaultApplyWorkPerSlice } from '../../src/engine/tx/apply-sliced.js';
import { assertJson, assertProblem, describePrefix, prefixes, useServer } from '../support/server.js';

/** More items than every slice holds: several JSON runs, conversion slices and apply slices. */
const count = Math.max(3 * batchItemsPerSlice, 2 * defaultApplyWorkPerSlice, 4 * batchReadSliceIds);

const int32 = (value: number) => ({
  propertyValue: String(value),
  fullQualifiedTypeName: 'System.Int32',
});

function vertexBodies(): object[] {
  return Array.from({ length: count }, (_, i) => ({
    label: i % 3 === 0 ? 'third' : null,
    properties: [
      { propertyId: 'n', ...int32(i) },
      { propertyId: 'name', propertyValue: `vertex "${i}"`, fullQualifiedTypeName: 'System.String' },
    ],
  }));
}

for (const prefix of prefixes) {
  describe(`large requests, ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    it('PUT /vertices with a body longer than a parse slice creates every vertex and answers their ids', async () => {
      const bodies = vertexBodies();
      assert.ok(JSON.stringify(bodies).length > 2 * jsonBytesPerSlice);
      const ids = assertJson<number[]>(await fixture.client.put('/vertices?waitForCompletion=true', bodies));
      assert.deepEqual(
        ids,
        Array.from({ length: count }, (_, i) => i),
      );
      const { engine } = fixture;
      assert.equal(engine.vertexCount, count);
      const last = engine.getVertex(count - 1)!;
      assert.equal(last.label, (count - 1) % 3 === 0 ? 'third' : null);
      assert.deepEqual(
        last.properties.map(({ key, value }) => [key, value]),
        [
          ['n', { type: 'Int32', value: count - 1 }],
          ['name', { type: 'String', value: `vertex "${count - 1}"` }],
        ],
      );
    });

    it('PUT /vertices with a bad item deep in a large body is the same 400, and nothing is written', async () => {
      const bodies = vertexBodies() as { properties: object[] }[];
      const bad = count - 10;
      bodies[bad].properties = [
        { propertyId: 'n', propertyValue: 'x', fullQualifiedTypeName: 'System.Int32' },
      ];
      const large = assertProblem(await fixture.client.put('/vertices?waitForCompletion=true', bodies), 400);
      const small = assertProblem(
        await fixture.client.put('/vertices?waitForCompletion=true', [bodies[bad]]),
        400,
      );
      assert.equal(large.title, small.title);
      assert.equal(large.detail, (small.detail as string).replace('vertices[0]', `vertices[${bad}]`));
      assert.equal(fixture.engine.vertexCount, 0);
    });

    it('a large body with an item of the wrong shape is the 400 one validation in one piece gives', async () => {
      const bodies = vertexBodies() as Record<string, unknown>[];
      const bad = count - 7;
      bodies[bad] = { label: 5 };
      const large = assertProblem(await fixture.client.put('/vertices', bodies), 400);
      const small = assertProblem(await fixture.client.put('/vertices', [{ label: 5 }]), 400);
      const moved = (text: string) =>
        text.replaceAll('/0/', `/${bad}/`).replaceAll('0.label', `${bad}.label`);
      assert.equal(large.detail, moved(small.detail as string));
      assert.deepEqual(large.errors, JSON.parse(moved(JSON.stringify(small.errors))));
      assert.equal(fixture.engine.vertexCount, 0);
    });

    it('a batch read of more ids than it takes is refused for their number first, as in one piece', async () => {
      const ids: unknown[] = Array.from({ length: 100_001 }, (_, i) => i);
      ids[5] = 'not an id';
      const problem = assertProblem(await fixture.client.post('/graphelements/get', ids), 400);
      assert.match(problem.detail as string, /must NOT have more than 100000 items/);
    });

    it('a large body that is not valid JSON is the same 400 as a small one', async () => {
      const text = JSON.stringify(vertexBodies());
      const broken = `${text.slice(0, text.length - 1)},]`;
      const large = assertProblem(await fixture.client.request('PUT', '/vertices', { body: broken }), 400);
      const small = assertProblem(await fixture.client.request('PUT', '/vertices', { body: '[{},]' }), 400);
      assert.deepEqual({ ...large, instance: undefined }, { ...small, instance: undefined });
      assert.equal(fixture.engine.vertexCount, 0);
    });

    it('PUT /edges in slices rolls every edge back when the last endpoint is missing', async () => {
      const { client, engine } = fixture;
      await client.put('/vertices?waitForCompletion=true', vertexBodies());
      const edges = Array.from({ length: count }, (_, i) => ({
        sourceVertex: i,
        targetVertex: (i * 7 + 1) % count,
        edgePropertyId: i % 2 === 0 ? 'even' : 'odd',
      }));
      const created = assertJson<number[]>(await client.put('/edges?waitForCompletion=true', edges));
      assert.deepEqual(
        created,
        Array.from({ length: count }, (_, i) => count + i),
      );
      assert.equal(engine.edgeCount, count);
      assert.equal(engine.edgeTarget(count + 5), 36);
      edges.push({ sourceVertex: 0, targetVertex: 10 * count, edgePropertyId: 'even' });
      assertProblem(await client.put('/edges?waitForCompletion=true', edges), 404);
      assert.equal(engine.edgeCount, count);
      assert.equal(engine.nextId, 2 * count);
    });

    it('PUT /graphelements/properties and DELETE /graphelements in slices are one transaction each', async () => {
      const { client, engine } = fixture;
      await client.put('/vertices?waitForCompletion=true', vertexBodies());
      const writes = Array.from({ length: count }, (_, i) => ({
        graphElementId: i,
        propertyId: 'score',
        ...int32(-i),
      }));
      const sequence = engine.committedSequence;
      assert.equal(
        (await client.put('/graphelements/properties?waitForCompletion=true', writes)).status,
        202,
      );
      assert.equal(engine.committedSequence, sequence + 1);
      assert.deepEqual(engine.getVertex(count - 1)!.properties.at(-1), {
        key: 'score',
        value: { type: 'Int32', value: 1 - count },
      });
      const doomed = Array.from({ length: count - 1 }, (_, i) => i + 1);
      assert.equal((await client.delete('/graphelements?waitForCompletion=true', doomed)).status, 202);
      assert.equal(engine.committedSequence, sequence + 2);
      assert.equal(engine.vertexCount, 1);
    });

    it('POST /graphelements/get over more ids than a read slice answers what one read answers', async () => {
      const { client, engine } = fixture;
      await client.put('/vertices?waitForCompletion=true', vertexBodies());
      await client.put('/edges?waitForCompletion=true', [
        { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows', label: 'x' },
      ]);
      await client.delete('/graphelement/7?waitForCompletion=true');
      const ids = [7, -3, count + 5, count, ...Array.from({ length: count }, (_, i) => count - 1 - i), 0, 7];
      const reply = await client.post('/graphelements/get', ids);
      const expected = engine.getElements(ids);
      assert.deepEqual(assertJson(reply), {
        elements: expected.elements.map(wireSummary),
        notFound: expected.notFound,
      });
      assert.deepEqual((reply.body as { notFound: number[] }).notFound, [7, -3, count + 5, 7, 7]);
    });

    it('full-graph and index scans with results longer than a chunk answer the same id list', async () => {
      const { client, engine } = fixture;
      await client.put('/vertices?waitForCompletion=true', vertexBodies());
      assert.ok(count > idsPerChunk);
      const every = Array.from({ length: count }, (_, i) => i);
      const literal = { value: '-1', fullQualifiedTypeName: 'System.Int32' };
      const scan = await client.post('/scan/graph/property/n', { operator: ScanOperator.NotEquals, literal });
      assert.equal(scan.text, JSON.stringify(every));
      assert.equal(scan.contentType, 'application/json');
      const text = await client.post('/scan/graph/properties', { searchTerm: 'VERTEX' });
      assert.equal(text.text, JSON.stringify(every));
      await client.post('/index', { uniqueId: 'byN', pluginType: 'RangeIndex' });
      await client.post('/index/backfill/byN', { propertyId: 'n' });
      const all = await client.post('/scan/index/all', {
        indexId: 'byN',
        operator: 2,
        literal: { ...literal, value: '0' },
      });
      assert.equal(all.text, JSON.stringify(every));
      const range = await client.post('/scan/index/range', {
        indexId: 'byN',
        leftLimit: '1',
        rightLimit: String(count),
        fullQualifiedTypeName: 'System.Int32',
        includeLeft: true,
      });
      assert.deepEqual(assertJson(range), every.slice(1));
      assert.equal(engine.vertexCount, count);
    });

    it('POST /scan/index/fulltext with more hits than a stream slice answers what one answer holds', async () => {
      const { client, engine } = fixture;
      await client.put('/vertices?waitForCompletion=true', vertexBodies());
      await client.post('/index', { uniqueId: 'names', pluginType: 'RegExIndex' });
      await client.post('/index/backfill/names', { propertyId: 'name' });
      const reply = await client.post('/scan/index/fulltext', {
        indexId: 'names',
        requestString: 'VERTEX "[1-5]',
      });
      const expected = engine.indexes.fulltext('names', 'VERTEX "[1-5]')!;
      assert.ok(expected.elements.length > minStreamedRecords);
      assert.deepEqual(assertJson(reply), expected);
      assert.equal(reply.text, JSON.stringify(expected));
    });
  });
}
