/**
 * Turns every failure into a problem body from the registry (src/server/problems): problems thrown by
 * hooks and handlers as they are, engine errors through their one mapping, schema and binding failures
 * with the `errors` member, the framework's own errors by their code or status, and anything unexpected
 * as a logged 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EngineError, ValueError } from '../../index.js';
import { problemFromEngineError } from '../problems/engine.js';
import { isProblemError, problem, sendProblem, type ProblemError } from '../problems/problem.js';
import type { ProblemCode } from '../problems/registry.js';
import { advertiseVersions } from './versioning.js';

/**
 * `Retry-After` of a write refused because the writer's queue is full (docs/limits.md): at its default
 * bound the queue drains in well under a second, so a client that waits one finds room unless the
 * overload goes on; one second is also the smallest wait the header can say.
 */
export const writerQueueFullRetryAfterSeconds = 1;

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** `errors` member: field path to messages, as ASP.NET model binding reports them. */
function validationErrors(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    let path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = issue.params?.missingProperty;
    if (typeof missing === 'string') path = path === '' ? missing : `${path}.${missing}`;
    if (path === '') path = context ?? '$';
    const message =
      typeof missing === 'string'
        ? `The ${missing} field is required.`
        : `${path} ${issue.message ?? 'is invalid'}`;
    (errors[path] ??= []).push(message);
  }
  return errors;
}

/** The framework's errors that have their own entry, by the framework's error code. */
const problemCodeOfFrameworkCode: Readonly<Record<string, ProblemCode>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BODY_LENGTH_MISMATCH',
  FST_ERR_BAD_URL: 'MALFORMED_URL_ENCODING',
  FST_ERR_MAX_PARAM_LENGTH: 'PATH_PARAMETER_TOO_LONG',
};

/** Any other client error the framework or a plugin raises, by its status; other 4xx statuses are 400. */
const problemCodeOfClientStatus: Readonly<Record<number, ProblemCode>> = {
  400: 'BAD_REQUEST',
  403: 'ACCESS_DENIED',
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  411: 'LENGTH_REQUIRED',
  412: 'PRECONDITION_FAILED',
  413: 'BODY_TOO_LARGE',
  414: 'PATH_PARAMETER_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

/** The problem of an error that is neither a problem nor an engine error: one the framework raised. */
function frameworkProblem(error: FastifyError): ProblemError {
  const byCode = error.code === undefined ? undefined : problemCodeOfFrameworkCode[error.code];
  if (byCode !== undefined) return problem(byCode, error.message);
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    return problem('INTERNAL_ERROR', 'The server failed to complete the request; the fault is logged.');
  }
  return problem(problemCodeOfClientStatus[status] ?? 'BAD_REQUEST', error.message);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (isProblemError(error)) return sendProblem(reply, error, error);
    if (error instanceof EngineError) {
      if (error.code === 'WRITER_QUEUE_FULL') {
        void reply.header('retry-after', String(writerQueueFullRetryAfterSeconds));
      }
      return sendProblem(reply, problemFromEngineError(error), error);
    }
    if (error instanceof ValueError)
      return sendProblem(reply, problem('INVALID_PROPERTY_VALUE', error.message));
    if (error.validation) {
      const errors = validationErrors(error.validation as ValidationIssue[], error.validationContext);
      return sendProblem(reply, problem('VALIDATION_FAILED', error.message, { errors }));
    }
    return sendProblem(reply, frameworkProblem(error), error);
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      problem('ROUTE_NOT_FOUND', `No route answers ${request.method} ${request.url.split('?')[0]}`),
    ),
  );
}

/**
 * Errors the router raises before any hook or handler runs: a malformed percent-encoding (400) and a
 * route segment over the parameter length limit (414). Without this Fastify answers them with its own
 * JSON body, neither problem+json nor carrying the versions header. Used as the `frameworkErrors` option.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  advertiseVersions(reply);
  void sendProblem(reply, frameworkProblem(error));
}
