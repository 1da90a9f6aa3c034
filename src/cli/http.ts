/**
 * The client side of HTTP: addresses a route of the chosen namespace, sends the API key in its header
 * (never in the query string), streams request and response bodies with Node's own back-pressure, and
 * turns a problem+json answer into a `CliError` that says what the server said.
 */
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CliError } from './errors.js';
import type { Connection } from './options.js';

/** How much of an error body is read to explain a failure; problem bodies are small. */
export const maxErrorBodyBytes = 64 * 1024;

export function routeUrl(
  connection: Connection,
  path: string,
  query: readonly (readonly [string, string])[] = [],
): URL {
  const root = connection.baseUrl.pathname.replace(/\/+$/, '');
  const scope = connection.namespace === undefined ? '' : `/ns/${encodeURIComponent(connection.namespace)}`;
  const url = new URL(connection.baseUrl.href);
  url.pathname = `${root}${scope}${path}`;
  url.search = '';
  for (const [name, value] of query) url.searchParams.append(name, value);
  return url;
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT';
  headers?: OutgoingHttpHeaders;
  /** A body to stream; the request ends when it ends. */
  body?: Readable;
  /** Aborts the request (and its response stream) when signalled. */
  signal?: AbortSignal;
}

/**
 * Sends a request and resolves with the response as soon as its head arrives. When the server answers
 * before the body is fully sent (a 413, a 400 on an early line) and closes the connection, the upload's
 * error is ignored in favour of the answer: the answer is what the user needs to see.
 */
export function send(connection: Connection, url: URL, options: RequestOptions): Promise<IncomingMessage> {
  const headers: OutgoingHttpHeaders = { ...options.headers };
  if (connection.apiKey !== undefined) headers[connection.apiKeyHeader] = connection.apiKey;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let answered = false;
    let bodyError: Error | undefined;
    const request = transport.request(url, { method: options.method, headers, signal: options.signal });
    request.on('response', (response) => {
      answered = true;
      resolve(response);
    });
    request.on('error', (error) => {
      if (answered) return;
      reject(
        error === bodyError
          ? new CliError(`reading the input failed: ${error.message}`)
          : connectionError(url, error),
      );
    });
    if (options.body === undefined) {
      request.end();
      return;
    }
    options.body.once('error', (error) => (bodyError = error));
    // A failed upload destroys the request, whose 'error' event above reports it (unless the server has
    // already answered: a 413 or a 400 on an early line may close the connection while we still send).
    pipeline(options.body, request).catch(() => undefined);
  });
}

function connectionError(url: URL, error: Error): CliError {
  if (error.name === 'AbortError') return new CliError('interrupted');
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code === undefined ? error.message : `${code}: ${error.message}`;
  return new CliError(
    `cannot reach ${url.origin} (${reason}); is the service running? (--base or SKEIN_BASE)`,
  );
}

export async function readBody(response: IncomingMessage, limitBytes = maxErrorBodyBytes): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (total < limitBytes) chunks.push(chunk.subarray(0, limitBytes - total));
    total += chunk.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(response: IncomingMessage): Promise<unknown> {
  const text = await readBody(response, Number.POSITIVE_INFINITY);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CliError(
      `the service answered ${response.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`,
    );
  }
}

/** A problem+json body's members, as far as the client reads them. */
export interface Problem {
  status?: number;
  title?: string;
  detail?: string;
  [extension: string]: unknown;
}

/** Reads a failed response and describes it: status, title, detail, then any extension members. */
export async function failure(response: IncomingMessage, what: string): Promise<CliError> {
  const text = await readBody(response);
  const status = response.statusCode ?? 0;
  let problem: Problem | undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) problem = parsed as Problem;
  } catch {
    problem = undefined;
  }
  if (problem === undefined) {
    const body = text.trim().length === 0 ? '' : `: ${text.trim().slice(0, 500)}`;
    return new CliError(`${what} failed: HTTP ${status}${body}`);
  }
  const lines = [`${what} failed: HTTP ${status} ${problem.title ?? ''}`.trimEnd()];
  if (typeof problem.detail === 'string' && problem.detail.length > 0) lines.push(`  ${problem.detail}`);
  for (const [name, value] of Object.entries(problem)) {
    if (['type', 'title', 'status', 'detail', 'instance', 'traceId', 'errors'].includes(name)) continue;
    lines.push(`  ${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  if (status === 401) lines.push('  (pass the API key with --key or SKEIN_API_KEY)');
  return new CliError(lines.join('\n'));
}
