/**
 * The HTTP layer's bounds at their edges (docs/limits.md): each admitted at the bound and refused just past
 * it, on a real server over loopback.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { maxBatchReadIds } from '../../src/engine/engine.js';
import { maxK } from '../../src/engine/indexes/vector/vector-index.js';
import { maxMaxDepth, maxMaxResults } from '../../src/paths/model.js';
import { maxPathTimeBudgetSeconds } from '../../src/server/routes/paths.js';
import { maxHeaderBytes, maxPathParameterChars } from '../../src/server/http-limits.js';
import { Client, assertJson, assertProblem, startServer, type TestServer } from '../support/server.js';

const maxBodyBytes = 1024;
const codeBodyLimitBytes = 2048;

/** `value` as JSON, padded with trailing spaces to exactly `bytes` bytes. */
function jsonOfLength(value: unknown, bytes: number): string {
  const text = JSON.stringify(value);
  assert.ok(Buffer.byteLength(text) <= bytes);
  return text + ' '.repeat(bytes - Buffer.byteLength(text));
}

/** Sends `head` (a request line and header lines) and answers the status line of the response. */
function rawStatusLine(url: string, head: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(`${head}\r\n`));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(received.split('\r\n')[0]));
  });
}

/**
 * A GET of `/healthz` whose request target, header names and header values (what Node's parser counts
 * against `maxHeaderSize`) add up to exactly `counted` bytes.
 */
function requestHeadCounting(counted: number): string {
  const target = '/healthz';
  const fixed = target.length + 'Host'.length + 'a'.length + 'Connection'.length + 'close'.length;
  const pad = 'x'.repeat(counted - fixed - 'X-Pad'.length);
  return `GET ${target} HTTP/1.1\r\nHost: a\r\nConnection: close\r\nX-Pad: ${pad}\r\n`;
}

describe('HTTP limits at their edges', () => {
  let server: TestServer;
  let client: Client;

  before(async () => {
    server = await startServer({ maxBodyBytes, codeBodyLimitBytes });
    client = new Client(server.url);
  });
  after(() => server.close());

  it(`Svc:Http:MaxBodyBytes: a body of exactly ${maxBodyBytes} bytes is read, one byte more answers 413`, async () => {
    const admitted = await client.request('PUT', '/vertices?waitForCompletion=true', {
      body: jsonOfLength([{ label: 'edge' }], maxBodyBytes),
    });
    assert.equal(admitted.status, 200, admitted.text);
    const refused = await client.request('PUT', '/vertices?waitForCompletion=true', {
      body: jsonOfLength([{ label: 'edge' }], maxBodyBytes + 1),
    });
    assertProblem(refused, 413);
  });

  it(`Svc:Http:CodeBodyLimitBytes: a code endpoint reads ${codeBodyLimitBytes} bytes, one byte more answers 413`, async () => {
    const request = { delegateKind: 'VertexFilter', fragment: 'return v => true;' };
    const admitted = await client.request('POST', '/delegates/validate', {
      body: jsonOfLength(request, codeBodyLimitBytes),
    });
    assert.equal(assertJson<{ valid: boolean }>(admitted).valid, true);
    const refused = await client.request('POST', '/delegates/validate', {
      body: jsonOfLength(request, codeBodyLimitBytes + 1),
    });
    assertProblem(refused, 413);
  });

  it(`a path parameter of ${maxPathParameterChars} characters is routed, one more answers 414`, async () => {
    const routed = await client.get(`/ns/${'n'.repeat(maxPathParameterChars)}/vertex/count`);
    assert.notEqual(routed.status, 414, routed.text);
    assertProblem(routed, 404);
    assertProblem(await client.get(`/ns/${'n'.repeat(maxPathParameterChars + 1)}/vertex/count`), 414);
  });

  it(`request target and headers of ${maxHeaderBytes - 1} bytes are read, ${maxHeaderBytes} answer 431`, async () => {
    assert.equal(await rawStatusLine(server.url, requestHeadCounting(maxHeaderBytes - 1)), 'HTTP/1.1 200 OK');
    assert.match(await rawStatusLine(server.url, requestHeadCounting(maxHeaderBytes)), /^HTTP\/1\.1 431 /);
  });

  it(`a kNN scan takes k = ${maxK} and refuses ${maxK + 1}`, async () => {
    const [a] = await client.vertices({});
    const option = (value: string, type: string) => ({ propertyValue: value, fullQualifiedTypeName: type });
    assert.equal(
      assertJson(
        await client.post('/index', {
          uniqueId: 'knn-edge',
          pluginType: 'VectorIndex',
          pluginOptions: {
            dimension: option('2', 'System.Int32'),
            metric: option('DotProduct', 'System.String'),
          },
        }),
      ),
      true,
    );
    assert.equal(
      assertJson(await client.put('/index/vector/knn-edge', { graphElementId: a, vector: [1, 0] })),
      true,
    );
    const scan = (k: number) => client.post('/scan/index/vector', { indexId: 'knn-edge', query: [1, 0], k });
    assert.equal(assertJson<{ results: unknown[] }>(await scan(maxK)).results.length, 1);
    assertProblem(await scan(maxK + 1), 400);
  });

  it(`a path search takes maxDepth and maxResults of ${maxMaxDepth} and a ${maxPathTimeBudgetSeconds} s budget, and refuses one more of each`, async () => {
    const [from, to] = await client.vertices({}, {});
    await client.edges({ sourceVertex: from, targetVertex: to, edgePropertyId: 'next' });
    const search = (body: object) => client.post(`/path/${from}/to/${to}`, body);
    const bounds = {
      maxDepth: maxMaxDepth,
      maxResults: maxMaxResults,
      timeBudgetSeconds: maxPathTimeBudgetSeconds,
    };
    assert.equal(assertJson<unknown[]>(await search(bounds)).length, 1);
    for (const over of [
      { maxDepth: maxMaxDepth + 1 },
      { maxResults: maxMaxResults + 1 },
      { timeBudgetSeconds: maxPathTimeBudgetSeconds + 0.001 },
    ]) {
      assertProblem(await search({ ...bounds, ...over }), 400);
    }
  });
});

describe('batch read limit over HTTP, with the default body limit', () => {
  let server: TestServer;
  let client: Client;

  before(async () => {
    server = await startServer();
    client = new Client(server.url);
  });
  after(() => server.close());

  it(`POST /graphelements/get reads ${maxBatchReadIds} ids and refuses one more with 400`, async () => {
    const ids = new Array<number>(maxBatchReadIds).fill(3);
    const read = assertJson<{ notFound: number[] }>(await client.post('/graphelements/get', ids));
    assert.equal(read.notFound.length, maxBatchReadIds);
    assertProblem(await client.post('/graphelements/get', [...ids, 3]), 400);
  });
});
