/**
 * Turns every failure into a problem body: engine errors by reason, schema and binding failures with the
 * `errors` member, the framework's own 400/404/413/415, and anything unexpected as a logged 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EngineError, ValueError } from '../../index.js';
import { ProblemError, problemFromEngineError, reasonPhrase, sendProblem } from '../problem.js';
import { advertiseVersions } from './versioning.js';

export const validationTitle = 'One or more validation errors occurred.';

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProblemError) {
      return sendProblem(reply, {
        title: error.title,
        status: error.status,
        detail: error.message,
        ...error.extensions,
      });
    }
    if (error instanceof EngineError) {
      if (error.reason === 'fault') request.log.error({ err: error }, 'engine fault');
      return sendProblem(reply, problemFromEngineError(error));
    }
    if (error instanceof ValueError) {
      return sendProblem(reply, { title: reasonPhrase(400), status: 400, detail: error.message });
    }
    if (error.validation) {
      const errors = validationErrors(error.validation as ValidationIssue[], error.validationContext);
      return sendProblem(reply, { title: validationTitle, status: 400, detail: error.message, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendProblem(reply, {
        title: reasonPhrase(500),
        status: 500,
        detail: 'The server failed to complete the request; the fault is logged.',
      });
    }
    return sendProblem(reply, { title: reasonPhrase(status), status, detail: error.message });
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, {
      title: reasonPhrase(404),
      status: 404,
      detail: `No route answers ${request.method} ${request.url.split('?')[0]}`,
    }),
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
  const status = error.statusCode ?? 400;
  advertiseVersions(reply);
  void sendProblem(reply, { title: reasonPhrase(status), status, detail: error.message });
}
