/**
 * Problem details (RFC 7807): every error response of the service, and the one mapping from engine
 * failure reasons to HTTP statuses.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { EngineError, type FailureReason } from '../index.js';

export const problemContentType = 'application/problem+json';

export interface Problem {
  title: string;
  status: number;
  detail?: string;
  [extension: string]: unknown;
}

const statusByReason: Record<FailureReason, number> = {
  invalid: 400,
  notFound: 404,
  conflict: 409,
  fault: 500,
  unavailable: 503,
};

export function statusForReason(reason: FailureReason): number {
  return statusByReason[reason];
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** An error that already knows its problem body; thrown by hooks and handlers, rendered by the error handler. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

export function problemFromEngineError(error: EngineError): Problem {
  const status = statusForReason(error.reason);
  // Write outcomes use the reason phrase as title; named conditions keep their own title.
  const title =
    error.title === 'Bad Request' || error.title === 'Not Found' ? reasonPhrase(status) : error.title;
  return { title, status, detail: error.message, ...error.extensions };
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type(problemContentType).send(problem);
}
