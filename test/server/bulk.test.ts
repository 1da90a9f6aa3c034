/**
 * Bulk routes over real HTTP on loopback (docs/bulk.md): every status of the bulk
 * table for both routes, bare and under /ns/{ns}; streamed chunked bodies; round trips of every sample
 * through export and import; an import that survives a restart through the write-ahead log.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startService } from '../../src/server/start.js';
import {
  assertProblem,
  describePrefix,
  prefixes,
  startServer,
  testNamespace,
  useServer,
  type HttpReply,
  type TestServer,
} from '../support/server.js';
import { samplesDirectory } from '../support/samples.js';
import { durableServiceConfig } from '../support/durable-service.js';

const samples = ['karate-club', 'cyber-warfare', 'movie-night'].map((name) => ({
  name,
  text: readFileSync(`${samplesDirectory}/${name}.jsonl`, 'utf8'),
}));

const ndjson = { 'content-type': 'application/x-ndjson' };

function lines(...items: object[]): string {
  return items.map((item) => JSON.stringify(item)).join('\n') + '\n';
}
const vertex = (id: number, extra: object = {}) => ({ type: 'vertex', id, creationDate: 0, ...extra });
const edge = (id: number, source: number, target: number) => ({
  type: 'edge',
  id,
  edgePropertyId: 'knows',
  source,
  target,
  creationDate: 0,
});

const isJson = (type: string) => type === 'application/json' || type === 'application/problem+json';

async function send(
  base: string,
  method: string,
  route: string,
  body?: string,
  headers = ndjson,
): Promise<HttpReply> {
  const response = await fetch(base + route, { method, headers: body === undefined ? {} : headers, body });
  const text = await response.text();
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
  const json = isJson(contentType) && text !== '' ? (JSON.parse(text) as unknown) : undefined;
  return { status: response.status, contentType, text, body: json };
}

/**
 * POST with a chunked body written piece by piece by `write` (no Content-Length), read back as a reply.
 * Resolves as soon as the answer is complete, even when the server answered before the body ended.
 */
function streamed(
  url: string,
  write: (request: http.ClientRequest) => Promise<void>,
  headers: Record<string, string> = ndjson,
): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        const contentType = (response.headers['content-type'] ?? '').split(';')[0].trim();
        resolve({
          status: response.statusCode ?? 0,
          contentType,
          text,
          body: isJson(contentType) ? (JSON.parse(text) as unknown) : undefined,
        });
      });
    });
    // The server may answer and close before the whole body is written: that is not the test's failure.
    request.on('error', (error) => {
      if (!request.writableEnded) reject(error);
    });
    write(request).then(
      () => request.end(),
      () => request.destroy(),
    );
  });
}

/** Writes that wait for the socket to drain, so a large body really streams. */
function writeAll(request: http.ClientRequest, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (request.destroyed) return reject(new Error('closed'));
    if (request.write(text)) resolve();
    else {
      request.once('drain', resolve);
      request.once('close', () => reject(new Error('closed')));
    }
  });
}

const withoutTimestamp = (text: string) => text.replace(/"exportedAtUtc":"[^"]*"/, '"exportedAtUtc":""');

