import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { assertRegisteredProblem } from '../../support/server.js';
import { startTestServer } from '../../support/conventions-server.js';
import { parseResponses } from '../../support/raw-http.js';

describe('a stopping server', () => {
  it('answers a request arriving on an open connection with 503 problem+json and closes it', async () => {
    const server = await startTestServer();
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => socket.once('end', resolve));
    // A request whose body has not all arrived keeps the connection busy, so stopping does not close it.
    const routed = new Promise((resolve) => server.app.server.once('request', resolve));
    socket.write(
      'PUT /vertex?waitForCompletion=true HTTP/1.1\r\nHost: skein\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\n\r\n{',
    );
    await routed;
    const closed = server.close();
    // The listener closes once the stop hooks have run.
    while (server.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    socket.write('}GET /vertex/count HTTP/1.1\r\nHost: skein\r\n\r\n');
    await ended;
    socket.destroy();
    await closed;
    const [write, count] = parseResponses(Buffer.concat(chunks), ['PUT', 'GET']);
    assert.equal(write.status, 202);
    assert.equal(count.status, 503);
    assert.equal(count.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.equal(count.headers.get('connection'), 'close');
    const body = JSON.parse(count.body) as Record<string, unknown>;
    assertRegisteredProblem(body);
    assert.equal(body.type, 'urn:skein:problem:SERVICE_STOPPING');
  });
});
