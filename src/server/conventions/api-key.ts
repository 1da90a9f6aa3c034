/**
 * API-key authentication. With a key configured every route requires it except those marked anonymous;
 * without one, nothing is required. The key is read from the configured header (or, as the ancestor also
 * allows, `Authorization: Bearer <key>`), never from the query string, compared in constant time, and
 * never logged (the logger redacts both headers).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { problem } from '../problems/problem.js';
import './route-config.js';

export interface ApiKeyOptions {
  apiKey: string | null;
  headerName: string;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compares digests so neither content nor length of the key leaks through timing. */
export function keyMatches(presented: string, expectedDigest: Buffer): boolean {
  return timingSafeEqual(digest(presented), expectedDigest);
}

export function registerApiKey(app: FastifyInstance, options: ApiKeyOptions): void {
  app.decorateRequest('authenticated', false);
  const { apiKey } = options;
  if (apiKey === null || apiKey === '') return;
  const expected = digest(apiKey);
  const headerName = options.headerName.toLowerCase();
  app.addHook('onRequest', async (request) => {
    const fromHeader = request.headers[headerName];
    let presented = typeof fromHeader === 'string' ? fromHeader : undefined;
    if (presented === undefined) {
      const authorization = request.headers.authorization;
      if (typeof authorization === 'string' && /^Bearer /i.test(authorization))
        presented = authorization.slice(7);
    }
    request.authenticated = presented !== undefined && keyMatches(presented, expected);
    if (!request.authenticated && request.routeOptions.config.anonymous !== true) {
      throw problem('API_KEY_REQUIRED', `A valid API key is required in the ${options.headerName} header.`);
    }
  });
}
