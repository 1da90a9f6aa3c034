/**
 * Starts the HTTP service on an ephemeral loopback port for the conventions tests. Options default to an
 * open development instance: no key, no CORS origins, the default rate limit (30 per 10 s) and the
 * ancestor's default body limit.
 */
import assert from 'node:assert/strict';
import { assertRegisteredProblem } from './server.js';
export { startServer as startTestServer, type TestServer } from './server.js';

/** A rate limit no test reaches, for suites that call the limited routes often. */
export const unlimited = { permitsPerWindow: 1_000_000, windowSeconds: 1 };

/** Request init for a JSON body. */
export function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/**
 * Asserts a problem response: the status, the problem media type and (except for HEAD, which has no body)
 * `title` and `status` in the body. Returns the body (empty for HEAD).
 */
export async function assertProblem(
  response: Response,
  status: number,
  title?: string,
  method = 'GET',
): Promise<Record<string, unknown>> {
  assert.equal(response.status, status, `status of ${response.url}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/problem\+json/);
  if (method === 'HEAD') return {};
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(body.status, status);
  assert.equal(typeof body.title, 'string');
  if (title !== undefined) assert.equal(body.title, title);
  assertRegisteredProblem(body);
  return body;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
