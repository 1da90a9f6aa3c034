/**
 * API versioning: 0.1 is the only and default version. A request may pin it by query `api-version`,
 * header `X-Version`, or a media-type parameter `ver`; any other version is a 400. Every response names
 * the supported versions.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem } from '../problems/problem.js';

export const apiVersion = '0.1';
export const supportedVersionsHeader = 'api-supported-versions';
const mediaTypeVersion = /;\s*ver\s*=\s*"?([^;",\s]*)"?/i;

/**
 * Any route's query, before its schema is applied: the parsed query string, whose values are strings or
 * arrays of strings (a repeated parameter).
 */
interface AnyQuery {
  Querystring: Record<string, unknown> | undefined;
}

function requestedVersions(request: FastifyRequest<AnyQuery>): string[] {
  const versions: string[] = [];
  const fromQuery = request.query?.['api-version'];
  if (typeof fromQuery === 'string') versions.push(fromQuery);
  else if (Array.isArray(fromQuery)) versions.push(...fromQuery.map(String));
  const fromHeader = request.headers['x-version'];
  if (typeof fromHeader === 'string') versions.push(fromHeader);
  for (const header of [request.headers['content-type'], request.headers.accept]) {
    const match = typeof header === 'string' ? mediaTypeVersion.exec(header) : null;
    if (match !== null) versions.push(match[1]);
  }
  return versions;
}

/** Names the supported versions on a response (every response carries it). */
export function advertiseVersions(reply: FastifyReply): void {
  reply.header(supportedVersionsHeader, apiVersion);
}

function isSupported(version: string): boolean {
  const trimmed = version.trim();
  return trimmed === apiVersion || trimmed === `${apiVersion}.0`;
}

export function registerVersioning(app: FastifyInstance): void {
  // Callback-style hooks (here and in the other per-request conventions): an async hook costs a promise
  // and a microtask on every request.
  app.addHook<AnyQuery>('onRequest', (request, reply, done) => {
    advertiseVersions(reply);
    const unsupported = requestedVersions(request).find((version) => !isSupported(version));
    if (unsupported !== undefined) {
      done(
        problem(
          'UNSUPPORTED_API_VERSION',
          `The API version '${unsupported}' is not supported; supported: ${apiVersion}.`,
        ),
      );
      return;
    }
    done();
  });
}
