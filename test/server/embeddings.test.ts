/**
 * Element embeddings over HTTP (docs/vectors.md, Element embeddings): writes, reads, removals, the
 * name grammar and vector rules, bound-index checks, and how embeddings show on element reads.
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

interface EmbeddingBody {
  name: string;
  vector: number[];
  model: string | null;
}

interface WireElement {
  modificationDate: string;
  properties: { propertyId: string; fullQualifiedTypeName: string; propertyValue: string }[];
}

const put = (client: Client, id: number, name: string, vector: unknown, wait = true) =>
  client.put(`/graphelement/${id}/embedding/${name}${wait ? '?waitForCompletion=true' : ''}`, { vector });

async function createIndex(client: Client, uniqueId: string, options: Record<string, [string, string]>) {
  const pluginOptions = Object.fromEntries(
    Object.entries(options).map(([name, [value, type]]) => [
      name,
      { propertyValue: value, fullQualifiedTypeName: type },
    ]),
  );
  const reply = await client.post('/index', { uniqueId, pluginType: 'VectorIndex', pluginOptions });
  assert.equal(reply.body, true, reply.text);
}

for (const prefix of prefixes) {
  describe(`embeddings: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    describe('PUT /graphelement/{id}/embedding/{name}', () => {
      it('answers 202 and stores the vector, which GET reads back with model null', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({ label: 'doc' });
        assertEmpty(await put(client, v, 'default', [0.1, -0.5, 0.33]), 202);
        const body = assertJson<EmbeddingBody>(await client.get(`/graphelement/${v}/embedding/default`));
        assert.deepEqual(body, { name: 'default', vector: [0.1, -0.5, 0.33], model: null });
      });

      it('replaces the vector, also with one of another dimension', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertEmpty(await put(client, v, 'title', [1, 2, 3]), 202);
        assertEmpty(await put(client, v, 'title', [4, 5]), 202);
        const body = assertJson<EmbeddingBody>(await client.get(`/graphelement/${v}/embedding/title`));
        assert.deepEqual(body.vector, [4, 5]);
      });

      it('keeps names apart: one vector per element and name, of any dimension each', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertEmpty(await put(client, v, 'a', [1]), 202);
        assertEmpty(await put(client, v, 'b-2_X', [1, 2, 3, 4, 5]), 202);
        assert.deepEqual((await client.read<EmbeddingBody>(`/graphelement/${v}/embedding/a`)).vector, [1]);
        assert.deepEqual(
          (await client.read<EmbeddingBody>(`/graphelement/${v}/embedding/b-2_X`)).vector,
          [1, 2, 3, 4, 5],
        );
      });

      it('embeds edges as well as vertices', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        const [edge] = await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'knows' });
        assertEmpty(await put(client, edge, 'default', [0, 1]), 202);
        assert.deepEqual(
          (await client.read<EmbeddingBody>(`/graphelement/${edge}/embedding/default`)).vector,
          [0, 1],
        );
      });

      it('400 for a name outside the grammar, before anything else', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        for (const name of ['has%20space', 'dot.name', 'x'.repeat(65), '%C3%A9']) {
          assertProblem(await put(client, v, name, [1]), 400);
        }
        assertProblem(await put(client, 999, 'bad.name', [1]), 400);
        assertEmpty(await put(client, v, 'x'.repeat(64), [1]), 202);
      });

      it('400 for a missing, null, empty, oversized or non-numeric vector', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertProblem(await client.put(`/graphelement/${v}/embedding/default`, {}), 400);
        assertProblem(await put(client, v, 'default', null), 400);
        assertProblem(await put(client, v, 'default', []), 400);
        assertProblem(await put(client, v, 'default', new Array(4097).fill(1)), 400);
        assertProblem(await put(client, v, 'default', ['1']), 400);
        assertEmpty(await put(client, v, 'default', new Array(4096).fill(1)), 202);
      });

      it('400 for a component beyond the float32 range (it would not be finite)', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        const problem = assertProblem(await put(client, v, 'default', [1, 1e39]), 400);
        assert.match(String(problem.detail), /finite/);
      });

      it('404 for a missing element, waited or not', async () => {
        const { client } = fixture;
        assertProblem(await put(client, 42, 'default', [1, 2], true), 404);
        assertProblem(await put(client, 42, 'default', [1, 2], false), 404);
      });

      it('400 for a dimension or zero norm a bound index of that name refuses; other names are free', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        await createIndex(client, 'bound', {
          dimension: ['3', 'System.Int32'],
          embeddingName: ['default', 'System.String'],
        });
        assert.match(String(assertProblem(await put(client, v, 'default', [1, 2]), 400).detail), /dimension/);
        assert.match(String(assertProblem(await put(client, v, 'default', [0, 0, 0]), 400).detail), /Cosine/);
        assertEmpty(await put(client, v, 'default', [1, 2, 3]), 202);
        assertEmpty(await put(client, v, 'other', [1, 2]), 202);
      });

      it('a bound index under DotProduct takes a zero vector', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        await createIndex(client, 'dot', {
          dimension: ['2', 'System.Int32'],
          metric: ['DotProduct', 'System.String'],
          embeddingName: ['e', 'System.String'],
        });
        assertEmpty(await put(client, v, 'e', [0, 0]), 202);
      });

      it('unwaited: 202 at once, and the vector is there after the writer drains', async () => {
        const { client, engine } = fixture;
        const [v] = await client.vertices({});
        assertEmpty(await put(client, v, 'default', [3, 4], false), 202);
        await engine.flush();
        assert.deepEqual(
          (await client.read<EmbeddingBody>(`/graphelement/${v}/embedding/default`)).vector,
          [3, 4],
        );
      });

      it('sets the modification date at commit', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertEmpty(await put(client, v, 'default', [1]), 202);
        const element = await client.read<WireElement>(`/vertex/${v}`);
        assert.notEqual(element.modificationDate, '1970-01-01T00:00:00');
      });
    });

    describe('GET /graphelement/{id}/embedding/{name}', () => {
      it('404 for a missing element and for an element without that embedding; 400 for a bad name', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertProblem(await client.get(`/graphelement/77/embedding/default`), 404);
        assertProblem(await client.get(`/graphelement/${v}/embedding/default`), 404);
        assertProblem(await client.get(`/graphelement/${v}/embedding/not.valid`), 400);
      });

      it('reads float32 values back in their shortest form', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertEmpty(await put(client, v, 'default', [0.1, 1 / 3, 16777217, -0.0000123]), 202);
        const body = await client.read<EmbeddingBody>(`/graphelement/${v}/embedding/default`);
        assert.deepEqual(body.vector, [0.1, 0.33333334, 16777216, -0.0000123]);
      });
    });

    describe('DELETE /graphelement/{id}/embedding/{name}', () => {
      it('removes the embedding (202); removing an absent one is a committed no-op (202)', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertEmpty(await put(client, v, 'default', [1, 2]), 202);
        assertEmpty(await client.delete(`/graphelement/${v}/embedding/default?waitForCompletion=true`), 202);
        assertProblem(await client.get(`/graphelement/${v}/embedding/default`), 404);
        const before = await client.read<WireElement>(`/vertex/${v}`);
        assertEmpty(await client.delete(`/graphelement/${v}/embedding/default?waitForCompletion=true`), 202);
        assert.deepEqual(await client.read<WireElement>(`/vertex/${v}`), before);
      });

      it('400 for a bad name, 404 for a missing element', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        assertProblem(await client.delete(`/graphelement/${v}/embedding/a.b`), 400);
        assertProblem(await client.delete(`/graphelement/5/embedding/default`), 404);
      });
    });

    describe('embeddings on element reads', () => {
      it('show as $embedding:<name> of type System.Single[], sorted among the properties', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({
          properties: [{ propertyId: 'name', propertyValue: 'n', fullQualifiedTypeName: 'System.String' }],
        });
        assertEmpty(await put(client, v, 'default', [0.1, -0.5]), 202);
        const element = await client.read<WireElement>(`/graphelement/${v}`);
        assert.deepEqual(element.properties, [
          {
            propertyId: '$embedding:default',
            fullQualifiedTypeName: 'System.Single[]',
            propertyValue: '[0.1,-0.5]',
          },
          { propertyId: 'name', fullQualifiedTypeName: 'System.String', propertyValue: 'n' },
        ]);
      });

      it('go with their element: removing it removes them', async () => {
        const { client } = fixture;
        const [a, b] = await client.vertices({}, {});
        const [edge] = await client.edges({ sourceVertex: a, targetVertex: b, edgePropertyId: 'k' });
        assertEmpty(await put(client, edge, 'default', [1]), 202);
        assertEmpty(await client.delete(`/graphelement/${a}?waitForCompletion=true`), 202);
        assert.equal((await client.get(`/graphelement/${edge}/embedding/default`)).status, 404);
      });
    });

    describe('reserved property keys', () => {
      it('$embedding: and $embeddingModel: keys cannot be written or removed as properties (400)', async () => {
        const { client } = fixture;
        const [v] = await client.vertices({});
        const value = { propertyValue: 'x', fullQualifiedTypeName: 'System.String' };
        for (const key of ['$embedding:default', '$embeddingModel:default']) {
          const encoded = encodeURIComponent(key);
          assertProblem(await client.put(`/graphelement/${v}/${encoded}`, value), 400);
          assertProblem(await client.delete(`/graphelement/${v}/${encoded}`), 400);
          assertProblem(
            await client.put('/graphelements/properties', [{ graphElementId: v, propertyId: key, ...value }]),
            400,
          );
          assertProblem(
            await client.put('/vertices', [{ properties: [{ propertyId: key, ...value }] }]),
            400,
          );
        }
      });
    });
  });
}
