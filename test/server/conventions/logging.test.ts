/**
 * Logging as shipped (docs/logging.md): no per-request lines unless `Svc:Logging:Requests` asks for them;
 * every 5xx answer is logged once, with the id of the request it answered.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { Namespaces } from '../../../src/index.js';
import { Durability, durabilityPaths } from '../../../src/engine/durability/durability.js';
import { FaultyFileSystem, ioError, temporaryDirectory } from '../../engine/durability/support.js';
import { Client, startServer, type TestServer } from '../../support/server.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  statusCode?: number;
  err?: { message: string };
}

/** A pino destination that keeps every line written to it, parsed. */
function capturedLog(): { stream: Writable; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text !== '') lines.push(JSON.parse(text) as LogLine);
      }
      done();
    },
  });
  return { stream, lines };
}

async function withServer(
  logRequests: boolean | undefined,
  run: (client: Client, lines: LogLine[], server: TestServer) => Promise<void>,
): Promise<void> {
  const log = capturedLog();
  const server = await startServer({
    logger: { level: 'info', stream: log.stream },
    ...(logRequests === undefined ? {} : { logRequests }),
  });
  try {
    await run(new Client(server.url), log.lines, server);
  } finally {
    await server.close();
  }
}

describe('logging as shipped', () => {
  it('writes no line per request when request logging is not asked for', async () => {
    await withServer(undefined, async (client, lines) => {
      const before = lines.length;
      for (let i = 0; i < 5; i++) assert.equal((await client.get('/vertex/count')).status, 200);
      assert.equal((await client.get('/no-such-route')).status, 404);
      assert.deepEqual(lines.slice(before), []);
    });
  });

  it('writes the received and completed lines of each request when Svc:Logging:Requests is true', async () => {
    await withServer(true, async (client, lines) => {
      const before = lines.length;
      assert.equal((await client.get('/vertex/count')).status, 200);
      const messages = lines.slice(before).map((line) => line.msg);
      assert.deepEqual(messages, ['incoming request', 'request completed']);
    });
  });

  it('logs a 500 answer once, at error level, with its request id and cause', async () => {
    const fileSystem = new FaultyFileSystem();
    const namespaces = new Namespaces();
    const durability = await Durability.start(namespaces, {
      ...durabilityPaths({ storageDirectory: temporaryDirectory(), walPath: null, metadataDirectory: null }),
      volatile: false,
      fileSystem,
      onWarning: () => undefined,
    });
    const log = capturedLog();
    const server = await startServer({
      namespaces,
      durability,
      logger: { level: 'info', stream: log.stream },
    });
    try {
      fileSystem.failWrite = ioError('write');
      const before = log.lines.length;
      const reply = await new Client(server.url).put('/vertex?waitForCompletion=true', { label: 'lost' });
      assert.equal(reply.status, 500);
      const errors = log.lines.slice(before).filter((line) => line.level >= 50);
      assert.equal(errors.length, 1, JSON.stringify(log.lines.slice(before)));
      assert.equal(errors[0].statusCode, 500);
      assert.match(errors[0].reqId ?? '', /\S/, 'the line names the request');
      assert.match(errors[0].err?.message ?? '', /EIO/);
    } finally {
      await server.close();
      await durability.close();
    }
  });

  it('logs a 503 answer at warn level with its request id', async () => {
    const log = capturedLog();
    const server = await startServer({ isReady: () => false, logger: { level: 'info', stream: log.stream } });
    try {
      const before = log.lines.length;
      assert.equal((await new Client(server.url).get('/vertex/count')).status, 503);
      const warnings = log.lines.slice(before).filter((line) => line.level === 40);
      assert.equal(warnings.length, 1, JSON.stringify(log.lines.slice(before)));
      assert.equal(warnings[0].statusCode, 503);
      assert.match(warnings[0].reqId ?? '', /\S/);
    } finally {
      await server.close();
    }
  });
});
