/**
 * Requests that fail while the request itself is read, before there is a method, a path or a route (the
 * `clientError` event of Node's HTTP server, Fastify's `clientErrorHandler` option): request line and
 * header fields over the parser's limit, a request line or header field that is not HTTP, chunk
 * extensions over the limit, a head or body not received in time. No reply object exists, so the answer
 * is written on the socket; it is still a problem from the registry (docs/http.md, "Errors before
 * routing").
 *
 * The connection cannot be read any further (the parser stays in its error state), so it closes, and
 * closes cleanly:
 * - Responses to the requests before the bad one on the connection go out first: the answer waits until
 *   none is in flight, so it never cuts into another response.
 * - After the answer the server ends its side and goes on reading, discarding, until the client closes or
 *   `lingerAfterClientErrorSeconds` pass. Destroying the socket at once, with the rest of the request
 *   still unread, makes the kernel reset the connection, and a reset can discard the answer before the
 *   client reads it.
 * - A `HEAD` request (when the bytes read show its method) gets the headers and no body.
 */
import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { problem, problemBody, problemContentType, type ProblemError } from '../problems/problem.js';
import type { ProblemCode } from '../problems/registry.js';
import { apiVersion, supportedVersionsHeader } from './versioning.js';

/** How long a closing connection is read (and discarded) after its answer, at most. */
export const lingerAfterClientErrorSeconds = 5;

/** What Node's parser attaches to the errors it reports on `clientError`. */
export interface ClientError extends Error {
  code?: string;
  /** Bytes of `rawPacket` the parser consumed before it failed. */
  bytesParsed?: number;
  /** The chunk being parsed when the parser failed. */
  rawPacket?: unknown;
  /** The parser's description of the failure. */
  reason?: string;
}

const problemCodeOfErrorCode: Readonly<Record<string, ProblemCode>> = {
  HPE_HEADER_OVERFLOW: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 'CHUNK_EXTENSIONS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

/** Sockets already answered: the parser reports its error again for every further chunk read. */
const answered = new WeakSet<Socket>();

/** A request method: an HTTP token, upper case as every method the service routes. */
const methodToken = /^[A-Z]{1,16}$/;

function problemOf(error: ClientError): ProblemError {
  const code = (error.code !== undefined && problemCodeOfErrorCode[error.code]) || 'MALFORMED_REQUEST';
  switch (code) {
    case 'REQUEST_HEADER_FIELDS_TOO_LARGE':
      return problem(code, `The request line and header fields exceed ${maxHeaderSize} bytes.`);
    case 'CHUNK_EXTENSIONS_TOO_LARGE':
      return problem(code, 'The chunk extensions of the body exceed the limit of the parser.');
    case 'REQUEST_TIMEOUT':
      return problem(code, 'The request was not received in time.');
    default:
      return problem(
        code,
        `The request is not valid HTTP (${error.code ?? 'unknown'}: ${error.reason ?? error.message}).`,
      );
  }
}

/**
 * The method of the failing request, when the chunk being parsed shows it: the failing request starts
 * after the last head that ended before the failure in that chunk (pipelined requests before it), or at
 * the chunk's start.
 */
export function failingRequestMethod(error: ClientError): string | undefined {
  const packet = error.rawPacket;
  if (!Buffer.isBuffer(packet)) return undefined;
  const failedAt = Math.min(error.bytesParsed ?? packet.length, packet.length);
  const previousHeadEnd = failedAt < 4 ? -1 : packet.lastIndexOf('\r\n\r\n', failedAt - 4);
  const start = previousHeadEnd < 0 ? 0 : previousHeadEnd + 4;
  const space = packet.indexOf(0x20, start);
  if (space < 0) return undefined;
  const method = packet.toString('latin1', start, space);
  return methodToken.test(method) ? method : undefined;
}

/** The answer's bytes: a complete HTTP/1.1 response that closes the connection. */
export function clientErrorResponse(answer: ProblemError, method: string | undefined): string {
  const body = JSON.stringify(problemBody(answer));
  const head = [
    `HTTP/1.1 ${answer.status} ${answer.title}`,
    `Content-Type: ${problemContentType}; charset=utf-8`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${supportedVersionsHeader}: ${apiVersion}`,
    `Date: ${new Date().toUTCString()}`,
    'Connection: close',
  ].join('\r\n');
  return `${head}\r\n\r\n${method === 'HEAD' ? '' : body}`;
}

type ServedSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Runs `then` once no response is in flight on the socket. Node's HTTP server attaches the response it is
 * writing as `_httpMessage` and, when it finishes, attaches the next queued one before other `finish`
 * listeners run; so waiting for each in turn waits for all of them.
 */
function afterResponsesInFlight(socket: ServedSocket, then: () => void): void {
  const inFlight = socket._httpMessage;
  if (inFlight === undefined || inFlight === null) {
    then();
    return;
  }
  inFlight.once('finish', () => afterResponsesInFlight(socket, then));
}

function answerAndLinger(socket: Socket, response: string): void {
  if (socket.destroyed || !socket.writable) return;
  socket.end(response);
  const linger = setTimeout(() => socket.destroy(), lingerAfterClientErrorSeconds * 1000);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
}

/**
 * Fastify's `clientErrorHandler` option; Fastify calls it with the instance as `this` (for its logger).
 * The refusal is the client's doing, so it is logged at debug level only.
 */
export function clientErrorHandler(
  this: { log: FastifyBaseLogger },
  error: ClientError,
  socket: Socket,
): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const answer = problemOf(error);
  this.log.debug({ err: error, status: answer.status }, 'request refused before routing');
  const response = clientErrorResponse(answer, failingRequestMethod(error));
  afterResponsesInFlight(socket, () => answerAndLinger(socket, response));
}
