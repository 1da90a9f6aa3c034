/**
 * Problem details (RFC 7807): the one way the service makes an error body. `problem(code, detail,
 * extensions)` is the only constructor, so every status and title comes from the registry; handlers and
 * hooks throw the result and the error handler sends it (docs/http.md, "Errors").
 *
 * The body's `type` is `urn:skein:problem:<code>`: the stable code travels in the member RFC 7807 gives
 * the problem type, which the interface allows but no client need rely on, rather than in a new
 * extension member.
 */
import type { FastifyReply } from 'fastify';
import { problems, type ProblemCode } from './registry.js';

/** The media type of every problem body (also written by the pre-routing answers, client-errors.ts). */
export const problemContentType = 'application/problem+json';
const typePrefix = 'urn:skein:problem:';

/** The members a call adds; the four core members come from the registry and the detail. */
export type ProblemExtensions = Readonly<Record<string, unknown>> & {
  readonly type?: never;
  readonly title?: never;
  readonly status?: never;
  readonly detail?: never;
};

export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly [extension: string]: unknown;
}

/**
 * An error that knows its problem: thrown by hooks and handlers, rendered by the error handler. Only its
 * type is exported; `problem()` makes one.
 */
class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  readonly title: string;

  constructor(
    readonly code: ProblemCode,
    detail: string,
    readonly extensions: ProblemExtensions,
  ) {
    super(detail);
    this.status = problems[code].status;
    this.title = problems[code].title;
  }
}

export type { ProblemError };

export function problem(code: ProblemCode, detail: string, extensions: ProblemExtensions = {}): ProblemError {
  return new ProblemError(code, detail, extensions);
}

export function isProblemError(error: unknown): error is ProblemError {
  return error instanceof ProblemError;
}

/** The `type` member of a code's problems. */
export function problemType(code: ProblemCode): string {
  return `${typePrefix}${code}`;
}

/** The code a `type` member names, or undefined when it names none of the registry's. */
export function problemCodeOfType(type: unknown): ProblemCode | undefined {
  if (typeof type !== 'string' || !type.startsWith(typePrefix)) return undefined;
  const code = type.slice(typePrefix.length);
  return Object.hasOwn(problems, code) ? (code as ProblemCode) : undefined;
}

export function problemBody(error: ProblemError): ProblemBody {
  return {
    type: problemType(error.code),
    title: error.title,
    status: error.status,
    detail: error.message,
    ...error.extensions,
  };
}

/**
 * Sends a problem. Every 5xx answer is logged here, once, with the request's id (the reply's logger
 * carries it): per-request lines are off by default (docs/logging.md), so this line is how an operator
 * finds a failed request. `cause` is the error behind a 500, logged with its stack.
 */
export function sendProblem(reply: FastifyReply, error: ProblemError, cause?: unknown): FastifyReply {
  if (error.status >= 500) {
    const entry = { statusCode: error.status, title: error.title, detail: error.message };
    if (error.status === 500) reply.log.error({ ...entry, err: cause ?? error }, 'server error answered');
    else reply.log.warn(entry, 'service unavailable answered');
  }
  return reply.code(error.status).type(problemContentType).send(problemBody(error));
}
