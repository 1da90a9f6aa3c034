/**
 * Requests that fail before routing, exercised over raw TCP on loopback: the bytes a client sends and the
 * bytes it reads back, parsed as HTTP here, and how the connection ends (a FIN, never a reset).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, createServer, type Socket } from 'node:net';
import Fastify from 'fastify';
import {
  clientErrorHandler,
  failingRequestMethod,
  type ClientError,
} from '../../../src/server/conventions/client-errors.js';
import { assertRegisteredProblem } from '../../support/server.js';
import { parseResponses, type RawResponse } from '../../support/raw-http.js';
import { startTestServer, type TestServer } from '../../support/conventions-server.js';

interface Exchange {
  responses: RawResponse[];
  /** Bytes after the last complete response. */
  rest: string;
  /** How the server ended the connection. */
  ending: 'fin' | 'reset';
}

/**
 * Sends `request` on a fresh connection and reads until the server ends it; then closes the client side.
 * `methods` are the methods of the responses expected, in order.
 */
async function exchange(server: TestServer, request: string, methods: readonly string[]): Promise<Exchange> {
  const port = new URL(server.url).port;
  const socket = connect(Number(port), '127.0.0.1');
  const chunks: Buffer[] = [];
  const ending = await new Promise<Exchange['ending']>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve('fin'));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve('reset') : reject(error),
    );
    socket.write(request);
  });
  socket.destroy();
  const responses = parseResponses(Buffer.concat(chunks), methods);
  return { responses, rest: responses.rest, ending };
}

function assertProblemResponse(response: RawResponse, status: number, code: string): void {
  assert.equal(response.status, status);
  assert.equal(response.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  assert.equal(response.headers.get('connection'), 'close');
  assert.equal(response.headers.get('api-supported-versions'), '0.1');
  const body = JSON.parse(response.body) as Record<string, unknown>;
  assertRegisteredProblem(body);
  assert.equal(body.type, `urn:skein:problem:${code}`);
  assert.equal(Number(response.headers.get('content-length')), Buffer.byteLength(response.body));
}

const longPath = `/vertex/${'7'.repeat(70_000)}`;

describe('errors raised before routing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('a 70,000-character URL answers 431 problem+json and the connection ends with a FIN', async () => {
    const { responses, rest, ending } = await exchange(
      server,
      `GET ${longPath} HTTP/1.1\r\nHost: skein\r\n\r\n`,
      ['GET'],
    );
    assert.equal(responses.length, 1);
    assertProblemResponse(responses[0], 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    assert.equal(rest, '');
    assert.equal(ending, 'fin');
  });

  it('the answer to HEAD with a 70,000-character URL has the headers and no body', async () => {
    const { responses, rest, ending } = await exchange(
      server,
      `HEAD ${longPath} HTTP/1.1\r\nHost: skein\r\n\r\n`,
      ['HEAD'],
    );
    assert.equal(responses[0].status, 431);
    assert.equal(responses[0].headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.ok(Number(responses[0].headers.get('content-length')) > 0, 'the length of the body GET would get');
    assert.equal(rest, '', 'nothing follows the head');
    assert.equal(ending, 'fin');
  });

  it('a header field over the limit answers 431 problem+json', async () => {
    const { responses, ending } = await exchange(
      server,
      `GET /vertex/count HTTP/1.1\r\nHost: skein\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`,
      ['GET'],
    );
    assertProblemResponse(responses[0], 431, 'REQUEST_HEADER_FIELDS_TOO_LARGE');
    assert.equal(ending, 'fin');
  });

  it('a request line that is not HTTP answers 400 problem+json', async () => {
    for (const requestLine of ['NOT AN HTTP REQUEST', 'GET /vertex/count HTTP/9.9', 'GET /a b c HTTP/1.1']) {
      const { responses, ending } = await exchange(server, `${requestLine}\r\nHost: skein\r\n\r\n`, ['GET']);
      assertProblemResponse(responses[0], 400, 'MALFORMED_REQUEST');
      assert.equal(ending, 'fin', requestLine);
    }
  });

  it('a malformed percent-encoding answers 400 problem+json and the connection stays usable', async () => {
    const { responses } = await exchange(
      server,
      'GET /vertex/%E0%A4%A HTTP/1.1\r\nHost: skein\r\n\r\n' +
        'GET /vertex/count HTTP/1.1\r\nHost: skein\r\nConnection: close\r\n\r\n',
      ['GET', 'GET'],
    );
    assert.equal(responses.length, 2);
    assert.equal(responses[0].status, 400);
    const body = JSON.parse(responses[0].body) as Record<string, unknown>;
    assert.equal(body.type, 'urn:skein:problem:MALFORMED_URL_ENCODING');
    assert.equal(responses[1].status, 200);
    assert.equal(responses[1].body, '0');
  });

  it('pipelined requests before the bad one are answered first, in order; those after it are dropped', async () => {
    const { responses, rest, ending } = await exchange(
      server,
      'PUT /vertex?waitForCompletion=true HTTP/1.1\r\nHost: skein\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\n\r\n{}' +
        'GET /vertex/count HTTP/1.1\r\nHost: skein\r\n\r\n' +
        `HEAD ${longPath} HTTP/1.1\r\nHost: skein\r\n\r\n` +
        'GET /vertex/count HTTP/1.1\r\nHost: skein\r\n\r\n',
      ['PUT', 'GET', 'HEAD'],
    );
    assert.deepEqual(
      responses.map((response) => response.status),
      [202, 200, 431],
    );
    // Pipelined requests run concurrently (only their answers are ordered): the count is 0 or 1.
    assert.match(responses[1].body, /^[01]$/);
    assert.equal(rest, '', 'the request after the bad one is not answered');
    assert.equal(ending, 'fin');
  });

  it("another connection's requests succeed before, during and after a bad one", async () => {
    const port = Number(new URL(server.url).port);
    const other: Socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    other.on('data', (chunk: Buffer) => received.push(chunk));
    const countRequest = 'GET /vertex/count HTTP/1.1\r\nHost: skein\r\n\r\n';
    const responsesSoFar = () => parseResponses(Buffer.concat(received), ['GET', 'GET', 'GET']).length;
    const untilResponses = async (count: number) => {
      while (responsesSoFar() < count) await new Promise((resolve) => other.once('data', resolve));
    };
    other.write(countRequest);
    await untilResponses(1);
    const bad = exchange(server, `GET ${longPath} HTTP/1.1\r\nHost: skein\r\n\r\n`, ['GET']);
    other.write(countRequest);
    const { responses } = await bad;
    assert.equal(responses[0].status, 431);
    other.write(countRequest);
    await untilResponses(3);
    other.destroy();
    const statuses = parseResponses(Buffer.concat(received), ['GET', 'GET', 'GET']).map((r) => r.status);
    assert.deepEqual(statuses, [200, 200, 200]);
  });
});

