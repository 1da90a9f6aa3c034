/** HTTP/1.1 as a raw TCP client reads it: for tests that send bytes no HTTP client would send. */
import assert from 'node:assert/strict';

export interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/**
 * Splits what a connection received into complete HTTP/1.1 responses, each framed by its Content-Length,
 * with no body for the answers to the methods listed as HEAD.
 */
export function parseResponses(
  received: Buffer,
  methods: readonly string[],
): RawResponse[] & { rest: string } {
  const responses: RawResponse[] = [];
  let offset = 0;
  for (const method of methods) {
    const headEnd = received.indexOf('\r\n\r\n', offset);
    if (headEnd < 0) break;
    const [statusLine, ...fields] = received.toString('latin1', offset, headEnd).split('\r\n');
    const match = /^HTTP\/1\.1 (\d{3}) [^\r\n]+$/.exec(statusLine);
    assert.ok(match !== null, `status line: ${statusLine}`);
    const headers = new Map<string, string>();
    for (const field of fields) {
      const colon = field.indexOf(':');
      assert.ok(colon > 0, `header field: ${field}`);
      headers.set(field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim());
    }
    const length = method === 'HEAD' ? 0 : Number(headers.get('content-length') ?? 0);
    const bodyStart = headEnd + 4;
    if (received.length < bodyStart + length) break;
    responses.push({
      status: Number(match[1]),
      headers,
      body: received.toString('utf8', bodyStart, bodyStart + length),
    });
    offset = bodyStart + length;
  }
  return Object.assign(responses, { rest: received.toString('latin1', offset) });
}