for (const prefix of prefixes) {
  describe(`bulk routes: ${describePrefix(prefix)}`, () => {
    const fixture = useServer(prefix, {
      bulk: { importBatchSize: 4, maxLineBytes: 65_536, maxImportRequestBytes: 0 },
    });
    const base = () => fixture.server.url + prefix;

    it('GET /bulk/export answers 200 application/x-ndjson: meta with counts, vertices, then edges', async () => {
      await fixture.client.vertices({ label: 'person' }, {});
      await fixture.client.edges({ sourceVertex: 0, targetVertex: 1, edgePropertyId: 'knows' });
      const reply = await send(base(), 'GET', '/bulk/export');
      assert.equal(reply.status, 200);
      assert.equal(reply.contentType, 'application/x-ndjson');
      const [meta, ...rest] = reply.text.split('\n');
      assert.match(
        meta,
        /^\{"type":"meta","format":"svc-jsonl","version":2,"exportedAtUtc":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z","vertexCount":2,"edgeCount":1\}$/,
      );
      assert.deepEqual(rest, [
        '{"type":"vertex","id":0,"label":"person","creationDate":0}',
        '{"type":"vertex","id":1,"creationDate":0}',
        '{"type":"edge","id":2,"edgePropertyId":"knows","source":0,"target":1,"creationDate":0}',
        '',
      ]);
    });

    it('GET /bulk/export filters by vertexLabel, edgeLabel and edgePropertyId, omitting dangling edges', async () => {
      await fixture.client.vertices({ label: 'a' }, { label: 'a' }, { label: 'b' });
      await fixture.client.edges(
        { sourceVertex: 0, targetVertex: 1, edgePropertyId: 'x', label: 'l' },
        { sourceVertex: 0, targetVertex: 2, edgePropertyId: 'x', label: 'l' },
        { sourceVertex: 1, targetVertex: 0, edgePropertyId: 'y', label: 'l' },
        { sourceVertex: 1, targetVertex: 0, edgePropertyId: 'x' },
      );
      const ids = async (query: string) => {
        const reply = await send(base(), 'GET', `/bulk/export?${query}`);
        assert.equal(reply.status, 200, reply.text);
        return reply.text
          .trim()
          .split('\n')
          .slice(1)
          .map((line) => (JSON.parse(line) as { id: number }).id);
      };
      assert.deepEqual(await ids('vertexLabel=a'), [0, 1, 3, 5, 6]);
      assert.deepEqual(await ids('vertexLabel=a&edgePropertyId=x'), [0, 1, 3, 6]);
      assert.deepEqual(await ids('vertexLabel=a&edgePropertyId=x&edgeLabel=l'), [0, 1, 3]);
      assert.deepEqual(await ids('edgeLabel=l&edgePropertyId=y'), [0, 1, 2, 5]);
      assert.deepEqual(await ids('vertexLabel=nobody'), []);
    });

    it('GET /bulk/export answers 422 naming the element and key of an unexportable value, before any byte', async () => {
      await fixture.client.vertices({}, {});
      await fixture.engine.setProperty(1, 'bad', { type: 'String', value: 'x\ud800y' });
      const reply = await send(base(), 'GET', '/bulk/export');
      const problem = assertProblem(reply, 422);
      assert.equal(problem.title, 'Graph not exportable');
      assert.equal(problem.elementId, 1);
      assert.equal(problem.propertyKey, 'bad');
      assert.match(String(problem.detail), /unpaired surrogate/);
    });

    it('GET /bulk/export carries the headers of every answer and streams a large graph whole', async () => {
      await fixture.engine.createVertices(
        Array.from({ length: 30_000 }, (_, i) => ({
          properties: [{ key: 'n', value: { type: 'String' as const, value: `v${i}` } }],
        })),
      );
      const response = await fetch(`${base()}/bulk/export`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('api-supported-versions'), '0.1');
      assert.equal(response.headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
      const lines = (await response.text()).split('\n');
      assert.equal(lines.length, 30_002);
      assert.equal(
        lines[30_000],
        '{"type":"vertex","id":29999,"creationDate":0,"properties":{"n":{"type":"System.String","value":"v29999"}}}',
      );
    });

    it('GET /bulk/export: a client that goes away mid-stream ends the export and releases its cut', async () => {
      const engine = fixture.engine;
      await engine.createVertices(Array.from({ length: 200_000 }, () => ({ label: 'v' })));
      const pins = () => (engine.graph.embeddings as unknown as { pins: Set<unknown> }).pins.size;
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${base()}/bulk/export`, (response) => {
          response.once('data', () => {
            assert.equal(pins(), 1, 'the cut is held while the export streams');
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
      for (let turn = 0; turn < 500 && pins() > 0; turn++)
        await new Promise((resolve) => setTimeout(resolve, 2));
      assert.equal(pins(), 0);
      assert.equal((await send(base(), 'GET', '/vertex/count')).text, '200000');
    });

    it('POST /bulk/import answers 200 with verticesCreated, edgesCreated and linesRead', async () => {
      const body =
        lines({ type: 'meta', format: 'svc-jsonl', version: 2 }, vertex(5), vertex(6), edge(7, 5, 6)) + '\n';
      const reply = await send(base(), 'POST', '/bulk/import', body);
      assert.equal(reply.status, 200, reply.text);
      assert.deepEqual(reply.body, { verticesCreated: 2, edgesCreated: 1, linesRead: 5 });
      assert.deepEqual(
        [fixture.engine.vertexCount, fixture.engine.edgeCount, fixture.engine.edgeSource(2)],
        [2, 1, 0],
      );
    });

    it('POST /bulk/import answers 400 Invalid import line with lineNumber and the counts committed', async () => {
      const body = lines(vertex(0), vertex(1), vertex(2), vertex(3), vertex(4), vertex(3));
      const reply = await send(base(), 'POST', '/bulk/import', body);
      const problem = assertProblem(reply, 400);
      assert.equal(problem.title, 'Invalid import line');
      assert.equal(problem.detail, 'Line 6: duplicate id 3.');
      assert.equal(problem.lineNumber, 6);
      assert.equal(problem.verticesCommitted, 4);
      assert.equal(problem.edgesCommitted, 0);
      assert.equal(fixture.engine.vertexCount, 4);
    });

    it('POST /bulk/import answers 400 Import line too long over MaxLineBytes', async () => {
      const long = vertex(1, { properties: { text: { type: 'System.String', value: 'x'.repeat(70_000) } } });
      const reply = await send(base(), 'POST', '/bulk/import', lines(vertex(0), long));
      const problem = assertProblem(reply, 400);
      assert.equal(problem.title, 'Import line too long');
      assert.equal(problem.lineNumber, 2);
      assert.equal(problem.verticesCommitted, 0);
    });

    it('POST /bulk/import answers 409 into a graph that is not empty', async () => {
      await fixture.client.vertices({});
      const problem = assertProblem(await send(base(), 'POST', '/bulk/import', lines(vertex(0))), 409);
      assert.equal(problem.title, 'Import requires an empty graph');
      assert.equal(problem.verticesCommitted, 0);
      assert.equal(fixture.engine.vertexCount, 1);
    });

    it('POST /bulk/import answers 415 for any media type but application/x-ndjson', async () => {
      for (const type of ['application/json', 'text/plain']) {
        const reply = await send(base(), 'POST', '/bulk/import', lines(vertex(0)), { 'content-type': type });
        assertProblem(reply, 415);
      }
      const bare = await fetch(`${base()}/bulk/import`, { method: 'POST', body: new Uint8Array([0x7b]) });
      assert.equal(bare.status, 415);
      assert.equal(fixture.engine.vertexCount, 0);
    });

    it('POST /bulk/import reads a large chunked body as a stream, line by line', async () => {
      const vertices = 20_000;
      const reply = await streamed(`${base()}/bulk/import`, async (request) => {
        for (let from = 0; from < vertices; from += 500) {
          let text = '';
          for (let i = from; i < from + 500; i++) text += JSON.stringify(vertex(i)) + '\n';
          // cut lines across chunk boundaries too
          await writeAll(request, text.slice(0, 100));
          await writeAll(request, text.slice(100));
        }
        let text = '';
        for (let i = 0; i < vertices; i++)
          text += JSON.stringify(edge(vertices + i, i, (i * 31) % vertices)) + '\n';
        await writeAll(request, text);
      });
      assert.equal(reply.status, 200, reply.text);
      assert.deepEqual(reply.body, {
        verticesCreated: vertices,
        edgesCreated: vertices,
        linesRead: 2 * vertices,
      });
      assert.equal(fixture.engine.edgeTarget(vertices + 7), (7 * 31) % vertices);
    });

    it('POST /bulk/import answers 500 Import batch rolled back when a batch faults, with the counts', async () => {
      let commits = 0;
      const hook = () => (++commits === 2 ? Promise.reject(new Error('log device failed')) : undefined);
      fixture.engine.addCommitHook(hook);
      try {
        const body = lines(...Array.from({ length: 10 }, (_, i) => vertex(i)));
        const problem = assertProblem(await send(base(), 'POST', '/bulk/import', body), 500);
        assert.equal(problem.title, 'Import batch rolled back');
        assert.equal(problem.lineNumber, 8);
        assert.equal(problem.verticesCommitted, 4);
        assert.equal(problem.edgesCommitted, 0);
      } finally {
        fixture.engine.removeCommitHook(hook);
      }
    });

    it('POST /bulk/import answers 409 Import batch rolled back when the graph is cleared mid-import', async () => {
      const reply = await streamed(`${base()}/bulk/import`, async (request) => {
        await writeAll(request, lines(vertex(0), vertex(1), vertex(2), vertex(3), vertex(4)));
        while (fixture.engine.vertexCount < 4) await new Promise((resolve) => setTimeout(resolve, 5));
        assert.equal((await fetch(`${base()}/tabularasa`, { method: 'HEAD' })).status, 200);
        await writeAll(request, lines(edge(5, 0, 4), vertex(6), vertex(7)));
      });
      const problem = assertProblem(reply, 409);
      assert.equal(problem.title, 'Import batch rolled back');
      assert.equal(problem.verticesCommitted, 4);
      assert.equal(fixture.engine.edgeCount, 0);
    });

    it('POST /bulk/import answers 400 Import batch rolled back when an endpoint committed earlier was removed meanwhile', async () => {
      const reply = await streamed(`${base()}/bulk/import`, async (request) => {
        await writeAll(request, lines(vertex(0), vertex(1), vertex(2), vertex(3)));
        while (fixture.engine.vertexCount < 4) await new Promise((resolve) => setTimeout(resolve, 5));
        assert.equal((await fetch(`${base()}/graphelement/1`, { method: 'DELETE' })).status, 202);
        await writeAll(request, lines(edge(4, 0, 1), vertex(5), vertex(6), vertex(7)));
      });
      const problem = assertProblem(reply, 400);
      assert.equal(problem.title, 'Import batch rolled back');
      assert.equal(problem.lineNumber, 8);
      assert.equal(problem.verticesCommitted, 4);
      assert.match(String(problem.detail), /vertex 1 does not exist/);
      assert.equal(fixture.engine.edgeCount, 0);
    });

    it('round-trips every sample: export, import, export gives the same file apart from exportedAtUtc', async () => {
      for (const { name, text } of samples) {
        await fixture.engine.clear();
        assert.equal((await send(base(), 'POST', '/bulk/import', text)).status, 200, name);
        const first = await send(base(), 'GET', '/bulk/export');
        await fixture.engine.clear();
        assert.equal((await send(base(), 'POST', '/bulk/import', first.text)).status, 200, name);
        const second = await send(base(), 'GET', '/bulk/export');
        assert.equal(withoutTimestamp(second.text), withoutTimestamp(first.text), name);
      }
    });
  });
}

describe('bulk routes: limits and credentials', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({
      apiKey: 'secret',
      bulk: { importBatchSize: 2, maxLineBytes: 1024, maxImportRequestBytes: 200 },
    });
    server.namespaces.create(testNamespace);
  });
  after(() => server.close());
  const key = { 'x-api-key': 'secret' };

  it('both routes answer 401 without the credential', async () => {
    assertProblem(await send(server.url, 'GET', '/bulk/export'), 401);
    assertProblem(await send(server.url, 'POST', '/bulk/import', lines(vertex(0))), 401);
    assertProblem(await send(server.url, `GET`, `/ns/${testNamespace}/bulk/export`), 401);
    assert.equal(server.namespaces.default.engine.vertexCount, 0);
  });

  it('POST /bulk/import answers 413 Import body too large when Content-Length is over MaxImportRequestBytes', async () => {
    const body = lines(...Array.from({ length: 10 }, (_, i) => vertex(i)));
    const reply = await send(server.url, 'POST', '/bulk/import', body, { ...ndjson, ...key });
    const problem = assertProblem(reply, 413);
    assert.equal(problem.title, 'Import body too large');
    assert.equal(problem.verticesCommitted, 0);
    assert.equal(server.namespaces.default.engine.vertexCount, 0);
  });

  it('POST /bulk/import answers 413 once a chunked body passes MaxImportRequestBytes, batches before it kept', async () => {
    const reply = await streamed(
      `${server.url}/ns/${testNamespace}/bulk/import`,
      async (request) => {
        for (let i = 0; i < 40; i++) {
          await writeAll(request, lines(vertex(i)));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      },
      { ...ndjson, ...key },
    );
    const problem = assertProblem(reply, 413);
    assert.equal(problem.title, 'Import body too large');
    const committed = problem.verticesCommitted as number;
    assert.equal(committed % 2, 0);
    assert.ok(committed >= 2 && committed <= 6, `${committed} committed`);
    assert.equal(server.namespaces.get(testNamespace)!.engine.vertexCount, committed);
  });

  it('with the credential both routes work', async () => {
    const imported = await send(server.url, 'POST', '/bulk/import', lines(vertex(0)), { ...ndjson, ...key });
    assert.equal(imported.status, 200, imported.text);
    const response = await fetch(`${server.url}/bulk/export`, { headers: key });
    assert.equal(response.status, 200);
    assert.equal((await response.text()).split('\n').length, 3);
  });
});

describe('bulk import: durability', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'skein-bulk-'));
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('an imported graph comes back identical after a restart (the log replays the resolved batches)', async () => {
    const config = durableServiceConfig(directory, ['--Svc:BulkIO:ImportBatchSize=50']);
    const first = await startService(config);
    const text = samples.find((s) => s.name === 'movie-night')!.text;
    assert.equal((await send(first.address, 'POST', '/bulk/import', text)).status, 200);
    const before = await send(first.address, 'GET', '/bulk/export');
    await first.stop();
    const second = await startService(config);
    try {
      const after = await send(second.address, 'GET', '/bulk/export');
      assert.equal(withoutTimestamp(after.text), withoutTimestamp(before.text));
    } finally {
      await second.stop();
    }
  });
});