describe('failingRequestMethod', () => {
  const failure = (packet: string, bytesParsed: number): ClientError =>
    Object.assign(new Error('Parse Error'), { rawPacket: Buffer.from(packet, 'latin1'), bytesParsed });

  it('reads the method of a request that starts the chunk', () => {
    assert.equal(failingRequestMethod(failure(`HEAD /${'x'.repeat(100)}`, 80)), 'HEAD');
  });

  it('reads the method of the request after those that ended earlier in the chunk', () => {
    const packet = 'GET /a HTTP/1.1\r\nHost: h\r\n\r\nHEAD /b HTTP/1.1\r\nX: ' + 'y'.repeat(50);
    assert.equal(failingRequestMethod(failure(packet, packet.length)), 'HEAD');
  });

  it('knows no method when the chunk starts inside a request or holds no packet', () => {
    assert.equal(failingRequestMethod(failure('xxxxxxxx', 8)), undefined);
    assert.equal(failingRequestMethod(failure(`${'x'.repeat(40)} HTTP/1.1`, 40)), undefined);
    assert.equal(
      failingRequestMethod(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' })),
      undefined,
    );
  });
});

describe('clientErrorHandler on a timed-out request', () => {
  it('answers 408 problem+json and ends the connection', async () => {
    const logger = Fastify({ logger: false });
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const accepted = new Promise<Socket>((resolve) => listener.once('connection', resolve));
    const address = listener.address();
    assert.ok(address !== null && typeof address === 'object');
    const client = connect(address.port, '127.0.0.1');
    const serverSide = await accepted;
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => client.once('end', resolve));
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    clientErrorHandler.call(logger, timeout, serverSide);
    await ended;
    client.destroy();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await logger.close();
    const [response] = parseResponses(Buffer.concat(chunks), ['GET']);
    assertProblemResponse(response, 408, 'REQUEST_TIMEOUT');
  });
});
