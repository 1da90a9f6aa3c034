/**
 * Element routes of either kind: read by id, property writes and removals, removal, and the
 * multi-element routes (docs/elements.md).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  assertEmpty,
  assertJson,
  assertProblem,
  describePrefix,
  prefixes,
  useServer,
  type Client,
} from '../support/server.js';

interface WireProperty {
  propertyId: string;
  fullQualifiedTypeName: string;
  propertyValue: string;
}

interface WireElement {
  id: number;
  creationDate: string;
  modificationDate: string;
  label: string | null;
  properties: WireProperty[];
  [field: string]: unknown;
}

const epoch = '1970-01-01T00:00:00';
const text = (propertyId: string, value: string) => ({
  propertyId,
  propertyValue: value,
  fullQualifiedTypeName: 'System.String',
});

async function propertiesOf(client: Client, id: number): Promise<Record<string, string>> {
  const element = await client.read<WireElement>(`/graphelement/${id}`);
  return Object.fromEntries(
    element.properties.map((p) => [p.propertyId, `${p.fullQualifiedTypeName}:${p.propertyValue}`]),
  );
}

for (const prefix of prefixes) {
  describe(`elements: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    describe('GET /graphelement/{id}', () => {
      it('answers the vertex shape for a vertex and the edge shape for an edge', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({ label: 'person' });
        const [edge] = await client.edges({
          sourceVertex: a,
          targetVertex: a,
          edgePropertyId: 'self',
          label: 'l',
        });
        const vertex = assertJson<WireElement>(await client.get(`/graphelement/${a}`));
        assert.deepEqual(Object.keys(vertex).sort(), [
          'creationDate',
          'id',
          'inEdges',
          'label',
          'modificationDate',
          'outEdges',
          'properties',
        ]);
        assert.deepEqual(vertex.outEdges, { self: [edge] });
        const edgeRead = assertJson<WireElement>(await client.get(`/graphelement/${edge}`));
        assert.deepEqual(edgeRead, {
          id: edge,
          creationDate: epoch,
          modificationDate: epoch,
          label: 'l',
          properties: [],
          sourceVertex: a,
          targetVertex: a,
          edgePropertyId: 'self',
        });
      });

      it('answers 204 when the element is absent or removed', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        assertEmpty(await client.get('/graphelement/5'), 204);
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        assertEmpty(await client.get(`/graphelement/${a}`), 204);
      });
    });

    describe('PUT /graphelement/{id}/{propertyId}', () => {
      it('adds a property to a vertex and to an edge', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        const [edge] = await client.edges({ sourceVertex: a, targetVertex: a, edgePropertyId: 'x' });
        const body = { propertyValue: '42', fullQualifiedTypeName: 'System.Int32' };
        assertEmpty(await client.put(`/graphelement/${a}/size?waitForCompletion=true`, body), 202);
        assertEmpty(await client.put(`/graphelement/${edge}/size?waitForCompletion=true`, body), 202);
        assert.deepEqual(await propertiesOf(client, a), { size: 'System.Int32:42' });
        assert.deepEqual(await propertiesOf(client, edge), { size: 'System.Int32:42' });
      });

      it('answers 202 unwaited and the write lands', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        assertEmpty(await client.put(`/graphelement/${a}/k`, text('', 'v')), 202);
        await fixture.engine.flush();
        assert.deepEqual(await propertiesOf(client, a), { k: 'System.String:v' });
      });

      it('replaces the value whatever the old type, and ignores a propertyId in the body', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({ properties: [text('k', 'old')] });
        const body = { propertyId: 'other', propertyValue: 'true', fullQualifiedTypeName: 'bool' };
        assertEmpty(await client.put(`/graphelement/${a}/k?waitForCompletion=true`, body), 202);
        assert.deepEqual(await propertiesOf(client, a), { k: 'System.Boolean:True' });
      });

      it('a real change sets modificationDate; writing the value already held changes nothing', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({ creationDate: 0, properties: [text('k', 'same')] });
        assertEmpty(await client.put(`/graphelement/${a}/k?waitForCompletion=true`, text('', 'same')), 202);
        const untouched = await client.read<WireElement>(`/graphelement/${a}`);
        assert.equal(untouched.modificationDate, epoch);
        assert.equal(untouched.creationDate, epoch);
        assertEmpty(await client.put(`/graphelement/${a}/k?waitForCompletion=true`, text('', 'new')), 202);
        const changed = await client.read<WireElement>(`/graphelement/${a}`);
        assert.equal(changed.creationDate, epoch);
        assert.ok(changed.modificationDate > '2020', changed.modificationDate);
      });

      it('the same text under another type is a change, not a no-op', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({ properties: [text('k', '5')] });
        const body = { propertyValue: '5', fullQualifiedTypeName: 'Int64' };
        assertEmpty(await client.put(`/graphelement/${a}/k?waitForCompletion=true`, body), 202);
        assert.deepEqual(await propertiesOf(client, a), { k: 'System.Int64:5' });
        assert.notEqual((await client.read<WireElement>(`/graphelement/${a}`)).modificationDate, epoch);
      });

      it('an absent type name means Int32, a null or empty one means String', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        const put = (key: string, body: object) =>
          client.put(`/graphelement/${a}/${key}?waitForCompletion=true`, body);
        assertEmpty(await put('n', { propertyValue: '7' }), 202);
        assertEmpty(await put('s', { propertyValue: 'Alice', fullQualifiedTypeName: null }), 202);
        assertEmpty(await put('e', { propertyValue: '7', fullQualifiedTypeName: '' }), 202);
        assertProblem(await put('bad', { propertyValue: 'Alice' }), 400);
        assert.deepEqual(await propertiesOf(client, a), {
          n: 'System.Int32:7',
          s: 'System.String:Alice',
          e: 'System.String:7',
        });
      });

      it('a JSON null body is 400', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        assertProblem(await client.put(`/graphelement/${a}/k?waitForCompletion=true`, null), 400);
      });

      it('an unknown type name or an unconvertible value is 400 naming the property, and nothing is written', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        const unknown = assertProblem(
          await client.put(`/graphelement/${a}/speed?waitForCompletion=true`, {
            propertyValue: '1',
            fullQualifiedTypeName: 'System.Velocity',
          }),
          400,
        );
        assert.match(String(unknown.detail), /speed/);
        assert.match(String(unknown.detail), /System\.Velocity/);
        const unconvertible = assertProblem(
          await client.put(`/graphelement/${a}/id?waitForCompletion=true`, {
            propertyValue: 'not-a-guid',
            fullQualifiedTypeName: 'Guid',
          }),
          400,
        );
        assert.match(String(unconvertible.detail), /'id'/);
        assert.deepEqual(await propertiesOf(client, a), {});
      });

      it('a reserved embedding key is 400', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        const key = encodeURIComponent('$embedding:default');
        assertProblem(
          await client.put(`/graphelement/${a}/${key}?waitForCompletion=true`, text('', 'x')),
          400,
        );
      });

      it('a missing element is a committed no-op answering 202, waited or not', async () => {
        const { client } = fixture;
        await client.vertices({});
        assertEmpty(await client.put('/graphelement/77/k?waitForCompletion=true', text('', 'v')), 202);
        assertEmpty(await client.put('/graphelement/-5/k?waitForCompletion=true', text('', 'v')), 202);
        assertEmpty(await client.put('/graphelement/77/k', text('', 'v')), 202);
        assert.equal(await client.read('/vertex/count'), 1);
      });
    });

    describe('DELETE /graphelement/{id}/{propertyId}', () => {
      it('removes the key and sets modificationDate', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({ properties: [text('k', 'v'), text('keep', 'v')] });
        assertEmpty(await client.delete(`/graphelement/${a}/k?waitForCompletion=true`), 202);
        assert.deepEqual(await propertiesOf(client, a), { keep: 'System.String:v' });
        assert.notEqual((await client.read<WireElement>(`/graphelement/${a}`)).modificationDate, epoch);
      });

      it('removing an absent key or from a missing element is a committed no-op', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({ properties: [text('keep', 'v')] });
        assertEmpty(await client.delete(`/graphelement/${a}/absent?waitForCompletion=true`), 202);
        assertEmpty(await client.delete('/graphelement/99/k?waitForCompletion=true'), 202);
        assertEmpty(await client.delete(`/graphelement/${a}/absent`), 202);
        await fixture.engine.flush();
        const element = await client.read<WireElement>(`/graphelement/${a}`);
        assert.equal(element.modificationDate, epoch);
        assert.equal(element.properties.length, 1);
      });
    });

    describe('DELETE /graphelement/{id}', () => {
      it('removing a vertex removes its incident edges; removing an edge detaches it', async () => {
        const { client } = fixture;
        const [a, b, c] = await client.vertices({}, {}, {});
        const [ab, bc, ca] = await client.edges(
          { sourceVertex: a, targetVertex: b, edgePropertyId: 'x' },
          { sourceVertex: b, targetVertex: c, edgePropertyId: 'x' },
          { sourceVertex: c, targetVertex: a, edgePropertyId: 'x' },
        );
        assertEmpty(await client.delete(`/graphelement/${bc}?waitForCompletion=true`), 202);
        assert.equal((await client.read<WireElement>(`/vertex/${b}`)).outEdges, null);
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        assertEmpty(await client.get(`/edge/${ab}`), 204);
        assertEmpty(await client.get(`/edge/${ca}`), 204);
        assert.equal(await client.read('/edge/count'), 0);
        assert.equal((await client.read<WireElement>(`/vertex/${b}`)).inEdges, null);
      });

      it('a missing or already removed id is a committed no-op answering 202', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        assertEmpty(await client.delete('/graphelement/1000?waitForCompletion=true'), 202);
        assertEmpty(await client.delete('/graphelement/1000'), 202);
      });
    });

    describe('POST /graphelements/get', () => {
      it('answers summaries in request order, a repeated id once, and the misses in notFound', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({ label: 'p', properties: [text('name', 'A')] }, {});
        const [edge] = await client.edges({
          sourceVertex: a,
          targetVertex: b,
          edgePropertyId: 'x',
          label: 'e',
        });
        assertEmpty(await client.delete(`/graphelement/${b}?waitForCompletion=true`), 202);
        const reply = await client.post('/graphelements/get', [edge, 99, a, b, a, -1]);
        const result = assertJson<{ elements: WireElement[]; notFound: number[] }>(reply);
        // The edge went with its endpoint b.
        assert.deepEqual(result.notFound, [edge, 99, b, -1]);
        assert.deepEqual(
          result.elements.map((e) => [e.id, e.kind]),
          [[a, 'vertex']],
        );
        assert.deepEqual(result.elements[0], {
          id: a,
          creationDate: epoch,
          modificationDate: epoch,
          label: 'p',
          properties: [{ propertyId: 'name', fullQualifiedTypeName: 'System.String', propertyValue: 'A' }],
          kind: 'vertex',
        });
      });

      it('an edge summary carries kind edge and no endpoints or type', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        const [edge] = await client.edges({ sourceVertex: a, targetVertex: a, edgePropertyId: 'x' });
        const result = assertJson<{ elements: WireElement[] }>(
          await client.post('/graphelements/get', [edge, a]),
        );
        assert.deepEqual(
          result.elements.map((e) => e.kind),
          ['edge', 'vertex'],
        );
        assert.deepEqual(Object.keys(result.elements[0]).sort(), [
          'creationDate',
          'id',
          'kind',
          'label',
          'modificationDate',
          'properties',
        ]);
      });

      it('an empty list answers empty lists', async () => {
        assert.deepEqual(assertJson(await fixture.client.post('/graphelements/get', [])), {
          elements: [],
          notFound: [],
        });
      });

      it('more than 100000 ids is 400; exactly 100000 is accepted', async () => {
        const { client } = fixture;
        assertProblem(await client.post('/graphelements/get', new Array(100_001).fill(0)), 400);
        const full = assertJson<{ notFound: number[] }>(
          await client.post('/graphelements/get', new Array(100_000).fill(3)),
        );
        assert.equal(full.notFound.length, 100_000);
      });

      it('a null body or a non-integer id is 400', async () => {
        const { client } = fixture;
        assertProblem(await client.post('/graphelements/get', null), 400);
        assertProblem(await client.post('/graphelements/get', ['1']), 400);
        assertProblem(await client.post('/graphelements/get', [1.5]), 400);
      });
    });

    describe('PUT /graphelements/properties', () => {
      it('applies writes and removals on several elements and answers 202', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({ properties: [text('stale', 'x')] }, {});
        const reply = await client.put('/graphelements/properties?waitForCompletion=true', [
          {
            graphElementId: a,
            propertyId: 'ip',
            propertyValue: '10.0.0.9',
            fullQualifiedTypeName: 'System.String',
          },
          { graphElementId: a, propertyId: 'stale', remove: true },
          { graphElementId: b, propertyId: 'port', propertyValue: '8080', fullQualifiedTypeName: 'UInt16' },
        ]);
        assertEmpty(reply, 202);
        assert.deepEqual(await propertiesOf(client, a), { ip: 'System.String:10.0.0.9' });
        assert.deepEqual(await propertiesOf(client, b), { port: 'System.UInt16:8080' });
      });

      it('later writes to the same element and key win; remove ignores value fields', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        const reply = await client.put('/graphelements/properties?waitForCompletion=true', [
          { graphElementId: a, propertyId: 'k', propertyValue: '1', fullQualifiedTypeName: 'Int32' },
          { graphElementId: a, propertyId: 'k', propertyValue: '2', fullQualifiedTypeName: 'Int32' },
          { graphElementId: a, propertyId: 'gone', propertyValue: '1', fullQualifiedTypeName: 'Int32' },
          {
            graphElementId: a,
            propertyId: 'gone',
            propertyValue: 'garbage',
            fullQualifiedTypeName: 'Nope',
            remove: true,
          },
        ]);
        assertEmpty(reply, 202);
        assert.deepEqual(await propertiesOf(client, a), { k: 'System.Int32:2' });
      });

      it('no-op writes leave modificationDate alone; a missing element is a no-op for its write', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({ properties: [text('k', 'v')] });
        const reply = await client.put('/graphelements/properties?waitForCompletion=true', [
          { graphElementId: a, propertyId: 'k', propertyValue: 'v', fullQualifiedTypeName: 'String' },
          { graphElementId: a, propertyId: 'absent', remove: true },
          { graphElementId: 500, propertyId: 'k', propertyValue: 'v', fullQualifiedTypeName: 'String' },
        ]);
        assertEmpty(reply, 202);
        assert.equal((await client.read<WireElement>(`/graphelement/${a}`)).modificationDate, epoch);
      });

      it('a null body, a null item, a missing or empty propertyId, or a bad value is 400 and nothing is written', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        const good = {
          graphElementId: a,
          propertyId: 'k',
          propertyValue: 'v',
          fullQualifiedTypeName: 'String',
        };
        const put = (body: unknown) => client.put('/graphelements/properties?waitForCompletion=true', body);
        assertProblem(await put(null), 400);
        assertProblem(await put([good, null]), 400);
        assertProblem(
          await put([good, { graphElementId: a, propertyValue: 'v', fullQualifiedTypeName: 'String' }]),
          400,
        );
        assertProblem(await put([good, { ...good, propertyId: '' }]), 400);
        assertProblem(await put([good, { ...good, fullQualifiedTypeName: 'Widget' }]), 400);
        const problem = assertProblem(
          await put([
            good,
            { ...good, propertyId: 'level', propertyValue: '-1', fullQualifiedTypeName: 'Byte' },
          ]),
          400,
        );
        assert.match(String(problem.detail), /level/);
        assertProblem(await put([good, { ...good, propertyId: '$embeddingModel:default' }]), 400);
        assert.deepEqual(await propertiesOf(client, a), {});
      });

      it('an empty list answers 202', async () => {
        assertEmpty(await fixture.client.put('/graphelements/properties?waitForCompletion=true', []), 202);
      });
    });

    describe('DELETE /graphelements', () => {
      it('removes the listed elements in one transaction; missing ids are no-ops', async () => {
        const { client } = fixture;
        const [a, b, c] = await client.vertices({}, {}, {});
        await client.edges({ sourceVertex: b, targetVertex: c, edgePropertyId: 'x' });
        assertEmpty(await client.delete('/graphelements?waitForCompletion=true', [a, b, 99, a]), 202);
        assert.equal(await client.read('/vertex/count'), 1);
        assert.equal(await client.read('/edge/count'), 0);
        assertEmpty(await client.get(`/vertex/${a}`), 204);
        assert.equal((await client.read<WireElement>(`/vertex/${c}`)).inEdges, null);
      });

      it('answers 202 unwaited, and an empty list is accepted', async () => {
        const { client } = fixture;
        const [a] = await client.vertices({});
        assertEmpty(await client.delete('/graphelements', [a]), 202);
        assertEmpty(await client.delete('/graphelements', []), 202);
        await fixture.engine.flush();
        assert.equal(await client.read('/vertex/count'), 0);
      });

      it('a null body or a non-integer id is 400', async () => {
        const { client } = fixture;
        assertProblem(await client.delete('/graphelements', null), 400);
        assertProblem(await client.delete('/graphelements', ['a']), 400);
      });
    });
  });
}
