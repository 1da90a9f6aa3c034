/**
 * Requests that fail before any handler logic on the element, graph and scan routes (docs/http.md, Errors
 * and Bodies; docs/elements.md, JSON): binding failures, media types, unknown namespaces, oversized bodies. Every one is a problem.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertProblem, describePrefix, prefixes, useServer } from '../support/server.js';

/** One request per route area, each with a body that would otherwise succeed. */
const jsonRoutes: [method: string, path: string, body: string][] = [
  ['PUT', '/vertex', '{}'],
  ['PUT', '/vertices', '[]'],
  ['PUT', '/edge', '{"sourceVertex":0,"targetVertex":0,"edgePropertyId":"x"}'],
  ['PUT', '/edges', '[]'],
  ['PUT', '/graphelement/0/k', '{"propertyValue":"1"}'],
  ['POST', '/graphelements/get', '[0]'],
  ['PUT', '/graphelements/properties', '[]'],
  ['DELETE', '/graphelements', '[0]'],
  ['POST', '/scan/graph/property/k', '{"literal":{"value":"x"}}'],
  ['POST', '/scan/graph/properties', '{"searchTerm":"x"}'],
];

for (const prefix of prefixes) {
  describe(`request errors: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix);

    it('malformed JSON is 400 problem+json on every JSON route', async () => {
      for (const [method, path] of jsonRoutes) {
        const reply = await fixture.client.request(method, path, { body: '{"label": ' });
        assertProblem(reply, 400);
      }
    });

    it('a number where a string is expected is 400 with the errors member', async () => {
      const { client } = fixture;
      const label = assertProblem(await client.put('/vertex', { label: 5 }), 400);
      assert.ok('label' in (label.errors as object), JSON.stringify(label.errors));
      const value = assertProblem(
        await client.put('/vertex', {
          properties: [{ propertyId: 'n', propertyValue: 5, fullQualifiedTypeName: 'Int32' }],
        }),
        400,
      );
      assert.equal(typeof value.errors, 'object');
      assertProblem(await client.put('/edge', { sourceVertex: 0, targetVertex: 0, edgePropertyId: 7 }), 400);
      assertProblem(await client.put('/graphelement/0/k', { propertyValue: 1 }), 400);
      assertProblem(await client.post('/scan/graph/properties', { searchTerm: 42 }), 400);
      assertProblem(await client.post('/scan/graph/property/k', { literal: { value: 1 } }), 400);
    });

    it('an id given as a JSON string is 400, not coerced', async () => {
      assertProblem(
        await fixture.client.put('/edge', { sourceVertex: '0', targetVertex: 0, edgePropertyId: 'x' }),
        400,
      );
      assertProblem(await fixture.client.post('/graphelements/get', ['0']), 400);
    });

    it('a body of another media type than JSON is 415 problem', async () => {
      for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
        for (const [method, path, body] of jsonRoutes) {
          const reply = await fixture.client.request(method, path, {
            body,
            headers: { 'content-type': contentType },
          });
          assertProblem(reply, 415);
        }
      }
    });

    it('JSON with a charset parameter is accepted', async () => {
      const reply = await fixture.client.request('PUT', '/vertex', {
        body: '{}',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      assert.equal(reply.status, 202);
    });

    it('a non-boolean waitForCompletion is 400', async () => {
      assertProblem(await fixture.client.put('/vertex?waitForCompletion=maybe', {}), 400);
    });
  });
}

describe('request errors: unknown namespace', () => {
  const fixture = useServer('/ns/atlantis');

  it('every element, graph and scan route answers 404 problem with the namespace member', async () => {
    const routes: [string, string, string?][] = [
      ...jsonRoutes,
      ['GET', '/vertex/0'],
      ['GET', '/vertex/count'],
      ['GET', '/vertex/0/edges/out'],
      ['GET', '/vertex/0/edges/in/x'],
      ['GET', '/vertex/0/edges/outdegree'],
      ['GET', '/vertex/0/edges/in/x/degree'],
      ['GET', '/edge/0'],
      ['GET', '/edge/count'],
      ['GET', '/edge/0/source'],
      ['GET', '/graphelement/0'],
      ['DELETE', '/graphelement/0/k'],
      ['DELETE', '/graphelement/0'],
      ['GET', '/graph'],
    ];
    for (const [method, path, body] of routes) {
      const reply = await fixture.client.request(method, path, body === undefined ? {} : { body });
      const problem = assertProblem(reply, 404);
      assert.equal(problem.namespace, 'atlantis', `${method} ${path}`);
    }
  });

  it('the unknown namespace wins over a body that would not bind', async () => {
    const problem = assertProblem(await fixture.client.put('/vertex', null), 404);
    assert.equal(problem.namespace, 'atlantis');
  });
});

describe('request errors: body size', () => {
  const fixture = useServer('', { maxBodyBytes: 1024 });

  it('a body over the configured limit is 413 problem', async () => {
    const big = [{ label: 'x'.repeat(2048) }];
    assertProblem(await fixture.client.put('/vertices', big), 413);
  });
});
